"""Activation and loss functions, as `torch.nn.functional` names them."""
import math
import warnings

from .. import derivatives as d
from ..autograd.function import _broadcast_shape
from ..ops import expand, relu, sigmoid, tanh  # noqa: F401


def softmax(input, dim, dtype=None):
    return input.softmax(dim, dtype=dtype)  # the method, as PyTorch's F.softmax calls it


def log_softmax(input, dim, dtype=None):
    return input.log_softmax(dim, dtype=dtype)


def mse_loss(input, target, reduction="mean"):
    if target.shape != input.shape:
        warnings.warn(f"Using a target size ({target.size()}) that is different to the input size "
                      f"({input.size()}). This will likely lead to incorrect results due to "
                      "broadcasting. Please ensure they have the same size.", stacklevel=2)
    shape = _broadcast_shape(input.shape, target.shape)  # torch.broadcast_tensors, as PyTorch
    input = input if input.shape == shape else expand(input, shape)
    target = target if target.shape == shape else expand(target, shape)
    return d.mse_loss(input, target, reduction)


def nll_loss(input, target, reduction="mean"):
    """-input[i, target[i]] for each sample i; a 1-D input is one sample with a 0-d target."""
    if input.dim() == 1 and target.dim() == 1:
        if target.shape[0] != 1:
            raise ValueError("For 1D input, 1D target must have size 1, but got target size: "
                             f"{target.shape[0]}")
        target = target.reshape(())
    elif input.dim() > 1 and (target.dim() == 0 or target.shape[0] != input.shape[0]):
        raise ValueError(f"Expected input batch_size ({input.shape[0]}) to match target "
                         f"batch_size ({target.shape[0] if target.dim() else 0}).")
    if target._data.dtype.kind not in "iu" or target._data.dtype.itemsize not in (1, 8):
        raise RuntimeError("expected target dtype to be Long or Byte, but got "
                           f"{target.dtype._scalar}")
    outside = (target._data < 0) | (target._data >= input.shape[-1])
    if outside.any():
        raise IndexError(f"Target {target._data[outside].flat[0]} is out of bounds.")
    return d.nll_loss(input, target, reduction)


def cross_entropy(input, target, reduction="mean"):
    """log_softmax then nll_loss, as PyTorch computes it (so the graph shows both nodes).
    A float target of the input's shape holds class probabilities: -sum(target * log p)."""
    class_dim = 0 if input.dim() == 1 else 1
    logp = log_softmax(input, class_dim)
    if target.dtype.is_floating_point and target.shape == input.shape:
        if reduction == "none":
            return -(logp * target).sum(class_dim)
        if reduction == "sum":
            return -(logp * target).sum()
        if input.numel() == 0:  # the mean of nothing
            return -(logp * target).sum().fill_(math.nan)
        return d.div_scalar(-(logp * target).sum(), input.numel() // input.shape[class_dim])
    return nll_loss(logp, target, reduction)
