"""Weight initialisation, as `torch.nn.init` names it.

Each function fills a tensor in place under no_grad (so a Parameter stays a leaf and nothing is
recorded), bumps its _version once, and returns it. The xavier and kaiming schemes pick the
spread of the random values from the layer's fan-in/fan-out so that activations (or gradients)
keep roughly the same variance from layer to layer.
"""
import math
import warnings

from ..autograd.grad_mode import no_grad
from .. import linalg, ops


def calculate_gain(nonlinearity, param=None):
    """The factor by which a nonlinearity shrinks the spread of its input, undone by init:
    1 for linear layers and sigmoid, 5/3 for tanh, sqrt(2) for relu (it zeroes half)."""
    linear_fns = ["linear", "conv1d", "conv2d", "conv3d", "conv_transpose1d",
                  "conv_transpose2d", "conv_transpose3d"]
    if nonlinearity in linear_fns or nonlinearity == "sigmoid":
        return 1
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        if param is None:
            negative_slope = 0.01
        elif not isinstance(param, bool) and isinstance(param, int) or isinstance(param, float):
            negative_slope = param
        else:
            raise ValueError(f"negative_slope {param} not a valid number")
        return math.sqrt(2.0 / (1 + negative_slope**2))
    if nonlinearity == "selu":
        return 3.0 / 4
    raise ValueError(f"Unsupported nonlinearity {nonlinearity}")


def uniform_(tensor, a=0.0, b=1.0, generator=None):
    with no_grad():
        return tensor.uniform_(a, b, generator=generator)


def normal_(tensor, mean=0.0, std=1.0, generator=None):
    with no_grad():
        return tensor.normal_(mean, std, generator=generator)


def constant_(tensor, val):
    with no_grad():
        return tensor.fill_(val)


def ones_(tensor):
    return constant_(tensor, 1.0)


def zeros_(tensor):
    with no_grad():
        return tensor.zero_()


def eye_(tensor):
    """The identity matrix (1 on the diagonal): a linear layer that starts as y = x."""
    if tensor.dim() != 2:
        raise ValueError("Only tensors with 2 dimensions are supported")
    with no_grad():
        tensor.copy_(ops.eye(*tensor.shape))
    return tensor


def _calculate_fan_in_and_fan_out(tensor):
    """How many inputs feed each output (fan_in) and outputs each input feeds (fan_out):
    a weight is (out, in, *kernel), each kernel position counting once more."""
    if tensor.dim() < 2:
        raise ValueError("Fan in and fan out can not be computed for tensor with fewer than 2 "
                         "dimensions")
    receptive_field_size = math.prod(tensor.shape[2:])
    return tensor.size(1) * receptive_field_size, tensor.size(0) * receptive_field_size


def _calculate_correct_fan(tensor, mode):
    mode = mode.lower()
    valid_modes = ["fan_in", "fan_out"]
    if mode not in valid_modes:
        raise ValueError(f"Mode {mode} not supported, please use one of {valid_modes}")
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    return fan_in if mode == "fan_in" else fan_out


def xavier_uniform_(tensor, gain=1.0, generator=None):
    """Uniform with variance gain^2 * 2 / (fan_in + fan_out) (Glorot & Bengio, 2010)."""
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    a = math.sqrt(3.0) * std  # a uniform on [-a, a] has standard deviation a / sqrt(3)
    return uniform_(tensor, -a, a, generator)


def xavier_normal_(tensor, gain=1.0, generator=None):
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    return normal_(tensor, 0.0, std, generator)


def _kaiming_std(tensor, a, mode, nonlinearity):
    """gain / sqrt(fan) (He et al., 2015), or None (after PyTorch's warning) for no elements."""
    if 0 in tensor.shape:
        warnings.warn("Initializing zero-element tensors is a no-op", stacklevel=3)
        return None
    return calculate_gain(nonlinearity, a) / math.sqrt(_calculate_correct_fan(tensor, mode))


def kaiming_uniform_(tensor, a=0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
    std = _kaiming_std(tensor, a, mode, nonlinearity)
    if std is None:
        return tensor
    bound = math.sqrt(3.0) * std
    return uniform_(tensor, -bound, bound, generator)


def kaiming_normal_(tensor, a=0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
    std = _kaiming_std(tensor, a, mode, nonlinearity)
    return tensor if std is None else normal_(tensor, 0, std, generator)


def trunc_normal_(tensor, mean=0.0, std=1.0, a=-2.0, b=2.0, generator=None):
    """Normal values kept inside [a, b]: draws outside are drawn again (rejection sampling).
    When little of the normal lies in [a, b], uniform draws in [a, b] are accepted with the
    normal's relative density there instead, so the loop still ends quickly."""
    def norm_cdf(x):
        return (1.0 + math.erf(x / math.sqrt(2.0))) / 2.0

    if mean < a - 2 * std or mean > b + 2 * std:
        warnings.warn("mean is more than 2 std from [a, b] in nn.init.trunc_normal_. "
                      "The distribution of values may be incorrect.", stacklevel=2)
    with no_grad():
        if norm_cdf((b - mean) / std) - norm_cdf((a - mean) / std) > 0.3:
            lo, hi = tensor.new_tensor(a).item(), tensor.new_tensor(b).item()  # (in its dtype)
            result = tensor.normal_(mean, std, generator=generator)
            while (outside := (result < lo) | (result > hi)).any():
                result = ops.where(outside, ops.empty_like(result).normal_(
                    mean, std, generator=generator), result)
        else:
            mode = max(a, min(mean, b))  # where the density in [a, b] peaks

            def rejected(x):  # accept x with probability pdf(x) / pdf(mode)
                log_ratio = -0.5 * ((x - mean) / std) ** 2 + 0.5 * ((mode - mean) / std) ** 2
                return ops.empty_like(x).uniform_(generator=generator).log_() > log_ratio

            result = tensor.uniform_(a, b, generator=generator)
            pending = rejected(result)
            while pending.any():
                candidates = ops.empty_like(result).uniform_(a, b, generator=generator)
                result = ops.where(pending, candidates, result)
                pending = pending & rejected(candidates)
        if result is not tensor:
            tensor.copy_(result)
    return tensor


def dirac_(tensor, groups=1):
    """A convolution weight that passes its input through unchanged: a 1 at the centre of the
    kernel linking each output channel to the same input channel (within each group)."""
    dimensions = tensor.dim()
    if dimensions not in (3, 4, 5):
        raise ValueError("Only tensors with 3, 4, or 5 dimensions are supported")
    if tensor.size(0) % groups != 0:
        raise ValueError("dim 0 must be divisible by groups")
    out_per_group = tensor.size(0) // groups
    centre = tuple(n // 2 for n in tensor.shape[2:])
    with no_grad():
        tensor.zero_()
        for g in range(groups):
            for d in range(min(out_per_group, tensor.size(1))):
                tensor[(g * out_per_group + d, d, *centre)] = 1
    return tensor


def orthogonal_(tensor, gain=1, generator=None):
    """An orthogonal matrix (the weight flattened to rows x the rest): Q of the QR decomposition
    of a normal matrix, its columns' signs fixed by R's diagonal so that Q is uniformly random."""
    if tensor.dim() < 2:
        raise ValueError("Only tensors with 2 or more dimensions are supported")
    if tensor.numel() == 0:
        return tensor
    rows = tensor.size(0)
    cols = tensor.numel() // rows
    flattened = tensor.new_empty((rows, cols)).normal_(0, 1, generator=generator)
    if rows < cols:
        flattened.t_()
    q, r = linalg.qr(flattened)
    q *= ops.diag(r, 0).sign()
    if rows < cols:
        q.t_()
    with no_grad():
        tensor.view_as(q).copy_(q)
        tensor.mul_(gain)
    return tensor


def sparse_(tensor, sparsity, std=0.01, generator=None):
    """Normal values with std `std`, then a fraction `sparsity` of each column set to zero."""
    if tensor.dim() != 2:
        raise ValueError("Only tensors with 2 dimensions are supported")
    rows, cols = tensor.shape
    num_zeros = math.ceil(sparsity * rows)
    with no_grad():
        tensor.normal_(0, std, generator=generator)
        for col_idx in range(cols):
            tensor[ops.randperm(rows)[:num_zeros], col_idx] = 0
    return tensor


def _make_deprecate(meth):
    """The old names without the trailing underscore still work, with PyTorch's FutureWarning."""
    new_name = meth.__name__
    old_name = new_name[:-1]

    def deprecated_init(*args, **kwargs):
        warnings.warn(f"`nn.init.{old_name}` is now deprecated in favor of `nn.init.{new_name}`.",
                      FutureWarning, stacklevel=2)
        return meth(*args, **kwargs)

    deprecated_init.__name__ = old_name
    return deprecated_init


uniform = _make_deprecate(uniform_)
normal = _make_deprecate(normal_)
constant = _make_deprecate(constant_)
eye = _make_deprecate(eye_)
xavier_uniform = _make_deprecate(xavier_uniform_)
xavier_normal = _make_deprecate(xavier_normal_)
kaiming_uniform = _make_deprecate(kaiming_uniform_)
kaiming_normal = _make_deprecate(kaiming_normal_)
dirac = _make_deprecate(dirac_)
orthogonal = _make_deprecate(orthogonal_)
sparse = _make_deprecate(sparse_)
