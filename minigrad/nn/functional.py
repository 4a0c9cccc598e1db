"""Activation and loss functions, as `torch.nn.functional` names them."""
import builtins
import collections.abc
import math
import numbers
import warnings

import numpy as np

from .. import derivatives as d
from ..autograd import grad_mode
from ..autograd.function import _broadcast_shape, _channels_last, _check_output_shape, apply_inplace
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
    """(input - target) ** 2, then its mean or sum; with weight, as _weighted_loss composes it."""
    input, target, reduction = _loss_operands(input, target, size_average, reduce, reduction)
    if weight is not None:
        return _weighted_loss((input - target).pow(2), weight, input, reduction, by_weights=True)
    _check_reduction(reduction)
    _floating_only("mse_cpu", input, target)
    return d.mse_loss(input, target, reduction)


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
             reduction="mean"):
    """-weight[t] * input[i, t] for each sample i and its target class t (a 1-D input is one
    sample with a 0-d target). Samples whose target is ignore_index (padding, say) count for
    nothing; 'mean' divides by the summed weights of the samples counted, as PyTorch does.
    (N, C, d1, ..., dk) scores take (N, d1, ..., dk) targets: a class per pixel or position."""
    reduction = _reduction_enum(_legacy_reduction(size_average, reduce, reduction))
    _check_class_args("nll_loss_nd", weight, ignore_index)
    if input.dim() == 0:
        raise ValueError("Expected 1 or more dimensions (got 0)")
    if input.dim() > 1 and (target.dim() == 0 or target.shape[0] != input.shape[0]):
        raise ValueError(f"Expected input batch_size ({input.shape[0]}) to match target "
                         f"batch_size ({target.shape[0] if target.dim() else 0}).")
    if input.dim() in (1, 2, 4):
        return _nll_loss(input, target, weight, reduction, ignore_index)
    # PyTorch has kernels for 1-D, 2-D and (N, C, H, W) inputs only: others are viewed as
    # (N, C, 1, d1*...*dk) with (N, 1, d1*...*dk) targets, and a 'none' loss viewed back
    n, c, *sizes = input.shape
    if list(target.shape[1:]) != sizes:
        raise RuntimeError(f"Expected target size {_size_list((n, *sizes))}, got "
                           f"{_size_list(target.shape)}")
    input, target = input.contiguous(), target.contiguous()
    input = input.view(n, c, 1, -1) if input.numel() else input.view(n, c, 0, 0)
    target = target.view(n, 1, -1) if target.numel() else target.view(n, 0, 0)
    loss = _nll_loss(input, target, weight, reduction, ignore_index)
    return loss.view(n, *sizes) if reduction == 0 else loss


def _size_list(shape):
    return f"[{', '.join(map(str, shape))}]"


def _nll_loss(input, target, weight, reduction, ignore_index):
    """PyTorch's kernels, nll_loss for 1-D and 2-D input, nll_loss2d for (N, C, H, W), with
    their checks in their order (the 2-D kernel reads only Long targets)."""
    spatial = input.dim() == 4
    if weight is not None:
        _not_differentiable(f"nll_loss{'2d' if spatial else ''}_forward", "weight", weight)
    if spatial and target.dim() != 3:
        raise RuntimeError("only batches of spatial targets supported (3D tensors) but got "
                           f"targets of dimension: {target.dim()}")
    if not spatial and target.dim() > 1:
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    if target._data.dtype.kind not in "iu" or target._data.dtype.itemsize not in (1, 8):
        raise RuntimeError("expected target dtype to be Long or Byte, but got "
                           f"{target.dtype._scalar}")
    if input.dim() == 1 and target.dim() == 1:
        if target.shape[0] != 1:
            raise ValueError("For 1D input, 1D target must have size 1, but got target size: "
                             f"{target.shape[0]}")
        target = target.reshape(())
    n_classes = input.shape[0 if input.dim() == 1 else 1]
    if spatial and weight is not None and weight.numel() != n_classes:
        raise RuntimeError("weight tensor should be defined either for all or no classes")
    if spatial and (input.shape[0] != target.shape[0] or input.shape[2:] != target.shape[1:]):
        raise RuntimeError(f"size mismatch (got input: {_size_list(input.shape)} , target: "
                           f"{_size_list(target.shape)}")
    if not spatial and weight is not None:
        _check_weight_shape("", weight, n_classes)
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f'"nll_loss{"2d_forward" if spatial else ""}_out_frame" not '
                                  f"implemented for '{input.dtype._scalar}'")
    if weight is not None and weight.dtype != input.dtype:
        raise RuntimeError(f"expected scalar type {input.dtype._scalar} but found "
                           f"{weight.dtype._scalar}")
    if spatial and target._data.dtype.itemsize == 1:
        raise RuntimeError(f"expected scalar type Long but found {target.dtype._scalar}")
    t = target._data
    outside = (t != ignore_index) & ((t < 0) | (t >= n_classes))
    if outside.any():
        raise IndexError(f"Target {t[outside].flat[0]} is out of bounds.")
    nll = d.nll_loss2d if spatial else d.nll_loss
    return nll(input, target, weight, reduction, ignore_index)[0]


def _check_class_args(name, weight, ignore_index):
    """PyTorch's argument parser on a loss's class weights and ignore_index."""
    if weight is not None and not isinstance(weight, Tensor):
        raise TypeError(f"{name}(): argument 'weight' (position 3) must be Tensor, not "
                        f"{_ops._type_name(weight)}")
    if not isinstance(ignore_index, numbers.Integral):
        raise TypeError(f"{name}(): argument 'ignore_index' (position 5) must be int, not "
                        f"{_ops._type_name(ignore_index)}")


def _check_weight_shape(prefix, weight, n_classes):
    if weight.dim() != 1 or weight.shape[0] != n_classes:
        raise RuntimeError(f"{prefix}weight tensor should be defined either for all {n_classes} "
                           f"classes or no classes but got weight tensor of shape: "
                           f"[{', '.join(map(str, weight.shape))}]")


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
                  reduction="mean", label_smoothing=0.0):
    """log_softmax then nll_loss, as PyTorch computes it (so the graph shows both nodes).
    A target of the input's shape holds class probabilities (soft labels): -sum(target * log p).
    label_smoothing = e mixes the one-hot target with the uniform one: (1 - e) nll + e / C * the
    loss on every class."""
    reduction = _legacy_reduction(size_average, reduce, reduction)
    _check_reduction(reduction)
    _check_class_args("cross_entropy_loss", weight, ignore_index)
    label_smoothing = _number_arg("cross_entropy_loss", "label_smoothing", 6, label_smoothing, "float")
    class_dim = 0 if input.dim() == 1 else 1
    if target.shape == input.shape:
        if not target.dtype.is_floating_point:
            raise RuntimeError("Expected floating point type for target with class probabilities, "
                               f"got {target.dtype._scalar}")
        if ignore_index >= 0:
            raise RuntimeError("ignore_index is not supported for floating point target")
        return _cross_entropy_probs(input, target, weight, reduction, label_smoothing, class_dim)
    if label_smoothing > 0.0:
        return _cross_entropy_smoothed(input, target, weight, reduction, ignore_index,
                                       label_smoothing, class_dim)
    return nll_loss(log_softmax(input, class_dim), target, weight, None, ignore_index, None,
                    reduction)


def _check_label_smoothing(label_smoothing):
    if label_smoothing > 1.0:
        raise RuntimeError(f"label_smoothing must be between 0.0 and 1.0. Got: {label_smoothing:g}")


def _cross_entropy_probs(input, target, weight, reduction, label_smoothing, class_dim):
    """-sum(target * weight * log_softmax(input)) over the classes, with PyTorch's ops."""
    n_classes = input.shape[class_dim]
    if weight is not None:
        _check_weight_shape("cross_entropy: ", weight, n_classes)
    logp = log_softmax(input, class_dim)
    if label_smoothing > 0.0:
        _check_label_smoothing(label_smoothing)
        target = d.add_scalar(d.mul_scalar(target, 1 - label_smoothing), label_smoothing / n_classes)
    loss = logp * target
    if weight is not None:
        loss = loss * (weight if input.dim() == 1 else
                       weight.view(1, n_classes, *[1] * (input.dim() - 2)))
    if reduction == "none":
        return -loss.sum(class_dim)
    if reduction == "sum":
        return -loss.sum()
    if input.numel() == 0:  # the mean of nothing
        return -loss.sum().fill_(math.nan)
    return d.div_scalar(-loss.sum(), input.numel() // n_classes)


def _cross_entropy_smoothed(input, target, weight, reduction, ignore_index, label_smoothing,
                            class_dim):
    """(1 - e) * nll_loss + e / C * (the loss summed over all classes), both skipping ignored
    samples and dividing the same way for the mean: PyTorch's ops, in its order."""
    _check_label_smoothing(label_smoothing)
    logp = log_softmax(input, class_dim)
    nll = nll_loss(logp, target, weight, None, ignore_index, None, reduction)
    n_classes = logp.shape[class_dim]
    if weight is None:
        smooth = -logp.sum(class_dim)
    else:
        shape = [1] * logp.dim()
        shape[class_dim] = n_classes
        smooth = -(logp * weight.view(*shape)).sum(class_dim)
    ignored = target == ignore_index
    smooth.masked_fill_(ignored, 0.0)
    if reduction == "mean" and weight is None:
        smooth = smooth.sum() / (~ignored).sum()
    elif reduction == "mean":
        smooth = smooth.sum() / weight[target[~ignored]].sum()
    elif reduction == "sum":
        smooth = smooth.sum()
    # (tensor * number in C++: MulBackward1, not Python's MulBackward0)
    return d.mul_scalar(nll, 1 - label_smoothing) + d.mul_scalar(smooth, label_smoothing / n_classes)


# --- part nn.functional (helper nnf): implicit softmax dim, activations, linear, more losses, dropout
from .. import _arg_parser, ops as _ops  # noqa: E402
from ..tensor import Tensor  # noqa: E402

def _implicit_dim(name, ndim):
    """PyTorch's legacy choice of the softmax dim: 0 for 0-, 1- and 3-d inputs, else 1."""
    warnings.warn(f"Implicit dimension choice for {name} has been deprecated. Change the call to "
                  "include dim=X as an argument.", stacklevel=3)
    return 0 if ndim in (0, 1, 3) else 1


def _floating_only(kernel, *tensors):
    """A kernel dispatched on its tensors' common dtype, which has float versions only: that
    dtype, or the dispatch error naming it."""
    common = (tensors[0].dtype if len(tensors) == 1  # (most kernels: input's own dtype)
              else dtypes.from_numpy_dtype(dtypes.result_type(*tensors)))
    if not common.is_floating_point:
        raise NotImplementedError(f'"{kernel}" not implemented for \'{common._scalar}\'')
    return common


def leaky_relu(input, negative_slope=0.01, inplace=False):
    """x where x > 0, negative_slope * x elsewhere: a small gradient keeps flowing for x < 0."""
    _floating_only("leaky_relu_cpu", input)
    if inplace:
        return apply_inplace(d.leaky_relu_, input, negative_slope)  # (LeakyReluBackward1)
    return d.leaky_relu(input, negative_slope)


def rrelu(input, lower=1.0 / 8, upper=1.0 / 3, training=False, inplace=False):
    """x for x > 0, a * x below, a drawn uniformly from [lower, upper] for each element in
    training (the noise regularizes), the mean slope (lower + upper) / 2 in eval."""
    _ops._tensor_arg("rrelu_" if inplace else "rrelu", "input", 1, input)
    if lower > upper:
        raise RuntimeError("Lower bound should be less than or equal to the upper bound")
    _floating_only("rrelu_with_noise_out_cpu" if training else "leaky_relu_cpu", input)
    noise = _ops.empty_like(input)
    if training:  # each x <= 0 gets its slope, drawn in row-major order; the others keep 1
        drawn = input._data <= 0
        slopes = np.ones(input.shape)
        slopes[drawn] = _ops.default_generator.uniform((int(drawn.sum()),), np.float64, lower,
                                                       upper)
        noise = Tensor._make(slopes.astype(input._data.dtype))
    if inplace:
        return apply_inplace(d.rrelu_with_noise_, input, noise, lower, upper, training)
    return d.rrelu_with_noise(input, noise, lower, upper, training)


def rrelu_(input, lower=1.0 / 8, upper=1.0 / 3, training=False):
    return rrelu(input, lower, upper, training, inplace=True)


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    """x clamped to [min_val, max_val]; its gradient is 0 outside (and on the edges). The bounds
    are compared in Python first (PyTorch's code), then read as Scalars by ATen's parser."""
    if min_val > max_val:
        raise ValueError("min_val cannot be greater than max_val")
    if inplace:
        return hardtanh_(input, min_val, max_val)
    min_val, max_val = (_number_arg("hardtanh", "min_val", 2, min_val),
                        _number_arg("hardtanh", "max_val", 3, max_val))
    _no_bool_hardtanh(input)
    return d.hardtanh(input, min_val, max_val)


def _no_bool_hardtanh(input):
    if input.dtype is dtypes.bool:
        raise RuntimeError("Bool inputs not supported for hardtanh")


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
    _ops._tensor_arg("linear", "input", 1, input)
    _ops._tensor_arg("linear", "weight", 2, weight)
    if bias is not None:
        _ops._tensor_arg("linear", "bias", 3, bias)
    if input.dim() == 0 or weight.dim() == 0:
        raise RuntimeError("both arguments to linear need to be at least 1D, but they are "
                           f"{input.dim()}D and {weight.dim()}D")
    if bias is not None and (input.dim() == 2 or input._data.flags.c_contiguous and (
            input.dim() == 3 or bias.dim() == 1)):
        flat = input if input.dim() == 2 else input.reshape(-1, input.shape[-1])
        out = _ops.addmm(bias, flat, _ops.t(weight))
        return out if input.dim() == 2 else out.view(*input.shape[:-1], out.shape[1])
    out = _ops.matmul(input, _ops.t(weight))
    return out if bias is None else out.add_(bias)


def _check_reduction(reduction):
    if reduction not in ("mean", "sum", "none"):
        raise ValueError(f"{reduction} is not a valid value for reduction")


def l1_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    """|input - target|, then its mean or sum: PyTorch composes it of those ops."""
    input, target, reduction = _loss_operands(input, target, size_average, reduce, reduction)
    if weight is not None:
        return _weighted_loss((input - target).abs(), weight, input, reduction, by_weights=True)
    _check_reduction(reduction)
    loss = (input - target).abs()
    return loss if reduction == "none" else loss.sum() if reduction == "sum" else loss.mean()


def _weighted_loss(loss, weight, input, reduction, by_weights):
    """weight * loss, elementwise (weight of the input's shape), composed of ops in Python as
    PyTorch does; mse_loss and l1_loss's mean divide by the summed weights, huber_loss's by n."""
    if weight.size() != input.size():
        raise ValueError("Weights and input must have the same size.")
    loss = loss * weight
    if reduction == "none":
        return loss
    if reduction == "sum":
        return loss.sum()
    if reduction == "mean":
        return loss.sum() / weight.sum() if by_weights else loss.mean()
    raise ValueError(f"Invalid reduction mode: {reduction}. Expected one of 'none', 'mean', 'sum'.")


def _legacy_reduction(size_average, reduce, reduction):
    """The deprecated size_average and reduce (both default True) override reduction, with
    PyTorch's warning: reduce=False keeps each loss, size_average=False sums them."""
    if size_average is None and reduce is None:
        return reduction
    reduce = reduce is None or reduce
    reduction = "none" if not reduce else "mean" if size_average is None or size_average else "sum"
    warnings.warn("size_average and reduce args will be deprecated, please use "
                  f"reduction='{reduction}' instead.", stacklevel=2)
    return reduction


def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None,
                         reduction="mean"):
    """-w (t log p + (1 - t) log(1 - p)) for probabilities p in [0, 1]; each log is clamped at
    -100, so a confident wrong answer costs 100 rather than inf. weight (w) is expanded to the
    target's shape first, as PyTorch does."""
    if target.shape != input.shape:
        raise ValueError(f"Using a target size ({target.size()}) that is different to the input "
                         f"size ({input.size()}) is deprecated. Please ensure they have the same size.")
    reduction = _legacy_reduction(size_average, reduce, reduction)
    _check_reduction(reduction)
    if weight is not None:
        weight = expand(weight, _infer_size(target.size(), weight.size()))
        _not_differentiable("binary_cross_entropy", "weight", weight)
    if target.dtype != input.dtype:
        raise RuntimeError(f"Found dtype {target.dtype._scalar} but expected {input.dtype._scalar}")
    _floating_only("binary_cross_entropy", input)
    return d.binary_cross_entropy(input, target, weight, _reduction_enum(reduction))


def _infer_size(a, b):
    """The shape Sizes a and b broadcast to, with the error of PyTorch's infer_size."""
    ndim = max(len(a), len(b))
    a_, b_ = (1,) * (ndim - len(a)) + tuple(a), (1,) * (ndim - len(b)) + tuple(b)
    for i in range(ndim - 1, -1, -1):
        if a_[i] != b_[i] and 1 not in (a_[i], b_[i]):
            raise RuntimeError(f"Attempting to broadcast a dimension of length {b_[i]} at "
                               f"{i - ndim}! Mismatching argument at index 1 had {b}; but expected "
                               f"shape should be broadcastable to [{', '.join(map(str, a_))}]")
    return tuple(max(x, y) if 0 not in (x, y) else 0 for x, y in zip(a_, b_))


def _not_differentiable(function, argument, tensor):
    """PyTorch's refusal of a requires_grad tensor for an argument it has no derivative for."""
    if tensor is not None and tensor.requires_grad and grad_mode._enabled:
        raise RuntimeError(f"The function '{function}' is not differentiable with respect to "
                           f"argument '{argument}'. This input cannot have requires_grad True.")


def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None,
                                     reduction="mean", pos_weight=None):
    """binary_cross_entropy(sigmoid(x), t, w) in one stable step: (1 - t) x - log sigmoid(x).
    pos_weight p scales the positive term (t log sigmoid(x)): p = #negatives / #positives
    balances a rare class."""
    if target.shape != input.shape:
        raise ValueError(f"Target size ({target.size()}) must be the same as input size "
                         f"({input.size()})")
    reduction = _legacy_reduction(size_average, reduce, reduction)
    _check_reduction(reduction)
    for name, position, w in (("weight", 3, weight), ("pos_weight", 4, pos_weight)):
        if w is not None and not isinstance(w, Tensor):
            raise TypeError(f"binary_cross_entropy_with_logits(): argument '{name}' (position "
                            f"{position}) must be Tensor, not {_ops._type_name(w)}")
    return _binary_cross_entropy_with_logits(input, target, weight, pos_weight,
                                             _reduction_enum(reduction))


def _binary_cross_entropy_with_logits(input, target, weight, pos_weight, reduction):
    """torch.binary_cross_entropy_with_logits (ATen's): reduction is the enum."""
    _not_differentiable("binary_cross_entropy_with_logits", "weight", weight)
    _not_differentiable("binary_cross_entropy_with_logits", "pos_weight", pos_weight)
    def in_place(out, other):
        """ATen's steps write in place: log_sigmoid(input) *= (pos_weight - 1) * target + 1;
        loss = (1 - target) *= input, -= that; loss *= weight: each keeps its shape."""
        _check_output_shape(out, _broadcast_shape(out, other))
    _floating_only("log_sigmoid_cpu", input)  # (log_sigmoid(input) comes first)
    if pos_weight is not None:
        in_place(input.shape, _broadcast_shape(pos_weight.shape, target.shape))
    if target.dtype is dtypes.bool:  # 1 - target
        _ops._no_bool_subtraction(target, target)
    in_place(target.shape, input.shape)
    if not target.is_floating_point():  # (1 - target).mul_(input) keeps target's dtype
        raise RuntimeError(f"result type {input.dtype._scalar} can't be cast to the desired output "
                           f"type {target.dtype._scalar}")
    if weight is not None:
        in_place(target.shape, weight.shape)
    return d.bce_with_logits(input, target, weight, pos_weight, reduction)


def logsigmoid(input):
    """log(sigmoid(x)), computed stably as min(x, 0) - log1p(exp(-|x|))."""
    return d.log_sigmoid(input)[0]


def dropout(input, p=0.5, training=True, inplace=False):
    """Zero each element with probability p and scale the others by 1 / (1 - p), so the
    expected value is unchanged; outside training (or for p = 0) the input itself."""
    _check_p(p)
    return _dropout_impl(input, p, training, inplace, False, False)


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
    input, target, reduction = _loss_operands(input, target, size_average, reduce, reduction)
    if beta == 0.0:
        return l1_loss(input, target, reduction=reduction)
    reduction = _reduction_enum(reduction)
    beta = _number_arg("smooth_l1_loss", "beta", 4, beta, "float")
    if beta < 0:
        raise RuntimeError("smooth_l1_loss does not support negative values for beta.")
    _floating_only("smooth_l1_cpu", input, target)
    return d.smooth_l1_loss(input, target, reduction, beta)


def huber_loss(input, target, reduction="mean", delta=1.0, weight=None):
    """0.5 (x - t)^2 where |x - t| < delta, delta (|x - t| - 0.5 delta) beyond: smooth_l1_loss
    times delta, so large errors cost delta per unit (l1) and small ones are squared (mse)."""
    input, target, _ = _loss_operands(input, target)
    if weight is not None:
        if weight.size() != input.size():  # (checked before huber_loss's own checks)
            raise ValueError("Weights and input must have the same size.")
        return _weighted_loss(huber_loss(input, target, "none", delta), weight, input, reduction,
                              by_weights=False)
    reduction = _reduction_enum(reduction)
    delta = _number_arg("huber_loss", "delta", 4, delta, "float")
    if delta <= 0:
        raise RuntimeError("huber_loss does not support non-positive values for delta.")
    common = _floating_only("huber_cpu", input, target)
    if not input.is_floating_point():  # (its output is made like input, then written)
        raise RuntimeError(f"result type {common._scalar} can't be cast to the desired output "
                           f"type {input.dtype._scalar}")
    return d.huber_loss(input, target, reduction, delta)


def _loss_operands(input, target, size_average=None, reduce=None, reduction="mean"):
    """PyTorch's warning for a target of another size, the deprecated size_average/reduce made a
    reduction, then input and target broadcast to one shape (torch.broadcast_tensors)."""
    if target.shape != input.shape:
        warnings.warn(f"Using a target size ({target.size()}) that is different to the input size "
                      f"({input.size()}). This will likely lead to incorrect results due to "
                      "broadcasting. Please ensure they have the same size.", stacklevel=3)
    reduction = _legacy_reduction(size_average, reduce, reduction)
    shape = _broadcast_shape(input.shape, target.shape)
    return (input if input.shape == shape else expand(input, shape),
            target if target.shape == shape else expand(target, shape), reduction)


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


# --- part nnmod2: relu(inplace), normalize, one_hot
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


def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    """sum(x1 / |x1| * x2 / |x2|) along dim, each norm at least eps, composed as PyTorch does:
    both inputs expanded to one shape (if they differ), norms cloned and clamped in place outside
    the graph, so they are not differentiated through the clamp."""
    common = dtypes.from_numpy_dtype(dtypes.result_type(x1, x2))
    if not common.is_floating_point:
        raise RuntimeError("expected common dtype to be floating point, yet common dtype is "
                           f"{common._scalar}")
    if x1.shape != x2.shape:
        shape = _broadcast_shape(x1.shape, x2.shape)
        x1, x2 = expand(x1, shape), expand(x2, shape)
    x1_norm = x1.norm(2, dim, keepdim=True).clone()
    x2_norm = x2.norm(2, dim, keepdim=True).clone()
    with grad_mode.no_grad():
        x1_norm.clamp_min_(eps)
        x2_norm.clamp_min_(eps)
    return ((x1 / x1_norm) * (x2 / x2_norm)).sum(dim)


def pairwise_distance(x1, x2, p=2.0, eps=1e-6, keepdim=False):
    """The p-norm of x1 - x2 + eps along the last dim (of the input with more dims)."""
    diff = d.add_scalar(x1 - x2, eps)  # (a Tensor + Scalar add in PyTorch's C++: AddBackward1)
    return d.norm_p_dim(diff, float(p), (builtins.max(x1.dim(), x2.dim()) - 1,), keepdim)


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
    return Tensor._make(np.ascontiguousarray(tensor._data[..., None] == np.arange(num_classes),
                                             np.int64))  # (row-major, as PyTorch's)


# --- part nnlayers: layer_norm, embedding, batch_norm -------------------------------------------
from .. import dtypes  # noqa: E402


def _check_norm_dtypes(kernel, input, params):
    """PyTorch's dtype checks of a normalization's tensors. A first parameter of another dtype
    than input means its "mixed dtype" path (meant for bfloat16/half input, float parameters)."""
    params = [p for p in params if p is not None]
    if params and params[0].dtype != input.dtype:
        if any(p.dtype != dtypes.float32 for p in params):
            raise RuntimeError("mixed dtype (CPU): expect parameter to have scalar type of Float")
        raise RuntimeError("mixed dtype (CPU): all inputs must share same datatype.")
    _floating_only(kernel, input)
    for p in params:
        if p.dtype != input.dtype:
            raise RuntimeError(f"expected scalar type {input.dtype._scalar} but found "
                               f"{p.dtype._scalar}")


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    """Each sample normalized over its last dims (those of normalized_shape) to mean 0 and
    variance 1, then times weight plus bias: one NativeLayerNormBackward0 node."""
    shape = _check_normalized_shape("layer_norm", input, normalized_shape, weight, bias)
    _check_norm_dtypes("LayerNormKernelImpl", input, (weight, bias))
    return d.native_layer_norm(input, tuple(shape), weight, bias, eps)[0]


def _check_normalized_shape(name, input, normalized_shape, weight, bias=None):
    """layer_norm's and rms_norm's checks of normalized_shape against the parameters and the
    input's last dims (rms_norm's message lacks the ", " after the star, as PyTorch's)."""
    _ops._check_int_tuple(name, "normalized_shape", 2, normalized_shape)
    shape = list(normalized_shape)
    if not shape:
        raise RuntimeError("Expected normalized_shape to be at least 1-dimensional, i.e., "
                           "containing at least one element, but got normalized_shape = []")
    for pname, p in (("weight", weight), ("bias", bias)):
        if p is not None and list(p.shape) != shape:
            raise RuntimeError(f"Expected {pname} to be of same shape as normalized_shape, but got "
                               f"{pname} of shape {list(p.shape)} and normalized_shape = {shape}")
    if input.dim() < len(shape) or list(input.shape[input.dim() - len(shape):]) != shape:
        star = "*, " if name == "layer_norm" else "*"
        raise RuntimeError(f"Given normalized_shape={shape}, expected input with shape "
                           f"[{star}{', '.join(map(str, shape))}], but got input of size"
                           f"{list(input.shape)}")
    return shape


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0,
              scale_grad_by_freq=False, sparse=False):
    """The rows of weight (num_embeddings, dim) that the integers of input pick: a lookup table.
    The padding_idx row gets no gradient; max_norm first shrinks, in place, the picked rows whose
    norm is larger."""
    if padding_idx is not None:
        if padding_idx >= weight.size(0) or padding_idx < -weight.size(0):
            raise AssertionError("Padding_idx must be within num_embeddings")
        if padding_idx < 0:
            padding_idx += weight.size(0)
    else:
        padding_idx = -1
    _ops._tensor_arg("embedding", "weight", 1, weight)
    _ops._tensor_arg("embedding", "indices", 2, input)
    if max_norm is not None:
        _embedding_renorm_(weight, input, max_norm, norm_type)
    return _embedding(weight, input, padding_idx, scale_grad_by_freq, sparse)


def _embedding(weight, input, padding_idx, scale_grad_by_freq, sparse):
    """torch.embedding (ATen's): weight first; padding_idx -1 (or any index not met) is none."""
    if weight.dim() != 2:
        raise RuntimeError("'weight' must be 2-D")
    if input._data.dtype not in (np.int64, np.int32):
        got = "CPUBoolType" if input.dtype is dtypes.bool else input.type()
        raise RuntimeError("Expected tensor for argument #1 'indices' to have one of the following "
                           f"scalar types: Long, Int; but got {got} instead (while checking "
                           "arguments for embedding)")
    if input.numel() and not (0 <= input._data.min() and input._data.max() < weight.shape[0]):
        raise IndexError("index out of range in self")
    if sparse:
        raise NotImplementedError("minigrad: embedding(sparse=True) is not implemented (no sparse "
                                  "tensors)")
    return d.embedding(weight, input, padding_idx, scale_grad_by_freq, sparse)


def embedding_bag(input, weight, offsets=None, max_norm=None, norm_type=2, scale_grad_by_freq=False,
                  mode="mean", sparse=False, per_sample_weights=None, include_last_offset=False,
                  padding_idx=None):
    """One row per bag of indices: the sum, mean or max of the rows of weight they pick, without
    the (bags, indices, dim) tensor embedding would make. A 1-D input is cut into bags where
    offsets start them; a 2-D input is one bag a row (part decoder)."""
    if weight.dtype == dtypes.int64 and input.is_floating_point():
        warnings.warn("Argument order of nn.functional.embedding_bag was changed. Usage "
                      "`embedding_bag(weight, input, ...)` is deprecated, and should now be "
                      "`embedding_bag(input, weight, ...)`.", stacklevel=2)
        weight, input = input, weight
    if per_sample_weights is not None and input.size() != per_sample_weights.size():
        raise ValueError(f"embedding_bag: If per_sample_weights ({per_sample_weights.shape}) is not "
                         f"None, then it must have the same shape as the input ({input.shape})")
    if not weight.dim() == 2:
        raise ValueError(f"weight has to be a 2D Tensor, but got Tensor of dimension {weight.dim()}")
    if input.dim() == 2:
        if offsets is not None:
            raise ValueError("if input is 2D, then offsets has to be None, as input is treated is a "
                             "mini-batch of fixed length sequences. However, found offsets of type "
                             f"{type(offsets)}")
        offsets = _ops.arange(0, input.numel(), input.size(1), dtype=input.dtype)
        include_last_offset = False
        input = input.reshape(-1)
        if per_sample_weights is not None:
            per_sample_weights = per_sample_weights.reshape(-1)
    elif input.dim() == 1:
        if offsets is None:
            raise ValueError("offsets has to be a 1D Tensor but got None")
        if offsets.dim() != 1:
            raise ValueError("offsets has to be a 1D Tensor")
    else:
        raise ValueError(f"input has to be 1D or 2D Tensor, but got Tensor of dimension {input.dim()}")
    modes = {"sum": 0, "mean": 1, "max": 2}
    if mode not in modes:
        raise ValueError("mode has to be one of sum, mean or max")
    if mode == "max" and scale_grad_by_freq:
        raise ValueError("max mode does not support scaling the gradient by the frequency")
    if mode == "max" and sparse:
        raise ValueError("max mode does not support sparse weights")
    if max_norm is not None:
        _embedding_renorm_(weight, input, max_norm, norm_type)
    if per_sample_weights is not None and mode != "sum":
        raise NotImplementedError("embedding_bag: per_sample_weights was not None. per_sample_weights "
                                  f"is only supported for mode='sum' (got mode='{mode}'). Please open "
                                  "a feature request on GitHub.")
    return _embedding_bag(weight, input, offsets, scale_grad_by_freq, modes[mode], sparse,
                          per_sample_weights, include_last_offset, padding_idx)[0]


def _embedding_bag(weight, indices, offsets, scale_grad_by_freq, mode, sparse, per_sample_weights,
                   include_last_offset, padding_idx):
    """torch.embedding_bag (ATen's): mode an int (0 sum, 1 mean, 2 max); (output, offset2bag,
    bag_size, max_indices), the last three for the backward (no gradient)."""
    if indices.dim() not in (1, 2):
        raise RuntimeError("input has to be a 1D or 2D Tensor, but got Tensor of dimension "
                           f"{indices.dim()}")
    if indices.dim() == 2:  # (F.embedding_bag makes a 2-D input 1-D, with offsets, itself)
        raise NotImplementedError("minigrad: embedding_bag of 2-D indices is not implemented")
    for what, t, dim in (("offsets", offsets, 1), ("weight", weight, 2)):
        if t.dim() != dim:
            raise RuntimeError(f"{what} has to be a {dim}D Tensor, but got Tensor of dimension "
                               f"{t.dim()}")
    n = weight.size(0)
    if padding_idx is None:
        padding_idx = -1
    elif not -n <= padding_idx < n:
        raise RuntimeError(f"padding_idx must be within the number of embeddings, -{n} through "
                           f"{n - 1}, but got {padding_idx}")
    elif padding_idx < 0:
        padding_idx += n
    _check_embedding_bag(indices, weight, offsets, mode, per_sample_weights, include_last_offset,
                         padding_idx)
    if indices.dtype != offsets.dtype:  # (ATen's promoteIndicesAndOffsets)
        indices, offsets = indices.long(), offsets.long()
    if sparse and weight.requires_grad:  # (the output is dense all the same: only the gradient
        raise NotImplementedError("minigrad: embedding_bag(sparse=True) is not implemented (no "
                                  "sparse tensors)")  # of weight would be sparse)
    return tuple(d.embedding_bag(weight, indices.contiguous(), offsets.contiguous(),
                                 scale_grad_by_freq, mode, sparse, per_sample_weights,
                                 include_last_offset, padding_idx))


def _check_embedding_bag(indices, weight, offsets, mode, per_sample_weights, include_last_offset,
                         padding_idx):
    """ATen's check_arguments, then the kernel's check of each index (its words differ on the
    float32 fast path)."""
    common = _ops.promote_types(indices.dtype, offsets.dtype)  # (ATen's promoteIndicesAndOffsets)
    if common not in (dtypes.int64, dtypes.int32):
        raise RuntimeError("Expected tensor for argument #1 'indices' to have one of the following "
                           f"scalar types: Long, Int; but got {indices.to(common).type()} instead "
                           "(while checking arguments for embedding_bag)")
    if not weight.is_floating_point():
        raise RuntimeError("Expected tensor for argument #1 'weight' to have one of the following "
                           f"scalar types: Half, BFloat16, Float, Double; but got {weight.type()} "
                           "instead (while checking arguments for embedding_bag)")
    o = offsets._data
    if len(o) and o[0] != 0:
        raise RuntimeError("offsets[0] has to be 0, i.e., the first sequence in the mini-batch has to "
                           f"start from position 0. However, got {o[0]}\n[ "
                           f"{offsets.to(common).type()}{{}} ]")
    if len(o) and o[-1] > indices.numel():
        raise RuntimeError(f"offsets[-1] can not be greater than input's length {indices.numel()} "
                           f"but got offsets[-1] of {o[-1]}")
    if per_sample_weights is not None and mode != 0:
        raise RuntimeError("embedding_bag: per_sample_weights only supported with mode='sum'")
    if per_sample_weights is not None and per_sample_weights.dtype != weight.dtype:
        raise RuntimeError("Expected tensor for argument #1 'weight' to have the same type as tensor "
                           f"for argument #1 'per_sample_weights'; but type {weight.type()} does not "
                           f"equal {per_sample_weights.type()} (while checking arguments for "
                           "embedding_bag)")
    for what, ok in (("dim() == 1", per_sample_weights is None or per_sample_weights.dim() == 1),
                     ("numel() == indices.numel()", per_sample_weights is None
                      or per_sample_weights.numel() == indices.numel())):
        if not ok:
            raise RuntimeError(f"Expected per_sample_weights.value().{what} to be true, but got "
                               "false.  (Could this error message be improved?  If so, please "
                               "report an enhancement request to PyTorch.)")
    if include_last_offset and len(o) < 1:
        raise RuntimeError("include_last_offset: number of offset should be at least 1")
    if mode not in (0, 1, 2):
        raise RuntimeError("`mode` must be sum, mean, or max.")
    i, n = indices._data, weight.shape[0]
    bad = np.flatnonzero((i < 0) | (i >= n))
    if len(bad):
        psw = None if per_sample_weights is None else per_sample_weights._data
        if mode != 2 and d._embedding_bag_fast_path(weight._data, psw, padding_idx):
            raise RuntimeError(f"Index {bad[0]} of input takes value {i[bad[0]]} which is not in the "
                               f"valid range [0, {n})")
        raise RuntimeError("embedding_bag: Expected idx >= 0 && idx < num_embeddings but found idx "
                           f"to be {i[bad[0]]}")


def _embedding_renorm_(weight, input, max_norm, norm_type):
    """Rows of weight that input picks and whose norm exceeds max_norm scaled (in place, not
    recorded) by max_norm / (norm + 1e-7), as PyTorch's F.embedding calls embedding_renorm_."""
    with grad_mode.no_grad():
        _ops.embedding_renorm_(weight, input, max_norm, norm_type)


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False,
               momentum=0.1, eps=1e-5):
    """Each channel (dim 1) normalized with the batch's statistics (training; the running ones
    then move towards them by `momentum`, in place) or with the running ones (eval)."""
    if training:
        size = input.size()
        if math.prod(size[:1] + size[2:]) == 1:
            raise ValueError("Expected more than 1 value per channel when training, got input "
                             f"size {size}")
    if training and eps <= 0.0:
        raise ValueError(f"batch_norm eps must be positive during training, but got {eps}")
    elif eps < 0.0:
        raise ValueError(f"batch_norm eps must be non-negative, but got {eps}")
    return _batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps)


def _batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps):
    """torch.batch_norm (ATen's, F.batch_norm's checks done): its arguments in ATen's order.
    An empty input takes ATen's shortcut: no statistics (the running ones stay), a copy scaled
    by weight[0] and shifted by bias[0], so that gradients (zeros) still reach weight and bias."""
    if input.numel() == 0:
        out = input.clone()
        if weight is not None:
            out = out * weight[0]
        if bias is not None:
            out = out + bias[0]
        return out
    return _native_batch_norm(input, weight, bias, running_mean, running_var, training, momentum,
                              eps)[0]


def _native_batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps):
    """torch.native_batch_norm: batch_norm's output, and the batch's mean and invstd (training)."""
    channels = input.size(1)
    for name, t in (("running_mean", running_mean), ("running_var", running_var),
                    ("weight", weight), ("bias", bias)):
        if t is not None and t.numel() != channels:
            raise RuntimeError(f"{name} should contain {channels} elements not {t.numel()}")
    _check_norm_dtypes("batch_norm", input, (weight, bias, running_mean, running_var))
    for name, t in (("running_mean", running_mean), ("running_var", running_var)):
        if not training and t is None:
            raise RuntimeError(f"{name} must be defined in evaluation mode")
    if training and running_mean is not None and running_var is not None:
        _update_running_stats(input, running_mean, running_var, momentum)
    return d.native_batch_norm(input, weight, bias, running_mean, running_var, training, eps)


def _update_running_stats(input, running_mean, running_var, momentum):
    """running = (1 - momentum) * running + momentum * batch statistic (the variance unbiased),
    written into the buffers' memory as PyTorch's kernel does: their version does not move.
    (torch.batch_norm_update_stats may be given only one of them.)"""
    x = input._data
    mean, var_sum = d._batch_norm_stats(x)
    m = x.dtype.type(momentum)  # (the kernel's momentum_: in the statistics' dtype)
    with np.errstate(divide="ignore", invalid="ignore"):  # (one value per channel: inf or nan)
        unbiased = (var_sum / x.dtype.type(x.size // x.shape[1] - 1)).astype(np.float64)
    if running_mean is not None:
        running_mean._data[...] = m * mean + (1 - m) * running_mean._data
    if running_var is not None:
        running_var._data[...] = np.float64(m) * unbiased + (1 - m) * running_var._data


# --- part act2: selu, celu, softplus, softsign, hardsigmoid, hardswish, mish, softmin, shrinks,
# threshold, glu
def selu(input, inplace=False):
    """scale * elu(x, alpha) with PyTorch's constants, chosen so activations keep mean 0 and
    variance 1 through many layers (self-normalizing). Recorded as elu (EluBackward0)."""
    _ops._tensor_arg("selu_" if inplace else "selu", "input", 1, input)
    _floating_only("elu_cpu", input)
    alpha, scale = 1.6732632423543772848170429916717, 1.0507009873554804934193349852946
    if inplace:
        return apply_inplace(d.elu_, input, alpha, scale, 1)
    return d.elu(input, alpha, scale, 1)


def celu(input, alpha=1.0, inplace=False):
    """max(0, x) + min(0, alpha * (exp(x / alpha) - 1)): elu with its slope at 0 always 1."""
    _ops._tensor_arg("celu_" if inplace else "celu", "input", 1, input)
    alpha = _number_arg("celu", "alpha", 2, alpha)
    if alpha == 0:
        raise RuntimeError("ZeroDivisionError: alpha cannot be 0 for CELU")
    _floating_only("elu_cpu", input)
    return apply_inplace(d.celu_, input, alpha) if inplace else d.celu(input, alpha)


def selu_(input):
    return selu(input, inplace=True)


def celu_(input, alpha=1.0):
    return celu(input, alpha, inplace=True)


def elu_(input, alpha=1.0):
    return elu(input, alpha, inplace=True)


def hardtanh_(input, min_val=-1.0, max_val=1.0):
    """(ATen's own: min_val > max_val is not refused; max_val wins.)"""
    min_val, max_val = (_number_arg("hardtanh_", "min_val", 2, min_val),
                        _number_arg("hardtanh_", "max_val", 3, max_val))
    _no_bool_hardtanh(input)
    return apply_inplace(d.hardtanh, input, min_val, max_val)


def leaky_relu_(input, negative_slope=0.01):
    return leaky_relu(input, negative_slope, inplace=True)


def softplus(input, beta=1, threshold=20):
    """log(1 + exp(beta x)) / beta: a smooth relu, always positive; linear past the threshold.
    (The defaults are ints, as PyTorch's: its nodes show them as 1 and 20.)"""
    beta = _number_arg("softplus", "beta", 2, beta)
    threshold = _number_arg("softplus", "threshold", 3, threshold)
    _floating_only("softplus_cpu", input)
    return d.softplus(input, beta, threshold)


def softsign(input):
    """x / (1 + |x|): like tanh, but reaching +-1 polynomially. Composed, as PyTorch does."""
    return input / (input.abs() + 1)


def tanhshrink(input):
    """x - tanh(x): near 0 for small x, x -+ 1 for large ones. Composed, as PyTorch does."""
    return input - input.tanh()


def softmin(input, dim=None, _stacklevel=3, dtype=None):
    """softmax(-x): the smallest scores get the largest probabilities."""
    if dim is None:
        dim = _implicit_dim("softmin", input.dim())
    return (-input).softmax(dim, dtype=dtype)


def hardsigmoid(input, inplace=False):
    """clamp(x / 6 + 1/2, 0, 1): a piecewise-linear sigmoid, cheap on mobile hardware."""
    _floating_only("hardsigmoid_cpu", input)
    return apply_inplace(d.hardsigmoid, input) if inplace else d.hardsigmoid(input)


def hardswish(input, inplace=False):
    """x * hardsigmoid(x): a piecewise version of silu (MobileNetV3)."""
    _floating_only("hardswish_cpu", input)
    return apply_inplace(d.hardswish, input) if inplace else d.hardswish(input)


def mish(input, inplace=False):
    """x * tanh(softplus(x)): smooth, non-monotonic, unbounded above."""
    _floating_only("mish_cpu", input)
    return apply_inplace(d.mish, input) if inplace else d.mish(input)


def softshrink(input, lambd=0.5):
    """0 in [-lambd, lambd], else x moved lambd toward 0 (soft thresholding, as in lasso)."""
    lambd = _number_arg("softshrink", "lambd", 2, lambd)
    _floating_only("softshrink_check", input)
    if lambd < 0:
        raise RuntimeError(f"lambda must be in range [0, {np.finfo(input._data.dtype).max:g}] for "
                           f"input dtype {input.dtype._scalar}, but found {lambd:g}")
    return d.softshrink(input, lambd)


def hardshrink(input, lambd=0.5):
    """0 in [-lambd, lambd], x itself outside."""
    lambd = _number_arg("hardshrink", "lambd", 2, lambd)
    _floating_only("hardshrink_cpu", input)
    return d.hardshrink(input, lambd)


def _threshold(input, threshold, value, inplace=False):
    """value where x <= threshold, x elsewhere (relu is threshold(x, 0, 0)). PyTorch names it
    _threshold too (an argument is called threshold), as its errors show."""
    _ops._tensor_arg("threshold_" if inplace else "threshold", "input", 1, input)
    threshold = _number_arg("threshold", "threshold", 2, threshold)
    value = _number_arg("threshold", "value", 3, value)
    if input._data.dtype == np.bool_:
        raise NotImplementedError('"threshold_cpu" not implemented for \'Bool\'')
    if inplace:
        return apply_inplace(d.threshold_, input, threshold, value)
    return d.threshold(input, threshold, value)


threshold = _threshold


def threshold_(input, threshold, value):
    return _threshold(input, threshold, value, inplace=True)


def glu(input, dim=-1):
    """Gated linear unit: the first half of input along dim times the sigmoid of the second."""
    if input.dim() == 0:
        raise RuntimeError("glu does not support scalars because halving size must be even")
    if _arg_parser._is_int64(dim):  # (a 0-d integer tensor too: the parser reads its item)
        dim = int(dim)
    if not isinstance(dim, numbers.Integral) or isinstance(dim, bool):
        raise TypeError("glu(): argument 'dim' (position 2) must be int, not "
                        f"{_ops._type_name(dim)}")
    wrapped = _ops._wrap_dim(dim, input.dim())
    if input.shape[wrapped] % 2:
        raise RuntimeError(f"Halving dimension must be even, but dimension {wrapped} is size "
                           f"{input.shape[wrapped]}")
    _floating_only("glu_cpu", input)
    return d.glu(input, _ops._given(dim, input.dim()))


# --- part loss3: kl_div, ranking/hinge/embedding losses, poisson and gaussian nll --------------
# Composites, as in PyTorch (Python in torch/nn/functional.py, or C++ in ATen's Loss.cpp): their
# graphs show the ops they are made of. C++'s `tensor + number` is add(Scalar) (AddBackward1)
# and `number - tensor` subtracts from a wrapped number (SubBackward0), as below.
def _apply_loss_reduction(loss, reduction):
    """ATen's apply_loss_reduction: reduction is the enum (0 none, 1 mean, 2 sum)."""
    return loss.mean() if reduction == 1 else loss.sum() if reduction == 2 else loss


def _reduction_arg(size_average, reduce, reduction):
    """The enum PyTorch's Python wrappers pass to their ATen loss."""
    return _reduction_enum(_legacy_reduction(size_average, reduce, reduction))


def kl_div(input, target, size_average=None, reduce=None, reduction="mean", log_target=False):
    """target * (log target - input) pointwise: input holds log-probabilities, target
    probabilities (or log-probabilities with log_target). 'batchmean' (the sum over the batch
    size) is the KL divergence per sample; 'mean' also divides by the classes, hence its warning."""
    if size_average is not None or reduce is not None:
        enum = _reduction_arg(size_average, reduce, reduction)
    else:
        if reduction == "mean":
            warnings.warn("reduction: 'mean' divides the total loss by both the batch size and the "
                          "support size.'batchmean' divides only by the batch size, and aligns with "
                          "the KL div math definition.'mean' will be changed to behave the same as "
                          "'batchmean' in the next major release.", stacklevel=2)
        enum = _reduction_enum("sum" if reduction == "batchmean" else reduction)
    loss = _kl_div(input, target, enum, log_target)
    return loss / input.size()[0] if reduction == "batchmean" and input.dim() != 0 else loss


def _kl_div(input, target, reduction, log_target):
    """torch.kl_div (ATen's): reduction is the enum, and no 'batchmean' nor warning."""
    if not (input.is_floating_point() and target.is_floating_point()):
        raise RuntimeError("kl_div: Integral inputs not supported.")
    if log_target:
        loss = target.exp() * (target - input)
    else:
        loss = _ops.xlogy(target, target) - target * input  # (xlogy: 0 where target is 0)
    return _apply_loss_reduction(loss, reduction)


def margin_ranking_loss(input1, input2, target, margin=0, size_average=None, reduce=None,
                        reduction="mean"):
    """max(0, -target * (input1 - input2) + margin): target 1 asks input1 to rank higher (by
    margin), -1 input2."""
    enum = _reduction_arg(size_average, reduce, reduction)
    if input1.dim() != input2.dim() or input1.dim() != target.dim():
        raise RuntimeError("margin_ranking_loss : All input tensors should have same dimension but "
                           f"got sizes: input1: {input1.size()}, input2: {input2.size()}, "
                           f"target: {target.size()} ")
    return _margin_ranking_loss(input1, input2, target, margin, enum)


def _margin_ranking_loss(input1, input2, target, margin, reduction):
    """torch.margin_ranking_loss (ATen's): reduction is the enum; shapes need only broadcast."""
    loss = d.add_scalar(-target * (input1 - input2), margin).clamp_min_(0)
    return _apply_loss_reduction(loss, reduction)


def hinge_embedding_loss(input, target, margin=1.0, size_average=None, reduce=None,
                         reduction="mean"):
    """input (a distance) where target is 1, max(0, margin - input) where it is -1: similar
    pairs are pulled together, dissimilar ones pushed at least margin apart."""
    enum = _reduction_arg(size_average, reduce, reduction)
    zeros = _ops.zeros_like(input)
    margin_clamp = _ops.sub(margin, input).clamp_min_(0)
    loss = _ops.where(target != 1, margin_clamp, zeros) + _ops.where(target != -1, input, zeros)
    return _apply_loss_reduction(loss, enum)


def multilabel_soft_margin_loss(input, target, weight=None, size_average=None, reduce=None,
                                reduction="mean"):
    """binary_cross_entropy_with_logits per class (each class is a yes/no question), averaged
    over the classes (the last dim), then over the samples."""
    if size_average is not None or reduce is not None:
        reduction = _legacy_reduction(size_average, reduce, reduction)
    loss = -(target * logsigmoid(input) + (1 - target) * logsigmoid(-input))
    if weight is not None:
        loss = loss * weight
    class_dim = input.dim() - 1
    loss = loss.sum(dim=class_dim) / input.size(class_dim)
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(reduction + " is not valid")
    return loss if reduction == "none" else loss.mean() if reduction == "mean" else loss.sum()


def poisson_nll_loss(input, target, log_input=True, full=False, size_average=None, eps=1e-8,
                     reduce=None, reduction="mean"):
    """The negative log-likelihood of counts target under Poisson(rate): rate - target * log(rate),
    rate = exp(input) (log_input) or input (+ eps in the log). full adds Stirling's approximation
    of log(target!) where target > 1."""
    enum = _reduction_arg(size_average, reduce, reduction)
    if log_input:
        loss = input.exp() - target * input
    else:
        loss = input - target * d.add_scalar(input, eps).log()
    if full:
        stirling = (target * target.log() - target +
                    d.mul_scalar(d.mul_scalar(target, 2 * math.pi).log(), 0.5))
        loss += stirling.masked_fill(target <= 1, 0)
    return _apply_loss_reduction(loss, enum)


def gaussian_nll_loss(input, target, var, full=False, eps=1e-6, reduction="mean"):
    """The negative log-likelihood of target under Normal(input, var), less its constant
    (unless full): (log var + (input - target)^2 / var) / 2, var clamped at eps (unrecorded).
    var may be a float, of input's shape, or lack one dim of it (broadcast)."""
    if isinstance(var, float):
        if var < 0:
            raise ValueError("var has negative entry/entries")
        var = var * _ops.ones_like(input)
    elif _ops.any(var < 0):
        raise ValueError("var has negative entry/entries")
    if var.size() != input.size():
        if input.size()[:-1] == var.size():
            var = _ops.unsqueeze(var, -1)
        elif not (input.dim() == var.dim() and
                  sum(y for x, y in zip(input.size(), var.size()) if x != y) == 1):
            raise ValueError("var is of incorrect size")
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(reduction + " is not valid")
    var = var.clone()
    with grad_mode.no_grad():
        var.clamp_(min=eps)
    loss = 0.5 * (_ops.log(var) + (input - target) ** 2 / var)
    if full:
        loss += 0.5 * math.log(2 * math.pi)
    return loss.mean() if reduction == "mean" else loss.sum() if reduction == "sum" else loss


_EPSILON = float(np.float32(1e-12))  # (ATen's constexpr float, widened to a double)


def cosine_embedding_loss(input1, input2, target, margin=0, size_average=None, reduce=None,
                          reduction="mean"):
    """1 - cos(input1, input2) where target is 1, max(0, cos - margin) where it is -1: the
    cosine is computed inline (rows of 2-D inputs with a 1-D target, or two vectors)."""
    enum = _reduction_arg(size_average, reduce, reduction)
    dim = target.dim()
    if dim > 1:
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    if input1.dim() != dim + 1 or input2.dim() != dim + 1:
        raise RuntimeError(f"{dim}D target tensor expects {dim + 1}D input tensors, but found "
                           f"inputs with sizes {_size_list(input1.shape)} and "
                           f"{_size_list(input2.shape)}.")
    prod_sum = (input1 * input2).sum(dim)
    mag_square1 = d.add_scalar((input1 * input1).sum(dim), _EPSILON)
    mag_square2 = d.add_scalar((input2 * input2).sum(dim), _EPSILON)
    cos = prod_sum / (mag_square1 * mag_square2).sqrt_()
    zeros = _ops.zeros_like(cos)
    pos = _ops.sub(1, cos)
    neg = d.sub_scalar(cos, margin).clamp_min_(0)
    loss = _ops.where(target == 1, pos, zeros) + _ops.where(target == -1, neg, zeros)
    return _apply_loss_reduction(loss, enum)


def soft_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    """log(1 + exp(-target * input)) for targets 1 or -1: logistic regression's loss, a smooth
    hinge. One node of its own (SoftMarginLossBackward0); target gets no gradient."""
    enum = _reduction_arg(size_average, reduce, reduction)
    _not_differentiable("soft_margin_loss", "target", target)
    # (its kernel writes into input's shape)
    _check_output_shape(input.shape, _broadcast_shape(input.shape, target.shape))
    if not input.is_floating_point():
        result = target.dtype if target.is_floating_point() else dtypes.float32
        raise RuntimeError(f"result type {result._scalar} can't be cast to the desired output "
                           f"type {input.dtype._scalar}")
    return d.soft_margin_loss(input, target, enum)


def rms_norm(input, normalized_shape, weight=None, eps=None):
    """x / sqrt(mean(x^2) + eps) over the last dims, times weight: layer_norm without centering
    (no mean subtracted, no bias). On CPU PyTorch composes it of ops, as here; eps defaults to
    the dtype's machine epsilon."""
    shape = _check_normalized_shape("rms_norm", input, normalized_shape, weight)
    if eps is not None:
        eps = _number_arg("rms_norm", "eps", 4, eps, "float")
    _floating_only("rms_norm", input)
    dims = tuple(range(input.dim() - len(shape), input.dim()))
    eps = float(np.finfo(input._data.dtype).eps) if eps is None else eps
    result = input * d.add_scalar(input.pow(2).mean(dims, keepdim=True), eps).rsqrt()
    result = result if weight is None else result * weight
    # PyTorch's ends with result.contiguous(input.suggest_memory_format()): a transposed input's
    # result is copied row by row (CloneBackward0); a channels-last one's is already so
    return result if _channels_last(input._data) else result.contiguous()


def prelu(input, weight):
    """x where x > 0, weight * x elsewhere: leaky_relu with a learned slope, one per channel
    (dim 1) or one for all. weight is reshaped to (1, C, 1, ...) to broadcast (ViewBackward0)."""
    _ops._tensor_arg("prelu", "weight", 2, weight)
    if input.dtype != weight.dtype:
        raise RuntimeError(f"prelu: Type promoting not supported. Got {input.dtype._scalar} and "
                           f"{weight.dtype._scalar}")
    if weight.numel() != 1:
        if input.dim() == 0:
            raise RuntimeError("Not allow zero-dim input tensor.")
        channels = input.shape[1] if input.dim() > 1 else 1
        if channels != weight.numel():
            raise RuntimeError("Mismatch of parameter numbers and input channel size. Found "
                               f"parameter numbers = {weight.numel()} and channel size = "
                               f"{channels}.")
    if weight.dim() > 1:
        raise RuntimeError("prelu: Expected `weight` to be a scalar or 1D tensor, but got: ndim = "
                           f"{weight.dim()}")
    if input.dim() >= 2:
        weight = weight.reshape(1, weight.numel(), *[1] * (input.dim() - 2))
    _floating_only("prelu_cpu", input)
    return d.prelu_kernel(input, weight)


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-5):
    """The channels (dim 1) of each sample in num_groups groups, each normalized to mean 0 and
    variance 1, then times weight plus bias per channel: between layer_norm (one group) and
    instance norm (a group per channel), and independent of the batch size."""
    if input.dim() < 2:
        raise RuntimeError("Expected at least 2 dimensions for input tensor but received "
                           f"{input.dim()}")
    n, c = input.shape[:2]
    if math.prod((n * c // num_groups, *input.shape[2:])) == 1:
        raise ValueError("Expected more than 1 value per channel when training, got input size "
                         f"{_size_list((n * c // num_groups, num_groups, *input.shape[2:]))}")
    return _group_norm(input, num_groups, weight, bias, eps)


def _group_norm(input, num_groups, weight, bias, eps):
    """torch.group_norm (ATen's, without F.group_norm's checks)."""
    n, c = input.size(0), input.size(1)
    return _native_group_norm(input, weight, bias, n, c, input.numel() // max(n * c, 1),
                              num_groups, eps)[0]


def _native_group_norm(input, weight, bias, N, C, HxW, group, eps):
    """torch.native_group_norm: group_norm's output, with each sample's groups' mean and rstd
    (N, group); N, C and HxW (the positions per channel) describe input's shape."""
    if group <= 0:
        raise RuntimeError(f"Expected num groups to be greater than 0, got {group}")
    if C % group:
        raise RuntimeError("Expected number of channels in input to be divisible by num_groups, "
                           f"but got input of shape {_size_list(input.shape)} and "
                           f"num_groups={group}")
    for name, p in (("weight", weight), ("bias", bias)):
        if p is not None and (p.dim() != 1 or p.numel() != C):
            shape = [0] if weight is None else list(weight.shape)  # (PyTorch's bias message
            raise RuntimeError(  # shows weight's shape)
                f"Expected {name} to be a vector of size equal to the number of channels in "
                f"input, but got {name} of shape {_size_list(shape)} and input of shape "
                f"{_size_list(input.shape)}")
    _check_norm_dtypes("GroupNormKernelImpl", input, (weight, bias))
    return d.native_group_norm(input, weight, bias, N, C, HxW, group, eps)


def instance_norm(input, running_mean=None, running_var=None, weight=None, bias=None,
                  use_input_stats=True, momentum=0.1, eps=1e-5):
    """Each channel of each sample normalized over its positions: PyTorch views (N, C, ...) as
    one sample of N * C channels, repeats the per-channel tensors N times and calls batch_norm;
    the running statistics then take the mean of the N copies' updates."""
    if use_input_stats and math.prod(input.shape[2:]) == 1:
        raise ValueError("Expected more than 1 spatial element when training, got input size "
                         f"{input.size()}")
    return _instance_norm(input, weight, bias, running_mean, running_var, use_input_stats,
                          momentum, eps)


def _instance_norm(input, weight, bias, running_mean, running_var, use_input_stats, momentum, eps):
    """torch.instance_norm (ATen's, F.instance_norm's check done): its arguments in ATen's order."""
    if not use_input_stats and (running_mean is None or running_var is None):
        raise RuntimeError("Expected running_mean and running_var to be defined when "
                           "use_input_stats is false")
    b, c = input.shape[:2]
    weight, bias, mean_, var_ = (None if t is None else t.repeat(b)
                                 for t in (weight, bias, running_mean, running_var))
    out = _batch_norm(input.contiguous().view(1, b * c, *input.shape[2:]), weight, bias, mean_,
                      var_, use_input_stats, momentum, eps)
    for t, repeated in ((running_mean, mean_), (running_var, var_)):
        if t is not None:
            t.copy_(repeated.view(b, c).mean(0))
    return out.view(input.shape)


# part pooling: max, average and adaptive pools over the last two dims (or three: the 3-d
# pools share the rows' code). The 1-d forms are the 2-d ones over input.unsqueeze(-2) (a height
# of 1) squeezed back, as PyTorch's graph shows.
_POOL_ARG_ERRORS = {"kernel_size": "must either be a single int, or a tuple of {} ints",
                    "stride": "must either be omitted, a single int, or a tuple of {} ints",
                    "padding": "must either be a single int, or a tuple of {} ints",
                    "dilation": "must be either a single int, or a tuple of {} ints"}


def _pool_arg(kernel, arg, value, n=2):
    """An int or n ints as a tuple of n (PyTorch's int[n]); stride None stays ()."""
    if value is None:
        return ()
    value = tuple(value) if isinstance(value, (tuple, list)) else (value,)
    if len(value) not in (1, n) and not (arg == "stride" and not value):
        error = _POOL_ARG_ERRORS[arg].format("two" if n == 2 else "three")
        if kernel == "avg_pool3d":  # (its own wording)
            error = error.replace("must either be", "must be")
        raise RuntimeError(f"{kernel}: {arg} {error}")
    return value * n if len(value) == 1 else value


def _single(kernel, arg, value):
    value = tuple(value) if isinstance(value, (tuple, list)) else (value,)
    if len(value) != 1:
        raise RuntimeError(f"{kernel}() argument '{arg}' should contain one int (got {len(value)})")
    return value[0]


def _pool_output_shape(input, kernel_size, stride, padding, dilation, ceil_mode):
    """PyTorch's pooling_output_shape along each pooled dim: its checks, then the window count."""
    nd, out = len(kernel_size), []
    for dim in range(nd):
        k, s, p, dl = kernel_size[dim], (stride or kernel_size)[dim], padding[dim], dilation[dim]
        if s == 0:
            raise RuntimeError("stride should not be zero")
        if p < 0:
            raise RuntimeError(f"pad must be non-negative, but got pad: {p}")
        if p > ((k - 1) * dl + 1) // 2:
            raise RuntimeError("pad should be at most half of effective kernel size, but got "
                               f"pad={p}, kernel_size={k} and dilation={dl}")
        out.append(d._pool_out(input.shape[dim - nd], k, s, p, dl, ceil_mode))
    return out


def _check_pool_args(kernel_size, stride, dilation):
    """pool2d/pool3d_shape_check's checks of kernel, stride and dilation (dims named T, H, W)."""
    names = "THW"[-len(kernel_size):]
    for what, short, values in (("kernel size", "k", kernel_size), ("stride", "d", stride),
                                ("dilation", "dilation", dilation)):
        if min(values) <= 0:
            raise RuntimeError(f"{what} should be greater than zero, but got "
                               + " ".join(f"{short}{n}: {v}" for n, v in zip(names, values)))


def _check_output_size(input, out):
    if min(out) < 1:
        sizes = input.shape[-len(out) - 1:]
        raise RuntimeError(f"Given input size: ({'x'.join(map(str, sizes))}). Calculated output "
                           f"size: ({'x'.join(map(str, (sizes[0], *out)))}). Output size is too "
                           "small")


def _check_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode):
    """PyTorch's pooling_output_shape and pool2d_shape_check, in their order."""
    out = _pool_output_shape(input, kernel_size, stride, padding, dilation, ceil_mode)
    _check_pool_args(kernel_size, stride or kernel_size, dilation)
    if input.dim() not in (3, 4) or 0 in input.shape[-3:]:
        raise RuntimeError("Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size "
                           f"for input, but got:{_size_list(input.shape)}")
    _check_output_size(input, out)


def _check_pool3d(input, kernel_size, stride, padding, dilation, ceil_mode, fn, avg=False):
    """PyTorch's pooling_output_shape and pool3d_shape_check, in their order (an average pool
    also wants the input at least as large as the kernel)."""
    out = _pool_output_shape(input, kernel_size, stride, padding, dilation, ceil_mode)
    for i in range(input.dim() - 4, input.dim()):
        if input.shape[i] == 0:  # (PyTorch names the dim by its length, 0)
            raise RuntimeError(f"{fn}: Expected input's non-batch dimensions to have positive "
                               f"length, but input has a shape of {list(input.shape)} and "
                               "non-batch dimension 0 has length zero!")
    _check_pool_args(kernel_size, stride or kernel_size, dilation)
    (kt, kh, kw), (pt, ph, pw), (t, h, w) = kernel_size, padding, input.shape[-3:]
    if avg and (t < kt or h < kh or w < kw):
        raise RuntimeError(f"input image (T: {t} H: {h} W: {w}) smaller than kernel size (kT: {kt} "
                           f"kH: {kh} kW: {kw})")
    if kt // 2 < pt or kw // 2 < pw or kh // 2 < ph:
        raise RuntimeError("pad should be smaller than or equal to half of kernel size, but got "
                           f"kT: {kt} kW: {kw} kH: {kh} padT: {pt} padW: {pw} padH: {ph}")
    _check_output_size(input, out)


# The ATen functions F's pools call (F's max pools hand them stride None as []), whose parser
# reads the sizes: ints, or one int for all dims (a 0-d integer tensor too).
_POOL_SIGNATURES = {
    **{name: _arg_parser.Signature(
        f"{name}(Tensor input, IntArrayRef[{n}] kernel_size, IntArrayRef[{n}] stride=[], "
        f"IntArrayRef[{n}] padding=0, IntArrayRef[{n}] dilation=1, bool ceil_mode=False)")
       for name, n in (("max_pool1d", 1), ("max_pool2d", 2), ("max_pool1d_with_indices", 1),
                       ("max_pool2d_with_indices", 2))},
    "avg_pool1d": _arg_parser.Signature(
        "avg_pool1d(Tensor input, IntArrayRef[1] kernel_size, IntArrayRef[1] stride=None, "
        "IntArrayRef[1] padding=0, bool ceil_mode=False, bool count_include_pad=True)"),
    "avg_pool2d": _arg_parser.Signature(
        "avg_pool2d(Tensor input, IntArrayRef[2] kernel_size, IntArrayRef[2] stride=None, "
        "IntArrayRef[2] padding=0, bool ceil_mode=False, bool count_include_pad=True, "
        "int64_t? divisor_override=None)"),
}


def _bind_max_pool(name, input, kernel_size, stride, padding, dilation, ceil_mode):
    """A max pool's arguments read by its ATen signature (a stride of None is [], its default)."""
    return _POOL_SIGNATURES[name].bind(
        (input, kernel_size, [] if stride is None else stride, padding, dilation, ceil_mode), {})


def _max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    """The max of each kernel_size window (windows stride apart, dilation between taps);
    padding adds -inf borders. With return_indices, where each max was (flat over H*W)."""
    input, kernel_size, stride, padding, dilation, ceil_mode = _bind_max_pool(
        "max_pool2d_with_indices" if return_indices else "max_pool2d",
        input, kernel_size, stride, padding, dilation, ceil_mode)
    args = [_pool_arg("max_pool2d", a, v) for a, v in (
        ("kernel_size", kernel_size), ("stride", stride), ("padding", padding),
        ("dilation", dilation))]
    if input.dim() not in (3, 4):
        raise RuntimeError("non-empty 3D or 4D (batch mode) tensor expected for input")
    _check_pool2d(input, *args, ceil_mode)
    output, indices = d.max_pool2d_with_indices(input, *args, ceil_mode)
    return (output, indices) if return_indices else output


def _max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    """max_pool2d over a height of 1, after max_pool1d's own checks (with return_indices,
    max_pool1d_with_indices: another ATen function, with other checks)."""
    if return_indices:
        return max_pool1d_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode)
    input, kernel_size, stride, padding, dilation, ceil_mode = _bind_max_pool(
        "max_pool1d", input, kernel_size, stride, padding, dilation, ceil_mode)
    if input.dim() not in (2, 3) or 0 in input.shape[-2:]:
        raise RuntimeError("max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim "
                           f"batch size for input, but got:{_size_list(input.shape)}")
    k, p, dl = (v[0] if isinstance(v, (tuple, list)) and len(v) == 1 else v
                for v in (kernel_size, padding, dilation))
    if isinstance(k, (tuple, list)):
        raise RuntimeError("max_pool1d() kernel_size must be an int, list of ints or tuple of "
                           f"ints of size 1 but got size {len(k)}")
    s = k if stride in (None, (), []) else _single("max_pool1d", "stride", stride)
    for what, value, ok in (("kernel_size must be greater than zero", k, k > 0),
                            ("stride must be greater than zero", s, s > 0),
                            ("padding must be non-negative", p, p >= 0)):
        if not ok:
            raise RuntimeError(f"max_pool1d() {what}, but got {value}")
    if p > k // 2:
        raise RuntimeError("max_pool1d() padding should be at most half of kernel size, but got "
                           f"padding={p} and kernel_size={k}")
    if dl <= 0:
        raise RuntimeError(f"max_pool1d() dilation must be greater than zero, but got {dl}")
    out = d._pool_out(input.shape[-1], k, s, p, dl, ceil_mode)
    if out <= 0:
        raise RuntimeError(f"max_pool1d() Invalid computed output size: {out}")
    return d.max_pool2d_with_indices(input.unsqueeze(-2), (1, k), (1, s), (0, p), (1, dl),
                                     ceil_mode)[0].squeeze(-2)


def avg_pool2d(*args, **kwargs):
    """avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
    count_include_pad=True, divisor_override=None): the mean of each window, its sum over the
    window's size (counting padding unless count_include_pad=False) or over divisor_override.
    As PyTorch's, ATen's function itself: its parser reads the call as given."""
    (input, kernel_size, stride, padding, ceil_mode, count_include_pad,
     divisor_override) = _POOL_SIGNATURES["avg_pool2d"].bind(args, kwargs)
    args = [_pool_arg("avg_pool2d", a, v) for a, v in (
        ("kernel_size", kernel_size), ("stride", stride), ("padding", padding))]
    if divisor_override == 0:
        raise RuntimeError("divisor must be not zero")
    if input.dim() < 3:
        raise IndexError("Dimension out of range (expected to be in range of "
                         f"[{-max(input.dim(), 1)}, {max(input.dim(), 1) - 1}], but got -3)")
    _check_pool2d(input, *args[:3], (1, 1), ceil_mode)
    return d.avg_pool2d(input, *args, ceil_mode, count_include_pad, divisor_override)


def _check_dims_2_to_3(input, kernel):
    if input.dim() not in (2, 3):
        raise RuntimeError(f"Expected 2 to 3 dimensions, but got {input.dim()}-dimensional tensor "
                           f"for argument #1 'self' (while checking arguments for {kernel})")


def avg_pool1d(*args, **kwargs):
    """avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
    count_include_pad=True): avg_pool2d over a height of 1 (ATen's function, as avg_pool2d)."""
    input, kernel_size, stride, padding, ceil_mode, count_include_pad = _POOL_SIGNATURES[
        "avg_pool1d"].bind(args, kwargs)
    _check_dims_2_to_3(input, "avg_pool1d")
    k = _single("avg_pool1d", "kernel_size", kernel_size)
    s = k if stride in (None, (), []) else _single("avg_pool1d", "stride", stride)
    p = _single("avg_pool1d", "padding", padding)
    return avg_pool2d(input.unsqueeze(-2), (1, k), (1, s), (0, p), ceil_mode,
                      count_include_pad).squeeze(-2)


# The ATen functions F's adaptive pools call, whose parser reads output_size
_ADAPTIVE_SIGNATURES = {f"adaptive_{kind}_pool{n}d": _arg_parser.Signature(
    f"adaptive_{kind}_pool{n}d(Tensor input, {'Sym' if kind == 'avg' and n > 1 else ''}"
    f"IntArrayRef[{n}] output_size{'' if n == 1 else out})")
    for n in (1, 2, 3) for kind, out in (("avg", ", *, Tensor out=None"),
                                         ("max", ", *, TensorList[2] out=None"))}


def _adaptive_size(name, input, output_size):
    """output_size as ATen's function `name` reads it, after F's _list_with_default (which the
    1-d pools skip): a sequence's None keeps that input size."""
    if name[-2] != "1":
        defaults = input.size()  # (an argument of _list_with_default: read first)
        if not isinstance(output_size, int):
            if len(defaults) <= len(output_size):
                raise ValueError(f"Input dimension should be at least {len(output_size) + 1}")
            output_size = [d if v is None else v
                           for v, d in zip(output_size, defaults[-len(output_size):])]
    return tuple(_ADAPTIVE_SIGNATURES[name].bind((input, output_size), {})[1])


def _check_adaptive(kernel, input, sep=""):
    _floating_only(kernel, input)
    if input.dim() not in (3, 4):
        raise RuntimeError(f"{kernel}(): Expected 3D or 4D tensor, but got{sep} "
                           f"{_size_list(input.shape)}")


def adaptive_avg_pool2d(input, output_size):
    """Means over output_size windows that split the input as evenly as they can: window o
    covers [floor(o*H/OH), ceil((o+1)*H/OH)) (windows overlap when OH does not divide H)."""
    size = _adaptive_size("adaptive_avg_pool2d", input, output_size)
    if len(size) != 2:
        raise RuntimeError("adaptive_avg_pool2d: output_size must be 2")
    if min(size) < 0:
        raise RuntimeError("adaptive_avg_pool2d: elements of output_size must be greater than or "
                           f"equal to 0 but received {{{size[0]}, {size[1]}}}")
    if size == (1, 1):  # one window: PyTorch takes the mean over H and W
        out = input.mean((-1, -2), keepdim=True)
        if _channels_last(input._data):  # (then restrided in place as channels-last)
            n, c = input.shape[:2]
            out.as_strided_((n, c, 1, 1), (c, 1, c, c))
        return out
    _check_adaptive("adaptive_avg_pool2d", input)
    for i in (-2, -1):
        _check_nonempty("adaptive_avg_pool2d", input, i + input.dim())
    return d.adaptive_avg_pool2d(input, size)


def _check_nonempty(kernel, input, dim):
    if input.shape[dim] == 0:
        raise RuntimeError(f"{kernel}(): Expected input to have non-zero size for non-batch "
                           f"dimensions, but input has sizes {_size_list(input.shape)} with "
                           f"dimension {dim} being empty")


def _adaptive_max_pool2d(input, output_size, return_indices=False):
    """The max over adaptive_avg_pool2d's windows (and where it was, flat over H*W)."""
    size = _adaptive_size("adaptive_max_pool2d", input, output_size)
    _check_adaptive("adaptive_max_pool2d", input, ":")
    for i in range(1, input.dim()):
        _check_nonempty("adaptive_max_pool2d", input, i)
    output, indices = d.adaptive_max_pool2d(input, size)
    return (output, indices) if return_indices else output


def adaptive_avg_pool1d(input, output_size):
    size = _single("adaptive_avg_pool1d", "output_size",
                   _adaptive_size("adaptive_avg_pool1d", input, output_size))
    _check_dims_2_to_3(input, "adaptive_avg_pool1d")
    return adaptive_avg_pool2d(input.unsqueeze(-2), (1, size)).squeeze(-2)


def _adaptive_max_pool1d(input, output_size, return_indices=False):
    size = _single("adaptive_max_pool1d", "output_size",
                   _adaptive_size("adaptive_max_pool1d", input, output_size))
    _check_dims_2_to_3(input, "adaptive_max_pool1d")
    output, indices = _adaptive_max_pool2d(input.unsqueeze(-2), (1, size), True)
    output = output.squeeze(-2)
    return (output, indices.squeeze(-2)) if return_indices else output


# part conv3d: the pools over volumes (N, C, D, H, W) or (C, D, H, W): the 2-d pools' code over
# three dims, with pool3d_shape_check's and the 3-d kernels' own checks
_MAX_POOL3D = {name: _arg_parser.Signature(
    f"{name}(Tensor input, IntArrayRef[3] kernel_size, IntArrayRef[3] stride=None, "
    f"IntArrayRef[3] padding=0, IntArrayRef[3] dilation=1, bool ceil_mode=False{out})")
    for name, out in (("max_pool3d", ""), ("max_pool3d_with_indices", ", *, TensorList[2] out=None"))}


def _max_pool3d_aten(name, args, kwargs):
    """ATen's max_pool3d or max_pool3d_with_indices, the call read by PyTorch's parser:
    max_pool2d over the last three dims, its output and indices (flat over D*H*W)."""
    input, *args, ceil_mode = _MAX_POOL3D[name].bind(args, kwargs)[:6]
    args = [_pool_arg("max_pool3d", a, v, 3) for a, v in zip(
        ("kernel_size", "stride", "padding", "dilation"), args)]
    if input.dim() not in (4, 5):
        raise RuntimeError("non-empty 4D or 5D (batch mode) tensor expected for input")
    _check_pool3d(input, *args, ceil_mode, "max_pool3d_with_indices_out_cpu_template()")
    return d.max_pool3d_with_indices(input, *args, ceil_mode)


def _aten_max_pool3d(*args, **kwargs):
    """torch.max_pool3d: ATen's, without return_indices."""
    return _max_pool3d_aten("max_pool3d", args, kwargs)[0]


def _max_pool3d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    """max_pool2d over the last three dims (indices flat over D*H*W). As PyTorch's F, this is
    Python: it hands ATen's function stride None as []."""
    if return_indices:
        return max_pool3d_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode)
    return _max_pool3d_aten("max_pool3d", (input, kernel_size, [] if stride is None else stride,
                                           padding, dilation, ceil_mode), {})[0]


def max_pool3d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1,
                            ceil_mode=False, return_indices=False):
    """max_pool3d and where each max was (always both)."""
    return _max_pool3d_aten("max_pool3d_with_indices", (
        input, kernel_size, [] if stride is None else stride, padding, dilation, ceil_mode), {})


_AVG_POOL3D = _arg_parser.Signature(
    "avg_pool3d(Tensor input, IntArrayRef[3] kernel_size, IntArrayRef[3] stride=None, "
    "IntArrayRef[3] padding=0, bool ceil_mode=False, bool count_include_pad=True, "
    "int64_t? divisor_override=None)")


def avg_pool3d(*args, **kwargs):
    """avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
    count_include_pad=True, divisor_override=None): avg_pool2d over the last three dims."""
    (input, kernel_size, stride, padding, ceil_mode, count_include_pad,
     divisor_override) = _AVG_POOL3D.bind(args, kwargs)
    args = [_pool_arg("avg_pool3d", a, v, 3) for a, v in (
        ("kernel_size", kernel_size), ("stride", stride), ("padding", padding))]
    if input.dim() not in (4, 5):
        raise RuntimeError("non-empty 4D or 5D (batch mode) tensor expected for input")
    if divisor_override == 0:
        raise RuntimeError("divisor must be not zero")
    _check_pool3d(input, *args, (1, 1, 1), ceil_mode, "avg_pool3d()", avg=True)
    return d.avg_pool3d(input, *args, ceil_mode, count_include_pad, divisor_override)


def _check_adaptive3d(kernel, input, sep=""):
    """The 3-d adaptive pools' checks of input: its dims, its non-batch sizes (then the kernel's
    dtype check)."""
    if input.dim() not in (4, 5):
        raise RuntimeError(f"{kernel}(): Expected 4D or 5D tensor, but got{sep} {_size_list(input.shape)}")
    for i in range(1, input.dim()):
        _check_nonempty(kernel, input, i)


def adaptive_avg_pool3d(input, output_size):
    """adaptive_avg_pool2d over the last three dims."""
    size = _adaptive_size("adaptive_avg_pool3d", input, output_size)
    if len(size) != 3:
        raise RuntimeError("adaptive_avg_pool3d: output_size must be 3")
    if min(size) < 0:
        raise RuntimeError("adaptive_avg_pool3d: elements of output_size must be greater than or "
                           f"equal to 0 but received {{{size[0]}, {size[1]},{size[2]}}}")
    if size == (1, 1, 1):  # one window: PyTorch takes the mean over D, H and W
        return input.mean((-1, -2, -3), keepdim=True)
    _check_adaptive3d("adaptive_avg_pool3d", input)
    _floating_only("adaptive_avg_pool3d_cpu", input)
    return d.adaptive_avg_pool3d(input, size)


def _adaptive_max_pool3d(input, output_size, return_indices=False):
    """adaptive_max_pool2d over the last three dims (indices flat over D*H*W)."""
    size = _adaptive_size("adaptive_max_pool3d", input, output_size)
    _check_adaptive3d("adaptive_max_pool3d", input, ":")
    if len(size) != 3:
        raise RuntimeError("adaptive_max_pool3d(): internal error: output_size.size() must be 3")
    if min(size) < 0:
        raise RuntimeError(f"Trying to create tensor with negative dimension "
                           f"{next(v for v in size if v < 0)}: "
                           f"{list(input.shape[:-3]) + list(size)}")
    _floating_only("adaptive_max_pool3d_cpu", input)
    output, indices = d.adaptive_max_pool3d(input, size)
    return (output, indices) if return_indices else output


def adaptive_max_pool3d_with_indices(input, output_size, return_indices=False):
    """adaptive_max_pool3d and where each max was (always both)."""
    return _adaptive_max_pool3d(input, output_size, True)


def adaptive_max_pool1d_with_indices(input, output_size, return_indices=False):
    return _adaptive_max_pool1d(input, output_size, True)


def adaptive_max_pool2d_with_indices(input, output_size, return_indices=False):
    return _adaptive_max_pool2d(input, output_size, True)


# lp_pool1d/2d/3d: (sum of x ** p over each window) ** (1 / p), PyTorch's composite: an
# average pool of x ** p times the window's size (p = +-inf: a max pool of |x|)
def _lp_pool(pool, max_pool, size, input, norm_type, kernel_size, stride, ceil_mode):
    if isinstance(norm_type, (int, float)):
        if norm_type == float("inf"):
            return max_pool(input.abs(), kernel_size, stride, 0, 1, ceil_mode)
        if norm_type == -float("inf"):
            return -max_pool(-input.abs(), kernel_size, stride, 0, 1, ceil_mode)
    if stride is not None:
        out = pool(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    else:
        out = pool(input.pow(norm_type), kernel_size, padding=0, ceil_mode=ceil_mode)
    return (out.sign() * relu(out.abs())).mul(size).pow(1.0 / norm_type)


def lp_pool1d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    return _lp_pool(avg_pool1d, max_pool1d, kernel_size, input, norm_type, kernel_size, stride,
                    ceil_mode)


def lp_pool2d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    kw, kh = _pair_list(kernel_size)  # (a str too is iterable: too few values to unpack)
    return _lp_pool(avg_pool2d, max_pool2d, kw * kh, input, norm_type, kernel_size, stride,
                    ceil_mode)


def lp_pool3d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    kd, kw, kh = _pair_list(kernel_size, 3)
    return _lp_pool(avg_pool3d, max_pool3d, kd * kw * kh, input, norm_type, kernel_size, stride,
                    ceil_mode)


# --- part conv: conv1d, conv2d, pad ------------------------------------------------------------
from .._warnings import warn_once  # noqa: E402

# PyTorch's strings for conv1d/2d/3d: int lists, or (the second) padding as a string
_CONV_SIGNATURES = {nd: tuple(
    f"conv{nd}d(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[{nd}] stride=1, "
    f"{padding}, SymIntArrayRef[{nd}] dilation=1, SymInt groups=1)"
    for padding in (f"SymIntArrayRef[{nd}] padding=0", 'c10::string_view padding="valid"'))
    for nd in (1, 2, 3)}
_is_int = _arg_parser._is_int


def _expand_param(name, value, nd):
    """stride, padding or dilation as one int per spatial dim (one int stands for all)."""
    value = [int(value)] if _is_int(value) else [int(v) for v in value]
    if len(value) == 1:
        return tuple(value * nd)
    if len(value) != nd:
        raise RuntimeError(f"expected {name} to be a single integer value or a list of {nd} values "
                           f"to match the convolution dimensions, but got {name}={value}")
    return tuple(value)


def _conv(name, nd, args, kwargs):
    """conv1d/conv2d/conv3d: PyTorch's argument parsing and checks in its order, then one
    ConvolutionBackward0 node (an unbatched input gets a batch dim of 1 for it, squeezed off
    after)."""
    input, weight, bias, stride, padding, dilation, groups = (
        _arg_parser.bind(_CONV_SIGNATURES[nd], args, kwargs).values())
    if bias is not None and bias.dtype != input.dtype:
        raise RuntimeError(f"Input type ({input.dtype._c}) and bias type ({bias.dtype._c}) "
                           "should be the same")
    if input.dim() not in (nd + 1, nd + 2):
        raise RuntimeError(f"Expected {nd + 1}D (unbatched) or {nd + 2}D (batched) input to {name}, "
                           f"but got input of size: {list(input.shape)}")
    batched = input.dim() == nd + 2
    x = input if batched else input.unsqueeze(0)
    if isinstance(padding, str):
        x, padding = _padding_from_string(x, weight, padding, stride, dilation, groups, nd)
    out = _convolution(x, weight, bias, stride, padding, dilation, groups)
    return out if batched else out.squeeze(0)


def _padding_from_string(x, weight, padding, stride, dilation, groups, nd):
    """'valid': no padding. 'same': the output as large as the input, padding dilation * (k - 1)
    in all, half on each side; an odd total puts the extra pixel on the right, by an F.pad first."""
    if padding == "valid":
        return x, 0
    if padding != "same":
        raise RuntimeError(f"Invalid padding string: '{padding}'")
    if weight.dim() < 3:
        raise RuntimeError("weight should have at least three dimensions")
    if groups <= 0:
        raise RuntimeError("non-positive groups is not supported")
    if weight.dim() != x.dim():
        raise RuntimeError(f"Expected {weight.dim()}-dimensional input for {weight.dim()}-dimensional "
                           f"weight{list(weight.shape)}, but got {x.dim()}-dimensional input of size "
                           f"{list(x.shape)} instead")
    for arg, v in (("stride", stride), ("dilation", dilation)):
        if len(v) not in (1, nd):
            raise RuntimeError(f"{arg} cannot broadcast to {nd} dimensions")
    if any(s != 1 for s in stride):
        raise RuntimeError("padding='same' is not supported for strided convolutions")
    total = [d * (k - 1) for d, k in zip(dilation * nd if len(dilation) == 1 else dilation,
                                          weight.shape[2:])]
    if all(t % 2 == 0 for t in total):
        return x, [t // 2 for t in total]
    warn_once("Using padding='same' with even kernel lengths and odd dilation may require a "
              "zero-padded copy of the input be created (Triggered internally at "
              "/__w/pytorch/pytorch/aten/src/ATen/native/Convolution.cpp:1101.)", stacklevel=4)
    extra = [p for t in reversed(total) for p in (0, t % 2)]  # F.pad's order: last dim first
    return d.constant_pad_nd(x, tuple(extra), 0), [t // 2 for t in total]


def _check_conv_weight(input, weight, groups):
    """ATen's first checks of a convolution's weight (plain or transposed): its dims, groups."""
    ws = list(weight.shape)
    if input.dim() != weight.dim():
        raise RuntimeError(f"Expected {weight.dim()}-dimensional input for {weight.dim()}-dimensional "
                           f"weight {ws}, but got {input.dim()}-dimensional input of size "
                           f"{list(input.shape)} instead")
    if ws[0] < groups:
        raise RuntimeError(f"Given groups={groups}, expected weight to be at least {groups} at "
                           f"dimension 0, but got weight of size {ws} instead")
    if ws[0] % groups:
        raise RuntimeError(f"Given groups={groups}, expected weight to be divisible by {groups} at "
                           f"dimension 0, but got weight of size [{ws}] instead")


def _convolution(input, weight, bias, stride, padding, dilation, groups, output_padding=0):
    """PyTorch's check_shape_forward, then the convolution row. (output_padding, unused without
    transposed, is checked all the same when torch.convolution is given one.)"""
    if weight.dim() < 3:
        raise RuntimeError("weight should have at least three dimensions")
    if groups <= 0:
        raise RuntimeError("non-positive groups is not supported")
    nd, ws = weight.dim() - 2, list(weight.shape)
    stride, padding, dilation, output_padding = (_expand_param(n, v, nd) for n, v in (
        ("stride", stride), ("padding", padding), ("dilation", dilation),
        ("output_padding", output_padding)))
    if any(p < 0 for p in padding):
        raise RuntimeError("negative padding is not supported")
    if any(p < 0 for p in output_padding):
        raise RuntimeError("negative output_padding is not supported")
    if any(s <= 0 for s in stride):
        raise RuntimeError("non-positive stride is not supported")
    if any(v < 0 for v in dilation):
        raise RuntimeError("dilation should be greater than zero")
    _check_conv_weight(input, weight, groups)
    if input.shape[1] != ws[1] * groups:
        raise RuntimeError(f"Given groups={groups}, weight of size {ws}, expected input"
                           f"{list(input.shape)} to have {ws[1] * groups} channels, but got "
                           f"{input.shape[1]} channels instead")
    if bias is not None and (bias.dim() != 1 or bias.shape[0] != ws[0]):
        raise RuntimeError(f"Given weight of size {ws}, expected bias to be 1-dimensional with "
                           f"{ws[0]} elements, but got bias of size {list(bias.shape)} instead")
    padded = [i + 2 * p for i, p in zip(input.shape[2:], padding)]
    spans = [v * (k - 1) + 1 for v, k in zip(dilation, ws[2:])]
    if any(i < k for i, k in zip(padded, spans)):
        raise RuntimeError(f"Calculated padded input size per channel: ({' x '.join(map(str, padded))}"
                           f"). Kernel size: ({' x '.join(map(str, spans))}). Kernel size can't be "
                           "greater than actual input size")
    if any(v == 0 for v in dilation):
        raise RuntimeError(f"dilation should be greater than zero, but got {list(dilation)}")
    if weight.dtype != input.dtype:
        raise RuntimeError(f"expected scalar type {input.dtype._scalar} but found "
                           f"{weight.dtype._scalar}")
    return d.convolution(input, weight, bias, stride, padding, dilation, False, (0,) * nd, groups)


def conv1d(*args, **kwargs):
    """conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1): weight
    (out_channels, in_channels / groups, kW) slides along the last dim of input (N, C, L)."""
    return _conv("conv1d", 1, args, kwargs)


def conv2d(*args, **kwargs):
    """conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1): weight
    (out_channels, in_channels / groups, kH, kW) slides over the last two dims of input (N, C, H, W)."""
    return _conv("conv2d", 2, args, kwargs)


def conv3d(*args, **kwargs):
    """conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1): weight
    (out_channels, in_channels / groups, kD, kH, kW) slides over a volume (N, C, D, H, W)."""
    return _conv("conv3d", 3, args, kwargs)


def pad(input, pad, mode="constant", value=None):
    """input with pad[0] values added before its last dim, pad[1] after it, pad[2], pad[3] around
    the dim before, ...; negative amounts crop. mode='constant' fills with value (any dims);
    'reflect' mirrors the edge (without repeating it), 'replicate' repeats the edge pixel and
    'circular' wraps around: these pad the last 1, 2 or 3 dims of a batch (N, C, ...) or of one
    sample (C, ...)."""
    _ops._check_int_tuple("pad", "pad", 2, pad)
    if value is not None and not isinstance(value, numbers.Real):
        raise TypeError(f"pad(): argument 'value' (position 4) must be float, not "
                        f"{_ops._type_name(value)}")
    if mode not in ("constant", "reflect", "replicate", "circular"):
        raise NotImplementedError(f"Unrecognised padding mode {mode}")
    if len(pad) % 2:
        raise RuntimeError("Padding length must be divisible by 2")
    if len(pad) > 2 * input.dim():
        raise RuntimeError("Padding length should be less than or equal to two times the input "
                           f"dimension but got padding length {len(pad)} and input of dimension "
                           f"{input.dim()}")
    pad = tuple(int(p) for p in pad)
    if mode == "constant":
        for k in range(0, len(pad), 2):  # the crops (negative pads) come first, as narrow()s
            if input.shape[-1 - k // 2] + min(pad[k], 0) + min(pad[k + 1], 0) < 0:
                raise RuntimeError("narrow(): length must be non-negative.")
        return d.constant_pad_nd(input, pad, 0 if value is None else value)
    if value:
        raise RuntimeError(f'Padding mode "{mode}" doesn\'t take in value argument')
    nd = len(pad) // 2
    if nd not in (1, 2, 3) or input.dim() not in (nd + 1, nd + 2):
        raise NotImplementedError(
            f"Padding size {len(pad)} is not supported for {input.dim()}D input tensor.\n"
            "Supported combinations for non-constant padding:\n"
            "  - 2D or 3D input: padding size = 2 (pads last dimension)\n"
            "  - 3D or 4D input: padding size = 4 (pads last 2 dimensions)\n"
            "  - 4D or 5D input: padding size = 6 (pads last 3 dimensions)")
    if mode == "circular":
        return _pad_circular(input, pad)
    shape = list(input.shape)
    if any(n == 0 for n in shape[1 if input.dim() == nd + 2 else 0:]):
        raise RuntimeError(f"Expected {nd + 1}D or {nd + 2}D (batch mode) tensor with possibly 0 "
                           "batch size and other non-zero dimensions for input, but got: "
                           f"{shape}")
    if mode == "reflect":
        for k in range(nd):  # (last dim first: PyTorch's 'Argument #4' is pad[0:2], ...)
            l, r, dim = pad[2 * k], pad[2 * k + 1], input.dim() - 1 - k
            if l >= shape[dim] or r >= shape[dim]:
                raise RuntimeError(f"Argument #{4 + 2 * k}: Padding size should be less than the "
                                   "corresponding input dimension, but got: padding "
                                   f"({l}, {r}) at dimension {dim} of input {shape}")
    if nd == 1 and shape[-1] + pad[0] + pad[1] < 1:
        raise RuntimeError(f"input (W: {shape[-1]}) is too small. Calculated output W: "
                           f"{shape[-1] + pad[0] + pad[1]}")
    name = ("reflection" if mode == "reflect" else "replication") + f"_pad{nd}d"
    return getattr(d, name)(input, pad)


def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None, antialias=False):
    """Resize the spatial dims of a batch (N, C, L), (N, C, H, W) or (N, C, D, H, W) to `size`,
    or by `scale_factor` (the output size rounded down). mode='nearest' copies the pixel each
    output position falls in, 'nearest-exact' the one whose centre is nearest; 'linear' (3-d),
    'bilinear' (4-d) and 'trilinear' (5-d) mix the 2 (4, 8) nearest pixels, 'bicubic' (4-d) 16
    with cubic weights; 'area' averages each output pixel's window (adaptive_avg_pool).
    align_corners=True maps corner pixels' centres onto each other. antialias=True (bilinear,
    bicubic) widens the filter by the downscaling factor, so every input pixel counts."""
    if mode in ("nearest", "area", "nearest-exact"):
        if align_corners is not None:
            raise ValueError("align_corners option can only be set with the interpolating modes: "
                             "linear | bilinear | bicubic | trilinear")
    elif align_corners is None:
        align_corners = False
    dim = input.dim() - 2  # the spatial dims
    if size is not None and scale_factor is not None:
        raise ValueError("only one of size or scale_factor should be defined")
    if size is not None:
        scale_factors = None
        if isinstance(size, (list, tuple)):
            if len(size) != dim:
                raise ValueError(
                    "Input and output must have the same number of spatial dimensions, but got "
                    f"input with spatial dimensions of {list(input.shape[2:])} and output size of "
                    f"{size}. Please provide input tensor in (N, C, d1, d2, ...,dK) format and "
                    "output size in (o1, o2, ...,oK) format.")
            if not all(_is_int(x) for x in size):
                raise TypeError("expected size to be one of int or Tuple[int] or Tuple[int, int] "
                                "or Tuple[int, int, int], but got size with types "
                                f"{[type(x) for x in size]}")
            output_size = size
        else:
            output_size = [size for _ in range(dim)]
    elif scale_factor is not None:
        output_size = None
        if isinstance(scale_factor, (list, tuple)):
            if len(scale_factor) != dim:
                raise ValueError(
                    "Input and scale_factor must have the same number of spatial dimensions, but "
                    f"got input with spatial dimensions of {list(input.shape[2:])} and "
                    f"scale_factor of shape {scale_factor}. Please provide input tensor in (N, C, "
                    "d1, d2, ...,dK) format and scale_factor in (s1, s2, ...,sK) format.")
            scale_factors = scale_factor
        else:
            scale_factors = [scale_factor for _ in range(dim)]
    else:
        raise ValueError("either size or scale_factor should be defined")
    if recompute_scale_factor and size is not None:
        raise ValueError("recompute_scale_factor is not meaningful with an explicit size.")
    if recompute_scale_factor or mode == "area" and output_size is None:
        output_size = [int(input.shape[i + 2] * scale_factors[i]) for i in range(dim)]
        scale_factors = None  # (the size from the factor, then the factor forgotten)
    if antialias and not (mode in ("bilinear", "bicubic", "lanczos") and input.dim() == 4):
        raise ValueError("Anti-alias option is restricted to bilinear, bicubic, and lanczos modes "
                         "and requires a 4-D tensor as input")
    if mode == "area" and input.dim() in (3, 4, 5):  # the mean over each output pixel's window
        pool = {3: adaptive_avg_pool1d, 4: adaptive_avg_pool2d, 5: adaptive_avg_pool3d}[input.dim()]
        return pool(input, output_size if input.dim() > 3 else output_size[0])
    if (mode, input.dim()) in (("nearest", 3), ("nearest", 4), ("nearest", 5), ("linear", 3),
                               ("bilinear", 4), ("trilinear", 5), ("bicubic", 4),
                               ("nearest-exact", 3), ("nearest-exact", 4), ("nearest-exact", 5)):
        return _upsample(input, mode + "_aa" * bool(antialias), output_size, scale_factors,
                         align_corners)
    if (mode, input.dim()) == ("lanczos", 4):
        if align_corners:
            raise ValueError("Lanczos mode does not support align_corners=True")
        if not antialias:
            raise ValueError("Lanczos mode requires antialias=True")
    if (mode, input.dim()) == ("lanczos", 4):
        raise NotImplementedError(f"minigrad: interpolate(mode='{mode}') of a {input.dim()}D input "
                                  "is not implemented")
    for d, m in ((3, "bilinear"), (3, "trilinear"), (4, "linear"), (4, "trilinear"), (5, "linear"),
                 (5, "bilinear")):
        if input.dim() == d and mode == m:
            need = {"linear": 3, "bilinear": 4, "trilinear": 5}[m]
            raise NotImplementedError(f"Got {d}D input, but {m} mode needs {need}D input")
    raise NotImplementedError(
        f"Input Error: Only 3D, 4D and 5D input Tensors supported (got {input.dim()}D) for the "
        "modes: nearest | linear | bilinear | bicubic | trilinear | lanczos | area | nearest-exact "
        f"(got {mode})")


def _upsample(input, mode, output_size, scale_factors, align_corners):
    """upsample_nearest1d/2d/3d (and _exact), upsample_linear1d/bilinear2d/trilinear3d,
    upsample_bicubic2d: PyTorch's checks, then the table row (a size from scale factors: input size * factor, rounded toward 0)."""
    shape, nd = list(input.shape), input.dim() - 2
    scales = [None] * nd if scale_factors is None else [float(s) for s in scale_factors]
    if output_size is None:
        output_size = [int(n * s) for n, s in zip(shape[2:], scales)]
    output_size = tuple(int(n) for n in output_size)
    if min(shape[2:]) <= 0 or min(output_size) <= 0:
        names = "HW"[-nd:] if nd <= 2 else "DHW"
        sizes = lambda ns: ", ".join(f"{c}: {n}" for c, n in zip(names, ns))  # noqa: E731
        raise RuntimeError("Input and output sizes should be greater than 0, but got input "
                           f"({sizes(shape[2:])}){' and' if nd == 1 else ''} output "
                           f"({sizes(output_size)})")
    if input.numel() == 0 and math.prod(shape[1:]) == 0:
        raise RuntimeError(f"Non-empty {nd + 2}D data tensor expected but got a tensor with sizes "
                           f"{shape}")
    if not input.dtype.is_floating_point and mode.endswith("_aa"):
        if input.dtype._scalar == "Byte":
            raise NotImplementedError("minigrad: interpolate(antialias=True) of uint8 is not "
                                      "implemented")
        raise NotImplementedError("\"compute_index_ranges_weights\" not implemented for "
                                  f"'{input.dtype._scalar}'")
    if not input.dtype.is_floating_point:
        if nd == 2 and mode in ("nearest", "nearest-exact", "bilinear"):
            name = f"upsample_{'bilinear' if mode == 'bilinear' else 'nearest'}2d_channels_last"
        else:
            kind = {"bicubic": "cubic", "nearest-exact": "nearest"}.get(mode, mode)
            name = f"compute_indices_weights_{'linear' if 'linear' in kind else kind}"
        raise NotImplementedError(f'"{name}" not implemented for \'{input.dtype._scalar}\'')
    if mode in ("nearest", "nearest-exact"):
        name = f"upsample_nearest{nd}d" if mode == "nearest" else f"_upsample_nearest_exact{nd}d"
        return getattr(d, name)(input, output_size, *scales)
    name = {"linear": "upsample_linear1d", "bilinear": "upsample_bilinear2d",
            "trilinear": "upsample_trilinear3d", "bicubic": "upsample_bicubic2d",
            "bilinear_aa": "_upsample_bilinear2d_aa", "bicubic_aa": "_upsample_bicubic2d_aa"}[mode]
    return getattr(d, name)(input, output_size, bool(align_corners), *scales)


def _pad_circular(input, pad):
    """PyTorch's _pad_circular, op for op (so the graph is its CopySlices chain): copy the
    input into the middle of an empty tensor, then each dim's left pad from its right end and
    its right pad from its left end (corners are copied more than once)."""
    nd, shape = len(pad) // 2, list(input.shape)
    out_shape = shape[:]
    for k in range(nd):
        l, r, dim = pad[2 * k], pad[2 * k + 1], input.dim() - 1 - k
        out_shape[dim] = shape[dim] + l + r
        if l > shape[dim] or r > shape[dim]:
            raise RuntimeError("Padding value causes wrapping around more than once.")
        if out_shape[dim] < 0:
            raise RuntimeError("Negative padding value is resulting in an empty dimension")
    out = input.new_empty(out_shape)
    out_slice, in_slice = out, input
    for k in range(nd):
        l, r, dim = pad[2 * k], pad[2 * k + 1], input.dim() - 1 - k
        out_slice = d.slicing(out_slice, dim, max(l, 0), out_shape[dim] - max(r, 0), 1)
        in_slice = d.slicing(in_slice, dim, max(-l, 0), shape[dim] - max(-r, 0), 1)
    out_slice.copy_(in_slice)
    for k in range(nd):
        l, r, dim = pad[2 * k], pad[2 * k + 1], input.dim() - 1 - k
        if l > 0:
            out.narrow(dim, 0, l).copy_(out.narrow(dim, out_shape[dim] - l - max(r, 0), l))
        if r > 0:
            out.narrow(dim, out_shape[dim] - r, r).copy_(out.narrow(dim, max(l, 0), r))
    return out


# --- part nnmore: unfold/fold, pixel (un)shuffle, channel dropout, alpha dropout, unpooling ----
def _pair_list(value, n=2):
    """torch.nn.modules.utils' _pair (_triple for n=3): one value stands for every dim; anything
    iterable (a str too) becomes a tuple."""
    return tuple(value) if isinstance(value, collections.abc.Iterable) else (value,) * n


def _check_lengths(kernel, **args):
    for name, value in args.items():
        if len(value) != 2:
            raise RuntimeError(f"It is expected {name} equals to 2, but got size {len(value)}")


def _check_positive(name, short, value):
    if value[0] <= 0 or value[1] <= 0:
        raise RuntimeError(f"{name} should be greater than zero, but got {short}_height: {value[0]} "
                           f"{short}_width: {value[1]}")


def _check_padding(padding):
    if padding[0] < 0 or padding[1] < 0:
        raise RuntimeError(f"padding should be non-negative, but got pad_height: {padding[0]} "
                           f"pad_width: {padding[1]}")


def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    """im2col: every kernel_size window of a batch (N, C, H, W) as one column of the result
    (N, C * kH * kW, L), L windows in all. A convolution is then a matrix product:
    weight.view(out_channels, -1) @ unfold(input)."""
    kernel_size, dilation, padding, stride = (_pair_list(v) for v in (kernel_size, dilation,
                                                                       padding, stride))
    _check_lengths("im2col", kernel_size=kernel_size, dilation=dilation, padding=padding,
                   stride=stride)
    _check_positive("kernel size", "kernel", kernel_size)
    _check_positive("dilation", "dilation", dilation)
    _check_padding(padding)
    _check_positive("stride", "stride", stride)
    nd = input.dim()
    valid = input.size(1) != 0 and input.size(2) != 0  # (size() raises IndexError below 3 dims)
    if not (nd == 3 and input.shape[0] and valid or nd == 4 and valid and input.shape[3]):
        raise RuntimeError("Expected 3D or 4D (batch mode) tensor with possibly 0 batch size and "
                           f"other non-zero dimensions for input, but got: {_size_list(input.shape)}")
    h, w = input.shape[-2:]
    blocks = [(i + 2 * p - (d_ * (k - 1) + 1)) // s + 1 for i, k, d_, p, s in zip(
        (h, w), kernel_size, dilation, padding, stride)]
    if min(blocks) < 1:
        raise RuntimeError(f"Given input with spatial size ({h}, {w}), kernel_size=({kernel_size[0]}, "
                           f"{kernel_size[1]}), dilation=({dilation[0]}, {dilation[1]}), padding=("
                           f"{padding[0]}, {padding[1]}), calculated shape of the array of sliding "
                           f"blocks as ({blocks[0]}, {blocks[1]}), but its components must be at "
                           "least one.")
    _floating_only("im2col_out_cpu", input)
    return d.im2col(input, kernel_size, dilation, padding, stride)


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """col2im, unfold's adjoint: columns (N, C * kH * kW, L) summed back into an image
    (N, C, *output_size); where windows overlap their values add up."""
    output_size, kernel_size, dilation, padding, stride = (_pair_list(v) for v in (
        output_size, kernel_size, dilation, padding, stride))
    _check_lengths("col2im", output_size=output_size, kernel_size=kernel_size, dilation=dilation,
                   padding=padding, stride=stride)
    _check_positive("kernel size", "kernel", kernel_size)
    _check_positive("stride", "stride", stride)
    _check_positive("dilation", "dilation", dilation)
    _check_padding(padding)
    nd = input.dim()
    if not (nd == 2 and input.shape[0] and input.shape[1]
            or nd == 3 and input.shape[1] and input.shape[2]):
        raise RuntimeError("Expected 2D or 3D (batch mode) tensor for input with possibly 0 batch "
                           "size and non-zero dimensions for input, but got: "
                           f"{_size_list(input.shape)}")
    (kh, kw), planes, length = kernel_size, input.shape[-2], input.shape[-1]
    if planes % (kh * kw):
        raise RuntimeError("Expected size of input's dimension 1 to be divisible by the product of "
                           f"kernel_size, but got input.size(1)={planes} and kernel_size=({kh}, {kw}).")
    blocks = [(o + 2 * p - d_ * (k - 1) - 1) // s + 1 for o, k, d_, p, s in zip(
        output_size, kernel_size, dilation, padding, stride)]
    given = (f"Given output_size=({output_size[0]}, {output_size[1]}), kernel_size=({kh}, {kw}), "
             f"dilation=({dilation[0]}, {dilation[1]}), padding=({padding[0]}, {padding[1]}), "
             f"stride=({stride[0]}, {stride[1]}), ")
    if length != blocks[0] * blocks[1]:
        raise RuntimeError(given + "expected size of input's dimension 2 to match the calculated "
                           f"number of sliding blocks {blocks[0]} * {blocks[1]} = "
                           f"{blocks[0] * blocks[1]}, but got input.size(2)={length}.")
    if min(output_size) < 1:
        raise RuntimeError("Expected output spatial size to be positive, but got: output_size=("
                           f"{output_size[0]}, {output_size[1]}).")
    _floating_only("col2im_out_cpu", input)
    return d.col2im(input, output_size, kernel_size, dilation, padding, stride)


def pixel_shuffle(input, upscale_factor):
    """(*, C * r^2, H, W) -> (*, C, H * r, W * r): channels rearranged into space (a sub-pixel
    convolution's upsampling)."""
    if input.dim() < 3:
        raise RuntimeError("pixel_shuffle expects input to have at least 3 dimensions, but got "
                           f"input with {input.dim()} dimension(s)")
    if upscale_factor <= 0:
        raise RuntimeError(f"pixel_shuffle expects a positive upscale_factor, but got {upscale_factor}")
    c, r2 = input.shape[-3], upscale_factor * upscale_factor
    if c % r2:
        raise RuntimeError("pixel_shuffle expects its input's 'channel' dimension to be divisible "
                           f"by the square of upscale_factor, but input.size(-3)={c} is not "
                           f"divisible by {r2}")
    return d.pixel_shuffle(input, upscale_factor)


def pixel_unshuffle(input, downscale_factor):
    """(*, C, H * r, W * r) -> (*, C * r^2, H, W): pixel_shuffle undone."""
    if input.dim() < 3:
        raise RuntimeError("pixel_unshuffle expects input to have at least 3 dimensions, but got "
                           f"input with {input.dim()} dimension(s)")
    if downscale_factor <= 0:
        raise RuntimeError("pixel_unshuffle expects a positive downscale_factor, but got "
                           f"{downscale_factor}")
    for dim, name in ((-2, "height"), (-1, "width")):
        if input.shape[dim] % downscale_factor:
            raise RuntimeError(f"pixel_unshuffle expects {name} to be divisible by downscale_factor, "
                               f"but input.size({dim})={input.shape[dim]} is not divisible by "
                               f"{downscale_factor}")
    return d.pixel_unshuffle(input, downscale_factor)


_ALPHA = 1.7580993408473766  # SELU's -scale * alpha: the value a dropped SELU unit saturates to


def _dropout_impl(input, p, training, inplace, feature, alpha):
    """ATen's _dropout_impl: noise per element (or per channel: feature dropout) drawn from
    bernoulli(1 - p); alpha dropout sets dropped units to SELU's saturation value and rescales
    so mean and variance are kept."""
    if training.__class__ is not bool:  # (F.dropout hands it to _VF.dropout, whose parser reads it)
        name = f"{'feature_' * feature}{'alpha_' * alpha}dropout{'_' * bool(inplace)}"
        raise TypeError(f"{name}(): argument 'train' (position 3) must be bool, not "
                        f"{_arg_parser.type_name(training)}")
    if p < 0 or p > 1:
        raise RuntimeError(f"dropout probability has to be between 0 and 1, but got {p}")
    if p == 0 or not training or input.numel() == 0:
        return input
    dt = input._data.dtype
    if p == 1:
        noise = Tensor._make(np.zeros((), dt))
        return input.mul_(noise) if inplace else input * noise
    if feature and input.dim() < 2:
        raise RuntimeError("Feature dropout requires at least 2 dimensions in the input")
    shape = input.shape[:2] + (1,) * (input.dim() - 2) if feature else input.shape
    if not input.is_floating_point():  # (ATen's noise, of input's dtype, is scaled in place;
        noise_type = dtypes.int64 if alpha and input.dtype is dtypes.bool else input.dtype
        raise RuntimeError("result type Float can't be cast to the desired output type "  # alpha's
                           f"{noise_type._scalar}")  # bool noise is first made Long by add(-1))
    keep = d._draw_bernoulli(np.empty(shape, dt), 1 - p, _ops.default_generator)  # bernoulli_
    if not alpha:
        noise = Tensor._make(keep / dt.type(1 - p))
        return input.mul_(noise) if inplace else input * noise
    a = 1 / math.sqrt((_ALPHA * _ALPHA * p + 1) * (1 - p))
    b = Tensor._make((keep - 1) * dt.type(_ALPHA * a) + dt.type(_ALPHA * a * p))
    noise = Tensor._make(keep * dt.type(a))
    return (input.mul_(noise) if inplace else input * noise).add_(b)


def _check_p(p):
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")


def dropout1d(input, p=0.5, training=True, inplace=False):
    """Zero whole channels of (N, C, L) (or (C, L)) with probability p, scale the rest: nearby
    positions are correlated, so dropping single elements would regularize little."""
    _check_p(p)
    if input.dim() not in (2, 3):
        raise RuntimeError(f"dropout1d: Expected 2D or 3D input, but received a {input.dim()}D input. "
                           "Note that dropout1d exists to provide channel-wise dropout on inputs with "
                           "1 spatial dimension, a channel dimension, and an optional batch dimension "
                           "(i.e. 2D or 3D inputs).")
    batched = input.dim() == 3
    if not batched:
        input = input.unsqueeze_(0) if inplace else input.unsqueeze(0)
    result = _dropout_impl(input, p, training, inplace, True, False)
    if not batched:
        result = result.squeeze_(0) if inplace else result.squeeze(0)
    return result


def _feature_dims_warning(name, dim, want, spatial):
    warnings.warn(f"{name}: Received a {dim}-D input to {name}, which is deprecated and will result "
                  "in an error in a future release. To retain the behavior and silence this warning, "
                  f"please use dropout instead. Note that {name} exists to provide channel-wise "
                  f"dropout on inputs with {spatial} spatial dimensions, a channel dimension, and an "
                  f"optional batch dimension (i.e. {want[0]}D or {want[1]}D inputs).", stacklevel=3)


def dropout2d(input, p=0.5, training=True, inplace=False):
    """Zero whole channels (feature maps) of (N, C, H, W) with probability p, scale the rest."""
    _check_p(p)
    if input.dim() not in (3, 4):
        _feature_dims_warning("dropout2d", input.dim(), (3, 4), 2)
    if input.dim() == 3:
        warnings.warn("dropout2d: Received a 3D input to dropout2d and assuming that channel-wise "
                      "1D dropout behavior is desired - input is interpreted as shape (N, C, L), "
                      "where C is the channel dim. This behavior will change in a future release to "
                      "interpret the input as one without a batch dimension, i.e. shape (C, H, W). "
                      "To maintain the 1D channel-wise dropout behavior, please switch to using "
                      "dropout1d instead.", stacklevel=2)
    return _dropout_impl(input, p, training, inplace, True, False)


def dropout3d(input, p=0.5, training=True, inplace=False):
    """Zero whole channels of (N, C, D, H, W) (or (C, D, H, W)) with probability p."""
    _check_p(p)
    if input.dim() not in (4, 5):
        _feature_dims_warning("dropout3d", input.dim(), (4, 5), 3)
    batched = input.dim() == 5
    if not batched:
        input = input.unsqueeze_(0) if inplace else input.unsqueeze(0)
    result = _dropout_impl(input, p, training, inplace, True, False)
    if not batched:
        result = result.squeeze_(0) if inplace else result.squeeze(0)
    return result


def alpha_dropout(input, p=0.5, training=False, inplace=False):
    """Dropout for SELU networks: dropped units take SELU's negative saturation value, then
    an affine map restores mean 0 and variance 1."""
    _check_p(p)
    return _dropout_impl(input, p, training, inplace, False, True)


def feature_alpha_dropout(input, p=0.5, training=False, inplace=False):
    """alpha_dropout of whole channels."""
    _check_p(p)
    return _dropout_impl(input, p, training, inplace, True, True)


def max_pool1d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1,
                            ceil_mode=False, return_indices=False):
    """max_pool1d and where each max was (always both): PyTorch's is max_pool2d_with_indices
    over a height of 1, so past its own checks of dims and argument sizes the 2-d pool's speak."""
    input, kernel_size, stride, padding, dilation, ceil_mode = _bind_max_pool(
        "max_pool1d_with_indices", input, kernel_size, stride, padding, dilation, ceil_mode)
    if not 2 <= input.dim() <= 3:
        raise RuntimeError(f"Expected 2 to 3 dimensions, but got {input.dim()}-dimensional tensor "
                           "for argument #1 'self' (while checking arguments for max_pool1d)")
    stride = kernel_size if stride in (None, (), []) else stride
    k, s, p, dl = (_single("max_pool1d", arg, value) for arg, value in (
        ("kernel_size", kernel_size), ("stride", stride), ("padding", padding),
        ("dilation", dilation)))
    output, indices = _max_pool2d(input.unsqueeze(-2), (1, k), (1, s), (0, p), (1, dl), ceil_mode,
                                 True)
    return output.squeeze(-2), indices.squeeze(-2)


def max_pool2d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1,
                            ceil_mode=False, return_indices=False):
    """max_pool2d and where each max was (always both)."""
    return _max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode, True)


def _unpool_output_size(input, kernel_size, stride, padding, output_size):
    """The size max pooling came from: (in - 1) * stride + kernel - 2 * padding, or output_size
    (whose last dims must be within a stride of it: pooling rounds down)."""
    nd = len(kernel_size)
    default = [(input.shape[d_ - nd] - 1) * stride[d_] + kernel_size[d_] - 2 * padding[d_]
               for d_ in range(nd)]
    if output_size is None:
        return default
    if len(output_size) == nd + 2:
        output_size = output_size[2:]
    if len(output_size) != nd:
        raise ValueError(f"output_size should be a sequence containing {nd} or {nd + 2} elements, "
                         f"but it has a length of '{len(output_size)}'")
    for d_ in range(nd):
        lo, hi = default[d_] - stride[d_], default[d_] + stride[d_]
        if not lo < output_size[d_] < hi:
            raise ValueError(f'invalid output_size "{output_size}" (dim {d_} must be between {lo} '
                             f"and {hi})")
    return output_size


def _max_unpool2d(input, indices, output_size):
    """ATen's max_unpool2d checks, then the row."""
    if indices._data.dtype != np.int64:
        raise RuntimeError(f"elements in indices should be type int64 but got: {indices.dtype._scalar}")
    if input.dim() not in (3, 4):
        raise RuntimeError("Input to max_unpooling2d should be a 3d or 4d Tensor, but got a tensor "
                           f"with {input.dim()} dimensions.")
    _check_unpool_input("max_unpooling2d", input, indices)
    _floating_only("max_unpool2d", input)
    oh, ow = output_size
    bad = indices._data[(indices._data < 0) | (indices._data >= oh * ow)]
    if bad.size:  # (the last one met, as PyTorch's kernel reports it)
        raise RuntimeError(f"Found an invalid max index: {bad[-1]} (output volumes are of size "
                           f"{oh}x{ow})")
    return d.max_unpool2d(input, indices, (oh, ow))


def max_unpool1d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """max_pool1d undone: each value put back where its max came from, zeros elsewhere
    (max_unpool2d over a width of 1)."""
    kernel_size = _single_list(kernel_size)
    stride = kernel_size if stride is None else _single_list(stride)
    size = _unpool_output_size(input, kernel_size, stride, _single_list(padding), output_size)
    return _max_unpool2d(input.unsqueeze(-1), indices.unsqueeze(-1), (*size, 1)).squeeze(-1)


def _single_list(value):
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


def _check_unpool_input(name, input, indices):
    """max_unpool2d's and max_unpool3d's shared checks: indices shaped as input, no empty dims."""
    if input.shape != indices.shape:
        raise RuntimeError("Expected shape of indices to be same as that of the input tensor ("
                           f"{_size_list(input.shape)}) but got indices tensor with shape: "
                           f"{_size_list(indices.shape)}")
    for i in range(1, input.dim()):
        if input.shape[i] == 0:
            raise RuntimeError(f"{name}_forward_out_cpu(): Expected input to have non-zero "
                               f"size for non-batch dimensions, but got {_size_list(input.shape)} "
                               f"with dimension {i} being empty.")


def max_unpool2d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """max_pool2d undone: each value put back where its max came from, zeros elsewhere."""
    kernel_size = _pair_list(kernel_size)
    stride = kernel_size if stride is None else _pair_list(stride)
    size = _unpool_output_size(input, kernel_size, stride, _pair_list(padding), output_size)
    return _max_unpool2d(input, indices, size)


def max_unpool3d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """max_pool3d undone: each value put back where its max came from, zeros elsewhere (ATen's
    max_unpooling3d checks, then max_unpool2d's row code over three dims)."""
    triple = (lambda v: tuple(v) if isinstance(v, (tuple, list)) else (v,) * 3)
    kernel_size, padding = triple(kernel_size), triple(padding)
    stride = kernel_size if stride is None else triple(stride)
    size = _unpool_output_size(input, kernel_size, stride, padding, output_size)
    if indices._data.dtype != np.int64:
        raise RuntimeError("elements in indices should be type int64")
    if input.dim() not in (4, 5):
        raise RuntimeError("Input to max_unpooling3d should be a 4d or 5d Tensor, but got a tensor "
                           f"with {input.dim()} dimensions.")
    for what, v in (("output_size", size), ("stride", stride), ("padding", padding)):
        if len(v) != 3:
            raise RuntimeError(f"There should be exactly three elements (depth, height, width) in "
                               f"{what}, but got{'' if what == 'output_size' else ':'} {len(v)} "
                               "elements.")
    _check_unpool_input("max_unpooling3d", input, indices)
    if min(stride) <= 0:
        raise RuntimeError(f"strides should be greater than zero, but got stride: {list(stride)}")
    _floating_only("max_unpool3d", input)
    bad = indices._data[(indices._data < 0) | (indices._data >= math.prod(size))]
    if bad.size:  # (the last one met, as PyTorch's kernel reports it)
        raise RuntimeError(f"Found an invalid max index: {bad[-1]} (output volumes are of size "
                           f"{'x'.join(map(str, size))})")
    return d.max_unpool3d(input, indices, tuple(size), stride, padding)


# conv_transpose1d/2d: the convolution row with transposed=True (its forward is a convolution's
# input gradient, so the output grows: (in - 1) * stride - 2 * padding + dilation * (k - 1) + 1,
# plus output_padding on the far side to pick among the sizes a strided convolution maps alike)
_CONV_TRANSPOSE = {nd: _arg_parser.Signature(
    f"conv_transpose{nd}d(Tensor input, Tensor weight, Tensor? bias=None, "
    f"SymIntArrayRef[{nd}] stride=1, SymIntArrayRef[{nd}] padding=0, "
    f"SymIntArrayRef[{nd}] output_padding=0, SymInt groups=1, SymIntArrayRef[{nd}] dilation=1)")
    for nd in (1, 2, 3)}


def _conv_transpose(name, nd, args, kwargs):
    """PyTorch's argument parsing, check_shape_forward (transposed) and its slow kernel's shape
    checks, in their order (a 1-d one as the 2-d kernel of height 1 it runs as)."""
    input, weight, bias, stride, padding, output_padding, groups, dilation = (
        _CONV_TRANSPOSE[nd].bind(args, kwargs))
    if input.dim() not in (nd + 1, nd + 2):
        raise RuntimeError(f"Expected {nd + 1}D (unbatched) or {nd + 2}D (batched) input to {name}, "
                           f"but got input of size: {list(input.shape)}")
    batched = input.dim() == nd + 2
    x = input if batched else input.unsqueeze(0)
    out = _convolution_transposed(x, weight, bias, stride, padding, dilation, output_padding, groups)
    return out if batched else out.squeeze(0)


def _convolution_transposed(x, weight, bias, stride, padding, dilation, output_padding, groups):
    """torch.convolution(transposed=True)'s checks in ATen's order, then the convolution row."""
    if weight.dim() < 3:
        raise RuntimeError("weight should have at least three dimensions")
    if groups <= 0:
        raise RuntimeError("non-positive groups is not supported")
    stride, padding, output_padding, dilation = (
        _expand_param(n, v, weight.dim() - 2) for n, v in (
            ("stride", stride), ("padding", padding), ("output_padding", output_padding),
            ("dilation", dilation)))
    for what, bad in (("negative padding", min(padding) < 0),
                      ("negative output_padding", min(output_padding) < 0),
                      ("non-positive stride", min(stride) <= 0)):
        if bad:
            raise RuntimeError(f"{what} is not supported")
    if min(dilation) < 0:
        raise RuntimeError("dilation should be greater than zero")
    ws = list(weight.shape)
    _check_conv_weight(x, weight, groups)
    if x.shape[1] != ws[0]:
        raise RuntimeError(f"Given transposed=1, weight of size {ws}, expected input{list(x.shape)} "
                           f"to have {ws[0]} channels, but got {x.shape[1]} channels instead")
    if bias is not None and (bias.dim() != 1 or bias.shape[0] != ws[1] * groups):
        raise RuntimeError(f"Given transposed=1, weight of size {ws}, expected bias to be "
                           f"1-dimensional with {ws[1] * groups} elements, but got bias of size "
                           f"{list(bias.shape)} instead")
    if x.numel() == 0 and x.shape[0] and x.shape[1]:
        raise RuntimeError("Only zero batch or zero channel inputs are supported, but got input "
                           f"shape: {list(x.shape)}")
    _check_conv_transpose_kernel(x, weight, stride, padding, output_padding, dilation)
    if weight.dtype != x.dtype:
        raise RuntimeError(f"expected scalar type {x.dtype._scalar} but found "
                           f"{weight.dtype._scalar}")
    return d.convolution(x, weight, bias, stride, padding, dilation, True, output_padding, groups)


def _check_conv_transpose_kernel(x, weight, stride, padding, output_padding, dilation):
    """The shape checks of PyTorch's slow_conv_transpose2d (which runs 1-d ones as a height of
    1) or slow_conv_transpose3d kernel, in their order and words."""
    nd = max(2, weight.dim() - 2)
    lift = (lambda v, fill: (fill,) * (nd - len(v)) + tuple(v))  # (1-d as the 2-d kernel)
    ws, k, s, dl, op = (list(weight.shape[:2]) + list(lift(weight.shape[2:], 1)), lift(
        weight.shape[2:], 1), lift(stride, 1), lift(dilation, 1), lift(output_padding, 0))
    names = ("depth", "height", "width")[-nd:]

    def got(label, values, sep=" "):
        return sep.join(f"{label}_{n}: {v}" for n, v in zip(names, values))
    if nd == 2 and min(k) <= 0:
        raise RuntimeError(f"kernel size should be greater than zero, but got {got('kernel', k)}")
    if min(s) <= 0:
        raise RuntimeError(f"stride should be greater than zero, but got {got('stride', s)}")
    if min(dl) <= 0:
        raise RuntimeError(f"dilation should be greater than zero, but got {got('dilation', dl, ', ')}")
    if not all(o < a or o < b for o, a, b in zip(op, s, dl)):
        raise RuntimeError("output padding must be smaller than either stride or dilation, but got "
                           f"{got('output_padding', op)} {got('stride', s)} {got('dilation', dl)}")
    if 0 in ws:
        what = ("non-empty 2D or 4D weight tensor expected" if nd == 2 else "non-empty 5D ("
                "n_output_plane x n_input_plane x kernel_depth x kernel_height x kernel_width) "
                "tensor expected for weight")
        raise RuntimeError(f"{what}, but got: {ws}")
    size_in = lift(x.shape[2:], 1)
    size_out = [(i - 1) * s_ - 2 * p + d_ * (k_ - 1) + 1 + o for i, s_, p, d_, k_, o in zip(
        size_in, s, lift(padding, 0), dl, k, op)]
    if min(size_out) < 1:
        raise RuntimeError(f"Given input size per channel: ({' x '.join(map(str, size_in))}). "
                           f"Calculated output size per channel: ({' x '.join(map(str, size_out))}). "
                           "Output size is too small")


def conv_transpose1d(*args, **kwargs):
    """conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
    dilation=1): each input pixel adds weight (in_channels, out_channels / groups, kW), scaled
    by its value, to the output at stride apart: the gradient of conv1d for its input."""
    return _conv_transpose("conv_transpose1d", 1, args, kwargs)


def conv_transpose2d(*args, **kwargs):
    """conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0,
    groups=1, dilation=1): conv_transpose1d over the last two dims (an upsampling layer)."""
    return _conv_transpose("conv_transpose2d", 2, args, kwargs)


def conv_transpose3d(*args, **kwargs):
    """conv_transpose3d(input, weight, bias=None, stride=1, padding=0, output_padding=0,
    groups=1, dilation=1): conv_transpose1d over the last three dims (volumes)."""
    return _conv_transpose("conv_transpose3d", 3, args, kwargs)


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-6, swap=False,
                        size_average=None, reduce=None, reduction="mean"):
    """max(0, margin + d(anchor, positive) - d(anchor, negative)): the anchor should be nearer
    its positive than its negative by margin. swap: the nearer of the anchor and the positive
    to the negative counts (ATen's composite, op for op)."""
    enum = _reduction_arg(size_average, reduce, reduction)
    if margin <= 0:
        raise ValueError(f"margin must be greater than 0, got {margin}")
    return _triplet_margin_loss(anchor, positive, negative, margin, p, eps, swap, enum)


def _triplet_margin_loss(anchor, positive, negative, margin, p, eps, swap, reduction):
    """torch.triplet_margin_loss (ATen's): reduction is the enum; any margin."""
    dims = anchor.dim(), positive.dim(), negative.dim()
    if not dims[0] == dims[1] == dims[2]:
        raise RuntimeError("The anchor, positive, and negative tensors are expected to have the same "
                           f"number of dimensions, but got: anchor {dims[0]}D, positive {dims[1]}D, "
                           f"and negative {dims[2]}D inputs")
    dist_pos = pairwise_distance(anchor, positive, p, eps)
    dist_neg = pairwise_distance(anchor, negative, p, eps)
    if swap:
        dist_neg = _ops.minimum(dist_neg, pairwise_distance(positive, negative, p, eps))
    return _apply_loss_reduction((d.add_scalar(dist_pos, margin) - dist_neg).clamp_min(0), reduction)


def triplet_margin_with_distance_loss(anchor, positive, negative, *, distance_function=None,
                                      margin=1.0, swap=False, reduction="mean"):
    """triplet_margin_loss with any distance: distance_function(x1, x2) gives one distance per
    sample (pairwise_distance if None). Python ops, as PyTorch's (part decoder)."""
    if reduction not in ("mean", "sum", "none"):
        raise ValueError(f"{reduction} is not a valid value for reduction")
    if margin <= 0:
        raise ValueError(f"margin must be greater than 0, got {margin}")
    a_dim, p_dim, n_dim = anchor.ndim, positive.ndim, negative.ndim
    if not (a_dim == p_dim and p_dim == n_dim):
        raise RuntimeError(f"The anchor, positive, and negative tensors are expected to have the "
                           f"same number of dimensions, but got: anchor {a_dim}D, positive "
                           f"{p_dim}D, and negative {n_dim}D inputs")
    if distance_function is None:
        distance_function = pairwise_distance
    dist_pos = distance_function(anchor, positive)
    dist_neg = distance_function(anchor, negative)
    if swap:  # the positive stands in for the anchor when it is nearer the negative
        dist_neg = _ops.minimum(dist_neg, distance_function(positive, negative))
    loss = _ops.clamp_min(margin + dist_pos - dist_neg, 0)
    if reduction == "sum":
        return _ops.sum(loss)
    if reduction == "mean":
        return _ops.mean(loss)
    return loss


# --- part dist: pdist (torch.pdist itself), bilinear, margin losses, ... ----------------------
pdist = _ops.pdist


def bilinear(input1, input2, weight, bias=None):
    """y[..., o] = input1[..., i] weight[o, i, j] input2[..., j] + bias[o]: one _trilinear on the
    inputs flattened to rows (PyTorch's composite: views around a TrilinearBackward0)."""
    tensors = [("input1", input1), ("input2", input2), ("weight", weight)] + (
        [("bias", bias)] if bias is not None else [])
    if len({t.dtype for _, t in tensors}) > 1:
        raise RuntimeError("All tensors must have the same dtype, got " + ", ".join(
            f"{name}: {t.dtype._c}" for name, t in tensors))
    if input1.dim() != input2.dim():
        raise RuntimeError(f"bilinear(): input dimensions do not match: got {input1.dim()} and "
                           f"{input2.dim()}")
    for k, (n1, n2) in enumerate(zip(input1.shape[:-1], input2.shape[:-1])):
        if n1 != n2:
            raise RuntimeError(f"bilinear(): input batch dimensions do not match at dim {k}: got "
                               f"{n1} and {n2}")
    for k, x in ((1, input1), (2, input2)):
        if x.shape[-1] != weight.shape[k]:
            raise RuntimeError(f"bilinear(): input{k} size does not match weight size: got "
                               f"{x.shape[-1]} but expected {weight.shape[k]}")
    if bias is not None and bias.shape[0] != weight.shape[0]:
        raise RuntimeError(f"bilinear(): bias size does not match weight size: got {bias.shape[0]} "
                           f"but expected {weight.shape[0]}")
    out = d.trilinear(input1.reshape(-1, input1.shape[-1]), weight, input2.reshape(-1, input2.shape[-1]),
                      (1, 3), (0,), (1, 2), (2, 3), 1)
    out = out.reshape(*input1.shape[:-1], weight.shape[0])
    return out if bias is None else out + bias


def _check_margin_input(input):
    if not (input.dim() == 2 and input.shape[1] or input.dim() == 1 and input.shape[0]
            or input.dim() == 0):
        raise RuntimeError("Expected non-empty vector or matrix with optional 0-dim batch size, "
                           f"but got: {_size_list(input.shape)}")


def _check_margin_dtypes(kernel, input, target, weight=None):
    _floating_only(kernel, input)
    for t, dtype in ((target, dtypes.int64), (weight, input.dtype)):
        if t is not None and t.dtype != dtype:
            raise RuntimeError(f"expected scalar type {dtype._scalar} but found {t.dtype._scalar}")


def multi_margin_loss(input, target, p=1, margin=1.0, weight=None, size_average=None, reduce=None,
                      reduction="mean"):
    """Per sample, sum over the other classes d of max(0, margin - x[target] + x[d]) (** p),
    / the classes: the multi-class hinge (SVM) loss. One node, MultiMarginLossBackward0."""
    enum = _reduction_arg(size_average, reduce, reduction)
    if p != 1 and p != 2:
        raise ValueError("only p == 1 and p == 2 supported")
    if weight is not None and weight.dim() != 1:
        raise ValueError("weight must be one-dimensional")
    margin = _number_arg("multi_margin_loss", "margin", 4, margin)
    _not_differentiable("multi_margin_loss", "weight", weight)
    _check_margin_input(input)
    nframe, dim = (input.shape[0] if input.dim() == 2 else 1), (input.shape[-1] if input.dim() else 1)
    if target.dim() > 1 or target.numel() != nframe:
        raise RuntimeError("multi_margin_loss: target tensor should be 1-D with size equal to the "
                           f"number of input samples (batch size). Expected target size [{nframe}], "
                           f"but got {_size_list(target.shape)}. Input has shape "
                           f"{_size_list(input.shape)}.")
    if weight is not None and weight.numel() != dim:
        raise RuntimeError(f"inconsistent weight size, expected {dim} but got "
                           f"{_size_list(weight.shape)}")
    _check_margin_dtypes("multi_margin_loss_cpu_kernel", input, target, weight)
    if ((target._data < 0) | (target._data >= dim)).any():
        raise RuntimeError("target out of range")
    return d.multi_margin_loss(input, target, p, margin, weight, enum)


def multilabel_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    """Per sample, for each target class j (target lists them, ended by -1) and each class d
    that is not one: max(0, 1 - x[j] + x[d]), summed / the classes."""
    enum = _reduction_arg(size_average, reduce, reduction)
    _check_margin_input(input)
    dim = input.shape[-1] if input.dim() else 1
    if (target.shape != input.shape if input.dim() == 2 else
            target.dim() > 1 or target.numel() != dim):
        raise RuntimeError(f"inconsistent target size: {_size_list(target.shape)} for input of "
                           f"size: {_size_list(input.shape)}")
    _check_margin_dtypes("multilabel_margin_loss_forward_out_frame", input, target)
    if ((target._data < -1) | (target._data >= dim)).any():
        raise RuntimeError("argument #2 'target' is out of range")
    return d.multilabel_margin_loss(input, target, enum)[0]


channel_shuffle = _ops.channel_shuffle
native_channel_shuffle = _ops.native_channel_shuffle  # (part nnalias)


def local_response_norm(input, size, alpha=1e-4, beta=0.75, k=1.0):
    """x / (k + alpha * mean of x^2 over `size` neighbouring channels) ** beta (AlexNet's
    normalization): PyTorch's composite of a padded average pool over the channel dim."""
    dim = input.dim()
    if dim < 3:
        raise ValueError(f"Expected 3D or higher dimensionality                          input "
                         f"(got {dim} dimensions)")
    if input.numel() == 0:
        return input
    div = input.mul(input)
    if dim == 3:
        div = pad(div.unsqueeze(1), (0, 0, size // 2, (size - 1) // 2))
        div = avg_pool2d(div, (size, 1), stride=1).squeeze(1)
    else:
        sizes = input.size()
        div = div.view(sizes[0], 1, sizes[1], sizes[2], -1)
        div = pad(div, (0, 0, 0, 0, size // 2, (size - 1) // 2))
        if size <= 0:
            raise RuntimeError(f"kernel size should be greater than zero, but got kT: {size} kH: 1 "
                               "kW: 1")
        div = d.avg_pool3d(div, (size, 1, 1), (1, 1, 1), (0, 0, 0), False, True, None).squeeze(1)
        div = div.view(sizes)
    div = div.mul(alpha).add(k).pow(beta)
    return input / div


def gumbel_softmax(logits, tau=1, hard=False, eps=1e-10, dim=-1):
    """softmax((logits + Gumbel noise) / tau): a differentiable sample of a categorical. hard:
    the one-hot of its argmax, with the soft sample's gradient (y_hard - y_soft.detach() + y_soft,
    the straight-through trick)."""
    if eps != 1e-10:
        warnings.warn("`eps` parameter is deprecated and has no effect.", stacklevel=2)
    # (PyTorch's noise and y_hard are new row-major tensors: legacy_contiguous_format)
    gumbels = -_ops.empty(logits.shape, dtype=logits.dtype).exponential_().log()
    y_soft = ((logits + gumbels) / tau).softmax(dim)
    if not hard:
        return y_soft
    index = y_soft.max(dim, keepdim=True)[1]
    y_hard = _ops.zeros(logits.shape, dtype=logits.dtype).scatter_(dim, index, 1.0)
    return y_hard - y_soft.detach() + y_soft


# --- part attn: scaled_dot_product_attention, multi_head_attention_forward ----------------------
_SDPA = _arg_parser.Signature(
    "scaled_dot_product_attention(Tensor query, Tensor key, Tensor value, Tensor? attn_mask=None, "
    "double dropout_p=0.0, bool is_causal=False, *, double? scale=None, bool enable_gqa=False)")


def scaled_dot_product_attention(*args, **kwargs):
    """scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0,
    is_causal=False, *, scale=None, enable_gqa=False): softmax(query @ key^T * scale + mask)
    @ value, scale 1/sqrt(E) by default. As on PyTorch's CPU: 4-D inputs the flash kernel
    accepts run it, one node (ScaledDotProductFlashAttentionForCpuBackward0); the rest take the
    math path, made of ordinary ops (matmul, _safe_softmax, dropout)."""
    query, key, value, attn_mask, dropout_p, is_causal, scale, enable_gqa = _SDPA.bind(args, kwargs)
    _validate_sdpa_input(query, key, value, attn_mask)
    flash = _use_flash_attention(query, key, value, attn_mask, dropout_p, enable_gqa)
    mask = _convert_boolean_attn_mask(attn_mask, query.dtype)
    if flash:
        if dropout_p != 0.0:
            raise RuntimeError("scaled_dot_product_attention_flash_attention: Currently do not "
                               "support dropout > 0")
        return d.scaled_dot_product_flash_attention_for_cpu(
            query, key, value, float(dropout_p), is_causal, mask,
            None if scale is None else float(scale))[0]
    return _sdpa_math(query, key, value, mask, dropout_p, is_causal, scale, enable_gqa)


def _validate_sdpa_input(query, key, value, attn_mask):
    if not query.dtype == key.dtype == value.dtype:
        raise RuntimeError("Expected query, key, and value to have the same dtype, but got "
                           f"query.dtype: {query.dtype._c} key.dtype: {key.dtype._c} and "
                           f"value.dtype: {value.dtype._c} instead.")
    if min(query.dim(), key.dim(), value.dim()) < 2:
        raise RuntimeError("Expected query, key, and value to all be  at least 2 dimensional, but "
                           f"got query.dim: {query.dim()} key.dim: {key.dim()} and value.dim: "
                           f"{value.dim()} instead.")
    if attn_mask is not None and attn_mask.dtype not in (dtypes.bool, dtypes.float32, query.dtype):
        raise RuntimeError("Expected attn_mask dtype to be bool or float or to match query dtype, "
                           f"but got attn_mask.dtype: {attn_mask.dtype._c} and  query.dtype: "
                           f"{query.dtype._c} instead.")


def _use_flash_attention(query, key, value, attn_mask, dropout_p, enable_gqa):
    """sdp_utils_cpp's use_flash_attention_cpp, its checks in their order: no dropout; 4-D
    (batch, heads, seq, E) inputs of one batch size, of one head count (or, for GQA, query's
    heads a multiple of key's = value's); a mask that needs no gradient, of shape (L, S) or
    (N, H, L, S) where any size may be 1; one E; nonempty sequences; a float or double dtype."""
    if dropout_p > 0.0 or not query.dim() == key.dim() == value.dim() == 4:
        return False
    (n, h, L, e), (nk, hk, S, ek), (nv, hv, _, ev) = query.shape, key.shape, value.shape
    if not n == nk == nv:
        return False
    if not (hk == hv and h % hk == 0 if enable_gqa else h == hk == hv):
        return False
    if attn_mask is not None:
        if attn_mask.requires_grad:
            return False
        if attn_mask.dim() == 0:  # (ATen's sym_size(-2) on a 0-d tensor)
            raise IndexError("Dimension specified as -2 but tensor has no dimensions")
        fits = lambda size, want: size in (want, 1)
        if not (fits(attn_mask.size(-2), L) and fits(attn_mask.size(-1), S)):
            return False
        if not (attn_mask.dim() == 2 or attn_mask.dim() == 4 and fits(attn_mask.shape[0], n)
                and fits(attn_mask.shape[1], h)):
            return False
    if not e == ek == ev or L == 0 or S == 0:
        return False
    if not query.stride(-1) == key.stride(-1) == value.stride(-1) == 1:
        return False
    return query.dtype in (dtypes.float32, dtypes.float64)


def _convert_boolean_attn_mask(attn_mask, dtype):
    """A bool mask says which keys a query may see: as an additive mask, 0 there, -inf elsewhere."""
    if attn_mask is None or attn_mask.dtype != dtypes.bool:
        return attn_mask
    return Tensor._make(np.where(attn_mask._data, 0.0, -np.inf).astype(dtype.np))


def _sdpa_math(query, key, value, attn_mask, dropout_p, is_causal, scale, enable_gqa):
    """ATen's _scaled_dot_product_attention_math: query and key each scaled by sqrt(scale)
    before their product (smaller numbers), the mask added in place, _safe_softmax, dropout."""
    if not query.is_floating_point():
        raise RuntimeError(f"expected scalar type Float but found {query.dtype._scalar}")
    root = math.sqrt(1 / math.sqrt(query.size(-1)) if scale is None else abs(scale))
    q = d.mul_scalar(query, -root if scale is not None and scale < 0 else root)  # (MulBackward1)
    if is_causal:
        if attn_mask is not None:
            raise RuntimeError("_scaled_dot_product_attention: Explicit attn_mask should not be "
                               "set when is_causal=True")
        causal = np.tri(query.size(-2), key.size(-2), dtype=bool)
        attn_mask = _convert_boolean_attn_mask(Tensor._make(causal), query.dtype)
    key, value = _repeat_kv_heads(query, key, value, enable_gqa)
    attn = _ops.matmul(q, d.mul_scalar(key.transpose(-2, -1), root))
    if attn_mask is not None:
        attn.add_(attn_mask)
    attn = d.safe_softmax(attn, -1)
    if dropout_p > 0.0:
        attn = _dropout_impl(attn, dropout_p, True, False, False, False)
    return _ops.matmul(attn, value)


def _repeat_kv_heads(query, key, value, enable_gqa):
    """Grouped-query attention: each key/value head serves query.size(-3) / key.size(-3) query
    heads, so it is repeated (repeat_interleave) that many times along the head dim."""
    if not enable_gqa:
        return key, value
    h, hk, hv = query.size(-3), key.size(-3), value.size(-3)
    if h == hk == hv:
        return key, value
    if h % hk or h % hv:
        raise RuntimeError("Number of heads in key and value must divide the number of heads in ")
    return key.repeat_interleave(h // hk, -3), value.repeat_interleave(h // hv, -3)


def _mha_shape_check(query, key, value, key_padding_mask, attn_mask, num_heads):
    """Whether the input is batched (3-D query) or not (2-D), and PyTorch's words if neither."""
    if query.dim() == 3:
        if key.dim() != 3 or value.dim() != 3:
            raise AssertionError("For batched (3-D) `query`, expected `key` and `value` to be 3-D but "
                                 f"found {key.dim()}-D and {value.dim()}-D tensors respectively")
        if key_padding_mask is not None and key_padding_mask.dim() != 2:
            raise AssertionError("For batched (3-D) `query`, expected `key_padding_mask` to be `None` "
                                 f"or 2-D but found {key_padding_mask.dim()}-D tensor instead")
        if attn_mask is not None and attn_mask.dim() not in (2, 3):
            raise AssertionError("For batched (3-D) `query`, expected `attn_mask` to be `None`, 2-D "
                                 f"or 3-D but found {attn_mask.dim()}-D tensor instead")
        return True
    if query.dim() == 2:
        if key.dim() != 2 or value.dim() != 2:
            raise AssertionError("For unbatched (2-D) `query`, expected `key` and `value` to be 2-D "
                                 f"but found {key.dim()}-D and {value.dim()}-D tensors respectively")
        if key_padding_mask is not None and key_padding_mask.dim() != 1:
            raise AssertionError("For unbatched (2-D) `query`, expected `key_padding_mask` to be "
                                 f"`None` or 1-D but found {key_padding_mask.dim()}-D tensor instead")
        if attn_mask is not None:
            if attn_mask.dim() not in (2, 3):
                raise AssertionError("For unbatched (2-D) `query`, expected `attn_mask` to be `None`, "
                                     f"2-D or 3-D but found {attn_mask.dim()}-D tensor instead")
            expected = (num_heads, query.shape[0], key.shape[0])
            if attn_mask.dim() == 3 and attn_mask.shape != expected:
                raise AssertionError(f"Expected `attn_mask` shape to be {expected} but got "
                                     f"{attn_mask.shape}")
        return False
    raise AssertionError("query should be unbatched 2D or batched 3D tensor but received "
                         f"{query.dim()}-D query tensor")


def _canonical_mask(mask, mask_name, other_type, other_name, target_type, check_other=True):
    """A bool mask (True: masked out) as an additive float one (-inf there, 0 elsewhere)."""
    if mask is None:
        return None
    if mask.dtype != dtypes.bool and not mask.is_floating_point():
        raise AssertionError(f"only bool and floating types of {mask_name} are supported")
    if check_other and other_type is not None and mask.dtype != other_type:
        warnings.warn(f"Support for mismatched {mask_name} and {other_name} is deprecated. Use same "
                      "type for both instead.", stacklevel=2)
    if not mask.is_floating_point():
        mask = _ops.zeros_like(mask, dtype=target_type).masked_fill_(mask, float("-inf"))
    return mask


def _none_or_dtype(input):
    if input is None:
        return None
    if isinstance(input, Tensor):
        return input.dtype
    raise RuntimeError("input to _none_or_dtype() must be None or minigrad.Tensor")


def _in_projection_packed(q, k, v, w, b=None):
    """q, k, v through one packed (3E, E) weight: self-attention projects once and splits the
    result, encoder-decoder attention (k is v) projects k and v together."""
    E = q.size(-1)
    if k is v:
        if q is k:
            proj = linear(q, w, b)
            proj = proj.unflatten(-1, (3, E)).unsqueeze(0).transpose(0, -2).squeeze(-2).contiguous()
            return proj[0], proj[1], proj[2]
        w_q, w_kv = w.split([E, E * 2])
        b_q, b_kv = (None, None) if b is None else b.split([E, E * 2])
        kv_proj = linear(k, w_kv, b_kv)
        kv_proj = kv_proj.unflatten(-1, (2, E)).unsqueeze(0).transpose(0, -2).squeeze(-2).contiguous()
        return linear(q, w_q, b_q), kv_proj[0], kv_proj[1]
    w_q, w_k, w_v = w.chunk(3)
    b_q, b_k, b_v = (None, None, None) if b is None else b.chunk(3)
    return linear(q, w_q, b_q), linear(k, w_k, b_k), linear(v, w_v, b_v)


def _in_projection(q, k, v, w_q, w_k, w_v, b_q=None, b_k=None, b_v=None):
    """q, k, v through their own weights (key and value may have other widths: kdim, vdim)."""
    Eq, Ek, Ev = q.size(-1), k.size(-1), v.size(-1)
    for what, w, shape in (("query weights", w_q, (Eq, Eq)), ("key weights", w_k, (Eq, Ek)),
                           ("value weights", w_v, (Eq, Ev)), ("query bias", b_q, (Eq,)),
                           ("key bias", b_k, (Eq,)), ("value bias", b_v, (Eq,))):
        if w is not None and w.shape != shape:
            raise AssertionError(f"expecting {what} shape of {shape}, but got {w.shape}")
    return linear(q, w_q, b_q), linear(k, w_k, b_k), linear(v, w_v, b_v)


def multi_head_attention_forward(query, key, value, embed_dim_to_check, num_heads, in_proj_weight,
                                 in_proj_bias, bias_k, bias_v, add_zero_attn, dropout_p,
                                 out_proj_weight, out_proj_bias, training=True, key_padding_mask=None,
                                 need_weights=True, attn_mask=None, use_separate_proj_weight=False,
                                 q_proj_weight=None, k_proj_weight=None, v_proj_weight=None,
                                 static_k=None, static_v=None, average_attn_weights=True,
                                 is_causal=False):
    """Multi-head attention on (L, N, E) inputs (or unbatched (L, E)): project q, k, v, split E
    into num_heads heads of E / num_heads, attend in each, concatenate, project out. With
    need_weights the attention weights are computed by hand (bmm, softmax) and returned,
    averaged over heads if average_attn_weights; without, scaled_dot_product_attention runs."""
    is_batched = _mha_shape_check(query, key, value, key_padding_mask, attn_mask, num_heads)
    if not is_batched:  # a batch of one
        query, key, value = query.unsqueeze(1), key.unsqueeze(1), value.unsqueeze(1)
        if key_padding_mask is not None:
            key_padding_mask = key_padding_mask.unsqueeze(0)
    tgt_len, bsz, embed_dim = query.shape
    src_len = key.shape[0]
    key_padding_mask = _canonical_mask(key_padding_mask, "key_padding_mask", _none_or_dtype(attn_mask),
                                       "attn_mask", query.dtype)
    if is_causal and attn_mask is None:
        raise RuntimeError("Need attn_mask if specifying the is_causal hint. You may use the "
                           "Transformer module method `generate_square_subsequent_mask` to create "
                           "this mask.")
    if is_causal and key_padding_mask is None and not need_weights:
        attn_mask = None  # (sdpa's is_causal does the masking)
    else:
        attn_mask = _canonical_mask(attn_mask, "attn_mask", None, "", query.dtype, check_other=False)
        if key_padding_mask is not None:
            is_causal = False
    if embed_dim != embed_dim_to_check:
        raise AssertionError(f"was expecting embedding dimension of {embed_dim_to_check}, but got "
                             f"{embed_dim}")
    head_dim = embed_dim // num_heads
    if head_dim * num_heads != embed_dim:
        raise AssertionError(f"embed_dim {embed_dim} not divisible by num_heads {num_heads}")
    if use_separate_proj_weight:
        if key.shape[:2] != value.shape[:2]:
            raise AssertionError(f"key's sequence and batch dims {key.shape[:2]} do not match "
                                 f"value's {value.shape[:2]}")
    elif key.shape != value.shape:
        raise AssertionError(f"key shape {key.shape} does not match value shape {value.shape}")

    if not use_separate_proj_weight:
        if in_proj_weight is None:
            raise AssertionError("use_separate_proj_weight is False but in_proj_weight is None")
        q, k, v = _in_projection_packed(query, key, value, in_proj_weight, in_proj_bias)
    else:
        for name, w in (("q", q_proj_weight), ("k", k_proj_weight), ("v", v_proj_weight)):
            if w is None:
                raise AssertionError(f"use_separate_proj_weight is True but {name}_proj_weight is None")
        b_q, b_k, b_v = (None, None, None) if in_proj_bias is None else in_proj_bias.chunk(3)
        q, k, v = _in_projection(query, key, value, q_proj_weight, k_proj_weight, v_proj_weight,
                                 b_q, b_k, b_v)

    if attn_mask is not None:  # (L, S) for all, or (N * num_heads, L, S)
        if attn_mask.dim() == 2:
            if attn_mask.shape != (tgt_len, src_len):
                raise RuntimeError(f"The shape of the 2D attn_mask is {attn_mask.shape}, but should "
                                   f"be {(tgt_len, src_len)}.")
            attn_mask = attn_mask.unsqueeze(0)
        elif attn_mask.dim() == 3:
            if attn_mask.shape != (bsz * num_heads, tgt_len, src_len):
                raise RuntimeError(f"The shape of the 3D attn_mask is {attn_mask.shape}, but should "
                                   f"be {(bsz * num_heads, tgt_len, src_len)}.")
        else:
            raise RuntimeError(f"attn_mask's dimension {attn_mask.dim()} is not supported")

    if bias_k is not None and bias_v is not None:  # one more key/value: learned ones
        if static_k is not None:
            raise AssertionError("bias cannot be added to static key.")
        if static_v is not None:
            raise AssertionError("bias cannot be added to static value.")
        k = _ops.cat([k, bias_k.repeat(1, bsz, 1)])
        v = _ops.cat([v, bias_v.repeat(1, bsz, 1)])
        if attn_mask is not None:
            attn_mask = pad(attn_mask, (0, 1))
        if key_padding_mask is not None:
            key_padding_mask = pad(key_padding_mask, (0, 1))
    elif bias_k is not None:
        raise AssertionError("bias_k is set but bias_v is None")
    elif bias_v is not None:
        raise AssertionError("bias_v is set but bias_k is None")

    # the heads: (L, N, E) -> (N * num_heads, L, head_dim)
    q = q.view(tgt_len, bsz * num_heads, head_dim).transpose(0, 1)
    k, v = (_static_kv(name, static, bsz * num_heads, head_dim) if static is not None else
            t.view(t.shape[0], bsz * num_heads, head_dim).transpose(0, 1)
            for name, static, t in (("static_k", static_k, k), ("static_v", static_v, v)))

    if add_zero_attn:  # one more key/value: zeros
        zeros = (bsz * num_heads, 1, head_dim)
        k = _ops.cat([k, _ops.zeros(zeros, dtype=k.dtype)], dim=1)
        v = _ops.cat([v, _ops.zeros(zeros, dtype=v.dtype)], dim=1)
        if attn_mask is not None:
            attn_mask = pad(attn_mask, (0, 1))
        if key_padding_mask is not None:
            key_padding_mask = pad(key_padding_mask, (0, 1))

    src_len = k.size(1)
    if key_padding_mask is not None:  # merged into attn_mask, per head
        if key_padding_mask.shape[0] != bsz:
            raise AssertionError(f"Expected key_padded_mask.shape[0] to be {bsz}, but got "
                                 f"{key_padding_mask.shape[0]}")
        if key_padding_mask.shape[1] != src_len:
            raise AssertionError(f"Expected key_padded_mask.shape[1] to be {src_len}, but got "
                                 f"{key_padding_mask.shape[1]}")
        key_padding_mask = key_padding_mask.view(bsz, 1, 1, src_len).expand(
            -1, num_heads, -1, -1).reshape(bsz * num_heads, 1, src_len)
        attn_mask = key_padding_mask if attn_mask is None else attn_mask + key_padding_mask

    if not training:
        dropout_p = 0.0

    if need_weights:
        E = q.shape[-1]
        q_scaled = q * math.sqrt(1.0 / float(E))
        if is_causal and attn_mask is None:
            raise AssertionError("FIXME: is_causal not implemented for need_weights")
        if attn_mask is not None:
            attn_output_weights = _ops.baddbmm(attn_mask, q_scaled, k.transpose(-2, -1))
        else:
            attn_output_weights = _ops.bmm(q_scaled, k.transpose(-2, -1))
        attn_output_weights = softmax(attn_output_weights, dim=-1)
        if dropout_p > 0.0:
            attn_output_weights = dropout(attn_output_weights, p=dropout_p)
        attn_output = _ops.bmm(attn_output_weights, v)
        attn_output = attn_output.transpose(0, 1).reshape(tgt_len * bsz, embed_dim)
        attn_output = linear(attn_output, out_proj_weight, out_proj_bias)
        attn_output = attn_output.view(tgt_len, bsz, attn_output.size(1))
        attn_output_weights = attn_output_weights.view(bsz, num_heads, tgt_len, src_len)
        if average_attn_weights:
            attn_output_weights = attn_output_weights.mean(dim=1)
        if not is_batched:
            attn_output, attn_output_weights = attn_output.squeeze(1), attn_output_weights.squeeze(0)
        return attn_output, attn_output_weights

    if attn_mask is not None:
        if attn_mask.size(0) == 1 and attn_mask.dim() == 3:
            attn_mask = attn_mask.unsqueeze(0)
        else:
            attn_mask = attn_mask.view(bsz, num_heads, -1, src_len)
    q = q.view(bsz, num_heads, tgt_len, head_dim)
    k = k.view(bsz, num_heads, src_len, head_dim)
    v = v.view(bsz, num_heads, src_len, head_dim)
    attn_output = scaled_dot_product_attention(q, k, v, attn_mask, dropout_p, is_causal)
    attn_output = attn_output.permute(2, 0, 1, 3).reshape(bsz * tgt_len, embed_dim)
    attn_output = linear(attn_output, out_proj_weight, out_proj_bias)
    attn_output = attn_output.view(tgt_len, bsz, attn_output.size(1))
    if not is_batched:
        attn_output = attn_output.squeeze(1)
    return attn_output, None


def _static_kv(name, static, heads, head_dim):
    """A precomputed key or value, (N * num_heads, S, head_dim), used as it is."""
    if static.size(0) != heads:
        raise AssertionError(f"expecting {name}.size(0) of {heads}, but got {static.size(0)}")
    if static.size(2) != head_dim:
        raise AssertionError(f"expecting {name}.size(2) of {head_dim}, but got {static.size(2)}")
    return static


# --- part vision: the deprecated upsample functions, affine_grid, grid_sample ---------------------
def upsample(input, size=None, scale_factor=None, mode="nearest", align_corners=None):
    """Deprecated: interpolate (without its recompute_scale_factor and antialias)."""
    warnings.warn("`nn.functional.upsample` is deprecated. Use `nn.functional.interpolate` "
                  "instead.", stacklevel=2)
    return interpolate(input, size, scale_factor, mode, align_corners)


def upsample_nearest(input, size=None, scale_factor=None):
    """Deprecated: interpolate(mode='nearest')."""
    warnings.warn("`nn.functional.upsample_nearest` is deprecated. Use "
                  "`nn.functional.interpolate` instead.", stacklevel=2)
    return interpolate(input, size, scale_factor, mode="nearest")


def upsample_bilinear(input, size=None, scale_factor=None):
    """Deprecated: interpolate(mode='bilinear', align_corners=True)."""
    warnings.warn("`nn.functional.upsample_bilinear` is deprecated. Use "
                  "`nn.functional.interpolate` instead.", stacklevel=2)
    return interpolate(input, size, scale_factor, mode="bilinear", align_corners=True)


def _warn_align_corners():
    warnings.warn("Default grid_sample and affine_grid behavior has changed to align_corners=False "
                  "since 1.3.0. Please specify align_corners=True if the old behavior is desired. "
                  "See the documentation of grid_sample for details.", stacklevel=3)


def affine_grid(theta, size, align_corners=None):
    """The sampling grid (N, H, W, 2) (or (N, D, H, W, 3)) of affine maps theta (N, 2, 3) (or
    (N, 3, 4)): where in the input, in [-1, 1] coordinates, each output pixel looks (for
    grid_sample: a spatial transformer's resampling)."""
    if align_corners is None:
        _warn_align_corners()
        align_corners = False
    if not theta.is_floating_point():
        raise ValueError(f"Expected theta to have floating point type, but got {theta.dtype}")
    if len(size) in (4, 5):
        nd = len(size) - 2
        if theta.dim() != 3 or theta.shape[-2] != nd or theta.shape[-1] != nd + 1:
            raise ValueError(f"Expected a batch of {nd}D affine matrices of shape "
                             f"Nx{nd}x{nd + 1} for size {size}. Got {theta.shape}.")
    else:
        raise NotImplementedError("affine_grid only supports 4D and 5D sizes, for 2D and 3D affine "
                                  f"transforms, respectively. Got size {size}.")
    if align_corners and min(size[2:]) == 1:
        warnings.warn("Since version 1.3.0, affine_grid behavior has changed for unit-size grids "
                      "when align_corners=True. This is not an intended use case of affine_grid. "
                      "See the documentation of affine_grid for details.", stacklevel=2)
    elif min(size) <= 0:
        raise ValueError(f"Expected non-zero, positive output size. Got {size}")
    return d.affine_grid_generator(theta, tuple(int(n) for n in size), bool(align_corners))


def grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None):
    """output[n, :, h, w] = input[n] read at grid[n, h, w] = (x, y) in [-1, 1] (-1: the left,
    top edge), interpolated by mode: a spatial transformer's resampler, differentiable in both
    the image and the sampling positions."""
    if mode not in ("bilinear", "nearest", "bicubic"):
        raise ValueError("nn.functional.grid_sample(): expected mode to be 'bilinear', 'nearest' "
                         f"or 'bicubic', but got: '{mode}'")
    if padding_mode not in ("zeros", "border", "reflection"):
        raise ValueError("nn.functional.grid_sample(): expected padding_mode to be 'zeros', "
                         f"'border', or 'reflection', but got: '{padding_mode}'")
    if align_corners is None:
        _warn_align_corners()
        align_corners = False
    return _ops.grid_sampler(input, grid, ("bilinear", "nearest", "bicubic").index(mode),
                             ("zeros", "border", "reflection").index(padding_mode), align_corners)


def _fractional_max_pool(nd, input, kernel_size, output_size, output_ratio, return_indices,
                         _random_samples):
    """fractional_max_pool2d/3d: the output size (given, or ratio * input size), one sample per
    plane and dim in [0, 1) (drawn unless given), PyTorch's checks, then the table row."""
    name = f"fractional_max_pool{nd}d"
    if output_size is None and output_ratio is None:
        raise ValueError(f"{name} requires specifying either an output_size or an output_ratio")
    if output_size is None:
        if nd == 2 and len(output_ratio) > 2:  # (PyTorch's len() of a float ratio: a TypeError)
            raise ValueError("fractional_max_pool2d requires output_ratio to either be a single "
                             "Int or tuple of Ints.")
        ratio = output_ratio if isinstance(output_ratio, (tuple, list)) else (output_ratio,) * nd
        output_size = [int(input.size(k - nd) * ratio[k]) for k in range(nd)]
    if _random_samples is None:
        n_batch = 1 if input.dim() == nd + 1 else input.size(0)
        _random_samples = _ops.rand(n_batch, input.size(-nd - 1), nd, dtype=input.dtype)
    kernel_size, output_size = (tuple(v) if isinstance(v, (tuple, list)) else (v,) * nd
                                for v in (kernel_size, output_size))
    words = "Ints" if nd == 2 else "three Ints"
    for arg, value in (("kernel_size", kernel_size), ("output_size", output_size)):
        if len(value) != nd:
            raise RuntimeError(f"{name}: {arg} must either be a single Int or tuple of {words}")
    where = f"{name}()" if nd == 2 else f"{name}_out()"
    if input.dim() not in (nd + 1, nd + 2):
        raise RuntimeError(f"{where}: Expected {nd + 1}D or {nd + 2}D tensor, but got: "
                           f"{list(input.shape)}")
    for i in range(1, input.dim()):
        if input.shape[i] <= 0:
            raise RuntimeError(f"{where}: Expected input to have non-zero size for non-batch "
                               f"dimensions, but got{list(input.shape)} with dimension {i} being "
                               "empty.")
    for i, word in enumerate(("height", "width") if nd == 2 else ("time", "height", "width")):
        size, k = input.shape[i - nd], kernel_size[i]
        if output_size[i] + k - 1 > size - (nd == 3):  # (3-D asks for strictly less)
            raise RuntimeError(f"{where}: pool {word} {k} too large relative to input {word} "
                               f"{size}")
    samples = _random_samples
    if samples.dtype != input.dtype:
        raise RuntimeError("Expect _random_samples to have the same dtype as input")
    if samples.dim() != 3:
        raise RuntimeError(f"Expect _random_samples to have 3 dimensions, got {samples.dim()}")
    if samples.shape[0] < (1 if input.dim() == nd + 1 else input.shape[0]):
        raise RuntimeError("Expect _random_samples.size(0) no less then input batch size.")
    if samples.shape[1] != input.shape[-nd - 1]:
        raise RuntimeError("Expect _random_samples.size(1) equals to input channel size.")
    if samples.shape[2] != nd:
        raise RuntimeError(f"Expect _random_samples.size(2) equals to {nd}; got "
                           f"{samples.shape[2]}.")
    row = d.fractional_max_pool2d if nd == 2 else d.fractional_max_pool3d
    output, indices = row(input, kernel_size, output_size, samples)
    return (output, indices) if return_indices else output


def fractional_max_pool2d_with_indices(input, kernel_size, output_size=None, output_ratio=None,
                                       return_indices=False, _random_samples=None):
    """Max pooling at fractional strides (Graham's Fractional MaxPooling): kernel_size windows
    placed pseudo-randomly so that the output has output_size (or output_ratio of the input)."""
    return _fractional_max_pool(2, input, kernel_size, output_size, output_ratio, True,
                                _random_samples)


def _fractional_max_pool2d(input, kernel_size, output_size=None, output_ratio=None,
                          return_indices=False, _random_samples=None):
    return _fractional_max_pool(2, input, kernel_size, output_size, output_ratio, return_indices,
                                _random_samples)


def fractional_max_pool3d_with_indices(input, kernel_size, output_size=None, output_ratio=None,
                                       return_indices=False, _random_samples=None):
    """fractional_max_pool2d over volumes (T, H, W)."""
    return _fractional_max_pool(3, input, kernel_size, output_size, output_ratio, True,
                                _random_samples)


def _fractional_max_pool3d(input, kernel_size, output_size=None, output_ratio=None,
                          return_indices=False, _random_samples=None):
    return _fractional_max_pool(3, input, kernel_size, output_size, output_ratio, return_indices,
                                _random_samples)


# --- part ctc: ctc_loss ---------------------------------------------------------------------------
def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction="mean",
             zero_infinity=False):
    """The Connectionist Temporal Classification loss: -log of the probability, summed over all
    alignments, that log_probs (T, N, C) or (T, C) spells the target (blanks and repeats
    collapsed). As PyTorch's F, it hands the reduction's enum to torch.ctc_loss (whose parser
    checks the arguments)."""
    from .. import ctc_loss as aten_ctc_loss  # (the package's, made once this module is read)
    return aten_ctc_loss(log_probs, targets, input_lengths, target_lengths, blank,
                         _reduction_enum(reduction), zero_infinity)


def _ctc_check(ok, message):
    if not ok:
        raise RuntimeError(f"{message} (while checking arguments for ctc_loss_allocate_outputs)")


def _ctc_lengths(name, lengths):
    """Lengths given as a tensor: integral ones, read as a list (as ATen's Tensor overload)."""
    if not isinstance(lengths, Tensor):
        return tuple(int(n) for n in lengths)
    if lengths.dtype.np.kind not in "iu":  # (not bool either)
        raise RuntimeError(f"{name} must be integral")
    return tuple(int(n) for n in lengths._data.reshape(-1))


def _ctc_loss_impl(log_probs, targets, input_lengths, target_lengths, blank, reduction,
                   zero_infinity):
    """ATen's ctc_loss: _ctc_loss (one node, CtcLossBackward0) on (T, N, C) and Long targets,
    zero_infinity's where, then the reduction ('mean' divides by the target lengths first)."""
    input_lengths = _ctc_lengths("input_lengths", input_lengths)
    target_lengths = _ctc_lengths("target_lengths", target_lengths)
    batched = log_probs.dim() == 3
    lp = log_probs if batched else log_probs.unsqueeze(1)
    targets = targets.long()
    if lp.dtype not in (dtypes.float32, dtypes.float64):
        raise NotImplementedError(f'"ctc_loss_cpu" not implemented for \'{lp.dtype._scalar}\'')
    _ctc_check(lp.dim() == 3, f"Expected 3-dimensional tensor, but got {lp.dim()}-dimensional "
               "tensor for argument #1 'log_probs'")
    _ctc_check(1 <= targets.dim() <= 2, f"Expected 1 to 2 dimensions, but got {targets.dim()}-"
               "dimensional tensor for argument #2 'targets'")
    T, N, C = lp.shape
    if not 0 <= blank < C:
        raise RuntimeError("blank must be in label range")
    for name, lengths in (("input_lengths", input_lengths), ("target_lengths", target_lengths)):
        if len(lengths) != N:
            raise RuntimeError(f"{name} must be of size batch_size")
    for n in target_lengths:
        _ctc_check(n >= 0, f"Expected target_lengths to have value at least 0, but got value {n}")

    def check_size(dim, size):
        _ctc_check(targets.shape[dim] == size, f"Expected tensor to have size {size} at dimension "
                   f"{dim}, but got size {targets.shape[dim]} for argument #2 'targets'")
    if targets.dim() == 1:
        check_size(0, sum(target_lengths))
    else:
        check_size(0, N)
        longest = max(target_lengths, default=0)
        _ctc_check(targets.shape[1] >= longest, f"Expected tensor to have size at least {longest} "
                   f"at dimension 1, but got size {targets.shape[1]} for argument #2 'targets'")
    for n in input_lengths:
        _ctc_check(n >= 0, f"Expected input_lengths to have value at least 0, but got value {n}")
        _ctc_check(n <= T, f"Expected input_lengths to have value at most {T}, but got value {n}")
    res = d.ctc_loss(lp, targets, input_lengths, target_lengths, blank, zero_infinity)[0]
    if zero_infinity:
        res = _ops.where(res == math.inf, _ops.zeros((), dtype=res.dtype), res)
    if reduction == 1:
        return (res / _ops.tensor(target_lengths, dtype=res.dtype).clamp_min(1)).mean()
    if reduction == 2:
        return res.sum()
    return res if batched else res.squeeze(0)


def _boolean_dispatch(arg_index, if_true, if_false):
    """PyTorch's boolean_dispatch: F.max_pool2d and its kin are Python choosing, by
    return_indices (a keyword, or the arg_index-th argument), between the function that also
    returns indices (max_pool2d_with_indices) and the one that does not (_max_pool2d); each words
    a bad call under its own name."""
    def fn(*args, **kwargs):
        flag = kwargs["return_indices"] if "return_indices" in kwargs else (
            args[arg_index] if arg_index < len(args) else False)
        return (if_true if flag else if_false)(*args, **kwargs)
    fn.__name__ = fn.__qualname__ = if_false.__name__[1:]
    fn.__doc__ = if_false.__doc__
    return fn


max_pool1d = _boolean_dispatch(6, max_pool1d_with_indices, _max_pool1d)
max_pool2d = _boolean_dispatch(6, max_pool2d_with_indices, _max_pool2d)
max_pool3d = _boolean_dispatch(6, max_pool3d_with_indices, _max_pool3d)
adaptive_max_pool1d = _boolean_dispatch(2, adaptive_max_pool1d_with_indices, _adaptive_max_pool1d)
adaptive_max_pool2d = _boolean_dispatch(2, adaptive_max_pool2d_with_indices, _adaptive_max_pool2d)
adaptive_max_pool3d = _boolean_dispatch(2, adaptive_max_pool3d_with_indices, _adaptive_max_pool3d)
fractional_max_pool2d = _boolean_dispatch(4, fractional_max_pool2d_with_indices,
                                          _fractional_max_pool2d)
fractional_max_pool3d = _boolean_dispatch(4, fractional_max_pool3d_with_indices,
                                          _fractional_max_pool3d)
