"""Every differentiable op in one table, in the spirit of PyTorch's derivatives.yaml.

Each row: the name PyTorch gives the op's backward node, the forward on NumPy arrays, and one
derivative formula per input. Formulas use minigrad ops, so with `create_graph=True` they are
recorded too (higher-order gradients); otherwise the engine runs them with recording off.
A formula's parameter names say what it needs: `grad` (gradient of the output), the inputs
(`self`, `other`, ...), `result` (the output), `self_shape`, and the op's other arguments.
Broadcasting is undone by the engine (`sum_to`), not here, exactly as in PyTorch.
"""
import builtins
import functools
import itertools
import math
import os
import warnings

import numpy as np

from .autograd import function, grad_mode
from .autograd.engine import Node, sum_to
from .autograd.function import Op, apply_inplace, view_of, _channels_last, _copy_preserving
from .autograd.function import _fw, _fw_sum, _materialized  # (forward AD: None is a zero tangent)
from .autograd.function import _iterator_layout, _preserve_layout, _row_major, _suggested_layout
from .autograd.function import _min_storage_size, delayed_error
from . import _math
from ._math import _erfc64 as _erfc, _fma, _rounded  # (shared with the special functions)
from ._topk import topk_order
from .dtypes import float64 as _float64, result_type
from .tensor import Tensor, contiguous_format, _storage, _storage_offset


def zeros_like(t):
    """(Laid out as t, as PyTorch's zeros_like: a zero gradient of a transposed grad is too.)"""
    out = _preserve_layout(t._data)
    out[...] = 0
    return Tensor._make(out)


def ones_like(t):
    out = _preserve_layout(t._data)
    out[...] = 1
    return Tensor._make(out)


def _unsqueeze_dims(grad, dims, keepdim):
    """Put reduced dims back (size 1) so `grad` broadcasts against the input again (dims as
    given: a negative one counts from the end of the input's dims; PyTorch unsqueezes a single
    dim as given, several in order, wrapped)."""
    if not keepdim and len(dims) == 1:
        return grad.unsqueeze(dims[0])
    if not keepdim:
        ndim = grad.dim() + len(dims)
        for d in sorted(d % ndim for d in dims):
            grad = grad.unsqueeze(d)
    return grad


def _unsqueeze_to(grad, self_shape, dims=None):
    """squeeze's backward: the removed size-1 dims come back, one unsqueeze each (as PyTorch)."""
    for d in range(len(self_shape)) if dims is None else sorted(
            d % builtins.max(len(self_shape), 1) for d in dims):
        if d < len(self_shape) and self_shape[d] == 1:
            grad = grad.unsqueeze(d)
    return grad


INT64_MAX = 2**63 - 1  # a Python slice's end when none is given, as PyTorch stores it (C++'s
                      # own calls, as self.slice(dim, 1), store None)


def _dim_key(dim, item):
    """The NumPy key for `item` along `dim` (negative: from the end); the `...` keeps even 0-d
    results views."""
    if dim < 0:
        return (Ellipsis, item) + (slice(None),) * (-1 - dim)
    return (slice(None),) * dim + (item, Ellipsis)


def _key_dims(k):
    """How many of a tensor's dims one element of an index key uses up: None, `...` and a bool
    scalar (it adds a dim) none, a bool mask as many as it has, anything else one."""
    k = getattr(k, "_data", k)  # a 0-d bool tensor is a bool scalar
    if k is None or k is Ellipsis or isinstance(k, (bool, np.bool_)):
        return 0
    return k.ndim if isinstance(k, np.ndarray) and k.dtype == np.bool_ else 1


def _check_masks(shape, key):
    """PyTorch's error for a bool mask that does not fit: it compares the mask with the tensor as
    the key's basic part (ints, slices, None, ...) leaves it, from the dim where the mask starts."""
    rest = len(shape)  # the dims `...` stands for (`sum` is a row of this table)
    for k in key:
        rest -= _key_dims(k)
    sliced, dim, masks = [], 0, []
    for k in key:
        if k is Ellipsis:
            sliced += shape[dim:dim + rest]
            dim += rest
        elif _key_dims(k) == 0:  # None, or a 0-d mask: a new dim of size 1
            sliced.append(1)
        elif isinstance(k, slice):
            sliced.append(len(range(*k.indices(shape[dim]))) if dim < len(shape) else 0)
            dim += 1
        elif isinstance(k, np.ndarray):
            if k.dtype == np.bool_:
                masks.append((len(sliced), k.shape))
            sliced += shape[dim:dim + _key_dims(k)]
            dim += _key_dims(k)
        else:  # an int selects: no dim left
            dim += 1
    sliced += shape[dim:]
    for start, mask in masks:
        for j, n in enumerate(mask):
            if start + j >= len(sliced) or sliced[start + j] != n:
                raise IndexError(f"The shape of the mask {list(mask)} at index {j} does not match "
                                 f"the shape of the indexed tensor {sliced} at index {start + j}")


def _index(self, indices):
    _check_masks(self.shape, indices)
    return _index_layout(self[indices], self, indices)


def _index_layout(out, self, indices):
    """The result laid out as PyTorch's index kernel (a TensorIterator) lays it out: over self
    with the indexed dims replaced by the index's (stride 0), and the index arrays, in order (so
    a permuted self keeps its layout in the other dims). Masks count as their nonzero() arrays;
    index arrays apart move to the front, as self's dims do (transposeToFront)."""
    if out.ndim < 2 or out.size == 0 or 1 in out.shape:  # (size-1 dims: their strides in NumPy's
        return _row_major(out)                             # views are not PyTorch's; row-major)
    keys = []
    for k in indices:
        if isinstance(k, np.ndarray) and k.dtype == np.bool_:
            keys += list(np.nonzero(k))
        else:
            keys.append(k)
    keys += [slice(None)] * (self.ndim - len(keys))
    at = [i for i, k in enumerate(keys) if isinstance(k, np.ndarray)]
    if at != list(range(at[0], at[-1] + 1)):  # apart: self's indexed dims go first
        order = at + [i for i in range(self.ndim) if i not in at]
        self, keys, at = self.transpose(order), [keys[i] for i in order], list(range(len(at)))
    arrays = np.broadcast_arrays(*[keys[i] for i in at])
    before, after = at[0], self.ndim - at[-1] - 1
    b = arrays[0].shape
    if out.shape != self.shape[:before] + b + self.shape[self.ndim - after:]:
        return _row_major(out)
    strided = np.lib.stride_tricks.as_strided
    src = strided(self, out.shape, self.strides[:before] + (0,) * len(b) +
                  self.strides[self.ndim - after:])
    operands = [src] + [strided(a, out.shape, (0,) * before + a.strides + (0,) * after)
                        for a in arrays]
    laid = _iterator_layout(out, operands)
    return _row_major(out) if laid is out else laid  # (all row-major: so is the result)


def _index_put_forward(self, values, indices, accumulate=False):
    _check_masks(self.shape, indices)
    out = _copy_preserving(self)  # (PyTorch's index_put clones self keeping its layout)
    try:
        if accumulate:
            np.add.at(out, indices, values)
        else:
            out[indices] = values
    except ValueError:
        raise RuntimeError(f"shape mismatch: value tensor of shape {list(np.shape(values))} cannot "
                           f"be broadcast to indexing result of shape {list(self[indices].shape)}") from None
    return out




def _integral(ufunc, self):
    """floor, ceil, round: integers are integral already, so PyTorch copies them (NumPy's
    ufuncs would give floats)."""
    return ufunc(self) if self.dtype.kind == "f" else self.copy()


def _round_decimals(self, decimals):
    """round(x, decimals=d) as PyTorch's kernel does it, in the tensor's own dtype: x * 10**d
    rounded half to even, divided back (for d < 0, divided first and multiplied back)."""
    scale = self.dtype.type(np.power(10.0, builtins.abs(decimals)))  # inf past 10**308
    return np.round(self * scale) / scale if decimals >= 0 else np.round(self / scale) * scale


def _maximum_jvp(self_t, other_t, w):
    """maximum/minimum's (fmax/fmin's) forward derivative: other_t + w * (self_t - other_t), w
    1 where self wins (1/2 on a tie for maximum/minimum)."""
    return _fw_sum(other_t, _fw(mul, _fw_sum(self_t, _fw(neg, other_t)), w))


def _fw_sub(a_t, b_t, result):
    """a_t - b_t for tangents (None: zero), as PyTorch subtracts: from zeros if a_t is one,
    -0. ones, so that 0 - b is -b to the sign of zero, as PyTorch's efficient zero gives it."""
    if b_t is None:
        return a_t
    if a_t is None:
        a_t = Tensor._make(np.full(result.shape, -0.0, result._data.dtype))
    return a_t - b_t


def _clamp_jvp(self, self_t, min, min_t, max, max_t):
    """PyTorch's clamp_jvp: the tangent of whichever bound (or self) the value came from."""
    self_t = _materialized(self_t, self)
    if min is not None and max is not None:
        min_t, max_t = _materialized(min_t, min), _materialized(max_t, max)
        return where(min > max, max_t, where(self < min, min_t, where(self > max, max_t, self_t)))
    if min is not None:
        return where(self > min, self_t, _materialized(min_t, min))
    return where(self < max, self_t, _materialized(max_t, max))


def _addcdiv_jvp(self_t, tensor1_t, tensor2_t, tensor1, tensor2, value, result):
    """addcdiv's forward derivative, PyTorch's self_t + value t1_t / t2 - value t2_t t1 / t2^2:
    the last term subtracted, from zeros if the others are zero tangents."""
    return _fw_sub(_fw_sum(self_t, _fw(lambda t: _maybe_multiply(t / tensor2, value), tensor1_t)),
                   _fw(lambda t: _maybe_multiply(t * (tensor1 / tensor2) / tensor2, value), tensor2_t),
                   result)


def _split_ties(grad, self, other, loses):
    """maximum/minimum: the gradient goes to the input that was picked, half to each on a tie
    (PyTorch's where(self == other, grad / 2, grad).masked_fill_(loses, 0))."""
    return apply_inplace(masked_fill_scalar, where(self == other, div_scalar(grad, 2), grad),
                         loses, 0)


# part trig: forwards NumPy lacks (erf, erfc, erfinv come from math) or writes otherwise


def _erfinv(x):
    """The y with erf(y) = x: Winitzki's approximation, then Newton steps (on erfc above 0.5,
    where erf(y) - x would cancel)."""
    a, q = np.abs(x), 1 - np.abs(x)
    ln = np.log(q * (1 + a))
    t = 2 / (math.pi * 0.147) + ln / 2
    y = np.sqrt(np.sqrt(t * t - ln / 0.147) - t)
    for _ in range(4):
        f = np.where(a < 0.5, _erf(y) - a, q - _erfc(y))
        y = y - f / (2 / math.sqrt(math.pi) * np.exp(-y * y))
    return np.copysign(np.where(a == 1, np.inf, y), x)


def _atan2_recip(self, other):
    """1 / (x^2 + y^2), with 0 where that is 1 / 0: atan2's gradient at (0, 0) is 0 in PyTorch.
    (PyTorch computes it once for both inputs; here each formula computes its own.)"""
    denom = self * self + other * other
    return masked_fill_scalar(denom.reciprocal(), denom == 0, 0)


def _xlogy(self, other):
    """x * log(y), 0 where x == 0 (even for y = 0), nan where y is nan; in the result's dtype."""
    dt = np.result_type(self, other)
    x, y = np.asarray(self, dt), np.asarray(other, dt)
    return np.where(np.isnan(y), y, np.where(x == 0, 0, x * _rounded(np.log, y)))


def _lerp(self, end, weight):
    """self + weight (end - self), from the nearer end (weight 1 gives end exactly), in one fused
    multiply-add as PyTorch's kernel."""
    small = np.abs(weight) < 0.5
    coeff, base = np.where(small, weight, weight - 1), np.where(small, self, end)
    dt = np.result_type(self, end)
    return _fma(coeff.astype(dt), (end - self).astype(dt), base.astype(dt))




def _logaddexp(self, other):
    """log(exp(x) + exp(y)) = max + log1p(exp(-|x - y|)), no overflow; inf where both are."""
    m = np.maximum(self, other)
    out = m + _rounded(np.log1p, _rounded(np.exp, -np.abs(self - other)))
    return np.where(np.isinf(self) & (self == other), self, out)


def _addcmul(self, a, b):
    """self + a * b, fused into one rounding for floats as PyTorch's kernel does."""
    return _fma(a, b, self) if self.dtype.kind == "f" else self + a * b


def _power(self, exponent):
    """self ** exponent by tensor exponents. Integers to negative integers, which NumPy refuses,
    are PyTorch's integer results: 1 for base 1, +-1 for base -1, else 0 (2 ** -2 == 0)."""
    if np.result_type(self, exponent).kind not in "iu" or not np.any(np.less(exponent, 0)):
        return _rounded(np.power, self, exponent)
    base, e = np.broadcast_arrays(self, exponent)
    ones = np.where(base == -1, 1 - 2 * (e % 2), np.where(base == 1, 1, 0))
    return np.where(e < 0, ones, base ** np.abs(e)).astype(np.result_type(self, exponent))


# part elem2: forwards and formula helpers of its rows (copysign ... frexp, in-place comparisons)
def _copysign_ratio(self, result):
    """copysign's slope: result / self, +1 or -1, and 0 where self is 0."""
    return apply_inplace(masked_fill_scalar, div(result, self), self == 0, 0)


def _logaddexp2(self, other):
    """log2(2^x + 2^y) = max + log2(1 + 2^-|x - y|), no overflow; inf where both are."""
    m = np.maximum(self, other)
    out = m + _rounded(lambda d: np.log1p(np.exp2(d)) / math.log(2), -np.abs(self - other))
    return np.where(np.isinf(self) & (self == other), self, out)


def _sinc(self):
    """sin(pi x) / (pi x), 1 at 0; pi x rounded to the dtype first, as PyTorch's kernel does."""
    product = self * self.dtype.type(math.pi)
    return np.where(self == 0, 1, _rounded(np.sin, product) / product).astype(self.dtype)


def _sinc_backward(grad, self):
    """(pi x cos(pi x) - sin(pi x)) / (pi x^2), 0 at 0 (PyTorch's sinc_backward)."""
    self_pi, self_squared_pi = mul_scalar(self, math.pi), mul_scalar(self * self, math.pi)
    out = grad * ((self_pi * self_pi.cos() - self_pi.sin()) / self_squared_pi)
    return where(self_squared_pi == 0.0, Tensor._make(np.zeros((), grad._data.dtype)), out)


def _frexp(self):
    mantissa, exponent = np.frexp(self)
    return mantissa, exponent.astype(np.int32)


def _comparison_rows(name, ufunc):
    """x.eq_(y) and the like: self becomes 0 or 1 in its own dtype, a step function of both
    inputs, so their gradients are zero (...Backward0 against a number, ...Backward1 a tensor).
    Forward AD zeroes self's tangent (PyTorch's self_t.zero_()); a tangent of other alone
    leaves self without one."""
    return (Op(f"{name}Backward0", lambda self, other: ufunc(self, other),
               promote=("self", "other"), self=lambda grad: zeros_like(grad),
               result=lambda self_t: _fw(zero_, self_t)),
            Op(f"{name}Backward1", lambda self, other: ufunc(self, other),
               self=lambda grad: zeros_like(grad), other=lambda grad: zeros_like(grad),
               result=lambda self_t: _fw(zero_, self_t)))


def _add_scaled(self, other, alpha):
    """self + alpha * other, with alpha in the result's dtype. PyTorch's kernel fuses the
    multiply-add (one rounding): for float32, computing in float64 and rounding gives its bits."""
    return _rounded(lambda a, b, k: a + k * b, self, other, np.result_type(self, other).type(alpha))


def _softmax(self, dim):
    e = _rounded(np.exp, self - self.max(axis=dim, keepdims=True, initial=-np.inf))  # no overflow
    return e / e.sum(axis=dim, keepdims=True)


def _log_softmax(self, dim):
    shifted = self - self.max(axis=dim, keepdims=True, initial=-np.inf)
    return shifted - _rounded(np.log, _rounded(np.exp, shifted).sum(axis=dim, keepdims=True))


def _threshold_backward(grad_output, self, threshold=0):
    """relu's (and threshold's) backward: the gradient where self > threshold (or is nan), +0.0
    elsewhere, even for inf/nan gradients: np.where(self <= threshold, 0, grad_output), done by
    AND-ing the gradient's bits with an all-ones or all-zeros mask, which runs several times
    faster than np.where on a random mask."""
    bits = np.dtype(f"u{grad_output.dtype.itemsize}")
    mask = np.negative(~(self <= threshold), dtype=bits)  # True -> 0b11...1, False -> 0
    return (grad_output.view(bits) & mask).view(grad_output.dtype)


def _reduced_numel(shape, dims):
    """How many elements each reduced one came from (PyTorch's _safe_size: 1 for a 0-d input)."""
    return math.prod(shape[d] for d in dims) if shape else 1


def _norm(self, ord, dim, keepdim, dtype=None):
    """The vector norm over dim (all of self for None or ()), computed in dtype if one is given;
    float sums of |x|, x*x or |x|**ord in PyTorch's order (_norm_in_order: same bits)."""
    a = np.abs(self if dtype is None else self.astype(dtype.np))
    dim = dim if a.ndim and dim != () and dim != [] else None  # (a 0-d array's dim is all of it)
    if ord == 0:  # how many entries are not zero
        return (a != 0).sum(axis=dim, keepdims=keepdim).astype(a.dtype)
    if ord == math.inf:
        return a.max(axis=dim, keepdims=keepdim)
    if ord == -math.inf:
        return a.min(axis=dim, keepdims=keepdim)
    if a.dtype.kind == "f" and a.size:
        return _norm_in_order(a, self if dtype is None else a, ord, dim, keepdim)
    if ord == 2:
        return np.sqrt((a * a).sum(axis=dim, keepdims=keepdim))
    return (a ** ord).sum(axis=dim, keepdims=keepdim) ** (1.0 / ord)


def _norm_backward(grad, self, result, ord, dim, keepdim):
    """PyTorch's norm_backward, case by case (its in-place masked_fill_ and pow_ included, so
    the graph of the gradient is PyTorch's)."""
    if not keepdim and self.dim() and dim is not None:
        grad, result = _unsqueeze_dims(grad, dim, False), _unsqueeze_dims(result, dim, False)
    zero, p = result == 0, ord
    if p == 0:
        return None  # a count of nonzeros: no gradient
    if p == 1:
        return self.sgn() * grad
    if p == 2:
        return grad * apply_inplace(masked_fill_scalar, self / result, zero, 0)
    if math.isinf(p):  # the positions of the largest (smallest) |self| or nan share the gradient
        mask = Tensor._make((np.abs(self._data) == result._data) | np.isnan(self._data))
        dims = tuple(range(self.dim())) if dim is None else dim
        return self.sgn() * ((grad / sum_dim(mask, dims, True)) * mask)
    if p < 1:
        scaled = self.sgn() * apply_inplace(masked_fill_scalar, apply_inplace(
            pow_scalar, self.abs(), p - 1), self == 0, 0)
        return scaled * grad * result ** (1 - p)
    scaled = self.sgn() * apply_inplace(pow_scalar, self.abs(), p - 1) if p < 2 else (
        self * apply_inplace(pow_scalar, self.abs(), p - 2))
    return scaled * apply_inplace(masked_fill_scalar, grad / result ** (p - 1), zero, 0)


def _norm_jvp(self, self_t, p, norm, dim, keepdim):
    """PyTorch's norm_jvp: the derivative of the p-norm along self_t, case by case as
    _norm_backward (0 where the norm is 0)."""
    dims = dim or tuple(range(self.dim()))
    if p == 0:
        return zeros_like(norm)
    if p == 1:
        return (self.sgn() * self_t).sum(dims, keepdim=keepdim)
    if p == 2:
        return apply_inplace(masked_fill_scalar, (self * self_t).sum(dims, keepdim=keepdim) / norm,
                             norm == 0, 0)
    if math.isinf(p):  # the tangent at the largest (smallest) |self|, averaged over ties
        if not keepdim and self.dim() and dim is not None:
            norm = _unsqueeze_dims(norm, dim, False)
        is_eq_max = ((self.abs() == norm) | (self.isnan() & norm.isnan())).to(norm.dtype)
        return ((self.sgn() * self_t) * is_eq_max / is_eq_max.sum(dims, keepdim=True)).sum(
            dims, keepdim=keepdim)
    if p < 1:
        sumpow_t = (apply_inplace(masked_fill_scalar, self.abs().pow(p - 1), self == 0, 0)
                    * (self.sgn() * self_t)).sum(dims, keepdim=keepdim)
        return sumpow_t * norm.pow(1 - p)
    sumpow_t = (self.abs().pow(p - 1) * (self.sgn() * self_t) if p < 2
                else self.abs().pow(p - 2) * (self * self_t)).sum(dims, keepdim=keepdim)
    return apply_inplace(masked_fill_scalar, sumpow_t / norm.pow(p - 1), norm == 0, 0)


def _var(self, dim, correction, keepdim, root=False):
    """NumPy's var (std with root=True): as PyTorch, n - correction <= 0 gives inf or nan, minus
    NumPy's own warnings about it: ops.var/std has already warned PyTorch's."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return (np.std if root else np.var)(self, axis=dim if self.ndim else None, ddof=correction,
                                            keepdims=keepdim)


def _var_backward(grad, self, dim, correction, keepdim):
    """PyTorch's var_backward: 2 / (n - correction) * grad * (self - mean)."""
    if self.dim() == 0 or dim is None:
        dof = self.numel() - correction
        if dof <= 0:  # 2 / dof is infinite: nan where self is its mean, inf elsewhere
            return grad * where(self == self.mean(), math.nan, math.inf)
        return mul_scalar(grad, 2.0 / dof) * (self - self.mean())
    if not keepdim and self.dim() > 1:
        grad = _unsqueeze_dims(grad, dim, keepdim)
    dof = _reduced_numel(self.shape, dim) - correction
    return mul_scalar(grad, 2.0 / dof if dof else math.inf) * (self - self.mean(tuple(dim), keepdim=True))


def _var_jvp(self_t, self, dim, correction, keepdim):
    """var's forward derivative, PyTorch's: var_backward with the tangent as grad (keepdim),
    summed over the reduced dims."""
    return _var_backward(self_t, self, dim, correction, True).sum(dim or (), keepdim=keepdim)


def _std_backward(grad, self, result, dim, correction, keepdim):
    """PyTorch's std_backward: the variance's gradient of grad / (2 std), with 0 where std is 0."""
    grad = apply_inplace(masked_fill_scalar, grad / mul_scalar(result, 2), result == 0, 0)
    return _var_backward(grad, self, dim, correction, keepdim)


def _restore_reduced_dims(output, dims, keepdim):
    """The reduced dims back as size 1, by one reshape (PyTorch's restore_reduced_dims)."""
    if keepdim:
        return output
    shape = list(output.shape)
    for d in sorted(d % (len(shape) + len(dims)) for d in dims):
        shape.insert(d, 1)
    return output.reshape(tuple(shape))


def _amaxamin_jvp(self, self_t, result, dim, keepdim):
    """amax/amin's forward derivative: the tangent averaged over the ties, as the gradient is
    shared among them."""
    mask = self == _restore_reduced_dims(result, dim, keepdim)
    return where(mask, self_t, 0.0).sum(dim, keepdim=keepdim) / mask.sum(dim, keepdim=keepdim)


def _amax_backward(grad, self, result, dim, keepdim):
    """amax/amin: ties share the gradient evenly (PyTorch's scale_grad_by_count)."""
    mask = _restore_reduced_dims(result, dim, keepdim) == self
    return (_restore_reduced_dims(grad, dim, keepdim) / mask.sum(dim or tuple(range(self.dim())),
                                                               keepdim=True)) * mask


def _logsumexp(self, dim, keepdim):
    """log(sum(exp(self - max))) + max, where an infinite max counts as 0 (PyTorch's way)."""
    dim = dim if self.ndim else None  # (a 0-d array's dim, 0 or -1, is all of it)
    m = self.max(axis=dim, keepdims=True, initial=-np.inf)
    m = np.where(np.isinf(m), 0, m)
    out = _rounded(np.log, _rounded(np.exp, self - m).sum(axis=dim, keepdims=True)) + m
    return out if keepdim else out.squeeze(dim)


def _logsumexp_backward(grad, self, result, dim, keepdim):
    if not keepdim and self.dim():
        grad, result = _unsqueeze_dims(grad, dim, False), _unsqueeze_dims(result, dim, False)
    return grad * (self - result).exp()


def _reversed_cumsum(w, dim):
    return flip(cumsum(flip(w, (dim,)), dim, None), (dim,))


def _cumsum_backward(grad, dim):
    if grad.numel() <= 1 or grad.shape[dim] == 1:
        return grad
    return _reversed_cumsum(grad, dim)


def _prod_backward(grad, self, result, dim=None, keepdim=False):
    """PyTorch's prod_backward: grad * result / self; with zeros in self (where that divides by
    0), the product of the others, from exclusive cumulative products both ways."""
    if self.dim() == 0:
        return grad
    if dim is not None:
        dim %= self.dim()
    if dim is not None and not keepdim:
        grad, result = grad.unsqueeze(dim), result.unsqueeze(dim)
    zeros = int((self._data == 0).sum())
    if zeros == 0:
        return grad * (result / self)
    if dim is not None:
        return _prod_safe_zeros_backward(grad, self, dim)
    if zeros > 1 and not grad_mode._enabled:  # every product of the others has a 0 in it
        return zeros_like(self)
    return view(_prod_safe_zeros_backward(grad, view(self.contiguous(), (-1,)), 0), self.shape)


def _prod_safe_zeros_backward(grad, inp, dim):
    """[a, b, c] -> [1, a, ab] * [bc, c, 1]: the product of the others, safe with zeros."""
    n = inp.shape[dim]
    if n == 1:
        return grad
    ones = Tensor._make(np.ones(inp.shape[:dim] + (1,) + inp.shape[dim + 1:], grad._data.dtype))
    normal = cumprod(join(CatBackward0, [ones, slicing(inp, dim, 0, n - 1, 1)], dim,
                          np.concatenate), dim)
    reverse = flip(cumprod(join(CatBackward0, [ones, flip(slicing(inp, dim, 1, n, 1), (dim,))],
                                dim, np.concatenate), dim), (dim,))
    return grad * (normal * reverse)


def _ones_expanded(result):
    """A 1 expanded to result's shape (prod's forward derivative: its backward's grad)."""
    return expand(Tensor._make(np.ones((), result._data.dtype)), result.shape)


def _cumprod_jvp(self_t, self, result, dim):
    """PyTorch's cumprod_jvp: cumsum(t / x) * result, and where that divides by a zero, from
    the first zero on, the cumulative product with the zero's tangent in the zero's place."""
    gradient = (self_t / self).cumsum(dim) * result
    if self.dim() == 0:
        return apply_inplace(masked_fill, gradient, self == 0, self_t)
    mask_zeros = self == 0
    mask_first_zero = mask_zeros & (mask_zeros.cumsum(dim) == 1)
    new_grad = where(mask_first_zero, self_t, self).cumprod(dim)
    return where(mask_first_zero.cumsum(dim) != 0, new_grad, gradient)


def _cumprod_backward(grad, self, dim, result):
    """PyTorch's cumprod_backward: without zeros in self, reversed cumsum(result * grad) / self;
    with zeros, for each k the sum over j >= k of grad_j times the product of self_1..self_j but
    self_k (PyTorch's form under create_graph; without it, PyTorch's faster form gives the same
    values)."""
    dim = dim % self.dim() if self.dim() else dim
    n = self.shape[dim] if self.dim() else 1
    if self.numel() <= 1 or n == 1:
        return grad
    if not (self._data == 0).any():
        return _reversed_cumsum(result * grad, dim) / self
    ones = expand(Tensor._make(np.ones(1, grad._data.dtype)),
                  self.shape[:dim] + (1,) + self.shape[dim + 1:])
    grad_input = zeros_like(grad)
    for k in range(n):
        if k == 0:
            omitted = join(CatBackward0, [ones, cumprod(slicing(self, dim, 1, None, 1), dim)],
                           dim, np.concatenate)
        else:
            until_k = prod_dim(slicing(self, dim, 0, k, 1), dim, True)
            omitted = until_k
            if k < n - 1:
                from_k_plus_1 = cumprod(slicing(self, dim, k + 1, None, 1), dim)
                omitted = join(CatBackward0, [until_k, expand(until_k, from_k_plus_1.shape)
                                              * from_k_plus_1], dim, np.concatenate)
        apply_inplace(copy_, select(grad_input, dim, k),
                      sum_dim(slicing(grad, dim, k, None, 1) * omitted, (dim,), False))
    return grad_input


def _repeat_backward(grad, repeats, self_shape):
    """repeat's gradient: the copies summed, by one reshape to (repeat, size) pairs and one sum."""
    if 0 in repeats:
        return Tensor._make(np.zeros(self_shape, grad._data.dtype))
    lead = grad.dim() - len(self_shape)
    for _ in range(lead):
        grad = sum_dim(grad, (0,), False)
    grad_size, sum_dims = [], []
    for r, n in zip(repeats[lead:], self_shape):
        if r != 1:
            grad_size.append(r)
            sum_dims.append(len(grad_size) - 1)
        grad_size.append(n)
    if sum_dims:
        grad = sum_dim(grad.reshape(tuple(grad_size)), tuple(sum_dims), False)
    return grad


def _evenly_read_jvp(fw_grad, self, value):
    """max()/min()'s forward derivative: the mean of the tangent over the positions of the
    value (a nan value matches none: nan, as in PyTorch)."""
    mask = self == value
    return (mask * (fw_grad / mask.sum())).sum()


def _gather_with_keepdimed_indices(self_t, dim, indices, keepdim):
    """max(dim)/min(dim)'s forward derivative: the tangent at the positions picked."""
    if not keepdim:
        indices = indices.unsqueeze(dim)
    out = gather(self_t, dim, indices)
    return out if keepdim else out.squeeze(dim)


def _evenly_distribute(grad, self, result):
    """max()/min() over everything: ties (or, for a nan result, the nans) share the gradient
    equally; PyTorch fills them into zeros with masked_fill_."""
    mask = Tensor._make(np.isnan(self._data) if np.isnan(result._data) else self._data == result._data)
    return masked_fill(zeros_like(self), mask, grad / mask.sum())


def _extreme_at(self, dim, keepdim, extreme, arg):
    """max(dim)/min(dim): the values and where they were; a 0-d tensor is its own, at 0."""
    if self.ndim == 0:
        return self.copy(), np.zeros((), np.int64)
    return extreme(self, axis=dim, keepdims=keepdim), arg(self, axis=dim, keepdims=keepdim)


def _select_at_indices(grad, self_shape, dim, indices, keepdim):
    """max(dim)/min(dim): the gradient goes to the position each value was taken from,
    scattered into zeros (PyTorch's value_selecting_reduction_backward)."""
    if not keepdim and self_shape:  # (a 0-d input has no dim to put back)
        grad, indices = grad.unsqueeze(dim), indices.unsqueeze(dim)
    return scatter(Tensor._make(np.zeros(self_shape, grad._data.dtype)), dim, indices, grad)


# --- part reduce2: median, kthvalue, mode, cummax/cummin: the values PyTorch picks, and where ---
def _along_last(self, dim):
    """self with dim moved last, as rows: (rows, shape of one result) for per-row loops."""
    rows = np.moveaxis(self, dim, -1)
    return rows.reshape(-1, self.shape[dim]), rows.shape[:-1]


def _median(self, dim, keepdim, ignore_nan=False):
    """median(dim)/nanmedian(dim): the lower median of each row and its index, which on ties is
    the one a stable sort puts there (PyTorch's); a row with a nan gives its first nan (median)."""
    if self.ndim == 0:
        return self.copy(), np.zeros((), np.int64)
    order = np.argsort(self, dim, kind="stable")  # nan last
    nan = self != self
    n = self.shape[dim] - nan.sum(dim, keepdims=True) if ignore_nan else self.shape[dim]
    k = np.broadcast_to(np.maximum(n - 1, 0) // 2, nan[_dim_key(dim, slice(0, 1))].shape)
    indices = np.take_along_axis(order, k, dim)
    if not ignore_nan:
        indices = np.where(nan.any(dim, keepdims=True), np.argmax(nan, dim, keepdims=True), indices)
    values = np.take_along_axis(self, indices, dim)
    return (values, indices) if keepdim else (values.squeeze(dim), indices.squeeze(dim))


def _median_all(self, ignore_nan=False):
    """median()/nanmedian() of all elements: the lower median, nan if there is one (median)."""
    a = np.sort(self.reshape(-1))
    if ignore_nan:
        a = a[a == a]
    if a.size == 0 or not ignore_nan and a[-1] != a[-1]:
        return np.array(np.nan, self.dtype)
    return a[(a.size - 1) // 2]


def _gt_or_nan(x, y):
    return (x != x and y == y) or x > y


def _quick_select(values, indices, k):
    """PyTorch's quick_select_template (aten/src/ATen/native/SortingUtils.h), step for step:
    it leaves the k-th smallest at k, and which of equal values lands there is its choice."""
    def swap(a, b):
        values[a], values[b] = values[b], values[a]
        indices[a], indices[b] = indices[b], indices[a]
    low, high = 0, len(values) - 1
    while high > low:
        if high == low + 1:
            if _gt_or_nan(values[low], values[high]):
                swap(low, high)
            return
        swap(low + (high - low) // 2, low + 1)  # the median of three as pivot, at low
        if _gt_or_nan(values[low + 1], values[high]):
            swap(low + 1, high)
        if _gt_or_nan(values[low], values[high]):
            swap(low, high)
        if _gt_or_nan(values[low + 1], values[low]):
            swap(low + 1, low)
        i, j, pivot = low + 1, high, values[low]
        while True:
            i += 1
            while _gt_or_nan(pivot, values[i]):
                i += 1
            j -= 1
            while _gt_or_nan(values[j], pivot):
                j -= 1
            if j < i:
                break
            swap(i, j)
        swap(low, j)
        if j <= k:
            low = i
        if j >= k:
            high = j - 1


def _kthvalue(self, k, dim, keepdim):
    """The k-th smallest along dim and its index, found by PyTorch's quickselect."""
    if self.ndim == 0:
        return self.copy(), np.zeros((), np.int64)
    rows, shape = _along_last(self, dim)
    values, indices = np.empty(len(rows), self.dtype), np.empty(len(rows), np.int64)
    for r, row in enumerate(rows):
        v, i = row.tolist(), list(range(len(row)))
        _quick_select(v, i, k - 1)
        values[r], indices[r] = v[k - 1], i[k - 1]
    values, indices = values.reshape(shape), indices.reshape(shape)
    return (np.expand_dims(values, dim), np.expand_dims(indices, dim)) if keepdim else (values, indices)


def _mode(self, dim, keepdim):
    """The most frequent value of each row (the smallest of equally frequent ones) and the index
    of its last occurrence. (PyTorch finds it in a std::sort of the row: beyond 16 elements that
    sort is unstable, and PyTorch's index may be another occurrence.)"""
    if self.ndim == 0:
        return self.copy(), np.zeros((), np.int64)
    rows, shape = _along_last(self, dim)
    values, indices = np.empty(len(rows), self.dtype), np.empty(len(rows), np.int64)
    for r, row in enumerate(rows):
        unique, counts = np.unique(row, return_counts=True)
        values[r] = unique[np.argmax(counts)]
        indices[r] = np.flatnonzero(row == values[r])[-1]
    values, indices = values.reshape(shape), indices.reshape(shape)
    return (np.expand_dims(values, dim), np.expand_dims(indices, dim)) if keepdim else (values, indices)


def _cummaxmin(self, dim, better):
    """cummax/cummin: the running extreme along dim and where it was last reached (ties take the
    later index; a nan, once met, stays, and each later nan moves the index), as PyTorch's loop."""
    if self.ndim == 0:
        return self.copy(), np.zeros((), np.int64)
    x = np.moveaxis(self, dim, 0)
    values, indices = x.copy(), np.zeros(x.shape, np.int64)
    for i in range(1, len(x)):
        take = (x[i] != x[i]) | ((values[i - 1] == values[i - 1]) & better(x[i], values[i - 1]))
        values[i] = np.where(take, x[i], values[i - 1])
        indices[i] = np.where(take, i, indices[i - 1])
    return np.moveaxis(values, 0, dim), np.moveaxis(indices, 0, dim)


def _cummaxmin_backward(grad, self, indices, dim):
    """Each position's gradient summed into where its value came from (PyTorch: zeros, then
    scatter_add_ in place)."""
    if self.numel() == 0:
        return self
    return apply_inplace(scatter_add, _zeros((self.shape, self._data.dtype)), dim, indices, grad)


def _nansum_backward(grad, self, dim, keepdim):
    """sum's gradient, times 0 where self is nan (PyTorch's nansum_backward)."""
    grad = _unsqueeze_dims(grad, dim or (), keepdim or not self.dim())
    return expand(grad, self.shape) * Tensor._make(self._data == self._data)

def _logcumsumexp(self, dim):
    """PyTorch's scan: each step log1p(exp(min - max)) + max of the running value and the next
    element, in float64 (its CPU accumulator for floats), each result then rounded to self's
    dtype; equal infinities (min - max would be nan) keep the value."""
    if self.ndim == 0:
        return self.copy()
    x = np.moveaxis(self, dim, 0).astype(np.float64)
    out = x.copy()
    with np.errstate(invalid="ignore"):
        for i in range(1, len(x)):
            run, new = out[i - 1], x[i]
            low, high = np.minimum(run, new), np.maximum(run, new)
            step = np.log1p(np.exp(low - high)) + high
            out[i] = np.where((low != high) | np.isfinite(low), step, new)
    return np.moveaxis(out, 0, dim).astype(self.dtype)


def _logcumsumexp_jvp(self, self_t, dim):
    """PyTorch's logcumsumexp_jvp: cumsum(exp(x) x_t) / cumsum(exp(x)), the running softmax
    weights of the tangent, with the exp-normalize trick (and 1e-13 against 0 / 0)."""
    self_exp = (self - self.max(dim, True)[0]).exp()
    return (self_exp * self_t).cumsum(dim) / add_scalar(self_exp.cumsum(dim), 1e-13)


def _logcumsumexp_backward(grad, self, result, dim):
    """PyTorch's logcumsumexp_backward: the positive and the negative parts of grad, each summed
    in log space by a reversed logcumsumexp (the lowest float stands for log 0)."""
    if grad.dim() == 0 or grad.numel() == 0:
        return grad
    lowest = Tensor._make(np.array(np.finfo(grad._data.dtype).min, grad._data.dtype))
    log_abs_grad = grad.abs().log()

    def reversed_logcumsumexp(x):
        return flip(logcumsumexp_scan(flip(x, (dim,)), dim), (dim,))
    positive = (reversed_logcumsumexp(where(grad > 0, log_abs_grad, lowest) - result) + self).exp()
    negative = (reversed_logcumsumexp(where(grad < 0, log_abs_grad, lowest) - result) + self).exp()
    return positive - negative
# --- end of part reduce2 helpers ---


def _sort(self, dim, descending, stable=None):
    """Sorted along dim, equal values in their first order (PyTorch's CPU sort is stable either
    way), nan last (first when descending); the indices say where each value came from."""
    if self.ndim == 0:
        return self.copy(), np.zeros((), np.int64)
    if descending:  # stable descending: sort the reversed row, then reverse the result
        reversed_order = np.argsort(np.flip(self, dim), dim, kind="stable")
        indices = self.shape[dim] - 1 - np.flip(reversed_order, dim)
    else:
        indices = np.argsort(self, dim, kind="stable")
    values = np.take_along_axis(self, indices, dim)
    return _like(self, values), _like(self, indices)  # in self's layout, as PyTorch's sort


def _like(self, a):
    """`a` laid out in memory as `self` is (a permuted tensor's sort is permuted too)."""
    out = np.empty_like(self, dtype=a.dtype)
    out[...] = a
    return out


def _topk(self, k, dim, largest, sorted):
    """The k largest (smallest) along dim; which of equal values, in which order: see _topk.py."""
    rows = np.moveaxis(self, dim, -1) if self.ndim else self.reshape(1)
    lead = rows.shape[:-1]
    indices = np.array([topk_order(row, k, largest, sorted) for row in rows.reshape(
        math.prod(lead), rows.shape[-1]).tolist()], np.int64).reshape(lead + (k,))
    indices = np.moveaxis(indices, -1, dim) if self.ndim else indices.reshape(())
    return np.take_along_axis(self, indices, dim) if self.ndim else self.copy(), indices


def _diagonal(self, offset, dim1, dim2):
    """A writable view of the diagonal (NumPy's np.diagonal is read-only): the same strides,
    taken from self's memory where the diagonal starts."""
    key = [slice(None)] * self.ndim
    if offset >= 0:
        key[dim2] = slice(offset, None)
    else:
        key[dim1] = slice(-offset, None)
    start = self[tuple(key)]
    d = np.diagonal(start, 0, dim1, dim2)
    return np.lib.stride_tricks.as_strided(start, d.shape, d.strides)


def _diagonal_backward(grad_output, input_sizes, offset, dim1, dim2):
    out = np.zeros(input_sizes, grad_output.dtype)
    _diagonal(out, offset, dim1, dim2)[...] = grad_output
    return out


def _trace_backward(grad, self_shape):
    """PyTorch's trace_backward: grad written at every (m + 1)-th place of n * m zeros (an
    in-place index_fill_), viewed as the n x m matrix."""
    n, m = self_shape
    flat = Tensor._make(np.zeros(n * m, grad._data.dtype))
    return view(apply_inplace(index_fill, flat, 0, Tensor._make(np.arange(0, n * m, m + 1)), grad),
                self_shape)


def _index_fill(self, dim, index, value):
    out = self.copy()
    if out.ndim:
        out[_dim_key(dim, index)] = value
    elif index.size:  # a 0-d self: its one element, which index can only name
        out[()] = value
    return out


def _along(index, dim):
    """The NumPy key for gather and scatter: element i of `index` names a position along `dim`;
    along the other dims it stays at i's own position."""
    if index.ndim == 0:
        return (Ellipsis,)  # a 0-d tensor has one element: index 0 (checked by ops.py)
    key = list(np.indices(index.shape, sparse=True))
    key[dim] = index
    return tuple(key)


def _scatter_forward(self, dim, index, src, add=False):
    out = self.copy()
    key = _along(index, dim)
    if isinstance(src, np.ndarray):  # src may be larger than index: its leading block is used
        src = src[tuple(slice(0, n) for n in index.shape)]
    if add:
        np.add.at(out, key, src)
    else:
        out[key] = src
    return out


def _expand(self, shape):
    """np.broadcast_to, except that a dim of size 1 that stays 1 keeps its stride, as in PyTorch
    (NumPy gives it 0)."""
    lead = len(shape) - self.ndim
    strides = (0,) * lead + tuple(st if n == m else 0 for st, n, m in
                                  zip(self.strides, self.shape, shape[lead:]))
    np.broadcast_to(self, shape)  # (NumPy's error if the shapes do not broadcast)
    return np.lib.stride_tricks.as_strided(self, shape, strides)  # writable where self is


def _index_select_as(grad, dim, index, source, source_dim):
    """index_add's and index_copy's source gradient: grad's slices at index, shaped as source
    (a 0-d source took one slice). (PyTorch saves source itself, for expand_as.)"""
    picked = index_select(grad, dim, index)
    return expand(picked, source.shape) if source_dim else picked.reshape(())


def _maybe_multiply(t, alpha):
    """PyTorch's maybe_multiply: t * alpha, no op when alpha is 1."""
    return t if alpha == 1 else mul_scalar(t, alpha)


def _index_add(self, dim, index, source, alpha=1):
    """index_add: source's slices added along dim at the positions index lists (repeats add up)."""
    out = self.copy()
    source = source if alpha == 1 else source * self.dtype.type(alpha)
    if not out.ndim:  # a 0-d self: its one element, which index can only name
        return out + source.reshape(())
    if not out.size:  # nothing to add to (PyTorch's kernel returns before reading the index)
        return out
    np.add.at(out, _dim_key(dim, index), source)
    return out


def _index_copy(self, dim, index, source):
    out = self.copy()
    if not out.ndim:  # a 0-d self: its one element, which index can only name
        out[()] = source.reshape(())
    elif out.size:  # (an empty self has nothing to write to: PyTorch reads no index then)
        out[_dim_key(dim, index)] = source
    return out


def _masked_select(self, mask):
    """The elements where mask (broadcast with self) is True, in row-major order."""
    shape = np.broadcast_shapes(self.shape, mask.shape)
    return np.broadcast_to(self, shape)[np.broadcast_to(mask, shape)]


def _masked_scatter(self, mask, source):
    """source's first elements written, in order, where mask (broadcast with self) is True."""
    shape = np.broadcast_shapes(self.shape, mask.shape)
    out, mask = np.broadcast_to(self, shape).copy(), np.broadcast_to(mask, shape)
    out[mask] = source.reshape(-1)[:np.count_nonzero(mask)]
    return out


def _masked_scatter_backward(grad_output, mask, sizes):
    """The gradient of masked_scatter's source: grad where mask is True, in order, then zeros."""
    out = np.zeros(math.prod(sizes), grad_output.dtype)
    picked = grad_output[np.broadcast_to(mask, grad_output.shape)]
    out[:picked.size] = picked
    return out.reshape(sizes)


def _put(self, index, source, accumulate=False):
    """put: source's elements written (added) at flat positions of (a copy of) self."""
    out = self.copy()
    (np.add.at if accumulate else np.put)(out.reshape(-1), index.reshape(-1), source.reshape(-1))
    return _copy_preserving(out, like=self)  # (into PyTorch's clone of self)


def _rot90(self, k, dims):
    """PyTorch's rot90: flips (copied) and a transpose (a view of the copy: its strides stay)."""
    k %= 4
    if k == 1 or k == 3:
        return np.flip(self, dims[k == 1]).copy(order="K").swapaxes(*dims)
    return np.flip(self, dims).copy(order="K") if k == 2 else self.copy()


def _diag_embed(self, offset, dim1, dim2):
    """Zeros with two new dims (dim1, dim2), self's last dim written on their diagonal."""
    n = self.shape[-1] + builtins.abs(offset)
    shape = list(self.shape[:-1])
    for dim in sorted((dim1 % (self.ndim + 1), dim2 % (self.ndim + 1))):  # (dims of the result)
        shape.insert(dim, n)
    out = np.zeros(shape, self.dtype)
    _diagonal(out, offset, dim1, dim2)[...] = self
    return out


def _column_major(shape, strides):
    """A matrix stored column by column (a transposed one): PyTorch gives its gradient that
    layout too, computing it transposed."""
    return strides[0] == 1 and strides[1] == shape[0]


def _nll_key(self_shape, target):
    """Where the target classes sit: self[target] for one sample, self[arange(n), target] for n,
    self[n, target[n, h, w], h, w] for (N, C, H, W) scores (the classes are dim 1)."""
    if len(self_shape) == 1:
        return (target,)
    key = list(np.indices(target.shape, sparse=True))
    key.insert(1, target)
    return tuple(key)


def _nll_weights(self, target, weight, ignore_index):
    """Which samples count (target != ignore_index), their targets (0, a safe index, where
    ignored) and class weights (0 where ignored)."""
    kept = target != ignore_index
    target = np.where(kept, target, 0)
    n_classes = self.shape[0 if self.ndim == 1 else 1]
    w = np.ones(n_classes, self.dtype) if weight is None else weight.reshape(-1)
    return kept, target, np.where(kept, w[target], self.dtype.type(0))


def _cascade_sum(terms, index=None):
    """The sum in PyTorch's nll_loss kernels, in their order (so float32 gives the same bits):
    terms pile up in level 0; after a term whose index is a multiple of 16 the pile moves up a
    level, after a multiple of 256 two levels, ...; at the end the levels are added up. `index`
    is each term's sample number (None: 0, 1, 2, ..., no sample ignored)."""
    zero = terms.dtype.type(0)  # (+ zero: a pile starts from 0, so it is never -0.0)
    if index is None:  # each level is the one below cut into rows of 16 after its first term
        rest, v = [], terms
        for _ in range(7):
            if len(v) <= 1:
                break
            full = (len(v) - 1) // 16
            rows = np.add.accumulate(v[1:1 + 16 * full].reshape(full, 16), axis=1)[:, -1]
            tail = np.add.accumulate(v[1 + 16 * full:])
            rest.append(tail[-1] + zero if len(tail) else zero)
            v = np.concatenate([v[:1], rows]) + zero
        rest.append(np.add.accumulate(v)[-1] + zero if len(v) else zero)
        return np.add.accumulate(np.array(rest, terms.dtype))[-1]
    # Level 0, every pile at once: row p of a zero-padded grid, summed left to right from 0.
    ends = np.flatnonzero(index % 16 == 0)
    bounds = np.concatenate([[0], ends + 1, [len(terms)]])
    lengths = np.diff(bounds)
    grid = np.zeros((len(lengths), lengths.max() + 1), terms.dtype)
    rows = np.repeat(np.arange(len(lengths)), lengths)
    grid[rows, np.arange(len(terms)) - bounds[rows] + 1] = terms
    piles = np.add.accumulate(grid, axis=1)[:, -1]
    # The levels above, one pile at a time (16 times fewer), in the terms' dtype.
    levels = [zero] * 8
    for pile, i in zip(piles[:-1], index[ends].tolist()):
        levels[1] += pile
        for j in range(1, 7):
            if (i >> (4 * j)) & 15:
                break
            levels[j + 1] += levels[j]
            levels[j] = zero
    levels[0] = piles[-1]
    return np.add.accumulate(np.array(levels, terms.dtype))[-1]


def _nll_loss_forward(self, target, weight, reduction, ignore_index):
    """-weight[t] * self[i, t] per sample, and total_weight: the summed weights of the samples
    counted, which the mean divides by (so a weighted mean is a mean; nan if none counts)."""
    kept, target, w = _nll_weights(self, target, weight, ignore_index)
    loss = np.where(kept, -self[_nll_key(self.shape, target)] * w, self.dtype.type(0))
    if reduction == 0 and self.ndim > 1:
        return loss, np.zeros((), self.dtype)  # (PyTorch leaves total_weight 0 here)
    if kept.all():  # no sample ignored: the sums run over every sample, in order
        terms, weights, counted = loss.reshape(-1), w.reshape(-1), None
    else:
        counted = np.flatnonzero(kept)  # (the flat index of each sample counted)
        terms, weights = loss.reshape(-1)[counted], w.reshape(-1)[counted]
    loss = _cascade_sum(terms, counted)
    if weight is None and len(terms) < 2 ** 24:  # a count: exact in any order
        total_weight = np.asarray(len(terms), self.dtype)
    else:
        total_weight = _cascade_sum(weights, counted)
    if reduction != 1:
        return loss, total_weight
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.divide(loss, total_weight), total_weight


def _nll_loss_backward(grad_output, self, target, weight, reduction, ignore_index, total_weight):
    """-weight[t] * grad_output at each target class (/ total_weight for the mean), 0 elsewhere
    and on ignored samples."""
    kept, target, w = _nll_weights(self, target, weight, ignore_index)
    with np.errstate(invalid="ignore", divide="ignore"):
        g = -(grad_output / total_weight if reduction == 1 else grad_output)
    out = np.zeros(self.shape, grad_output.dtype)
    out[_nll_key(self.shape, target)] = np.where(kept, w * g, out.dtype.type(0))
    return out


def _apply_loss_reduction(loss, reduction):
    """PyTorch's apply_loss_reduction: a forward derivative of a loss, reduced as the loss is
    (None, a zero tangent, stays None)."""
    if loss is None or reduction in ("none", 0):  # (PyTorch's Reduction enum: 0, 1, 2)
        return loss
    return loss.mean() if reduction in ("mean", 1) else loss.sum()


def _logsumexp_jvp(self, self_t, dim, keepdim=True):
    """PyTorch's logsumexp_jvp: sum(exp(x) * x_t) / sum(exp(x)) along dim (one or a tuple),
    with the exp-normalize trick; softmax's and log_softmax's forward derivatives use it."""
    dim = dim if dim.__class__ is tuple else (dim,)
    self_exp = (self - amax(self, dim, True)).exp() if self.numel() else self.exp()
    return (self_exp * self_t).sum(dim, keepdim=keepdim) / self_exp.sum(dim, keepdim=keepdim)


def _softmax_backward_data_jvp(grad_output_t, output_t, grad_output, output, dim):
    """derivatives.yaml gives _softmax_backward_data (and _log_softmax_backward_data) no
    forward derivative: PyTorch runs forward AD through their decompositions (torch._decomp),
    op by op, each op's own rule in turn (mul's other_t * self + self_t * other; None, a zero
    tangent, drops out). Here: new = grad_output * output; new - output * new.sum(dim)."""
    new = grad_output * output
    new_t = _fw_sum(_fw(mul, output_t, grad_output), _fw(mul, grad_output_t, output))
    product_t = _fw_sum(_fw(mul, _fw(_sum_keepdim, new_t, dim), output),
                        _fw(mul, output_t, _sum_keepdim(new, dim)))
    return _fw_sum(new_t, _fw(neg, product_t))


def _log_softmax_backward_data_jvp(grad_output_t, output_t, grad_output, output, dim):
    """The same for grad_output - output.exp() * grad_output.sum(dim)."""
    exp = output.exp()
    product_t = _fw_sum(_fw(mul, _fw(_sum_keepdim, grad_output_t, dim), exp),
                        _fw(mul, _fw(mul, output_t, exp), _sum_keepdim(grad_output, dim)))
    return _fw_sum(grad_output_t, _fw(neg, product_t))


def _sum_keepdim(t, dim):
    return t.sum(dim, keepdim=True)


def _mse_norm(numel, reduction):
    if reduction != "mean":
        return 2.0
    return 2.0 / numel if numel else math.inf  # (C++'s 2. / 0 is inf; an empty input's gradient
                                               # is empty, or 0 once summed to a broadcast target)


def _mse_double_backward(grad, input, reduction):
    g = mul_scalar(grad, 2)
    return div_scalar(g, input.numel()) if reduction == "mean" else g


def _mse_double_backward_grad_output(grad, grad_output, self, target, reduction):
    if reduction == "none":
        return mse_loss_backward(grad, self, target, reduction)
    return (mse_loss_backward(ones_like(grad_output), self, target, reduction) * grad).sum()


def _sign(self):
    """PyTorch's (0 < x) - (x < 0): 0 for nan, +0 for -0 (NumPy's sign keeps both); bools stay."""
    if self.dtype == np.bool_:
        return self.copy()
    return (self > 0).astype(self.dtype) - (self < 0).astype(self.dtype)


def _check_divisor(self, other):
    """Integers divided by zero: PyTorch raises (NumPy would give 0 and a warning)."""
    if np.result_type(self, other).kind in "iu" and np.any(np.asarray(other) == 0):
        raise RuntimeError("ZeroDivisionError")


def _floor_divide(self, other):
    """self // other, rounded toward -inf (NumPy's divmod is PyTorch's kernel step for step)."""
    _check_divisor(self, other)
    return np.floor_divide(self, other)


def _fmod(self, other):
    """C's fmod: the remainder takes self's sign (self - trunc(self / other) * other)."""
    _check_divisor(self, other)
    return np.fmod(self, other)


def _remainder(self, other):
    """Python's %: the remainder takes other's sign. PyTorch moves fmod's result across by
    adding other (so -0. % 3 is -0., where NumPy's remainder gives 0.)."""
    mod = _fmod(self, other)
    return np.where((mod != 0) & ((np.asarray(other) < 0) != (mod < 0)), mod + other, mod)


def _div_rounded(self, other, rounding_mode):
    """div(rounding_mode="floor" or "trunc"): the quotient rounded to an integral value; integers
    stay integers (trunc: the floor of |self| // |other|, given the quotient's sign)."""
    if rounding_mode == "floor":
        return _floor_divide(self, other)
    if np.result_type(self, other).kind == "f":
        return np.trunc(self / other)
    _check_divisor(self, other)
    return np.sign(self) * np.sign(other) * (np.abs(self) // np.abs(other))


def _not_implemented(op_name):
    """The formula of an op PyTorch has no derivative for: its node (NotImplemented) goes on the
    tape like any other, and backward through it fails."""
    def formula(grad):
        raise RuntimeError(f"derivative for aten::{op_name} is not implemented")
    formula.op_name = op_name  # (forward AD names it in its error)
    return formula


# --- part nn.functional: activations, linear, losses (helper nnf) ------------------------------
def _erf(x):
    """erf, which NumPy lacks: math.erf element by element, in float64."""
    return np.vectorize(math.erf, otypes=[np.float64])(x)


def _gelu(self, approximate):
    """x * Phi(x) (Phi: the normal CDF), or with approximate='tanh' PyTorch's tanh formula."""
    if approximate == "tanh":
        x = self.astype(np.float64)
        return (0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))).astype(self.dtype)
    one, half = self.dtype.type(1), self.dtype.type(0.5)  # PyTorch's steps, in self's dtype
    return self * half * (one + _erf(self.astype(np.float64) * math.sqrt(0.5)).astype(self.dtype))


def _gelu_backward(grad_output, self, approximate):
    x = self.astype(np.float64)
    if approximate == "tanh":
        k = math.sqrt(2 / math.pi)
        inner = k * (x + 0.044715 * x ** 3)
        th = np.tanh(inner)
        d = 0.5 * (1 + th) + 0.5 * x * (1 - th * th) * k * (1 + 3 * 0.044715 * x * x)
    else:
        d = 0.5 * (1 + _erf(x / math.sqrt(2))) + x * np.exp(-0.5 * x * x) / math.sqrt(2 * math.pi)
    return (grad_output * d).astype(grad_output.dtype)


def _one_minus(x):
    """1 - x as PyTorch's C++ formulas write it: the 1 becomes a tensor (SubBackward0)."""
    return sub(Tensor._make(np.array(1.0, x._data.dtype)), x)


def _gelu_double_backward(grad, grad_output, self, approximate):
    """PyTorch's gelu_double_backward: gelu's second derivative times both gradients."""
    if approximate == "tanh":
        beta, kappa = math.sqrt(2) * (2 / math.sqrt(math.pi)) * 0.5, 0.044715
        inner = mul_scalar(add(self, mul_scalar(pow_scalar(self, 3), kappa)), beta)
        tanh_inner = inner.tanh()
        sech_inner = 1 / inner.cosh()
        f, g = mul_scalar(self, 0.5), _one_minus(tanh_inner * tanh_inner)
        h = mul_scalar(add_scalar(mul_scalar(self, 3 * kappa) * self, 1), beta)
        g_prime = mul_scalar(sech_inner, 2) * (-sech_inner * tanh_inner) * h
        h_prime = mul_scalar(mul_scalar(self, 6 * kappa), beta)
        f_prime_gh = mul_scalar(g, 0.5) * h  # the product rule over f g h; f' g h comes twice
        return grad * grad_output * (f_prime_gh + (f_prime_gh + f * h * g_prime + f * g * h_prime))
    input_sq = self * self
    pdf = mul_scalar(mul_scalar(input_sq, -0.5).exp(), 1 / math.sqrt(2 * math.pi))
    return grad * grad_output * (mul_scalar(pdf, 2) - input_sq * pdf)


def mm_mat1_backward(grad, mat2, mat1_shape, mat1_strides, alpha=1):
    """mm's (and addmm's) gradient for its first matrix; a column-major one gets it transposed."""
    g = (mat2 @ grad.t()).t() if _column_major(mat1_shape, mat1_strides) else grad @ mat2.t()
    return g if alpha == 1 else mul_scalar(g, alpha)


def mm_mat2_backward(grad, mat1, mat2_shape, mat2_strides, alpha=1):
    g = (grad.t() @ mat1).t() if _column_major(mat2_shape, mat2_strides) else mat1.t() @ grad
    return g if alpha == 1 else mul_scalar(g, alpha)


def _check_unit_interval(self, target):
    if not ((self >= 0) & (self <= 1)).all():
        raise RuntimeError("all elements of input should be between 0 and 1")
    if not ((target >= 0) & (target <= 1)).all():
        raise RuntimeError("all elements of target should be between 0 and 1")


def _weighted(g, weight):
    """g times the optional weight tensor (a loss's weight= argument)."""
    return g if weight is None else g * weight


def _bce_mean(g, numel, reduction):
    return div_scalar(g, numel) if reduction == 1 else g


def _binary_cross_entropy(self, target, weight, reduction):
    """-w (t log x + (1 - t) log(1 - x)), each log clamped at -100 (so x = 0 or 1 costs 100,
    not inf), as PyTorch's kernel."""
    _check_unit_interval(self, target)
    log_x = np.maximum(_rounded(np.log, self), -100)
    log_1mx = np.maximum(_rounded(np.log1p, -self), -100)
    loss = (target - 1) * log_1mx - target * log_x
    return _by_reduction(loss if weight is None else loss * weight.astype(self.dtype), reduction)


def _binary_cross_entropy_backward(grad_output, self, target, weight, reduction):
    """grad (x - t) / max(x (1 - x), 1e-12) * w, / n for the mean: PyTorch's kernel."""
    out = grad_output * (self - target) / np.maximum((1 - self) * self, self.dtype.type(1e-12))
    if weight is not None:
        out = out * weight.astype(self.dtype)
    return out / self.dtype.type(self.size) if reduction == 1 else out


def _bce_double_backward(grad_output, grad, self, target, weight, reduction):
    """PyTorch's binary_cross_entropy_double_backward (eps = 1e-12)."""
    eps = 1e-12
    num = self * self - mul_scalar(self, 2) * target + target
    den = pow_scalar(add_scalar(self, eps), 2) * pow_scalar(add_scalar(_one_minus(self), eps), 2)
    return _bce_mean(_weighted((num / den) * (grad * grad_output), weight), self.numel(), reduction)


def _bce_double_backward_grad_output(grad, self, target, weight, reduction):
    """PyTorch's binary_cross_entropy_double_backward_grad_output (eps = 1e-12)."""
    eps = 1e-12
    ggO = (self - target) / (add_scalar(self, eps) * add_scalar(_one_minus(self), eps))
    ggO = _weighted(ggO * grad, weight)
    return ggO if reduction == 0 else _bce_mean(ggO.sum(), self.numel(), reduction)


def _bce_double_backward_target(grad, grad_output, self, target, weight, reduction):
    """PyTorch's binary_cross_entropy_double_backward_target: -grad grad_output w / x (1 - x),
    the denominator clamped at 1e-12 without recording (PyTorch's clamp_min_ under no_grad)."""
    denom = _one_minus(self) * self
    np.maximum(denom._data, 1e-12, out=denom._data)
    return _bce_mean(_weighted(-grad * grad_output, weight) / denom, target.numel(), reduction)


def _bce_target_backward(grad, self, target, weight, reduction):
    """PyTorch's binary_cross_entropy_target_backward: -logit(x) * grad * w, / n for the mean."""
    return _bce_mean(_weighted(-logit(self) * grad, weight), target.numel(), reduction)


def _logit_backward(grad, self, eps=None):
    """grad / (x (1 - x)), nan outside [0, 1] (PyTorch's infinitely_differentiable_logit_backward);
    with eps, 0 where the forward clamped x into [eps, 1 - eps]."""
    if eps is not None:
        return where((self >= eps) & (self <= 1.0 - eps), grad / (self * _one_minus(self)), 0.0)
    nan = Tensor._make(np.array(math.nan, self._data.dtype))
    return where((self < 0.0) | (self > 1.0), nan, grad / (self * _one_minus(self)))


def _logit(self, eps=None):
    """log(x / (1 - x)); with eps (>= 0), x clamped into [eps, 1 - eps] first, in x's dtype."""
    if eps is not None and eps >= 0:
        lo = self.dtype.type(eps)
        hi = self.dtype.type(1) - lo
        self = np.where(self < lo, lo, np.where(self > hi, hi, self))
    return _rounded(np.log, self / (1 - self))  # (the ratio in x's dtype, as PyTorch)


def _log_sigmoid(x):
    """log(sigmoid(x)) = min(x, 0) - log1p(exp(-|x|)): no overflow for large |x|."""
    return np.minimum(x, 0) - _rounded(np.log1p, _rounded(np.exp, -np.abs(x)))


def _bce_with_logits(self, target, weight, pos_weight, reduction):
    """(1 - t) x - (1 + (p - 1) t) log sigmoid(x), times w: PyTorch's stable form of
    -w (p t log sigmoid(x) + (1 - t) log(1 - sigmoid(x))); pos_weight p > 1 favours recall."""
    log_sig = _log_sigmoid(self)
    if pos_weight is not None:
        log_sig = log_sig * ((pos_weight.astype(self.dtype) - 1) * target + 1)
    loss = (1 - target) * self - log_sig
    loss = _by_reduction(loss if weight is None else loss * weight.astype(self.dtype), reduction)
    # (PyTorch computes it as (1 - target).mul_(self)...: laid out as target is)
    return _copy_preserving(loss, like=target) if loss.shape == target.shape else loss


def _bce_with_logits_backward(grad, self, target, weight, pos_weight, reduction):
    """PyTorch's binary_cross_entropy_with_logits_backward: (sigmoid(x) - t) * grad * w, / n;
    with pos_weight p, ((p t + 1 - t) sigmoid(x) - p t) * grad * w."""
    if pos_weight is None:
        g = self.sigmoid() - target
    else:
        t = pos_weight * target
        g = (add_scalar(t, 1) - target) * self.sigmoid() - t
    return _bce_mean(_weighted(g * grad, weight), self.numel(), reduction)


def _bce_with_logits_target_backward(grad, self, target, weight, pos_weight, reduction):
    """-x * grad * w, / n for the mean; with pos_weight p, (log sigmoid(-x) - p log sigmoid(x))
    * grad * w."""
    if pos_weight is None:
        g = -self * grad
    else:
        g = (log_sigmoid(-self)[0] - log_sigmoid(self)[0] * pos_weight) * grad
    return _bce_mean(_weighted(g, weight), target.numel(), reduction)


def _log_sigmoid_backward(grad_output, self, buffer):
    """grad * sigmoid(-x), from the forward's buffer z = exp(-|x|): 1 - z / (1 + z) for x < 0,
    z / (1 + z) above (PyTorch's CPU kernel; no overflow for large |x|)."""
    s = buffer / (1 + buffer)
    return np.where(self < 0, 1 - s, s) * grad_output


def _log_sigmoid_double_backward(grad, self):
    """d/dx sigmoid(-x) = (sigmoid(x) - 1) sigmoid(x)."""
    z = self.sigmoid()
    return grad * sub_scalar(z, 1) * z


# ------------------------------------------------------------------------------------------------
#            node name                 forward (NumPy)                                    derivatives
# ------------------------------------------------------------------------------------------------
add = Op("AddBackward0",               lambda self, other, alpha=1: self + other if alpha == 1
                                           else _add_scaled(self, other, alpha),
         self=lambda grad: grad,
         other=lambda grad, alpha: grad if alpha == 1 else mul_scalar(grad, alpha),
         result=(lambda self_t: self_t, lambda other_t, alpha: _maybe_multiply(other_t, alpha)))
sub = Op("SubBackward0",               lambda self, other, alpha=1: self - other if alpha == 1
                                           else _add_scaled(self, other, -alpha),
         self=lambda grad: grad,
         other=lambda grad, alpha: -grad if alpha == 1 else mul_scalar(-grad, alpha),
         result=(lambda self_t: self_t, lambda other_t, alpha: -_maybe_multiply(other_t, alpha)))
sub_scalar = Op("SubBackward1",        lambda self, other: self - other,          # inside formulas
                promote=("self", "other"),
                self=lambda grad: grad,
                result="auto_element_wise")
rsub = Op("RsubBackward1",             lambda self, other, alpha=1: other - self if alpha == 1
                                           else _add_scaled(other, self, -alpha),  # 2 - x
          promote=("self", "other"),
          self=lambda grad, alpha: -grad if alpha == 1 else mul_scalar(-grad, alpha),
          result="auto_element_wise")
rsub_tensor = Op("RsubBackward0",      lambda self, other, alpha=1: other - self if alpha == 1
                                           else _add_scaled(other, self, -alpha),  # rsub(x, y)
                 self=lambda grad, alpha: -grad if alpha == 1 else mul_scalar(-grad, alpha),
                 other=lambda grad: grad,
                 result=(lambda self_t, alpha: -_maybe_multiply(self_t, alpha), lambda other_t: other_t))
mul = Op("MulBackward0",               lambda self, other: self * other,
         self=lambda grad, other: grad * other,
         other=lambda grad, self: grad * self,
         result=(lambda other_t, self: other_t * self, lambda self_t, other: self_t * other))
mul_scalar = Op("MulBackward1",        lambda self, other: self * other,          # inside formulas
                promote=("self", "other"),
                self=lambda grad, other: mul_scalar(grad, other),
                result=lambda self_t, other: mul_scalar(self_t, other))
div = Op("DivBackward0",               lambda self, other: self / other, floating=True,
         self=lambda grad, other: grad / other,
         other=lambda grad, self, other: -grad * ((self / other) / other),
         result=lambda self_t, other_t, other, result:  # (self_t - other_t * result) / other
             _fw(div, _fw_sum(self_t, _fw(neg, _fw(mul, other_t, result))), other))
div_scalar = Op("DivBackward1",        lambda self, other: self / other, floating=True,
                promote=("self", "other"),                                  # inside formulas
                self=lambda grad, other: div_scalar(grad, other),
                result=lambda self_t, other: div_scalar(self_t, other))
reciprocal = Op("ReciprocalBackward0", lambda self: 1 / self, floating=True,
                self=lambda grad, result: -grad * (result * result),
                result="auto_element_wise")
neg = Op("NegBackward0",               lambda self: -self,
         self=lambda grad: -grad,
         result="auto_element_wise")
pow_scalar = Op("PowBackward0",        lambda self, exponent: _rounded(np.power, self, exponent),
                promote=("self", "exponent"),
                self=lambda grad, self, exponent:  # (PyTorch's pow_backward: as a double)
                    zeros_like(grad) if exponent == 0
                    else grad * mul_scalar(self ** (float(exponent) - 1), float(exponent)),
                result="auto_element_wise")
pow_tensor = Op("PowBackward1",        lambda self, exponent: _power(self, exponent),
                self=lambda grad, self, exponent:
                    where(exponent == 0, 0.0, grad * (exponent * self ** sub_scalar(exponent, 1))),
                exponent=lambda grad, self, exponent, result:
                    grad * where((self == 0) & (exponent >= 0), 0.0, result * self.log()),
                result="auto_element_wise")
rpow = Op("PowBackward2",              lambda self, exponent: _power(self, exponent),
          promote=("self", "exponent"),
          exponent=lambda grad, self, exponent, result:
              grad * where(exponent >= 0, 0.0, mul_scalar(result, -math.inf)) if self == 0
              else grad * mul_scalar(result, math.log(self)),
          result="auto_element_wise")
rpow.contiguous = True  # (pow(Scalar, Tensor) allocates a new row-major result, then redispatches)
exp = Op("ExpBackward0",               lambda self: _rounded(np.exp, self), floating=True,
         self=lambda grad, result: grad * result,
         result="auto_element_wise")
log = Op("LogBackward0",               lambda self: _rounded(np.log, self), floating=True,
         self=lambda grad, self: grad / self,
         result="auto_element_wise")
sqrt = Op("SqrtBackward0",             lambda self: np.sqrt(self), floating=True,
          self=lambda grad, result: grad / mul_scalar(result, 2),
          result="auto_element_wise")
abs = Op("AbsBackward0",               lambda self: np.abs(self),
         self=lambda grad, self: grad * self.sgn(),
         result=lambda self_t, self: self_t * self.sgn())
sgn = Op("SgnBackward0",               lambda self: _sign(self),  # (sgn_backward of real numbers:
         self=lambda grad, self, result: _zeros((grad.shape, grad._data.dtype)),  # new zeros)
         result=lambda self_t: _zeros((self_t.shape, self_t._data.dtype)))
sign = Op("SignBackward0",             lambda self: _sign(self),    # sgn's twin for real numbers
          self=lambda grad: zeros_like(grad),
          result="auto_element_wise")
sigmoid = Op("SigmoidBackward0",       lambda self: 1 / (1 + _rounded(np.exp, -self)), floating=True,
             self=lambda grad, result: sigmoid_backward(grad, result),
             result="auto_element_wise")
tanh = Op("TanhBackward0",             lambda self: _rounded(np.tanh, self), floating=True,
          self=lambda grad, result: tanh_backward(grad, result),
          result="auto_element_wise")
relu = Op("ReluBackward0",             lambda self: np.maximum(self, 0),
          self=lambda grad, result: threshold_backward(grad, result, 0),
          result="auto_element_wise")
sin = Op("SinBackward0",               lambda self: _rounded(np.sin, self), floating=True,
         self=lambda grad, self: grad * self.cos(),
         result="auto_element_wise")
cos = Op("CosBackward0",               lambda self: _rounded(np.cos, self), floating=True,
         self=lambda grad, self: grad * -self.sin(),
         result="auto_element_wise")
# --- part trig: more elementwise math (tan ... tril/triu), each row as derivatives.yaml has it ---
tan = Op("TanBackward0",               lambda self: _rounded(np.tan, self), floating=True,
         self=lambda grad, result: grad * add_scalar(pow_scalar(result, 2), 1),
         result="auto_element_wise")
sinh = Op("SinhBackward0",             lambda self: _rounded(np.sinh, self), floating=True,
          self=lambda grad, self: grad * self.cosh(),
          result="auto_element_wise")
cosh = Op("CoshBackward0",             lambda self: _rounded(np.cosh, self), floating=True,
          self=lambda grad, self: grad * self.sinh(),
          result="auto_element_wise")
asin = Op("AsinBackward0",             lambda self: _rounded(np.arcsin, self), floating=True,
          self=lambda grad, self: grad * add_scalar(-self * self, 1).rsqrt(),
          result="auto_element_wise")
acos = Op("AcosBackward0",             lambda self: _rounded(np.arccos, self), floating=True,
          self=lambda grad, self: grad * -add_scalar(-self * self, 1).rsqrt(),
          result="auto_element_wise")
atan = Op("AtanBackward0",             lambda self: _rounded(np.arctan, self), floating=True,
          self=lambda grad, self: grad / add_scalar(self * self, 1),
          result="auto_element_wise")
asinh = Op("AsinhBackward0",           lambda self: _rounded(np.arcsinh, self), floating=True,
           self=lambda grad, self: grad * add_scalar(pow_scalar(self, 2), 1).rsqrt(),
           result="auto_element_wise")
acosh = Op("AcoshBackward0",           lambda self: _rounded(np.arccosh, self), floating=True,
           self=lambda grad, self: grad * sub_scalar(self * self, 1).rsqrt(),
           result="auto_element_wise")
atanh = Op("AtanhBackward0",           lambda self: _rounded(np.arctanh, self), floating=True,
           self=lambda grad, self: mul_scalar(grad, 1) / _one_minus(pow_scalar(self, 2)),
           result="auto_element_wise")
erf = Op("ErfBackward0",               lambda self: _rounded(_erf, self), floating=True,
         self=lambda grad, self: mul_scalar(exp(-pow_scalar(self, 2)), 2 / math.sqrt(math.pi)) * grad,
         result="auto_element_wise")
erfc = Op("ErfcBackward0",             lambda self: _rounded(_erfc, self), floating=True,
          self=lambda grad, self: mul_scalar(exp(-pow_scalar(self, 2)), -2 / math.sqrt(math.pi)) * grad,
          result="auto_element_wise")
erfinv = Op("ErfinvBackward0",         lambda self: _rounded(_erfinv, self), floating=True,
            self=lambda grad, self: mul_scalar(exp(pow_scalar(erfinv(self), 2)),
                                               0.5 * math.sqrt(math.pi)) * grad,
            result="auto_element_wise")
log2 = Op("Log2Backward0",             lambda self: _rounded(np.log2, self), floating=True,
          self=lambda grad, self: grad / mul_scalar(self, 0.6931471805599453),
          result="auto_element_wise")
log10 = Op("Log10Backward0",           lambda self: _rounded(np.log10, self), floating=True,
           self=lambda grad, self: grad / mul_scalar(self, 2.3025850929940456),
           result="auto_element_wise")
exp2 = Op("Exp2Backward0",             lambda self: _rounded(np.exp2, self), floating=True,
          self=lambda grad, result: mul_scalar(grad * result, math.log(2)),
          result="auto_element_wise")
deg2rad = Op("Deg2RadBackward0",       lambda self: self * self.dtype.type(math.pi / 180), floating=True,
             self=lambda grad: mul_scalar(grad, math.pi / 180),
             result="auto_element_wise")
rad2deg = Op("Rad2DegBackward0",       lambda self: self * self.dtype.type(180 / math.pi), floating=True,
             self=lambda grad: mul_scalar(grad, 180 / math.pi),
             result="auto_element_wise")
nan_to_num = Op("NanToNumBackward0",   lambda self, nan=None, posinf=None, neginf=None: np.nan_to_num(
                                           self, nan=nan or 0.0, posinf=posinf, neginf=neginf),
                self=lambda grad, self: grad * self.isfinite(),
                result="auto_element_wise")
atan2 = Op("Atan2Backward0",           lambda self, other: _rounded(np.arctan2, self, other), floating=True,
           self=lambda grad, self, other: grad * other * _atan2_recip(self, other),
           other=lambda grad, self, other: grad * -self * _atan2_recip(self, other),
           result=lambda self_t, other_t, self, other: _fw_sum(
               _fw(mul, other_t, -self), _fw(mul, self_t, other)) / (self.pow(2) + other.pow(2)))
xlogy = Op("XlogyBackward0",           lambda self, other: _xlogy(self, other), floating=True,
           self=lambda grad, self, other: masked_fill_scalar(
               xlogy(grad, other), (self == 0.0) & (other <= 0.0), 0.0),
           other=lambda grad, self, other: grad * self / other,
           result=lambda self_t, other_t, self, other: _fw_sum(  # (PyTorch's xlogy of a zero
               masked_fill_scalar(xlogy(_materialized(self_t, self), other),  # tangent: zeros)
                                  (self == 0.0) & (other <= 0.0), 0.0),
               _fw(lambda t: t * self / other, other_t)))
xlogy_scalar_self = Op("XlogyBackward1", lambda self, other: _xlogy(self, other), floating=True,
                       promote=("self", "other"),                                   # xlogy(2, y)
                       other=lambda grad, self, other: mul_scalar(grad, self) / other,
                       result="auto_element_wise")
xlogy_scalar_other = Op("XlogyBackward2", lambda self, other: _xlogy(self, other), floating=True,
                        promote=("self", "other"),                                  # xlogy(x, 2)
                        self=lambda grad, self, other: xlogy_scalar_other(grad, other) if other > 0
                            else masked_fill_scalar(xlogy_scalar_other(grad, other), self == 0.0, 0.0),
                        result="auto_element_wise")
hypot = Op("HypotBackward0",           lambda self, other: _rounded(np.hypot, self, other),
           self=lambda grad, self, result: grad * self / result,
           other=lambda grad, other, result: grad * other / result,
           result=(lambda self_t, self, result: self_t * self / result,
                          lambda other_t, other, result: other_t * other / result))
logaddexp = Op("LogaddexpBackward0",   _logaddexp,
               self=lambda grad, self, other: grad / add_scalar(exp(other - self), 1),
               other=lambda grad, self, other: grad / add_scalar(exp(self - other), 1),
               result=(lambda self_t, self, other: self_t / add_scalar(exp(other - self), 1),
                              lambda other_t, self, other: other_t / add_scalar(exp(self - other), 1)))
lerp_scalar = Op("LerpBackward0",      lambda self, end, weight: _lerp(self, end, self.dtype.type(weight)),
                 promote=False,
                 self=lambda grad, weight: mul_scalar(grad, 1 - weight),
                 end=lambda grad, weight: mul_scalar(grad, weight),
                 result="auto_linear")
lerp = Op("LerpBackward1",             lambda self, end, weight: _lerp(self, end, weight), promote=False,
          self=lambda grad, weight: grad * _one_minus(weight),
          end=lambda grad, weight: grad * weight,
          weight=lambda grad, self, end: grad * (end - self),
          result=lambda self_t, end_t, weight_t, self, end, weight: _fw_sum(
              lerp(_materialized(self_t, self), _materialized(end_t, end), weight),
              _fw(mul, weight_t, end - self)))
tril = Op("TrilBackward0",             lambda self, diagonal=0: np.tril(self, diagonal),
          self=lambda grad, diagonal: tril(grad, diagonal),
          result="auto_linear")
triu = Op("TriuBackward0",             lambda self, diagonal=0: np.triu(self, diagonal),
          self=lambda grad, diagonal: triu(grad, diagonal),
          result="auto_linear")
tril.contiguous = triu.contiguous = True  # (new row-major tensors in PyTorch, batched too)
# --- end of part trig ---
# --- part elem2: addcmul/addcdiv, in-place comparisons, copysign ... heaviside ---
addcmul = Op("AddcmulBackward0",       lambda self, tensor1, tensor2, value=1: _addcmul(
                                           self, self.dtype.type(value) * tensor1, tensor2),
             self=lambda grad: grad,
             tensor1=lambda grad, tensor2, value: grad * mul_scalar(tensor2, value),
             tensor2=lambda grad, tensor1, value: grad * mul_scalar(tensor1, value),
             result=(lambda self_t: self_t,
                     lambda tensor1_t, tensor2, value: _maybe_multiply(tensor1_t * tensor2, value),
                     lambda tensor2_t, tensor1, value: _maybe_multiply(tensor2_t * tensor1, value)))
addcdiv = Op("AddcdivBackward0",       lambda self, tensor1, tensor2, value=1:
                                           self + self.dtype.type(value) * tensor1 / tensor2,
             self=lambda grad: grad,
             tensor1=lambda grad, tensor2, value: grad * div(value, tensor2),
             tensor2=lambda grad, tensor1, tensor2, value:
                 -grad * div(mul_scalar(tensor1, value), tensor2 * tensor2),
             result=_addcdiv_jvp)

eq_, eq_tensor_ = _comparison_rows("Eq", np.equal)
ne_, ne_tensor_ = _comparison_rows("Ne", np.not_equal)
lt_, lt_tensor_ = _comparison_rows("Lt", np.less)
le_, le_tensor_ = _comparison_rows("Le", np.less_equal)
gt_, gt_tensor_ = _comparison_rows("Gt", np.greater)
ge_, ge_tensor_ = _comparison_rows("Ge", np.greater_equal)
nextafter = Op("NextafterBackward0",    lambda self, other: np.nextafter(self, other),
               self=lambda grad, self, other: where(Tensor._make(self._data != other._data), grad,
                                                    Tensor._make(np.zeros((), grad._data.dtype))),
               other=lambda grad, other: zeros_like(other),
               result=lambda self_t, self, other: where(self != other, self_t, 0.0))
angle = Op("AngleBackward0",           lambda self: np.where(np.isnan(self), self,
                                                             np.where(self < 0, np.pi, 0.0)),
           floating=True,
           self=lambda grad, self: zeros_like(self),  # (a real tensor's angle is piecewise constant)
           result=lambda self: zeros_like(self))
copysign = Op("CopysignBackward0",     lambda self, other: np.copysign(self, other), floating=True,
              self=lambda grad, self, result: grad * _copysign_ratio(self, result),
              other=lambda grad: zeros_like(grad),
              result=lambda self_t, self, result: self_t * _copysign_ratio(self, result))
copysign_scalar = Op("CopysignBackward1", lambda self, other: np.copysign(self, other),
                     floating=True, promote=("self", "other"),
                     self=lambda grad, self, result: grad * _copysign_ratio(self, result),
                     result="auto_element_wise")
fmax = Op("FmaxBackward0",             lambda self, other: np.fmax(self, other),   # nan loses
          self=lambda grad, self, other: masked_fill_scalar(
              grad, (self >= other).logical_or_(other.isnan()).logical_not_(), 0),
          other=lambda grad, self, other: masked_fill_scalar(
              grad, (self >= other).logical_or_(other.isnan()), 0),
          result=lambda self_t, other_t, self, other:
                     _maximum_jvp(self_t, other_t, (self > other) | other.isnan()))
fmin = Op("FminBackward0",             lambda self, other: np.fmin(self, other),
          self=lambda grad, self, other: masked_fill_scalar(
              grad, (self <= other).logical_or_(other.isnan()).logical_not_(), 0),
          other=lambda grad, self, other: masked_fill_scalar(
              grad, (self <= other).logical_or_(other.isnan()), 0),
          result=lambda self_t, other_t, self, other:
                     _maximum_jvp(self_t, other_t, (self <= other) | other.isnan()))
logaddexp2 = Op("Logaddexp2Backward0", _logaddexp2,
                self=lambda grad, self, other: grad / add_scalar(rpow(2, other - self), 1),
                other=lambda grad, self, other: grad / add_scalar(rpow(2, self - other), 1),
                result=(lambda self_t, self, other: self_t / add_scalar(rpow(2, other - self), 1),
                               lambda other_t, self, other: other_t / add_scalar(rpow(2, self - other), 1)))
sinc = Op("SincBackward0",             _sinc, floating=True,
          self=lambda grad, self: _sinc_backward(grad, self),
          result="auto_element_wise")
ldexp = Op("LdexpBackward0",           lambda self, other: self * _rounded(np.exp2, other),
           floating=True,
           self=lambda grad, other: grad * rpow(2, other),
           other=lambda grad, result: mul_scalar(grad * result, math.log(2)),
           result=(lambda self_t, other: self_t * rpow(2, other),
                          lambda other_t, result: mul_scalar(other_t * result, math.log(2))))
frexp = Op("FrexpBackward0",           lambda self: _frexp(self), extra=("exponent",),
           self=lambda grad, exponent: grad / exponent.exp2(),
           result=lambda self_t, exponent: self_t / exponent.exp2())
heaviside = Op("minigrad::autograd::NotImplemented", lambda self, values:
                                           np.where(self == 0, values, self > 0).astype(self.dtype),
               self=_not_implemented("heaviside"), values=_not_implemented("heaviside"))
# --- end of part elem2 ---
# --- part special: lgamma, digamma, polygamma, mvlgamma and torch.special's own functions -------
# The gamma family ports PyTorch's CPU kernels (aten/src/ATen/native/Math.h, from Cephes) step by
# step in the tensor's dtype, so float32 gives PyTorch's bits, not those of a better float64 value.
def _lgamma_scalar(v):
    """log|Gamma(v)|: math.lgamma, inf at the poles 0, -1, -2, ... (where math raises)."""
    return math.inf if v <= 0 and float(v).is_integer() else math.lgamma(v)


_lgamma = np.vectorize(_lgamma_scalar, otypes=[np.float64])


def _polevl(x, coefficients):
    """The polynomial with these coefficients (highest power first), by Horner's rule."""
    out = np.zeros_like(x)
    for c in coefficients:
        out = out * x + c
    return out


_PSI_A = (8.33333333333333333333E-2, -2.10927960927960927961E-2, 7.57575757575757575758E-3,
          -4.16666666666666666667E-3, 3.96825396825396825397E-3, -8.33333333333333333333E-3,
          8.33333333333333333333E-2)


def _digamma(x):
    """PyTorch's calc_digamma: reflect negatives (psi(x) = psi(1 - x) - pi / tan(pi x), with the
    fraction of x, in double), step up to x >= 10 (psi(x) = psi(x + 1) - 1 / x), then the
    asymptotic series log x - 1 / 2x - sum of B_2k / 2k x^2k. +-inf at +-0, nan at -1, -2, ..."""
    t = x.dtype.type
    with np.errstate(all="ignore"):
        x0, neg, pole = x, x < 0, (x < 0) & (x == np.trunc(x))
        reflection = (math.pi / np.tan(math.pi * np.fmod(x, 1).astype(np.float64))).astype(x.dtype)
        x = np.where(neg, t(1) - x, x)
        result = np.zeros_like(x)
        for _ in range(10):
            small = x < 10
            result = np.where(small, result - t(1) / x, result)
            x = np.where(small, x + t(1), x)
        z = t(1) / (x * x)
        y = np.where(x < t(1e17), z * _polevl(z, [t(a) for a in _PSI_A]), t(0))
        out = np.where(x == 10, result + t(2.25175258906672110764),
                       result + _rounded(np.log, x) - t(0.5) / x - y)
        out = np.where(pole, np.nan, np.where(neg, out - reflection, out))
        return np.where(x0 == 0, np.copysign(t(np.inf), -x0), out)


def _trigamma(x):
    """PyTorch's trigamma: reflect below 1/2 (pi^2 / sin^2(pi x)), six steps up
    (psi'(x) = psi'(x + 1) + 1 / x^2), then the asymptotic series."""
    t = x.dtype.type
    with np.errstate(all="ignore"):
        low = x < t(0.5)
        sin_pi_x = _rounded(np.sin, t(math.pi) * x)
        result = np.where(low, -(t(math.pi) * t(math.pi)) / (sin_pi_x * sin_pi_x), t(0))
        x = np.where(low, t(1) - x, x)
        for _ in range(6):
            result = result + t(1) / (x * x)
            x = x + t(1)
        ixx = t(1) / (x * x)
        result = result + (t(1) + t(1) / (t(2) * x) + ixx * (t(1 / 6) - ixx * (
            t(1 / 30) - ixx * t(1 / 42)))) / x
        return np.where(low, -result, result)


_ZETA_A = (12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9, 7.47242496e10,
           -2.950130727918164224e12, 1.1646782814350067249e14, -4.5979787224074726105e15,
           1.8152105401943546773e17, -7.1661652561756670113e18)


def _zeta(x, q):
    """Hurwitz zeta, the sum over k >= 0 of (q + k)^-x, as PyTorch's CPU kernel (Cephes) in
    double (but its first term q^-x in the dtype): terms q + 1, q + 2, ... added one by one (cumsum keeps that order) until one no longer
    counts, or nine at least and past 9; then the Euler-Maclaurin tail. inf at x = 1 and at the
    poles q = 0, -1, ...; nan for x < 1, and for q < 0 unless x is an integer."""
    dt = np.result_type(x, q)
    tensors = [a for a in (x, q) if np.ndim(a)]
    x, q = np.broadcast_arrays(np.asarray(x, dt), np.asarray(q, dt))
    with np.errstate(all="ignore"):
        first = _rounded(np.power, q, -x).astype(np.float64).ravel()  # (std::pow in the dtype)
    x, q = x.astype(np.float64), q.astype(np.float64)
    shape, x, q, eps = x.shape, x.ravel(), q.ravel(), 1.11022302462515654042E-16
    with np.errstate(all="ignore"):
        s, a, b = first, q.copy(), np.zeros_like(q)
        converged = np.zeros(q.shape, bool)
        todo = np.flatnonzero((x > 1) & ((q > 0) | (q < 0) & (q != np.floor(q)) & (x == np.floor(x))))
        done_steps, width = 0, 16
        while todo.size:  # the direct sum, `width` terms at a time (doubling: few NumPy calls)
            steps = np.cumsum(np.hstack([a[todo, None], np.ones((todo.size, width))]), 1)[:, 1:]
            terms = steps ** -x[todo, None]
            sums = np.cumsum(np.hstack([s[todo, None], terms]), 1)[:, 1:]
            k = done_steps + 1 + np.arange(width)
            small = (-eps * sums < terms) & (terms < eps * sums)
            stop = small | (k >= 9) & (steps > 9)
            last = np.where(stop.any(1), stop.argmax(1), width - 1)
            rows = np.arange(todo.size)
            a[todo], b[todo], s[todo] = steps[rows, last], terms[rows, last], sums[rows, last]
            converged[todo] = small[rows, last]
            todo, done_steps, width = todo[~stop.any(1)], done_steps + width, width * 2
        w, k, c = a, np.zeros_like(a), np.ones_like(a)
        tail, done = s + b * w / (x - 1) - 0.5 * b, converged.copy()
        for A in _ZETA_A:  # Euler-Maclaurin: Bernoulli-number terms until one no longer counts
            c, b = c * (x + k), b / w
            term = c * b / A
            tail = np.where(done, tail, tail + term)
            done |= np.abs(term / tail) < eps
            k = k + 1
            c, b, k = c * (x + k), b / w, k + 1
        out = np.where(converged, s, tail)
        out = np.where((q <= 0) & (x != np.floor(x)), np.nan, out)
        out = np.where((q <= 0) & (q == np.floor(q)), np.inf, out)
        out = np.where(x < 1, np.nan, np.where(x == 1, np.inf, out))
    if len(tensors) != 1:  # (two tensors: the op lays the result out by both)
        return out.reshape(shape).astype(dt)
    laid = np.empty_like(tensors[0], dt)  # a tensor and a number: laid out as the tensor, as
    laid[...] = out.reshape(shape)        # PyTorch's iterator lays it (zeta(2, x.t()))
    return laid


def _polygamma(self, n):
    """The n-th derivative of digamma: PyTorch's kernels for n = 0 and 1; above,
    (-1)^(n+1) n! zeta(n + 1, x), n! as exp(lgamma(n + 1)) in the dtype (lgamma(n + 1) is
    log(n!) rounded, as C's lgamma gives it)."""
    if n <= 1:
        return _digamma(self) if n == 0 else _trigamma(self)
    t = self.dtype.type
    factorial = t(math.exp(t(math.log(math.factorial(n)))))  # exp and log rounded to the dtype
    return t(1 if n % 2 else -1) * factorial * _zeta(t(n + 1), self)


def _mvlgamma(self, p):
    """log of the multivariate gamma function: sum of lgamma(x - j/2), j < p, + p(p-1)/4 log pi
    (PyTorch's: lgamma of x + [-(p-1)/2, ..., 0] summed over that new last dim)."""
    args = np.arange(-p * 0.5 + 0.5, 0.5, 0.5).astype(self.dtype) + self[..., None]
    return _rounded(_lgamma, args).sum(-1) + self.dtype.type(p * (p - 1) * math.log(math.pi) * 0.25)


def _mvlgamma_backward(grad, self, p):
    """PyTorch's mvlgamma_backward: grad * the sum of digamma(x - j/2), j < p."""
    args = Tensor._make(np.arange(-p / 2 + 0.5, 0.5, 0.5).astype(self._data.dtype))
    return grad * digamma(add(args, self.unsqueeze(-1))).sum(-1)


def _entr(self):
    """-x log x for x > 0, 0 at 0, -inf below (no entropy there), nan for nan."""
    with np.errstate(all="ignore"):
        out = np.where(self > 0, -self * _rounded(np.log, self), np.where(self == 0, 0, -np.inf))
    return np.where(np.isnan(self), self, out).astype(self.dtype)


def _xlog1py(self, other):
    """x * log1p(y), 0 where x == 0, nan where y is nan; in the result's dtype."""
    dt = np.result_type(self, other)
    x, y = np.asarray(self, dt), np.asarray(other, dt)
    with np.errstate(all="ignore"):
        return np.where(np.isnan(y), y, np.where(x == 0, 0, x * _rounded(np.log1p, y)))


def _erfcx64(x):
    """exp(x^2) erfc(x) in float64: directly up to 5; above, Laplace's continued fraction
    1 / (sqrt(pi) (x + 1/2 / (x + 1 / (x + 3/2 / (x + ...))))), which needs no exp(x^2)."""
    with np.errstate(all="ignore"):
        a = np.abs(x)
        fraction = a.copy()
        for k in range(60, 0, -1):
            fraction = a + (k / 2) / fraction
        big = 1 / (math.sqrt(math.pi) * fraction)
        positive = np.where(a > 5, big, np.exp(a * a) * _erfc(a))
        return np.where(x < 0, 2 * np.exp(x * x) - positive, positive)  # erfc(-x) = 2 - erfc(x)


def _log_ndtr64(x):
    """log of the normal CDF as PyTorch's calc_log_ndtr: through erfcx below -1 (no underflow)."""
    t = x * math.sqrt(0.5)
    with np.errstate(all="ignore"):
        return np.where(x < -1, np.log(_erfcx64(-t) / 2) - t * t, np.log1p(-_erfc(t) / 2))


def _ndtri64(y):
    """The z with ndtr(z) = y: a start from erfinv (from the tail asymptote far out), then Newton
    steps on log ndtr, accurate in both tails (z < 0 for the lower half; the upper by symmetry)."""
    with np.errstate(all="ignore"):
        p = np.minimum(y, 1 - y)                     # exact for y >= 1/2
        log_p = np.log(p)
        tail = -np.sqrt(np.maximum(-2 * log_p - np.log(-2 * log_p) - math.log(2 * math.pi), 0))
        z = np.where(p > 1e-3, math.sqrt(2) * _erfinv(2 * p - 1), tail)
        for _ in range(6):
            log_cdf = _log_ndtr64(z)
            slope = np.exp(-z * z / 2 - log_cdf) / math.sqrt(2 * math.pi)   # d log ndtr / dz
            z = np.where(np.isfinite(z), z - (log_cdf - log_p) / slope, z)
        z = np.where(p == 0, -np.inf, np.where(p == 0.5, 0, z))
        z = np.where((y < 0) | (y > 1) | np.isnan(y), np.nan, z)
        return np.where(y > 0.5, -z, z)


def _not_derived(op_name):
    """derivatives.yaml's not_implemented(op_name): the node has its own name, backward fails."""
    def formula(grad):
        raise NotImplementedError(f"the derivative for '{op_name}' is not implemented.")
    return formula


lgamma = Op("LgammaBackward0",         lambda self: _rounded(_lgamma, self), floating=True,
            self=lambda grad, self: grad * digamma(self),
            result="auto_element_wise")
digamma = Op("DigammaBackward0",       lambda self: _digamma(self), floating=True,
             self=lambda grad, self: grad * polygamma(self, 1),
             result="auto_element_wise")
polygamma = Op("PolygammaBackward0",   _polygamma, floating=True,
               self=lambda grad, n, self: grad * polygamma(self, n + 1),
               result="auto_element_wise")
polygamma_ = Op("PolygammaBackward1",   _polygamma, floating=True,  # derivatives.yaml: polygamma_
                self=lambda grad, n, self: grad * polygamma(self, n + 1),
                result="auto_element_wise")  # (self: original_self_p, before the write)
mvlgamma = Op("MvlgammaBackward0",     _mvlgamma, floating=True,
              self=_mvlgamma_backward,
              result="auto_element_wise")
mvlgamma.contiguous = True  # (a sum of lgammas: not elementwise in PyTorch's iterator)
special_entr = Op("SpecialEntrBackward0", _entr, floating=True,
                  self=lambda grad, self: grad * -add_scalar(log(self), 1),
                  result="auto_element_wise")
special_xlog1py = Op("SpecialXlog1PyBackward0", _xlog1py, floating=True,
                     self=lambda grad, self, other: masked_fill_scalar(
                         special_xlog1py(grad, other), (self == 0.0) & (other <= -1.0), 0.0),
                     other=lambda grad, self, other: grad * self / add_scalar(other, 1),
                     result=lambda self_t, other_t, self, other: _fw_sum(
                                masked_fill_scalar(special_xlog1py(_materialized(self_t, self), other),
                                                   (self == 0.0) & (other <= -1.0), 0.0),
                                _fw(lambda t: t * self / add_scalar(other, 1), other_t)))
special_xlog1py_scalar_self = Op("SpecialXlog1PyBackward1", _xlog1py, floating=True,
                                 promote=("self", "other"),                   # xlog1py(2, y)
                                 other=lambda grad, self, other:
                                     mul_scalar(grad, self) / add_scalar(other, 1),
                                 result="auto_element_wise")
special_xlog1py_scalar_other = Op("SpecialXlog1PyBackward2", _xlog1py, floating=True,
                                  promote=("self", "other"),                  # xlog1py(x, 2)
                                  self=lambda grad, self, other:
                                      special_xlog1py_scalar_other(grad, other) if other > -1
                                      else masked_fill_scalar(special_xlog1py_scalar_other(
                                          grad, other), self == 0.0, 0.0),
                                  result="auto_element_wise")
special_zeta = Op("SpecialZetaBackward0", lambda self, other: _zeta(self, other),  # zeta(x, q)
                  floating=True,
                  self=_not_derived("zeta"),
                  other=lambda grad, self, other: grad * -self * special_zeta(add_scalar(self, 1.0),
                                                                              other))
special_zeta_scalar_self = Op("SpecialZetaBackward1", lambda self, other: _zeta(self, other),
                              floating=True, promote=("self", "other"),      # zeta(2, q)
                              other=lambda grad, self, other: mul_scalar(grad, -self) *
                                  special_zeta_scalar_self(float(self) + 1.0, other))
special_zeta_scalar_other = Op("SpecialZetaBackward2", lambda self, other: _zeta(self, other),
                               floating=True, promote=("self", "other"),     # zeta(x, 2)
                               self=_not_derived("zeta"))
special_erfcx = Op("SpecialErfcxBackward0", lambda self: _rounded(_erfcx64, self), floating=True,
                   self=lambda grad, self, result: sub_scalar(mul_scalar(self, 2.0) * result,
                                                              2.0 / math.sqrt(math.pi)) * grad,
                   result="auto_element_wise")
special_ndtri = Op("SpecialNdtriBackward0", lambda self: _rounded(_ndtri64, self), floating=True,
                   self=lambda grad, result: mul_scalar(grad, math.sqrt(2 * math.pi)) *
                       exp(div_scalar(pow_scalar(result, 2), 2)),
                   result="auto_element_wise")
special_log_ndtr = Op("SpecialLogNdtrBackward0", lambda self: _rounded(_log_ndtr64, self),
                      floating=True,
                      self=lambda grad, self, result: div_scalar(grad, math.sqrt(2 * math.pi)) *
                          exp(-(result + div_scalar(pow_scalar(self, 2), 2))),
                      result="auto_element_wise")
# --- end of part special ---
# --- part bessel: the modified Bessel functions I0, I1 (and e^-|x| times them), the regularized
# incomplete gamma functions; forwards in _math.py (Math.h's kernels, step by step in the dtype)
def _divided_by_x_backward(grad, self, result, slope):
    """PyTorch's i1_backward and i1e_backward: the slope has a term result / x, nan at x = 0,
    where the derivative is 1/2; x is first moved off 0 (where() would still pass nan back)."""
    eps = float(np.finfo(self._data.dtype).eps)
    not_tiny = self.abs() > eps
    safe_self = where(not_tiny, self, eps)
    return grad * where(not_tiny, slope(safe_self, result), 0.5)


i0 = Op("I0Backward0",                 _math.i0, floating=True,
        self=lambda grad, self: grad * special_i1(self),
        result="auto_element_wise")
special_i0e = Op("SpecialI0EBackward0", _math.i0e, floating=True,
                 self=lambda grad, self, result: grad * (special_i1e(self) - sgn(self) * result),
                 result="auto_element_wise")
special_i1 = Op("SpecialI1Backward0",  _math.i1, floating=True,
                self=lambda grad, self, result: _divided_by_x_backward(
                    grad, self, result, lambda x, result: i0(x) - result * reciprocal(x)),
                result="auto_element_wise")
special_i1e = Op("SpecialI1EBackward0", _math.i1e, floating=True,
                 self=lambda grad, self, result: _divided_by_x_backward(
                     grad, self, result,
                     lambda x, result: special_i0e(x) - result * (sgn(x) + reciprocal(x))),
                 result="auto_element_wise")
# igamma(a, x): the integral of t^(a-1) e^-t over [0, x] / Gamma(a); igammac its complement. In x
# the derivative is the integrand; in a PyTorch has none (not_implemented, as zeta's first input).
igamma = Op("IgammaBackward0",         _math.igamma,
            self=_not_derived("igamma: input"),
            other=lambda grad, self, other: grad * exp(
                sub_scalar(self, 1) * log(other) - other - lgamma(self)))
igammac = Op("IgammacBackward0",       _math.igammac,
             self=_not_derived("igammac: input"),
             other=lambda grad, self, other: -grad * exp(
                 sub_scalar(self, 1) * log(other) - other - lgamma(self)))
# --- end of part bessel ---
# rsqrt: 1 / sqrt in float32 is exactly PyTorch's float32 kernel (rounding float64 is not)
rsqrt = Op("RsqrtBackward0",           lambda self: 1 / np.sqrt(self), floating=True,
           self=lambda grad, result: mul_scalar(grad, -0.5) * result ** 3,
           result="auto_element_wise")
log1p = Op("Log1PBackward0",           lambda self: _rounded(np.log1p, self), floating=True,
           self=lambda grad, self: grad / add_scalar(self, 1),
           result="auto_element_wise")
expm1 = Op("Expm1Backward0",           lambda self: _rounded(np.expm1, self), floating=True,
           self=lambda grad, result: grad * add_scalar(result, 1),
           result="auto_element_wise")
floor = Op("FloorBackward0",           lambda self: _integral(np.floor, self),
           self=lambda grad: zeros_like(grad),
           result="auto_element_wise")
ceil = Op("CeilBackward0",             lambda self: _integral(np.ceil, self),
          self=lambda grad: zeros_like(grad),
          result="auto_element_wise")
round = Op("RoundBackward0",           lambda self: _integral(np.round, self),   # half to even
           self=lambda grad: zeros_like(grad),
           result="auto_element_wise")
round_decimals = Op("RoundBackward1",  _round_decimals,
                    self=lambda grad: zeros_like(grad),
                    result="auto_element_wise")
trunc = Op("TruncBackward0",           lambda self: _integral(np.trunc, self),    # toward zero
           self=lambda grad: zeros_like(grad),
           result="auto_element_wise")
frac = Op("FracBackward0",             lambda self: self - np.trunc(self),        # keeps the sign
          self=lambda grad: grad,
          result=lambda self_t: self_t)
maximum = Op("MaximumBackward0",       lambda self, other: np.maximum(self, other),  # nan wins
             self=lambda grad, self, other: _split_ties(grad, self, other, self < other),
             other=lambda grad, self, other: _split_ties(grad, self, other, self > other),
             result=lambda self_t, other_t, self, other, result:
                 _maximum_jvp(self_t, other_t, where(self == other, 0.5, (self > other).to(result.dtype))))
minimum = Op("MinimumBackward0",       lambda self, other: np.minimum(self, other),
             self=lambda grad, self, other: _split_ties(grad, self, other, self > other),
             other=lambda grad, self, other: _split_ties(grad, self, other, self < other),
             result=lambda self_t, other_t, self, other, result:
                 _maximum_jvp(self_t, other_t, where(self == other, 0.5, (self < other).to(result.dtype))))
# division rounded to integers: the quotient is piecewise constant, the remainder has slope 1 in
# self and -quotient in other (PyTorch records floor_divide, but has no formula for it)
floor_divide = Op("minigrad::autograd::NotImplemented", _floor_divide,
                  self=_not_implemented("floor_divide"), other=_not_implemented("floor_divide"))
floor_divide_scalar = Op("minigrad::autograd::NotImplemented", _floor_divide,
                         promote=("self", "other"), self=_not_implemented("floor_divide"))
floor_divide_ = Op("minigrad::autograd::NotImplemented", _floor_divide,                   # x //= y
                   self=_not_implemented("floor_divide_"), other=_not_implemented("floor_divide_"))
floor_divide_scalar_ = Op("minigrad::autograd::NotImplemented", _floor_divide,
                          promote=("self", "other"), self=_not_implemented("floor_divide_"))
rfloor_divide = Op("minigrad::autograd::NotImplemented", lambda self, other: _floor_divide(other, self),
                   promote=("self", "other"), self=_not_implemented("floor_divide"))   # 2 // x
remainder = Op("RemainderBackward1",   _remainder,
               self=lambda grad: grad,
               other=lambda grad, self, other: -grad * div_rounded(self, other, "floor"),
               result=lambda self_t, other_t, self, other, result:
                          _fw_sub(self_t, _fw(mul, other_t, div_rounded(self, other, "floor")), result))
remainder_scalar = Op("RemainderBackward0", _remainder, promote=("self", "other"),
                      self=lambda grad: grad,
                      result="auto_element_wise")
rremainder = Op("minigrad::autograd::NotImplemented", lambda self, other: _remainder(other, self),
                promote=("self", "other"), self=_not_implemented("remainder"))     # 2 % x
fmod = Op("FmodBackward1",             _fmod,
          self=lambda grad: grad,
          other=lambda grad, self, other: -grad * div_rounded(self, other, "trunc"),
          result=lambda self_t, other_t, self, other, result:
                     _fw_sub(self_t, _fw(mul, other_t, div_rounded(self, other, "trunc")), result))
fmod_scalar = Op("FmodBackward0",      _fmod, promote=("self", "other"),
                 self=lambda grad: grad,
                 result="auto_element_wise")
div_rounded = Op("DivBackward2",       _div_rounded,        # saves what PyTorch's formulas name
                 self=lambda grad, other, rounding_mode: zeros_like(grad),
                 other=lambda grad, self, other, rounding_mode: zeros_like(grad),
                 result=lambda result: zeros_like(result))  # (a step function: new zeros)
add_scalar = Op("AddBackward1",        lambda self, other: self + other,          # inside formulas
                promote=("self", "other"),
                self=lambda grad: grad,
                result=lambda self_t: clone(self_t))
# Backward formulas that are ops of their own in PyTorch, so double backward names them:
sigmoid_backward = Op("SigmoidBackwardBackward0",
                      lambda grad_output, output: grad_output * (1 - output) * output,
                      grad_output=lambda grad, output: sigmoid_backward(grad, output),
                      output=lambda grad, grad_output, output: grad * grad_output * (1 - 2 * output),
                      result=(lambda grad_output_t, output: sigmoid_backward(grad_output_t, output),
                              lambda output_t, grad_output, output:
                                  output_t * grad_output * (-2 * output + 1)))
tanh_backward = Op("TanhBackwardBackward0",
                   lambda grad_output, output: grad_output * (1 - output * output),
                   grad_output=lambda grad, output: tanh_backward(grad, output),
                   output=lambda grad, grad_output, output: -2 * output * grad_output * grad,
                   result=(lambda grad_output_t, output: tanh_backward(grad_output_t, output),
                           lambda output_t, grad_output, output:
                               output_t * (-2 * output * grad_output)))
threshold_backward = Op("ThresholdBackwardBackward0", _threshold_backward,
                        grad_output=lambda grad, self, threshold:
                            threshold_backward(grad, self, threshold),
                        self=lambda grad: zeros_like(grad),
                        result=(lambda grad_output_t, self, threshold:  # (+ zeros for self_t)
                                    threshold_backward(grad_output_t, self, threshold),))
masked_fill = Op("MaskedFillBackward1", lambda self, mask, value: np.where(mask, value, self),
                 self=lambda grad, mask: masked_fill_scalar(grad, mask, 0),
                 value=lambda grad, mask: grad[mask.expand(grad.shape)].sum(),  # a mask broadcasts
                 result="auto_linear")
masked_fill_scalar = Op("MaskedFillBackward0", lambda self, mask, value: np.where(mask, value, self),
                        promote=("self", "value"),
                        self=lambda grad, mask: masked_fill_scalar(grad, mask, 0),
                        result=lambda self_t, mask: masked_fill_scalar(self_t, mask, 0))
clamp = Op("ClampBackward1",           lambda self, min=None, max=None: np.clip(self, min, max),
           promote=("self", "min", "max"),
           self=lambda grad, self, min, max: where(
               (self >= (-math.inf if min is None else min))
               & (self <= (math.inf if max is None else max)), grad, 0.0),
           result="auto_element_wise")
clamp_tensor = Op("ClampBackward0",    lambda self, min=None, max=None: np.clip(self, min, max),
                  promote=("self", "min", "max"),
                  self=lambda grad, self, min, max: where(
                      (self >= min) & (self <= max) if min is not None and max is not None
                      else self >= min if min is not None else self <= max, grad, 0.0),
                  min=lambda grad, self, min, max: where(  # min > max: max wins, min gets none
                      (self < min) & (min < max) if max is not None else self < min, grad, 0.0),
                  max=lambda grad, self, min, max: where(
                      (self > max) | (max < min) if min is not None else self > max, grad, 0.0),
                  result=lambda self_t, min_t, max_t, self, min, max:
                      _clamp_jvp(self, self_t, min, min_t, max, max_t))
clamp_min = Op("ClampMinBackward0",    lambda self, min: np.maximum(self, min), promote=("self", "min"),
               self=lambda grad, self, min: where(self >= min, grad, 0.0),
               result="auto_element_wise")
clamp_max = Op("ClampMaxBackward0",    lambda self, max: np.minimum(self, max), promote=("self", "max"),
               self=lambda grad, self, max: where(self <= max, grad, 0.0),
               result="auto_element_wise")
clamp_min_tensor = Op("ClampMinBackward1", lambda self, min: np.maximum(self, min),
                      self=lambda grad, self, min: where(self >= min, grad, 0.0),
                      min=lambda grad, self, min: where(self < min, grad, 0.0),
                      result=lambda self_t, min_t, self, min:
                          where(self >= min, _materialized(self_t, self), _materialized(min_t, min)))
clamp_max_tensor = Op("ClampMaxBackward1", lambda self, max: np.minimum(self, max),
                      self=lambda grad, self, max: where(self <= max, grad, 0.0),
                      max=lambda grad, self, max: where(self > max, grad, 0.0),
                      result=lambda self_t, max_t, self, max:
                          where(self <= max, _materialized(self_t, self), _materialized(max_t, max)))
where = Op("WhereBackward0",           lambda condition, self, other: np.where(condition, self, other),
           promote=("self", "other"),
           self=lambda grad, condition: where(condition, grad, 0.0),
           other=lambda grad, condition: where(condition, 0.0, grad),
           result=lambda self_t, other_t, condition, self, other:  # (zeros, materialized)
               where(condition, _materialized(self_t, self), _materialized(other_t, other)))
to_dtype = Op("ToCopyBackward0",       lambda self, dtype: _copy_preserving(self, dtype.np),
              promote=False,
              self=lambda grad: grad,
              result="auto_linear")   # the engine casts the gradient back to self's dtype
clone = Op("CloneBackward0",           lambda self, memory_format=None: self.copy()
                                           if memory_format is contiguous_format
                                           else _copy_preserving(self),
           self=lambda grad: grad,
           result="auto_linear")

# --- linear algebra -----------------------------------------------------------------------------
mm = Op("MmBackward0",                 lambda self, mat2: self @ mat2,
        self=lambda grad, mat2, self_shape, self_strides: (mat2 @ grad.t()).t()
            if _column_major(self_shape, self_strides) else grad @ mat2.t(),
        mat2=lambda grad, self, mat2_shape, mat2_strides: (grad.t() @ self).t()
            if _column_major(mat2_shape, mat2_strides) else self.t() @ grad,
        result=(lambda self_t, mat2: mm(self_t, mat2), lambda self, mat2_t: mm(self, mat2_t)))
dot = Op("DotBackward0",               lambda self, tensor: np.dot(self, tensor),
         self=lambda grad, tensor: grad * tensor,
         tensor=lambda grad, self: grad * self,
         result=(lambda self_t, tensor: dot(self_t, tensor),
                 lambda self, tensor_t: dot(self, tensor_t)))
mv = Op("MvBackward0",                 lambda self, vec: self @ vec,
        self=lambda grad, vec: grad.unsqueeze(1) * vec,
        vec=lambda grad, self: self.t() @ grad,
        result=(lambda self_t, vec: mv(self_t, vec), lambda self, vec_t: mv(self, vec_t)))
bmm = Op("BmmBackward0",               lambda self, mat2: self @ mat2,         # batches of matrices
         self=lambda grad, mat2: bmm(grad, mat2.transpose(1, 2)),
         mat2=lambda grad, self: bmm(self.transpose(1, 2), grad),
         result=(lambda self_t, mat2: bmm(self_t, mat2), lambda self, mat2_t: bmm(self, mat2_t)))
# part nsgap: beta * self + alpha * product (addmv, addr, baddbmm, addbmm; addmm is with linear's
# rows), and vdot
def _beta_self_plus(self, product, beta, alpha):
    """beta * self + alpha * product, as BLAS's gemm: beta = 0 ignores self (its nan too)."""
    if alpha != 1:
        product = product * np.array(alpha, product.dtype)
    if beta == 0:
        return np.broadcast_to(product, np.broadcast_shapes(np.shape(self), product.shape)).copy()
    return (self if beta == 1 else self * np.array(beta, self.dtype)) + product


def _addbmm(self, batch1, batch2, beta, alpha):
    """The batch's products added one by one to beta * self, as PyTorch's loop of addmm_."""
    products = batch1 @ batch2
    out = _beta_self_plus(self, products[0] if len(products) else np.zeros(
        products.shape[1:], products.dtype), beta, alpha)
    for p in products[1:]:
        out = _beta_self_plus(out, p, 1, alpha)
    return out


def _bmm_of_expanded(grad, batch1_shape, batch2_shape):
    """addbmm's gradient of the summed products, one copy per batch: grad.unsqueeze(0).expand."""
    return grad.unsqueeze(0).expand(batch1_shape[0], batch1_shape[1], batch2_shape[2])


addmv = Op("AddmvBackward0",           lambda self, mat, vec, beta=1, alpha=1: _beta_self_plus(
                                           self, mat @ vec, beta, alpha),
           self=lambda grad, beta: _maybe_multiply(grad, beta),  # (sum_to: engine)
           mat=lambda grad, vec, alpha: _maybe_multiply(grad.reshape(grad.shape[0], 1) * vec, alpha),
           vec=lambda grad, mat, alpha: _maybe_multiply(mv(mat.t(), grad), alpha),
           result=(lambda self_t, beta: _maybe_multiply(self_t, beta),
                   lambda mat_t, vec, alpha: _maybe_multiply(mv(mat_t, vec), alpha),
                   lambda mat, vec_t, alpha: _maybe_multiply(mv(mat, vec_t), alpha)))
addr = Op("AddrBackward0",             lambda self, vec1, vec2, beta=1, alpha=1: _beta_self_plus(
                                           self, np.outer(vec1, vec2), beta, alpha),
          self=lambda grad, beta: _maybe_multiply(grad, beta),
          vec1=lambda grad, vec2, alpha: _maybe_multiply(mv(grad, vec2), alpha),
          vec2=lambda grad, vec1, alpha: _maybe_multiply(mv(grad.t(), vec1), alpha),
          result=(lambda self_t, beta: _maybe_multiply(self_t, beta),
                         lambda vec1_t, vec2, alpha: _maybe_multiply(vec1_t.outer(vec2), alpha),
                         lambda vec1, vec2_t, alpha: _maybe_multiply(vec1.outer(vec2_t), alpha)))
baddbmm = Op("BaddbmmBackward0",       lambda self, batch1, batch2, beta=1, alpha=1: _beta_self_plus(
                                           self, batch1 @ batch2, beta, alpha),
             self=lambda grad, beta: _maybe_multiply(grad, beta),
             batch1=lambda grad, batch2, alpha: _maybe_multiply(
                 bmm(grad, batch2.transpose(1, 2)), alpha),
             batch2=lambda grad, batch1, alpha: _maybe_multiply(
                 bmm(batch1.transpose(1, 2), grad), alpha),
             result=(lambda self_t, beta: _maybe_multiply(self_t, beta),
                     lambda batch1_t, batch2, alpha: _maybe_multiply(bmm(batch1_t, batch2), alpha),
                     lambda batch1, batch2_t, alpha: _maybe_multiply(bmm(batch1, batch2_t), alpha)))
addbmm = Op("AddbmmBackward0",         _addbmm,
            self=lambda grad, beta: _maybe_multiply(grad, beta),
            batch1=lambda grad, batch2, batch1_shape, batch2_shape, alpha: _maybe_multiply(
                bmm(_bmm_of_expanded(grad, batch1_shape, batch2_shape), batch2.transpose(1, 2)), alpha),
            batch2=lambda grad, batch1, batch1_shape, batch2_shape, alpha: _maybe_multiply(
                bmm(batch1.transpose(1, 2), _bmm_of_expanded(grad, batch1_shape, batch2_shape)), alpha),
            result=(lambda self_t, beta: _maybe_multiply(self_t, beta),
                           lambda batch1_t, batch2, alpha: _maybe_multiply(bmm(batch1_t, batch2).sum(0), alpha),
                           lambda batch1, batch2_t, alpha: _maybe_multiply(bmm(batch1, batch2_t).sum(0), alpha)))
vdot = Op("VdotBackward0",             lambda self, other: np.dot(self, other),
          self=lambda grad, other: grad * other,
          other=lambda grad, self: grad * self,
          result=(lambda self_t, other: vdot(self_t, other), lambda self, other_t: vdot(self, other_t)))
def _lapack_layout(a):
    """a laid out as LAPACK writes a result and PyTorch returns it: each matrix column by column
    (stride() (1, m)), the batch dims outermost."""
    if a.ndim < 2:
        return a
    out = np.empty(a.shape[:-2] + a.shape[:-3:-1], a.dtype)  # (new memory: a dim of size 1
    out[...] = a.swapaxes(-1, -2)                             # gets its stride too)
    return out.swapaxes(-1, -2)


def _linalg_inv_ex(A):
    """A^-1 and getrf's info (0, or the first zero pivot); NumPy's inverse when A is invertible,
    else the solve with the identity that PyTorch's LAPACK makes, inf and nan where U's zero
    pivot divides."""
    LU, pivots, info = _getrf(A)
    if not info.any():
        return _lapack_layout(np.linalg.inv(A)), info
    return _lu_solve(LU, pivots, np.broadcast_to(np.eye(A.shape[-1], dtype=A.dtype), A.shape)), info


linalg_inv = Op("LinalgInvExBackward0", _linalg_inv_ex, outputs=("inverse", "info"),
                output_differentiability=(True, False),  # d(A^-1) = -A^-1 dA A^-1
                A=lambda grads, inverse: -(inverse.mT @ (grads[0] @ inverse.mT)),
                result={"inverse": lambda A_t, inverse: -((inverse @ A_t) @ inverse)})
# part einsum (linalg): solve and det. A^H is A^T here (minigrad's tensors are real)
def _is_vector_rhs(A_shape, B_shape):
    """linalg.solve takes B as one column when it is 1-D, or A's shape without the last dim."""
    return len(B_shape) == 1 or tuple(B_shape) == tuple(A_shape[:-1])


def _linalg_solve(A, B, left):
    """X, and A's LU factorization (LU, pivots, info: getrf's, kept by the node as PyTorch's
    keeps them). NumPy's solve when A is invertible; else lu_solve with the singular LU, inf and
    nan where U's zero pivot divides, as PyTorch's LAPACK gives them."""
    vector = _is_vector_rhs(A.shape, B.shape)
    B = B[..., None] if vector else B
    LU, pivots, info = _lu_factor_ex(A)
    if info.any():
        X = _lu_solve(LU, pivots, B, left)
    else:  # (X A = B is A^T X^T = B^T)
        X = (_lapack_layout(np.linalg.solve(A, B)) if left else
             _lapack_layout(np.linalg.solve(A.swapaxes(-1, -2), B.swapaxes(-1, -2))).swapaxes(-1, -2))
    return X[..., 0] if vector else X, LU, pivots, info


def _linalg_solve_backward(grad, A, result, LU, pivots, left, grad_input_mask):
    """PyTorch's linalg_solve_backward: gB = A^-H gX (gX A^-H when not left), gA = -gB X^H
    (-X^H gB). gB reuses the saved LU (lu_solve with A^T); under create_graph it is a solve
    again, whose graph can be differentiated. A vector B counts as a column."""
    vector = _is_vector_rhs(A.shape, result.shape)
    gX = grad.unsqueeze(-1) if vector else grad
    if grad_mode._enabled:
        gB = linalg_solve(A.mT, gX, left)[0]
    else:
        gB = linalg_lu_solve(LU, pivots, gX, left, True)
    gA = None
    if grad_input_mask[0]:
        X = result.unsqueeze(-1) if vector else result
        gA = -(gB @ X.mT) if left else -(X.mT @ gB)
    return gA, (gB.squeeze(-1) if vector else gB) if grad_input_mask[1] else None


def _linalg_solve_jvp(A_t, B_t, A, B, result, LU, pivots, left):
    """PyTorch's linalg_solve_jvp: from A X = B, dX = A^-1 (dB - dA X) (X A = B: (dB - X dA)
    A^-1), one more solve with the saved LU."""
    vector = _is_vector_rhs(A.shape, B.shape)
    X = result.unsqueeze(-1) if vector else result
    dB = None if B_t is None else B_t.unsqueeze(-1) if vector else B_t
    R = None if A_t is None else A_t @ X if left else X @ A_t
    dX = linalg_lu_solve(LU, pivots, _fw_sub(dB, R, X), left, False)
    return dX.squeeze(-1) if vector else dX


def _trace_of_solve(LU, pivots, A_t):
    """tr(A^-1 dA), with LU of A^T as det and slogdet save it (adjoint: solve with A). A zero
    pivot is taken as eps, PyTorch's way of giving singular matrices a finite tangent."""
    d = LU._data.diagonal(0, -2, -1)
    if (d == 0).any():
        eps = np.finfo(d.dtype).eps
        LU = LU + diag_embed(Tensor._make(np.where(d == 0, eps, 0.0).astype(d.dtype)), 0, -2, -1)
    return linalg_lu_solve(LU, pivots, A_t, True, True).diagonal(0, -2, -1).sum(-1)


def _linalg_det_backward(grad, det, A):
    """d det(A) = det(A) tr(A^-1 dA): the gradient grad * det * A^-H, found as the solution of
    A^H G = (grad * det) I, PyTorch's formula for invertible matrices. At a singular matrix
    PyTorch's plain backward solves with an LU whose zero pivots are replaced by eps: the right
    side is 0 there, so is the gradient. Under create_graph, the matrices with |det| < 100 eps
    take the adjugate through the SVD instead (part svd), so that the next derivative is right."""
    d = (grad * det).unsqueeze(-1).expand(A.shape[:-1])
    d = diag_embed(d, 0, d.dim() - 1, d.dim()).mT
    if not grad_mode._enabled:
        singular = det._data == 0  # (an exactly zero pivot: solve with I, the gradient is d = 0)
        if singular.any():
            eye = Tensor._make(np.eye(A.shape[-1], dtype=A._data.dtype))
            A = where(Tensor._make(singular[..., None, None]), eye, A)
        return linalg_solve(A.mT, d, True)[0]
    mask = np.abs(det._data) < 100 * np.finfo(det._data.dtype).eps
    if mask.all():
        return _det_backward_singular(A, grad)
    if not mask.any():
        return linalg_solve(A.mT, d, True)[0]
    m, not_m = Tensor._make(mask), Tensor._make(~mask)  # PyTorch's masked_fmap: index_put_ twice
    out = Tensor._make(np.empty(A.shape, A._data.dtype))
    out = out.index_put_((m,), _det_backward_singular(A[m], grad[m]))
    return out.index_put_((not_m,), linalg_solve(A[not_m].mT, d[not_m], True)[0])


def _det_backward_singular(A, grad):
    """The adjugate of A = U diag(S) Vh is det(U) det(Vh) U diag(prod of the other S) Vh."""
    U, S, Vh = linalg_svd(A, True)
    alpha = linalg_det(U)[0] * linalg_det(Vh)[0] * grad
    D = _prod_safe_zeros_backward(alpha.unsqueeze(-1), S, S.dim() - 1)
    return (U * D.unsqueeze(-2)) @ Vh


def _getrf(A):
    """LAPACK's getrf for all matrices of A at once, column by column: the pivot is the first
    largest |entry| on or below the diagonal (idamax: a nan there is passed over, unless it comes
    first), its row is swapped up, the column below is scaled by the pivot's reciprocal, and the
    rest gets the rank-1 update. Returns LU packed (L's unit diagonal implied), the 1-based int32
    pivots (row k was swapped with row pivots[k]) and info, the first zero pivot (1-based, 0: none)."""
    m, n = A.shape[-2:]
    LU = A.reshape(math.prod(A.shape[:-2]), m, n).copy()
    b = np.arange(len(LU))
    pivots = np.empty((len(LU), builtins.min(m, n)), np.int32)
    info = np.zeros(len(LU), np.int32)
    for k in range(pivots.shape[1]):
        size = np.abs(LU[:, k:, k])
        first_nan = np.isnan(size[:, 0])
        size[np.isnan(size)] = -1
        size[first_nan, 0] = np.inf
        p = k + np.argmax(size, axis=1)
        pivots[:, k] = p + 1
        row = LU[b, p].copy()
        LU[b, p] = LU[b, k]
        LU[b, k] = row
        pivot = LU[:, k, k]
        zero = pivot == 0  # (LAPACK leaves that column as it is: all zeros)
        info[(info == 0) & zero] = k + 1
        LU[:, k + 1:, k] *= np.where(zero, 1, 1 / np.where(zero, 1, pivot))[:, None]
        LU[:, k + 1:, k + 1:] -= LU[:, k + 1:, k, None] * LU[:, k, None, k + 1:]
    batch = A.shape[:-2]
    return LU.reshape(A.shape), pivots.reshape(batch + pivots.shape[1:]), info.reshape(batch)


def _lu_of_transpose(A):
    """The LU factorization PyTorch's det and slogdet ask getrf for: of A^T (A's row-major
    memory read column-major), of the same determinant. Returns it with the sign of its row
    permutation and U's diagonal."""
    LU, pivots, _ = _getrf(A.swapaxes(-1, -2))
    swaps = np.sum(pivots != np.arange(1, A.shape[-1] + 1), axis=-1)
    return LU, pivots, np.where(swaps % 2, -1, 1).astype(A.dtype), np.diagonal(LU, 0, -2, -1)


def _det(A):
    """det(A): the product of U's diagonal, negated for an odd row permutation; and the LU
    factorization, kept as PyTorch's node keeps it (_saved_LU, _saved_pivots)."""
    LU, pivots, sign, diag = _lu_of_transpose(A)
    return sign * np.prod(diag, axis=-1), LU, pivots


def _slogdet(A):
    """(sign of det, log |det|), the log as a sum of logs: no overflow where det would."""
    LU, pivots, sign, diag = _lu_of_transpose(A)
    return (sign * np.prod(np.sign(diag), axis=-1), np.sum(_rounded(np.log, np.abs(diag)), axis=-1),
            LU, pivots)


linalg_solve = Op("LinalgSolveExBackward0", _linalg_solve,  # X = A^-1 B (left) or B A^-1
                  outputs=("result", "LU", "pivots", "info"),
                  output_differentiability=(True, False, False, False),
                  **{"A, B": lambda grads, A, result, LU, pivots, left, grad_input_mask:
                     _linalg_solve_backward(grads[0], A, result, LU, pivots, left, grad_input_mask)},
                  result={"result": _linalg_solve_jvp})
linalg_det = Op("LinalgDetBackward0", _det, outputs=("result", "LU", "pivots"),
                output_differentiability=(True, False, False),  # (PyTorch's _linalg_det)
                A=lambda grads, result, A, LU, pivots: _linalg_det_backward(grads[0], result, A),
                # d det(A) = det(A) tr(A^-1 dA)
                result={"result": lambda A_t, result, LU, pivots: _trace_of_solve(
                    LU, pivots, A_t) * result})


def _slogdet_backward(grads, A):
    """Only logabsdet's gradient counts (the sign is piecewise constant): grad A^-H, found by a
    solve as det's is (PyTorch's slogdet_backward)."""
    g = grads[1]
    if g is None:
        return None
    d = g.unsqueeze(-1).expand(A.shape[:-1])
    return linalg_solve(A.mT, diag_embed(d, 0, d.dim() - 1, d.dim()).mT, True)[0]


linalg_slogdet = Op("LinalgSlogdetBackward0", _slogdet, outputs=("sign", "logabsdet", "LU", "pivots"),
                    output_differentiability=(True, True, False, False),
                    # (sign, LU and pivots are saved, as PyTorch's node saves them, though the
                    # formula needs only A)
                    A=lambda grads, A, sign, LU, pivots: _slogdet_backward(grads, A),
                    # (the sign is piecewise constant: its tangent is zeros)
                    result={"sign": lambda sign: zeros_like(sign),
                            "logabsdet": lambda A_t, LU, pivots: _trace_of_solve(LU, pivots, A_t)})


# part svd: the singular value and symmetric eigenvalue decompositions, as LAPACK gives them
# (NumPy calls gesdd and syevd, as PyTorch does). A^H is A^T here (minigrad's tensors are real).
def _gesdd(A, full_matrices=False, compute_uv=True):
    """np.linalg.svd, which calls LAPACK's gesdd as PyTorch does. A matrix holding inf or nan
    gets nan singular values from LAPACK, and PyTorch passes them on; NumPy 2.5 and later refuse
    such a matrix ("SVD did not converge"). Then the others are decomposed alone and the refused
    ones get nan throughout (LAPACK's vectors for them are not reproduced)."""
    try:
        return np.linalg.svd(A, full_matrices=full_matrices, compute_uv=compute_uv)
    except np.linalg.LinAlgError:
        bad = ~np.isfinite(A).all(axis=(-2, -1))
        if not bad.any():
            raise
        out = np.linalg.svd(np.where(bad[..., None, None], 0, A), full_matrices=full_matrices,
                            compute_uv=compute_uv)
        for part in (out if compute_uv else (out,)):
            part[bad] = np.nan
        return out


def _linalg_svd(A, full_matrices, compute_uv=True):
    if not compute_uv:  # (gesdd without vectors: PyTorch's svdvals when no gradient is needed)
        return None, _gesdd(A, compute_uv=False), None
    U, S, Vh = _gesdd(A, full_matrices)
    return _lapack_layout(U), S, _lapack_layout(Vh)


def _skew(X):
    return X - X.mT


def _svd_backward(grads, U, S, Vh, full_matrices, k):
    """PyTorch's svd_backward: with E_jk = S_k^2 - S_j^2 (1 on the diagonal) and skew(X) = X - X^T,
    gA = U [(skew(U^T gU) / E) S + S (skew(V^T gV) / E) + diag(gS)] V^T, plus the parts of gU
    (gV) outside U's (V's) span when A is tall (wide). Only the first k = min(m, n) columns of a
    full U (rows of Vh) count: the others are not determined by A."""
    gU, gS, gVh = grads
    if full_matrices:
        gU = None if gU is None else gU.narrow(-1, 0, k)
        gVh = None if gVh is None else gVh.narrow(-2, 0, k)
        U, Vh = U.narrow(-1, 0, k), Vh.narrow(-2, 0, k)
    if gU is None and gVh is None:
        if gS is None:
            return None
        m, n = U.shape[-2], Vh.shape[-1]  # svdvals: gA = U diag(gS) Vh
        return U @ (gS.unsqueeze(-1) * Vh) if m >= n else (U * gS.unsqueeze(-2)) @ Vh
    m, n = U.shape[-2], Vh.shape[-1]
    UhgU = None if gU is None else _skew(U.mT @ gU)
    VhgV = None if gVh is None else _skew(Vh @ gVh.mT)
    S2 = S * S
    E = S2.unsqueeze(-2) - S2.unsqueeze(-1)
    E.diagonal(0, -2, -1).fill_(1)  # any a != 0: the diagonal computes 0 / a
    if gU is not None and gVh is not None:
        gA = (UhgU * S.unsqueeze(-2) + S.unsqueeze(-1) * VhgV) / E
    elif gU is not None:
        gA = (UhgU / E) * S.unsqueeze(-2)
    else:
        gA = S.unsqueeze(-1) * (VhgV / E)
    if gS is not None:
        gA = gA + diag_embed(gS, 0, gS.dim() - 1, gS.dim())
    if m > n and gU is not None:
        gA = U @ gA
        gUSinv = gU / S.unsqueeze(-2)
        gA = gA + gUSinv - U @ (U.mT @ gUSinv)
        return gA @ Vh
    if m < n and gVh is not None:
        gA = gA @ Vh
        SinvgVh = gVh / S.unsqueeze(-1)
        gA = gA + SinvgVh - (SinvgVh @ Vh.mT) @ Vh
        return U @ gA
    return U @ (gA @ Vh) if m >= n else (U @ gA) @ Vh


def _svd_jvp(A_t, U, S, Vh, full_matrices):
    """PyTorch's linalg_svd_jvp, for distinct singular values. With dP = U^T dA V: dS = diag(dP);
    U^T dU and V^T dV are skew, sym(dP S) / E and sym(S dP) / E off the diagonal (sym(X) =
    X + X^T, E_jk = S_k^2 - S_j^2); a tall (wide) A adds to dU (dVh) the part of dA V S^-1
    (S^-1 U^T dA) outside U's (V's) span. The extra columns of a full U (rows of Vh) get 0."""
    m, n, k = A_t.shape[-2], A_t.shape[-1], S.shape[-1]
    if full_matrices:
        U, Vh = U.narrow(-1, 0, k), Vh.narrow(-2, 0, k)
    V = Vh.mT
    dP = U.mT @ (A_t @ V) if m >= n else (U.mT @ A_t) @ V
    dS = dP.diagonal(0, -2, -1)
    dP = dP - diag_embed(dS, 0, -2, -1)
    S2 = S * S
    E = S2.unsqueeze(-2) - S2.unsqueeze(-1)
    E.diagonal(0, -2, -1).fill_(1)  # (any a != 0: the diagonal computes 0 / a)
    dU = U @ ((dP * S.unsqueeze(-2) + (dP * S.unsqueeze(-2)).mT) / E)
    dVh = -((dP * S.unsqueeze(-1) + (dP * S.unsqueeze(-1)).mT) / E) @ Vh
    if m > n:
        dAVSinv = A_t @ (V / S.unsqueeze(-2))
        dU = dU + dAVSinv - U @ (U.mT @ dAVSinv)
        if full_matrices:
            dU = join(CatBackward0, [dU, Tensor._make(np.zeros(dU.shape[:-1] + (m - n,), dU._data.dtype))],
                      -1, np.concatenate)
    elif m < n:
        UtdASinv = (U.mT / S.unsqueeze(-1)) @ A_t
        dVh = dVh + UtdASinv - (UtdASinv @ V) @ Vh
        if full_matrices:
            dVh = join(CatBackward0, [dVh, Tensor._make(np.zeros(dVh.shape[:-2] + (n - m, n),
                                                                 dVh._data.dtype))], -2, np.concatenate)
    return dU, dS, dVh


linalg_svd = Op("LinalgSvdBackward0", _linalg_svd, outputs=("U", "S", "Vh"),
                A=lambda grads, U, S, Vh, full_matrices, S_sym_argsize_minus_1: _svd_backward(
                    grads, U, S, Vh, full_matrices, S_sym_argsize_minus_1),
                result={"U": lambda A_t, U, S, Vh, full_matrices: _svd_jvp(A_t, U, S, Vh, full_matrices)[0],
                        "S": lambda A_t, U, S, Vh, full_matrices: _svd_jvp(A_t, U, S, Vh, full_matrices)[1],
                        "Vh": lambda A_t, U, S, Vh, full_matrices: _svd_jvp(A_t, U, S, Vh, full_matrices)[2]})


def _linalg_eigh(A, UPLO, compute_v=True):
    if not compute_v:  # (syevd without vectors: PyTorch's eigvalsh when no gradient is needed)
        return np.linalg.eigvalsh(A, UPLO), None
    L, V = np.linalg.eigh(A, UPLO)
    return L, _lapack_layout(V)


def _eigh_backward(grads, L, V):
    """PyTorch's linalg_eig_backward for a symmetric A = V diag(L) V^T: eigenvalues alone give
    V diag(gL) V^T; eigenvectors add V (skew(V^T gV) / 2E) V^T, E_ij = L_j - L_i (1 on the
    diagonal, where gL goes)."""
    gL, gV = grads
    if gV is None:
        return None if gL is None else (V * gL.unsqueeze(-2)) @ V.mT
    VhgV = V.mT @ gV
    VhgV = 0.5 * (VhgV - VhgV.mT)  # the tangent space at the identity of O(n): skew matrices
    E = L.unsqueeze(-2) - L.unsqueeze(-1)
    E.diagonal(0, -2, -1).fill_(1.0)
    ret = VhgV.div_(E)
    if gL is not None:
        ret.diagonal(0, -2, -1).copy_(gL)
    return V @ (ret @ V.mT)


def _eigh_jvp(A_t, L, V):
    """PyTorch's linalg_eig_jvp for a symmetric A = V diag(L) V^T, with dP = V^T dA V:
    dL = diag(dP), dV = V (dP / E) with E_ij = L_j - L_i, and 0 on the diagonal (V stays
    orthonormal)."""
    dP = V.mT @ (A_t @ V)
    E = L.unsqueeze(-2) - L.unsqueeze(-1)
    E.diagonal(0, -2, -1).fill_(1)
    dV = dP / E
    dV.diagonal(0, -2, -1).fill_(0)
    return dP.diagonal(0, -2, -1), V @ dV


linalg_eigh = Op("LinalgEighBackward0", _linalg_eigh, outputs=("eigenvalues", "eigenvectors"),
                 A=lambda grads, eigenvalues, eigenvectors: _eigh_backward(grads, eigenvalues,
                                                                           eigenvectors),
                 result={"eigenvalues": lambda A_t, eigenvalues, eigenvectors: _eigh_jvp(
                             A_t, eigenvalues, eigenvectors)[0],
                         "eigenvectors": lambda A_t, eigenvalues, eigenvectors: _eigh_jvp(
                             A_t, eigenvalues, eigenvectors)[1]})


def _solve_triangular(self, B, upper, left=True, unitriangular=False):
    """X with A X = B (X A = B) for a triangular A = self: substitution row by row from the
    bottom (upper) or the top (lower), as LAPACK's trsm. The other triangle is never read; a zero
    on the diagonal gives inf and nan, not an error."""
    if not left:  # X A = B is A^T X^T = B^T, with A^T triangular the other way
        return _solve_triangular(self.swapaxes(-1, -2), B.swapaxes(-1, -2), not upper, True,
                                 unitriangular).swapaxes(-1, -2)
    n = self.shape[-1]
    X = np.zeros(np.broadcast_shapes(self.shape[:-2], B.shape[:-2]) + B.shape[-2:], B.dtype)
    for i in (range(n - 1, -1, -1) if upper else range(n)):
        done = slice(i + 1, n) if upper else slice(0, i)
        x = B[..., i, :] - (self[..., i:i + 1, done] @ X[..., done, :])[..., 0, :]
        X[..., i, :] = x if unitriangular else x / self[..., i, i:i + 1]
    return X


def _solve_triangular_backward(grad, self, result, upper, left, unitriangular, grad_input_mask):
    """PyTorch's linalg_solve_triangular_backward: gB = A^-T gX by one more triangular solve,
    gA = -gB X^T (-X^T gB when not left) kept to A's triangle (the only entries read)."""
    gB = linalg_solve_triangular(self.mT, grad, not upper, left, unitriangular)
    if not grad_input_mask[0]:
        return None, gB
    gA = -(gB @ result.mT) if left else -(result.mT @ gB)
    gA = gA.triu(int(unitriangular)) if upper else gA.tril(-int(unitriangular))
    return gA, gB if grad_input_mask[1] else None


def _solve_triangular_jvp(self_t, B_t, self, result, upper, left, unitriangular):
    """PyTorch's linalg_solve_triangular_forward_AD: dX = A^-1 (dB - dA X) (left; else
    (dB - X dA) A^-1), dA kept to the triangle the solve reads."""
    R = None
    if self_t is not None:
        dA = self_t.triu(int(unitriangular)) if upper else self_t.tril(-int(unitriangular))
        R = dA @ result if left else result @ dA
    return linalg_solve_triangular(self, _fw_sub(B_t, R, result), upper, left, unitriangular)


linalg_solve_triangular = Op(
    "LinalgSolveTriangularBackward0", _solve_triangular,
    **{"self, B": lambda grad, self, result, upper, left, unitriangular, grad_input_mask:
       _solve_triangular_backward(grad, self, result, upper, left, unitriangular, grad_input_mask)},
    result=_solve_triangular_jvp)


def _triangular_solve(self, A, upper=True, transpose=False, unitriangular=False):
    """torch.triangular_solve, the older API: X with op(A) X = b (b = self), and a copy of A;
    both laid out column by column as LAPACK leaves them, the batch dims broadcast."""
    batch = np.broadcast_shapes(self.shape[:-2], A.shape[:-2])
    A = np.broadcast_to(A, batch + A.shape[-2:])
    X = _solve_triangular(A.swapaxes(-1, -2) if transpose else A, self, upper != transpose, True,
                          unitriangular)
    return _lapack_layout(X), _lapack_layout(A)


def _triangular_solve_backward(grads, self, A, solution, upper, transpose, unitriangular,
                               grad_input_mask):
    """PyTorch's triangular_solve_backward: gb = op(A)^-T gX by one more solve, gA = -gb X^T
    (-X gb^T when transposed) kept to A's triangle; the copy of A passes its gradient to A."""
    gX, gM = grads
    gb = gA = None
    if gX is not None:
        gb = triangular_solve(gX, A, upper, not transpose, unitriangular)[0]
        if grad_input_mask[1]:
            gA = -(solution @ gb.mT) if transpose else -(gb @ solution.mT)
            gA = gA.triu(int(unitriangular)) if upper else gA.tril(-int(unitriangular))
    if grad_input_mask[1] and gM is not None:
        gA = gM if gA is None else gA + gM
    return gb if grad_input_mask[0] else None, gA


def _triangular_solve_jvp(self_t, A_t, A, solution, upper, transpose, unitriangular):
    """op(A) X = b gives dX = op(A)^-1 (db - op(dA) X), dA kept to the triangle the solve reads,
    one more triangular_solve. (PyTorch's triangular_solve_jvp takes the whole of dA, and dA
    for op(dA): its tangents fail gradcheck unless dA is triangular and transpose=False.)"""
    R = None
    if A_t is not None:
        dA = A_t.triu(int(unitriangular)) if upper else A_t.tril(-int(unitriangular))
        R = (dA.mT if transpose else dA) @ solution
    return triangular_solve(_fw_sub(self_t, R, solution), A, upper, transpose, unitriangular)[0]


triangular_solve = Op(
    "TriangularSolveBackward0", _triangular_solve, outputs=("solution", "cloned_coefficient"),
    **{"self, A": lambda grads, self, A, solution, upper, transpose, unitriangular, grad_input_mask:
       _triangular_solve_backward(grads, self, A, solution, upper, transpose, unitriangular,
                                  grad_input_mask)},
    result={"solution": _triangular_solve_jvp, "cloned_coefficient": lambda A_t: A_t})


def _cholesky(self, upper=False):
    """L (lower) with L L^T = A, read from A's lower triangle; upper: U = L^T with U^T U = A,
    read from the upper triangle (the lower one of A^T)."""
    if upper:
        return _lapack_layout(np.linalg.cholesky(self.swapaxes(-1, -2)).swapaxes(-1, -2))
    return _lapack_layout(np.linalg.cholesky(self))


def _cholesky_backward(gL, upper, L):
    """PyTorch's cholesky_backward: gA = L^-T Phi(L^T gL) L^-1, Phi(X) = (tril(X) + tril(X)^T
    - diag(X)) / 2, symmetric; the two inverses are triangular solves."""
    if upper:
        L, gL = L.mT, gL.mT
    gA = (L.mT @ gL).tril()
    gA = 0.5 * (gA + gA.tril(-1).mT)
    gA = linalg_solve_triangular(L.mT, gA, True, True)
    return linalg_solve_triangular(L, gA, False, False)


def _potrf(A):
    """LAPACK's potrf (lower), column by column for all matrices at once: L_jj = sqrt(a_jj -
    |L_j,:j|^2), then the column below. A matrix stops at the first pivot that is not positive
    (info: its order): that value stays on the diagonal, the columns after it as A's."""
    n = A.shape[-1]
    L = np.tril(A).reshape(-1, n, n)
    info = np.zeros(len(L), np.int32)
    for j in range(n):
        pivot = L[:, j, j] - np.einsum("bk,bk->b", L[:, j, :j], L[:, j, :j])
        fails = (info == 0) & ~(pivot > 0)
        info[fails], L[fails, j, j] = j + 1, pivot[fails]
        ok = info == 0
        column = L[:, j + 1:, j] - (L[:, j + 1:, :j] @ L[:, j, :j, None])[..., 0]
        L[ok, j, j] = np.sqrt(pivot[ok])
        L[ok, j + 1:, j] = column[ok] / L[ok, j, j, None]
    return L.reshape(A.shape), info.reshape(A.shape[:-2])


def _linalg_cholesky_ex(self, upper=False):
    """(L, info): NumPy's factor when every matrix is positive-definite, else potrf's (info: the
    order of the first leading minor that is not). upper: the lower factor of A^T, transposed."""
    A = self.swapaxes(-1, -2) if upper else self
    try:
        L, info = np.linalg.cholesky(A), np.zeros(A.shape[:-2], np.int32)
    except np.linalg.LinAlgError:
        L, info = _potrf(A)
    return _lapack_layout(L.swapaxes(-1, -2) if upper else L), info


def _cholesky_jvp(A_t, L, upper):
    """PyTorch's cholesky_jvp: from dA = dL L^T + L dL^T, dL = L Pi(L^-1 dA L^-T), Pi(X) = the
    lower triangle with half the diagonal; the inverses are triangular solves."""
    if upper:
        L = L.mT
    dL = linalg_solve_triangular(L, A_t, False, True)
    dL = linalg_solve_triangular(L.mT, dL, True, False)
    dL = dL.tril() - diag_embed(dL.diagonal(0, -2, -1) * 0.5, 0, -2, -1)
    dL = L @ dL
    return dL.mT if upper else dL


linalg_cholesky = Op("LinalgCholeskyExBackward0", _linalg_cholesky_ex, outputs=("L", "info"),
                     output_differentiability=(True, False),
                     self=lambda grads, upper, L: _cholesky_backward(grads[0], upper, L),
                     result={"L": lambda self_t, L, upper: _cholesky_jvp(self_t, L, upper)})
cholesky = Op("CholeskyBackward0", _cholesky,  # torch.cholesky, the older name
              self=lambda grad, upper, result: _cholesky_backward(grad, upper, result))


def _linalg_qr(A, mode):
    if mode == "r":  # (Q is not computed: an empty tensor stands for it)
        return np.empty((0,), A.dtype), _lapack_layout(np.linalg.qr(A, mode="r"))
    return tuple(map(_lapack_layout, np.linalg.qr(A, mode=mode)))


def _qr_backward(grads, Q, R, mode):
    """PyTorch's linalg_qr_backward. Tall or square A: gA = (gQ + Q copyltu(M)) R^-T with
    M = R gR^T - gQ^T Q's upper triangle made symmetric; wide A: the square part of R takes the
    triangular solve, and Q gR adds the rest."""
    if mode == "r":
        raise RuntimeError("The derivative of linalg.qr depends on Q, which is not computed when "
                           "mode='r'. Please use linalg.qr(A, mode='reduced') if you are going to "
                           "differentiate through linalg.qr.")
    m, n = Q.shape[-2], R.shape[-1]
    if mode == "complete" and m > n:
        raise RuntimeError("The QR decomposition is not differentiable when mode='complete' and "
                           "nrows > ncols.")
    gQ, gR = grads
    if gQ is None and gR is None:
        return None
    if gQ is not None:
        gA = gR @ R.mT - Q.mT @ gQ if gR is not None else -(Q.mT @ gQ)
    else:
        gA = gR @ R.mT
    if m >= n:
        gA = gA.triu()
        gA = gA + gA.mT
        gA.diagonal(0, -2, -1).mul_(0.5)
        gA = Q @ gA
        if gQ is not None:
            gA = gA + gQ
        return linalg_solve_triangular(R.mT, gA, False, False)
    gA = -gA
    gA = Q @ (gA - gA.mT).tril()
    gA = linalg_solve_triangular(R.narrow(-1, 0, m).mT, gA, False, False)
    zeros = Tensor._make(np.zeros(R.shape[:-1] + (n - m,), gA._data.dtype))
    gA = join(CatBackward0, [gA, zeros], -1, np.concatenate)
    return gA + Q @ gR if gR is not None else gA


def _qr_jvp(A_t, Q, R, mode):
    """PyTorch's linalg_qr_jvp. Tall or square A = QR: C = Q^T dA R^-1 = Q^T dQ + dR R^-1, a skew
    part plus an upper triangular one, so Q^T dQ = skew(C's strict lower triangle) and
    dR = (C - Q^T dQ) R, dQ = dA R^-1 - Q dR R^-1. Wide A = Q [R1 R2]: the square part's
    derivatives, then dR2 = Q^T (dA2 - dQ R2)."""
    if mode == "r":
        raise RuntimeError("The derivative of linalg.qr depends on Q, which is not computed when "
                           "mode='r'. Please use linalg.qr(A, mode='reduced') if you are going to "
                           "differentiate through linalg.qr.")
    m, n = A_t.shape[-2:]
    if mode == "complete" and m > n:
        raise RuntimeError("The QR decomposition is not differentiable when mode='complete' and "
                           "nrows > ncols.")
    if m < n:
        dQ, dR1 = _qr_jvp(A_t.narrow(-1, 0, m), Q, R.narrow(-1, 0, m), mode)
        dR2 = Q.mT @ (A_t.narrow(-1, m, n - m) - dQ @ R.narrow(-1, m, n - m))
        return dQ, join(CatBackward0, [dR1, dR2], -1, np.concatenate)
    dAR = linalg_solve_triangular(R, A_t, True, False)  # dA R^-1
    C = Q.mT @ dAR
    skew = C.tril(-1) - C.tril(-1).mT  # (Q^T dQ)
    dR = (C - skew) @ R
    dQ = dAR - Q @ (C - skew)
    return dQ, dR


linalg_qr = Op("LinalgQrBackward0", _linalg_qr, outputs=("Q", "R"),
               A=lambda grads, Q, R, mode: _qr_backward(grads, Q, R, mode),
               result={"Q": lambda A_t, Q, R, mode: _qr_jvp(A_t, Q, R, mode)[0],
                       "R": lambda A_t, Q, R, mode: _qr_jvp(A_t, Q, R, mode)[1]})


def _pinv(self, atol=None, rtol=None, hermitian=False):
    """PyTorch's pseudo-inverse: the reciprocals of the singular values (eigenvalues, when
    hermitian) above max(atol, rtol * the largest), zero for the others. Without tolerances,
    rtol = eps * max(m, n); with an atol > 0 alone, rtol = 0."""
    m, n = self.shape[-2:]
    if rtol is None:
        eps = np.finfo(self.dtype).eps
        rtol = 0.0 if atol is not None and atol > 0 else eps * builtins.max(m, n)
    if hermitian:
        S, U = np.linalg.eigh(self)
        tol = np.maximum(atol or 0.0, rtol * np.abs(S).max(-1, keepdims=True, initial=0.0))
        Sinv = np.where(np.abs(S) > tol, 1 / S, 0).astype(self.dtype)
        return (U * Sinv[..., None, :]) @ U.swapaxes(-1, -2)
    U, S, Vh = _gesdd(self)
    tol = np.maximum(atol or 0.0, rtol * S[..., :1])
    Sinv = np.where(S > tol, 1 / S, 0).astype(self.dtype)
    return (Vh.swapaxes(-1, -2) * Sinv[..., None, :]) @ U.swapaxes(-1, -2)


def _pinv_backward(grad, pinvA, A):
    """PyTorch's pinv_backward (Golub and Pereyra), products arranged for the smaller side."""
    m, n = A.shape[-2:]
    pinvAh, gradh = pinvA.mT, grad.mT
    if m <= n:
        K = gradh @ pinvA
        KpinvAh = K @ pinvAh
        return (-(pinvA @ K).mT + KpinvAh - (A @ pinvA) @ KpinvAh
                + (pinvAh @ pinvA) @ (gradh - K @ A))
    K = pinvA @ gradh
    pinvAhK = pinvAh @ K
    return (-(K @ pinvA).mT + ((gradh - A @ K) @ pinvA) @ pinvAh + pinvAhK
            - (pinvAhK @ pinvA) @ A)


def _pinv_jvp(A, pinvA, dA):
    """PyTorch's pinv_jvp (Golub and Pereyra): d(A+) = -A+ dA A+ + A+ A+^T dA^T (I - A A+)
    + (I - A+ A) dA^T A+^T A+, products arranged for the smaller side."""
    m, n = A.shape[-2:]
    dAh, pinvAh = dA.mT, pinvA.mT
    if m <= n:
        K = pinvAh @ dAh
        return (pinvA @ (K - K.mT - K @ (A @ pinvA))
                + (dAh - pinvA @ (A @ dAh)) @ (pinvAh @ pinvA))
    K = pinvA @ dA
    Kh = K.mT
    return ((Kh - K - (pinvA @ A) @ Kh) @ pinvA
            + (pinvA @ pinvAh) @ (dAh - (dAh @ A) @ pinvA))


linalg_pinv = Op("LinalgPinvBackward0", _pinv,
                 self=lambda grad, result, self: _pinv_backward(grad, result, self),
                 result=lambda self_t, self, result: _pinv_jvp(self, result, self_t))


# part linalg2: the LU factorization, as PyTorch calls LAPACK's getrf (partial pivoting), and
# what is built on it: lu_unpack, lu_solve. A^H is A^T here (minigrad's tensors are real).
def _permutation(pivots, m, dtype):
    """P with A = P L U: the row swaps of the pivots applied to the identity's row order."""
    batch = math.prod(pivots.shape[:-1])
    perm = np.broadcast_to(np.arange(m), (batch, m)).copy()
    b, piv = np.arange(batch), pivots.reshape(batch, pivots.shape[-1]) - 1
    for k in range(piv.shape[1]):
        row = perm[b, piv[:, k]].copy()
        perm[b, piv[:, k]] = perm[b, k]
        perm[b, k] = row
    P = np.zeros((len(perm), m, m), dtype)
    P[b[:, None], perm, np.arange(m)] = 1
    return P.reshape(pivots.shape[:-1] + (m, m))


def _lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True):
    """(P, L, U) from getrf's packed LU and pivots; a part not asked for is an empty tensor."""
    m, n = LU_data.shape[-2:]
    k = builtins.min(m, n)
    empty = np.empty((0,), LU_data.dtype)
    P = _permutation(LU_pivots, m, LU_data.dtype) if unpack_pivots else empty
    if not unpack_data:
        return P, empty, empty
    L = np.tril(LU_data[..., :k], -1)
    L[..., range(k), range(k)] = 1  # (written, not added: a -0.0 below the diagonal stays)
    return P, L, np.triu(LU_data[..., :k, :])


def _lu_unpack_jvp(LU_t):
    """L is LU's strict lower triangle (its first m columns when wide), U its upper one (its
    first n rows when tall): so are their tangents."""
    m, n = LU_t.shape[-2:]
    return (LU_t.tril(-1) if m >= n else LU_t.narrow(-1, 0, m).tril(-1),
            LU_t.triu() if n >= m else LU_t.narrow(-2, 0, n).triu())


def _lu_factor_ex(A, pivot=True):
    LU, pivots, info = _getrf(A)
    return _lapack_layout(LU), pivots, info


def _linalg_lu(A, pivot=True):
    LU, pivots, _ = _getrf(A)
    return _lu_unpack(LU, pivots)


def _lu_unpack_backward(gL, gU, m, n):
    """PyTorch's lu_unpack_backward: L's strict lower and U's upper triangle are LU's entries."""
    if gL is None and gU is None:
        return None
    k = builtins.min(m, n)
    if gL is not None and gU is not None:
        if m == n:
            return gL.tril(-1) + gU.triu()
        gA1 = (gL.tril(-1) if m == k else gL.narrow(-2, 0, k).tril(-1)) + (
            gU.triu() if n == k else gU.narrow(-1, 0, k).triu())
        gA2 = gL.narrow(-2, k, m - k) if m > n else gU.narrow(-1, k, n - k)
        return join(CatBackward0, [gA1, gA2], -2 if m > n else -1, np.concatenate)
    if gL is not None:
        if m >= n:
            return gL.tril(-1)
        zeros = Tensor._make(np.zeros(gL.shape[:-1] + (n - m,), gL._data.dtype))
        return join(CatBackward0, [gL.tril(-1), zeros], -1, np.concatenate)
    if n >= m:
        return gU.triu()
    zeros = Tensor._make(np.zeros(gU.shape[:-2] + (m - n, n), gU._data.dtype))
    return join(CatBackward0, [gU.triu(), zeros], -2, np.concatenate)


def _linalg_lu_backward(gL, gU, P, L, U, pivot):
    """PyTorch's linalg_lu_backward. Square A = P L U: gA = P L^-T [L^T gL o 1_L + gU U^T o 1_U]
    U^-T (o: keep the strict lower, upper triangle), the inverses triangular solves; a wide
    (tall) A carries the extra columns of U (rows of L) through one solve more."""
    if gL is None and gU is None:
        return None
    m, n = L.shape[-2], U.shape[-1]
    k = builtins.min(m, n)
    if m == n:
        gA = None if gL is None else (L.mT @ gL).tril(-1)
        if gU is not None:
            gA = (gU @ U.mT).triu() if gA is None else gA + (gU @ U.mT).triu()
        gA = linalg_solve_triangular(U.mT, gA, False, False)
        gA = linalg_solve_triangular(L.mT, gA, True, True, True)
    elif m < n:
        gA = None if gL is None else L.mT @ gL
        if gU is not None:
            gA = -(gU.triu() @ U.mT) if gA is None else gA - gU.triu() @ U.mT
        gA = linalg_solve_triangular(U.narrow(-1, 0, k).mT, gA.tril(-1), False, False)
        if gU is not None:
            gA = join(CatBackward0, [gA + gU.narrow(-1, 0, k).triu(), gU.narrow(-1, k, n - k)],
                      -1, np.concatenate)
        gA = linalg_solve_triangular(L.mT, gA, True, True, True)
        if gU is None:
            gA = join(CatBackward0, [gA, zeros_like(U.narrow(-1, k, n - k))], -1, np.concatenate)
    else:
        gA = None if gU is None else gU @ U.mT
        if gL is not None:
            gA = -(L.mT @ gL.tril(-1)) if gA is None else gA - L.mT @ gL.tril(-1)
        gA = linalg_solve_triangular(L.narrow(-2, 0, k).mT, gA.triu(), True, True, True)
        if gL is not None:
            gA = join(CatBackward0, [gA + gL.narrow(-2, 0, k).tril(-1), gL.narrow(-2, k, m - k)],
                      -2, np.concatenate)
        gA = linalg_solve_triangular(U.mT, gA, False, False)
        if gL is None:
            gA = join(CatBackward0, [gA, zeros_like(L.narrow(-2, k, m - k))], -2, np.concatenate)
    return P @ gA if pivot else gA


def _lu_factor_ex_backward(grad, LU, pivots, pivot):
    """PyTorch's lu_factor_ex_backward: unpack (a LuUnpackBackward0 node under create_graph)
    and take linalg.lu's gradient, L's part of grad its first k columns, U's its first k rows."""
    P, L, U = lu_unpack(LU, pivots, True, pivot)
    k = builtins.min(LU.shape[-2:])
    return _linalg_lu_backward(grad.narrow(-1, 0, k), grad.narrow(-2, 0, k), P, L, U, pivot)


def _lu_solve(LU, pivots, B, left=True, adjoint=False):
    """X with A X = B (A^T X = B when adjoint; X A = B, X A^T = B when not left), A = P L U given
    by getrf's LU and pivots: a permutation and two triangular solves."""
    if not left:  # X op(A) = B is op(A)^T X^T = B^T
        return _lu_solve(LU, pivots, B.swapaxes(-1, -2), True, not adjoint).swapaxes(-1, -2)
    P, L, U = _lu_unpack(LU, pivots)
    if adjoint:  # U^T L^T P^T X = B
        Y = _solve_triangular(U.swapaxes(-1, -2), B, False)
        return _lapack_layout(P @ _solve_triangular(L.swapaxes(-1, -2), Y, True, True, True))
    Y = _solve_triangular(L, P.swapaxes(-1, -2) @ B, False, True, True)
    return _lapack_layout(_solve_triangular(U, Y, True))


def _lu_solve_LU_backward(gX, LU, pivots, X, left, adjoint):
    """PyTorch's linalg_lu_solve_LU: the gradient for the packed factors, gL + gU, each through
    triangular solves with L and U (unpacked again: LuUnpackBackward0 under create_graph)."""
    P, L, U = lu_unpack(LU, pivots, True, left == adjoint)
    if left != adjoint:
        gR = linalg_solve_triangular(U.mT, -((gX if left else gX.mT) @ (X.mT if left else X)), False)
        gL = linalg_solve_triangular(L.mT, gR @ U.mT, True, True, True).tril(-1)
        return gL + gR.triu()
    gR = -(((P.mT @ (X if left else X.mT)) @ (gX.mT if left else gX)) @ P)
    gR = linalg_solve_triangular(L.mT, gR, True, False, True)
    gU = linalg_solve_triangular(U.mT, L.mT @ gR, False, False).triu()
    return gR.tril(-1) + gU


def _linalg_lu_jvp(A_t, P, L, U, pivot):
    """PyTorch's linalg_lu_jvp. Square A = P L U: dK = L^-1 P^T dA U^-1 = L^-1 dL + dU U^-1 is a
    strictly lower plus an upper triangle, so dL = L tril(dK, -1) and dU = triu(dK) U. A wide A
    (U = [U1 U2]) adds dU2 = L^-1 P^T dA2 - tril(dK, -1) U2; a tall one (L = [L1; L2]) adds
    dL2 = P^T dA2 U^-1 - L2 triu(dK). Returns (dL, dU)."""
    m, n = A_t.shape[-2:]
    k = builtins.min(m, n)
    PdA = P.mT @ A_t if pivot else A_t
    L1, U1 = L.narrow(-2, 0, k), U.narrow(-1, 0, k)
    dK = linalg_solve_triangular(L1, PdA.narrow(-2, 0, k).narrow(-1, 0, k), False, True, True)
    dK = linalg_solve_triangular(U1, dK, True, False)
    dL1, dU1 = L1 @ dK.tril(-1), dK.triu() @ U1
    if m < n:  # (dU2 = L^-1 (P^T dA2 - dL U2))
        dU2 = linalg_solve_triangular(L, PdA.narrow(-1, k, n - k), False, True, True)
        dU2 = dU2 - dK.tril(-1) @ U.narrow(-1, k, n - k)
        return dL1, join(CatBackward0, [dU1, dU2], -1, np.concatenate)
    if m > n:  # (dL2 = (P^T dA2 - L2 dU) U^-1)
        dL2 = linalg_solve_triangular(U, PdA.narrow(-2, k, m - k), True, False)
        dL2 = dL2 - L.narrow(-2, k, m - k) @ dK.triu()
        return join(CatBackward0, [dL1, dL2], -2, np.concatenate), dU1
    return dL1, dU1


def _lu_factor_ex_jvp(A_t, LU, pivots, pivot):
    """PyTorch's lu_factor_ex_jvp: unpack, take linalg.lu's tangents and pack them again (dL's
    diagonal is 0: L's unit diagonal does not move)."""
    P, L, U = lu_unpack(LU, pivots, True, pivot)
    dL, dU = _linalg_lu_jvp(A_t, P, L, U, pivot)
    m, n = A_t.shape[-2:]
    if m >= n:
        dL.narrow(-2, 0, n).add_(dU)
        return dL
    dU.narrow(-1, 0, m).add_(dL)
    return dU


def _lu_solve_jvp(LU_t, B_t, LU, pivots, result, left, adjoint):
    """PyTorch's linalg_lu_solve_jvp: with A = P L U and dA = P (dL U + L dU) (dL, dU: LU_t's
    strict lower and upper triangles), op(A) X = B gives dX = op(A)^-1 (dB - op(dA) X)
    (X op(A) = B: (dB - X op(dA)) op(A)^-1), one more lu_solve."""
    R = None
    if LU_t is not None:
        P, L, U = lu_unpack(LU, pivots)
        k = builtins.min(LU.shape[-2:])
        dA = P @ (LU_t.narrow(-1, 0, k).tril(-1) @ U + L @ LU_t.narrow(-2, 0, k).triu())
        dA = dA.mT if adjoint else dA
        R = dA @ result if left else result @ dA
    return linalg_lu_solve(LU, pivots, _fw_sub(B_t, R, result), left, adjoint)


linalg_lu_factor_ex = Op("LinalgLuFactorExBackward0", _lu_factor_ex,
                         outputs=("LU", "pivots", "info"), output_differentiability=(True, False, False),
                         A=lambda grads, LU, pivots, pivot: _lu_factor_ex_backward(grads[0], LU, pivots, pivot),
                         result={"LU": lambda A_t, LU, pivots, pivot: _lu_factor_ex_jvp(A_t, LU, pivots, pivot)})
linalg_lu = Op("LinalgLuBackward0", _linalg_lu, outputs=("P", "L", "U"),
               output_differentiability=(False, True, True),
               A=lambda grads, P, L, U, pivot: _linalg_lu_backward(grads[0], grads[1], P, L, U, pivot),
               result={"L": lambda A_t, P, L, U, pivot: _linalg_lu_jvp(A_t, P, L, U, pivot)[0],
                       "U": lambda A_t, P, L, U, pivot: _linalg_lu_jvp(A_t, P, L, U, pivot)[1]})
lu_unpack = Op("LuUnpackBackward0", _lu_unpack, outputs=("P", "L", "U"),
               output_differentiability=(False, True, True),
               LU_data=lambda grads, LU_data_sym_argsize_minus_1, LU_data_sym_argsize_minus_2:
                   _lu_unpack_backward(grads[0], grads[1], LU_data_sym_argsize_minus_2,
                                       LU_data_sym_argsize_minus_1),
               # (L is LU's strict lower triangle, U its upper one: so are their tangents)
               result={"L": lambda LU_data_t: _lu_unpack_jvp(LU_data_t)[0],
                       "U": lambda LU_data_t: _lu_unpack_jvp(LU_data_t)[1]})
linalg_lu_solve = Op("LinalgLuSolveBackward0", _lu_solve,
                     LU=lambda grad, LU, pivots, result, left, adjoint: _lu_solve_LU_backward(
                         grad, LU, pivots, result, left, adjoint),
                     B=lambda grad, LU, pivots, left, adjoint: linalg_lu_solve(
                         LU, pivots, grad, left, not adjoint),
                     result=_lu_solve_jvp)


# part linalg2: solves with a Cholesky factor, and the matrix exponential
def _cholesky_solve(self, input2, upper=False):
    """X with A X = B, A = L L^T given by its Cholesky factor L = input2 (U^T U, upper):
    two triangular solves. B = self; the batches broadcast."""
    L = input2.swapaxes(-1, -2) if upper else input2
    Y = _solve_triangular(L, self, False)
    return _lapack_layout(_solve_triangular(L.swapaxes(-1, -2), Y, True))


def _cholesky_solve_backward(grad, self, input2, result, upper, grad_input_mask):
    """PyTorch's cholesky_solve_backward: gB = A^-1 gX, one more solve; gL = -(gB X^T + X gB^T) L
    (-U (...) when upper)."""
    g_self = cholesky_solve(grad, input2, upper)
    if not grad_input_mask[1]:
        return g_self, None
    common = g_self @ result.mT
    common = common + common.mT
    return g_self, -(input2 @ common) if upper else -(common @ input2)


def _cholesky_inverse(self, upper=False):
    """(L L^T)^-1 (U^T U, upper) from the factor: cholesky_solve with the identity."""
    return _cholesky_solve(np.broadcast_to(np.eye(self.shape[-1], dtype=self.dtype), self.shape),
                           self, upper)


def _cholesky_inverse_backward(grad, self, upper, result):
    """PyTorch's cholesky_inverse_backward: with C = X (g + g^T) X, X = (L L^T)^-1: gL = -C L."""
    common = result @ ((grad + grad.mT) @ result)
    return -(self @ common) if upper else -(common @ self)


def _matrix_exp(self):
    """exp(A) = sum A^k / k!, by scaling and squaring: A / 2^s has norm <= 1/2, where 18 terms
    of the series reach float64's precision; then s squarings. In float64 (float32: rounded)."""
    A = self.astype(np.float64)
    norm = np.abs(A).sum(-2).max(-1, initial=0.0)  # (the 1-norm)
    s = np.maximum(0, np.ceil(np.log2(np.maximum(norm, 1e-300))) + 1).astype(int)
    A = A / np.exp2(s)[..., None, None]
    term = result = np.broadcast_to(np.eye(A.shape[-1]), A.shape).copy()
    for k in range(1, 19):
        term = term @ A / k
        result = result + term
    for i in range(int(s.max(initial=0))):
        result = np.where((i < s)[..., None, None], result @ result, result)
    return result.astype(self.dtype)


def _matrix_exp_differential(A, E):
    """PyTorch's linalg_matrix_exp_differential: exp([[A, E], [0, A]]) holds the derivative of
    exp at A in the direction E in its upper right block (Mathias's chain rule for matrix
    functions). With A^T and the gradient for E, the same block is the gradient (its adjoint)."""
    n = A.shape[-1]
    meta = Tensor._make(np.zeros(A.shape[:-2] + (2 * n, 2 * n), E._data.dtype))
    meta.narrow(-2, 0, n).narrow(-1, 0, n).copy_(A)
    meta.narrow(-2, n, n).narrow(-1, n, n).copy_(A)
    meta.narrow(-2, 0, n).narrow(-1, n, n).copy_(E)
    return linalg_matrix_exp(meta).narrow(-2, 0, n).narrow(-1, n, n)


def _cholesky_solve_jvp(self_t, input2_t, self, input2, result, upper):
    """PyTorch's cholesky_solve_jvp: A = L L^T (U^T U) gives dA = dK + dK^T, dK = dL L^T
    (dU^T U), and A X = B gives dX = A^-1 (dB - dA X), one more cholesky_solve."""
    R = None
    if input2_t is not None:
        dK = input2_t.mT @ input2 if upper else input2_t @ input2.mT
        R = (dK + dK.mT) @ result
    return cholesky_solve(_materialized(self_t, self) - R if R is not None else self_t, input2, upper)


def _cholesky_inverse_jvp(self_t, self, result, upper):
    """X = (L L^T)^-1 gives dX = -X (dL L^T + L dL^T) X, a matrix plus its transpose (L = U^T
    when upper). (PyTorch's cholesky_inverse_jvp computes -X dL X L + its transpose instead,
    which fails gradcheck: its tangents differ from these.)"""
    L, dL = (self.mT, self_t.mT) if upper else (self, self_t)
    partial = -(((result @ dL) @ L.mT) @ result)
    return partial + partial.mT


cholesky_solve = Op("CholeskySolveBackward0", _cholesky_solve,
                    **{"self, input2": lambda grad, self, input2, result, upper, grad_input_mask:
                       _cholesky_solve_backward(grad, self, input2, result, upper, grad_input_mask)},
                    result=_cholesky_solve_jvp)
cholesky_inverse = Op("CholeskyInverseBackward0", _cholesky_inverse,
                      self=lambda grad, self, upper, result: _cholesky_inverse_backward(
                          grad, self, upper, result),
                      result=_cholesky_inverse_jvp)
linalg_matrix_exp = Op("LinalgMatrixExpBackward0", _matrix_exp,
                       self=lambda grad, self: _matrix_exp_differential(self.mT, grad),
                       result=lambda self_t, self: _matrix_exp_differential(self, self_t))


def _lstsq(self, b, rcond=None, driver=None):
    """The least-squares solution X of A X = B (of least norm when A has not full rank), from A's
    SVD: singular values below rcond * the largest count as zero (rcond = eps * max(m, n) unless
    given). What LAPACK's drivers give besides: residuals |A X - B|^2 per column when m > n (not
    gelsy's; gelsd's and gelss's only at full rank), the rank (not gels'), the singular values
    (gelsd's and gelss's); an empty tensor stands for any one not given."""
    vector = b.ndim == self.ndim - 1
    B = b[..., None] if vector else b
    m, n = self.shape[-2:]
    U, S, Vh = _gesdd(self)
    if rcond is None:
        rcond = np.finfo(self.dtype).eps * builtins.max(m, n)
    kept = S > rcond * S[..., :1]
    rank = kept.sum(-1)
    Sinv = np.where(kept, 1 / np.where(kept, S, 1), 0).astype(self.dtype)
    X = Vh.swapaxes(-1, -2) @ (Sinv[..., None] * (U.swapaxes(-1, -2) @ B))
    # (LAPACK writes X column by column into B's buffer of max(m, n) rows: its first n rows)
    buffer = np.zeros(X.shape[:-2] + (X.shape[-1], builtins.max(m, n)), X.dtype)
    buffer[..., :n] = X.swapaxes(-1, -2)
    X = buffer.swapaxes(-1, -2)[..., :n, :]
    empty = np.empty((0,), self.dtype)
    residuals = empty
    if m > n and driver != "gelsy" and (driver == "gels" or (rank == n).all()):
        residuals = ((self @ X - B) ** 2).sum(-2)
    return (X[..., 0] if vector else X, residuals,
            np.empty((0,), np.int64) if driver == "gels" else rank.astype(np.int64),
            S if driver in ("gelsd", "gelss") else empty)


def _lstsq_backward(gX, gL, A, B, X, grad_input_mask):
    """PyTorch's linalg_lstsq_backward: the solution is pinv(A) B (pinv_backward, and
    gB = pinv(A)^T gX); the residuals |A X - B|^2 add 2 gL r X^T and -2 gL r, r = A X - B."""
    if gL is not None and not gL.numel():
        gL = None
    if gX is None and gL is None:
        return None, None
    vector = _is_vector_rhs(A.shape, B.shape)
    B_ = B.unsqueeze(-1) if vector else B
    gA = gB = None
    if gX is not None:
        gX = gX.unsqueeze(-1) if vector else gX
        pinvA = linalg_pinv(A)
        if grad_input_mask[0]:
            gA = _pinv_backward(gX @ B_.mT, pinvA, A)
        if grad_input_mask[1]:
            gB = pinvA.mT @ gX
            gB = gB.squeeze(-1) if vector else gB
    if gL is not None:
        X_ = X.unsqueeze(-1) if vector else X
        r = A @ X_ - B_
        gL = gL.unsqueeze(-2)
        if grad_input_mask[0]:
            gA_L = 2 * ((gL * r) @ X_.mT)
            gA = gA_L if gA is None else gA + gA_L
        if grad_input_mask[1]:
            gB_L = -2 * gL * r
            gB_L = gB_L.squeeze(-1) if vector else gB_L
            gB = gB_L if gB is None else gB + gB_L
    return gA, gB


def _lstsq_solution_jvp(self, b, self_t, b_t):
    """PyTorch's linalg_lstsq_solution_jvp: X = pinv(A) B, so dX = d(pinv(A)) B + pinv(A) dB."""
    vector = _is_vector_rhs(self.shape, b.shape)
    B = b.unsqueeze(-1) if vector else b
    pinvA = linalg_pinv(self)
    dX = _fw_sum(_fw(lambda t: _pinv_jvp(self, pinvA, t) @ B, self_t),
                 _fw(lambda t: pinvA @ (t.unsqueeze(-1) if vector else t), b_t))
    return dX.squeeze(-1) if vector else dX


def _lstsq_residuals_jvp(self, b, self_t, b_t, solution, residuals):
    """PyTorch's linalg_lstsq_residuals_jvp: the residuals |r|^2, r = A X - B, change by
    2 r . dr, dr = dA X + A dX - dB (none computed: an empty tangent)."""
    if not residuals.numel():
        return residuals.clone()
    vector = _is_vector_rhs(self.shape, b.shape)
    X = solution.unsqueeze(-1) if vector else solution
    B = b.unsqueeze(-1) if vector else b
    dX = _lstsq_solution_jvp(self, b, self_t, b_t)
    dX = dX.unsqueeze(-1) if vector else dX
    dr = self @ dX
    if self_t is not None:
        dr = dr + self_t @ X
    if b_t is not None:
        dr = dr - (b_t.unsqueeze(-1) if vector else b_t)
    return 2 * ((self @ X - B) * dr).sum(-2)


linalg_lstsq = Op("LinalgLstsqBackward0", _lstsq,
                  outputs=("solution", "residuals", "rank", "singular_values"),
                  output_differentiability=(True, True, False, False),
                  **{"self, b": lambda grads, self, b, solution, grad_input_mask: _lstsq_backward(
                      grads[0], grads[1], self, b, solution, grad_input_mask)},
                  result={"solution": lambda self, b, self_t, b_t: _lstsq_solution_jvp(
                              self, b, self_t, b_t),
                          "residuals": _lstsq_residuals_jvp})

for _op in (linalg_inv, linalg_solve, linalg_cholesky, cholesky, linalg_lu_factor_ex, linalg_lu_solve,
            cholesky_solve, cholesky_inverse, linalg_lstsq, linalg_svd, linalg_eigh, linalg_qr):
    _op.keep_layout = True  # (their forwards lay results out as LAPACK writes them: _lapack_layout)
linalg_lu.contiguous = lu_unpack.contiguous = True  # (P, L and U: new tensors, row by row)


# part linalg3: products of Householder reflectors (what geqrf leaves and orgqr multiplies out)
def _geqrf(self):
    """LAPACK's geqrf, as NumPy's qr(mode='raw') calls it: R on and above the diagonal, the
    Householder vectors below it (their leading 1 implied), and the tau of each reflector."""
    a, tau = np.linalg.qr(self, mode="raw")  # (a comes transposed: LAPACK's column-major memory)
    return np.ascontiguousarray(a).swapaxes(-1, -2), tau


def _householder_product(input, tau):
    """The first n columns of H_1 ... H_k, H_i = I - tau_i v_i v_i^T, v_i column i of input below
    the diagonal with a 1 on it (the rest is never read), built as LAPACK's orgqr (org2r) does:
    from the last reflector back, H_i applied to the columns after i, column i itself e_i - tau_i v_i."""
    m, n = input.shape[-2:]
    k = tau.shape[-1]
    Q = np.zeros(input.shape, input.dtype)
    Q[..., range(k, n), range(k, n)] = 1
    for i in reversed(range(k)):
        t = tau[..., i, None, None]
        v = input[..., i:, i:i + 1].copy()
        v[..., 0, :] = 1
        Q[..., i:, i + 1:] -= t * v * (v.swapaxes(-1, -2) @ Q[..., i:, i + 1:])
        Q[..., i + 1:, i] = -t[..., 0] * input[..., i + 1:, i]
        Q[..., i, i] = 1 - t[..., 0, 0]
    return _lapack_layout(Q)


def _reflect(v, t, K, left):
    """(I - t v v^T) K, or K (I - t v v^T) when not left (t: shape (..., 1))."""
    if left:
        return K - (t.unsqueeze(-1) * v) * (v.mT @ K)
    return K - (K @ (t.unsqueeze(-1) * v)) * v.mT


def _householder_product_backward(grad, result, input, tau, flip_order=False):
    """PyTorch's householder_product_backward. With K_i = H_{i+1} ... H_k gQ^T H_1 ... H_{i-1}
    (K_1 = H_1^-1 Q gQ^T), gv_i = -t_i (v_i^T K_i)^T - t_i K_i v_i and gt_i = -v_i^T K_i v_i;
    K_{i+1} = H_{i+1}^-1 K_i H_i, and H(t)^-1 = H(s) with s = t / (t |v|^2 - 1): matrix-vector
    products only. v_i is zero above row i, so only rows (columns) i: of K are read. flip_order
    (ormqr's products from the right) walks the reflectors from the last, multiplying K the other
    way round."""
    if input.numel() == 0 or tau.numel() == 0:
        return None, None
    m, k = input.shape[-2], tau.shape[-1]
    V = input.tril(-1)
    V.diagonal(0, -2, -1).fill_(1.0)
    Vk = V.narrow(-1, 0, k)
    sigma = tau / (tau * (Vk * Vk).sum(-2) - 1.0)
    order = range(k - 1, -1, -1) if flip_order else range(k)
    K = _reflect(V.narrow(-1, order[0], 1), sigma.narrow(-1, order[0], 1), result @ grad.mT,
                 not flip_order)
    input_grad, tau_grad = zeros_like(input), zeros_like(tau)
    for i in order:
        v_full, t = V.narrow(-1, i, 1), tau.narrow(-1, i, 1)
        v, t_ = v_full.narrow(-2, i, m - i), t.unsqueeze(-1)
        vK = v.mT @ K.narrow(-2, i, m - i)
        Kv = K.narrow(-1, i, m - i) @ v
        v_grad = ((-t_ * vK).squeeze(-2) - (t_ * Kv).squeeze(-1)).unsqueeze(-1)
        t_grad = (-(vK.narrow(-1, i, m - i) @ v)).squeeze(-1)
        input_grad.select(-1, i).copy_(v_grad.squeeze(-1))
        tau_grad.select(-1, i).copy_(t_grad.squeeze(-1))
        if i != order[-1]:
            nxt = i - 1 if flip_order else i + 1
            K = _reflect(V.narrow(-1, nxt, 1), sigma.narrow(-1, nxt, 1), K, not flip_order)
            K = _reflect(v_full, t, K, flip_order)
    return input_grad.tril_(-1), tau_grad


def _householder_product_jvp(input_t, tau_t, input, tau):
    """PyTorch's householder_product_jvp: Q = H_1 ... H_k (its first n columns) moves by
    sum_i H_1 ... H_{i-1} dH_i H_{i+1} ... H_k, dH_i = -dt_i v_i v_i^T - t_i (dv_i v_i^T +
    v_i dv_i^T); v_i's 1 on the diagonal (and its zeros above) are fixed: dv_i is input_t's
    column i below the diagonal."""
    m, n = input.shape[-2:]
    k = tau.shape[-1]
    dt = input._data.dtype
    eye = Tensor._make(np.eye(m, dtype=dt))
    V = input.tril(-1) + Tensor._make(np.eye(m, n, dtype=dt))
    dV = None if input_t is None else input_t.tril(-1)
    H = [eye - tau.narrow(-1, i, 1).unsqueeze(-1) * (V.narrow(-1, i, 1) @ V.narrow(-1, i, 1).mT)
         for i in range(k)]
    before, after = [eye], [eye]  # (H_1 ... H_{i-1}; H_{i+1} ... H_k, from the last)
    for i in range(k - 1):
        before.append(before[-1] @ H[i])
        after.append(H[k - 1 - i] @ after[-1])
    dQ = None
    for i in range(k):
        v = V.narrow(-1, i, 1)
        dH = _fw_sum(_fw(lambda t: -t.narrow(-1, i, 1).unsqueeze(-1) * (v @ v.mT), tau_t),
                     _fw(lambda d: -tau.narrow(-1, i, 1).unsqueeze(-1) * (
                         d.narrow(-1, i, 1) @ v.mT + v @ d.narrow(-1, i, 1).mT), dV))
        term = before[i] @ (dH @ after[k - 1 - i])
        dQ = term if dQ is None else dQ + term
    return dQ.narrow(-1, 0, n)


def _ormqr(self, input2, input3, left=True, transpose=False):
    """op(Q) C (C op(Q) when not left) for Q = H_1 ... H_k given as geqrf leaves it (self: the
    reflectors, input2: tau), C = input3, without forming Q: one reflector after the other, as
    LAPACK's orm2r does, H_i C = C - tau_i v_i (v_i^T C)."""
    C = input3.copy()
    k = input2.shape[-1]
    for i in (range(k) if left == transpose else reversed(range(k))):  # Q C = H_1 (... (H_k C))
        t = input2[..., i, None, None]
        v = self[..., i:, i:i + 1].copy()
        v[..., 0, :] = 1
        if left:
            C[..., i:, :] -= t * v * (v.swapaxes(-1, -2) @ C[..., i:, :])
        else:
            C[..., :, i:] -= t * (C[..., :, i:] @ v) * v.swapaxes(-1, -2)
    return _lapack_layout(C)


def _ormqr_backward(grad, result, self, tau, other, left, transpose, grad_input_mask):
    """PyTorch's ormqr_backward: C's gradient is one more ormqr, with Q transposed the other way;
    the reflectors' is householder_product_backward's, fed with grad and result as the product
    runs (from the left: in order; from the right: flipped)."""
    g_other = ormqr(self, tau, grad, left, not transpose) if grad_input_mask[2] else None
    if not (grad_input_mask[0] or grad_input_mask[1]):
        return None, None, g_other
    if left != transpose:
        g_self, g_tau = _householder_product_backward(grad.mT if transpose else grad,
                                                      result.mT if transpose else result, self, tau)
    else:
        g_self, g_tau = _householder_product_backward(result if transpose else result.mT,
                                                      grad if transpose else grad.mT, self, tau, True)
    return g_self, g_tau, g_other


geqrf = Op("GeqrfBackward0", _geqrf, outputs=("a", "tau"), self=_not_derived("geqrf"))
linalg_householder_product = Op(
    "LinalgHouseholderProductBackward0", _householder_product,
    **{"input, tau": lambda grad, result, input, tau: _householder_product_backward(
        grad, result, input, tau)},
    result=_householder_product_jvp)
ormqr = Op("OrmqrBackward0", _ormqr,
           **{"self, input2, input3": lambda grad, result, self, input2, input3, left, transpose,
              grad_input_mask: _ormqr_backward(grad, result, self, input2, input3, left, transpose,
                                               grad_input_mask)})
geqrf.keep_layout = linalg_householder_product.keep_layout = ormqr.keep_layout = True


# part linalg3: the LDL^T factorization of symmetric matrices (LAPACK's sytrf, Bunch-Kaufman
# pivoting) and its solve (sytrs), step by step as LAPACK's unblocked sytf2 takes them
_BUNCH_KAUFMAN = (1 + math.sqrt(17)) / 8  # (the growth bound: 1x1 pivot when |a_kk| >= it * ...)


def _sytf2(A):
    """One matrix: A = P L D L^T P^T, D of 1x1 and 2x2 blocks, read from A's lower triangle.
    Column k takes a 1x1 pivot if |a_kk| is large enough against its column (and that column's
    largest entry's row), else row imax is swapped in, alone or with k as a 2x2 block. Returns
    LD (L below the diagonal, D on and, for 2x2 blocks, just below it), the 1-based pivots (a
    2x2 block's both negative) and info (the first zero column, 1-based; 0: none)."""
    a, n = np.tril(A), len(A)
    ipiv = np.zeros(n, np.int32)
    info, k = 0, 0
    while k < n:
        kstep, absakk = 1, builtins.abs(a[k, k])
        col = np.abs(a[k + 1:, k])
        imax = k + 1 + int(np.argmax(col)) if len(col) else k
        colmax = col.max(initial=0.0)
        if builtins.max(absakk, colmax) == 0:  # (MKL, as LAPACK before 3.2: a nan pivot is no zero)
            info, kp = info or k + 1, k
        else:
            kp = k
            if not absakk >= _BUNCH_KAUFMAN * colmax:  # (as LAPACK compares: nan fails)
                rowmax = builtins.max(np.abs(a[imax, k:imax]).max(),
                                      np.abs(a[imax + 1:, imax]).max(initial=0.0))
                if absakk >= _BUNCH_KAUFMAN * colmax * (colmax / rowmax):
                    kp = k
                elif builtins.abs(a[imax, imax]) >= _BUNCH_KAUFMAN * rowmax:
                    kp = imax
                else:
                    kp, kstep = imax, 2
            kk = k + kstep - 1
            if kp != kk:  # swap rows and columns kk and kp of the trailing (lower) submatrix
                a[kp + 1:, [kk, kp]] = a[kp + 1:, [kp, kk]]
                a[kk + 1:kp, kk], a[kp, kk + 1:kp] = a[kp, kk + 1:kp].copy(), a[kk + 1:kp, kk].copy()
                a[[kk, kp], [kk, kp]] = a[[kp, kk], [kp, kk]]
                if kstep == 2:
                    a[[k + 1, kp], k] = a[[kp, k + 1], k]
            if kstep == 1 and k < n - 1:  # rank-1 update, then the column of L
                x = a[k + 1:, k].copy()
                a[k + 1:, k + 1:] -= np.tril((1 / a[k, k]) * np.outer(x, x))
                a[k + 1:, k] *= 1 / a[k, k]
            elif kstep == 2 and k < n - 2:  # rank-2 update with D's 2x2 block inverted
                d21 = a[k + 1, k]
                d11, d22 = a[k + 1, k + 1] / d21, a[k, k] / d21
                d21 = 1 / (d11 * d22 - 1) / d21
                for j in range(k + 2, n):
                    wk = d21 * (d11 * a[j, k] - a[j, k + 1])
                    wkp1 = d21 * (d22 * a[j, k + 1] - a[j, k])
                    a[j:, j] -= a[j:, k] * wk + a[j:, k + 1] * wkp1
                    a[j, k], a[j, k + 1] = wk, wkp1
        ipiv[k:k + kstep] = kp + 1 if kstep == 1 else -(kp + 1)
        k += kstep
    return a, ipiv, info


def _ldl_factor_ex(self, hermitian=False):
    """sytf2 for each matrix of the batch (a real matrix: hermitian is symmetric)."""
    n, batch = self.shape[-1], self.shape[:-2]
    out = [_sytf2(a) for a in self.reshape((math.prod(batch), n, n))]
    LD = np.array([o[0] for o in out], self.dtype).reshape(self.shape)
    pivots = np.array([o[1] for o in out], np.int32).reshape(batch + (n,))
    info = np.array([o[2] for o in out], np.int32).reshape(batch)
    return _lapack_layout(LD), pivots, info


def _sytrs(a, ipiv, b):
    """LAPACK's sytrs (lower) for one matrix: X with A X = B from sytf2's LD and pivots: solve
    L D Y = P^T B forwards, then L^T (P^T X) = Y backwards, swapping rows as the pivots say."""
    b, n, k = b.copy(), len(a), 0
    while k < n:
        if ipiv[k] > 0:
            kp = ipiv[k] - 1
            b[[k, kp]] = b[[kp, k]]
            b[k + 1:] -= np.outer(a[k + 1:, k], b[k])
            b[k] /= a[k, k]
            k += 1
        else:
            kp = -ipiv[k] - 1
            b[[k + 1, kp]] = b[[kp, k + 1]]
            b[k + 2:] -= np.outer(a[k + 2:, k], b[k]) + np.outer(a[k + 2:, k + 1], b[k + 1])
            akm1k = a[k + 1, k]
            akm1, ak = a[k, k] / akm1k, a[k + 1, k + 1] / akm1k
            denom = akm1 * ak - 1
            bkm1, bk = b[k] / akm1k, b[k + 1] / akm1k
            b[k], b[k + 1] = (ak * bkm1 - bk) / denom, (akm1 * bk - bkm1) / denom
            k += 2
    k = n - 1
    while k >= 0:
        if ipiv[k] > 0:
            b[k] -= a[k + 1:, k] @ b[k + 1:]
            kp = ipiv[k] - 1
            b[[k, kp]] = b[[kp, k]]
            k -= 1
        else:
            b[k] -= a[k + 1:, k] @ b[k + 1:]
            b[k - 1] -= a[k + 1:, k - 1] @ b[k + 1:]
            kp = -ipiv[k] - 1
            b[[k, kp]] = b[[kp, k]]
            k -= 2
    return b


def _ldl_solve(LD, pivots, B, hermitian=False):
    """sytrs for each matrix of the (broadcast) batch."""
    batch = np.broadcast_shapes(LD.shape[:-2], B.shape[:-2])
    n = LD.shape[-1]
    size = math.prod(batch)
    LD = np.broadcast_to(LD, batch + LD.shape[-2:]).reshape(size, n, n)
    pivots = np.broadcast_to(pivots, batch + (n,)).reshape(size, n)
    Bs = np.broadcast_to(B, batch + B.shape[-2:]).reshape((size,) + B.shape[-2:])
    X = np.array([_sytrs(*args) for args in zip(LD, pivots, Bs)], B.dtype).reshape(Bs.shape)
    return _lapack_layout(X.reshape(batch + B.shape[-2:]))


linalg_ldl_factor_ex = Op("minigrad::autograd::NotImplemented", _ldl_factor_ex,
                          outputs=("LD", "pivots", "info"),
                          output_differentiability=(True, False, False),
                          self=_not_implemented("linalg_ldl_factor_ex"))
linalg_ldl_solve = Op("minigrad::autograd::NotImplemented", _ldl_solve,
                      LD=_not_implemented("linalg_ldl_solve"), B=_not_implemented("linalg_ldl_solve"))
linalg_ldl_factor_ex.keep_layout = linalg_ldl_solve.keep_layout = True

# --- reductions ---------------------------------------------------------------------------------
# sum(dtype=...) and mean(dtype=...) reduce in that dtype, with no ToCopyBackward0 before them
# (the engine casts the gradient back to the input's dtype)
sum = Op("SumBackward0",               lambda self, dtype=None: _sum(self, dtype=_acc(self, dtype)),
         promote=False,
         self=lambda grad, self_shape: expand(grad, self_shape),
         result="auto_linear")
sum_dim = Op("SumBackward1",           lambda self, dim, keepdim, dtype=None: _sum(  # dim=():
                                           self, dim or None, keepdim, _acc(self, dtype)),  # all
             promote=False,
             self=lambda grad, self_shape, dim, keepdim:
                 expand(_unsqueeze_dims(grad, dim, keepdim or not self_shape), self_shape),
             result="auto_linear")
mean = Op("MeanBackward0",             lambda self, dtype=None: _mean(self, None, False, _acc(self, dtype)),
          promote=False,
          self=lambda grad, self_shape, self_numel: div_scalar(expand(grad, self_shape), self_numel),
          result="auto_linear")
mean_dim = Op("MeanBackward1",         lambda self, dim, keepdim, dtype=None: _mean(
                                           self, dim or None, keepdim, _acc(self, dtype)),
              promote=False,
              self=lambda grad, self_shape, self_numel, dim, keepdim:  # (numel: over all dims)
                  div_scalar(expand(_unsqueeze_dims(grad, dim, keepdim or not self_shape),
                                    self_shape),
                             _reduced_numel(self_shape, dim) if dim else self_numel),
              result="auto_linear")
max = Op("MaxBackward1",               lambda self: self.max(),
         self=lambda grad, self, result: _evenly_distribute(grad, self, result),
         result=lambda self_t, self, result: _evenly_read_jvp(self_t, self, result))
min = Op("MinBackward1",               lambda self: self.min(),
         self=lambda grad, self, result: _evenly_distribute(grad, self, result),
         result=lambda self_t, self, result: _evenly_read_jvp(self_t, self, result))
max_dim = Op("MaxBackward0",           lambda self, dim, keepdim: _extreme_at(self, dim, keepdim, np.max, np.argmax),
             extra=("indices",),
             self=lambda grad, self_shape, dim, indices, keepdim:
                 _select_at_indices(grad, self_shape, dim, indices, keepdim),
             result=lambda self_t, dim, indices, keepdim:
                 _gather_with_keepdimed_indices(self_t, dim, indices, keepdim))
min_dim = Op("MinBackward0",           lambda self, dim, keepdim: _extreme_at(self, dim, keepdim, np.min, np.argmin),
             extra=("indices",),
             self=lambda grad, self_shape, dim, indices, keepdim:
                 _select_at_indices(grad, self_shape, dim, indices, keepdim),
             result=lambda self_t, dim, indices, keepdim:
                 _gather_with_keepdimed_indices(self_t, dim, indices, keepdim))
sort = Op("SortBackward0",             _sort, extra=("indices",),
          self=lambda grad, self_shape, dim, indices:
              _select_at_indices(grad, self_shape, dim, indices, True),
          result=lambda self_t, dim, indices: _gather_with_keepdimed_indices(self_t, dim, indices, True))
sort_stable = Op("SortBackward1",      lambda self, stable, dim, descending:       # sort(stable=...)
                                           _sort(self, dim, descending),
                 extra=("indices",),
                 self=lambda grad, self_shape, dim, indices:
                     _select_at_indices(grad, self_shape, dim, indices, True),
                 result=lambda self_t, dim, indices: _gather_with_keepdimed_indices(self_t, dim, indices, True))
topk = Op("TopkBackward0",             _topk, extra=("indices",),
          self=lambda grad, self_shape, dim, indices:
              _select_at_indices(grad, self_shape, dim, indices, True),
          result=lambda self_t, dim, indices: gather(self_t, dim, indices))
trace = Op("TraceBackward0",           lambda self: np.trace(self, dtype=_acc(self)), promote=False,
           self=lambda grad, self_shape: _trace_backward(grad, self_shape),
           result="auto_linear")
std = Op("StdBackward0",               lambda self, dim, correction, keepdim:
                                           _var(self, dim, correction, keepdim, root=True),
         self=lambda grad, self, result, dim, correction, keepdim:
             _std_backward(grad, self, result, dim, correction, keepdim),
         result=lambda self_t, self, result, dim, correction, keepdim: apply_inplace(
             masked_fill_scalar, _var_jvp(self_t, self, dim, correction, keepdim)
             / mul_scalar(result, 2.0), result == 0, 0))
norm = Op("LinalgVectorNormBackward0", _norm, promote=False,
          self=lambda grad, self, result, ord, dim, keepdim:
              _norm_backward(grad, self, result, ord, dim, keepdim),
          result=lambda self_t, self, result, ord, dim, keepdim:
              _norm_jvp(self, self_t, ord, result, dim, keepdim))
var = Op("VarBackward0",               _var,
         self=lambda grad, self, dim, correction, keepdim:
             _var_backward(grad, self, dim, correction, keepdim),
         result=lambda self_t, self, dim, correction, keepdim:
             _var_jvp(self_t, self, dim, correction, keepdim))
prod = Op("ProdBackward0",             lambda self, dtype=None: self.prod(dtype=_acc(self, dtype)),
          promote=False,
          self=lambda grad, self, result: _prod_backward(grad, self.to(grad.dtype), result),
          result=lambda self_t, self, result: (_prod_backward(
              _ones_expanded(result), self.to(result.dtype), result) * self_t).sum())
prod_dim = Op("ProdBackward1",         lambda self, dim, keepdim, dtype=None: self.prod(
                                           axis=dim if self.ndim else None, keepdims=keepdim,
                                           dtype=_acc(self, dtype)),
              promote=False,
              self=lambda grad, self, result, dim, keepdim:
                  _prod_backward(grad, self.to(grad.dtype), result, dim, keepdim),
              result=lambda self_t, self, result, dim, keepdim: (_prod_backward(
                  _ones_expanded(result), self.to(result.dtype), result, dim, keepdim)
                  * self_t).sum(dim, keepdim=keepdim))
amax = Op("AmaxBackward0",             lambda self, dim, keepdim: self.max(
                                           axis=dim or None if self.ndim else None,
                                           keepdims=keepdim),
          self=lambda grad, self, result, dim, keepdim:
              _amax_backward(grad, self, result, dim, keepdim),
          result=lambda self_t, self, result, dim, keepdim:
              _amaxamin_jvp(self, self_t, result, dim, keepdim))
amin = Op("AminBackward0",             lambda self, dim, keepdim: self.min(
                                           axis=dim or None if self.ndim else None,
                                           keepdims=keepdim),
          self=lambda grad, self, result, dim, keepdim:
              _amax_backward(grad, self, result, dim, keepdim),
          result=lambda self_t, self, result, dim, keepdim:
              _amaxamin_jvp(self, self_t, result, dim, keepdim))
logsumexp = Op("LogsumexpBackward0",   _logsumexp, floating=True,
               self=lambda grad, self, result, dim, keepdim:
                   _logsumexp_backward(grad, self, result, dim, keepdim),
               result=lambda self_t, self, dim, keepdim: _logsumexp_jvp(self, self_t, dim, keepdim))
cumsum = Op("CumsumBackward0",         lambda self, dim, dtype: np.cumsum(
                                           self, axis=dim if self.ndim else None,
                                           dtype=_acc(self, dtype)).reshape(self.shape),
            promote=False,
            self=lambda grad, dim, self_scalar_type:
                _cumsum_backward(grad.to(self_scalar_type), dim),
            result="auto_linear")
cumprod = Op("CumprodBackward0",       lambda self, dim, dtype=None: np.cumprod(
                                           self, axis=dim if self.ndim else None,
                                           dtype=_acc(self, dtype)).reshape(self.shape),
             promote=False,
             self=lambda grad, self, dim, result, self_scalar_type:
                 _cumprod_backward(grad.to(self_scalar_type), self, dim, result),
             result=lambda self_t, self, result, dim, dtype:
                 _cumprod_jvp(self_t, self, result, dim).to(dtype or self.dtype))

# part reduce2: median, nanmedian, kthvalue, mode, cummax, cummin, nansum
median = Op("MedianBackward0",         lambda self: _median_all(self),
            self=lambda grad, self, result: _evenly_distribute(grad, self, result),
            result=lambda self_t, self, result: _evenly_read_jvp(self_t, self, result))
nanmedian = Op("NanmedianBackward0",   lambda self: _median_all(self, ignore_nan=True),
               self=lambda grad, self, result: _evenly_distribute(grad, self, result),
               result=lambda self_t, self, result: _evenly_read_jvp(self_t, self, result))
median_dim = Op("MedianBackward1",     _median, extra=("indices",),
                self=lambda grad, self_shape, dim, indices, keepdim:
                    _select_at_indices(grad, self_shape, dim, indices, keepdim),
                result=lambda self_t, dim, indices, keepdim:
                           _gather_with_keepdimed_indices(self_t, dim, indices, keepdim))
nanmedian_dim = Op("NanmedianBackward1", lambda self, dim, keepdim: _median(self, dim, keepdim, True),
                   extra=("indices",),
                   self=lambda grad, self_shape, dim, indices, keepdim:
                       _select_at_indices(grad, self_shape, dim, indices, keepdim),
                   result=lambda self_t, dim, indices, keepdim:
                              _gather_with_keepdimed_indices(self_t, dim, indices, keepdim))
kthvalue = Op("KthvalueBackward0",     _kthvalue, extra=("indices",),
              self=lambda grad, self_shape, dim, indices, keepdim:
                  _select_at_indices(grad, self_shape, dim, indices, keepdim),
              result=lambda self_t, dim, indices, keepdim:
                         _gather_with_keepdimed_indices(self_t, dim, indices, keepdim))
mode = Op("ModeBackward0",             _mode, extra=("indices",),
          self=lambda grad, self_shape, dim, indices, keepdim:
              _select_at_indices(grad, self_shape, dim, indices, keepdim),
          result=lambda self_t, dim, indices, keepdim:
                     _gather_with_keepdimed_indices(self_t, dim, indices, keepdim))
cummax = Op("CummaxBackward0",         lambda self, dim: _cummaxmin(self, dim, np.greater_equal),
            extra=("indices",),
            self=lambda grad, self, indices, dim: _cummaxmin_backward(grad, self, indices, dim),
            result=lambda self_t, dim, indices: gather(self_t, dim, indices))
cummin = Op("CumminBackward0",         lambda self, dim: _cummaxmin(self, dim, np.less_equal),
            extra=("indices",),
            self=lambda grad, self, indices, dim: _cummaxmin_backward(grad, self, indices, dim),
            result=lambda self_t, dim, indices: gather(self_t, dim, indices))
nansum = Op("NansumBackward0",         lambda self, dim, keepdim, dtype=None: _sum(
                                           np.where(self != self, 0, self), dim, keepdim,
                                           _acc(self, dtype)),
            promote=False,
            self=lambda grad, self, dim, keepdim, self_scalar_type:
                _nansum_backward(grad.to(self_scalar_type), self, dim, keepdim),
            result=lambda self_t, self, dim, keepdim, dtype:
                       sum_dim(where(self.isnan(), 0.0, self_t), dim or (), keepdim, dtype))
logcumsumexp_scan = Op("LogcumsumexpBackward0", _logcumsumexp,
                       self=lambda grad, self, result, dim: _logcumsumexp_backward(grad, self, result, dim),
                       result=lambda self_t, self, dim: _logcumsumexp_jvp(self, self_t, dim))
# distances: dist is one node; pairwise_distance is at::norm(x1 - x2 + eps, p, dim), its own row
dist = Op("DistBackward0",             lambda self, other, p: _norm(self - other, p, None, False),
          self=lambda grad, self, other, p, result: _norm_backward(grad, self - other, result, p, None, False),
          other=lambda grad, self, other, p, result: -_norm_backward(grad, self - other, result, p, None, False),
          result=lambda self_t, other_t, self, other, p, result: _norm_jvp(
              self - other, _fw_sum(self_t, _fw(neg, other_t)), p, result, None, False))
norm_p_dim = Op("NormBackward1",       lambda self, p, dim, keepdim: _norm(self, p, dim, keepdim), promote=False,
                self=lambda grad, self, result, p, dim, keepdim: _norm_backward(grad, self, result, p, dim, keepdim),
                result=lambda self_t, self, result, p, dim, keepdim:
                    _norm_jvp(self, self_t, p, result, dim, keepdim))
# --- end of part reduce2 rows ---

# --- views: the result shares memory and version counter with `self` ----------------------------
def _reshape_view(self, shape):
    """self.reshape(shape) as a view, with PyTorch's strides (its computeStride): NumPy's, but a
    size-1 dim takes the stride of the memory chunk it falls in, where NumPy gives it a row-major
    one. Only stride() shows that, and the layout of results computed from the view."""
    out = self.reshape(shape)
    if 1 not in out.shape or out.size == 0 or not np.may_share_memory(out, self):
        return out
    old, new, strides = self.shape, out.shape, [0] * out.ndim
    k, base = out.ndim - 1, self.strides[-1] if self.ndim else self.itemsize
    numel = view_numel = 1
    for d in range(self.ndim - 1, -1, -1):
        numel *= old[d]
        if d == 0 or (old[d - 1] != 1 and self.strides[d - 1] != numel * base):  # chunk ends
            while k >= 0 and (view_numel < numel or new[k] == 1):
                strides[k] = view_numel * base
                view_numel *= new[k]
                k -= 1
            if d > 0:
                base, numel, view_numel = self.strides[d - 1], 1, 1
    while k >= 0:  # (a 0-d self: every dim of the view has size 1)
        strides[k] = view_numel * base
        k -= 1
    strides = tuple(strides)
    return out if strides == out.strides else np.lib.stride_tricks.as_strided(
        out, new, strides, writeable=out.flags.writeable)


view = Op("ViewBackward0",             _reshape_view, view=True,
          self=lambda grad, self_shape: grad.reshape(self_shape),
          result="auto_linear")
reshape_alias = Op("ReshapeAliasBackward0", _reshape_view,  # reshape of a
                   view=True, self=lambda grad, self_shape: grad.reshape(self_shape),
                              result="auto_linear")  # strided view
unsafe_view = Op("UnsafeViewBackward0", _reshape_view,  # reshape copied
                 self=lambda grad, self_shape: grad.reshape(self_shape),
                 result="auto_linear")
expand = Op("ExpandBackward0",         _expand, view=True,
            self=lambda grad, self_shape: sum_to(grad, self_shape),
            result="auto_linear")
transpose = Op("TransposeBackward0",   lambda self, dim0, dim1: self.swapaxes(dim0, dim1)
                                           if self.ndim else self[...], view=True,
               self=lambda grad, dim0, dim1: grad.transpose(dim0, dim1),
               result="auto_linear")
t = Op("TBackward0",                   lambda self: self.T, view=True,
       self=lambda grad: grad.t(),
       result="auto_linear")
permute = Op("PermuteBackward0",       lambda self, dims: self.transpose(dims), view=True,
             self=lambda grad, dims: grad.permute(tuple(np.argsort([d % len(dims) for d in dims]))),
             result="auto_linear")
unsqueeze = Op("UnsqueezeBackward0",   lambda self, dim: np.expand_dims(self, dim), view=True,
               self=lambda grad, dim: grad.squeeze(dim),
               result="auto_linear")
squeeze = Op("SqueezeBackward0",       lambda self: self.squeeze(), view=True,
             self=lambda grad, self_shape: _unsqueeze_to(grad, self_shape),
             result="auto_linear")
squeeze_dim = Op("SqueezeBackward1",   lambda self, dim: self.squeeze(dim) if self.ndim
                                           and self.shape[dim] == 1 else self[...], view=True,
                 self=lambda grad, self_shape, dim: _unsqueeze_to(grad, self_shape, (dim,)),
                 result="auto_linear")
squeeze_dims = Op("SqueezeBackward2",  lambda self, dim: self.squeeze(
                                           tuple(d for d in dim if self.shape[d] == 1)) if self.ndim
                                           else self[...], view=True,
                  self=lambda grad, self_shape, dim: _unsqueeze_to(grad, self_shape, dim),
                  result="auto_linear")
squeeze_dims_ = Op("SqueezeBackward4", lambda self, dim: self.squeeze(dim) if self.ndim  # squeeze_
                                           and self.shape[dim] == 1 else self[...], view=True,
                   self=lambda grad, self_shape, dim: _unsqueeze_to(grad, self_shape, (dim,)),
                   result="auto_linear")
# their in-place forms (t_, transpose_, ...): self itself takes the new shape
t_ = Op("TBackward1",                  lambda self: self.T, view=True,
        self=lambda grad: grad.t(),
        result="auto_linear")
transpose_ = Op("TransposeBackward1",  lambda self, dim0, dim1: self.swapaxes(dim0, dim1)
                                           if self.ndim else self[...], view=True,
                self=lambda grad, dim0, dim1: grad.transpose(dim0, dim1),
                result="auto_linear")
unsqueeze_ = Op("UnsqueezeBackward1",  lambda self, dim: np.expand_dims(self, dim), view=True,
                self=lambda grad, dim: grad.squeeze(dim),
                result="auto_linear")
squeeze_ = Op("SqueezeBackward3",      lambda self: self.squeeze(), view=True,
              self=lambda grad, self_shape: _unsqueeze_to(grad, self_shape),
              result="auto_linear")
squeeze_dims_list_ = Op("SqueezeBackward5", lambda self, dim: self.squeeze(
                            tuple(d for d in dim if self.shape[d] == 1)), view=True,
                        self=lambda grad, self_shape, dim: _unsqueeze_to(grad, self_shape, dim),
                        result="auto_linear")
alias = Op("AliasBackward0",           lambda self: self[...], view=True,
           self=lambda grad: grad,
           result="auto_linear")
fw_primal = Op("Identity",             lambda self: self[...], view=True,  # unpack_dual's primal:
               self=lambda grad: grad)                                     # it has no tangent
select = Op("SelectBackward0",         lambda self, dim, index: self[_dim_key(dim, index)], view=True,
            self=lambda grad, self_shape, dim, index: select_backward(grad, self_shape, dim, index),
            result="auto_linear")
slicing = Op("SliceBackward0",         lambda self, dim, start, end, step:  # (end: INT64_MAX for
                                           self[_dim_key(dim, slice(start, end, step))],  # none)
             view=True,
             self=lambda grad, self_shape, dim, start, end, step:  # (slice_copy's may be None)
                 slice_backward(grad, self_shape, dim, 0 if start is None else start,
                                INT64_MAX if end is None else end, step),
             result="auto_linear")
# their backward formulas, ops of their own in PyTorch (so double backward names them):
select_backward = Op("SelectBackwardBackward0", lambda grad_output, input_sizes, dim, index:
                         _index_put_forward(np.zeros(input_sizes, grad_output.dtype), grad_output,
                                            _dim_key(dim, index)),
                     grad_output=lambda grad, dim, index: select(grad, dim, index),
                     result="auto_linear")
slice_backward = Op("SliceBackwardBackward0", lambda grad_output, input_sizes, dim, start, end, step:
                        _index_put_forward(np.zeros(input_sizes, grad_output.dtype), grad_output,
                                           _dim_key(dim, slice(start, end, step))),
                    grad_output=lambda grad, dim, start, end, step: slicing(grad, dim, start, end, step),
                    result="auto_linear")

# --- part views2: as_strided, a view of any geometry on the input's storage ---------------------
def _as_strided(self, size, stride, storage_offset=None):
    """size and stride (in elements) laid over self's storage from storage_offset (self's own
    when None): NumPy's as_strided, from the start of the memory self shares with its base."""
    flat = _storage(self)
    start = _storage_offset(self) if storage_offset is None else storage_offset
    return np.lib.stride_tricks.as_strided(flat[start:], tuple(size),
                                           tuple(st * self.itemsize for st in stride))


def _overlapping(sizes, strides):
    """PyTorch's _maybe_overlapping_memory: dims sorted by stride, each must step past all the
    elements the smaller ones reach (else two positions may share memory)."""
    reach = 0
    for stride, size in sorted(zip(strides, sizes)):
        if stride <= reach:
            return True
        reach += stride * (size - 1)
    return False


def _as_strided_backward(grad, input_geometry, size, stride, storage_offset):
    """PyTorch's as_strided_backward: the gradient written into a zeroed stand-in for the storage
    by the output's geometry (summed where the output saw one element several times), then read
    back by the input's geometry (divided where the input sees one element several times)."""
    inp_size, inp_stride, inp_offset = input_geometry
    offset = inp_offset if storage_offset is None else storage_offset
    out_sizes, out_strides = [], []
    for i in reversed(range(grad.dim())):  # size-1 dims go, expanded dims are summed
        if size[i] == 0:
            return Tensor._make(np.zeros(inp_size, grad._data.dtype))
        if size[i] == 1:
            grad = squeeze_dim(grad, i)
        elif stride[i] == 0:
            grad = sum_dim(grad, (i,), False)
        else:
            out_sizes.insert(0, size[i])
            out_strides.insert(0, stride[i])
    if 0 in inp_size:
        return Tensor._make(np.zeros(inp_size, grad._data.dtype))
    inp_sizes = [n for n in inp_size if n != 1]
    inp_strides = [st for n, st in zip(inp_size, inp_stride) if n != 1]
    out_overlap, inp_overlap = _overlapping(out_sizes, out_strides), _overlapping(inp_sizes, inp_strides)
    shared = builtins.min(inp_offset, offset)
    inp_offset, offset = inp_offset - shared, offset - shared
    n = builtins.max(_min_storage_size(inp_sizes, inp_strides, inp_offset),
                     _min_storage_size(out_sizes, out_strides, offset))
    storage = Tensor._make(np.zeros(n, grad._data.dtype))
    indices = Tensor._make(np.arange(n))
    if out_overlap:
        apply_inplace(index_add, storage, 0,
                      as_strided(indices, out_sizes, out_strides, offset).reshape(-1), grad.reshape(-1))
    else:
        apply_inplace(copy_, as_strided(storage, out_sizes, out_strides, offset), grad)
    if inp_overlap:
        count = Tensor._make(np.zeros(n, grad._data.dtype))
        where = as_strided(indices, inp_sizes, inp_strides, inp_offset).reshape(-1)
        apply_inplace(index_add, count, 0, where, Tensor._make(np.ones(1, grad._data.dtype)).expand(where.shape))
        apply_inplace(div, storage, count)
    return as_strided(storage, inp_size, inp_stride, inp_offset)


def _clone_preserve_strides(self):
    """PyTorch's clone_preserve_strides, where the *_scatter ops write: a copy of self's whole
    storage seen as self (same strides, gaps and all, so offsets mean what they mean for self);
    an expanded self (elements sharing memory) is cloned as clone() does."""
    if any(n > 1 and st == 0 for n, st in zip(self.shape, self.strides)):
        return _copy_preserving(self)
    return np.lib.stride_tricks.as_strided(_storage(self).copy()[_storage_offset(self):],
                                           self.shape, self.strides)


def _as_strided_scatter(self, src, size, stride, storage_offset=None):
    """src written where as_strided sees, into a clone of self that keeps its strides."""
    out = _clone_preserve_strides(self)
    _as_strided(out, size, stride, storage_offset)[...] = src
    return out


def _as_strided_scatter_backward(grad, input_geometry, size, stride, storage_offset):
    """PyTorch's as_strided_scatter_backward, as it is: the gradient's values in the scattered
    region, zeros elsewhere (the reverse of what self's elements did: PyTorch's formula)."""
    grad = grad.contiguous()
    result = Tensor._make(np.zeros(input_geometry[0], grad._data.dtype))
    apply_inplace(copy_, as_strided(result, size, stride, storage_offset),
                  as_strided(grad, size, stride, storage_offset))
    return as_strided(result, input_geometry[0], input_geometry[1])


as_strided = Op("AsStridedBackward0",  _as_strided, view=True,
                self=lambda grad, self_geometry, size, stride, storage_offset:
                    _as_strided_backward(grad, self_geometry, size, stride, storage_offset),
                result="auto_linear")
as_strided_ = Op("AsStridedBackward1", _as_strided, view=True,
                 self=lambda grad, self_geometry, size, stride, storage_offset:
                     _as_strided_backward(grad, self_geometry, size, stride, storage_offset),
                 result="auto_linear")
as_strided_scatter = Op("AsStridedScatterBackward0", _as_strided_scatter, promote=False,
                        self=lambda grad, self_geometry, size, stride, storage_offset:
                            _as_strided_scatter_backward(grad, self_geometry, size, stride,
                                                         storage_offset),
                        src=lambda grad, size, stride, storage_offset:
                            as_strided(grad.contiguous(), size, stride, storage_offset),
                        result="auto_linear")
as_strided_scatter.keep_layout = True  # (its result is seen as self is)
# --- end of part views2 ---


# --- storages: set_ ---
def _set_window(self, source, storage_offset, size, stride):
    """set_'s new window for self: all of a storage as a 1-D array, or storage_offset, size and
    stride on it; on a tensor's memory, the tensor's own window unless told another."""
    from .storage import _bytes_of, _window
    if isinstance(source, np.ndarray):
        if size is None:
            return source.view()
        source = _bytes_of(source)
    else:
        source = source._bytes
    return _window(source, self.dtype, storage_offset, size, stride)


def _set_not_implemented(grad):
    raise RuntimeError("derivative for set_ is not implemented")


# set_: self becomes a window on other memory (recorded, but PyTorch has no formula for it)
set_ = Op("minigrad::autograd::NotImplemented", _set_window, promote=False,
          self=_set_not_implemented)
set_source_Tensor = Op("minigrad::autograd::NotImplemented", _set_window, promote=False,
                       self=_set_not_implemented, source=_set_not_implemented)
# (unlike the autograd fallback's NotImplemented, set_'s node keeps an edge for every input,
# (None, 0) for one that needs no gradient)
set_.not_implemented = set_source_Tensor.not_implemented = False


# the scatters: the out-of-place twins of writing into a view (`x.select(0, 1).copy_(src)`);
# src_info is src's shape and dtype only (PyTorch's TypeAndSize: nothing else of src is kept)
def _scatter_into(self, src, where):
    out = _clone_preserve_strides(self)
    where(out)[...] = src
    return out


select_scatter = Op("SelectScatterBackward0", lambda self, src, dim, index: _scatter_into(
                        self, src, lambda out: out[_dim_key(dim, index)]), promote=False,
                    self=lambda grad, src_info, dim, index:
                        select_scatter(grad, _zeros(src_info), dim, index),
                    src=lambda grad, dim, index: select(grad, dim, index),
                    result="auto_linear")
slice_scatter = Op("SliceScatterBackward0", lambda self, src, dim, start, end, step: _scatter_into(
                       self, src, lambda out: out[_dim_key(dim, slice(start, end, step))]),
                   promote=False,
                   self=lambda grad, src_info, dim, start, end, step:
                       slice_scatter(grad, _zeros(src_info), dim, start, end, step),
                   src=lambda grad, dim, start, end, step: slicing(
                       grad, dim, 0 if start is None else start, INT64_MAX if end is None else end,
                       step),
                   result="auto_linear")
diagonal_scatter = Op("DiagonalScatterBackward0", lambda self, src, offset, dim1, dim2:
                          _scatter_into(self, src, lambda out: _diagonal(out, offset, dim1, dim2)),
                      promote=False,
                      self=lambda grad, src_info, offset, dim1, dim2:
                          diagonal_scatter(grad, _zeros(src_info), offset, dim1, dim2),
                      src=lambda grad, offset, dim1, dim2: diagonal(grad, offset, dim1, dim2),
                      result="auto_linear")
select_scatter.keep_layout = slice_scatter.keep_layout = diagonal_scatter.keep_layout = True


def _zeros(info):
    """zeros_like of a tensor known only by its shape and dtype."""
    shape, dtype = info
    return Tensor._make(np.zeros(shape, dtype))


# part nsgap: unfold, the windows of size `size` every `step` along a dim (a view: a new last dim)
def _unfold(self, dimension, size, step):
    if not self.ndim:
        return self.reshape(1)
    dimension %= self.ndim  # (the windows' own dim comes last)
    windows = np.lib.stride_tricks.sliding_window_view(self, size, axis=dimension, writeable=True)
    return windows[_dim_key(dimension, slice(None, None, step))]


def _unfold_backward(grad_in, input_sizes, dim, size, step):
    """Each window's gradient added back where it came from: element k of every window at once
    (those never overlap), for k < size."""
    out = np.zeros(input_sizes, grad_in.dtype)
    if not out.ndim:
        return grad_in.reshape(())
    dim %= out.ndim  # (unfold_copy keeps a negative dim as given: grad_in has one dim more)
    n = grad_in.shape[dim]
    for k in range(size):
        out[_dim_key(dim, slice(k, k + step * (n - 1) + 1, step))] += grad_in[..., k]
    return out


unfold = Op("UnfoldBackward0",         _unfold, view=True,
            self=lambda grad, self_shape, dimension, size, step: unfold_backward(
                grad, self_shape, dimension, size, step),
            result="auto_linear")
unfold_backward = Op("UnfoldBackwardBackward0", _unfold_backward,
                     grad_in=lambda grad, dim, size, step: unfold(grad, dim, size, step),
                     result="auto_linear")
diagonal = Op("DiagonalBackward0",      _diagonal, view=True,
              self=lambda grad, self_shape, offset, dim1, dim2:
                  diagonal_backward(grad, self_shape, offset, dim1, dim2),
              result="auto_linear")
diag_embed = Op("DiagEmbedBackward0",  _diag_embed,
                self=lambda grad, offset, dim1, dim2: diagonal(grad, offset, dim1, dim2),
                result="auto_linear")
diagonal_backward = Op("DiagonalBackwardBackward0", _diagonal_backward,
                       grad_output=lambda grad, offset, dim1, dim2: diagonal(grad, offset, dim1, dim2),
                       result="auto_linear")
# (diag(out=)'s kernels: autograd records their out= with no formula)
diag_embed_out = Op("minigrad::autograd::NotImplemented", _diag_embed,
                    self=_not_implemented("diag_embed"))
diagonal_copy_out = Op("minigrad::autograd::NotImplemented", lambda self, offset, dim1, dim2:
                       _diagonal(self, offset, dim1, dim2).copy(),
                       self=_not_implemented("diagonal_copy"))


# --- part views2: the *_copy functions (torch.expand_copy, ...): a view op's values in new memory
def _copy_of(row):
    """The `*_copy` twin of a view row: the same forward and formulas (PyTorch names its node
    `<view node>_copy`), but the result is new memory, row-major, not a view."""
    twin = Op(row.name + "_copy", row.forward, result=row.result, **row.__dict__["_formulas"])
    twin._prepare()  # (the parameters are read off the view's forward, before it is wrapped)
    twin.forward = lambda *args: np.array(row.forward(*args), order="C")
    twin.contiguous = True
    return twin


alias_copy, as_strided_copy, diagonal_copy, expand_copy, permute_copy, select_copy = map(
    _copy_of, (alias, as_strided, diagonal, expand, permute, select))
slice_copy, squeeze_copy, squeeze_dim_copy, squeeze_dims_copy, t_copy, transpose_copy = map(
    _copy_of, (slicing, squeeze, squeeze_dim, squeeze_dims, t, transpose))
unfold_copy, unsqueeze_copy, view_copy = map(_copy_of, (unfold, unsqueeze, view))
def _narrow_copy(self, dim, start, length):
    start %= builtins.max(self.shape[dim], 1)  # (a negative start counts from the end)
    return self[_dim_key(dim, slice(start, start + length))].copy()


narrow_copy = Op("NarrowCopyBackward0", _narrow_copy,  # (its formula takes start as given)
                 self=lambda grad, self_shape, dim, start, length:
                     slice_backward(grad, self_shape, dim, start, start + length, 1),
                 result="auto_linear")
detach_copy = Op("minigrad::autograd::NotImplemented", lambda self: self.copy(),
                 self=_not_implemented("detach_copy"))

# --- end of part views2 copies ---

# --- shape ops that copy -------------------------------------------------------------------------
flip = Op("FlipBackward0",             lambda self, dims: np.flip(   # (laid out as self)
                                           self, dims if self.ndim else None).copy(order="K"),
          self=lambda grad, dims: flip(grad, dims),
          result="auto_linear")
roll = Op("RollBackward0",             lambda self, shifts, dims: _suggested_layout(
                                           np.roll(self, shifts, dims), _channels_last(self))
                                           if dims else  # (flattened, rolled: row-major)
                                           np.roll(self, shifts[0]),
          self=lambda grad, shifts, dims: roll(grad, tuple(-s for s in shifts), dims),
          result="auto_linear")
repeat = Op("RepeatBackward0",         lambda self, repeats: np.tile(self, repeats),
            self=lambda grad, repeats, self_shape: _repeat_backward(grad, repeats, self_shape),
            result="auto_linear")
roll.keep_layout = True  # (row-major or, rolled along dims, channels-last as a 4-D self is)
repeat.contiguous = True  # (a new row-major tensor in PyTorch)

# --- gather and scatter: reading and writing at positions given by an index tensor -------------
gather = Op("GatherBackward0",         lambda self, dim, index, sparse_grad=False:
                                           self[_along(index, dim)],
            # self itself is saved (checked), as in PyTorch; a gradient is never sparse here
            self=lambda grad, self, dim, index, sparse_grad:
                scatter_add(Tensor._make(np.zeros(self.shape, grad._data.dtype)), dim, index, grad),
            result="auto_linear")
scatter = Op("ScatterBackward0",       _scatter_forward,
             self=lambda grad, dim, index: scatter_value(grad, dim, index, 0.0),
             src=lambda grad, dim, index: gather(grad, dim, index),
             result="auto_linear")
scatter_value = Op("ScatterBackward1", _scatter_forward, promote=False,
                   self=lambda grad, dim, index: scatter_value(grad, dim, index, 0.0),
                   result=lambda self_t, dim, index: scatter_value(self_t, dim, index, 0))
scatter_add = Op("ScatterAddBackward0", lambda self, dim, index, src: _scatter_forward(self, dim, index, src, True),
                 self=lambda grad: grad,
                 src=lambda grad, dim, index: gather(grad, dim, index),
                 result="auto_linear")

# --- indexing that copies (integer arrays, masks) and writing into tensors ----------------------
index = Op("IndexBackward0",           _index,
           self=lambda grad, self_shape, indices: index_put_impl_(
               Tensor._make(np.zeros(self_shape, grad._data.dtype)), grad, indices, True),
           result="auto_linear")
index.keep_layout = True  # (_index lays its result out as PyTorch's iterator does)
index_put = Op("IndexPutBackward0",    _index_put_forward, promote=False,
               self=lambda grad, indices, accumulate:
                   grad if accumulate else index_put(grad, 0.0, indices, False),
               values=lambda grad, indices: grad[indices],
               result="auto_linear")
index_put_impl_ = Op("IndexPutImplBackward0", _index_put_forward, promote=False,  # index's backward
                     self=lambda grad, indices, accumulate:
                         grad if accumulate else index_put(grad, 0.0, indices, False),
                     values=lambda grad, indices: grad[indices],
                     result="auto_linear")
index_fill = Op("IndexFillBackward1",  _index_fill, promote=False,                # trace's backward
                self=lambda grad, dim, index: index_fill_scalar(grad, dim, index, 0),
                value=lambda grad, dim, index: index_select(grad, dim, index).sum(),
                result="auto_linear")
index_fill_scalar = Op("IndexFillBackward0", _index_fill, promote=False,
                       self=lambda grad, dim, index: index_fill_scalar(grad, dim, index, 0),
                       result=lambda self_t, dim, index: index_fill_scalar(self_t, dim, index, 0))
index_select = Op("IndexSelectBackward0", lambda self, dim, index: np.take(self, index.reshape(-1), dim)
                                               if self.ndim else self.copy(),  # (0-d: itself)
                  self=lambda grad, self_shape, dim, index: index_add(  # (PyTorch: in place)
                      Tensor._make(np.zeros(self_shape, grad._data.dtype)), dim,
                      Tensor._make(index._data.reshape(-1)), grad),
                  result="auto_linear")
# part shape2: index_add, index_copy, masked_select/masked_scatter, rot90
index_add = Op("IndexAddBackward0",    _index_add,
               self=lambda grad: grad,
               source=lambda grad, dim, index, source, source_dim, alpha: _maybe_multiply(
                   _index_select_as(grad, dim, index, source, source_dim), alpha),
               result="auto_linear")
index_copy = Op("IndexCopyBackward0",  _index_copy,
                self=lambda grad, dim, index: index_fill_scalar(grad, dim, index, 0),
                source=lambda grad, dim, index, source, source_dim:
                    _index_select_as(grad, dim, index, source, source_dim),
                result="auto_linear")
masked_select = Op("MaskedSelectBackward0", _masked_select,
                   self=lambda grad, self, mask: apply_inplace(masked_scatter, zeros_like(
                       Tensor._make(np.broadcast_to(self._data, np.broadcast_shapes(
                           self.shape, mask.shape)))), mask, grad),
                   result="auto_linear")  # (PyTorch's masked_scatter_
# into zeros laid out as self, expanded to mask's shape, is)
masked_scatter = Op("MaskedScatterBackward0", _masked_scatter,
                    self=lambda grad, mask: masked_fill_scalar(grad, mask, 0),
                    source=lambda grad, mask, source_shape:
                        masked_scatter_backward(grad, mask, source_shape),
                    result="auto_linear")
masked_scatter_backward = Op("MaskedScatterBackwardBackward0", _masked_scatter_backward,
                             grad_output=lambda grad, grad_output, mask: masked_scatter(
                                 zeros_like(grad_output), mask, grad),
                             result="auto_linear")
take = Op("TakeBackward0",             lambda self, index: self.reshape(-1)[index],
          self=lambda grad, self, index: put(zeros_like(self), index, grad, True),
          result="auto_linear")
put = Op("PutBackward0",               _put,
         self=lambda grad, index, source, accumulate:
             grad if accumulate else put(grad, index, zeros_like(source), False),
         source=lambda grad, index, source: take(grad, index).reshape(source.shape),
         result="auto_linear")
put.keep_layout = True  # (_put writes into a copy laid out as self)
rot90 = Op("Rot90Backward0",           _rot90,
           self=lambda grad, k, dims: rot90(grad, -k, dims),
           result="auto_linear")
# (a src with more dims than self broadcasts to a larger shape: apply_inplace refuses it)
copy_ = Op("minigrad::autograd::CopyBackwards", lambda self, src: np.broadcast_to(
                                           np.asarray(src, dtype=self.dtype),
                                           np.broadcast_shapes(self.shape, np.shape(src))),
           promote=False,
           self=lambda grad: zeros_like(grad),
           src=lambda grad: grad,
           result=lambda self_t, src_t, self:  # (see _write_tangent: into self's, if it has one)
               zeros_like(self) if src_t is None
               else src_t if src_t.shape == self.shape and src_t.dtype == self.dtype  # (cloned)
               else apply_inplace(copy_, function._zero_tangent(self), src_t))
conj_physical_ = Op("ConjPhysicalBackward1", lambda self: self.copy(),  # (real:
                    self=lambda grad: grad,                             # its own conjugate)
                    result="auto_element_wise")
zero_ = Op("ZeroBackward0",            lambda self: np.zeros_like(self),
           self=lambda grad: zeros_like(grad),
           result="auto_linear")
fill_ = Op("FillBackward2",            lambda self, value: np.full_like(self, value),
           self=lambda grad: zeros_like(grad),
           result=lambda self_t: fill_(self_t, 0))
uniform_ = Op("UniformBackward0",      lambda self, from_, to, generator: _in_memory_order(
                                           self, generator.uniform(self.shape, self.dtype, from_, to)),
              self=lambda grad: zeros_like(grad),
              result=lambda self_t: zero_(self_t))   # random numbers: no gradient flows back
normal_ = Op("NormalBackward0",        lambda self, mean, std, generator: _in_memory_order(
                                           self, generator.normal(self.shape, self.dtype, mean,
                                                                  std, self.flags.c_contiguous)),
             self=lambda grad: zeros_like(grad),
             result=lambda self_t: zero_(self_t))
def _in_memory_order(self, values):
    """Random values drawn in row-major order, laid out as self's elements are in memory: PyTorch
    fills a tensor in the order of its memory (a transposed one column by column)."""
    out = np.empty_like(self, dtype=values.dtype)
    out.ravel(order="K")[...] = values.reshape(-1)
    return out


# part nsgap: torch.normal with tensor mean and/or std: random numbers, no gradient flows back
def _normal(mean, std, generator):
    """N(0, 1) * std + mean, two ops in the tensor argument's dtype (mean's if both are tensors),
    as PyTorch's normal_out_impl."""
    dtype = (mean if isinstance(mean, np.ndarray) else std).dtype
    noise = generator.normal(np.broadcast_shapes(np.shape(mean), np.shape(std)), dtype)
    return (noise * std + mean).astype(dtype)


def _no_gradient(grad, shape):
    return Tensor._make(np.zeros(shape, grad._data.dtype))


normal_tensor_float = Op("NormalBackward1", _normal, promote=False,
                         mean=lambda grad, mean_shape: _no_gradient(grad, mean_shape),
                         result=lambda mean_t: zeros_like(mean_t))
normal_float_tensor = Op("NormalBackward2", _normal, promote=False,
                         std=lambda grad, std_shape: _no_gradient(grad, std_shape),
                         result=lambda std_t: zeros_like(std_t))
normal_tensor_tensor = Op("NormalBackward3", _normal, promote=False,
                          mean=lambda grad, mean_shape: _no_gradient(grad, mean_shape),
                          std=lambda grad, std_shape: _no_gradient(grad, std_shape),
                          result=lambda mean_t, mean: zeros_like(_materialized(mean_t, mean)))
bernoulli = Op("BernoulliBackward0",    lambda self, generator: _new_bernoulli(self, self,
                                                                                generator),
               self=lambda grad: zeros_like(grad),   # 1 with probability self: no gradient
               result="auto_element_wise")
# the other in-place samplers: random numbers again, so no gradient flows back through them
def _draw_bernoulli(self, p, generator):
    """uniform < p for each element, in self's memory order (PyTorch's bernoulli_distribution:
    a float32 p is compared with a 24-bit uniform, a float64 one or a number with 53 bits)."""
    bits = p.dtype if isinstance(p, np.ndarray) and p.dtype == np.float32 else np.float64
    return (_in_memory_order(self, generator.uniform(self.shape, bits)) < p).astype(self.dtype)


def _new_bernoulli(self, p, generator):
    """torch.bernoulli(self[, p]): drawn into a new row-major tensor of self's shape and dtype,
    as PyTorch's empty_like(self, contiguous).bernoulli_(p)."""
    return _draw_bernoulli(np.empty(self.shape, self.dtype), p, generator)


bernoulli_ = Op("BernoulliBackward2",   _draw_bernoulli, promote=False,
                self=lambda grad: zeros_like(grad),
                result=lambda self_t: zero_(self_t))
bernoulli_p = Op("minigrad::autograd::NotImplemented", _new_bernoulli, promote=False,
                 self=_not_implemented("bernoulli"))  # torch.bernoulli(input, p): no formula there
bernoulli_tensor_ = Op("BernoulliBackward1", _draw_bernoulli, promote=False,
                       self=lambda grad: zeros_like(grad),
                       p=lambda p_info: _zeros(p_info),
                       result=lambda self_t: _fw(zero_, self_t))  # (as the comparisons': zeroed)
# part newfns2: torch.poisson and torch.binomial, drawn element by element (new, C-contiguous)
poisson = Op("PoissonBackward0",       lambda self, generator: generator.poisson(self),
             promote=False,
             self=lambda grad: zeros_like(grad),       # random counts: no gradient flows back
             result="auto_element_wise")
binomial = Op("minigrad::autograd::NotImplemented",
              lambda count, prob, generator: generator.binomial(count, prob), promote=False,
              count=_not_implemented("binomial"), prob=_not_implemented("binomial"))
poisson.contiguous = binomial.contiguous = True
random_from_ = Op("RandomBackward0",    lambda self, from_, to, generator: _in_memory_order(
                                            self, generator.integers(self.shape, self.dtype,
                                                                     from_, to + 1)),
                  self=lambda grad: zeros_like(grad),
                  result=lambda self_t: zero_(self_t))     # (here `to` is the last value drawn)
def _draw_up_to(self, to, generator):
    return _in_memory_order(self, generator.integers(self.shape, self.dtype, 0, to + 1))


random_to_ = Op("RandomBackward1",      _draw_up_to, self=lambda grad: zeros_like(grad),
                result=lambda self_t: zero_(self_t))
random_ = Op("RandomBackward2",         _draw_up_to, self=lambda grad: zeros_like(grad),
             result=lambda self_t: zero_(self_t))  # (no bound:
                                                                    # `to` is the dtype's largest)
cauchy_ = Op("CauchyBackward0",         lambda self, median, sigma, generator: _in_memory_order(
                                            self, generator.cauchy(self.shape, self.dtype, median,
                                                                   sigma)),
             self=lambda grad: zeros_like(grad),
             result=lambda self_t: zero_(self_t))
log_normal_ = Op("LogNormalBackward0",  lambda self, mean, std, generator: _in_memory_order(
                                            self, generator.log_normal(self.shape, self.dtype,
                                                                       mean, std)),
                 self=lambda grad: zeros_like(grad),
                 result=lambda self_t: zero_(self_t))
geometric_ = Op("GeometricBackward0",   lambda self, p, generator: _in_memory_order(
                                            self, generator.geometric(self.shape, self.dtype, p)),
                self=lambda grad: zeros_like(grad),
                result=lambda self_t: zero_(self_t))
fill = Op("FillBackward0",              lambda self, value: np.full_like(self, value),  # part nsgap:
          self=lambda grad: zeros_like(grad),                                   # torch.fill
          result=lambda self_t: fill(self_t, 0))                                   # torch.fill
fill_tensor = Op("FillBackward1",      lambda self, value: np.full_like(self, value), promote=False,
                 self=lambda grad: zeros_like(grad),
                 value=lambda grad: grad.sum(),
                 result="auto_linear")
fill_tensor_ = Op("FillBackward3",     lambda self, value: np.full_like(self, value),  # t[:] = 0.
                  promote=False,
                  self=lambda grad: zeros_like(grad),
                  value=lambda grad: grad.sum(),
                  result="auto_linear")

# --- neural-network functions -------------------------------------------------------------------
softmax = Op("SoftmaxBackward0",       _softmax, floating=True,
             self=lambda grad, result, dim: softmax_backward_data(grad, result, dim),
             result=lambda self_t, self, result, dim:
                 result * (self_t - _logsumexp_jvp(self, self_t, dim)))
log_softmax = Op("LogSoftmaxBackward0", _log_softmax, floating=True,
                 self=lambda grad, result, dim: log_softmax_backward_data(grad, result, dim),
                 result=lambda self_t, self, dim: self_t - _logsumexp_jvp(self, self_t, dim))
mse_loss = Op("MseLossBackward0",      lambda self, target, reduction="mean":
                                           {"mean": _mean, "sum": np.sum}.get(
                                               reduction, lambda a: a)((self - target) ** 2),
              self=lambda grad, self, target, reduction:
                  mse_loss_backward(grad, self, target, reduction),
              target=lambda grad, self, target, reduction:
                  mse_loss_backward(grad, target, self, reduction),
              result=lambda self_t, target_t, self, target, reduction: _apply_loss_reduction(
                  _fw_sum(_fw(mse_loss_backward, self_t, self, target, "none"),
                          _fw(mse_loss_backward, target_t, target, self, "none")), reduction))
nll_loss = Op("NllLossBackward0",      _nll_loss_forward, promote=False, extra=("total_weight",),
              self=lambda grad, self, target, weight, reduction, ignore_index, total_weight:
                  nll_loss_backward(grad, self, target, weight, reduction, ignore_index, total_weight),
              result="auto_linear")
# their backward formulas, ops of their own in PyTorch (so double backward names them):
softmax_backward_data = Op("SoftmaxBackwardDataBackward0",
                           lambda grad_output, output, dim: (grad_output - (grad_output * output)
                                                             .sum(axis=dim, keepdims=True)) * output,
                           grad_output=lambda grad, output, dim: softmax_backward_data(grad, output, dim),
                           output=lambda grad, grad_output, output, dim: grad_output * grad
                               - (output * grad_output).sum(dim, keepdim=True) * grad
                               - grad_output * (output * grad).sum(dim, keepdim=True),
                           result=_softmax_backward_data_jvp)
log_softmax_backward_data = Op("LogSoftmaxBackwardDataBackward0",
                               lambda grad_output, output, dim: grad_output - _rounded(np.exp, output)
                                   * grad_output.sum(axis=dim, keepdims=True),
                               grad_output=lambda grad, output, dim:
                                   grad - (grad * output.exp()).sum(dim, keepdim=True),
                               output=lambda grad, grad_output, output, dim:
                                   -grad_output.sum(dim, keepdim=True) * output.exp() * grad,
                               result=_log_softmax_backward_data_jvp)
mse_loss_backward = Op("MseLossBackwardBackward0",  # in self's dtype, even when target's differs
                       lambda grad_output, self, target, reduction: (_mse_norm(self.size, reduction)
                           * (self - target) * grad_output).astype(self.dtype), promote=False,
                       grad_output=lambda grad, grad_output, self, target, reduction:
                           _mse_double_backward_grad_output(grad, grad_output, self, target, reduction),
                       self=lambda grad, grad_output, self, reduction:
                           _mse_double_backward(grad * grad_output, self, reduction),
                       target=lambda grad, grad_output, target, reduction:
                           -_mse_double_backward(grad * grad_output, target, reduction),
                       result=(lambda self_t, grad_output, self, reduction:
                                   _mse_double_backward(self_t * grad_output, self, reduction),
                               lambda target_t, grad_output, target, reduction:
                                   -_mse_double_backward(target_t * grad_output, target, reduction),
                               lambda grad_output_t, self, target, reduction:
                                   mse_loss_backward(grad_output_t, self, target, reduction)))
nll_loss_backward = Op("NllLossBackwardBackward0", _nll_loss_backward, promote=False,
                       grad_output=lambda grad, target, weight, reduction, ignore_index:
                           nll_loss(grad, target, weight, reduction, ignore_index)[0],
                       self=lambda grad: zeros_like(grad),
                       # (none in derivatives.yaml: PyTorch's jvp goes through its decomposition,
                       # linear in grad_output and constant in self)
                       result=(lambda grad_output_t, self, target, weight, reduction, ignore_index,
                                      total_weight: nll_loss_backward(
                           grad_output_t, self, target, weight, reduction, ignore_index,
                           total_weight),))
# (N, C, H, W) scores: the same math, PyTorch's 2-D kernel and nodes of its own
nll_loss2d = Op("NllLoss2DBackward0",  _nll_loss_forward, promote=False, extra=("total_weight",),
                self=lambda grad, self, target, weight, reduction, ignore_index, total_weight:
                    nll_loss2d_backward(grad, self, target, weight, reduction, ignore_index,
                                        total_weight),
                result="auto_linear")
nll_loss2d_backward = Op("NllLoss2DBackwardBackward0", _nll_loss_backward, promote=False,
                         grad_output=lambda grad, target, weight, reduction, ignore_index:
                             nll_loss2d(grad, target, weight, reduction, ignore_index)[0],
                         self=lambda grad: zeros_like(grad),
                         result=(lambda grad_output_t, self, target, weight, reduction,  # (as
                                        ignore_index, total_weight: nll_loss2d_backward(  # above)
                             grad_output_t, self, target, weight, reduction, ignore_index,
                             total_weight),))


# part nn.functional (helper nnf): activations, linear's addmm, binary cross entropy
leaky_relu = Op("LeakyReluBackward0",  lambda self, negative_slope: np.where(
                                           self > 0, self, self * self.dtype.type(negative_slope)),
                self=lambda grad, self, negative_slope: leaky_relu_backward(grad, self, negative_slope),
                result="auto_element_wise")
hardtanh = Op("HardtanhBackward0",     lambda self, min_val, max_val: np.clip(
                                           self, *np.array([min_val, max_val]).astype(self.dtype)),
              promote=False,
              self=lambda grad, self, min_val, max_val: hardtanh_backward(grad, self, min_val, max_val),
              result="auto_element_wise")
silu = Op("SiluBackward0",             lambda self: _rounded(lambda x: x / (1 + np.exp(-x)), self),
          self=lambda grad, self: grad * self.sigmoid() * add_scalar(
              self * sub(Tensor._make(np.array(1.0, self._data.dtype)), self.sigmoid()), 1),
          result="auto_element_wise")
gelu = Op("GeluBackward0",             _gelu,
          self=lambda grad, self, approximate: gelu_backward(grad, self, approximate),
          result="auto_element_wise")
addmm = Op("AddmmBackward0",           lambda self, mat1, mat2, beta=1, alpha=1: _beta_self_plus(
                                           self, mat1 @ mat2, beta, alpha),
           self=lambda grad, beta: _maybe_multiply(grad, beta),  # (sum_to: engine)
           mat1=lambda grad, mat2, mat1_shape, mat1_strides, alpha: mm_mat1_backward(
               grad, mat2, mat1_shape, mat1_strides, alpha),
           mat2=lambda grad, mat1, mat2_shape, mat2_strides, alpha: mm_mat2_backward(
               grad, mat1, mat2_shape, mat2_strides, alpha),
           result=(lambda self_t, beta: _maybe_multiply(self_t, beta),
                   lambda mat1_t, mat2, alpha: _maybe_multiply(mm(mat1_t, mat2), alpha),
                   lambda mat1, mat2_t, alpha: _maybe_multiply(mm(mat1, mat2_t), alpha)))
binary_cross_entropy = Op("BinaryCrossEntropyBackward0", _binary_cross_entropy,
                          self=lambda grad, self, target, weight, reduction:
                              binary_cross_entropy_backward(grad, self, target, weight, reduction),
                          target=lambda grad, self, target, weight, reduction:
                              _bce_target_backward(grad, self, target, weight, reduction),
                          result=lambda self_t, target_t, self, target, weight, reduction:
                              _apply_loss_reduction(_fw_sum(
                                  _fw(binary_cross_entropy_backward, self_t, self, target, weight, 0),
                                  _fw(_bce_target_backward, target_t, self, target, weight, 0)),
                                  reduction))
logit = Op("LogitBackward0",           _logit, floating=True,
           self=lambda grad, self, eps: _logit_backward(grad, self, eps),
           result="auto_element_wise")
bce_with_logits = Op("BinaryCrossEntropyWithLogitsBackward0", _bce_with_logits,
                     self=lambda grad, self, target, weight, pos_weight, reduction:
                         _bce_with_logits_backward(grad, self, target, weight, pos_weight, reduction),
                     target=lambda grad, self, target, weight, pos_weight, reduction:
                         _bce_with_logits_target_backward(grad, self, target, weight, pos_weight,
                                                          reduction),
                     result=lambda self_t, target_t, self, target, weight, pos_weight, reduction:
                         _apply_loss_reduction(_fw_sum(
                             _fw(_bce_with_logits_backward, self_t, self, target, weight, pos_weight,
                                 0),
                             _fw(_bce_with_logits_target_backward, target_t, self, target, weight,
                                 pos_weight, 0)), reduction))
bce_with_logits.keep_layout = True  # (_bce_with_logits lays its result out as target is)
log_sigmoid = Op("LogSigmoidBackward0",  lambda self: (_log_sigmoid(self), _rounded(np.exp, -np.abs(self))),
                 extra=("buffer",),
                 self=lambda grad, self, buffer: log_sigmoid_backward(grad, self, buffer),
                 result=lambda self_t, self, buffer: log_sigmoid_backward(self_t, self, buffer))
log_sigmoid.contiguous = True  # (its kernel fills new row-major output and buffer)
# their backward formulas, ops of their own in PyTorch (so double backward names them):
log_sigmoid_backward = Op("LogSigmoidBackwardBackward0", _log_sigmoid_backward,
                          grad_output=lambda grad, self, buffer: log_sigmoid_backward(grad, self, buffer),
                          self=lambda grad, grad_output, self:
                              _log_sigmoid_double_backward(grad * grad_output, self),
                          result=(lambda grad_output_t, self, buffer: log_sigmoid_backward(grad_output_t, self, buffer),
                                         lambda self_t, grad_output, self: _log_sigmoid_double_backward(self_t * grad_output, self)))
leaky_relu_backward = Op("LeakyReluBackwardBackward0", lambda grad_output, self, negative_slope:
                             np.where(self > 0, grad_output, grad_output * grad_output.dtype.type(
                                 negative_slope)),
                         grad_output=lambda grad, self, negative_slope:
                             leaky_relu_backward(grad, self, negative_slope),
                         self=lambda grad: zeros_like(grad),
                         result=(lambda grad_output_t, self, negative_slope:  # (constant in self)
                                            leaky_relu_backward(grad_output_t, self, negative_slope),))
hardtanh_backward = Op("HardtanhBackwardBackward0", lambda grad_output, self, min_val, max_val:
                           np.where((self > min_val) & (self < max_val), grad_output, 0),
                       promote=("grad_output",),
                       grad_output=lambda grad, self, min_val, max_val:
                           hardtanh_backward(grad, self, min_val, max_val),
                       self=lambda grad: zeros_like(grad),
                       result=(lambda grad_output_t, self, min_val, max_val:  # (constant in self)
                                          where((self > min_val) & (self < max_val), grad_output_t, 0.0),))
gelu_backward = Op("GeluBackwardBackward0", _gelu_backward,
                   grad_output=lambda grad, self, approximate: gelu_backward(grad, self, approximate),
                   self=lambda grad, grad_output, self, approximate:
                       _gelu_double_backward(grad, grad_output, self, approximate),
                   result=(lambda grad_output_t, self, approximate: gelu_backward(grad_output_t, self, approximate),
                                  lambda self_t, grad_output, self, approximate:
                                      _gelu_double_backward(self_t, grad_output, self, approximate)))
binary_cross_entropy_backward = Op("BinaryCrossEntropyBackwardBackward0", _binary_cross_entropy_backward,
                                   grad_output=lambda grad, self, target, weight, reduction:
                                       _bce_double_backward_grad_output(grad, self, target, weight,
                                                                        reduction),
                                   self=lambda grad, grad_output, self, target, weight, reduction:
                                       _bce_double_backward(grad_output, grad, self, target, weight,
                                                            reduction),
                                   target=lambda grad, grad_output, self, target, weight, reduction:
                                       _bce_double_backward_target(grad, grad_output, self, target,
                                                                   weight, reduction),
                                   result=(lambda self_t, grad_output, self, target, weight, reduction:
                                                      _bce_double_backward(grad_output, self_t, self, target, weight, reduction),
                                                  lambda target_t, grad_output, self, target, weight, reduction:
                                                      _bce_double_backward_target(target_t, grad_output, self, target, weight, reduction),
                                                  lambda grad_output_t, self, target, weight, reduction:
                                                      _bce_double_backward_grad_output(grad_output_t, self, target, weight, reduction)))


# part misc3: elu, smooth_l1_loss, huber_loss. Losses take PyTorch's reduction enum (0 none,
# 1 mean, 2 sum), which their nodes save; float32 math in PyTorch's kernels' order, for its digits.
def _by_reduction(loss, reduction):
    return (lambda a: a, _mean, np.sum)[reduction](loss)


def _elu(self, alpha, scale, input_scale):
    """scale * x for x > 0, else alpha * scale * (exp(input_scale * x) - 1) (expm1: exact near 0)."""
    t = self.dtype.type
    neg = _rounded(np.expm1, self * t(input_scale)) * (t(alpha) * t(scale))
    return np.where(self < 0, neg, self * t(scale))  # (0 and -0 keep their sign, as PyTorch's)


def _elu_backward(grad_output, alpha, scale, input_scale, is_result, self_or_result):
    """elu's derivative times grad_output, from the input or (in place, is_result) the output:
    for x <= 0 the output y gives it as input_scale * (y + alpha * scale)."""
    t, x = grad_output.dtype.type, self_or_result
    negcoef = t(alpha) * t(scale)
    neg = (grad_output * t(input_scale) * (x + negcoef) if is_result else
           grad_output * t(input_scale) * negcoef * _rounded(np.exp, x * t(input_scale)))
    return np.where(x <= 0, neg, grad_output * t(scale))


def _elu_double_backward(grad, grad_output, alpha, scale, input_scale, is_result, self_or_result):
    """PyTorch's elu_double_backward: elu's second derivative (0 for x > 0) times both grads."""
    negative = (self_or_result < 0).to(grad.dtype)
    g = mul_scalar(grad * grad_output, input_scale)
    if is_result:
        return g * negative
    return elu_backward(g, alpha, scale, input_scale, is_result, self_or_result) * negative


def _smooth_l1_loss(self, target, reduction, beta):
    """0.5 z^2 / beta where z = |x - t| < beta, else z - 0.5 beta: quadratic near 0, linear
    (like l1) beyond, with matching value and slope at beta."""
    t, z = self.dtype.type, np.abs(self - target)
    return _by_reduction(np.where(z < t(beta), t(0.5) * z * z / t(beta), z - t(0.5) * t(beta)),
                         reduction)


def _smooth_l1_loss_backward(grad_output, self, target, reduction, beta):
    """norm * (x / beta inside, its sign outside) * grad_output, as PyTorch's vectorized kernel
    (in the inputs' common dtype, returned in self's, as PyTorch's grad_input is)."""
    x = self - target
    t = np.result_type(x, grad_output).type
    norm = t(1 / self.size if reduction == 1 and self.size else 1)
    slope = np.where(np.abs(x) >= t(beta), np.where(x > 0, t(1), t(-1)), x / t(beta))
    return (norm * slope * grad_output).astype(self.dtype)


def _smooth_l1_double_backward(grad, self, target, reduction, beta):
    """PyTorch's smooth_l1_loss_double_backward: the second derivative is 1 / beta inside."""
    g = div_scalar(grad * ((self - target).abs() < beta).to(grad.dtype), beta)
    return div_scalar(g, self.numel()) if reduction == 1 else g


def _huber_loss(self, target, reduction, delta):
    """0.5 z^2 where z = |x - t| < delta, else delta (z - 0.5 delta): smooth_l1 times delta.
    Computed in the common dtype, stored in the input's (PyTorch writes into empty_like(input))."""
    z = np.abs(self - target)
    t = z.dtype.type
    loss = np.where(z < t(delta), t(0.5) * z * z, t(delta) * (z - t(0.5) * t(delta)))
    loss = _by_reduction(loss.astype(self.dtype, copy=False), reduction)
    return _copy_preserving(loss, like=self) if reduction == 0 else loss


def _huber_loss_backward(grad_output, self, target, reduction, delta):
    """In the inputs' common dtype, returned in self's, as PyTorch's grad_input is."""
    x = self - target
    t = np.result_type(x, grad_output).type
    norm = t(1 / self.size if reduction == 1 and self.size else 1)
    return np.where(x <= -t(delta), -norm * grad_output * t(delta), np.where(
        x >= t(delta), norm * grad_output * t(delta), norm * x * grad_output)).astype(self.dtype)


def _huber_double_backward(grad, self, target, reduction, delta):
    """PyTorch's huber_loss_double_backward: the second derivative is 1 inside delta."""
    g = grad * ((self - target).abs() < delta)
    return div_scalar(g, self.numel()) if reduction == 1 else g


def _loss_double_backward_grad_output(backward, grad, grad_output, self, target, reduction, param):
    """The derivative of a loss backward with respect to its grad_output: the backward itself
    (seeded by grad), summed when the loss was reduced to one number."""
    if reduction == 0:
        return backward(grad, self, target, reduction, param)
    return (backward(ones_like(grad_output), self, target, reduction, param) * grad).sum()


elu = Op("EluBackward0",               _elu,
         self=lambda grad, self, alpha, scale, input_scale:
             elu_backward(grad, alpha, scale, input_scale, False, self),
         result="auto_element_wise")
elu_ = Op("EluBackward1",              _elu,      # in place: x is gone, the output stands in
          self=lambda grad, result, alpha, scale, input_scale:
              elu_backward(grad, alpha, scale, input_scale, True, result),
          result="auto_element_wise")  # (self_t is the tangent self had: original_self_t)
smooth_l1_loss = Op("SmoothL1LossBackward0", _smooth_l1_loss,
                    self=lambda grad, self, target, reduction, beta:
                        smooth_l1_loss_backward(grad, self, target, reduction, beta),
                    target=lambda grad, self, target, reduction, beta:
                        smooth_l1_loss_backward(grad, target, self, reduction, beta),
                    result=lambda self_t, target_t, self, target, reduction, beta:
                        _apply_loss_reduction(_fw_sum(
                            _fw(smooth_l1_loss_backward, self_t, self, target, 0, beta),
                            _fw(smooth_l1_loss_backward, target_t, target, self, 0, beta)),
                            reduction))
huber_loss = Op("HuberLossBackward0",  _huber_loss, promote=False,
                self=lambda grad, self, target, reduction, delta:
                    huber_loss_backward(grad, self, target, reduction, delta),
                target=lambda grad, self, target, reduction, delta:
                    huber_loss_backward(grad, target, self, reduction, delta),
                result=lambda self_t, target_t, self, target, reduction, delta:
                    _apply_loss_reduction(_fw_sum(
                        _fw(huber_loss_backward, self_t, self, target, 0, delta),
                        _fw(huber_loss_backward, target_t, target, self, 0, delta)),
                        reduction))
huber_loss.keep_layout = True  # (its forward and soft_margin_loss's lay losses out as self is)
# their backward formulas, ops of their own in PyTorch (so double backward names them):
elu_backward = Op("EluBackwardBackward0", _elu_backward,
                  grad_output=lambda grad, alpha, scale, input_scale, is_result, self_or_result:
                      elu_backward(grad, alpha, scale, input_scale, is_result, self_or_result),
                  self_or_result=lambda grad, grad_output, alpha, scale, input_scale, is_result,
                      self_or_result: _elu_double_backward(grad, grad_output, alpha, scale,
                                                           input_scale, is_result, self_or_result),
                  result=(lambda grad_output_t, alpha, scale, input_scale, is_result, self_or_result:
                                     elu_backward(grad_output_t, alpha, scale, input_scale, is_result, self_or_result),
                                 lambda self_or_result_t, grad_output, alpha, scale, input_scale, is_result, self_or_result:
                                     _elu_double_backward(self_or_result_t, grad_output, alpha, scale, input_scale,
                                                          is_result, self_or_result)))
smooth_l1_loss_backward = Op("SmoothL1LossBackwardBackward0", _smooth_l1_loss_backward, promote=False,
                             grad_output=lambda grad, grad_output, self, target, reduction, beta:
                                 _loss_double_backward_grad_output(smooth_l1_loss_backward, grad,
                                     grad_output, self, target, reduction, beta),
                             self=lambda grad, grad_output, self, target, reduction, beta:
                                 _smooth_l1_double_backward(grad * grad_output, self, target, reduction, beta),
                             target=lambda grad, grad_output, self, target, reduction, beta:
                                 -_smooth_l1_double_backward(grad * grad_output, self, target, reduction, beta),
                             result=(lambda self_t, grad_output, self, target, reduction, beta:
                                                _smooth_l1_double_backward(self_t * grad_output, self, target, reduction, beta),
                                            lambda target_t, grad_output, self, target, reduction, beta:
                                                -_smooth_l1_double_backward(target_t * grad_output, self, target, reduction, beta),
                                            lambda grad_output_t, self, target, reduction, beta:
                                                smooth_l1_loss_backward(grad_output_t, self, target, reduction, beta)))
huber_loss_backward = Op("HuberLossBackwardBackward0", _huber_loss_backward, promote=False,
                         grad_output=lambda grad, grad_output, self, target, reduction, delta:
                             _loss_double_backward_grad_output(huber_loss_backward, grad,
                                 grad_output, self, target, reduction, delta),
                         self=lambda grad, grad_output, self, target, reduction, delta:
                             _huber_double_backward(grad * grad_output, self, target, reduction, delta),
                         target=lambda grad, grad_output, self, target, reduction, delta:
                             -_huber_double_backward(grad * grad_output, self, target, reduction, delta))

# --- part loss3: soft_margin_loss (the other new losses are composites in nn/functional.py) -----
def _soft_margin_loss(self, target, reduction):
    """log(1 + exp(-target * x)), as PyTorch's kernel: neg, mul by target, exp, log1p."""
    loss = _by_reduction(_rounded(np.log1p, _rounded(np.exp, -self * target)), reduction)
    return _copy_preserving(loss, like=self) if reduction == 0 else loss  # (into empty_like(self))


def _soft_margin_loss_backward(grad_output, self, target, reduction):
    """-target * z / (1 + z) * grad_output, z = exp(-target * x) (divided by n for 'mean')."""
    z = _rounded(np.exp, -target * self)
    norm = 1 / self.size if reduction == 1 and self.size else 1.0
    return target * z * self.dtype.type(-norm) / (z + 1) * grad_output


def _soft_margin_double_backward(grad, self, target, reduction):
    """PyTorch's soft_margin_loss_double_backward: the second derivative t^2 z / (1 + z)^2."""
    z = (self * -target).exp()
    zplus1 = add_scalar(z, 1)
    g = grad * (target * target) * z / (zplus1 * zplus1)
    return div_scalar(g, self.numel()) if reduction == 1 else g


def _soft_margin_double_backward_grad_output(grad, grad_output, self, target, reduction):
    """The backward itself (seeded by grad), summed when the loss was reduced to one number."""
    if reduction == 0:
        return soft_margin_loss_backward(grad, self, target, reduction)
    return (soft_margin_loss_backward(ones_like(grad_output), self, target, reduction) * grad).sum()


def _soft_margin_loss_jvp(self_t, self, target, reduction):
    """apply_loss_reduction(soft_margin_loss_backward(self_t, ...)). PyTorch writes a reduced
    loss into the elementwise losses' memory, shrunk to one number: a tangent laid out otherwise
    than its primal is copied into new zeros (CopyBackwards, with create_graph)."""
    t = _apply_loss_reduction(soft_margin_loss_backward(self_t, self, target, 0), reduction)
    return t if reduction == 0 else zeros_like(t).copy_(t)


soft_margin_loss = Op("SoftMarginLossBackward0", _soft_margin_loss,
                      self=lambda grad, self, target, reduction:
                          soft_margin_loss_backward(grad, self, target, reduction),
                      result=_soft_margin_loss_jvp)
soft_margin_loss.keep_layout = True
soft_margin_loss_backward = Op("SoftMarginLossBackwardBackward0", _soft_margin_loss_backward,
                               grad_output=lambda grad, grad_output, self, target, reduction:
                                   _soft_margin_double_backward_grad_output(
                                       grad, grad_output, self, target, reduction),
                               self=lambda grad, grad_output, self, target, reduction:
                                   _soft_margin_double_backward(grad * grad_output, self, target,
                                                                reduction))
for _op in (mse_loss_backward, smooth_l1_loss_backward, huber_loss_backward,
            soft_margin_loss_backward):
    _op.contiguous = True  # (into zeros_like(self, LEGACY_CONTIGUOUS_MEMORY_FORMAT), in PyTorch)

# --- part loss3: prelu. PyTorch's _prelu_kernel_backward is one node with two outputs, the
# input's and the weight's gradients (the weight's has the input's shape: the engine sums it to
# the weight's (1, C, 1, ...), as PyTorch's does).
def _prelu_kernel_backward(grad_output, self, weight):
    return (np.where(self > 0, grad_output, weight * grad_output),
            np.where(self > 0, 0, self * grad_output).astype(self.dtype, copy=False))


def _prelu_double_backward_grad_output(grads, self, weight):
    """derivatives.yaml's formula: each output's share, for those that got a gradient."""
    g_input, g_weight = grads
    if g_input is None:
        return where(self >= 0, zeros_like(g_weight), g_weight * self)
    if g_weight is None:
        return where(self >= 0, g_input, g_input * weight)
    return where(self >= 0, g_input, g_input * weight + g_weight * self)


prelu_kernel = Op("PreluKernelBackward0", lambda self, weight: np.where(self > 0, self, weight * self),
                  **{"self, weight": lambda grad, self, weight:
                     prelu_kernel_backward(grad, self, weight)},
                  result=lambda self_t, weight_t, self, weight: where(
                      self >= 0, _materialized(self_t, self),
                      _fw_sum(_fw(mul, self_t, weight), _fw(mul, weight_t, self))))
prelu_kernel_backward = Op(
    "PreluKernelBackwardBackward0", _prelu_kernel_backward, outputs=("result0", "result1"),
    grad_output=lambda grads, self, weight: _prelu_double_backward_grad_output(grads, self, weight),
    self=lambda grads, grad_output, self: zeros_like(self) if grads[1] is None else
        where(self >= 0, zeros_like(grads[1]), grad_output * grads[1]),
    weight=lambda grads, grad_output, self: zeros_like(self) if grads[0] is None else
        where(self >= 0, zeros_like(grads[0]), grad_output * grads[0]),
    result={"result0": lambda grad_output_t, weight_t, grad_output, self, weight: where(
                self >= 0, _materialized(grad_output_t, grad_output),
                _fw_sum(_fw(mul, grad_output_t, weight), _fw(mul, weight_t, grad_output))),
            "result1": lambda grad_output_t, self_t, grad_output, self: where(
                self >= 0, 0.0, _materialized(_fw_sum(_fw(mul, self_t, grad_output),
                                                      _fw(mul, grad_output_t, self)), self))})


# --- part conv: convolution, its backward, constant_pad_nd ------------------------------------
def _conv_windows(input, kernel_size, stride, padding, dilation):
    """(N, C, *out, *kernel): each output position's receptive field, a view of the padded input
    (the window spans dilation * (k - 1) + 1 pixels and takes every dilation-th)."""
    nd = len(kernel_size)
    x = np.pad(input, [(0, 0)] * 2 + [(p, p) for p in padding])
    span = [d * (k - 1) + 1 for k, d in zip(kernel_size, dilation)]
    win = np.lib.stride_tricks.sliding_window_view(x, span, axis=tuple(range(2, 2 + nd)))
    return win[(slice(None),) * 2 + tuple(slice(None, None, s) for s in stride)
               + tuple(slice(None, None, d) for d in dilation)]


def _im2col(input, kernel_size, stride, padding, dilation, groups):
    """The windows as matrices (N, groups, out_pixels, C/groups * kernel pixels), as PyTorch's
    im2col lays them out, so that a convolution is one batched matrix product."""
    win = _conv_windows(input, kernel_size, stride, padding, dilation)
    n, nd = input.shape[0], len(kernel_size)
    win = win.reshape(n, groups, input.shape[1] // groups, *win.shape[2:])  # N, g, C/g, *out, *kernel
    order = (0, 1, *range(3, 3 + nd), 2, *range(3 + nd, 3 + 2 * nd))
    return win.transpose(order).reshape(n, groups, math.prod(win.shape[3:3 + nd]),
                                        win.shape[2] * math.prod(kernel_size))


def _convolution(input, weight, bias, stride, padding, dilation, transposed, output_padding,
                 groups):
    """out[n, o] = bias[o] + the sum over input channels c and kernel offsets of weight[o, c, offset]
    * the input pixels that offset reads. Done as one matrix product of the im2col windows with
    the weights, as PyTorch's slow_conv2d (and oneDNN for a batch of one); a float32 batch adds up
    as oneDNN's direct kernel does: one fused multiply-add per kernel offset and input channel,
    channels innermost, the bias last (PyTorch's bits with up to 16 channels a group)."""
    n, (o, cg), g, nd = input.shape[0], weight.shape[:2], groups, weight.ndim - 2
    if transposed:  # conv_transpose: the input gradient of a convolution with this weight
        out_size = [(i - 1) * s - 2 * p + d * (k - 1) + op + 1 for i, k, s, p, d, op in zip(
            input.shape[2:], weight.shape[2:], stride, padding, dilation, output_padding)]
        out = _conv_input_grad(input, np.broadcast_to(input.dtype.type(0), (n, cg * g, *out_size)),
                               weight, stride, padding, dilation, False, output_padding, groups)
        return out if bias is None else out + bias.astype(out.dtype).reshape(-1, *[1] * nd)
    if input.dtype == np.float32 and n > 1:
        win = _conv_windows(input, weight.shape[2:], stride, padding, dilation)
        win = win.reshape(n, g, 1, cg, *win.shape[2:])                    # N, g, 1, C/g, *out, *kernel
        w = weight.reshape(g, o // g, cg, *[1] * nd, *weight.shape[2:])  # g, O/g, C/g, 1.., *kernel
        out = np.zeros((n, g, o // g, *win.shape[4:4 + nd]), np.float32)
        for k in np.ndindex(*weight.shape[2:]):
            for c in range(cg):
                out = _fma(win[(slice(None),) * 3 + (c, ...) + k], w[(slice(None),) * 2 + (c, ...) + k], out)
    else:
        cols = _im2col(input, weight.shape[2:], stride, padding, dilation, groups)
        out = np.matmul(weight.reshape(g, o // g, cols.shape[3]), cols.swapaxes(-1, -2))
    out_size = [(i + 2 * p - d * (k - 1) - 1) // s + 1 for i, k, s, p, d in zip(
        input.shape[2:], weight.shape[2:], stride, padding, dilation)]
    out = out.reshape(n, o, *out_size)
    return out if bias is None else out + bias.reshape(-1, *[1] * nd)


def _conv_input_grad(grad_output, input, weight, stride, padding, dilation, transposed,
                     output_padding, groups):
    """The gradient of a convolution for its input, a transposed convolution: each output pixel
    sends grad * weight back to the input pixels its window read (a loop over kernel offsets,
    adding one strided slice of the padded input each)."""
    n, g, kernel_size = input.shape[0], groups, weight.shape[2:]
    go = grad_output.reshape(n, g, weight.shape[0] // g, math.prod(grad_output.shape[2:]))
    w = weight.reshape(g, weight.shape[0] // g, math.prod(weight.shape[1:]))
    cols = np.matmul(w.swapaxes(-1, -2), go)  # N, g, C/g * kernel pixels, out_pixels
    cols = cols.reshape(n, input.shape[1], *kernel_size, *grad_output.shape[2:])
    gi = np.zeros((n, input.shape[1], *[i + 2 * p for i, p in zip(input.shape[2:], padding)]),
                  grad_output.dtype)
    for k in np.ndindex(*kernel_size):
        gi[(slice(None),) * 2 + tuple(slice(j * d, j * d + s * (o - 1) + 1, s) for j, d, s, o in zip(
            k, dilation, stride, grad_output.shape[2:]))] += cols[(slice(None),) * 2 + k]
    return gi[(slice(None),) * 2 + tuple(slice(p, p + i) for p, i in zip(padding, input.shape[2:]))]


def _conv_weight_grad(grad_output, input, weight, stride, padding, dilation, transposed,
                      output_padding, groups):
    """The gradient of a convolution for its weight: each weight meets, summed over the batch
    and the output pixels, the grad of an output pixel times the input pixel it read there."""
    cols = _im2col(input, weight.shape[2:], stride, padding, dilation, groups)
    n, g = input.shape[0], groups
    go = grad_output.reshape(n, g, weight.shape[0] // g, cols.shape[2])
    gw = np.matmul(go.transpose(1, 2, 0, 3).reshape(g, go.shape[2], n * cols.shape[2]),
                   cols.transpose(1, 0, 2, 3).reshape(g, n * cols.shape[2], cols.shape[3]))
    return gw.reshape(weight.shape)


def _conv_bias_grad(grad_output, input, weight, stride, padding, dilation, transposed,
                    output_padding, groups):
    return _sum(grad_output, axis=(0, *range(2, grad_output.ndim)))


def _conv_transpose_input_grad(grad_output, input, weight, stride, padding, dilation, transposed,
                               output_padding, groups):
    """A transposed convolution's input gradient: the plain convolution of grad with the same
    weight (cut to the input's size: an output_padding below dilation can add a window)."""
    gi = _convolution(grad_output, weight, None, stride, padding, dilation, False, output_padding,
                      groups)
    return gi[(slice(None),) * 2 + tuple(slice(0, i) for i in input.shape[2:])]


def _conv_transpose_weight_grad(grad_output, input, weight, stride, padding, dilation, transposed,
                                output_padding, groups):
    """weight[c, o, k] met input[n, c, i] at output pixel i * stride + k * dilation - padding:
    each input pixel times the grad windows a convolution of grad would read there."""
    nd, g, n = weight.ndim - 2, groups, input.shape[0]
    win = _conv_windows(grad_output, weight.shape[2:], stride, padding, dilation)
    win = win[(slice(None),) * 2 + tuple(slice(0, i) for i in input.shape[2:])]  # N, O, *in, *k
    x = input.reshape(n, g, input.shape[1] // g, math.prod(input.shape[2:]))
    w = win.reshape(n, g, weight.shape[1], x.shape[3], math.prod(weight.shape[2:]))
    return np.einsum("ngci,ngoik->gcok", x, w).reshape(weight.shape)


def _convolution_backward(grad_output, input, weight, bias_sizes, stride, padding, dilation,
                          transposed, output_padding, groups, output_mask):
    """PyTorch's convolution_backward: the gradients for input, weight and bias that output_mask
    asks for (None for the others), three outputs of one node."""
    args = (grad_output, input, weight, stride, padding, dilation, transposed, output_padding, groups)
    fs = ((_conv_transpose_input_grad, _conv_transpose_weight_grad) if transposed
          else (_conv_input_grad, _conv_weight_grad))
    return tuple(f(*args) if wanted else None for f, wanted in zip((*fs, _conv_bias_grad), output_mask))


def _convolution_double_backward(ggI, ggW, ggb, gO, weight, input, stride, padding, dilation,
                                 transposed, output_padding, groups, grad_input_mask):
    """PyTorch's _convolution_double_backward: the gradients for (grad_output, input, weight) of
    convolution_backward, given those of its three outputs (None: an output got none). grad_output
    gets a share from each; input's comes from ggW, weight's from ggI."""
    a = (stride, padding, dilation, transposed, output_padding, groups)
    ggO = None if ggI is None else convolution(ggI, weight, None, *a)
    if ggW is not None:
        part = convolution(input, ggW, None, *a)
        ggO = part if ggO is None else ggO + part
    if ggb is not None:
        part = ggb.reshape(-1, *[1] * (gO.dim() - 2)).expand(gO.shape)
        ggO = part if ggO is None else ggO + part
    gI = gW = None
    if grad_input_mask[1] and ggW is not None:
        gI = convolution_backward(gO, input, ggW, None, *a, (True, False, False))[0]
    if grad_input_mask[2] and ggI is not None:
        gW = convolution_backward(gO, ggI, weight, None, *a, (False, True, False))[1]
    return ggO, gI, gW


def _convolution_jvp(input, input_t, weight, weight_t, bias, bias_t, *args):
    """PyTorch's convolution_jvp: linear in input and in weight, so conv(input_t, weight) +
    conv(input, weight_t) + bias_t (a missing tangent: zeros, as PyTorch's generated code)."""
    return convolution(_materialized(input_t, input), weight, None, *args) + convolution(
        input, _materialized(weight_t, weight), None if bias is None else _materialized(bias_t, bias),
        *args)


convolution = Op("ConvolutionBackward0", _convolution, promote=False, **{
    "input, weight, bias": lambda grad, input, weight, bias_shape_opt, stride, padding, dilation,
    transposed, output_padding, groups, grad_input_mask: convolution_backward(
        grad, input, weight, bias_shape_opt, stride, padding, dilation, transposed,
        output_padding, groups, grad_input_mask)},
    result=lambda input_t, weight_t, bias_t, input, weight, bias, stride, padding, dilation,
    transposed, output_padding, groups: _convolution_jvp(
        input, input_t, weight, weight_t, bias, bias_t, stride, padding, dilation, transposed,
        output_padding, groups))
convolution_backward = Op(
    "ConvolutionBackwardBackward0", _convolution_backward, promote=False,
    outputs=("result0", "result1", "result2"), **{
        "grad_output, input, weight": lambda grads, grad_output, input, weight, stride, padding,
        dilation, transposed, output_padding, groups, grad_input_mask:
        _convolution_double_backward(*grads, grad_output, weight, input, stride, padding,
                                     dilation, transposed, output_padding, groups, grad_input_mask)},
    result={"result0": lambda grad_output_t, weight_t, grad_output, input, weight, bias_sizes, stride,
            padding, dilation, transposed, output_padding, groups: _convolution_backward_jvp(
                0, grad_output_t, weight_t, grad_output, input, weight, (
                    bias_sizes, stride, padding, dilation, transposed, output_padding, groups)),
            "result1": lambda grad_output_t, input_t, grad_output, input, weight, bias_sizes, stride,
            padding, dilation, transposed, output_padding, groups: _convolution_backward_jvp(
                1, grad_output_t, input_t, grad_output, input, weight, (
                    bias_sizes, stride, padding, dilation, transposed, output_padding, groups)),
            "result2": lambda grad_output_t, grad_output: _materialized(grad_output_t, grad_output).sum(
                (0, *range(2, grad_output.dim())))})


def _convolution_backward_jvp(k, grad_output_t, other_t, grad_output, input, weight, conv):
    """derivatives.yaml's result0 and result1 of convolution_backward: the input's gradient is
    bilinear in (grad_output, weight), the weight's in (grad_output, input), so its tangent is
    the backward with one of them replaced by its tangent, plus the other (a missing tangent is
    zeros, as PyTorch's efficient zero runs through the kernel)."""
    conv = (*conv, (k == 0, k == 1, False))  # (convolution_backward's other arguments, its mask)
    a, b = (input, _materialized(other_t, weight)) if k == 0 else (_materialized(other_t, input), weight)
    return (convolution_backward(grad_output, a, b, *conv)[k]
            + convolution_backward(_materialized(grad_output_t, grad_output), input, weight, *conv)[k])


def _constant_pad_nd(self, pad, value=0):
    """pad = (last dim's left, right, the dim before's left, right, ...); negative pads crop."""
    pairs = [(0, 0)] * (self.ndim - len(pad) // 2) + [
        (pad[i], pad[i + 1]) for i in range(len(pad) - 2, -1, -2)]
    crop = tuple(slice(-builtins.min(l, 0), n + builtins.min(r, 0))
                 for (l, r), n in zip(pairs, self.shape))
    return np.pad(self[crop], [(builtins.max(l, 0), builtins.max(r, 0)) for l, r in pairs],
                  constant_values=value)


constant_pad_nd = Op("ConstantPadNdBackward0", _constant_pad_nd, promote=False,
                     self=lambda grad, pad: constant_pad_nd(grad, tuple(-p for p in pad)),
                     result=lambda self_t, pad: constant_pad_nd(self_t, pad, 0))


# --- part pad2: reflection and replication padding ---------------------------------------------
def _pad_index(shape, padding, mode):
    """Which input pixel each output pixel copies: np.pad (mode 'reflect' or 'edge') of the
    padded dims' own flat indices; negative pads crop afterwards."""
    pairs = [(padding[i], padding[i + 1]) for i in range(len(padding) - 2, -1, -2)]
    dims = shape[len(shape) - len(pairs):]
    idx = np.pad(np.arange(math.prod(dims)).reshape(dims),
                 [(builtins.max(l, 0), builtins.max(r, 0)) for l, r in pairs], mode=mode)
    return idx[tuple(slice(-builtins.min(l, 0), n + builtins.min(r, 0))
                     for (l, r), n in zip(pairs, idx.shape))]


def _pad_forward(self, padding, mode):
    idx = _pad_index(self.shape, padding, mode)
    lead = self.ndim - idx.ndim
    return self.reshape(*self.shape[:lead], math.prod(self.shape[lead:]))[..., idx]


def _pad_backward(grad_output, self, padding, mode):
    """Each output pixel's grad added to the input pixel it copied, in output order (as
    PyTorch's loop adds them): np.add.at on the flat indices."""
    idx = _pad_index(self.shape, padding, mode).ravel()
    lead = self.ndim - len(padding) // 2
    gi = np.zeros((math.prod(self.shape[:lead]), math.prod(self.shape[lead:])), grad_output.dtype)
    np.add.at(gi, (slice(None), idx), grad_output.reshape(gi.shape[0], idx.size))
    return gi.reshape(self.shape)


def _pad_rows(name, mode):
    """reflection_padNd / replication_padNd and its backward (derivatives.yaml: the backward's
    gradient for grad_output pads again; for self, zeros)."""
    pad = Op(f"{name}Backward0", lambda self, padding: _pad_forward(self, padding, mode),
             promote=False,
             self=lambda grad, self, padding: pad_backward(grad, self, padding),
             result="auto_linear")
    pad_backward = Op(f"{name}BackwardBackward0", lambda grad_output, self, padding:
                      _pad_backward(grad_output, self, padding, mode), promote=False,
                      grad_output=lambda grad, padding: pad(grad, padding),
                      self=lambda grad, self_shape: Tensor._make(np.zeros(self_shape,
                                                                          grad._data.dtype)),
                      result=(lambda grad_output_t, self, padding:  # (constant in self)
                                  pad_backward(grad_output_t, self, padding),))
    pad.contiguous = pad_backward.contiguous = True
    return pad, pad_backward


reflection_pad1d, reflection_pad1d_backward = _pad_rows("ReflectionPad1D", "reflect")
reflection_pad2d, reflection_pad2d_backward = _pad_rows("ReflectionPad2D", "reflect")
reflection_pad3d, reflection_pad3d_backward = _pad_rows("ReflectionPad3D", "reflect")
replication_pad1d, replication_pad1d_backward = _pad_rows("ReplicationPad1D", "edge")
replication_pad2d, replication_pad2d_backward = _pad_rows("ReplicationPad2D", "edge")
replication_pad3d, replication_pad3d_backward = _pad_rows("ReplicationPad3D", "edge")


# --- part pad2: upsampling, as PyTorch's UpSample.h: per spatial dim, which input positions each
# output position reads and with which weights, in the op's float type (float32 math for float32)
def _opmath(dtype):
    return np.dtype(np.float64 if dtype == np.float64 else np.float32)


def _scale(in_size, out_size, scale, dt):
    """compute_scales_value: 1 / the scale factor when one was given, else in / out."""
    if scale is not None and scale > 0:
        return dt.type(1.0 / scale)
    return dt.type(in_size) / dt.type(out_size)


def _nearest_index(in_size, out_size, scale, exact=False):
    """floor(o * scale), the scale in float32 whatever the dtype; exact for factors 1 and 2.
    nearest-exact reads the pixel whose centre is nearest: floor((o + 0.5) * scale)."""
    o = np.arange(out_size)
    f32 = np.dtype(np.float32)
    if exact:  # ((o + 0.5) in double, times the float scale) rounded to float, then floored
        real = ((o + 0.5) * np.float64(_scale(in_size, out_size, scale, f32))).astype(f32)
        return np.minimum(np.floor(real).astype(np.int64), in_size - 1)
    if out_size in (in_size, 2 * in_size):
        return o if out_size == in_size else o >> 1
    source = np.floor(o.astype(f32) * _scale(in_size, out_size, scale, f32)).astype(np.int64)
    return np.minimum(source, in_size - 1)


def _linear_weights(in_size, out_size, align_corners, scale, dt):
    """compute_source_index_and_lambda: each output position's two input neighbours i0 <= i1
    and their weights l0 + l1 = 1. align_corners maps the corner pixels' centres onto each
    other; otherwise pixel centres scale about the image's edges (clamped at 0)."""
    o = np.arange(out_size)
    if out_size == in_size:
        return o, o, np.ones(out_size, dt), np.zeros(out_size, dt)
    if align_corners:
        ratio = dt.type(in_size - 1) / dt.type(out_size - 1) if out_size > 1 else dt.type(0)
        real = ratio * o.astype(dt)
    else:
        real = np.maximum(_fma(_scale(in_size, out_size, scale, dt), o.astype(dt) + dt.type(0.5),
                               dt.type(-0.5)), dt.type(0))  # (fused, as compiled)
    i0 = np.minimum(np.floor(real).astype(np.int64), in_size - 1)
    l1 = np.clip(real - i0.astype(dt), dt.type(0), dt.type(1))
    return i0, i0 + (i0 < in_size - 1), dt.type(1) - l1, l1


def _upsample_nearest(self, output_size, *scales, exact=False):
    for k, (n, s) in enumerate(zip(output_size, scales)):
        axis = self.ndim - len(output_size) + k
        self = np.take(self, _nearest_index(self.shape[axis], n, s, exact), axis)
    return self


def _upsample_linear(self, output_size, align_corners, *scales):
    """PyTorch's CPU kernels, to the bit (fused multiply-adds, as compiled): along the last dim,
    then the one before, x0 * l0 + x1 * l1 each time; a small 2-d output (H + W <= 128) comes
    from its channels-last kernel instead, four weighted corners a pixel."""
    dt, nd = _opmath(self.dtype), len(output_size)
    ws = [_linear_weights(n, o, align_corners, s, dt)
          for n, o, s in zip(self.shape[-nd:], output_size, scales)]
    if nd == 2 and builtins.sum(output_size) <= 128:
        return _bilinear_channels_last(self.astype(dt), *ws).astype(self.dtype)
    out = self.astype(dt)
    for k in reversed(range(nd)):
        axis, (i0, i1, l0, l1) = self.ndim - nd + k, ws[k]
        shape = (-1,) + (1,) * (nd - 1 - k)
        out = _fma(np.take(out, i0, axis), l0.reshape(shape),
                   np.take(out, i1, axis) * l1.reshape(shape))
    return out.astype(self.dtype)


def _bilinear_channels_last(x, hs, ws):
    """out = the sum of x[corner] * wh * ww over the four corners, added in the order PyTorch's
    kernel does (as compiled for AVX-512): channels in whole 256-bit blocks from the
    bottom-right corner (10, 11, 01, 00), the channels left over from the top (01, 00, 10, 11)."""
    corners = [(x[..., h, :][..., w], lh.reshape(-1, 1) * lw)  # 00, 01, 10, 11
               for h, lh in ((hs[0], hs[2]), (hs[1], hs[3]))
               for w, lw in ((ws[0], ws[2]), (ws[1], ws[3]))]

    def add(order, channels):
        acc = corners[order[0]][0][:, channels] * corners[order[0]][1]
        for k in order[1:]:
            acc = _fma(corners[k][0][:, channels], corners[k][1], acc)
        return acc
    vec = x.shape[1] - x.shape[1] % (32 // x.itemsize)
    return np.concatenate([add((2, 3, 1, 0), slice(0, vec)), add((1, 0, 2, 3), slice(vec, None))],
                          axis=1)


def _upsample_backward(grad_output, input_size, corners):
    """Each output position's grad, times each corner's weight, added to that corner's input
    position, gi = fma(weight, grad, gi), in PyTorch's order (output positions in turn, corners
    in turn). corners: (flat input indices, weights) arrays of the output grid's shape. Done in
    rounds: round r adds every input position's r-th term at once."""
    nd, dt = corners[0][0].ndim, _opmath(grad_output.dtype)
    lead = math.prod(input_size[:-nd])
    grid = corners[0][0].shape
    idx = np.stack([np.broadcast_to(i, grid) for i, _ in corners], -1).reshape(-1)
    weight = np.stack([np.broadcast_to(w, grid) for _, w in corners], -1).reshape(-1)
    g = np.repeat(grad_output.reshape(lead, -1).astype(dt), len(corners), axis=1)
    order = np.argsort(idx, kind="stable")  # each input position's terms, in PyTorch's order
    starts = np.searchsorted(idx[order], idx[order])
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size) - starts
    gi = np.zeros((lead, math.prod(input_size[-nd:])), dt)
    for r in range(rank.max() + 1 if rank.size else 0):
        sel = rank == r
        gi[:, idx[sel]] = _fma(weight[sel], g[:, sel], gi[:, idx[sel]])
    return gi.reshape(input_size).astype(grad_output.dtype)


def _grid(sizes, per_dim):
    """Flat row-major indices over `sizes` from one index array per dim (broadcast to a grid)."""
    flat = 0
    for k, (n, i) in enumerate(zip(sizes, per_dim)):
        flat = flat * n + i.reshape((-1,) + (1,) * (len(sizes) - 1 - k))
    return flat


def _upsample_nearest_backward(grad_output, output_size, input_size, *scales, exact=False):
    nd, dt = len(output_size), _opmath(grad_output.dtype)
    idx = [_nearest_index(n, o, s, exact) for n, o, s in zip(input_size[-nd:], output_size, scales)]
    return _upsample_backward(grad_output, input_size, [(_grid(input_size[-nd:], idx), dt.type(1))])


def _upsample_linear_backward(grad_output, output_size, input_size, align_corners, *scales):
    nd, dt = len(output_size), _opmath(grad_output.dtype)
    ws = [_linear_weights(n, o, align_corners, s, dt)
          for n, o, s in zip(input_size[-nd:], output_size, scales)]
    corners = []
    for corner in itertools.product((0, 1), repeat=nd):  # (0, 0), (0, 1), (1, 0), (1, 1)
        weight = functools.reduce(np.multiply, [w[2 + c].reshape((-1,) + (1,) * (nd - 1 - k))
                                                for k, (w, c) in enumerate(zip(ws, corner))])
        corners.append((_grid(input_size[-nd:], [w[c] for w, c in zip(ws, corner)]), weight))
    return _upsample_backward(grad_output, input_size, corners)


upsample_nearest1d = Op(
    "UpsampleNearest1DBackward0",
    lambda self, output_size, scales=None: _upsample_nearest(self, output_size, scales),
    promote=False, self=lambda grad, output_size, self_shape, scales:
        upsample_nearest1d_backward(grad, output_size, self_shape, scales),
    result="auto_linear")
upsample_nearest1d_backward = Op(
    "UpsampleNearest1DBackwardBackward0",
    lambda grad_output, output_size, input_size, scales=None:
        _upsample_nearest_backward(grad_output, output_size, input_size, scales),
    promote=False, grad_output=lambda grad, output_size, scales:
        upsample_nearest1d(grad, output_size, scales),
    result="auto_linear")
upsample_nearest2d = Op(
    "UpsampleNearest2DBackward0",
    lambda self, output_size, scales_h=None, scales_w=None:
        _upsample_nearest(self, output_size, scales_h, scales_w),
    promote=False, self=lambda grad, output_size, self_shape, scales_h, scales_w:
        upsample_nearest2d_backward(grad, output_size, self_shape, scales_h, scales_w),
    result="auto_linear")
upsample_nearest2d_backward = Op(
    "UpsampleNearest2DBackwardBackward0",
    lambda grad_output, output_size, input_size, scales_h=None, scales_w=None:
        _upsample_nearest_backward(grad_output, output_size, input_size, scales_h, scales_w),
    promote=False, grad_output=lambda grad, output_size, scales_h, scales_w:
        upsample_nearest2d(grad, output_size, scales_h, scales_w),
    result="auto_linear")
upsample_linear1d = Op(
    "UpsampleLinear1DBackward0",
    lambda self, output_size, align_corners, scales=None:
        _upsample_linear(self, output_size, align_corners, scales),
    promote=False, self=lambda grad, output_size, self_shape, align_corners, scales:
        upsample_linear1d_backward(grad, output_size, self_shape, align_corners, scales),
    result="auto_linear")
upsample_linear1d_backward = Op(
    "UpsampleLinear1DBackwardBackward0",
    lambda grad_output, output_size, input_size, align_corners, scales=None:
        _upsample_linear_backward(grad_output, output_size, input_size, align_corners, scales),
    promote=False, grad_output=lambda grad, output_size, align_corners, scales:
        upsample_linear1d(grad, output_size, align_corners, scales),
    result="auto_linear")
upsample_bilinear2d = Op(
    "UpsampleBilinear2DBackward0",
    lambda self, output_size, align_corners, scales_h=None, scales_w=None:
        _upsample_linear(self, output_size, align_corners, scales_h, scales_w),
    promote=False, self=lambda grad, output_size, self_shape, align_corners, scales_h, scales_w:
        upsample_bilinear2d_backward(grad, output_size, self_shape, align_corners, scales_h,
                                     scales_w),
    result="auto_linear")
upsample_bilinear2d_backward = Op(
    "UpsampleBilinear2DBackwardBackward0",
    lambda grad_output, output_size, input_size, align_corners, scales_h=None, scales_w=None:
        _upsample_linear_backward(grad_output, output_size, input_size, align_corners, scales_h,
                                  scales_w),
    promote=False, grad_output=lambda grad, output_size, align_corners, scales_h, scales_w:
        upsample_bilinear2d(grad, output_size, align_corners, scales_h, scales_w),
    result="auto_linear")


# --- part vision: nearest 3-d, nearest-exact 1-3-d, trilinear and bicubic upsampling ------------
def _cubic_weights(in_size, out_size, align_corners, scale, dt, fused):
    """compute_indices_weights_cubic: each output position's four input neighbours i0 - 1 ..
    i0 + 2 (clamped to the edges) and Keys' cubic convolution weights (A = -0.75) at their
    distances 1 + t, t, 1 - t, 2 - t. Unlike linear, the source index is not clamped at 0.
    fused: as the forward kernel is compiled (some multiply-adds fused); the backward's
    file is compiled without them."""
    fma = _fma if fused else (lambda a, b, c: a * b + c)
    o = np.arange(out_size).astype(dt)
    if align_corners:
        real = (dt.type(in_size - 1) / dt.type(out_size - 1) if out_size > 1 else dt.type(0)) * o
    else:
        real = fma(_scale(in_size, out_size, scale, dt), o + dt.type(0.5), dt.type(-0.5))
    i0 = np.minimum(np.floor(real).astype(np.int64), in_size - 1)
    t = np.clip(real - i0.astype(dt), dt.type(0), dt.type(1))
    A, one = dt.type(-0.75), dt.type(1)
    near = lambda x: fma(A + 2, x, -(A + 3)) * x * x + one  # noqa: E731  (|x| <= 1)
    far = lambda x: fma(fma(A, x, -5 * A), x, 8 * A) * x - 4 * A  # noqa: E731  (1 < |x| < 2)
    weights = [far(t + one), near(t), near(one - t), far((one - t) + one)]
    return [np.clip(i0 - 1 + j, 0, in_size - 1) for j in range(4)], weights


def _upsample_bicubic(self, output_size, align_corners, scales_h, scales_w):
    """Along W, then along H: x0 * w0 + x1 * w1 + x2 * w2 + x3 * w3, fused as compiled."""
    dt = _opmath(self.dtype)
    out = self.astype(dt)
    for axis, n, o, s in ((-1, self.shape[-1], output_size[1], scales_w),
                          (-2, self.shape[-2], output_size[0], scales_h)):
        idx, w = _cubic_weights(n, o, align_corners, s, dt, fused=True)
        x = [np.take(out, i, axis) for i in idx]
        w = [wj.reshape((-1,) + (1,) * (-1 - axis)) for wj in w]
        out = _fma(x[3], w[3], _fma(x[2], w[2], _fma(x[0], w[0], x[1] * w[1])))
    return out.astype(self.dtype)


def _upsample_bicubic_backward(grad_output, output_size, input_size, align_corners, scales_h,
                               scales_w):
    """Each output position in turn adds grad * wy * wx to its 16 neighbours (W's neighbour
    outermost), one float addition at a time (np.add.at keeps that order)."""
    dt = _opmath(grad_output.dtype)
    (ys, wys), (xs, wxs) = (_cubic_weights(n, o, align_corners, s, dt, fused=False) for n, o, s
                            in zip(input_size[-2:], output_size, (scales_h, scales_w)))
    ho, wo = output_size
    g = grad_output.reshape(-1, ho, wo, 1, 1).astype(dt)
    wy = np.stack(wys, -1).reshape(1, ho, 1, 1, 4)  # (., oy, ., ., jj)
    wx = np.stack(wxs, -1).reshape(1, 1, wo, 4, 1)  # (., ., ox, ii, .)
    terms = (g * wy * wx).reshape(g.shape[0], -1)
    idx = (np.stack(ys, -1).reshape(ho, 1, 1, 4) * input_size[-1]
           + np.stack(xs, -1).reshape(1, wo, 4, 1)).reshape(-1)
    gi = np.zeros((g.shape[0], input_size[-2] * input_size[-1]), dt)
    np.add.at(gi, (slice(None), idx), terms)
    return gi.reshape(input_size).astype(grad_output.dtype)


def _aa_weights(in_size, out_size, align_corners, scale, cubic, dt):
    """_compute_indices_min_size_weights_aa (antialias): each output position reads the input
    positions xmin .. xmin + xsize - 1 within `support` of its centre, weighted by the filter
    (triangle, or Keys' cubic with A = -0.5) stretched by the scale when downsampling, the
    weights then divided by their sum. Returns xmin, xsize, weights (out_size, max size)."""
    f = dt.type
    if align_corners:
        scale = f(in_size - 1) / f(out_size - 1) if out_size > 1 else f(0)
    else:
        scale = _scale(in_size, out_size, scale, dt)
    support = f((4 if cubic else 2) * 0.5 * (np.float64(scale) if scale >= 1 else 1.0))
    size = int(math.ceil(support)) * 2 + 1
    center = (np.float64(scale) * (np.arange(out_size) + 0.5)).astype(dt)
    wide = lambda a: np.asarray(a, np.float64)  # noqa: E731  (C++'s + 0.5 is in double)
    xmin = np.maximum(np.trunc(wide(center - support) + 0.5).astype(np.int64), 0)
    xsize = np.clip(np.minimum(np.trunc(wide(center + support) + 0.5).astype(np.int64), in_size)
                    - xmin, 0, size)
    invscale = f(1.0 / np.float64(scale)) if scale >= 1 else f(1)
    j = np.arange(size)
    x = np.abs((wide((xmin[:, None] + j).astype(dt) - center[:, None]) + 0.5)
               * wide(invscale)).astype(dt)
    A, one = f(-0.5), f(1)
    if cubic:
        near = _fma(_fma(A + 2, x, -(A + 3)) * x, x, one)  # (fused as compiled here)
        far = _fma(_fma(_fma(A, x, -5 * A), x, 8 * A), x, -4 * A)
        w = np.where(x < 1, near, np.where(x < 2, far, f(0)))
    else:
        w = np.where(x < 1, one - x, f(0))
    w = np.where(j < xsize[:, None], w, f(0)).astype(dt)
    total = w[:, 0].copy()
    for k in range(1, size):  # (summed in turn, in the dtype)
        total = total + w[:, k]
    w = np.where(total[:, None] != 0, w / np.where(total == 0, one, total)[:, None], w)
    return xmin, xsize, w


def _upsample_aa(self, output_size, align_corners, scales_h, scales_w, cubic):
    """Separable: along W (if its size changes), then along H, each output a weighted sum of
    its input span (t0 * w0, then fused multiply-adds), in the dtype."""
    out = self
    for axis, o, s in ((-1, output_size[1], scales_w), (-2, output_size[0], scales_h)):
        n = out.shape[axis]
        if o == n:
            continue
        xmin, xsize, w = _aa_weights(n, o, align_corners, s, cubic, self.dtype)
        if axis == -2 and output_size[1] == 1:  # PyTorch's H pass over a single column reads
            xmin, xsize, w = xmin[:1].repeat(o), xsize[:1].repeat(o), w[:1].repeat(o, 0)  # row 0's
        shape = (-1,) + (1,) * (-1 - axis)
        take = lambda k: np.take(out, np.minimum(xmin + k, n - 1), axis)  # noqa: E731
        VF = 16 // self.itemsize  # (128-bit vectors: 4 floats, 2 doubles)
        plain = ((xsize - 1) // VF * VF).reshape(shape)  # (terms 1 .. plain: vectorized products)
        acc = take(0) * w[:, 0].reshape(shape)
        for k in range(1, w.shape[1]):
            t, wk = take(k), w[:, k].reshape(shape)
            term = np.where(k <= plain, acc + t * wk, _fma(t, wk, acc))
            acc = np.where((k < xsize).reshape(shape), term, acc)
        out = acc
    return out.copy() if out is self else out  # (a new tensor even when no size changes)


def _upsample_aa_backward(grad_output, output_size, input_size, align_corners, scales_h,
                          scales_w, cubic):
    """Each output position in turn adds wx * wy * grad to its input span (rows outermost)."""
    (ymin, ysize, wy), (xmin, xsize, wx) = (
        _aa_weights(n, o, align_corners, s, cubic, grad_output.dtype)
        for n, o, s in zip(input_size[-2:], output_size, (scales_h, scales_w)))
    corners = []
    for y in range(wy.shape[1]):
        for x in range(wx.shape[1]):
            rows, cols = np.minimum(ymin + y, input_size[-2] - 1), np.minimum(xmin + x, input_size[-1] - 1)
            weight = (wx[:, x] * (x < xsize))[None, :] * (wy[:, y] * (y < ysize))[:, None]
            corners.append((_grid(input_size[-2:], [rows, cols]), weight))
    return _upsample_backward(grad_output, input_size, corners)


_upsample_bilinear2d_aa = Op(
    "UpsampleBilinear2DAaBackward0",
    lambda self, output_size, align_corners, scales_h=None, scales_w=None:
        _upsample_aa(self, output_size, align_corners, scales_h, scales_w, cubic=False),
    promote=False, self=lambda grad, output_size, self_shape, align_corners, scales_h, scales_w:
        _upsample_bilinear2d_aa_backward(grad, output_size, self_shape, align_corners, scales_h,
                                         scales_w),
    result="auto_linear")
_upsample_bilinear2d_aa_backward = Op(
    "UpsampleBilinear2DAaBackwardBackward0",
    lambda grad_output, output_size, input_size, align_corners, scales_h=None, scales_w=None:
        _upsample_aa_backward(grad_output, output_size, input_size, align_corners, scales_h,
                              scales_w, cubic=False),
    promote=False, grad_output=lambda grad, output_size, align_corners, scales_h, scales_w:
        _upsample_bilinear2d_aa(grad, output_size, align_corners, scales_h, scales_w),
    result="auto_linear")
_upsample_bicubic2d_aa = Op(
    "UpsampleBicubic2DAaBackward0",
    lambda self, output_size, align_corners, scales_h=None, scales_w=None:
        _upsample_aa(self, output_size, align_corners, scales_h, scales_w, cubic=True),
    promote=False, self=lambda grad, output_size, self_shape, align_corners, scales_h, scales_w:
        _upsample_bicubic2d_aa_backward(grad, output_size, self_shape, align_corners, scales_h,
                                        scales_w),
    result="auto_linear")
_upsample_bicubic2d_aa_backward = Op(
    "UpsampleBicubic2DAaBackwardBackward0",
    lambda grad_output, output_size, input_size, align_corners, scales_h=None, scales_w=None:
        _upsample_aa_backward(grad_output, output_size, input_size, align_corners, scales_h,
                              scales_w, cubic=True),
    promote=False, grad_output=lambda grad, output_size, align_corners, scales_h, scales_w:
        _upsample_bicubic2d_aa(grad, output_size, align_corners, scales_h, scales_w),
    result="auto_linear")
upsample_nearest3d = Op(
    "UpsampleNearest3DBackward0",
    lambda self, output_size, scales_d=None, scales_h=None, scales_w=None:
        _upsample_nearest(self, output_size, scales_d, scales_h, scales_w),
    promote=False, self=lambda grad, output_size, self_shape, scales_d, scales_h, scales_w:
        upsample_nearest3d_backward(grad, output_size, self_shape, scales_d, scales_h, scales_w),
    result="auto_linear")
upsample_nearest3d_backward = Op(
    "UpsampleNearest3DBackwardBackward0",
    lambda grad_output, output_size, input_size, scales_d=None, scales_h=None, scales_w=None:
        _upsample_nearest_backward(grad_output, output_size, input_size, scales_d, scales_h,
                                   scales_w),
    promote=False, grad_output=lambda grad, output_size, scales_d, scales_h, scales_w:
        upsample_nearest3d(grad, output_size, scales_d, scales_h, scales_w),
    result="auto_linear")
_upsample_nearest_exact1d = Op(
    "UpsampleNearestExact1DBackward0",
    lambda self, output_size, scales=None: _upsample_nearest(self, output_size, scales, exact=True),
    promote=False, self=lambda grad, output_size, self_shape, scales:
        _upsample_nearest_exact1d_backward(grad, output_size, self_shape, scales),
    result="auto_linear")
_upsample_nearest_exact1d_backward = Op(
    "UpsampleNearestExact1DBackwardBackward0",
    lambda grad_output, output_size, input_size, scales=None:
        _upsample_nearest_backward(grad_output, output_size, input_size, scales, exact=True),
    promote=False, grad_output=lambda grad, output_size, scales:
        _upsample_nearest_exact1d(grad, output_size, scales),
    result="auto_linear")
_upsample_nearest_exact2d = Op(
    "UpsampleNearestExact2DBackward0",
    lambda self, output_size, scales_h=None, scales_w=None:
        _upsample_nearest(self, output_size, scales_h, scales_w, exact=True),
    promote=False, self=lambda grad, output_size, self_shape, scales_h, scales_w:
        _upsample_nearest_exact2d_backward(grad, output_size, self_shape, scales_h, scales_w),
    result="auto_linear")
_upsample_nearest_exact2d_backward = Op(
    "UpsampleNearestExact2DBackwardBackward0",
    lambda grad_output, output_size, input_size, scales_h=None, scales_w=None:
        _upsample_nearest_backward(grad_output, output_size, input_size, scales_h, scales_w,
                                   exact=True),
    promote=False, grad_output=lambda grad, output_size, scales_h, scales_w:
        _upsample_nearest_exact2d(grad, output_size, scales_h, scales_w),
    result="auto_linear")
_upsample_nearest_exact3d = Op(
    "UpsampleNearestExact3DBackward0",
    lambda self, output_size, scales_d=None, scales_h=None, scales_w=None:
        _upsample_nearest(self, output_size, scales_d, scales_h, scales_w, exact=True),
    promote=False, self=lambda grad, output_size, self_shape, scales_d, scales_h, scales_w:
        _upsample_nearest_exact3d_backward(grad, output_size, self_shape, scales_d, scales_h,
                                           scales_w),
    result="auto_linear")
_upsample_nearest_exact3d_backward = Op(
    "UpsampleNearestExact3DBackwardBackward0",
    lambda grad_output, output_size, input_size, scales_d=None, scales_h=None, scales_w=None:
        _upsample_nearest_backward(grad_output, output_size, input_size, scales_d, scales_h,
                                   scales_w, exact=True),
    promote=False, grad_output=lambda grad, output_size, scales_d, scales_h, scales_w:
        _upsample_nearest_exact3d(grad, output_size, scales_d, scales_h, scales_w),
    result="auto_linear")
upsample_trilinear3d = Op(
    "UpsampleTrilinear3DBackward0",
    lambda self, output_size, align_corners, scales_d=None, scales_h=None, scales_w=None:
        _upsample_linear(self, output_size, align_corners, scales_d, scales_h, scales_w),
    promote=False, self=lambda grad, output_size, self_shape, align_corners, scales_d, scales_h,
    scales_w: upsample_trilinear3d_backward(grad, output_size, self_shape, align_corners,
                                            scales_d, scales_h, scales_w),
    result="auto_linear")
upsample_trilinear3d_backward = Op(
    "UpsampleTrilinear3DBackwardBackward0",
    lambda grad_output, output_size, input_size, align_corners, scales_d=None, scales_h=None,
    scales_w=None: _upsample_linear_backward(grad_output, output_size, input_size, align_corners,
                                             scales_d, scales_h, scales_w),
    promote=False, grad_output=lambda grad, output_size, align_corners, scales_d, scales_h,
    scales_w: upsample_trilinear3d(grad, output_size, align_corners, scales_d, scales_h, scales_w),
    result="auto_linear")
upsample_bicubic2d = Op(
    "UpsampleBicubic2DBackward0", _upsample_bicubic,
    promote=False, self=lambda grad, output_size, self_shape, align_corners, scales_h, scales_w:
        upsample_bicubic2d_backward(grad, output_size, self_shape, align_corners, scales_h,
                                    scales_w),
    result="auto_linear")
upsample_bicubic2d_backward = Op(
    "UpsampleBicubic2DBackwardBackward0", _upsample_bicubic_backward,
    promote=False, grad_output=lambda grad, output_size, align_corners, scales_h, scales_w:
        upsample_bicubic2d(grad, output_size, align_corners, scales_h, scales_w),
    result="auto_linear")
for _op in (upsample_nearest1d, upsample_nearest1d_backward, upsample_nearest2d,
            upsample_nearest2d_backward, upsample_linear1d, upsample_linear1d_backward,
            upsample_bilinear2d, upsample_bilinear2d_backward, upsample_nearest3d,
            upsample_nearest3d_backward, _upsample_nearest_exact1d,
            _upsample_nearest_exact1d_backward, _upsample_nearest_exact2d,
            _upsample_nearest_exact2d_backward, _upsample_nearest_exact3d,
            _upsample_nearest_exact3d_backward, upsample_trilinear3d, upsample_trilinear3d_backward,
            upsample_bicubic2d, upsample_bicubic2d_backward, _upsample_bilinear2d_aa,
            _upsample_bilinear2d_aa_backward, _upsample_bicubic2d_aa, _upsample_bicubic2d_aa_backward):
    _op.contiguous = True


def _linspace(start, end, steps, work):
    """torch.linspace's kernel in the float type `work`: the first half counted up from start,
    the second down from end, each by a fused multiply-add (one step: start)."""
    step = (end - start) / work(builtins.max(steps - 1, 1))
    i = np.arange(steps)
    up = _fma(step, i.astype(work), start)
    down = _fma(-step, (steps - 1 - i).astype(work), end)
    return np.where(i < steps // 2, up, down) if steps > 1 else up


def _affine_base_grid(size, align_corners, dt):
    """Each output pixel's (x, y, 1) for size (N, C, H, W), or (x, y, z, 1) for (N, C, D, H, W):
    x runs along W from -1 to 1 (pixel centres: scaled by (n - 1) / n unless align_corners;
    0 for a single pixel)."""
    spatial, nd = tuple(size[2:]), len(size) - 2
    base = np.ones(spatial + (nd + 1,), dt)
    for k, n in enumerate(reversed(spatial)):  # x along the last dim, then y, z
        r = _linspace(dt.type(-1), dt.type(1), n, dt.type) if n > 1 else np.zeros(1, dt)
        if n > 1 and not align_corners:
            r = r * dt.type(n - 1) / dt.type(n)
        base[..., k] = r.reshape((-1,) + (1,) * k)
    return base


def _affine_grid_generator(theta, size, align_corners):
    """grid[n, pixel, j] = x * theta[n, j, 0] + y * theta[n, j, 1] (+ z * ...) + theta[n, j, -1],
    added left to right (as PyTorch's bmm of the base grid with theta transposed)."""
    nd, dt = len(size) - 2, theta.dtype
    if theta.shape[0] != size[0]:
        raise RuntimeError("Expected size for first two dimensions of batch2 tensor to be: "
                           f"[{size[0]}, {nd + 1}] but got: [{theta.shape[0]}, {nd + 1}].")
    base = _affine_base_grid(size, align_corners, dt)[None, ..., None]  # 1, *spatial, k, 1
    t = theta.swapaxes(1, 2).reshape((size[0],) + (1,) * nd + (nd + 1, nd))  # N, 1.., k, j
    out = base[..., 0, :] * t[..., 0, :]
    for k in range(1, nd + 1):
        out = out + base[..., k, :] * t[..., k, :]
    return out


def _affine_grid_generator_backward(grad, size, align_corners):
    """PyTorch's composite: base_grid^T @ grad, batch by batch, transposed back to theta's shape."""
    n, nd = size[0], len(size) - 2
    base = _affine_base_grid(size, align_corners, grad._data.dtype).reshape(1, -1, nd + 1)
    base = Tensor._make(np.ascontiguousarray(np.broadcast_to(base, (n,) + base.shape[1:])))
    return base.transpose(1, 2).bmm(grad.view(n, -1, nd)).transpose(1, 2)


affine_grid_generator = Op("AffineGridGeneratorBackward0", _affine_grid_generator,
                           theta=lambda grad, size, align_corners:
                               _affine_grid_generator_backward(grad, size, align_corners),
                           result="auto_linear")


# --- part gridsample: grid_sampler_2d/3d (F.grid_sample) ---------------------------------------
# The 2-D grid sampler is PyTorch's vectorized CPU kernel (GridSamplerKernel.cpp: compiled with
# fused multiply-adds, hence the _fma), the 3-D one its scalar loop (GridSampler.cpp): the same
# float steps in the same order, so the bits agree (bicubic's can differ in the last bit).
_VECTOR_BYTES = 32  # what the kernel takes at a time (AVX2's 8 floats, 4 doubles): the order
# of its additions into grad_input


def _gs_int(x):
    """Float coordinates (already whole) to ints; nan and overflow give the int minimum, as the
    CPU's conversion does (it lands out of bounds)."""
    with np.errstate(invalid="ignore"):
        return x.astype(np.int32 if x.dtype.itemsize <= 4 else np.int64)


def _gs_unnormalize(coord, size, align_corners):
    """Grid coordinates, -1 to 1, in input pixels: -1 and 1 the centres (align_corners) or the
    outer edges of the border pixels."""
    t = coord.dtype.type
    if align_corners:
        return (coord + t(1)) * t((size - 1) / 2)
    return _fma(coord + t(1), t(size / 2), t(-0.5))


def _gs_reflect(x, size, align_corners):
    """x reflected off the borders until inside, and d(result)/dx (+1 or -1)."""
    t = x.dtype.type
    if align_corners and size <= 1:
        return np.zeros_like(x), np.zeros_like(x)
    low, twice_span = (t(0), t((size - 1) * 2)) if align_corners else (t(-0.5), t(size * 2))
    shifted = x - low
    extra = np.abs(shifted)
    extra = _fma(-np.trunc(extra / twice_span), twice_span, extra)
    flip = extra > twice_span - extra
    return (np.where(flip, twice_span - extra, extra) + low,
            np.where(flip ^ (shifted < 0), t(-1), t(1)))


def _gs_coordinates(x, size, padding_mode, align_corners):
    """Pixel coordinates kept inside for 'border' (1) and 'reflection' (2) padding, and the
    factor their gradient takes (0 where clipped)."""
    grad = np.ones_like(x)
    if padding_mode == 2:
        x, grad = _gs_reflect(x, size, align_corners)
    if padding_mode:
        low = np.where(x > 0, x, 0)  # (nan to 0)
        x = np.minimum(low, x.dtype.type(size - 1))
        grad = np.where((low != 0) & (x != size - 1), grad, 0)
    return x, grad


def _gs_source(coord, size, padding_mode, align_corners):
    """Where grid coordinates sample, in pixels, and d(pixel)/d(coordinate)."""
    x, grad = _gs_coordinates(_gs_unnormalize(coord, size, align_corners), size, padding_mode,
                              align_corners)
    scale = coord.dtype.type((size - 1) / 2 if align_corners else size / 2)
    return x, grad * scale


def _gs_taps_2d(input, x, y, padding_mode, align_corners, bicubic=False):
    """The input pixels an output pixel reads: per tap, its flat position (iy * W + ix) and
    whether it lies inside (outside reads 0). Bicubic taps go through the padding here."""
    H, W = input.shape[-2:]
    if bicubic:
        x = _gs_coordinates(x, W, padding_mode, align_corners)[0]
        y = _gs_coordinates(y, H, padding_mode, align_corners)[0]
    ix, iy = _gs_int(x), _gs_int(y)
    inside = (ix > -1) & (ix < W) & (iy > -1) & (iy < H)
    return np.where(inside, iy.astype(np.int64) * W + ix, 0), inside


def _gs_read(input, flat, inside):
    """input[n, c] at flat spatial positions (N, 1, ...), 0 outside: (N, C, ...)."""
    N, C = input.shape[:2]
    rows = input.reshape(N, C, math.prod(input.shape[2:]))
    out = np.take_along_axis(rows, flat.reshape(N, 1, math.prod(flat.shape[2:])), 2)
    out = out.reshape((N, C) + flat.shape[2:])
    return np.where(inside, out, 0).astype(input.dtype)


def _gs_cubic(t, grad=False):
    """The four cubic convolution weights (A = -0.75) at fractional offset t, or their
    derivatives in t, in the kernel's Horner forms."""
    c = t.dtype.type
    A = c(-0.75)
    if grad:
        x0, x1, x2, x3 = c(-1) - t, c(0) - t, c(1) - t, c(2) - t
        return ((c(-3) * A * x0 - c(10) * A) * x0 - c(8) * A,
                (c(-3) * (A + c(2)) * x1 - c(2) * (A + c(3))) * x1,
                (c(3) * (A + c(2)) * x2 - c(2) * (A + c(3))) * x2,
                (c(3) * A * x3 - c(10) * A) * x3 + c(8) * A)
    far = lambda x: ((A * x - c(5) * A) * x + c(8) * A) * x - c(4) * A  # noqa: E731
    near = lambda x: _fma(_fma(A + c(2), x, -(A + c(3))) * x, x, c(1))  # noqa: E731
    return far(t + c(1)), near(t), near(c(1) - t), far(c(2) - t)


def _gs_vectors(a, by_rows, lanes):
    """(N, C, Ho, Wo) -> (N, C, chunks, lanes): output pixels as the kernel takes them, a vector
    at a time over all pixels (or row by row, for a grid laid out otherwise), zero-padded."""
    if not by_rows:
        a = a.reshape(a.shape[:2] + (1, math.prod(a.shape[2:])))
    pad = -a.shape[-1] % lanes
    a = np.pad(a, [(0, 0)] * (a.ndim - 1) + [(0, pad)])
    return a.reshape(a.shape[:2] + (math.prod(a.shape[2:]) // lanes, lanes))


def _gs_by_rows(grid):
    """Whether the kernel walks this grid row by row: unless its (H, W, 2) or (2, H, W) part is
    contiguous in memory."""
    _, H, W, _ = grid.shape
    sH, sW, sC = (s // grid.itemsize for s in grid.strides[1:])
    whole = sC == 1 and (W == 1 or sW == 2) and (H == 1 or sH == 2 * W)
    planes = (W == 1 or sW == 1) and (H == 1 or sH == W)
    return not (whole or planes)


def _gs_scatter(shape, taps, values, by_rows):
    """grad_input: values (N, C, Ho, Wo) added at each tap's (flat, inside) position, vector by
    vector, tap after tap, lane after lane: the kernel's order of additions."""
    N, C = shape[:2]
    size, lanes = math.prod(shape[2:]), _VECTOR_BYTES // values[0].itemsize
    flat = np.stack([_gs_vectors(f + (np.arange(N * C) * size).reshape(N, C, 1, 1), by_rows, lanes)
                     for f, _ in taps], -2)
    inside = np.stack([_gs_vectors(np.broadcast_to(k, (N, C) + k.shape[2:]), by_rows, lanes)
                       for _, k in taps], -2)
    values = np.stack([_gs_vectors(v, by_rows, lanes) for v in values], -2)
    out = np.zeros(N * C * size, values.dtype)
    np.add.at(out, flat[inside], values[inside])
    return out.reshape(shape)


def _gs_2d(grad_output, input, grid, interpolation_mode, padding_mode, align_corners):
    """The 2-D sampler: the output (grad_output None), else (grad_input, grad_grid)."""
    H, W = input.shape[-2:]
    gx, gy = grid[:, None, ..., 0], grid[:, None, ..., 1]  # (N, 1, Ho, Wo)
    if interpolation_mode == 2:  # bicubic: 4 x 4 taps around floor(x), floor(y)
        x, y = _gs_unnormalize(gx, W, align_corners), _gs_unnormalize(gy, H, align_corners)
        x0, y0 = np.floor(x), np.floor(y)
        cx, cy = _gs_cubic(x - x0), _gs_cubic(y - y0)
        t = x.dtype.type
        taps = [[_gs_taps_2d(input, x0 + t(i - 1), y0 + t(j - 1), padding_mode, align_corners,
                             True) for i in range(4)] for j in range(4)]  # taps[j][i]
        vals = [[_gs_read(input, *tap) for tap in row] for row in taps]
        if grad_output is None:
            rows = [cx[0] * v[0] + cx[1] * v[1] + cx[2] * v[2] + cx[3] * v[3] for v in vals]
            return _fma(cy[3], rows[3], _fma(cy[2], rows[2], _fma(cy[1], rows[1], cy[0] * rows[0])))
        dx, dy = _gs_cubic(x - x0, True), _gs_cubic(y - y0, True)
        g = grad_output
        gxs, gys = np.zeros_like(g[:, 0]), np.zeros_like(g[:, 0])
        for c in range(g.shape[1]):
            for i in range(4):
                for j in range(4):
                    v = vals[j][i][:, c] * g[:, c]
                    gxs = _fma(-(v * dx[i][:, 0]), cy[j][:, 0], gxs)
                    gys = _fma(-(v * dy[j][:, 0]), cx[i][:, 0], gys)
        order = [(i, j) for i in range(4) for j in range(4)]
        grad_input = _gs_scatter(input.shape, [taps[j][i] for i, j in order],
                                 [g * cx[i] * cy[j] for i, j in order], _gs_by_rows(grid))
        return grad_input, np.stack([gxs * t(W / 2 if not align_corners else (W - 1) / 2),
                                     gys * t(H / 2 if not align_corners else (H - 1) / 2)], -1)
    (x, mx), (y, my) = (_gs_source(gx, W, padding_mode, align_corners),
                        _gs_source(gy, H, padding_mode, align_corners))
    if interpolation_mode == 1:  # nearest (halves to even)
        tap = _gs_taps_2d(input, np.rint(x), np.rint(y), padding_mode, align_corners)
        if grad_output is None:
            return _gs_read(input, *tap)
        return (_gs_scatter(input.shape, [tap], [grad_output], _gs_by_rows(grid)),
                np.zeros_like(grid))
    t = x.dtype.type
    x0, y0 = np.floor(x), np.floor(y)
    w = x - x0
    e = t(1) - w
    n = y - y0
    s = t(1) - n
    weights = (s * e, s * w, n * e, n * w)  # nw, ne, sw, se
    taps = [_gs_taps_2d(input, x0 + t(i), y0 + t(j), padding_mode, align_corners)
            for j, i in ((0, 0), (0, 1), (1, 0), (1, 1))]
    nw, ne, sw, se = (_gs_read(input, *tap) for tap in taps)
    if grad_output is None:
        return _fma(se, weights[3], _fma(sw, weights[2], _fma(ne, weights[1], nw * weights[0])))
    g = grad_output
    gxs, gys = np.zeros_like(g[:, 0]), np.zeros_like(g[:, 0])
    for c in range(g.shape[1]):
        dx = _fma(se[:, c] - sw[:, c], n[:, 0], (ne[:, c] - nw[:, c]) * s[:, 0])
        dy = _fma(se[:, c] - ne[:, c], w[:, 0], (sw[:, c] - nw[:, c]) * e[:, 0])
        gxs, gys = _fma(dx, g[:, c], gxs), _fma(dy, g[:, c], gys)
    grad_input = _gs_scatter(input.shape, taps, [wt * g for wt in weights], _gs_by_rows(grid))
    return grad_input, np.stack([gxs * mx[:, 0], gys * my[:, 0]], -1)


def _gs_source_3d(coord, size, padding_mode, align_corners):
    """The scalar kernel's way to pixels (GridSampler.h): ((c + 1) * size - 1) / 2 or
    (c + 1) / 2 * (size - 1), reflection by fmod, and d(pixel)/d(coordinate)."""
    t = coord.dtype.type
    if align_corners:
        x, grad = (coord + t(1)) / t(2) * t(size - 1), np.full_like(coord, t((size - 1) / 2))
    else:
        x, grad = ((coord + t(1)) * t(size) - t(1)) / t(2), np.full_like(coord, t(size / 2))
    if padding_mode == 2:
        low, high = (0, 2 * (size - 1)) if align_corners else (-1, 2 * size - 1)
        if low == high:
            x, refl = np.zeros_like(x), np.zeros_like(x)
        else:
            least, span = t(low / 2), t((high - low) / 2)
            x = x - least
            refl = np.where(x < 0, t(-1), t(1))
            x = np.abs(x)
            extra = np.fmod(x, span)
            even = np.fmod(np.floor(x / span), 2) == 0
            x = np.where(even, extra + least, span - extra + least)
            refl = np.where(even, refl, -refl)
        grad = grad * refl
    if padding_mode:  # clip: std::max(x, 0), std::min(size - 1, ...) keep their nan rules
        top = t(size - 1)
        clip = np.where((x <= 0) | (x >= top), t(0), t(1))
        x = np.where(x < 0, t(0), x)
        x = np.where(x < top, x, top)
        grad = grad * clip
    return x, grad


def _gs_3d(grad_output, input, grid, interpolation_mode, padding_mode, align_corners):
    """The 3-D sampler (bilinear, i.e. trilinear, or nearest): the output, else
    (grad_input, grad_grid)."""
    D, H, W = input.shape[-3:]
    N, C = input.shape[:2]
    sources = [_gs_source_3d(grid[:, None, ..., k], n, padding_mode, align_corners)
               for k, n in enumerate((W, H, D))]  # x, y, z: (N, 1, Do, Ho, Wo)
    size = D * H * W

    def tap(ix, iy, iz):  # flat position and whether inside
        inside = (ix >= 0) & (ix < W) & (iy >= 0) & (iy < H) & (iz >= 0) & (iz < D)
        return np.where(inside, (iz * H + iy) * W + ix, 0), inside

    def scatter(taps, values):  # grad_input, output pixel by pixel, tap after tap
        planes = (np.arange(N * C) * size).reshape(N, C, 1, 1, 1)
        flat = np.stack([f + planes for f, _ in taps], -1)
        inside = np.stack([np.broadcast_to(k, (N, C) + k.shape[2:]) for _, k in taps], -1)
        out = np.zeros(N * C * size, input.dtype)
        np.add.at(out, flat[inside], np.stack(values, -1)[inside])
        return out.reshape(input.shape)

    if interpolation_mode == 1:
        nearest = tap(*[_gs_int(np.rint(x)).astype(np.int64) for x, _ in sources])
        if grad_output is None:
            return _gs_read(input, *nearest)
        return scatter([nearest], [grad_output]), np.zeros_like(grid)
    t = input.dtype.type
    (x, mx), (y, my), (z, mz) = sources
    x0, y0, z0 = (_gs_int(np.floor(v)).astype(np.int64) for v in (x, y, z))
    # each axis's two factors: (x0 + 1 - x) toward corner 0, (x - x0) toward corner 1
    fx = ((x0 + 1).astype(t) - x, x - x0.astype(t))
    fy = ((y0 + 1).astype(t) - y, y - y0.astype(t))
    fz = ((z0 + 1).astype(t) - z, z - z0.astype(t))
    corners = list(itertools.product((0, 1), repeat=3))  # (dz, dy, dx): tnw, tne, ..., bse
    taps = [tap(x0 + i, y0 + j, z0 + k) for k, j, i in corners]
    vals = [_gs_read(input, *p) for p in taps]
    weights = [fx[i] * fy[j] * fz[k] for k, j, i in corners]
    if grad_output is None:
        out = np.zeros(vals[0].shape, input.dtype)
        for v, w, (_, inside) in zip(vals, weights, taps):  # (only corners inside count)
            out = out + np.where(inside, v * w, 0)
        return out
    g = grad_output
    gix, giy, giz = (np.zeros_like(g[:, 0]) for _ in range(3))
    sign = (np.negative, np.positive)
    for c in range(C):
        for (k, j, i), v, (_, inside) in zip(corners, vals, taps):
            v, inside = v[:, c], inside[:, 0]
            gix = gix + np.where(inside, sign[i](v * fy[j][:, 0] * fz[k][:, 0] * g[:, c]), 0)
            giy = giy + np.where(inside, sign[j](v * fx[i][:, 0] * fz[k][:, 0] * g[:, c]), 0)
            giz = giz + np.where(inside, sign[k](v * fx[i][:, 0] * fy[j][:, 0] * g[:, c]), 0)
    return (scatter(taps, [w * g for w in weights]),
            np.stack([mx[:, 0] * gix, my[:, 0] * giy, mz[:, 0] * giz], -1))


def _grid_sampler_backward(nd):
    """grid_sampler_{nd}d_backward's forward: (grad_input, or None when output_mask says so,
    grad_grid); an empty grad_output gives zeros."""
    def backward(grad_output, input, grid, interpolation_mode, padding_mode, align_corners,
                 output_mask):
        if grad_output.size == 0:
            grads = np.zeros_like(input), np.zeros_like(grid)
        else:
            grads = (_gs_2d if nd == 2 else _gs_3d)(grad_output, input, grid, interpolation_mode,
                                                   padding_mode, align_corners)
        return grads[0] if output_mask[0] else None, grads[1]
    return backward


def _grid_sampler_forward(nd):
    def forward(input, grid, interpolation_mode, padding_mode, align_corners):
        if math.prod(grid.shape[:-1]) * input.shape[1] == 0:
            return np.zeros(input.shape[:2] + grid.shape[1:-1], input.dtype)
        return (_gs_2d if nd == 2 else _gs_3d)(None, input, grid, interpolation_mode,
                                               padding_mode, align_corners)
    return forward


def _gs_cubic_terms(f):
    """The four cubic weights of fraction tensor f, their first and second derivatives in f
    (A = -0.75): minigrad ops, so they differentiate further."""
    A = -0.75
    far = lambda x: ((x * A - 5 * A) * x + 8 * A) * x - 4 * A  # noqa: E731
    far1 = lambda x: (x * (3 * A) - 10 * A) * x + 8 * A  # noqa: E731
    far2 = lambda x: x * (6 * A) - 10 * A  # noqa: E731
    near = lambda x: (x * (A + 2) - (A + 3)) * x * x + 1  # noqa: E731
    near1 = lambda x: (x * (3 * (A + 2)) - 2 * (A + 3)) * x  # noqa: E731
    near2 = lambda x: x * (6 * (A + 2)) - 2 * (A + 3)  # noqa: E731
    return ((far(f + 1), near(f), near(1 - f), far(2 - f)),
            (far1(f + 1), near1(f), -near1(1 - f), -far1(2 - f)),
            (far2(f + 1), near2(f), near2(1 - f), far2(2 - f)))


def _gs_axis(coord, g, size, nd, interpolation_mode, padding_mode, align_corners):
    """One spatial axis of the sampler, for its double backward: per tap its input position and
    whether inside; the weights, their first and second derivatives in the pixel coordinate
    (tensors of the grid coordinate g, with its derivative m), and m."""
    if interpolation_mode == 2:
        p = _gs_unnormalize(coord, size, align_corners)
        m = np.full_like(p, (size - 1) / 2 if align_corners else size / 2)
    else:
        p, m = (_gs_source if nd == 2 else _gs_source_3d)(coord, size, padding_mode, align_corners)
    base = np.floor(p)
    f = g * Tensor._make(m) + Tensor._make(p - base - coord * m)  # the fraction, as a tensor of g
    if interpolation_mode == 2:
        offsets, terms = (-1, 0, 1, 2), _gs_cubic_terms(f)
        at = [_gs_coordinates(base + base.dtype.type(o), size, padding_mode, align_corners)[0]
              for o in offsets]
    else:
        offsets, zero = (0, 1), f * 0
        terms = ((1 - f, f), (zero - 1, zero + 1), (zero, zero))
        at = [base + o for o in offsets]
    at = [_gs_int(a).astype(np.int64) for a in at]
    return [(a, (a >= 0) & (a < size)) for a in at], terms, Tensor._make(m)


def _grid_sampler_double_backward(ggI, ggG, grad_output, input, grid, interpolation_mode,
                                  padding_mode, align_corners, grad_input_mask):
    """Gradients of grid_sampler_{2,3}d_backward for (grad_output, input, grid), from those of
    its grad_input (ggI) and grad_grid (ggG). grad_input is the sampler's transpose applied to
    grad_output: ggI comes back sampled, and as the grid gradient of sampling ggI. grad_grid is
    grad_output times the sampler's derivative in the grid: ggG gives that derivative along
    ggG, its transpose in the input, and the second derivative in the grid."""
    nd = input.dim() - 2
    sampler, sampler_backward = ((grid_sampler_2d, grid_sampler_2d_backward) if nd == 2
                                 else (grid_sampler_3d, grid_sampler_3d_backward))
    args = (interpolation_mode, padding_mode, align_corners)
    g_out = g_input = g_grid = None
    if ggI is not None:
        if grad_input_mask[0]:
            g_out = sampler(ggI, grid, *args)
        if grad_input_mask[2]:
            g_grid = sampler_backward(grad_output, ggI, grid, *args, (False, True))[1]
    if ggG is None or interpolation_mode == 1:  # (nearest: no derivative in the grid)
        return g_out, g_input, g_grid
    N, C = input.shape[:2]
    spatial, sizes = tuple(grid.shape[1:-1]), tuple(reversed(input.shape[2:]))  # x, y, z sizes
    P = math.prod(spatial)
    axes = [_gs_axis(grid._data[..., k], grid[..., k], sizes[k], nd, *args)
            for k in range(nd)]
    gg = [ggG[..., k].unsqueeze(1) for k in range(nd)]  # (N, 1, *spatial)
    go = grad_output
    flat_input = input.reshape(N, C, math.prod(sizes))
    phi = hess = None
    for tap in itertools.product(*[range(len(taps)) for taps, _, _ in axes]):
        flat, inside = 0, True
        for k, i in enumerate(tap):
            position, ok = axes[k][0][i]
            flat, inside = flat + position * math.prod(sizes[:k]), inside & ok
        flat = np.where(inside, flat, 0).reshape(N, 1, P)
        index = Tensor._make(np.broadcast_to(flat, (N, C, P)))
        keep = Tensor._make(inside[:, None].astype(input._data.dtype))
        value = flat_input.gather(2, index).reshape((N, C) + spatial) * keep
        w = [terms[0][i] for (_, terms, _), i in zip(axes, tap)]  # (N, *spatial) each
        dw = [terms[1][i] * m for (_, terms, m), i in zip(axes, tap)]
        # the tap's weight differentiated along ggG, and once more along each axis
        coef, dcoef = 0, [0] * nd
        for j in range(nd):
            part = gg[j] * math.prod(dw[a] if a == j else w[a] for a in range(nd)).unsqueeze(1)
            coef = coef + part
            for k in range(nd):
                second = (axes[k][1][2][tap[k]] * axes[k][2] * axes[k][2] if k == j else dw[k])
                dcoef[k] = dcoef[k] + gg[j] * math.prod(
                    second if a == k else dw[a] if a == j else w[a] for a in range(nd)).unsqueeze(1)
        phi = value * coef if phi is None else phi + value * coef
        if grad_input_mask[1]:
            part = (go * coef).reshape(N, C, P) * keep.reshape(N, 1, P)
            scattered = zeros_like(flat_input).scatter_add(2, index, part)
            g_input = scattered if g_input is None else g_input + scattered
        if grad_input_mask[2]:
            h = [(go * value * d).sum(1) for d in dcoef]
            hess = h if hess is None else [a + b for a, b in zip(hess, h)]
    if grad_input_mask[0]:
        g_out = phi if g_out is None else g_out + phi
    if g_input is not None:
        g_input = g_input.reshape(input.shape)
    if grad_input_mask[2]:
        unit = np.eye(nd, dtype=input._data.dtype)  # (the axes' gradients side by side)
        hess = builtins.sum(h.unsqueeze(-1) * Tensor._make(unit[k]) for k, h in enumerate(hess))
        g_grid = hess if g_grid is None else g_grid + hess
    return g_out, g_input, g_grid


grid_sampler_2d = Op(
    "GridSampler2DBackward0", _grid_sampler_forward(2), promote=False, **{
        "input, grid": lambda grad, input, grid, interpolation_mode, padding_mode, align_corners,
        grad_input_mask: grid_sampler_2d_backward(grad, input, grid, interpolation_mode,
                                                  padding_mode, align_corners, grad_input_mask)})
grid_sampler_3d = Op(
    "GridSampler3DBackward0", _grid_sampler_forward(3), promote=False, **{
        "input, grid": lambda grad, input, grid, interpolation_mode, padding_mode, align_corners,
        grad_input_mask: grid_sampler_3d_backward(grad, input, grid, interpolation_mode,
                                                  padding_mode, align_corners, grad_input_mask)})
grid_sampler_2d_backward = Op(
    "GridSampler2DBackwardBackward0", _grid_sampler_backward(2), promote=False,
    outputs=("result0", "result1"), **{
        "grad_output, input, grid": lambda grads, grad_output, input, grid, interpolation_mode,
        padding_mode, align_corners, grad_input_mask: _grid_sampler_double_backward(
            *grads, grad_output, input, grid, interpolation_mode, padding_mode, align_corners,
            grad_input_mask)})
grid_sampler_3d_backward = Op(
    "GridSampler3DBackwardBackward0", _grid_sampler_backward(3), promote=False,
    outputs=("result0", "result1"), **{
        "grad_output, input, grid": lambda grads, grad_output, input, grid, interpolation_mode,
        padding_mode, align_corners, grad_input_mask: _grid_sampler_double_backward(
            *grads, grad_output, input, grid, interpolation_mode, padding_mode, align_corners,
            grad_input_mask)})


# --- part nnlayers: layer_norm ------------------------------------------------------------------
def _affine_jvp(input, input_t, mean, mean_t, rstd, rstd_t, weight, weight_t, bias, bias_t):
    """PyTorch's _affine_jvp: x_hat = (x - mean) * rstd moves by (x_t - mean_t) * rstd +
    (x - mean) * rstd_t (mean_t, rstd_t None: constant statistics); then out = x_hat * weight +
    bias (a weight or bias without a tangent adds zeros, as PyTorch's generated code gives it)."""
    centered = input - mean
    out = (input_t if mean_t is None else input_t - mean_t) * rstd
    if rstd_t is not None:
        out = out + centered * rstd_t
    if weight is not None:
        out = out * weight + centered * rstd * _materialized(weight_t, weight)
    return out if bias is None else out + _materialized(bias_t, bias)


def _normalized_stats_jvp(input, input_t, mean, rstd, dims):
    """The tangents of the mean and 1/std over dims: mean(x_t), -rstd^3 mean((x_t - mean_t)(x - mean))."""
    mean_t = input_t.mean(dims, keepdim=True)
    rstd_t = -rstd.pow(3) * div_scalar(((input_t - mean_t) * (input - mean)).sum(dims, keepdim=True),
                                       _reduced_numel(input.shape, dims))
    return mean_t, rstd_t


def _layer_norm_jvp(input, input_t, weight, weight_t, bias, bias_t, mean, rstd, normalized_shape):
    """PyTorch's layer_norm_jvp: each sample's statistics over its last dims move with it."""
    input_t = _materialized(input_t, input)
    dims = tuple(range(input.dim() - len(normalized_shape), input.dim()))
    mean_t, rstd_t = _normalized_stats_jvp(input, input_t, mean, rstd, dims)
    return _affine_jvp(input, input_t, mean, mean_t, rstd, rstd_t, weight, weight_t, bias, bias_t)


def _batch_norm_jvp(input, input_t, weight, weight_t, bias, bias_t, running_mean, running_var,
                    save_mean, save_invstd, training, eps):
    """PyTorch's batch_norm_jvp: in training the batch statistics (over every dim but the
    channels) move with the input; in eval the running ones are constants."""
    input_t = _materialized(input_t, input)
    shape = [1] * input.dim()
    shape[1] = input.shape[1]
    shape = tuple(shape)
    channel = lambda t: None if t is None else t.view(shape)
    if training:
        dims = tuple(d for d in range(input.dim()) if d != 1)
        mean, rstd = save_mean.view(shape), save_invstd.view(shape)
        mean_t, rstd_t = _normalized_stats_jvp(input, input_t, mean, rstd, dims)
    else:
        mean, rstd = running_mean.view(shape), add_scalar(running_var, eps).sqrt().reciprocal().view(shape)
        mean_t = rstd_t = None
    return _affine_jvp(input, input_t, mean, mean_t, rstd, rstd_t, channel(weight), channel(weight_t),
                       channel(bias), channel(bias_t))


def _native_layer_norm(input, normalized_shape, weight, bias, eps):
    """Each sample normalized over its last len(normalized_shape) dims, then scaled and shifted,
    in PyTorch's kernel's order: x_hat = (x - mean) * rstd, then x_hat * weight + bias fused
    (rounded once: here in float64, then to float32). The mean and rstd are computed in float64
    and rounded (PyTorch's float32 accumulation can end one bit away); they are the op's other
    two results (torch.native_layer_norm's), which get no gradient."""
    dims = tuple(range(input.ndim - len(normalized_shape), input.ndim))
    x = input.astype(np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):  # (no elements: nan mean, as PyTorch)
        mean = _mean(x, axis=dims, keepdims=True)
        rstd = 1 / np.sqrt(_mean((x - mean) ** 2, axis=dims, keepdims=True) + eps)
    x_hat = ((input - mean.astype(input.dtype)) * rstd.astype(input.dtype)).astype(np.float64)
    if weight is not None:
        x_hat = x_hat * weight
    if bias is not None:
        x_hat = x_hat + bias
    return x_hat.astype(input.dtype), mean.astype(input.dtype), rstd.astype(input.dtype)


def _native_layer_norm_backward(grad_out, input, normalized_shape, mean, rstd, weight, bias,
                                output_mask):
    """native_layer_norm_backward: the three gradients from the forward's saved mean and rstd,
    in PyTorch's kernel's terms and dtype (per sample, sums over the normalized dims, g = grad *
    weight, scale = 1 / N): input: rstd * g + b * x + c, b = (sum(g) * mean - sum(g * x)) *
    rstd**3 * scale, c = -b * mean - sum(g) * rstd * scale; weight: sum of grad * x_hat over the
    samples; bias: sum of grad. (PyTorch's vectorized sums may round differently: a last bit.)"""
    axis = input.ndim - len(normalized_shape)
    M, N = math.prod(input.shape[:axis]), math.prod(input.shape[axis:])
    dt = input.dtype
    x, dy = input.reshape(M, N), grad_out.reshape(M, N)
    mean, rstd = mean.reshape(M, 1), rstd.reshape(M, 1)
    g = dy if weight is None else dy * weight.reshape(1, N)
    ds, db = (g * x).sum(1, keepdims=True), g.sum(1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):  # (N == 0: no elements to scale)
        scale = dt.type(1) / dt.type(N)
    b = (db * mean - ds) * rstd * rstd * rstd * scale
    c = -b * mean - db * rstd * scale
    grad_input = (rstd * g + b * x + c).reshape(input.shape) if output_mask[0] else None
    grad_weight = grad_bias = None
    if output_mask[1] and weight is not None:
        grad_weight = (dy * (x - mean) * rstd).sum(0).reshape(weight.shape)
    if output_mask[2] and bias is not None:
        grad_bias = dy.sum(0).reshape(bias.shape)
    return grad_input, grad_weight, grad_bias


def _layer_norm_double_backward(grads, input, weight, grad_out, mean, rstd, normalized_shape):
    """PyTorch's layer_norm_double_backward: the gradients of native_layer_norm_backward's three
    results (ggI, ggG, ggB) reach input, weight and grad_out. Written out by hand, mean and rstd
    as saved (constants: their own edges fail, as PyTorch's not_implemented), on the (M, N) view
    of samples by normalized elements; `first` is the first backward's input gradient."""
    ggI, ggG, ggB = grads
    axis = input.dim() - len(normalized_shape)
    M, N = math.prod(input.shape[:axis]), math.prod(input.shape[axis:])
    x, gO = input.reshape(M, N), grad_out.reshape(M, N)
    affine = weight is not None
    gamma = weight.reshape(1, N) if affine else Tensor._make(np.ones(1, x._data.dtype))
    ggG_e = ggG.reshape(1, N) if affine and ggG is not None else None
    ggI_e = ggI.reshape(M, N) if ggI is not None else None
    x_mu = x - mean.reshape(M, 1)
    s1_2 = rstd.reshape(M, 1)
    s1, s3_2 = s1_2.pow(2), s1_2.pow(3)
    x_mu_s3_2 = x_mu * s3_2
    gI = None
    if ggI_e is not None:
        gxhat = gO * gamma
        gxhat_mu_sum, gxhat_sum = (gxhat * x_mu).sum(1, True), gxhat.sum(1, True)
        ggI_sum, ggI_mu_sum = ggI_e.sum(1, True), (ggI_e * x_mu).sum(1, True)
        all_sub = (ggI_sum * gxhat_sum / N - (ggI_e * gxhat).sum(1, True)
                   + s1 * gxhat_mu_sum * ggI_mu_sum * (3.0 / N))
        gI = (x_mu_s3_2 * all_sub / N + ggI_mu_sum * s3_2 / N * (gxhat_sum / N - gxhat)
              + gxhat_mu_sum * s3_2 / N * (ggI_sum / N - ggI_e))
    if ggG_e is not None:
        term = (gO * ggG_e * s1_2 + s1_2 * (gO * ggG_e).sum(1, True) / -N
                + x_mu_s3_2 * (gO * ggG_e * x_mu).sum(1, True) / -N)
        gI = term if gI is None else gI + term
    if gI is not None:
        gI = gI.reshape_as(input)

    def first(g, gamma):
        return gamma * s1_2 / N * (N * g - g.sum(1, True) - x_mu * s1 * (g * x_mu).sum(1, True))

    gG = ggO = None
    if affine and ggI_e is not None:
        gG = (gO * first(ggI_e, Tensor._make(np.ones((), x._data.dtype)))).sum(0).reshape_as(weight)
    if ggI_e is not None:
        ggO = first(ggI_e, gamma)
    if ggG_e is not None:
        term = ggG_e * x_mu * s1_2
        ggO = term if ggO is None else ggO + term
    if ggB is not None and affine:
        term = ggB.reshape(1, N)
        ggO = term if ggO is None else ggO + term
    elif ggB is not None and ggO is not None:  # (bias without weight: PyTorch adds an undefined
        raise RuntimeError("Expected a proper Tensor but got None (or an undefined Tensor in "
                           "C++) for argument #1 'other'")  # term, which fails)
    if ggO is not None:
        ggO = ggO.expand(M, N).reshape_as(input)
    return gI, gG, ggO


native_layer_norm = Op("NativeLayerNormBackward0", _native_layer_norm, promote=False,
                       extra=("result1", "result2"), **{
                           "input, weight, bias": lambda grad, input, normalized_shape, result1,
                           result2, weight, bias, grad_input_mask: native_layer_norm_backward(
                               grad, input, normalized_shape, result1, result2, weight, bias,
                               grad_input_mask)},
                       result=lambda input_t, weight_t, bias_t, input, weight, bias, normalized_shape,
                           result1, result2: _layer_norm_jvp(input, input_t, weight, weight_t, bias,
                                                             bias_t, result1, result2, normalized_shape))
# its backward, an op of its own in PyTorch (so double backward names it); the saved mean and
# rstd get no gradient (derivatives.yaml's not_implemented), nor does bias (it only says
# whether to compute grad_bias)
def _layer_norm_backward_jvp(grad_out_t, input_t, weight_t, grad_out, input, weight, mean, rstd,
                             normalized_shape):
    """derivatives.yaml gives native_layer_norm_backward no forward derivative: PyTorch runs
    forward AD through its decomposition (torch._decomp's for jvp), op by op. There mean and
    rstd are recomputed from input (the saved ones' tangents do not reach the results):
    x_hat = (x - mean) rstd, g = grad_out weight; input: rstd / N (N g - sum(g) - x_hat
    sum(g x_hat)); weight: sum over the samples of grad_out x_hat; bias: of grad_out. The
    tangents of the three, by the product rule (a missing tangent is zeros)."""
    axis = input.dim() - len(normalized_shape)
    inner, outer = tuple(range(axis, input.dim())), tuple(range(axis))
    N = math.prod(input.shape[axis:])
    input_t, grad_out_t = _materialized(input_t, input), _materialized(grad_out_t, grad_out)
    mean_t, rstd_t = _normalized_stats_jvp(input, input_t, mean, rstd, inner)
    x_hat = (input - mean) * rstd
    x_hat_t = (input_t - mean_t) * rstd + (input - mean) * rstd_t
    g, g_t = grad_out, grad_out_t
    if weight is not None:
        g, g_t = grad_out * weight, grad_out_t * weight + grad_out * _materialized(weight_t, weight)
    c2 = (g * x_hat).sum(inner, keepdim=True)
    c2_t = (g_t * x_hat + g * x_hat_t).sum(inner, keepdim=True)
    inner_p = mul_scalar(g, N) - g.sum(inner, keepdim=True) - x_hat * c2
    inner_t = mul_scalar(g_t, N) - g_t.sum(inner, keepdim=True) - (x_hat_t * c2 + x_hat * c2_t)
    d_input_t = div_scalar(rstd_t, N) * inner_p + div_scalar(rstd, N) * inner_t
    d_weight_t = grad_out_t * x_hat + grad_out * x_hat_t
    return (d_input_t, d_weight_t.sum(outer) if outer else d_weight_t,
            grad_out_t.sum(outer) if outer else grad_out_t.clone())


native_layer_norm_backward = Op(
    "NativeLayerNormBackwardBackward0", _native_layer_norm_backward, promote=False,
    outputs=("result0", "result1", "result2"),
    bias=lambda grad: None,
    mean=_not_derived("native_layer_norm_backward mean"),
    rstd=_not_derived("native_layer_norm_backward rstd"), **{
        "input, weight, grad_out": lambda grads, input, weight, grad_out, mean, rstd,
        normalized_shape: _layer_norm_double_backward(grads, input, weight, grad_out, mean, rstd,
                                                      normalized_shape)},
    result={f"result{k}": (lambda k: lambda grad_out_t, input_t, weight_t, grad_out, input, weight,
                           mean, rstd, normalized_shape: _layer_norm_backward_jvp(
                               grad_out_t, input_t, weight_t, grad_out, input, weight, mean, rstd,
                               normalized_shape)[k])(k) for k in range(3)})


# --- part loss3: group_norm ---------------------------------------------------------------------
def _group_stats_jvp(input, input_t, mean, rstd, N, group):
    """Group norm's samples as (N, group, rest) and the tangents of their statistics:
    (x, x_t, mean, mean_t, rstd, rstd_t), PyTorch's group_norm_mean_jvp and _invstd_jvp."""
    x, x_t = input.reshape(N, group, -1), _materialized(input_t, input).reshape(N, group, -1)
    mean, rstd = mean.reshape(N, group, 1), rstd.reshape(N, group, 1)
    return (x, x_t, mean, *_normalized_stats_jvp(x, x_t, mean, rstd, (2,))[:1], rstd,
            _normalized_stats_jvp(x, x_t, mean, rstd, (2,))[1])


def _group_norm_jvp(input_t, weight_t, bias_t, input, weight, bias, result1, result2, N, C, group):
    """PyTorch's group_norm_jvp: each group normalized as a layer norm over (its channels,
    positions), then scaled and shifted per channel."""
    x, x_t, mean, mean_t, rstd, rstd_t = _group_stats_jvp(input, input_t, result1, result2, N, group)
    out = _affine_jvp(x, x_t, mean, mean_t, rstd, rstd_t, None, None, None, None).reshape(input.shape)
    shape = (1, C) + (1,) * (input.dim() - 2)
    if weight is not None:
        out = (out * weight.reshape(shape) + ((x - mean) * rstd).reshape(input.shape)
               * _materialized(weight_t, weight).reshape(shape))
    return out if bias is None else out + _materialized(bias_t, bias).reshape(shape)


def _native_group_norm(input, weight, bias, N, C, HxW, group, eps):
    """Each sample's channels split into `group` groups, each group normalized (over its channels
    and positions) to mean 0 and variance 1, then scaled and shifted per channel. The statistics
    in float64, the result rounded once; the mean and rstd (N, group) are the op's other two
    results (torch.native_group_norm's), differentiable too."""
    x = input.reshape(N, group, C // group * HxW).astype(np.float64)  # (-1 fails when N is 0)
    mean = _mean(x, axis=2, keepdims=True)
    centered = x - mean
    std = np.sqrt(_mean(centered ** 2, axis=2, keepdims=True) + eps)
    y = (centered / std).reshape(input.shape)
    shape = (1, C) + (1,) * (input.ndim - 2)
    if weight is not None:
        y = y * weight.reshape(shape)
    if bias is not None:
        y = y + bias.reshape(shape)
    return (y.astype(input.dtype), mean.reshape(N, group).astype(input.dtype),
            (1 / std).reshape(N, group).astype(input.dtype))


def _group_norm_backward(grads, input, mean, rstd, weight, N, C, HxW, group, eps,
                         grad_input_mask):
    """PyTorch's infinitely_differentiable_native_group_norm_backward, on the (N, group, C //
    group, HxW) view, from the forward's saved mean and rstd: input: a * grad + b * x + c per
    group (layer_norm's kernel terms, see _native_layer_norm_backward), weight: sum of
    (sum(grad * x) - sum(grad) * mean) * rstd, bias: sum of grad. mean and rstd are the node's
    own results: create_graph reaches input through them again, and their gradients (grads[1],
    grads[2]) reach input through var_mean's backward, but only when both got one."""
    dY, dmean, drstd = grads
    G, D = group, C // group
    s = 1.0 / (D * HxW) if D * HxW else math.inf  # (no elements: PyTorch's SymFloat division)
    X = input.reshape(N, G, D, HxW)
    mean, rstd = mean.reshape(N, G, 1, 1), rstd.reshape(N, G, 1, 1)
    dX = dgamma = dbeta = None
    if dY is not None:
        dY = dY.reshape(N, G, D, HxW)
        ds, db = (dY * X).sum(3).unsqueeze(-1), dY.sum(3).unsqueeze(-1)
    if grad_input_mask[0]:
        gamma = None if weight is None else weight.reshape(1, G, D, 1)
        rstd_cube = rstd * rstd * rstd
        both = dmean is not None and drstd is not None
        if both:
            stats = _var_mean_backward((-0.5 * rstd_cube * drstd.view(N, G, 1, 1),
                                        dmean.view(N, G, 1, 1)), X, (2, 3), 0, True)
        if dY is not None:
            a = rstd if gamma is None else rstd * gamma
            b = (ds if gamma is None else ds * gamma).sum(2).unsqueeze(-2)
            c = (db if gamma is None else db * gamma).sum(2).unsqueeze(-2)
            b = (c * mean - b) * rstd_cube * s
            c = -b * mean - c * rstd * s
            dX = a * dY + b * X + c
            if both:
                dX = dX + stats
            dX = dX.reshape_as(input)
        elif both:
            dX = stats.reshape_as(input)
    if grad_input_mask[1] and dY is not None:
        dgamma = ((ds - db * mean) * rstd).sum(0).reshape_as(weight)
    if grad_input_mask[2] and dY is not None:
        dbeta = db.sum(0).reshape(C)
    return dX, dgamma, dbeta


native_group_norm = Op("NativeGroupNormBackward0", _native_group_norm, promote=False,
                       outputs=("result0", "result1", "result2"), **{
                           "input, weight, bias": lambda grads, input, result1, result2, weight,
                           N, C, HxW, group, eps, grad_input_mask: _group_norm_backward(
                               grads, input, result1, result2, weight, N, C, HxW, group, eps,
                               grad_input_mask)},
                       result={"result0": _group_norm_jvp,
                               "result1": lambda input_t, input, result1, result2, N, group:
                                   _group_stats_jvp(input, input_t, result1, result2, N, group)[3]
                                   .reshape(N, group),
                               "result2": lambda input_t, input, result1, result2, N, group:
                                   _group_stats_jvp(input, input_t, result1, result2, N, group)[5]
                                   .reshape(N, group)})


# --- part nnlayers: embedding -------------------------------------------------------------------
def _embedding_dense_backward(grad_output, indices, num_weights, padding_idx, scale_grad_by_freq):
    """Each row of grad_output added into the weight row its index picked (none into the
    padding_idx row); scale_grad_by_freq divides by how often the index occurs in the batch."""
    idx, rows = indices.reshape(-1), grad_output.reshape(-1, grad_output.shape[-1])
    if scale_grad_by_freq:
        counts = np.bincount(idx, minlength=num_weights)
        rows = rows / counts[idx, None].astype(rows.dtype)
    keep = idx != padding_idx
    out = np.zeros((num_weights, rows.shape[1]), rows.dtype)
    np.add.at(out, idx[keep], rows[keep])
    return out


def _embedding_double_backward(grad, indices, padding_idx):
    """embedding_dense_backward is linear in grad_output: its gradient looks the rows up again
    (PyTorch's embedding_dense_double_backward, which leaves the frequency scaling out too)."""
    gg_weight = grad.index_select(0, indices.reshape(-1))
    if padding_idx >= 0:
        gg_weight = gg_weight.masked_fill((indices == padding_idx).reshape(-1, 1), 0)
    return gg_weight.view(*indices.shape, -1)


embedding = Op("EmbeddingBackward0",   lambda weight, indices, padding_idx=-1,
                                           scale_grad_by_freq=False, sparse=False: weight[indices],
               promote=False,
               weight=lambda grad, indices, weight_shape, padding_idx, scale_grad_by_freq, sparse:
                   embedding_dense_backward(grad, indices, weight_shape[0], padding_idx,
                                            scale_grad_by_freq),
               result="auto_linear")
# its backward formula, an op of its own in PyTorch (so double backward names it):
embedding_dense_backward = Op("EmbeddingDenseBackwardBackward0", _embedding_dense_backward,
                              promote=False,
                              grad_output=lambda grad, indices, padding_idx:
                                  _embedding_double_backward(grad, indices, padding_idx),
                              result="auto_linear")


# --- part nnlayers: batch_norm ------------------------------------------------------------------
def _batch_stats(input):
    """Each channel's (dim 1's) mean and biased variance over the batch and the other dims, in
    PyTorch's order (_batch_norm_stats) and dtype, as float64 shaped to broadcast against input."""
    mean, var_sum = _batch_norm_stats(input)
    var = var_sum / var_sum.dtype.type(input.size // input.shape[1])
    shape = (-1,) + (1,) * (input.ndim - 2)
    return mean.astype(np.float64).reshape(shape), var.astype(np.float64).reshape(shape)


def _batch_norm_update_stats(input, running_mean, running_var, momentum):
    """torch.batch_norm_update_stats: the batch's mean and (biased) variance per channel; the
    running statistics given move as batch_norm's (F._update_running_stats)."""
    return tuple(s.reshape(-1).astype(input.dtype) for s in _batch_stats(input))


batch_norm_update_stats = Op("minigrad::autograd::NotImplemented", _batch_norm_update_stats,
                             outputs=("result0", "result1"),
                             input=_not_implemented("batch_norm_update_stats"))


def _native_batch_norm(input, weight, bias, running_mean, running_var, training, eps):
    """Each channel (dim 1) normalized over the batch and the other dims (training) or with the
    running statistics (eval), then scaled and shifted per channel. In PyTorch's kernel's order:
    y = x * alpha + beta, alpha = invstd * weight, beta = bias - mean * alpha, the last two fused
    multiply-adds (rounded once: here in float64, then to float32). Its other two results
    (torch.native_batch_norm's): the batch's mean and invstd per channel (training), else empty."""
    shape = (-1,) + (1,) * (input.ndim - 2)
    dt = input.dtype
    if training:  # (the batch statistics as PyTorch's kernel gets them: _batch_norm_stats)
        mean, var = _batch_stats(input)
        invstd = (1 / np.sqrt(var + eps)).astype(dt)
        mean = mean.astype(dt)
    else:
        mean = running_mean.reshape(shape)
        invstd = 1 / np.sqrt(running_var.reshape(shape) + dt.type(eps))
    alpha = invstd if weight is None else invstd * weight.reshape(shape)
    beta = -mean.astype(np.float64) * alpha
    if bias is not None:
        beta += bias.reshape(shape)
    out = (input.astype(np.float64) * alpha + beta.astype(dt)).astype(dt)
    if not training:
        return out, np.zeros(0, dt), np.zeros(0, dt)
    return out, mean.reshape(-1), invstd.reshape(-1)


def _native_batch_norm_backward(grad_out, input, weight, running_mean, running_var, save_mean,
                                save_invstd, train, eps, output_mask):
    """native_batch_norm_backward in its kernel's order and dtype, per channel (sums over the
    other dims), from the forward's saved mean and invstd (training) or the running statistics
    (eval): dotp = sum((x - mean) * grad); weight: dotp * invstd; bias: sum(grad); input,
    training: (grad - mean(grad) - (x - mean) * dotp * invstd**2 / n) * invstd * weight, eval:
    grad * invstd * weight. (PyTorch's vectorized sums may round differently: a last bit.)"""
    dims, shape = (0, *range(2, input.ndim)), (-1,) + (1,) * (input.ndim - 2)
    dt = input.dtype
    if train:
        mean, invstd = save_mean, save_invstd
    else:
        mean, invstd = running_mean, 1 / np.sqrt(running_var + dt.type(eps))
    mean, invstd = mean.reshape(shape), invstd.reshape(shape)
    dotp = ((input - mean) * grad_out).sum(dims, keepdims=True)
    grad_input = grad_weight = grad_bias = None
    if output_mask[0]:
        g = grad_out
        if train:
            n = dt.type(input.size // input.shape[1])
            with np.errstate(invalid="ignore", divide="ignore"):  # (no elements: nan, as PyTorch)
                g = g - g.sum(dims, keepdims=True) / n - (input - mean) * (dotp * invstd * invstd / n)
        g = g * invstd
        grad_input = g if weight is None else g * weight.reshape(shape)
    if output_mask[1]:
        grad_weight = (dotp * invstd).reshape(-1)
    if output_mask[2]:
        grad_bias = grad_out.sum(dims)
    return grad_input, grad_weight, grad_bias


def _batchnorm_double_backward(grads, input, weight, grad_out, running_mean, running_var, train,
                               eps, save_mean, save_invstd):
    """PyTorch's batchnorm_double_backward: the gradients of native_batch_norm_backward's three
    results (ggI, ggG, ggB) reach input, weight and grad_out; layer_norm's (above) per channel
    instead of per sample, the statistics (saved, or running in eval) as constants."""
    ggI, ggG, ggB = grads
    dims, shape = (0, *range(2, input.dim())), (1, -1) + (1,) * (input.dim() - 2)
    M = input.numel() // input.shape[1]
    affine, gO = weight is not None, grad_out
    gamma = weight.reshape(shape) if affine else Tensor._make(np.ones((), input._data.dtype))
    ggG_e = ggG.reshape(shape) if affine and ggG is not None else None
    mu = (save_mean if train else running_mean).reshape(shape)
    s1_2 = (save_invstd if train else add_scalar(running_var, eps).pow(-0.5)).reshape(shape)
    s1, s3_2 = s1_2.pow(2), s1_2.pow(3)
    x_mu = input - mu
    x_mu_s3_2 = x_mu * s3_2
    gOinmu_sum, gO_sum = (gO * x_mu).sum(dims, True), gO.sum(dims, True)
    gI = None
    if ggI is not None and train:
        ggI_sum, ggIinmu_sum = ggI.sum(dims, True), (ggI * x_mu).sum(dims, True)
        all_sub = (ggI_sum * gO_sum / M - (gO * ggI).sum(dims, True)
                   + s1 * gOinmu_sum * ggIinmu_sum * (3.0 / M))
        gI = gamma * (x_mu_s3_2 * all_sub / M + ggIinmu_sum * s3_2 / M * (gO_sum / M - gO)
                      + gOinmu_sum * s3_2 / M * (ggI_sum / M - ggI))
    if ggG_e is not None:
        term = (ggG_e * (gO * s1_2 + s1_2 * gO_sum / -M + x_mu_s3_2 * gOinmu_sum / -M) if train
                else ggG_e * s1_2 * gO)
        gI = term if gI is None else gI + term

    def first(g, gamma):
        return gamma * s1_2 / M * (M * g - g.sum(dims, True)
                                   - x_mu * s1 * (g * x_mu).sum(dims, True))

    gG = ggO = None
    if affine and ggI is not None:
        gG = (ggI * first(gO, Tensor._make(np.ones((), input._data.dtype))) if train
              else ggI * gO * s1_2).sum(dims)
    if ggI is not None:
        ggO = first(ggI, gamma) if train else ggI * s1_2 * gamma
    if ggG_e is not None:
        term = ggG_e * x_mu * s1_2
        ggO = term if ggO is None else ggO + term
    if ggB is not None and affine:
        term = ggB.reshape(shape).expand_as(input)
        ggO = term if ggO is None else ggO + term
    elif ggB is not None and ggO is not None:  # (bias without weight: as layer_norm's)
        raise RuntimeError("Expected a proper Tensor but got None (or an undefined Tensor in "
                           "C++) for argument #1 'other'")
    return gI, gG, ggO


native_batch_norm = Op("NativeBatchNormBackward0", _native_batch_norm, promote=False,
                       extra=("result1", "result2"), **{
                           "input, weight, bias": lambda grad, input, weight, running_mean,
                           running_var, result1, result2, training, eps, grad_input_mask:
                           native_batch_norm_backward(grad, input, weight, running_mean,
                                                      running_var, result1, result2, training,
                                                      eps, grad_input_mask)},
                       result=lambda input_t, weight_t, bias_t, input, weight, bias, running_mean,
                                  running_var, result1, result2, training, eps: _batch_norm_jvp(
                                      input, input_t, weight, weight_t, bias, bias_t, running_mean, running_var, result1,
                                      result2, training, eps))
# its backward, an op of its own in PyTorch (so double backward names it); the saved statistics
# get no gradient (derivatives.yaml's not_implemented)
def _batch_norm_backward_jvp(grad_out_t, input_t, weight_t, grad_out, input, weight, running_mean,
                             running_var, save_mean, save_invstd, train, eps):
    """As for layer norm (above), PyTorch's forward AD runs through native_batch_norm_backward's
    decomposition: per channel, mean and invstd (recomputed from input in training, the running
    ones in eval), dot_p = sum(grad_out (x - mean)); input: (grad_out - (x - mean) dot_p / n
    invstd^2 - mean(grad_out)) invstd weight in training, grad_out invstd weight in eval;
    weight: dot_p invstd; bias: sum(grad_out). The tangents of the three by the product rule
    (a missing tangent is zeros; the statistics are constants in eval)."""
    dims, shape = (0, *range(2, input.dim())), (1, -1) + (1,) * (input.dim() - 2)
    n = input.numel() // input.shape[1]
    input_t, grad_out_t = _materialized(input_t, input), _materialized(grad_out_t, grad_out)
    if train:
        mean, invstd = save_mean.reshape(shape), save_invstd.reshape(shape)
        mean_t, invstd_t = _normalized_stats_jvp(input, input_t, mean, invstd, dims)
    else:
        mean, invstd = running_mean.reshape(shape), add_scalar(running_var, eps).rsqrt().reshape(shape)
        mean_t = invstd_t = zeros_like(mean)
    x_mu, x_mu_t = input - mean, input_t - mean_t
    sum_t = grad_out_t.sum(dims, keepdim=True)
    dot_p = (grad_out * x_mu).sum(dims, keepdim=True)
    dot_p_t = (grad_out_t * x_mu + grad_out * x_mu_t).sum(dims, keepdim=True)
    scale, scale_t = invstd, invstd_t
    if weight is not None:
        w, w_t = weight.reshape(shape), _materialized(weight_t, weight).reshape(shape)
        scale, scale_t = invstd * w, invstd_t * w + invstd * w_t
    if train:
        proj_scale = div_scalar(dot_p, n) * invstd * invstd
        proj_scale_t = div_scalar(dot_p_t, n) * invstd * invstd + mul_scalar(
            div_scalar(dot_p, n) * invstd * invstd_t, 2)
        g = grad_out - x_mu * proj_scale - div_scalar(grad_out.sum(dims, keepdim=True), n)
        g_t = grad_out_t - (x_mu_t * proj_scale + x_mu * proj_scale_t) - div_scalar(sum_t, n)
    else:
        g, g_t = grad_out, grad_out_t
    return (g_t * scale + g * scale_t, (dot_p_t * invstd + dot_p * invstd_t).reshape(-1),
            sum_t.reshape(-1))


native_batch_norm_backward = Op(
    "NativeBatchNormBackwardBackward0", _native_batch_norm_backward, promote=False,
    outputs=("result0", "result1", "result2"),
    save_mean=_not_derived("native_batch_norm_backward save_mean"),
    save_invstd=_not_derived("native_batch_norm_backward save_invstd"), **{
        "input, weight, grad_out": lambda grads, input, weight, grad_out, running_mean,
        running_var, train, eps, save_mean, save_invstd: _batchnorm_double_backward(
            grads, input, weight, grad_out, running_mean, running_var, train, eps, save_mean,
            save_invstd)},
    result={f"result{k}": (lambda k: lambda grad_out_t, input_t, weight_t, grad_out, input, weight,
                           running_mean, running_var, save_mean, save_invstd, train, eps:
                           _batch_norm_backward_jvp(grad_out_t, input_t, weight_t, grad_out, input,
                                                    weight, running_mean, running_var, save_mean,
                                                    save_invstd, train, eps)[k])(k) for k in range(3)})


# --- part act2: celu, leaky_relu_, softplus, hardsigmoid, hardswish, mish, shrinks, threshold, glu
def _softplus(self, beta, threshold):
    """log(1 + exp(beta x)) / beta, or x itself once beta x > threshold (where they agree to
    float precision, and exp would overflow)."""
    t = self.dtype.type
    bx = self * t(beta)
    return np.where(bx > t(threshold), self, _rounded(np.log1p, _rounded(np.exp, bx)) / t(beta))


def _softplus_backward(grad_output, self, beta, threshold):
    """grad * sigmoid(beta x), written z / (z + 1) with z = exp(beta x), as PyTorch's kernel."""
    t = self.dtype.type
    bx = self * t(beta)
    z = _rounded(np.exp, bx)
    return np.where(bx > t(threshold), grad_output, grad_output * z / (z + t(1)))


def _softplus_double_backward(grad, self, beta, threshold):
    """PyTorch's softplus_double_backward: d/dx sigmoid(beta x) = beta sigmoid'(beta x)."""
    x = mul_scalar(self, beta)
    return mul_scalar(sigmoid_backward(grad, x.sigmoid()) * (x < threshold).to(grad.dtype), beta)


def _hardswish_backward(grad_output, self):
    """0 up to -3, grad * (x / 3 + 1/2) below 3, grad from 3 on (PyTorch's kernel)."""
    t = self.dtype.type
    return np.where(self <= t(-3), t(0), np.where(self < t(3), grad_output * (self / t(3) + t(0.5)),
                                                 grad_output))


def _mish_backward(grad, self):
    """d/dx x tanh(softplus(x)) = tanh(sp) + x sigmoid(x) (1 - tanh(sp)^2): PyTorch's
    infinitely_differentiable_mish_backward, made of ops so create_graph works. (Without
    create_graph PyTorch runs a fused kernel instead: the same math, float32 bits may differ.)"""
    tanh_softplus = self.exp().log1p().tanh()
    sech2 = _one_minus(tanh_softplus * tanh_softplus)
    return grad * (tanh_softplus + self * self.sigmoid() * sech2)


def _glu(self, dim):
    """a * sigmoid(b), a and b the two halves of self along dim: b gates a."""
    a, b = np.split(self, 2, axis=dim)
    return a * (1 / (1 + _rounded(np.exp, -b)))


def _glu_backward(grad_output, self, dim):
    """sigmoid(b) * grad for a, (1 - sigmoid(b)) sigmoid(b) a * grad for b, side by side."""
    a, b = np.split(self, 2, axis=dim)
    sig = 1 / (1 + _rounded(np.exp, -b))
    return np.concatenate([sig * grad_output, (1 - sig) * sig * a * grad_output], axis=dim)


def _halves(t, dim):
    h = t.shape[dim] // 2
    return slicing(t, dim, 0, h, 1), slicing(t, dim, h, 2 * h, 1)


def _glu_backward_jvp(grad_x, grad_glu, self, grad_glu_t, self_t, dim):
    """PyTorch's glu_backward_jvp: glu_backward's result (grad_x, both halves) differentiated
    in grad_glu and self along their tangents (a missing one is zeros, as PyTorch's)."""
    grad_glu_t, self_t = _materialized(grad_glu_t, grad_glu), _materialized(self_t, self)
    a, b = _halves(self, dim)
    da, db = _halves(self_t, dim)
    grad_x_a = _halves(grad_x, dim)[0]
    sig_b = b.sigmoid()
    glu = a * sig_b
    db_neg_sig_b = db - db * sig_b
    dgrad_x_a = grad_glu_t * sig_b + grad_x_a * db_neg_sig_b
    dgrad_x_b = dgrad_x_a * (a - glu) + grad_x_a * (da - da * sig_b - glu * db_neg_sig_b)
    return join(CatBackward0, [dgrad_x_a, dgrad_x_b], dim, np.concatenate)


def _glu_double_backward_grad_output(grad, self, dim):
    """PyTorch's glu_double_backward_grad_output: glu_backward is linear in grad_output, so its
    derivative is glu_backward of ones, times grad, with the two halves summed."""
    first, second = _halves(grad * glu_backward(ones_like(_halves(self, dim)[0]), self, dim), dim)
    return first + second


def _glu_double_backward(grad, grad_output, self, dim):
    """PyTorch's glu_double_backward: glu_backward differentiated in self, half by half."""
    first_half, second_half = _halves(self, dim)
    sig_second_half = second_half.sigmoid()
    one_sub_sig_second_half = _one_minus(sig_second_half)
    sig_one_sub_sig = sig_second_half * one_sub_sig_second_half
    gg_first_half, gg_second_half = _halves(grad, dim)
    gi_first_half = gg_second_half * grad_output * sig_one_sub_sig
    second_order_sh = (sig_one_sub_sig * one_sub_sig_second_half
                       - sig_second_half * sig_one_sub_sig)
    gi_second_half = (gg_second_half * first_half * grad_output * second_order_sh
                      + gg_first_half * grad_output * sig_one_sub_sig)
    return join(CatBackward0, [gi_first_half, gi_second_half], dim, np.concatenate)


def _leaky_relu_backward_of_result(grad, result, negative_slope):
    """In place, leaky_relu's backward reads the output: its sign is the input's for a slope >= 0."""
    if negative_slope < 0:
        raise RuntimeError(
            "In-place leakyReLu backward calculation is triggered with a negative slope which is not "
            "supported. This is caused by calling in-place forward function with a negative slope, "
            "please call out-of-place version instead. File an issue at "
            "https://github.com/pytorch/pytorch if you do require supporting in-place leakRelu "
            "backward calculation with negative slope")
    return leaky_relu_backward(grad, result, negative_slope)


def _shrunk(self, lambd):
    t = self.dtype.type
    return (self >= t(-lambd)) & (self <= t(lambd))


celu = Op("CeluBackward0",             lambda self, alpha: _elu(self, alpha, 1, 1 / alpha),
          # (PyTorch's formula takes 1 / alpha with alpha as a C++ float: 1 / 0.3 is 3.3333332...)
          self=lambda grad, self, alpha: elu_backward(grad, alpha, 1, 1 / float(np.float32(alpha)),
                                                      False, self),
          result="auto_element_wise")
celu_ = Op("CeluBackward1",            lambda self, alpha: _elu(self, alpha, 1, 1 / alpha),
           self=lambda grad, result, alpha: elu_backward(grad, alpha, 1, 1 / float(np.float32(alpha)),
                                                         True, result),
           result="auto_element_wise")
softplus = Op("SoftplusBackward0",     _softplus,
              self=lambda grad, self, beta, threshold: softplus_backward(grad, self, beta, threshold),
              result="auto_element_wise")
hardsigmoid = Op("HardsigmoidBackward0", lambda self: np.clip(self + self.dtype.type(3), 0, 6)
                                             / self.dtype.type(6),
                 self=lambda grad, self: hardsigmoid_backward(grad, self),
                 result="auto_element_wise")
hardswish = Op("HardswishBackward0",   lambda self: self * np.clip(self + self.dtype.type(3), 0, 6)
                                           / self.dtype.type(6),
               self=lambda grad, self: hardswish_backward(grad, self),
               result="auto_element_wise")
mish = Op("MishBackward0",             lambda self: self * _rounded(
                                           np.tanh, _rounded(np.log1p, _rounded(np.exp, self))),
          self=lambda grad, self: _mish_backward(grad, self),
          result="auto_element_wise")
# (softshrink: x * 0 inside, -0.0 for negative x, as PyTorch's scalar loop, which small tensors
# and the tail of big ones take; its SIMD loop over whole vectors gives +0.0)
softshrink = Op("SoftshrinkBackward0", lambda self, lambd: np.where(_shrunk(self, lambd), self * 0,
                                           np.where(self > 0, self - self.dtype.type(lambd),
                                                    self + self.dtype.type(lambd))),
                self=lambda grad, self, lambd: softshrink_backward(grad, self, lambd),
                result="auto_element_wise")
hardshrink = Op("HardshrinkBackward0", lambda self, lambd: np.where(_shrunk(self, lambd),
                                                                   self.dtype.type(0), self),
                self=lambda grad, self, lambd: hardshrink_backward(grad, self, lambd),
                result="auto_element_wise")
leaky_relu_ = Op("LeakyReluBackward1",  leaky_relu.forward,      # in place: the output stands in
                 self=lambda grad, result, negative_slope:
                     _leaky_relu_backward_of_result(grad, result, negative_slope),
                 result="auto_element_wise")
glu = Op("GluBackward0",               _glu,
         self=lambda grad, self, dim: glu_backward(grad, self, dim),
         result=lambda self_t, self, dim, result: glu_jvp(result, self, self_t, dim))
threshold = Op("ThresholdBackward0",   lambda self, threshold, value: np.where(
                                           self <= self.dtype.type(threshold), self.dtype.type(value), self),
               self=lambda grad, self, threshold: threshold_backward(grad, self, threshold),
               result="auto_element_wise")
threshold_ = Op("ThresholdBackward1",  lambda self, threshold, value: np.where(    # in place: self is
                                           self <= self.dtype.type(threshold), self.dtype.type(value), self),
                self=lambda grad, self, threshold: threshold_backward(grad, self, threshold),  # saved first
                result="auto_element_wise")  # (self: original_self_p, the values before the write)
# their backward formulas, ops of their own in PyTorch (so double backward names them):
softplus_backward = Op("SoftplusBackwardBackward0", _softplus_backward,
                       grad_output=lambda grad, self, beta, threshold:
                           softplus_backward(grad, self, beta, threshold),
                       self=lambda grad, grad_output, self, beta, threshold:
                           _softplus_double_backward(grad * grad_output, self, beta, threshold),
                       result=(lambda grad_output_t, self, beta, threshold:
                                          softplus_backward(grad_output_t, self, beta, threshold),
                                      lambda self_t, grad_output, self, beta, threshold:
                                          _softplus_double_backward(self_t * grad_output, self, beta, threshold)))
def _glu_jvp(glu, x, dx, dim):
    """d(a sigmoid(b)) = da sigmoid(b) + glu (db - sigmoid(b) db), a kernel of its own."""
    da, db = np.split(dx, 2, axis=dim)
    sig_b = 1 / (1 + _rounded(np.exp, -np.split(x, 2, axis=dim)[1]))
    return da * sig_b + glu * (db - sig_b * db)


# (glu's forward derivative is an ATen kernel with no derivative of its own: NotImplemented)
glu_jvp = Op("minigrad::autograd::NotImplemented", _glu_jvp, glu=_not_implemented("glu_jvp"),
             x=_not_implemented("glu_jvp"), dx=_not_implemented("glu_jvp"))
glu_backward = Op("GluBackwardBackward0", _glu_backward,
                  grad_output=lambda grad, self, dim:
                      _glu_double_backward_grad_output(grad, self, dim),
                  self=lambda grad, grad_output, self, dim:
                      _glu_double_backward(grad, grad_output, self, dim),
                  result=lambda grad_output_t, self_t, grad_output, self, dim, result:
                      _glu_backward_jvp(result, grad_output, self, grad_output_t, self_t, dim))
glu_backward.contiguous = True  # (a new row-major tensor in PyTorch)
# (PyTorch has no formula for hardsigmoid_backward: its node is NotImplemented)
hardsigmoid_backward = Op("minigrad::autograd::NotImplemented", lambda grad_output, self: np.where(
                              (self > -3) & (self < 3),  # (1/6 as a float32 even for float64)
                              grad_output * self.dtype.type(np.float32(1 / 6)), 0),
                          promote=("grad_output",),
                          grad_output=_not_implemented("hardsigmoid_backward"),
                          self=_not_implemented("hardsigmoid_backward"))
hardswish_backward = Op("HardswishBackwardBackward0", _hardswish_backward,
                        grad_output=lambda grad, self: hardswish_backward(grad, self),
                        self=lambda grad, grad_output, self: where(
                            (self > -3.0) & (self < 3.0), div_scalar(grad * grad_output, 3.0),
                            Tensor._make(np.zeros((), self._data.dtype))),
                        result=(lambda grad_output_t, self: hardswish_backward(grad_output_t, self),
                                       lambda self_t, grad_output, self: where(
                                           (self > -3.0) & (self < 3.0), div_scalar(self_t * grad_output, 3.0),
                                           Tensor._make(np.zeros((), self._data.dtype)))))
softshrink_backward = Op("SoftshrinkBackwardBackward0", lambda grad_output, self, lambd:
                             np.where(_shrunk(self, lambd), 0, grad_output), promote=("grad_output",),
                         grad_output=lambda grad, self, lambd: softshrink_backward(grad, self, lambd),
                         self=lambda grad: zeros_like(grad),
                         result=(lambda grad_output_t, self, lambd:  # (constant in self)
                                            where((self > lambd) | (self < -lambd), grad_output_t, 0.0),))
hardshrink_backward = Op("HardshrinkBackwardBackward0", lambda grad_out, self, lambd:
                             np.where(_shrunk(self, lambd), 0, grad_out), promote=("grad_out",),
                         grad_out=lambda grad, self, lambd: hardshrink_backward(grad, self, lambd),
                         self=lambda grad: zeros_like(grad),
                         result=(lambda grad_out_t, self, lambd:
                                            where((self > lambd) | (self < -lambd), grad_out_t, 0.0),))


# --- ops over a list of tensors: a node class each, since a row has a fixed set of inputs ------
class CatBackward0(Node):
    """cat: each input gets back its own slice of the gradient."""

    __slots__ = ("dim", "sizes")

    def apply(self, grad_outputs):
        grads, start = [], 0
        for n in self.sizes:
            grads.append(slicing(grad_outputs[0], self.dim, start, start + n, 1))
            start += n
        return grads


class StackBackward0(CatBackward0):
    """stack: each input gets back its own index of the gradient."""

    __slots__ = ()

    def apply(self, grad_outputs):
        return [select(grad_outputs[0], self._args["dim"], i) for i in range(len(self.sizes))]


class BlockDiagBackward0(Node):
    """block_diag (part nsgap): each input gets back its block of the gradient. A number was a
    1x1 block: squeezed twice; a vector a one-row block: PyTorch squeezes its last dim (a no-op
    unless it has 1 element) and the engine sums the row away; an empty one gets zeros."""

    __slots__ = ("shapes",)

    def apply(self, grad_outputs):
        grads, row, col = [], 0, 0
        for shape in self.shapes:
            if shape == (0,):
                grads.append(Tensor._make(np.zeros(0, grad_outputs[0]._data.dtype)))
                continue
            rows, cols = shape if len(shape) == 2 else (1, shape[0] if shape else 1)
            block = slicing(slicing(grad_outputs[0], 0, row, row + rows, 1), 1, col, col + cols, 1)
            for _ in range(2 - len(shape)):
                block = squeeze_dim(block, -1)
            grads.append(block)
            row, col = row + rows, col + cols
        return grads


def _channels_last_join(out, dim, forward):
    """cat's result laid out channels-last; stack's, a view of such a cat along dim (of 4-D
    inputs: a stack along their last dim is a cat of 5-D ones, row-major)."""
    if forward is not np.stack:
        return _suggested_layout(out, True)
    dim %= out.ndim
    if dim == 4:
        return out
    shape = out.shape[:dim] + (out.shape[dim] * out.shape[dim + 1],) + out.shape[dim + 2:]
    cat = _suggested_layout(out.reshape(shape), True)
    st = cat.strides
    strides = st[:dim] + (st[dim] * out.shape[dim + 1], st[dim]) + st[dim + 1:]
    return np.lib.stride_tricks.as_strided(cat, out.shape, strides, writeable=True)


def join(node_class, tensors, dim, forward):
    """cat/stack: NumPy joins the data (row-major, as PyTorch allocates it; NumPy would follow
    transposed inputs); the node remembers the sizes to split the gradient, and the dim as given
    (shown as `_saved_dim`) and as a dim of the result (where the gradient is split)."""
    dt = result_type(*tensors)
    out = np.ascontiguousarray(forward([t._data.astype(dt, copy=False) for t in tensors], axis=dim))
    if all(_channels_last(t._data) for t in tensors):  # (then PyTorch's cat is channels-last too;
        out = _channels_last_join(out, dim, forward)  # a stack views a cat of them)
    out = function._linear_tangents(Tensor._make(out), lambda *tangents: join(  # (cat_jvp,
        node_class, list(tangents), dim, forward), tensors)                      # stack_jvp)
    if grad_mode._enabled and dt.kind == "f" and any(t.requires_grad for t in tensors):
        node = node_class(tuple(t._edge() for t in tensors), ((out._data.shape, dt),))
        node.dim, node._args["dim"] = dim % out._data.ndim, dim
        node.sizes = [t._data.shape[node.dim] if t._data.ndim > node.dim else 1 for t in tensors]
        out._grad_fn = node
    return out


# --- ops with several outputs: views of one input, all outputs of ONE node ----------------------
class UnbindBackward0(Node):
    """unbind: output k is slice k along dim; the gradients come back stacked, zeros for the
    outputs that got none."""

    __slots__ = ()

    def apply(self, grad_outputs):
        like = next(g for g in grad_outputs if g is not None)
        zero = expand(Tensor._make(np.zeros((), like._data.dtype)), like.shape)
        return [join(StackBackward0, [zero if g is None else g for g in grad_outputs],
                     self._args["dim"], np.stack)]


class SplitWithSizesBackward0(Node):
    """split into given sizes: the gradients come back concatenated, zeros for the pieces that
    got none."""

    __slots__ = ()

    def sizes(self):
        return self._args["split_sizes"]

    def apply(self, grad_outputs):
        shape = self._args["self_shape"]
        dim = self._args["dim"] % len(shape)
        grads = [Tensor._make(np.zeros(shape[:dim] + (n,) + shape[dim + 1:], dt)) if g is None
                 else g for g, n, (_, dt) in zip(grad_outputs, self.sizes(), self._input_metadata)]
        return [join(CatBackward0, grads, dim, np.concatenate)]


class SplitBackward0(SplitWithSizesBackward0):
    """split into pieces of split_size (the last one what is left)."""

    __slots__ = ()

    def sizes(self):
        n, size = len(self._input_metadata), self._args["split_size"]
        return [size] * (n - 1) + [self._args["self_shape"][self._args["dim"]] - size * (n - 1)]


class UnbindBackward0_copy(UnbindBackward0):  # (part views2: unbind_copy, split_copy, ...)
    __slots__ = ()


class SplitWithSizesBackward0_copy(SplitWithSizesBackward0):
    __slots__ = ()


class SplitBackward0_copy(SplitBackward0):
    __slots__ = ()


class UnsafeSplitBackward0(SplitBackward0):
    """unsafe_split: split's gradient (derivatives.yaml gives both split_backward). Its pieces
    are not views to autograd, so ATen's recurrent cells may change them in place."""

    __slots__ = ()


class UnsafeSplitWithSizesBackward0(SplitWithSizesBackward0):
    """unsafe_split_with_sizes: split_with_sizes's gradient; pieces that are not views."""

    __slots__ = ()


def views(node_class, self, keys, **saved):
    """Several views of `self` made by one op (unbind, split), self[key] for each key: with
    autograd, all of them are outputs of one node (output_nr 0, 1, ...); `saved` is what the
    node keeps. Forward AD: each view's tangent is the same view of self's (auto_linear)."""
    outs = [view_of(self, self._data[k]) for k in keys]
    if grad_mode._enabled:
        for out in outs:
            out._creation_meta = "multi"
    tangent = self._fw_grad
    if tangent is not None and function._forward_level is not None and not grad_mode._inference:
        for out, k in zip(outs, keys):
            function._set_fw_grad(out, view_of(tangent, tangent._data[k]))
    return outputs_of(node_class, self, outs, **saved)


def outputs_of(node_class, self, outs, **saved):
    """With autograd, `outs` (made from `self` by one op) become outputs 0, 1, ... of one node."""
    if grad_mode._enabled and self.requires_grad:
        node = node_class((self._edge(),), tuple((o._data.shape, o._data.dtype) for o in outs))
        node._args.update(saved)
        for k, out in enumerate(outs):
            out._grad_fn, out._output_nr = node, k
    return tuple(outs)


# --- part reduce2: var_mean, std_mean, aminmax: rows with two differentiable outputs ------------
def _var_mean_backward(grads, self, dim, correction, keepdim, std=None):
    """PyTorch's var_mean_backward (std_mean_backward, given std): var's (std's) part and mean's
    part of self's gradient, for the outputs that got a gradient, added."""
    grad_first, grad_mean = grads
    grad = None
    if grad_first is not None:
        grad = (_var_backward(grad_first, self, dim, correction, keepdim) if std is None else
                _std_backward(grad_first, self, std, dim, correction, keepdim))
    if grad_mean is not None:  # mean's gradient, as the mean rows have it
        part = (div_scalar(expand(grad_mean, self.shape), self.numel()) if dim is None else
                div_scalar(expand(_unsqueeze_dims(grad_mean, dim, keepdim or not self.dim()),
                                  self.shape),
                           _reduced_numel(self.shape, dim)))
        grad = part if grad is None else grad + part
    return grad


def _aminmax_backward(grads, self, min, max, dim, keepdim):
    """min's and max's gradients, each shared evenly by the positions holding that value (as
    amin's and amax's), added."""
    dims = tuple(range(self.dim())) if dim is None else (dim,)
    parts = [_amax_backward(g, self, result, dims, keepdim)
             for g, result in zip(grads, (min, max)) if g is not None]
    return parts[0] if len(parts) == 1 else parts[0] + parts[1]


def _aminmax(self, dim, keepdim):
    axis = None if dim is None or self.ndim == 0 else dim
    return self.min(axis=axis, keepdims=keepdim), self.max(axis=axis, keepdims=keepdim)


var_mean = Op("VarMeanBackward0", lambda self, dim, correction, keepdim: (
                  _var(self, dim, correction, keepdim), _mean(self, dim, keepdim)),
              outputs=("result0", "result1"),
              self=lambda grads, self, dim, correction, keepdim:
                  _var_mean_backward(grads, self, dim, correction, keepdim),
              result={"result0": lambda self_t, self, dim, correction, keepdim:
                          _var_jvp(self_t, self, dim, correction, keepdim),
                      "result1": lambda self_t, dim, keepdim: self_t.mean(dim or (), keepdim=keepdim)})
std_mean = Op("StdMeanBackward0", lambda self, dim, correction, keepdim: (
                  _var(self, dim, correction, keepdim, root=True), _mean(self, dim, keepdim)),
              outputs=("result0", "result1"),
              self=lambda grads, self, result0, dim, correction, keepdim:
                  _var_mean_backward(grads, self, dim, correction, keepdim, result0),
              result={"result0": lambda self_t, self, result0, dim, correction, keepdim: apply_inplace(
                          masked_fill_scalar, _var_jvp(self_t, self, dim, correction, keepdim)
                          / mul_scalar(result0, 2.0), result0 == 0, 0),
                      "result1": lambda self_t, dim, keepdim: self_t.mean(dim or (), keepdim=keepdim)})
aminmax = Op("AminmaxBackward0", _aminmax, outputs=("min", "max"),
             self=lambda grads, self, min, max, dim, keepdim:
                 _aminmax_backward(grads, self, min, max, dim, keepdim),
             result={"min": lambda self_t, self, min, dim, keepdim: _amaxamin_jvp(
                         self, self_t, min, () if dim is None else (dim,), keepdim),
                     "max": lambda self_t, self, max, dim, keepdim: _amaxamin_jvp(
                         self, self_t, max, () if dim is None else (dim,), keepdim)})
for _op in (var_mean, std_mean, aminmax):
    _op.contiguous = True  # reductions: PyTorch allocates them C-contiguous


# --- sum in PyTorch's order (aten/src/ATen/native/cpu/SumKernel.cpp), so float32 gives its bits ---
# PyTorch sums float tensors with 8 float32 (4 float64) lanes, 4 interleaved partial sums and
# "cascades" (chunks of 16+ terms, whose sums are summed in chunks, ...); NumPy sums pairwise.
# Same terms, another order, other last bits: these functions replay PyTorch's order with array ops.
_SPLIT = 32768  # PyTorch splits a full sum of at least this many elements among its threads
_THREADS = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()


def _running_sum(v):
    """0 + v[0] + v[1] + ... left to right, along axis 0. NumPy sums pairwise only along the
    innermost loop: with rows of contiguous elements, np.add.reduce adds whole rows in order;
    otherwise accumulate runs left to right. (+ 0: a sum started from 0 is never -0.0.)"""
    if len(v) == 0:
        return np.zeros(v.shape[1:], v.dtype)
    if v.ndim > 1 and v.shape[-1] > 1 and v.strides[-1] == v.itemsize and v.strides[0] > v.itemsize:
        return np.add.reduce(v, axis=0) + v.dtype.type(0)
    return np.add.accumulate(v, axis=0)[-1] + v.dtype.type(0)


def _multi_row_sum(x):
    """multi_row_sum: x summed down its rows in chunks of `step` rows (16 or more); the chunk sums
    pile up at level 1, piles of `step` of them move up to level 2, then to level 3; at the end the
    rows left over at each level are added up, the lowest first."""
    step = 1 << builtins.max(4, (len(x) - 1).bit_length() // 4 if len(x) > 1 else 0)
    # The leftovers, added up as they come; none yet is 0, and a running sum is never -0.0, so
    # 0 + rest is rest bit for bit: no array of zeros, no additions of empty leftovers.
    total = None
    for _ in range(3):  # levels 0, 1, 2 (level 3 keeps all it gets)
        if len(x) < step:
            break
        full = len(x) // step * step
        if full < len(x):
            rest = _running_sum(x[full:])
            total = rest if total is None else total + rest
        x = _running_sum(x[:full].reshape((-1, step) + x.shape[1:]).swapaxes(0, 1))
    x = _running_sum(x)
    return x if total is None else total + x


def _row_sum(x):
    """row_sum: rows 0, 4, 8, ... / 1, 5, 9, ... / ... summed apart (4 partial sums), the rows
    left over added to the first, then the 4 partial sums added up."""
    k = len(x) // 4
    parts = _multi_row_sum(x[:4 * k].reshape((k, 4) + x.shape[1:]))
    first = _running_sum(np.concatenate([parts[:1], x[4 * k:]]))
    return ((first + parts[1]) + parts[2]) + parts[3]


def _inner_sum(x):
    """vectorized_inner_sum: x's axis 0 (contiguous in memory) cut into vectors of 32 bytes summed
    lane by lane; then the leftover elements, then the lanes, added one by one to 0."""
    lanes = 32 // x.dtype.itemsize
    n = len(x) // lanes
    if n == 0:  # shorter than one vector: scalar_inner_sum
        return _row_sum(x)
    vec = _row_sum(x[:n * lanes].reshape((n, lanes) + x.shape[1:]))
    return _running_sum(np.concatenate([x[n * lanes:], vec]))


def _outer_sum(x):
    """vectorized_outer_sum / scalar_outer_sum: columns (x's last axis, contiguous) summed down
    axis 0; blocks of 4 vectors (of 4 columns if there are fewer than a vector's) by
    multi_row_sum, the columns left over by row_sum."""
    lanes = 32 // x.dtype.itemsize
    block = 4 * lanes if x.shape[-1] >= lanes else 4
    m = x.shape[-1] // block * block
    if m == x.shape[-1] or m == 0:  # (all columns one way: no array to put two parts in)
        return _multi_row_sum(x) if m else _row_sum(x)
    out = np.empty(x.shape[1:], x.dtype)
    if m:
        out[..., :m] = _multi_row_sum(x[..., :m])
    if m < x.shape[-1]:
        out[..., m:] = _row_sum(x[..., m:])
    return out


def _sum(a, axis=None, keepdims=False, dtype=None):
    """a.sum(axis, keepdims, dtype) adding floats in PyTorch's CPU order (same bits). Contiguous
    tensors reduced over one run of neighbouring dims; the rest (exact integer sums, strided
    views, scattered dims) goes to NumPy."""
    if axis is None and dtype is None and 0 < a.size <= 4 and a.dtype.kind == "f" \
            and a.flags.c_contiguous:  # (the common tiny case first: one short loop)
        return np.add.accumulate(a.reshape(-1))[-1] + a.dtype.type(0)
    a = a if dtype is None else a.astype(dtype, copy=False)
    axis = axis if a.ndim else None  # (a 0-d array's dim, 0 or -1, is all of it)
    dims = tuple(range(a.ndim)) if axis is None else \
        tuple(sorted(d % a.ndim for d in ((axis,) if np.ndim(axis) == 0 else axis)))
    if (a.dtype.kind != "f" or a.size == 0 or not a.flags.c_contiguous or not dims
            or dims[-1] - dims[0] != len(dims) - 1):
        return a.sum(axis=axis, keepdims=keepdims, dtype=a.dtype)  # (a bool sum stays bool)
    if a.size <= 4 and len(dims) == a.ndim:  # up to 4 elements PyTorch goes left to right
        out = np.add.accumulate(a.reshape(-1))[-1] + a.dtype.type(0)
    elif len(dims) == a.ndim:  # all of it: one row, cut among PyTorch's threads when long
        flat = a.reshape(-1)
        parts = builtins.min(_THREADS, -(-flat.size // _SPLIT))
        size = -(-flat.size // parts)
        out = _inner_sum(flat) if parts == 1 else \
            _row_sum(np.stack([_inner_sum(flat[i:i + size]) for i in range(0, flat.size, size)]))
    else:
        before = math.prod(a.shape[:dims[0]])
        after = math.prod(a.shape[dims[-1] + 1:])
        x = a.reshape(before, -1, after)
        if after == 1:  # the last dims: each row summed in memory order
            out = _inner_sum(x[:, :, 0].T)
        else:  # columns, summed down the rows (of each of the `before` slices)
            out = _outer_sum(x.swapaxes(0, 1))
        out = out.reshape(tuple(n for d, n in enumerate(a.shape) if d not in dims))
    if keepdims:
        out = np.reshape(out, tuple(1 if d in dims else n for d, n in enumerate(a.shape)))
    return np.asarray(out, a.dtype)[()] if np.ndim(out) == 0 else out


# Norms (ReduceOpsKernel.cpp's norm_kernel_tensor_iterator_impl) add in their own order: the p=2
# norm of rows of dense memory (TensorIterator's "last dim" case) squares them 8 float32 (4
# float64) lanes at a time, one partial sum per lane, adds the lanes up left to right, then the
# leftover elements: those in a block of 4 squared then added, the last (up to 3) with a fused
# multiply-add (x * x + acc rounded once: the compiler's doing, found by testing PyTorch).
# Any other norm (p=1, other p, p=2 of strided dims) adds |x|**p left to right, in the order
# TensorIterator walks memory, cut among the threads when one result sums 32768+ elements.
def _reduction_rows(a, layout, dims):
    """a's elements as rows, one per result (the kept dims in C order), each row in the order
    TensorIterator visits it (reduced dims by their strides in `layout`, the fastest last); and
    whether those dims are one dense run of memory (TensorIterator coalesces them into one dim
    of stride 1: is_reduce_lastdim)."""
    red = sorted((d for d in dims if a.shape[d] != 1), key=lambda d: -layout.strides[d])
    kept = [d for d in range(a.ndim) if d not in dims]
    order = kept + red + [d for d in dims if a.shape[d] == 1]
    rows = a.transpose(order).reshape(math.prod(a.shape[d] for d in kept), -1)
    step, dense = layout.itemsize, layout.dtype == a.dtype
    for d in reversed(red):
        dense, step = dense and layout.strides[d] == step, step * a.shape[d]
    return rows, dense


def _lastdim_sumsq(rows):
    """The p=2 fast path's sum of squares of each (dense) row: lanes, then the leftovers."""
    lanes = 32 // rows.itemsize
    k, n = rows.shape
    m = n - n % lanes
    blocks = np.ascontiguousarray(rows[:, :m].reshape(k, -1, lanes).swapaxes(0, 1))
    acc = _running_sum((blocks * blocks).reshape(-1, k * lanes)).reshape(k, lanes)
    out = acc[:, 0]
    for j in range(1, lanes):
        out = out + acc[:, j]
    tail = rows[:, m:]
    fused = (n - m) % 4
    for j in range(n - m - fused):
        out = out + tail[:, j] * tail[:, j]
    for j in range(n - m - fused, n - m):
        out = _fma(tail[:, j], tail[:, j], out)
    return out


def _serial_sum(terms):
    """binary_kernel_reduce: each row of terms added left to right from 0; a single row of
    32768+ terms cut among the threads, whose sums are then added in thread order."""
    k, n = terms.shape
    parts = builtins.min(_THREADS, -(-n // _SPLIT)) if k == 1 else 1
    if parts <= 1:
        return _running_sum(np.ascontiguousarray(terms.T))
    size = -(-n // parts)
    sums = [_running_sum(terms[0, i:i + size]) for i in range(0, n, size)]
    return _running_sum(np.stack(sums))[None]


def _norm_in_order(a, layout, ord, dim, keepdim):
    """The ord-norm of a = |x| over dim (None: all), in PyTorch's CPU order (see above); layout:
    the array whose strides PyTorch's kernel sees (x itself, or a if x was cast). A reduction
    over dims of size 1 only is |x| itself (linalg_vector_norm's shortcut)."""
    dims = tuple(range(a.ndim)) if dim is None else \
        tuple(sorted(d % a.ndim for d in ((dim,) if np.ndim(dim) == 0 else dim)))
    shape = tuple(1 if d in dims else n for d, n in enumerate(a.shape))
    if all(a.shape[d] == 1 for d in dims):
        out = a
    else:
        t = a.dtype.type
        rows, dense = _reduction_rows(a, layout, dims)
        if ord == 2:
            out = np.sqrt(_lastdim_sumsq(rows) if dense else _serial_sum(rows * rows))
        elif ord == 1:
            out = _serial_sum(rows)
        else:
            out = _math._c("pow", _serial_sum(_math._c("pow", rows, t(ord))), t(1) / t(ord))
        out = out.reshape(shape)
    if not keepdim:
        out = out.reshape(tuple(n for d, n in enumerate(a.shape) if d not in dims))
    return np.asarray(out, a.dtype)[()] if np.ndim(out) == 0 else out


def _batch_norm_stats(x):
    """batch_norm_cpu_collect_stats: each channel's (dim 1's) mean and sum of squared deviations
    from it, in x's dtype, added as PyTorch's kernels add them: in float64, term after term (x,
    then (x - mean) ** 2 rounded to x's dtype). But with channels last ((N, C) or (N, C, 1...))
    each thread sums its share of the rows (all of them if there are no more rows than threads)
    in x's dtype (the squares fused into the sum: rounded once), and the threads' sums are added
    in float64."""
    channels = x.shape[1]
    rows = np.ascontiguousarray(np.moveaxis(x, 1, -1)).reshape(-1, channels)  # (terms, channels)
    n = len(rows)
    if all(k == 1 for k in x.shape[2:]):
        size = -(-n // _THREADS) if n > _THREADS else n
        parts = [rows[i:i + size] for i in range(0, n, size)]
        mean = (_running_sum(np.stack([_running_sum(p) for p in parts]).astype(np.float64))
                / n).astype(x.dtype)
        sums = []
        for part in parts:
            acc = np.zeros(channels, x.dtype)
            for row in part - mean:
                acc = _fma(row, row, acc)
            sums.append(acc)
        return mean, _running_sum(np.stack(sums).astype(np.float64)).astype(x.dtype)
    if x.ndim > 2:  # (contiguous: each channel's terms batch by batch, in memory order)
        rows = np.ascontiguousarray(x.swapaxes(0, 1).reshape(channels, -1).T)
    mean = (_running_sum(rows.astype(np.float64)) / n).astype(x.dtype)
    deviations = rows - mean
    return mean, _running_sum((deviations * deviations).astype(np.float64)).astype(x.dtype)


def _mean(a, axis=None, keepdims=False, dtype=None):
    """NumPy's mean (a sum, then one division: the same bits) minus its warning on an empty
    tensor, whose mean PyTorch gives as nan without a word."""
    total = _sum(a, axis, keepdims, dtype)
    return np.true_divide(total, a.size // total.size if total.size else 1, dtype=total.dtype)


def _acc(a, dtype=None):
    """sum() of integers and bools gives int64 (PyTorch), of floats keeps their dtype; a dtype
    asked for wins."""
    if dtype is not None:
        return dtype.np
    return a.dtype if a.dtype.kind == "f" else np.int64


# Reductions, scans, softmax, masked_fill, topk, products of matrices and index reads: PyTorch
# allocates their results C-contiguous, so `x.t().sum(0).view(-1)` works. (Elementwise ops
# follow their inputs' layout instead: autograd.function._iterator_layout.)
for _op in (sum_dim, mean_dim, max_dim, min_dim, prod_dim, amax, amin, std, var, norm, logsumexp,
            cumsum, cumprod, median_dim, nanmedian_dim, kthvalue, mode, cummax, cummin, nansum,
            logcumsumexp_scan, norm_p_dim,
            softmax, log_softmax, masked_fill, masked_fill_scalar, topk, mm, bmm,
            addmm, gather, index_select, softmax_backward_data, log_softmax_backward_data,
            native_layer_norm, native_batch_norm, embedding, embedding_dense_backward,
            convolution, convolution_backward, constant_pad_nd):
    _op.contiguous = True


# --- part pooling: each output reads a window of input positions (the last two or three dims) ---
# A window is a table of flat input positions (*out, K) and a mask of those inside the input
# (not padding); one NumPy fancy index reads all windows at once, np.add.at writes grads back.
# The windows are built from one table (out, k) per pooled dim, so 2-d and 3-d pools share code.
def _pool_out(size, kernel, stride, padding, dilation, ceil_mode):
    """How many windows fit along one dim (ceil_mode: a last partial one, if it starts inside)."""
    span = size + 2 * padding - dilation * (kernel - 1) - 1 + (stride - 1 if ceil_mode else 0)
    out = span // stride + 1
    return out - 1 if ceil_mode and (out - 1) * stride >= size + padding else out


def _pool_windows(shape, kernel_size, stride, padding, dilation, ceil_mode):
    """Input position of each (output, kernel offset), along each pooled dim; stride () is
    kernel_size (PyTorch's default)."""
    nd, windows = len(kernel_size), []
    for d in range(nd):
        k, s, p, dl = kernel_size[d], (stride or kernel_size)[d], padding[d], dilation[d]
        out = _pool_out(shape[d - nd], k, s, p, dl, ceil_mode)
        windows.append(np.arange(out)[:, None] * s - p + np.arange(k) * dl)
    return windows


def _adaptive(size, out_size):
    """Adaptive windows along one dim: output o reads [floor(o*size/out), ceil((o+1)*size/out));
    positions past a window's end are marked by -1 (they count as outside)."""
    o = np.arange(out_size)
    start, end = o * size // out_size, -(-(o + 1) * size // out_size)
    pos = start[:, None] + np.arange(int((end - start).max(initial=1)))
    return np.where(pos < end[:, None], pos, -1)


def _windows(self, axes, fill):
    """self (..., *S) read at the windows of axes (one (out_d, k_d) table per pooled dim):
    values (..., *out, K) (fill outside), flat positions (*out, K) and the inside mask."""
    nd = len(axes)
    index, inside = 0, True
    for d, size in enumerate(self.shape[-nd:]):
        shape = [1] * (2 * nd)  # this dim's table laid over (*out, *kernel)
        shape[d], shape[nd + d] = axes[d].shape
        pos = axes[d].reshape(shape)
        index, inside = index * size + pos, inside & (pos >= 0) & (pos < size)
    shape = (*(a.shape[0] for a in axes), math.prod(a.shape[1] for a in axes))
    index, inside = np.where(inside, index, 0).reshape(shape), inside.reshape(shape)
    values = self.reshape(*self.shape[:-nd], math.prod(self.shape[-nd:]))[..., index]
    return np.where(inside, values, np.array(fill).astype(self.dtype)), index, inside


def _add_at(shape, index, values, nd):
    """zeros(shape) with values[..., j] added at flat position index[..., j] of the last nd
    dims, in the order PyTorch's backward kernels add them (output by output)."""
    n, m = math.prod(shape[:-nd]), math.prod(values.shape[len(shape) - nd:])
    out = np.zeros((n, math.prod(shape[-nd:])), values.dtype)
    np.add.at(out, (np.arange(n)[:, None], np.broadcast_to(index, values.shape).reshape(n, m)),
              values.reshape(n, m))
    return out.reshape(shape)


def _max_window(self, axes):
    """The max of each window and its flat input position. PyTorch's kernels keep the first
    maximum in window order, but take every nan they meet (`val > maxval || isnan(val)`)."""
    lowest = -np.inf if self.dtype.kind == "f" else np.iinfo(self.dtype).min
    w, index, inside = _windows(self, axes, lowest)
    nan = np.isnan(w) if w.dtype.kind == "f" else np.zeros(w.shape, bool)
    last_nan = w.shape[-1] - 1 - np.argmax(nan[..., ::-1], -1)
    first_max = np.argmax((w == w.max(-1, keepdims=True, initial=lowest)) & inside, -1)
    k = np.where(nan.any(-1), last_nan, first_max)[..., None]
    return (np.take_along_axis(w, k, -1)[..., 0],
            np.take_along_axis(np.broadcast_to(index, w.shape), k, -1)[..., 0].astype(np.int64))


def _window_sum(w):
    """Each window's sum added up in window order, as PyTorch's kernels do (not pairwise)."""
    total = np.zeros(w.shape[:-1], w.dtype)
    for k in range(w.shape[-1]):
        total += w[..., k]
    return total


def _max_pool(self, kernel_size, stride, padding, dilation, ceil_mode):
    return _max_window(self, _pool_windows(self.shape, kernel_size, stride, padding, dilation,
                                           ceil_mode))


def _avg_windows(shape, kernel_size, stride, padding, ceil_mode, count_include_pad,
                 divisor_override):
    """An average pool's windows and what each window's sum is divided by: divisor_override,
    else the window's size counting padding (not the part past it in ceil_mode), else the
    input positions it covers (a product of one count per dim)."""
    axes = _pool_windows(shape, kernel_size, stride, padding, (1,) * len(kernel_size), ceil_mode)
    sizes = shape[-len(axes):]
    if divisor_override:
        return axes, divisor_override
    counts = ([(a < n + p).sum(1) for a, n, p in zip(axes, sizes, padding)] if count_include_pad
              else [((a >= 0) & (a < n)).sum(1) for a, n in zip(axes, sizes)])
    return axes, math.prod(np.ix_(*counts))


def _avg_pool(self, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
    axes, divisor = _avg_windows(self.shape, kernel_size, stride, padding, ceil_mode,
                                 count_include_pad, divisor_override)
    total = _window_sum(_windows(self, axes, 0)[0])
    if self.dtype.kind != "f":  # integer division truncates, as in C++
        return (np.sign(total) * (np.abs(total) // divisor)).astype(self.dtype)
    return total / np.asarray(divisor, self.dtype)


def _avg_pool_backward(grad_output, self, kernel_size, stride, padding, ceil_mode,
                       count_include_pad, divisor_override):
    axes, divisor = _avg_windows(self.shape, kernel_size, stride, padding, ceil_mode,
                                 count_include_pad, divisor_override)
    _, index, inside = _windows(self, axes, 0)
    delta = (grad_output / np.asarray(divisor, grad_output.dtype))[..., None]
    return _add_at(self.shape, index, np.where(inside, delta, 0).astype(grad_output.dtype),
                   len(axes))


def _adaptive_sizes(self, output_size):
    """Adaptive windows along each pooled dim, and their sizes (what the means divide by, one
    dim after the other), each shaped to broadcast over the output."""
    nd = len(output_size)
    axes = [_adaptive(self.shape[d - nd], output_size[d]) for d in range(nd)]
    return axes, [(a >= 0).sum(1).reshape([-1 if i == d else 1 for i in range(nd)])
                  for d, a in enumerate(axes)]


def _adaptive_avg_pool(self, output_size):
    axes, sizes = _adaptive_sizes(self, output_size)
    total = _window_sum(_windows(self, axes, 0)[0])
    for k in sizes:
        total = total / np.asarray(k, self.dtype)
    return total


def _adaptive_avg_pool_backward(grad_output, self, nd):
    axes, sizes = _adaptive_sizes(self, grad_output.shape[-nd:])
    _, index, inside = _windows(self, axes, 0)
    delta = grad_output
    for k in sizes:
        delta = delta / np.asarray(k, grad_output.dtype)
    delta = np.where(inside, delta[..., None], 0).astype(grad_output.dtype)
    return _add_at(self.shape, index, delta, nd)


def _max_pool_double_backward(grad, indices, dim):
    """The gradient of a max pool's backward: grad read back at the positions of the maxima
    (flat over the last dim dims)."""
    return grad.flatten(-dim).gather(-1, indices.flatten(-dim)).view_as(indices)


max_pool2d_with_indices = Op("MaxPool2DWithIndicesBackward0", _max_pool, extra=("result1",),
                             self=lambda grad, self, kernel_size, stride, padding, dilation,
                             ceil_mode, result1: max_pool2d_with_indices_backward(
                                 grad, self, kernel_size, stride, padding, dilation, ceil_mode,
                                 result1),
                             result=lambda self_t, result1:  # (the tangent at each window's max)
                                        gather(self_t.flatten(-2), -1, result1.flatten(-2)).view_as(result1))
avg_pool2d = Op("AvgPool2DBackward0",  _avg_pool,
                self=lambda grad, self, kernel_size, stride, padding, ceil_mode, count_include_pad,
                divisor_override: avg_pool2d_backward(grad, self, kernel_size, stride, padding,
                                                      ceil_mode, count_include_pad, divisor_override),
                result="auto_linear")
adaptive_avg_pool2d = Op("AdaptiveAvgPool2DBackward0", _adaptive_avg_pool,
                         self=lambda grad, self: adaptive_avg_pool2d_backward(grad, self),
                         result="auto_linear")
adaptive_max_pool2d = Op("AdaptiveMaxPool2DBackward0", lambda self, output_size: _max_window(
                             self, _adaptive_sizes(self, output_size)[0]),
                         extra=("result1",),
                         self=lambda grad, self, result1: adaptive_max_pool2d_backward(
                             grad, self, result1),
                         result=lambda self_t, result1:
                                    gather(self_t.flatten(-2), -1, result1.flatten(-2)).view_as(result1))
# their backward formulas, ops of their own in PyTorch (so double backward names them):
max_pool2d_with_indices_backward = Op(
    "MaxPool2DWithIndicesBackwardBackward0",
    lambda grad_output, self, kernel_size, stride, padding, dilation, ceil_mode, indices:
        _add_at(self.shape, indices, grad_output, 2), promote=("grad_output",),
    grad_output=lambda grad, indices: _max_pool_double_backward(grad, indices, 2),
    self=lambda grad: zeros_like(grad),
    result="auto_linear")
avg_pool2d_backward = Op("AvgPool2DBackwardBackward0", _avg_pool_backward, promote=("grad_output",),
                         grad_output=lambda grad, kernel_size, stride, padding, ceil_mode,
                         count_include_pad, divisor_override: avg_pool2d(
                             grad, kernel_size, stride, padding, ceil_mode, count_include_pad,
                             divisor_override),
                         self=lambda grad: zeros_like(grad),
                         result="auto_linear")
adaptive_avg_pool2d_backward = Op("AdaptiveAvgPool2DBackwardBackward0",
                                  lambda grad_output, self: _adaptive_avg_pool_backward(
                                      grad_output, self, 2),
                                  promote=("grad_output",),
                                  grad_output=lambda grad, grad_output_sym_argsize_minus_2,
                                  grad_output_sym_argsize_minus_1: adaptive_avg_pool2d(
                                      grad, (grad_output_sym_argsize_minus_2,
                                             grad_output_sym_argsize_minus_1)),
                                  self=lambda grad: zeros_like(grad),
                                  result="auto_linear")
adaptive_max_pool2d_backward = Op(
    "AdaptiveMaxPool2DBackwardBackward0",
    lambda grad_output, self, indices: _add_at(self.shape, indices, grad_output, 2),
    promote=("grad_output",),
    grad_output=lambda grad, indices: _max_pool_double_backward(grad, indices, 2),
    self=lambda grad: zeros_like(grad),
    result="auto_linear")
# the same pools over three dims (volumes), rows of their own as in derivatives.yaml
max_pool3d_with_indices = Op("MaxPool3DWithIndicesBackward0", _max_pool, extra=("result1",),
                             self=lambda grad, self, kernel_size, stride, padding, dilation,
                             ceil_mode, result1: max_pool3d_with_indices_backward(
                                 grad, self, kernel_size, stride, padding, dilation, ceil_mode,
                                 result1),
                             result=lambda self_t, result1:
                                        gather(self_t.flatten(-3), -1, result1.flatten(-3)).view_as(result1))
adaptive_avg_pool3d = Op("AdaptiveAvgPool3DBackward0", _adaptive_avg_pool,
                         self=lambda grad, self: adaptive_avg_pool3d_backward(grad, self),
                         result="auto_linear")
adaptive_max_pool3d = Op("AdaptiveMaxPool3DBackward0", lambda self, output_size: _max_window(
                             self, _adaptive_sizes(self, output_size)[0]),
                         extra=("result1",),
                         self=lambda grad, self, result1: adaptive_max_pool3d_backward(
                             grad, self, result1),
                         result=lambda self_t, result1:
                                    gather(self_t.flatten(-3), -1, result1.flatten(-3)).view_as(result1))
max_pool3d_with_indices_backward = Op(
    "MaxPool3DWithIndicesBackwardBackward0",
    lambda grad_output, self, kernel_size, stride, padding, dilation, ceil_mode, indices:
        _add_at(self.shape, indices, grad_output, 3), promote=("grad_output",),
    grad_output=lambda grad, indices: _max_pool_double_backward(grad, indices, 3),
    self=lambda grad: zeros_like(grad),
    result="auto_linear")
adaptive_avg_pool3d_backward = Op("AdaptiveAvgPool3DBackwardBackward0",
                                  lambda grad_output, self: _adaptive_avg_pool_backward(
                                      grad_output, self, 3),
                                  promote=("grad_output",),
                                  grad_output=lambda grad, grad_output_sym_argsize_minus_3,
                                  grad_output_sym_argsize_minus_2, grad_output_sym_argsize_minus_1:
                                  adaptive_avg_pool3d(grad, (grad_output_sym_argsize_minus_3,
                                                             grad_output_sym_argsize_minus_2,
                                                             grad_output_sym_argsize_minus_1)),
                                  self=lambda grad: zeros_like(grad),
                                  result="auto_linear")
adaptive_max_pool3d_backward = Op(
    "AdaptiveMaxPool3DBackwardBackward0",
    lambda grad_output, self, indices: _add_at(self.shape, indices, grad_output, 3),
    promote=("grad_output",),
    grad_output=lambda grad, indices: _max_pool_double_backward(grad, indices, 3),
    self=lambda grad: zeros_like(grad),
    result="auto_linear")


# --- part gridsample: fractional max pooling (PyTorch's FractionalMaxPool2d/3d.cpp) ------------

def _fmp_starts(samples, input_size, output_size, pool_size):
    """Where each pooling window starts along one dim, one row per plane: int((i + u) * alpha)
    - int(u * alpha), alpha = (input - pool) / (output - 1), in u's dtype; the last window
    ends with the input."""
    t = samples.dtype.type
    starts = np.full(samples.shape + (output_size,), input_size - pool_size, np.int64)
    if output_size > 1:
        alpha = t(input_size - pool_size) / t(output_size - 1)
        i = np.arange(output_size - 1).astype(samples.dtype)
        starts[..., :-1] = (((i + samples[..., None]) * alpha).astype(np.int64)
                            - (samples * alpha).astype(np.int64)[..., None])
    return starts


def _fractional_max_pool(self, kernel_size, output_size, random_samples):
    """The max of each window (and its flat position in the plane): windows of kernel_size
    placed at pseudo-random fractional strides, drawn from one sample per plane and dim (2-D:
    the samples are (w, h); 3-D: (t, h, w))."""
    nd = len(kernel_size)
    x = self if self.ndim == nd + 2 else self[None]
    N, C, sizes = x.shape[0], x.shape[1], x.shape[2:]
    if N == 0:
        empty = (0,) + self.shape[1:-nd] + tuple(output_size)
        return np.zeros(empty, self.dtype), np.zeros(empty, np.int64)
    samples = random_samples[:N]
    order = (1, 0) if nd == 2 else (0, 1, 2)  # which sample each dim (h, w or t, h, w) takes
    flat = np.zeros((N, C) + tuple(output_size) + (1,) * nd, np.int64)
    for d in range(nd):
        start = _fmp_starts(samples[..., order[d]], sizes[d], output_size[d], kernel_size[d])
        at = start.reshape((N, C) + (1,) * d + (-1,) + (1,) * (nd - 1 - d) + (1,) * nd)
        offset = np.arange(kernel_size[d]).reshape((1,) * (nd + 2 + d) + (-1,)
                                                   + (1,) * (nd - 1 - d))
        flat = flat + (at + offset) * math.prod(sizes[d + 1:])
    flat = flat.reshape((N, C) + tuple(output_size) + (math.prod(kernel_size),))  # (row order)
    values = np.take_along_axis(x.reshape(N, C, 1, math.prod(sizes)),
                                flat.reshape(N, C, 1, flat[0, 0].size), 3).reshape(flat.shape)
    best, where = np.full(flat.shape[:-1], -np.inf, x.dtype), flat[..., 0]
    for k in range(flat.shape[-1]):  # the first max, but every nan met (`val > max || isnan`)
        take = (values[..., k] > best) | np.isnan(values[..., k])
        best, where = np.where(take, values[..., k], best), np.where(take, flat[..., k], where)
    if self.ndim != nd + 2:
        best, where = best[0], where[0]
    return best, where


fractional_max_pool2d = Op(
    "FractionalMaxPool2DBackward0", _fractional_max_pool, extra=("result1",),
    self=lambda grad, self, kernel_size, output_size, result1: fractional_max_pool2d_backward(
        grad, self, kernel_size, output_size, result1),
    result=lambda self_t, result1: gather(self_t.flatten(-2), -1, result1.flatten(-2)).view_as(result1))
fractional_max_pool3d = Op(
    "FractionalMaxPool3DBackward0", _fractional_max_pool, extra=("result1",),
    self=lambda grad, self, kernel_size, output_size, result1: fractional_max_pool3d_backward(
        grad, self, kernel_size, output_size, result1),
    result=lambda self_t, result1: gather(self_t.flatten(-3), -1, result1.flatten(-3)).view_as(result1))
fractional_max_pool2d_backward = Op(
    "FractionalMaxPool2DBackwardBackward0",
    lambda grad_output, self, kernel_size, output_size, indices:
        _add_at(self.shape, indices, grad_output, 2), promote=("grad_output",),
    grad_output=lambda grad, indices: _max_pool_double_backward(grad, indices, 2),
    self=lambda grad: zeros_like(grad),
    result="auto_linear")
fractional_max_pool3d_backward = Op(
    "FractionalMaxPool3DBackwardBackward0",
    lambda grad_output, self, kernel_size, output_size, indices:
        _add_at(self.shape, indices, grad_output, 3), promote=("grad_output",),
    grad_output=lambda grad, indices: _max_pool_double_backward(grad, indices, 3),
    self=lambda grad: zeros_like(grad),
    result="auto_linear")


# --- part nnmore: im2col/col2im (F.unfold/F.fold), pixel (un)shuffle, max_unpool2d -------------
def _im2col_rows(self, kernel_size, dilation, padding, stride):
    """(N, C * kH * kW, L): column l holds the l-th window, channel-major then kernel offset
    (as F.unfold shows it); an unbatched (C, H, W) input gives (C * kH * kW, L)."""
    x = self if self.ndim == 4 else self[None]
    win = _conv_windows(x, kernel_size, stride, padding, dilation)  # N, C, oH, oW, kH, kW
    cols = win.transpose(0, 1, 4, 5, 2, 3).reshape(x.shape[0], x.shape[1] * math.prod(kernel_size),
                                                   win.shape[2] * win.shape[3])
    return cols if self.ndim == 4 else cols[0]


def _col2im(self, output_size, kernel_size, dilation, padding, stride):
    """F.fold, im2col's adjoint: each column's values added back where its window sits (a loop
    over kernel offsets, as PyTorch's col2im adds them), then the padding cut off."""
    x = self if self.ndim == 3 else self[None]
    (kh, kw), (dh, dw), (ph, pw), (sh, sw) = kernel_size, dilation, padding, stride
    oh, ow = ((o + 2 * p - d * (k - 1) - 1) // s + 1 for o, p, d, k, s in zip(
        output_size, padding, dilation, kernel_size, stride))
    cols = x.reshape(x.shape[0], x.shape[1] // (kh * kw), kh, kw, oh, ow)
    out = np.zeros((x.shape[0], cols.shape[1], output_size[0] + 2 * ph, output_size[1] + 2 * pw),
                   self.dtype)
    for i, j in np.ndindex(kh, kw):
        out[:, :, i * dh:i * dh + sh * (oh - 1) + 1:sh, j * dw:j * dw + sw * (ow - 1) + 1:sw] += (
            cols[:, :, i, j])
    out = out[:, :, ph:ph + output_size[0], pw:pw + output_size[1]]
    return out if self.ndim == 3 else out[0]


def _pixel_shuffle(self, upscale_factor):
    """(..., C * r * r, H, W) -> (..., C, H * r, W * r): each group of r * r channels tiles an
    r x r block of the output."""
    r, (c, h, w) = upscale_factor, self.shape[-3:]
    x = self.reshape(*self.shape[:-3], c // (r * r), r, r, h, w)
    n = x.ndim
    return x.transpose(*range(n - 5), n - 5, n - 2, n - 4, n - 1, n - 3).reshape(
        *self.shape[:-3], c // (r * r), h * r, w * r)


def _pixel_unshuffle(self, downscale_factor):
    """pixel_shuffle undone: each r x r block becomes r * r channels."""
    r, (c, h, w) = downscale_factor, self.shape[-3:]
    x = self.reshape(*self.shape[:-3], c, h // r, r, w // r, r)
    n = x.ndim
    return x.transpose(*range(n - 5), n - 5, n - 3, n - 1, n - 4, n - 2).reshape(
        *self.shape[:-3], c * r * r, h // r, w // r)


def _max_unpool(self, indices, output_size, stride=None, padding=None):
    """zeros of output_size with each value written at its flat position (over H * W, or
    D * H * W: as many dims as output_size has)."""
    nd = len(output_size)
    m = math.prod(self.shape[:-nd])
    out = np.zeros((m, math.prod(output_size)), self.dtype)
    np.put_along_axis(out, indices.reshape(m, -1), self.reshape(m, -1), axis=1)
    return out.reshape(*self.shape[:-nd], *output_size)


im2col = Op("Im2ColBackward0", _im2col_rows,
            self=lambda grad, self_sym_argsize_minus_2, self_sym_argsize_minus_1, kernel_size,
            dilation, padding, stride: col2im(grad, (self_sym_argsize_minus_2, self_sym_argsize_minus_1),
                                              kernel_size, dilation, padding, stride),
            result="auto_linear")
col2im = Op("Col2ImBackward0", _col2im,
            self=lambda grad, kernel_size, dilation, padding, stride: im2col(
                grad, kernel_size, dilation, padding, stride),
            result="auto_linear")
pixel_shuffle = Op("PixelShuffleBackward0", _pixel_shuffle,
                   self=lambda grad, upscale_factor: pixel_unshuffle(grad, upscale_factor),
                   result="auto_linear")
pixel_unshuffle = Op("PixelUnshuffleBackward0", _pixel_unshuffle,
                     self=lambda grad, downscale_factor: pixel_shuffle(grad, downscale_factor),
                     result="auto_linear")
max_unpool2d = Op("MaxUnpool2DBackward0", _max_unpool, promote=False,
                  self=lambda grad, indices: _max_pool_double_backward(grad, indices, 2),
                  result="auto_linear")
max_unpool3d = Op("MaxUnpool3DBackward0", _max_unpool, promote=False,  # (part conv3d)
                  self=lambda grad, indices: _max_pool_double_backward(grad, indices, 3),
                  result="auto_linear")
for _op in (im2col, col2im, pixel_shuffle, pixel_unshuffle, max_unpool2d, max_unpool3d):
    _op.contiguous = True  # (new tensors PyTorch's kernels fill)
# Their kernels allocate in the input's suggested memory format: channels-last results for a
# channels-last 4-D input (x.permute(0, 3, 1, 2) of NHWC data), or weight for a convolution;
# their backwards so too, for a channels-last input or gradient.
for _op in (convolution, max_pool2d_with_indices, avg_pool2d, adaptive_avg_pool2d,
            adaptive_max_pool2d, upsample_nearest2d, _upsample_nearest_exact2d,
            upsample_bilinear2d, upsample_bicubic2d, _upsample_bilinear2d_aa,
            _upsample_bicubic2d_aa, constant_pad_nd, reflection_pad2d, replication_pad2d,
            pixel_shuffle, pixel_unshuffle, native_batch_norm, native_group_norm,
            convolution_backward, max_pool2d_with_indices_backward, avg_pool2d_backward,
            adaptive_avg_pool2d_backward, adaptive_max_pool2d_backward,
            upsample_nearest2d_backward, _upsample_nearest_exact2d_backward,
            upsample_bilinear2d_backward, _upsample_bilinear2d_aa_backward,
            reflection_pad2d_backward, replication_pad2d_backward):  # (not bicubic's backwards)
    _op.contiguous = True
    _op.suggest_memory_format = ("grad_output", "self", "input", "weight")  # (those it has)

# --- part counting: unique and bincount. PyTorch records them (their values are float) but has no
# derivative: derivatives.yaml says not_implemented("_unique2") and the like, backward refuses.
def _unique(self, dim):
    """The distinct values (or slices along dim) sorted, each element's index among them, and
    how often each occurs. NaNs are never equal, so each is its own value."""
    if dim is None:
        values, inverse, counts = np.unique(self.ravel(), return_inverse=True, return_counts=True,
                                            equal_nan=False)
        return values, inverse.reshape(self.shape).astype(np.int64), counts.astype(np.int64)
    if self.size == 0:
        return self.copy(), np.zeros(0, np.int64), np.zeros(0, np.int64)
    values, inverse, counts = np.unique(self, return_inverse=True, return_counts=True, axis=dim)
    return values, inverse.ravel().astype(np.int64), counts.astype(np.int64)


def _unique_consecutive(self, dim):
    """_unique for runs: only equal neighbours collapse, so nothing is sorted."""
    x = self.reshape(-1) if dim is None else np.moveaxis(self, dim, 0)
    rows = x.reshape(len(x), math.prod(x.shape[1:]))
    starts = np.r_[True, (rows[1:] != rows[:-1]).any(1)] if len(x) else np.zeros(0, bool)
    values = x[starts] if dim is None else np.moveaxis(x[starts], 0, dim)
    inverse = np.cumsum(starts) - 1
    counts = np.diff(np.r_[np.flatnonzero(starts), len(x)])
    return values, inverse.reshape(self.shape if dim is None else -1), counts


unique2 = Op("Unique2Backward0", lambda self: _unique(self, None), extra=("inverse", "counts"),
             self=_not_derived("_unique2"))
unique_dim = Op("UniqueDimBackward0", _unique, extra=("inverse", "counts"),
                self=_not_derived("unique_dim"))
unique_consecutive = Op("UniqueConsecutiveBackward0", _unique_consecutive,
                        extra=("inverse", "counts"), self=_not_derived("unique_consecutive"))
# the weights' sums per bin: float64 unless the weights are float32 (the row's dtype rule)
bincount = Op("minigrad::autograd::NotImplemented",
              lambda self, weights, minlength: np.bincount(self, weights.astype(np.float64), minlength),
              weights=_not_implemented("bincount"))
# the cross product along dim (its other dims broadcast); each gradient is a cross product again
linalg_cross = Op("LinalgCrossBackward0", lambda self, other, dim: np.cross(self, other, axis=dim),
                  self=lambda grad, other, dim: linalg_cross(other, grad, dim),
                  other=lambda grad, self, dim: linalg_cross(grad, self, dim),
                  result=(lambda self_t, other, dim: linalg_cross(self_t, other, dim),
                                 lambda self, other_t, dim: linalg_cross(self, other_t, dim)))
linalg_cross.contiguous = True  # (a new row-major tensor in PyTorch)


# --- part rnnseq: a float32 LSTM layer on CPU is one oneDNN kernel (ATen's mkldnn_rnn_layer) ------
def _mkldnn_rnn_layer(input, weight0, weight1, weight2, weight3, hx_, cx_, reverse, batch_sizes,
                      mode, hidden_size, num_layers, has_biases, bidirectional, batch_first, train):
    """One LSTM layer, one direction, over a whole (seq, batch, feature) input: lstm_cell's
    steps (backwards in time if reverse), in float64, rounded once at the end. Returns the
    step outputs h_1..h_T, the last h and the last c."""
    x, h, c, w_ih, w_hh = (a.astype(np.float64) for a in (input, hx_, cx_, weight0, weight1))
    pre = x @ w_ih.T + (weight2.astype(np.float64) + weight3 if has_biases else 0)
    sigmoid = lambda v: 0.5 + 0.5 * np.tanh(0.5 * v)  # (no overflow for large -v)
    out = np.empty(x.shape[:2] + h.shape[-1:])
    for t in (range(len(x) - 1, -1, -1) if reverse else range(len(x))):
        i, f, g, o = np.split(pre[t] + h @ w_hh.T, 4, axis=1)
        c = sigmoid(f) * c + sigmoid(i) * np.tanh(g)
        h = out[t] = sigmoid(o) * np.tanh(c)
    return out.astype(input.dtype), h.astype(input.dtype), c.astype(input.dtype)


def _mkldnn_rnn_layer_backward(grads, input, weight0, weight1, weight2, weight3, hx_, cx_,
                               result0, reverse, has_biases):
    """PyTorch's mkldnn_rnn_layer_differentiable_backward: recompute each step's gates with table
    ops, then walk the steps from the last back to the first, carrying the gradients of h and c.
    The biases get the same gradient (they enter the gates as a sum)."""
    zeros = lambda like: Tensor._make(np.zeros(like.shape, like._data.dtype))
    grad_output, grad_hy, grad_cy = (zeros(t) if g is None else g
                                     for g, t in zip(grads, (result0, hx_, cx_)))
    b_ih, b_hh = ((weight2, weight3) if has_biases else
                  (Tensor._make(np.zeros(weight0.shape[:1], weight0._data.dtype)),) * 2)
    steps = range(input.shape[0] - 1, -1, -1) if reverse else range(input.shape[0])
    gates, states, h, c = {}, {}, hx_, cx_
    for t in steps:  # forward again: gates and (previous h, previous c, new c) of step t
        gate = addmm(b_ih, input[t], weight0.t()) + addmm(b_hh, h, weight1.t())
        i, f, g, o = gate.unsafe_chunk(4, 1)
        gates[t] = i.sigmoid(), f.sigmoid(), g.tanh(), o.sigmoid()
        cy = gates[t][1] * c + gates[t][0] * gates[t][2]
        states[t], h, c = (h, c, cy), gates[t][3] * cy.tanh(), cy
    dx, dWx, dWh, db = {}, None, None, None
    for t in reversed(steps):
        (i, f, g, o), (hx, cx, cy) = gates[t], states[t]
        new_grad_hy = grad_output[t] + grad_hy
        d1 = grad_cy + new_grad_hy * o * (1 - cy.tanh() * cy.tanh())
        dgp, dip, grad_cy, dfp = d1 * i, d1 * g, d1 * f, d1 * cx
        dop = new_grad_hy * cy.tanh()
        da = join(CatBackward0, [dip * i * (1 - i), dfp * f * (1 - f), dgp * (1 - g * g),
                                 dop * o * (1 - o)], 1, np.concatenate)
        dx[t] = da.matmul(weight0).unsqueeze(0)
        grad_hy = da.matmul(weight1)
        parts = da.sum(0), da.transpose(0, 1).matmul(input[t]), da.transpose(0, 1).matmul(hx)
        db, dWx, dWh = parts if db is None else (db + parts[0], dWx + parts[1], dWh + parts[2])
    dx = join(CatBackward0, [dx[t] for t in range(input.shape[0])], 0, np.concatenate)
    return dx, dWx, dWh, db, db, grad_hy, grad_cy


mkldnn_rnn_layer = Op(
    "MkldnnRnnLayerBackward0", _mkldnn_rnn_layer, promote=False,
    outputs=("result0", "result1", "result2"), **{
        "input, weight0, weight1, weight2, weight3, hx_, cx_":
        lambda grads, input, weight0, weight1, weight2, weight3, hx_, cx_, result0, reverse,
        has_biases: _mkldnn_rnn_layer_backward(grads, input, weight0, weight1, weight2, weight3,
                                               hx_, cx_, result0, reverse, has_biases)})


# --- part packseq: pack_padded_sequence (nn.utils.rnn): the real steps of padded sequences -------
def _pack_padded_sequence(input, lengths, batch_first):
    """ATen's loop: walking from the shortest sequence to the longest, each time the length grows
    the new block of time steps is cut out for the sequences that reach it, flattened step by step.
    Returns (data, batch_sizes): batch_sizes[t] is the number of sequences still running at t."""
    if batch_first:
        input = input.swapaxes(0, 1)
    steps, batch_sizes, prev_l, batch_size = [], [], 0, input.shape[1]
    for i in range(batch_size):
        length = int(lengths[batch_size - 1 - i])
        if length > prev_l:
            steps.append(input[prev_l:length, :batch_size - i].reshape(-1, *input.shape[2:]))
            batch_sizes += [batch_size - i] * (length - prev_l)
            prev_l = length
    return np.concatenate(steps), np.array(batch_sizes, dtype=np.int64)


def _pack_padded_sequence_backward(grad, input_shape, batch_sizes, batch_first):
    """ATen's: zeros shaped as the (time-first) input, each step's rows copied back into its place
    (copy_ into views: CopySlices nodes, so a second backward goes through them)."""
    size = list(input_shape)
    if batch_first:
        size[0], size[1] = size[1], size[0]
    grad_input = Tensor._make(np.zeros(size, grad._data.dtype))
    offset = 0
    for i, batch_size in enumerate(batch_sizes.tolist()):
        grad_input[i].narrow(0, 0, batch_size).copy_(grad.narrow(0, offset, batch_size))
        offset += batch_size
    return grad_input.transpose(0, 1) if batch_first else grad_input


pack_padded_sequence = Op(
    "PackPaddedSequenceBackward0", _pack_padded_sequence, promote=False, extra=("result1",),
    input=lambda grad, input_shape, result1, batch_first:
        _pack_padded_sequence_backward(grad, input_shape, result1, batch_first))


# --- part dist: cdist and pdist, as PyTorch's distance kernels (Distance.cpp, DistanceOpsKernel.cpp)
# Each feature's |a - b| is mapped (p = 0: is it nonzero, 1 and inf: itself, 2: squared, else
# ** p), then summed over the features one by one (inf: the largest), then finished (sqrt, 1/p).
def _dist_terms(diff, p):
    a = np.abs(diff)
    if p == 0:
        return np.minimum(np.ceil(a), 1)
    if p in (1, math.inf):
        return a
    return a * a if p == 2 else _rounded(np.power, a, a.dtype.type(p))


def _dist_finish(agg, p):
    if p == 2:
        return np.sqrt(agg)
    return agg if p in (0, 1, math.inf) else _rounded(np.power, agg, 1.0 / p).astype(agg.dtype)


def _dist_reduce(terms, p):
    """Sum (max for p = inf) over the last dim in order, from 0, as PyTorch's scalar loop does."""
    return _dist_fold((terms[..., k] for k in range(terms.shape[-1])), p, terms.shape[:-1],
                      terms.dtype)


def _dist_fold(columns, p, shape, dtype):
    """_dist_reduce of the columns given one at a time: the distances make each feature's terms
    in turn (all at once, pdist of 1,000 points in 1,000 dims would hold half a billion)."""
    agg = np.zeros(shape, dtype)
    for terms in columns:
        agg = np.maximum(agg, terms) if p == math.inf else agg + terms
    return _dist_finish(agg, p)


def _cdist(x1, x2, p):
    """Every row of x1 against every row of x2 (batch dims broadcast): (..., r1, r2)."""
    shape = np.broadcast_shapes(x1.shape[:-2], x2.shape[:-2]) + (x1.shape[-2], x2.shape[-2])
    return _dist_fold((_dist_terms(x1[..., :, None, k] - x2[..., None, :, k], p)
                       for k in range(x1.shape[-1])), p, shape, x1.dtype)


def _dist_grad(diff, grad, dist, p):
    """d dist / d a times grad for one pair's diff = a - b (PyTorch's per-p backward formulas;
    0 where dist is 0)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        if p == 0:
            return np.zeros_like(diff)
        if p == 1:
            return grad * np.sign(diff)
        if p == math.inf:
            return grad * np.sign(diff) * (np.abs(diff) == dist)
        if p == 2:
            return np.where(dist == 0, 0, grad * diff / dist).astype(diff.dtype)
        q = diff.dtype.type(p)
        if p < 2:
            g = np.sign(diff) * np.abs(diff) ** (q - 1) * grad / dist ** (q - 1)
            g = np.where((diff == 0) & (p < 1), 0, g)
        else:
            g = diff * np.abs(diff) ** (q - 2) * grad / dist ** (q - 1)
        return np.where(dist == 0, 0, g).astype(diff.dtype)


def _cdist_backward(grad, x1, x2, p, cdist):
    """x1's gradient: each pair's term summed over the rows of x2 (x1's shape, batch broadcast:
    the engine sums it back)."""
    diff = x1[..., :, None, :] - x2[..., None, :, :]
    return _dist_grad(diff, grad[..., None], cdist[..., None], p).sum(-2)


def _pdist_pairs(n):
    return np.triu_indices(n, 1)  # (i, j), i < j, in the order of pdist's result


def _pdist(self, p):
    i, j = _pdist_pairs(self.shape[0])
    return _dist_fold((_dist_terms(self[i, k] - self[j, k], p) for k in range(self.shape[1])),
                      p, i.shape, self.dtype)


def _pdist_backward(grad, self, p, pdist):
    """Each pair's gradient added into its two rows, pair by pair (a feature at a time)."""
    i, j = _pdist_pairs(self.shape[0])
    out = np.zeros_like(self)
    for k in range(self.shape[1]):
        g = _dist_grad(self[i, k] - self[j, k], grad, pdist, p)
        np.add.at(out[:, k], i, g)
        np.add.at(out[:, k], j, -g)
    return out


def _euclidean_dist(x1, x2):
    """p = 2 by one matrix product: [-2 a, |a|^2, 1] . [b, 1, |b|^2] = |a - b|^2 (for many rows)."""
    n1, n2 = _sum(x1 * x1, -1, True), _sum(x2 * x2, -1, True)
    x1_ = np.concatenate([x1 * -2, n1, np.ones_like(n1)], -1)
    x2_ = np.concatenate([x2, np.ones_like(n2), n2], -1)
    return np.sqrt(np.maximum(x1_ @ np.swapaxes(x2_, -1, -2), 0))


def _euclidean_dist_backward(grad, x1, x2, res):
    """grad / dist (0 where dist is 0) weighs each pair's a - b."""
    ratio = grad / res
    ratio.masked_fill_(res == 0, 0)
    return (x1 * ratio.sum(-1, True) - ratio.matmul(x2),
            x2 * ratio.sum(-2, False).unsqueeze(-1) - ratio.mT.matmul(x1))


cdist_forward = Op("CdistBackward0",   lambda x1, x2, p, compute_mode: _cdist(x1, x2, p),
                   x1=lambda grad, x1, x2, p, result:
                       cdist_backward(grad.contiguous(), x1, x2, p, result),
                   x2=lambda grad, x1, x2, p, result: cdist_backward(
                       grad.mT.contiguous(), x2, x1, p, result.mT.contiguous()))
# (PyTorch has no formula for the backward ops: their nodes are named, and refuse)
cdist_backward = Op("CdistBackwardBackward0", _cdist_backward,
                    grad=_not_derived("_cdist_backward"), x1=_not_derived("_cdist_backward"),
                    x2=_not_derived("_cdist_backward"), cdist=_not_derived("_cdist_backward"))
euclidean_dist = Op("EuclideanDistBackward0", _euclidean_dist, **{
                    "x1, x2": lambda grad, x1, x2, result:
                        _euclidean_dist_backward(grad, x1, x2, result)})
pdist_forward = Op("PdistBackward0",   _pdist,
                   self=lambda grad, self, p, result: pdist_backward(grad, self, p, result))
pdist_backward = Op("PdistBackwardBackward0", _pdist_backward,
                    grad=_not_derived("_pdist_backward"), self=_not_derived("_pdist_backward"),
                    pdist=_not_derived("_pdist_backward"))
for _op in (cdist_forward, cdist_backward, euclidean_dist, pdist_forward, pdist_backward):
    _op.contiguous = True
del _op


# scatter_reduce: src's elements reduced into self at the positions index gives along dim
_SCATTER_UFUNCS = {"sum": np.add, "mean": np.add, "prod": np.multiply, "amax": np.maximum,
                   "amin": np.minimum}


def _scatter_reduce(self, dim, index, src, reduce, include_self=True):
    """include_self=False: positions that receive src forget self's value first (the reduction's
    identity); mean divides by how many values met (floor division for integers)."""
    src = src[tuple(slice(0, n) for n in index.shape)] if src.ndim else src
    reduce = {"max": "amax", "min": "amin"}.get(reduce, reduce)  # (aliases the backward refuses)
    return _reduce_into(self, _along(index, dim), src, reduce, include_self)


def _reduce_into(self, key, src, reduce, include_self):
    """self with src reduced in at self[key] (repeats meet): scatter_reduce's and index_reduce's
    kernel. include_self=False: those positions start from the reduction's identity."""
    out = self.copy()
    if not include_self:  # (amax: the lowest value, amin: the highest)
        top = (np.inf if self.dtype.kind == "f" else True if self.dtype.kind == "b"
               else np.iinfo(self.dtype).max)
        out[key] = {"prod": 1, "amax": -top if self.dtype.kind == "f" else
                    False if self.dtype.kind == "b" else np.iinfo(self.dtype).min,
                    "amin": top}.get(reduce, 0)
    _SCATTER_UFUNCS[reduce].at(out, key, src)
    if reduce == "mean":
        count = np.full(self.shape, 1 if include_self else 0, self.dtype)
        np.add.at(count, key, 1)
        count[count == 0] = 1
        out = out // count if self.dtype.kind in "iu" else out / count
    return out


def _scatter_reduce_backward(grad, self, dim, index, src, reduce, include_self, result):
    """PyTorch's scatter_reduce_backward: sum passes grad through; prod divides the product by
    each factor (a lone zero gets the product of the others); mean shares grad among the values
    that met; amax/amin share it among the values equal to the result."""
    if reduce == "sum":
        grad_self, grad_src = grad, gather(grad, dim, index)
    elif reduce == "prod":
        masked_self = masked_fill_scalar(self, self == 0, 1)
        grad_self = grad * scatter_reduce(masked_self, dim, index, src, reduce, include_self) / masked_self
        src_zero = src == 0
        src_num_zeros = gather(scatter_add(zeros_like(self), dim, index, src_zero.to(self.dtype)),
                               dim, index)
        src_single_zero = src_zero & (src_num_zeros == 1)
        masked_src_result = scatter_reduce(self, dim, index, masked_fill_scalar(src, src_single_zero, 1),
                                           reduce, include_self)
        grad_src = where(src_single_zero, gather(grad * masked_src_result, dim, index),
                         gather(grad * result, dim, index) / masked_fill_scalar(src, src_zero, 1))
        if grad_mode._enabled and (src_num_zeros._data > 1).any():  # (create_graph only)
            grad_src, = delayed_error("scatter_reduce(): Double backward is unsupported for src when "
                                      ">1 zeros in src are scattered to the same position in self",
                                      grad_src)
    elif reduce == "mean":
        n = scatter_add(ones_like(grad) if include_self else zeros_like(grad), dim, index, ones_like(src))
        n.masked_fill_(n == 0, 1)
        grad_self = grad / n
        grad_src = gather(grad, dim, index) / gather(n, dim, index)
    elif reduce not in ("amax", "amin"):
        raise RuntimeError("Expected 'reduce' to be one of 'sum', 'prod', 'mean', 'amax', 'amin' "
                           f"but got {reduce}.")
    else:
        value = gather(result, dim, index)
        self_is_result = (self == result).to(self.dtype)
        src_is_result = (src == value).to(self.dtype)
        grad_distributed = grad / scatter_add(self_is_result, dim, index, src_is_result)
        grad_self = (self == result) * grad_distributed
        grad_src = (src == value) * gather(grad_distributed, dim, index)
    if not include_self:
        grad_self = scatter_value(grad_self, dim, index, 0)
    return grad_self, grad_src


def _scatter_reduce_jvp(self_t, src_t, self, dim, index, src, reduce, include_self, result):
    """PyTorch's scatter_reduce_jvp: sum and mean are linear (the op on the tangents); amax and
    amin average the tangents of the values equal to the result, as their gradient shares it.
    prod has no forward derivative there: its result gets no tangent (PyTorch's undefined)."""
    if reduce == "prod":
        return None
    self_t, src_t = _materialized(self_t, self), _materialized(src_t, src)
    if reduce in ("sum", "mean"):
        return scatter_reduce(self_t, dim, index, src_t, reduce, include_self)
    self_is_result, src_is_result = self == result, src == gather(result, dim, index)
    count = scatter_reduce(self_is_result.to(self.dtype), dim, index, src_is_result.to(self.dtype),
                           "sum", include_self)
    return scatter_reduce(where(self_is_result, self_t, 0.0), dim, index,
                          where(src_is_result, src_t, 0.0), "sum", include_self) / count


scatter_reduce = Op("ScatterReduceBackward0", _scatter_reduce, **{
                    "self, src": lambda grad, self, dim, index, src, reduce, include_self, result:
                        _scatter_reduce_backward(grad, self, dim, index, src, reduce, include_self,
                                                 result)},
                    result=_scatter_reduce_jvp)
# scatter(..., reduce="add" or "multiply"), deprecated for scatter_reduce's "sum" and "prod" (the
# names the ops below get): PyTorch has no derivative for it
scatter_src_reduce = Op("minigrad::autograd::NotImplemented", _scatter_reduce,
                        self=_not_implemented("scatter"), src=_not_implemented("scatter"))
scatter_value_reduce = Op("minigrad::autograd::NotImplemented", lambda self, dim, index, value, reduce:
                          _scatter_reduce(self, dim, index, np.asarray(value).astype(self.dtype), reduce),
                          promote=False, self=_not_implemented("scatter"))


# _trilinear (bilinear's core): each input unsqueezed at its expand dims, the three multiplied
# (broadcast) and summed over sumdim; pairs first, as PyTorch's kernel: i1 * i2 summed over the
# sumdims i3 lacks, then times i3 summed over the rest
def _trilinear(i1, i2, i3, expand1, expand2, expand3, sumdim, unroll_dim=1):
    a1, a2, a3 = (np.expand_dims(x, tuple(sorted(e))) for x, e in
                  ((i1, expand1), (i2, expand2), (i3, expand3)))
    first, sumdim = tuple(d for d in sumdim if a3.shape[d] == 1), tuple(sumdim)
    return ((a1 * a2).sum(first, keepdims=True) * a3).sum(sumdim, keepdims=True).squeeze(sumdim)


def _trilinear_backward(grad, i1, i2, i3, expand1, expand2, expand3, sumdim, grad_input_mask):
    """Each input's gradient is a _trilinear of grad with the other two: the roles of its expand
    dims and sumdim swap."""
    return (trilinear(grad, i2, i3, sumdim, expand2, expand3, expand1) if grad_input_mask[0] else None,
            trilinear(i1, grad, i3, expand1, sumdim, expand3, expand2) if grad_input_mask[1] else None,
            trilinear(i1, i2, grad, expand1, expand2, sumdim, expand3) if grad_input_mask[2] else None)


trilinear = Op("TrilinearBackward0",   _trilinear, **{
               "i1, i2, i3": lambda grad, i1, i2, i3, expand1, expand2, expand3, sumdim, grad_input_mask:
                   _trilinear_backward(grad, i1, i2, i3, expand1, expand2, expand3, sumdim,
                                       grad_input_mask)},
               result=(lambda i1_t, i2, i3, expand1, expand2, expand3, sumdim, unroll_dim:  # (each
                           trilinear(i1_t, i2, i3, expand1, expand2, expand3, sumdim, unroll_dim),
                       lambda i2_t, i1, i3, expand1, expand2, expand3, sumdim, unroll_dim:  # input's
                           trilinear(i1, i2_t, i3, expand1, expand2, expand3, sumdim, unroll_dim),
                       lambda i3_t, i1, i2, expand1, expand2, expand3, sumdim, unroll_dim:  # share)
                           trilinear(i1, i2, i3_t, expand1, expand2, expand3, sumdim, unroll_dim)))
trilinear.contiguous = True


# multi_margin_loss and multilabel_margin_loss: hinges between the target class's score and the
# others' (PyTorch's CPU kernels: per sample, the terms summed class by class, / the classes)
def _rows(self):
    """input as (samples, classes): a 1-d input is one sample, a 0-d one a sample of one class."""
    return self.reshape(-1, self.shape[-1]) if self.ndim else self.reshape(1, 1)


def _frame_sums(terms, dim, reduction, shape):
    """Each sample's terms summed in order, / the classes (dim); then PyTorch's reduction
    (sequential sums too, as its loops)."""
    n = len(terms)
    per = _dist_reduce(terms, 1) / terms.dtype.type(dim)
    if reduction == 0:
        return per.reshape(shape)
    total = _dist_reduce(per[None], 1)[0]
    return total / total.dtype.type(n) if reduction == 1 else total


def _multi_margin_terms(self, target, p, margin, weight):
    """margin - x[target] + x[d] where positive (squared for p = 2), times weight[target]; not
    for d = target. Also the mask of positive terms."""
    x, t = _rows(self), target.reshape(-1)
    rows = np.arange(len(x))
    z = self.dtype.type(margin) - x[rows, t][:, None] + x
    hit = z > 0
    hit[rows, t] = False
    h = np.where(hit, z if p == 1 else z * z, 0).astype(self.dtype)
    return (h if weight is None else h * weight[t][:, None]), z, hit, rows, t


def _multi_margin_loss(self, target, p, margin, weight, reduction):
    terms = _multi_margin_terms(self, target, p, margin, weight)[0]
    return _frame_sums(terms, terms.shape[1], reduction, (len(terms),) if target.ndim else ())


def _multi_margin_loss_backward(grad_output, self, target, p, margin, weight, reduction):
    """g = 1/dim (1/(n dim) for the mean) per positive term, 2 g z for p = 2, times weight; the
    target class gets minus their sum."""
    _, z, hit, rows, t = _multi_margin_terms(self, target, p, margin, weight)
    n, dim = hit.shape
    g = self.dtype.type(1 / (n * dim) if reduction == 1 else 1 / dim)
    h = np.where(hit, g if p == 1 else 2 * g * z, 0).astype(self.dtype)
    if weight is not None:
        h = h * weight[t][:, None]
    h[rows, t] = -h.sum(1)
    grad = grad_output.reshape(-1, 1) if reduction == 0 and grad_output.ndim else grad_output
    return (h * grad).reshape(self.shape)


def _multilabel_targets(self, target):
    """is_target (0/1 in input's dtype, samples x classes): the classes listed before the first -1."""
    t = _rows(target)
    listed = np.cumprod(t != -1, axis=1).astype(bool)
    is_target = np.zeros(t.shape, self.dtype)
    rows = np.nonzero(listed)[0]
    is_target[rows, t[listed]] = 1
    return t, listed, is_target


def _multilabel_margin_terms(self, target):
    """For each listed target class j and each class d not a target: max(0, 1 - x[j] + x[d])."""
    x = _rows(self)
    t, listed, is_target = _multilabel_targets(self, target)
    xt = np.take_along_axis(x, np.where(listed, t, 0), 1)
    z = (1 - xt)[:, :, None] + x[:, None, :]  # (samples, listed position, class)
    hit = (z > 0) & listed[:, :, None] & (is_target == 0)[:, None, :]
    return z, hit, t, listed, is_target


def _multilabel_margin_loss(self, target, reduction):
    z, hit, _, _, is_target = _multilabel_margin_terms(self, target)
    terms = np.where(hit, z, 0).astype(self.dtype).reshape(len(z), -1)  # (pairs of one sample)
    is_target = is_target.reshape(self.shape if self.ndim else (1,) if target.ndim else ())
    return _frame_sums(terms, z.shape[2], reduction, (len(z),) if self.ndim == 2 else ()), is_target


def _multilabel_margin_loss_backward(grad_output, self, target, reduction, is_target):
    """g per positive term to its class d, minus g to its target class j."""
    z, hit, t, listed, _ = _multilabel_margin_terms(self, target)
    n, dim = len(z), hit.shape[2]
    g = self.dtype.type(1 / (n * dim) if reduction == 1 else 1 / dim)
    grad = hit.sum(1) * g
    np.add.at(grad, (np.nonzero(listed)[0], t[listed]), -hit.sum(2)[listed] * g)
    grad = grad.astype(self.dtype)
    grad_output = grad_output.reshape(-1, 1) if reduction == 0 and grad_output.ndim else grad_output
    return (grad * grad_output).reshape(self.shape)


multi_margin_loss = Op("MultiMarginLossBackward0", _multi_margin_loss,
                       self=lambda grad, self, target, p, margin, weight, reduction:
                           multi_margin_loss_backward(grad, self, target, p, margin, weight, reduction))
multilabel_margin_loss = Op("MultilabelMarginLossBackward0", _multilabel_margin_loss,
                            extra=("is_target",),
                            self=lambda grad, self, target, reduction, is_target:
                                multilabel_margin_loss_backward(grad, self, target, reduction,
                                                                is_target))
# (PyTorch has no formula for their backward ops: their nodes are NotImplemented)
multi_margin_loss_backward = Op("minigrad::autograd::NotImplemented", _multi_margin_loss_backward,
                                promote=("grad_output", "self"),
                                grad_output=_not_implemented("multi_margin_loss_backward"),
                                self=_not_implemented("multi_margin_loss_backward"))
multilabel_margin_loss_backward = Op("minigrad::autograd::NotImplemented",
                                     _multilabel_margin_loss_backward, promote=("grad_output", "self"),
                                     grad_output=_not_implemented("multilabel_margin_loss_backward"),
                                     self=_not_implemented("multilabel_margin_loss_backward"))


# renorm: each slice along dim whose p-norm exceeds maxnorm is scaled down to (about) maxnorm
def _renorm_dims(ndim, dim):
    return tuple(i for i in range(ndim) if i != dim % ndim)


def _renorm(self, p, dim, maxnorm):
    t = self.dtype.type
    norm = _norm(self, p, _renorm_dims(self.ndim, dim), True)
    return self * np.where(norm > maxnorm, t(maxnorm) / (norm + t(1e-7)), t(1)).astype(self.dtype)


def _renorm_backward(grad, self, p, dim, maxnorm):
    """PyTorch's renorm_backward: the norm (in float64, its accumulate type on CPU) and its
    backward, then maxnorm / norm * (grad - nb / norm) where the slice was scaled."""
    dims, acc = _renorm_dims(self.dim(), dim), _float64
    norm_ = norm(self, p, dims, True, acc)
    nb = _norm_backward(sum_dim(self * grad, dims, True, acc), self, norm_, p, dims, True)
    invnorm = reciprocal(add_scalar(norm_, 1e-7))
    grad_norm = mul_scalar(invnorm, maxnorm) * (grad - invnorm * nb)
    return where(norm_ > maxnorm, grad_norm.to(grad.dtype), grad)


def _renorm_jvp(self, self_t, p, dim, maxnorm):
    """PyTorch's renorm_jvp: where a slice was scaled by maxnorm / norm, the tangent is scaled
    too, less the change of the norm itself (norm_jvp) along the slice."""
    dims = _renorm_dims(self.dim(), dim)
    norm_ = norm(self, p, dims, True)
    invnorm = reciprocal(add_scalar(norm_, 1e-7))
    scaled = mul_scalar(invnorm, maxnorm) * (
        self_t - self * invnorm * _norm_jvp(self, self_t, p, norm_, dims, True))
    return where(norm_ > maxnorm, scaled, self_t)


renorm = Op("RenormBackward0",         _renorm,
            self=lambda grad, self, p, dim, maxnorm: _renorm_backward(grad, self, p, dim, maxnorm),
            result=lambda self_t, self, p, dim, maxnorm: _renorm_jvp(self, self_t, p, dim, maxnorm))
renorm.contiguous = True  # (a new row-major tensor in PyTorch)


# channel_shuffle: channels (g groups of C/g) reordered as if a (g, C/g) grid were transposed;
# its backward is the shuffle with C/g groups, which undoes it
def _channel_shuffle(self, groups):
    n, c = self.shape[:2]
    return self.reshape(n, groups, c // groups, *self.shape[2:]).swapaxes(1, 2).reshape(self.shape)


channel_shuffle = Op("ChannelShuffleBackward0", _channel_shuffle,
                     self=lambda grad, groups: channel_shuffle(grad, grad.shape[1] // groups),
                     result="auto_linear")
channel_shuffle.contiguous = True
# its kernel under its own name (part nnalias), which PyTorch records with no derivative
native_channel_shuffle = Op("minigrad::autograd::NotImplemented", _channel_shuffle,
                            self=_not_implemented("native_channel_shuffle"))
native_channel_shuffle.contiguous = True


# avg_pool3d: avg_pool2d's windows over the last three dims (F.avg_pool3d, local_response_norm)
avg_pool3d = Op("AvgPool3DBackward0",  _avg_pool,
                self=lambda grad, self, kernel_size, stride, padding, ceil_mode, count_include_pad,
                divisor_override: avg_pool3d_backward(grad, self, kernel_size, stride, padding,
                                                      ceil_mode, count_include_pad, divisor_override),
                result="auto_linear")
avg_pool3d_backward = Op("AvgPool3DBackwardBackward0", _avg_pool_backward, promote=("grad_output",),
                         grad_output=lambda grad, kernel_size, stride, padding, ceil_mode,
                         count_include_pad, divisor_override: avg_pool3d(
                             grad, kernel_size, stride, padding, ceil_mode, count_include_pad,
                             divisor_override),
                         self=lambda grad: zeros_like(grad),
                         result="auto_linear")
avg_pool3d.contiguous = avg_pool3d_backward.contiguous = True

# exponential_: random numbers -log(1 - U) / lambd (gumbel_softmax's noise); no gradient flows back
exponential_ = Op("ExponentialBackward0", lambda self, lambd, generator: _in_memory_order(
                      self, generator.exponential(self.shape, self.dtype, lambd)),
                  self=lambda grad: zeros_like(grad),
                  result=lambda self_t: zero_(self_t))


# index_reduce: source's slices reduced into self's slices index lists along dim (prod, mean,
# amax, amin); its backward is scatter_reduce's with index_select / index_add / index_fill
def _index_reduce(self, dim, index, source, reduce, include_self=True):
    if not self.ndim:
        return _reduce_into(self.reshape(1), (index,), source.reshape(-1), reduce,
                            include_self).reshape(())
    return _reduce_into(self, _dim_key(dim, index), source, reduce, include_self)


def _index_reduce_backward(grad, self, dim, index, source, reduce, include_self, result):
    """PyTorch's index_reduce_backward (its prod, mean and amax/amin cases)."""
    if reduce == "prod":
        masked_self = masked_fill_scalar(self, self == 0, 1)
        grad_self = grad * index_reduce(masked_self, dim, index, source, reduce, include_self) / masked_self
        src_zero = source == 0
        src_num_zeros = index_select(index_add(zeros_like(self), dim, index, src_zero.to(self.dtype)),
                                     dim, index)
        src_single_zero = src_zero & (src_num_zeros == 1)
        masked_src_result = index_reduce(self, dim, index, masked_fill_scalar(source, src_single_zero, 1),
                                         reduce, include_self)
        grad_src = where(src_single_zero, index_select(grad * masked_src_result, dim, index),
                         index_select(grad * result, dim, index) / masked_fill_scalar(source, src_zero, 1))
        if grad_mode._enabled and (src_num_zeros._data > 1).any():  # (create_graph only)
            grad_src, = delayed_error("index_reduce(): Double backward is unsupported for source "
                                      "when >1 zeros in source are scattered to the same position "
                                      "in self", grad_src)
    elif reduce == "mean":
        n = index_add(ones_like(grad) if include_self else zeros_like(grad), dim, index, ones_like(source))
        n.masked_fill_(n == 0, 1)
        grad_self = grad / n
        grad_src = index_select(grad, dim, index) / index_select(n, dim, index)
    else:  # amax, amin
        value = index_select(result, dim, index)
        self_is_result = (self == result).to(self.dtype)
        source_is_result = (source == value).to(self.dtype)
        grad_distributed = grad / index_add(self_is_result, dim, index, source_is_result)
        grad_self = self_is_result * grad_distributed
        grad_src = source_is_result * index_select(grad_distributed, dim, index)
    if not include_self:
        grad_self = index_fill_scalar(grad_self, dim, index, 0)
    return grad_self, grad_src


index_reduce = Op("IndexReduceBackward0", _index_reduce, **{
                  "self, source": lambda grad, self, dim, index, source, reduce, include_self, result:
                      _index_reduce_backward(grad, self, dim, index, source, reduce, include_self,
                                             result)})
for _op in (scatter, scatter_value, scatter_add, scatter_reduce, scatter_src_reduce, scatter_value_reduce,
            index_add, index_copy, index_reduce):
    _op.contiguous = True  # (PyTorch's kernels for these fill a new row-major tensor)
del _op
# --- end of part dist rows ---


# --- part attn: scaled_dot_product_attention's two CPU kernels -----------------------------------
def _safe_softmax(self, dim):
    """softmax, but 0 (not nan) along a row that is all -inf: a query masked from every key
    attends to nothing (ATen's _safe_softmax, the math path's softmax)."""
    with np.errstate(invalid="ignore"):
        out = _softmax(self, dim)
    return np.where((self == -np.inf).all(axis=dim, keepdims=True), out.dtype.type(0), out)


safe_softmax = Op("SafeSoftmaxBackward0", _safe_softmax, floating=True,
                  self=lambda grad, result, dim: softmax_backward_data(grad, result, dim),
                  result=lambda self_t, self, result, dim:
                      result * (self_t - _safe_logsumexp_jvp(self, self_t, dim)))


def _safe_logsumexp_jvp(self, self_t, dim):
    """logsumexp_jvp, but 0 along a row that is all -inf (whose softmax is 0, not nan)."""
    return where((self == -math.inf).all(dim, True), 0.0, _logsumexp_jvp(self, self_t, dim))


def _attention_scores(query, key, is_causal, attn_mask, scale):
    """q @ k^T * scale (+ the causal mask, + attn_mask) in float64; key's heads repeated for
    grouped-query attention (fewer key/value heads than query heads)."""
    k = np.repeat(key, query.shape[1] // key.shape[1], axis=1).astype(np.float64)
    s = query.astype(np.float64) @ k.swapaxes(-1, -2) * _attention_scale(query, scale)
    if is_causal:  # query i sees keys 0..i (top-left aligned, as tril of ones(L, S))
        s = np.where(np.tri(*s.shape[-2:], dtype=bool), s, -np.inf)
    return s if attn_mask is None else s + attn_mask


def _attention_scale(query, scale):
    return 1 / math.sqrt(query.shape[-1]) if scale is None else scale


def _flash_attention(query, key, value, dropout_p=0.0, is_causal=False, attn_mask=None, scale=None):
    """PyTorch's CPU flash kernel: softmax(scores) @ value, and each query's logsumexp (what
    backward needs to recompute the weights). A query that sees no key gets 0 (logsumexp 0)."""
    s = _attention_scores(query, key, is_causal, attn_mask, scale)
    top = s.max(axis=-1, keepdims=True)
    dead = top == -np.inf
    top = np.where(dead, 0.0, top)
    e = np.exp(s - top)
    total = e.sum(axis=-1, keepdims=True)
    v = np.repeat(value, query.shape[1] // value.shape[1], axis=1)
    out = np.empty_like(query, dtype=np.float64)  # laid out as query is (ATen: empty_like)
    out[...] = np.where(dead, 0.0, (e @ v) / np.where(dead, 1.0, total))
    with np.errstate(divide="ignore"):
        return out, np.where(dead, 0.0, top + np.log(total))[..., 0]


def _flash_attention_backward(grad_out, query, key, value, out, logsumexp, dropout_p, is_causal,
                              attn_mask, scale):
    """The kernel's backward: weights p = exp(scores - logsumexp) recomputed, then
    dv = p^T @ dout, ds = p * (dout @ v^T - rowsum(dout * out)), dq = ds @ k * scale,
    dk = ds^T @ q * scale; a key/value head shared by several query heads sums their gradients."""
    f64 = lambda a: a.astype(np.float64)
    p = np.exp(_attention_scores(query, key, is_causal, attn_mask, scale) - f64(logsumexp)[..., None])
    g = query.shape[1] // key.shape[1]
    go = f64(grad_out)
    # (both sums over E taken alike: a query that sees one key gets exactly 0, as in PyTorch)
    dp = (go[..., :, None, :] * np.repeat(f64(value), g, axis=1)[..., None, :, :]).sum(axis=-1)
    ds = p * (dp - (go * out).sum(axis=-1, keepdims=True))
    dq = ds @ np.repeat(f64(key), g, axis=1) * _attention_scale(query, scale)
    dk = ds.swapaxes(-1, -2) @ f64(query) * _attention_scale(query, scale)
    dv = p.swapaxes(-1, -2) @ go
    fold = lambda a: a.reshape(a.shape[0], -1, g, *a.shape[2:]).sum(axis=2)
    return dq, fold(dk), fold(dv)


scaled_dot_product_flash_attention_for_cpu = Op(
    "ScaledDotProductFlashAttentionForCpuBackward0", _flash_attention, outputs=("output", "logsumexp"),
    **{"query, key, value": lambda grads, query, key, value, output, logsumexp, dropout_p, is_causal,
       attn_mask, scale: scaled_dot_product_flash_attention_for_cpu_backward(
           grads[0], query, key, value, output, logsumexp, dropout_p, is_causal, attn_mask, scale)})
# (PyTorch has no formula for the kernel's backward: its node is NotImplemented)
scaled_dot_product_flash_attention_for_cpu_backward = Op(
    "minigrad::autograd::NotImplemented", _flash_attention_backward,
    outputs=("grad_query", "grad_key", "grad_value"),
    **{name: _not_implemented("_scaled_dot_product_flash_attention_for_cpu_backward")
       for name in ("grad_out", "query", "key", "value", "out")})


# --- part nnalias: native_dropout, dropout's fused kernel (output and mask from one op) ----------
def _native_dropout(input, p, train, generator):
    """ATen's native_dropout_cpu: training (train True or None) a mask drawn from bernoulli(1 - p)
    and the output input * mask * (1 / (1 - p)) (0 for p = 1); else a copy and an all-True mask."""
    if train is False:
        return input.copy(), np.ones(input.shape, np.bool_)
    keep = _draw_bernoulli(np.empty(input.shape, np.bool_), 1 - p, generator)
    return input * keep.astype(input.dtype) * input.dtype.type(0.0 if p == 1 else 1 / (1 - p)), keep


native_dropout = Op("NativeDropoutBackward0", _native_dropout, promote=False, extra=("result1",),
                    # (derivatives.yaml's scale is 1 unless train is True: for train=None, which
                    # drops and scales, too, the gradient is not scaled, as in PyTorch)
                    input=lambda grad, result1, p, train: grad * (
                        result1.to(grad.dtype) * (1.0 if not train else 0.0 if p == 1 else 1 / (1 - p))),
                    result=lambda input_t, result1, p, train: input_t if train is False else mul_scalar(
                               input_t, 0.0 if p == 1 else 1 / (1 - p)) * result1)


# at::norm(self, p) over every element: norm_p_dim's twin without dims (norm_except_dim's dim -1)
norm_p = Op("NormBackward0",           lambda self, p: _norm(self, p, None, False), promote=False,
            self=lambda grad, self, result, p: _norm_backward(grad, self, result, p, None, False),
            result=lambda self_t, self, result, p:  # (PyTorch's keepdim: see _tangent)
                _norm_jvp(self, self_t, p, result, None, True))


# --- part decoder: rrelu (randomized leaky ReLU) as ATen's rrelu_with_noise -------------------
# noise holds each element's slope, drawn by the caller in training (uniform in [lower, upper]
# where x <= 0, 1 elsewhere): the backward multiplies by it. In eval the slope is fixed, the
# mean (lower + upper) / 2, and the op is leaky_relu (noise is not read).
def _rrelu_with_noise(self, noise, lower, upper, training):
    if training:
        return np.where(self <= 0, self * noise, self)
    return leaky_relu.forward(self, (lower + upper) / 2)


def _rrelu_with_noise_backward(grad_output, self, noise, lower, upper, training, self_is_result):
    if training:
        return noise * grad_output
    return leaky_relu_backward.forward(grad_output, self, (lower + upper) / 2)


def _rrelu_backward_of_result(grad, result, noise, lower, upper, training):
    """In place the output stands in for the input: in eval, leaky_relu's in-place rule (the sign
    of the output is the input's only for a slope >= 0; a negative one raises its error)."""
    if not training and lower + upper < 0:
        _leaky_relu_backward_of_result(grad, result, (lower + upper) / 2)  # (raises)
    return rrelu_with_noise_backward(grad, result, noise, lower, upper, training, True)


rrelu_with_noise = Op("RreluWithNoiseBackward0", _rrelu_with_noise,
                      self=lambda grad, self, noise, lower, upper, training:
                          rrelu_with_noise_backward(grad, self, noise, lower, upper, training, False),
                      result="auto_element_wise")
rrelu_with_noise.contiguous = True  # (a new row-major tensor in PyTorch)
rrelu_with_noise_ = Op("RreluWithNoiseBackward1", _rrelu_with_noise,  # in place: the output stands in
                       self=lambda grad, result, noise, lower, upper, training:
                           _rrelu_backward_of_result(grad, result, noise, lower, upper, training))
rrelu_with_noise_backward = Op("RreluWithNoiseBackwardBackward0", _rrelu_with_noise_backward,
                               grad_output=lambda grad, self, noise, lower, upper, training:
                                   rrelu_with_noise_backward(grad, self, noise, lower, upper,
                                                             training, False),
                               self=lambda grad: zeros_like(grad),
                               result=lambda grad_output_t, self, noise, lower, upper, training:
                                   _fw(rrelu_with_noise_backward, grad_output_t, self, noise, lower,
                                       upper, training, False))


# --- part decoder: embedding_bag: each bag (a run of indices) reduced to one row ---------------
def _embedding_bag_fast_path(weight, per_sample_weights, padding_idx):
    """ATen's is_fast_path: float32 rows contiguous, no padding_idx. Its sum kernel needs no bag of
    each index (offset2bag comes back empty), and names a bad index its own way."""
    return (weight.dtype == np.float32 and weight.strides[1] == weight.itemsize
            and padding_idx < 0
            and (per_sample_weights is None or per_sample_weights.strides[0] == weight.itemsize))


def _offset2bag(indices, offsets, num_bags):
    """The bag of each index: the last bag starting at or before its position."""
    return np.searchsorted(offsets[:num_bags], np.arange(len(indices)), side="right") - 1


def _embedding_bag(weight, indices, offsets, scale_grad_by_freq=False, mode=0, sparse=False,
                   per_sample_weights=None, include_last_offset=False, padding_idx=-1):
    """(output, offset2bag, bag_size, max_indices) as ATen's CPU kernel: mode 0 sums the rows
    (times per_sample_weights), 1 averages them, 2 takes each feature's max (max_indices: the
    index it came from). padding_idx rows are skipped (and leave the bag sizes); empty bags are 0."""
    num_bags = len(offsets) - 1 if include_last_offset else len(offsets)
    bag = _offset2bag(indices, offsets, num_bags).astype(offsets.dtype)
    keep = indices != padding_idx
    bag_size = np.bincount(bag[keep], minlength=num_bags).astype(offsets.dtype)
    out = np.zeros((num_bags, weight.shape[1]), weight.dtype)
    if mode == 2:
        max_indices = np.zeros(out.shape, offsets.dtype)
        for b in range(num_bags):
            words = indices[(bag == b) & keep]
            if len(words):
                k = weight[words].argmax(0)  # the first largest, as the kernel's strict >
                max_indices[b] = words[k]
                out[b] = weight[words[k], np.arange(weight.shape[1])]
        return out, bag, bag_size, max_indices
    rows = weight[indices[keep]]
    if per_sample_weights is not None:
        rows = rows * per_sample_weights[keep, None]
    np.add.at(out, bag[keep], rows)
    if mode == 1:
        out = out / np.maximum(bag_size, 1)[:, None].astype(out.dtype)
    else:  # (sum: bag_size zeroed, "to make it deterministic")
        bag_size[:] = 0
        if _embedding_bag_fast_path(weight, per_sample_weights, padding_idx):
            bag = bag[:0]
    return out, bag, bag_size, bag_size.copy()


def _embedding_bag_backward(grad, indices, offsets, offset2bag, bag_size, maximum_indices,
                            num_weights, scale_grad_by_freq, mode, sparse, per_sample_weights,
                            padding_idx):
    """Each bag's gradient row added into the rows of its indices (scaled by the index's
    per_sample_weight, 1 / bag size for mean, 1 / its count with scale_grad_by_freq); for max,
    into the row each feature's max came from."""
    out = np.zeros((num_weights, grad.shape[1]), grad.dtype)
    if mode == 2:
        full = bag_size != 0
        for d in range(grad.shape[1]):
            np.add.at(out[:, d], maximum_indices[full, d], grad[full, d])
        return out
    if len(offset2bag) == 0:  # (the fast path's sum did not make it)
        offset2bag = _offset2bag(indices, offsets, grad.shape[0])
    scale = np.ones(len(indices), grad.dtype)
    if per_sample_weights is not None:
        scale = per_sample_weights.astype(grad.dtype)
    if scale_grad_by_freq:
        # ATen's kernel divides the k-th distinct index (in sorted order) by the count of the
        # k-th *sorted index*, not of itself (counts[indices_data[i]] with i the distinct one):
        # correct while each index occurs once, PyTorch's numbers otherwise, kept here.
        counts = np.bincount(indices, minlength=num_weights)
        distinct = np.unique(indices)
        divisor = np.ones(num_weights, np.int64)
        divisor[distinct] = counts[np.sort(indices)[:len(distinct)]]
        scale = scale / divisor[indices].astype(grad.dtype)
    if mode == 1:
        size = bag_size[offset2bag].astype(grad.dtype)
        scale = np.where(size != 0, scale / np.where(size != 0, size, 1), scale)
    keep = indices != padding_idx
    np.add.at(out, indices[keep], grad[offset2bag[keep]] * scale[keep, None])
    return out


def _embedding_bag_per_sample_weights_backward(grad, weight, indices, offsets, offset2bag, mode,
                                               padding_idx):
    """d output[bag] / d per_sample_weights[i] = weight[indices[i]]: its dot with bag's gradient."""
    if len(offset2bag) == 0:
        offset2bag = _offset2bag(indices, offsets, grad.shape[0])
    out = np.einsum("ij,ij->i", grad[offset2bag], weight[indices])
    return np.where(indices != padding_idx, out, 0).astype(grad.dtype)


embedding_bag = Op("EmbeddingBagBackward0", _embedding_bag, promote=False,
                   outputs=("result0", "result1", "result2", "result3"),
                   output_differentiability=(True, False, False, False),
                   weight=lambda grads, indices, offsets, result1, result2, result3,
                   weight_sym_argsize_0, scale_grad_by_freq, mode, sparse, per_sample_weights,
                   padding_idx: embedding_bag_backward(
                       grads[0], indices, offsets, result1, result2, result3, weight_sym_argsize_0,
                       scale_grad_by_freq, mode, sparse, per_sample_weights, padding_idx),
                   per_sample_weights=lambda grads, weight, indices, offsets, result1, mode,
                   padding_idx: embedding_bag_per_sample_weights_backward(
                       grads[0], weight, indices, offsets, result1, mode, padding_idx))
# its backward formulas, ops of their own in PyTorch, which has no derivative for them:
embedding_bag_backward = Op("EmbeddingBagBackwardBackward0", _embedding_bag_backward, promote=False,
                            grad=_not_derived("_embedding_bag_backward"),
                            per_sample_weights=_not_derived("_embedding_bag_backward"))
embedding_bag_per_sample_weights_backward = Op(
    "minigrad::autograd::NotImplemented", _embedding_bag_per_sample_weights_backward, promote=False,
    grad=_not_implemented("_embedding_bag_per_sample_weights_backward"),
    weight=_not_implemented("_embedding_bag_per_sample_weights_backward"))


# --- part ctc: the CTC loss (Graves et al. 2006), PyTorch's CPU kernels (LossCTC.cpp) ----------
# Paths through the extended target l' = (blank, l1, blank, l2, ..., blank) of length 2 S + 1:
# alpha[t, s], the log-probability of the paths' prefixes ending at l'[s] at time t, runs forward
# in t; beta[t, s], of their suffixes, backward. Both are recursions in t (each row needs the one
# before), done for all samples and all s at once; C's expf and logf give PyTorch's float32 bits.
def _ctc_log(x):
    """C's log (glibc's logf is not the correctly rounded value for 1 float in 150 or so)."""
    return _math._c("log", x) if x.dtype == np.float32 else np.log(x)


def _ctc_log3(a1, a2, a3):
    """log(exp(a1) + exp(a2) + exp(a3)) as the kernel computes it: around their max (0 when all
    three are -inf, as -inf - -inf would be nan), summed in that order."""
    m = np.where(a2 > a1, a2, a1)
    m = np.where(a3 > m, a3, m)
    m = np.where(m == -np.inf, m.dtype.type(0), m)
    return _ctc_log(_math._exp(a1 - m) + _math._exp(a2 - m) + _math._exp(a3 - m)) + m


def _ctc_extended(targets, target_lengths, blank, width):
    """l' for each sample (samples x width): blanks at even s, the targets at odd s (padded
    targets (N, S) or concatenated ones (sum of target_lengths)), and where each is valid."""
    tl = np.asarray(target_lengths, np.int64)
    k = np.arange(width // 2)
    if targets.ndim == 1:
        starts = np.concatenate([[0], np.cumsum(tl)[:-1]]).astype(np.int64)
        labels = targets[np.minimum(starts[:, None] + k, builtins.max(targets.size - 1, 0))]
    else:
        labels = targets[:, :width // 2]
    ext = np.full((len(tl), width), blank, np.int64)
    ext[:, 1::2] = np.where(k < tl[:, None], labels, blank)
    # the skip from s - 2 to s: only onto a label that differs from the one before it
    skip = np.zeros(ext.shape, bool)
    skip[:, 2:] = ext[:, 2:] != ext[:, :-2]
    return ext, skip, np.arange(width) <= 2 * tl[:, None]


def _ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, zero_infinity=False):
    """(-log p(target | input) per sample, log_alpha (samples, T, 2 S + 1)). Cells the kernel
    never writes (after a sample's input, beyond its target) are -inf here, uninitialized there."""
    T, N, _ = log_probs.shape
    il = np.asarray(input_lengths, np.int64)
    tl = np.asarray(target_lengths, np.int64)
    width = 2 * int(tl.max(initial=0)) + 1
    ext, skip, valid = _ctc_extended(targets, tl, blank, width)
    t_ = log_probs.dtype.type
    ninf = t_(-np.inf)
    lp = np.take_along_axis(log_probs.transpose(1, 0, 2), np.broadcast_to(
        ext[:, None, :], (N, T, width)), 2)  # lp[b, t, s] = log_probs[t, b, l'[s]]
    alpha = np.full((N, T, width), ninf, log_probs.dtype)
    alpha[:, 0, :2] = np.where(valid[:, :2] & (il[:, None] > 0), lp[:, 0, :2], ninf)
    for t in range(1, T):
        prev = alpha[:, t - 1]
        a2 = np.concatenate([np.full((N, 1), ninf), prev[:, :-1]], 1)
        a3 = np.where(skip, np.concatenate([np.full((N, 2), ninf), prev[:, :-2]], 1)[:, :width], ninf)
        row = _ctc_log3(prev, a2, a3) + lp[:, t]
        alpha[:, t] = np.where(valid & (t < il)[:, None], row, ninf)
    rows = np.arange(N)
    last = alpha[rows, np.maximum(il - 1, 0)]
    l1 = last[rows, 2 * tl]
    l2 = np.where(tl > 0, last[rows, np.maximum(2 * tl - 1, 0)], ninf)
    m = np.maximum(l1, l2)
    m = np.where(m == -np.inf, t_(0), m)
    ll = np.where(tl > 0, _ctc_log(_math._exp(l1 - m) + _math._exp(l2 - m)) + m, l1)
    ll = np.where(il > 0, ll, np.where(tl == 0, t_(0), ninf))
    return (-ll).astype(log_probs.dtype), alpha


def _ctc_loss_backward(grad, log_probs, targets, input_lengths, target_lengths, neg_log_likelihood,
                       log_alpha, blank, zero_infinity):
    """d nll / d log_probs[t, b, c] = exp(lp) - exp(log(sum over s with l'[s] = c of alpha beta)
    + nll - lp) (Graves's eq. 16 with log_probs the log of a softmax's output), times grad."""
    T, N, C = log_probs.shape
    il = np.asarray(input_lengths, np.int64)
    tl = np.asarray(target_lengths, np.int64)
    width = log_alpha.shape[2]
    ext, skip, valid = _ctc_extended(targets, tl, blank, width)
    t_ = log_probs.dtype.type
    ninf = t_(-np.inf)
    lp = np.take_along_axis(log_probs.transpose(1, 0, 2), np.broadcast_to(
        ext[:, None, :], (N, T, width)), 2)
    beta = np.full((N, T, width), ninf, log_probs.dtype)
    rows = np.arange(N)
    # the collected sums, grad[b, t, c] "log+=" alpha + beta for each s with l'[s] = c
    out = np.full((N, T, C), ninf, log_probs.dtype)
    end = il > 0
    tE = np.maximum(il - 1, 0)
    for s, ok in ((2 * tl, end), (2 * tl - 1, end & (tl > 0))):  # the last time step, t = il - 1
        sc = np.maximum(s, 0)
        b = rows[ok]
        beta[b, tE[b], sc[b]] = lp[b, tE[b], sc[b]]
        out[b, tE[b], ext[b, sc[b]]] = log_alpha[b, tE[b], sc[b]] + beta[b, tE[b], sc[b]]
    for t in range(T - 2, -1, -1):
        nxt = beta[:, t + 1]
        b2 = np.concatenate([nxt[:, 1:], np.full((N, 1), ninf)], 1)
        skip_up = np.concatenate([skip[:, 2:], np.zeros((N, 2), bool)], 1)[:, :width]
        b3 = np.where(skip_up, np.concatenate([nxt[:, 2:], np.full((N, 2), ninf)], 1)[:, :width],
                      ninf)  # (the skip from s + 2: l'[s + 2] != l'[s])
        row = _ctc_log3(nxt, b2, b3) + lp[:, t]
        beta[:, t] = np.where(valid & (t < il - 1)[:, None], row, beta[:, t])
    ab = log_alpha + beta
    inner = np.arange(T)[None, :] < (il - 1)[:, None]  # (samples, t): the times the loop visits
    bi, ti = np.nonzero(inner)
    for s in range(width - 1, -1, -1):  # s descending, as the kernel adds them
        sel = valid[bi, s]
        b, t = bi[sel], ti[sel]
        c = ext[b, s]
        x, acc = ab[b, t, s], out[b, t, c]
        with np.errstate(invalid="ignore"):
            m = np.maximum(acc, x)
            both = _ctc_log(_math._exp(acc - m) + _math._exp(x - m)) + m
        out[b, t, c] = np.where(acc == -np.inf, x, both)
    lpb = log_probs.transpose(1, 0, 2)
    nll = neg_log_likelihood[:, None, None]
    g = (_math._exp(lpb) - _math._exp(out + nll - lpb)) * grad.reshape(-1)[:, None, None]
    g = np.where(np.arange(T)[None, :, None] < il[:, None, None], g, t_(0))
    if zero_infinity:
        g = np.where((neg_log_likelihood == np.inf)[:, None, None], t_(0), g)
    return np.ascontiguousarray(g.transpose(1, 0, 2)).astype(log_probs.dtype)


ctc_loss = Op("CtcLossBackward0", _ctc_loss, promote=False, outputs=("result0", "result1"),
                   output_differentiability=(True, False),
                   log_probs=lambda grad, log_probs, targets, input_lengths, target_lengths,
                   result0, result1, blank, zero_infinity: ctc_loss_backward(
                       grad, log_probs, targets, input_lengths, target_lengths, result0, result1,
                       blank, zero_infinity))
ctc_loss.contiguous = True
# its backward formula, an op of its own in PyTorch, which has no derivative for it:
ctc_loss_backward = Op("minigrad::autograd::NotImplemented", _ctc_loss_backward, promote=False,
                       grad=_not_implemented("_ctc_loss_backward"),
                       log_probs=_not_implemented("_ctc_loss_backward"),
                       neg_log_likelihood=_not_implemented("_ctc_loss_backward"),
                       log_alpha=_not_implemented("_ctc_loss_backward"))
# --- part numfns: histogram, histogramdd. PyTorch has no derivative for them: their results hang
# from a NotImplemented node (backward through it fails), as heaviside's ---------------------------
def _histogramdd(self, bins, weight, density):
    """self's M points (rows of N coordinates) counted into the grid of bins: bins[k] holds dim
    k's edges. A bin holds its left edge, the last also its right one; points outside the edges
    (and nan) are left out. Counts (or weights) are added in the input's dtype in the points'
    order (PyTorch's kernel); density divides by the total, then by each bin's lengths. (self
    and weight are reshaped here: PyTorch's node takes them as given.)"""
    self = self.reshape(-1, self.shape[-1])
    weight = None if weight is None else weight.reshape(-1)
    keep, where = np.ones(len(self), bool), []
    for k, edges in enumerate(bins):
        x = self[:, k]
        keep &= (x >= edges[0]) & (x <= edges[-1])
        pos = np.searchsorted(edges, x, side="right") - 1
        where.append(np.where(pos >= len(edges) - 1, len(edges) - 2, pos))
    hist = np.zeros([len(edges) - 1 for edges in bins], self.dtype)
    np.add.at(hist, tuple(pos[keep] for pos in where),
              self.dtype.type(1) if weight is None else weight[keep])
    if density:  # (hist.div_(hist.sum()), then hist.div_(the lengths), one dim at a time)
        hist = hist / _sum(hist)
        for k, edges in enumerate(bins):
            hist = hist / np.diff(edges).reshape([-1 if i == k else 1 for i in range(len(bins))])
    return hist


histogram = Op("minigrad::autograd::NotImplemented", lambda self, bins, weight, density: (
                   _histogramdd(self.reshape(-1, 1), (bins,), weight, density), bins.copy()),
               promote=False, outputs=("hist", "bin_edges"),
               self=_not_implemented("histogram"), bins=_not_implemented("histogram"),
               weight=_not_implemented("histogram"))
histogramdd_from_bin_cts = Op("minigrad::autograd::NotImplemented", _histogramdd, promote=False,
                              self=_not_implemented("_histogramdd_from_bin_cts"),
                              weight=_not_implemented("_histogramdd_from_bin_cts"))
histogramdd_from_bin_tensors = Op("minigrad::autograd::NotImplemented", _histogramdd,
                                  promote=False,
                                  self=_not_implemented("_histogramdd_from_bin_tensors"),
                                  weight=_not_implemented("_histogramdd_from_bin_tensors"))
histogramdd_bin_edges = Op("minigrad::autograd::NotImplemented", lambda self, edges: edges,
                           promote=False, self=_not_implemented("_histogramdd_bin_edges"))


# --- part numfns: embedding_renorm_ (in place; PyTorch has no derivative: not_implemented) ------
def _embedding_renorm(self, indices, max_norm, norm_type):
    """The rows of self that indices pick whose norm_type-norm exceeds max_norm, scaled by
    max_norm / (norm + 1e-7) (a scale in the tensor's dtype); the other rows as they are."""
    rows = np.unique(indices)
    norms = _norm(self[rows], norm_type, 1, False).astype(np.float64)  # (row.norm(), in float)
    out = self.copy()
    out[rows] = self[rows] * np.where(norms > max_norm, max_norm / (norms + 1e-7),
                                      1.0)[:, None].astype(self.dtype)
    return out


embedding_renorm_ = Op("EmbeddingRenormBackward0", _embedding_renorm, promote=False,
                       self=_not_derived("embedding_renorm"))


# --- part numfns: conv_tbc, a 1-d convolution over time of (time, batch, channels) input ---------
def _conv_tbc_steps(ilen, kw, olen, pad):
    """ATen's loop over the kernel's taps k: tap k adds input rows [i, i + t) times weight[k]
    to output rows [o, o + t)."""
    for k in builtins.range(kw):
        i, o = builtins.max(0, k - pad), builtins.max(0, pad - k)
        t = builtins.min(ilen + pad - k, olen) - o
        if t > 0:
            yield k, i, o, t


def _conv_tbc(self, weight, bias, pad):
    """output = bias, then each tap's product added in place (ATen's addmm_), one input channel
    after another, each product rounded and added on its own (as PyTorch's CPU gemm does for
    these small matrices: the same bits)."""
    ilen, batch, cin = self.shape
    olen = ilen - weight.shape[0] + 1 + 2 * pad
    out = np.empty((olen, batch, weight.shape[2]), self.dtype)
    out[...] = bias
    for k, i, o, t in _conv_tbc_steps(ilen, weight.shape[0], olen, pad):
        for c in builtins.range(cin):
            out[o:o + t] += self[i:i + t, :, c:c + 1] * weight[k, c]
    return out


def _conv_tbc_backward(grad, self, weight, bias, pad):
    """ATen's conv_tbc_backward, composite: each tap's products added in place into slices of
    zero tensors (so a gradient's graph shows CopySlices, as PyTorch's)."""
    ilen, batch, cin = self.shape
    kw, olen, cout = weight.shape[0], grad.shape[0], weight.shape[2]
    d_input, d_weight, d_bias = zeros_like(self), zeros_like(weight), zeros_like(bias)
    for k, i, o, t in _conv_tbc_steps(ilen, kw, olen, pad):
        d_out = grad.narrow(0, o, t).view(t * batch, cout)
        d_input.narrow(0, i, t).view(t * batch, cin).addmm_(d_out, weight[k].t())
    for k, i, o, t in _conv_tbc_steps(ilen, kw, olen, pad):
        d_out = grad.narrow(0, o, t).view(t * batch, cout)
        d_weight[k].addmm_(self.narrow(0, i, t).view(t * batch, cin).t(), d_out)
    d_bias.copy_(grad.sum(0, False).sum(0))
    return d_input, d_weight, d_bias


conv_tbc = Op("ConvTbcBackward0", _conv_tbc, **{
    "self, weight, bias": lambda grad, self, weight, bias, pad:
        _conv_tbc_backward(grad, self, weight, bias, pad)})


# --- part newfns2: segment_reduce, each run of `lengths` (or between `offsets`) along axis reduced
# to one value, as PyTorch's CPU kernels (SegmentReduce.cpp): element after element, in the
# data's dtype, from `initial` (or the reduction's identity)
_SEGMENT_IDENTITY = {"sum": 0.0, "mean": 0.0, "prod": 1.0, "max": -np.inf, "min": np.inf}


def _segments(offsets):
    """(outer index, segment number, start, end) of each segment: offsets' last dim bounds the
    segments of one row of the data's leading dims."""
    for idx in np.ndindex(offsets.shape[:-1]):
        row = offsets[idx]
        for s in range(len(row) - 1):
            yield idx, s, int(row[s]), int(row[s + 1])


def _segment_offsets(lengths, offsets):
    if offsets is not None:  # (offsets win when both are given, as in PyTorch)
        return offsets
    zero = np.zeros(lengths.shape[:-1] + (1,), lengths.dtype)
    return np.concatenate([zero, np.cumsum(lengths, -1)], -1)


def _segment_reduce(data, reduce, lengths, offsets, axis, unsafe, initial):
    offsets = _segment_offsets(lengths, offsets)
    out = np.empty(data.shape[:axis] + (offsets.shape[-1] - 1,) + data.shape[axis + 1:], data.dtype)
    for idx, s, start, end in _segments(offsets):
        if end < start:
            raise RuntimeError("Expected segment_length >= 0 to be true, but got false.  (Could "
                               "this error message be improved?  If so, please report an "
                               "enhancement request to PyTorch.)")
        first = _SEGMENT_IDENTITY[reduce] if initial is None else initial
        run = np.concatenate([np.full((1,) + data.shape[axis + 1:], first, data.dtype),
                              data[idx + (slice(start, end),)]])
        if reduce in ("sum", "mean"):
            value = np.cumsum(run, 0)[-1]  # (cumsum: one element after another)
        elif reduce == "prod":
            value = np.cumprod(run, 0)[-1]
        else:
            value = (np.max if reduce == "max" else np.min)(run, 0)  # (nan wins)
        if reduce == "mean" and end > start:
            value = value / data.dtype.type(end - start)
        elif reduce == "mean" and initial is None:
            value = np.full_like(value, np.nan)
        out[idx + (s,)] = value
    return out


def _segment_reduce_backward(grad, output, data, reduce, lengths, offsets, axis, initial):
    """Each element's share of its segment's gradient: all of it (sum), 1/length (mean); for max
    and min the elements equal to the result (or nan), a positive share divided among ties as
    PyTorch's kernel does; for prod grad * output / element, or the product of the others
    (from initial) where the element is 0 or nan."""
    result = np.zeros_like(data)
    for idx, s, start, end in _segments(_segment_offsets(lengths, offsets)):
        g, o = grad[idx + (s,)], output[idx + (s,)]
        run = data[idx + (slice(start, end),)]
        if reduce == "sum":
            share = np.broadcast_to(g, run.shape)
        elif reduce == "mean":
            share = np.broadcast_to(g / data.dtype.type(end - start), run.shape)
        elif reduce in ("max", "min"):
            hit = np.isnan(run) | (run == o)
            share = np.where(hit, g, data.dtype.type(0))
            counter = hit.sum(0)
            share = np.where((counter > 1) & (share > 0), share / counter.astype(data.dtype), share)
        else:
            share = np.empty_like(run)
            for j in range(end - start):
                others = np.concatenate([np.full((1,) + run.shape[1:], 1.0 if initial is None
                                                 else initial, data.dtype), run[:j], run[j + 1:]])
                with np.errstate(divide="ignore", invalid="ignore"):
                    share[j] = np.where(np.isnan(run[j]) | (run[j] == 0),
                                        g * np.cumprod(others, 0)[-1], (g * o) / run[j])
        result[idx + (slice(start, end),)] = share
    return result


segment_reduce_backward = Op("minigrad::autograd::NotImplemented", _segment_reduce_backward,
                             promote=False, grad=_not_implemented("_segment_reduce_backward"),
                             output=_not_implemented("_segment_reduce_backward"),
                             data=_not_implemented("_segment_reduce_backward"))
segment_reduce = Op("SegmentReduceBackward0", _segment_reduce, promote=False,
                    data=lambda grad, result, data, reduce, lengths, offsets, axis, initial:
                        segment_reduce_backward(grad, result, data, reduce, lengths, offsets,
                                                axis, initial))
segment_reduce.contiguous = segment_reduce_backward.contiguous = True
