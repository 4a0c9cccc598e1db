"""minigrad.autograd.graph: hooks on the tensors the graph saves for backward.

`with saved_tensors_hooks(pack_hook, unpack_hook):` every tensor an op saves for backward is
handed to pack_hook, and the graph keeps whatever it returns instead of the tensor; backward (or
`grad_fn._saved_self`) gets the tensor back from unpack_hook(packed). Offloading, compressing or
recomputing saved activations are built on this.

`allow_mutation_on_saved_tensors` is built on these hooks: inside it, a saved tensor changed in
place is copied just before the change, so backward still finds the values it saved.

Also here: `Node`, the abstract class every grad_fn is an instance of, and
`register_multi_grad_hook`, one hook for the gradients of several tensors.
"""
import abc
import contextlib
import weakref
from typing import NamedTuple

from ..tensor import Tensor
from ..utils.hooks import RemovableHandle
from . import engine, function, grad_mode
from .function import BackwardCFunction


_disabled_message = None  # set inside disable_saved_tensors_hooks: why hooks are refused


class saved_tensors_hooks:
    """Inside the block, tensors saved for backward go through pack_hook / unpack_hook."""

    def __init__(self, pack_hook, unpack_hook):
        self.pack_hook, self.unpack_hook = pack_hook, unpack_hook

    def __enter__(self):
        if not (callable(self.pack_hook) and callable(self.unpack_hook)):
            raise TypeError(
                "_push_saved_tensors_default_hooks(): incompatible function arguments. The "
                "following argument types are supported:\n    1. (arg0: collections.abc.Callable, "
                "arg1: collections.abc.Callable) -> None\n\nInvoked with: "
                f"{self.pack_hook!r}, {self.unpack_hook!r}")
        if _disabled_message is not None:
            raise RuntimeError(_disabled_message)
        engine._default_hooks.append((self.pack_hook, self.unpack_hook))

    def __exit__(self, *exc):
        engine._default_hooks.pop()


class disable_saved_tensors_hooks:
    """Inside the block, installing saved-tensor hooks raises RuntimeError(error_message): for
    code whose saved tensors must stay as they are."""

    def __init__(self, error_message):
        self.error_message = error_message

    def __enter__(self):
        global _disabled_message
        self.previous, _disabled_message = _disabled_message, self.error_message

    def __exit__(self, *exc):
        global _disabled_message
        _disabled_message = self.previous


class save_on_cpu(saved_tensors_hooks):
    """Saved tensors are kept on the CPU and moved back to their device when backward needs
    them. Memory here is always the CPU's, so the copy is all that happens."""

    def __init__(self, pin_memory=False, device_type="cuda"):
        def pack_to_cpu(tensor):
            return (tensor.device, tensor.cpu())

        def unpack_from_cpu(packed):
            device, tensor = packed
            return tensor.to(device)

        super().__init__(pack_to_cpu, unpack_from_cpu)


class Node(abc.ABC):
    """What every grad_fn is: `isinstance(y.grad_fn, Node)`. PyTorch's nodes are C++ classes,
    so this is an abstract class that recognises them; minigrad's all derive from engine.Node."""

    @abc.abstractmethod
    def name(self):
        raise NotImplementedError

    @property
    @abc.abstractmethod
    def next_functions(self):
        raise NotImplementedError

    @abc.abstractmethod
    def metadata(self):
        raise NotImplementedError

    @abc.abstractmethod
    def _sequence_nr(self):
        raise NotImplementedError

    @property
    @abc.abstractmethod
    def _input_metadata(self):
        raise NotImplementedError

    @abc.abstractmethod
    def _register_hook_dict(self, tensor):
        raise NotImplementedError

    @abc.abstractmethod
    def register_hook(self, fn):
        raise NotImplementedError

    @abc.abstractmethod
    def register_prehook(self, fn):
        raise NotImplementedError


Node.register(engine.Node)


class GradientEdge(NamedTuple):
    """Where a tensor's gradient enters the graph: input `output_nr` of `node`. autograd.grad
    and backward take these in place of tensors (outputs or inputs)."""
    node: Node
    output_nr: int
    ownership_token: Node | None = None  # keeps a custom Function's graph alive in PyTorch


def get_gradient_edge(tensor):
    """The GradientEdge of `tensor`: its grad_fn, or for a leaf its AccumulateGrad node."""
    if not tensor.requires_grad:
        raise RuntimeError("It is not possible to get the gradient edge for a Tensor that does "
                           "not require gradients")
    node, output_nr = tensor._edge()
    token = None
    if isinstance(node, BackwardCFunction):  # PyTorch's token for a Python node: a view's node
        with grad_mode.enable_grad():
            token = tensor.view_as(tensor).grad_fn
    return GradientEdge(node, output_nr, ownership_token=token)


def increment_version(tensor):
    """Count an in-place change autograd could not see (say, through .numpy()): a tensor saved
    for backward before it then fails its version check, as after any in-place op."""
    for t in (tensor,) if isinstance(tensor, Tensor) else tensor:
        if not t.is_inference():
            t._version_counter.value += 1


class _MultiHandle(RemovableHandle):
    """The handles of the hooks register_multi_grad_hook put on each tensor, removed together."""

    def __init__(self, handles):
        self.handles = handles

    def remove(self):
        for handle in self.handles:
            handle.remove()


def register_multi_grad_hook(tensors, fn, *, mode="all"):
    """One hook over several tensors, built from a tensor hook on each. mode="all": once per
    backward pass, fn(grads) after every tensor whose node the pass runs has its gradient (None
    for the others); mode="any": fn(grad) with the first gradient computed in the pass."""
    supported_modes = ("all", "any")
    if mode not in supported_modes:
        raise ValueError(f"Expects mode to be one of {supported_modes} but got {mode}")
    if mode == "all":
        count, buffer = {}, {}  # backward pass -> hooks run so far / gradients so far
        grad_fns = [t._edge()[0] for t in tensors]  # (a leaf's: its AccumulateGrad)

        def get_inner_hook(idx):
            def inner_hook(grad):
                task_id, _, will_run, _ = engine._graph_task
                seen = count.get(task_id, 0)
                count[task_id] = seen + 1
                grads = buffer.setdefault(task_id, [None] * len(tensors))
                grads[idx] = grad
                if seen + 1 == sum(map(will_run, grad_fns)):  # the last one this pass brings
                    del count[task_id], buffer[task_id]
                    fn(grads)
            return inner_hook

        handles = tuple(t.register_hook(get_inner_hook(i)) for i, t in enumerate(tensors))
    else:
        ran_hook = set()

        def wrapped_fn(grad):
            task_id = engine._graph_task[0]
            if task_id not in ran_hook:
                ran_hook.add(task_id)
                fn(grad)

        handles = tuple(t.register_hook(wrapped_fn) for t in tensors if t.requires_grad)
    return _MultiHandle(handles)


class _Handle:
    """What a saved tensor is packed into: one per tensor (and version) saved."""


class _AllowMutationOnSavedContext:
    """The state of an allow_mutation_on_saved_tensors block: each handle's tensor (`original`),
    or the copy taken before that tensor was changed in place (`cloned`)."""

    def __init__(self):
        self.cloned = weakref.WeakKeyDictionary()  # handle -> copy of the tensor before the write
        self.original = weakref.WeakKeyDictionary()  # handle -> the saved tensor itself
        self.tid_to_weakhandle = weakref.WeakValueDictionary()  # (id, address, version) -> handle
        self.sid_to_tid = {}  # (address, version) -> the tids of tensors saved there

    def clear(self):
        self.cloned.clear()
        self.original.clear()
        self.tid_to_weakhandle.clear()
        self.sid_to_tid.clear()


def _tid(tensor):
    return id(tensor), tensor.data_ptr(), tensor._version


def _sid(tensor):
    """Which memory: as PyTorch keys it, by where the tensor starts and its version, not by the
    whole buffer. A write through a view that starts elsewhere is not seen (PyTorch's FIXME)."""
    return tensor.data_ptr(), tensor._version


class _swap_with_cloned(saved_tensors_hooks):
    """Saved tensors are packed into handles; unpacking gives the copy taken before the tensor
    was written to, if it was, else the tensor."""

    def __init__(self, ctx):
        def pack_hook(tensor):
            tid = _tid(tensor)
            ctx.sid_to_tid.setdefault(_sid(tensor), {})[tid] = None
            handle = ctx.tid_to_weakhandle.get(tid)
            if handle is None:  # (the same tensor, at the same version, saved again shares it)
                handle = ctx.tid_to_weakhandle[tid] = _Handle()
                ctx.original[handle] = tensor
            return handle

        def unpack_hook(handle):
            error = ("Trying to backward outside of the 'allow_mutation_on_saved_tensors' context"
                     "in which the graph was originally recorded.")
            if not _allow_mutation_on_saved_tensors_enabled:
                raise AssertionError(error)
            if handle in ctx.cloned:
                return ctx.cloned[handle]
            if handle not in ctx.original:
                raise AssertionError(error)
            return ctx.original[handle]

        super().__init__(pack_hook, unpack_hook)


def _clone_before_write(ctx):
    """What runs before each in-place write: every saved tensor sharing the memory about to
    change is copied first (once), so backward still sees the values it saved."""
    def on_write(tensor):
        for tid in ctx.sid_to_tid.get(_sid(tensor), ()):
            handle = ctx.tid_to_weakhandle.get(tid)
            if handle is None or handle in ctx.cloned:  # freed by backward, or copied already
                continue
            with grad_mode.no_grad():
                ctx.cloned[handle] = ctx.original.pop(handle).clone()
    return on_write


_allow_mutation_on_saved_tensors_enabled = False


@contextlib.contextmanager
def allow_mutation_on_saved_tensors():
    """Inside the block, a tensor saved for backward may be changed in place: it is copied just
    before the change, and backward uses the copy. Run forward and backward both inside it."""
    global _allow_mutation_on_saved_tensors_enabled
    ctx = _AllowMutationOnSavedContext()
    with _swap_with_cloned(ctx):
        previous, function.on_inplace_write = function.on_inplace_write, _clone_before_write(ctx)
        try:
            if _allow_mutation_on_saved_tensors_enabled:
                raise RuntimeError("allow_mutation_on_saved_tensors contexts cannot be nested")
            _allow_mutation_on_saved_tensors_enabled = True
            yield ctx
        finally:
            function.on_inplace_write = previous
            ctx.clear()
            _allow_mutation_on_saved_tensors_enabled = False


__all__ = ["saved_tensors_hooks", "save_on_cpu", "disable_saved_tensors_hooks",
           "register_multi_grad_hook", "Node", "GradientEdge", "get_gradient_edge",
           "increment_version", "allow_mutation_on_saved_tensors"]
