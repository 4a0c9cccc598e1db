"""The handle `register_hook` returns (`minigrad.utils.hooks.RemovableHandle`, as in PyTorch),
and BackwardHook, the machinery of Module.register_full_backward_hook."""
import itertools
import warnings
import weakref

from ..autograd import grad_mode
from ..autograd.function import Function
from ..tensor import Tensor

_ids = itertools.count()


class RemovableHandle:
    """Remembers where a hook was registered, weakly, so `remove()` can take it out again."""

    def __init__(self, hooks_dict, *, extra_dict=()):
        """extra_dict: dicts (or one dict) that may hold flags under the hook's id, such as
        Module's with_kwargs: remove() clears them too."""
        self.hooks_dict_ref = weakref.ref(hooks_dict)
        self.id = next(_ids)
        extra = [extra_dict] if isinstance(extra_dict, dict) else extra_dict
        self.extra_dict_ref = tuple(weakref.ref(d) for d in extra)

    @classmethod
    def add(cls, hooks_dict, hook, extra_dict=()):
        handle = cls(hooks_dict, extra_dict=extra_dict)
        hooks_dict[handle.id] = hook
        return handle

    def remove(self):
        for ref in (self.hooks_dict_ref, *self.extra_dict_ref):
            hooks_dict = ref()
            if hooks_dict is not None:
                hooks_dict.pop(self.id, None)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.remove()


class BackwardHook:
    """How Module.register_full_backward_hook works, as in PyTorch: the module's tensor inputs
    and its outputs each pass through a BackwardHookFunction (an identity custom Function), so
    the graph gets a node just before and one just after the module. The output-side node's
    post hook sees grad_output (and runs the backward pre-hooks); the input-side node's post hook
    sees grad_input and calls the user's hooks with both. Everything happens inside the engine's
    ordinary walk: the nodes are plain nodes of the graph."""

    def __init__(self, module, user_hooks, user_pre_hooks):
        self.module, self.user_hooks, self.user_pre_hooks = module, user_hooks, user_pre_hooks
        self.grad_outputs = None
        self.n_inputs = self.n_outputs = -1
        self.input_tensors_index = self.output_tensors_index = None

    @staticmethod
    def _pack_with_none(indices, values, size):
        """One slot per argument of forward: the tensors' gradients, None for the others."""
        res = [None] * size
        for i, v in zip(indices, values):
            res[i] = v
        return tuple(res)

    def _apply_on_tensors(self, fn, args):
        """Pass the tensors among `args` through one BackwardHookFunction and give its node to
        `fn`; nothing is done (index None) when no tensor needs a gradient."""
        tensors_idx = [i for i, a in enumerate(args) if isinstance(a, Tensor)]
        tensors = [args[i] for i in tensors_idx]
        if not (any(t.requires_grad for t in tensors) and grad_mode._enabled):
            return args, None
        new_tensors = BackwardHookFunction.apply(*tensors)
        fn(next(t.grad_fn for t in new_tensors if t.grad_fn is not None))
        arg_list = list(args)
        for i, t in zip(tensors_idx, new_tensors):
            arg_list[i] = t
        # (a namedtuple output keeps its type)
        return (tuple(arg_list) if type(args) is tuple else type(args)(*arg_list)), tensors_idx

    def setup_input_hook(self, args):
        def hook(grad_input, _):
            if self.grad_outputs is None:  # reached the inputs without passing the outputs
                return None
            res = self._pack_with_none(self.input_tensors_index, grad_input, self.n_inputs)
            for user_hook in self.user_hooks:
                out = user_hook(self.module, res, self.grad_outputs)
                if out is None:
                    continue
                if len(out) != len(res):
                    raise RuntimeError("Backward hook returned an invalid number of grad_input, "
                                       f"got {len(out)}, but expected {len(res)}")
                res = out
            self.grad_outputs = None
            return tuple(res[i] for i in self.input_tensors_index)

        res, self.input_tensors_index = self._apply_on_tensors(
            lambda grad_fn: grad_fn.register_hook(hook), args)
        self.n_inputs = len(args)
        return res

    def setup_output_hook(self, result):
        def hook(_, grad_output):
            self.grad_outputs = self._pack_with_none(self.output_tensors_index, grad_output,
                                                     self.n_outputs)
            for pre_hook in self.user_pre_hooks:
                out = pre_hook(self.module, self.grad_outputs)
                if out is None:
                    continue
                if len(out) != len(self.grad_outputs):
                    raise RuntimeError("Backward pre hook returned an invalid number of "
                                       f"grad_output, got {len(out)}, but expected "
                                       f"{len(self.grad_outputs)}")
                self.grad_outputs = out
            grad_outputs = self.grad_outputs
            if self.input_tensors_index is None:  # no input needs a gradient: fire now
                warnings.warn(_NO_INPUT_GRAD_WARNING, stacklevel=5)
                grad_inputs = (None,) * self.n_inputs
                for user_hook in self.user_hooks:
                    res = user_hook(self.module, grad_inputs, self.grad_outputs)
                    if res is not None and not (isinstance(res, tuple) and
                                                all(r is None for r in res)):
                        raise RuntimeError("Backward hook for Modules where no input requires "
                                           "gradient should always return None or None for all "
                                           "gradients.")
                self.grad_outputs = None
            return tuple(grad_outputs[i] for i in self.output_tensors_index)

        is_tuple = isinstance(result, tuple)
        res, self.output_tensors_index = self._apply_on_tensors(
            lambda grad_fn: grad_fn.register_hook(hook), result if is_tuple else (result,))
        self.n_outputs = len(res)
        return res if is_tuple else res[0]


_NO_INPUT_GRAD_WARNING = (
    "Full backward hook is firing when gradients are computed with respect to module outputs "
    "since no inputs require gradients. See https://docs.pytorch.org/docs/main/generated/"
    "torch.nn.Module.html#torch.nn.Module.register_full_backward_hook for more details.")


class BackwardHookFunction(Function):
    """The identity, as a custom Function: its node is where a module's backward hooks hang.
    Its outputs are views of its inputs (inputs returned as-is), so changing one in place is
    the custom-Function view error PyTorch gives."""

    @staticmethod
    def forward(ctx, *args):
        ctx.mark_non_differentiable(*[a for a in args if not a.requires_grad])
        return args

    @staticmethod
    def backward(ctx, *args):
        return args
