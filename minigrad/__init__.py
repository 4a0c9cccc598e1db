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
from .ops import as_strided_, conj_physical_, unsafe_split_with_sizes  # noqa: F401  part smallfns
from .ops import bernoulli, binomial, frombuffer, logspace, multinomial, mv, poisson, randperm
from .ops import from_dlpack, to_dlpack  # part newfns2
from .ops import einsum  # part einsum
from .ops import unflatten
from .ops import grid_sampler, grid_sampler_2d, grid_sampler_3d  # part gridsample
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
from .ops import (conj, empty_like, get_device, get_num_threads, is_conj,  # nsgap
                  is_neg, layout, randint_like, resolve_conj, resolve_neg, scalar_tensor,
                  set_num_threads, strided)
from .ops import normal  # part nsgap
from . import storage  # noqa: E402
from .storage import TypedStorage, UntypedStorage  # noqa: E402
globals().update({_c.__name__: _c for _c in storage._LEGACY.values()})  # FloatStorage, ...
from .ops import (alias_copy, as_strided, as_strided_copy, as_strided_scatter,  # part views2
                  detach_copy, diagonal_copy, expand_copy, narrow_copy, permute_copy, select_copy,
                  slice_copy, split_copy, split_with_sizes_copy, squeeze_copy, t_copy,
                  transpose_copy, unbind_copy, unfold_copy, unsqueeze_copy, view_copy)
from .ops import asarray, empty_permuted, empty_strided, resize_as_, row_stack, _range as range  # part views2
from .ops import bitwise_left_shift, bitwise_right_shift, vander  # part views2


from .ops import (bartlett_window, blackman_window, hamming_window, hann_window,  # orthpoly
                  kaiser_window)
from .ops import cdist, channel_shuffle, index_reduce, pdist, renorm, scatter_reduce  # part dist
from .ops import native_channel_shuffle  # part nnalias
from .ops import conv_tbc, embedding_renorm_, gradient, histogram, histogramdd  # part numfns
from .ops import conj_physical, i0_, is_signed, nonzero_static  # part numfns
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


def inverse(input):
    """torch.inverse: linalg.inv under its own name and signature (which its parser reads)."""
    return linalg.inv.__wrapped__(input)


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


def qr(input, some=True):
    """torch.qr: deprecated for linalg.qr (it warns once), some=False is mode 'complete'."""
    ops._tensor_arg("qr", "input", 1, input)
    ops._bool_arg("qr", "some", some)
    _warnings.warn_once(
        "minigrad.qr is deprecated in favor of minigrad.linalg.qr and will be removed in a future "
        "PyTorch release.\nThe boolean parameter 'some' has been replaced with a string parameter "
        "'mode'.\nQ, R = minigrad.qr(A, some)\nshould be replaced with\nQ, R = minigrad.linalg.qr(A, "
        "'reduced' if some else 'complete') (Triggered internally at "
        "/__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp:2505.)")
    return return_types.qr(*linalg.qr(input, "reduced" if some else "complete"))


def _removed(message):
    """A function PyTorch removed in 1.9 and keeps only to say where it went (PyTorch's words)."""
    def removed(*args, **kwargs):
        raise RuntimeError("This function was deprecated since version 1.9 and is now removed." + message)
    return removed


matrix_rank = _removed(
    "\nPlease use the `minigrad.linalg.matrix_rank` function instead. The parameter 'symmetric' was "
    "renamed in `minigrad.linalg.matrix_rank()` to 'hermitian'.")
solve = _removed(
    " `minigrad.solve` is deprecated in favor of `minigrad.linalg.solve`. `minigrad.linalg.solve` has its "
    "arguments reversed and does not return the LU factorization.\n\nTo get the LU factorization see "
    "`minigrad.lu`, which can be used with `minigrad.lu_solve` or `minigrad.lu_unpack`.\nX = "
    "minigrad.solve(B, A).solution should be replaced with:\nX = minigrad.linalg.solve(A, B)")
lstsq = _removed(
    " `minigrad.lstsq` is deprecated in favor of `minigrad.linalg.lstsq`.\n`minigrad.linalg.lstsq` has "
    "reversed arguments and does not return the QR decomposition in the returned tuple (although "
    "it returns other information about the problem).\n\nTo get the QR decomposition consider "
    "using `minigrad.linalg.qr`.\n\nThe returned solution in `minigrad.lstsq` stored the residuals "
    "of the solution in the last m - n columns of the returned value whenever m > n. In "
    "minigrad.linalg.lstsq, the residuals are in the field 'residuals' of the returned named "
    "tuple.\n\nThe unpacking of the solution, as in\nX, _ = minigrad.lstsq(B, A).solution[:A.size(1)]"
    "\nshould be replaced with:\nX = minigrad.linalg.lstsq(A, B).solution")
symeig = _removed(
    " The default behavior has changed from using the upper triangular portion of the matrix by "
    "default to using the lower triangular portion.\n\nL, _ = minigrad.symeig(A, upper=upper) should "
    "be replaced with:\nL = minigrad.linalg.eigvalsh(A, UPLO='U' if upper else 'L')\n\nand\n\nL, V = "
    "minigrad.symeig(A, eigenvectors=True) should be replaced with:\nL, V = minigrad.linalg.eigh(A, "
    "UPLO='U' if upper else 'L')")
eig = _removed(
    " `minigrad.linalg.eig` returns complex tensors of dtype `cfloat` or `cdouble` rather than real "
    "tensors mimicking complex tensors.\n\nL, _ = minigrad.eig(A) should be replaced with:\nL_complex = "
    "minigrad.linalg.eigvals(A)\n\nand\n\nL, V = minigrad.eig(A, eigenvectors=True) should be replaced "
    "with:\nL_complex, V_complex = minigrad.linalg.eig(A)")
Tensor.solve, Tensor.lstsq, Tensor.symeig, Tensor.eig = solve, lstsq, symeig, eig
triangular_solve = linalg._triangular_solve
Tensor.qr, Tensor.triangular_solve = qr, ops._as_method(triangular_solve)


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
orgqr, ormqr, geqrf = linalg._orgqr, linalg._ormqr, linalg._geqrf
Tensor.orgqr, Tensor.ormqr, Tensor.geqrf = ops._as_method(orgqr), ops._as_method(ormqr), ops._as_method(geqrf)


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
from .nn.functional import conv3d, conv_transpose3d  # noqa: E402  (part conv3d)
from .nn.functional import _aten_max_pool3d as max_pool3d  # noqa: E402


# --- part nnalias: nn.functional's ops under their torch.* names. These are ATen's functions
# (F's wrap them), so they take ATen's arguments: no defaults for dropout's p and train, weight
# before the running statistics in batch_norm, reduction as its enum (0 none, 1 mean, 2 sum).
def _aten(impl, *signatures):
    """torch.<name> of PyTorch's `signatures` strings: the call read by PyTorch's parser on the way
    in (a wrong one gets its TypeError), its values, defaults filled in, handed to impl (F's code
    for the op) in the signature's order; by name when there are several signatures."""
    if len(signatures) == 1:
        bind = _arg_parser.Signature(signatures[0]).bind

        def fn(*args, **kwargs):
            return impl(*bind(args, kwargs))
    else:
        def fn(*args, **kwargs):
            return impl(**_arg_parser.bind(signatures, args, kwargs))
    fn.__name__ = fn.__qualname__ = signatures[0].partition("(")[0]
    return fn


import builtins as _builtins  # noqa: E402
import math as _math  # noqa: E402
from . import _arg_parser  # noqa: E402
from .nn import functional as _F  # noqa: E402
_REDUCTIONS = {0: "none", 1: "mean", 2: "sum"}  # (ATen: any other enum reduces nothing)


def _dropout(name, inplace, feature, alpha):
    return _aten(lambda input, p, train: _F._dropout_impl(
        input, _builtins.float(p), train, inplace, feature, alpha),
        f"{name}(Tensor input, double p, bool train)")


dropout = _dropout("dropout", False, False, False)
dropout_ = _dropout("dropout_", True, False, False)
feature_dropout = _dropout("feature_dropout", False, True, False)
feature_dropout_ = _dropout("feature_dropout_", True, True, False)
alpha_dropout = _dropout("alpha_dropout", False, False, True)
alpha_dropout_ = _dropout("alpha_dropout_", True, False, True)
feature_alpha_dropout = _dropout("feature_alpha_dropout", False, True, True)
feature_alpha_dropout_ = _dropout("feature_alpha_dropout_", True, True, True)


def _native_dropout(input, p, train):
    """torch.native_dropout: (output, mask), the kernel under dropout on GPUs, one node."""
    if input.numel() == 0:
        return input, empty_like(input)
    if train is not False and not 0 <= 1 - p <= 1:
        raise RuntimeError(f"bernoulli_ expects p to be in [0, 1], but got p={1 - p:g}")
    if train is not False and not input.is_floating_point():  # (the mask, of input's dtype,
        raise RuntimeError("result type Float can't be cast to the desired output type "  # is
                           f"{input.dtype._scalar}")  # multiplied in place by 1 / (1 - p))
    return ops.d.native_dropout(input, _builtins.float(p), train, default_generator)


native_dropout = _aten(_native_dropout, "native_dropout(Tensor input, double p, bool? train)")

layer_norm = _aten(
    lambda input, shape, weight, bias, eps, cudnn: _F.layer_norm(input, shape, weight, bias, eps),
    "layer_norm(Tensor input, SymIntArrayRef normalized_shape, Tensor? weight=None, "
    "Tensor? bias=None, double eps=1e-05, bool cudnn_enable=True)")
group_norm = _aten(
    lambda input, groups, weight, bias, eps, cudnn: _F._group_norm(input, groups, weight, bias, eps),
    "group_norm(Tensor input, int64_t num_groups, Tensor? weight=None, Tensor? bias=None, "
    "double eps=1e-05, bool cudnn_enabled=True)")
rms_norm = _aten(_F.rms_norm, "rms_norm(Tensor input, SymIntArrayRef normalized_shape, "
                 "Tensor? weight=None, double? eps=None)")
batch_norm = _aten(lambda *args: _F._batch_norm(*args[:-1]),
                   "batch_norm(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, "
                   "Tensor? running_var, bool training, double momentum, double eps, "
                   "bool cudnn_enabled)")
instance_norm = _aten(lambda *args: _F._instance_norm(*args[:-1]),
                      "instance_norm(Tensor input, Tensor? weight, Tensor? bias, "
                      "Tensor? running_mean, Tensor? running_var, bool use_input_stats, "
                      "double momentum, double eps, bool cudnn_enabled)")
embedding = _aten(_F._embedding, "embedding(Tensor weight, Tensor indices, SymInt padding_idx=-1, "
                  "bool scale_grad_by_freq=False, bool sparse=False)")

convolution = _aten(
    lambda input, weight, bias, stride, padding, dilation, transposed, output_padding, groups:
        _F._convolution_transposed(input, weight, bias, stride, padding, dilation, output_padding,
                                   groups) if transposed else
        _F._convolution(input, weight, bias, stride, padding, dilation, groups, output_padding),
    "convolution(Tensor input, Tensor weight, Tensor? bias, SymIntArrayRef stride, "
    "SymIntArrayRef padding, SymIntArrayRef dilation, bool transposed, "
    "SymIntArrayRef output_padding, SymInt groups)")


def _affine_grid_generator(theta, size, align_corners):
    """torch.affine_grid_generator: the row under F.affine_grid, without F's checks of theta;
    ATen's bmm of the base grid (N, pixels, k) with theta transposed, then its view, speak."""
    if len(size) not in (4, 5):
        raise RuntimeError("AffineGridGenerator needs 4d (spatial) or 5d (volumetric) inputs.")
    n, k, t = size[0], len(size) - 1, theta.transpose(1, 2)
    if t.dim() != 3:
        raise RuntimeError("batch2 must be a 3D tensor")
    if list(t.shape[:2]) != [n, k]:
        raise RuntimeError("Expected size for first two dimensions of batch2 tensor to be: "
                           f"[{n}, {k}] but got: [{t.shape[0]}, {t.shape[1]}].")
    if t.shape[2] != k - 1:
        raise RuntimeError(f"shape '{[n, *size[2:], k - 1]}' is invalid for input of size "
                           f"{t.numel() // k * _math.prod(size[2:])}")
    return ops.d.affine_grid_generator(theta, tuple(size), align_corners)


affine_grid_generator = _aten(_affine_grid_generator, "affine_grid_generator(Tensor theta, "
                              "SymIntArrayRef size, bool align_corners)")


def _at_norm(input, p, dim=None, keepdim=False):
    """ATen's at::norm: the p-norm over dim (NormBackward1), or over everything (NormBackward0)."""
    if not input.is_floating_point():
        raise RuntimeError("norm(): input dtype should be either floating point or complex. Got "
                           f"{input.dtype._scalar} instead.")
    if dim is None:
        return ops.d.norm_p(input, _builtins.float(p))
    dims = ops._given_dims(dim, input.dim())
    return ops.d.norm_p_dim(input, _builtins.float(p), dims or None, keepdim)


def _norm_except_dim(v, pow, dim):
    """torch.norm_except_dim, weight_norm's: the pow-norm of v over every dim but dim, shaped to
    broadcast against v (dim -1: over all). ATen views v as (size(dim), rest) (dim first or last;
    another dim is moved first by a transpose)."""
    if dim == -1:
        return _at_norm(v, pow)
    if dim not in (0, v.dim() - 1):
        return _norm_except_dim(v.transpose(0, dim), pow, 0).transpose(0, dim)
    size = [1] * v.dim()
    size[dim] = v.size(dim)
    rows = v.contiguous().view(v.size(0), -1) if dim == 0 else v.contiguous().view(-1, v.size(dim))
    return _at_norm(rows, pow, [1 if dim == 0 else 0]).view(size)


norm_except_dim = _aten(_norm_except_dim,
                        "norm_except_dim(Tensor v, int64_t pow=2, int64_t dim=0)")


def _frobenius_norm(input, dim, keepdim, out):
    """torch.frobenius_norm: deprecated (it warns once), at::norm(input, 2, dim, keepdim)."""
    _warnings.warn_once(
        "at::frobenius_norm is deprecated and it is just left for JIT compatibility. It will be "
        "removed in a future PyTorch release. Please use `linalg.vector_norm(A, 2., dim, keepdim)` "
        "instead (Triggered internally at "
        "/__w/pytorch/pytorch/aten/src/ATen/native/LinearAlgebra.cpp:3175.)")
    if out is not None:
        raise NotImplementedError("minigrad: frobenius_norm(out=...) is not implemented")
    if len(dim) > 2:
        raise RuntimeError(f"Expected at most 2 dimensions, but got {len(dim)} dimensions instead.")
    return _at_norm(input, 2.0, dim, keepdim)


frobenius_norm = _aten(_frobenius_norm, "frobenius_norm(Tensor input, IntArrayRef[1] dim, "
                       "bool keepdim=False, *, Tensor out=None)")


def _nuclear_norm(input, dim=(-2, -1), keepdim=False, out=None):
    """torch.nuclear_norm: deprecated (it warns once) for linalg.matrix_norm(A, 'nuc', dim, keepdim)."""
    _warnings.warn_once(
        "at::nuclear_norm is deprecated and it is just left for JIT compatibility. It will be "
        "removed in a future PyTorch release. Please use `linalg.matrix_norm(A, 'nuc', dim, "
        "keepdim)` instead (Triggered internally at "
        "/__w/pytorch/pytorch/aten/src/ATen/native/LinearAlgebra.cpp:3229.)")
    if out is not None:
        raise NotImplementedError("minigrad: nuclear_norm(out=...) is not implemented")
    return linalg.matrix_norm(input, "nuc", dim, keepdim)


nuclear_norm = _aten(_nuclear_norm, "nuclear_norm(Tensor input, IntArrayRef[2] dim, "
                     "bool keepdim=False, *, Tensor out=None)",
                     "nuclear_norm(Tensor input, bool keepdim=False, *, Tensor out=None)")
# (the older signature has no padding_idx: it is none, and -1 means the last row only in the newer)
embedding_bag = _aten(
    lambda padding_idx=None, **args: _F._embedding_bag(**args, padding_idx=padding_idx),
    "embedding_bag(Tensor weight, Tensor indices, Tensor offsets, bool scale_grad_by_freq, "
    "int64_t mode, bool sparse, Tensor? per_sample_weights, bool include_last_offset, "
    "int64_t? padding_idx)",
    "embedding_bag(Tensor weight, Tensor indices, Tensor offsets, bool scale_grad_by_freq=False, "
    "int64_t mode=0, bool sparse=False, Tensor? per_sample_weights=None, "
    "bool include_last_offset=False)")

pixel_shuffle = _aten(_F.pixel_shuffle, "pixel_shuffle(Tensor input, int64_t upscale_factor)")
pixel_unshuffle = _aten(_F.pixel_unshuffle,
                        "pixel_unshuffle(Tensor input, int64_t downscale_factor)")
prelu = _aten(_F.prelu, "prelu(Tensor input, Tensor weight)")
hardshrink = _aten(_F.hardshrink, "hardshrink(Tensor input, Scalar lambd=0.5)")
Tensor.prelu, Tensor.hardshrink = ops._as_method(prelu), ops._as_method(hardshrink)
bilinear = _aten(_F.bilinear, "bilinear(Tensor input1, Tensor input2, Tensor weight, "
                 "Tensor? bias=None)")
cosine_similarity = _aten(_F.cosine_similarity, "cosine_similarity(Tensor x1, Tensor x2, "
                          "int64_t dim=1, double eps=1e-08)")
pairwise_distance = _aten(_F.pairwise_distance, "pairwise_distance(Tensor x1, Tensor x2, "
                          "double p=2, double eps=1e-06, bool keepdim=False)")
max_pool1d_with_indices = _aten(
    _F.max_pool1d_with_indices, "max_pool1d_with_indices(Tensor input, IntArrayRef[1] kernel_size, "
    "IntArrayRef[1] stride=None, IntArrayRef[1] padding=0, IntArrayRef[1] dilation=1, "
    "bool ceil_mode=False)")
adaptive_max_pool1d = _aten(
    lambda input, output_size: _F.adaptive_max_pool1d(input, output_size, True),
    "adaptive_max_pool1d(Tensor input, IntArrayRef[1] output_size)")

binary_cross_entropy_with_logits = _aten(
    _F._binary_cross_entropy_with_logits, "binary_cross_entropy_with_logits(Tensor input, "
    "Tensor target, Tensor? weight=None, Tensor? pos_weight=None, "
    "int64_t reduction=at::Reduction::Mean)")
kl_div = _aten(_F._kl_div, "kl_div(Tensor input, Tensor target, "
               "int64_t reduction=at::Reduction::Mean, *, bool log_target=False)")
margin_ranking_loss = _aten(
    _F._margin_ranking_loss, "margin_ranking_loss(Tensor input1, Tensor input2, Tensor target, "
    "double margin=0.0, int64_t reduction=at::Reduction::Mean)")
cosine_embedding_loss = _aten(
    lambda input1, input2, target, margin, reduction: _F.cosine_embedding_loss(
        input1, input2, target, margin, reduction=_REDUCTIONS.get(reduction, "none")),
    "cosine_embedding_loss(Tensor input1, Tensor input2, Tensor target, double margin=0.0, "
    "int64_t reduction=at::Reduction::Mean)")
hinge_embedding_loss = _aten(
    lambda input, target, margin, reduction: _F.hinge_embedding_loss(
        input, target, margin, reduction=_REDUCTIONS.get(reduction, "none")),
    "hinge_embedding_loss(Tensor input, Tensor target, double margin=1.0, "
    "int64_t reduction=at::Reduction::Mean)")
poisson_nll_loss = _aten(
    lambda input, target, log_input, full, eps, reduction: _F.poisson_nll_loss(
        input, target, log_input, full, eps=eps, reduction=_REDUCTIONS.get(reduction, "none")),
    "poisson_nll_loss(Tensor input, Tensor target, bool log_input, bool full, double eps, "
    "int64_t reduction)")
triplet_margin_loss = _aten(
    _F._triplet_margin_loss, "triplet_margin_loss(Tensor anchor, Tensor positive, "
    "Tensor negative, double margin=1.0, double p=2, double eps=1e-06, bool swap=False, "
    "int64_t reduction=at::Reduction::Mean)")


# --- part numfns: the native norms, the ops under F's norms: (output, mean, rstd) from one node ---
def _native_layer_norm(input, normalized_shape, weight, bias, eps):
    """torch.native_layer_norm: layer_norm's output, and each sample's mean and rstd (shaped to
    broadcast against input: the normalized dims kept as 1), which get no gradient."""
    shape = _F._check_normalized_shape("layer_norm", input, normalized_shape, weight, bias)
    _F._check_norm_dtypes("LayerNormKernelImpl", input, (weight, bias))
    return ops.d.native_layer_norm(input, tuple(shape), weight, bias, _builtins.float(eps))


def _native_group_norm(input, weight, bias, N, C, HxW, group, eps):
    """torch.native_group_norm: N, C and HxW must describe input's size."""
    if input.numel() != N * C * HxW:
        raise RuntimeError("Expected X.numel() == N * C * HxW to be true, but got false.  (Could "
                           "this error message be improved?  If so, please report an enhancement "
                           "request to PyTorch.)")
    return _F._native_group_norm(input, weight, bias, N, C, HxW, group, _builtins.float(eps))


native_layer_norm = _aten(_native_layer_norm, "native_layer_norm(Tensor input, SymIntArrayRef "
                          "normalized_shape, Tensor? weight, Tensor? bias, double eps)")
def _native_batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps):
    """torch.native_batch_norm: batch_norm's output, with the batch's mean and invstd per
    channel when training (else empty tensors); the running statistics move as batch_norm's."""
    if (running_mean is None) != (running_var is None):
        raise ValueError("running_mean and running_var must either both be None or neither be None")
    return _F._native_batch_norm(input, weight, bias, running_mean, running_var, training,
                                 momentum, eps)


native_batch_norm = _aten(_native_batch_norm, "native_batch_norm(Tensor input, Tensor? weight, "
                          "Tensor? bias, Tensor? running_mean, Tensor? running_var, bool training, "
                          "double momentum, double eps)")
native_group_norm = _aten(_native_group_norm, "native_group_norm(Tensor input, Tensor? weight, "
                          "Tensor? bias, SymInt N, SymInt C, SymInt HxW, int64_t group, double eps)")

# --- part newfns2: torch.segment_reduce, the checks of ATen's segment_reduce_kernel -------------
_SEGMENT_REDUCTIONS = {"sum": "sum", "prod": "prod", "mean": "mean", "max": "max", "amax": "max",
                       "min": "min", "amin": "min"}  # (ATen's get_reduction_enum)


def _segment_reduce(data, reduce, lengths, indices, offsets, axis, unsafe, initial):
    """torch.segment_reduce: offsets are used when given, else lengths (which must then cover
    the axis exactly, unless unsafe); segments run along axis, the last dim of lengths/offsets."""
    axis = ops._wrap_dim(axis, data.dim())
    if indices is not None:
        raise RuntimeError("segment_reduce(): indices based reduction is not supported yet.")
    if lengths is None and offsets is None:
        raise RuntimeError("segment_reduce(): Either lengths or offsets must be defined.")
    if reduce not in _SEGMENT_REDUCTIONS:
        raise RuntimeError(f"reduce argument must be either sum, prod, mean, amax or amin, got "
                           f"{reduce}")
    kind, bounds = ("offsets", offsets) if offsets is not None else ("lengths", lengths)
    if data.dim() < bounds.dim():
        raise RuntimeError(f"Expected data.dim() >= {kind}_value.dim() to be true, but got false.  "
                           "(Could this error message be improved?  If so, please report an "
                           "enhancement request to PyTorch.)")
    if axis != bounds.dim() - 1:
        raise RuntimeError(f"segment_reduce(): Expected axis to be the last dimension of {kind} "
                           f"but got {axis}.")
    if offsets is None and not unsafe:
        if lengths.min() < 0:  # (an empty lengths gets min()'s error)
            raise RuntimeError("lengths contains negative value!")
        if not (lengths._data.sum(-1) == data.shape[axis]).all():
            raise RuntimeError("segment_reduce(): Expected all rows of lengths along axis to sum "
                               "to data.size(lengths.dim()-1) when !unsafe.")
    if bounds.dtype not in (int32, int64):
        raise NotImplementedError(f"\"_segment_reduce_{kind}_cpu_kernel1\" not implemented for "
                                  f"'{bounds.dtype._scalar}'")
    if not data.is_floating_point():
        raise NotImplementedError(f"\"_segment_reduce_cpu\" not implemented for "
                                  f"'{data.dtype._scalar}'")
    return ops.d.segment_reduce(data, _SEGMENT_REDUCTIONS[reduce], lengths, offsets, axis, unsafe,
                                initial)


segment_reduce = _aten(_segment_reduce, "segment_reduce(Tensor data, c10::string_view reduce, *, "
                       "Tensor? lengths=None, Tensor? indices=None, Tensor? offsets=None, "
                       "int64_t axis=0, bool unsafe=False, Scalar? initial=None)")


def _batch_norm_update_stats(input, running_mean, running_var, momentum):
    """torch.batch_norm_update_stats: the batch's mean and biased variance per channel (no
    derivative); the running statistics given (one, both or none) move as in batch_norm."""
    _F._check_norm_dtypes("batch_norm_update_stats_cpu", input, (running_mean, running_var))
    input.size(1)  # (input has a channel dim, or PyTorch's IndexError)
    if not input.numel():
        raise RuntimeError(f"input tensor must have at least one element, but got input_sizes = "
                           f"{list(input.shape)}")
    _F._update_running_stats(input, running_mean, running_var, _builtins.float(momentum))
    return ops.d.batch_norm_update_stats(input, running_mean, running_var, momentum)


batch_norm_update_stats = _aten(_batch_norm_update_stats, "batch_norm_update_stats(Tensor input, "
                                "Tensor? running_mean, Tensor? running_var, double momentum)")


def constant_pad_nd(input, pad, value=0):
    """torch.constant_pad_nd, the op under F.pad(mode='constant'): negative pads crop."""
    return nn.functional.pad(input, pad, value=value)


_RNN_FUNCTIONS = ("gru", "gru_cell", "lstm", "lstm_cell", "rnn_relu", "rnn_relu_cell", "rnn_tanh",
                  "rnn_tanh_cell")  # (ATen's recurrent ops, in nn/modules/rnn.py)


def __getattr__(name):
    """minigrad.optim, .testing, .func and .distributions, and the recurrent ops that live with
    nn's Modules, are read on first use (PEP 562), so that `import minigrad` need not read a dozen
    optimizer files and nn/modules/: the import stays quick, and minigrad.optim.SGD works as
    torch.optim.SGD."""
    if name in ("optim", "testing", "func", "distributions"):
        return _importlib.import_module("." + name, __name__)
    if name == "vmap":  # (torch.vmap is torch.func.vmap)
        return _importlib.import_module(".func", __name__).vmap
    if name in _RNN_FUNCTIONS:
        value = globals()[name] = getattr(_importlib.import_module(".nn.modules.rnn", __name__), name)
        return value
    raise AttributeError(f"module 'minigrad' has no attribute '{name}'")


def __dir__():
    return sorted({*globals(), "optim", "testing", "func", "distributions", "vmap", *_RNN_FUNCTIONS})


from . import _arg_parser  # noqa: E402
_arg_parser.apply(globals(), Tensor)  # PyTorch's argument errors for what was set here too


# --- part ctc: torch.ctc_loss, ATen's two overloads (lengths as lists of ints or as tensors) ----
ctc_loss = _aten(_F._ctc_loss_impl, *(
    f"ctc_loss(Tensor log_probs, Tensor targets, {kind} input_lengths, {kind} target_lengths, "
    "int64_t blank=0, int64_t reduction=at::Reduction::Mean, bool zero_infinity=False)"
    for kind in ("IntArrayRef", "Tensor")))


# --- part ctcmisc: global switches (beside get_num_threads/set_num_threads, set_default_dtype) ---
from ._warnings import is_warn_always_enabled, set_warn_always  # noqa: E402
from .ops import (are_deterministic_algorithms_enabled, get_default_device,  # noqa: E402
                  get_deterministic_debug_mode, get_float32_matmul_precision,
                  get_num_interop_threads, is_deterministic_algorithms_warn_only_enabled,
                  is_storage, set_default_device, set_default_tensor_type,
                  set_deterministic_debug_mode, set_float32_matmul_precision, set_flush_denormal,
                  set_num_interop_threads, use_deterministic_algorithms)
from .ops import (autocast_decrement_nesting, autocast_increment_nesting,  # noqa: E402
                  clear_autocast_cache, is_autocast_cache_enabled, is_autocast_cpu_enabled,
                  is_autocast_enabled, is_autocast_ipu_enabled, is_autocast_xla_enabled,
                  set_autocast_cache_enabled)

# PyTorch's C functions of no argument or one: CPython words their bad calls (keywords too)
for _name, _nargs in (("get_default_dtype", 0), ("get_num_threads", 0), ("is_grad_enabled", 0),
                      ("get_num_interop_threads", 0), ("is_anomaly_enabled", 0),
                      ("is_anomaly_check_nan_enabled", 0), ("is_inference_mode_enabled", 0),
                      ("set_num_threads", 1), ("set_num_interop_threads", 1),
                      ("set_flush_denormal", 1), ("is_autocast_cpu_enabled", 0),
                      ("is_autocast_ipu_enabled", 0), ("is_autocast_xla_enabled", 0),
                      ("is_autocast_cache_enabled", 0), ("set_autocast_cache_enabled", 1),
                      ("clear_autocast_cache", 0), ("autocast_increment_nesting", 0),
                      ("autocast_decrement_nesting", 0)):
    globals()[_name] = _arg_parser.c_function(globals()[_name], f"minigrad.{_name}", _nargs)
from_numpy = _arg_parser.c_function(from_numpy, "minigrad._VariableFunctionsClass.from_numpy", 1)
del _name, _nargs
