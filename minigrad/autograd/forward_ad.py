"""Forward-mode AD with dual tensors, as torch.autograd.forward_ad.

Reverse mode records the forward and runs it backward; forward mode carries a *tangent* beside
each value and pushes it through every op as the op runs: the result's tangent is the Jacobian
of the op times the inputs' tangents (the row's `result` rule in derivatives.py). One forward
pass gives J @ v for one direction v, whatever the number of outputs.

    with dual_level():
        x = make_dual(primal, v)      # a view of primal that carries v
        y = f(x)                      # every op gives its result a tangent
        y_p, jvp = unpack_dual(y)     # J(primal) @ v

The tangent lives on the tensor (`_fw_grad`). As in PyTorch only one level at a time is
supported, and leaving it takes every tangent made in it away.
"""
from typing import NamedTuple

from ..tensor import Tensor
from . import function
from .grad_mode import context_decorator

__all__ = ["UnpackedDualTensor", "enter_dual_level", "exit_dual_level", "make_dual",
           "unpack_dual", "dual_level"]

_current_level = -1  # the level make_dual and unpack_dual use when given none (-1: none entered)


def enter_dual_level():
    """Enter a new forward grad level: make_dual and unpack_dual use it by default."""
    global _current_level
    if function._forward_level is not None:
        raise RuntimeError("Nested forward mode AD is not supported at the moment")
    function._forward_level = []  # the tensors given a tangent in it
    _current_level += 1
    return _current_level


def exit_dual_level(*, level=None):
    """Exit the forward grad level: every tangent made in it is deleted."""
    global _current_level
    if level is None:
        level = _current_level
    if level != _current_level:
        raise RuntimeError("Trying to exit a forward AD level that was not the last one that was "
                           "created. This is not supported.")
    if level < 0:
        raise RuntimeError("Dual level must be a positive number.")
    for ref in function._forward_level:
        t = ref()
        if t is not None:
            t._fw_grad = None
    function._forward_level = None
    _current_level = level - 1


def make_dual(tensor, tangent, *, level=None):
    """A new tensor aliased to `tensor` (a view of it, ViewBackward0 in reverse mode, as
    PyTorch's _make_dual) carrying `tangent` as-is. Differentiable backward."""
    if level is None:
        level = _current_level
    if level < 0:
        raise RuntimeError("Trying to create a dual Tensor for forward AD but no level exists, "
                           "make sure to enter_dual_level() first.")
    if not (tensor.is_floating_point() or tensor.is_complex()):
        raise ValueError("Expected primal to be floating point or complex, but got: "
                         f"{tensor.dtype}")
    if not (tangent.is_floating_point() or tangent.is_complex()):
        raise ValueError("Expected tangent to be floating point or complex, but got: "
                         f"{tangent.dtype}")
    if level != _current_level:
        raise RuntimeError("Invalid level given to _make_dual")
    if tensor._fw_grad is not None:
        raise RuntimeError("Making a dual Tensor based on a Tensor that already has a forward "
                           f"gradient at the same level {level} is not supported.")
    if tangent.shape != tensor.shape:
        raise RuntimeError(
            "Trying to set a forward gradient that has a different size than that of the original "
            f"Tensor, this is not supported. Tensor is of size {list(tensor.shape)} while the given "
            f"forward gradient is of size {list(tangent.shape)}.")
    from ..derivatives import view
    dual = view(tensor, tuple(tensor.shape))  # (PyTorch's _make_dual is a view op: ViewBackward0)
    function._set_fw_grad(dual, tangent)
    return dual


class UnpackedDualTensor(NamedTuple):
    """What unpack_dual returns: the value and its tangent, by name or as a pair."""

    primal: Tensor
    tangent: Tensor | None


def unpack_dual(tensor, *, level=None):
    """(primal, tangent): the primal a view of `tensor` without the tangent, the tangent as-is
    (None for a tensor that has none, or outside any level)."""
    if level is None:
        level = _current_level
    if level < 0:
        return UnpackedDualTensor(tensor, None)
    if not isinstance(tensor, Tensor):
        raise TypeError("_unpack_dual(): argument 'dual' (position 1) must be Tensor, not "
                        f"{type(tensor).__name__}")
    from ..derivatives import fw_primal  # (a view without the tangent; its node is Identity)
    return UnpackedDualTensor(function._without_forward_ad(fw_primal, tensor), tensor._fw_grad)


class dual_level:
    """Context-manager for forward AD, where all forward AD computation must occur within the
    ``dual_level`` context. Only a single level is supported (nesting raises). Also a decorator."""

    def __enter__(self):
        return enter_dual_level()

    def __exit__(self, exc_type, exc_value, traceback):
        exit_dual_level()

    def __call__(self, fn):
        return context_decorator(self.__class__, fn)
