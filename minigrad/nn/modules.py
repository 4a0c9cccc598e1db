"""Modules: layers that own their Parameters, as `torch.nn` builds networks.

A Module is an object whose attributes may be Parameters and other Modules. Assigning one
(`self.fc = Linear(2, 3)`) registers it, which is all `parameters()`, `zero_grad()`, `train()` and
the printed tree need. Calling a module calls its `forward`.
"""
import math
from collections import OrderedDict

from ..autograd.grad_mode import no_grad
from ..ops import empty
from ..tensor import Tensor
from . import functional as F
from .parameter import Parameter


def _zero_grads(params, set_to_none):
    """Module.zero_grad and Optimizer.zero_grad: .grad = None (the default, so the next backward
    starts afresh), or zeros written into .grad, cut from any graph that made it."""
    for p in params:
        if p.grad is not None:
            if set_to_none:
                p.grad = None
            else:
                if p.grad.grad_fn is not None:
                    p.grad.detach_()
                else:
                    p.grad.requires_grad_(False)
                p.grad.zero_()


class Module:
    """Base class of all layers: subclasses set attributes in __init__ and define forward()."""

    def __init__(self):
        # object.__setattr__: our own __setattr__ needs these dicts to exist already
        object.__setattr__(self, "training", True)
        object.__setattr__(self, "_parameters", {})
        object.__setattr__(self, "_modules", {})

    def __setattr__(self, name, value):
        """A Parameter or Module value is registered (and replaces any other kind of attribute)."""
        params, modules = self.__dict__.get("_parameters"), self.__dict__.get("_modules")
        if isinstance(value, Parameter):
            if params is None:
                raise AttributeError("cannot assign parameters before Module.__init__() call")
            self.__dict__.pop(name, None)
            modules.pop(name, None)
            self.register_parameter(name, value)
        elif params is not None and name in params:
            if value is not None:
                raise TypeError(f"cannot assign '{_typename(value)}' as parameter '{name}' "
                                "(torch.nn.Parameter or None expected)")
            params[name] = value
        elif isinstance(value, Module):
            if modules is None:
                raise AttributeError("cannot assign module before Module.__init__() call")
            self.__dict__.pop(name, None)
            params.pop(name, None)
            modules[name] = value
        elif modules is not None and name in modules:
            if value is not None:
                raise TypeError(f"cannot assign '{_typename(value)}' as child module '{name}' "
                                "(torch.nn.Module or None expected)")
            modules[name] = value
        else:
            object.__setattr__(self, name, value)

    def __getattr__(self, name):
        """Called only when normal lookup fails: registered Parameters and Modules live here."""
        for registry in ("_parameters", "_modules"):
            found = self.__dict__.get(registry, {})
            if name in found:
                return found[name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __delattr__(self, name):
        for registry in (self._parameters, self._modules):
            if name in registry:
                del registry[name]
                return
        object.__delattr__(self, name)

    def register_parameter(self, name, param):
        """Register `param` (a Parameter, or None for an absent one such as a missing bias)."""
        if param is not None and not isinstance(param, Parameter):
            raise TypeError(f"cannot assign '{_typename(param)}' object to parameter '{name}' "
                            "(torch.nn.Parameter or None required)")
        self._parameters[name] = param

    def add_module(self, name, module):
        self._modules[name] = module

    def forward(self, *input):
        raise NotImplementedError(f'Module [{type(self).__name__}] is missing the required '
                                  '"forward" function')

    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)

    # --- walking the tree -------------------------------------------------------------------
    def named_modules(self, memo=None, prefix=""):
        """This module, then each submodule (depth first, in assignment order), each once."""
        memo = set() if memo is None else memo
        if self not in memo:
            memo.add(self)
            yield prefix, self
            for name, module in self._modules.items():
                if module is not None:
                    yield from module.named_modules(memo, prefix + ("." if prefix else "") + name)

    def modules(self):
        for _, module in self.named_modules():
            yield module

    def named_children(self):
        for name, module in self._modules.items():
            if module is not None:
                yield name, module

    def children(self):
        for _, module in self.named_children():
            yield module

    def named_parameters(self, prefix="", recurse=True):
        """(dotted name, Parameter) pairs: each module's own first, a shared Parameter once."""
        seen = set()
        modules = self.named_modules(prefix=prefix) if recurse else [(prefix, self)]
        for module_prefix, module in modules:
            for name, p in module._parameters.items():
                if p is not None and p not in seen:
                    seen.add(p)
                    yield module_prefix + ("." if module_prefix else "") + name, p

    def parameters(self, recurse=True):
        for _, p in self.named_parameters(recurse=recurse):
            yield p

    # --- training ---------------------------------------------------------------------------
    def zero_grad(self, set_to_none=True):
        """Forget the gradients of the last backward (by default .grad becomes None again)."""
        _zero_grads(self.parameters(), set_to_none)

    def train(self, mode=True):
        """Set `training` here and in every submodule (layers such as Dropout read it)."""
        if not isinstance(mode, bool):
            raise ValueError("training mode is expected to be boolean")
        self.training = mode
        for module in self.children():
            module.train(mode)
        return self

    def eval(self):
        return self.train(False)

    # --- printing ---------------------------------------------------------------------------
    def extra_repr(self):
        """The text inside the parentheses of this module's line, e.g. 'in_features=2, ...'."""
        return ""

    def __repr__(self):
        extra = self.extra_repr()
        extra = extra.split("\n") if extra else []
        children = [f"({name}): " + repr(module).replace("\n", "\n  ")
                    for name, module in self._modules.items()]
        lines = extra + children
        if len(extra) == 1 and not children:
            return f"{type(self).__name__}({extra[0]})"
        if lines:
            return f"{type(self).__name__}(\n  " + "\n  ".join(lines) + "\n)"
        return f"{type(self).__name__}()"


def _typename(obj):
    """How PyTorch names a value in its errors: 'torch.FloatTensor' for a tensor."""
    return obj.type() if isinstance(obj, Tensor) else type(obj).__qualname__


class Linear(Module):
    """y = x @ weight.T + bias, with weight of shape (out_features, in_features)."""

    def __init__(self, in_features, out_features, bias=True):
        super().__init__()
        self.in_features, self.out_features = in_features, out_features
        self.weight = Parameter(empty(out_features, in_features))
        if bias:
            self.bias = Parameter(empty(out_features))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        """PyTorch's default start: uniform on [-1/sqrt(in_features), 1/sqrt(in_features)] for
        weight and bias (kaiming_uniform_ with a=sqrt(5) works out to that bound)."""
        bound = 1 / math.sqrt(self.in_features) if self.in_features > 0 else 0
        with no_grad():
            self.weight.uniform_(-bound, bound)
            if self.bias is not None:
                self.bias.uniform_(-bound, bound)

    def forward(self, input):
        return F.linear(input, self.weight, self.bias)

    def extra_repr(self):
        return (f"in_features={self.in_features}, out_features={self.out_features}, "
                f"bias={self.bias is not None}")


class ReLU(Module):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return input.relu_() if self.inplace else input.relu()

    def extra_repr(self):
        return "inplace=True" if self.inplace else ""


class Sigmoid(Module):
    def forward(self, input):
        return input.sigmoid()


class Tanh(Module):
    def forward(self, input):
        return input.tanh()


class Sequential(Module):
    """The given modules applied one after the other; they are registered as '0', '1', ..."""

    def __init__(self, *args):
        super().__init__()
        if len(args) == 1 and isinstance(args[0], OrderedDict):
            for name, module in args[0].items():
                self.add_module(name, module)
        else:
            for idx, module in enumerate(args):
                self.add_module(str(idx), module)

    def forward(self, input):
        for module in self:
            input = module(input)
        return input

    def __getitem__(self, idx):
        if isinstance(idx, slice):  # a Sequential of those modules, which keep their names
            return type(self)(OrderedDict(list(self._modules.items())[idx]))
        size = len(self)
        if not -size <= idx < size:
            raise IndexError(f"index {idx} is out of range")
        return list(self._modules.values())[idx]

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())


class _Loss(Module):
    def __init__(self, size_average=None, reduce=None, reduction="mean"):
        super().__init__()
        if size_average is not None or reduce is not None:
            raise NotImplementedError("minigrad: the deprecated size_average and reduce "
                                      "arguments are not implemented; use reduction")
        self.reduction = reduction


class MSELoss(_Loss):
    """The mean (or sum, or each) of the squared differences (input - target) ** 2."""

    def forward(self, input, target):
        return F.mse_loss(input, target, reduction=self.reduction)


class CrossEntropyLoss(_Loss):
    """-log softmax(input)[target]: input holds unnormalised scores (logits) per class."""

    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None,
                 reduction="mean", label_smoothing=0.0):
        super().__init__(size_average, reduce, reduction)
        if weight is not None or ignore_index != -100 or label_smoothing != 0.0:
            raise NotImplementedError("minigrad: CrossEntropyLoss(weight=..., ignore_index=..., "
                                      "label_smoothing=...) is not implemented")

    def forward(self, input, target):
        return F.cross_entropy(input, target, reduction=self.reduction)
