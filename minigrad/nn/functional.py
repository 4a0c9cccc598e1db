"""Activation and loss functions, as `torch.nn.functional` names them."""
import warnings

from .. import derivatives as d
from ..ops import relu, sigmoid, tanh  # noqa: F401
from ..tensor import _wrap_dim


def softmax(input, dim):
    return d.softmax(input, _wrap_dim(dim, input.dim()))


def log_softmax(input, dim):
    return d.log_softmax(input, _wrap_dim(dim, input.dim()))


def mse_loss(input, target, reduction="mean"):
    if target.shape != input.shape:
        warnings.warn(f"Using a target size ({target.size()}) that is different to the input size "
                      f"({input.size()}). This will likely lead to incorrect results due to "
                      "broadcasting. Please ensure they have the same size.", stacklevel=2)
    return d.mse_loss(input, target, reduction)


def nll_loss(input, target, reduction="mean"):
    return d.nll_loss(input, target, reduction)


def cross_entropy(input, target, reduction="mean"):
    """log_softmax then nll_loss, as PyTorch computes it (so the graph shows both nodes)."""
    return nll_loss(log_softmax(input, 1), target, reduction)
