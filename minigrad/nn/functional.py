"""Activation and loss functions, as `torch.nn.functional` names them."""
import math
import numbers
import warnings

import numpy as np

from .. import derivatives as d
from ..autograd.function import _broadcast_shape, apply_inplace
from ..ops import expand, sigmoid, tanh  # noqa: F401


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _implicit_dim("softmax", input.dim())
    return input.softmax(dim, dtype=dtype)  # the method, as PyTorch's F.softmax calls it


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _implicit_dim("log_softmax", input.dim())
    return input.log_softmax(dim, dtype=dtype)


def mse_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    _unsupported("mse_loss", size_average=size_average, reduce=reduce, weight=weight)
    if target.shape != input.shape:
        warnings.warn(f"Using a target size ({target.size()}) that is different to the input size "
                      f"({input.size()}). This will likely lead to incorrect results due to "
                      "broadcasting. Please ensure they have the same size.", stacklevel=2)
    shape = _broadcast_shape(input.shape, target.shape)  # torch.broadcast_tensors, as PyTorch
    input = input if input.shape == shape else expand(input, shape)
    target = target if target.shape == shape else expand(target, shape)
    _check_reduction(reduction)
    return d.mse_loss(input, target, reduction)


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
             reduction="mean"):
    """-input[i, target[i]] for each sample i; a 1-D input is one sample with a 0-d target."""
    _unsupported("nll_loss", weight=weight, size_average=size_average,
                 ignore_index=None if ignore_index == -100 else ignore_index, reduce=reduce)
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


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
                  reduction="mean", label_smoothing=0.0):
    """log_softmax then nll_loss, as PyTorch computes it (so the graph shows both nodes).
    A float target of the input's shape holds class probabilities: -sum(target * log p)."""
    _unsupported("cross_entropy", weight=weight, size_average=size_average,
                 ignore_index=None if ignore_index == -100 else ignore_index, reduce=reduce,
                 label_smoothing=label_smoothing or None)
    _check_reduction(reduction)
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
    return nll_loss(logp, target, reduction=reduction)


# --- part nn.functional (helper nnf): implicit softmax dim, activations, linear, more losses, dropout
from .. import ops as _ops  # noqa: E402
from ..tensor import Tensor  # noqa: E402

def _implicit_dim(name, ndim):
    """PyTorch's legacy choice of the softmax dim: 0 for 0-, 1- and 3-d inputs, else 1."""
    warnings.warn(f"Implicit dimension choice for {name} has been deprecated. Change the call to "
                  "include dim=X as an argument.", stacklevel=3)
    return 0 if ndim in (0, 1, 3) else 1


def _floating_only(kernel, input):
    if not input.is_floating_point():
        raise NotImplementedError(f'"{kernel}" not implemented for \'{input.dtype._scalar}\'')


def leaky_relu(input, negative_slope=0.01, inplace=False):
    """x where x > 0, negative_slope * x elsewhere: a small gradient keeps flowing for x < 0."""
    _floating_only("leaky_relu_cpu", input)
    if inplace:
        return apply_inplace(d.leaky_relu, input, negative_slope)
    return d.leaky_relu(input, negative_slope)


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    """x clamped to [min_val, max_val]; its gradient is 0 outside (and on the edges)."""
    if inplace:
        return apply_inplace(d.hardtanh, input, min_val, max_val)
    return d.hardtanh(input, min_val, max_val)


def relu6(input, inplace=False):
    """min(max(x, 0), 6): PyTorch computes it as hardtanh(x, 0, 6)."""
    return hardtanh(input, 0, 6, inplace)


def silu(input, inplace=False):
    """x * sigmoid(x) (also called swish)."""
    _floating_only("silu_cpu", input)
    return apply_inplace(d.silu, input) if inplace else d.silu(input)


def gelu(input, approximate="none"):
    """x * Phi(x), Phi the standard normal CDF; approximate='tanh' uses PyTorch's tanh formula."""
    if approximate not in ("none", "tanh"):
        raise RuntimeError("approximate argument must be either none or tanh.")
    _floating_only("GeluKernelImpl", input)
    return d.gelu(input, approximate)


def linear(input, weight, bias=None):
    """input @ weight.T + bias, recorded as PyTorch records it: one addmm for a matrix input
    (for other contiguous inputs too, flattened to a matrix by views); else matmul, then an
    in-place add of the bias."""
    if input.dim() == 0 or weight.dim() == 0:
        raise RuntimeError("both arguments to linear need to be at least 1D, but they are "
                           f"{input.dim()}D and {weight.dim()}D")
    if bias is not None and (input.dim() == 2 or input._data.flags.c_contiguous and (
            input.dim() == 3 or bias.dim() == 1)):
        flat = input if input.dim() == 2 else input.reshape(-1, input.shape[-1])
        out = _addmm(bias, flat, _ops.t(weight))
        return out if input.dim() == 2 else out.view(*input.shape[:-1], out.shape[1])
    out = _ops.matmul(input, _ops.t(weight))
    return out if bias is None else out.add_(bias)


def _addmm(bias, mat1, mat2):
    """bias + mat1 @ mat2, after PyTorch's checks of shapes and dtypes."""
    _ops._check_matmul_shapes(mat1.shape, mat2.shape)
    if bias.dtype != mat2.dtype:
        raise RuntimeError("self and mat2 must have the same dtype, but got "
                           f"{bias.dtype._scalar} and {mat2.dtype._scalar}")
    if mat1.dtype != mat2.dtype:
        raise RuntimeError("mat1 and mat2 must have the same dtype, but got "
                           f"{mat1.dtype._scalar} and {mat2.dtype._scalar}")
    _ops._check_expandable(bias.shape, (mat1.shape[0], mat2.shape[1]))
    return d.addmm(bias, mat1, mat2)


def _check_reduction(reduction):
    if reduction not in ("mean", "sum", "none"):
        raise ValueError(f"{reduction} is not a valid value for reduction")


def l1_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    """|input - target|, then its mean or sum: PyTorch composes it of those ops."""
    _unsupported("l1_loss", size_average=size_average, reduce=reduce, weight=weight)
    if target.shape != input.shape:
        warnings.warn(f"Using a target size ({target.size()}) that is different to the input size "
                      f"({input.size()}). This will likely lead to incorrect results due to "
                      "broadcasting. Please ensure they have the same size.", stacklevel=2)
    _check_reduction(reduction)
    shape = _broadcast_shape(input.shape, target.shape)
    input = input if input.shape == shape else expand(input, shape)
    target = target if target.shape == shape else expand(target, shape)
    loss = (input - target).abs()
    return loss if reduction == "none" else loss.sum() if reduction == "sum" else loss.mean()


def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None,
                         reduction="mean"):
    """-(t log p + (1 - t) log(1 - p)) for probabilities p in [0, 1]; each log is clamped at
    -100, so a confident wrong answer costs 100 rather than inf."""
    if target.shape != input.shape:
        raise ValueError(f"Using a target size ({target.size()}) that is different to the input "
                         f"size ({input.size()}) is deprecated. Please ensure they have the same size.")
    _check_reduction(reduction)
    _unsupported("binary_cross_entropy", weight=weight, size_average=size_average, reduce=reduce)
    if target.dtype != input.dtype:
        raise RuntimeError(f"Found dtype {target.dtype._scalar} but expected {input.dtype._scalar}")
    return d.binary_cross_entropy(input, target, reduction)


def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None,
                                     reduction="mean", pos_weight=None):
    """binary_cross_entropy(sigmoid(x), t) in one stable step: (1 - t) x - log sigmoid(x)."""
    if target.shape != input.shape:
        raise ValueError(f"Target size ({target.size()}) must be the same as input size "
                         f"({input.size()})")
    _check_reduction(reduction)
    _unsupported("binary_cross_entropy_with_logits", weight=weight, size_average=size_average,
                 reduce=reduce, pos_weight=pos_weight)
    return d.bce_with_logits(input, target, reduction)


def dropout(input, p=0.5, training=True, inplace=False):
    """Zero each element with probability p and scale the others by 1 / (1 - p), so the
    expected value is unchanged; outside training (or for p = 0) the input itself."""
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    if p == 0 or not training or input.numel() == 0:
        return input
    dt = input._data.dtype
    if p == 1:
        noise = Tensor._make(np.zeros((), dt))
    else:
        keep = _ops.default_generator._rng.random(input.shape) < 1 - p  # bernoulli(1 - p)
        noise = Tensor._make(keep.astype(dt) / dt.type(1 - p))
    return input.mul_(noise) if inplace else input * noise


# --- part misc3: elu, smooth_l1_loss, huber_loss
def elu(input, alpha=1.0, inplace=False):
    """x for x > 0, alpha * (exp(x) - 1) below: smooth at 0 when alpha = 1, and negative outputs
    keep the mean activation near 0. In place, the backward reads the output (EluBackward1)."""
    alpha = _number_arg("elu", "alpha", 2, alpha)
    _floating_only("elu_cpu", input)
    if inplace:
        return apply_inplace(d.elu_, input, alpha, 1, 1)
    return d.elu(input, alpha, 1, 1)


def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction="mean", beta=1.0):
    """0.5 (x - t)^2 / beta where |x - t| < beta, |x - t| - 0.5 beta beyond; beta = 0 is l1_loss."""
    input, target = _loss_operands(input, target, size_average, reduce)
    if beta == 0.0:
        return l1_loss(input, target, reduction=reduction)
    reduction = _reduction_enum(reduction)
    beta = _number_arg("smooth_l1_loss", "beta", 4, beta, "float")
    if beta < 0:
        raise RuntimeError("smooth_l1_loss does not support negative values for beta.")
    _floating_only("smooth_l1_cpu", input)
    return d.smooth_l1_loss(input, target, reduction, beta)


def huber_loss(input, target, reduction="mean", delta=1.0, weight=None):
    """0.5 (x - t)^2 where |x - t| < delta, delta (|x - t| - 0.5 delta) beyond: smooth_l1_loss
    times delta, so large errors cost delta per unit (l1) and small ones are squared (mse)."""
    input, target = _loss_operands(input, target)
    if weight is not None:
        raise NotImplementedError("minigrad: huber_loss(weight=...) is not implemented")
    reduction = _reduction_enum(reduction)
    delta = _number_arg("huber_loss", "delta", 4, delta, "float")
    if delta <= 0:
        raise RuntimeError("huber_loss does not support non-positive values for delta.")
    _floating_only("huber_cpu", input)
    return d.huber_loss(input, target, reduction, delta)


def _loss_operands(input, target, size_average=None, reduce=None):
    """PyTorch's warning for a target of another size, then both broadcast to one shape."""
    if target.shape != input.shape:
        warnings.warn(f"Using a target size ({target.size()}) that is different to the input size "
                      f"({input.size()}). This will likely lead to incorrect results due to "
                      "broadcasting. Please ensure they have the same size.", stacklevel=3)
    if size_average is not None or reduce is not None:
        raise NotImplementedError("minigrad: size_average and reduce (deprecated) are not implemented")
    shape = _broadcast_shape(input.shape, target.shape)
    return (input if input.shape == shape else expand(input, shape),
            target if target.shape == shape else expand(target, shape))


def _reduction_enum(reduction):
    """PyTorch's number for a reduction (what the loss nodes save): none 0, mean 1, sum 2."""
    _check_reduction(reduction)
    return ("none", "mean", "sum").index(reduction)


def _number_arg(name, argname, position, value, kind="Number"):
    """A number argument as PyTorch's parser takes it: a bool, NumPy scalar or 0-d tensor too."""
    if isinstance(value, Tensor) and value.dim() == 0:
        return value.item()
    if not isinstance(value, numbers.Real):
        raise TypeError(f"{name}(): argument '{argname}' (position {position}) must be {kind}, not "
                        f"{_ops._type_name(value)}")
    return value


# --- part nnmod2: relu(inplace), normalize, one_hot; the losses' full signatures
def _unsupported(name, **arguments):
    """Loss options minigrad leaves out (class weights, the deprecated size_average/reduce...):
    PyTorch's positional order is kept, so a call that uses one fails instead of misreading it."""
    given = [k for k, v in arguments.items() if v is not None]
    if given:
        raise NotImplementedError(f"minigrad: {name}({', '.join(given)}=...) is not implemented")


def relu(input, inplace=False):
    """max(x, 0); inplace=True overwrites input (torch.relu_), saving memory."""
    return input.relu_() if inplace else _ops.relu(input)


def relu_(input):
    return input.relu_()


def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    """input / max(norm_p(input along dim), eps): unit-length vectors, composed of the ops
    PyTorch uses, so the graph shows DivBackward0 <- ExpandBackward0 <- ClampMinBackward0 <- norm."""
    if out is not None:
        raise NotImplementedError("minigrad: normalize(out=...) is not implemented")
    return input / input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)


def one_hot(tensor, num_classes=-1):
    """Class indices (int64) to rows of 0s with a 1 at the index: shape (*tensor.shape, C), C
    being num_classes or, if -1, the largest index + 1."""
    if not isinstance(num_classes, int):
        raise TypeError("one_hot(): argument 'num_classes' (position 2) must be int, not "
                        f"{_ops._type_name(num_classes)}")
    if tensor._data.dtype != np.int64:
        raise RuntimeError("one_hot is only applicable to index tensor of type LongTensor.")
    if tensor.numel() == 0:
        if num_classes <= 0:
            raise RuntimeError("Can not infer total number of classes from empty tensor.")
    elif tensor._data.min() < 0:
        raise RuntimeError("Class values must be non-negative.")
    elif num_classes == -1:
        num_classes = int(tensor._data.max()) + 1
    elif tensor._data.max() >= num_classes:
        raise RuntimeError("Class values must be smaller than num_classes.")
    return Tensor._make((tensor._data[..., None] == np.arange(num_classes)).astype(np.int64))
