"""minigrad.special: torch.special, the functions of statistics and physics under one roof.

Most are other names for ops minigrad has (PyTorch's own aliases share the base op's node:
special.expit(x) is a SigmoidBackward0, special.psi a DigammaBackward0); the rest are rows of
their own in derivatives.py (SpecialEntrBackward0, ...). ndtr is no op of its own in PyTorch
either: (1 + erf(x / sqrt 2)) / 2, recorded as those three nodes. zeta records its node but has
no derivative in its first argument. The gamma family's float32 values come from PyTorch's own
algorithms (Math.h) computed step by step in float32, so they match its bits; so do the Bessel
functions' and the incomplete gamma functions' (_math.py). bessel_j0 ... y1 and the
modified_bessel_*, spherical_bessel_j0 and airy_ai have no derivative at all in PyTorch: their results never require grad.
Nor have the orthogonal polynomials (chebyshev_polynomial_t ... legendre_polynomial_p), whose
recurrences are ported to the bit too.
"""
import numbers

import numpy as np

from . import _arg_parser, _math, derivatives as d, dtypes, ops
from .ops import (_REQUIRED, _invalid_combination, _mvlgamma_args, _polygamma_args,
                  _round_op, _softmax, _tensor_arg, _unary)
from .autograd.function import _broadcast_shape, _iterator_layout
from .tensor import Tensor

__all__ = ["airy_ai", "bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1", "digamma", "entr", "erf", "erfc",
           "erfcx", "erfinv", "exp2", "expit", "expm1", "gammainc", "gammaincc", "gammaln", "i0",
           "i0e", "i1", "i1e", "log1p", "log_ndtr", "log_softmax", "logit", "logsumexp",
           "modified_bessel_i0", "modified_bessel_i1", "modified_bessel_k0", "modified_bessel_k1",
           "multigammaln", "ndtr", "ndtri", "polygamma", "psi", "round", "scaled_modified_bessel_k0",
           "scaled_modified_bessel_k1", "sinc", "softmax", "spherical_bessel_j0", "xlog1py", "xlogy",
           "zeta",
           # part orthpoly
           "chebyshev_polynomial_t", "chebyshev_polynomial_u", "chebyshev_polynomial_v",
           "chebyshev_polynomial_w", "hermite_polynomial_h", "hermite_polynomial_he",
           "laguerre_polynomial_l", "legendre_polynomial_p", "shifted_chebyshev_polynomial_t",
           "shifted_chebyshev_polynomial_u", "shifted_chebyshev_polynomial_v",
           "shifted_chebyshev_polynomial_w"]

# aliases: the base op's row, under PyTorch's special_ name (which its argument errors show)
gammaln, digamma, psi = (_unary("special_gammaln", d.lgamma), _unary("special_digamma", d.digamma),
                         _unary("special_psi", d.digamma))
erf, erfc, erfinv = (_unary("special_erf", d.erf), _unary("special_erfc", d.erfc),
                     _unary("special_erfinv", d.erfinv))
expit, exp2 = _unary("special_expit", d.sigmoid), _unary("special_exp2", d.exp2)
expm1, log1p = _unary("special_expm1", d.expm1), _unary("special_log1p", d.log1p)
sinc = _unary("special_sinc", d.sinc)
# rows of their own
entr, erfcx = _unary("special_entr", d.special_entr), _unary("special_erfcx", d.special_erfcx)
ndtri = _unary("special_ndtri", d.special_ndtri)
# part bessel: the modified Bessel functions of the first kind (i0: torch.i0's row, as PyTorch)
i0, i0e = _unary("special_i0", d.i0), _unary("special_i0e", d.special_i0e)
i1, i1e = _unary("special_i1", d.special_i1), _unary("special_i1e", d.special_i1e)
# the regularized incomplete gamma functions: torch.igamma's and igammac's rows
gammainc = ops._binary("special_gammainc", d.igamma, "igamma_cpu")
gammaincc = ops._binary("special_gammaincc", d.igammac, "igammac_cpu")


def _not_differentiable(name, forward, argname="input"):
    """PyTorch gives these no derivative at all (no derivatives.yaml row, no node): the result
    never requires grad. Integers compute in the default dtype."""
    def fn(input):
        _tensor_arg(name, argname, 1, input)
        data = input._data
        if data.dtype.kind != "f":
            data = data.astype(dtypes.get_default_dtype().np)
        return Tensor._make(forward(data))
    fn.__name__ = fn.__qualname__ = name
    return fn


# Bessel functions of the first and second kind (Cephes's, as Math.h)
bessel_j0 = _not_differentiable("special_bessel_j0", _math.bessel_j0)
bessel_j1 = _not_differentiable("special_bessel_j1", _math.bessel_j1)
bessel_y0 = _not_differentiable("special_bessel_y0", _math.bessel_y0)
bessel_y1 = _not_differentiable("special_bessel_y1", _math.bessel_y1)
# modified Bessel functions: of the first kind (i0, i1 computed as they are, another kernel) and
# the second (K0, K1; scaled: times e^x)
modified_bessel_i0 = _not_differentiable("special_modified_bessel_i0", _math.modified_bessel_i0)
modified_bessel_i1 = _not_differentiable("special_modified_bessel_i1", _math.modified_bessel_i1)
modified_bessel_k0 = _not_differentiable("special_modified_bessel_k0", _math.modified_bessel_k0)
modified_bessel_k1 = _not_differentiable("special_modified_bessel_k1", _math.modified_bessel_k1)
scaled_modified_bessel_k0 = _not_differentiable("special_scaled_modified_bessel_k0",
                                                _math.scaled_modified_bessel_k0, "x")
scaled_modified_bessel_k1 = _not_differentiable("special_scaled_modified_bessel_k1",
                                                _math.scaled_modified_bessel_k1, "x")
spherical_bessel_j0 = _not_differentiable("special_spherical_bessel_j0", _math.spherical_bessel_j0,
                                          "x")
airy_ai = _not_differentiable("special_airy_ai", _math.airy_ai, "x")
log_ndtr = _unary("special_log_ndtr", d.special_log_ndtr)


def ndtr(input):
    """The standard normal CDF, (1 + erf(x / sqrt 2)) / 2: three nodes, as PyTorch's composite."""
    _tensor_arg("special_ndtr", "input", 1, input)
    return d.mul_scalar(d.add_scalar(ops.erf(d.mul_scalar(input, 0.7071067811865476)), 1), 0.5)


def polygamma(n=_REQUIRED, input=_REQUIRED):
    _polygamma_args(n, input, "special_polygamma")
    return d.polygamma(input, n)


def multigammaln(input, p=_REQUIRED):
    _mvlgamma_args(input, p, "special_multigammaln")
    return d.mvlgamma(input, p)


def logit(input, eps=None):
    _tensor_arg("special_logit", "input", 1, input)
    return d.logit(input, eps)


def round(input, *, decimals=0):
    """ops.round with decimals always given: RoundBackward1 even for 0 decimals."""
    _tensor_arg("special_round", "input", 1, input)
    op, args = _round_op("special_round", input, decimals)
    return op(*args)


def softmax(input, dim=_REQUIRED, dtype=None):
    return _softmax("special_softmax", d.softmax, input, dim, dtype)


def log_softmax(input, dim=_REQUIRED, dtype=None):
    return _softmax("special_log_softmax", d.log_softmax, input, dim, dtype)


def logsumexp(input, dim=None, keepdim=False):
    if dim is None:
        raise TypeError('special_logsumexp() missing 1 required positional arguments: "dim"')
    return ops.logsumexp(input, dim, keepdim)


def _binary(name, tensor_op, scalar_self_op, scalar_other_op):
    """xlogy, xlog1py, zeta: three rows each, as PyTorch: tensor and tensor, number and tensor,
    tensor and number."""
    def fn(input, other):
        if isinstance(input, Tensor) and isinstance(other, (Tensor, numbers.Number)):
            return (tensor_op if isinstance(other, Tensor) else scalar_other_op)(input, other)
        if isinstance(input, numbers.Number) and isinstance(other, Tensor):
            return scalar_self_op(input, other)
        raise _invalid_combination(name, (input, other), {})
    fn.__name__ = name
    return fn


xlogy = _binary("special_xlogy", d.xlogy, d.xlogy_scalar_self, d.xlogy_scalar_other)
xlog1py = _binary("special_xlog1py", d.special_xlog1py, d.special_xlog1py_scalar_self,
                  d.special_xlog1py_scalar_other)
zeta = _binary("special_zeta", d.special_zeta, d.special_zeta_scalar_self,
               d.special_zeta_scalar_other)


# part orthpoly: the orthogonal polynomials, Math.h's recurrences (_math.py). No derivative in
# PyTorch either; the degree n is cast to the input's dtype, then truncated to an integer.
def _polynomial(name, forward):
    """torch.special.name(x, n): a tensor and a tensor, a number and a tensor or a tensor and a
    number, broadcast; integers compute in the default dtype."""
    def fn(*args, **kwargs):
        given = dict(zip(("x", "n"), args), **kwargs)
        x, n = given.get("x"), given.get("n")
        number = (numbers.Number, np.bool_)
        if (len(args) > 2 or set(given) != {"x", "n"} or not (isinstance(x, Tensor) and isinstance(
                n, (Tensor, *number)) or isinstance(x, number) and isinstance(n, Tensor))):
            raise _invalid_combination(name, args, kwargs)
        if isinstance(x, complex) or isinstance(n, complex):  # PyTorch's refusal, before ours
            real = dtypes.result_type(*[1. if isinstance(v, complex) else v for v in (x, n)])
            raise NotImplementedError(f'"{name[8:]}_cpu" not implemented for '
                                      f"'{'ComplexDouble' if real == np.float64 else 'ComplexFloat'}'")
        dt = dtypes.result_type(x, n)
        if dt.kind != "f":
            dt = dtypes.get_default_dtype().np
        x, n = (np.asarray(v._data if isinstance(v, Tensor) else v, dt) for v in (x, n))
        _broadcast_shape(x.shape, n.shape)
        out = forward(*np.broadcast_arrays(x, n))
        tensors = [a for a in (x, n) if a.shape == out.shape]
        if len(tensors) == 1:  # laid out in memory as its one full-shaped input, as PyTorch
            laid = np.empty_like(tensors[0])
            laid[...] = out
            return Tensor._make(laid)
        return Tensor._make(_iterator_layout(out, [x, n]))
    fn.__name__ = fn.__qualname__ = name
    return fn


chebyshev_polynomial_t = _polynomial("special_chebyshev_polynomial_t", _math.chebyshev_polynomial_t)
chebyshev_polynomial_u = _polynomial("special_chebyshev_polynomial_u", _math.chebyshev_polynomial_u)
chebyshev_polynomial_v = _polynomial("special_chebyshev_polynomial_v", _math.chebyshev_polynomial_v)
chebyshev_polynomial_w = _polynomial("special_chebyshev_polynomial_w", _math.chebyshev_polynomial_w)
shifted_chebyshev_polynomial_t = _polynomial("special_shifted_chebyshev_polynomial_t",
                                             _math.shifted_chebyshev_polynomial_t)
shifted_chebyshev_polynomial_u = _polynomial("special_shifted_chebyshev_polynomial_u",
                                             _math.shifted_chebyshev_polynomial_u)
shifted_chebyshev_polynomial_v = _polynomial("special_shifted_chebyshev_polynomial_v",
                                             _math.shifted_chebyshev_polynomial_v)
shifted_chebyshev_polynomial_w = _polynomial("special_shifted_chebyshev_polynomial_w",
                                             _math.shifted_chebyshev_polynomial_w)
hermite_polynomial_h = _polynomial("special_hermite_polynomial_h", _math.hermite_polynomial_h)
hermite_polynomial_he = _polynomial("special_hermite_polynomial_he", _math.hermite_polynomial_he)
laguerre_polynomial_l = _polynomial("special_laguerre_polynomial_l", _math.laguerre_polynomial_l)
legendre_polynomial_p = _polynomial("special_legendre_polynomial_p", _math.legendre_polynomial_p)

_arg_parser.apply_module(globals(), "special_")  # (out= and argument errors, as torch.special's)
