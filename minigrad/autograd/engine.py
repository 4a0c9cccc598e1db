"""The backward engine: graph nodes, saved tensors, and the loop that runs backward.

Like PyTorch's engine it first counts, for every node, how many edges point at it (its
dependencies); a node runs once all of them have delivered their gradient. Ready nodes wait in a
heap ordered by creation (newest first), so the order is deterministic. There is no recursion:
graphs may be 100,000 nodes deep. `backward_steps` is a generator yielding one `Step` per node run;
`backward()`, `autograd.grad` and the visual stepper all consume the same generator.
While a node runs, `_graph_task` tells hooks about its pass (checkpoint recomputes once a pass).
"""
import heapq
import itertools
import re

import numpy as np

from ..dtypes import float64, from_numpy_dtype
from . import anomaly_mode, grad_mode

_next_sequence_nr = itertools.count()
_graph_tasks = itertools.count()
# The pass running a node now: (number, inputs given? (autograd.grad or backward(inputs=...)),
# will_run(node), should_compute(node)), or None
_graph_task = None

FREED_MESSAGE = (
    "Trying to backward through the graph a second time (or directly access saved tensors after "
    "they have already been freed). Saved intermediate values of the graph are freed when you call "
    ".backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the "
    "graph a second time or if you need to access saved tensors after calling backward.")


class Node:
    """A backward function: takes the gradients of an op's outputs, returns those of its inputs.

    `next_functions[i]` is the edge (node, input_nr) along which the gradient for input i flows;
    `_input_metadata[k]` is (shape, dtype) of forward output k, the gradient this node expects.
    """

    __slots__ = ("next_functions", "_input_metadata", "_seq_nr", "_saved_tensors", "_args",
                 "_tensor_hooks", "_retains_grad", "_pre_hooks", "_post_hooks", "metadata",
                 "__weakref__")

    def __init__(self, next_functions=(), input_metadata=()):
        self.next_functions = next_functions
        self._input_metadata = input_metadata
        self._seq_nr = next(_next_sequence_nr)
        self._saved_tensors = {}   # name -> SavedTensor or a number standing for one; freed by backward
        self._args = {}            # name -> plain value (dims, shapes, scalars), never freed
        self._tensor_hooks = None  # output_nr -> the tensor's hook dict (tensor.register_hook)
        self._retains_grad = None  # output_nr -> weakref to a tensor that called retain_grad()
        self._pre_hooks = None
        self._post_hooks = None
        self.metadata = {}
        if anomaly_mode._enabled:  # where in the forward pass this node was made
            self.metadata["traceback_"] = anomaly_mode.forward_stack()
            if anomaly_mode._parent is not None:  # made by backward: by which node
                self.metadata["parent_"] = anomaly_mode._parent

    def name(self):
        return type(self).__name__

    def _sequence_nr(self):
        """When the node was made: the engine runs the newest ready node first."""
        return self._seq_nr

    def __repr__(self):
        return f"<{type(self).__name__} object at {hex(id(self))}>"

    def apply(self, grad_outputs):
        """Gradients for each of next_functions, given the gradients of the forward outputs."""
        raise NotImplementedError

    def __call__(self, *grad_outputs, **kwargs):
        """The node called by hand, as PyTorch's C++ nodes can be: the gradients of its outputs
        in, its inputs' out (one: the tensor itself; else a tuple). It runs under the caller's
        grad mode, without hooks and without the engine's un-broadcasting and casts."""
        if kwargs:
            raise TypeError("keyword arguments are not supported")
        if len(grad_outputs) != len(self._input_metadata):
            raise TypeError(f"expected {len(self._input_metadata)} arguments, got "
                            f"{len(grad_outputs)} instead")
        for i, g in enumerate(grad_outputs):
            if g is not None and not isinstance(g, Tensor):
                raise TypeError(f"argument {i} is not a Variable")
        if all(g is None for g in grad_outputs) and self.__class__ is not AccumulateGrad:
            outputs = [None] * len(self.next_functions)  # (no gradient in: none out; a leaf's
        else:                                            # post-accumulate hooks still run)
            outputs = self.apply(list(grad_outputs))
        return outputs[0] if len(outputs) == 1 else tuple(outputs)

    def _release(self):
        """Drop saved tensors (what retain_graph=False does after the node has run)."""
        if self._saved_tensors:
            self._saved_tensors = dict.fromkeys(self._saved_tensors, FREED)

    def _declares(self, key):
        """Does this kind of node keep a value named `key` (when its formulas need it)?"""
        return False

    def __getattr__(self, attr):
        """`_saved_self`, `_saved_result`, ...: the saved values, as PyTorch exposes them. A name
        the node keeps only when needed is None when it was not (x * 2 needs no `self`).
        `_raw_saved_self`: the SavedTensor object itself, where register_hooks lives; an empty
        one for an optional tensor not given (layer_norm's weight), one per tensor of a list."""
        raw = attr.startswith("_raw_saved_")
        if (raw or attr.startswith("_saved_")) and not attr.endswith(_HIDDEN):
            shown = attr[len("_raw_saved_" if raw else "_saved_"):]
            key = shown.replace("_sym_sizes", "_shape").replace("_sym_strides", "_strides").replace(
                "_sym_numel", "_numel")
            if self._shown_name(key) != shown or raw and not self._holds_tensors(key):
                pass  # (another spelling of a kept name, or raw of a plain value: not attributes)
            elif key in self._args:
                if raw:
                    return SavedTensor._stand_in(None)
                return _as_shown(key, self._args[key])
            else:
                saved = self._saved_tensors.get(key) if self._saved_tensors else None
                if raw and saved.__class__ is tuple:
                    return tuple(SavedTensor._stand_in(t) for t in _index_tensors(saved))
                if raw and (saved is not None or self._declares(key)):
                    return saved if saved.__class__ is SavedTensor else SavedTensor._stand_in(saved)
                if saved is FREED:
                    raise RuntimeError(FREED_MESSAGE)
                if saved is not None:
                    value = saved.unpack(self) if saved.__class__ is SavedTensor else saved
                    if value.__class__ is tuple:  # an index key: its arrays, None for a dim
                        return _index_tensors(value)
                    if not hasattr(value, "_data"):  # a wrapped Python number shows as a tensor
                        value = _number_tensor(value)
                    return value
                if self._declares(key):
                    return None
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{attr}'")

    def _kept_names(self):
        """The names of what this kind of node keeps (a row's: all its formulas name)."""
        return {*self._args, *self._saved_tensors}

    def _holds_tensors(self, key):
        """Is the kept value `key` a tensor (or a list of them), which PyTorch keeps as
        SavedTensors and shows as `_raw_saved_<key>` too?"""
        return key in self._saved_tensors

    def _shown_name(self, key):
        """A kept value's name after `_saved_`: self_shape (self.sym_sizes() in derivatives.yaml)
        shows as self_sym_sizes, as PyTorch's generated nodes name it."""
        return key.replace("_shape", "_sym_sizes").replace("_strides", "_sym_strides").replace(
            "_numel", "_sym_numel")

    # What PyTorch's C++ nodes list besides object's members and their saved values; minigrad's
    # own bookkeeping (_args, _saved_tensors, apply, ...) is not listed.
    _SHOWN = ("__call__", "_input_metadata", "_register_hook_dict", "_sequence_nr",
              "_set_sequence_nr", "metadata", "name", "next_functions", "register_hook",
              "register_prehook", "requires_grad")

    def __dir__(self):
        """As PyTorch's node classes list themselves: with `_saved_*` (a scalar type is kept but
        not shown) and `_raw_saved_*` for each saved tensor."""
        kept = [k for k in self._kept_names() if not k.endswith(_HIDDEN)]
        return [*dir(object), *self._SHOWN, *("_saved_" + self._shown_name(k) for k in kept),
                *("_raw_saved_" + self._shown_name(k) for k in kept if self._holds_tensors(k))]

    @property
    def requires_grad(self):
        """Always True: a node exists only where some input needed a gradient (PyTorch's too)."""
        return True

    def _set_sequence_nr(self, sequence_nr):
        self._seq_nr = sequence_nr

    def _register_hook_dict(self, tensor):
        """tensor.register_hook's first call: the node runs the tensor's hooks on its gradient."""
        if self._tensor_hooks is None:
            self._tensor_hooks = {}
        self._tensor_hooks[tensor._output_nr] = tensor._backward_hooks

    def register_hook(self, fn):
        """fn(grad_inputs, grad_outputs) runs after the node; it may return new grad_inputs."""
        from ..utils.hooks import RemovableHandle
        if self._post_hooks is None:
            self._post_hooks = HookDict()
        return RemovableHandle.add(self._post_hooks, fn)

    def register_prehook(self, fn):
        """fn(grad_outputs) runs before the node; it may return new grad_outputs."""
        from ..utils.hooks import RemovableHandle
        if self._pre_hooks is None:
            self._pre_hooks = HookDict()
        return RemovableHandle.add(self._pre_hooks, fn)


FREED = object()  # marks a saved value released by backward

# dims and positions, int64 arguments in PyTorch (Scalars, as alpha, are not)
_INT64 = frozenset(("dim", "dims", "dim0", "dim1", "dim2", "dimension", "index", "start", "end",
                    "pad", "shifts", "offset", "diagonal", "ignore_index", "padding_idx"))


_HIDDEN = ("_scalar_type", "_info", "_geometry")  # kept by nodes, but not shown (as in PyTorch)


def _number_tensor(value):
    """A Python number saved in a tensor's place, shown as PyTorch shows it: a 0-d tensor (int64
    for an int, float64 for a float)."""
    from ..ops import tensor
    return tensor(value, dtype=None if isinstance(value, int) else float64)


def _index_tensors(value):
    """An index key kept for backward (x[:, i]) as PyTorch shows it: a tuple of its tensors,
    None for a dim taken whole (up to the last tensor)."""
    from ..tensor import Tensor
    shown = [Tensor._make(k) if isinstance(k, np.ndarray) else None for k in value]
    while shown[-1] is None:
        shown.pop()
    return tuple(shown)


def _as_shown(key, value):
    """A value as PyTorch's generated getters give it: they read an int64 argument back as
    unsigned, so a dim given as -1 shows as 2**64 - 1, as stored (not wrapped to a dim)."""
    if key in _INT64:
        if value.__class__ is int:
            return value % 2**64
        if value.__class__ is tuple:
            return tuple(v % 2**64 if v.__class__ is int else v for v in value)
    return value


class HookDict(dict):
    """A dict of hooks (id -> fn) that RemovableHandle can refer to weakly."""
    __slots__ = ("__weakref__",)


class AccumulateGrad(Node):
    """The sink of a leaf tensor: adds the incoming gradient into `variable.grad`."""

    __slots__ = ("variable",)

    def __init__(self, variable):
        super().__init__((), ((variable.shape, variable._data.dtype),))
        self.variable = variable
        self._seq_nr = 2**64 - 1  # UINT64_MAX, as PyTorch's: accumulate as soon as ready

    _SHOWN = (*Node._SHOWN, "variable")

    def name(self):
        return "minigrad::autograd::AccumulateGrad"  # a C++ node's name in PyTorch

    def accumulate(self, grad, create_graph, log):
        """What this node does, in backward or called by hand: `grad` added into .grad (unless
        there is none, or the variable no longer requires grad), then the post-accumulate hooks,
        which run either way (logged in `log`). Returns what a Step records, or None."""
        variable, done = self.variable, None
        if grad is not None and variable.requires_grad:
            done = _accumulate(variable, grad, create_graph)
        if variable._post_accumulate_grad_hooks:
            _call_post_accumulate_hooks(variable, log)
        return done

    def apply(self, grad_outputs):
        """A call by hand (the engine calls accumulate, to record what it did), building a graph
        of .grad if grad mode is on."""
        from .function import _broadcast_shape, _check_output_shape
        variable, grad = self.variable, grad_outputs[0]
        if variable._grad_fn is not None:
            raise RuntimeError("leaf variable has been moved into the graph interior")
        if (grad is not None and variable.requires_grad and variable._grad is None
                and grad._data.shape != variable._data.shape):
            # PyTorch copies a first gradient into memory shaped like the variable
            shape = _broadcast_shape(variable._data.shape, grad._data.shape)
            _check_output_shape(variable._data.shape, shape)  # (copy_'s errors)
            grad = grad.expand(shape)
        self.accumulate(grad, grad_mode._enabled, [])
        return []


_default_hooks = []  # (pack_hook, unpack_hook) pairs pushed by autograd.graph.saved_tensors_hooks

_PACK_INPLACE = (
    "A saved tensor pack hook is modifying its input in place. Tensors provided as input to pack "
    "hook cannot be modified by in-place operations as this can lead to unexpected side-effects. "
    "Please open an issue if you need to perform in-place operations on the input to a pack hook.")


class SavedTensor:
    """A tensor kept for backward, with the version it had when saved (checked on unpack).

    An op's own output is stored without its grad_fn (the node would point at itself: a cycle),
    and rebuilt on unpack, as PyTorch's SavedVariable does. Under saved_tensors_hooks only what
    pack_hook returned is kept (`packed`), with the tensor's place in the graph (`history`).
    The output of an in-place op on a view hangs from the view's new node instead, held weakly
    (`view_grad_fn`): while that node lives, unpacking (and its error) names it, as PyTorch's does.
    """

    __module__ = "minigrad._C._autograd"  # where PyTorch's lives (its repr shows it)
    __slots__ = ("tensor", "array", "version_counter", "saved_version", "is_output", "output_nr",
                 "packed", "history", "view_grad_fn", "fw_grad")

    def __init__(self, tensor, is_output=False):
        if tensor.is_inference():  # it has no version counter to check the saved value against
            raise RuntimeError(
                "Inference tensors cannot be saved for backward. Please do not use Tensors created "
                "in inference mode in computation tracked by autograd. To work around this, you "
                "can make a clone to get a normal tensor and use it in autograd, or use "
                "`minigrad.no_grad()` instead of `minigrad.inference_mode()`.")
        self.saved_version = tensor._version
        self.is_output = is_output
        self.packed = self.view_grad_fn = None
        if _default_hooks:
            self._pack(tensor, _default_hooks[-1])
        elif is_output:
            self.tensor = None
            self.array, self.version_counter = tensor._data, tensor._version_counter
            self.output_nr = tensor._output_nr
            self.fw_grad = None  # its tangent, if it gets one (see Op._forward_ad)
        else:
            self.tensor = tensor

    @classmethod
    def _stand_in(cls, value):
        """What `_raw_saved_x` shows for a value not kept as a SavedTensor: None (not saved), a
        number standing for a tensor (x * 2), or FREED by backward."""
        self = cls.__new__(cls)
        self.tensor, self.is_output, self.packed, self.saved_version = value, False, None, 0
        return self

    def __dir__(self):
        """What PyTorch's SavedTensor lists (but its pybind11 internal): not the bookkeeping."""
        return [*dir(object), "__module__", "data", "register_hooks", "unpack", "unpack_hook"]

    @property
    def data(self):
        """What is kept: the tensor (an output's without its history), what pack_hook returned,
        or None (an optional tensor not given, or freed by backward)."""
        if self.packed is not None:
            return self.packed[1]
        if self.is_output:
            return Tensor._make(self.array, None, 0, self.version_counter)
        return self.tensor if isinstance(self.tensor, Tensor) else None

    @property
    def unpack_hook(self):
        return None if self.packed is None else self.packed[0]

    def register_hooks(self, pack_hook, unpack_hook):
        """saved_tensors_hooks for this one saved tensor: pack_hook(tensor) runs now, and the
        node's backward gets unpack_hook(what it returned) instead of the tensor."""
        if self.packed is not None:
            raise RuntimeError("Calling register_hooks on a saved tensor whose hooks have already "
                               "been set. Hint: only one pair of hooks is allowed at a time.")
        tensor = self.tensor
        if self.is_output:
            tensor = Tensor._make(self.array, None, self.output_nr, self.version_counter)
        elif tensor is None:
            raise RuntimeError("Calling register_hooks on a saved tensor with value None is "
                               "forbidden")
        elif tensor is FREED:
            raise RuntimeError(
                "Calling register_hooks on a saved tensor after it has been freed. Saved "
                "intermediate values of the graph are freed when you call .backward() or "
                "autograd.grad(). Specify retain_graph=True if you need to backward through the "
                "graph a second time or if you need to access saved variables after calling "
                "backward.")
        elif not isinstance(tensor, Tensor):  # a number standing for a tensor
            tensor = _number_tensor(tensor)
        self._pack(tensor, (pack_hook, unpack_hook))

    def _pack(self, tensor, hooks):
        """Keep pack_hook(tensor) (run without recording) instead of the tensor; the hook may
        copy its input but not change it."""
        pack_hook, unpack_hook = hooks
        with grad_mode.no_grad():
            packed = pack_hook(tensor)
        if tensor._version != self.saved_version:
            raise RuntimeError(_PACK_INPLACE)
        self.tensor, self.packed = None, (unpack_hook, packed)
        self.output_nr = tensor._output_nr
        self.history = (None if self.is_output else tensor._grad_fn, tensor._requires_grad,
                        tensor._grad_accumulator)

    def unpack(self, node=None):
        """The tensor, checked against in-place changes. Called by hand (`_raw_saved_x.unpack()`)
        there is no node to hang an output from: PyTorch refuses that as it does here."""
        if self.packed is not None:
            return self._unpack_hooked(node)
        tensor = self.tensor
        if tensor is None:
            if not self.is_output:  # an optional tensor not given
                return None
            owner = self._owner(node)
            if owner is None:
                raise RuntimeError(
                    "Trying to use a saved tensor that has been detached in-place, i.e. with "
                    ".detach_().This is not supported, please use out-of-place `.detach()` instead")
            tensor = Tensor._make(self.array, owner, self.output_nr, self.version_counter)
            if self.fw_grad is not None:  # (inside the dual level it was saved in)
                from . import function
                if function._forward_level is not None:
                    function._set_fw_grad(tensor, self.fw_grad)
        elif not isinstance(tensor, Tensor):  # (a stand-in, see _stand_in)
            if tensor is FREED:
                raise RuntimeError(FREED_MESSAGE)
            return _number_tensor(tensor)  # a number standing for a tensor
        if tensor._version != self.saved_version:
            owner = tensor._grad_fn if self.is_output else tensor.grad_fn
            which = f", which is output {tensor._output_nr} of {_op_name(owner)}," if owner else ""
            hint = ("the backtrace further above shows the operation that failed to compute its "
                    "gradient. The variable in question was changed in there or anywhere later. "
                    "Good luck!") if anomaly_mode._enabled else (
                    "enable anomaly detection to find the operation that failed to compute its "
                    "gradient, with minigrad.autograd.set_detect_anomaly(True, check_nan=False).")
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by an "
                f"inplace operation: [{tensor.type()} {list(tensor.shape)}]{which} is at version "
                f"{tensor._version}; expected version {self.saved_version} instead. Hint: {hint}")
        return tensor

    def _owner(self, node):
        """The node an unpacked output hangs from: the view's, while it lives, else its own."""
        view_node = self.view_grad_fn and self.view_grad_fn()
        return node if view_node is None else view_node

    def _unpack_hooked(self, node):
        """unpack_hook's tensor, put back in the graph where the saved one was. There is no
        version check: what the hooks kept is not the tensor's memory."""
        unpack_hook, packed = self.packed
        data = unpack_hook(packed)
        if not isinstance(data, Tensor):
            raise TypeError("Output of saved tensor unpack_hook expected to be a Tensor but got "
                            f"result of type {type(data).__name__}")
        grad_fn, requires_grad, accumulator = self.history
        if self.is_output:
            grad_fn = self._owner(node)
        tensor = Tensor._make(data._data, grad_fn, self.output_nr, data._version_counter,
                              requires_grad and grad_fn is None)
        tensor._grad_accumulator = accumulator  # gradients through it still reach the leaf's .grad
        return tensor


def _op_name(node):
    """The op as PyTorch's in-place error names it: ExpBackward0 -> Exp, PowBackward2 -> Pow2."""
    return re.sub(r"Backward(\d*)$", lambda m: "" if m[1] == "0" else m[1], node.name())


class Step:
    """What happened when one node ran: the unit the stepper shows and `backward()` consumes.

    grad_outputs: gradients the node received (after hooks); grad_inputs: what it passed along
    each next_functions edge; hooks: (kind, hook, value in, value returned), kind one of "tensor",
    "pre", "post", "post_accumulate" (given the leaf, after accumulating); accumulated: (leaf,
    .grad before, .grad after); retained: (non-leaf, its .grad now); captured: (input index,
    gradient) for autograd.grad; freed: saved tensors released; ran: False when the node was only
    a capture point; next: the node at the head of the engine's ready queue (runs next).
    """

    __slots__ = ("node", "grad_outputs", "grad_inputs", "hooks", "accumulated", "retained",
                 "captured", "freed", "ran", "next")

    def __init__(self, node):
        self.node = node
        self.grad_outputs = self.grad_inputs = ()
        self.hooks, self.accumulated, self.retained, self.captured = [], [], [], []
        self.freed, self.ran, self.next = False, True, None

    def __repr__(self):
        return f"<Step {self.node.name()}>"


def sum_to(grad, shape):
    """Un-broadcast: sum `grad` down to `shape` (the one place broadcasting is undone)."""
    from ..derivatives import sum, sum_dim, view  # table rows (the table imports this module)
    have = grad._data.shape
    if have == shape:
        return grad
    if not shape:  # to a 0-d tensor: the plain sum, as PyTorch's sum_to
        return sum(grad)
    lead = len(have) - len(shape)
    dims = tuple(range(lead)) + tuple(
        lead + i for i, n in enumerate(shape) if n == 1 and have[lead + i] != 1)
    if dims:
        grad = sum_dim(grad, dims, True)
    return view(grad, tuple(shape)) if lead else grad


def _hook_name(hook):
    return getattr(hook, "__name__", repr(hook))


def _check_hook_count(hook, result, old):
    """A node hook's new gradients: a tuple, as many as it was given, each checked as a tensor
    hook's (a None is let through)."""
    if not isinstance(result, tuple):
        raise TypeError(f"expected tuple, but hook returned '{type(result).__name__}'")
    if len(result) != len(old):
        raise RuntimeError(f"hook '{_hook_name(hook)}' has returned an incorrect number of values "
                           f"(got {len(result)}, but expected {len(old)})")
    for was, new in zip(old, result):
        if new is not None:
            _check_hook_result(hook, was, new)
    return list(result)


def _check_hook_result(hook, old, new):
    """A hook may replace a gradient, but not change its size or type (PyTorch's checks)."""
    if old is None:
        raise RuntimeError("can't replace a None gradient with a non-None value")
    name = _hook_name(hook)
    if not isinstance(new, Tensor):
        raise TypeError(f"expected Variable, but hook returned '{type(new).__name__}'")
    if new.type() != old.type():
        raise RuntimeError(
            f"hook '{name}' has changed the type of value (was {old.type()} got {new.type()})")
    if new.shape != old.shape:
        raise RuntimeError(f"hook '{name}' has changed the size of value")


def _call_tensor_hooks(node, grads, step):
    """Tensor hooks first (registration order), then retain_grad, as PyTorch orders them.
    A tensor whose gradient is None (another output of its node got one) has its hooks called
    with None; retain_grad keeps nothing then."""
    if isinstance(node, AccumulateGrad):
        hook_dicts = {0: node.variable._backward_hooks} if node.variable._backward_hooks else {}
    else:
        hook_dicts = node._tensor_hooks or {}
    for nr, hooks in hook_dicts.items():
        for hook in list(hooks.values()):
            result = hook(grads[nr])
            step.hooks.append(("tensor", hook, grads[nr], result))
            if result is not None:
                _check_hook_result(hook, grads[nr], result)
                grads[nr] = result
    for nr, ref in (node._retains_grad or {}).items():
        tensor = ref()
        if tensor is not None and grads[nr] is not None:
            g = grads[nr]
            if tensor._grad is not None:
                tensor._grad = tensor._grad + g
            else:  # a recorded clone when building a graph of gradients (create_graph)
                tensor._grad = g.clone() if grad_mode._enabled else Tensor._make(g._data.copy())
            step.retained.append((tensor, tensor._grad))
    return grads


def _validate(node, grads):
    """Check and fix each gradient against the input it is for: un-broadcast, cast dtype."""
    if len(grads) != len(node.next_functions):
        raise RuntimeError(f"function {node.name()} returned an incorrect number of gradients "
                           f"(expected {len(node.next_functions)}, got {len(grads)})")
    out = []
    for i, (g, (next_node, nr)) in enumerate(zip(grads, node.next_functions)):
        if g is None or next_node is None:  # (a custom Function's gradient for an input that
            out.append(g)                     # needs none is kept: post hooks see it, as there)
            continue
        shape, dtype = next_node._input_metadata[nr]
        if g._data.shape != shape:
            if not _expandable(shape, g._data.shape):
                raise RuntimeError(
                    f"Function {node.name()} returned an invalid gradient at index {i} - got "
                    f"{list(g.shape)} but expected shape compatible with {list(shape)}")
            g = sum_to(g, shape)
        if g._data.dtype != dtype:
            g = g.to(from_numpy_dtype(dtype))
        out.append(g)
    return out


def _expandable(shape, to):
    if len(shape) > len(to):
        return False
    return all(a == b or a == 1 for a, b in zip(reversed(shape), reversed(to)))


def _graph(roots):
    """Dependencies (edges pointing at each node) of everything reachable from `roots`."""
    dependencies = {}
    stack = list(dict.fromkeys(n for n in roots if n is not None))  # (two outputs of one node)
    seen = set(stack)
    while stack:
        node = stack.pop()
        for child, _ in node.next_functions:
            if child is None:
                continue
            dependencies[child] = dependencies.get(child, 0) + 1
            if child not in seen:
                seen.add(child)
                stack.append(child)
    return dependencies


def _needed(roots, dependencies, capture_nodes):
    """Nodes that lead to a captured input: the only ones autograd.grad has to run.

    Kahn's algorithm on the dependency counts gives a topological order (parents first);
    walking it backwards, every node's children are decided before the node itself.
    """
    pending = dict(dependencies)
    order, stack = [], list(dict.fromkeys(n for n in roots if n is not None and n not in pending))
    while stack:
        node = stack.pop()
        order.append(node)
        for child, _ in node.next_functions:
            if child is not None:
                pending[child] -= 1
                if pending[child] == 0:
                    stack.append(child)
    needed = {}
    for node in reversed(order):
        needed[node] = any(c is not None and (c in capture_nodes or needed[c])
                           for c, _ in node.next_functions)
    return needed


def backward_steps(root_edges, root_grads, retain_graph=False, create_graph=False, inputs=None,
                   accumulate_grad=True):
    """Run backward from `root_edges` ((node, nr) pairs) seeded with `root_grads`; yield Steps.

    With `inputs` (a list of edges) only the nodes that lead to them run, as in PyTorch's engine:
    backward(inputs=...) runs the inputs' own nodes too (a leaf's AccumulateGrad fills its .grad
    in its turn); autograd.grad (accumulate_grad=False) captures the gradients arriving there
    instead, and step.captured carries them.
    """
    global _graph_task
    # inference mode records nothing, create_graph or not (PyTorch's excludes autograd's keys)
    create_graph = create_graph and not grad_mode._inference
    dependencies = _graph([node for node, _ in root_edges])
    captures = {}
    if inputs is not None:
        targets = {}
        for i, edge in enumerate(inputs):
            targets.setdefault(edge[0], []).append((i, edge[1]))
        needed = _needed([node for node, _ in root_edges], dependencies, targets)
        if accumulate_grad:  # (PyTorch's exec_info: an input's node is needed itself)
            needed.update((node, True) for node in targets if node in needed)
        else:
            captures = targets

    # A lone root is always visited (hooks, retain_grad), as PyTorch has no dummy root then;
    # it runs only if needed.
    lone_root = root_edges[0][0] if len(root_edges) == 1 else None
    buffers = {}  # node -> the gradients delivered to it so far, one slot per forward output
    ready, tie = [], itertools.count()

    def deliver(node, nr, grad):
        buf = buffers.get(node)
        if buf is None:
            buf = buffers[node] = [None] * len(node._input_metadata)
        if grad is not None:
            buf[nr] = grad if buf[nr] is None else buf[nr] + grad

    for (node, nr), grad in zip(root_edges, root_grads):
        if node is not None:
            dtype = node._input_metadata[nr][1]
            if grad is not None and grad._data.dtype != dtype:  # the seed cast to the output's
                with grad_mode.set_grad_enabled(create_graph):  # dtype first (a recorded copy)
                    grad = grad.to(from_numpy_dtype(dtype))
            deliver(node, nr, grad)
    for node, _ in root_edges:
        if node is not None and dependencies.get(node, 0) == 0 and node in buffers:
            heapq.heappush(ready, (-node._seq_nr, next(tie), node))
            dependencies[node] = -1  # queued
    task = (next(_graph_tasks), inputs is not None, dependencies.__contains__ if inputs is None
            else lambda node: bool(needed.get(node)) or node in captures,
            # PyTorch's task_should_compute_output: with inputs, a pass skips the inputs it does
            # not need (nodes off the graph, as CopySlices' inner op's, it computes)
            None if inputs is None else lambda node: needed.get(node, True) or node in captures)

    def run(node, grads):
        """Run one node: its hooks, then its formula or accumulation; deliver to its inputs."""
        runs = True
        if inputs is not None:
            runs = needed.get(node)
            if not runs and node not in captures and node is not lone_root:
                return None  # autograd.grad: off every path to an input, so not visited at all
        step = Step(node)
        hooked = node._tensor_hooks or node._retains_grad or (
            node.__class__ is AccumulateGrad and node.variable._backward_hooks)
        # PyTorch's order: a node that will run has its gradient captured before its tensor
        # hooks; a node only visited (autograd.grad) runs its hooks, then is captured.
        if hooked and not runs:
            grads = _call_tensor_hooks(node, grads, step)
        if captures and node in captures:
            step.captured = [(i, grads[nr]) for i, nr in captures[node]]
        if not runs:
            step.ran, step.grad_outputs = False, grads
            return step
        if hooked:
            grads = _call_tensor_hooks(node, grads, step)
        if node._pre_hooks:
            for hook in list(node._pre_hooks.values()):
                result = hook(tuple(grads))
                step.hooks.append(("pre", hook, tuple(grads), result))
                if result is not None:
                    grads = _check_hook_count(hook, result, grads)
        step.grad_outputs = grads
        if node.__class__ is AccumulateGrad:
            if accumulate_grad:  # (autograd.grad never fills .grad)
                done = node.accumulate(grads[0], create_graph, step.hooks)
                if done is not None:
                    step.accumulated.append(done)
            for hook in list((node._post_hooks or {}).values()):
                result = hook((), tuple(grads))
                step.hooks.append(("post", hook, ((), tuple(grads)), result))
            return step
        if any(g is not None for g in grads):  # (not grads.count(None): that calls __eq__)
            outputs = _validate(node, node.apply(grads))
        else:
            outputs = [None] * len(node.next_functions)
        if not retain_graph:
            node._release()
            step.freed = True
        if node._post_hooks:
            for hook in list(node._post_hooks.values()):
                result = hook(tuple(outputs), tuple(grads))
                step.hooks.append(("post", hook, (tuple(outputs), tuple(grads)), result))
                if result is not None:
                    outputs = _check_hook_count(hook, result, outputs)
        if anomaly_mode._enabled and anomaly_mode._check_nan:
            _check_nan(node, outputs)
        step.grad_inputs = outputs
        for (child, nr), grad in zip(node.next_functions, outputs):
            if child is not None:
                deliver(child, nr, grad)
                left = dependencies[child] = dependencies[child] - 1
                if left == 0:
                    heapq.heappush(ready, (-child._seq_nr, next(tie), child))
        return step

    while ready:
        node = heapq.heappop(ready)[2]
        # Formulas record only when building a graph of grads; between steps (a paused pass)
        # the caller's own mode holds.
        prev_mode, grad_mode._enabled = grad_mode._enabled, create_graph
        prev_task, _graph_task = _graph_task, task
        if create_graph:  # nodes the formulas record now were made by this one
            prev_parent, anomaly_mode._parent = anomaly_mode._parent, node
        try:
            step = run(node, buffers.pop(node))
        except Exception:
            if anomaly_mode._enabled:  # say where in the forward pass the failing node was made
                anomaly_mode.warn_error(node)
            raise
        finally:
            grad_mode._enabled, _graph_task = prev_mode, prev_task
            if create_graph:
                anomaly_mode._parent = prev_parent
        if step is not None:
            step.next = ready[0][2] if ready else None
            yield step


def _check_nan(node, outputs):
    """Anomaly mode's check_nan: a gradient with a nan in it is an error, named by its node."""
    for i, g in enumerate(outputs):
        if g is not None and np.isnan(g._data).any():
            raise RuntimeError(f"Function '{node.name()}' returned nan values in its {i}th output.")


def _call_post_accumulate_hooks(variable, log):
    """register_post_accumulate_grad_hook: hook(tensor) once .grad holds the new sum (an
    optimizer step can run right there). It must return None."""
    for hook in list(variable._post_accumulate_grad_hooks.values()):
        result = hook(variable)
        log.append(("post_accumulate", hook, variable, result))
        if result is not None:
            if isinstance(result, Tensor):
                raise RuntimeError("Tensor post accumulate grad hooks should return None.")
            raise TypeError(f"expected Variable, but hook returned '{type(result).__name__}'")


def _grad_layout(variable, grad, steal):
    """A new array for the first .grad laid out by PyTorch's "gradient layout contract": like a
    dense variable (x.t() as a leaf has a transposed .grad), else row-major. A gradient that
    already follows it is kept as it is (`steal`: PyTorch takes it without a copy; strides of
    its size-1 dims stay its own)."""
    from .function import _dense, _empty_strided
    v, g = variable._data, grad._data
    if v.flags.c_contiguous and g.flags.c_contiguous and 1 not in g.shape:
        return np.empty(g.shape, g.dtype)  # (the common case: both row-major)
    if not _dense(v):
        return np.empty(g.shape, g.dtype)
    if steal and all(st != 0 if n == 1 else st == vs
                     for n, st, vs in zip(g.shape, g.strides, v.strides)):
        strides = g.strides
    else:
        strides = v.strides
    return _empty_strided(g.shape, strides, g.dtype)


def _accumulate(variable, grad, create_graph):
    """AccumulateGrad: set or add into .grad (in place, unless building a graph of grads).
    Returns what a Step records: (variable, .grad before (a copy if added into), .grad now)."""
    before = variable._grad
    if before is None:
        if create_graph:  # a recorded copy (CopyBackwards), so .grad can be differentiated
            from ..derivatives import copy_
            from .function import apply_inplace
            variable._grad = apply_inplace(copy_, Tensor._make(_grad_layout(variable, grad, False)),
                                           grad)
        else:
            out = _grad_layout(variable, grad, True)
            out[...] = grad._data
            variable._grad = Tensor._make(out)
        return variable, None, variable._grad
    elif create_graph:
        variable._grad = before + grad
        _check_layout_contract(variable, 282)
        return variable, before, variable._grad
    else:
        snapshot = Tensor._make(before._data.copy())
        if before._data.shape == grad._data.shape:
            before._data += grad._data
            before._version_counter.value += 1
        else:  # (the variable's .data took another shape since: add_'s broadcast, or its error)
            with grad_mode.no_grad():
                before.add_(grad)
        _check_layout_contract(variable, 252)
        return variable, snapshot, before


def _check_layout_contract(variable, line):
    """A sum into a .grad laid out otherwise (one the user assigned) keeps that layout: PyTorch
    warns, once for each of its two places (`line`), that it may be slow."""
    from .function import _dense
    v, g = variable._data, variable._grad._data
    if (all(gs == vs if n != 1 else gs != 0 for n, gs, vs in zip(g.shape, g.strides, v.strides))
            if _dense(v) else g.flags.c_contiguous):
        return
    from .._warnings import warn_once
    strides = lambda a: [st // a.itemsize for st in a.strides]
    warn_once("grad and param do not obey the gradient layout contract. This is not an error, but "
              f"may impair performance.\ngrad.sizes() = {list(g.shape)}, strides() = {strides(g)}"
              f"\nparam.sizes() = {list(v.shape)}, strides() = {strides(v)} (Triggered internally"
              f" at /__w/pytorch/pytorch/torch/csrc/autograd/functions/accumulate_grad.h:{line}.)",
              key=line)


from ..tensor import Tensor  # noqa: E402  (tensor.py imports this module first)
