"""How an op becomes a node on the tape: table rows (`Op`), in-place ops, and custom `Function`s.

A row of the derivative table pairs a NumPy forward with one formula per differentiable input.
A formula names what it needs (`grad`, `self`, `other`, `result`, `self_shape`, `dim`, ...), so
recording saves exactly those values, and only for inputs that need a gradient: as PyTorch's
generated code does from derivatives.yaml (`self_strides`, `self_numel`, `self_scalar_type` and
`src_info`, src's shape and dtype, too).
"""
import builtins
import functools
import inspect
import re
import warnings
import weakref

import numpy as np

from .. import dtypes
from ..tensor import Tensor
from . import grad_mode
from . import engine
from .engine import FREED, FREED_MESSAGE, Node, SavedTensor, _op_name


_GIVEN = {"grad", "grads", "grad_input_mask"}  # what backward gives formulas, rather than saved
# The dual level forward_ad.py entered: the tensors given a tangent in it (weak references, so
# that leaving it can take their tangents away), or None: then no op looks for tangents.
_forward_level = None
_PREPARED = {"params", "defaults", "index", "input_idx", "other_idx", "formulas", "saved_names",
             "result_names"}


class OpNode(Node):
    """A node whose backward is a row of the derivative table."""

    __slots__ = ()
    op = None  # the row; set on each row's node class

    def name(self):
        return self.op.name  # C++ nodes keep their namespace here, as in PyTorch

    def _declares(self, key):
        return key in self.op.saved_names

    def _kept_names(self):
        return self.op.saved_names

    def _holds_tensors(self, key):
        """The row's outputs and differentiable inputs (given or not), and whatever was saved as
        tensors (an index, a mask): PyTorch's node classes declare these SavedVariables."""
        op = self.op
        return (key in self._saved_tensors or key == "result" or key in op.outputs
                or key in op.extra or op.index.get(key, -1) in op.input_idx)

    def _shown_name(self, key):
        """An argument of the forward keeps its own name (native_layer_norm's normalized_shape)."""
        return key if key in self.op.index else super()._shown_name(key)

    def apply(self, grad_outputs):
        env = dict(self._args)
        for name, s in self._saved_tensors.items():
            if s is FREED:
                raise RuntimeError(FREED_MESSAGE)
            env[name] = s.unpack(self) if s.__class__ is SavedTensor else s
        env["grad"], env["grads"] = grad_outputs[0], grad_outputs
        grads = [None] * len(self.next_functions)
        # autograd.grad skips the inputs it does not need (igamma's gradient in x alone never
        # meets the missing one in a)
        task = engine._graph_task
        wanted = task and task[3]
        edges = [f is not None and (wanted is None or wanted(f)) for f, _ in self.next_functions]
        for formula, names, k in self.op.formulas:  # PyTorch's order: graphs of grads number alike
            if k.__class__ is int:
                if edges[k]:
                    grads[k] = formula(*[env[name] for name in names])
                continue
            # one formula for several inputs ("input, weight, bias"): it returns their gradients
            mask = env["grad_input_mask"] = tuple(edges[i] for i in k)
            if any(mask):
                for i, needed, g in zip(k, mask, formula(*[env[name] for name in names])):
                    grads[i] = g if needed else None
        return grads


class NotImplementedNode(OpNode):
    """The node of an op PyTorch has no formula for (its autograd fallback's NotImplemented):
    edges only to the inputs that require grad, and backward through it fails."""

    __slots__ = ()

    def apply(self, grad_outputs):
        self.op.formulas[0][0](grad_outputs[0])  # (each of the row's formulas raises alike)


class Op:
    """A row of the derivative table: `Op(node_name, forward, input=formula, ...)`.

    forward takes NumPy arrays (Python numbers pass through) and returns an array, or a tuple
    (result, extra outputs named by `extra`, which get no gradient). `promote` casts the tensor
    inputs to PyTorch's common dtype of the inputs (or of the parameters it names) first;
    `floating` makes integer inputs compute in the default dtype (float32); `view` marks ops
    whose result shares memory (and version counter) with `self`. Everything a call needs to
    know about the row is worked out here, once.

    Several differentiable outputs, one node (PyTorch's convolution_backward, var_mean): `outputs`
    names them (`result0`, `result1`, ... or `min`, `max`); forward returns one array each (None:
    not computed, as for PyTorch's output_mask), the call a tuple of tensors; formulas take
    `grads`, None for an output that got no gradient (PyTorch's undefined grads[i]). One formula
    may give several inputs' gradients, as derivatives.yaml's `input, weight, bias:` lines: its
    key names them (`**{"input, weight, bias": f}`); f returns a tuple and may take
    `grad_input_mask`, which of them need one. `output_differentiability` (derivatives.yaml's):
    outputs marked False (LU's pivots, its permutation P) hang from no node, and `grads` has
    an entry for each of the others only.

    `result` is the forward derivative (forward-mode AD: the result's tangent from the inputs'
    tangents), derivatives.yaml's `result:` line: "auto_element_wise" (each input's backward
    formula with its tangent as `grad`, summed), "auto_linear" (the op itself applied to the
    tangents: views, sums, clone) or a formula taking `self_t`, `other_t`, ... (the tangents;
    None for an input that has none, PyTorch's efficient zero: see _fw, _fw_sum), the inputs
    (their primal values) and `result`; a tuple of formulas is the yaml's sum of terms, one per
    tangent (mul's `other_t * self_p + self_t * other_p`); with several outputs, a dict of rules
    by output name (var_mean's result0 and result1). None: no forward derivative (yet).
    """

    def __init__(self, node_name, forward, /, *, promote=True, floating=False, view=False, extra=(),
                 outputs=(), output_differentiability=None, result=None, **formulas):
        self.name, self.forward, self.promote, self.floating, self.view, self.extra = (
            node_name, forward, promote, floating, view, extra)
        self.result = result  # the forward derivative: see _tangent
        self.outputs = outputs
        self.differentiable = output_differentiability or (True,) * len(outputs)
        self.contiguous = False  # True: PyTorch allocates the result C-contiguous (see the table)
        self.keep_layout = False  # True: the forward lays its results out as PyTorch does
        self.suggest_memory_format = ()  # with contiguous: the tensor parameters whose
        # channels-last layout the result takes instead (PyTorch's kernel allocates by their
        # suggest_memory_format()); names the row's forward lacks are skipped
        self._formulas = formulas  # (read by _prepare, the first time the row is used)
        self.not_implemented = node_name.endswith("::NotImplemented")  # (PyTorch has no formula)
        self._save_plans = {}  # which inputs need a gradient (bits) -> what to save

    def __repr__(self):
        return f"Op({self.name})"

    def __getattr__(self, name):
        """What the row works out once, the first time it is used: its parameters and formulas
        (`_prepare`), its node class (`MulBackward0`, ...). Doing it for all ~430 rows up front
        was a fifth of `import minigrad`."""
        if name == "node_class":
            base = NotImplementedNode if self.not_implemented else OpNode
            self.node_class = type(self.name.rpartition("::")[2], (base,),
                                   {"__slots__": (), "op": self})
            return self.node_class
        if name in _PREPARED and "_formulas" in self.__dict__:
            self._prepare()
            return getattr(self, name)
        raise AttributeError(f"'Op' object has no attribute '{name}'")

    def _prepare(self):
        formulas = self.__dict__.pop("_formulas")
        self.params, self.defaults = _parameters(self.forward)
        self.index = {p: i for i, p in enumerate(self.params)}
        keys = [key.replace(" ", "").split(",") for key in formulas]
        # the inputs in the forward's order, as next_functions lists them, whatever order a key
        # names them in (native_layer_norm_backward's "input, weight, grad_out")
        self.input_idx = tuple(sorted(self.index[name] for key in keys for name in key))
        self.other_idx = tuple(i for i in range(len(self.params)) if i not in self.input_idx)
        # (formula, the names it takes, the input position it is for: a tuple for several);
        # PyTorch's generated backward computes input gradients in alphabetical order of names.
        position = {self.params[i]: k for k, i in enumerate(self.input_idx)}
        ks = [position[key[0]] if len(key) == 1 else tuple(position[name] for name in key)
              for key in keys]
        self.formulas = [(f, _parameters(f)[0], k) for _, f, k in sorted(
            zip(formulas, formulas.values(), ks), key=lambda row: row[0])]
        self.saved_names = frozenset().union(*(names for _, names, _ in self.formulas)) - _GIVEN
        names = lambda rule: (_parameters(rule)[0] if callable(rule) else
                              [_parameters(term)[0] for term in rule] if rule.__class__ is tuple
                              else None)
        self.result_names = ({k: names(rule) for k, rule in self.result.items()}
                             if self.result.__class__ is dict else names(self.result))

    def bind(self, args, kwargs):
        values = list(args)
        if kwargs or len(values) < len(self.params):
            values += self.defaults[len(values):]
        for k, v in kwargs.items():
            values[self.index[k]] = v
        return values

    def __call__(self, *args, **kwargs):
        # (positional calls, the common case, fill in trailing defaults without a call to bind)
        values = self.bind(args, kwargs) if kwargs else [*args, *self.defaults[len(args):]]
        result, extras = self.run(values)
        if grad_mode._enabled and (self.outputs or result._data.dtype.kind == "f"):
            for i in self.input_idx:
                v = values[i]
                if isinstance(v, Tensor) and (v._grad_fn is not None or v._requires_grad or (
                        v._view_base is not None and v._view_base.requires_grad)):
                    self.record(values, result, extras)
                    break
        if _forward_level is not None:  # (forward-mode AD: inside a dual level only)
            self._forward_ad(values, result, extras)
        return (result, *extras) if self.extra else result

    def _forward_ad(self, values, result, extras=(), inplace=False):
        """Give the result its tangent, if an input has one. The formula runs with forward AD
        off, on the inputs' primal values: its own ops make no tangents of tangents (PyTorch's
        formulas read `self_p`, the primal without its tangent). With grad mode on, they are
        recorded: the tangent is differentiable in reverse mode too. (`inplace`: an in-place
        op's, whose error PyTorch words a little differently.)"""
        tangents = [v._fw_grad if isinstance(v, Tensor) else None
                    for v in (values[i] for i in self.input_idx)]
        if grad_mode._inference or builtins.all(t is None for t in tangents):
            return  # (inference mode turns forward AD off as well, as in PyTorch)
        if self.not_implemented:  # (PyTorch's not_implemented("op") rows, forward and backward)
            op_name = self.formulas[0][0].op_name
            raise NotImplementedError(f"Trying to use forward AD with aten::{op_name} that does "
                                      "not support it.")
        if self.result is None:
            raise NotImplementedError(
                f"Trying to use forward AD with {_aten_name(self.name)}{'_' * inplace} that does "
                "not support it because it has not been implemented yet.\nPlease file an issue to "
                "PyTorch at https://github.com/pytorch/pytorch/issues/new?template=feature-"
                "request.yml so that we can prioritize its implementation" + ("." if inplace else
                " or submit a PR adding the implementation to derivatives.yaml"))
        if not self.outputs:
            self._give_tangent(values, result, tangents, extras)
            return
        for name, out in zip(self.outputs, result):  # (several outputs: a rule each, by name)
            if out is not None and name in self.result:
                self._give_tangent(values, out, tangents, result, name)

    def _give_tangent(self, values, result, tangents, extras, output=None):
        """Set one result's tangent (of `output`, for a row with several)."""
        if result._data.dtype.kind != "f":
            return  # (an integer result has no derivative)
        tangent = _without_forward_ad(self._tangent, values, result, tangents, extras, output)
        if tangent is None:
            return  # (a zero tangent: none, as PyTorch's efficient zero shows it)
        _set_fw_grad(result, tangent)
        node = result._grad_fn
        if node is not None and node.__class__.op is self:  # a saved result keeps its tangent
            for saved in node._saved_tensors.values():       # (forward-over-reverse needs it)
                if (saved.__class__ is SavedTensor and saved.is_output
                        and getattr(saved, "output_nr", result._output_nr) == result._output_nr):
                    saved.fw_grad = tangent

    def _tangent(self, values, result, tangents, extras=(), output=None):
        """The result's tangent by the row's `result` rule, or None: zero. An input without a
        tangent stands for PyTorch's "efficient zero" tensor: auto_linear applies the op to
        zeros; elsewhere it is None, and the terms it is in drop out (as do the signs of zero
        they would add: -0. + 0. is 0.). The extra outputs are there by name (max's indices), as
        are the outputs of a row with several (`output` names the one whose tangent this is)."""
        rule, rule_names = self.result, self.result_names
        if output is not None:
            rule, rule_names = rule[output], rule_names[output]
        if rule == "auto_linear":  # a linear op's derivative is the op itself
            args = values[:]
            for i, t in zip(self.input_idx, tangents):
                args[i] = _materialized(t, values[i])
            return self(*args)[0] if self.extra else self(*args)
        env = dict(zip(self.params, values))
        env.update(zip(self.extra or self.outputs, extras))
        env["result"] = result
        terms = []
        if rule == "auto_element_wise":  # the backward formula, grad = the tangent
            for formula, names, k in self.formulas:
                if tangents[k] is not None:
                    env["grad"] = tangents[k]
                    terms.append(formula(*[env[name] for name in names]))
        else:
            for i, t in zip(self.input_idx, tangents):
                env[self.params[i] + "_t"] = t
            if rule.__class__ is not tuple:
                terms.append(rule(*[env[name] for name in rule_names]))
            else:  # a sum of terms, each linear in one tangent
                zero = {self.params[i] + "_t" for i, t in zip(self.input_idx, tangents)
                        if t is None}
                terms = [term(*[env[name] for name in names])
                         for term, names in zip(rule, rule_names) if zero.isdisjoint(names)]
        total = _fw_sum(*terms)
        if total is None:
            return None
        if total.dim() > result.dim():  # (PyTorch's check of every tangent: norm.Scalar's rule
            raise RuntimeError(        # keeps the dims it reduced, and fails so)
                "Trying to set a forward gradient that has a different size than that of the "
                f"original Tensor, this is not supported. Tensor is of size {list(result.shape)} "
                f"while the given forward gradient is of size {list(total.shape)}.")
        if total._data.shape != result._data.shape:  # (a zero term dropped: still broadcast)
            return total.expand(result.shape).contiguous()
        # (a new tensor, not an input's tangent itself)
        return total.clone() if builtins.any(total is t for t in tangents) else total

    def run(self, values):
        """The forward on NumPy data, with PyTorch's dtype rules; returns (result, extras)."""
        dt = None
        if self.promote is True:
            dt = _common_dtype(values, self.input_idx)
        elif self.promote:
            dt = dtypes.result_type(*[values[self.index[n]] for n in self.promote])
        if self.floating and (dt or values[self.input_idx[0]]._data.dtype).kind != "f":
            dt = dtypes.get_default_dtype().np
        arrays = values[:]
        for i in self.input_idx:
            v = values[i]
            if isinstance(v, Tensor):
                a = v._data
                arrays[i] = a if dt is None or a.dtype is dt or a.dtype == dt else a.astype(dt)
        for i in self.other_idx:  # other tensor arguments (a mask, a target) as arrays
            v = values[i]
            if isinstance(v, Tensor):
                arrays[i] = v._data
        try:
            out = self.forward(*arrays)
        except ValueError as e:
            raise _torch_error(e, [values[i] for i in self.input_idx]) from None
        except OverflowError:  # int32 tensor + 2**40: PyTorch wraps the number into int32, NumPy
            if dt is None or dt.kind not in "iu":  # refuses it
                raise
            out = self.forward(*[np.array(a).astype(dt) if i in self.input_idx and a.__class__ is int
                                 else a for i, a in enumerate(arrays)])
        if self.outputs:
            return tuple(None if a is None else Tensor._make(
                a if self.keep_layout else self._layout(np.asarray(a), dt, arrays)) for a in out), ()
        extras = ()
        if self.extra:
            out, *extras = out
            extras = [Tensor._make(np.asarray(x)) for x in extras]
        if out.__class__ is not np.ndarray:
            out = np.asarray(out)
        if dt is not None and out.dtype != dt and out.dtype.kind == dt.kind:
            out = out.astype(dt)  # Python numbers alone: NumPy's float64, PyTorch's default dtype
        if self.keep_layout:
            pass
        elif self.contiguous:
            cl = self.suggest_memory_format and self._channels_last(arrays)
            out = _suggested_layout(out, cl)
            extras = [Tensor._make(_suggested_layout(x._data, cl)) for x in extras]
        elif out.ndim > 1 and not self.view:
            out = _iterator_layout(out, arrays)
        result = view_of(values[0], out) if self.view else Tensor._make(out)
        return result, extras

    def _layout(self, out, dt, arrays):
        """One of several outputs in the dtype and memory layout a single result gets below."""
        if dt is not None and out.dtype != dt and out.dtype.kind == dt.kind:
            out = out.astype(dt)
        if self.contiguous:
            return _suggested_layout(out, self.suggest_memory_format and self._channels_last(arrays))
        if out.ndim > 1:
            return _iterator_layout(out, arrays)
        return out

    def _channels_last(self, arrays):
        return builtins.any(_channels_last(arrays[self.index[name]])
                            for name in self.suggest_memory_format if name in self.index)

    def record(self, values, result, extras=(), early_edges=None):
        """Put a node for this op on the tape: edges to the inputs, the values formulas need.
        (early_edges, given by in-place ops: input index -> edge taken before the write moved
        the version. Such an op saves a recorded clone of self's old values, as PyTorch's
        original_self: CloneBackward0 shows in a graph of gradients.)"""
        edges, needed = [], 0
        for k, i in enumerate(self.input_idx):
            v = values[i]
            edge = (early_edges[i] if early_edges and i in early_edges
                    else v._edge() if isinstance(v, Tensor) else (None, 0))
            edges.append(edge)
            if edge[0] is not None:
                needed |= 1 << k
        if self.not_implemented:
            edges = [edge for edge in edges if edge[0] is not None]
        if self.outputs:  # one node for all differentiable outputs; output k is its input k in backward
            outs = [out for out, d in zip(result, self.differentiable) if d]
            node = self.node_class(tuple(edges), tuple(
                None if out is None else (out._data.shape, out._data.dtype) for out in outs))
            for k, out in enumerate(outs):
                if out is not None:
                    out._grad_fn, out._output_nr = node, k
        else:
            node = self.node_class(tuple(edges), _metadata(result._data.shape, result._data.dtype))
            result._grad_fn, result._output_nr = node, 0  # (before saving: a pack hook sees it)
        plan = self._save_plans.get(needed)
        if plan is None:
            plan = self._save_plans[needed] = self._plan(needed)
        for name, kind, i in plan:
            if kind == "result":
                node._saved_tensors[name] = SavedTensor(result, is_output=True)
            elif kind == "output":  # (one not computed is saved as PyTorch's undefined: None)
                out = result[i]
                if out is None:
                    node._args[name] = None
                else:
                    node._saved_tensors[name] = SavedTensor(out, is_output=out._grad_fn is node)
            elif kind == "extra":
                node._saved_tensors[name] = SavedTensor(extras[i])
            elif kind == "shape":
                node._args[name] = values[i]._data.shape
            elif kind == "numel":
                node._args[name] = values[i]._data.size
            elif kind == "ndim":
                node._args[name] = values[i]._data.ndim
            elif kind == "shape_opt":  # an optional tensor's: PyTorch shows (0,) for none given
                node._args[name] = (0,) if values[i] is None else values[i]._data.shape
            elif kind == "strides":  # in elements, as PyTorch counts them
                a = values[i]._data
                node._args[name] = tuple(st // a.itemsize for st in a.strides)
            elif kind == "scalar_type":
                node._args[name] = values[i].dtype
            elif kind == "info":  # shape and dtype, nothing else (PyTorch's TypeAndSize)
                node._args[name] = (values[i]._data.shape, values[i]._data.dtype)
            elif kind == "geometry":  # shape, strides and storage offset (PyTorch's TensorGeometry)
                node._args[name] = _geometry(values[i])
            elif kind == "argsize":  # one size of an input: x_sym_argsize_minus_1 is x.size(-1)
                node._args[name] = values[i[0]]._data.shape[i[1]]
            elif kind == "output_argsize":
                node._args[name] = result[i[0]]._data.shape[i[1]]
            elif kind == "arg":  # (a tensor argument no needed formula uses is not saved)
                if i is None:
                    node._args[name] = ()
                elif not (isinstance(values[i], Tensor) or _holds_array(values[i])):
                    node._args[name] = values[i]
            elif isinstance(values[i], Tensor):
                node._saved_tensors[name] = SavedTensor(
                    _original_self(values[i]) if i == 0 and early_edges is not None else values[i])
            elif kind == "input" and values[i] is not None or _holds_array(values[i]):
                node._saved_tensors[name] = values[i]  # stands for tensors: freed like one
            else:  # (an optional tensor not given, as clamp's bound, stays None after backward)
                node._args[name] = values[i]
        return node

    def _plan(self, needed):
        """What to save when the inputs whose bits are set in `needed` need gradients: the names
        their formulas use, and those two formulas or more use: PyTorch's generated code saves
        a value unconditionally unless exactly one formula uses it (addcdiv(x, a, b) saves b,
        though only x needs a gradient)."""
        names = {name for name in self.saved_names
                 if builtins.sum(name in argnames for _, argnames, _ in self.formulas) > 1}
        for _, argnames, k in self.formulas:
            if builtins.any(needed >> i & 1 for i in ((k,) if k.__class__ is int else k)):
                names.update(argnames)
        plan, outputs = [], {"result", *self.extra, *self.outputs}
        # (its guards skip outputs and optional tensors, Tensor? (a None default here): those are
        # saved whichever inputs need a gradient)
        names.update(name for name in self.saved_names if name in outputs or (
            name in self.index and self.defaults[self.index[name]] is None))
        for name in sorted(self.saved_names - names):  # plain values are kept in any case, as
            i = self.index.get(name)                     # PyTorch's nodes keep them (alpha, dim)
            if i is not None and i not in self.input_idx:
                plan.append((name, "arg", i))
            elif name.endswith("_strides"):  # kept only for a gradient that needs them
                plan.append((name, "arg", None))
            elif name not in self.index and name not in outputs:
                names.add(name)  # a shape, strides, scalar type or size
        # PyTorch's generated code saves (and later unpacks, checking each) the inputs in
        # alphabetical order of names, then the outputs: x**y saves exponent, self, result.
        for name in sorted(names - _GIVEN, key=lambda n: (n in outputs, n)):
            if name in self.outputs:  # (before "result": det's outputs are result, LU, pivots)
                plan.append((name, "output", self.outputs.index(name)))
            elif name == "result":
                plan.append((name, "result", None))
            elif name in self.extra:
                plan.append((name, "extra", self.extra.index(name)))
            elif name in self.index:
                i = self.index[name]
                plan.append((name, "input" if i in self.input_idx else "value", i))
            elif name.endswith("_shape") and name[:-6] in self.index:
                plan.append((name, "shape", self.index[name[:-6]]))
            elif name.endswith("_numel") and name[:-6] in self.index:
                plan.append((name, "numel", self.index[name[:-6]]))
            elif name.endswith("_dim") and name[:-4] in self.index:  # source_dim: source.dim()
                plan.append((name, "ndim", self.index[name[:-4]]))
            elif name.endswith("_shape_opt") and name[:-10] in self.index:
                plan.append((name, "shape_opt", self.index[name[:-10]]))
            elif name.endswith("_strides") and name[:-8] in self.index:
                plan.append((name, "strides", self.index[name[:-8]]))
            elif name.endswith("_scalar_type") and name[:-12] in self.index:
                plan.append((name, "scalar_type", self.index[name[:-12]]))
            elif name.endswith("_info") and name[:-5] in self.index:
                plan.append((name, "info", self.index[name[:-5]]))
            elif name.endswith("_geometry") and name[:-9] in self.index:
                plan.append((name, "geometry", self.index[name[:-9]]))
            elif "_sym_argsize_" in name:  # x_sym_argsize_minus_1: x.size(-1); _0: x.size(0)
                base, _, k = name.partition("_sym_argsize_")
                k = -int(k[6:]) if k.startswith("minus_") else int(k)
                if base in self.outputs:  # one size of an output (svd's S_sym_argsize_minus_1)
                    plan.append((name, "output_argsize", (self.outputs.index(base), k)))
                else:
                    plan.append((name, "argsize", (self.index[base], k)))
            else:
                raise TypeError(f"{self.name}: a formula asks for unknown name '{name}'")
        return plan


def _fw_sum(*terms):
    """The sum of the terms that are not None (zero tangents), left to right; None if all are."""
    total = None
    for term in terms:
        if term is not None:
            total = term if total is None else total + term
    return total


def _fw(f, tangent, *args):
    """f(tangent, *args), None for a zero tangent (None): f is linear in it (PyTorch's ops on
    efficient zero tensors give one)."""
    return None if tangent is None else f(tangent, *args)


def _set_fw_grad(t, tangent):
    """Give t a tangent at the current dual level, which takes it away again on exit."""
    t._fw_grad = tangent
    _forward_level.append(weakref.ref(t))


def _zero_tangent(value):
    """The tangent of an input that has none: zeros like it (0 for a Python number)."""
    return Tensor._make(np.zeros_like(value._data)) if isinstance(value, Tensor) else 0


def _materialized(tangent, like):
    """A tangent, or zeros like its primal `like` for one that has none (None: PyTorch's
    efficient zero), where a formula needs a real tensor."""
    return _zero_tangent(like) if tangent is None else tangent


def _linear_tangents(outs, fn, inputs, *args):
    """Forward AD for the ops that build their node by hand (the table's rows get it from their
    `result=` rule): fn is linear in `inputs`, so the outputs' tangents are fn of the inputs'
    tangents, zeros for an input without one. `outs`: one tensor or several; returned."""
    if (_forward_level is None or grad_mode._inference
            or builtins.all(t._fw_grad is None for t in inputs)):
        return outs
    tangents = _without_forward_ad(fn, *[_materialized(t._fw_grad, t) for t in inputs], *args)
    single = isinstance(outs, Tensor)
    for out, t in zip((outs,) if single else outs, (tangents,) if single else tangents):
        if out._data.dtype.kind == "f":  # (an integer result has no derivative)
            _set_fw_grad(out, t)
    return outs


# nodes named otherwise than the ATen op that records them (torch.cdist records _cdist_forward)
_ATEN_NAMES = {"CdistBackward0": "_cdist_forward", "PdistBackward0": "_pdist_forward",
               "EuclideanDistBackward0": "_euclidean_dist", "Unique2Backward0": "_unique2",
               "MultilabelMarginLossBackward0": "multilabel_margin_loss_forward",
               "EmbeddingBagBackward0": "_embedding_bag", "CtcLossBackward0": "_ctc_loss",
               "GridSampler2DBackward0": "grid_sampler_2d", "GridSampler3DBackward0": "grid_sampler_3d"}


def _aten_name(node_name):
    """The op a node class is named after, as ATen spells it: MseLossBackward0 -> mse_loss."""
    if node_name in _ATEN_NAMES:
        return _ATEN_NAMES[node_name]
    name = re.sub(r"Backward\d*$", "", node_name.rpartition("::")[2])
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _original_self(before):
    """What an in-place op saves of self's old values: PyTorch's original_self, a recorded clone
    (CloneBackward0). `before` (apply_inplace's) already holds a private copy: its memory serves."""
    from ..derivatives import clone
    out = Tensor._make(before._data)
    if before._grad_fn is not None or before._requires_grad:
        clone.record([before, None], out)
    return out


def view_of(source, data):
    """A tensor over `data`, which shares `source`'s memory: same version counter and base. Made
    under no_grad, or from a view that may not be changed in place, it may not be either (its
    creation meta, as PyTorch calls it: see _view_rule_error)."""
    view = Tensor._make(data, version_counter=source._version_counter)
    view._view_base = source._view_base if source._view_base is not None else source
    view._view_version = source._version_counter.value
    view._creation_meta = "no_grad" if not grad_mode._enabled else source._creation_meta
    return view


def _parameters(fn):
    """fn's parameter names and their defaults (inspect.Parameter.empty for none), read off its
    code object: inspect.signature over the ~150 functions of the table slowed every import."""
    code = fn.__code__
    names = code.co_varnames[:code.co_argcount]
    defaults = fn.__defaults__ or ()
    return list(names), [inspect.Parameter.empty] * (len(names) - len(defaults)) + list(defaults)


@functools.lru_cache(maxsize=1024)
def _metadata(shape, dtype):
    """A one-output node's ((shape, dtype),), shared by all nodes with outputs of that kind: a deep
    graph then holds fewer objects for the garbage collector to track."""
    return ((shape, dtype),)


def _holds_array(value):
    """An index key with arrays in it: PyTorch saves those index tensors (and frees them)."""
    return isinstance(value, tuple) and any(isinstance(k, np.ndarray) for k in value)


def _common_dtype(values, idx):
    """PyTorch's result dtype of the inputs `values[i] for i in idx`, with a shortcut for the
    common cases (one tensor; two tensors of one dtype; a tensor and a Python number)."""
    a = values[idx[0]]
    if isinstance(a, Tensor):
        if len(idx) == 1:
            return a._data.dtype
        if len(idx) == 2:
            da, b = a._data.dtype, values[idx[1]]
            if isinstance(b, Tensor):
                if b._data.dtype == da and a._data.ndim and b._data.ndim:
                    return da
            elif (b.__class__ is float and da.kind == "f") or (
                    b.__class__ is int and da.kind in "fi"):
                return da
    return dtypes.result_type(*[values[i] for i in idx])


def _row_major(a):
    """`a` laid out as PyTorch allocates a new tensor: row by row, a size-1 dim's stride too.
    (NumPy calls a (4, 1) array with strides (1, 4) C-contiguous, as the transposed sum
    `x.t().sum(1, keepdim=True)` leaves it; PyTorch's result prints stride (1, 1).)"""
    if a.flags.c_contiguous:
        if _is_row_major(a):
            return a
        return np.lib.stride_tricks.as_strided(a, a.shape, _row_strides(a), writeable=True)
    return np.ascontiguousarray(a)


def _row_strides(a):
    strides, step = [], a.itemsize
    for n in reversed(a.shape):
        strides.append(step)
        step *= builtins.max(n, 1)
    return tuple(reversed(strides))


def _is_row_major(a):
    """Row by row in memory, size-1 dims included (NumPy's C-contiguous flag ignores those)."""
    return a.flags.c_contiguous and (1 not in a.shape or a.strides == _row_strides(a))


def _channels_last(a):
    """PyTorch's is_channels_last_strides_2d: a 4-D array laid out N, H, W, C in memory (C
    innermost), as x.permute(0, 3, 1, 2) of an NHWC array is. Such an input's
    suggest_memory_format() is channels_last: convolutions, pools, pads, cat ... then allocate
    their results so too. (Ambiguous strides, as size-1 dims make them, count as row-major.)"""
    if a.__class__ is not np.ndarray or a.ndim != 4 or a.strides[1] == 0:
        return False  # (None: an optional tensor not given)
    low = 0
    for d in (1, 3, 2, 0):
        n, st = a.shape[d], a.strides[d]
        if n == 0 or st < low or (d == 0 and low == a.strides[1]):
            return False
        low = st * n if n > 1 else st
    return True


def _suggested_layout(out, channels_last):
    """A new result laid out in the memory format its kernel picks from the input's
    suggest_memory_format(): channels-last (N, H, W, C in memory) when the input is so and the
    result is 4-D, else row-major."""
    if not (channels_last and out.ndim == 4):
        return _row_major(out)
    laid = np.empty(out.transpose(0, 2, 3, 1).shape, out.dtype).transpose(0, 3, 1, 2)
    laid[...] = out
    return laid


def _iterator_layout(out, inputs):
    """An elementwise result laid out in memory as PyTorch's TensorIterator lays it out: its dims
    ordered by the inputs' strides, the first input deciding first (a broadcast dim defers to
    the next input); the inputs come in the op's parameter order, as its iterator adds them
    (where's condition first). NumPy's own choice differs when inputs disagree (x.t() * y): then `view`
    and `stride()` would differ from PyTorch's."""
    inputs = [a for a in inputs if a.__class__ is np.ndarray and a.ndim]
    shape, nd = out.shape, out.ndim
    if len(inputs) < 2 or builtins.all(a.flags.c_contiguous and (
            a.shape == shape or _is_row_major(a)) for a in inputs):
        return out  # one input: NumPy follows its layout too; all C-contiguous: so is NumPy's,
        # and PyTorch's (its fast setup, when no input is broadcast; else its sort by strides,
        # where a size-1 dim's stride counts: NumPy's flag ignores it)
    try:
        elementwise = np.broadcast_shapes(*(a.shape for a in inputs)) == shape
    except ValueError:  # (gather's index and input do not broadcast)
        elementwise = False
    if not elementwise:  # not an elementwise op over its inputs: keep NumPy's layout
        return out
    strides = []  # each input's strides over the result's dims: 0 where it is broadcast
    for a in inputs:
        lead = nd - a.ndim
        strides.append([0] * lead + [0 if n == 1 and shape[lead + i] != 1 else st
                                     for i, (n, st) in enumerate(zip(a.shape, a.strides))])

    def should_swap(d0, d1):  # 1: d0 goes after d1 (slower), -1: before, 0: no input decides
        for st in strides:
            s0, s1 = st[d0], st[d1]
            if s0 == 0 or s1 == 0:
                continue
            if s0 != s1:
                return 1 if s0 > s1 else -1
            if shape[d0] > shape[d1]:
                return 1
        return 0

    order = stride_order(nd, should_swap)
    if order == list(range(nd)) and out.flags.c_contiguous:
        return out
    laid = np.empty([shape[d] for d in order], out.dtype).transpose(np.argsort(order))
    laid[...] = out
    return laid


def stride_order(nd, should_swap):
    """PyTorch's sort of dims by stride (TensorIterator's reorder_dimensions): an insertion sort,
    fastest dim first, that stops at the first pair `should_swap(d0, d1)` orders (-1) and leaves
    undecided pairs (0) where they are. Returns the dims slowest first."""
    perm = list(range(nd - 1, -1, -1))
    for i in range(1, nd):
        d1 = i
        for d0 in range(i - 1, -1, -1):
            c = should_swap(perm[d0], perm[d1])
            if c > 0:
                perm[d0], perm[d1] = perm[d1], perm[d0]
                d1 = d0
            elif c < 0:
                break
    return perm[::-1]


def _broadcast_shape(sa, sb):
    """The broadcast of two shapes, or PyTorch's error naming the first dim that disagrees."""
    ndim = max(len(sa), len(sb))
    sa, sb = (1,) * (ndim - len(sa)) + tuple(sa), (1,) * (ndim - len(sb)) + tuple(sb)
    for i in range(ndim - 1, -1, -1):
        if sa[i] != sb[i] and sa[i] != 1 and sb[i] != 1:
            raise RuntimeError(f"The size of tensor a ({sa[i]}) must match the size of tensor b "
                               f"({sb[i]}) at non-singleton dimension {i}")
    return tuple(max(x, y) if x and y else 0 for x, y in zip(sa, sb))


def _check_output_shape(have, want):
    """TensorIterator's refusal to write a result of the broadcast shape `want` into an output
    (self of an in-place op, a loss kernel's buffer) of shape `have`."""
    if tuple(have) != tuple(want):
        raise RuntimeError(f"output with shape {list(have)} doesn't match the broadcast shape "
                           f"{list(want)}")


def _torch_error(error, inputs):
    """Turn NumPy's broadcasting ValueError into PyTorch's RuntimeError text (the inputs'
    shapes broadcast in their order, as TensorIterator does: clamp's self, min, max)."""
    if str(error) == "Integers to negative integer powers are not allowed.":  # same words
        return RuntimeError(error)
    shapes = [v._data.shape if isinstance(v, Tensor) else () for v in inputs]
    if "broadcast" not in str(error) or len(shapes) < 2:
        return error
    try:
        functools.reduce(_broadcast_shape, shapes)
    except RuntimeError as e:
        return e
    return error


# --- in-place ops ------------------------------------------------------------------------------
def _recording(op, values):
    """Whether the tape records this call: grad mode is on and an input requires grad."""
    return grad_mode._enabled and any(
        isinstance(values[i], Tensor) and values[i].requires_grad for i in op.input_idx)


def apply_inplace(op, self, *args, **kwargs):
    """Compute `op(self, ...)`, write it into self's memory, bump the version, rewrite history."""
    values = op.bind((self,) + args, kwargs)
    recording = _recording(op, values)
    check_inplace(self, recording)
    base = self._view_base
    _check_overlap(op, values)
    result, extras = op.run(values)
    out = result._data
    _check_output_shape(self._data.shape, out.shape)  # (TensorIterator: shapes, then dtypes)
    if out.dtype != self._data.dtype and not np.can_cast(out.dtype, self._data.dtype,
                                                         "same_kind"):
        raise RuntimeError(f"result type {dtypes.from_numpy_dtype(out.dtype)._scalar} can't be cast "
                           f"to the desired output type {self.dtype._scalar}")
    if _forward_level is not None:  # (the tangent from self's old values, before the write)
        if out.dtype.kind == "b" and self._data.dtype.kind == "f":  # (x.eq_(y): the result is
            result = Tensor._make(out.astype(self._data.dtype))     # self, a float tensor)
        op._forward_ad(values, result, extras, inplace=True)
    before = self
    if recording:  # the tape must see self as it was: its old edge and, if saved, its old values
        before = Tensor._make(self._data.copy(order="K"), self._grad_fn, self._output_nr,
                              requires_grad=self._requires_grad)
        before._grad_accumulator = self._grad_accumulator
        # another view of the same memory (out[:1].copy_(out[2:3])) is recorded by its
        # history as of now: the write below makes it out of date
        early = {i: values[i]._edge() for i in op.input_idx[1:] if isinstance(values[i], Tensor)
                 and values[i]._view_base is not None
                 and values[i]._version_counter is self._version_counter}
    if out.size:  # (an empty expanded array is read-only in NumPy: nothing to write anyway)
        # (elements that share memory, which only fills may write: only those the op changed are
        # written, so an element left as it was does not undo a write to its twin)
        np.copyto(self._data, out, casting="unsafe",
                  where=out != self._data if _shares_elements(self._data) else True)
    self._version_counter.value += 1
    if recording:
        values[0] = before
        old = before._grad_fn
        fn = op.record(values, self, early_edges=early)
        for saved in fn._saved_tensors.values():  # an input sharing self's memory (x *= x) was
            if (saved.__class__ is SavedTensor and saved.tensor.__class__ is Tensor  # saved, as in
                    and saved.tensor._version_counter is self._version_counter):  # PyTorch, before
                saved.saved_version -= 1                                # the write: now stale
        if base is not None:
            _rebase_view(self, base, fn)
            for saved in fn._saved_tensors.values():  # its result, if saved, hangs from the view's
                if saved.__class__ is SavedTensor and saved.is_output:  # node while that lives
                    saved.view_grad_fn = weakref.ref(self._grad_fn)
        _new_history(self, old, before._output_nr)
    if result._fw_grad is not None:
        _write_tangent(self, result._fw_grad)
    return self


def _write_tangent(self, tangent):
    """Forward AD through an in-place op: as in PyTorch, a tangent self has is written in place
    (a view's tangent is a view of its base's: the base's changes too); a tensor that has none
    takes the new one. A view without one (`g[0] = dual`) first gets the same region of its
    base's tangent, zeros if the base has none: the write then shows in the base's tangent."""
    if self._fw_grad is None and self._view_base is not None:
        base = self._view_base
        if base._fw_grad is None:
            _set_fw_grad(base, _zero_tangent(base))
        if base._fw_grad.stride() != base.stride():
            raise NotImplementedError("minigrad: forward AD through an in-place op on a view "
                                      "whose base's tangent is laid out otherwise")
        from ..ops import as_strided
        _set_fw_grad(self, _without_forward_ad(
            as_strided, base._fw_grad, self.shape, self.stride(),
            base._fw_grad.storage_offset() + self.storage_offset() - base.storage_offset()))
    if self._fw_grad is None:
        _set_fw_grad(self, tangent)
        return
    _without_forward_ad(self._fw_grad.copy_, tangent)


def rebase_history(self, result):
    """self, just written with result's values (an out= PyTorch records: floor_divide's), takes
    result's node as after an in-place op: a view's base gets CopySlices, the view AsStrided."""
    old, old_nr = self._grad_fn, self._output_nr
    if self._view_base is not None:
        self._refresh_view()
        _rebase_view(self, self._view_base, result._grad_fn)
    else:
        self._grad_fn, self._output_nr = result._grad_fn, result._output_nr
    _new_history(self, old, old_nr)


# allow_mutation_on_saved_tensors sets this: called with a tensor whose memory is about to be
# written in place, before the write (PyTorch's dispatch mode for it sees every mutating op)
on_inplace_write = None


def write_untracked(self, array):
    """Write array into self's memory with no node (logical_and_, out=): PyTorch records nothing
    there, but the write is announced and the version moves, as for any in-place change."""
    if on_inplace_write is not None:
        on_inplace_write(self)
    np.copyto(self._data, array, casting="unsafe")
    self._version_counter.value += 1


def check_inplace(self, recording):
    """PyTorch's refusals of an in-place change to self, made before anything is computed;
    then the write is announced (see on_inplace_write)."""
    base = self._view_base
    if recording and base is not None:  # (first: PyTorch names this change, not the base's)
        _check_view_inplace(self)
    if base is not None:
        self._refresh_view()  # its history as of now, before this op adds to it
    if recording and base is not None:
        if base._grad_fn is None and self.requires_grad:
            raise RuntimeError("a view of a leaf Variable that requires grad is being used in an "
                               "in-place operation.")
    if recording and self.requires_grad and self._grad_fn is None:
        raise RuntimeError("a leaf Variable that requires grad is being used in an in-place "
                           "operation.")
    if on_inplace_write is not None:
        on_inplace_write(self)


def _check_view_inplace(self):
    """A view PyTorch refuses to change in place with grad mode on."""
    error = _view_rule_error(self, "is being modified inplace")
    if error:
        raise error


def apply_inplace_view(op, self, *args):
    """t_, transpose_, unsqueeze_, squeeze_ (and set_): `op` changes how self itself sees its
    memory (shape and strides); nothing is written. PyTorch counts it as an in-place op all the
    same: the version moves, and with history self's node becomes op's, after the old one."""
    values = op.bind((self,) + args, {})
    recording = _recording(op, values)  # (set_'s source tensor is an input too)
    if self._view_base is not None:
        self._refresh_view()
        if recording:
            _check_view_inplace(self)
    if recording and self.requires_grad and (
            self._view_base if self._view_base is not None else self)._grad_fn is None:
        raise RuntimeError(f"a {'' if self._view_base is None else 'view of a '}leaf Variable that "
                           "requires grad is being used in an in-place operation.")
    result, _ = op.run(values)
    if on_inplace_write is not None:  # (self's shape changes: a saved self must keep its own)
        on_inplace_write(self)
    before = Tensor._make(self._data, self._grad_fn, self._output_nr)
    self._data = result._data
    self._version_counter.value += 1
    if recording:  # (a view: its history is up to date; unrecorded, it is regenerated when seen)
        self._view_version = self._version_counter.value
        values[0], old = before, self._grad_fn
        fn = op.record(values, self)
        if self._view_base is not None and not op.view:  # set_, an ordinary in-place op to PyTorch:
            _rebase_view(self, self._view_base, fn, _geometry(self))  # a view is rebased as by any
        _new_history(self, old, before._output_nr)
    if self._fw_grad is not None and _forward_level is not None and op.view:
        _without_forward_ad(apply_inplace_view, op, self._fw_grad, *args)  # (t_, ...: the
    return self                                                 # tangent takes the new shape)


def _without_forward_ad(fn, *args):
    """fn(*args) with forward AD off: the ops that compute or write a tangent make no tangent
    of their own (PyTorch's formulas read the primals, `self_p`)."""
    global _forward_level
    level, _forward_level = _forward_level, None
    try:
        return fn(*args)
    finally:
        _forward_level = level


_OVERLAP = ("unsupported operation: {} to a single memory location. Please clone() the tensor "
            "before performing the operation.")


_FILLS = ("ZeroBackward0", "FillBackward2")  # zero_ and fill_(number): PyTorch writes them anyway
_FILLS_WARNED = {  # these too, with a deprecation warning
    "MaskedFillBackward0": ("masked_fill_", "tensor[mask] = scalar", 2450),
    "MaskedFillBackward1": ("masked_fill_", "tensor[mask] = scalar", 2450),
    "IndexFillBackward0": ("index_fill_", "tensor[mask] = scalar", 1913),
    "IndexFillBackward1": ("index_fill_", "tensor[mask] = scalar", 1913),
    "IndexPutBackward0": ("index_put_", "tensor[indices] = tensor", 976),
    "IndexPutImplBackward0": ("index_put_", "tensor[indices] = tensor", 976)}


# Ops whose kernels read their index and source while writing in any order (assert_no_overlap):
# an input sharing any of the written memory, even all of it, is refused
_NO_OVERLAP = {"ScatterBackward0", "ScatterBackward1", "ScatterAddBackward0",
               "ScatterReduceBackward0", "IndexAddBackward0", "IndexCopyBackward0",
               "IndexFillBackward0", "IndexFillBackward1"}


# Ops whose kernels visit self's elements in order, reading their source as they go: no input is
# refused (masked_scatter_: what it reads from self's memory may be what it has just written)
_IN_ORDER = {"MaskedScatterBackward0"}


def _check_overlap(op, values):
    """PyTorch's kernels refuse to write where the result would depend on the order elements are
    visited: into memory that several elements share (but for fills), or from an input that
    shares some (not all; for _NO_OVERLAP's, any) of the written memory. A `value` argument is
    read as a number first, as is a one-element value written through a mask (PyTorch runs
    masked_fill_ then)."""
    out = values[0]._data
    through_mask = (op.name.startswith("IndexPut")
                    and (values[1]._data.size if isinstance(values[1], Tensor) else 1) == 1
                    and len(values[2]) == 1 and getattr(values[2][0], "dtype", None) == bool)
    if _shares_elements(out) and op.name not in _FILLS:  # (the same value everywhere: no order)
        if op.name not in _FILLS_WARNED:
            raise RuntimeError(_OVERLAP.format(
                "more than one element of the written-to tensor refers"))
        for key in (op.name, "MaskedFillBackward0") if through_mask else (op.name,):
            name, example, line = _FILLS_WARNED[key]
            warnings.warn(f"Use of {name} on expanded tensors is deprecated. Please clone() the "
                          "tensor before performing this operation. This also applies to advanced "
                          f"indexing e.g. {example} (Triggered internally at /__w/pytorch/pytorch/"
                          f"aten/src/ATen/native/TensorAdvancedIndexing.cpp:{line}.)", UserWarning,
                          stacklevel=3)
    no_overlap = op.name in _NO_OVERLAP
    for name, v in zip(op.params[1:], values[1:] if op.name not in _IN_ORDER else ()):
        if v.__class__ is not Tensor or name == "value" or v is values[0] and not no_overlap:
            continue
        if name == "values" and through_mask:
            continue
        if v is values[0] or (_overlapping if no_overlap else _partly_shared)(out, v._data):
            raise RuntimeError(_OVERLAP.format(
                "some elements of the input tensor and the written-to tensor refer"))


def _shares_elements(a):
    """Several elements in one memory location (an expanded tensor): never dense."""
    return a.size and any(n > 1 and st == 0 for n, st in zip(a.shape, a.strides))


def _dense(a):
    """Its elements fill one block of memory, in some order of the dims (no gaps, no sharing)."""
    expected = a.itemsize
    for st, n in sorted((st, n) for n, st in zip(a.shape, a.strides) if n != 1):
        if st != expected:
            return False
        expected *= n
    return True


def _min_storage_size(sizes, strides, offset):
    """How many elements of memory a tensor of these sizes and strides (in elements) reaches,
    counting from its storage's start."""
    if 0 in sizes:
        return offset
    return offset + 1 + builtins.sum((n - 1) * st for n, st in zip(sizes, strides))


def _empty_strided(shape, strides, dtype):
    """An empty array of `shape` laid out with these strides (bytes of `dtype`): just the memory
    they reach, seen through them."""
    dtype = np.dtype(dtype)
    span = _min_storage_size(shape, [st // dtype.itemsize for st in strides], 0)
    return np.lib.stride_tricks.as_strided(np.empty(span, dtype), shape, strides)


def _preserve_layout(a, dtype=None):
    """An empty array shaped as `a`, laid out as PyTorch's empty_like(memory_format=preserve)
    lays out clone(), zeros_like(), x.double() ...: with a's own strides when a is dense, else
    packed densely in the order of a's strides (a stride-0 dim orders nothing: it stays put)."""
    dtype = a.dtype if dtype is None else np.dtype(dtype)
    if a.flags.c_contiguous and 1 not in a.shape:
        return np.empty(a.shape, dtype)
    if a.size and _dense(a):
        return _empty_strided(a.shape, [st // a.itemsize * dtype.itemsize for st in a.strides],
                              dtype)
    shape, strides = a.shape, a.strides

    def should_swap(d0, d1):
        s0, s1 = strides[d0], strides[d1]
        if s0 == 0 or s1 == 0:
            return 0
        if s0 != s1:
            return 1 if s0 > s1 else -1
        return 1 if shape[d0] > shape[d1] else 0

    order = stride_order(a.ndim, should_swap)
    return np.empty([shape[d] for d in order], dtype).transpose(np.argsort(order))


def _copy_preserving(a, dtype=None, like=None):
    """A copy of `a` (cast to dtype) laid out as PyTorch's clone() lays out `like` (a itself)."""
    out = _preserve_layout(a if like is None else like, a.dtype if dtype is None else dtype)
    out[...] = a
    return out


def _overlapping(a, b):
    """PyTorch's overlap, partial or full: both dense, their memory ranges meet. (Non-dense
    operands are too hard to tell: allowed.) The ranges first: they rarely meet, and comparing
    two bounds is cheaper than telling dense memory."""
    return bool(a.size and b.size and np.may_share_memory(a, b) and _dense(a) and _dense(b))


def _partly_shared(a, b):
    """PyTorch's partial overlap: an overlap but of not the same range read with the same
    strides."""
    if not _overlapping(a, b):
        return False
    same_start = a.__array_interface__["data"][0] == b.__array_interface__["data"][0]
    return not (same_start and a.nbytes == b.nbytes and a.strides == b.strides)


def _new_history(tensor, old, old_nr):
    """A tensor was given a new node (PyTorch's update_tensor_hooks_on_new_gradfn): the hooks
    registered so far stay with the old node, so they see the gradient of the old value, and
    new ones go to the new node; retain_grad() follows: .grad is of the latest value."""
    tensor._backward_hooks = None
    if tensor._retains_grad and old is not None:
        old._retains_grad.pop(old_nr, None)
        tensor._retains_grad = False
        tensor.retain_grad()


def _flat_positions(view, base):
    """For each element of NumPy array `view` (a view into `base`), in C order, its flat index
    in `base`: what PyTorch's as_strided describes with storage offset and strides."""
    def byte_offsets(arr, start):
        off = np.full(arr.shape, start, dtype=np.int64)
        for d, (n, stride) in enumerate(zip(arr.shape, arr.strides)):
            shape = [1] * arr.ndim
            shape[d] = n
            off += (np.arange(n, dtype=np.int64) * stride).reshape(shape)
        return off
    start = view.__array_interface__["data"][0] - base.__array_interface__["data"][0]
    base_off = byte_offsets(base, 0).ravel()
    order = np.argsort(base_off, kind="stable")
    return order[np.searchsorted(base_off[order], byte_offsets(view, start).ravel())]


class CopySlices(Node):
    """The base's node after an in-place op on one of its views (e.g. `out[0, 0] = 0`).

    The gradient for the base's old history is the incoming gradient with the view's region
    replaced by what the in-place op `fn` sends back for the view; fn's other inputs get theirs.
    """

    __slots__ = ("fn", "positions", "base_shape")

    def __init__(self, base_edge, fn, positions, base_shape, dtype):
        super().__init__((base_edge,) + fn.next_functions[1:], ((base_shape, dtype),))
        self.fn, self.positions, self.base_shape = fn, positions, base_shape

    def name(self):
        return "minigrad::autograd::CopySlices"  # a C++ node's name in PyTorch

    def apply(self, grad_outputs):
        from ..derivatives import clone, copy_, zero_
        if self.fn is None:  # released by an earlier backward, even when fn saved nothing
            raise RuntimeError(FREED_MESSAGE)
        # As PyTorch's: a copy of the gradient, whose region of the view is replaced, in place,
        # by what fn sends back for the view (so create_graph records CopyBackwards and then
        # CopySlices again); fn gets a clone of that region.
        grad = grad_outputs[0]
        result = Tensor._make(np.empty(self.base_shape, grad._data.dtype))
        apply_inplace(copy_, result, grad)
        region = self._region(result)
        res = self.fn.apply([clone(region)])
        if self.next_functions[0][0] is None:
            return [None, *res[1:]]
        if res[0] is None:
            apply_inplace(zero_, region)
        else:
            apply_inplace(copy_, region, res[0])
        return [result, *res[1:]]

    def _region(self, result):
        """The view's elements in `result` (shaped as the base), as a view of it: PyTorch's
        as_strided, its strides read off the view's positions."""
        from ..derivatives import as_strided
        shape = self.fn._input_metadata[0][0]
        p = self.positions.reshape(shape)
        if p.size:
            start, unit = p[(0,) * p.ndim], np.eye(p.ndim, dtype=int)
            strides = [int(p[tuple(u)] - start) if n > 1 else 0 for u, n in zip(unit, shape)]
        else:
            start, strides = 0, [0] * p.ndim
        return as_strided(result, shape, strides, int(start))

    def _release(self):
        """PyTorch's CopySlices drops its fn, so it can never run twice without retain_graph."""
        self.fn = None


def _geometry(t):
    """A tensor's shape, strides and storage offset (PyTorch's TensorGeometry): where its
    elements sit in the memory it shares with its base."""
    return t._data.shape, t.stride(), t.storage_offset()


def _as_strided_history(view, base):
    """The view's history as PyTorch regenerates it: base.as_strided(view's geometry), recorded
    (AsStridedBackward0), whatever ops made the view."""
    from ..derivatives import as_strided
    shape, stride, offset = _geometry(view)
    as_strided.record([base, shape, stride, offset], view)


def _rebase_view(view, base, fn, geometry=None):
    """In-place op `fn` ran on `view`: the base gets CopySlices, the view an AsStrided node.
    After set_ the view no longer looks into the base's memory: its region of the base is then
    read off its new geometry (shape, strides, offset), as PyTorch's CopySlices always does."""
    if geometry is None:
        positions = _flat_positions(view._data, base._data)
    else:
        shape, stride, offset = geometry
        positions = offset + sum(np.arange(n).reshape([-1] + [1] * (len(shape) - d - 1)) * s
                                 for d, (n, s) in enumerate(zip(shape, stride)))
        positions = np.broadcast_to(positions, shape).ravel()
    copy_slices = CopySlices(base._edge(), fn, positions, base._data.shape, base._data.dtype)
    old, old_nr = base._grad_fn, base._output_nr
    base._grad_fn, base._output_nr = copy_slices, 0
    _new_history(base, old, old_nr)
    _as_strided_history(view, base)
    view._view_version = view._version_counter.value


_MULTI_VIEW = ("This view is the output of a function that returns multiple views. Such functions "
               "do not allow the output views to be modified inplace. You should replace the "
               "inplace operation by an out-of-place one.")
_CUSTOM_VIEW = (
    "This view was created inside a custom Function (or because an input was returned as-is) and "
    "the autograd logic to handle view+inplace would override the custom backward associated "
    "with the custom Function, leading to incorrect gradients. This behavior is forbidden. You "
    "can fix this by cloning the output of the custom Function.")


_NO_GRAD_VIEW = (
    "Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your "
    "code by moving both the view and the inplace either both inside the no_grad block (if you "
    "don't want the inplace to be tracked) or both outside (if you want the inplace to be "
    "tracked).")


def _view_rule_error(view, what):
    """The error for a view whose history cannot be rewritten after an in-place change (None for
    the others), by how it (or the view it was taken from) was made: under no_grad (there is no
    history to rewrite), as one of several views of one node (unbind, split), or by a custom
    Function (its backward is the user's, not a view's)."""
    meta, node = view._creation_meta, view._grad_fn
    if meta is None:
        return None
    if meta == "no_grad" or node is None:  # (no history: PyTorch words it as a no_grad view's,
        head = (f"Output {view._output_nr} of {_op_name(node)} is a view of a view which was "
                "created in no_grad mode and" if node else "A view was created in no_grad mode and")
        head = f"{head} {what} with grad mode enabled."  # t.unbind()[0] of a t without grad)
    else:
        head = f"Output {view._output_nr} of {_op_name(node)} is a view and {what}."
    rule = {"no_grad": _NO_GRAD_VIEW, "multi": _MULTI_VIEW, "custom": _CUSTOM_VIEW}[meta]
    return RuntimeError(f"{head} {rule}")


def _regenerate_view(view, base):
    """The view's new history: its region of the base's gradient, whatever the base went through.
    A view that is one of several outputs of a node (unbind, split) or a custom Function's has
    none: an error, from now on each time its history is asked for."""
    error = _view_rule_error(view, "its base or another view of its base has been modified inplace")
    if error:
        view._view_version = -1  # stays out of date: the next look raises again
        raise error
    old, old_nr = view._grad_fn, view._output_nr
    _as_strided_history(view, base)
    _new_history(view, old, old_nr)


# --- custom Functions --------------------------------------------------------------------------
class FunctionCtx:
    """What a custom Function's forward may tell its node: the tensors backward needs, and which
    outputs were changed in place or are not differentiable."""

    def save_for_backward(self, *tensors):
        self.to_save = tensors

    def mark_dirty(self, *tensors):
        """These inputs were changed in place by forward: returned, they stay the same tensor
        objects, with this node as their new history (as an in-place op would give them)."""
        self.dirty_tensors = tensors

    def mark_non_differentiable(self, *tensors):
        self.non_differentiable = tensors

    def set_materialize_grads(self, value):
        if value.__class__ is not bool:  # (a C method in PyTorch: its parser's words)
            raise TypeError("set_materialize_grads received an invalid combination of arguments - "
                            "got (), but expected (bool)")
        self.materialize_grads = value


_DIRTY_VIEW = (
    "If your Function modifies inplace an input that is a view of another Tensor, your Function "
    "cannot return more than one Tensor. This is not supported by the current autograd engine. "
    "You should either make sure the input is not a view (using .clone() for example) or make your "
    "Function only return one Tensor (potentially splitting it into two Functions: one doing the "
    "inplace that returns a single Tensor and a second one that does the other operations). You "
    "can ask on the forum https://discuss.pytorch.org/ if you need help to do this change.")


def _returned_input(out, differentiable, saved):
    """What a custom Function's output that is one of its inputs (not changed in place) becomes,
    as in PyTorch: a new view of it (made under no_grad, so it can get a history of its own),
    or, if it requires grad but gets none from this call, a detached alias."""
    if not differentiable and out.requires_grad:
        return out.detach()
    if any(out is t for t in saved):
        raise RuntimeError(
            "An input that has been returned as-is as output is being saved for backward. This "
            "is not supported if you override setup_context. You should return and save a view of "
            "the input instead, e.g. with x.view_as(x) or setup ctx inside the forward function "
            "itself.")
    with grad_mode.no_grad():
        return view_of(out, out._data)


def _wrap_unrecorded(outs, args, ctx, saved):
    """A custom Function's outputs when its call records nothing (PyTorch's _wrap_outputs without
    a node): inputs returned as-is as _returned_input makes them, other outputs that require
    grad detached, the dirty inputs count the change, and views may not be changed in place
    later (see _view_rule_error)."""
    for k, out in enumerate(outs):
        if not isinstance(out, Tensor):
            continue
        returned_input = any(out is a for a in args)
        dirty = any(out is t for t in ctx.dirty_tensors)
        if dirty:
            out._version_counter.value += 1
        if returned_input and not (dirty and not out.requires_grad):
            out = outs[k] = _returned_input(out, False, saved)
        elif out.requires_grad and out._view_base is None:
            out.detach_()
        if not (returned_input and dirty) and out._view_base is not None:
            out._creation_meta = "custom"


class BackwardCFunction(Node, FunctionCtx):
    """The node of a custom Function; it is also the `ctx` its forward and backward receive."""

    def __init__(self):
        super().__init__()
        self.needs_input_grad = ()
        self.to_save = ()
        self.non_differentiable = ()
        self.dirty_tensors = ()
        self.materialize_grads = True

    @property
    def saved_tensors(self):
        saved = self._saved_tensors.values()
        if FREED in saved:
            raise RuntimeError(FREED_MESSAGE)
        return tuple(None if s is None else s.unpack(self) for s in saved)

    @property
    def _raw_saved_tensors(self):
        """The SavedTensor objects themselves (an empty one for a None saved)."""
        saved = self._saved_tensors.values()
        if FREED in saved:
            raise RuntimeError(FREED_MESSAGE)
        return tuple(SavedTensor._stand_in(None) if s is None else s for s in saved)

    def __dir__(self):
        """A Python class in PyTorch too, which lists its members (the ctx's among them), but
        not minigrad's bookkeeping, as for any node (nor `__call__`: it has none there)."""
        hidden = {*vars(Node), "__call__", "_num_args", "_tensor_args", "_num_outputs",
                  "_tensor_outputs"} - {
            *Node._SHOWN, *dir(object), "__module__", "__weakref__", "apply"} | {"__call__"}
        return [a for a in object.__dir__(self) if a not in hidden]

    def name(self):
        return type(self).__name__

    __repr__ = object.__repr__  # a Python class, so PyTorch shows its module path

    def __call__(self, *args, **kwargs):
        raise TypeError(f"'{type(self).__name__}' object is not callable")  # (only C++ nodes are)

    def apply(self, grad_outputs):
        if self.materialize_grads:
            grad_outputs = [Tensor._make(np.zeros(shape, dt)) if g is None else g
                            for g, (shape, dt) in zip(grad_outputs, self._input_metadata)]
        by_output = [None] * self._num_outputs  # (None for the outputs that are no tensors)
        for k, g in zip(self._tensor_outputs, grad_outputs):
            by_output[k] = g
        cls = self._forward_cls
        if cls.backward is not Function.backward and cls.vjp is not Function.vjp:
            raise RuntimeError("Implementing both 'backward' and 'vjp' for a custom Function is not "
                               "allowed. You should only implement one of them.")
        grads = (cls.vjp if cls.vjp is not Function.vjp else cls.backward)(self, *by_output)
        if not isinstance(grads, tuple):
            grads = (grads,)
        if len(grads) > self._num_args and all(g is None for g in grads[self._num_args:]):
            grads = grads[:self._num_args]  # (more Nones than arguments are let pass)
        if len(grads) != self._num_args:  # one per forward argument, None for non-tensors
            raise RuntimeError(f"function {self.name()} returned an incorrect number of gradients "
                               f"(expected {self._num_args}, got {len(grads)})")
        for i, g in enumerate(grads):
            if i not in self._tensor_args and g is not None:
                raise RuntimeError(f"function {self.name()} returned a gradient different than None "
                                   f"at position {i + 1}, but the corresponding forward input was "
                                   "not a Variable")
            if not (g is None or isinstance(g, Tensor)):
                raise RuntimeError(f"expected Variable or None (got {type(g).__name__})")
        return [grads[i] for i in self._tensor_args]


def once_differentiable(fn):
    """For a custom Function's backward that cannot itself be differentiated: it runs without
    recording. When a graph of gradients is being built, its results hang from an Error node, so
    that differentiating them again fails loudly instead of giving a silently wrong zero."""
    @functools.wraps(fn)
    def wrapper(ctx, *args):
        with grad_mode.no_grad():
            outputs = fn(ctx, *args)
        if not (grad_mode._enabled and any(isinstance(a, Tensor) and a.requires_grad for a in args)):
            return outputs
        outputs = outputs if isinstance(outputs, tuple) else (outputs,)
        # As PyTorch's: each result detached and made a leaf that requires grad (the Error node
        # needs an input that requires grad to be recorded)
        return delayed_error("trying to differentiate twice a function that was marked with "
                             "@once_differentiable",
                             *[None if v is None else v.detach().requires_grad_() for v in outputs])
    return wrapper


def delayed_error(message, *tensors):
    """PyTorch's DelayedError: `tensors` passed on (same data, a version counter of their own),
    hanging from an Error node when they are recorded, so that a backward through them fails with
    `message` rather than giving a silently wrong gradient (scatter_reduce's double backward)."""
    if not (grad_mode._enabled and any(t is not None and t.requires_grad for t in tensors)):
        return tensors
    node = Error(message, tuple((None, 0) if t is None else t._edge() for t in tensors),
                 tuple(None if t is None else (t._data.shape, t._data.dtype) for t in tensors))
    results = []
    for k, t in enumerate(tensors):
        if t is not None:
            t = Tensor._make(t._data)
            t._grad_fn, t._output_nr = node, k
        results.append(t)
    return tuple(results)


class Error(Node):
    """PyTorch's Error node (DelayedError's): recorded like any op, but backward through it fails."""

    __slots__ = ("message",)

    def __init__(self, message, next_functions, input_metadata):
        super().__init__(next_functions, input_metadata)
        self.message = message

    def name(self):
        return "minigrad::autograd::Error"  # a C++ node's name in PyTorch

    def apply(self, grad_outputs):
        raise RuntimeError(self.message)


class FunctionMeta(type):
    """Gives every Function subclass its node class, named `<Name>Backward` as in PyTorch."""

    def __init__(cls, name, bases, attrs):
        super().__init__(name, bases, attrs)
        cls._backward_cls = type(name + "Backward", (BackwardCFunction,), {"_forward_cls": cls})


class Function(metaclass=FunctionMeta):
    """Define an op by hand: static `forward(ctx, ...)` and `backward(ctx, *grads)`, call `.apply`.
    Or PyTorch 2's split form: `forward(...)` without ctx, then `setup_context(ctx, inputs, output)`
    fills the ctx (it gets the arguments with forward's defaults filled in)."""

    @staticmethod
    def forward(ctx, *args, **kwargs):
        raise NotImplementedError("You must implement the forward function for custom "
                                  "autograd.Function.")

    @staticmethod
    def setup_context(ctx, inputs, output):
        raise NotImplementedError("setup_context is not implemented.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError("You must implement either the backward or vjp method for your "
                                  "custom autograd.Function to use it with backward mode AD.")

    vjp = backward  # the same method under its other name: define one of the two

    @staticmethod
    def jvp(ctx, *grad_inputs):
        raise NotImplementedError("You must implement the jvp function for custom "
                                  "autograd.Function to use it with forward mode AD.")

    def __init__(self, *args, **kwargs):  # (PyTorch's pre-1.3 style made Function objects)
        warnings.warn(f"{self.__class__} should not be instantiated. Methods on autograd functions "
                      "are all static, so you should invoke them on the class itself. "
                      "Instantiating an autograd function will raise an error in a future version "
                      "of PyTorch.", DeprecationWarning, stacklevel=2)

    def __call__(self, *args, **kwargs):
        raise RuntimeError("Legacy autograd function with non-static forward method is deprecated. "
                           "Please use new-style autograd function with static forward method. "
                           "(Example: https://pytorch.org/docs/stable/autograd.html"
                           "#torch.autograd.Function)")

    @classmethod
    def apply(cls, *args, **kwargs):
        result, ctx, raw = cls._apply(*args, **kwargs)
        if _forward_level is not None and any(
                isinstance(a, Tensor) and a._fw_grad is not None for a in args):
            cls._forward_ad(ctx, args, result, raw)
        return result

    @classmethod
    def _forward_ad(cls, ctx, args, result, raw):
        """Forward AD through a custom Function: its jvp(ctx, *tangents) gives the outputs'
        tangents (zeros for a tensor input without one, None for other arguments); forward
        itself ran with forward AD off. Checked as PyTorch checks them: an input changed in place
        (`raw`: forward's own outputs) must have its tangent changed in place and returned; an
        output that is a view of an input with a tangent must get a view of that tangent."""
        before = [(a._fw_grad, a._fw_grad._version) if isinstance(a, Tensor)
                  and a._fw_grad is not None else (None, None) for a in args]
        tangents = [_materialized(a._fw_grad, a)
                    if isinstance(a, Tensor) else None for a in args]
        out_t = _without_forward_ad(cls.jvp, ctx, *tangents)
        out_t = out_t if isinstance(out_t, tuple) else (out_t,)
        outs = result if isinstance(result, tuple) else (result,)
        if len(out_t) != len(outs):
            raise RuntimeError("Function's jvp returned an invalid number of forward gradients "
                               f"(expected {len(outs)} but got {len(out_t)})")
        inputs = [a for a in args if isinstance(a, Tensor)]
        for i, (made, out, t) in enumerate(zip(raw, outs, out_t)):
            if not isinstance(made, Tensor):
                continue
            if (any(made is n for n in ctx.non_differentiable)
                    or made._data.dtype.kind != "f"):
                if t is not None:
                    raise RuntimeError(
                        f"Function's jvp returned a gradient at position {i}, but  the "
                        "corresponding forward output is not a differentiable Tensor.You should "
                        "return None at that position instead.")
                continue
            if t is None:
                continue
            if any(made is d for d in ctx.dirty_tensors):
                grad, version = before[next(k for k, a in enumerate(args) if a is made)]
                if grad is None:
                    _write_tangent(out, t)
                elif t._version == version:
                    raise RuntimeError(
                        "An inplace custom Function is not modifying the forward mode gradients "
                        "inplace. If the forward is modifying an input inplace, then the jvp "
                        "function must modify the corresponding gradient inplace.")
                elif t is not grad:
                    raise RuntimeError(
                        "An inplace custom Function is not returning the forward mode gradients "
                        "as-is. If the forward is modifying an input inplace, then the jvp "
                        "function must modify the gradient inplace and return it as-is.")
                continue
            base = out._view_base
            match = None if base is None else next((a for a in inputs if (
                a._view_base if a._view_base is not None else a) is base), None)
            if match is not None:  # a view of an input (or of its base)
                grad = match._fw_grad
                if grad is None:  # (PyTorch then writes it as an in-place op's, and stops)
                    _write_tangent(out, t)
                    return
                if t._view_base is None:
                    raise RuntimeError("A custom Function's forward is returning a view (or an "
                                       "input as-is) but the jvp is not returning a view.")
                if grad._view_base is not None and grad._view_base is not t._view_base:
                    raise RuntimeError("A custom Function is returning a view but the jvp is not "
                                       "returning a view of the same base as the given grad input.")
                if grad._view_base is None and grad is not t._view_base:
                    raise RuntimeError("A custom Function is returning a view but the jvp is not "
                                       "returning a view of the given grad input.")
            _set_fw_grad(out, t)

    @classmethod
    def _apply(cls, *args, **kwargs):
        split = cls.setup_context is not Function.setup_context
        if split:  # the arguments as setup_context will see them
            bound = inspect.signature(cls.forward).bind(*args, **kwargs)
            bound.apply_defaults()
            args, kwargs = bound.args, {}
        elif kwargs:  # (arguments given by name are inputs too, in forward's order)
            bound = inspect.signature(cls.forward).bind(None, *args, **kwargs)
            args, kwargs = bound.args[1:], bound.kwargs
        ctx = cls._backward_cls()
        tensor_args = [i for i, a in enumerate(args) if isinstance(a, Tensor)]
        ctx.needs_input_grad = tuple(isinstance(a, Tensor) and a.requires_grad for a in args)
        with grad_mode.no_grad():  # (and without forward AD: jvp says the outputs' tangents)
            if split:
                outputs = _without_forward_ad(cls.forward, *args)
                cls.setup_context(ctx, args, outputs)
            else:
                outputs = _without_forward_ad(lambda: cls.forward(ctx, *args, **kwargs))
        single = not isinstance(outputs, tuple)
        outs = [outputs] if single else list(outputs)
        for name, marked in (("non_differentiable", ctx.non_differentiable),
                             ("dirty", ctx.dirty_tensors)):
            if not all(isinstance(t, Tensor) for t in marked):  # (PyTorch's words, cut short)
                raise RuntimeError("mark_non_differentiable only accepts variable arguments, but "
                                   "got " if name == "non_differentiable" else
                                   "mark_dirty can only accept variables, but argument ")
        if not all(any(t is out for out in outs) for t in ctx.dirty_tensors):
            raise RuntimeError("Some elements marked as dirty during the forward method were not "
                               "returned as output. The inputs that are modified inplace must all "
                               "be outputs of the Function.")
        if not (grad_mode._enabled and any(ctx.needs_input_grad)):
            raw = list(outs)
            _wrap_unrecorded(outs, args, ctx, ctx.to_save if split else ())
            return (outs[0] if single else tuple(outs)), ctx, raw
        ctx._tensor_args, ctx._num_args = tensor_args, len(args)
        ctx._num_outputs = len(outs)
        ctx._tensor_outputs = [k for k, out in enumerate(outs) if isinstance(out, Tensor)]
        ctx.next_functions = tuple(args[i]._edge() for i in tensor_args)
        metadata, n_differentiable, raw = [], 0, list(outs)
        saved = ctx.to_save if split else ()  # (setup_context may not save an input returned)
        for k, out in enumerate(outs):
            if not isinstance(out, Tensor):
                continue
            differentiable = not any(out is t for t in ctx.non_differentiable)
            dirty = any(out is t for t in ctx.dirty_tensors)
            returned_input = any(out is a for a in args)
            if dirty:
                if out.is_leaf and out.requires_grad:
                    raise RuntimeError("a leaf Variable that requires grad has been used in an "
                                       "in-place operation.")
                if differentiable and not returned_input:
                    warnings.warn("ctx.mark_dirty() received a tensor that was not an input. Only "
                                  "input Tensors that have been mutated should be passed to "
                                  "ctx.mark_dirty(). (Triggered internally at /__w/pytorch/pytorch/"
                                  "torch/csrc/autograd/custom_function.cpp:320.)", stacklevel=3)
                if differentiable and out._view_base is not None and len(outs) > 1:
                    raise RuntimeError(_DIRTY_VIEW)
                base = out._view_base
                if base is not None and base.is_leaf and base.requires_grad:
                    raise RuntimeError("a view of a leaf Variable that requires grad is being used "
                                       "in an in-place operation.")
                out._version_counter.value += 1  # (PyTorch counts the marking as a change)
            elif returned_input:  # an input returned as-is: a new view of it (in-place changes
                # are refused: _view_rule_error), a detached alias if it needs no grad but has one
                out = outs[k] = _returned_input(out, differentiable, saved)
            metadata.append((out._data.shape, out._data.dtype))
            if out._data.dtype.kind == "f" and differentiable:
                old, old_nr = out._grad_fn, out._output_nr
                if dirty and out._view_base is not None:  # a view changed in place, as by an
                    out._refresh_view()               # in-place op: its base gets CopySlices
                    _rebase_view(out, out._view_base, ctx)
                else:
                    out._grad_fn, out._output_nr = ctx, len(metadata) - 1
                if dirty:
                    _new_history(out, old, old_nr)
                n_differentiable += 1
            if not (returned_input and dirty) and out._view_base is not None:
                out._creation_meta = "custom"  # (see _view_rule_error)
        if n_differentiable > 1:  # several views of one node, as unbind's
            for out in outs:
                if isinstance(out, Tensor) and out._view_base is not None:
                    out._creation_meta = "multi"
        ctx._input_metadata = tuple(metadata)
        for i, t in enumerate(ctx.to_save):
            if not (t is None or isinstance(t, Tensor)):
                raise TypeError("save_for_backward can only save variables, but argument "
                                f"{i} is of type {type(t).__name__}")
        ctx._saved_tensors = {
            i: None if t is None else SavedTensor(t, is_output=t._grad_fn is ctx)
            for i, t in enumerate(ctx.to_save)}
        ctx.to_save = ()
        return (outs[0] if single else tuple(outs)), ctx, raw
