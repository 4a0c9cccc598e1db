"""minigrad.linalg: the norms of torch.linalg.

A vector norm is one op (LinalgVectorNormBackward0, the row Tensor.norm uses too). Matrix norms
are built from it as PyTorch builds them: 'fro' is the vector 2-norm over the two dims; 1 and
inf are the largest column (row) sum of |A|, -1 and -inf the smallest; 2, -2 and 'nuc' the
largest, smallest and sum of the singular values (svdvals). inv is NumPy's, with
PyTorch's errors: a singular matrix is reported by the first zero pivot of its LU factorization.
solve is NumPy's too; det and slogdet come from an LU factorization as PyTorch's do, and their
gradients are solves (at a singular matrix, det's gradient of gradient goes through the SVD).
cross is NumPy's cross product; its gradients are cross products again.
The decompositions (svd, eigh, qr, cholesky) are NumPy's LAPACK calls, as PyTorch makes them:
each is ONE node for all its outputs, with PyTorch's backward formulas written in minigrad ops.
Singular vectors and eigenvectors are fixed only up to sign; NumPy's LAPACK (OpenBLAS) and
PyTorch's (MKL) sometimes pick opposite ones, so a loss should not depend on those signs.
The _ex variants return LAPACK's info instead of raising (a singular or non-positive-definite
matrix then gives what LAPACK leaves: inf and nan, a partial factor); ldl_factor and
householder_product follow LAPACK's sytf2 and org2r step by step, pivots included.
"""
import math
import numbers

import numpy as np

from . import _arg_parser, _warnings, derivatives as d, ops as _ops, return_types
from .ops import _REQUIRED, _bool_arg, _dims, _tensor_arg, _tensor_elements, _type_name
from .autograd.function import _broadcast_shape
from .tensor import _wrap_dim


def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None):
    """(sum |x|^ord)^(1/ord) over dim (all of x for None or ()); inf and -inf: max and min |x|."""
    if not isinstance(ord, numbers.Number):
        raise TypeError(f"linalg_vector_norm(): argument 'ord' (position 2) must be Number, not "
                        f"{_type_name(ord)}")
    _bool_arg("linalg_vector_norm", "keepdim", keepdim)  # (the parser words a call's error)
    if not x.is_floating_point():
        raise RuntimeError("linalg.vector_norm: Expected a floating point or complex tensor as "
                           f"input. Got {x.dtype._scalar}")
    if dtype is not None and dtype.np.kind != "f":
        raise RuntimeError("linalg.vector_norm: dtype should be floating point or complex, but got "
                           f"{dtype._scalar}")
    dims = None if dim is None or dim == () or dim == [] else _dims(dim, x.dim())
    if ord < 0 or math.isinf(ord):
        reduced = x.shape if dims is None else [x.shape[i] for i in dims]
        if 0 in reduced:
            raise RuntimeError(f"linalg.vector_norm cannot compute the {ord:g} norm on an empty "
                               "tensor because the operation does not have an identity")
    return d.norm(x, ord, None if dims is None else _ops._given_dims(dim, x.dim()), keepdim, dtype)


def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None):
    """The norm of the matrices in the (dim[0], dim[1]) planes."""
    _bool_arg("linalg_matrix_norm", "keepdim", keepdim)
    if A.dim() < 2:
        raise RuntimeError("linalg.matrix_norm: The input tensor A must have at least 2 dimensions.")
    if not isinstance(dim, (tuple, list)) or len(dim) != 2:
        raise RuntimeError("linalg.matrix_norm: dim must be a 2-tuple. Got "
                           + " ".join(str(x) for x in (dim if isinstance(dim, (tuple, list)) else [dim])))
    d0, d1 = (_wrap_dim(x, A.dim()) for x in dim)
    if d0 == d1:
        raise RuntimeError(f"linalg.matrix_norm: dims must be different. Got ({d0}, {d1})")
    if ord == "fro":
        return vector_norm(A, 2, (d0, d1), keepdim, dtype=dtype)
    if ord in (2, -2, "nuc"):  # (part svd)
        if not A.is_floating_point():
            raise RuntimeError("linalg.matrix_norm: Expected a floating point or complex tensor "
                               f"as input. Got {A.dtype._scalar}")
        return _spectral_norm(A, ord, d0, d1, keepdim, dtype)
    if ord not in (1, -1, math.inf, -math.inf):
        raise RuntimeError(f"linalg.matrix_norm: Order {ord} not supported.")
    if math.isinf(ord):  # the inf norm is the 1 norm of the transpose
        d0, d1 = d1, d0
    if not keepdim and d0 < d1:  # the first reduction removes a dim in front of d1
        d1 -= 1
    sums = vector_norm(A, 1.0, d0, keepdim, dtype=dtype)
    return (sums.amax if ord > 0 else sums.amin)(d1, keepdim)


def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):
    """A vector norm (dim an int, or A flattened when neither ord nor dim is given) or a matrix
    norm (dim a pair, or a 2-D A with an ord)."""
    _bool_arg("linalg_norm", "keepdim", keepdim)
    if isinstance(ord, str):
        return matrix_norm(A, ord, (-2, -1) if dim is None else dim, keepdim, dtype=dtype)
    if isinstance(dim, numbers.Integral):
        dim = (dim,)
    if dim is not None:
        if len(dim) == 1:
            return vector_norm(A, 2 if ord is None else ord, dim, keepdim, dtype=dtype)
        return matrix_norm(A, "fro" if ord is None else ord, dim, keepdim, dtype=dtype)
    if ord is None:
        return vector_norm(A, 2, None, keepdim, dtype=dtype)
    if A.dim() == 2:
        return matrix_norm(A, ord, (-2, -1), keepdim, dtype=dtype)
    if A.dim() != 1:
        raise RuntimeError("linalg.norm: If dim is not specified but ord is, the input must be 1D "
                           f"or 2D. Got {A.dim()}D.")
    return vector_norm(A, ord, None, keepdim, dtype=dtype)



class _LinAlgError(RuntimeError):
    """A matrix the operation cannot handle (singular for inv); PyTorch's class has this name."""


LinAlgError = _LinAlgError


def _check_dims_square(name, A):
    """PyTorch's squareCheckInputs: at least 2 dims, square matrices (no dtype check)."""
    if A.dim() < 2:
        raise RuntimeError(f"{name}: The input tensor A must have at least 2 dimensions.")
    if A.shape[-1] != A.shape[-2]:
        raise RuntimeError(f"{name}: A must be batches of square matrices, but they are "
                           f"{A.shape[-2]} by {A.shape[-1]} matrices")


def _check_square(name, A):
    """squareCheckInputs, then a floating dtype (what most of linalg also checks)."""
    _check_dims_square(name, A)
    if not A.is_floating_point():
        raise RuntimeError(f"{name}: Expected a floating point or complex tensor as input. "
                           f"Got {A.dtype._scalar}")


def _first_zero_pivot(A):
    """(b, k): the first matrix of the batch A whose LU factorization (LAPACK's getrf) meets a
    zero pivot, and where (1-based): the numbers PyTorch's singular-matrix errors give."""
    info = d._getrf(A._data)[2].reshape(-1)
    b = int(np.flatnonzero(info)[0])
    return b, int(info[b])


def inv(A):
    """The inverse of each square matrix in A (LinalgInvExBackward0, gradient -A^-T grad A^-T)."""
    _tensor_arg("linalg_inv", "A", 1, A)
    return _inv_ex("linalg.inv", A, True)[0]


def _inv_unchecked(A):
    """linalg.inv's out= kernel, linalg_inv_ex's: out gets a singular matrix's inverse (its infs
    and nans) before inv's check (_inv_check) refuses it."""
    return _inv_ex("linalg.inv", A, False)[0]


def _inv_check(A):
    _inv_ex("linalg.inv", A, True)


def inv_ex(A=_REQUIRED, *args, check_errors=False):
    """(inverse, info): info is LAPACK's, the first zero pivot of each matrix's LU factorization
    (0: invertible); a singular matrix's inverse then holds the inf and nan LAPACK's solve gives."""
    _positional("linalg_inv_ex", args, 1)
    _tensor_arg("linalg_inv_ex", "A", 1, A)
    _bool_arg("linalg_inv_ex", "check_errors", check_errors)
    return return_types.linalg_inv_ex(*_inv_ex("linalg.inv_ex", A, check_errors))


def _inv_ex(name, A, check_errors):
    _check_square("linalg.inv" if name == "linalg.inv_ex" else name, A)
    inverse, info = d.linalg_inv(A)
    if check_errors and info._data.any():
        b = int(np.flatnonzero(info._data)[0])
        where = f"(Batch element {b}): " if A.dim() > 2 else ""
        raise _LinAlgError(f"{name}: {where}The diagonal element {info._data.flat[b]} is "
                           "zero, the inversion could not be completed because the input matrix is "
                           "singular.")
    return inverse, info


# --- part einsum: solve and det ---------------------------------------------------------------
def _singular(name, A, info):
    """PyTorch's error for a singular matrix: the first one of the batch, if A is a batch."""
    b = int(np.flatnonzero(info)[0])
    where = f"(Batch element {b}): " if A.dim() > 2 else ""
    return _LinAlgError(f"minigrad.linalg.{name}: {where}The solver failed because the input matrix "
                        "is singular.")


def solve(A, B, *args, left=True):
    """X with A X = B (X A = B when not left), for each square matrix in A; batches broadcast.
    B may be a vector (one column). LinalgSolveExBackward0: PyTorch records linalg_solve_ex."""
    return _solve_ex("linalg_solve", A, B, args, left, True)[0]


def solve_ex(A=_REQUIRED, B=_REQUIRED, *args, left=True, check_errors=False):
    """(result, info): info is LAPACK's, the first zero pivot of A's LU factorization (0: A is
    invertible); for a singular A, result holds the inf and nan LAPACK's solve gives."""
    _bool_arg("linalg_solve_ex", "check_errors", check_errors)
    result, _, _, info = _solve_ex("linalg_solve_ex", A, B, args, left, check_errors)
    return return_types.linalg_solve_ex(result, info)


def _solve_ex(fn, A, B, args, left, check_errors):
    if args:
        raise TypeError(f"{fn}() takes 2 positional arguments but {2 + len(args)} were given")
    _tensor_arg(fn, "A", 1, A)
    _tensor_arg(fn, "B", 2, B)
    if left.__class__ is not bool:
        raise TypeError(f"{fn}(): argument 'left' must be bool, not {_type_name(left)}")
    if A.dtype != B.dtype:
        raise RuntimeError("linalg.solve: Expected A and B to have the same dtype, but found A of "
                           f"type {A.dtype._scalar} and B of type {B.dtype._scalar} instead")
    _check_square("linalg.solve", A)
    shape = B.shape + (1,) if d._is_vector_rhs(A.shape, B.shape) else B.shape
    if len(shape) < 2:
        raise RuntimeError("linalg.solve: The input tensor B must have at least 2 dimensions.")
    if shape[-2 if left else -1] != A.shape[-1]:
        raise RuntimeError(f"linalg.solve: Incompatible shapes of A and B for the equation "
                           f"{'AX = B' if left else 'XA = B'} ({A.shape[-2]}x{A.shape[-1]} and "
                           f"{shape[-2]}x{shape[-1]})")
    _broadcast_shape(shape[:-2], A.shape[:-2])
    out = d.linalg_solve(A, B, left)
    if check_errors and out[3]._data.any():
        raise _singular(fn[7:], A, out[3]._data)
    return out


def det(A):
    """The determinant of each square matrix in A (LinalgDetBackward0)."""
    _tensor_arg("linalg_det", "A", 1, A)
    _check_square("linalg.det", A)
    return d.linalg_det(A)[0]


def slogdet(A):
    """(sign, log|det|) of each square matrix in A, both outputs of LinalgSlogdetBackward0."""
    _tensor_arg("linalg_slogdet", "A", 1, A)
    _check_square("linalg.slogdet", A)
    return return_types.linalg_slogdet(*d.linalg_slogdet(A)[:2])



def cross(input, other, *, dim=-1):
    """The cross product of the 3-vectors along dim (the other dims broadcast): LinalgCrossBackward0."""
    return _cross("linalg_cross", input, other, dim)


def _cross(name, input, other, dim):
    _tensor_arg(name, "input", 1, input)
    _tensor_arg(name, "other", 2, other)
    if not isinstance(dim, numbers.Integral) or isinstance(dim, bool):
        raise TypeError(f"{name}(): argument 'dim' must be int, not {_type_name(dim)}")
    if input.dim() != other.dim():
        raise RuntimeError("linalg.cross: inputs must have the same number of dimensions.")
    d_ = _wrap_dim(dim, input.dim())
    if input.shape[d_] != 3 or other.shape[d_] != 3:
        raise RuntimeError(f"linalg.cross: inputs dimension {dim} must have length 3. Got "
                           f"{input.shape[d_]} and {other.shape[d_]}")
    _broadcast_shape(input.shape, other.shape)
    if input.dtype != other.dtype:
        raise RuntimeError(f"expected scalar type {input.dtype._scalar} but found {other.dtype._scalar}")
    if input.dtype._scalar == "Bool":
        raise NotImplementedError("\"cross\" not implemented for 'Bool'")
    return d.linalg_cross(input, other, d_)


# --- part svd: singular values, the spectral norms, symmetric eigenvalues ---------------------
def _check_matrix(name, A, what="A"):
    if A.dim() < 2:
        raise RuntimeError(f"{name}: The input tensor {what} must have at least 2 dimensions.")
    if not A.is_floating_point():
        raise RuntimeError(f"{name}: Expected a floating point or complex tensor as input. "
                           f"Got {A.dtype._scalar}")


def _finite(name, A):
    """A single matrix with nan or inf is an error in PyTorch; in a batch, its results are nan."""
    if A.dim() == 2 and not np.isfinite(A._data).all():
        raise _LinAlgError(f"{name}: The algorithm failed to converge because the input matrix "
                           "contained non-finite values.")


def svd(A, full_matrices=True, *, driver=None):
    """A = U diag(S) Vh, S descending, for each matrix of A: one LinalgSvdBackward0 node for the
    three outputs. full_matrices=False keeps only the k = min(m, n) columns of U (rows of Vh)."""
    _tensor_arg("linalg_svd", "A", 1, A)
    if full_matrices.__class__ is not bool:
        raise TypeError("linalg_svd(): argument 'full_matrices' must be bool, not "
                        f"{_type_name(full_matrices)}")
    _check_matrix("linalg.svd", A)
    _finite("linalg.svd", A)
    return return_types.linalg_svd(*d.linalg_svd(A, full_matrices))


def svdvals(A, *, driver=None):
    """The singular values alone. With a gradient to find, PyTorch computes U and Vh too (the
    gradient U diag(gS) Vh needs them): output 1 of LinalgSvdBackward0."""
    _tensor_arg("linalg_svdvals", "A", 1, A)
    _check_matrix("linalg.svd", A)
    # (nan or inf give nan here: no error; a tangent needs U and Vh as a gradient does)
    if d.grad_mode._enabled and A.requires_grad or A._fw_grad is not None:
        return d.linalg_svd(A, False)[1]
    return d.linalg_svd(A, False, False)[1]


def _spectral_norm(A, ord, d0, d1, keepdim, dtype):
    """PyTorch's 2, -2 and 'nuc' matrix norms: the two dims moved to the back, the singular
    values, then their max, min or sum; keepdim puts two size-1 dims back where they were."""
    if dtype is not None:
        A = A.to(dtype)
    perm = [i for i in range(A.dim()) if i not in (d0, d1)] + [d0, d1]
    S = svdvals(A.permute(perm))
    result = S.sum(-1, keepdim) if ord == "nuc" else (S.amax if ord > 0 else S.amin)(-1, keepdim)
    if keepdim:
        result = result.unsqueeze(-1).permute([perm.index(i) for i in range(A.dim())])
    return result


def _check_symmetric(name, A):
    if A.dim() >= 2 and A.shape[-1] == A.shape[-2] and not A.is_floating_point():
        raise NotImplementedError(f'"linalg_eigh_cpu" not implemented for \'{A.dtype._scalar}\'')
    _check_square("linalg.eigh", A)


def _check_uplo(UPLO):
    if UPLO not in ("L", "U", "l", "u"):
        raise RuntimeError(f"Expected UPLO argument to be 'L' or 'U', but got {UPLO}")
    return UPLO.upper()


def eigh(A, UPLO="L"):
    """The eigenvalues (ascending) and orthonormal eigenvectors of symmetric matrices, read from
    the lower (UPLO='L') or upper triangle alone: the other one is never looked at."""
    _tensor_arg("linalg_eigh", "input", 1, A)
    _check_symmetric("linalg.eigh", A)
    return return_types.linalg_eigh(*d.linalg_eigh(A, _check_uplo(UPLO)))


def eigvalsh(A, UPLO="L"):
    """The eigenvalues alone; with a gradient to find, the eigenvectors too (output 0 of
    LinalgEighBackward0: the gradient V diag(gL) V^T needs them)."""
    _tensor_arg("linalg_eigvalsh", "input", 1, A)
    _check_symmetric("linalg.eigh", A)
    UPLO = _check_uplo(UPLO)
    if d.grad_mode._enabled and A.requires_grad or A._fw_grad is not None:  # (or a tangent)
        return d.linalg_eigh(A, UPLO)[0]
    return d.linalg_eigh(A, UPLO, False)[0]


def solve_triangular(A, B, *args, upper=None, left=True, unitriangular=False):
    """X with A X = B (X A = B when not left) for triangular A: only A's upper (lower) triangle
    is read. LinalgSolveTriangularBackward0."""
    if args:
        raise TypeError("linalg_solve_triangular() takes 2 positional arguments but "
                        f"{2 + len(args)} were given")
    if upper is None:
        raise TypeError('linalg_solve_triangular() missing 1 required positional arguments: "upper"')
    _tensor_arg("linalg_solve_triangular", "input", 1, A)
    _tensor_arg("linalg_solve_triangular", "B", 2, B)
    for argname, value in (("upper", upper), ("left", left), ("unitriangular", unitriangular)):
        _bool_arg("linalg_solve_triangular", argname, value)
    _check_square("linalg.solve_triangular", A)
    if B.dim() < 2:
        raise RuntimeError("linalg.solve_triangular: The input tensor B must have at least 2 "
                           "dimensions.")
    if B.shape[-2 if left else -1] != A.shape[-1]:
        raise RuntimeError("linalg.solve_triangular: Incompatible shapes of A and B for the "
                           f"equation {'AX = B' if left else 'XA = B'} ({A.shape[-2]}x{A.shape[-1]} and "
                           f"{B.shape[-2]}x{B.shape[-1]})")
    _broadcast_shape(A.shape[:-2], B.shape[:-2])
    return d.linalg_solve_triangular(A, B, upper, left, unitriangular)


def cholesky(A, *, upper=False):
    """L with A = L L^T (upper: U with A = U^T U) for symmetric positive-definite A."""
    _tensor_arg("linalg_cholesky", "input", 1, A)
    return _cholesky_ex("linalg.cholesky", A, upper, True)[0]


def cholesky_ex(A=_REQUIRED, *args, upper=False, check_errors=False):
    """(L, info): info is LAPACK's, the order of the first leading minor that is not
    positive-definite (0: none); L is then potrf's partial factor."""
    _positional("linalg_cholesky_ex", args, 1)
    _tensor_arg("linalg_cholesky_ex", "input", 1, A)
    _bool_arg("linalg_cholesky_ex", "upper", upper)
    _bool_arg("linalg_cholesky_ex", "check_errors", check_errors)
    return return_types.linalg_cholesky_ex(*_cholesky_ex("linalg.cholesky_ex", A, upper, check_errors))


def _cholesky_ex(name, A, upper, check_errors):
    _check_square("linalg.cholesky", A)
    L, info = d.linalg_cholesky(A, upper)
    if check_errors:
        _check_positive_definite(name, A, info._data)
    return L, info


def _check_positive_definite(name, A, info):
    """PyTorch's error for the first matrix of A that is not positive-definite (info: potrf's)."""
    if info.any():
        b = int(np.flatnonzero(info)[0])
        where = f"(Batch element {b}): " if A.dim() > 2 else ""
        raise _LinAlgError(f"{name}: {where}The factorization could not be completed because the "
                           "input is not positive-definite (the leading minor of order "
                           f"{info.flat[b]} is not positive-definite).")




def qr(A, mode="reduced"):
    """A = Q R, Q with orthonormal columns, R upper triangular (LAPACK's Householder signs:
    R's diagonal may be negative). 'complete': Q square; 'r': R alone, Q empty."""
    _tensor_arg("linalg_qr", "A", 1, A)
    if mode not in ("reduced", "complete", "r"):
        raise RuntimeError(f"qr received unrecognized mode '{mode}' but expected one of 'reduced' "
                           "(default), 'r', or 'complete'")
    _check_matrix("linalg.qr", A)
    return return_types.linalg_qr(*d.linalg_qr(A, mode))


def pinv(A, *, atol=None, rtol=None, hermitian=False):
    """The pseudo-inverse, from the SVD (eigh when hermitian), small singular values dropped:
    one op, LinalgPinvBackward0, with PyTorch's pinv_backward."""
    _tensor_arg("linalg_pinv", "input", 1, A)
    _bool_arg("linalg_pinv", "hermitian", hermitian)
    if A.dim() < 2 or not A.is_floating_point():
        raise RuntimeError(f"linalg.pinv({A.dtype._scalar}{{{list(A.shape)}}}): expected a tensor "
                           "with 2 or more dimensions of float, double, cfloat or cdouble types")
    return d.linalg_pinv(A, atol, rtol, hermitian)


def matrix_rank(A, *, atol=None, rtol=None, hermitian=False):
    """How many singular values (|eigenvalues|, when hermitian) are above max(atol, rtol * the
    largest); the default tolerances as pinv's. An int64 count: no gradient."""
    _tensor_arg("linalg_matrix_rank", "input", 1, A)
    _bool_arg("linalg_matrix_rank", "hermitian", hermitian)
    if A.dim() < 2:
        raise RuntimeError("minigrad.linalg.matrix_rank: The input tensor input must have at least 2 "
                           "dimensions.")
    if not A.is_floating_point():
        raise RuntimeError("This function doesn't handle types other than float and double")
    S = (eigvalsh(A.detach()).abs() if hermitian else svdvals(A.detach()))._data
    m, n = A.shape[-2:]
    if rtol is None:
        rtol = 0.0 if atol is not None and atol > 0 else np.finfo(S.dtype).eps * max(m, n)
    tol = np.maximum(atol or 0.0, rtol * S.max(-1, keepdims=True, initial=0.0))
    return d.Tensor._make((S > tol).sum(-1).astype(np.int64))


# --- part linalg2: the LU factorization and its solves ------------------------------------------
def _positional(name, args, allowed):
    if args:
        raise TypeError(f"{name}() takes {allowed} positional argument{'s' if allowed > 1 else ''} "
                        f"but {allowed + len(args)} were given")


def _lu_checks(name, A, pivot):
    """PyTorch's checks before getrf: a (batch of) matrices of floats, and pivoting (LU without
    it is cuSOLVER's, on CUDA only)."""
    if A.dim() < 2:
        raise RuntimeError(f"{name}: Expected tensor with 2 or more dimensions. Got size: "
                           f"{list(A.shape)} instead")
    if not pivot:
        raise RuntimeError("linalg.lu_factor: LU without pivoting is not implemented on the CPU")
    if not A.is_floating_point():
        raise NotImplementedError(f"\"lu_cpu\" not implemented for '{A.dtype._scalar}'")


def _check_lu_info(name, A, info):
    """lu_factor's error for a singular matrix: U's first zero diagonal entry would divide."""
    if info._data.any():
        b, k = _first_zero_pivot(A)
        where = f"(Batch element {b}): " if A.dim() > 2 else ""
        raise RuntimeError(f"{name}: {where}U[{k},{k}] is zero and using it on lu_solve would "
                           "result in a division by zero. If you still want to perform the "
                           "factorization, consider calling linalg.lu(A, pivot) or "
                           "linalg.lu_factor_ex(A, pivot)")


def lu_factor_ex(A=_REQUIRED, *args, pivot=True, check_errors=False):
    """A = P L U, packed as LAPACK's getrf gives it: LU holds L below the diagonal (its unit
    diagonal implied) and U on and above; pivots (1-based, int32): row k was swapped with row
    pivots[k]; info: the first zero on U's diagonal (0: none). One LinalgLuFactorExBackward0 node:
    pivots and info have no gradient."""
    _positional("linalg_lu_factor_ex", args, 1)
    _tensor_arg("linalg_lu_factor_ex", "A", 1, A)
    _bool_arg("linalg_lu_factor_ex", "pivot", pivot)
    _lu_checks("minigrad.lu_factor", A, pivot)
    LU, pivots, info = d.linalg_lu_factor_ex(A, pivot)
    if check_errors:
        _check_lu_info("minigrad.linalg.lu_factor_ex", A, info)
    return return_types.linalg_lu_factor_ex(LU, pivots, info)


def lu_factor(A=_REQUIRED, *args, pivot=True):
    """lu_factor_ex without info: a singular matrix is an error (lu_solve would divide by zero)."""
    _positional("linalg_lu_factor", args, 1)
    _tensor_arg("linalg_lu_factor", "A", 1, A)
    _bool_arg("linalg_lu_factor", "pivot", pivot)
    _lu_checks("minigrad.lu_factor", A, pivot)
    LU, pivots, info = d.linalg_lu_factor_ex(A, pivot)
    _check_lu_info("minigrad.linalg.lu_factor", A, info)
    return return_types.linalg_lu_factor(LU, pivots)


def lu(A=_REQUIRED, *args, pivot=True):
    """A = P L U unpacked: P a permutation matrix (no gradient), L unit lower triangular (m x k),
    U upper triangular (k x n), k = min(m, n). Singular matrices are fine. LinalgLuBackward0."""
    _positional("linalg_lu", args, 1)
    _tensor_arg("linalg_lu", "A", 1, A)
    _bool_arg("linalg_lu", "pivot", pivot)
    _lu_checks("linalg.lu", A, pivot)
    return return_types.linalg_lu(*d.linalg_lu(A, pivot))


def lu_solve(LU=_REQUIRED, pivots=_REQUIRED, B=_REQUIRED, *args, left=True, adjoint=False):
    """X with A X = B from A's lu_factor (A^T X = B when adjoint; X A = B when not left): a row
    permutation and two triangular solves. LU and B broadcast over batches."""
    _positional("linalg_lu_solve", args, 3)
    _tensor_arg("linalg_lu_solve", "LU", 1, LU)
    _tensor_arg("linalg_lu_solve", "pivots", 2, pivots)
    _tensor_arg("linalg_lu_solve", "B", 3, B)
    _bool_arg("linalg_lu_solve", "left", left)
    _bool_arg("linalg_lu_solve", "adjoint", adjoint)
    _check_square("minigrad.linalg.lu_solve", LU)
    if LU.dtype != B.dtype:
        raise RuntimeError("linalg.lu_solve: Expected LU and B to have the same dtype, but found "
                           f"LU of type {LU.dtype._scalar} and B of type {B.dtype._scalar} instead")
    if B.dim() < 2:
        raise RuntimeError("linalg.lu_solve: The input tensor B must have at least 2 dimensions.")
    n = LU.shape[-1]
    if B.shape[-2 if left else -1] != n:
        raise RuntimeError(f"linalg.lu_solve: Incompatible shapes of A and B for the equation "
                           f"{'AX = B' if left else 'XA = B'} ({n}x{n} and {B.shape[-2]}x{B.shape[-1]})")
    if pivots.dtype._scalar != "Int":
        raise RuntimeError("linalg.lu_solve: pivots should be a Tensor of scalar type minigrad.int32")
    if pivots.shape[-1:] != (n,):
        raise RuntimeError("linalg.lu_solve: Number of pivots per batch should be same as the "
                           "dimension of the matrix")
    if pivots.shape != LU.shape[:-1]:
        raise RuntimeError("linalg.lu_solve: Expected LU.shape[:-1] and pivots.shape to be the "
                           f"same, but got pivots with shape {list(pivots.shape)} instead")
    _broadcast_shape(LU.shape[:-2], B.shape[:-2])
    if n and pivots._data.max() > n:
        raise RuntimeError("Pivots given to lu_solve must all be smaller or equal to LU.size(-2). "
                           "Did you properly pass the result of lu_factor?")
    if n and pivots._data.min() < 1:
        raise RuntimeError("Pivots given to lu_solve must all be greater or equal to 1. Did you "
                           "properly pass the result of lu_factor?")
    return d.linalg_lu_solve(LU, pivots, B, left, adjoint)


def lu_unpack(LU_data=_REQUIRED, LU_pivots=_REQUIRED, unpack_data=True, unpack_pivots=True):
    """torch.lu_unpack: (P, L, U) from lu_factor's packed result; LuUnpackBackward0 (L and U:
    the gradient goes back to LU's strict lower and upper triangles)."""
    _tensor_arg("lu_unpack", "LU_data", 1, LU_data)
    _tensor_arg("lu_unpack", "LU_pivots", 2, LU_pivots)
    if d.grad_mode._enabled and LU_data.requires_grad:  # (its node keeps LU's last two sizes,
        _wrap_dim(-2, LU_data.dim())                     # asked for before any check)
    if LU_data.dim() < 2:
        raise RuntimeError("minigrad.lu_unpack: Expected tensor with 2 or more dimensions. Got size: "
                           f"{list(LU_data.shape)} instead")
    if LU_pivots.dtype._scalar != "Int":
        raise RuntimeError("minigrad.lu_unpack: LU_pivots is expected to be a contiguous tensor of "
                           "minigrad.int32 dtype.\nNote: this function is intended to be used with "
                           "the output produced by minigrad.linalg.lu_factor")
    if unpack_pivots and LU_pivots.numel() and (
            LU_pivots._data.min() < 1 or LU_pivots._data.max() > LU_data.shape[-2]):
        raise RuntimeError("pivots passed to lu_unpack must be between 1 and LU.size(-2) "
                           "inclusive.Did you properly pass the result of lu_factor?")
    return return_types.lu_unpack(*d.lu_unpack(LU_data, LU_pivots, unpack_data, unpack_pivots))


def _cholesky_solve(input=_REQUIRED, input2=_REQUIRED, upper=False):
    """torch.cholesky_solve: X with A X = B for B = input and A = L L^T given by its Cholesky
    factor L = input2 (only its lower triangle is read; upper: A = U^T U, the upper one).
    CholeskySolveBackward0."""
    _tensor_arg("cholesky_solve", "input", 1, input)
    _tensor_arg("cholesky_solve", "input2", 2, input2)
    _bool_arg("cholesky_solve", "upper", upper)
    if input.dim() < 2:
        raise RuntimeError(f"b should have at least 2 dimensions, but has {input.dim()} dimensions "
                           "instead")
    if input2.dim() < 2:
        raise RuntimeError(f"u should have at least 2 dimensions, but has {input2.dim()} "
                           "dimensions instead")
    _check_linear_solve("cholesky_solve", input, input2)
    return d.cholesky_solve(input, input2, upper)


def _check_linear_solve(name, b, A):
    """PyTorch's linearSolveCheckInputs for the older solvers (b first, then A), and its kernel's
    dtype check."""
    if b.dtype != A.dtype:
        raise RuntimeError("Expected b and A to have the same dtype, but found b of type "
                           f"{b.dtype._scalar} and A of type {A.dtype._scalar} instead.")
    m, n = A.shape[-2:]
    if m != n:
        raise RuntimeError(f"A must be batches of square matrices, but they are {m} by {n} matrices")
    if b.shape[-2] != n:
        raise RuntimeError(f"Incompatible matrix sizes for {name}: each A matrix is {n} by "
                           f"{n} but each b matrix is {b.shape[-2]} by {b.shape[-1]}")
    _broadcast_shape(b.shape[:-2], A.shape[:-2])
    if not b.is_floating_point():
        raise NotImplementedError(f"\"{name}_cpu\" not implemented for '{b.dtype._scalar}'")


def _triangular_solve(input=_REQUIRED, A=_REQUIRED, upper=True, transpose=False,
                      unitriangular=False):
    """torch.triangular_solve: deprecated for linalg.solve_triangular (it warns once), whose
    arguments come the other way round. (solution, cloned_coefficient), one node."""
    _tensor_arg("triangular_solve", "input", 1, input)
    _tensor_arg("triangular_solve", "A", 2, A)
    for name, value in (("upper", upper), ("transpose", transpose), ("unitriangular", unitriangular)):
        _bool_arg("triangular_solve", name, value)
    for name, value in (("b", input), ("A", A)):
        if value.dim() < 2:
            raise RuntimeError(f"minigrad.triangular_solve: Expected {name} to have at least 2 "
                               f"dimensions, but it has {value.dim()} dimensions instead")
    _check_linear_solve("triangular_solve", input, A)
    _warnings.warn_once(
        "minigrad.triangular_solve is deprecated in favor of minigrad.linalg.solve_triangularand will "
        "be removed in a future PyTorch release.\nminigrad.linalg.solve_triangular has its arguments "
        "reversed and does not return a copy of one of the inputs.\nX = minigrad.triangular_solve(B, "
        "A).solution\nshould be replaced with\nX = minigrad.linalg.solve_triangular(A, B). (Triggered "
        "internally at /__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp:2273.)")
    return return_types.triangular_solve(*d.triangular_solve(input, A, upper, transpose, unitriangular))


def _cholesky_inverse(input=_REQUIRED, upper=False):
    """torch.cholesky_inverse: (L L^T)^-1 from the Cholesky factor L (U^T U with upper).
    CholeskyInverseBackward0."""
    _tensor_arg("cholesky_inverse", "input", 1, input)
    _bool_arg("cholesky_inverse", "upper", upper)
    if input.dim() >= 2 and input.shape[-1] == input.shape[-2] and not input.is_floating_point():
        raise NotImplementedError("\"cholesky_inverse_out_cpu\" not implemented for "
                                  f"'{input.dtype._scalar}'")
    _check_square("cholesky_inverse", input)
    zero = (input._data.diagonal(0, -2, -1) == 0).reshape(math.prod(input.shape[:-2]), -1)
    if zero.any():  # (LAPACK's potri: a zero on the factor's diagonal)
        b = int(np.flatnonzero(zero.any(-1))[0])
        where = f"(Batch element {b}): " if input.dim() > 2 else ""
        raise _LinAlgError(f"cholesky_inverse: {where}The diagonal element "
                           f"{int(np.flatnonzero(zero[b])[0]) + 1} is zero, the inversion could not "
                           "be completed because the input matrix is singular.")
    return d.cholesky_inverse(input, upper)


# --- part linalg2: the matrix exponential, products of several matrices ------------------------
def matrix_exp(input=_REQUIRED):
    """exp(A) = I + A + A^2/2! + ... for each square matrix A of input: LinalgMatrixExpBackward0."""
    _tensor_arg("linalg_matrix_exp", "input", 1, input)
    _check_square("linalg.matrix_exp", input)
    return d.linalg_matrix_exp(input)


_C_TYPE_NAMES = {"Float": "float", "Double": "double", "Long": "long int", "Int": "int",
                 "Short": "short int", "Char": "signed char", "Byte": "unsigned char", "Bool": "bool"}


def _chain_order(dims):
    """The matrix-chain order (Cormen et al.): s[i][j], where the product of matrices i..j is
    split, for matrices of sizes dims[k] x dims[k + 1]; the first cheapest split on a tie."""
    n = len(dims) - 1
    cost = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            cost[i][j] = math.inf
            for k in range(i, j):
                q = cost[i][k] + cost[k + 1][j] + dims[i] * dims[k + 1] * dims[j + 1]
                if q < cost[i][j]:
                    cost[i][j], split[i][j] = q, k
    return split


def multi_dot(tensors):
    """The product of a chain of matrices in the cheapest order (PyTorch's: the two orders of
    three compared, the matrix-chain table for more), one mm each; a 1-D first (last) tensor is a
    row (column), and the result a view without that dim."""
    if not isinstance(tensors, (list, tuple)):
        raise TypeError("linalg_multi_dot(): argument 'tensors' (position 1) must be tuple of "
                        f"Tensors, not {_type_name(tensors)}")
    _tensor_elements(tensors)
    n = len(tensors)
    if n < 2:
        raise RuntimeError(f"multi_dot(): expected at least 2 tensors but got {n}")
    first, last = tensors[0], tensors[-1]
    if first.dim() not in (1, 2):
        raise RuntimeError(f"multi_dot(): the first tensor must be 1D or 2D but got {first.dim()}D")
    if last.dim() not in (1, 2):
        raise RuntimeError(f"multi_dot(): the last tensor must be 1D or 2D but got {last.dim()}D")
    for i in range(1, n - 1):
        if tensors[i].dim() != 2:
            raise RuntimeError(f"multi_dot(): tensor {i} must be 2D but got {tensors[i].dim()}D")
    for i, t in enumerate(tensors[1:], 1):
        if t.dtype != first.dtype:
            raise RuntimeError("multi_dot(): all tensors must have be the same dtype but tensor 0 "
                               f"is {_C_TYPE_NAMES.get(first.dtype._scalar, first.dtype._scalar)} "
                               f"and tensor {i} {_C_TYPE_NAMES.get(t.dtype._scalar, t.dtype._scalar)}")
    out_shape = ([first.shape[0]] if first.dim() == 2 else []) + (
        [last.shape[1]] if last.dim() == 2 else [])
    mats = [first.unsqueeze(0) if first.dim() == 1 else first, *tensors[1:-1],
            last.unsqueeze(-1) if last.dim() == 1 else last]
    for i in range(n - 1):
        if mats[i].shape[1] != mats[i + 1].shape[0]:
            raise RuntimeError(f"multi_dot(): tensors {i} and {i + 1} with shapes "
                               f"{list(tensors[i].shape)} and {list(tensors[i + 1].shape)} cannot "
                               "be multiplied")
    if n == 2:
        return d.mm(*mats).view(out_shape)
    if n == 3:
        (a, b), (c, e) = mats[0].shape, mats[2].shape
        if a * c * (b + e) > b * e * (a + c):
            return d.mm(mats[0], d.mm(mats[1], mats[2])).view(out_shape)
        return d.mm(d.mm(mats[0], mats[1]), mats[2]).view(out_shape)
    split = _chain_order([m.shape[0] for m in mats] + [mats[-1].shape[1]])

    def product(i, j):  # (the split table's recursion; a chain, not a graph)
        if i == j:
            return mats[i]
        return d.mm(product(i, split[i][j]), product(split[i][j] + 1, j))
    return product(0, n - 1).view(out_shape)


def vander(x=_REQUIRED, *, N=None):
    """The Vandermonde matrix of x: its columns x^0, x^1, ..., x^(N-1) (N = len(x) unless
    given), a row of ones joined to the cumulative products of x (PyTorch builds it so)."""
    _tensor_arg("linalg_vander", "x", 1, x)
    if N is not None and (not isinstance(N, numbers.Integral) or isinstance(N, bool)):
        raise TypeError(f"linalg_vander(): argument 'N' must be int, not {_type_name(N)}")
    if x.dtype._scalar == "Bool" or x.dtype.np.kind not in "fiu":
        raise RuntimeError("linalg.vander supports floating point, complex, and integer tensors, "
                           f"but got {x.dtype._scalar}")
    x = x.unsqueeze(-1) if x.dim() == 0 else x
    n = x.shape[-1] if N is None else N
    if n <= 1:
        raise RuntimeError("N must be greater than 1.")
    powers = x.unsqueeze(-1).expand(*x.shape, n - 1).cumprod(-1)
    ones = d.Tensor._make(np.ones(x.shape + (1,), powers._data.dtype))
    return d.join(d.CatBackward0, [ones, powers], -1, np.concatenate)


def tensorinv(A=_REQUIRED, ind=2):
    """The inverse of A seen as a matrix: its first ind dims the rows, the others the columns,
    as reshape puts them; the result has the column dims first."""
    _tensor_arg("linalg_tensorinv", "A", 1, A)
    if not isinstance(ind, numbers.Integral) or isinstance(ind, bool):
        raise TypeError(f"linalg_tensorinv(): argument 'ind' (position 2) must be int, not "
                        f"{_type_name(ind)}")
    if ind <= 0:
        raise RuntimeError(f"Expected a strictly positive integer for 'ind', but got {ind}")
    rows, cols = A.shape[:ind], A.shape[ind:]
    if math.prod(cols) != math.prod(rows):
        raise RuntimeError("Expected self to satisfy the requirement prod(self.shape[ind:]) == "
                           f"prod(self.shape[:ind]), but got {math.prod(cols)} != {math.prod(rows)}")
    M = A.reshape(math.prod(rows), math.prod(rows))
    _check_square("linalg.inv", M)
    return _inv_ex("inv", M, True)[0].reshape(*cols, *rows)


def tensorsolve(A=_REQUIRED, B=_REQUIRED, dims=None):
    """X with tensordot(A, X, X.ndim) = B: the dims named move to the end, then A is the matrix
    of B's dims by the others (as reshape puts them) and X one solve."""
    _tensor_arg("linalg_tensorsolve", "A", 1, A)
    _tensor_arg("linalg_tensorsolve", "B", 2, B)
    if dims is not None:
        dims = [dims] if isinstance(dims, numbers.Integral) else list(dims)
        A = A.movedim(dims, list(range(A.dim() - len(dims), A.dim())))
    shape = A.shape[B.dim():]
    if math.prod(shape) != B.numel():
        raise RuntimeError("Expected self to satisfy the requirement prod(self.shape[other.ndim:]) "
                           f"== prod(self.shape[:other.ndim]), but got {math.prod(shape)} != "
                           f"{B.numel()}")
    n = math.prod(shape)
    return solve(A.reshape(n, n), B.flatten()).reshape(*shape)


def lstsq(A=_REQUIRED, B=_REQUIRED, rcond=None, *, driver=None):
    """The least-squares solution of A X = B, with what the LAPACK driver gives besides
    (residuals, rank, singular values: see derivatives._lstsq). gelsy is PyTorch's default on
    the CPU. LinalgLstsqBackward0: the solution and the residuals have gradients."""
    _tensor_arg("linalg_lstsq", "input", 1, A)
    _tensor_arg("linalg_lstsq", "b", 2, B)
    if A.dim() < 2:
        raise RuntimeError("minigrad.linalg.lstsq: input must have at least 2 dimensions.")
    if B.dim() < 1:
        raise RuntimeError("minigrad.linalg.lstsq: other must have at least 1 dimension.")
    if not (0 <= A.dim() - B.dim() <= 1):
        raise RuntimeError("minigrad.linalg.lstsq: input.dim() must be greater or equal to "
                           "other.dim() and (input.dim() - other.dim()) <= 1")
    if A.dtype != B.dtype:
        raise RuntimeError("minigrad.linalg.lstsq: Expected input and other to have the same dtype, "
                           f"but got input's dtype {A.dtype._scalar} and other's dtype "
                           f"{B.dtype._scalar}")
    if not A.is_floating_point():
        raise RuntimeError("This function doesn't handle types other than float and double")
    driver = "gelsy" if driver is None else driver
    if driver not in ("gels", "gelsy", "gelsd", "gelss"):
        raise RuntimeError("minigrad.linalg.lstsq: parameter `driver` should be one of (gels, gelsy, "
                           "gelsd, gelss)")
    vector = B.dim() == A.dim() - 1
    if A.shape[-2] != B.shape[-1 if vector else -2]:
        raise RuntimeError("minigrad.linalg.lstsq: input.size(-2) should match "
                           f"other.size({-1 if vector else -2})")
    _broadcast_shape(A.shape[:-2], B.shape[:-1 if vector else -2])
    return return_types.linalg_lstsq(*d.linalg_lstsq(A, B, rcond, driver))


# --- part linalg3: Householder products, the _ex variants, and the rest of torch.linalg -------
def householder_product(A=_REQUIRED, tau=_REQUIRED):
    """The first n columns of H_1 ... H_k, H_i = I - tau_i v_i v_i^T, with v_i column i of A
    below the diagonal and a 1 on it: Q of a QR factorization from geqrf's packed result.
    LinalgHouseholderProductBackward0 (torch.orgqr is the same op)."""
    _tensor_arg("linalg_householder_product", "input", 1, A)
    _tensor_arg("linalg_householder_product", "tau", 2, tau)
    return _householder_product(A, tau)


def _householder_product(A, tau):
    name = "minigrad.linalg.householder_product"
    if A.dim() < 2:
        raise RuntimeError(f"{name}: input must have at least 2 dimensions.")
    if A.shape[-2] < A.shape[-1]:
        raise RuntimeError(f"{name}: input.shape[-2] must be greater than or equal to "
                           "input.shape[-1]")
    if tau.dim() == 0:
        raise IndexError("Dimension specified as -1 but tensor has no dimensions")
    if A.shape[-1] < tau.shape[-1]:
        raise RuntimeError(f"{name}: input.shape[-1] must be greater than or equal to "
                           "tau.shape[-1]")
    if A.dim() - tau.dim() != 1:
        raise RuntimeError(f"{name}: Expected tau to have one dimension less than input, but got "
                           f"tau.ndim equal to {tau.dim()} and input.ndim is equal to {A.dim()}")
    if tau.shape[:-1] != A.shape[:-2]:
        raise RuntimeError(f"{name}: Expected batch dimensions of tau to be equal to "
                           f"input.shape[:-2], but got {list(tau.shape[:-1])}")
    if A.dtype != tau.dtype:
        raise RuntimeError(f"{name}: tau dtype {tau.dtype._scalar} does not match input dtype "
                           f"{A.dtype._scalar}")
    if not A.is_floating_point():
        raise NotImplementedError(f"\"orgqr_cpu\" not implemented for '{A.dtype._scalar}'")
    return d.linalg_householder_product(A, tau)


def _ormqr(input=_REQUIRED, input2=_REQUIRED, input3=_REQUIRED, left=True, transpose=False):
    """torch.ormqr: op(Q) other (other op(Q) when not left), Q given by geqrf's (input, tau)
    and never formed. OrmqrBackward0."""
    for i, (argname, value) in enumerate((("input", input), ("input2", input2), ("input3", input3))):
        _tensor_arg("ormqr", argname, i + 1, value)
    _bool_arg("ormqr", "left", left)
    _bool_arg("ormqr", "transpose", transpose)
    A, tau, C, name = input, input2, input3, "minigrad.ormqr"
    for argname, value in (("input", A), ("other", C)):
        if value.dim() < 2:
            raise RuntimeError(f"{name}: {argname} must have at least 2 dimensions.")
    side = -2 if left else -1
    if C.shape[side] != A.shape[-2]:
        raise RuntimeError(f"{name}: other.shape[{side}] must be equal to input.shape[-2]")
    if tau.dim() == 0:
        raise IndexError("Dimension specified as -1 but tensor has no dimensions")
    if tau.shape[-1] != min(C.shape[side], A.shape[-1]):
        raise RuntimeError(f"{name}: tau.shape[-1] must be equal to min(other.shape[{side}], "
                           "input.shape[-1])")
    if A.dim() - tau.dim() != 1:
        raise RuntimeError(f"{name}: Expected tau to have one dimension less than input, but got "
                           f"tau.ndim equal to {tau.dim()} and input.ndim is equal to {A.dim()}")
    if A.dim() != C.dim():
        raise RuntimeError(f"{name}: Expected other to have the same number of dimensions as input, "
                           f"but got other.ndim equal to {C.dim()} and input.ndim is equal to {A.dim()}")
    for argname, value, batch in (("tau", tau, tau.shape[:-1]), ("other", C, C.shape[:-2])):
        if batch != A.shape[:-2]:
            raise RuntimeError(f"{name}: Expected batch dimensions of {argname} to be equal to "
                               f"input.shape[:-2], but got {list(batch)}")
    for argname, value in (("tau", tau), ("other", C)):
        if value.dtype != A.dtype:
            raise RuntimeError(f"{name}: Expected input and {argname} to have the same dtype, but "
                               f"input has dtype{A.dtype._scalar} and {argname} has dtype "
                               f"{value.dtype._scalar}")
    if not A.is_floating_point():
        raise NotImplementedError(f"\"ormqr_cpu\" not implemented for '{A.dtype._scalar}'")
    return d.ormqr(A, tau, C, left, transpose)


def _orgqr(input=_REQUIRED, input2=_REQUIRED):
    """torch.orgqr: linalg.householder_product under LAPACK's name."""
    _tensor_arg("orgqr", "input", 1, input)
    _tensor_arg("orgqr", "input2", 2, input2)
    return _householder_product(input, input2)


def _geqrf(input=_REQUIRED):
    """torch.geqrf: LAPACK's QR factorization, packed: R on and above the diagonal, below it the
    Householder vectors whose product (householder_product) is Q, and their tau. PyTorch has no
    derivative for it: backward through GeqrfBackward0 fails."""
    _tensor_arg("geqrf", "input", 1, input)
    if input.dim() < 2:
        raise RuntimeError("minigrad.geqrf: input must have at least 2 dimensions.")
    if not input.is_floating_point():
        raise NotImplementedError(f"\"geqrf_cpu\" not implemented for '{input.dtype._scalar}'")
    return return_types.geqrf(*d.geqrf(input))


def _int_kwarg(name, argname, value):
    if not isinstance(value, numbers.Integral) or isinstance(value, bool):
        raise TypeError(f"{name}(): argument '{argname}' must be int, not {_type_name(value)}")


def matrix_power(A=_REQUIRED, n=_REQUIRED):
    """torch.matrix_power under linalg's name: A^n by repeated squaring (n < 0: of A^-1)."""
    _tensor_arg("linalg_matrix_power", "input", 1, A)
    if n is _REQUIRED:
        raise TypeError('linalg_matrix_power() missing 1 required positional arguments: "n"')
    _ops._int_arg("linalg_matrix_power", "n", 2, n)
    return _ops.matrix_power(A, n)


def matmul(input=_REQUIRED, other=_REQUIRED):
    """torch.matmul under linalg's name."""
    _tensor_arg("linalg_matmul", "input", 1, input)
    _tensor_arg("linalg_matmul", "other", 2, other)
    return _ops.matmul(input, other)


def diagonal(A=_REQUIRED, *args, offset=0, dim1=-2, dim2=-1):
    """torch.diagonal with linalg's defaults: the diagonals of the last two dims, a view."""
    _positional("linalg_diagonal", args, 1)
    _tensor_arg("linalg_diagonal", "A", 1, A)
    for argname, value in (("offset", offset), ("dim1", dim1), ("dim2", dim2)):
        _int_kwarg("linalg_diagonal", argname, value)
    return _ops.diagonal(A, offset, dim1, dim2)


def vecdot(x=_REQUIRED, y=_REQUIRED, *args, dim=-1):
    """The dot products of x and y along dim (they broadcast): (x * y).sum(dim), as PyTorch
    computes it; two vectors take vdot (VdotBackward0), whatever dim says."""
    _positional("linalg_vecdot", args, 2)
    _tensor_arg("linalg_vecdot", "x", 1, x)
    _tensor_arg("linalg_vecdot", "y", 2, y)
    _int_kwarg("linalg_vecdot", "dim", dim)
    if not x.is_floating_point():
        raise RuntimeError("linalg.vecdot: Expected a floating point or complex tensor as input. "
                           f"Got {x.dtype._scalar}")
    if x.dtype != y.dtype:
        raise RuntimeError("linalg.vecdot: Expected x and y to have the same dtype, but found x of "
                           f"type {x.dtype._scalar} and y of type {y.dtype._scalar} instead")
    if x.dim() == 1 and y.dim() == 1:
        return _ops.vdot(x, y)
    return (x * y).sum(dim)


def cond(A=_REQUIRED, p=None):
    """The condition number |A|_p |A^-1|_p: for p = None, 2 or -2 the ratio of the largest and
    smallest singular values (any shape); 'nuc' sum(S) sum(1/S); for the others (square A) the
    two matrix norms, an inverse with a zero pivot counting as inf (as PyTorch computes each)."""
    _tensor_arg("linalg_cond", "input", 1, A)
    if isinstance(p, str):
        _check_dims_square(f"linalg.cond(ord={p})", A)
        if p not in ("fro", "nuc"):
            raise RuntimeError(f"linalg.cond got an invalid norm type: {p}")
    else:
        if A.dim() < 2:
            raise RuntimeError("linalg.cond: The input tensor must have at least 2 dimensions.")
        p = 2 if p is None else p
        if p not in (2, -2, 1, -1, math.inf, -math.inf):
            raise RuntimeError(f"linalg.cond got an invalid norm type: {p}")
    if A.numel() == 0:  # (NumPy defines no condition number here: 0)
        return d.Tensor._make(np.zeros(A.shape[:-2], A.dtype.np))
    if p in (2, -2):
        S = svdvals(A)
        s_max, s_min = S.narrow(-1, 0, 1), S.narrow(-1, -1, 1)
        return (s_min / s_max if p == -2 else s_max / s_min).squeeze(-1)
    if not isinstance(p, str):
        _check_dims_square(f"linalg.cond(ord={int(p) if isinstance(p, numbers.Integral) else format(p, 'f')})", A)
    if p == "nuc":
        S = svdvals(A)
        return S.sum(-1) * S.reciprocal().sum(-1)
    inverse, info = inv_ex(A)
    inverse.masked_fill_(info.unsqueeze(-1).unsqueeze(-1) > 0, math.inf)
    result = matrix_norm(A, p) * matrix_norm(inverse, p)
    return result.nan_to_num_(math.inf, math.inf, -math.inf)  # (0 * inf: inf, as NumPy's)


def ldl_factor_ex(A=_REQUIRED, *args, hermitian=False, check_errors=False):
    """A = P L D L^T P^T for a symmetric A (only its lower triangle is read), packed as LAPACK's
    sytrf leaves it: (LD, pivots, info), D's 2x2 blocks marked by negative pivot pairs. PyTorch
    has no derivative for it (NotImplemented node)."""
    _positional("linalg_ldl_factor_ex", args, 1)
    _tensor_arg("linalg_ldl_factor_ex", "input", 1, A)
    _bool_arg("linalg_ldl_factor_ex", "hermitian", hermitian)
    _bool_arg("linalg_ldl_factor_ex", "check_errors", check_errors)
    return return_types.linalg_ldl_factor_ex(*_ldl_factor("ldl_factor_ex", A, hermitian, check_errors))


def ldl_factor(A=_REQUIRED, *args, hermitian=False):
    """ldl_factor_ex without info; a zero column (info > 0) is an error."""
    _positional("linalg_ldl_factor", args, 1)
    _tensor_arg("linalg_ldl_factor", "input", 1, A)
    _bool_arg("linalg_ldl_factor", "hermitian", hermitian)
    return return_types.linalg_ldl_factor(*_ldl_factor("ldl_factor", A, hermitian, True)[:2])


def _ldl_factor(name, A, hermitian, check_errors):
    _check_dims_square("minigrad.linalg.ldl_factor_ex", A)
    if not A.is_floating_point():
        raise RuntimeError("minigrad.linalg.ldl_factor_ex: Expected a floating point or complex tensor as input. "
                           f"Got {A.dtype._scalar}")
    out = d.linalg_ldl_factor_ex(A, hermitian)
    info = out[2]._data
    if check_errors and info.any():  # (PyTorch's own words: its check of sytrf's info fails)
        raise RuntimeError('false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/'
                           'native/BatchLinearAlgebra.cpp":1642, please report a bug to PyTorch. '
                           f"minigrad.linalg.{name}: Unknown error code: {info[info != 0].flat[0]}.")
    return out


def ldl_solve(LD=_REQUIRED, pivots=_REQUIRED, B=_REQUIRED, *args, hermitian=False):
    """X with A X = B from ldl_factor's (LD, pivots): LAPACK's sytrs; LD and B broadcast over
    batches. No derivative in PyTorch (NotImplemented node)."""
    _positional("linalg_ldl_solve", args, 3)
    _tensor_arg("linalg_ldl_solve", "LD", 1, LD)
    _tensor_arg("linalg_ldl_solve", "pivots", 2, pivots)
    _tensor_arg("linalg_ldl_solve", "B", 3, B)
    _bool_arg("linalg_ldl_solve", "hermitian", hermitian)
    name = "minigrad.linalg.ldl_solve"
    _check_dims_square(name, LD)
    if not LD.is_floating_point():
        raise RuntimeError(f"{name}: Expected a floating point or complex tensor as input. "
                           f"Got {LD.dtype._scalar}")
    if B.dtype != LD.dtype:
        raise RuntimeError("Expected b and A to have the same dtype, but found b of type "
                           f"{B.dtype._scalar} and A of type {LD.dtype._scalar} instead.")
    n = LD.shape[-1]
    if B.shape[_wrap_dim(-2, B.dim())] != n:
        raise RuntimeError(f"Incompatible matrix sizes for {name}: each A matrix is {n} by {n} but "
                           f"each b matrix is {B.shape[-2]} by {B.shape[-1]}")
    if pivots.shape != LD.shape[:-1]:
        raise RuntimeError(f"{name}: Expected LD.shape[:-1] and pivots.shape to be the same, but "
                           f"got pivots with shape {list(pivots.shape)} instead")
    if pivots.is_floating_point() or pivots.dtype._scalar == "Bool":
        raise RuntimeError(f"{name}: Expected pivots to be integers. Got {pivots.dtype._scalar}")
    _broadcast_shape(LD.shape[:-2], B.shape[:-2])
    if pivots.numel() and np.abs(pivots._data).max() > n:
        raise RuntimeError("Pivots given to ldl_solve must all satisfy |pivot| <= LD.size(-2). Did "
                           "you properly pass the result of ldl_factor?")
    if pivots.numel() and np.abs(pivots._data).min() < 1:
        raise RuntimeError("Pivots given to ldl_solve must all satisfy |pivot| >= 1. Did you "
                           "properly pass the result of ldl_factor?")
    return d.linalg_ldl_solve(LD, pivots, B, hermitian)

_arg_parser.apply_module(globals(), "linalg_")  # (out= and argument errors, as torch.linalg's)
