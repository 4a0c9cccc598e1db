"""minigrad: PyTorch's autograd rebuilt on NumPy, small enough to read.

`import minigrad as torch` and the lessons run as they do on PyTorch. Where to look:
tensor.py (the Tensor), derivatives.py (every op and its derivative), autograd/engine.py (how
backward runs), autograd/function.py (how ops are recorded), _tensor_str.py (printing).
"""
import importlib as _importlib
from math import e, inf, nan, pi

import numpy as _np

from . import dtypes
from ._tensor_str import get_printoptions, set_printoptions
from .dtypes import (Size, bool, double, dtype, float, float32, float64, int, int8, int16, int32,
                     int64, long, short, uint8)
from .dtypes import get_default_dtype, set_default_dtype
from .tensor import Tensor, contiguous_format, device, memory_format, preserve_format
from .ops import (BoolTensor, ByteTensor, CharTensor, DoubleTensor, FloatTensor, IntTensor,
                  LongTensor, ShortTensor, as_tensor, numel)
from .ops import (abs, add, all, allclose, amax, amin, any, arange, argmax, argmin, bitwise_and,
                  bitwise_not, bitwise_or, bitwise_xor, cat, ceil, chunk, clamp, clone, cos, cumsum,
                  diag, diagonal, div, dot, empty, eq, equal, exp, expm1, eye, flatten, flip, floor,
                  floor_divide, fmod, from_numpy, full, full_like, gather, ge, gt, index_fill,
                  index_select, initial_seed, isclose, isfinite, isinf, isnan, isneginf, isposinf,
                  le, linspace, log, log1p, log_softmax, logsumexp, lt, manual_seed, masked_fill,
                  matmul, max, maximum, mean, min, minimum, mm, mul, ne, neg, norm, ones, ones_like,
                  outer, permute, pow, prod, rand, rand_like, randint, randn, randn_like,
                  reciprocal, relu, remainder, reshape, round, rsqrt, scatter, scatter_add, sgn,
                  sigmoid, sign, sin, softmax, sort, split, sqrt, square, squeeze, stack, std, sub,
                  sum, t, tanh, tensor, tile, topk, trace, transpose, unbind, unsqueeze, var, where,
                  zeros, zeros_like)
from .ops import unsafe_chunk, unsafe_split  # noqa: F401  (ATen's recurrent cells chunk with them)
from .ops import bernoulli, logspace, multinomial, mv, randperm
from .ops import einsum  # part einsum
from .ops import unflatten
from .ops import bincount, bucketize, histc, searchsorted, unique, unique_consecutive  # counting
from .ops import (aminmax, count_nonzero, cummax, cummin, dist, kthvalue, logcumsumexp,  # reduce2
                  median, mode, nanmean, nanmedian, nansum, std_mean, var_mean)
from .ops import (argsort, bmm, clamp_max, clamp_min, clip, cumprod, fix, frac, msort, narrow,
                  roll, trunc)
from .ops import (acos, acosh, arccos, arccosh, arcsin, arcsinh, arctan, arctan2, arctanh, asin,
                  asinh, atan, atan2, atanh, cosh, deg2rad, erf, erfc, erfinv, exp2, hypot, lerp,
                  log10, log2, logaddexp, logit, nan_to_num, rad2deg, sinh, tan, tril, triu,
                  xlogy)  # part trig
from .ops import digamma, lgamma, mvlgamma, polygamma  # part special
from .ops import diagonal_scatter, select_scatter, slice_scatter
from .ops import adjoint, angle, imag, isreal, nextafter, real
from .ops import i0, igamma, igammac  # part bessel
from .ops import (atleast_1d, atleast_2d, atleast_3d, broadcast_to, column_stack, concat,
                  concatenate, dsplit, dstack, hsplit, hstack, movedim, ravel, select,
                  split_with_sizes, tensor_split, vsplit, vstack)  # part shape2
from .ops import (argwhere, diag_embed, diagflat, index_add, index_copy, index_put, masked_scatter,
                  masked_select, nonzero, put, repeat_interleave, rot90, take,
                  take_along_dim)  # part shape2
from .ops import (cartesian_prod, kron, meshgrid, tensordot, tril_indices,
                  triu_indices)  # part shape2
from .ops import movedim as moveaxis, transpose as swapaxes, transpose as swapdims  # part shape2
from .ops import (absolute, addcdiv, addcmul, divide, greater, greater_equal, less, less_equal,
                  logical_and, logical_not, logical_or, logical_xor, multiply, negative, not_equal,
                  positive, rsub, subtract, true_divide)  # part elem2
from .ops import (copysign, float_power, fmax, fmin, frexp, heaviside, ldexp, logaddexp2, signbit,
                  sinc)  # part elem2
from .ops import (can_cast, is_complex, is_nonzero, is_same_size, promote_types, result_type,
                  typename)  # part elem2
from .dtypes import finfo, iinfo  # part elem2
from .ops import (addbmm, addmm, addmv, addr, baddbmm, block_diag, broadcast_shapes,  # nsgap
                  broadcast_tensors, combinations, diff, fliplr, flipud, gcd, ger, inner, isin,
                  lcm, matrix_power, unravel_index, vdot)
from .ops import corrcoef, cov, cumulative_trapezoid, nanquantile, quantile, trapezoid, trapz  # nsgap
from .ops import (abs_, acos_, acosh_, addmv_, arccos_, arccosh_, arcsin_, arcsinh_,  # nsgap
                  arctan_, arctanh_, asin_, asinh_, atan_, atanh_, ceil_, clamp_, clamp_max_,
                  clamp_min_, clip_, cos_, cosh_, deg2rad_, detach, detach_, erf_, erfc_, exp2_,
                  exp_, expm1_, fill, fill_, fix_, floor_, frac_, gcd_, index_put_, lcm_, ldexp_,
                  log10_, log1p_, log2_, log_, logit_, nan_to_num_, neg_, negative_, rad2deg_,
                  reciprocal_, relu_, round_, rsqrt_, sigmoid_, sin_, sinc_, sinh_, sqrt_, square_,
                  tan_, tanh_, trunc_, xlogy_, zero_)
from .ops import (UntypedStorage, conj, empty_like, get_device, get_num_threads, is_conj,  # nsgap
                  is_neg, layout, randint_like, resolve_conj, resolve_neg, scalar_tensor,
                  set_num_threads, strided)
from .ops import normal  # part nsgap
from .ops import cdist, channel_shuffle, index_reduce, pdist, renorm, scatter_reduce  # part dist
from .autograd.grad_mode import enable_grad, is_grad_enabled, no_grad, set_grad_enabled
from .autograd.grad_mode import inference_mode, is_inference_mode_enabled
from .autograd.anomaly_mode import (is_anomaly_check_nan_enabled, is_anomaly_enabled,
                                    set_anomaly_enabled)
from . import autograd, cuda, ops, linalg, nn, return_types, utils  # noqa: E402
from . import _warnings  # noqa: E402  (part counting: torch.cross warns once)
from . import special  # noqa: E402  (part special)
# random generators, save/load
from .ops import Generator, default_generator, get_rng_state, seed, set_rng_state  # noqa: E402
from .serialization import load, save  # noqa: E402


from .nn.functional import celu_, selu_  # noqa: E402
from .nn.functional import adaptive_avg_pool1d, avg_pool1d, max_pool1d, max_pool2d  # noqa: E402


def selu(input):
    """torch.selu: nn.functional.selu without its inplace flag (torch.selu_ is that)."""
    return nn.functional.selu(input)


def celu(input, alpha=1.0):
    return nn.functional.celu(input, alpha)


def rrelu(input, lower=1.0 / 8, upper=1.0 / 3, training=False):  # (part decoder)
    return nn.functional.rrelu(input, lower, upper, training)


def rrelu_(input, lower=1.0 / 8, upper=1.0 / 3, training=False):  # (part decoder)
    return nn.functional.rrelu_(input, lower, upper, training)


def threshold(input, threshold=ops._REQUIRED, value=ops._REQUIRED):
    """torch.threshold: nn.functional.threshold, but a missing argument gets the words of
    PyTorch's argument parser (it names those after it too; its plural is sic)."""
    missing = ('"threshold"', '"value"')[1 - (threshold is ops._REQUIRED):]  # from the first on
    if value is ops._REQUIRED or threshold is ops._REQUIRED:
        raise TypeError(f"threshold() missing {len(missing)} required positional argument"
                        f"{'s' if len(missing) == 1 else ''}: {', '.join(missing)}")
    return nn.functional.threshold(input, threshold, value)


threshold_ = nn.functional.threshold_


def is_tensor(obj):
    return isinstance(obj, Tensor)


def is_floating_point(input=ops._REQUIRED):
    ops._tensor_arg("is_floating_point", "input", 1, input)
    return input.is_floating_point()


def is_inference(input):
    ops._tensor_arg("is_inference", "input", 1, input)
    return input.is_inference()


inverse = linalg.inv


def cross(input, other, dim=None):
    """torch.cross: linalg.cross, but without a dim it takes the first dim of size 3 (and warns:
    PyTorch will change that default to linalg.cross's -1)."""
    if dim is None and isinstance(input, Tensor) and isinstance(other, Tensor):
        dim = next((i for i, n in enumerate(input.shape) if n == 3), None)
        if dim is None:
            raise RuntimeError("no dimension of size 3 in input")
        _warnings.warn_once(
            "Using minigrad.cross without specifying the dim arg is deprecated.\nPlease either pass the "
            "dim explicitly or simply use minigrad.linalg.cross.\nThe default value of dim will change to "
            "agree with that of linalg.cross in a future release. (Triggered internally at "
            "/__w/pytorch/pytorch/aten/src/ATen/native/Cross.cpp:63.)")
    return linalg._cross("cross", input, other, dim)


Tensor.cross = ops._as_method(cross)  # part counting
Tensor.inverse = linalg.inv
Tensor.det = linalg.det  # part einsum


def det(input):  # part einsum
    """torch.det: linalg.det under its older name."""
    ops._tensor_arg("det", "input", 1, input)
    return linalg.det(input)


def slogdet(input):  # part einsum
    ops._tensor_arg("slogdet", "input", 1, input)
    return return_types.slogdet(*linalg.slogdet(input))


def logdet(input):  # part einsum
    """log det(A), nan where det < 0: PyTorch's where(sign == -1, nan, logabsdet) of slogdet."""
    ops._tensor_arg("logdet", "input", 1, input)
    linalg._check_square("logdet", input)
    sign, logabsdet = linalg.slogdet(input)
    return where(sign == -1, nan, logabsdet)


Tensor.slogdet, Tensor.logdet = slogdet, logdet  # part einsum


def svd(input, some=True, compute_uv=True):  # part svd
    """torch.svd, the older API: V rather than Vh (a transpose of linalg.svd's Vh, output 2 of
    its node), reduced unless some=False; compute_uv=False gives zero U and V."""
    ops._tensor_arg("svd", "input", 1, input)
    if input.dim() < 2:
        raise RuntimeError("linalg.svd: input should have at least 2 dimensions, but has "
                           f"{input.dim()} dimensions instead")
    if not compute_uv:
        m, n = input.shape[-2:]
        S = linalg.svdvals(input)
        return return_types.svd(zeros(*input.shape[:-2], m, m, dtype=input.dtype), S,
                                zeros(*input.shape[:-2], n, n, dtype=input.dtype))
    U, S, Vh = linalg.svd(input, full_matrices=not some)
    return return_types.svd(U, S, Vh.mT)


Tensor.svd = svd


def cholesky(input, upper=False):  # part svd
    """torch.cholesky: deprecated for linalg.cholesky (it warns once), its own node."""
    _warnings.warn_once(
        "minigrad.cholesky is deprecated in favor of minigrad.linalg.cholesky and will be removed in a "
        "future PyTorch release.\nL = minigrad.cholesky(A)\nshould be replaced with\nL = "
        "minigrad.linalg.cholesky(A)\nand\nU = minigrad.cholesky(A, upper=True)\nshould be replaced "
        "with\nU = minigrad.linalg.cholesky(A).mH\nThis transform will produce equivalent results for "
        "all valid (symmetric positive definite) inputs. (Triggered internally at "
        "/__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp:1765.)")
    ops._tensor_arg("cholesky", "input", 1, input)
    linalg._check_square("cholesky", input)
    linalg._check_positive_definite("cholesky", input, linalg.d._linalg_cholesky_ex(input._data, upper)[1])
    return linalg.d.cholesky(input, upper)


def pinverse(input, rcond=1e-15):  # part svd
    """torch.pinverse: linalg.pinv with rtol=rcond."""
    return linalg.pinv(input, rtol=rcond)


Tensor.cholesky, Tensor.pinverse = cholesky, pinverse


# part linalg2: the LU factorization under its older names
lu_unpack = linalg.lu_unpack


def lu(A, pivot=True, get_infos=False):
    """torch.lu: deprecated for linalg.lu_factor(_ex) (it warns once). (LU, pivots), with info
    when get_infos (a singular matrix is no error either way)."""
    _warnings.warn_once(
        "minigrad.lu is deprecated in favor of minigrad.linalg.lu_factor / minigrad.linalg.lu_factor_ex and "
        "will be removed in a future PyTorch release.\nLU, pivots = minigrad.lu(A, compute_pivots)\n"
        "should be replaced with\nLU, pivots = minigrad.linalg.lu_factor(A, compute_pivots)\nand\n"
        "LU, pivots, info = minigrad.lu(A, compute_pivots, get_infos=True)\nshould be replaced with\n"
        "LU, pivots, info = minigrad.linalg.lu_factor_ex(A, compute_pivots) (Triggered internally at "
        "/__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp:2073.)")
    ops._tensor_arg("_lu_with_info", "input", 1, A)
    LU, pivots, info = linalg.lu_factor_ex(A, pivot=pivot)
    return return_types._lu_with_info(LU, pivots, info) if get_infos else (LU, pivots)


def lu_solve(input=ops._REQUIRED, LU_data=ops._REQUIRED, LU_pivots=ops._REQUIRED):
    """torch.lu_solve: deprecated for linalg.lu_solve, whose arguments come the other way round."""
    _warnings.warn_once(
        "minigrad.lu_solve is deprecated in favor of minigrad.linalg.lu_solveand will be removed in a "
        "future PyTorch release.\nNote that minigrad.linalg.lu_solve has its arguments reversed.\n"
        "X = minigrad.lu_solve(B, LU, pivots)\nshould be replaced with\nX = minigrad.linalg.lu_solve(LU, "
        "pivots, B) (Triggered internally at "
        "/__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp:2230.)")
    for i, (name, value) in enumerate((("input", input), ("LU_data", LU_data), ("LU_pivots", LU_pivots))):
        ops._tensor_arg("lu_solve", name, i + 1, value)
    return linalg.lu_solve(LU_data, LU_pivots, input)


def _tensor_lu(self, pivot=True, get_infos=False):
    """Tensor.lu: torch.lu, its results a plain tuple."""
    return tuple(lu(self, pivot, get_infos))


Tensor.lu, Tensor.lu_solve = _tensor_lu, ops._as_method(lu_solve)


cholesky_solve, cholesky_inverse = linalg._cholesky_solve, linalg._cholesky_inverse

def matrix_exp(input=ops._REQUIRED):
    """torch.matrix_exp: linalg.matrix_exp."""
    ops._tensor_arg("matrix_exp", "input", 1, input)
    return linalg.matrix_exp(input)


Tensor.cholesky_solve, Tensor.cholesky_inverse = ops._as_method(cholesky_solve), ops._as_method(cholesky_inverse)
Tensor.matrix_exp = ops._as_method(matrix_exp)

# part linalg3: Householder products under LAPACK's names
orgqr, geqrf = linalg._orgqr, linalg._geqrf
Tensor.orgqr, Tensor.geqrf = ops._as_method(orgqr), ops._as_method(geqrf)


def chain_matmul(*matrices, out=None):
    """torch.chain_matmul: deprecated for linalg.multi_dot (it warns once); matrices only."""
    ops._tensor_elements(matrices)  # (PyTorch's argument parser: before the warning)
    _warnings.warn_once(
        "minigrad.chain_matmul is deprecated and will be removed in a future PyTorch release. Use "
        "minigrad.linalg.multi_dot instead, which accepts a list of two or more tensors rather than "
        "multiple parameters. (Triggered internally at "
        "/__w/pytorch/pytorch/aten/src/ATen/native/LinearAlgebra.cpp:1102.)")
    if not matrices:
        raise RuntimeError("chain_matmul(): Expected one or more matrices")
    for m in matrices:
        if m.dim() != 2:
            raise RuntimeError(f"Tensor dimension is {m.dim()}, expected 2 instead.")
    return matrices[0].clone() if len(matrices) == 1 else linalg.multi_dot(matrices)


__version__ = "0.1.0"

# PyTorch gives inf and nan without a word (log(0), 1/0); NumPy would warn about each.
_np.seterr(divide="ignore", invalid="ignore", over="ignore", under="ignore")

from .nn.functional import conv1d, conv2d  # noqa: E402  (part conv)
from .nn.functional import conv_transpose1d, conv_transpose2d  # noqa: E402  (part nnmore)
from .nn.functional import conv3d, conv_transpose3d, max_pool3d  # noqa: E402  (part conv3d)


def constant_pad_nd(input, pad, value=0):
    """torch.constant_pad_nd, the op under F.pad(mode='constant'): negative pads crop."""
    return nn.functional.pad(input, pad, value=value)


_RNN_FUNCTIONS = ("gru", "gru_cell", "lstm", "lstm_cell", "rnn_relu", "rnn_relu_cell", "rnn_tanh",
                  "rnn_tanh_cell")  # (ATen's recurrent ops, in nn/modules/rnn.py)


def __getattr__(name):
    """minigrad.optim, and the recurrent ops that live with nn's Modules, are read on first use
    (PEP 562), so that `import minigrad` need not read a dozen optimizer files and nn/modules/:
    the import stays quick, and minigrad.optim.SGD works as torch.optim.SGD."""
    if name == "optim":
        return _importlib.import_module(".optim", __name__)
    if name in _RNN_FUNCTIONS:
        value = globals()[name] = getattr(_importlib.import_module(".nn.modules.rnn", __name__), name)
        return value
    raise AttributeError(f"module 'minigrad' has no attribute '{name}'")


def __dir__():
    return sorted({*globals(), "optim", *_RNN_FUNCTIONS})


from . import _arg_parser  # noqa: E402
_arg_parser.apply(globals(), Tensor)  # PyTorch's argument errors for what was set here too
