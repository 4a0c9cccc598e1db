"""PyTorch's functions and Tensor methods, each choosing its row of the derivative table.

This is where argument conventions live (negative dims, `*shape` or a tuple, which overload a
call means, PyTorch's error texts); the math lives in derivatives.py.
"""
import builtins
import collections.abc
import functools
import inspect
import math
import numbers
import operator
import os
import re
import warnings

import numpy as np

from . import _math, derivatives as d
from . import _arg_parser, dtypes, return_types
from .dtypes import get_default_dtype  # noqa: F401  (optim imports it from here)
from .autograd import function as _function, grad_mode
from ._warnings import warn_once
from .autograd.function import _broadcast_shape, _iterator_layout, apply_inplace, apply_inplace_view
from .autograd.function import _check_output_shape, _linear_tangents, check_inplace
from .tensor import (Tensor, _Device, _check_device, _device_arg, _read_only, _wrap_dim,
                     contiguous_format)
from .tensor import _storage, _storage_offset, _storage_root
from .storage import STORAGE_METHODS, TypedStorage, UntypedStorage
from ._generator import Generator, default_generator
from .tensor import memory_format as _memory_format


def _dims(dim, ndim):
    """A list of dims (IntArrayRef) wrapped; its items may be tensors of one integer (PyTorch's
    SymInt takes them, of any dims, where a single int64_t dim takes only 0-d ones). Only a
    list's first item may not be a bool: PyTorch's parser looks at it alone, and reads the rest
    as indices (True is dim 1)."""
    dims = dim if isinstance(dim, (tuple, list)) else (dim,)
    dims = [int(x) if _arg_parser._is_int_tensor(x) or i and x.__class__ is builtins.bool else x
            for i, x in enumerate(dims)]
    wrapped = tuple(_wrap_dim(x, ndim) for x in dims)
    for i, x in enumerate(wrapped):
        if x in wrapped[:i]:
            raise RuntimeError(f"dim {x} appears multiple times in the list of dims")
    return wrapped if ndim else ()  # a 0-d tensor has nothing to reduce: dim 0 is itself


def _given(dim, ndim):
    """dim checked (PyTorch's IndexError when out of range) and kept as given, as PyTorch's node
    keeps and shows it (-1 of a 0-d tensor too): NumPy, and the row's formulas, count a negative
    dim from the end."""
    _wrap_dim(dim, ndim)
    return int(dim)


def _given_dims(dim, ndim):
    """dims checked as _dims checks them, kept as given (a tuple)."""
    _dims(dim, ndim)
    return tuple(int(x) for x in dim) if isinstance(dim, (tuple, list)) else (int(dim),)


def _shape(args, item=None):
    """Accept f(2, 3), f((2, 3)), f([2, 3]) and f(size) alike; a size that is not an int (2.0)
    is a TypeError, which _arg_parser words as PyTorch does for the functions it reads again.
    Each item is read as a SymInt (a size), or by `item` (operator.index for a list of dims,
    which takes a tensor of one bool too)."""
    if len(args) == 1 and isinstance(args[0], (tuple, list)):
        args = args[0]
    if args and args[0].__class__ is builtins.bool:  # (the parser looks at the first item only)
        raise TypeError("expected an int, not bool")
    return tuple(map(item or _symint, args))


def _symint(a):
    """A size read as PyTorch reads a SymInt: a tensor of one bool passes the parser (an int
    tensor of one element does) but not ATen's check that its item is an integer."""
    return _arg_parser.symint_item(a, True) if isinstance(a, Tensor) else operator.index(a)


def _int(x):
    """An int argument read by hand: anything else (a tensor too) is a TypeError, which the
    functions _arg_parser reads again word as PyTorch does, or call again with the tensor's int
    where PyTorch's parser takes it (read_ints)."""
    if not _is_int(x):
        raise TypeError(f"expected an int, not {_type_name(x)}")
    return x


def _int_sizes(name, args, arg="size"):
    """The sizes of `name(*args)` as ints (f(2, 3), f((2, 3)) or f(size)), or PyTorch's TypeError
    naming the argument `arg`. The first size may not be a bool (PyTorch's parser asks it alone
    for an index, `_arg_parser._is_index`); f(True, 2) is then no list of sizes at all, which
    the parser, reading the call again (`_arg_parser.parsed`), words by the function's
    signatures."""
    if len(args) == 1 and isinstance(args[0], (tuple, list)):
        args = args[0]
        if args and args[0].__class__ is bool:
            raise TypeError(f"{name}(): argument '{arg}' (position 1) must be tuple of ints, but "
                            "found element of type bool at pos 0")
    elif len(args) == 1 and not _arg_parser._is_index(args[0]):
        raise TypeError(f"{name}(): argument '{arg}' (position 1) must be tuple of ints, not "
                        f"{type(args[0]).__name__}")
    elif args and args[0].__class__ is bool:
        raise TypeError(f"{name}() takes 1 positional argument but {len(args)} were given")
    for i, a in enumerate(args):
        if not hasattr(a, "__index__"):
            raise TypeError(f"{name}(): argument '{arg}' failed to unpack the object at pos {i + 1} "
                            f'with error "type must be tuple of ints,but got {type(a).__name__}"')
    return tuple(map(_symint, args))


def _new_shape(name, args):
    """The size of a new tensor: a negative one is refused, in the words of PyTorch's `name`."""
    if not args:
        raise TypeError(f'{name}() missing 1 required positional arguments: "size"')
    shape = _int_sizes(name, args)
    for n in shape:
        if n < 0:
            if name == "zeros":  # zeros has its own check, before the allocator's
                raise RuntimeError("zeros: Dimension size must be non-negative.")
            raise RuntimeError(f"Trying to create tensor with negative dimension {n}: {list(shape)}")
    return shape


_type_name = _arg_parser.type_name  # how PyTorch's argument errors name the type of x
_is_int, _is_float = _arg_parser._is_int, _arg_parser._is_float  # (an int, a float argument)


_REQUIRED = object()  # marks an argument PyTorch requires, so a missing one gets its words


def _tensor_arg(name, argname, position, value):
    if value is _REQUIRED:
        raise TypeError(f'{name}() missing 1 required positional arguments: "{argname}"')
    if not isinstance(value, Tensor):
        raise TypeError(f"{name}(): argument '{argname}' (position {position}) must be Tensor, not "
                        f"{_type_name(value)}")


def _tensor_elements(tensors, argument=0):
    """Every element of a sequence argument (cat's, stack's, ...) is a tensor: else PyTorch's
    TypeError naming the first that is not."""
    for i, t in enumerate(tensors):
        if not isinstance(t, Tensor):
            raise TypeError(f"expected Tensor as element {i} in argument {argument}, but got "
                            f"{_type_name(t)}")


def _as_method(fn):
    """fn as a Tensor method: PyTorch's argument errors then count positions after self."""
    def method(self, *args, **kwargs):
        try:
            return fn(self, *args, **kwargs)
        except TypeError as e:
            m = re.fullmatch(r"(.*\(position )(\d+)(\).*)", str(e), re.S)
            if m is None:
                raise
            raise TypeError(f"{m[1]}{int(m[2]) - 1}{m[3]}") from None
    method.__name__, method.__wrapped__ = fn.__name__, fn
    return method


def _check_requires_grad(name, requires_grad, none_ok=True, device=None):
    """Creation functions want a real bool (None means False, except for tensor()) and a device
    there is (the CPU); PyTorch checks the device's type first and whether it exists last."""
    device = _device_arg(name, device)
    if requires_grad.__class__ is not builtins.bool and not (none_ok and requires_grad is None):
        raise TypeError(f"{name}(): argument 'requires_grad' must be bool, not "
                        f"{_type_name(requires_grad)}")
    _check_device(device)


def _invalid_combination(name, args, kwargs, method=False):
    """PyTorch's TypeError for a call that fits none of the overloads of torch.name (Tensor.name
    if method), listed from _arg_parser's signature strings."""
    signatures = _arg_parser.method_signatures(name) if method else _arg_parser.SIGNATURES[name]
    return TypeError(_arg_parser.invalid_arguments(name, list(args), kwargs,
                                                   _arg_parser.printed(signatures)))


def _options_fit(requires_grad, dtype=None, generator=None, device=None):
    """Whether a creation function's keyword options have the types its overloads take."""
    try:
        _device_arg("", device)
    except TypeError:
        return False
    return ((requires_grad is None or requires_grad.__class__ is builtins.bool)
            and (dtype is None or isinstance(dtype, dtypes.dtype))
            and (generator is None or isinstance(generator, Generator)))


def _check_overloads(name, args, requires_grad, dtype=None, generator=None, device=None):
    """Functions with several overloads (rand, arange, eye, ...): a call that fits none of them
    (no size, an option of a wrong type) gets PyTorch's list of them."""
    if (not args and requires_grad is not None
            or not _options_fit(requires_grad, dtype, generator, device)):
        given = dict(device=device, generator=generator, dtype=dtype, requires_grad=requires_grad)
        raise _invalid_combination(name, args, {k: v for k, v in given.items()
                                                if v is not None and v is not False})
    _check_device(_device_arg(name, device))


# --- arithmetic ---------------------------------------------------------------------------------
def _operands(name, *args):
    """add/sub/mul/div take tensors and Python numbers, on either side: anything else (a list, a
    string, a NumPy array) gets PyTorch's argument error, not what NumPy would make of it."""
    for position, (argname, value) in enumerate(zip(("input", "other"), args), 1):
        if not isinstance(value, (Tensor, numbers.Number, np.bool_)):
            raise TypeError(f"{name}(): argument '{argname}' (position {position}) must be Tensor, "
                            f"not {_type_name(value)}")


def add(input, other, *, alpha=1):
    """input + alpha * other, one node (AddBackward0): the gradient of other is alpha * grad."""
    _operands("add", input, other)
    return d.add(input, other, _alpha("add", input, other, alpha))


def sub(input, other, *, alpha=1):
    _operands("sub", input, other)
    _no_bool_subtraction(input, other)
    return d.sub(input, other, _alpha("sub", input, other, alpha))


def _alpha(name, input, other, alpha):
    """add/sub's alpha as PyTorch checks it against the result's dtype; a 0-d tensor is read."""
    if isinstance(alpha, Tensor):
        alpha = alpha.item()
    if not isinstance(alpha, (numbers.Number, np.bool_)):
        raise TypeError(f"{name}(): argument 'alpha' must be Number, not {_type_name(alpha)}")
    if isinstance(input, Tensor) and isinstance(other, Tensor):
        _broadcast_shape(input._data.shape, other._data.shape)
    kind = dtypes.result_type(input, other).kind
    if isinstance(alpha, (builtins.bool, np.bool_)) and kind != "b":
        raise RuntimeError("Boolean alpha only supported for Boolean results.")
    if kind != "f" and not isinstance(alpha, (numbers.Integral, np.bool_)):
        raise RuntimeError("For integral input tensors, argument alpha must not be a floating "
                           "point number.")
    return alpha


def _add_inplace(self, other, *, alpha=1):
    return apply_inplace(d.add, self, other, _alpha("add_", self, other, alpha))


def _rsub(self, other):
    _no_bool_subtraction(other, self)
    return d.rsub(self, other)


def _sub_inplace(self, other, *, alpha=1):
    _no_bool_subtraction(self, other)
    return apply_inplace(d.sub, self, other, _alpha("sub_", self, other, alpha))


def _is_bool(x):
    return isinstance(x, (builtins.bool, np.bool_)) or (
        isinstance(x, Tensor) and x._data.dtype == np.bool_)


def _no_bool_subtraction(a, b):
    """PyTorch refuses `-` on bools: on masks it is not what anyone means."""
    if _is_bool(a) and _is_bool(b):
        raise RuntimeError("Subtraction, the `-` operator, with two bool tensors is not supported. "
                           "Use the `^` or `logical_xor()` operator instead.")
    if _is_bool(a) or _is_bool(b):
        raise RuntimeError("Subtraction, the `-` operator, with a bool tensor is not supported. "
                           "If you are trying to invert a mask, use the `~` or `logical_not()` "
                           "operator instead.")


def mul(input, other):
    _operands("mul", input, other)
    return d.mul(input, other)


def div(input, other, *, rounding_mode=None):
    """input / other; rounding_mode "trunc" or "floor" rounds the quotient (its gradient is 0)."""
    _operands("div", input, other)
    op, args = _div_call(input, other, rounding_mode)
    return op(*args)


def _div_inplace(self, other, *, rounding_mode=None):
    op, args = _div_call(self, other, rounding_mode)
    return apply_inplace(op, *args)


def _div_call(input, other, rounding_mode):
    if rounding_mode is None:
        return d.div, (input, other)
    if rounding_mode not in ("trunc", "floor"):
        raise RuntimeError("div expected rounding_mode to be one of None, 'trunc', or 'floor' but "
                           f"found '{rounding_mode}'")
    if dtypes.result_type(input, other) == np.bool_:
        raise NotImplementedError(f'"div_{rounding_mode}_cpu" not implemented for \'Bool\'')
    return d.div_rounded, (input, other, rounding_mode)


def _unary(name, op, check=None, kernel=None):
    """torch.name(input): the table row `op`, after PyTorch's argument check (a list or a number
    is refused: torch.sin is for tensors, math.sin for numbers) and `check(kernel, input)`, its
    dtype check, if the op has one."""
    def fn(input):
        _tensor_arg(name, "input", 1, input)
        if check:
            check(kernel, input)
        return op(input)
    fn.__name__ = fn.__qualname__ = name  # Python's own errors (too many arguments) name it so
    return fn


def neg(input):
    _tensor_arg("neg", "input", 1, input)
    _no_bool_negation(input)
    return d.neg(input)


def _neg_inplace(self):
    _no_bool_negation(self)
    return apply_inplace(d.neg, self)


def _no_bool_negation(x):
    if _is_bool(x):
        raise RuntimeError("Negation, the `-` operator, on a bool tensor is not supported. If you "
                           "are trying to invert a mask, use the `~` or `logical_not()` operator "
                           "instead.")


def pow(input, exponent):
    if not (isinstance(input, (Tensor, numbers.Number)) and isinstance(exponent, (Tensor, numbers.Number))
            and isinstance(input, Tensor) + isinstance(exponent, Tensor)):
        raise _invalid_combination("pow", (input, exponent), {})
    if isinstance(input, Tensor):
        return (d.pow_tensor if isinstance(exponent, Tensor) else d.pow_scalar)(input, exponent)
    return d.rpow(input, exponent)


def _not_for_bools(kernel, x):
    """PyTorch has no kernel for `kernel`'s op on bools: its dispatch error."""
    if x._data.dtype == np.bool_:
        raise NotImplementedError(f'"{kernel}" not implemented for \'Bool\'')


exp, log, sqrt = _unary("exp", d.exp), _unary("log", d.log), _unary("sqrt", d.sqrt)
abs = _unary("abs", d.abs, _not_for_bools, "abs_cpu")


def _abs_inplace(self):
    _not_for_bools("abs_cpu", self)
    return apply_inplace(d.abs, self)


sgn = _unary("sgn", d.sgn)


def sign(input):
    _tensor_arg("sign", "input", 1, input)
    return d.sign(input)


def _classify(name, ufunc):
    """isnan, isinf, isfinite, ...: a bool tensor, never differentiable (integers are finite)."""
    def test(input):
        _tensor_arg(name, "input", 1, input)
        return Tensor._make(np.asarray(ufunc(input._data)))
    test.__name__ = name
    return test


isnan = _classify("isnan", np.isnan)
isinf = _classify("isinf", np.isinf)
isfinite = _classify("isfinite", np.isfinite)
isposinf = _classify("isposinf", np.isposinf)
isneginf = _classify("isneginf", np.isneginf)


def _no_bool_relu(kernel, input):
    if input.dtype is dtypes.bool:
        raise RuntimeError("Boolean inputs not supported for relu")


def _relu_inplace(self):
    _no_bool_relu(None, self)
    return apply_inplace(d.relu, self)


sigmoid, tanh = _unary("sigmoid", d.sigmoid), _unary("tanh", d.tanh)
relu = _unary("relu", d.relu, _no_bool_relu)
sin, cos = _unary("sin", d.sin), _unary("cos", d.cos)


# --- part trig: more elementwise math (tan ... tril/triu), PyTorch's names and aliases -----------
tan, sinh, cosh = _unary("tan", d.tan), _unary("sinh", d.sinh), _unary("cosh", d.cosh)
asin, acos, atan = _unary("asin", d.asin), _unary("acos", d.acos), _unary("atan", d.atan)
asinh, acosh, atanh = _unary("asinh", d.asinh), _unary("acosh", d.acosh), _unary("atanh", d.atanh)
arcsin, arccos, arctan = _unary("arcsin", d.asin), _unary("arccos", d.acos), _unary("arctan", d.atan)
arcsinh, arccosh = _unary("arcsinh", d.asinh), _unary("arccosh", d.acosh)
arctanh = _unary("arctanh", d.atanh)
erf, erfc, erfinv = _unary("erf", d.erf), _unary("erfc", d.erfc), _unary("erfinv", d.erfinv)
log2, log10, exp2 = _unary("log2", d.log2), _unary("log10", d.log10), _unary("exp2", d.exp2)
deg2rad, rad2deg = _unary("deg2rad", d.deg2rad), _unary("rad2deg", d.rad2deg)


def _binary(name, op, kernel=None, inplace=False):
    """torch.name(input, other) (or Tensor.name_), both tensors; `kernel`: PyTorch's has floats
    only."""
    def fn(input, other=_REQUIRED, *more):
        if more:  # (Python would count `other` as optional)
            raise TypeError(f"{name}() takes 2 positional arguments but {2 + len(more)} were given")
        _tensor_arg(name, "input", 1, input)
        _tensor_arg(name, "other", 2, other)
        dt = dtypes.result_type(input, other)
        if kernel and dt.kind != "f":
            raise NotImplementedError(f'"{kernel}" not implemented for '
                                      f"'{dtypes.from_numpy_dtype(dt)._scalar}'")
        return apply_inplace(op, input, other) if inplace else op(input, other)
    fn.__name__ = fn.__qualname__ = name
    return fn


atan2, arctan2 = _binary("atan2", d.atan2), _binary("arctan2", d.atan2)
hypot = _binary("hypot", d.hypot, "hypot_cpu")
nextafter = _binary("nextafter", d.nextafter, "nextafter_cpu")
logaddexp = _binary("logaddexp", d.logaddexp, "logaddexp_cpu")


def _xlogy_op(input, other):
    """xlogy has three rows, as PyTorch: tensor and tensor, number and tensor, tensor and number."""
    if isinstance(input, Tensor) and isinstance(other, (Tensor, numbers.Number)):
        return d.xlogy if isinstance(other, Tensor) else d.xlogy_scalar_other
    if isinstance(input, numbers.Number) and isinstance(other, Tensor):
        return d.xlogy_scalar_self
    raise _invalid_combination("xlogy", (input, other), {})


def xlogy(input, other):
    """input * log(other), 0 where input is 0 (so 0 log 0 = 0, as entropy wants)."""
    return _xlogy_op(input, other)(input, other)


def _lerp_op(input, end, weight):
    """lerp's checks, then its row: LerpBackward0 for a number weight, LerpBackward1 for a tensor."""
    if not (isinstance(input, Tensor) and isinstance(end, Tensor)
            and isinstance(weight, (Tensor, numbers.Number))):
        raise _invalid_combination("lerp", (input, end, weight), {})
    for name, x in (("end", end), ("weight", weight)):
        if isinstance(x, Tensor) and x.dtype is not input.dtype:
            raise RuntimeError(f"expected dtype {input.dtype._c} for `{name}` but got dtype {x.dtype._c}")
    tensor = isinstance(weight, Tensor)
    _floats_only("lerp_kernel_tensor" if tensor else "lerp_kernel_scalar", input)
    return d.lerp if tensor else d.lerp_scalar


def lerp(input, end, weight):
    """input + weight * (end - input): a straight line from input (weight 0) to end (weight 1)."""
    return _lerp_op(input, end, weight)(input, end, weight)


def _nan_to_num_args(nan, posinf, neginf):
    for name, v in (("nan", nan), ("posinf", posinf), ("neginf", neginf)):
        if v is not None and not isinstance(v, numbers.Real):
            raise TypeError(f"nan_to_num(): argument '{name}' must be float, not {_type_name(v)}")


def nan_to_num(input, nan=0.0, posinf=None, neginf=None):
    """nan -> nan, inf -> posinf, -inf -> neginf (by default 0 and the dtype's largest finite)."""
    _tensor_arg("nan_to_num", "input", 1, input)
    _nan_to_num_args(nan, posinf, neginf)
    return d.nan_to_num(input, nan, posinf, neginf)


def _nan_to_num_inplace(self, nan=0.0, posinf=None, neginf=None):
    _nan_to_num_args(nan, posinf, neginf)
    return apply_inplace(d.nan_to_num, self, nan, posinf, neginf)


def logit(input, eps=None):
    """log(p / (1 - p)); with eps, p is clamped into [eps, 1 - eps] first (no infinities)."""
    _tensor_arg("logit", "input", 1, input)
    return d.logit(input, eps)


def _tri(name, op, inplace=False):
    """tril/triu (and their in-place forms): a matrix, or a stack of them, and an int diagonal."""
    def fn(input, *args, diagonal=0):
        if args:  # given by position, the error says which
            (diagonal,) = args
        _tensor_arg(name, "input", 1, input)
        if _arg_parser._is_int_tensor(diagonal):  # (its item: a SymInt takes one of any dims)
            diagonal = _arg_parser.symint_item(diagonal)
        if not isinstance(diagonal, int) or isinstance(diagonal, builtins.bool):
            raise TypeError(f"{name}(): argument 'diagonal'{' (position 2)' if args else ''} must be "
                            f"int, not {_type_name(diagonal)}")
        if input.dim() < 2:
            raise RuntimeError(f"{name.rstrip('_')}: input tensor must have at least 2 dimensions")
        return apply_inplace(op, input, diagonal) if inplace else op(input, diagonal)
    fn.__name__ = name
    return fn


tril, triu = _tri("tril", d.tril), _tri("triu", d.triu)
# --- end of part trig ---


# --- part bessel: i0 (the special module has i0e, i1, i1e, the incomplete gamma functions) ------
i0 = _unary("i0", d.i0)
igamma, igammac = _binary("igamma", d.igamma, "igamma_cpu"), _binary("igammac", d.igammac, "igammac_cpu")
# --- end of part bessel ---


# --- part special: the gamma family (lgamma ... mvlgamma), and torch.special's rows -------------
lgamma, digamma = _unary("lgamma", d.lgamma), _unary("digamma", d.digamma)


def _int_arg(name, argname, position, value):
    if not isinstance(value, numbers.Integral) or isinstance(value, builtins.bool):
        raise TypeError(f"{name}(): argument '{argname}' (position {position}) must be int, not "
                        f"{_type_name(value)}")


def _polygamma_args(n, input, name="polygamma"):
    if n is _REQUIRED:
        raise TypeError(f'{name}() missing 1 required positional arguments: "n"')
    _int_arg(name, "n", 1, n)
    _tensor_arg(name, "input", 2, input)
    if n < 0:
        raise RuntimeError("polygamma(n, x) does not support negative n.")


def polygamma(n=_REQUIRED, input=_REQUIRED):
    """The n-th derivative of digamma (n = 0: digamma itself); n is a non-negative int."""
    _polygamma_args(n, input)
    return d.polygamma(input, n)


def _polygamma_inplace(self, n=_REQUIRED):
    _polygamma_args(n, self, "polygamma_")
    return apply_inplace(d.polygamma_, self, n)


def _mvlgamma_args(input, p, name="mvlgamma"):
    _tensor_arg(name, "input", 1, input)
    if p is _REQUIRED:
        raise TypeError(f'{name}() missing 1 required positional arguments: "p"')
    _int_arg(name, "p", 2, p)
    if _is_bool(input):
        raise RuntimeError("The input tensor may not be a boolean tensor.")
    if p < 1:
        raise RuntimeError("p has to be greater than or equal to 1")


def mvlgamma(input, p=_REQUIRED):
    """log of the multivariate gamma function of dimension p (Wishart densities use it)."""
    _mvlgamma_args(input, p)
    return d.mvlgamma(input, p)


def _mvlgamma_inplace(self, p=_REQUIRED):
    _mvlgamma_args(self, p, "mvlgamma_")
    if not self.is_floating_point():  # PyTorch's own words for this check (sic: the types swapped)
        raise RuntimeError(f"mvlgamma: result type {self.dtype._scalar} can't be cast to the "
                           f"desired output type {dtypes.get_default_dtype()._scalar}")
    return apply_inplace(d.mvlgamma, self, p)
# --- end of part special ---


def square(input):
    """Not an op of its own in PyTorch: pow(input, 2), so its node is PowBackward0."""
    _tensor_arg("square", "input", 1, input)
    return pow(input, 2)


rsqrt, reciprocal = _unary("rsqrt", d.rsqrt), _unary("reciprocal", d.reciprocal)
log1p, expm1 = _unary("log1p", d.log1p), _unary("expm1", d.expm1)
floor = _unary("floor", d.floor, _not_for_bools, "floor_vml_cpu")
ceil = _unary("ceil", d.ceil, _not_for_bools, "ceil_vml_cpu")


def round(input, *, decimals=None):
    """Half to even. With `decimals` PyTorch runs another kernel (RoundBackward1), for floats
    only, even when decimals is 0 (round of integers without it is a copy)."""
    _tensor_arg("round", "input", 1, input)
    op, args = _round_op("round", input, decimals)
    return op(*args)


def _round_op(name, input, decimals):
    if decimals is None:
        _not_for_bools("round_vml_cpu", input)
        return d.round, (input,)
    if not isinstance(decimals, int):
        raise TypeError(f"{name}(): argument 'decimals' must be int, not {type(decimals).__name__}")
    if input._data.dtype.kind != "f":
        raise NotImplementedError(f'"{"round_cpu" if decimals else "round_vml_cpu"}" not '
                                  f"implemented for '{input.dtype._scalar}'")
    return d.round_decimals, (input, decimals)


def _round_inplace(self, *, decimals=None):
    op, args = _round_op("round_", self, decimals)
    return apply_inplace(op, *args)


def _floats_only(kernel, x):
    if x._data.dtype.kind != "f":
        raise NotImplementedError(f'"{kernel}" not implemented for \'{x.dtype._scalar}\'')


# trunc rounds toward zero (fix is another name for it); frac is input - trunc(input): the
# fractional part, with input's sign, for floats only
trunc = _unary("trunc", d.trunc, _not_for_bools, "trunc_vml_cpu")
fix = _unary("fix", d.trunc, _not_for_bools, "trunc_vml_cpu")
frac = _unary("frac", d.frac, _floats_only, "frac_cpu")


def _checked_inplace(check, kernel, op):
    """floor_, ceil_, trunc_, frac_: the function's dtype check, then op written into self."""
    def method(self):
        check(kernel, self)
        return apply_inplace(op, self)
    method.__name__ = op.node_class.__name__
    return method


def _square_inplace(self):
    """pow_(2), as in PyTorch: its node is PowBackward0."""
    return apply_inplace(d.pow_scalar, self, 2)


def _clamp_bound(name, input, bound, method):
    """clamp_min(input, min), clamp_max(input, max) and their methods: the bound is a number
    (ClampMinBackward0) or a tensor (ClampMinBackward1, which gives the bound a gradient too)."""
    if not isinstance(bound, (Tensor, numbers.Number)):
        got, param = _type_name(bound), name[6:9]
        why = "      didn't match because some of the arguments have invalid types: "
        if bound is _REQUIRED:
            raise TypeError(f"{name}() received an invalid combination of arguments - got "
                            f"({'' if method else 'Tensor'}), but expected one of:\n"
                            + (f" * (Tensor {param})\n * (Number {param})\n" if method else
                               f" * (Tensor input, Tensor {param}, *, Tensor out = None)\n"
                               f" * (Tensor input, Number {param}, *, Tensor out = None)\n"))
        raise TypeError(
            f"{name}() received an invalid combination of arguments - got "
            + (f"({got}), but expected one of:\n * (Tensor {param})\n{why}(!{got}!)\n"
               f" * (Number {param})\n{why}(!{got}!)\n" if method else
               f"(Tensor, {got}), but expected one of:\n * (Tensor input, Tensor {param}, *, "
               f"Tensor out = None)\n * (Tensor input, Number {param}, *, Tensor out = None)\n"))
    op = getattr(d, name[:9] + ("_tensor" if isinstance(bound, Tensor) else ""))
    return op, (input, bound)


def clamp_min(input, min=_REQUIRED):
    op, args = _clamp_bound("clamp_min", input, min, False)
    return op(*args)


def clamp_max(input, max=_REQUIRED):
    op, args = _clamp_bound("clamp_max", input, max, False)
    return op(*args)


def _clamp_min_method(self, min=_REQUIRED):
    op, args = _clamp_bound("clamp_min", self, min, True)
    return op(*args)


def _clamp_max_method(self, max=_REQUIRED):
    op, args = _clamp_bound("clamp_max", self, max, True)
    return op(*args)


def _check_clamp_cast(self, *bounds):
    """In-place clamp with number bounds checks the cast itself, naming self's dtype as C does
    ("long int"); tensor bounds get the generic in-place check ("Long")."""
    result = dtypes.from_numpy_dtype(dtypes.result_type(self, *bounds))
    if not can_cast(result, self.dtype):
        raise RuntimeError(f"result type {result._scalar} can't be cast to the desired output "
                           f"type {self.dtype._c}")


def _clamp_min_inplace(self, min=_REQUIRED):
    op, args = _clamp_bound("clamp_min_", self, min, True)
    if op is d.clamp_min:
        _check_clamp_cast(*args)
    return apply_inplace(op, *args)


def _clamp_max_inplace(self, max=_REQUIRED):
    op, args = _clamp_bound("clamp_max_", self, max, True)
    if op is d.clamp_max:
        _check_clamp_cast(*args)
    return apply_inplace(op, *args)


# --- division rounded to integers: //, % and fmod -------------------------------------------------
def _rounded_division(name, kernel, tensor_op, scalar_op, reverse_op=None, inplace_ops=None):
    """floor_divide, remainder, fmod and their in-place forms: a tensor or a number as other (a
    row each, as in PyTorch), a number as input where PyTorch has that overload."""
    def pick(input, other):
        if not isinstance(input, Tensor) and (reverse_op is None or not isinstance(
                input, numbers.Number)) or not isinstance(other, (Tensor, numbers.Number)):
            raise _division_type_error(name, input, other)
        if dtypes.result_type(input, other) == np.bool_:
            raise NotImplementedError(f'"{kernel}" not implemented for \'Bool\'')
        if not isinstance(input, Tensor):
            return reverse_op, (other, input)
        return (tensor_op if isinstance(other, Tensor) else scalar_op), (input, other)

    def divide(input, other):
        op, args = pick(input, other)
        return op(*args)

    def divide_(self, other):
        op, args = pick(self, other)
        if inplace_ops:  # (an op without a derivative names its in-place form when backward fails)
            op = inplace_ops[op is scalar_op]
        return apply_inplace(op, *args)
    divide.__name__, divide_.__name__ = name, name + "_"
    return divide, divide_


def _division_type_error(name, input, other):
    """PyTorch's list of the overloads, with why the one closest to the call did not fit."""
    if name == "fmod":
        return _invalid_combination(name, (input, other), {})
    got, marked = (_type_name(input), _type_name(other)), ("Tensor", f"!{_type_name(other)}!")
    why = "      didn't match because some of the arguments have invalid types: "
    if name == "remainder":
        marked = (f"!{got[0]}!", "Tensor") if isinstance(other, Tensor) else ("!Tensor!", marked[1])
        ways = (" * (Tensor input, Tensor other, *, Tensor out = None)\n * (Number self, Tensor other)"
                f"\n{why}({', '.join(marked)})\n * (Tensor input, Number other, *, Tensor out = None)\n")
    else:
        ways = (" * (Tensor input, Tensor other, *, Tensor out = None)\n * (Tensor input, Number other)"
                f"\n{why}({', '.join(marked)})\n")
    return TypeError(f"{name}() received an invalid combination of arguments - got "
                     f"({', '.join(got)}), but expected one of:\n{ways}")


def _division_method(fn):
    """Tensor.floor_divide/remainder/fmod(...): PyTorch lists the method's two overloads."""
    def method(self, other):
        if not isinstance(other, (Tensor, numbers.Number)):
            why = ("      didn't match because some of the arguments have invalid types: "
                   f"(!{_type_name(other)}!)\n")
            raise TypeError(f"{fn.__name__}() received an invalid combination of arguments - got "
                            f"({_type_name(other)}), but expected one of:\n * (Tensor other)\n{why}"
                            f" * (Number other)\n{why}")
        return fn(self, other)
    method.__name__ = fn.__name__
    return method


floor_divide, _floor_divide_inplace = _rounded_division(
    "floor_divide", "div_floor_cpu", d.floor_divide, d.floor_divide_scalar, d.rfloor_divide,
    (d.floor_divide_, d.floor_divide_scalar_))
remainder, _remainder_inplace = _rounded_division(
    "remainder", "remainder_cpu", d.remainder, d.remainder_scalar, d.rremainder)
fmod, _fmod_inplace = _rounded_division("fmod", "fmod_cpu", d.fmod, d.fmod_scalar)


def maximum(input, other):
    _tensor_arg("maximum", "input", 1, input)
    _tensor_arg("maximum", "other", 2, other)
    return d.maximum(input, other)


def minimum(input, other):
    _tensor_arg("minimum", "input", 1, input)
    _tensor_arg("minimum", "other", 2, other)
    return d.minimum(input, other)


def _clamp_op(name, method, input, args, kwargs):
    """The row for clamp's bounds (min, max: positional or keywords) and the bounds: numbers
    (ClampBackward1) or tensors (ClampBackward0, whose bounds get gradients too). PyTorch has no
    overload mixing a number and a tensor, but its Scalar takes a 0-d tensor without a gradient
    (read as its item), so clamp(x, 1, tensor(2.)) is clamp(x, 1, 2.)."""
    bounds = dict(zip(("min", "max"), args))
    fits = len(args) <= 2 and builtins.all(k in ("min", "max") and k not in bounds for k in kwargs)
    bounds.update(kwargs if fits else {})
    min, max = bounds.get("min"), bounds.get("max")
    given = [b for b in (min, max) if b is not None]
    if fits and not given:
        raise RuntimeError("minigrad.clamp: At least one of 'min' or 'max' must not be None")
    if fits and builtins.all(isinstance(b, Tensor) for b in given):
        return d.clamp_tensor, min, max
    if fits and builtins.all(isinstance(b, numbers.Number) or _arg_parser._is_scalar_tensor(b)
                             for b in given):
        min, max = (b.item() if isinstance(b, Tensor) else b for b in (min, max))
        return d.clamp, min, max
    raise _invalid_combination(name, args if method else (input, *args), kwargs, method)


def clamp(input, *args, **kwargs):
    """input limited to [min, max] (either may be None); with tensor bounds, elementwise."""
    op, min, max = _clamp_op("clamp", False, input, args, kwargs)
    return op(input, min, max)


def clip(input, *args, **kwargs):
    op, min, max = _clamp_op("clip", False, input, args, kwargs)
    return op(input, min, max)


def _clamp_method(name):
    def method(self, *args, **kwargs):
        op, min, max = _clamp_op(name, True, self, args, kwargs)
        if not name.endswith("_"):
            return op(self, min, max)
        if op is d.clamp:
            _check_clamp_cast(self, min, max)
        return apply_inplace(op, self, min, max)
    method.__name__ = name
    return method


_clamp, _clip, _clamp_, _clip_ = map(_clamp_method, ("clamp", "clip", "clamp_", "clip_"))


def where(condition, input=_REQUIRED, other=_REQUIRED):
    """input where condition holds, other elsewhere; where(condition) alone is
    nonzero(condition, as_tuple=True)."""
    if input is _REQUIRED and other is _REQUIRED and isinstance(condition, Tensor):
        return nonzero(condition, as_tuple=True)
    if input is _REQUIRED or other is _REQUIRED:  # _arg_parser gives PyTorch's words for it
        raise TypeError("where() takes 1 or 3 arguments")
    if isinstance(condition, Tensor) and condition.dtype is not dtypes.bool:
        if condition.dtype is not dtypes.uint8:
            raise RuntimeError("where expected condition to be a boolean tensor, but got a tensor "
                               f"with dtype {condition.dtype._scalar}")
        warn_once("where received a uint8 condition tensor. This behavior is deprecated and will "
                  "be removed in a future version of PyTorch. Use a boolean condition instead. "
                  "(Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/"
                  "TensorCompare.cpp:621.)")
    shape = _broadcast_shape(condition.shape, getattr(input, "shape", ()))  # PyTorch's order
    _broadcast_shape(shape, getattr(other, "shape", ()))
    return d.where(condition, input, other)


def masked_fill(input, mask, value):
    """`value` where `mask` is True; a 0-d tensor value is differentiable (MaskedFillBackward1)."""
    _check_fill_value(value)
    _broadcast_shape(mask.shape, input.shape)  # PyTorch expands the mask and self first
    _check_mask(mask)
    if isinstance(value, Tensor):
        return d.masked_fill(input, mask, value)
    return d.masked_fill_scalar(input, mask, _real_fill(value, input._data.dtype))


def _masked_fill_inplace(self, mask, value):
    """In place, the mask must broadcast to self (checked after its dtype); a number is cast to
    self's dtype (2.5 fills an integer tensor with 2)."""
    _check_fill_value(value)
    _check_mask(mask)
    _broadcast_shape(self.shape, mask.shape)
    if isinstance(value, Tensor):
        return apply_inplace(d.masked_fill, self, mask, value)
    value = _real_fill(value, self._data.dtype)
    if not self.is_floating_point():
        value = self._data.dtype.type(value).item()
    return apply_inplace(d.masked_fill_scalar, self, mask, value)


def _check_fill_value(value):
    if not isinstance(value, (Tensor, numbers.Number, np.bool_)):  # _arg_parser words it
        raise TypeError(f"masked_fill(): value must be Tensor or Number, not {_type_name(value)}")
    if isinstance(value, Tensor) and value.dim():
        raise RuntimeError("masked_fill_ only supports a 0-dimensional value tensor, but got "
                           f"tensor with {value.dim()} dimension(s).")


def _check_mask(mask):
    if mask._data.dtype != np.bool_:
        raise RuntimeError("masked_fill_ only supports boolean masks, but got mask with dtype "
                           f"{mask.dtype._c}")


def clone(input, *, memory_format=None):
    """A copy, recorded (CloneBackward0); by default with input's strides, as PyTorch keeps them."""
    if memory_format is not None and not isinstance(memory_format, _memory_format):
        raise TypeError(f"clone(): argument 'memory_format' must be minigrad.memory_format, not "
                        f"{_type_name(memory_format)}")
    return d.clone(input, memory_format)


def all(input, dim=None, keepdim=False):
    return _logical_reduction(np.all, input, dim, keepdim)


def any(input, dim=None, keepdim=False):
    return _logical_reduction(np.any, input, dim, keepdim)


def _logical_reduction(reduce, input, dim, keepdim):
    """all/any over everything or over `dim` (an int or a tuple): bool, but uint8 stays uint8;
    contiguous, as PyTorch allocates a reduction's result."""
    _bool_arg(reduce.__name__, "keepdim", keepdim)
    if isinstance(dim, Tensor) and not _arg_parser._is_int64(dim):  # (an int64_t dim only)
        raise TypeError(f"dim must be int, not {_type_name(dim)}")
    axis = None if dim is None else _dims(dim, input.ndim)
    out = reduce(input._data, axis=axis, keepdims=keepdim)
    return Tensor._make(np.array(out, input._data.dtype if input._data.dtype == np.uint8
                                 else np.bool_, order="C"))


def _compare(ufunc):
    def compare(self, other):
        if not isinstance(other, (Tensor, numbers.Number)):
            return NotImplemented
        dt = dtypes.result_type(self, other)
        a = self._data.astype(dt, copy=False)
        b = other._data.astype(dt, copy=False) if isinstance(other, Tensor) else other
        try:
            return Tensor._make(_iterator_layout(np.asarray(ufunc(a, b)), [a, b]))
        except ValueError as e:
            from .autograd.function import _torch_error
            raise _torch_error(e, [self, other]) from None
    compare.__name__ = ufunc.__name__
    return compare


_eq, _ne = _compare(np.equal), _compare(np.not_equal)  # the operators ==, !=, <, ...
_lt, _le, _gt, _ge = (_compare(np.less), _compare(np.less_equal), _compare(np.greater),
                      _compare(np.greater_equal))


def _comparison(name, operator):
    """torch.eq and friends: the operator's comparison, but a wrong operand is an error (the
    operator returns NotImplemented, so that Python can try the other side)."""
    def compare(*args, **kwargs):
        given = {**dict(zip(("input", "other"), args)), **kwargs}
        input, other = given.get("input"), given.get("other")
        if len(args) > 2 or len(given) != 2 or not (
                isinstance(input, Tensor) and isinstance(other, (Tensor, numbers.Number))):
            raise _invalid_combination(name, args, kwargs)
        return operator(input, other)
    compare.__name__ = compare.__qualname__ = name
    return compare


eq, ne, lt, le, gt, ge = (_comparison(n, op) for n, op in (
    ("eq", _eq), ("ne", _ne), ("lt", _lt), ("le", _le), ("gt", _gt), ("ge", _ge)))


def _close(name, input, other, rtol, atol, equal_nan):
    """PyTorch's isclose on the arrays: equal, or |input - other| <= atol + rtol * |other| where
    that difference is finite; computed in the tensors' dtype (float32 for integers and bools)."""
    _tensor_arg(name, "input", 1, input)
    _tensor_arg(name, "other", 2, other)
    for argname, tol in (("rtol", rtol), ("atol", atol)):
        if not isinstance(tol, (numbers.Real, Tensor)):
            raise TypeError(f"{name}(): argument '{argname}' must be float, not {_type_name(tol)}")
    if equal_nan.__class__ is not builtins.bool:
        raise TypeError(f"{name}(): argument 'equal_nan' must be bool, not {_type_name(equal_nan)}")
    if input.dtype is not other.dtype:
        raise RuntimeError(f"{input.dtype._scalar} did not match {other.dtype._scalar}")
    rtol, atol = float(rtol), float(atol)
    for argname, tol in (("rtol", rtol), ("atol", atol)):
        if not tol >= 0:
            raise RuntimeError(f"{argname} must be greater than or equal to zero, but got {tol:g}")
    a, b = input._data, other._data
    _broadcast_shape(a.shape, b.shape)
    close = a == b
    if equal_nan:
        close |= np.isnan(a) & np.isnan(b)
    if rtol == 0 and atol == 0:
        return close
    if a.dtype.kind != "f":
        a, b = a.astype(np.float32), b.astype(np.float32)
    with np.errstate(over="ignore", invalid="ignore"):
        actual = np.abs(a - b)
        close |= np.isfinite(actual) & (actual <= atol + np.abs(rtol * b))
    return close


def isclose(input, other=_REQUIRED, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Element by element: is input within atol + rtol * |other| of other?"""
    return Tensor._make(_iterator_layout(np.asarray(_close("isclose", input, other, rtol, atol,
                                                           equal_nan)), [input._data, other._data]))


def allclose(input, other=_REQUIRED, rtol=1e-05, atol=1e-08, equal_nan=False):
    """isclose everywhere: a Python bool (how gradients are checked against a formula)."""
    return builtins.bool(_close("allclose", input, other, rtol, atol, equal_nan).all())


def equal(input, other=_REQUIRED):
    """Same shape and same values (compared in their common dtype); a nan equals nothing."""
    _tensor_arg("equal", "input", 1, input)
    _tensor_arg("equal", "other", 2, other)
    return input.shape == other.shape and builtins.bool((input._data == other._data).all())


def _bitwise(ufunc, name):
    """`&`, `|`, `^` on bool and integer tensors (on bools they are the logical ops)."""
    compare = _compare(ufunc)

    def bitwise(self, other):
        if isinstance(other, (Tensor, numbers.Number)):
            if isinstance(other, Tensor):  # shapes are checked before dtypes, as in PyTorch
                _broadcast_shape(self._data.shape, other._data.shape)
            dt = dtypes.result_type(self, other)
            if dt.kind == "f":
                raise NotImplementedError(f'"{name}_cpu" not implemented for '
                                          f"'{dtypes.from_numpy_dtype(dt)._scalar}'")
        return compare(self, other)
    bitwise.__name__ = name
    return bitwise


def _bitwise_function(name, operator):
    """torch.bitwise_and and friends: the operator, but a wrong operand is an error (the operator
    returns NotImplemented, so that Python can try the other side), and a number may come
    first (`Number self`: the ops are symmetric)."""
    def function(input, other):
        if isinstance(input, numbers.Number) and isinstance(other, Tensor):
            input, other = other, input
        result = operator(input, other) if isinstance(input, Tensor) else NotImplemented
        if result is NotImplemented:
            raise _invalid_combination(name, (input, other), {})
        return result
    function.__name__ = function.__qualname__ = name
    return function


_and, _or, _xor = (_bitwise(np.bitwise_and, "bitwise_and"), _bitwise(np.bitwise_or, "bitwise_or"),
                   _bitwise(np.bitwise_xor, "bitwise_xor"))
bitwise_and = _bitwise_function("bitwise_and", _and)
bitwise_or = _bitwise_function("bitwise_or", _or)
bitwise_xor = _bitwise_function("bitwise_xor", _xor)


def bitwise_not(input):
    _tensor_arg("bitwise_not", "input", 1, input)
    if input._data.dtype.kind == "f":
        raise NotImplementedError(f'"bitwise_not_cpu" not implemented for \'{input.dtype._scalar}\'')
    return Tensor._make(~input._data)


def _invert(self):
    """`~x`: Python's operator checks the dtype itself, in its own words."""
    if self._data.dtype.kind == "f":
        raise TypeError("~ (operator.invert) is only implemented on integer and Boolean-type tensors")
    return bitwise_not(self)


# --- part elem2: PyTorch's other names for ops above, rsub, addcmul/addcdiv, logical ops -------
def _alias(name, fn, check=None):
    """fn under another name PyTorch gives it: the same op and node (subtract records
    SubBackward0); `check(name, ...)` checks the arguments first, and argument errors name the
    alias, as PyTorch's do."""
    def alias(*args, **kwargs):
        if check:
            check(name, *args, **kwargs)
        try:
            return fn(*args, **kwargs)
        except TypeError as e:
            raise TypeError(str(e).replace(f"{fn.__name__}(", f"{name}(", 1)) from None
    alias.__name__ = alias.__qualname__ = name
    return alias


def _two_operands(name, input=_REQUIRED, other=_REQUIRED, **kwargs):
    """A tensor and a tensor or a number (and a number alpha), else PyTorch's list of overloads."""
    if not (isinstance(input, Tensor) and isinstance(other, (Tensor, numbers.Number))
            and isinstance(kwargs.get("alpha", 1), numbers.Number)):
        raise _invalid_combination(name, [x for x in (input, other) if x is not _REQUIRED], kwargs)


def _method_operand(name, fn):
    """The method form: self and a tensor or a number."""
    def method(self, *args):
        if len(args) != 1 or not isinstance(args[0], (Tensor, numbers.Number)):
            raise _invalid_combination(name, args, {}, method=True)
        return fn(self, *args)
    method.__name__ = name
    return method


def _true_divide(input, other):  # div without rounding_mode
    return div(input, other)


subtract, multiply = _alias("subtract", sub, _two_operands), _alias("multiply", mul, _two_operands)
divide = _alias("divide", div, _two_operands)
true_divide = _alias("true_divide", _true_divide, _two_operands)
negative, absolute = _alias("negative", neg), _alias("absolute", abs)
greater, less = _alias("greater", gt, _two_operands), _alias("less", lt, _two_operands)
greater_equal = _alias("greater_equal", ge, _two_operands)
less_equal = _alias("less_equal", le, _two_operands)
not_equal = _alias("not_equal", ne, _two_operands)


def positive(input):
    """+input: input itself (no copy, no node). On bools PyTorch refuses it, as it refuses -."""
    _tensor_arg("positive", "input", 1, input)
    if _is_bool(input):
        raise RuntimeError("The `+` operator, on a bool tensor is not supported.")
    return input


def rsub(input, other, *, alpha=1):
    """other - alpha * input: sub with its operands swapped (`2 - x` calls it)."""
    if not isinstance(input, Tensor) or not isinstance(other, (Tensor, numbers.Number)):
        raise _invalid_combination("rsub", (input, other), {})
    _no_bool_subtraction(other, input)
    alpha = _alpha("rsub", other, input, alpha)  # (shapes named in the order other - input)
    return (d.rsub_tensor if isinstance(other, Tensor) else d.rsub)(input, other, alpha)


def _compare_inplace(name, scalar_row, tensor_row):
    """x.eq_(y): x becomes x == y as 0 and 1 in its own dtype; recorded, with zero gradients."""
    def method(self, other):
        row = tensor_row if isinstance(other, Tensor) else scalar_row
        return apply_inplace(row, self, other)
    return _method_operand(name, method)


def _addc(name, row, inplace=False):
    """addcmul(input, t1, t2, value=v) = input + v * t1 * t2, addcdiv: input + v * t1 / t2 (one
    op, one node; Adam's update is an addcdiv). Integer addcdiv is refused: it once truncated."""
    def fn(input, tensor1, tensor2, *, value=1):
        if not (isinstance(tensor1, Tensor) and isinstance(tensor2, Tensor)
                and isinstance(value, numbers.Number)):  # (_arg_parser words it)
            raise TypeError(f"{name}(): arguments of the wrong types")
        _broadcast_shape(_broadcast_shape(input.shape, tensor1.shape), tensor2.shape)
        if row is d.addcdiv and dtypes.result_type(tensor1, tensor2).kind != "f":
            raise RuntimeError(_ADDCDIV_INTEGERS)
        dt = dtypes.result_type(input, tensor1, tensor2)
        if dt == np.bool_:
            raise NotImplementedError(f'"{name.rstrip("_")}_cpu_out" not implemented for \'Bool\'')
        if inplace:
            return apply_inplace(row, input, tensor1, tensor2, value)
        return row(input, tensor1, tensor2, value)
    fn.__name__ = fn.__qualname__ = name
    return fn


_ADDCDIV_INTEGERS = (
    "Integer division with addcdiv is no longer supported, and in a future  release addcdiv will "
    "perform a true division of tensor1 and tensor2. The historic addcdiv behavior can be "
    "implemented as (input + value * minigrad.trunc(tensor1 / tensor2)).to(input.dtype) for integer "
    "inputs and as (input + value * tensor1 / tensor2) for float inputs. The future addcdiv "
    "behavior is just the latter implementation: (input + value * tensor1 / tensor2), for all "
    "dtypes.")
addcmul, addcdiv = _addc("addcmul", d.addcmul), _addc("addcdiv", d.addcdiv)


def _logical(name, ufunc):
    """logical_and/or/xor: any dtype, nonzero is True; a bool result, never differentiable."""
    def fn(input, other=_REQUIRED, *more):
        if more:  # (Python would count `other` as optional)
            raise TypeError(f"{name}() takes 2 positional arguments but {2 + len(more)} were given")
        _tensor_arg(name, "input", 1, input)
        _tensor_arg(name, "other", 2, other)
        _broadcast_shape(input.shape, other.shape)
        return Tensor._make(_iterator_layout(np.asarray(ufunc(input._data, other._data)),
                                             [input._data, other._data]))
    fn.__name__ = name
    return fn


logical_and = _logical("logical_and", np.logical_and)
logical_or = _logical("logical_or", np.logical_or)
logical_xor = _logical("logical_xor", np.logical_xor)


def logical_not(input):
    _tensor_arg("logical_not", "input", 1, input)
    return Tensor._make(np.logical_not(input._data))


def _logical_inplace(fn):
    """x.logical_and_(y): x becomes 0 and 1 in its own dtype. PyTorch records nothing here (no
    node, not even a check for leaves that require grad): only the version moves."""
    def method(self, *args):
        out = fn(self, *args)._data
        _check_output_shape(self._data.shape, out.shape)
        _function.write_untracked(self, out)
        return self
    method.__name__ = f"{fn.__name__}_"
    return method


def _copysign_op(input, other):
    if not isinstance(input, Tensor) or not isinstance(other, (Tensor, numbers.Number)):
        raise _invalid_combination("copysign", (input, other), {})
    return d.copysign if isinstance(other, Tensor) else d.copysign_scalar


def copysign(input, other):
    """|input| with the sign of other (-0.0 counts as negative); a float result."""
    return _copysign_op(input, other)(input, other)


def float_power(input, exponent):
    """input ** exponent in float64 whatever the dtypes: the inputs are cast first, so the graph
    shows their ToCopyBackward0 below the pow node."""
    if not (isinstance(input, Tensor) and isinstance(exponent, (Tensor, numbers.Number))
            or isinstance(input, numbers.Number) and isinstance(exponent, Tensor)):
        raise _invalid_combination("float_power", (input, exponent), {})
    input, exponent = (v.to(dtypes.float64) if isinstance(v, Tensor) else builtins.float(v)
                       for v in (input, exponent))
    return pow(input, exponent)


def _float_power_inplace(self, exponent):
    if not isinstance(exponent, (Tensor, numbers.Number)):
        raise _invalid_combination("float_power_", (exponent,), {}, method=True)
    if self.dtype is not dtypes.float64:
        raise RuntimeError(f"the base given to float_power_ has dtype {self.dtype._scalar} but the "
                           "operation's result requires dtype Double")
    return _pow_inplace(self, exponent.to(dtypes.float64) if isinstance(exponent, Tensor)
                        else builtins.float(exponent))


fmax, fmin = _binary("fmax", d.fmax), _binary("fmin", d.fmin)
logaddexp2 = _binary("logaddexp2", d.logaddexp2, "logaddexp2_cpu")
_ldexp, _ldexp_ = _binary("ldexp", d.ldexp), _binary("ldexp_", d.ldexp, inplace=True)
sinc = _unary("sinc", d.sinc)


def _check_ldexp_exponent(input, other):
    """A float times 2 ** an integer exponent runs PyTorch's integer-exponent kernel, which has
    no bool exponents (any other pair computes input * 2 ** other in floats)."""
    if (isinstance(input, Tensor) and isinstance(other, Tensor) and input.is_floating_point()
            and other.dtype is dtypes.bool):
        raise NotImplementedError("\"ldexp_cpu_exp\" not implemented for 'Bool'")


def ldexp(input, other=_REQUIRED, *more):
    _check_ldexp_exponent(input, other)
    return _ldexp(input, other, *more)


def _ldexp_inplace(self, other):
    if not self.is_floating_point():  # (PyTorch's words)
        raise RuntimeError(f"ldexp can't be cast to the desired output type {self.dtype._scalar}")
    _check_ldexp_exponent(self, other)
    return _ldexp_(self, other)
signbit = _classify("signbit", np.signbit)


def frexp(input):
    """input = mantissa * 2 ** exponent, |mantissa| in [0.5, 1) (an int32 exponent)."""
    _tensor_arg("frexp", "input", 1, input)
    if not input.is_floating_point():
        raise RuntimeError("minigrad.frexp() only supports floating-point dtypes")
    return return_types.frexp(*d.frexp(input))


def _heaviside(name, inplace=False):
    """0 where input < 0, 1 where > 0, `values` where input == 0: a step, with no derivative
    (PyTorch records it and fails in backward)."""
    def fn(input, values):
        _tensor_arg(name, "input", 1, input)
        _tensor_arg(name, "values", 2, values)
        if input.dtype is not values.dtype:
            raise RuntimeError("heaviside is not yet implemented for tensors with different "
                               "dtypes.")
        return apply_inplace(d.heaviside, input, values) if inplace else d.heaviside(input, values)
    fn.__name__ = name
    return fn


heaviside = _heaviside("heaviside")


def promote_types(type1=_REQUIRED, type2=_REQUIRED):
    """The dtype PyTorch computes tensors of two dtypes in: the higher kind wins (bool < integer
    < floating) as it is; within a kind, the wider (uint8 with int8: int16)."""
    for argname, position, value in (("type1", 1, type1), ("type2", 2, type2)):
        if value is _REQUIRED:
            raise TypeError(f'promote_types() missing 1 required positional arguments: "{argname}"')
        dtypes._check_dtype_arg("promote_types", value, argname, position)
    return dtypes.from_numpy_dtype(dtypes._promote_types(type1.np, type2.np))


def result_type(tensor, other):
    """The dtype an op on these operands computes in: a dimensioned tensor outranks a 0-d one,
    which outranks a Python number, unless the lower one is of a higher kind."""
    if not builtins.all(isinstance(x, (Tensor, numbers.Number)) for x in (tensor, other)):
        raise _invalid_combination("result_type", (tensor, other), {})
    return dtypes.from_numpy_dtype(dtypes.result_type(tensor, other))


def can_cast(from_, to):
    """Whether PyTorch's type checks let a `from_` result be written into a `to` tensor: never
    to a lower kind (float into int, int into bool); any width within a kind."""
    dtypes._check_dtype_arg("can_cast", from_, "from_", 1)
    dtypes._check_dtype_arg("can_cast", to, "to", 2)
    return dtypes._KIND_RANK[from_.np.kind] <= dtypes._KIND_RANK[to.np.kind]


def is_nonzero(input):
    """A one-element tensor's truth (nan is True); more or fewer elements: PyTorch's error."""
    _tensor_arg("is_nonzero", "input", 1, input)
    return builtins.bool(input)


def is_same_size(input, other):
    _tensor_arg("is_same_size", "input", 1, input)
    _tensor_arg("is_same_size", "other", 2, other)
    return input.shape == other.shape


def is_complex(input):
    """minigrad has no complex dtypes: always False."""
    _tensor_arg("is_complex", "input", 1, input)
    return False


def _is_signed(self):
    return self._data.dtype.kind in "if"


def typename(obj):
    """A tensor's legacy type name (minigrad.FloatTensor), else the object's module.qualname."""
    if isinstance(obj, Tensor):
        return obj.type()
    module, qualname = getattr(obj, "__module__", "") or "", getattr(obj, "__qualname__", None)
    if qualname is None:
        qualname = getattr(obj, "__name__", None)
    if qualname is None:
        module, qualname = obj.__class__.__module__ or "", obj.__class__.__qualname__
    return qualname if module in ("", "builtins") else f"{module}.{qualname}"
# --- end of part elem2 ---


# --- matrix products ----------------------------------------------------------------------------
def matmul(input, other):
    """PyTorch's matmul: dot, mv or mm for 1-D and 2-D operands; a batch against a matrix or
    vector folded into one mm or mv; otherwise broadcast batches through bmm. The graph it
    records is made of those ops, node for node as PyTorch's."""
    _tensor_arg("matmul", "input", 1, input)
    _tensor_arg("matmul", "other", 2, other)
    a, b = input._data.ndim, other._data.ndim
    if a == 0 or b == 0:
        raise RuntimeError(f"both arguments to matmul need to be at least 1D, but they are {a}D "
                           f"and {b}D")
    if a == 1 and b == 1:
        return _product(d.dot, input, other)
    if a == 2 and b == 1:
        return _product(d.mv, input, other)
    if a == 1 and b == 2:
        out = d.squeeze_dims_(_product(d.mm, d.unsqueeze(input, 0), other), 0)
        out._version_counter.value += 1  # PyTorch squeezes the product in place: that counts,
        out._view_base = None                  # and the result is that tensor, not a view of it
        return out
    if a == 2 and b == 2:
        return _product(d.mm, input, other)
    if _should_fold(input, other):
        return _folded_matmul(input, other)
    return _batched_matmul(input, other)


def _product(op, x, y):
    """Run dot, mv, mm or bmm after its own checks, in its own words: the shapes it is given
    (a folded batch shows as one matrix), then the dtypes."""
    if op is not d.dot:
        _check_matmul_shapes(x._data.shape, y._data.shape)
    if x._data.dtype != y._data.dtype:
        if op is d.dot:
            raise RuntimeError("dot : expected both vectors to have same dtype, but found "
                               f"{x.dtype._scalar} and {y.dtype._scalar}")
        if op is d.mv:  # mv runs addmv into a result of the vector's dtype
            raise RuntimeError("addmv input tensors must have the same dtype, but got "
                               f"{y.dtype._scalar}, {x.dtype._scalar}, and {y.dtype._scalar}")
        if op is d.bmm:
            raise RuntimeError(f"expected scalar type {x.dtype._scalar} but found "
                               f"{y.dtype._scalar}")
        raise RuntimeError("expected m1 and m2 to have the same dtype, but got: "
                           f"{x.dtype._c} != {y.dtype._c}")
    if op is d.dot and x.shape[0] != y.shape[0]:
        n, m = x.shape[0], y.shape[0]
        raise RuntimeError(f"inconsistent tensor size, expected tensor [{n}] and src [{m}] to have "
                           f"the same number of elements, but got {n} and {m} elements respectively")
    return op(x, y)


def _should_fold(t1, t2):
    """A batch of matrices against one matrix or vector folds into a single mm or mv: always
    when the smaller side requires grad (a smaller backward), otherwise when no copy is needed."""
    larger = t1.dim() >= t2.dim()
    big = t1._data if larger else np.swapaxes(t2._data, -1, -2)
    small = t2 if larger else t1
    if not (big.ndim >= 3 and small.dim() <= 2):
        return False
    if small.requires_grad:
        return True
    if t1.dim() == 2:
        return False
    if big.size == 0:
        return True
    st, sh = big.strides, big.shape
    return builtins.all(st[i] == st[i + 1] * sh[i + 1] for i in range(big.ndim - 2))


def _folded_matmul(t1, t2):
    """(..., n, m) @ (m, p) as one (N, m) @ (m, p) product; a batch on the right is transposed to
    the left first: A @ B = (B^T @ A^T)^T."""
    flip = t2.dim() > t1.dim()
    if flip:
        t1, t2 = transpose(t2, -2, -1), d.t(t1) if t1.dim() == 2 else t1
    shape = t1.shape[:-1]
    folded = reshape(t1, math.prod(shape), t1.shape[-1])
    if t2.dim() == 1:
        return d.unsafe_view(_product(d.mv, folded, t2), shape)
    out = d.unsafe_view(_product(d.mm, folded, t2), shape + (t2.shape[1],))
    if flip:
        out = transpose(out, -2, -1)
        out = out if out._data.flags.c_contiguous else d.clone(out, contiguous_format)
    return out


def _batched_matmul(t1, t2):
    """Broadcast the batch dims, flatten them into one, multiply with bmm, reshape back."""
    a, b = t1.dim(), t2.dim()
    n, m1 = (t1.shape[-2] if a > 1 else 1), t1.shape[-1]
    m2, p = (t2.shape[-2] if b > 1 else t2.shape[0]), (t2.shape[-1] if b > 1 else 1)
    batch1, batch2 = t1.shape[:builtins.max(a - 2, 0)], t2.shape[:builtins.max(b - 2, 0)]
    if a == 3 and b == 3 and batch1[0] != batch2[0]:
        if batch1[0] == 1 and t1.requires_grad:
            return matmul(squeeze(t1, 0), t2)
        if batch2[0] == 1 and t2.requires_grad:
            return matmul(t1, squeeze(t2, 0))
    batch = _broadcast_shape(batch1, batch2)
    count = math.prod(batch)
    e1 = reshape(expand(t1, batch + (n, m1)), count, n, m1)
    if b == 1:
        e2 = unsqueeze(reshape(expand(t2, batch + (m2,)), count, m2), 2)
    else:
        e2 = reshape(expand(t2, batch + (m2, p)), count, m2, p)
    out = _product(d.bmm, e1, e2)
    if b == 1:
        out = squeeze(out, -1)
    return d.unsafe_view(out, batch + ((n,) if a > 1 else ()) + ((p,) if b > 1 else ()))


def _check_matmul_shapes(sa, sb):
    """PyTorch's shape errors for mv, mm and bmm (dot checks its sizes after the dtypes)."""
    a, b = len(sa), len(sb)
    if a == 2 and b == 1 and sa[1] != sb[0]:
        raise RuntimeError(f"size mismatch, got input ({sa[0]}), mat ({sa[0]}x{sa[1]}), "
                           f"vec ({sb[0]})")
    if a <= 2 and b == 2 and sa[-1] != sb[0]:
        rows = sa[0] if a == 2 else 1
        raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({rows}x{sa[-1]} and "
                           f"{sb[0]}x{sb[1]})")
    if builtins.max(a, b) >= 3 and builtins.min(a, b) >= 2 and sa[-1] != sb[-2]:
        try:  # bmm sees the broadcast batch dims flattened into one
            n = math.prod(np.broadcast_shapes(sa[:-2], sb[:-2]))
        except ValueError:
            n = sb[0]
        raise RuntimeError(f"Expected size for first two dimensions of batch2 tensor to be: "
                           f"[{n}, {sa[-1]}] but got: [{n}, {sb[-2]}].")


def mm(input, mat2):
    """matmul of exactly two matrices: vectors and batches are refused."""
    _tensor_arg("mm", "input", 1, input)
    _tensor_arg("mm", "mat2", 2, mat2)
    if input._data.ndim != 2:
        raise RuntimeError("self must be a matrix")
    if mat2._data.ndim != 2:
        raise RuntimeError("mat2 must be a matrix")
    return matmul(input, mat2)


def dot(input, tensor):
    if not isinstance(tensor, Tensor):
        raise TypeError(f"dot(): argument 'tensor' (position 1) must be Tensor, not "
                        f"{type(tensor).__name__}")
    if input.dim() != 1 or tensor.dim() != 1:
        raise RuntimeError(f"1D tensors expected, but got {input.dim()}D and {tensor.dim()}D "
                           "tensors")
    return _product(d.dot, input, tensor)


def mv(input, vec=_REQUIRED):
    """Matrix @ vector (MvBackward0); PyTorch runs it as addmv, whose words its errors use."""
    _tensor_arg("mv", "input", 1, input)
    _tensor_arg("mv", "vec", 2, vec)
    if input.dim() != 2 or vec.dim() != 1:
        raise RuntimeError(f"vector + matrix @ vector expected, got 1, {input.dim()}, {vec.dim()}")
    return _product(d.mv, input, vec)


def _mv_method(self, vec=_REQUIRED):
    _tensor_arg("mv", "vec", 1, vec)
    return mv(self, vec)


# --- part einsum: torch.einsum, built from other ops as PyTorch builds it (Linear.cpp) -----------
def einsum(*args):
    """Sum the product of the operands over the subscripts left out of the output.

    The equation is parsed to labels; each operand takes the diagonal of a repeated label, gets
    a size-1 dim for each label it lacks, and is permuted to the common order (output labels,
    then the summed ones). The operands are then multiplied pairwise from the left, each pair by
    one bmm (_sumproduct_pair). So the graph holds PyTorch's nodes: Permute, View, Bmm, Sum, ...
    """
    if len(args) < 2:
        raise ValueError("einsum(): must specify the equation string and at least one operand, "
                         "or at least one operand and its subscripts list")
    if isinstance(args[0], Tensor):  # sublist format: op1, [0, 1], op2, [1, 2], ..., [out]
        equation = ",".join(_sublist_labels(s) for s in args[1::2])
        if len(args) % 2:
            equation += "->" + _sublist_labels(args[-1])
        operands = args[:-1:2] if len(args) % 2 else args[::2]
    else:
        equation, operands = args[0], args[1:]
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):  # the operands as a list
        return einsum(equation, *operands[0])
    _tensor_elements(operands, 1)
    return _einsum(equation, list(operands))


def _sublist_labels(sublist):
    """A sublist of ints in [0, 52) (and Ellipsis) as equation letters: 0 is 'A', 26 is 'a'."""
    def label(n):
        if n is Ellipsis:
            return "..."
        if not 0 <= n < 52:
            raise ValueError("einsum(): subscript in subscript list is not within the valid range "
                             "[0, 52)")
        return chr(ord("A") + n) if n < 26 else chr(ord("a") + n - 26)
    return "".join(label(n) for n in sublist)


def _einsum_labels(text, where, start):
    """Yield the labels of one operand (or of the output) in text, '...' as one label; errors
    come as the scan meets them (start: where text begins in the equation)."""
    i, ellipsis = 0, False
    while i < len(text):
        c = text[i]
        if c == ".":
            if ellipsis:
                raise RuntimeError(f"einsum(): found '.' for {where} " + (
                    "but an ellipsis (...) was already found" if where == "output" else
                    "for which an ellipsis was already found"))
            if text[i:i + 3] != "...":
                raise RuntimeError(f"einsum(): found '.' for {where} that is not part of any "
                                   "ellipsis" + (" (...)" if where == "output" else ""))
            ellipsis, i = True, i + 2
            yield "..."
        elif c != " ":
            if not (c.isascii() and c.isalpha()):
                raise RuntimeError(f"einsum(): invalid subscript given at index {start + i} in "
                                   "the equation string, subscripts must be in [a-zA-Z]")
            yield c
        i += 1


def _einsum(equation, operands):
    if not operands:
        raise RuntimeError("einsum(): must provide at least one operand")
    lhs, arrow, rhs = equation.partition("->")
    # 1. parse: the labels of each operand. Letters sort as PyTorch numbers them: A-Z, then a-z.
    op_labels, start = [], 0
    for k, text in enumerate(lhs.split(",")):
        if k == len(operands):
            raise RuntimeError("einsum(): fewer operands were provided than specified in the "
                               "equation")
        op_labels.append(list(_einsum_labels(text, f"operand {k}", start)))
        start += len(text) + 1
    if len(op_labels) < len(operands):
        raise RuntimeError("einsum(): more operands were provided than specified in the equation")
    count, ell_num_dim = {}, 0  # how many operands use each label; dims the ellipsis covers
    for k, (op, labels) in enumerate(zip(operands, op_labels)):
        nlabels = len(labels) - ("..." in labels)
        for s in labels:
            if s != "...":
                count[s] = count.get(s, 0) + 1
        if "..." in labels:
            ell_num_dim = builtins.max(ell_num_dim, op.dim() - nlabels)
            if nlabels > op.dim():
                raise RuntimeError(f"einsum(): the number of subscripts in the equation ({nlabels}) "
                                   f"is more than the number of dimensions ({op.dim()}) for "
                                   f"operand {k}")
        elif nlabels != op.dim():
            raise RuntimeError(f"einsum(): the number of subscripts in the equation ({nlabels}) does "
                               f"not match the number of dimensions ({op.dim()}) for operand {k} "
                               "and no ellipsis was given")
    # 2. the common order of dims, label -> index: the output's (implicit: the ellipsis, then the
    # labels used once), then the ellipsis if it is summed, then the other labels
    index, n, ell_index, ell_in_output = {}, 0, 0, not arrow
    if not arrow:
        n = ell_num_dim
        for s in sorted(count):
            if count[s] == 1:
                index[s], n = n, n + 1
    for s in _einsum_labels(rhs, "output", len(lhs) + 2):
        if s == "...":
            ell_index, n, ell_in_output = n, n + ell_num_dim, True
        elif s not in count or s in index:
            raise RuntimeError(f"einsum(): output subscript {s} " + (
                "appears more than once in the output" if s in index else
                "does not appear in the equation for any input operand"))
        else:
            index[s], n = n, n + 1
    out_num_dim = n
    if not ell_in_output:
        ell_index, n = n, n + ell_num_dim
    for s in sorted(count):
        if s not in index:
            index[s], n = n, n + 1
    # 3. align: diagonals for repeated labels, size-1 dims for missing ones, then one permute
    label_size, ell_sizes, dim_counts, ops = {}, [1] * ell_num_dim, [0] * n, []
    for k, labels in enumerate(op_labels):
        op, perm, dim = operands[k], [-1] * n, 0
        for s in labels:
            if s == "...":  # it covers the dims the labels leave, the last of the ellipsis dims
                for j in range(ell_num_dim - (operands[k].dim() - len(labels) + 1), ell_num_dim):
                    size = op.shape[dim]
                    if size != 1:
                        if ell_sizes[j] not in (1, size):
                            raise RuntimeError(
                                f"einsum(): dimension {dim} covered by ellipsis in operand {k}has "
                                f"size {size} which does not broadcast with previously seen "
                                f"ellipsis with size {ell_sizes[j]} for the respective dimension")
                        ell_sizes[j] = size
                        dim_counts[ell_index + j] += 1
                    perm[ell_index + j], dim = dim, dim + 1
            elif perm[index[s]] == -1:
                size = op.shape[dim]
                if size != 1:
                    if label_size.get(s, 1) not in (1, size):
                        raise RuntimeError(
                            f"einsum(): subscript {s} has size {size} for operand {k} which does "
                            f"not broadcast with previously seen size {label_size[s]}")
                    label_size[s] = size
                    dim_counts[index[s]] += 1
                perm[index[s]], dim = dim, dim + 1
            else:  # a repeated label: take the diagonal, put it where the label first was
                prev = perm[index[s]]
                if op.shape[dim] != op.shape[prev]:
                    raise RuntimeError(f"einsum(): subscript {s} is repeated for operand {k} but "
                                       f"the sizes don't match, {op.shape[dim]} != {op.shape[prev]}")
                op = op.diagonal(0, prev, dim).movedim(-1, prev)
        for i in range(n):
            if perm[i] == -1:
                op, perm[i], dim = op.unsqueeze(dim), dim, dim + 1
        ops.append(op.permute(perm))
    # 4. contract from the left; a dim is summed as soon as no later operand has it
    while len(ops) > 1:
        a, b = ops.pop(0), ops.pop(0)
        sum_dims, a_dims, b_dims = [], [], []
        for i in range(out_num_dim, n):
            if a.shape[i] != 1 and b.shape[i] != 1:
                dim_counts[i] -= 1
                if dim_counts[i] == 1:
                    sum_dims.append(i)
                    dim_counts[i] = 0
            elif dim_counts[i] == 1 and (a.shape[i] != 1 or b.shape[i] != 1):
                (a_dims if a.shape[i] != 1 else b_dims).append(i)
                dim_counts[i] = 0
        if a_dims:
            a = a.sum(a_dims, True)
        if b_dims:
            b = b.sum(b_dims, True)
        ops.insert(0, _sumproduct_pair(a, b, sum_dims))
    if n == out_num_dim:
        return ops[0]
    if len(operands) > 1:  # the summed dims are all of size 1 by now
        return ops[0].view(ops[0].shape[:out_num_dim])
    return ops[0].sum(list(range(out_num_dim, n)))


def _sumproduct_pair(left, right, sum_dims):
    """(left * right).sum(sum_dims, keepdim=True) for operands with the same number of dims, as
    one bmm: permute each to (batch, kept, summed) and (batch, summed, kept), flatten, multiply."""
    if not sum_dims:
        return mul(left, right)
    lro, lo, ro = [], [], []  # dims kept from both operands, from left only, from right only
    for i in range(left.dim()):
        sl, sr = left.shape[i] != 1, right.shape[i] != 1
        if i in sum_dims:
            if sl and not sr:  # summed dims in one operand only are summed right away
                left = left.sum(i, True)
            elif sr and not sl:
                right = right.sum(i, True)
        elif sl and sr:
            lro.append(i)
        elif sl:
            lo.append(i)
        else:
            ro.append(i)
    if lo and ro and ro[-1] < lo[0]:  # right's kept dims all come first: swapped, bmm writes
        left, right, lo, ro = right, left, ro, lo  # them in output order
    size = lambda t, dims: math.prod(t.shape[i] for i in dims)
    b, m, k, n = size(left, lro), size(left, lo), size(left, sum_dims), size(right, ro)
    out_size = [left.shape[i] for i in lro + lo] + [1] * len(sum_dims) + [right.shape[i] for i in ro]
    left = left.permute(lro + lo + sum_dims + ro).reshape(b, m, k)
    right = right.permute(lro + sum_dims + ro + lo).reshape(b, k, n)
    order = lro + lo + sum_dims + ro
    return bmm(left, right).view(out_size).permute([order.index(i) for i in range(len(order))])
# --- end of part einsum ---


# --- reductions ---------------------------------------------------------------------------------
def sum(input, dim=_REQUIRED, keepdim=_REQUIRED, *, dtype=None):
    if dim is _REQUIRED and keepdim is not _REQUIRED:  # (no overload takes keepdim alone)
        raise _invalid_combination("sum", (input,), dict(keepdim=keepdim))
    dim, keepdim = None if dim is _REQUIRED else dim, False if keepdim is _REQUIRED else keepdim
    _bool_arg("sum", "keepdim", keepdim)
    _check_reduction_dtype("sum", input, dtype)
    if dim is None:  # (keepdim=True: sum over all dims, kept as size-1 dims)
        return d.sum_dim(input, None, True, dtype) if keepdim else d.sum(input, dtype)
    return d.sum_dim(input, _given_dims(dim, input.dim()), keepdim, dtype)


def mean(input, dim=_REQUIRED, keepdim=_REQUIRED, *, dtype=None):
    if dim is _REQUIRED and keepdim is not _REQUIRED:  # (no overload takes keepdim alone)
        raise _invalid_combination("mean", (input,), dict(keepdim=keepdim))
    dim, keepdim = None if dim is _REQUIRED else dim, False if keepdim is _REQUIRED else keepdim
    _bool_arg("mean", "keepdim", keepdim)
    if dtype is None and not input.is_floating_point():
        raise RuntimeError("mean(): could not infer output dtype. Input dtype must be either a "
                           f"floating point or complex dtype. Got: {input.dtype._scalar}")
    _check_reduction_dtype("mean", input, dtype)
    if dim is None:  # (keepdim=True: mean over all dims, kept as size-1 dims)
        return d.mean_dim(input, None, True, dtype) if keepdim else d.mean(input, dtype)
    return d.mean_dim(input, _given_dims(dim, input.dim()), keepdim, dtype)


def _check_reduction_dtype(name, input, dtype):
    """sum/mean(dtype=...) reduce in that dtype; an integer one has no gradient to record."""
    if dtype is None:
        return
    if not isinstance(dtype, dtypes.dtype):
        raise TypeError(f"{name}(): argument 'dtype' must be minigrad.dtype, not "
                        f"{_type_name(dtype)}")
    if name == "mean" and not dtype.is_floating_point:
        raise RuntimeError("mean(): could not infer output dtype. Optional dtype must be either a "
                           f"floating point or complex dtype. Got: {dtype._scalar}")
    _check_grad_dtype(input, dtype)


def _check_grad_dtype(input, dtype):
    """A result asked for in an integer dtype has no gradient to record: PyTorch refuses it."""
    if dtype is not None and not dtype.is_floating_point and grad_mode._enabled and (
            input.requires_grad):
        raise RuntimeError(f"Autograd not support dtype: {dtype._scalar}")


def softmax(input, dim=_REQUIRED, dtype=None):
    """exp(x) / exp(x).sum(dim), in `dtype` if given (a recorded copy to it first, as PyTorch)."""
    return _softmax("softmax", d.softmax, input, dim, dtype)


def log_softmax(input, dim=_REQUIRED, dtype=None):
    return _softmax("log_softmax", d.log_softmax, input, dim, dtype)


def _softmax(name, op, input, dim, dtype):
    _tensor_arg(name, "input", 1, input)
    if dim is _REQUIRED:
        raise TypeError(f'{name}() missing 1 required positional arguments: "dim"')
    if not isinstance(dim, numbers.Integral):
        raise TypeError(f"{name}(): argument 'dim' (position 2) must be int, not {_type_name(dim)}")
    given, dim = _given(dim, input.dim()), _wrap_dim(dim, input.dim())
    if dtype is not None:
        input = input.to(dtype)
    if not input.is_floating_point():  # PyTorch has a kernel for the last dim, one for the others
        kernel = "lastdim_kernel_impl" if dim == builtins.max(input.dim(), 1) - 1 else "kernel_impl"
        raise NotImplementedError(f'"{name}_{kernel}" not implemented for '
                                  f"'{input.dtype._scalar}'")
    return op(input, given)


def _extreme(name, full, by_dim, elementwise):
    """max/min: over everything, along dim (values and indices), or, given a second tensor,
    elementwise (PyTorch's maximum/minimum: MaximumBackward0). The second argument by position is
    the other tensor when a tensor comes alone, else the dim: then, as wherever PyTorch's parser
    reads an int, a 0-d integer tensor is taken too (x.max(torch.tensor(1), True), dim=tensor)."""
    def reduce(input, *args, dim=_REQUIRED, keepdim=_REQUIRED, other=None):
        # (by position: a dim or the other tensor, which has no keyword of its own, then keepdim)
        if len(args) > 2 or len(args) == 2 and keepdim is not _REQUIRED:
            raise TypeError(f"{name}(): too many arguments")  # (the parser words it)
        dim_or_other = args[0] if args else _REQUIRED
        if len(args) == 2:
            keepdim = args[1]
        given = dict(dim=dim, other=other)
        if dim_or_other is not _REQUIRED:
            if dim is not _REQUIRED or other is not None:
                raise TypeError(f"{name}(): the dim or other given twice")  # (the parser words it)
            if isinstance(dim_or_other, Tensor) and keepdim is _REQUIRED:
                other = dim_or_other
            else:
                dim = dim_or_other
        if isinstance(dim, Tensor) and _arg_parser._is_int64(dim):
            dim = dim.item()
        if other is not None or isinstance(dim, Tensor):
            if dim is not _REQUIRED or keepdim is not _REQUIRED:  # (a dim that is no int)
                raise _invalid_combination(name, (input,) + (() if dim_or_other is _REQUIRED else (
                    dim_or_other,)), {k: v for k, v in given.items() if v not in (None, _REQUIRED)})
            return elementwise(input, other)
        if dim is _REQUIRED:
            if keepdim is not _REQUIRED:  # (keepdim without a dim: no overload takes it)
                raise _invalid_combination(name, (input,), dict(keepdim=keepdim))
            if input.numel() == 0:
                raise RuntimeError(f"{name}(): Expected reduction dim to be specified for "
                                   "input.numel() == 0. Specify the reduction dim with the 'dim' "
                                   "argument.")
            return full(input)
        keepdim = False if keepdim is _REQUIRED else keepdim
        if dim.__class__ is builtins.bool or not isinstance(dim, numbers.Integral):
            raise _invalid_combination(name, (input, dim), {})
        _bool_arg(name, "keepdim", keepdim)
        given = _given(dim, input.dim())
        if input.dim():
            _check_reducible(name, input, (_wrap_dim(dim, input.dim()),))
        values, indices = by_dim(input, given, keepdim)
        return getattr(return_types, name)(values, indices)
    reduce.__name__ = name
    return reduce


max = _extreme("max", d.max, d.max_dim, maximum)
min = _extreme("min", d.min, d.min_dim, minimum)


def sort(input, dim=-1, descending=False, *, stable=_REQUIRED):
    """The values along dim in order, and where each came from; equal values keep their order.
    Asking for stable at all (even stable=None) is PyTorch's other overload: SortBackward1."""
    _bool_arg("sort", "descending", descending)
    if stable is not _REQUIRED and stable is not None:
        _bool_arg("sort", "stable", stable)
    dim = _given(dim, input.dim())
    if stable is _REQUIRED:
        return return_types.sort(*d.sort(input, dim, descending))
    return return_types.sort(*d.sort_stable(input, stable, dim, descending))


def topk(input, k, dim=-1, largest=True, sorted=True):
    """The k largest (smallest) values along dim and their positions."""
    if k.__class__ is builtins.bool or not isinstance(k, numbers.Integral):
        raise TypeError(f"topk(): argument 'k' (position 2) must be int, not {_type_name(k)}")
    _bool_arg("topk", "largest", largest)
    _bool_arg("topk", "sorted", sorted)
    dim = _given(dim, input.dim())
    if not 0 <= k <= (input.shape[dim] if input.dim() else 1):
        raise RuntimeError("selected index k out of range")
    if input.dtype is dtypes.bool:
        raise RuntimeError("topk does not support bool dtypes on CPU")
    return return_types.topk(*d.topk(input, k, dim, largest, sorted))


def _check_index(name, input, dim, index, src=None, reduce=None):
    """PyTorch's checks for gather/scatter, in its order and words: its meta function's, then
    its kernel's (the reduce, the index's values)."""
    _check_index_meta(name, input, dim, index, src)
    if reduce is not None and reduce not in _SCATTER_REDUCE:
        raise RuntimeError("reduce argument must be either add or multiply.")
    size = (input.shape if input.dim() else (1,))[dim]
    bad = (index._data < 0) | (index._data >= size)
    if bad.any():
        raise RuntimeError(f"index {index._data[bad].flat[0]} is out of bounds for dimension {dim} "
                           f"with size {size}")


def _check_index_meta(name, input, dim, index, src=None):
    """The dtypes and shapes gather/scatter take (checked before an out= argument is)."""
    if index._data.dtype not in (np.int32, np.int64):
        raise RuntimeError(f"{name}(): Expected dtype int32/int64 for index")
    if name == "scatter" and src is not None and src._data.dtype != input._data.dtype:
        raise RuntimeError("scatter(): Expected self.dtype to be equal to src.dtype")
    which = "input" if name == "gather" else "self"
    if builtins.max(index.dim(), 1) != builtins.max(input.dim(), 1):
        raise RuntimeError(f"Index tensor must have the same number of dimensions as {which} tensor")
    shape = lambda t: t.shape if t.dim() else (1,)  # a 0-d tensor counts as one element
    ishape, sshape = shape(index), shape(input)
    if builtins.any(n > sshape[k] for k, n in enumerate(ishape) if k != dim) or (
            src is not None and builtins.any(n > m for n, m in zip(ishape, shape(src)))):
        if name == "gather":
            k = next(k for k, n in enumerate(ishape) if k != dim and n > sshape[k])
            raise RuntimeError(f"Size does not match at dimension {k} expected index "
                               f"{list(index.shape)} to be no larger than self {list(input.shape)} "
                               f"apart from dimension {dim}")
        raise RuntimeError(f"Expected index {list(index.shape)} to be no larger than self "
                           f"{list(input.shape)} apart from dimension {dim}"
                           + (f" and to be no larger size than src {list(src.shape)}" if src is not None else ""))


def gather(input, dim, index, *, sparse_grad=False):
    _bool_arg("gather", "sparse_grad", sparse_grad)
    given, dim = _given(dim, input.dim()), _wrap_dim(dim, input.dim())
    _check_index("gather", input, dim, index)
    return d.gather(input, given, index, sparse_grad)


def _scatter_call(input, dim, index, src, value, reduce):
    """The row scatter(dim, index, src) or scatter(dim, index, value) runs, and its arguments,
    after PyTorch's checks: shared by scatter and scatter_. reduce ("add", "multiply") is
    scatter_reduce's "sum" and "prod" (include_self), with no derivative."""
    # (PyTorch has no scatter without src or value, nor one of reduce=None: _arg_parser words it)
    if src is None is value or reduce is None:
        raise TypeError("scatter() missing its src or value, or given reduce=None")
    reduce = None if reduce is _NO_REDUCE else reduce
    if isinstance(src, Tensor) and reduce is not None:
        warn_once("The reduce argument of minigrad.scatter with Tensor src is deprecated and will be "
                  "removed in a future PyTorch release. Use minigrad.scatter_reduce instead for more "
                  "reduction options. (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/"
                  "native/TensorAdvancedIndexing.cpp:225.)", stacklevel=4)
    given, dim = _given(dim, input.dim()), _wrap_dim(dim, input.dim())
    if isinstance(src, Tensor):
        _check_index("scatter", input, dim, index, src, reduce)
        if reduce is None:
            return d.scatter, (input, given, index, src)
        return d.scatter_src_reduce, (input, given, index, src, _SCATTER_REDUCE[reduce])
    _check_index("scatter", input, dim, index, reduce=reduce)
    value = value if src is None else src
    if reduce is None:
        return d.scatter_value, (input, given, index, value)
    return d.scatter_value_reduce, (input, given, index, value, _SCATTER_REDUCE[reduce])


_SCATTER_REDUCE = {"add": "sum", "multiply": "prod"}
_NO_REDUCE = object()  # (reduce not given: PyTorch's overloads without it)


def scatter(input, dim, index, src=None, *, value=None, reduce=_NO_REDUCE):
    """Writes src's elements (or one number) at the positions index gives along dim; with
    reduce, adds or multiplies them in instead."""
    op, args = _scatter_call(input, dim, index, src, value, reduce)
    return op(*args)


def _scatter_inplace(self, dim, index, src=None, *, value=None, reduce=_NO_REDUCE):
    op, args = _scatter_call(self, dim, index, src, value, reduce)
    return apply_inplace(op, *args)


def scatter_add(input, dim, index, src):
    given, dim = _given(dim, input.dim()), _wrap_dim(dim, input.dim())
    _check_index("scatter", input, dim, index, src)
    return d.scatter_add(input, given, index, src)


def _scatter_add_inplace(self, dim, index, src):
    given, dim = _given(dim, self.dim()), _wrap_dim(dim, self.dim())
    _check_index("scatter", self, dim, index, src)
    return apply_inplace(d.scatter_add, self, given, index, src)


def _var_std_args(args, kwargs):
    """The first of PyTorch's three var/std overloads the arguments fit, as {name: value}, or None:
    (dim, unbiased, keepdim), (dim, *, correction, keepdim) and (unbiased). Flags must be bools;
    a dim list's items after the first may be too (_dims)."""
    fits = dict(dim=lambda v: v is None or _is_int(v) or isinstance(v, (list, tuple)) and builtins.all(
                    _is_int(x) or i and x.__class__ is builtins.bool for i, x in enumerate(v)),
                unbiased=lambda v: v.__class__ is builtins.bool, keepdim=lambda v: v.__class__ is builtins.bool,
                correction=lambda v: v is None or isinstance(v, numbers.Number))
    for positional, keywords, required in ((("dim", "unbiased", "keepdim"), (), ("dim",)),
                                           (("dim",), ("correction", "keepdim"), ()),
                                           (("unbiased",), (), ())):
        given = dict(zip(positional, args))
        if len(args) > len(positional) or builtins.any(
                k in given or k not in positional + keywords for k in kwargs):
            continue
        given.update(kwargs)
        if set(required) <= set(given) and builtins.all(fits[k](v) for k, v in given.items()):
            return given
    return None


def _var_std(name, op, method=False):
    """var and std: over dims (or all), dividing by n - correction (1 unless unbiased=False)."""
    def reduce(input, *args, **kwargs):
        return op(input, *_var_std_call(name, method, input, args, kwargs))
    reduce.__name__ = name
    return reduce


def _var_std_call(name, method, input, args, kwargs):
    """var/std/var_mean/std_mean's arguments after PyTorch's checks: (dims, correction, keepdim)."""
    kwargs = _torch_names(name, kwargs)
    given = _var_std_args(args, kwargs)
    if given is None:
        raise _invalid_combination(name, args if method else (input, *args), kwargs, method)
    dim, keepdim, correction = given.get("dim"), given.get("keepdim", False), given.get("correction")
    if not input.is_floating_point():
        raise RuntimeError(f"{'std and var' if name in ('std', 'var') else name} only support "
                           "floating point and complex dtypes")
    if correction is None:
        correction = 0 if given.get("unbiased") is False else 1
    dims = None if dim is None or dim == () or dim == [] else _given_dims(dim, input.dim())
    wrapped = () if dims is None else _dims(dim, input.dim())
    kept = () if dims is None else [s for i, s in enumerate(input.shape) if i not in wrapped]
    if input.numel() / builtins.max(1, math.prod(kept)) - correction <= 0:  # PyTorch's test
        warnings.warn(f"{name}(): degrees of freedom is <= 0. Correction should be strictly "
                      "less than the reduction factor (input numel divided by output numel). "
                      "(Triggered internally at "
                      "/__w/pytorch/pytorch/aten/src/ATen/native/ReduceOps.cpp:1861.)",
                      UserWarning, stacklevel=3)
    return dims, correction, keepdim


std = _var_std("std", d.std)
var = _var_std("var", d.var)
_std_method, _var_method = _var_std("std", d.std, True), _var_std("var", d.var, True)


def prod(input, dim=None, keepdim=False, *, dtype=None):
    _bool_arg("prod", "keepdim", keepdim)
    if dim is None:
        return d.prod(input, dtype)
    if not isinstance(dim, numbers.Integral):  # one dim only, unlike sum
        raise _invalid_combination("prod", (dim,), {}, method=True)
    return d.prod_dim(input, _given(dim, input.dim()), keepdim, dtype)


def _amax_amin(name, op):
    """amax/amin: the largest (smallest) values over dims (all by default), without indices; ties
    share the gradient evenly, unlike max(dim)."""
    def reduce(input, dim=(), keepdim=False):
        _bool_arg(name, "keepdim", keepdim)
        dims = _dims(dim, input.dim())
        if not dims and input.numel() == 0:
            raise RuntimeError(f"{name}(): Expected reduction dim to be specified for input.numel() "
                               "== 0. Specify the reduction dim with the 'dim' argument.")
        _check_reducible(name, input, dims)
        return op(input, () if isinstance(dim, (tuple, list)) and not dim else
                  _given_dims(dim, input.dim()), keepdim)
    reduce.__name__ = name
    return reduce


def _check_reducible(name, input, dims):
    """PyTorch's IndexError for reducing a dim of size 0 to values it does not have."""
    for x in dims:
        if input.shape[x] == 0:
            raise IndexError(f"{name}(): Expected reduction dim {x} to have non-zero size.")


amax = _amax_amin("amax", d.amax)
amin = _amax_amin("amin", d.amin)


def _arg_extreme(name, np_fn):
    """argmax/argmin: the position of the first largest (smallest) value: flat over all dims, or
    along dim. Indices are not differentiable: no node."""
    def reduce(input, dim=None, keepdim=False):
        _bool_arg(name, "keepdim", keepdim)
        a = input._data
        if dim is None:
            if input.numel() == 0:
                raise IndexError(f"{name}(): Expected reduction dim to be specified for "
                                 "input.numel() == 0.")
            out = np.asarray(np_fn(a)).reshape((1,) * a.ndim if keepdim else ())
        else:
            dim = _wrap_dim(dim, a.ndim)
            if a.ndim == 0:
                out = np.zeros((), np.int64)
            else:
                _check_reducible(name, input, (dim,))
                out = np_fn(a, axis=dim, keepdims=keepdim)
        return Tensor._make(out.astype(np.int64))
    reduce.__name__ = name
    return reduce


argmax = _arg_extreme("argmax", np.argmax)
argmin = _arg_extreme("argmin", np.argmin)


def logsumexp(input, dim=None, keepdim=False):
    """log(sum(exp(input))) over dims, computed without overflow."""
    if dim is None:
        raise TypeError('logsumexp() missing 1 required positional arguments: "dim"')
    _bool_arg("logsumexp", "keepdim", keepdim)
    if dim == () or dim == []:  # PyTorch sums over all dims then, but keeps its max's dims
        if keepdim or not input.dim():
            dim = tuple(range(input.dim()))
        else:
            _check_output_shape((), (1,) * input.dim())
    return d.logsumexp(input, _given_dims(dim, input.dim()), keepdim)


def cumsum(input, dim=None, *, dtype=None):
    if dim is None:
        raise TypeError('cumsum() missing 1 required positional arguments: "dim"')
    _check_grad_dtype(input, dtype)
    return d.cumsum(input, _given(dim, input.dim()), dtype)


def norm(input, p="fro", dim=None, keepdim=False, out=None):
    if out is not None:  # PyTorch's norm is Python: it hands out to linalg's vector or matrix norm
        from . import linalg
        dim = [dim] if isinstance(dim, numbers.Integral) else dim
        if isinstance(p, str) and p != "fro":
            return linalg.matrix_norm(input, p, list(range(input.dim())) if dim is None else dim,
                                      keepdim, out=out)
        return linalg.vector_norm(input, 2 if p in ("fro", None) else p, dim, keepdim, out=out)
    if isinstance(p, str) and p != "fro":  # 'nuc' (part svd): a matrix norm over dim (one dim
        from .linalg import matrix_norm      # as a list of it, refused), or over all dims
        dim = [dim] if isinstance(dim, numbers.Integral) else dim
        return matrix_norm(input, p, list(range(input.dim())) if dim is None else dim, keepdim)
    if p == "fro" and not (dim is None or isinstance(dim, numbers.Integral) or len(dim) <= 2):
        raise RuntimeError("linalg.matrix_norm: dim must be a 2-tuple. Got "
                           + " ".join(str(x) for x in dim))
    if not input.is_floating_point():
        raise RuntimeError("linalg.vector_norm: Expected a floating point or complex tensor as "
                           f"input. Got {input.dtype._scalar}")
    p = 2 if p in ("fro", None) else p
    try:
        _bool_arg("norm", "keepdim", keepdim)
        dims = None if dim is None else _given_dims(dim, input.dim())
    except Exception:  # PyTorch's norm is Python: it calls linalg_vector_norm, whose parser words it
        e = _arg_parser.error(_arg_parser.SIGNATURES["linalg_vector_norm"],
                              (input, p, [dim] if isinstance(dim, numbers.Integral) else dim,
                               keepdim), {})
        if e is None:
            raise
        raise e from None
    return d.norm(input, p, dims, keepdim)


def _norm_method(self, p="fro", dim=None, keepdim=False):
    return norm(self, p, dim, keepdim)


_norm_method.__qualname__ = "Tensor.norm"  # (Python's errors name it so, as PyTorch's)


# --- shapes and views ---------------------------------------------------------------------------
def _infer_shape(shape, numel):
    """The shape with its -1 worked out, checked dim by dim in order as PyTorch's infer_size."""
    inferred = False
    for i, s in enumerate(shape):
        if s == -1 and inferred:
            raise RuntimeError("only one dimension can be inferred")
        if s < -1:
            raise RuntimeError(f"invalid shape dimension {s} at index {i} of shape {list(shape)}")
        inferred = inferred or s == -1
    known = math.prod(s for s in shape if s != -1)
    if -1 in shape:
        if known == 0 == numel:
            raise RuntimeError(f"cannot reshape tensor of 0 elements into shape {list(shape)} because "
                               "the unspecified dimension size -1 can be any value and is ambiguous")
        if known == 0 or numel % known:
            raise RuntimeError(f"shape '{list(shape)}' is invalid for input of size {numel}")
        shape = tuple(numel // known if s == -1 else s for s in shape)
    if math.prod(shape) != numel:
        raise RuntimeError(f"shape '{list(shape)}' is invalid for input of size {numel}")
    return shape


def _viewable(a, shape):
    try:
        np.reshape(a, shape, copy=False)
        return True
    except ValueError:
        return False


def view(input, *shape):
    if not shape:
        raise TypeError("view() received an invalid combination of arguments - got (), but "
                        "expected one of:\n * (minigrad.dtype dtype)\n * (tuple of ints size)\n")
    if len(shape) == 1 and isinstance(shape[0], dtypes.dtype):
        return _view_dtype(input, shape[0])
    shape = _infer_shape(_shape(shape), input.numel())
    if not _viewable(input._data, shape):
        raise RuntimeError("view size is not compatible with input tensor's size and stride (at "
                           "least one dimension spans across two contiguous subspaces). Use "
                           ".reshape(...) instead.")
    return d.view(input, shape)


def _view_dtype(input, dtype):
    """view(dtype): the same bytes read as another type; the last dim shrinks or grows by the
    ratio of the sizes. It shares memory and version counter but not history (PyTorch marks it
    not differentiable): no grad_fn, no _base, requires_grad False, even for the same dtype."""
    a, new = input._data, dtype.np
    if a.itemsize != new.itemsize:  # (PyTorch's checks, in its order)
        how = f"to view {input.dtype._scalar} as {dtype._scalar} (different element sizes)"
        if a.ndim == 0:
            raise RuntimeError(f"self.dim() cannot be 0 {how}")
        stride, offset = _stride(input), input.storage_offset()
        if a.itemsize < new.itemsize:  # fewer, wider elements: they must start on their width
            ratio = new.itemsize // a.itemsize
            for value, what in [(a.shape[-1], "self.size(-1)"), (offset, "self.storage_offset()")]:
                if value % ratio:
                    raise RuntimeError(f"{what} must be divisible by {ratio} {how}, but got {value}")
        if stride[-1] != 1:
            raise RuntimeError(f"self.stride(-1) must be 1 {how}, but got {stride[-1]}")
        if a.itemsize < new.itemsize:
            for i, st in enumerate(stride[:-1]):
                if st % ratio:
                    raise RuntimeError(f"self.stride({i}) must be divisible by {ratio} {how}, "
                                       f"but got {st}")
    if a.size or a.itemsize == new.itemsize:
        a = a.view(new)
    else:  # (NumPy keeps no strides for an empty array to scale: a new one)
        a = np.empty((*a.shape[:-1], a.shape[-1] * a.itemsize // new.itemsize), new)
    # PyTorch makes a new tensor: an inference one in inference_mode; outside it, that of an
    # inference tensor gets a version counter of its own
    fresh = grad_mode._inference or input.is_inference()
    return Tensor._make(a, version_counter=None if fresh else input._version_counter)


def reshape(input, *shape):
    if not shape:
        raise TypeError('reshape() missing 1 required positional arguments: "shape"')
    shape = _infer_shape(_shape(shape), input.numel())
    if input._data.flags.c_contiguous:
        return d.view(input, shape)
    if _viewable(input._data, shape):  # a view all the same, of a strided tensor
        return d.reshape_alias(input, shape)
    return d.unsafe_view(d.clone(input, contiguous_format), shape)  # a row-major copy, viewed


def transpose(input, dim0, dim1):
    n = input.dim()
    return d.transpose(input, _given(dim0, n), _given(dim1, n))


def t(input):
    if input.dim() > 2:
        raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is "
                           f"{input.dim()}D")
    return d.t(input)


def _t_inplace(self):
    if self.dim() > 2:
        raise RuntimeError(f"t_() expects a tensor with <= 2 dimensions, but self is {self.dim()}D")
    return apply_inplace_view(d.t_, self)


def _transpose_inplace(self, dim0, dim1):
    n = self.dim()
    return apply_inplace_view(d.transpose_, self, _given(dim0, n), _given(dim1, n))


def _unsqueeze_inplace(self, dim):
    return apply_inplace_view(d.unsqueeze_, self, _given(dim, self.dim() + 1))


def _squeeze_inplace(self, dim=None):
    """squeeze_(), squeeze_(dim), squeeze_(dims): a node each (SqueezeBackward3, 4, 5)."""
    if dim is None:
        return apply_inplace_view(d.squeeze_, self)
    if isinstance(dim, (tuple, list)):  # (the rows skip the dims not of size 1)
        return apply_inplace_view(d.squeeze_dims_list_, self, _given_dims(dim, self.dim()) if dim
                                  else ())
    return apply_inplace_view(d.squeeze_dims_, self, _given(dim, self.dim()))


def permute(input, *dims):
    dims = _shape(dims, operator.index)
    if len(dims) != input.dim():
        raise RuntimeError("permute(sparse_coo): number of dimensions in the tensor input does not "
                           "match the length of the desired ordering of dimensions i.e. input.dim() "
                           f"= {input.dim()} is not equal to len(dims) = {len(dims)}")
    if len({_wrap_dim(x, input.dim()) for x in dims}) != len(dims):
        raise RuntimeError("permute(): duplicate dims are not allowed.")
    return d.permute(input, dims)  # (as given: the node shows them so)


def unsqueeze(input, dim):
    return d.unsqueeze(input, _given(dim, input.dim() + 1))


def squeeze(input, dim=None):
    if dim is None:
        return d.squeeze(input)
    if isinstance(dim, Tensor) and not _arg_parser._is_int64(dim):  # squeeze(IntArrayRef dim)
        dim = [dim]
    if isinstance(dim, (tuple, list)):  # (the row skips the dims not of size 1)
        return d.squeeze_dims(input, _given_dims(dim, input.dim()) if dim else ())
    return d.squeeze_dim(input, _given(dim, input.dim()))


# Tensor.squeeze(0, 1), Tensor.squeeze_(0, 1): a method's list of ints may come as
# separate arguments (PyTorch's parser reads an IntArrayRef so); torch.squeeze takes one tuple.
# A dim given as None is refused (PyTorch's parser words it).
def _dims_as_arguments(name, fn):
    def method(self, dim=_REQUIRED, *dims):
        if dim is None:
            raise TypeError(f"{name}(): dim None")
        return fn(self, None if dim is _REQUIRED else (dim, *dims) if dims else dim)
    return method


_squeeze_method = _dims_as_arguments("squeeze", squeeze)


def expand(input, *sizes):
    """New dims go in front; -1 keeps a size; only dims of size 1 grow. PyTorch checks from the
    last dim backwards, so its error names the last dim that does not fit."""
    if not sizes:
        raise TypeError('expand() missing 1 required positional arguments: "size"')
    sizes = _int_sizes("expand", sizes)
    have = input.shape
    if len(sizes) < len(have):
        raise RuntimeError(f"expand({input.type()}{{{list(have)}}}, size={list(sizes)}): the number "
                           f"of sizes provided ({len(sizes)}) must be greater or equal to the "
                           f"number of dimensions in the tensor ({len(have)})")
    lead = len(sizes) - len(have)
    shape = list(sizes)
    for i in range(len(sizes) - 1 if have else -1, -1, -1):  # a 0-d tensor takes sizes as given
        size = have[i - lead] if i >= lead else 1
        if shape[i] == -1:
            if i < lead:
                raise RuntimeError(f"The expanded size of the tensor (-1) isn't allowed in a "
                                   f"leading, non-existing dimension {i}")
            shape[i] = size
        elif shape[i] != size and size != 1:
            raise RuntimeError(f"The expanded size of the tensor ({shape[i]}) must match the "
                               f"existing size ({size}) at non-singleton dimension {i}.  Target "
                               f"sizes: {list(sizes)}.  Tensor sizes: {list(have)}")
    if builtins.any(n < 0 for n in shape):
        raise RuntimeError("numel: integer multiplication overflow")
    return d.expand(input, tuple(shape))


def flatten(input, start_dim=0, end_dim=-1):
    """Dims start_dim..end_dim merged into one: a reshape (a view when the memory allows). One dim
    to merge leaves the tensor itself, as PyTorch."""
    n = input.dim()
    start, end = _wrap_dim(start_dim, n), _wrap_dim(end_dim, n)
    if start > end:
        raise RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim")
    if n == 0:
        return reshape(input, 1)
    if start == end:
        return input
    shape = input.shape
    return reshape(input, shape[:start] + (math.prod(shape[start:end + 1]),) + shape[end + 1:])


def _check_int_tuple(name, arg, pos, value):
    """PyTorch's TypeError for an argument that must be a tuple (or list) of ints."""
    if not isinstance(value, (tuple, list)):
        raise TypeError(f"{name}(): argument '{arg}' (position {pos}) must be tuple of ints, not "
                        f"{_type_name(value)}")
    for i, s in enumerate(value):
        if not hasattr(s, "__index__"):
            raise TypeError(f"{name}(): argument '{arg}' (position {pos}) must be tuple of ints, "
                            f"but found element of type {_type_name(s)} at pos {i}")


# Where infer_size raises each of its errors (unflatten's words name the line)
_INFER_SIZE_LINES = {"only one dimension": 30, "invalid shape dimension": 35, "cannot reshape": 88}


def unflatten(input, dim, sizes):
    """Dim `dim` split into dims of `sizes` (one may be -1): flatten's inverse, always a view."""
    _check_int_tuple("unflatten", "sizes", 2, sizes)
    if not sizes:
        raise RuntimeError("unflatten: sizes must be non-empty")
    dim, sizes = _wrap_dim(dim, input.dim()), tuple(map(_symint, sizes))
    try:
        inferred = _infer_shape(sizes, input.shape[dim])
    except RuntimeError as e:
        if "is invalid for input of size" not in str(e):  # (PyTorch wraps the C++ error whole:
            line = next(n for k, n in _INFER_SIZE_LINES.items() if str(e).startswith(k))
            raise RuntimeError(f"unflatten got an unexpected error:\n{e}\nException raised from "
                               "infer_size_impl at /__w/pytorch/pytorch/aten/src/ATen/InferSize.h:"
                               f"{line} (most recent call first):") from None  # its C++ stack
            # frames, which name the machine's own files, are left out)
        raise RuntimeError(f"unflatten: Provided sizes {list(sizes)} don't multiply up to the size "
                           f"of dim {dim} ({input.shape[dim]}) in the input tensor") from None
    return view(input, input.shape[:dim] + inferred + input.shape[dim + 1:])


def _unflatten_method(self, dim, sizes):
    """Tensor.unflatten is Python in PyTorch (Python's errors name it Tensor.unflatten), calling
    the parsed C method."""
    return _unflatten_parsed(self, dim, sizes)


_unflatten_parsed = _arg_parser.parsed(unflatten, _arg_parser.method_signatures("unflatten"), True)
_unflatten_method.__qualname__ = "Tensor.unflatten"
_unflatten_method._signatures = _unflatten_parsed._signatures  # (parsed already, inside)


def _flip_method(self, *args, dims=None):
    """A copy with the order reversed along dims (PyTorch copies: it has no negative strides).
    The method takes the dims one by one too (x.flip(0)); torch.flip a list only."""
    if dims is not None and not isinstance(dims, (tuple, list)):
        raise TypeError("flip(): dims must be a list")  # (the parser words it)
    dims = args or (() if dims is None else (dims,))
    if not dims:
        raise TypeError('flip() missing 1 required positional arguments: "dims"')
    return d.flip(self, _given_dims(_shape(dims, operator.index), self.dim()))


def flip(input, dims=None):
    return _flip_method(input, dims=dims)


def roll(input, shifts=_REQUIRED, dims=None):
    """A copy with elements shifted along dims, those pushed off the end coming back at the
    front; without dims the flattened tensor is rolled (then one shift only)."""
    if shifts is _REQUIRED:
        raise TypeError('roll() missing 1 required positional arguments: "shifts"')
    shifts = (shifts,) if isinstance(shifts, int) else tuple(shifts)
    dims = () if dims is None else (dims,) if _arg_parser._is_symint(dims) else tuple(dims)
    dims = tuple(int(x) if _arg_parser._is_int_tensor(x) else x for x in dims)  # (SymInts)
    if len(shifts) != len(dims) and (dims or len(shifts) != 1):
        raise RuntimeError(f"shifts and dimensions must align. shifts: {len(shifts)}, dims:"
                           f"{len(dims)}")
    for x in dims:
        _wrap_dim_no_scalar(x, input.dim())
    return d.roll(input, shifts, dims)


def narrow(input, dim, start, length):
    """`length` elements along dim from `start`: a view, the slice input[..., start:start + length]
    (so its node is SliceBackward0)."""
    if not input.dim():
        raise RuntimeError("narrow() cannot be applied to a 0-dim tensor.")
    given, dim = _given(dim, input.dim()), _wrap_dim(dim, input.dim())
    if isinstance(start, Tensor) and not _arg_parser._is_scalar_tensor(start, "iu"):
        raise RuntimeError("start must be an 0-dim integral Tensor.")  # (its own overload's check)
    start = int(start) if isinstance(start, Tensor) else _int(start)
    size, length = input.shape[dim], _int(length)
    if not -size <= start <= size:
        raise IndexError(f"start out of range (expected to be in range of [{-size}, {size}], but "
                         f"got {start})")
    start %= builtins.max(size, 1)
    if length < 0:
        raise RuntimeError("narrow(): length must be non-negative.")
    if start + length > size:
        raise RuntimeError(f"start ({start}) + length ({length}) exceeds dimension size ({size}).")
    return d.slicing(input, given, start, start + length, 1)


def argsort(input, dim=-1, descending=False, *, stable=False):
    """The positions that sort input along dim: sort's indices (ties keep their order)."""
    return sort(input, dim, descending, stable=stable).indices


def msort(input):
    """input sorted along its first dim: sort's values (so its node is SortBackward0)."""
    return sort(input, 0).values


def cumprod(input, dim=None, *, dtype=None):
    if dim is None:
        raise TypeError('cumprod() missing 1 required positional arguments: "dim"')
    _check_grad_dtype(input, dtype)
    return d.cumprod(input, _given(dim, input.dim()), dtype)


def bmm(input, mat2):
    """A batch of matrix products, one per index of dim 0; no broadcasting (matmul has that)."""
    _check_bmm(input, mat2)
    return _product(d.bmm, input, mat2)


def _check_bmm(batch1, batch2):
    """bmm's (and baddbmm's) checks: two 3-D batches of one size whose inner sizes agree."""
    for name, t in (("batch1", batch1), ("batch2", batch2)):
        if t.dim() != 3:
            raise RuntimeError(f"{name} must be a 3D tensor")
    if batch2.shape[:2] != (batch1.shape[0], batch1.shape[2]):
        raise RuntimeError("Expected size for first two dimensions of batch2 tensor to be: "
                           f"[{batch1.shape[0]}, {batch1.shape[2]}] but got: [{batch2.shape[0]}, "
                           f"{batch2.shape[1]}].")


def _repeat(self, *repeats):
    """The tensor tiled: repeats[i] copies along dim i (extra leading repeats add dims)."""
    if not repeats:
        raise TypeError('repeat() missing 1 required positional arguments: "repeats"')
    repeats = _int_sizes("repeat", repeats, "repeats")
    if len(repeats) < self.dim():
        raise RuntimeError("Number of dimensions of repeat dims can not be smaller than number of "
                           "dimensions of tensor")
    shape = (1,) * (len(repeats) - self.dim()) + self.shape
    if builtins.any(r < 0 for r in repeats):
        raise RuntimeError("Trying to create tensor with negative dimension "
                           f"{next(r * n for r, n in zip(repeats, shape) if r < 0)}: "
                           f"{[r * n for r, n in zip(repeats, shape)]}")
    return d.repeat(self, repeats)


# --- diagonals, trace, outer products, tiling -----------------------------------------------------
def diag(input, diagonal=0):
    """A vector becomes a square matrix with it on a diagonal (DiagEmbedBackward0); a matrix gives
    a copy of one of its diagonals (DiagonalBackward0_copy): two ops under one name."""
    if diagonal.__class__ is builtins.bool or not isinstance(diagonal, numbers.Integral):
        raise TypeError(f"diag(): argument 'diagonal' (position 2) must be int, not "
                        f"{_type_name(diagonal)}")
    return _diag(input, diagonal, d.diag_embed, d.diagonal_copy)


def _diag_out(input, diagonal=0):
    """diag's out= kernels, diag_embed's and diagonal_copy's: autograd records them with no
    formula."""
    if input.dim() not in (1, 2):  # (diag_out's words)
        raise RuntimeError(f"Supports 1D or 2D tensors. Got {input.dim()}D")
    return _diag(input, diagonal, d.diag_embed_out, d.diagonal_copy_out)


def _diag(input, diagonal, diag_embed, diagonal_copy):
    if input.dim() == 1:
        return diag_embed(input, diagonal, 0, 1)
    if input.dim() != 2:
        raise RuntimeError(f"diag(): Supports 1D or 2D tensors. Got {input.dim()}D")
    return diagonal_copy(input, diagonal, 0, 1)


def diagonal(input, offset=0, dim1=0, dim2=1):
    """The diagonal of the (dim1, dim2) planes, as a view."""
    n = input.dim()
    if _wrap_dim(dim1, n) == _wrap_dim(dim2, n):
        raise RuntimeError(f"diagonal dimensions cannot be identical {_wrap_dim(dim1, n)}, "
                           f"{_wrap_dim(dim2, n)}")
    return d.diagonal(input, offset, _given(dim1, n), _given(dim2, n))


def trace(input):
    """The sum of the main diagonal of a matrix."""
    if input.dim() != 2:
        raise RuntimeError(f"trace: expected a matrix, but got tensor with dim {input.dim()}")
    _not_for_bools("trace", input)
    return d.trace(input)


def outer(input, vec2):
    """input[i] * vec2[j]: PyTorch computes it as input.reshape(n, 1) * vec2 (two nodes)."""
    _tensor_arg("outer", "input", 1, input)
    _tensor_arg("outer", "vec2", 2, vec2)
    for name, v in (("self", input), ("vec2", vec2)):
        if v.dim() != 1:
            raise RuntimeError(f"outer: Expected 1-D argument {name}, but got {v.dim()}-D")
    return reshape(input, input.shape[0], 1) * vec2


def tile(input, dims):
    """repeat, with missing leading repeats taken as 1."""
    return _repeat(input, *(1,) * (input.dim() - len(dims)), *dims)


def _tile_method(self, *dims):
    if not dims:  # (_arg_parser words it)
        raise TypeError("tile() missing its dims")
    return tile(self, dims[0] if len(dims) == 1 and isinstance(dims[0], (tuple, list)) else dims)


def index_fill(input, dim, index, value):
    """value written at the positions index lists along dim; a 0-d tensor value is
    differentiable (IndexFillBackward1), a number is not (IndexFillBackward0)."""
    op, args = _index_fill_call(input, dim, index, value)
    return op(*args)


def _index_fill_inplace(self, dim, index, value):
    op, args = _index_fill_call(self, dim, index, value)
    return apply_inplace(op, *args)


def _index_fill_call(input, dim, index, value):
    given, dim = _given(dim, input.dim()), _wrap_dim(dim, input.dim())
    if index._data.dtype != np.int64:
        raise IndexError("index_fill_(): Expected dtype int64 for index.")
    if isinstance(value, Tensor) and value.dim():
        raise RuntimeError("index_fill_ only supports a 0-dimensional value tensor, but got tensor "
                           f"with {value.dim()} dimension(s).")
    size = input.shape[dim] if input.dim() else 1
    bad = (index._data < -size) | (index._data >= size)
    if bad.any():
        raise IndexError(f"index {index._data[bad].flat[0]} is out of bounds for dimension {dim} "
                         f"with size {size}")
    if isinstance(value, Tensor):
        return d.index_fill, (input, given, index, value)
    return d.index_fill_scalar, (input, given, index, value)


def index_select(input, dim, index):
    """The slices along dim that index lists (in its order, repeats allowed), copied."""
    given, dim = _given(dim, input.dim()), _wrap_dim(dim, input.dim())
    if index.dim() > 1:
        raise IndexError("index_select(): Index is supposed to be a vector")
    if input.dim() == 0 and index.numel() != 1:
        raise RuntimeError(f"index_select(): Index to scalar can have only 1 value, got "
                           f"{index.numel()} value(s)")
    if index._data.dtype not in (np.int32, np.int64):
        raise RuntimeError("index_select(): Expected dtype int32 or int64 for index")
    size = input.shape[dim] if input.dim() else 1
    bad = (index._data < 0) | (index._data >= size)
    if bad.any():  # (PyTorch's CPU kernel has two loops, with two messages)
        if input.dim() > 1 and dim != 0:
            raise RuntimeError(f"INDICES element is out of DATA bounds, "
                               f"id={index._data[bad].flat[0]} axis_dim={size}")
        raise IndexError("index out of range in self")
    return d.index_select(input, given, index)


def _contiguous(self):
    """The tensor itself if its elements lie in memory row by row (C order), else such a copy."""
    return self if self._data.flags.c_contiguous else d.clone(self, contiguous_format)


def _is_contiguous(self):
    return self._data.flags.c_contiguous


def _stride(self, dim=None):
    """Steps between neighbours along each dim, in elements (NumPy counts bytes)."""
    a = self._data
    if a.size == 0:  # NumPy gives empty arrays strides of 0; PyTorch keeps the row-major ones
        strides = tuple(math.prod(builtins.max(n, 1) for n in a.shape[i + 1:])
                        for i in range(a.ndim))
    else:
        strides = tuple(st // a.itemsize for st in a.strides)
    if dim is not None and not a.ndim:  # (as size(): a 0-d tensor has no dim 0 or -1 here)
        raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
    return strides if dim is None else strides[_wrap_dim(dim, self.dim())]


def _wrap_dim_no_scalar(dim, ndim):
    """_wrap_dim for an op PyTorch refuses on 0-d tensors (roll along a dim)."""
    if ndim == 0:
        raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
    return _wrap_dim(dim, ndim)


def unbind(input, dim=0):
    """The slices along dim, as a tuple of views: outputs 0, 1, ... of one UnbindBackward0."""
    given, dim = dim, _wrap_dim(dim, input.dim())
    if input.dim() == 0:  # (the dim wrapped: PyTorch's message names 0 for -1 too)
        raise IndexError("Dimension specified as 0 but tensor has no dimensions")
    keys = [d._dim_key(dim, i) for i in range(input.shape[dim])]
    return d.views(d.UnbindBackward0, input, keys, dim=given)  # (the node shows it as given)


def split(tensor, split_size_or_sections, dim=0):
    """Pieces along dim, as a tuple of views: of split_size each (the last one what is left), or
    of the sizes listed. All are outputs of one node.
    PyTorch's split is Python: it calls _VF.split with one size, split_with_sizes with anything
    else, and bad arguments get their parser's words."""
    if isinstance(split_size_or_sections, Tensor):  # one element: taken as its int
        try:
            split_size_or_sections = int(split_size_or_sections)
        except ValueError:
            pass
    try:
        return _split(tensor, split_size_or_sections, dim)
    except Exception:
        name = "_VF.split" if isinstance(split_size_or_sections, numbers.Integral) else "split_with_sizes"
        e = _arg_parser.error(_arg_parser.SIGNATURES[name], (tensor, split_size_or_sections, dim), {})
        if e is None:
            raise
        raise e from None


def _split_method(self, split_size, dim=0):
    return split(self, split_size, dim)


_split_method.__qualname__ = "Tensor.split"  # (Python's errors name it so, as PyTorch's)


def _split(tensor, split_size_or_sections, dim):
    if tensor.dim() == 0:
        raise RuntimeError("split expects at least a 1-dimensional tensor")
    given, dim = dim, _wrap_dim(dim, tensor.dim())
    n = tensor.shape[dim]
    if split_size_or_sections.__class__ is builtins.bool or not isinstance(
            split_size_or_sections, (tuple, list, numbers.Integral)):  # (split words it)
        raise TypeError("split(): split_size must be an int or a list of ints")
    if isinstance(split_size_or_sections, (tuple, list)):
        sizes = list(_shape((split_size_or_sections,)))  # (SymInts)
        if builtins.any(k < 0 for k in sizes):
            raise RuntimeError("split_with_sizes expects split_sizes have only non-negative "
                               f"entries, but got split_sizes={sizes}")
        if builtins.sum(sizes) != n:
            raise RuntimeError(f"split_with_sizes expects split_sizes to sum exactly to {n} (input "
                               f"tensor's size at dimension {dim}), but got split_sizes={sizes}")
        return _pieces(d.SplitWithSizesBackward0, tensor, given, sizes, split_sizes=tuple(sizes))
    size = int(split_size_or_sections)
    if size < 0:
        raise RuntimeError(f"split expects split_size be non-negative, but got split_size={size}")
    if size == 0 and n:
        raise RuntimeError("split_size can only be 0 if dimension size is 0, but got dimension "
                           f"size of {n}")
    count = builtins.max(-(-n // size), 1) if size else 1
    sizes = [size] * (count - 1) + [n - size * (count - 1)]
    return _pieces(d.SplitBackward0, tensor, given, sizes, split_size=size)


def _pieces(node_class, input, dim, sizes, **saved):
    starts = np.cumsum([0] + sizes)
    keys = [d._dim_key(dim, slice(a, b)) for a, b in zip(starts, starts[1:])]
    return d.views(node_class, input, keys, dim=dim, self_shape=input._data.shape, **saved)


def chunk(input, chunks, dim=0):
    """At most `chunks` pieces of equal size (the last may be smaller): a split."""
    if _int(chunks) <= 0:
        raise RuntimeError(f"chunk expects `chunks` to be greater than 0, got: {chunks}")
    if input.dim() == 0:
        raise RuntimeError("chunk expects at least a 1-dimensional tensor")
    n = input.shape[_wrap_dim(dim, input.dim())]
    if n == 0:  # as many empty pieces as asked for (split would give one)
        return split(input, [0] * chunks, dim)
    return split(input, -(-n // chunks), dim)


def unsafe_split(input, split_size, dim=0):
    """split whose pieces are plain tensors over input's memory, not views to autograd (no base,
    no in-place checks): ATen's lstm_cell and gru_cell chunk their gates so."""
    if not isinstance(split_size, numbers.Integral):  # (split would take a list of sizes)
        raise TypeError("unsafe_split(): argument 'split_size' (position 2) must be int, not "
                        f"{type(split_size).__name__}")
    return _linear_tangents(_unsafe_pieces(input, split(input, split_size, dim), dim, int(split_size)),
                            unsafe_split, (input,), split_size, dim)


def unsafe_chunk(input, chunks, dim=0):
    """chunk, its pieces made as unsafe_split makes them."""
    pieces = chunk(input, chunks, dim)
    return _linear_tangents(_unsafe_pieces(input, pieces, dim, pieces[0].shape[_wrap_dim(dim, input.dim())]),
                            unsafe_chunk, (input,), chunks, dim)


def _unsafe_pieces(input, pieces, dim, split_size):
    outs = [Tensor._make(p._data) for p in pieces]
    return d.outputs_of(d.UnsafeSplitBackward0, input, outs, dim=dim,
                        self_shape=input._data.shape, split_size=split_size)


def _T(self):
    if self.dim() == 0:
        warn_once("Tensor.T is deprecated on 0-D tensors. This function is the identity in these "
                  "cases. (Triggered internally at "
                  "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4321.)")
    elif self.dim() != 2:
        warn_once(
            "The use of `x.T` on tensors of dimension other than 2 to reverse their shape is "
            "deprecated and it will throw an error in a future release. Consider `x.mT` to "
            "transpose batches of matrices or `x.permute(*minigrad.arange(x.ndim - 1, -1, -1))` to "
            "reverse the dimensions of a tensor. (Triggered internally at "
            "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4314.)")
    return d.permute(self, tuple(range(self.dim() - 1, -1, -1)))


def _mT(self):
    """The last two dims swapped: matrices, or batches of them."""
    if self.dim() == 0:
        warn_once("Tensor.mT is deprecated on 0-D tensors. This function is the identity in these "
                  "cases. (Triggered internally at "
                  "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4373.)")
        return self
    if self.dim() == 1:
        raise RuntimeError("tensor.mT is only supported on matrices or batches of matrices. Got "
                           "1-D tensor.")
    return transpose(self, -2, -1)


def _conj_transpose(warned, named, supported, line):
    """Tensor.H, mH, adjoint(): the conjugate transpose, a plain transpose for real tensors."""
    def fn(self):
        if self.dim() == 0:
            warn_once(f"{warned} is deprecated on 0-D tensors. Consider using x.conj(). (Triggered "
                      "internally at /__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:"
                      f"{line}.)")
            return self
        if self.dim() == 1 or (named == "tensor.H" and self.dim() != 2):
            hint = " For batches of matrices, consider using tensor.mH" if self.dim() > 2 else ""
            raise RuntimeError(f"{named} is only supported on {supported}. Got {self.dim()}-D "
                               f"tensor.{hint}")
        return transpose(self, -2, -1)
    return fn


_H = _conj_transpose("Tensor.H", "tensor.H", "matrices (2-D tensors)", 4335)
_mH = _conj_transpose("Tensor.mH", "tensor.mH", "matrices or batches of matrices", 4382)
adjoint = _conj_transpose("adjoint()", "tensor.adjoint()", "matrices or batches of matrices", 4390)


# --- indexing -----------------------------------------------------------------------------------
def _as_index(k):
    """Tensors and sequences in a key become NumPy arrays (advanced indexing); ints stay ints;
    anything else gets PyTorch's error."""
    if isinstance(k, (builtins.bool, np.bool_)):  # a new dim of size 1 (True) or 0 (False)
        return np.array(k)
    if k is None or k is Ellipsis or isinstance(k, (int, builtins.slice, np.integer)):
        return k
    if isinstance(k, Tensor):
        if k._data.dtype == np.uint8:  # a byte tensor is an old-style mask (_warn_byte_masks)
            return k._data.astype(np.bool_)
        if k._data.dtype not in (np.int64, np.int32, np.bool_):
            raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
        if k._data.ndim == 0 and k._data.dtype.kind == "i":
            return int(k._data)
        return k._data
    if isinstance(k, (list, tuple)):  # an index tensor: numbers in it are cut to ints
        arr = np.asarray([x._data if isinstance(x, Tensor) else x for x in k])
        if arr.dtype.kind in "US":
            raise TypeError(f"new(): invalid data type '{'str' if arr.dtype.kind == 'U' else 'bytes'}'")
        return arr.astype(np.int64) if arr.dtype.kind == "f" else arr
    if isinstance(k, np.ndarray):
        return k
    if isinstance(k, (str, bytes)):  # PyTorch tries to make an index tensor of it
        raise TypeError(f"new(): invalid data type '{type(k).__name__}'")
    name = type(k).__name__
    raise IndexError("only integers, slices (`:`), ellipsis (`...`), None and long or byte "
                     f"Variables are valid indices (got {'numpy.' * (type(k).__module__ == 'numpy')}{name})")


def _as_key(key):
    """The key as a tuple. A list (or str) is one index, unless it holds a sequence, a slice,
    `...` or None: then PyTorch (after NumPy's old rule) reads it as a tuple of indices, with a
    warning that this will change."""
    if isinstance(key, tuple):
        return key, True
    if isinstance(key, (list, str)) and len(key) < 32:
        for k in key:
            if k is None or k is Ellipsis or isinstance(k, (Tensor, list, tuple, str, bytes,
                                                            np.ndarray, builtins.slice)):
                warnings.warn(_SEQUENCE_KEY_WARNING.format(359 if k is None or k is Ellipsis else 349),
                              UserWarning, stacklevel=3)
                return tuple(key), True
    return (key,), False


_SEQUENCE_KEY_WARNING = (
    "Using a non-tuple sequence for multidimensional indexing is deprecated and will be changed in "
    "pytorch 2.9; use x[tuple(seq)] instead of x[seq]. In pytorch 2.9 this will be interpreted as "
    "tensor index, x[minigrad.tensor(seq)], which will result either in an error or a different "
    "result (Triggered internally at "
    "/__w/pytorch/pytorch/torch/csrc/autograd/python_variable_indexing.cpp:{}.)")


def _check_bounds(shape, key):
    """PyTorch's IndexError for an index out of range in a key with index arrays. Ints select
    first (their error names their place in the key); the arrays are checked element by element,
    all at once in broadcast order, and the error names the array by its place among them."""
    consumed = [d._key_dims(k) for k in key]
    rest = len(shape) - builtins.sum(consumed)
    arrays, sizes, dim = [], [], 0
    for pos, (k, n) in enumerate(zip(key, consumed)):
        if k is Ellipsis:
            dim += rest
        elif dim + n > len(shape):
            return  # too many indices: the indexing itself says so
        elif _is_advanced(k) and n:
            if k.dtype == np.bool_:
                arrays += np.nonzero(k)
                sizes += [None] * n
            else:
                arrays.append(k)
                sizes.append(shape[dim])
        elif n and not isinstance(k, builtins.slice):
            if not -shape[dim] <= k < shape[dim]:
                raise IndexError(f"index {k} is out of bounds for dimension {pos} with size "
                                 f"{shape[dim]}")
        dim += n
    if not arrays:
        return
    try:
        arrays = np.broadcast_arrays(*arrays)
    except ValueError:
        raise IndexError("shape mismatch: indexing tensors could not be broadcast together with "
                         f"shapes {', '.join(str(list(a.shape)) for a in arrays)}") from None
    bad = np.stack([(a < -n) | (a >= n) if n is not None else np.zeros(a.shape, np.bool_)
                    for a, n in zip(arrays, sizes)]).reshape(len(arrays), -1)
    first = np.flatnonzero(bad.any(axis=0))
    if first.size:
        j = int(np.argmax(bad[:, first[0]]))
        raise IndexError(f"index {arrays[j].flat[first[0]]} is out of bounds for dimension {j} "
                         f"with size {sizes[j]}")


def _warn_byte_masks(raw):
    """PyTorch's deprecation warning for a uint8 mask in a key (a 0-d one passes silently)."""
    if builtins.any(isinstance(k, Tensor) and k._data.dtype == np.uint8 and k._data.ndim for k in raw):
        warnings.warn("indexing with dtype minigrad.uint8 is now deprecated, please use a dtype "
                      "minigrad.bool instead. (Triggered internally at /__w/pytorch/pytorch/aten/"
                      "src/ATen/native/IndexingUtils.h:37.)", UserWarning, stacklevel=3)


def _is_bool_scalar(k):
    return isinstance(k, builtins.bool) or (isinstance(k, Tensor) and k._data.ndim == 0
                                            and k._data.dtype == np.bool_)


def _is_advanced(k):
    return isinstance(k, np.ndarray)


def _slice_args(k):
    """A Python slice as PyTorch's slice op takes (and its node shows) it: start, end, step."""
    return (0 if k.start is None else k.start, d.INT64_MAX if k.stop is None else k.stop,
            1 if k.step is None else k.step)


def _covers(k, length):
    """A slice written to span the whole dim (`:`, `0:n`), which PyTorch skips in a tuple key."""
    return (k.start in (None, 0) and k.step in (None, 1)
            and (k.stop is None or k.stop >= length))


def getitem(self, key, _for_setitem=False):
    """Basic keys become PyTorch's chain of view ops (select, slice, unsqueeze); index arrays
    then make one index op on that view (so `t[0, :, [0, 1]]` is PyTorch's shape, not NumPy's)."""
    raw, is_tuple = _as_key(key)
    single = not is_tuple and not _for_setitem  # PyTorch keeps even a full slice `t[:]` then
    if self.dim() == 0:
        _check_zero_dim_key(raw)
    key = _index_keys(raw)
    _warn_byte_masks(raw)
    if builtins.any(_is_bool_scalar(k) or _is_advanced(k) for k in key):
        view, index = _index_on_view(self, key)
        try:
            return d.index(view, index)
        except IndexError:  # NumPy's words: find PyTorch's
            _check_bounds(view.shape, index)
            raise
    consuming = builtins.sum(1 for k in key if k is not None and k is not Ellipsis)
    if consuming > self.dim():
        raise IndexError(f"too many indices for tensor of dimension {self.dim()}")
    out, dim = self, 0
    for pos, k in enumerate(key):  # PyTorch's error names the position in the key, not the dim
        if k is None:
            out = d.unsqueeze(out, _wrap_dim(dim, out.dim() + 1))
            dim += 1
        elif k is Ellipsis:  # (each `...` of several moves dim on, maybe past the last dim,
            dim += self.dim() - consuming  # whose size PyTorch reads as 0: an int is out of
        elif isinstance(k, builtins.slice):  # bounds, a slice from 0 by 1 covers it)
            if k.step is not None and k.step <= 0:
                raise ValueError("step must be greater than zero")
            if dim >= out.dim() and not (k.start in (None, 0) and k.step in (None, 1)):
                _wrap_dim(dim, out.dim())
            if dim < out.dim() and (single or not _covers(k, out.shape[dim])):
                out = d.slicing(out, dim, *_slice_args(k))
            dim += 1
        else:
            size = out.shape[dim] if dim < out.dim() else 0
            if not -size <= k < size:
                raise IndexError(f"index {k} is out of bounds for dimension {pos} with size {size}")
            out = d.select(out, dim, k)
    if out is self and not _for_setitem:
        return d.alias(self)
    return out


def _check_zero_dim_key(key):
    """A 0-d tensor has no dim to index: PyTorch's words for each kind of key."""
    consuming = [k for k in key if not (k is None or k is Ellipsis or _is_bool_scalar(k))]
    if len(consuming) > 1 or (consuming and isinstance(consuming[0], (Tensor, list, tuple))):
        raise IndexError("too many indices for tensor of dimension 0")
    if consuming and isinstance(consuming[0], builtins.slice):
        raise IndexError("slice() cannot be applied to a 0-dim tensor.")
    if consuming and isinstance(consuming[0], (int, np.integer)):
        raise IndexError("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                         "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number")


def _index_keys(raw):
    """A key's parts as indexing reads them (_as_index), except bool scalars, which stay as they
    are: they make a dim of the view (_index_on_view)."""
    return tuple(k if _is_bool_scalar(k) else _as_index(k) for k in raw)


def _index_on_view(self, keys):
    """Indexing with index arrays, as PyTorch does it: the key's basic part (`keys`, from
    _index_keys) makes a view first (ints, slices, None; a 0-d bool mask is a new dim of size 1),
    then the arrays index that view (the 0-d mask indexes its dim by [0] if True, by [] if
    False). Returns (view, key for the arrays)."""
    rest = self.dim() - builtins.sum(d._key_dims(k) for k in keys)  # the dims `...` stands for
    view_key, index = [], []
    for k in keys:
        if _is_bool_scalar(k):
            view_key.append(None)
            index.append(np.arange(1 if k else 0))
        elif k is None or isinstance(k, builtins.slice):
            view_key.append(k)
            index.append(builtins.slice(None))
        elif k is Ellipsis:
            view_key.append(k)
            index += [builtins.slice(None)] * rest
        elif _is_advanced(k):
            view_key += [builtins.slice(None)] * d._key_dims(k)
            index.append(k)
        else:  # an int: the view selects it, the index has no dim for it
            view_key.append(k)
    view = getitem(self, tuple(view_key), _for_setitem=True)
    if builtins.sum(d._key_dims(k) for k in index) > view.dim():  # (several `...`)
        raise IndexError(f"too many indices for tensor of dimension {view.dim()} (got "
                         f"{len(index)})")
    return view, tuple(index)


def _check_expandable(shape, target):
    """PyTorch's error when a value can't be broadcast to the place it is written to."""
    for i in range(1, len(shape) + 1):
        have, want = shape[-i], target[-i] if i <= len(target) else None
        if want is None or (have != want and have != 1):
            dim = len(target) - i
            raise RuntimeError(
                f"The expanded size of the tensor ({want if want is not None else -1}) must match "
                f"the existing size ({have}) at non-singleton dimension {dim}.  Target sizes: "
                f"{list(target)}.  Tensor sizes: {list(shape)}")


def _drop_leading_ones(shape):
    return shape[next((i for i, n in enumerate(shape) if n != 1), len(shape)):]


def setitem(self, key, value):
    """`t[key] = value`: a view plus an in-place copy (CopySlices), or index_put for arrays."""
    if not isinstance(value, (Tensor, numbers.Number)):  # (lists too: torch.tensor them first)
        raise TypeError(f"can't assign a {_type_name(value)} to a {self.type()}")
    raw = _as_key(key)[0]
    if key is False:  # PyTorch writes nothing, not even a version bump
        return
    try:
        keys = _index_keys(raw)
    except IndexError:  # an index tensor of floats: the checks of the write come first
        keys = _index_keys(tuple(np.zeros(k.shape, np.int64) if isinstance(k, Tensor) else k
                                 for k in raw))
        view = _index_on_view(self, keys)[0]
        check_inplace(view, grad_mode._enabled and (view.requires_grad or isinstance(
            value, Tensor) and value.requires_grad))
        raise
    arrays = [r for r, k in zip(raw, keys) if _is_bool_scalar(k) or _is_advanced(k)]
    if arrays:
        if (len(arrays) == 1 and isinstance(arrays[0], Tensor) and arrays[0]._data.dtype == np.uint8
                and (not isinstance(value, Tensor) or value.numel() == 1)):  # PyTorch fills
            raise RuntimeError("masked_fill_ only supports boolean masks, but got mask with "  # by
                               "dtype unsigned char")                    # masked_fill_ then
        _warn_byte_masks(raw)
        if isinstance(value, Tensor) and value.dtype is not self.dtype:
            value = value.to(self.dtype)
        if isinstance(value, Tensor) and value.dim() and value.shape[0] == 1:
            value = d.view(value, _drop_leading_ones(value.shape))
        view, index = _index_on_view(self, keys)
        if view is self:
            index = keys
        try:  # the forward writes into a copy: an error leaves the tensor as it was
            apply_inplace(d.index_put, view, value, index)
        except IndexError:
            _check_bounds(view.shape, index)
            raise
        return
    target = getitem(self, key, _for_setitem=True)
    if isinstance(value, Tensor) and value.dim() and value.shape != target.shape:
        # PyTorch drops the value's leading 1s (a view), then broadcasts it (an expand)
        shape = _drop_leading_ones(value.shape)
        value = d.view(value, shape)
        if shape != target.shape:
            value = expand(value, tuple(target.shape))
    if target is self:  # `t[:] = v` writes the whole tensor: no view, no CopySlices
        # PyTorch fills with numbers and 0-d tensors, except `...` on a 0-d tensor (a copy)
        fill = ((not isinstance(value, Tensor) or value.dim() == 0)
                and not (raw == (Ellipsis,) and self.dim() == 0))
        apply_inplace(d.fill_tensor_ if fill else d.copy_, self, value)
    else:
        apply_inplace(d.copy_, target, value)


# --- creation -----------------------------------------------------------------------------------
def _check_data(data, dtype):
    """Why `data` makes no tensor, in PyTorch's words and order: the sizes it reads along the
    first elements, the dtype it infers from every element, then the check of every length.
    Returns the sizes when they hold no element (PyTorch then checks no further: [[], [1]])."""
    if isinstance(data, (str, bytes)):
        raise TypeError(f"new(): invalid data type '{type(data).__name__}'")
    sizes, seq = [], data
    while isinstance(seq, (list, tuple, str, bytes)):
        if isinstance(seq, (str, bytes)):
            raise ValueError(f"too many dimensions '{type(seq).__name__}'")
        sizes.append(len(seq))
        if not seq:
            break
        seq = seq[0]
    floating = dtype.is_floating_point if dtype is not None else False
    todo = [data]
    while todo:  # infer the dtype (or check against the one given): every element is a number
        x = todo.pop()
        if isinstance(x, (str, bytes)) and dtype is None:
            raise TypeError(f"new(): invalid data type '{type(x).__name__}'")
        if isinstance(x, (list, tuple)):
            todo += reversed(x)
        elif isinstance(x, (Tensor, np.ndarray)):
            floating = floating or dtype is None and np.asarray(
                x._data if isinstance(x, Tensor) else x).dtype.kind == "f"
        elif isinstance(x, (numbers.Number, np.bool_)):  # a given dtype says what a number must be
            floating = floating or dtype is None and isinstance(x, numbers.Real) and not isinstance(
                x, numbers.Integral)
        elif dtype is None:
            raise RuntimeError(f"Could not infer dtype of {type(x).__name__}")
        else:  # a None (or a string, with a dtype given) where a number goes
            raise TypeError(f"must be real number, not {type(x).__name__}" if floating else
                            f"'{type(x).__name__}' object cannot be interpreted as an integer")
    if 0 in sizes:
        return sizes
    todo = [(data, 0)]
    while todo:  # every sequence has the length of the first one at its depth
        x, dim = todo.pop()
        if isinstance(x, (Tensor, np.ndarray)):
            continue
        if dim == len(sizes):
            if isinstance(x, (list, tuple)):
                raise TypeError(f"must be real number, not {type(x).__name__}" if floating else
                                f"'{type(x).__name__}' object cannot be interpreted as an integer")
            continue
        if not isinstance(x, (list, tuple)):
            raise TypeError("not a sequence")
        if len(x) != sizes[dim]:
            raise ValueError(f"expected sequence of length {sizes[dim]} at dim {dim} (got {len(x)})")
        todo += [(item, dim + 1) for item in reversed(x)]


def tensor(data, dtype=None, device=None, requires_grad=False):
    _check_requires_grad("tensor", requires_grad, none_ok=False, device=device)
    if isinstance(data, Tensor):
        warnings.warn(
            "To copy construct from a tensor, it is recommended to use sourceTensor.detach().clone() "
            "or sourceTensor.detach().clone().requires_grad_(True), rather than "
            "minigrad.tensor(sourceTensor).", UserWarning, stacklevel=2)
        data = data._data.copy()
    return _tensor(data, dtype, requires_grad)


def _tensor(data, dtype, requires_grad):
    """tensor()'s work once its arguments are checked: NumPy reads the data, PyTorch's rules
    choose the dtype (Python floats give the default dtype, ints int64)."""
    if isinstance(data, (list, tuple)):
        data = _tensor_items(data, _nesting(data), dtype)
    elif isinstance(data, np.ndarray):
        dtypes.check_numpy_dtype(data.dtype)
        dtypes.check_byte_order(data.dtype)
    try:
        if dtype is not None:  # straight to the asked dtype: no rounding on the way
            arr = np.array(data, dtype=dtype.np)
        elif isinstance(data, np.ndarray):
            arr = np.array(data, dtype=dtypes.storage_dtype(data.dtype))
        else:
            arr = np.array(data)
    except (ValueError, TypeError):
        if _check_data(data, dtype) is None:
            raise
        arr = np.zeros(_check_data(data, dtype), _np_dtype(dtype))
    except OverflowError:  # a Python int beyond the range of the asked dtype (int32, uint8...)
        values = list(np.array(data, dtype=object).flat)
        if builtins.any(isinstance(v, int) and not -2**63 <= v < 2**63 for v in values):
            raise ValueError("Overflow when unpacking long long") from None
        if dtype is not dtypes.uint8 or not builtins.all(
                0 <= v < 256 if isinstance(v, float) else -255 <= v <= 255 for v in values):
            raise RuntimeError(f"value cannot be converted to type {dtype.name} without "
                               "overflow") from None
        # (PyTorch's check for an unsigned type takes -255..-1 too, wrapped: -1 is 255)
        arr = np.array(data, dtype=np.int64).astype(np.uint8)
    if dtype is not None and (arr.dtype == np.bool_ or arr.dtype.kind == "f" and np.isnan(arr).any()):
        _check_data(data, dtype)  # NumPy reads None as nan (or False): PyTorch refuses it
    if dtype is None and not isinstance(data, np.ndarray):
        if arr.dtype.kind in "OUS":
            _check_data(data, dtype)
        if arr.dtype == np.uint64 or arr.dtype == object and builtins.all(
                isinstance(v, int) for v in arr.flat):  # ints beyond int64 (a float would make
            raise ValueError("Overflow when unpacking long long")  # the tensor float)
        if arr.dtype.kind == "f":
            arr = arr.astype(_float_dtype(data))
        elif arr.dtype == object:
            arr = arr.astype(_np_dtype(None))
        else:
            arr = arr.astype(dtypes.storage_dtype(arr.dtype))
    if requires_grad and arr.dtype.kind != "f":
        raise RuntimeError("Only Tensors of floating point and complex dtype can require gradients")
    return Tensor._make(arr, requires_grad=requires_grad)


def _nesting(data):
    """How many dims nested lists give, following first items as PyTorch does (a tensor there is
    one number)."""
    n = 0
    while isinstance(data, (list, tuple)):
        n += 1
        if not data:
            break
        data = data[0]
    return n


def _tensor_items(data, depth, dtype):
    """Tensors inside lists: at the depth of the numbers each is one number (its item, in its own
    dtype, which takes part in choosing the result's), above it a sequence of its elements."""
    if isinstance(data, Tensor) and depth == 0:  # (read as Python reads it: its checks, warning)
        if dtype is not None and not dtype.is_floating_point:
            return operator.index(data)
        float(data) if data.is_floating_point() else int(data)
        return data._data.reshape(-1)[0]
    if isinstance(data, Tensor) and data.dim():
        data = data.unbind(0)
    if depth == 0 or not isinstance(data, (list, tuple)):
        return data
    return [_tensor_items(x, depth - 1, dtype) for x in data]


def _float_dtype(data):
    """The dtype of float data: Python floats count as the default dtype, NumPy's floats keep
    theirs (float32 or float64), and the widest wins, as in PyTorch."""
    kinds = set(map(type, np.array(data, dtype=object).flat))
    return np.result_type(*[dtypes.storage_dtype(np.dtype(k)) if issubclass(k, np.floating)
                            else _np_dtype(None) for k in kinds if issubclass(k, builtins.float)
                            or issubclass(k, np.floating)] or [_np_dtype(None)])


def as_tensor(data, *, dtype=None, device=None):
    """Like tensor(), without copying what needs no copy: a tensor of the right dtype is returned
    itself (another dtype: to(), recorded), a NumPy array shares its memory."""
    _check_requires_grad("as_tensor", False, device=device)
    if isinstance(data, Tensor):
        return data if dtype is None else data.to(dtype)
    if (isinstance(data, np.ndarray) and data.dtype == dtypes.storage_dtype(data.dtype)
            and (dtype is None or dtype.np == data.dtype)):
        return Tensor._make(data)
    return _tensor(data, dtype, False)


def numel(input=_REQUIRED):
    _tensor_arg("numel", "input", 1, input)
    return input.numel()


def _new(arr, requires_grad):
    if requires_grad and arr.dtype.kind != "f":
        raise RuntimeError("Only Tensors of floating point and complex dtype can require gradients")
    return Tensor._make(arr, requires_grad=requires_grad is True)


def _np_dtype(dtype, default=None):
    """The NumPy dtype to create with: dtype's, else `default`, else the default float dtype."""
    if dtype is not None:
        return dtype.np
    return dtypes.get_default_dtype().np if default is None else np.dtype(default)


def _size_tuple(name, size):
    """full's size is one argument, a sequence: full(2, 7) is refused."""
    if not isinstance(size, (tuple, list)):
        raise TypeError(f"{name}(): argument 'size' (position 1) must be tuple of ints, not "
                        f"{type(size).__name__}")
    return (size,)


def _filled(name, size, fill_value, np_dtype, device, requires_grad):
    """zeros, ones, empty, full and the Tensor methods new_*: a new tensor of one value."""
    _check_requires_grad(name, requires_grad, device=device)
    return _new(np.full(_new_shape(name, size), _real_fill(fill_value, np_dtype), np_dtype),
                requires_grad)


_C_TYPE_NAMES = {"float32": "float", "float64": "double", "int64": "int64_t", "int32": "int",
                 "int16": "int16_t", "int8": "int8_t", "uint8": "uint8_t"}


def _real_fill(value, np_dtype):
    """A complex fill value for a tensor of real numbers: its real part, if it has no imaginary
    part (PyTorch's checked_convert; a bool tensor takes any nonzero number as True)."""
    if not isinstance(value, (complex, np.complexfloating)):
        return value
    if np_dtype == np.bool_:
        return builtins.bool(value)
    if value.imag != 0:
        name = _C_TYPE_NAMES[np.dtype(np_dtype).name]
        raise RuntimeError(f"value cannot be converted to type {name} without overflow")
    return value.real


def zeros(*size, dtype=None, device=None, requires_grad=False):
    return _filled("zeros", size, 0, _np_dtype(dtype), device, requires_grad)


def ones(*size, dtype=None, device=None, requires_grad=False):
    return _filled("ones", size, 1, _np_dtype(dtype), device, requires_grad)


def empty(*size, dtype=None, device=None, requires_grad=False):
    """PyTorch leaves the memory as it finds it (any values); minigrad gives zeros."""
    return _filled("empty", size, 0, _np_dtype(dtype), device, requires_grad)


def full(size, fill_value, dtype=None, device=None, requires_grad=False):
    if dtype is None:  # like PyTorch, the fill value decides: bool, int64 or the default dtype
        if isinstance(fill_value, (complex, np.complexfloating)):
            raise TypeError(dtypes.NO_COMPLEX)
        np_dtype = (np.bool_ if isinstance(fill_value, builtins.bool) else
                    np.int64 if isinstance(fill_value, numbers.Integral) else _np_dtype(None))
    else:
        np_dtype = dtype.np
    return _filled("full", _size_tuple("full", size), fill_value, np_dtype, device, requires_grad)


def _laid_out_like(input, t):
    """t (a new tensor of input's shape) laid out in memory as input is: the *_like functions
    allocate with PyTorch's memory_format=preserve (zeros_like(x.t()) is transposed too)."""
    t._data = _function._copy_preserving(t._data, like=input._data)  # (t is new: nobody shares it)
    return t


def zeros_like(input, dtype=None, device=None, requires_grad=False):
    return _laid_out_like(input, _filled("zeros_like", (input.shape,), 0,
                                         _np_dtype(dtype, input._data.dtype), device, requires_grad))


def ones_like(input, dtype=None, device=None, requires_grad=False):
    return _laid_out_like(input, _filled("ones_like", (input.shape,), 1,
                                         _np_dtype(dtype, input._data.dtype), device, requires_grad))


def full_like(input, fill_value, dtype=None, device=None, requires_grad=False):
    return _laid_out_like(input, _filled("full_like", (input.shape,), fill_value,
                                         _np_dtype(dtype, input._data.dtype), device,
                                         requires_grad))


def _new_filled(name, self, size, fill_value, dtype, device, requires_grad):
    """The Tensor methods new_ones, ...: the dtype is self's unless given."""
    return _filled(name, size, fill_value, _np_dtype(dtype, self._data.dtype), device,
                   requires_grad)


def _new_zeros(self, *size, dtype=None, device=None, requires_grad=False):
    return _new_filled("new_zeros", self, size, 0, dtype, device, requires_grad)


def _new_ones(self, *size, dtype=None, device=None, requires_grad=False):
    return _new_filled("new_ones", self, size, 1, dtype, device, requires_grad)


def _new_empty(self, *size, dtype=None, device=None, requires_grad=False):
    return _new_filled("new_empty", self, size, 0, dtype, device, requires_grad)


def _new_full(self, size=_REQUIRED, fill_value=_REQUIRED, dtype=None, device=None,
              requires_grad=False):
    missing = [f'"{k}"' for k, v in (("size", size), ("fill_value", fill_value)) if v is _REQUIRED]
    if missing:  # PyTorch's words, grammar included
        raise TypeError(f"new_full() missing {len(missing)} required positional "
                        f"argument{'s' if len(missing) == 1 else ''}: {', '.join(missing)}")
    return _new_filled("new_full", self, _size_tuple("new_full", size), fill_value, dtype, device,
                       requires_grad)


def _new_tensor(self, data=_REQUIRED, dtype=None, device=None, requires_grad=False):
    if data is _REQUIRED:
        raise TypeError('new_tensor() missing 1 required positional arguments: "data"')
    _check_requires_grad("new_tensor", requires_grad, none_ok=False, device=device)
    if isinstance(data, Tensor):
        warnings.warn(
            "To copy construct from a tensor, it is recommended to use sourceTensor.detach().clone() "
            "or sourceTensor.detach().clone().requires_grad_(True), rather than "
            "tensor.new_tensor(sourceTensor).", UserWarning, stacklevel=2)
        data = data._data
    return _tensor(data, dtype or self.dtype, requires_grad)


def arange(start=_REQUIRED, end=None, step=None, dtype=None, device=None, requires_grad=False):
    if start is _REQUIRED:  # arange(end=5) is arange(5); without an end, _arg_parser says why not
        if end is None or step is not None:
            raise TypeError("arange() missing 1 required positional argument: 'start'")
        start, end = end, None
    args = (start,) if end is None else (start, end) if step is None else (start, end, step)
    _check_overloads("arange", args, requires_grad, dtype, device=device)
    step = 1 if step is None else step
    named = (("end", start),) if end is None else (("start", start), ("end", end), ("step", step))
    for pos, (name, x) in enumerate(named, 1):
        if not isinstance(x, numbers.Number):
            raise TypeError(f"arange(): argument '{name}' (position {pos}) must be Number, not "
                            f"{type(x).__name__}")
    if end is None:
        start, end = 0, start
    _no_bool_kernel("arange_cpu", dtype)
    if not (step > 0 or step < 0):  # 0 or nan
        raise RuntimeError("step must be nonzero")
    if not (math.isfinite(start) and math.isfinite(end)):
        raise RuntimeError(f"unsupported range: {start:g} -> {end:g}")
    if (step > 0 and end < start) or (step < 0 and end > start):
        raise RuntimeError("upper bound and lower bound inconsistent with step sign")
    integral = builtins.all(isinstance(x, numbers.Integral) for x in (start, end, step))
    np_dtype = _np_dtype(dtype, np.int64 if integral else None)
    if np_dtype.kind != "f":
        return _new(np.arange(start, end, step, dtype=np_dtype), requires_grad)
    return _new(_float_range(start, end, step, np_dtype), requires_grad)


def _no_bool_kernel(kernel, dtype):
    """arange's, range's, linspace's and logspace's kernels are for numbers: PyTorch's dispatch
    error for bool."""
    if dtype is dtypes.bool:
        raise NotImplementedError(f"\"{kernel}\" not implemented for 'Bool'")


def _float_range(start, end, step, np_dtype):
    """arange's values as PyTorch's kernel writes them: start + step * i in double, 32 bytes at a
    time: each group's first value from start, the others from that first one once rounded to
    the dtype; the last few (fewer than two groups) one by one. NumPy's last bits differ."""
    n = math.ceil((end - start) / step)
    i = np.arange(n)
    width = 32 // np_dtype.itemsize
    grouped = n - n % (2 * width)
    first = np.where(i < grouped, i - i % width, i)
    start, step = np.float64(start), np.float64(step)
    heads = d._fma(step, first.astype(np.float64), start).astype(np_dtype)
    return d._fma((i - first).astype(np.float64), step, heads.astype(np.float64)).astype(np_dtype)


def linspace(start, end, steps, dtype=None, device=None, requires_grad=False):
    _check_overloads("linspace", (start, end, steps), requires_grad, dtype, device=device)
    steps = _int(steps)  # (a float or bool refused: the parser words it)
    if steps < 0:
        raise RuntimeError("number of steps must be non-negative")
    _no_bool_kernel("linspace_cpu", dtype)
    np_dtype = _np_dtype(dtype)
    if np_dtype.kind not in "fiu":
        return _new(np.linspace(start, end, steps, dtype=np_dtype), requires_grad)
    # PyTorch's kernel: start and end in the dtype, the step in it too (in double for integers);
    # the first half counted up from start, the second down from end, each by a fused
    # multiply-add. So linspace(-1, 1, 7)[3] is -2.9802e-08 in float32, not NumPy's 0.
    work = np_dtype.type if np_dtype.kind == "f" else np.float64
    start, end = (work(np_dtype.type(x)) for x in (start, end))
    return _new(d._linspace(start, end, steps, work).astype(np_dtype), requires_grad)


def logspace(start, end, steps, base=10.0, dtype=None, device=None, requires_grad=False):
    """base ** linspace(start, end, steps): points evenly spaced on a log scale."""
    _check_overloads("logspace", (start, end, steps), requires_grad, dtype, device=device)
    steps = _int(steps)  # (a float or bool refused: the parser words it)
    if steps < 0:
        raise RuntimeError("number of steps must be non-negative")
    _no_bool_kernel("logspace_cpu", dtype)
    exponents = np.linspace(float(start), float(end), steps)
    return _new((float(base) ** exponents).astype(_np_dtype(dtype)), requires_grad)



# --- part orthpoly: window functions, each computed as PyTorch composes it (arange in the dtype,
# scalar steps rounded to it, then cos; kaiser's own kernel). A periodic window is the first
# window_length values of the symmetric one a value longer.
_WINDOW_SIGNATURES = {name: tuple(
    f"{name}(int64_t window_length{''.join(f', {p}' for p in params[:i])}, *, ScalarType? dtype=None, "
    "Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)"
    for i in range(len(params) + 1))
    for name, params in (("hann_window", ["bool periodic"]), ("bartlett_window", ["bool periodic"]),
                         ("blackman_window", ["bool periodic"]),
                         ("hamming_window", ["bool periodic", "double alpha", "double beta"]),
                         ("kaiser_window", ["bool periodic", "double beta"]))}


def _window(name, floats, compute, args, kwargs):
    """Reads (window_length, periodic, *floats), a prefix of them, by PyTorch's overloads
    (periodic True by default); checks them as PyTorch, in its order."""
    given = _arg_parser.bind(_WINDOW_SIGNATURES[name], args, kwargs)
    length, periodic, dtype = given["window_length"], given.get("periodic", True), given["dtype"]
    requires_grad = bool(given["requires_grad"])
    _check_device(_device_arg(name, given["device"]))
    dtype = dtype or dtypes.get_default_dtype()
    if dtype.np.kind != "f":
        raise RuntimeError(f"{name} expects floating point dtypes, got: TensorOptions(dtype="
                           f"{dtype._c}, device=cpu, layout=Strided (default), requires_grad=false "
                           "(default), pinned_memory=false, memory_format=(nullopt))")
    if length < 0:
        raise RuntimeError(f"{name} requires non-negative window_length, got window_length={length}")
    if length < 2:
        return _new(np.ones(length, dtype.np), requires_grad)
    n = length + 1 if periodic else length
    return _new(compute(n, dtype.np.type, *[given[f] for f in floats if f in given])[:length],
                requires_grad)


def _cos(x):
    return d._rounded(np.cos, x)  # (as torch.cos)


def _hamming(n, t, alpha=0.54, beta=0.46):
    """alpha - beta cos(2 pi k / (n - 1))."""
    return _cos(np.arange(n, dtype=t) * t(math.pi * 2.0 / (n - 1))) * t(-beta) + t(alpha)


def _blackman(n, t):
    """0.42 - 0.5 cos(2 pi k / (n - 1)) + 0.08 cos(4 pi k / (n - 1))."""
    w = np.arange(n, dtype=t) * t(math.pi / (n - 1))
    return _cos(w * t(4)) * t(0.08) - _cos(w * t(2)) * t(0.5) + t(0.42)


def _bartlett(n, t):
    """The triangle 2k / (n - 1), folded down (2 - that) after its middle."""
    w = np.arange(n, dtype=t) * t(2.0 / (n - 1))
    half = (n - 1) // 2 + 1
    w[half:] = -w[half:] + t(2)
    return w


def _kaiser(n, t, beta=12.0):
    """i0(beta sqrt(1 - ((k - alpha) / alpha)^2)) / i0(beta), alpha = (n - 1) / 2; PyTorch's
    compiler turns pow(x, 2) into x * x and fuses 1 - x * x into one rounding."""
    alpha, beta = t((n - 1) / 2.0), np.array(beta, t)
    x = (np.arange(n, dtype=t) - alpha) / alpha
    return _math.i0(beta * np.sqrt(np.abs(d._fma(-x, x, t(1))))) / _math.i0(beta)


def hann_window(*args, **kwargs):
    """sin^2(pi k / (n - 1)): hamming_window with alpha = beta = 0.5, as PyTorch computes it."""
    return _window("hann_window", (), lambda n, t: _hamming(n, t, 0.5, 0.5), args, kwargs)


def hamming_window(*args, **kwargs):
    return _window("hamming_window", ("alpha", "beta"), _hamming, args, kwargs)


def blackman_window(*args, **kwargs):
    return _window("blackman_window", (), _blackman, args, kwargs)


def bartlett_window(*args, **kwargs):
    return _window("bartlett_window", (), _bartlett, args, kwargs)


def kaiser_window(*args, **kwargs):
    return _window("kaiser_window", ("beta",), _kaiser, args, kwargs)

def eye(n, m=None, dtype=None, device=None, requires_grad=False):
    _check_overloads("eye", (n,) if m is None else (n, m), requires_grad, dtype, device=device)
    for name, k in (("n", n), ("m", m)):
        if k is not None and k < 0:
            raise RuntimeError(f"{name} must be greater or equal to 0, got {k}")
    return _new(np.eye(n, m, dtype=_np_dtype(dtype)), requires_grad)


def _legacy_new(dtype, args, kwargs, form="constructor"):
    """Tensor(data) and Tensor(2, 3), FloatTensor(...), ...: PyTorch's constructors from before
    tensor() and zeros() (the sizes form leaves memory uninitialized there: zeros here).
    dtype is None for Tensor(...): the default dtype, but Tensor(t) takes a tensor of any dtype.
    form: "new" for x.new(...), which PyTorch's errors name so. A form's argument may come by
    its name (size=, data=, other=): the form that takes it; data= is data, whatever it is."""
    named = [k for k in kwargs if k != "device"]
    if named:
        if args or not builtins.any(s.parse((), kwargs, False) is not False for s in _NEW_FORMS):
            raise TypeError(_arg_parser.invalid_arguments("new", list(args), kwargs, _NEW_OPTIONS))
        value = kwargs[named[0]]
        args = tuple(value) if named == ["size"] else (value,)  # (sizes as new(2, 3) has them)
    is_data = named == ["data"]
    if "device" in kwargs and args and isinstance(args[0], Tensor) and not is_data:
        raise RuntimeError(
            f"Legacy tensor {form} of the form "
            + ("tensor.new(tensor, device=device) is not supported.  Use minigrad.as_tensor(...)"
               if form == "new" else "minigrad.Tensor(tensor, device=device) is not supported.  "
               "Use minigrad.tensor(...) or minigrad.as_tensor(...)") + " instead.")
    np_dtype = _np_dtype(dtype)
    device = _device_arg("new", kwargs.get("device"))
    if device.__class__ is int:
        _check_device(device)
    if device is not None and device.type != "cpu":
        raise RuntimeError("legacy constructor expects device type: cpu but device type: "
                           f"{device.type} was passed")
    if not args:
        return Tensor._make(np.zeros(0, np_dtype))
    data = args[0]
    if not is_data and (len(args) > 1 or isinstance(data, (dtypes.Size, numbers.Integral))
                        and not isinstance(data, (builtins.bool, np.bool_))):
        return Tensor._make(np.zeros(_new_shape("new", args), np_dtype))
    if not is_data and isinstance(data, Tensor):
        if dtype is not None and data.dtype is not dtype:
            raise TypeError(f"expected {_options(dtype)} (got {_options(data.dtype)})")
        return d.alias(data)
    if isinstance(data, (str, bytes)):
        raise TypeError(f"new(): invalid data type '{type(data).__name__}'")
    if not isinstance(data, (list, tuple, np.ndarray)):
        raise TypeError(f"new(): data must be a sequence (got {_type_name(data)})")
    return _tensor(data, dtype or dtypes.get_default_dtype(), False)


def _options(dtype):
    return (f"TensorOptions(dtype={dtype._c}, device=cpu, layout=Strided, requires_grad=false "
            "(default), pinned_memory=false (default), memory_format=(nullopt))")


class _LegacyTensorType(type):
    """FloatTensor, LongTensor, ...: call one for a tensor of its dtype; isinstance(t, FloatTensor)
    asks whether t is a float32 tensor (they are not subclasses of Tensor)."""

    def __call__(cls, *args, **kwargs):
        return _legacy_new(cls.dtype, args, kwargs)

    def __instancecheck__(cls, obj):
        return isinstance(obj, Tensor) and obj.dtype is cls.dtype


(FloatTensor, DoubleTensor, LongTensor, IntTensor, ShortTensor, CharTensor, ByteTensor,
 BoolTensor) = (_LegacyTensorType(dt._legacy, (), {"dtype": dt, "__module__": "minigrad"})
                for dt in (dtypes.float32, dtypes.float64, dtypes.int64, dtypes.int32, dtypes.int16,
                           dtypes.int8, dtypes.uint8, dtypes.bool))



def set_default_tensor_type(t, /):
    """The old way to set the default dtype (part ctcmisc): set_default_tensor_type(DoubleTensor),
    or its name 'torch.DoubleTensor', is set_default_dtype(float64). Deprecated (it warns once)."""
    warn_once("minigrad.set_default_tensor_type() is deprecated as of PyTorch 2.1, please use "
              "minigrad.set_default_dtype() and minigrad.set_default_device() as alternatives. "
              "(Triggered internally at /__w/pytorch/pytorch/torch/csrc/tensor/python_tensor.cpp:434.)")
    if isinstance(t, str):  # (PyTorch's _import_dotted_name; 'torch' is this module)
        import importlib
        import sys
        first, *names = t.split(".")
        t = sys.modules[__package__] if first in ("torch", __package__) else importlib.import_module(first)
        for name in names:
            t = getattr(t, name)
    if t.__class__ is not _LegacyTensorType:
        raise TypeError("invalid type object: only floating-point types are supported as the "
                        "default type")
    dtypes.set_default_dtype(t.dtype)


def frombuffer(buffer, *, dtype, count=-1, offset=0, requires_grad=False):
    """A 1-d tensor over the bytes of a Python buffer (bytearray, array.array, ...) from `offset`
    on: it shares their memory, as PyTorch's does. A read-only buffer (bytes) PyTorch would
    write into all the same; minigrad copies it instead (after PyTorch's warning)."""
    try:
        length = memoryview(buffer).nbytes
    except TypeError:
        raise ValueError("object does not implement Python buffer protocol.") from None
    if memoryview(buffer).readonly:
        warn_once("The given buffer is not writable, and PyTorch does not support non-writable "
                  "tensors. This means you can write to the underlying (supposedly non-writable) "
                  "buffer using the tensor. You may want to copy the buffer to protect its data or "
                  "make it writable before converting it to a tensor. This type of warning will be "
                  "suppressed for the rest of this program. (Triggered internally at "
                  "/__w/pytorch/pytorch/torch/csrc/utils/tensor_new.cpp:1556.)", stacklevel=3)
    size = np.dtype(dtype.np).itemsize
    if length <= 0 or count == 0:
        raise ValueError(f"both buffer length ({length}) and count ({count}) must not be 0")
    if not 0 <= offset < length:
        raise ValueError(f"offset ({offset} bytes) must be non-negative and no greater than buffer "
                         f"length ({length} bytes) minus 1")
    if count < 0 and (length - offset) % size:
        raise ValueError(f"buffer length ({length - offset} bytes) after offset ({offset} bytes) "
                         f"must be a multiple of element size ({size})")
    count = (length - offset) // size if count < 0 else count
    if offset + count * size > length:
        raise ValueError(f"requested buffer length ({count} * {size} bytes) after offset ({offset} "
                         f"bytes) must not be greater than actual buffer length ({length} bytes)")
    arr = np.frombuffer(buffer, dtype.np, count, offset)
    return _new(arr if arr.flags.writeable else arr.copy(), requires_grad)


class _DLPackCapsule:
    """A DLPack capsule (to_dlpack's) dressed as the objects np.from_dlpack reads."""
    def __init__(self, capsule):
        self.capsule = capsule

    def __dlpack__(self, **kwargs):
        return self.capsule

    def __dlpack_device__(self):
        return (1, 0)  # (kDLCPU, device 0)


def from_dlpack(ext_tensor):
    """A tensor over another library's memory, shared as in PyTorch: anything with __dlpack__
    (a NumPy array, a tensor), or a capsule from to_dlpack (which can be read only once)."""
    if not hasattr(ext_tensor, "__dlpack__"):
        ext_tensor = _DLPackCapsule(ext_tensor)
    try:
        return Tensor._make(np.from_dlpack(ext_tensor))
    except BufferError:
        raise
    except Exception:
        raise RuntimeError("from_dlpack received an invalid capsule. Note that DLTensor capsules "
                           "can be consumed only once, so you might have already constructed a "
                           "tensor from it once.") from None


def to_dlpack(tensor=_REQUIRED):
    """A capsule of tensor's memory, for from_dlpack. PyTorch's is a legacy (unversioned) one;
    NumPy would read such a capsule back read-only, so minigrad's is versioned
    ("dltensor_versioned"), which NumPy reads back writable, sharing memory as PyTorch does."""
    _tensor_arg("_to_dlpack", "data", 1, tensor)
    return tensor._data.__dlpack__(max_version=(1, 0))


def from_numpy(array):
    """A tensor over `array`'s own memory: a change on either side shows on the other."""
    if not isinstance(array, np.ndarray):
        kind = type(array)  # (named as C names a type: NumPy's scalars as numpy.float64)
        name = f"numpy.{kind.__name__}" if kind.__module__ == "numpy" else kind.__name__
        raise TypeError(f"expected np.ndarray (got {name})")
    dtypes.check_numpy_dtype(array.dtype)
    if builtins.any(st < 0 for st in array.strides):
        raise ValueError("At least one stride in the given numpy array is negative, and tensors "
                         "with negative strides are not currently supported. (You can probably "
                         "work around this by making a copy of your array  with array.copy().) ")
    dtypes.check_byte_order(array.dtype)
    if array.dtype not in dtypes._BY_NUMPY:  # (tensor() would copy it into the nearest dtype)
        if array.dtype.kind == "c":
            raise TypeError(dtypes.NO_COMPLEX)
        raise TypeError(f"minigrad has no {array.dtype.name} dtype, so from_numpy() cannot share "
                        f"this array's memory: convert it first (array.astype(numpy."
                        f"{dtypes.storage_dtype(array.dtype).name})), or copy it with tensor()")
    return Tensor._make(array)


def _check_tensors(name, tensors, dim):
    """PyTorch's argument errors for cat/stack: a sequence of tensors and an int dim."""
    if not isinstance(tensors, (tuple, list)):
        raise TypeError(f"{name}(): argument 'tensors' (position 1) must be tuple of Tensors, not "
                        f"{type(tensors).__name__}")
    _tensor_elements(tensors)
    if not isinstance(dim, numbers.Integral):
        raise TypeError(f"{name}(): argument 'dim' (position 2) must be int, not "
                        f"{type(dim).__name__}")


def cat(tensors, dim=0):
    _check_tensors("cat", tensors, dim)
    if not tensors:
        raise ValueError("minigrad.cat(): expected a non-empty list of Tensors")
    for i, t in enumerate(tensors):
        if t.dim() == 0:
            raise RuntimeError(f"zero-dimensional tensor (at position {i}) cannot be concatenated")
    first = tensors[0]
    wrapped = _wrap_dim(dim, first.dim())
    for i, t in enumerate(tensors[1:], 1):
        if t.dim() != first.dim():
            raise RuntimeError(f"Tensors must have same number of dimensions: got {first.dim()} "
                               f"and {t.dim()}")
        for k, (a, b) in enumerate(zip(first.shape, t.shape)):
            if k != wrapped and a != b:
                raise RuntimeError(f"Sizes of tensors must match except in dimension {wrapped}. "
                                   f"Expected size {a} but got size {b} for tensor number {i} in "
                                   "the list.")
    return d.join(d.CatBackward0, tensors, dim, np.concatenate)


def stack(tensors, dim=0):
    _check_tensors("stack", tensors, dim)
    _check_stack_sizes(tensors, dim)
    return d.join(d.StackBackward0, tensors, dim, np.stack)


def _check_stack_sizes(tensors, dim):
    """stack's checks (also out='s, _out._stack_out): tensors of one shape, dim a place in it."""
    if not tensors:
        raise RuntimeError("stack expects a non-empty TensorList")
    _wrap_dim(dim, tensors[0].dim() + 1)
    for i, t in enumerate(tensors[1:], 1):
        if t.shape != tensors[0].shape:
            raise RuntimeError(f"stack expects each tensor to be equal size, but got "
                               f"{list(tensors[0].shape)} at entry 0 and {list(t.shape)} at entry {i}")


# --- part shape2: more shape ops; most are other names for, or chains of, the ops above ---------
def broadcast_to(input, size):
    """NumPy's name for expand (so its node is ExpandBackward0)."""
    _check_int_tuple("broadcast_to", "size", 2, size)
    return expand(input, size)


def movedim(input, source=_REQUIRED, destination=_REQUIRED):
    """Dims `source` moved to places `destination`, the others keeping their order: a permute."""
    if (destination is _REQUIRED
            or isinstance(source, numbers.Integral) != isinstance(destination, numbers.Integral)):
        args = (input, source, destination)
        raise _invalid_combination("movedim", args[:args.index(_REQUIRED)] if _REQUIRED in args
                                   else args, {})
    src, dst = ([x] if isinstance(x, numbers.Integral) else list(x) for x in (source, destination))
    if len(src) != len(dst):
        raise RuntimeError(f"movedim: Invalid source or destination dims: source ({src} dims) "
                           f"should contain the same number of dims as destination ({dst} dims)")
    n = input.dim()
    for name, given in (("source", src), ("destination", dst)):
        if len({_wrap_dim(x, n) for x in given}) != len(given):
            raise RuntimeError(f"movedim: repeated dim in `{name}` ({given})")
    src, dst = [_wrap_dim(x, n) for x in src], [_wrap_dim(x, n) for x in dst]
    if n == 0:  # nothing to move: PyTorch returns an alias, not a permute
        return d.alias(input)
    rest = iter([x for x in range(n) if x not in src])
    moved = dict(zip(dst, src))
    return d.permute(input, tuple(moved[k] if k in moved else next(rest) for k in range(n)))


def ravel(input):
    """The elements in row-major order, as one dim: a view when they already lie so in memory,
    else a view of a contiguous copy."""
    return view(_contiguous(input), -1)


def _type_as(self, other=_REQUIRED):
    _tensor_arg("type_as", "other", 1, other)
    return self.to(other.dtype)


def select(input, dim, index):
    """The slice at `index` along dim, one dim fewer: the view x[:, index] is."""
    if input.dim() == 0:
        raise IndexError("select() cannot be applied to a 0-dim tensor.")
    given, dim, index = _given(dim, input.dim()), _wrap_dim(dim, input.dim()), _int(index)
    if not -input.shape[dim] <= index < input.shape[dim]:
        raise IndexError(f"select(): index {index} out of range for tensor of size "
                         f"{list(input.shape)} at dimension {dim}")
    return d.select(input, given, index)


def concat(tensors, dim=0):
    """cat under another name (NumPy's), with its errors."""
    _check_tensors("concat", tensors, dim)
    return cat(tensors, dim)


def concatenate(tensors, dim=0):
    _check_tensors("concatenate", tensors, dim)
    return cat(tensors, dim)


def _atleast(ndim):
    """atleast_1d/2d/3d: each tensor with dims of size 1 added, as PyTorch adds them (a 0-d
    tensor is reshaped, a 1-d one unsqueezed in front (and at the end for 3d), a 2-d one at the
    end for 3d); a tensor with enough dims is returned itself."""
    name = f"atleast_{ndim}d"

    def grow(t):
        if t.dim() == 0 and ndim > 0:
            return reshape(t, (1,) * ndim)
        if t.dim() == 1 and ndim > 1:
            t = unsqueeze(t, 0)
            return unsqueeze(t, -1) if ndim == 3 else t
        return unsqueeze(t, -1) if t.dim() == 2 and ndim == 3 else t

    def fn(*tensors):
        one = len(tensors) == 1 and isinstance(tensors[0], Tensor)
        if len(tensors) == 1 and isinstance(tensors[0], (tuple, list)):
            tensors = tuple(tensors[0])
        for i, t in enumerate(tensors):
            if not isinstance(t, Tensor):
                if len(tensors) == 1:
                    raise _arg_parser.error(_arg_parser.SIGNATURES[f"_VF.{name}"], tensors, {})
                raise TypeError(f"expected Tensor as element {i} in argument 0, but got "
                                f"{_type_name(t)}")
        return grow(tensors[0]) if one else tuple(grow(t) for t in tensors)
    fn.__name__ = name
    return fn


atleast_1d, atleast_2d, atleast_3d = _atleast(1), _atleast(2), _atleast(3)


def _stacking(name, atleast, dim):
    """hstack/vstack/dstack: the tensors given enough dims (atleast_1d/2d/3d), then cat along
    `dim` (hstack: 0 for 1-d tensors)."""
    def fn(tensors):
        _check_tensors(name, tensors, 0)
        if not tensors:
            raise RuntimeError(f"{name} expects a non-empty TensorList")
        tensors = atleast(tensors)
        return cat(tensors, 0 if tensors[0].dim() == 1 else dim)
    fn.__name__ = name
    return fn


hstack, vstack, dstack = (_stacking("hstack", atleast_1d, 1), _stacking("vstack", atleast_2d, 0),
                          _stacking("dstack", atleast_3d, 2))


def column_stack(tensors):
    """The tensors side by side as columns: 0-d and 1-d ones reshaped to one column, then cat."""
    _check_tensors("column_stack", tensors, 0)
    if not tensors:
        raise RuntimeError("column_stack expects a non-empty TensorList")
    return cat([reshape(t, (t.numel(), 1)) if t.dim() <= 1 else t for t in tensors], 1)


def tensor_split(input, indices_or_sections, dim=0):
    """Pieces along dim: `sections` of near-equal size (the first ones one longer), or cut at the
    `indices` given. Each piece is a slice of its own (SliceBackward0), not one node as split."""
    if input.dim() == 0:
        raise RuntimeError("tensor_split expected at least a 1-dimensional tensor, but got a "
                           "tensor with 0 dims")
    dim, cuts = _wrap_dim(dim, input.dim()), indices_or_sections
    if isinstance(cuts, Tensor):
        if cuts.dtype != dtypes.int64:
            raise RuntimeError("tensor_split expected tensor_indices_or_sections to have dtype of "
                               f"long, but got {cuts.dtype._scalar}")
        if cuts.dim() > 1:
            raise RuntimeError("tensor_split expected tensor_indices_or_sections to be a "
                               "zero-dimensional or one-dimensional tensor, but got a tensor with "
                               f"{cuts.dim()} dims")
        cuts = cuts.tolist()
    if isinstance(cuts, numbers.Integral):
        if cuts <= 0:
            raise RuntimeError(f"number of sections must be larger than 0, got {cuts}")
        size, extra = divmod(input.shape[dim], cuts)
        cuts = [k * size + builtins.min(k, extra) for k in range(1, cuts)]
    elif not isinstance(cuts, (tuple, list)):
        raise _invalid_combination("tensor_split", (input, indices_or_sections), {})
    bounds = [0, *cuts, input.shape[dim]]
    return tuple(d.slicing(input, dim, a, b, 1) for a, b in zip(bounds, bounds[1:]))


def _split_at(name, dim, ndim):
    """hsplit/vsplit/dsplit: tensor_split along dim 1/0/2 (hsplit: 0 for a 1-d tensor); a number
    of sections must divide the size."""
    def fn(input, indices_or_sections):
        if input.dim() < ndim:
            raise RuntimeError(f"minigrad.{name} requires a tensor with at least {ndim} dimension, "
                               f"but got a tensor with {input.dim()} dimensions!")
        at, cuts = 0 if input.dim() == 1 else dim, indices_or_sections
        if isinstance(cuts, numbers.Integral) and (cuts == 0 or input.shape[at] % cuts):
            raise RuntimeError(f"minigrad.{name} attempted to split along dimension {at}, but the "
                               f"size of the dimension {input.shape[at]} is not divisible by the "
                               f"split_size {cuts}!")
        return tensor_split(input, cuts, at)
    fn.__name__ = name
    return fn


hsplit, vsplit, dsplit = _split_at("hsplit", 1, 1), _split_at("vsplit", 0, 2), _split_at("dsplit", 2, 3)


def split_with_sizes(input, split_sizes, dim=0):
    """split into the sizes listed (a list only: split also takes one size)."""
    _check_int_tuple("split_with_sizes", "split_sizes", 2, split_sizes)
    return split(input, split_sizes, dim)


# --- part shape2: reading and writing at positions -----------------------------------------------
def nonzero(input, *, as_tuple=False):
    """The positions of the nonzero elements: one row of coordinates each (int64), or, with
    as_tuple, one tensor of coordinates per dim (a 0-d input counts as 1-d)."""
    if not isinstance(as_tuple, builtins.bool):
        raise TypeError(f"nonzero(): argument 'as_tuple' must be bool, not {_type_name(as_tuple)}")
    found = np.nonzero(np.atleast_1d(input._data))
    if as_tuple:
        return tuple(Tensor._make(c.astype(np.int64)) for c in found)
    # (PyTorch fills one row of memory per dim: the result is that block transposed)
    return Tensor._make(np.stack(found[:input.dim()]).astype(np.int64).T
                        if input.dim() else np.zeros((found[0].size, 0), np.int64))


def argwhere(input):
    return nonzero(input)


def masked_select(input, mask):
    """The elements where mask (broadcast with input) is True, as one dim, in row-major order."""
    if mask._data.dtype != np.bool_:
        raise RuntimeError("masked_select: expected BoolTensor for mask")
    _broadcast_shape(mask.shape, input.shape)
    return d.masked_select(input, mask)


def _masked_scatter_call(self, mask, source, inplace):
    if mask._data.dtype != np.bool_:
        raise RuntimeError("masked_scatter_ only supports boolean masks, but got mask with dtype "
                           f"{mask.dtype._scalar}")
    if source.dtype != self.dtype:
        raise RuntimeError("masked_scatter: expected self and source to have same dtypes but got"
                           f"{self.dtype._scalar} and {source.dtype._scalar}")
    if inplace and mask.dim() > self.dim():  # the mask is expanded to self (in C++'s words)
        raise RuntimeError(f"expand(CPUBoolType{{{list(mask.shape)}}}, size={list(self.shape)}): "
                           f"the number of sizes provided ({self.dim()}) must be greater or equal "
                           f"to the number of dimensions in the tensor ({mask.dim()})")
    if inplace:
        expand(mask, self.shape)
    if np.count_nonzero(np.broadcast_to(mask._data, _broadcast_shape(self.shape, mask.shape))) \
            > source.numel():
        raise RuntimeError("Number of elements of source < number of ones in mask")
    if inplace and np.shares_memory(self._data, source._data) and not (
            source.requires_grad and source.is_leaf):
        source = _as_read_while_writing(self, mask, source)
    return (apply_inplace if inplace else lambda op, *args: op(*args))(
        d.masked_scatter, self, mask, source)


def _addresses(a):
    """The memory address of each element of the array a, in a's shape."""
    return a.__array_interface__["data"][0] + builtins.sum(
        (np.arange(n) * st).reshape((n,) + (1,) * (a.ndim - 1 - i))
        for i, (n, st) in enumerate(zip(a.shape, a.strides)))


def _as_read_while_writing(self, mask, source):
    """source as masked_scatter_'s kernel reads it when it shares memory with self: element after
    element, in self's order, so an element self has already been written at reads the new
    value. The same tensor for autograd (its history), holding those values."""
    where = np.broadcast_to(_addresses(self._data), self.shape)[
        np.broadcast_to(mask._data, self.shape)]
    data = source._data.copy()
    flat = data.reshape(-1)
    written = {}
    for k, (at, read) in enumerate(zip(where, np.broadcast_to(_addresses(source._data),
                                                              source.shape).reshape(-1))):
        flat[k] = written.get(read, flat[k])
        written[at] = flat[k]
    return Tensor._make(data, source.grad_fn, source._output_nr, requires_grad=source.requires_grad)


def masked_scatter(input, mask, source):
    """source's elements, in order, written where mask is True (masked_select's inverse)."""
    return _masked_scatter_call(input, mask, source, False)


def _masked_scatter_inplace(self, mask, source):
    return _masked_scatter_call(self, mask, source, True)


def _index_add_call(name, self, dim, index, source, alpha=1):
    """PyTorch's checks for index_add/index_copy, in their words (which differ); the dim as
    given and the index flattened."""
    given, dim = _given(dim, self.dim()), _wrap_dim(dim, self.dim())
    if name == "index_add_":
        if index._data.dtype not in (np.int32, np.int64):
            raise RuntimeError(f"index_add_(): Expected dtype int32/int64 for index but got: "
                               f"{index.dtype._scalar}")
        if index.dim() > 1:
            raise IndexError(f"index_add_(): Index is supposed to be a vector, but got dim: "
                             f"{index.dim()} with type: {index.dtype._scalar} and size: "
                             f"{list(index.shape)}")
        if source.dim() and dim >= source.dim():
            raise RuntimeError(f"index_add_(): Indexing dim {dim} is out of bounds of the source "
                               f"tensor with dim {source.dim()}")
        if source.dim() and index.numel() != source.shape[dim]:
            raise RuntimeError(f"index_add_(): Number of indices ({index.numel()}) should be equal "
                               f"to source.size(dim): ({source.shape[dim]}), for dim: {dim}")
        if source.dtype != self.dtype:
            raise RuntimeError(f"index_add_(): self ({self.dtype._scalar}) and source "
                               f"({source.dtype._scalar}) must have the same scalar type")
        rest = ((lambda shape: shape[:dim] + shape[dim + 1:]) if self.dim() and source.dim()
                else (lambda shape: shape))
        if rest(self.shape) != rest(source.shape):
            raise RuntimeError("source tensor shape must match self tensor shape, excluding the "
                               f"specified dimension. Got self.shape = {list(self.shape)} "
                               f"source.shape = {list(source.shape)}")
        if self.dim() > 1 and (index.numel() == 0 or self.numel() == 0):
            return given, index.reshape(-1)  # (PyTorch's kernel returns before its index check)
        # PyTorch's CPU kernel: along the first or last dim of a matrix or more, with a long
        # index and alpha 1, it calls scatter_add_ (whose words these are); else its own loop
        scatters = (self.dim() > 1 and dim in (0, self.dim() - 1) and alpha == 1
                    and index._data.dtype == np.int64)
        error, prefix = (RuntimeError, "") if scatters else (IndexError, None)
    else:
        if index.dim() > 1:
            raise IndexError(f"index_copy_(): Index should have dimension 1 or 0 (got "
                             f"{index.dim()})")
        if not source.dim() and index.numel() != 1:
            raise IndexError("index_copy_(): When source is scalar, index should have one element "
                             f"(got {index.numel()})")
        if source.dim() != self.dim() and source.dim() and self.dim():
            raise IndexError("index_copy_(): When source and destination are not scalars, their "
                             f"dimensionality must match. Source dimensionality ({source.dim()}), "
                             f"destination dimensionality ({self.dim()})")
        if index._data.dtype != np.int64:
            raise RuntimeError(f"index_copy_(): Expected a long tensor for index, but got "
                               f"{index.dtype._scalar}")
        if source.dtype != self.dtype:
            raise RuntimeError(f"index_copy_(): self and source expected to have the same dtype, "
                               f"but got (self) {self.dtype._scalar} and (source) "
                               f"{source.dtype._scalar}")
        rest = [" ".join(map(str, t.shape[:dim] + t.shape[dim + 1:])) for t in (self, source)]
        if rest[0] != rest[1]:  # (C++ prints the sizes without brackets)
            raise RuntimeError("index_copy_(): Source/destination tensor must have same slice "
                               f"shapes. Destination slice shape: {rest[0]} at dimension {dim} "
                               f"and source slice shape: {rest[1]} at dimension 0.")
        if source.dim() and index.numel() != source.shape[dim]:
            raise IndexError(f"index_copy_(): Number of indices ({index.numel()}) should be equal "
                             f"to source.size(dim) ({source.shape[dim]})")
        if self.numel() == 0:
            return given, index.reshape(-1)  # (PyTorch's kernel has nothing to check against)
        error, prefix = IndexError, "index_copy_(): "
    size = self.shape[dim] if self.dim() else 1
    bad = (index._data < 0) | (index._data >= size)
    if bad.any():
        raise error("index out of range in self" if prefix is None else
                    f"{prefix}index {index._data[bad].flat[0]} is out of bounds for dimension "
                    f"{dim} with size {size}")
    return given, index.reshape(-1)


def index_add(input, dim, index, source, *, alpha=1):
    """source's slices (times alpha) added at the positions index lists along dim."""
    dim, index = _index_add_call("index_add_", input, dim, index, source, alpha)
    return d.index_add(input, dim, index, source, alpha)


def _index_add_inplace(self, dim, index, source, *, alpha=1):
    dim, index = _index_add_call("index_add_", self, dim, index, source, alpha)
    return apply_inplace(d.index_add, self, dim, index, source, alpha)


def index_copy(input, dim, index, source):
    """source's slices written at the positions index lists along dim."""
    dim, index = _index_add_call("index_copy_", input, dim, index, source)
    return d.index_copy(input, dim, index, source)


def _index_copy_inplace(self, dim, index, source):
    dim, index = _index_add_call("index_copy_", self, dim, index, source)
    return apply_inplace(d.index_copy, self, dim, index, source)


def rot90(input, k=1, dims=(0, 1)):
    """A quarter turn k times, from dims[0] towards dims[1]."""
    if len(dims) != 2:
        raise RuntimeError(f"expected total rotation dims == 2, but got dims = {len(dims)}")
    if input.dim() < 2:
        raise RuntimeError(f"expected total dims >= 2, but got total dims = {input.dim()}")
    wrapped = tuple(_wrap_dim(x, input.dim()) for x in dims)
    if wrapped[0] == wrapped[1]:
        raise RuntimeError(f"expected rotation dims to be different, but got dim0 = {dims[0]} and "
                           f"dim1 = {dims[1]}")
    return d.rot90(input, k, wrapped)


def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    """input's last dim written on the diagonals of two new dims (dim1, dim2) of zeros."""
    n = input.dim() + 1
    if _wrap_dim(dim1, n) == _wrap_dim(dim2, n):
        raise RuntimeError(f"diagonal dimensions cannot be identical {_wrap_dim(dim1, n)}, "
                           f"{_wrap_dim(dim2, n)}")
    return d.diag_embed(input, offset, _given(dim1, n), _given(dim2, n))


def diagflat(input, offset=0):
    """The flattened input on the diagonal of a square matrix: diag_embed of a 1-d view."""
    return d.diag_embed(view(_contiguous(input), -1), offset, 0, 1)


def take_along_dim(input, indices, dim=None):
    """gather, after broadcasting input and indices against each other (all dims but dim); with
    no dim, gather from the flattened input."""
    if dim is None:
        return gather(view(input, -1), 0, view(indices, -1))
    if indices._data.dtype != np.int64:
        raise RuntimeError("minigrad.take_along_dim(): dtype of indices should be Long but got "
                           f"{indices.dtype._scalar}")
    if input.dim() != indices.dim():
        raise RuntimeError("minigrad.take_along_dim(): input and indices should have the same number "
                           f"of dimensions, but got {input.dim()} dimensions for input, and "
                           f"{indices.dim()} dimensions for indices")
    dim = _wrap_dim(dim, input.dim())
    if input.dim() == 0:
        raise IndexError("Dimension specified as 0 but tensor has no dimensions")
    along = lambda shape, n: shape[:dim] + (n,) + shape[dim + 1:]  # noqa: E731
    indices = broadcast_to(indices, _broadcast_shape(along(input.shape, indices.shape[dim]),
                                                     indices.shape))
    input = broadcast_to(input, _broadcast_shape(along(indices.shape, input.shape[dim]),
                                                 input.shape))
    return gather(input, dim, indices)


def repeat_interleave(input, repeats=None, dim=None, *, output_size=None):
    """Each element (or slice along dim) repeated: `repeats` times (an int: an expanded copy), or
    repeats[i] times for slice i (a tensor: index_select). repeat_interleave(repeats) alone gives
    the indices: i repeats[i] times."""
    if repeats is None:
        return _repeated_indices(input)
    flat = flatten(input) if dim is None else input
    dim = _wrap_dim(0 if dim is None else dim, input.dim())
    if isinstance(repeats, Tensor):
        n = flat.shape[dim] if flat.dim() else 1
        if repeats.dim() == 0 or repeats.shape == (1,):
            repeats = expand(reshape(repeats, 1), n)
        elif repeats.dim() == 1 and repeats.shape[0] != n:
            raise RuntimeError(f"repeats must have the same size as input along dim, but got "
                               f"repeats.size(0) = {repeats.shape[0]} and input.size({dim}) = {n}")
        elif repeats.dim() > 1:
            raise RuntimeError("repeats must be 0-dim or 1-dim tensor")
        index = _repeated_indices(repeats)
        if output_size is not None and output_size != index.numel():
            raise RuntimeError("allocated size does not match required size")
        return index_select(flat, dim, index)
    if repeats < 0:
        raise RuntimeError("Repeats must be non-negative")
    grown = unsqueeze(flat, dim + 1)
    grown = expand(grown, grown.shape[:dim + 1] + (repeats,) + grown.shape[dim + 2:])
    if output_size is not None and output_size != grown.shape[dim] * repeats:
        raise RuntimeError(f"repeat_interleave: Invalid output_size, expected "
                           f"{grown.shape[dim] * repeats} but got {output_size}")
    return flatten(d.clone(grown, contiguous_format), dim, dim + 1)


def _repeated_indices(repeats):
    """0 repeats[0] times, 1 repeats[1] times, ...: repeat_interleave(repeats)."""
    if repeats.dim() != 1:
        raise RuntimeError("repeat_interleave only accept 1D vector as repeat")
    if repeats._data.dtype not in (np.int32, np.int64):
        raise NotImplementedError(f'"repeat_interleave_cpu" not implemented for '
                                  f"'{repeats.dtype._scalar}'")
    if (repeats._data < 0).any():
        raise RuntimeError("repeats can not be negative")
    return Tensor._make(np.repeat(np.arange(repeats.numel(), dtype=repeats._data.dtype),
                                  repeats._data))


def _index_put_call(self, indices, values, position, name="index_put"):
    """The row index_put runs after PyTorch's checks, with `indices` as a NumPy key."""
    if not isinstance(indices, (tuple, list)):
        raise TypeError(f"{name}(): argument 'indices' (position {position}) must be tuple of "
                        f"Tensors, not {_type_name(indices)}")
    _tensor_elements(indices)
    if values.dtype != self.dtype:
        raise RuntimeError(f"Index put requires the source and destination dtypes match, got "
                           f"{self.dtype._scalar} for the destination and {values.dtype._scalar} "
                           "for the source.")
    key = tuple(k if isinstance(k, np.ndarray) else np.array(k) for k in _index_keys(indices))
    if builtins.sum(d._key_dims(k) for k in key) > self.dim():
        raise IndexError(f"too many indices for tensor of dimension {self.dim()} (got "
                         f"{len(indices)})")
    return key


def index_put(input, indices, values, accumulate=False):
    """values written (or, with accumulate, added) at the positions the index tensors give, as
    `input[indices] = values` does in place."""
    _bool_arg("index_put", "accumulate", accumulate)  # (the parser words it, with its position)
    key = _index_put_call(input, indices, values, 2)
    try:
        return d.index_put(input, values, key, accumulate)
    except IndexError:
        _check_bounds(input.shape, key)
        raise


def _index_put_inplace(self, indices, values, accumulate=False):
    _bool_arg("index_put_", "accumulate", accumulate)
    key = _index_put_call(self, indices, values, 1, "index_put_")
    try:
        return apply_inplace(d.index_put, self, values, key, accumulate)
    except IndexError:
        _check_bounds(self.shape, key)
        raise


def _flat_index(name, input, index):
    """take/put index the tensor as if it were flat (row-major); negative indices count back."""
    if index._data.dtype != np.int64:
        raise RuntimeError(f"{name}(): Expected a long tensor for index, but got "
                           f"{index.dtype._scalar}")
    n = input.numel()
    bad = (index._data < -n) | (index._data >= n)
    if bad.any():
        raise IndexError(f"out of range: tried to access index {index._data[bad].flat[0]} on a "
                         f"tensor of {n} elements.")


def take(input, index):
    """input's elements at the flat positions index gives, in index's shape."""
    _flat_index("take", input, index)
    return d.take(input, index)


def _put_call(self, index, source):
    _flat_index("put_", self, index)
    if source.numel() != index.numel():
        raise IndexError(f"put_(): Expected source and index to have the same number of elements, "
                         f"but got source.numel() = {source.numel()}, index.numel() = "
                         f"{index.numel()}")
    if source.dtype != self.dtype:
        raise RuntimeError(f"put_(): self and source expected to have the same dtype, but got "
                           f"self.dtype = {self.dtype._scalar} and source.dtype = "
                           f"{source.dtype._scalar}")


def put(input, index, source, accumulate=False):
    """source's elements written (or added) at the flat positions index gives: take's inverse."""
    _put_call(input, index, source)
    return d.put(input, index, source, accumulate)


def _put_inplace(self, index, source, accumulate=False):
    _put_call(self, index, source)
    return apply_inplace(d.put, self, index, source, accumulate)


# --- part shape2: grids, products of whole tensors -------------------------------------------------
def meshgrid(*tensors, indexing=None):
    """Coordinate grids: tensor i viewed along dim i and expanded to the whole grid (views, no
    copies). indexing='xy' (NumPy's default) swaps the first two dims; PyTorch's is 'ij'."""
    if len(tensors) == 1 and isinstance(tensors[0], (tuple, list)):
        tensors = tuple(tensors[0])
    _tensor_elements(tensors)
    if indexing is None:
        warn_once("minigrad.meshgrid: in an upcoming release, it will be required to pass the "
                  "indexing argument. (Triggered internally at "
                  "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4215.)")
        indexing = "ij"
    if not tensors:
        raise RuntimeError("meshgrid expects a non-empty TensorList")
    if builtins.any(t.dtype != tensors[0].dtype for t in tensors):
        raise RuntimeError("meshgrid expects all tensors to have the same dtype")
    if indexing not in ("xy", "ij"):
        raise RuntimeError(f'minigrad.meshgrid: indexing must be one of "xy" or "ij", but received: '
                           f"{indexing}")
    swap = indexing == "xy" and len(tensors) > 1
    if swap:
        tensors = (tensors[1], tensors[0], *tensors[2:])
    shape = tuple(t.numel() for t in tensors)
    grids = [expand(view(t, tuple(-1 if k == i else 1 for k in range(len(shape)))), shape)
             for i, t in enumerate(tensors)]
    if swap:
        grids[0], grids[1] = grids[1], grids[0]
    return tuple(grids)


def cartesian_prod(*tensors):
    """Every combination of one element from each 1-d tensor, as rows: a meshgrid, flattened."""
    for t in tensors:
        if t.dim() != 1:
            raise RuntimeError(f"Expect a 1D vector, but got shape {list(t.shape)}")
    if len(tensors) == 1:
        return tensors[0]
    return stack([flatten(g) for g in meshgrid(*tensors, indexing="ij")], 1)


def _tri_indices(name, np_fn):
    """triu_indices/tril_indices: the (row, col) positions of a row x col matrix's upper/lower
    triangle from diagonal `offset` on, row by row."""
    def fn(row, col, offset=0, *, dtype=None, device=None, requires_grad=False):
        if row < 0 or col < 0:
            which, n = ("row", row) if row < 0 else ("col", col)
            raise RuntimeError(f"{which} must be non-negative, got{n}")
        dtype = dtypes.int64 if dtype is None else dtype
        if dtype not in (dtypes.int64, dtypes.int32, dtypes.int16, dtypes.int8, dtypes.uint8):
            raise NotImplementedError(f"\"{name}\" not implemented for '{dtype._scalar}'")
        _check_device(_device_arg(name, device))
        return Tensor._make(np.stack(np_fn(row, offset, col)).astype(dtype.np))
    fn.__name__ = name
    return fn


triu_indices, tril_indices = _tri_indices("triu_indices", np.triu_indices), \
    _tri_indices("tril_indices", np.tril_indices)


def kron(input, other):
    """The Kronecker product: each element of input times the whole of other, as blocks. A
    product of two interleaved reshapes, as PyTorch computes it."""
    _tensor_arg("kron", "input", 1, input)
    _tensor_arg("kron", "other", 2, other)
    n = builtins.max(input.dim(), other.dim())
    a = (1,) * (n - input.dim()) + tuple(input.shape)
    b = (1,) * (n - other.dim()) + tuple(other.shape)
    blocks = mul(_unsafe_view(input, builtins.sum(((k, 1) for k in a), ())),
                 _unsafe_view(other, builtins.sum(((1, k) for k in b), ())))
    return _unsafe_view(blocks, tuple(x * y for x, y in zip(a, b)))


def _unsafe_view(input, shape):
    """PyTorch's _unsafe_view: a view (with view's error when there is none), recorded as a
    copy (UnsafeViewBackward0)."""
    if not _viewable(input._data, shape):
        view(input, shape)
    return d.unsafe_view(input, shape)


def tensordot(a, b, dims=2, out=None):
    """Sum of products over dims of a paired with dims of b (the last `dims` of a with the first
    of b, for an int): both permuted and reshaped to matrices, one mm, reshaped back. As
    PyTorch's Python tensordot, it reads `dims` as two lists and hands them to ATen's tensordot,
    whose parser refuses anything but lists of ints there: (1, 0) is not two dims."""
    if not isinstance(dims, (tuple, list, Tensor, int)):
        raise RuntimeError("tensordot expects dims to be int or tuple[list[int], list[int]] or "
                           f"list[list[int]] containing two lists, but got dims={dims}")
    if isinstance(dims, (tuple, list)):
        dims_a, dims_b = dims
    elif isinstance(dims, Tensor) and dims.numel() > 1:
        assert dims.size()[0] == 2, ("dims tensor must have size 2 in first dimension, got "
                                     f"{dims.size()[0]}")
        dims_a, dims_b = dims[0].tolist(), dims[1].tolist()
    else:
        n = int(dims.item()) if isinstance(dims, Tensor) else dims
        if n < 0:
            raise RuntimeError(f"tensordot expects dims >= 0, but got dims={dims}")
        if not isinstance(dims, Tensor) and n > builtins.min(a.dim(), b.dim()):
            raise RuntimeError(f"tensordot expects dims < ndim_a or ndim_b, but got dims={dims}")
        dims_a, dims_b = list(range(-n, 0)), list(range(n))
    if out is not None:
        from ._out import call_with_out
        return call_with_out(_tensordot, _TENSORDOT_OUT, (a, b, dims_a, dims_b), {}, out)
    _arg_parser.bind(_TENSORDOT_OUT, (a, b, dims_a, dims_b), {})  # (its TypeErrors)
    return _tensordot(a, b, dims_a, dims_b)


def _tensordot(a, b, da, db):
    """ATen's tensordot(self, other, dims_self, dims_other)."""
    da, db = list(da), list(db)
    if len(da) != len(db):
        raise RuntimeError("both dimension lists should have same length")
    if a.dtype != b.dtype:
        raise RuntimeError("both inputs should have same dtype")
    csize = 1
    for x, y in zip(da, db):  # a dim of size 1 against a longer one is summed right away
        s1, s2 = a.shape[_wrap_dim(x, a.dim())], b.shape[_wrap_dim(y, b.dim())]
        if s2 == 1:
            a = sum(a, x, True)
        elif s1 == 1:
            b = sum(b, y, True)
        elif s1 != s2:
            raise RuntimeError(f"contracted dimensions need to match, but first has size {s1} in "
                               f"dim {x} and second has size {s2} in dim {y}")
        else:
            csize *= s1
    da, db = _dims(da, a.dim()), _dims(db, b.dim())
    free_a = [k for k in range(a.dim()) if k not in da]
    free_b = [k for k in range(b.dim()) if k not in db]
    size1, size2 = math.prod(a.shape[k] for k in free_a), math.prod(b.shape[k] for k in free_b)
    a, b = permute(a, free_a + list(da)), permute(b, list(db) + free_b)
    m = dot(flatten(a), flatten(b)) if size1 == size2 == 1 else \
        mm(reshape(a, (size1, csize)), reshape(b, (csize, size2)))  # (one number: a dot)
    return reshape(m, tuple(a.shape[:len(free_a)]) + tuple(b.shape[len(db):]))


_TENSORDOT_OUT = ("tensordot(Tensor input, Tensor other, IntArrayRef dims_self, "
                  "IntArrayRef dims_other, *, Tensor out=None)",)


# --- random numbers (PyTorch's own: see _generator.py) -------------------------------------------


def manual_seed(seed):
    return default_generator.manual_seed(int(seed))


def initial_seed():
    return default_generator.initial_seed()


def seed():
    return default_generator.seed()


def get_rng_state():
    return default_generator.get_state()


def set_rng_state(new_state):
    default_generator.set_state(new_state)


def _check_random_dtype(kernel, dtype):
    """PyTorch's kernels that draw random floats exist for floating dtypes only (randn's and
    rand's into an integer dtype, or an integer out=, are refused in their words)."""
    if dtype is not None and not dtype.is_floating_point:
        raise NotImplementedError(f'"{kernel}" not implemented for \'{dtype._scalar}\'')


def randn(*size, dtype=None, device=None, requires_grad=False, generator=None):
    _check_overloads("randn", size, requires_grad, dtype, generator, device)
    _check_random_dtype("normal_kernel_cpu", dtype)
    arr = (generator or default_generator).normal(_new_shape("randn", size), _np_dtype(dtype))
    return _new(arr, requires_grad)


def rand(*size, dtype=None, device=None, requires_grad=False, generator=None):
    _check_overloads("rand", size, requires_grad, dtype, generator, device)
    _check_random_dtype("check_uniform_bounds", dtype)
    arr = (generator or default_generator).uniform(_new_shape("rand", size), _np_dtype(dtype))
    return _new(arr, requires_grad)


def randint(*args, generator=None, dtype=None, device=None, requires_grad=False, **names):
    """randint(high, size) or randint(low, high, size), by position or by name: integers drawn
    uniformly from [low, high), low 0 by default (int64).

    PyTorch's parser takes the first overload a call fits. If none fits, it says what is wrong
    with the one overload a call of that many arguments could mean ((high, size) for two), and
    otherwise lists them all."""
    options = dict(device=device, generator=generator, dtype=dtype, requires_grad=requires_grad)
    options = {k: v for k, v in options.items() if v is not None and v is not False}
    bound = _bind_randint(("high", "size"), args, names) or _bind_randint(
        ("low", "high", "size"), args, names)
    if bound is None or not _options_fit(requires_grad, dtype, generator, device):
        if len(args) + len(names) + len(options) == 2:
            _bind_randint(("high", "size"), args, names, raise_errors=True)
        raise _invalid_combination("randint", args, {**options, **names})
    _check_device(_device_arg("randint", device))
    *low, high, size = bound
    low = low[0] if low else 0
    for x in (low, high):
        if not -2**63 <= x < 2**63:
            raise ValueError("Overflow when unpacking long long")
    shape = _new_shape("randint", (size,))
    if low >= high:
        raise RuntimeError(f"random_ expects 'from' to be less than 'to', but got from={low} >= "
                           f"to={high}")
    dtype = dtype or dtypes.int64
    if not dtype.is_floating_point:
        info = np.iinfo(np.uint8) if dtype is dtypes.bool else np.iinfo(dtype.np)
        bounds = (info.min, 1 if dtype is dtypes.bool else info.max)
        for what, x in (("from", low), ("to - 1", high - 1)):
            if not bounds[0] <= x <= bounds[1]:
                raise RuntimeError(f"{what} is out of bounds for {dtype._c}")
    return _new((generator or default_generator).integers(shape, dtype.np, low, high),
                requires_grad)


def _bind_randint(params, args, names, raise_errors=False):
    """randint's arguments as the values of `params` (ints, then a size), or None if they don't
    fit them; with raise_errors, PyTorch's TypeError for the first that doesn't."""
    if not raise_errors and (len(args) > len(params) or set(names) - set(params[len(args):])):
        return None  # PyTorch names a missing or mistyped argument before an unexpected one
    values = []
    for i, param in enumerate(params):
        value = args[i] if i < len(args) else names.get(param, _REQUIRED)
        where = f" (position {i + 1})" if i < len(args) else ""
        if value is _REQUIRED:
            error = TypeError(f"randint() missing {len(params) - i} required positional argument"
                              f"{'s' if len(params) - i == 1 else ''}: "  # PyTorch's plural, sic
                              + ", ".join(f'"{p}"' for p in params[i:]))
        elif param == "size" and not isinstance(value, (tuple, list)):
            error = TypeError(f"randint(): argument 'size'{where} must be tuple of ints, not "
                              f"{_type_name(value)}")
        elif param == "size":
            bad = [j for j, n in enumerate(value) if not hasattr(n, "__index__")]
            error = bad and TypeError(f"randint(): argument 'size'{where} must be tuple of ints, "
                                      f"but found element of type {_type_name(value[bad[0]])} "
                                      f"at pos {bad[0]}")
        else:
            given, error = value, isinstance(value, (builtins.bool, np.bool_))
            try:
                value = operator.index(value)
            except TypeError:
                error = True
            error = error and TypeError(f"randint(): argument '{param}'{where} must be int, not "
                                        f"{_type_name(given)}")
        if error and raise_errors:
            raise error
        if error:
            return None
        values.append(value)
    return values


def randperm(n=_REQUIRED, *, generator=None, dtype=None, device=None, requires_grad=False):
    """0, ..., n-1 in random order (int64)."""
    _check_overloads("randperm", () if n is _REQUIRED else (n,), requires_grad, dtype, generator,
                     device)
    if not isinstance(n, numbers.Integral) or isinstance(n, builtins.bool):
        raise TypeError(f"randperm(): argument 'n' (position 1) must be int, not {_type_name(n)}")
    if dtype is dtypes.bool:
        raise NotImplementedError("\"randperm\" not implemented for 'Bool'")
    arr = (generator or default_generator).permutation(_new_shape("randperm", (n,))[0])
    return _new(arr.astype(_np_dtype(dtype, np.int64)), requires_grad)


def bernoulli(input, p=None, *, generator=None):
    """1 where a uniform draw falls below input's probability, else 0 (in input's dtype). With a
    number p, every element is 1 with probability p: input gives only the shape and dtype."""
    _tensor_arg("bernoulli", "input", 1, input)
    if p is not None:
        if not _is_float(p):
            raise _invalid_combination("bernoulli", (input, p), {})
        if not 0 <= p <= 1:
            raise RuntimeError(f"bernoulli_ expects p to be in [0, 1], but got p={p:g}")
        return d.bernoulli_p(input, p, generator or default_generator)
    if not input.is_floating_point():
        raise NotImplementedError(f"\"bernoulli_tensor_cpu_p_\" not implemented for "
                                  f"'{input.dtype._scalar}'")
    if not ((input._data >= 0) & (input._data <= 1)).all():
        raise RuntimeError("Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could "
                           "this error message be improved?  If so, please report an "
                           "enhancement request to PyTorch.)")
    return d.bernoulli(input, generator or default_generator)


def poisson(input, generator=None):
    """A Poisson count per element of input, the rates (in input's dtype; no gradient)."""
    _tensor_arg("poisson", "input", 1, input)
    if not input.is_floating_point():
        raise NotImplementedError(f"\"poisson_cpu\" not implemented for '{input.dtype._scalar}'")
    if not (input._data >= 0).all():  # (nan too)
        raise RuntimeError("invalid Poisson rate, expected rate to be non-negative")
    return d.poisson(input, generator or default_generator)


def binomial(count, prob, generator=None):
    """Successes in count trials of probability prob, element by element (count's dtype; no
    derivative: PyTorch records a NotImplemented node). As PyTorch, the result takes count's
    shape first, and is resized (with its warning) when broadcasting asks for another."""
    _tensor_arg("binomial", "count", 1, count)
    _tensor_arg("binomial", "prob", 2, prob)
    for argname, t in (("count", count), ("prob", prob)):
        if not t.is_floating_point():
            raise ValueError(f"binomial only supports floating-point dtypes for {argname}, got: "
                             f"{t.dtype._scalar}")
    if prob.dtype is not count.dtype:
        raise RuntimeError(f"Found dtype {prob.dtype._scalar} but expected {count.dtype._scalar}")
    shape = _broadcast_shape(count.shape, prob.shape)
    if shape != count.shape and count.numel():
        from ._out import _RESIZED
        warnings.warn(_RESIZED.format(list(count.shape), None, None, list(shape)), UserWarning,
                      stacklevel=2)
    return d.binomial(count, prob, generator or default_generator)


def multinomial(input, num_samples, replacement=False, *, generator=None):
    """num_samples category indices per row, drawn with probabilities proportional to input's
    row. Without replacement, as PyTorch does it: the largest p / Exponential(1) keys."""
    _tensor_arg("multinomial", "input", 1, input)
    if not isinstance(num_samples, numbers.Integral) or isinstance(num_samples, builtins.bool):
        raise TypeError(f"multinomial(): argument 'num_samples' (position 2) must be int, not "
                        f"{_type_name(num_samples)}")
    if not input.is_floating_point():
        raise RuntimeError(f"multinomial only supports floating-point dtypes for input, got: "
                           f"{input.dtype._scalar}")
    if input.dim() not in (1, 2):
        raise RuntimeError("prob_dist must be 1 or 2 dim")
    if num_samples <= 0:
        raise RuntimeError("cannot sample n_sample <= 0 samples")
    if not replacement and num_samples > input.shape[-1]:
        raise RuntimeError("cannot sample n_sample > prob_dist.size(-1) samples without "
                           "replacement")
    p = input._data.astype(np.float64).reshape(-1, input.shape[-1])
    if not (np.isfinite(p).all() and (p >= 0).all()):
        raise RuntimeError("probability tensor contains either `inf`, `nan` or element < 0")
    if (p.sum(-1) <= 0).any():
        raise RuntimeError("invalid multinomial distribution (sum of probabilities <= 0)")
    generator = generator or default_generator
    if replacement and num_samples > 1:
        # each row's running sum (float64), divided by the total, the last set to 1; then for
        # each sample a float64 uniform, found by binary search: PyTorch's CPU kernel
        cum = np.cumsum(p, axis=1)
        cum /= cum[:, -1:]
        cum[:, -1] = 1
        u = generator.uniform((len(p), num_samples), np.float64)
        rows = [np.searchsorted(c, draws, side="left") for c, draws in zip(cum, u)]
    else:  # (Gumbel's trick, with exp: the largest p / q, q ~ Exponential(1), in input's dtype)
        x = input._data.reshape(-1, input.shape[-1])
        keys = x / generator.exponential(x.shape, x.dtype)
        rows = [np.argsort(-k, kind="stable")[:num_samples] for k in keys]
    out = np.array(rows, dtype=np.int64).reshape(*input.shape[:-1], num_samples)
    return Tensor._make(out)


def randn_like(input, dtype=None, device=None, requires_grad=False):
    _check_overloads("randn_like", (input,), requires_grad, dtype, device=device)
    return _laid_out_like(input, randn(*input.shape, dtype=dtype or input.dtype,
                                       requires_grad=requires_grad))


def rand_like(input, dtype=None, device=None, requires_grad=False):
    _check_overloads("rand_like", (input,), requires_grad, dtype, device=device)
    return _laid_out_like(input, rand(*input.shape, dtype=dtype or input.dtype,
                                      requires_grad=requires_grad))


def _uniform_inplace(self, from_=0, /, to=1, *, generator=None):  # `from` is Python's keyword
    """Fill self with numbers drawn uniformly from [from, to): recorded (UniformBackward0), with
    no gradient flowing back through it."""
    for argname, x in (("from", from_), ("to", to)):
        if not isinstance(x, numbers.Real):
            raise TypeError(f"uniform_(): argument '{argname}' (position {1 + (argname == 'to')}) "
                            f"must be float, not {_type_name(x)}")
    if not self.is_floating_point():
        raise NotImplementedError(f'"check_uniform_bounds" not implemented for '
                                  f"'{self.dtype._scalar}'")
    limit = np.finfo(self._data.dtype).max
    for argname, x in (("from", from_), ("to", to)):
        if not -limit <= x <= limit:
            raise RuntimeError(f"{argname} is out of bounds for {self.dtype._c}")
    if from_ > to:
        raise RuntimeError(f"uniform_ expects to return a [from, to) range, but found "
                           f"from={from_:g} > to={to:g}")
    return apply_inplace(d.uniform_, self, from_, to, generator or default_generator)


def _normal_inplace(self, mean=0, std=1, *, generator=None):
    for argname, x in (("mean", mean), ("std", std)):
        if not isinstance(x, numbers.Real):
            raise TypeError(f"normal_(): argument '{argname}' (position {1 + (argname == 'std')}) "
                            f"must be float, not {_type_name(x)}")
    if not std >= 0:
        raise RuntimeError(f"normal expects std >= 0.0, but found std {std:g}")
    if not self.is_floating_point():
        raise NotImplementedError(f'"normal_kernel_cpu" not implemented for '
                                  f"'{self.dtype._scalar}'")
    return apply_inplace(d.normal_, self, mean, std, generator or default_generator)


def _fill_inplace(self, *args, **kwargs):
    """Every element set to value: a number (FillBackward2), or a 0-d tensor whose gradient is
    the sum of self's (FillBackward3)."""
    value = _REQUIRED  # (one value, given by position or by name: else the overloads' error)
    if len(args) == 1 and not kwargs:
        value = args[0]
    elif not args and kwargs.keys() == {"value"}:
        value = kwargs["value"]
    if not isinstance(value, (Tensor, numbers.Number)):
        raise _invalid_combination("fill_", args, kwargs, method=True)
    if isinstance(value, Tensor):
        if value.dim():
            raise RuntimeError("fill_ only supports 0-dimension value tensor but got tensor with "
                               f"{value.dim()} dimensions.")
        return apply_inplace(d.fill_tensor_, self, value)
    return apply_inplace(d.fill_, self, _real_fill(value, self._data.dtype))



# PyTorch's strings for the random in-place methods of floats (a 0-d tensor is a float too)
_RANDOM_ = {s.partition("(")[0]: _arg_parser.Signature(s) for s in (
    "cauchy_(double median=0, double sigma=1, *, Generator? generator=None)",
    "log_normal_(double mean=1, double std=2, *, Generator? generator=None)",
    "geometric_(double p, *, Generator? generator=None)",
    "exponential_(double lambd=1, *, Generator? generator=None)")}


def _bernoulli_inplace(self, p=0.5, *, generator=None):
    """1 with probability p (a number, or a tensor broadcast to self's shape), else 0."""
    if isinstance(p, Tensor):
        if not p.is_floating_point():
            raise NotImplementedError(f'"bernoulli_tensor_cpu_p_" not implemented for '
                                      f"'{p.dtype._scalar}'")
        expand(p.detach(), tuple(self.shape))  # (PyTorch's error if p does not broadcast)
        if not ((p._data >= 0) & (p._data <= 1)).all():
            raise RuntimeError("Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could "
                               "this error message be improved?  If so, please report an "
                               "enhancement request to PyTorch.)")
        return apply_inplace(d.bernoulli_tensor_, self, p, generator or default_generator)
    if not _is_float(p):
        raise _invalid_combination("bernoulli_", (p,), {}, method=True)
    if not 0 <= p <= 1:
        raise RuntimeError(f"bernoulli_ expects p to be in [0, 1], but got p={p:g}")
    return apply_inplace(d.bernoulli_, self, p, generator or default_generator)


def _random_inplace(self, *args, generator=None, **kwargs):
    """Whole numbers drawn uniformly from [from, to - 1]; with no bounds, from all the whole
    numbers self's dtype holds exactly (0 to 2**24 for float32)."""
    if kwargs.keys() - {"to"} or len(args) > 2 or not builtins.all(
            isinstance(a, numbers.Integral) for a in (*args, *kwargs.values())
            if not (a is None and len(args) == 2)):
        raise _invalid_combination("random_", args, kwargs, method=True)
    gen = generator or default_generator
    if self.is_floating_point():
        digits = np.finfo(self._data.dtype).nmant + 1
        top, low = 2 ** digits, -(2 ** digits)
    else:
        info = np.iinfo(self._data.dtype) if self._data.dtype != np.bool_ else None
        top, low = (1, 0) if info is None else (int(info.max), int(info.min))
    if not args and not kwargs:
        return apply_inplace(d.random_, self, top, gen)
    from_, to = (0, kwargs.get("to", args[0] if args else None)) if len(args) < 2 else args
    if to is not None and from_ >= to:
        raise RuntimeError(f"random_ expects 'from' to be less than 'to', but got from={from_} >= "
                           f"to={to}")
    last = top if to is None else to - 1
    for what, value, line in (("from", from_, 110), ("to - 1", last, 111)):
        if low <= value <= top:
            continue
        if not self.is_floating_point():
            raise RuntimeError(f"{what} is out of bounds for {self.dtype._c}")
        warnings.warn(f"{what} is out of bounds [-(2^{digits}), 2^{digits}]. Due to precision "
                      f"limitations {self.dtype._c} can support discrete uniform distribution "
                      "only within this range. This warning will become an error in version 1.7 release, "
                      "please fix the code in advance (Triggered internally at "
                      "/__w/pytorch/pytorch/aten/src/ATen/native/DistributionTemplates.h:"
                      f"{line}.)", UserWarning, stacklevel=2)
    if len(args) < 2:
        return apply_inplace(d.random_to_, self, last, gen)
    return apply_inplace(d.random_from_, self, from_, last, gen)




def _cauchy_inplace(self, *args, **kwargs):
    """cauchy_(median=0, sigma=1, *, generator=None): draws from the Cauchy distribution:
    median + sigma * tan(pi * (U - 1/2))."""
    median, sigma, generator = _RANDOM_["cauchy_"].bind(args, kwargs)
    if not sigma > 0:
        raise RuntimeError(f"cauchy_ expects sigma > 0.0, but found sigma={sigma:g}")
    if not self.is_floating_point():
        raise RuntimeError("Cauchy distribution is a continuous probability distribution. "
                           f"dtype must be a floating point but you specified {self.dtype._c}")
    return apply_inplace(d.cauchy_, self, median, sigma, generator or default_generator)


def _log_normal_inplace(self, *args, **kwargs):
    """log_normal_(mean=1, std=2, *, generator=None): exp of draws from the normal distribution
    N(mean, std**2)."""
    mean, std, generator = _RANDOM_["log_normal_"].bind(args, kwargs)
    if not std > 0:
        raise RuntimeError(f"log_normal_ expects std > 0.0, but found std={std:g}")
    if not self.is_floating_point():
        raise NotImplementedError(f'"log_normal_cpu" not implemented for \'{self.dtype._scalar}\'')
    return apply_inplace(d.log_normal_, self, mean, std, generator or default_generator)


def _geometric_inplace(self, *args, **kwargs):
    """geometric_(p, *, generator=None): the number of Bernoulli(p) trials up to and including
    the first success."""
    p, generator = _RANDOM_["geometric_"].bind(args, kwargs)
    if not 0 < p < 1:
        raise RuntimeError(f"geometric_ expects p to be in (0, 1), but got p={p:g}")
    return apply_inplace(d.geometric_, self, p, generator or default_generator)


# --- Tensor methods and operators ---------------------------------------------------------------
def _inplace(op):
    """The in-place method of table row `op` (named after its method in the loop at the end)."""
    def method(self, *args, **kwargs):
        missing = [p for p, default in zip(op.params[1 + len(args):], op.defaults[1 + len(args):])
                   if default is inspect.Parameter.empty and p not in kwargs]
        if missing:
            raise TypeError(f"{method.__name__}() missing {len(missing)} required positional "
                            f"arguments: " + ", ".join(f'"{p}"' for p in missing))
        for k in kwargs:
            if k not in op.params:  # Python's words, as PyTorch's C methods raise them
                raise (_arg_parser.no_keywords(self, method.__name__) if len(op.params) == 1 else
                       TypeError(f"{method.__name__}() got an unexpected keyword argument '{k}'"))
        return apply_inplace(op, self, *args, **kwargs)
    method.__name__ = "_inplace"
    return method


def _pow_inplace(self, exponent):
    return apply_inplace(d.pow_tensor if isinstance(exponent, Tensor) else d.pow_scalar, self,
                         exponent)


def _rtruediv(self, other):
    return d.mul(d.reciprocal(self), other)


_OPERANDS = (Tensor, numbers.Number, np.bool_, np.ndarray)


def _operator(op):
    """An operator takes tensors and numbers; for anything else it returns NotImplemented, so that
    Python tries the other operand and then raises its own TypeError naming 'Tensor', as with
    PyTorch (and `[1, 2] * t` repeats the list through `t.__index__`)."""
    def method(self, other):
        cls = other.__class__  # the common operands first: this runs millions of times
        if cls is Tensor or cls is float or cls is int or isinstance(other, _OPERANDS):
            return op(self, other)
        return NotImplemented
    method.__name__ = getattr(op, "__name__", "operator")
    return method


def _matmul_operator(op):
    """`@` takes tensors only: `t @ 2` is Python's TypeError, as in PyTorch."""
    def method(self, other):
        return op(self, other) if isinstance(other, Tensor) else NotImplemented
    return method


# --- part reduce2: var_mean, std_mean, aminmax, logcumsumexp, dist, median, nanmedian, kthvalue,
# mode, cummax, cummin, nansum, nanmean, count_nonzero ---------------------------------------------


def var_mean(input, *args, **kwargs):
    """(var, mean) of one node: VarMeanBackward0 adds the parts of both gradients."""
    return d.var_mean(input, *_var_std_call("var_mean", False, input, args, kwargs))


def std_mean(input, *args, **kwargs):
    return d.std_mean(input, *_var_std_call("std_mean", False, input, args, kwargs))


def aminmax(input, *, dim=None, keepdim=False):
    """The smallest and the largest value (over dim, or all), as amin and amax would give them."""
    _bool_arg("aminmax", "keepdim", keepdim)
    if dim is None and input.numel() == 0:
        raise RuntimeError("aminmax(): cannot compute aminmax over an empty dimension as the "
                           "operation has no identity.")
    if dim is not None:
        if dim.__class__ is builtins.bool or not isinstance(dim, numbers.Integral):
            raise TypeError(f"aminmax(): argument 'dim' must be int, not {_type_name(dim)}")
        if input.dim() and input.shape[_wrap_dim(dim, input.dim())] == 0:
            raise IndexError(f"aminmax: Expected reduction dim {_wrap_dim(dim, input.dim())} to "
                             "have non-zero size.")
        dim = _given(dim, input.dim())
    return return_types.aminmax(*d.aminmax(input, dim, keepdim))


def logcumsumexp(input, dim=_REQUIRED):
    """log(cumsum(exp(input))) along dim, one log-add-exp step at a time (no overflow)."""
    if dim is _REQUIRED:
        raise TypeError('logcumsumexp() missing 1 required positional arguments: "dim"')
    _int_dim("logcumsumexp", dim)
    dim = _given(dim, input.dim())
    if not input.is_floating_point():
        raise NotImplementedError('"logcumsumexp_out_cpu" not implemented for '
                                  f"'{input.dtype._scalar}'")
    return d.logcumsumexp_scan(input, dim)


def dist(input, other, p=2):
    """The p-norm of input - other (broadcast), flattened: one node, DistBackward0."""
    if p.__class__ is builtins.bool or not isinstance(p, numbers.Number):
        raise TypeError(f"dist(): argument 'p' (position 3) must be Number, not {_type_name(p)}")
    common = dtypes.from_numpy_dtype(dtypes.result_type(input, other))
    if not common.is_floating_point:
        raise RuntimeError("norm(): input dtype should be either floating point or complex. Got "
                           f"{common._scalar} instead.")
    _broadcast_shape(input.shape, other.shape)
    return d.dist(input, other, p)


def _aminmax_method(self, *args, dim=None, keepdim=False):
    if args:  # (dim and keepdim are keyword-only: Python's words, counted after self)
        raise TypeError(f"aminmax() takes 0 positional arguments but {len(args)} "
                        f"{'was' if len(args) == 1 else 'were'} given")
    return aminmax(self, dim=dim, keepdim=keepdim)


def _int_dim(name, dim, position=2):
    if dim.__class__ is builtins.bool or not isinstance(dim, numbers.Integral):
        raise TypeError(f"{name}(): argument 'dim' (position {position}) must be int, not "
                        f"{_type_name(dim)}")


def _median_like(name, full, by_dim, kernel):
    """median/nanmedian: of all elements (a tensor), or along dim (values and indices)."""
    def reduce(input, dim=_REQUIRED, keepdim=False):
        if input.dtype is dtypes.bool:
            raise NotImplementedError(f'"{kernel if dim is _REQUIRED else "median_out"}" not '
                                      "implemented for 'Bool'")
        if dim is _REQUIRED:
            return full(input)
        _int_dim(name, dim)
        _bool_arg(name, "keepdim", keepdim)
        if input.numel() == 0 and input.dim():  # (nanmedian's kernel is median's: its name)
            _check_reducible("median", input, (_wrap_dim(dim, input.dim()),))
        return getattr(return_types, name)(*by_dim(input, _given(dim, input.dim()), keepdim))
    reduce.__name__ = reduce.__qualname__ = name
    return reduce


median = _median_like("median", d.median, d.median_dim, "median_cpu")
nanmedian = _median_like("nanmedian", d.nanmedian, d.nanmedian_dim, "nanmedian_cpu")


def kthvalue(input, k, dim=-1, keepdim=False):
    """The k-th smallest value along dim (k from 1) and its index."""
    if k.__class__ is builtins.bool or not isinstance(k, numbers.Integral):
        raise TypeError(f"kthvalue(): argument 'k' (position 2) must be int, not {_type_name(k)}")
    _int_dim("kthvalue", dim, 3)
    _bool_arg("kthvalue", "keepdim", keepdim)
    given, dim = _given(dim, input.dim()), _wrap_dim(dim, input.dim())
    if input.dim():
        _check_reducible("kthvalue", input, (dim,))
    if not 1 <= k <= (input.shape[dim] if input.dim() else 1):
        raise RuntimeError(f"kthvalue(): selected number k out of range for dimension {dim}")
    if input.dtype is dtypes.bool:
        raise NotImplementedError("\"kthvalue_cpu\" not implemented for 'Bool'")
    return return_types.kthvalue(*d.kthvalue(input, k, given, keepdim))


def mode(input, dim=-1, keepdim=False):
    """The most frequent value along dim and an index where it occurs."""
    _int_dim("mode", dim)
    _bool_arg("mode", "keepdim", keepdim)
    if input.dim():
        _check_reducible("mode", input, (_wrap_dim(dim, input.dim()),))
    return return_types.mode(*d.mode(input, _given(dim, input.dim()), keepdim))


def _cummaxmin(name, op):
    """cummax/cummin: the running largest (smallest) value along dim and where it was reached."""
    def scan(input, dim=_REQUIRED):
        if dim is _REQUIRED:
            raise TypeError(f'{name}() missing 1 required positional arguments: "dim"')
        _int_dim(name, dim)
        if input.dim() == 0 and dim not in (0, -1):
            raise IndexError(f"{name}(): Expected reduction dim -1 or 0 for scalar but got {dim}")
        return getattr(return_types, name)(*op(input, _given(dim, input.dim())))
    scan.__name__ = scan.__qualname__ = name
    return scan


cummax = _cummaxmin("cummax", d.cummax)
cummin = _cummaxmin("cummin", d.cummin)


def nansum(input, dim=None, keepdim=False, *, dtype=None):
    """sum, counting nan as 0."""
    _bool_arg("nansum", "keepdim", keepdim)
    _check_reduction_dtype("nansum", input, dtype)
    dims = None if dim is None or dim == () or dim == [] else _given_dims(dim, input.dim())
    return d.nansum(input, dims, keepdim, dtype)


def nanmean(input, dim=None, keepdim=False, *, dtype=None):
    """mean of the elements that are not nan: PyTorch divides nansum by their count."""
    _bool_arg("nanmean", "keepdim", keepdim)
    if not input.is_floating_point():
        raise RuntimeError("nanmean(): expected input to have floating point or complex dtype but "
                           f"got {input.dtype._scalar}")
    if dim == () or dim == []:  # all dims, as nansum
        dim = None
    count = sum(~isnan(input), dim, keepdim)
    return div(nansum(input, dim, keepdim, dtype=dtype), count)


def count_nonzero(input, dim=None):
    """How many elements are not 0, over dims (all by default): an int64 count, no gradient."""
    dims = None if dim is None else _dims(dim, input.dim())
    return Tensor._make(np.array(np.count_nonzero(input._data, axis=dims), np.int64, order="C"))
# --- end of part reduce2 ---


_METHODS = dict(
    add=_as_method(add), sub=_as_method(sub), mul=_as_method(mul), div=_as_method(div), neg=neg, pow=_method_operand("pow", pow), exp=exp, log=log, sqrt=sqrt, abs=abs,
    sgn=sgn, sign=sign, sigmoid=sigmoid, tanh=tanh, relu=relu, clamp=_clamp, clip=_clip, matmul=_as_method(matmul),
    mm=_as_method(mm), sum=sum, mean=mean, max=max, min=min, std=_std_method, norm=_norm_method, reshape=reshape, view=view,
    var=_var_method, prod=prod, amax=amax, amin=amin, argmax=argmax, argmin=argmin, logsumexp=logsumexp,
    cumsum=cumsum, flatten=flatten, flip=_flip_method, repeat=_repeat, contiguous=_contiguous,
    is_contiguous=_is_contiguous, stride=_stride, unbind=unbind, split=_split_method, chunk=chunk,
    unsafe_split=unsafe_split, unsafe_chunk=unsafe_chunk,
    transpose=transpose, t=t, permute=permute, unsqueeze=unsqueeze, squeeze=_squeeze_method, expand=expand,
    clone=clone, masked_fill=masked_fill, gather=gather, scatter=scatter, scatter_add=scatter_add, all=all, any=any,
    **{n: _method_operand(n, op) for n, op in (
        ("eq", _eq), ("ne", _ne), ("lt", _lt), ("le", _le), ("gt", _gt), ("ge", _ge))},
    __add__=_operator(d.add), __radd__=_operator(d.add), __sub__=_operator(sub),
    __rsub__=_operator(_rsub), __mul__=_operator(d.mul), __rmul__=_operator(d.mul),
    __truediv__=_operator(d.div), __rtruediv__=_operator(_rtruediv), __pow__=_operator(pow),
    __rpow__=_operator(lambda self, other: d.rpow(other, self)),
    __matmul__=_matmul_operator(matmul),
    __rmatmul__=_matmul_operator(lambda self, other: matmul(other, self)), __neg__=neg, __abs__=abs,
    __eq__=_eq, __ne__=_ne, __lt__=_lt, __le__=_le, __gt__=_gt, __ge__=_ge,
    __and__=_and, __rand__=_and, __or__=_or, __ror__=_or,
    __xor__=_xor, __rxor__=_xor, __invert__=_invert,
    __getitem__=getitem, __setitem__=setitem,
    add_=_add_inplace, sub_=_sub_inplace, mul_=_inplace(d.mul), div_=_div_inplace,
    pow_=_pow_inplace, exp_=_inplace(d.exp), sigmoid_=_inplace(d.sigmoid), tanh_=_inplace(d.tanh),
    relu_=_relu_inplace, clamp_=_clamp_, neg_=_neg_inplace, zero_=_inplace(d.zero_),
    fill_=_fill_inplace, copy_=_inplace(d.copy_),
    __iadd__=_operator(_inplace(d.add)), __isub__=_operator(_sub_inplace),
    __imul__=_operator(_inplace(d.mul)), __itruediv__=_operator(_inplace(d.div)),
    T=property(_T), mT=property(_mT), H=property(_H), mH=property(_mH), adjoint=adjoint,
    dot=dot, scatter_=_scatter_inplace,
    scatter_add_=_scatter_add_inplace,
    sin=sin, cos=cos, square=square, rsqrt=rsqrt, reciprocal=reciprocal, log1p=log1p, expm1=expm1,
    floor=floor, ceil=ceil, round=round, maximum=_as_method(maximum),
    minimum=_as_method(minimum), abs_=_abs_inplace,
    sqrt_=_inplace(d.sqrt), log_=_inplace(d.log), sin_=_inplace(d.sin), cos_=_inplace(d.cos),
    allclose=_as_method(allclose), isclose=_as_method(isclose), equal=_as_method(equal),
    softmax=_as_method(softmax), log_softmax=_as_method(log_softmax),
    masked_fill_=_masked_fill_inplace, uniform_=_uniform_inplace, normal_=_normal_inplace,
    bernoulli_=_bernoulli_inplace, random_=_random_inplace, cauchy_=_cauchy_inplace,
    log_normal_=_log_normal_inplace, geometric_=_geometric_inplace,
    new_zeros=_new_zeros, new_ones=_new_ones, new_empty=_new_empty, new_full=_new_full,
    new_tensor=_new_tensor,
    sort=sort, topk=_as_method(topk), diag=_as_method(diag), diagonal=diagonal, trace=trace,
    outer=_as_method(outer), tile=_tile_method, index_fill=index_fill, index_fill_=_index_fill_inplace,
    index_select=index_select, sgn_=_inplace(d.sgn), sign_=_inplace(d.sign), isnan=isnan,
    isinf=isinf, isfinite=isfinite, isposinf=isposinf, isneginf=isneginf,
    floor_divide=_division_method(floor_divide), remainder=_division_method(remainder),
    fmod=_division_method(fmod), floor_divide_=_division_method(_floor_divide_inplace),
    remainder_=_division_method(_remainder_inplace), fmod_=_division_method(_fmod_inplace),
    __floordiv__=_operator(floor_divide), __rfloordiv__=_operator(lambda self, other: floor_divide(other, self)),
    __mod__=_operator(remainder), __rmod__=_operator(lambda self, other: remainder(other, self)),
    __ifloordiv__=_operator(_floor_divide_inplace), __imod__=_operator(_remainder_inplace),
    # in-place forms, rounding, clamp bounds, and methods that take their shape from another tensor
    floor_=_checked_inplace(_not_for_bools, "floor_vml_cpu", d.floor),
    ceil_=_checked_inplace(_not_for_bools, "ceil_vml_cpu", d.ceil), round_=_round_inplace,
    trunc=trunc, fix=trunc, trunc_=_checked_inplace(_not_for_bools, "trunc_vml_cpu", d.trunc),
    fix_=_checked_inplace(_not_for_bools, "trunc_vml_cpu", d.trunc),
    frac=frac, frac_=_checked_inplace(_floats_only, "frac_cpu", d.frac), square_=_square_inplace,
    reciprocal_=_inplace(d.reciprocal), rsqrt_=_inplace(d.rsqrt), log1p_=_inplace(d.log1p),
    expm1_=_inplace(d.expm1), clamp_min=_clamp_min_method, clamp_max=_clamp_max_method,
    clamp_min_=_clamp_min_inplace, clamp_max_=_clamp_max_inplace, clip_=_clip_,
    ndimension=lambda self: self.dim(), expand_as=lambda self, other: expand(self, other.shape),
    view_as=lambda self, other: view(self, other.shape),
    reshape_as=lambda self, other: reshape(self, other.shape), narrow=narrow, roll=roll,
    argsort=argsort, msort=msort, cumprod=cumprod, bmm=bmm, t_=_t_inplace, mv=_mv_method,
    transpose_=_transpose_inplace, unsqueeze_=_unsqueeze_inplace, squeeze_=_dims_as_arguments("squeeze_", _squeeze_inplace),
    unflatten=_unflatten_method,
)
_METHODS.update(  # part elem2: aliases, rsub, addcmul/addcdiv, logical ops, in-place comparisons
    subtract=_as_method(subtract), multiply=_as_method(multiply), divide=_as_method(divide),
    true_divide=_as_method(true_divide), negative=negative, absolute=absolute, positive=positive,
    subtract_=_sub_inplace, multiply_=_inplace(d.mul), divide_=_div_inplace,
    true_divide_=_inplace(d.div), negative_=_neg_inplace, absolute_=_abs_inplace,
    __pos__=positive,
    **{name: _method_operand(name, fn) for name, fn in (
        ("greater", gt), ("greater_equal", ge), ("less", lt), ("less_equal", le),
        ("not_equal", ne))},
    **{alias: _compare_inplace(alias, getattr(d, f"{name}_"), getattr(d, f"{name}_tensor_"))
       for name, aliases in (("eq", ()), ("ne", ("not_equal_",)), ("lt", ("less_",)),
                             ("le", ("less_equal_",)), ("gt", ("greater_",)),
                             ("ge", ("greater_equal_",)))
       for alias in (f"{name}_", *aliases)},
    addcmul=_as_method(addcmul), addcdiv=_as_method(addcdiv),
    addcmul_=_as_method(_addc("addcmul_", d.addcmul, inplace=True)),
    addcdiv_=_as_method(_addc("addcdiv_", d.addcdiv, inplace=True)),
    logical_and=_as_method(logical_and), logical_or=_as_method(logical_or),
    logical_xor=_as_method(logical_xor), logical_not=logical_not,
    logical_and_=_as_method(_logical_inplace(logical_and)),
    logical_or_=_as_method(_logical_inplace(logical_or)),
    logical_xor_=_as_method(_logical_inplace(logical_xor)),
    logical_not_=_logical_inplace(logical_not),
    copysign=_method_operand("copysign", copysign),
    copysign_=_method_operand("copysign_", lambda self, other: apply_inplace(
        _copysign_op(self, other), self, other)),
    float_power=_method_operand("float_power", float_power), float_power_=_float_power_inplace,
    fmax=_as_method(fmax), fmin=_as_method(fmin), logaddexp2=_as_method(logaddexp2),
    ldexp=_as_method(ldexp), ldexp_=_as_method(_ldexp_inplace),
    sinc=sinc, sinc_=_inplace(d.sinc), signbit=signbit, frexp=frexp,
    heaviside=_as_method(heaviside), heaviside_=_as_method(_heaviside("heaviside_", inplace=True)),
    is_nonzero=is_nonzero, is_same_size=_as_method(is_same_size), is_complex=is_complex,
    is_signed=_is_signed,
)
_METHODS.update(  # part trig: more elementwise math, with the in-place forms PyTorch has
    tan=tan, sinh=sinh, cosh=cosh, asin=asin, acos=acos, atan=atan, asinh=asinh, acosh=acosh,
    atanh=atanh, arcsin=arcsin, arccos=arccos, arctan=arctan, arcsinh=arcsinh, arccosh=arccosh,
    arctanh=arctanh, erf=erf, erfc=erfc, erfinv=erfinv, log2=log2, log10=log10, exp2=exp2,
    deg2rad=deg2rad, rad2deg=rad2deg, logit=logit, nan_to_num=nan_to_num,
    atan2=_as_method(atan2), arctan2=_as_method(arctan2), hypot=_as_method(hypot),
    logaddexp=_as_method(logaddexp), xlogy=_as_method(xlogy), lerp=_as_method(lerp),
    tril=_as_method(tril), triu=_as_method(triu),
    **{f"{n}_": _inplace(getattr(d, n)) for n in (
        "tan", "sinh", "cosh", "asin", "acos", "atan", "asinh", "acosh", "atanh", "erf", "erfc",
        "erfinv", "log2", "log10", "exp2", "deg2rad", "rad2deg")},
    arcsin_=_inplace(d.asin), arccos_=_inplace(d.acos), arctan_=_inplace(d.atan),
    arcsinh_=_inplace(d.asinh), arccosh_=_inplace(d.acosh), arctanh_=_inplace(d.atanh),
    atan2_=_as_method(_binary("atan2_", d.atan2, inplace=True)),
    arctan2_=_as_method(_binary("arctan2_", d.atan2, inplace=True)),
    hypot_=_as_method(_binary("hypot_", d.hypot, "hypot_cpu", inplace=True)),
    nextafter=_as_method(nextafter),
    nextafter_=_as_method(_binary("nextafter_", d.nextafter, "nextafter_cpu", inplace=True)),
    xlogy_=_as_method(lambda self, other: apply_inplace(_xlogy_op(self, other), self, other)),
    lerp_=_as_method(lambda self, end, weight: apply_inplace(_lerp_op(self, end, weight), self,
                                                             end, weight)),
    logit_=lambda self, eps=None: apply_inplace(d.logit, self, eps),
    nan_to_num_=_nan_to_num_inplace,
    tril_=_as_method(_tri("tril_", d.tril, inplace=True)),
    triu_=_as_method(_tri("triu_", d.triu, inplace=True)),
)
_METHODS.update(  # part bessel
    i0=i0, i0_=_inplace(d.i0), igamma=_as_method(igamma), igammac=_as_method(igammac),
    igamma_=_as_method(_binary("igamma_", d.igamma, "igamma_cpu", inplace=True)),
    igammac_=_as_method(_binary("igammac_", d.igammac, "igammac_cpu", inplace=True)))
_METHODS.update(  # part special
    lgamma=lgamma, lgamma_=_inplace(d.lgamma), digamma=digamma, digamma_=_inplace(d.digamma),
    polygamma=lambda self, n=_REQUIRED: polygamma(n, self),
    polygamma_=_polygamma_inplace, mvlgamma=_as_method(mvlgamma), mvlgamma_=_mvlgamma_inplace)
_METHODS.update(  # part reduce2
    median=_as_method(median), nanmedian=_as_method(nanmedian), kthvalue=_as_method(kthvalue),
    mode=_as_method(mode), cummax=_as_method(cummax), cummin=_as_method(cummin), nansum=nansum,
    nanmean=nanmean, count_nonzero=_as_method(count_nonzero), aminmax=_aminmax_method,
    logcumsumexp=_as_method(logcumsumexp), dist=_as_method(dist),
)
_METHODS.update(  # part shape2: shape ops under NumPy's names, and their relatives
    broadcast_to=_as_method(broadcast_to), movedim=movedim, moveaxis=movedim, swapaxes=transpose,
    swapdims=transpose, swapaxes_=_transpose_inplace, swapdims_=_transpose_inplace, ravel=ravel,
    type_as=_type_as, select=select, tensor_split=tensor_split, hsplit=hsplit, vsplit=vsplit,
    dsplit=dsplit, split_with_sizes=_as_method(split_with_sizes),
    nonzero=nonzero, argwhere=argwhere, masked_select=masked_select, masked_scatter=masked_scatter,
    masked_scatter_=_masked_scatter_inplace, index_add=index_add, index_add_=_index_add_inplace,
    index_copy=index_copy, index_copy_=_index_copy_inplace, rot90=rot90, diag_embed=diag_embed,
    diagflat=diagflat, take_along_dim=take_along_dim, repeat_interleave=repeat_interleave,
    index_put=_as_method(index_put), index_put_=_index_put_inplace, take=take, put=put,
    put_=_put_inplace, kron=_as_method(kron),
)
_METHODS.update(bernoulli=bernoulli, multinomial=_as_method(multinomial))


# --- part counting: unique, bincount, histc, searchsorted, bucketize. None has a gradient (integer
# results, or counts that don't move with the input); unique's rows record a node that says so.
def _bool_arg(name, argname, value):
    if value.__class__ is not builtins.bool:
        raise TypeError(f"{name}(): argument '{argname}' must be bool, not {_type_name(value)}")


def _unique_result(out, return_inverse, return_counts):
    """torch.unique's answer: the values alone, or a tuple with what was asked for."""
    values, inverse, counts = out
    out = (values,) + ((inverse,) if return_inverse else ()) + ((counts,) if return_counts else ())
    return out if len(out) > 1 else values


def _unique_args(name, input, dim, return_inverse, return_counts, sorted=True):
    """PyTorch's checks, in the words of the native function a call reaches (unique with a dim
    is unique_dim)."""
    if name == "_unique2" and dim is not None:
        name = "unique_dim"
    _tensor_arg(name, "input", 1, input)
    _bool_arg(name, "sorted", sorted)
    if dim is not None and (not isinstance(dim, numbers.Integral) or isinstance(dim, builtins.bool)):
        where = " (position 2)" if name == "unique_dim" else ""
        raise TypeError(f"{name}(): argument 'dim'{where} must be int, not {_type_name(dim)}")
    _bool_arg(name, "return_inverse", return_inverse)
    _bool_arg(name, "return_counts", return_counts)
    if dim is None:
        return None
    if input.dim() == 0:
        raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
    dim = _wrap_dim(dim, input.dim())
    if 0 in input.shape and input.shape[dim] != 0:
        raise RuntimeError("There are 0 sized dimensions, and they aren't selected, so unique "
                           "cannot be applied")
    return dim


def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    """The distinct values (or slices along dim), sorted; inverse maps each element back to its
    value's index, counts says how often each occurs. PyTorch sorts even when sorted=False."""
    dim = _unique_args("_unique2", input, dim, return_inverse, return_counts, sorted)
    return _unique_result(d.unique2(input) if dim is None else d.unique_dim(input, dim),
                          return_inverse, return_counts)


def unique_consecutive(input, return_inverse=False, return_counts=False, dim=None):
    """unique for runs: only neighbours that are equal collapse, so nothing is sorted."""
    dim = _unique_args("unique_consecutive", input, dim, return_inverse, return_counts)
    return _unique_result(d.unique_consecutive(input, dim), return_inverse, return_counts)


def _unique_method(self, sorted=True, return_inverse=False, return_counts=False, dim=None):
    return unique(self, sorted, return_inverse, return_counts, dim)


def _unique_consecutive_method(self, return_inverse=False, return_counts=False, dim=None):
    return unique_consecutive(self, return_inverse, return_counts, dim)


_unique_method.__name__, _unique_method.__qualname__ = "unique", "Tensor.unique"
_unique_consecutive_method.__name__ = "unique_consecutive"
_unique_consecutive_method.__qualname__ = "Tensor.unique_consecutive"


def bincount(input=_REQUIRED, weights=None, minlength=0):
    """How often each value 0, 1, ..., max occurs (int64), or the sum of its weights (float64
    unless the weights are float32: PyTorch's rule)."""
    _tensor_arg("bincount", "input", 1, input)
    if not isinstance(minlength, numbers.Integral) or isinstance(minlength, builtins.bool):
        raise TypeError(f"bincount(): argument 'minlength' must be int, not {_type_name(minlength)}")
    if weights is not None and not isinstance(weights, Tensor):
        raise TypeError(f"bincount(): argument 'weights' (position 2) must be Tensor, not "
                        f"{_type_name(weights)}")
    if input.is_floating_point() or input.dtype is dtypes.bool:
        raise NotImplementedError(f"\"bincount_cpu\" not implemented for '{input.dtype._scalar}'")
    if minlength < 0:
        raise RuntimeError("minlength should be >= 0")
    if input.dim() != 1 or (input._data < 0).any():
        raise RuntimeError("bincount only supports 1-d non-negative integral inputs.")
    if weights is not None and (weights.dim() != 1 or len(weights) != len(input)):
        raise RuntimeError("weights should be 1-d and have the same length as input")
    if weights is None:
        return Tensor._make(np.bincount(input._data, minlength=minlength))
    return d.bincount(input, weights, minlength)


def _c_g(v):
    """A float as C++'s stream prints it in PyTorch's messages (like %g), where a NaN shows the
    sign bit it carries: "-nan"."""
    return "-nan" if math.isnan(v) and math.copysign(1, v) < 0 else f"{v:g}"


def histc(input, bins=100, min=0, max=0):
    """A histogram of input's values in `bins` equal bins over [min, max] (the data's range when
    both are 0); values outside are left out, and max falls in the last bin."""
    _tensor_arg("histc", "input", 1, input)
    if not isinstance(bins, numbers.Integral) or isinstance(bins, builtins.bool):
        raise TypeError(f"histc(): argument 'bins' (position 2) must be int, not {_type_name(bins)}")
    for name, bound in (("min", min), ("max", max)):
        if not isinstance(bound, numbers.Real):
            raise TypeError(f"histc(): argument '{name}' must be Number, not {_type_name(bound)}")
    if bins <= 0:
        raise RuntimeError(f"minigrad.histogram(): bins must be > 0, but got {bins} for dimension 0")
    if not input.is_floating_point():
        raise NotImplementedError(f"\"histogram_cpu\" not implemented for '{input.dtype._scalar}'")
    x = input._data.ravel()
    if min == max and x.size:  # (ATen's aminmax, comparing two or more values, makes a NaN of
        min, max = (-math.nan if math.isnan(v) and x.size > 1 else v  # its own: sign bit set)
                    for v in (x.min(), x.max()))
    if min == max:
        min, max = min - 1, max + 1
    if not (math.isfinite(min) and math.isfinite(max)):
        raise RuntimeError(f"minigrad.histc: range of [{_c_g(min)}, {_c_g(max)}] is not finite")
    if min > max:
        raise RuntimeError("minigrad.histc: max must be larger than min")
    counts, _ = np.histogram(x, bins, (min, max))
    return Tensor._make(counts.astype(input.dtype.np))



def _check_search_args(name, sequence, input, **kwargs):
    """The sequence must be a Tensor, the values a Tensor or a number, the flags bools, side a
    str and sorter a Tensor: else PyTorch's list of overloads."""
    if not (isinstance(sequence, Tensor) and isinstance(input, (Tensor, numbers.Number))
            and kwargs["out_int32"].__class__ is builtins.bool and kwargs["right"].__class__
            is builtins.bool and isinstance(kwargs.get("side") or "", str)
            and isinstance(kwargs.get("sorter", sequence), (Tensor, type(None)))):
        args = (sequence, input) if name == "searchsorted" else (input, sequence)
        given = {k: v for k, v in kwargs.items() if v is not None and v is not False}
        raise _invalid_combination(name, args, given)


def searchsorted(sorted_sequence, input, *, out_int32=False, right=False, side=None, sorter=None):
    """Where each value of input would go in the last dim of sorted_sequence to keep it sorted:
    before equal values (side 'left') or after them ('right'). Sortedness is not checked."""
    _check_search_args("searchsorted", sorted_sequence, input, out_int32=out_int32, right=right,
                       side=side, sorter=sorter)
    if sorted_sequence.dtype is dtypes.bool:
        raise NotImplementedError("\"searchsorted_out_cpu\" not implemented for 'Bool'")
    if side is not None and side not in ("left", "right"):
        raise RuntimeError(f"minigrad.searchsorted(): side can only be 'left' or 'right' but got {side}")
    if right and side == "left":
        raise RuntimeError(f"minigrad.searchsorted(): side and right can't be set to opposites, got "
                           f"side of {side} while right was True")
    seq = sorted_sequence._data
    if seq.ndim == 0:
        raise RuntimeError("minigrad.searchsorted(): boundaries tensor should have positive dimension, "
                           "but got 0 dimension")
    values = input._data if isinstance(input, Tensor) else np.asarray(input)
    if seq.ndim > 1 and values.ndim == 0:
        raise RuntimeError("minigrad.searchsorted(): input value can be a scalar only when boundaries "
                           f"tensor dimension is 1, but we got boundaries tensor dim({seq.ndim}) and "
                           "input value's dim(0) numel(1)")
    if seq.ndim > 1 and (values.ndim != seq.ndim or values.shape[:-1] != seq.shape[:-1]):
        raise RuntimeError("minigrad.searchsorted(): boundaries tensor should be 1 dimension or the "
                           "first N-1 dimensions of boundaries tensor and input value tensor must "
                           f"match, but we got boundaries tensor {list(seq.shape)} and input value "
                           f"tensor {list(values.shape)}")
    if sorter is not None:
        if sorter.dtype is not dtypes.int64:
            raise RuntimeError(f"minigrad.searchsorted(): sorter must be a tensor of long dtype but "
                               f"got dtype {sorter.dtype._scalar}")
        if sorter.shape != sorted_sequence.shape:
            raise RuntimeError(f"minigrad.searchsorted(): boundary and sorter must have the same size, "
                               f"but got boundary tensor {list(seq.shape)}and got sorter tensor "
                               f"{list(sorter.shape)}")
        seq = np.take_along_axis(seq, sorter._data, -1)
    if values.size:  # (PyTorch's kernel copies non-contiguous operands, and says so once)
        for what, t, line in (("input value", input, 32), ("boundary", sorted_sequence, 38)):
            if isinstance(t, Tensor) and not t.is_contiguous():
                warn_once(f"minigrad.searchsorted(): {what} tensor is non-contiguous, this will "
                          "lower the performance due to extra data copy when converting "
                          f"non-contiguous tensor to contiguous, please use contiguous {what} "
                          "tensor if possible. This message will only appear once per program. "
                          "(Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/"
                          f"BucketizationUtils.h:{line}.)", stacklevel=3)
    side = "right" if right or side == "right" else "left"
    if seq.ndim == 1:
        out = np.searchsorted(seq, values, side)
    else:  # one search per row of the last dim
        out = np.stack([np.searchsorted(r, v, side) for r, v in
                        zip(seq.reshape(-1, seq.shape[-1]), values.reshape(-1, values.shape[-1]))])
    return Tensor._make(out.reshape(values.shape).astype(np.int32 if out_int32 else np.int64))


def bucketize(input, boundaries, *, out_int32=False, right=False):
    """searchsorted with the arguments swapped and one 1-D list of bucket boundaries."""
    _check_search_args("bucketize", boundaries, input, out_int32=out_int32, right=right)
    if boundaries.dim() != 1:
        raise RuntimeError(f"boundaries tensor must be 1 dimension, but got dim({boundaries.dim()})")
    return searchsorted(boundaries, input, out_int32=out_int32, right=right)


_METHODS.update(unique=_unique_method, unique_consecutive=_unique_consecutive_method,
                bincount=_as_method(bincount), histc=_as_method(histc))


# --- part nsgap: beta * input + alpha * product (addmm, addmv, addr, baddbmm, addbmm), inner, ger,
# vdot, matrix_power, block_diag, broadcast_tensors, broadcast_shapes ------------------------------
def _bad_inplace(self, shape):
    if self.shape != tuple(shape):
        raise RuntimeError(f"Bad in-place call: input tensor size {list(self.shape)} and output "
                           f"tensor size {list(shape)} should match")


def _addmm_checks(input, mat1, mat2, beta, alpha, inplace):
    for name, m in (("mat1", mat1), ("mat2", mat2)):
        if m.dim() != 2:
            raise RuntimeError(f"{name} must be a matrix, got {m.dim()}-D tensor")
    _check_matmul_shapes(mat1.shape, mat2.shape)
    for name, t in (("self", input), ("mat1", mat1)):
        if t.dtype != mat2.dtype:
            raise RuntimeError(f"{name} and mat2 must have the same dtype, but got "
                               f"{t.dtype._scalar} and {mat2.dtype._scalar}")
    _check_expandable(input.shape, (mat1.shape[0], mat2.shape[1]))
    if inplace:
        _bad_inplace(input, (mat1.shape[0], mat2.shape[1]))


def _addmv_checks(input, mat, vec, beta, alpha, inplace):
    if not (mat.dim() == 2 and vec.dim() == 1 and input.dim() <= 1):
        raise RuntimeError(f"vector + matrix @ vector expected, got {input.dim()}, {mat.dim()}, "
                           f"{vec.dim()}")
    if mat.shape[1] != vec.shape[0] or input.numel() not in (1, mat.shape[0]):
        raise RuntimeError(f"size mismatch, got input ({input.shape[0] if input.dim() else 1}), "
                           f"mat ({mat.shape[0]}x{mat.shape[1]}), vec ({vec.shape[0]})")
    if not input.dtype == mat.dtype == vec.dtype:
        raise RuntimeError("addmv input tensors must have the same dtype, but got "
                           f"{input.dtype._scalar}, {mat.dtype._scalar}, and {vec.dtype._scalar}")
    if inplace:
        _bad_inplace(input, (mat.shape[0],))


def _addr_checks(input, vec1, vec2, beta, alpha, inplace):
    """addr promotes its three tensors to one dtype; an integer one takes integer scalars only."""
    for name, v in (("vec1", vec1), ("vec2", vec2)):
        if v.dim() != 1:
            raise RuntimeError(f"addr: Expected 1-D argument {name}, but got {v.dim()}-D")
    if dtypes.result_type(input, vec1, vec2).kind in "iu":
        for name, x in (("beta", beta), ("alpha", alpha)):
            if isinstance(x, float):
                raise RuntimeError(f"For integral input tensors, argument {name} must not be a "
                                   "floating point number.")
    shape = (vec1.shape[0], vec2.shape[0])
    if inplace and input.shape != shape:
        raise RuntimeError(f"size mismatch, input: {list(input.shape)}, v1: {list(vec1.shape)}, "
                           f"v2: {list(vec2.shape)}")
    _check_expandable(input.shape, shape)


def _baddbmm_checks(input, batch1, batch2, beta, alpha, inplace):
    # the result's shape is read first: a 2-D batch2 is an IndexError, as in PyTorch
    shape = (batch1.shape[_wrap_dim(0, batch1.dim())], batch1.shape[_wrap_dim(1, batch1.dim())],
             batch2.shape[_wrap_dim(2, batch2.dim())])
    _check_expandable(input.shape, shape)
    _check_bmm(batch1, batch2)
    if input.dtype != batch1.dtype:
        raise RuntimeError(f"Input dtypes must be the same, got: input {input.dtype._c}, batch1: "
                           f"{batch1.dtype._c}, batch2: {batch2.dtype._c}")
    if batch1.dtype != batch2.dtype:
        raise RuntimeError(f"expected scalar type {batch1.dtype._scalar} but found "
                           f"{batch2.dtype._scalar}")
    if inplace:
        _bad_inplace(input, shape)


def _addbmm_checks(input, batch1, batch2, beta, alpha, inplace):
    shape = (batch1.shape[_wrap_dim(1, batch1.dim())], batch2.shape[_wrap_dim(2, batch2.dim())])
    _check_expandable(input.shape, shape)
    for name, t in (("batch1", batch1), ("batch2", batch2)):
        if t.dim() != 3:
            raise RuntimeError(f"{name} must be a 3D tensor")
    if batch1.shape[0] != batch2.shape[0]:
        raise RuntimeError("batch1 and batch2 must have same number of batches, got "
                           f"{batch1.shape[0]} and {batch2.shape[0]}")
    if batch1.shape[2] != batch2.shape[1]:
        raise RuntimeError(f"Incompatible matrix sizes for bmm ({batch1.shape[1]}x{batch1.shape[2]} "
                           f"and {batch2.shape[1]}x{batch2.shape[2]})")
    for name, t in (("self", input), ("mat1", batch1)):  # it runs addmm_ for each matrix
        if t.dtype != batch2.dtype:
            raise RuntimeError(f"{name} and mat2 must have the same dtype, but got "
                               f"{t.dtype._scalar} and {batch2.dtype._scalar}")
    if inplace:
        _bad_inplace(input, shape)


def _beta_alpha(op, checks):
    """torch.X, Tensor.X and Tensor.X_ for `beta * input + alpha * product` (addmm, addmv, addr,
    baddbmm, addbmm): one node each, beta and alpha keyword-only."""
    name, a_name, b_name = op.name[:-len("Backward0")].lower(), op.params[1], op.params[2]
    sig = f"Tensor {a_name}, Tensor {b_name}, *, Number beta = 1, Number alpha = 1"

    def refuse(fname, args, kwargs, method):
        """PyTorch's words for a call that fits no overload (missing or extra arguments)."""
        if fname in _arg_parser.SIGNATURES and not method:
            return _invalid_combination(fname, args, kwargs)
        got = [_type_name(a) for a in args] + [f"{k}={_type_name(v)}" for k, v in kwargs.items()]
        return TypeError(f"{fname}() received an invalid combination of arguments - got "
                         f"({', '.join(got)}), but expected "
                         f"({sig if method else f'Tensor input, {sig}, Tensor out = None'})")

    def parse(fname, given, args, kwargs, method):
        """given: the arguments before the extra ones; Python's words for too many of them."""
        args = tuple(a for a in given if a is not _REQUIRED) + args
        if len(args) > len(given):
            if fname in _arg_parser.SIGNATURES and not method:
                raise refuse(fname, args, {}, False)
            raise TypeError(f"{fname}() takes {len(given) - bool(method)} positional arguments but "
                            f"{len(args) - bool(method)} were given")
        for k in kwargs:
            if fname in _arg_parser.SIGNATURES and not method:
                raise refuse(fname, args, kwargs, False)
            raise TypeError(f"{fname}() got an unexpected keyword argument '{k}'")
        if len(args) < len(given):
            raise refuse(fname, args[bool(method):], {}, method)

    def scalars(fname, args, beta, alpha, method):
        """beta and alpha are Scalars: a number or a 0-d tensor without a gradient (None is
        none, which arithmetic on NaNs would not tell)."""
        for k, x in (("beta", beta), ("alpha", alpha)):
            if not (isinstance(x, numbers.Number) or _arg_parser._is_scalar_tensor(x)):
                if fname in _arg_parser.SIGNATURES:
                    sigs = (_arg_parser.method_signatures(fname) if method else
                            _arg_parser.SIGNATURES[fname])
                    raise _arg_parser.error(sigs, args, {"beta": beta, "alpha": alpha})
                raise TypeError(f"{fname}(): argument '{k}' must be Number, not {_type_name(x)}")

    def function(input, a=_REQUIRED, b=_REQUIRED, *args, beta=1, alpha=1, **kwargs):
        if args or kwargs or b is _REQUIRED:
            parse(name, (input, a, b), args, kwargs, False)
        scalars(name, (input, a, b), beta, alpha, False)
        for i, (arg, t) in enumerate((("input", input), (a_name, a), (b_name, b)), 1):
            _tensor_arg(name, arg, i, t)
        checks(input, a, b, beta, alpha, False)
        return op(input, a, b, beta, alpha)

    def method(self, a=_REQUIRED, b=_REQUIRED, *args, beta=1, alpha=1, **kwargs):
        if args or kwargs or b is _REQUIRED:
            parse(name, (self, a, b), args, kwargs, True)
        scalars(name, (a, b), beta, alpha, True)
        return function(self, a, b, beta=beta, alpha=alpha)

    def inplace(self, a=_REQUIRED, b=_REQUIRED, *args, beta=1, alpha=1, **kwargs):
        if args or kwargs or b is _REQUIRED:
            parse(name + "_", (self, a, b), args, kwargs, True)
        scalars(name + "_", (a, b), beta, alpha, True)
        for i, (arg, t) in enumerate(((a_name, a), (b_name, b)), 1):
            _tensor_arg(name + "_", arg, i, t)
        checks(self, a, b, beta, alpha, True)
        return apply_inplace(op, self, a, b, beta, alpha)

    function.__name__ = function.__qualname__ = method.__name__ = name
    function.__doc__ = f"beta * input + alpha * ({a_name} times {b_name}): one {op.name} node."
    return function, _as_method(method), inplace


addmm, _addmm_method, _addmm_ = _beta_alpha(d.addmm, _addmm_checks)
addmv, _addmv_method, _addmv_ = _beta_alpha(d.addmv, _addmv_checks)
addr, _addr_method, _addr_ = _beta_alpha(d.addr, _addr_checks)
baddbmm, _baddbmm_method, _baddbmm_ = _beta_alpha(d.baddbmm, _baddbmm_checks)
addbmm, _addbmm_method, _addbmm_ = _beta_alpha(d.addbmm, _addbmm_checks)


def inner(input, other):
    """Sum of products over the last dims: tensordot (a number: a plain product)."""
    _tensor_arg("inner", "input", 1, input)
    _tensor_arg("inner", "other", 2, other)
    if input.dim() == 0 or other.dim() == 0:
        return input * other
    if input.shape[-1] != other.shape[-1]:
        raise RuntimeError("inner() the last dimension must match on both input tensors but got "
                           f"shapes {list(input.shape)} and {list(other.shape)}")
    return tensordot(input, other, ([-1], [-1]))


ger = outer  # PyTorch's older name


def vdot(input, other):
    """The dot product of two vectors (the first conjugated, which changes nothing for reals)."""
    _tensor_arg("vdot", "input", 1, input)
    _tensor_arg("vdot", "other", 2, other)
    if input.dim() != 1 or other.dim() != 1:
        raise RuntimeError(f"1D tensors expected, but got {input.dim()}D and {other.dim()}D "
                           "tensors")
    if input.dtype != other.dtype:
        raise RuntimeError("dot : expected both vectors to have same dtype, but found "
                           f"{input.dtype._scalar} and {other.dtype._scalar}")
    if input.shape[0] != other.shape[0]:
        n, m = input.shape[0], other.shape[0]
        raise RuntimeError(f"inconsistent tensor size, expected tensor [{n}] and src [{m}] to have "
                           f"the same number of elements, but got {n} and {m} elements respectively")
    return d.vdot(input, other)


def matrix_power(input, n):
    """input @ input @ ... (n times) by squaring: matmuls of the powers of two that n's bits
    name; n = 0 is an identity copied into a clone, n < 0 the power of the inverse."""
    _tensor_arg("matrix_power", "input", 1, input)
    if n.__class__ is builtins.bool or not isinstance(n, numbers.Integral):
        raise TypeError(f"matrix_power(): argument 'n' (position 2) must be int, not {_type_name(n)}")
    if input.dim() < 2:
        raise RuntimeError("linalg.matrix_power: The input tensor A must have at least 2 dimensions.")
    if input.shape[-1] != input.shape[-2]:
        raise RuntimeError("linalg.matrix_power: A must be batches of square matrices, but they are "
                           f"{input.shape[-2]} by {input.shape[-1]} matrices")
    if n == 0:
        out = d.clone(input, contiguous_format)
        return out.copy_(eye(input.shape[-1], dtype=input.dtype))
    if n == 1:
        return d.clone(input, contiguous_format)
    a = input
    if n < 0:
        from . import linalg
        a = linalg.inv(input)
        if n == -1:
            return a
        n = -n
    if n == 2:
        return matmul(a, a)
    if n == 3:
        return matmul(matmul(a, a), a)
    z = result = None
    while n > 0:
        n, bit = divmod(n, 2)
        z = a if z is None else matmul(z, z)
        if bit:
            result = z if result is None else matmul(result, z)
    return result


def block_diag(*tensors):
    """The tensors as blocks down the diagonal of one matrix (a number is a 1x1 block, a vector
    a one-row block), zeros elsewhere; one node, BlockDiagBackward0."""
    for i, t in enumerate(tensors):
        if not isinstance(t, Tensor):
            raise TypeError(f"expected Tensor as element {i} in argument 0, but got {_type_name(t)}")
        if t.dim() > 2:
            raise RuntimeError("minigrad.block_diag: Input tensors must have 2 or fewer dimensions. "
                               f"Input {i} has {t.dim()} dimensions")
    blocks = [t._data.reshape(t.shape if t.dim() == 2 else (1, t.numel())) for t in tensors]
    dt = dtypes.result_type(*tensors) if tensors else dtypes.get_default_dtype().np
    out = np.zeros((builtins.sum(b.shape[0] for b in blocks) if blocks else 1,  # (none: 1 x 0)
                    builtins.sum(b.shape[1] for b in blocks)), dt)
    row = col = 0
    for b in blocks:
        out[row:row + b.shape[0], col:col + b.shape[1]] = b
        row, col = row + b.shape[0], col + b.shape[1]
    result = _linear_tangents(Tensor._make(out), block_diag, tensors)
    if grad_mode._enabled and dt.kind == "f" and builtins.any(t.requires_grad for t in tensors):
        node = d.BlockDiagBackward0(tuple(t._edge() for t in tensors), ((out.shape, dt),))
        node.shapes = [t.shape for t in tensors]
        result._grad_fn = node
    return result


def broadcast_shapes(*shapes):
    """The shape all these shapes broadcast to (PyTorch's _refs._broadcast_shapes, its words)."""
    shapes = tuple((x,) if isinstance(x, numbers.Integral) else x for x in shapes if x is not None)
    if not shapes:
        return dtypes.Size([])
    for shape in shapes:
        if not isinstance(shape, collections.abc.Sequence):
            raise RuntimeError("Input shapes should be of type ints, a tuple of ints, or a list of "
                               f"ints, got {shape}")
    common = [1] * builtins.max(len(shape) for shape in shapes)
    for k, shape in enumerate(shapes):
        for i in range(-1, -1 - len(shape), -1):
            if shape[i] == common[i]:
                continue
            if common[i] == 1:
                if shape[i] < 0:
                    raise ValueError("Attempting to broadcast a dimension with negative length!")
                common[i] = shape[i]
            if shape[i] != 1 and common[i] != shape[i]:
                raise RuntimeError(f"Attempting to broadcast a dimension of length {shape[i]} at "
                                   f"{i}! Mismatching argument at index {k} had {shape}; but "
                                   f"expected shape should be broadcastable to {common}")
    return dtypes.Size(common)


def broadcast_tensors(*tensors):
    """The tensors expanded to one shape (views, ExpandBackward0); one that has it already comes
    back as it is."""
    _tensor_elements(tensors)
    shape = functools.reduce(_broadcast_shape, [t.shape for t in tensors], ())
    return tuple(t if t.shape == shape else expand(t, *shape) for t in tensors)


_METHODS.update(addmm=_addmm_method, addmm_=_addmm_, addmv=_addmv_method, addmv_=_addmv_,
                addr=_addr_method, addr_=_addr_, baddbmm=_baddbmm_method, baddbmm_=_baddbmm_,
                addbmm=_addbmm_method, addbmm_=_addbmm_,
                inner=_as_method(inner), ger=_as_method(ger), vdot=_as_method(vdot),
                matrix_power=_as_method(matrix_power))


# --- part nsgap: Tensor.where, in-place bitwise ops, sum_to_size, cumsum_/cumprod_,
# fill_diagonal_, unfold -----------------------------------------------------------------------


def _where_method(self, condition=_REQUIRED, other=_REQUIRED):
    """x.where(condition, y) is torch.where(condition, x, y)."""
    if condition is _REQUIRED or other is _REQUIRED:
        raise _invalid_combination("where", [a for a in (condition, other) if a is not _REQUIRED],
                                   {}, method=True)
    return where(condition, self, other)


def _integer_inplace(fn):
    """x.bitwise_and_(y), x.gcd_(y), ...: the result written into x, if its dtype can take it (an integer
    into bool, or a float into an integer, can't). No node: these ops have no gradient."""
    write = _logical_inplace(fn)

    def method(self, *args):
        if args and isinstance(args[0], (Tensor, numbers.Number)):
            _check_output_shape(self.shape, _broadcast_shape(  # (shapes before dtypes)
                self.shape, getattr(args[0], "shape", ())))
            dt = dtypes.result_type(self, args[0])
            if not np.can_cast(dt, self._data.dtype, "same_kind"):
                raise RuntimeError(f"result type {dtypes.from_numpy_dtype(dt)._scalar} can't be "
                                   f"cast to the desired output type {self.dtype._scalar}")
        elif not args and self.is_floating_point():
            raise NotImplementedError(f"\"bitwise_not_cpu\" not implemented for '{self.dtype._scalar}'")
        return write(self, *args)
    method.__name__ = write.__name__
    return method


def _sum_to_size(self, *size):
    """Sum the broadcast dims away, down to `size` (what the engine does to un-broadcast a
    gradient); self itself if it already has that size."""
    if not size:
        raise TypeError('sum_to_size() missing 1 required positional arguments: "size"')
    size = tuple(_int_sizes("sum_to_size", size))
    lead = len(self.shape) - len(size)
    if lead < 0 or builtins.any(n != 1 and n != m for n, m in zip(size, self.shape[lead:])):
        raise RuntimeError(f"size {{{list(size)}}} is not expandable to size {{{list(self.shape)}}}.")
    from .autograd.engine import sum_to
    return sum_to(self, size)


def _cumulative_inplace(op, name):
    def method(self, dim=None, *, dtype=None):
        if dim is None:
            raise TypeError(f'{name}() missing 1 required positional arguments: "dim"')
        if dtype is not None and dtype != self.dtype:
            raise RuntimeError(f"Bad in-place call: input tensor dtype {self.dtype._c} and output "
                               f"tensor dtype {dtype._c} should match")
        if self.dtype is dtypes.bool:
            raise NotImplementedError(f'"{name[:-1]}_out_cpu" not implemented for \'Bool\'')
        return apply_inplace(op, self, _given(dim, self.dim()), dtype)
    return method


def _fill_diagonal_(self, fill_value, wrap=False):
    """Fill the main diagonal (all dims equal for more than 2), in place through a view of it
    (so autograd records CopySlices); wrap=True starts again below a tall matrix's diagonal,
    every width + 1 rows."""
    if self.dim() < 2:
        raise RuntimeError("dimensions must larger than 1")
    if self.dim() > 2 and builtins.any(n != self.shape[0] for n in self.shape):
        raise RuntimeError("all dimensions of input must be of equal length")
    diag = self
    while diag.dim() > 1:
        diag = diagonal(diag, 0, 0, 1)
    diag.fill_(fill_value)
    height, width = self.shape[:2]
    if wrap and self.dim() == 2:
        for row in range(width + 1, height, width + 1):
            diagonal(self[row:]).fill_(fill_value)
    return self


def _unfold_method(self, dimension=_REQUIRED, size=_REQUIRED, step=_REQUIRED):
    """The windows of `size` elements every `step` along `dimension`, as a view: that dim counts
    windows, a new last dim runs along each one (UnfoldBackward0)."""
    for name, value in (("dimension", dimension), ("size", size), ("step", step)):
        if value is _REQUIRED:
            raise TypeError(f'unfold() missing 1 required positional arguments: "{name}"')
    given, dimension = _given(dimension, self.dim()), _wrap_dim(dimension, self.dim())
    length, size, step = self.shape[dimension] if self.dim() else 1, _int(size), _int(step)
    if size > length:
        raise RuntimeError(f"maximum size for tensor at dimension {dimension} is {length} but "
                           f"size is {size}")
    if step <= 0:
        raise RuntimeError(f"step is {step} but must be > 0")
    return d.unfold(self, given, size, step)


_METHODS.update(where=_where_method, bitwise_and=_as_method(bitwise_and),
                bitwise_or=_as_method(bitwise_or), bitwise_xor=_as_method(bitwise_xor),
                bitwise_not=bitwise_not, bitwise_and_=_integer_inplace(bitwise_and),
                bitwise_or_=_integer_inplace(bitwise_or), bitwise_xor_=_integer_inplace(bitwise_xor),
                bitwise_not_=_integer_inplace(bitwise_not), sum_to_size=_sum_to_size,
                cumsum_=_cumulative_inplace(d.cumsum, "cumsum_"),
                cumprod_=_cumulative_inplace(d.cumprod, "cumprod_"),
                fill_diagonal_=_fill_diagonal_, unfold=_unfold_method)


# --- part nsgap: fliplr, flipud, diff, isin, gcd, lcm, unravel_index, combinations ------------------
def fliplr(input):
    """Left and right swapped: flip along dim 1."""
    if input.dim() < 2:
        raise RuntimeError("Input must be >= 2-d.")
    return flip(input, (1,))


def flipud(input):
    """Upside down: flip along dim 0."""
    if input.dim() < 1:
        raise RuntimeError("Input must be >= 1-d.")
    return flip(input, (0,))


def diff(input, n=1, dim=-1, prepend=None, append=None):
    """The n-th forward difference along dim: x[1:] - x[:-1], n times (logical_xor for bools),
    after prepend and append are concatenated on; n = 0 gives a copy."""
    if input.dim() == 0:
        raise RuntimeError("diff expects input to be at least one-dimensional")
    if n < 0:
        raise RuntimeError(f"order must be non-negative but got {n}")
    for name, t in (("prepend", prepend), ("append", append)):
        if t is not None and not isinstance(t, Tensor):
            raise TypeError(f"diff(): argument '{name}' must be Tensor, not {_type_name(t)}")
        if t is not None and t.dim() != input.dim():
            raise RuntimeError("diff expects prepend or append to be the same dimension as input")
    dim = _wrap_dim(dim, input.dim())
    if n == 0:
        return zeros_like(input).copy_(input)
    if prepend is not None or append is not None:
        input = cat([t for t in (prepend, input, append) if t is not None], dim)
    result, length = input, input.shape[dim] - 1
    for _ in range(builtins.min(n, input.shape[dim])):
        later, earlier = narrow(result, dim, 1, length), narrow(result, dim, 0, length)
        result = logical_xor(later, earlier) if input.dtype is dtypes.bool else later - earlier
        length -= 1
    return result


def isin(elements, test_elements, *, assume_unique=False, invert=False):
    """Whether each element is among test_elements (a bool tensor of elements' shape)."""
    flags = {k: v for k, v in (("assume_unique", assume_unique), ("invert", invert)) if v is not False}
    if not (isinstance(elements, Tensor) or isinstance(test_elements, Tensor)) or builtins.any(
            v.__class__ is not bool for v in flags.values()):  # (the parser takes bools only)
        raise _invalid_combination("isin", (elements, test_elements), flags)
    found = np.isin(getattr(elements, "_data", elements), getattr(test_elements, "_data", test_elements),
                    invert=invert)
    return Tensor._make(np.asarray(found))


def _integer_only(name, ufunc):
    """gcd and lcm: elementwise, integer tensors only (any sign; both 0: 0)."""
    def fn(input, other):
        _tensor_arg(name, "input", 1, input)
        _tensor_arg(name, "other", 2, other)
        dt = dtypes.result_type(input, other)
        if dt.kind not in "iu":
            raise NotImplementedError(f'"{name}_cpu" not implemented for '
                                      f"'{dtypes.from_numpy_dtype(dt)._scalar}'")
        _broadcast_shape(input.shape, other.shape)
        return Tensor._make(ufunc(input._data.astype(dt), other._data.astype(dt)))
    fn.__name__ = name
    return fn


gcd, lcm = _integer_only("gcd", np.gcd), _integer_only("lcm", np.lcm)


def unravel_index(indices, shape):
    """Flat indices as coordinates in `shape`: floor-divided by each dim's stride, modulo its size
    (PyTorch's Python code, so an index out of range wraps around)."""
    if indices.is_complex() or indices.is_floating_point() or indices.dtype is dtypes.bool:
        raise TypeError(f"expected 'indices' to be integer dtype, but got {indices.dtype}")
    if not isinstance(shape, (numbers.Integral, collections.abc.Sequence)):
        raise TypeError(f"expected 'shape' to be int or sequence of ints, but got {type(shape)}")
    shape = [shape] if isinstance(shape, numbers.Integral) else list(shape)
    for n in shape:
        if not isinstance(n, numbers.Integral):
            raise TypeError(f"expected 'shape' sequence to only contain ints, but got {type(n)}")
    if builtins.any(n < 0 for n in shape):
        raise ValueError(f"'shape' cannot have negative values, but got {tuple(shape)}")
    strides = [math.prod(shape[i + 1:]) for i in range(len(shape))]
    coords = remainder(floor_divide(unsqueeze(indices, -1), tensor(strides, dtype=dtypes.int64)),
                       tensor(shape, dtype=dtypes.int64))
    return unbind(coords, -1)


def combinations(input, r=2, with_replacement=False):
    """The r-element combinations of a vector's elements, one per row, as PyTorch builds them: an
    r-dim meshgrid of it, each grid masked to the index tuples i1 < i2 < ... (<= with
    replacement), stacked."""
    if input.dim() != 1:
        raise RuntimeError(f"Expect a 1D vector, but got shape {list(input.shape)}")
    if r < 0:
        raise RuntimeError(f"Expect a non-negative number, but got {r}")
    if r == 0:
        return Tensor._make(np.empty(0, input._data.dtype))
    n = input.shape[0]
    grids = meshgrid(*[input] * r, indexing="ij")
    index = np.indices((n,) * r)
    below = np.less_equal if with_replacement else np.less
    mask = Tensor._make(np.logical_and.reduce([below(index[i], index[i + 1]) for i in range(r - 1)],
                                              initial=True))
    return stack([masked_select(g, mask) for g in grids], 1)


_METHODS.update(fliplr=_as_method(fliplr), flipud=_as_method(flipud), diff=_as_method(diff),
                gcd=_as_method(gcd), lcm=_as_method(lcm), gcd_=_integer_inplace(gcd),
                lcm_=_integer_inplace(lcm))


# --- part nsgap: cov, corrcoef, trapezoid, trapz, cumulative_trapezoid --------------------------------
def cov(input, *, correction=1, fweights=None, aweights=None):
    """The covariance of the rows (variables) over the columns (observations), with frequency
    and reliability weights: ATen's Correlation.cpp step by step, so the graph is PyTorch's."""
    if input.dim() > 2:
        raise RuntimeError("cov(): expected input to have two or fewer dimensions but got an input "
                           f"with {input.dim()} dimensions")
    if input.dtype is dtypes.bool:
        raise RuntimeError("cov(): bool dtype is not supported for input")
    x = input if input.dim() == 2 else input.view(1, -1)
    n = x.shape[1]
    w = None
    for name, t, kind in (("fweights", fweights, "integral"), ("aweights", aweights, "floating point")):
        if t is None:
            continue
        if t.dim() > 1:
            raise RuntimeError(f"cov(): expected {name} to have one or fewer dimensions but got "
                               f"{name} with {t.dim()} dimensions")
        if (t.is_floating_point() or t.dtype is dtypes.bool) == (kind == "integral"):
            raise RuntimeError(f"cov(): expected {name} to have {kind} dtype but got {name} with "
                               f"{t.dtype._scalar} dtype")
        if t.numel() != n:
            raise RuntimeError(f"cov(): expected {name} to have the same numel as there are "
                               f"observations in the input but got {t.numel()} != {n}")
        if n and (t._data < 0).any():
            raise RuntimeError(f"cov(): {name} cannot be negative")
        w = t if w is None else w * t
    w_sum = tensor(n) if w is None else w.sum()
    if w is not None and not w_sum.item():
        raise RuntimeError("cov(): weights sum to zero, can't be normalized")
    avg = (x if w is None else x * w).sum(1) / w_sum
    if w is not None and aweights is not None and correction != 0:
        norm_factor = w_sum - correction * (w * aweights).sum() / w_sum
    else:
        norm_factor = w_sum - correction
    if norm_factor.item() <= 0:
        warnings.warn("cov(): degrees of freedom is <= 0. Correction should be strictly less than "
                      "the number of observations. (Triggered internally at "
                      "/__w/pytorch/pytorch/aten/src/ATen/native/Correlation.cpp:129.)",
                      UserWarning, stacklevel=2)
        norm_factor = zeros_like(norm_factor)
    x = x - avg.unsqueeze(1)
    return true_divide(mm(x, (x if w is None else x * w).t()), norm_factor).squeeze()


def corrcoef(input):
    """Pearson's correlation coefficients: cov divided by the standard deviations on both sides,
    clipped to [-1, 1] against rounding."""
    if input.dim() > 2:
        raise RuntimeError("corrcoef(): expected input to have two or fewer dimensions but got an "
                           f"input with {input.dim()} dimensions")
    c = cov(input)
    if c.dim() == 0:
        return c / c  # nan for a covariance of nan, inf or 0, else 1
    stddev = c.diagonal().sqrt()
    c = c / stddev.view(-1, 1)
    c = c / stddev.view(1, -1)
    return c.clip(-1, 1)


def _trapezoid_args(name, y, x, dx, dim, kwargs):
    if kwargs or (x is not None and not isinstance(x, Tensor)) or (x is not None and dx is not None):
        given = {**({"dx": dx} if dx is not None else {}), **kwargs}
        raise _invalid_combination(name, (y,) + (() if x is None else (x,)), given)
    if y.dim() == 0:
        raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
    dim = _wrap_dim(dim, y.dim())
    if y.dtype is dtypes.bool or (x is not None and x.dtype is dtypes.bool):
        raise RuntimeError(f"{name}: received a bool input for `x` or `y`, but bool is not supported"
                           if x is not None else
                           f"{name}: received a bool input for `y`, but bool is not supported")
    if x is None:
        return dim, None
    if x.dim() == 1:
        if x.shape[0] != y.shape[dim]:
            raise RuntimeError(f"{name}: There must be one `x` value for each sample point")
        x = x.view(*[x.shape[0] if i == dim else 1 for i in range(y.dim())])
    elif x.dim() < y.dim():
        x = x.view(*(1,) * (y.dim() - x.dim()), *x.shape)
    return dim, narrow(x, dim, 1, x.shape[dim] - 1) - narrow(x, dim, 0, x.shape[dim] - 1)


def trapezoid(y, x=None, *, dx=None, dim=-1, **kwargs):
    """The trapezoid rule along dim: sum of (y_i + y_i+1) / 2 * dx_i; dx from the sample points
    x, or one spacing dx (then dx * (sum of y - (first + last) / 2), as PyTorch simplifies it)."""
    dim, dxs = _trapezoid_args("trapezoid", y, x, dx, dim, kwargs)
    if y.shape[dim] == 0:
        return zeros(y.shape[:dim] + y.shape[dim + 1:], dtype=y.dtype)
    if dxs is None:  # (C++ multiplies by numbers: MulBackward1, DivBackward1)
        ends = d.mul_scalar(select(y, dim, 0) + select(y, dim, -1), 0.5)
        return d.mul_scalar(y.sum(dim) - ends, 1 if dx is None else dx)
    left, right = narrow(y, dim, 0, y.shape[dim] - 1), narrow(y, dim, 1, y.shape[dim] - 1)
    return d.div_scalar(((left + right) * dxs).sum(dim), 2.)


def trapz(y, x=None, *, dx=None, dim=-1):
    """trapezoid's older name."""
    return trapezoid(y, x, dx=dx, dim=dim)


def cumulative_trapezoid(y, x=None, *, dx=None, dim=-1, **kwargs):
    """The running trapezoid rule: one value fewer than y along dim."""
    dim, dxs = _trapezoid_args("cumulative_trapezoid", y, x, dx, dim, kwargs)
    n = builtins.max(y.shape[dim] - 1, 0)
    left, right = narrow(y, dim, 0, n), narrow(y, dim, builtins.min(1, y.shape[dim]), n)
    if dxs is None:
        return d.mul_scalar(left + right, (1 if dx is None else dx) / 2.).cumsum(dim)
    return d.div_scalar(((left + right) * dxs).cumsum(dim), 2.)


_METHODS.update(cov=_as_method(cov), corrcoef=_as_method(corrcoef))


# --- part nsgap: quantile, nanquantile (ATen's quantile_compute: sort, gather, lerp_) ------------------
_INTERPOLATIONS = ("linear", "lower", "higher", "midpoint", "nearest")


def _quantile(input, q, dim, keepdim, interpolation, ignore_nan):
    """Sort along dim (all elements without one), turn q into ranks, gather the values below
    (and above) each rank and interpolate in place, then move q's dim to the front."""
    if not isinstance(q, Tensor) and not 0 <= q <= 1:
        raise RuntimeError(f"quantile() q must be in the range [0, 1] but got {q:g}")
    if interpolation not in _INTERPOLATIONS:
        raise RuntimeError("quantile() interpolation must be one of linear, lower, higher, "
                           f"midpoint or nearest, but got {interpolation}")
    q = q if isinstance(q, Tensor) else tensor(q, dtype=input.dtype)
    if input.numel() == 0:
        raise RuntimeError("quantile() input tensor must be non-empty")
    if q.dim() > 1:
        raise RuntimeError("quantile() q must be a scalar or 1D tensor")
    if input.dtype not in (dtypes.float32, dtypes.float64):
        raise RuntimeError("quantile() input tensor must be either float or double dtype")
    if q.dtype != input.dtype:
        raise RuntimeError("quantile() q tensor must be same dtype as the input tensor")
    wrapped = _wrap_dim(0 if dim is None else dim, input.dim())
    out_shape = list(input.shape) if dim is not None and input.dim() else (
        [1] * input.dim() if keepdim else [])
    if dim is not None and input.dim():
        out_shape[wrapped:wrapped + 1] = [1] if keepdim else []
    if not ((q._data >= 0) & (q._data <= 1)).all():
        raise RuntimeError("quantile() q values must be in the range [0, 1]")
    if dim is None:
        sorted_ = input.flatten().sort()[0]
    elif wrapped == input.dim() - 1:
        sorted_ = input.sort()[0]
    else:
        sorted_ = input.unsqueeze(-1).transpose(wrapped, -1).sort()[0]
    sorted_ = sorted_.view(*out_shape, sorted_.shape[-1])
    if ignore_nan:  # ranks among the values that are not nan (all nan: rank 0, a nan)
        ranks = q * (sorted_.isnan().logical_not().sum(-1, True) - 1)
        ranks.masked_fill_(ranks < 0, 0)
    else:  # a nan sorts last: its rank gives nan
        last = sorted_.shape[-1] - 1
        ranks = masked_fill(*broadcast_tensors(q * last, sorted_.isnan().any(-1, True)), last)
    if interpolation in ("lower", "higher", "nearest"):
        {"lower": ranks.floor_, "higher": ranks.ceil_, "nearest": ranks.round_}[interpolation]()
    ranks_below = ranks.long()
    values = sorted_.gather(-1, ranks_below)
    if interpolation in ("linear", "midpoint"):
        weights = full_like(ranks, 0.5) if interpolation == "midpoint" else ranks - ranks_below
        values.lerp_(sorted_.gather(-1, ranks.ceil_().long()), weights)
    return values.squeeze_(-1) if q.dim() == 0 else values.unsqueeze_(0).transpose_(0, -1).squeeze_(-1)


def quantile(input, q, dim=None, keepdim=False, *, interpolation="linear"):
    """The q-th quantiles of input (along dim), between sorted values as `interpolation` says."""
    _bool_arg("quantile", "keepdim", keepdim)
    return _quantile(input, q, dim, keepdim, interpolation, False)


def nanquantile(input, q, dim=None, keepdim=False, *, interpolation="linear"):
    """quantile of the values that are not nan."""
    _bool_arg("nanquantile", "keepdim", keepdim)
    return _quantile(input, q, dim, keepdim, interpolation, True)


_METHODS.update(quantile=_as_method(quantile), nanquantile=_as_method(nanquantile))


# --- part nsgap: torch.X_ functions (the in-place methods under torch's name), torch.fill, detach --
def _function_of_method(name):
    """torch.exp_(t) is t.exp_(): PyTorch has most in-place methods as functions too."""
    def function(input, *args, **kwargs):
        _tensor_arg(name, "input", 1, input)
        return getattr(input, name)(*args, **kwargs)
    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"Tensor.{name} as a function: changes input in place and returns it."
    return function


_INPLACE_FUNCTIONS = (
    "abs_", "acos_", "acosh_", "addmv_", "arccos_", "arccosh_", "arcsin_", "arcsinh_", "arctan_",
    "arctanh_", "asin_", "asinh_", "atan_", "atanh_", "ceil_", "clamp_", "clamp_max_", "clamp_min_",
    "clip_", "cos_", "cosh_", "deg2rad_", "detach_", "erf_", "erfc_", "exp2_", "exp_", "expm1_",
    "fill_", "fix_", "floor_", "frac_", "gcd_", "index_put_", "lcm_", "ldexp_", "log10_", "log1p_",
    "log2_", "log_", "logit_", "nan_to_num_", "neg_", "negative_", "rad2deg_", "reciprocal_",
    "relu_", "round_", "rsqrt_", "sigmoid_", "sin_", "sinc_", "sinh_", "sqrt_", "square_", "tan_",
    "tanh_", "trunc_", "xlogy_", "zero_")
globals().update({_name: _function_of_method(_name) for _name in _INPLACE_FUNCTIONS})
detach = _function_of_method("detach")


def fill(input, value=_REQUIRED):
    """A new tensor like input, every element value (FillBackward0; a 0-d tensor value gets the
    gradient's sum: FillBackward1)."""
    if not isinstance(input, Tensor) or not isinstance(value, (Tensor, numbers.Number)):
        raise _invalid_combination("fill", [a for a in (input, value) if a is not _REQUIRED], {})
    if isinstance(value, Tensor):
        if value.dim():
            raise RuntimeError("fill_ only supports 0-dimension value tensor but got tensor with "
                               f"{value.dim()} dimensions.")
        return d.fill_tensor(input, value)
    return d.fill(input, value)


# --- part nsgap: storage and layout introspection, threads, empty_like, randint_like, scalar_tensor --
class layout:
    """How a tensor's elements sit in memory: always `strided` (sizes and strides) here."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return f"minigrad.{self.name}"


layout.__module__ = "minigrad"
strided = layout("strided")
_num_threads = os.cpu_count() or 1


def get_num_threads():
    """How many threads PyTorch would use: NumPy decides here; the number is only remembered."""
    return _num_threads


def set_num_threads(n):
    global _num_threads
    _num_threads = _thread_count("set_num_threads", n)


def _thread_count(name, n):
    """A number of threads: a positive int (bool is no int here, as in PyTorch)."""
    if not isinstance(n, numbers.Integral) or isinstance(n, builtins.bool):
        raise RuntimeError(f"{name} expects an int, but got {_type_name(n)}")
    if n <= 0:
        raise RuntimeError(f"{name} expects a positive integer")
    return n


# --- part ctcmisc: PyTorch's other global switches (tutorials set them at the top of a script).
# minigrad computes one way on one thread whatever they say: most are only remembered, and read
# back as PyTorch reads them back.
_num_interop_threads = None  # (None: never set; PyTorch allows one set, before parallel work)


def get_num_interop_threads():
    """Threads for running independent ops side by side (PyTorch's inter-op pool)."""
    return _num_threads if _num_interop_threads is None else _num_interop_threads


def set_num_interop_threads(n):
    global _num_interop_threads
    _thread_count("set_num_interop_threads", n)
    if _num_interop_threads is not None:
        raise RuntimeError("Error: cannot set number of interop threads after parallel work has "
                           "started or set_num_interop_threads called")
    _num_interop_threads = n


_deterministic = {"mode": False, "warn_only": False}


def use_deterministic_algorithms(mode, *, warn_only=False):
    """Ask for algorithms that give the same bits on every run (or an error, or with warn_only a
    warning, where none exists). minigrad's are all deterministic: the flags are only kept."""
    for name, value, where in (("mode", mode, " (position 1)"), ("warn_only", warn_only, "")):
        if value.__class__ is not builtins.bool:
            raise TypeError(f"_set_deterministic_algorithms(): argument '{name}'{where} must be "
                            f"bool, not {_type_name(value)}")
    _deterministic.update(mode=mode, warn_only=warn_only)


def are_deterministic_algorithms_enabled():
    return _deterministic["mode"]


def is_deterministic_algorithms_warn_only_enabled():
    return _deterministic["warn_only"]


def set_deterministic_debug_mode(debug_mode):
    """The same switch as a number: 0 (or 'default') off, 1 ('warn') warn only, 2 ('error') on."""
    if not isinstance(debug_mode, (builtins.int, str)):
        raise TypeError(f"debug_mode must be str or int, but got {type(debug_mode)}")
    if isinstance(debug_mode, str):
        modes = {"default": 0, "warn": 1, "error": 2}
        if debug_mode not in modes:
            raise RuntimeError("invalid value of debug_mode, expected one of `default`, `warn`, "
                               f"`error`, but got {debug_mode}")
        debug_mode = modes[debug_mode]
    if debug_mode not in (0, 1, 2):
        raise RuntimeError(f"invalid value of debug_mode, expected 0, 1, or 2, but got {debug_mode}")
    use_deterministic_algorithms(debug_mode != 0, warn_only=debug_mode == 1)


def get_deterministic_debug_mode():
    if not _deterministic["mode"]:
        return 0
    return 1 if _deterministic["warn_only"] else 2


_float32_matmul_precision = "highest"


def set_float32_matmul_precision(precision):
    """'high' and 'medium' let PyTorch's float32 matmuls use faster, less precise units (TF32,
    bfloat16) where the hardware has them. A CPU has none: NumPy's matmul stays as it is."""
    global _float32_matmul_precision
    if not isinstance(precision, str):
        raise RuntimeError(f"set_float32_matmul_precision expects a str, but got {_type_name(precision)}")
    if precision not in ("highest", "high", "medium"):
        warnings.warn(f"{precision} is not one of 'highest', 'high', or 'medium'; the current"
                      "setFloat32MatmulPrecision call has no effect. (Triggered internally at "
                      "/__w/pytorch/pytorch/aten/src/ATen/Context.cpp:458.)", stacklevel=2)
        return
    _float32_matmul_precision = precision


def get_float32_matmul_precision():
    return _float32_matmul_precision


def set_flush_denormal(mode):
    """Flush denormal floats (the tiny ones below 2**-126 or 2**-1022, slow on many CPUs) to zero:
    PyTorch sets the x86 CPU's FTZ and DAZ bits (in its MXCSR register), for the calling thread,
    where NumPy's loops run too. Here through C's fegetenv/fesetenv, whose fenv_t keeps MXCSR at
    byte 28 on x86-64 Linux; elsewhere False, PyTorch's answer when the CPU cannot."""
    if mode.__class__ is not builtins.bool:
        raise RuntimeError(f"flush_denormal expects a bool, but got {_type_name(mode)}")
    import ctypes
    import ctypes.util
    import platform
    import sys
    if platform.machine() not in ("x86_64", "AMD64") or not sys.platform.startswith("linux"):
        return False
    try:
        libm = ctypes.CDLL(ctypes.util.find_library("m"))
    except OSError:
        return False
    env = (ctypes.c_uint32 * 8)()  # fenv_t: 32 bytes
    libm.fegetenv(env)
    ftz_daz = 0x8040
    env[7] = env[7] | ftz_daz if mode else env[7] & ~ftz_daz
    return libm.fesetenv(env) == 0


# autocast's switches. minigrad has neither float16 nor bfloat16, so no autocast (torch.autocast,
# set_autocast_enabled and the autocast dtypes are absent): these answer as PyTorch's do while it
# is off. Its cache of casted weights and its nesting count are kept, though nothing uses them.
_AUTOCAST_DEVICES = ("cpu", "cuda", "xpu", "ipu", "hpu", "xla", "privateuseone", "mps", "mtia",
                     "maia")
_autocast = {"cache_enabled": True, "nesting": 0}


def is_autocast_enabled(*args, **kwargs):
    """Whether autocast is on for a device type (CUDA's when none is given): never, here."""
    given = _arg_parser.bind(("is_autocast_enabled(c10::string_view device_type)",
                              "is_autocast_enabled()"), args, kwargs)
    if given and _Device(given["device_type"]).type not in _AUTOCAST_DEVICES:
        raise RuntimeError("unknown device type for autocast in "
                           "get_autocast_dispatch_key_from_device_type")
    return False


def _is_autocast_enabled_on(device_type, line):
    """The deprecated is_autocast_<device>_enabled(), with PyTorch's warning each time."""
    def query():
        warnings.warn(f"minigrad.is_autocast_{device_type}_enabled() is deprecated. Please use "
                      f"minigrad.is_autocast_enabled('{device_type}') instead. (Triggered "
                      f"internally at /__w/pytorch/pytorch/torch/csrc/autograd/init.cpp:{line}.)",
                      DeprecationWarning, stacklevel=2)
        return False
    query.__name__ = query.__qualname__ = f"is_autocast_{device_type}_enabled"
    return query


is_autocast_cpu_enabled = _is_autocast_enabled_on("cpu", 883)
is_autocast_ipu_enabled = _is_autocast_enabled_on("ipu", 909)
is_autocast_xla_enabled = _is_autocast_enabled_on("xla", 935)


def is_autocast_cache_enabled():
    return _autocast["cache_enabled"]


def set_autocast_cache_enabled(enabled):
    """Whether autocast keeps the low-precision copies of leaf tensors it makes for reuse."""
    if enabled.__class__ is not builtins.bool:
        raise TypeError(f"enabled must be a bool (got {_type_name(enabled)})")
    _autocast["cache_enabled"] = enabled


def clear_autocast_cache():
    """Empty autocast's cache of casted tensors: it has none here."""


def autocast_increment_nesting():
    """How deep autocast regions nest (exiting the outermost clears the cache): the new depth."""
    _autocast["nesting"] += 1
    return _autocast["nesting"]


def autocast_decrement_nesting():
    _autocast["nesting"] -= 1
    return _autocast["nesting"]


def is_storage(obj):
    """Whether obj is a storage (tensor.untyped_storage(), tensor.storage()), not a tensor."""
    return isinstance(obj, (UntypedStorage, TypedStorage))


def set_default_device(device):
    """Where factory functions put new tensors. minigrad's memory is NumPy's: 'cpu' (or None,
    back to the default) is accepted, any other device gets the error its tensors would get."""
    _check_device(_device_arg("set_default_device", device))


def get_default_device():
    return _Device("cpu")


def conj(input):
    """The complex conjugate: for real tensors, input itself."""
    return input


def real(input):
    """The real part: for real tensors, input itself."""
    return input


def imag(input):
    raise RuntimeError("imag is not implemented for tensors with non-complex dtypes.")


def _set_real(self, value):
    self.copy_(value)


def isreal(input):
    """Is each element real (imaginary part 0)? All are, in a real tensor."""
    return Tensor._make(np.ones(input._data.shape, np.bool_))


def angle(input):
    """The complex argument: pi for negative reals, 0 otherwise (nan stays nan); a float result."""
    return d.angle(input)


def is_conj(input):
    return False


resolve_conj = resolve_neg = conj
is_neg = is_conj


def get_device(input):
    """The CUDA device index of input, -1 for the CPU (always, here)."""
    return -1


def empty_like(input, dtype=None, device=None, requires_grad=False):
    """A tensor like input whose values are whatever the memory held (zeros here)."""
    _tensor_arg("empty_like", "input", 1, input)
    return zeros_like(input, dtype=dtype, device=device, requires_grad=requires_grad)


def randint_like(input, low=_REQUIRED, high=_REQUIRED, *, dtype=None, generator=None,
                 requires_grad=False):
    """randint with input's shape and (by default) dtype: randint_like(x, high) or (x, low, high)."""
    if low is _REQUIRED:
        raise _invalid_combination("randint_like", (input,), {})
    low, high = (0, low) if high is _REQUIRED else (low, high)
    return _laid_out_like(input, randint(low, high, input.shape, dtype=dtype or input.dtype,
                                         generator=generator, requires_grad=requires_grad))


def scalar_tensor(s, dtype=None, device=None, requires_grad=False):
    """A 0-d tensor holding the number s, in the default float dtype unless told otherwise."""
    if not isinstance(s, (numbers.Number, np.bool_)):
        raise TypeError(f"scalar_tensor(): argument 's' (position 1) must be Number, not "
                        f"{_type_name(s)}")
    return full((), s, dtype=dtype or dtypes.get_default_dtype(), device=device,
                requires_grad=requires_grad)


_METHODS.update(STORAGE_METHODS)
_METHODS.update(layout=property(lambda self: strided), get_device=get_device,
                conj=conj, is_conj=is_conj, resolve_conj=resolve_conj, resolve_neg=resolve_neg,
                real=property(real, _set_real), imag=property(imag), isreal=isreal, angle=angle,
                is_signed=lambda self: self.dtype.is_signed,
                is_neg=is_neg)


# --- part nsgap: torch.normal, all four overloads ------------------------------------------------


def normal(mean, std=1.0, size=None, *, generator=None, dtype=None, requires_grad=False):
    """Numbers drawn from N(mean, std): tensor means and/or stds broadcast together (a node that
    sends no gradient back), or two numbers and a size."""
    generator = generator or default_generator
    tensors = [isinstance(mean, Tensor), isinstance(std, Tensor)]
    if not builtins.any(tensors):
        if size is None:
            raise _invalid_combination("normal", (mean, std), {})
        if not std >= 0:
            raise RuntimeError(f"normal expects std >= 0.0, but found std {std:g}")
        out = _normal_inplace(empty(*_int_sizes("normal", (size,)), dtype=dtype), mean, std,
                              generator=generator)
        return out.requires_grad_(requires_grad)
    if size is not None:
        raise _invalid_combination("normal", (mean, std, size), {})
    kind = mean if tensors[0] else std
    if not kind.is_floating_point():
        raise NotImplementedError(f'"normal_kernel_cpu" not implemented for \'{kind.dtype._scalar}\'')
    if tensors[1] and not (std._data >= 0).all():  # (a NaN std too: its min is no >= 0)
        raise RuntimeError("normal expects all elements of std >= 0.0")
    if not tensors[1] and not std >= 0:
        raise RuntimeError(f"normal expects std >= 0.0, but found std {std:g}")
    if builtins.all(tensors):
        _broadcast_shape(mean.shape, std.shape)
    op = (d.normal_tensor_tensor if builtins.all(tensors) else
          d.normal_tensor_float if tensors[0] else d.normal_float_tensor)
    return op(mean, std, generator)


# --- part dist: cdist, pdist ---------------------------------------------------------------------
def _float_arg(name, argname, position, value):
    if value.__class__ is builtins.bool or not isinstance(value, numbers.Real):
        raise TypeError(f"{name}(): argument '{argname}' (position {position}) must be float, not "
                        f"{_type_name(value)}")
    return builtins.float(value)


_CDIST_MODES = {"use_mm_for_euclid_dist_if_necessary": 0, "use_mm_for_euclid_dist": 1,
                "donot_use_mm_for_euclid_dist": 2}


def cdist(x1, x2, p=2.0, compute_mode="use_mm_for_euclid_dist_if_necessary"):
    """The p-norm distance of every row of x1 to every row of x2 (leading dims broadcast). For
    p = 2 and more than 25 rows PyTorch takes a matrix product (_euclidean_dist): faster, and
    its own backward; compute_mode forces (use_mm...) or forbids (donot_use_mm...) that path."""
    if compute_mode not in _CDIST_MODES:
        raise ValueError(f"{compute_mode} is not a valid value for compute_mode")
    mode = _CDIST_MODES[compute_mode]
    _tensor_arg("cdist", "x1", 1, x1)
    _tensor_arg("cdist", "x2", 2, x2)
    p = _float_arg("cdist", "p", 3, p)
    for name, x in (("X1", x1), ("X2", x2)):
        if x.dim() < 2:
            raise RuntimeError(f"cdist only supports at least 2D tensors, {name} got: {x.dim()}D")
    (r1, c1), (r2, c2) = x1.shape[-2:], x2.shape[-2:]
    if c1 != c2:
        raise RuntimeError(f"X1 and X2 must have the same number of columns. X1: {c1} X2: {c2}")
    for name, x in (("X1", x1), ("X2", x2)):
        if not x.is_floating_point():
            raise RuntimeError(f"cdist only supports floating-point dtypes, {name} got: "
                               f"{x.dtype._scalar}")
    if p < 0:
        raise RuntimeError("cdist only supports non-negative p values")
    batch = _broadcast_shape(x1.shape[:-2], x2.shape[:-2])
    mm = x1.numel() and x2.numel() and p == 2 and (mode == 1 or mode == 0 and (r1 > 25 or r2 > 25))
    if x1.dtype != x2.dtype:
        if mm:
            raise RuntimeError(f"expected m1 and m2 to have the same dtype, but got: "
                               f"{x1.dtype._c} != {x2.dtype._c}")
        raise RuntimeError(f"expected scalar type {x1.dtype._scalar} but found {x2.dtype._scalar}")
    if not mm:
        return d.cdist_forward(x1, x2, p, None if mode == 0 else mode)
    if math.prod(batch) == 1:
        return d.euclidean_dist(x1, x2).view(*batch, r1, r2)
    x1 = x1.expand(*batch, r1, c1).contiguous().view(-1, r1, c1)
    x2 = x2.expand(*batch, r2, c2).contiguous().view(-1, r2, c2)
    return d.euclidean_dist(x1, x2).view(*batch, r1, r2)


def pdist(input, p=2):
    """The p-norm distance of each pair of rows i < j, in that order: n (n - 1) / 2 values."""
    _tensor_arg("pdist", "input", 1, input)
    p = _float_arg("pdist", "p", 2, p)
    if input.dim() != 2:
        raise RuntimeError(f"pdist only supports 2D tensors, got: {input.dim()}D")
    if not input.is_floating_point():
        raise RuntimeError("pdist only supports floating-point dtypes")
    if p < 0:
        raise RuntimeError("pdist only supports non-negative p values")
    return d.pdist_forward(input.contiguous(), p)


_SCATTER_REDUCES = ("sum", "prod", "mean", "amax", "amin", "max", "min")  # (max, min: unsaid aliases)


def _scatter_reduce_call(input, dim, index, src, reduce, include_self):
    """scatter_reduce's arguments after PyTorch's checks, in its order (dtypes, reduce, shapes)."""
    _bool_arg("scatter_reduce", "include_self", include_self)
    given, dim = _given(dim, input.dim()), _wrap_dim(dim, input.dim())
    if reduce not in _SCATTER_REDUCES and index._data.dtype in (np.int32, np.int64) and (
            src._data.dtype == input._data.dtype):
        raise RuntimeError(f"reduce argument must be either sum, prod, mean, amax or amin, got {reduce}")
    _check_index("scatter", input, dim, index, src)
    if reduce == "mean" and input.dtype is dtypes.bool:
        raise NotImplementedError('"scatter_gather_tensor_cpu_reduce_mean" not implemented for \'Bool\'')
    return input, given, index, src, reduce, include_self


def _positional(name, names, values, extra):
    """PyTorch's argument parser's words for missing or extra positional arguments (its plural
    is sic)."""
    missing = [f'"{n}"' for n, v in zip(names, values) if v is _REQUIRED]
    if missing:
        raise TypeError(f"{name}() missing {len(missing)} required positional argument"
                        f"{'s' if len(missing) == 1 else ''}: {', '.join(missing)}")
    if extra:
        raise TypeError(f"{name}() takes {len(names)} positional arguments but "
                        f"{len(names) + len(extra)} were given")


def scatter_reduce(input, dim, index, src, reduce, *, include_self=True):
    """Reduces src's elements into input at the positions index gives along dim: sum, prod,
    mean, amax or amin; include_self=False leaves input's own values out where src lands."""
    return d.scatter_reduce(*_scatter_reduce_call(input, dim, index, src, reduce, include_self))


def _scatter_reduce_(self, dim, index, src, reduce, *, include_self=True):
    return apply_inplace(d.scatter_reduce,
                         *_scatter_reduce_call(self, dim, index, src, reduce, include_self))


_METHODS.update(scatter_reduce=_as_method(scatter_reduce), scatter_reduce_=_scatter_reduce_)


def _renorm_call(input, p, dim, maxnorm):
    """PyTorch's checks for renorm, in its order."""
    given = dim
    dim = _wrap_dim(dim, input.dim())
    if p <= 0:
        raise RuntimeError("renorm: non-positive-norm not supported")
    if maxnorm < 0:
        raise RuntimeError(f"renorm: expected maxnorm to be >= 0 but got {maxnorm}")
    if input.dim() <= 1:
        raise RuntimeError(f"renorm: input needs at least 2 dimensions, got {input.dim()} dimensions")
    if not input.is_floating_point():  # (the norm it takes refuses)
        raise RuntimeError("linalg.vector_norm: Expected a floating point or complex tensor as "
                           f"input. Got {input.dtype._scalar}")
    return input, p, given, maxnorm


def renorm(input, p, dim, maxnorm):
    """Scales each slice input.select(dim, i) whose p-norm exceeds maxnorm down to maxnorm."""
    return d.renorm(*_renorm_call(input, p, dim, maxnorm))


def _renorm_(self, p, dim, maxnorm):
    return apply_inplace(d.renorm, *_renorm_call(self, p, dim, maxnorm))


_METHODS.update(renorm=_as_method(renorm), renorm_=_renorm_)


_CHANNEL_SHUFFLE = {name: _arg_parser.Signature(f"{name}(Tensor input, SymInt groups)")
                    for name in ("channel_shuffle", "native_channel_shuffle")}


def _channel_shuffle(name, row, args, kwargs):
    input, groups = _CHANNEL_SHUFFLE[name].bind(args, kwargs)
    if input.dim() <= 2:
        raise RuntimeError("channel_shuffle expects input with > 2 dims, but got input with sizes "
                           f"{list(input.shape)}")
    if groups <= 0:
        raise RuntimeError(f"Number of groups to divide channels in must be positive. Value of "
                           f"groups:{groups}")
    if input.shape[1] % groups:
        raise RuntimeError(f"Number of channels must be divisible by groups. Got {input.shape[1]} "
                           f"channels and {groups} groups.")
    return row(input, groups)


def channel_shuffle(*args, **kwargs):
    """channel_shuffle(input, groups): (N, C, *) with C = g * k: channel i * k + j moves to
    j * g + i (ShuffleNet's mixing of grouped convolutions' outputs)."""
    return _channel_shuffle("channel_shuffle", d.channel_shuffle, args, kwargs)


def native_channel_shuffle(*args, **kwargs):
    """channel_shuffle's kernel: the same checks and result, but no derivative (NotImplemented)."""
    return _channel_shuffle("native_channel_shuffle", d.native_channel_shuffle, args, kwargs)



def _exponential_inplace(self, *args, **kwargs):
    """exponential_(lambd=1, *, generator=None): fill self with numbers drawn from the
    exponential distribution of rate lambd."""
    lambd, generator = _RANDOM_["exponential_"].bind(args, kwargs)
    if not lambd > 0:
        raise RuntimeError(f"exponential_ expects lambda > 0.0, but found lambda={lambd:g}")
    if not self.is_floating_point():
        raise RuntimeError("Exponential distribution is a continuous probability distribution. "
                           f"dtype must be a floating point but you specified {self.dtype._scalar}")
    return apply_inplace(d.exponential_, self, lambd, generator or default_generator)


_METHODS.update(exponential_=_exponential_inplace)


_INDEX_REDUCE_ARGS = ("dim", "index", "source", "reduce")


def _index_reduce_call(name, input, dim, index, source, reduce, include_self, extra, method=True):
    """index_reduce's arguments after PyTorch's checks, in its order (the reduction first)."""
    _positional(name, _INDEX_REDUCE_ARGS if method else ("input",) + _INDEX_REDUCE_ARGS,
                (dim, index, source, reduce) if method else (input, dim, index, source, reduce), extra)
    _bool_arg(name, "include_self", include_self)
    if reduce not in ("prod", "mean", "amax", "amin"):
        raise RuntimeError("index_reduce(): Expected reduce to be one of prod, mean, amax or amin "
                           f"but got {reduce}.")
    given, dim = _given(dim, input.dim()), _wrap_dim(dim, input.dim())
    if index.dim() > 1:
        raise IndexError(f"index_reduce_(): Index is supposed to be a vector, but got dim: "
                         f"{index.dim()} with type: {index.dtype._scalar} and size: {list(index.shape)}")
    if index._data.dtype not in (np.int32, np.int64):
        raise RuntimeError(f"index_reduce_(): Expected dtype int32/int64 for index but got: "
                           f"{index.dtype._scalar}")
    if input.dtype != source.dtype:
        raise RuntimeError(f"index_reduce_(): self ({input.dtype._scalar}) and source "
                           f"({source.dtype._scalar}) must have the same scalar type")
    n = source.shape[dim] if source.dim() else 1
    if index.numel() != n:
        raise RuntimeError(f"index_reduce_(): Number of indices ({index.numel()}) should be equal "
                           f"to source.size(dim): ({n}), for dim: {dim}")
    if input.dim() != source.dim() or (
            input.shape[:dim] + input.shape[dim + 1:] != source.shape[:dim] + source.shape[dim + 1:]):
        raise RuntimeError("source tensor shape must match self tensor shape, excluding the "
                           f"specified dimension. Got self.shape = {list(input.shape)} "
                           f"source.shape = {list(source.shape)}")
    # (the kernel warns first, then meets the index and the dtype)
    warn_once("index_reduce() is in beta and the API may change at any time. (Triggered "
              "internally at /__w/pytorch/pytorch/aten/src/ATen/native/"
              "TensorAdvancedIndexing.cpp:1523.)", stacklevel=4)
    size = input.shape[dim] if input.dim() else 1
    if ((index._data < 0) | (index._data >= size)).any():
        raise IndexError("index out of range in self")
    if input.dtype is dtypes.bool:
        raise NotImplementedError('"index_func_" not implemented for \'Bool\'')
    return input, given, index.reshape(-1), source, reduce, include_self


def index_reduce(input, dim=_REQUIRED, index=_REQUIRED, source=_REQUIRED, reduce=_REQUIRED, *extra,
                 include_self=True):
    """Reduces source's slices into input's slices at the positions index lists along dim:
    prod, mean, amax or amin; include_self=False leaves input's own values out there."""
    return d.index_reduce(*_index_reduce_call("index_reduce", input, dim, index, source, reduce,
                                              include_self, extra, method=False))


def _index_reduce_method(self, dim=_REQUIRED, index=_REQUIRED, source=_REQUIRED, reduce=_REQUIRED,
                         *extra, include_self=True):
    return d.index_reduce(*_index_reduce_call("index_reduce", self, dim, index, source, reduce,
                                              include_self, extra))


def _index_reduce_(self, dim=_REQUIRED, index=_REQUIRED, source=_REQUIRED, reduce=_REQUIRED, *extra,
                   include_self=True):
    return apply_inplace(d.index_reduce, *_index_reduce_call(
        "index_reduce_", self, dim, index, source, reduce, include_self, extra))


_METHODS.update(index_reduce=_index_reduce_method, index_reduce_=_index_reduce_)
# --- end of part dist ---


# PyTorch's argument parser takes NumPy's names too: axis for dim, keepdims for keepdim (as in
# P.sum(1, keepdims=True)). Its Python-level functions (norm, split, unflatten, nn.functional)
# do not.
_NUMPY_NAMES = {"axis": "dim", "keepdims": "keepdim"}
_PYTHON_IN_TORCH = {"norm", "split", "unflatten", "unique", "unique_consecutive"}


def _torch_names(name, kwargs):
    """kwargs with axis and keepdims renamed dim and keepdim (unless those are given too)."""
    for numpy_name, torch_name in _NUMPY_NAMES.items():
        if numpy_name in kwargs:
            if torch_name in kwargs:
                raise TypeError(f"{name}() got an unexpected keyword argument '{numpy_name}'")
            kwargs[torch_name] = kwargs.pop(numpy_name)
    return kwargs


def _takes_dim(fn):
    """Whether fn (or the function it wraps) has a dim or keepdim parameter."""
    while fn is not None:
        code = getattr(fn, "__code__", None)
        if code and {"dim", "keepdim"} & set(
                code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]):
            return True
        fn = getattr(fn, "__wrapped__", None)
    return False


# --- the scatters: the out-of-place twins of writing into a view -----------------------------------
def _check_scatter(name, input, src, view):
    """src must fill the view of input it goes into exactly (no broadcasting), as in PyTorch."""
    _tensor_arg(name, "src", 2, src)
    if src.shape != view.shape:
        raise RuntimeError(f"expected src to have a size equal to the slice of self. src size = "
                           f"{list(src.shape)}, slice size = {list(view.shape)}")


def select_scatter(input, src, dim, index):
    """A copy of input with src where input.select(dim, index) is."""
    _tensor_arg("select_scatter", "input", 1, input)
    _check_scatter("select_scatter", input, src, select(input.detach(), dim, index))
    return d.select_scatter(input, src, dim, index)


def slice_scatter(input, src, dim=0, start=None, end=None, step=1):
    """A copy of input with src where input[..., start:end:step] (along dim) is."""
    _tensor_arg("slice_scatter", "input", 1, input)
    if step <= 0:
        raise RuntimeError("slice step must be positive")
    _wrap_dim(dim, input.dim())
    view = input.detach()._data[d._dim_key(dim, slice(start, end, step))]
    _check_scatter("slice_scatter", input, src, view)
    return d.slice_scatter(input, src, dim, start, end, step)


def diagonal_scatter(input, src, offset=0, dim1=0, dim2=1):
    """A copy of input with src on the diagonal input.diagonal(offset, dim1, dim2) gives."""
    _tensor_arg("diagonal_scatter", "input", 1, input)
    _check_scatter("diagonal_scatter", input, src, diagonal(input.detach(), offset, dim1, dim2))
    return d.diagonal_scatter(input, src, offset, dim1, dim2)


_METHODS.update(select_scatter=_as_method(select_scatter),
                slice_scatter=_as_method(slice_scatter),
                diagonal_scatter=_as_method(diagonal_scatter))



# --- part views2: as_strided and its relatives ----------------------------------------------------
def _check_as_strided(name, input, size, stride, storage_offset, storage_numel):
    """PyTorch's argument checks for as_strided(size, stride, storage_offset) over a storage of
    storage_numel elements, in its order; returns the storage offset to use."""
    _tensor_arg(name, "input", 1, input)
    _check_int_tuple(name, "size", 2, size)
    _check_int_tuple(name, "stride", 3, stride)
    if storage_offset is not None and not hasattr(storage_offset, "__index__"):
        raise TypeError(f"{name}(): argument 'storage_offset' (position 4) must be int, not "
                        f"{_type_name(storage_offset)}")
    size, stride = [int(n) for n in size], [int(st) for st in stride]
    if len(size) != len(stride):
        raise RuntimeError("mismatch in length of strides and shape")
    if builtins.any(st < 0 for st in stride):
        raise RuntimeError(f"as_strided: Negative strides are not supported at the moment, got "
                           f"strides: {stride}")
    offset = input.storage_offset() if storage_offset is None else int(storage_offset)
    if offset < 0:
        raise RuntimeError(f"Tensor: invalid storage offset {offset}")
    if builtins.any(n < 0 for n in size):
        if builtins.any(n < 0 and st for n, st in zip(size, stride)):
            raise RuntimeError(f"Storage size calculation overflowed with sizes={size} and "
                               f"strides={stride}")
        raise RuntimeError("numel: integer multiplication overflow")
    if 0 not in size:
        itemsize = input.element_size()
        need = d._min_storage_size(size, stride, offset) * itemsize
        if need > storage_numel * itemsize:
            raise RuntimeError(f"setStorage: sizes {size}, strides {stride}, storage offset "
                               f"{offset}, and itemsize {itemsize} requiring a storage size of "
                               f"{need} are out of bounds for storage of size "
                               f"{storage_numel * itemsize}")
    return tuple(size), tuple(stride), offset


def as_strided(input, size, stride, storage_offset=None):
    """A view of input's storage (all the memory it shares with its base) with the given sizes
    and strides from storage_offset (input's own by default): elements may repeat or overlap."""
    _tensor_arg("as_strided", "input", 1, input)
    size, stride, offset = _check_as_strided("as_strided", input, size, stride, storage_offset,
                                             _storage(input._data).size)
    return d.as_strided(input, size, stride, None if storage_offset is None else offset)


def _as_strided_inplace(self, size, stride, storage_offset=None):
    """as_strided_: self itself takes the new geometry (AsStridedBackward1)."""
    size, stride, offset = _check_as_strided("as_strided_", self, size, stride, storage_offset,
                                             _storage(self._data).size)
    return apply_inplace_view(d.as_strided_, self, size, stride,
                              None if storage_offset is None else offset)


def as_strided_scatter(input, src, size, stride, storage_offset=None):
    """A copy of input with src written where as_strided(size, stride, storage_offset) of that
    copy sees: the copy is of input's whole storage, seen as input (offsets count from the
    storage's start, input's own by default)."""
    _tensor_arg("as_strided_scatter", "input", 1, input)
    _tensor_arg("as_strided_scatter", "src", 2, src)
    if builtins.any(n > 1 and st == 0 for n, st in zip(input.shape, input.stride())):
        numel, default = input.numel(), 0  # (an expanded input is copied row by row first)
    else:
        numel, default = _storage(input._data).size, input.storage_offset()
    size, stride, offset = _check_as_strided("as_strided_scatter", input, size, stride,
                                             default if storage_offset is None else storage_offset,
                                             numel)
    if list(src.shape) != list(size):
        raise RuntimeError(f"expected src to have a size equal to the slice of self. src size = "
                           f"{list(src.shape)}, slice size = {list(size)}")
    if builtins.any(n > 1 and st == 0 for n, st in zip(size, stride)):
        raise RuntimeError(_function._OVERLAP.format(
            "more than one element of the written-to tensor refers"))
    if input.requires_grad and not input.is_contiguous():
        raise RuntimeError(
            '!self.requires_grad() || self.is_contiguous() INTERNAL ASSERT FAILED at "/__w/pytorch/'
            'pytorch/aten/src/ATen/native/TensorShape.cpp":4754, please report a bug to PyTorch. '
            'as_strided_scatter is currently only supported for contiguous inputs')
    return d.as_strided_scatter(input, src, size, stride, storage_offset)


_METHODS.update(as_strided=_as_method(as_strided), as_strided_=_as_method(_as_strided_inplace),
                as_strided_scatter=_as_method(as_strided_scatter))


# the *_copy functions: what a view function gives, in new row-major memory (not a view). The
# view function, run on a detached alias, checks the arguments (the same errors).
def alias_copy(input):
    _tensor_arg("alias_copy", "input", 1, input)
    return d.alias_copy(input)


def as_strided_copy(input, size, stride, storage_offset=None):
    _tensor_arg("as_strided_copy", "input", 1, input)
    size, stride, offset = _check_as_strided("as_strided_copy", input, size, stride,
                                             storage_offset, _storage(input._data).size)
    return d.as_strided_copy(input, size, stride, None if storage_offset is None else offset)


def detach_copy(input):
    """detach() in new memory: PyTorch records it with no derivative (NotImplemented)."""
    _tensor_arg("detach_copy", "input", 1, input)
    return d.detach_copy(input)


def diagonal_copy(input, offset=0, dim1=0, dim2=1):
    _tensor_arg("diagonal_copy", "input", 1, input)
    diagonal(input.detach(), offset, dim1, dim2)
    return d.diagonal_copy(input, offset, _given(dim1, input.dim()), _given(dim2, input.dim()))


def expand_copy(input, size, *, implicit=False):
    _tensor_arg("expand_copy", "input", 1, input)
    return d.expand_copy(input, expand(input.detach(), size).shape)


def narrow_copy(input, dim, start, length):
    """narrow's elements in new memory (NarrowCopyBackward0, a node of its own)."""
    _tensor_arg("narrow_copy", "input", 1, input)
    if not input.dim():
        raise RuntimeError("narrow() cannot be applied to a 0-dim tensor.")
    given, size = _given(dim, input.dim()), input.shape[_wrap_dim(dim, input.dim())]
    start, length = _int(start), _int(length)
    if not -size <= start <= size:
        raise IndexError(f"start out of range (expected to be in range of [{-size}, {size}], but "
                         f"got {start})")
    if start % builtins.max(size, 1) + length > size or length < 0:
        raise RuntimeError(f"start ({start % builtins.max(size, 1)}) + length ({length}) exceeds "
                           f"dimension size ({size}).")
    return d.narrow_copy(input, given, start, length)


def permute_copy(input, dims):
    _tensor_arg("permute_copy", "input", 1, input)
    permute(input.detach(), dims)
    return d.permute_copy(input, _shape((dims,), operator.index))


def select_copy(input, dim, index):
    _tensor_arg("select_copy", "input", 1, input)
    select(input.detach(), dim, index)
    return d.select_copy(input, _given(dim, input.dim()), int(index))


def slice_copy(input, dim=0, start=None, end=None, step=1):
    """input[..., start:end:step] along dim in new memory (its node shows start and end as
    given, None for none)."""
    _tensor_arg("slice_copy", "input", 1, input)
    if step <= 0:
        raise RuntimeError("slice step must be positive")
    return d.slice_copy(input, _given(dim, input.dim()), start, end, step)


def squeeze_copy(input, dim=None):
    _tensor_arg("squeeze_copy", "input", 1, input)
    if dim is None:
        return d.squeeze_copy(input)
    if isinstance(dim, (tuple, list)):
        return d.squeeze_dims_copy(input, _given_dims(dim, input.dim()) if dim else ())
    return d.squeeze_dim_copy(input, _given(dim, input.dim()))


def t_copy(input):
    _tensor_arg("t_copy", "input", 1, input)
    t(input.detach())
    return d.t_copy(input)


def transpose_copy(input, dim0, dim1):
    _tensor_arg("transpose_copy", "input", 1, input)
    n = input.dim()
    return d.transpose_copy(input, _given(dim0, n), _given(dim1, n))


def unfold_copy(input, dimension, size, step):
    _tensor_arg("unfold_copy", "input", 1, input)
    input.detach().unfold(dimension, size, step)
    return d.unfold_copy(input, _given(dimension, input.dim()), size, step)


def unsqueeze_copy(input, dim):
    _tensor_arg("unsqueeze_copy", "input", 1, input)
    return d.unsqueeze_copy(input, _given(dim, input.dim() + 1))


def view_copy(input, size):
    """view's result in new memory: any input works (PyTorch reshapes; nothing has to be a
    view)."""
    _tensor_arg("view_copy", "input", 1, input)
    return d.view_copy(input, _infer_shape(_shape((size,)), input.numel()))


def _copies(node_class, input, views, **saved):
    """The *_copy of a function giving several views (split, unbind): new row-major tensors,
    outputs of one node as the views would be."""
    outs = [Tensor._make(np.array(v._data, order="C")) for v in views]
    return d.outputs_of(node_class, input, outs, **saved)


def split_copy(input, split_size, dim=0):
    _tensor_arg("split_copy", "input", 1, input)
    views = split(input.detach(), split_size, dim)
    return _linear_tangents(_copies(d.SplitBackward0_copy, input, views, dim=dim,
                                    self_shape=input._data.shape, split_size=int(split_size)),
                            split_copy, (input,), split_size, dim)


def split_with_sizes_copy(input, split_sizes, dim=0):
    _tensor_arg("split_with_sizes_copy", "input", 1, input)
    views = split(input.detach(), list(split_sizes), dim)
    return _linear_tangents(_copies(d.SplitWithSizesBackward0_copy, input, views, dim=dim,
                                    self_shape=input._data.shape,
                                    split_sizes=tuple(int(n) for n in split_sizes)),
                            split_with_sizes_copy, (input,), split_sizes, dim)


def unbind_copy(input, dim=0):
    _tensor_arg("unbind_copy", "input", 1, input)
    return _linear_tangents(_copies(d.UnbindBackward0_copy, input, unbind(input.detach(), dim), dim=dim),
                            unbind_copy, (input,), dim)


_METHODS.update(narrow_copy=_as_method(narrow_copy))


# creation with a given memory layout: empty_strided, empty_permuted, new_empty_strided
def _strided_zeros(name, size, stride, np_dtype, device, requires_grad):
    """A new tensor with the given strides over just enough memory (zeros: PyTorch's are any
    values), as PyTorch's empty_strided allocates it."""
    _check_int_tuple(name, "size", 1, size)
    _check_int_tuple(name, "stride", 2, stride)
    _check_requires_grad(name, requires_grad, device=device)
    size, stride = [int(n) for n in size], [int(st) for st in stride]
    if len(size) != len(stride):
        raise RuntimeError(f"dimensionality of sizes ({len(size)}) must match dimensionality of "
                           f"strides ({len(stride)})")
    for n in size:
        if n < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {n}: {size}")
    if builtins.any(st < 0 for st in stride):
        raise RuntimeError(f"Storage size calculation overflowed with sizes={size} and "
                           f"strides={stride}")
    memory = np.zeros(d._min_storage_size(size, stride, 0), np_dtype)
    return _new(np.lib.stride_tricks.as_strided(memory, size, [st * memory.itemsize for st in stride]),
                requires_grad)


def empty_strided(size, stride, *, dtype=None, layout=None, device=None, requires_grad=False,
                  pin_memory=False):
    return _strided_zeros("empty_strided", size, stride, _np_dtype(dtype), device, requires_grad)


def _new_empty_strided(self, size, stride, dtype=None, layout=None, device=None,
                       requires_grad=False, pin_memory=False):
    return _strided_zeros("new_empty_strided", size, stride, _np_dtype(dtype, self._data.dtype),
                          device, requires_grad)


def empty_permuted(size, physical_layout, *, dtype=None, layout=None, device=None,
                   requires_grad=False, pin_memory=False):
    """A new tensor whose dims lie in memory in the order physical_layout lists them (the last
    one innermost): empty(size permuted).permute(back)."""
    _check_int_tuple("empty_permuted", "size", 1, size)
    _check_int_tuple("empty_permuted", "physical_layout", 2, physical_layout)
    size, order = [int(n) for n in size], [int(k) for k in physical_layout]
    if len(size) != len(order):
        raise RuntimeError(f"Number of dimensions in size does not match the length of the "
                           f"physical_layout; i.e. len(size) = {len(size)} is not equal to "
                           f"len(physical_layout) = {len(order)}")
    for i, k in enumerate(order):
        if not 0 <= k < len(size):
            raise RuntimeError(f"Dimension out of range (expected to be between 0 and "
                               f"{len(size) - 1}, but got {k} at index {i}).  NB: negative dims "
                               f"not currently supported; file an issue if you want it.")
    if len(set(order)) != len(order):
        raise RuntimeError("Duplicate dim not allowed")
    stride, step = [0] * len(size), 1
    for k in reversed(order):
        stride[k], step = step, step * builtins.max(size[k], 1)
    return _strided_zeros("empty_permuted", size, stride, _np_dtype(dtype), device, requires_grad)


def row_stack(tensors):
    """vstack's alias (its argument errors name row_stack, the others vstack)."""
    _check_tensors("row_stack", tensors, 0)
    return vstack(tensors)


def _range(*args, **kwargs):
    """torch.range, deprecated: like arange, but the end is included, and the dtype is the
    default float dtype unless given. PyTorch binds it by hand: it parses the arguments (its
    TypeErrors), then warns, then checks the rest (out's dtype, the device) and computes."""
    _arg_parser.bind(_arg_parser.SIGNATURES["range"], args, kwargs)
    warnings.warn("minigrad.range is deprecated and will be removed in a future release because its "
                  "behavior is inconsistent with Python's range builtin. Instead, use "
                  "minigrad.arange, which produces values in [start, end).", UserWarning, stacklevel=2)
    return _range_parsed(*args, **kwargs)


def _range_values(start, end, step=1, *, dtype=None, layout=None, device=None,
                  requires_grad=False, pin_memory=False):
    """range's values start + i * step, computed in double (a 0-d tensor reads as its number)."""
    start, end, step = (x.item() if isinstance(x, Tensor) else x for x in (start, end, step))
    _check_requires_grad("range", requires_grad, device=device)
    _no_bool_kernel("range_cpu", dtype)
    if step == 0:
        raise RuntimeError("step must be nonzero")
    if not (math.isfinite(start) and math.isfinite(end)):
        raise RuntimeError(f"unsupported range: {start:g} -> {end:g}")
    if (step > 0 and end < start) or (step < 0 and end > start):
        raise RuntimeError("upper bound and lower bound inconsistent with step sign")
    n = int((end - start) / step + 1)
    values = np.float64(start) + np.arange(n, dtype=np.float64) * np.float64(step)
    return _new(values.astype(_np_dtype(dtype)), requires_grad)


_range_values.__name__ = _range_values.__qualname__ = "range"
_range_parsed = _arg_parser.parsed(_range_values, _arg_parser.SIGNATURES["range"])
_range.__name__ = _range.__qualname__ = "range"
_range._signatures = _range_parsed._signatures  # (parsed already, inside)


def _resize_(self, *size, memory_format=None):
    """self, in place, takes the shape `size`, row-major, from where it starts in its storage
    (the values there, whatever they were). Storage too small: a larger one, the old values
    first (PyTorch grows the one storage views share; here views made before keep the old
    memory). Never for a tensor that requires grad: autograd could not follow."""
    shape = _int_sizes("resize_", size)
    if self.requires_grad:
        raise RuntimeError("cannot resize variables that require grad")
    if builtins.any(n < 0 for n in shape):
        raise RuntimeError("numel: integer multiplication overflow")
    if shape == self.shape:  # (nothing changes, not even the strides or the version)
        return self
    self._data = _resized(self._data, shape)
    self._version_counter.value += 1
    return self


def _resized(data, shape):
    """NumPy array `data` resized as resize_ does: `shape`, row-major, from where data starts
    in its storage (grown if too small). out= resizes so too: a view out keeps writing into
    its base."""
    flat, offset = _storage(data), _storage_offset(data) if data.size else 0
    if offset + math.prod(shape) > flat.size:
        grown = np.zeros(offset + math.prod(shape), data.dtype)
        grown[:flat.size] = flat
        flat = grown
    return flat[offset:offset + math.prod(shape)].reshape(shape)


def _resize_as_(self, the_template, *, memory_format=None):
    _tensor_arg("resize_as_", "the_template", 1, the_template)
    return _resize_(self, the_template.shape, memory_format=memory_format)


resize_as_ = _function_of_method("resize_as_")


def asarray(obj, *, dtype=None, device=None, copy=None, requires_grad=None):
    """obj as a tensor, sharing its memory when it can: a tensor itself (the same object) or a
    NumPy array's memory, unless copy=True or another dtype asks for a copy (copy=False then
    refuses). Other data is read as tensor() reads it. requires_grad, when given, is set on a
    leaf result; a non-leaf asked not to require grad is detached."""
    _check_requires_grad("asarray", builtins.bool(requires_grad), device=device)
    if isinstance(obj, (Tensor, np.ndarray)):
        source = obj if isinstance(obj, Tensor) else Tensor._make(obj)
        if requires_grad is None and source.requires_grad:
            requires_grad = True
            warn_once("minigrad.asarray: unspecified requires_grad now defaults to obj.requires_grad "
                      "instead of False. Pass requires_grad=False explicitly to get the old "
                      "behavior and silence this warning. (Triggered internally at /__w/pytorch/"
                      "pytorch/torch/csrc/utils/tensor_new.cpp:1737.)", stacklevel=2)
        other_dtype = dtype is not None and dtype is not source.dtype
        if other_dtype and copy is False:
            raise ValueError(f"can't alias tensor with dtype '{source.dtype._scalar}' into dtype "
                             f"'{dtype._scalar}'.")
        result = (source.to(dtype) if other_dtype else clone(source) if copy else source)
    else:
        if copy is False:
            raise ValueError("can't alias arbitrary sequence into a tensor.")
        result = tensor(obj, dtype=dtype)
    if requires_grad is not None and result.requires_grad != requires_grad:
        if result.is_leaf:
            result._set_requires_grad(requires_grad, "Only Tensors of floating point and complex "
                                                     "dtype can require gradients")
        elif not requires_grad:
            result = result.detach()
    return result
_METHODS.update(new_empty_strided=_new_empty_strided, resize_=_resize_, resize_as_=_resize_as_)


# Tensor.resize, Tensor.resize_as: the deprecated out-of-place resizes. PyTorch writes
# them in Python as a custom autograd Function (torch.autograd._functions.Resize), so their node
# is a ResizeBackward of autograd.function, and they only reshape: the count of elements stays.
class Resize(_function.Function):
    @staticmethod
    def forward(ctx, tensor, sizes):
        ctx.sizes = sizes
        ctx.numel = functools.reduce(operator.mul, sizes, 1)  # (f((2, 3)): (2, 3), as in PyTorch)
        if tensor.numel() != ctx.numel:
            raise RuntimeError(f"requested resize to {'x'.join(map(str, sizes))} ({ctx.numel} "
                               f"elements in total), but the given tensor has a size of "
                               f"{'x'.join(map(str, tensor.size()))} ({tensor.numel()} elements). "
                               "autograd's resize can only change the shape of a given tensor, "
                               "while preserving the number of elements. ")
        ctx.input_sizes = tensor.size()
        if tensor.is_contiguous():  # a view of the input's memory
            return d.alias(tensor).view(*sizes)
        return tensor.contiguous().view(*sizes)

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output.contiguous().view(ctx.input_sizes), None


def _resize(self, *sizes):
    warnings.warn("non-inplace resize is deprecated")
    return Resize.apply(self, sizes)


def _resize_as(self, tensor):
    warnings.warn("non-inplace resize_as is deprecated")
    return Resize.apply(self, tensor.size())


# Tensor.apply_, map_, map2_: a Python function called on each element in turn (on
# Python numbers), its result stored back as PyTorch's C code reads a Python number into the
# dtype. Slow, CPU only, outside autograd (no tensor may require grad), and not counted as a
# change (the version stays). An error part way leaves the elements before it changed.
def _as_double(value):
    """PyFloat_AsDouble: a float, or what has __float__ or __index__ (math's functions read their
    arguments so, with the same TypeError)."""
    return math.ldexp(value, 0)


def _as_long(value):
    """PyLong_AsLongLong: what has __index__ (not a float), within int64."""
    value = operator.index(value)
    if not -2 ** 63 <= value < 2 ** 63:
        raise ValueError("Overflow when unpacking long long")
    return value


def _stored(value, dtype):
    """value as an element of dtype (torch/csrc/utils/python_scalars.h store_scalar)."""
    if dtype is dtypes.bool:
        return builtins.bool(value) if isinstance(value, float) else builtins.bool(operator.index(value))
    if dtype.is_floating_point:
        return _as_double(value)
    value = _as_double(value) if isinstance(value, float) else _as_long(value)
    info = np.iinfo(dtype.np)  # (c10::checked_convert; an unsigned type takes -max..-1 too, wrapped)
    if not (-info.max if info.min == 0 else info.min) <= value <= info.max:
        raise RuntimeError(f"value cannot be converted to type {dtype.name} without overflow")
    return np.array(int(value)).astype(dtype.np)  # (a float: toward zero; -1 in uint8: 255)


def _call_per_element(name, self, others, fn):
    if self.requires_grad or builtins.any(t.requires_grad for t in others):
        raise RuntimeError(f"Can't call {name}() on Variable that requires grad. Use "
                           f"var.detach().{name}() instead.")
    for argname, t in zip(("'other'",) if len(others) == 1 else ("argument 'x'", "argument 'y'"),
                          others):
        if t.dtype is not self.dtype:
            raise TypeError(f"{name}: expected {self.type()} for {argname} (got {t.type()})")
    others = [expand(t, self.shape)._data for t in others]  # (PyTorch's expand_inplace)
    data = self._data
    for index in np.ndindex(data.shape):  # row-major, as PyTorch visits them
        data[index] = _stored(fn(data[index].item(), *(t[index].item() for t in others)),
                              self.dtype)
    return self


def _apply_(self, *args, **kwargs):
    if kwargs:  # (a C method of one argument: METH_O)
        raise _arg_parser.no_keywords(self, "apply_")
    if len(args) != 1:
        raise TypeError(f"TensorBase.apply_() takes exactly one argument ({len(args)} given)")
    return _call_per_element("apply_", self, (), args[0])


def _map_(self, other, callable):
    _tensor_arg("map_", "other", 1, other)
    return _call_per_element("map_", self, (other,), callable)


def _map2_(self, x, y, callable):
    _tensor_arg("map2_", "x", 1, x)
    _tensor_arg("map2_", "y", 2, y)
    return _call_per_element("map2_", self, (x, y), callable)


_METHODS.update(apply_=_apply_, map_=_map_, map2_=_map2_)


_resize.__qualname__, _resize_as.__qualname__ = "Tensor.resize", "Tensor.resize_as"  # (Python's
_METHODS.update(resize=_resize, resize_as=_resize_as)                  # errors name them so)


# bit shifts: integer tensors only; a shift below 0 or past the width gives what shifting one
# bit at a time would (0, or the sign bit everywhere), not C's undefined result
def _shifted(a, b, left):
    bits = a.dtype.itemsize * 8
    outside = (b < 0) | (b >= bits)
    s = np.where(outside, 0, b).astype(a.dtype)
    if left:
        return np.where(outside, 0, np.left_shift(a, s)).astype(a.dtype)
    fill = np.right_shift(a, bits - 1) if a.dtype.kind == "i" else np.zeros_like(a)
    return np.where(outside, fill, np.right_shift(a, s)).astype(a.dtype)


def _shift(name, kernel, left):
    def shift(input, other):
        if not (isinstance(input, Tensor) and isinstance(other, (Tensor, numbers.Number)) or
                isinstance(input, numbers.Number) and isinstance(other, Tensor)):
            raise _invalid_combination(name, (input, other), {})
        if isinstance(input, Tensor) and isinstance(other, Tensor):
            _broadcast_shape(input._data.shape, other._data.shape)
        dt = dtypes.result_type(input, other)
        if dt.kind in "fb":
            raise NotImplementedError(f'"{kernel}_cpu" not implemented for '
                                      f"'{dtypes.from_numpy_dtype(dt)._scalar}'")
        a, b = (np.asarray(v._data if isinstance(v, Tensor) else v).astype(dt, copy=False)
                for v in (input, other))
        return Tensor._make(_iterator_layout(np.asarray(_shifted(a, b, left)), [a, b]))
    shift.__name__ = name
    return shift


bitwise_left_shift = _shift("bitwise_left_shift", "lshift", True)
bitwise_right_shift = _shift("bitwise_right_shift", "rshift", False)


def _shift_operator(fn, reflected=False):
    """<<, >>: NotImplemented for operands that are not numbers or tensors (Python then asks
    the other side)."""
    def operator(self, other):
        if not isinstance(other, (Tensor, numbers.Number)):
            return NotImplemented
        return fn(other, self) if reflected else fn(self, other)
    return operator


_METHODS.update(
    bitwise_left_shift=_as_method(bitwise_left_shift),
    bitwise_right_shift=_as_method(bitwise_right_shift),
    bitwise_left_shift_=_integer_inplace(bitwise_left_shift),
    bitwise_right_shift_=_integer_inplace(bitwise_right_shift),
    __lshift__=_shift_operator(bitwise_left_shift), __rshift__=_shift_operator(bitwise_right_shift),
    __rlshift__=_shift_operator(bitwise_left_shift, True),
    __rrshift__=_shift_operator(bitwise_right_shift, True),
    __ilshift__=_shift_operator(_integer_inplace(bitwise_left_shift)),
    __irshift__=_shift_operator(_integer_inplace(bitwise_right_shift)))


def vander(x, N=None, increasing=False):
    """Columns x**(N-1), ..., x, 1 (increasing: the other way round), built as PyTorch builds
    it: a column of ones, copies of x multiplied along the row (cumprod written back into the
    result, so the graph shows CopySlices), then flipped. Integers become int64 (cumprod's)."""
    _tensor_arg("vander", "x", 1, x)
    if x.dim() != 1:
        raise RuntimeError("x must be a one-dimensional tensor.")
    n = x.shape[0] if N is None else N
    if n < 0:
        raise RuntimeError("N must be non-negative.")
    result = empty(x.shape[0], n, dtype=promote_types(x.dtype, dtypes.int64))
    if n > 0:
        select(result, 1, 0).fill_(1)
        if n > 1:
            d.slicing(result, 1, 1, None, 1).copy_(expand(unsqueeze(x, 1), x.shape[0], n - 1))
            d.slicing(result, 1, 1, None, 1).copy_(
                cumprod(d.slicing(result, 1, 1, None, 1), 1))
    return result if increasing else flip(result, (1,))
# --- end of part views2 ---


def _numpy_names(fn):
    def call(*args, **kwargs):
        return fn(*args, **_torch_names(fn.__name__, kwargs)) if kwargs else fn(*args)
    call.__name__, call.__qualname__, call.__doc__, call.__wrapped__ = (
        fn.__name__, fn.__qualname__, fn.__doc__, fn)
    return call


Tensor.size = _numpy_names(Tensor.size)  # (defined with the tensor: x.size(axis=0) too)
for _name, _fn in _METHODS.items():
    if getattr(_fn, "__name__", None) == "_inplace":
        _fn.__name__ = _name
    if _name not in _PYTHON_IN_TORCH and _takes_dim(_fn):
        _fn = _numpy_names(_fn)
    setattr(Tensor, _name, _fn)
for _name in ("layout", "T", "H", "mT", "mH"):  # (tensor.py's own are read-only already)
    setattr(Tensor, _name, _read_only(_name, vars(Tensor)[_name]))
for _name, _fn in list(globals().items()):
    if (not _name.startswith("_") and _name not in _PYTHON_IN_TORCH and callable(_fn)
            and not isinstance(_fn, type) and getattr(_fn, "__module__", None) == __name__
            and _takes_dim(_fn)):
        globals()[_name] = _numpy_names(_fn)


# --- part gridsample: grid_sampler (F.grid_sample's op) -----------------------------------------
def _check_grid_sampler(input, grid, nd, interpolation_mode, name, align_corners):
    """PyTorch's argument parser, its check_grid_sampler_common, then its 2-D or 3-D check, then
    the kernel's dtypes."""
    for argname, position, value in (("input", 1, input), ("grid", 2, grid)):
        _tensor_arg(name, argname, position, value)
    if align_corners.__class__ is not builtins.bool:
        raise TypeError(f"{name}(): argument 'align_corners' (position 5) must be bool, not "
                        f"{_type_name(align_corners)}")
    sizes = f"input with sizes {list(input.shape)} and grid with sizes {list(grid.shape)}"
    if input.shape[0] != grid.shape[0]:
        raise RuntimeError("grid_sampler(): expected grid and input to have same batch size, but "
                           f"got {sizes}")
    if grid.shape[-1] != input.dim() - 2:
        raise RuntimeError(f"grid_sampler(): expected grid to have size {input.dim() - 2} in last "
                           f"dimension, but got grid with sizes {list(grid.shape)}")
    for i in range(2, input.dim()):
        if input.shape[i] <= 0:
            raise RuntimeError("grid_sampler(): expected input to have non-empty spatial "
                               f"dimensions, but input has sizes {list(input.shape)} with "
                               f"dimension {i} being empty")
    if input.dim() != nd + 2 or grid.dim() != nd + 2:
        raise RuntimeError(f"grid_sampler(): expected {nd + 2}D input and grid with same number "
                           f"of dimensions, but got {sizes}")
    if nd == 3 and interpolation_mode == 2:
        raise RuntimeError("grid_sampler(): bicubic interpolation only supports 4D input")
    if not input.is_floating_point():
        kernel = "grid_sampler_2d_cpu_kernel_impl" if nd == 2 else "grid_sampler3d_cpu"
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{input.dtype._scalar}'")
    if grid.dtype != input.dtype:
        raise RuntimeError(f"expected scalar type {input.dtype._scalar} but found "
                           f"{grid.dtype._scalar}")


def grid_sampler_2d(input, grid, interpolation_mode, padding_mode, align_corners):
    """Samples input (N, C, H, W) at grid's (N, Ho, Wo, 2) points, x then y in [-1, 1]: modes
    0 bilinear, 1 nearest, 2 bicubic; padding 0 zeros, 1 border, 2 reflection."""
    _check_grid_sampler(input, grid, 2, interpolation_mode, "grid_sampler_2d", align_corners)
    return d.grid_sampler_2d(input, grid, int(interpolation_mode), int(padding_mode),
                             align_corners)


def grid_sampler_3d(input, grid, interpolation_mode, padding_mode, align_corners):
    """grid_sampler_2d for volumes (N, C, D, H, W), grid (N, Do, Ho, Wo, 3): no bicubic."""
    _check_grid_sampler(input, grid, 3, interpolation_mode, "grid_sampler_3d", align_corners)
    return d.grid_sampler_3d(input, grid, int(interpolation_mode), int(padding_mode),
                             align_corners)


def grid_sampler(input, grid, interpolation_mode, padding_mode, align_corners):
    """F.grid_sample's op: grid_sampler_2d for 4-D input, else grid_sampler_3d."""
    _check_grid_sampler(input, grid, 2 if input.dim() == 4 else 3, interpolation_mode,
                        "grid_sampler", align_corners)
    return (grid_sampler_2d if input.dim() == 4 else grid_sampler_3d)(
        input, grid, interpolation_mode, padding_mode, align_corners)



# --- part numfns: torch.gradient, composite (its graph is the slices, subtractions, divisions and
# the cat PyTorch records: ATen's gradient_helper and gradient_helper_float, ReduceOps.cpp) -------


def _gradient_spacing_kind(spacing):
    """Which of gradient's overloads spacing fits: "number" (None too), "scalars" or "tensors"
    (a list or tuple of them), else None."""
    def number(v):
        return (isinstance(v, numbers.Number) and not isinstance(v, builtins.bool)
                or isinstance(v, Tensor) and v.dim() == 0)
    if spacing is None or number(spacing):
        return "number"
    if isinstance(spacing, (tuple, list)) and builtins.all(isinstance(v, Tensor) for v in spacing):
        return "tensors"
    if isinstance(spacing, (tuple, list)) and builtins.all(
            isinstance(v, numbers.Number) and not isinstance(v, builtins.bool) for v in spacing):
        return "scalars"
    return None


def gradient(input, *args, spacing=None, dim=None, edge_order=1):
    """Estimates of input's derivatives along each dim (or those of dim), by central differences
    inside ((f[i+1] - f[i-1]) / 2h, or the second-order formula for uneven coordinates) and
    one-sided differences of order edge_order at the two ends; a tuple, one tensor per dim.
    spacing: the step h (a number, or one per dim) or each dim's coordinates (1-D tensors)."""
    kind = _gradient_spacing_kind(spacing)
    dim_list = isinstance(dim, (tuple, list))
    if (args or not isinstance(input, Tensor) or kind is None
            or not (dim is None or dim_list or _arg_parser._is_int(dim))
            or dim_list and not builtins.all(_arg_parser._is_int(v) for v in dim)
            or not _arg_parser._is_int(edge_order)):
        raise _invalid_combination("gradient", (input, *args),
                                   {k: v for k, v in (("spacing", spacing), ("dim", dim))
                                    if v is not None} | ({} if edge_order == 1 and
                                                         edge_order.__class__ is int
                                                         else {"edge_order": edge_order}))
    dims = [int(v) for v in dim] if dim_list else list(range(input.dim())) if dim is None \
        else [int(dim)]
    if kind == "number":  # (one step for every dim; unspecified: 1, and its count is not checked)
        count = None if spacing is None else len(dims)
        spacing = [1.0 if spacing is None else spacing.item() if isinstance(spacing, Tensor)
                   else spacing] * len(dims)
    else:
        count = len(spacing)
    if input.dtype == dtypes.uint8:
        raise RuntimeError("minigrad.gradient does not support uint8 input.")
    if count is not None and dim is None and count != input.dim():
        raise RuntimeError("minigrad.gradient expected spacing to be unspecified, a scalar, or a list "
                           f"of length equal to 'self.dim() = {input.dim()}', since dim argument "
                           f"was not given, but got a list of length {count}")
    if count is not None and dim is not None and count != len(dims):
        raise RuntimeError("minigrad.gradient expected spacing to be unspecified, a scalar or it's "
                           "spacing and dim arguments to have the same length, but got a spacing "
                           f"argument of length {count} and a dim argument of length {len(dims)}.")
    if edge_order not in (1, 2):
        raise RuntimeError("minigrad.gradient only supports edge_order=1 and edge_order=2.")
    if dim is not None:
        _dims(dims, input.dim())
    for i in dims if dim is not None else range(input.dim()):
        if input.shape[_wrap_dim(i, input.dim())] < edge_order + 1:
            raise RuntimeError("minigrad.gradient expected each dimension size to be at least "
                               "edge_order+1")
    helper = _gradient_coordinates if kind == "tensors" else _gradient_steps
    return tuple(helper(input, _wrap_dim(i, input.dim()), h, edge_order)
                 for i, h in zip(dims, spacing))


def _gradient_steps(self, dim, h, edge_order):
    """One dim of gradient with an even step h (ATen's gradient_helper_float: its Scalar
    arithmetic records MulBackward1 and DivBackward1)."""
    def part(start, end=None):
        return d.slicing(self, dim, start, end, 1)
    mul, div = d.mul_scalar, d.div_scalar
    center = div(part(2) - part(0, -2), h)
    if edge_order == 1:
        prepend = div(part(1, 2) - part(0, 1), h)
        append = div(part(-1) - part(-2, -1), h)
    else:
        prepend = div(mul(part(0, 1), -1.5) + mul(part(1, 2), 2) - mul(part(2, 3), 0.5), h)
        append = div(mul(part(-3, -2), 0.5) - mul(part(-2, -1), 2) + mul(part(-1), 1.5), h)
    return cat([prepend, div(center, 2), append], dim)


def _gradient_coordinates(self, dim, coordinates, edge_order):
    """One dim of gradient at the given coordinates (ATen's gradient_helper): inside, the
    second-order weights a, b, c of the points before, at and after, from the steps dx1, dx2."""
    if coordinates.dim() != 1:
        raise RuntimeError("minigrad.gradient expected each element of spacing to have one dimension, "
                           f"but got an element with {coordinates.dim()} dimensions!")
    def part(start, end=None):
        return d.slicing(self, dim, start, end, 1)
    shape = [1] * self.dim()
    shape[dim] = -1
    ax_dx = coordinates.diff(1, 0)
    dx1, dx2 = d.slicing(ax_dx, 0, 0, -1, 1), d.slicing(ax_dx, 0, 1, None, 1)
    a = (-dx2 / (dx1 * (dx1 + dx2))).reshape(shape)
    b = ((dx2 - dx1) / (dx1 * dx2)).reshape(shape)
    c = (dx1 / (dx2 * (dx1 + dx2))).reshape(shape)
    center = a * part(0, -2) + b * part(1, -1) + c * part(2)
    if edge_order == 1:
        prepend = (part(1, 2) - part(0, 1)) / ax_dx[0]
        append = (part(-1) - part(-2, -1)) / ax_dx[-1]
    else:
        a = -(d.mul_scalar(ax_dx[0], 2.0) + ax_dx[1]) / (ax_dx[0] * (ax_dx[0] + ax_dx[1]))
        b = (ax_dx[0] + ax_dx[1]) / (ax_dx[0] * ax_dx[1])
        c = (-ax_dx[0]) / (ax_dx[1] * (ax_dx[0] + ax_dx[1]))
        prepend = a * part(0, 1) + b * part(1, 2) + c * part(2, 3)
        a = ax_dx[-1] / (ax_dx[-2] * (ax_dx[-1] + ax_dx[-2]))
        b = -(ax_dx[-1] + ax_dx[-2]) / (ax_dx[-1] * ax_dx[-2])
        c = (d.mul_scalar(ax_dx[-1], 2) + ax_dx[-2]) / (ax_dx[-1] * (ax_dx[-1] + ax_dx[-2]))
        append = a * part(-3, -2) + b * part(-2, -1) + c * part(-1)
    return cat([prepend, center, append], dim)



# --- part numfns: histogram and histogramdd (histc's counting, with chosen bins, weights and a
# density; ATen's Histogram.cpp, whose checks and their order are kept here) ---------------------


def _histogram_outer_edges(input, range):
    """Each dim's first and last edge (ATen's select_outer_bin_edges): range's pairs, else the
    data's min and max (0 and 1 without data); an empty range is widened by 0.5 each way."""
    n = input.shape[-1]
    if range is not None:
        if len(range) != 2 * n:
            raise RuntimeError(f"minigrad.histogramdd: for a {n}-dimensional histogram range "
                               f"should have {2 * n} elements, but got {len(range)}")
        lo, hi = [float(v) for v in range[::2]], [float(v) for v in range[1::2]]
    elif input.numel():
        if not input.is_floating_point():
            raise NotImplementedError(f"\"histogramdd\" not implemented for '{input.dtype._scalar}'")
        lo, hi = input._data.min(0).tolist(), input._data.max(0).tolist()
    else:
        lo, hi = [0.0] * n, [1.0] * n
    for k in builtins.range(n):
        if not (math.isfinite(lo[k]) and math.isfinite(hi[k])):
            raise RuntimeError(f"minigrad.histogramdd: dimension {k}'s range [{_c_g(lo[k])}, "
                               f"{_c_g(hi[k])}] is not finite")
        if lo[k] > hi[k]:
            raise RuntimeError("minigrad.histogramdd: min should not exceed max, but got min "
                               f"{lo[k]:g} max {hi[k]:g} for dimension {k}")
        if lo[k] == hi[k]:
            lo[k], hi[k] = lo[k] - 0.5, hi[k] + 0.5
    return lo, hi


def _histogram_check(input, bins, weight):
    """ATen's histogramdd_check_inputs: input (M, N), one 1-D edges tensor per dim, all of
    input's dtype; weight (M,); then at least one bin per dim; then a floating dtype."""
    if input.dim() < 2:
        raise RuntimeError("minigrad.histogramdd: input tensor should have at least 2 dimensions, "
                           f"but got {input.dim()}")
    for k, edges in enumerate(bins):
        if edges.dtype != input.dtype:
            raise RuntimeError("minigrad.histogramdd: input tensor and bins tensors should have the "
                               f"same dtype, but got input with dtype {input.dtype._scalar.lower()} "
                               f"and bins for dimension {k} with dtype {edges.dtype._scalar.lower()}")
        if edges.dim() != 1:
            raise RuntimeError("minigrad.histogramdd: bins tensor should have one dimension, but got "
                               f"{edges.dim()} dimensions in the bins tensor for dimension {k}")
        if edges.numel() == 0:
            raise RuntimeError("minigrad.histogramdd: bins tensor should have at least 1 element, "
                               f"but got 0 elements in the bins tensor for dimension {k}")
    if weight is not None:
        if weight.dtype != input.dtype:
            raise RuntimeError("minigrad.histogramdd: if weight tensor is provided, input tensor and "
                               f"weight tensor should have the same dtype, but got "
                               f"input({input.dtype._scalar.lower()}), and "
                               f"weight({weight.dtype._scalar.lower()})")
        if list(weight.shape or (1,)) != list(input.shape[:-1]):
            raise RuntimeError("minigrad.histogramdd: if weight tensor is provided it should have the "
                               "same shape as the input tensor excluding its innermost dimension, "
                               f"but got input with shape {list(input.shape)} and weight with shape "
                               f"{list(weight.shape)}")
    _histogram_bin_counts([edges.numel() - 1 for edges in bins])
    if not input.is_floating_point():
        raise NotImplementedError(f"\"histogram_cpu\" not implemented for '{input.dtype._scalar}'")


def _histogram_bin_counts(counts):
    for k, n in enumerate(counts):
        if n <= 0:
            raise RuntimeError(f"minigrad.histogram(): bins must be > 0, but got {n} for dimension "
                               f"{k}")


_NOT_GIVEN = object()


def _histogram_args(name, args, kwargs, positional, method=False):
    """histogram's or histogramdd's arguments (input, bins, range, weight, density) read as
    PyTorch's parser reads them, and whether bins are counts; a call none of the overloads
    takes gets PyTorch's list of them."""
    names = ("input", "bins", "range", "weight", "density")
    given = dict(zip(names[:positional], args))
    fits = len(args) <= positional and not set(kwargs) - set(names) - set(given)
    given.update(kwargs)
    input, bins = given.get("input", _NOT_GIVEN), given.get("bins", 100 if name == "histogram" else _NOT_GIVEN)
    range, weight = given.get("range"), given.get("weight")
    density = given.get("density", False)
    dd = name == "histogramdd"
    ints = (_arg_parser._is_int(bins) or dd and isinstance(bins, (tuple, list)) and bins
            and builtins.all(_arg_parser._is_int(b) for b in bins))
    tensors = (isinstance(bins, Tensor) if not dd else isinstance(bins, (tuple, list)) and bins
               and builtins.all(isinstance(b, Tensor) for b in bins))
    if not (fits and isinstance(input, Tensor) and (ints or tensors and (dd or "range" not in given))
            and (range is None or isinstance(range, (tuple, list)) and builtins.all(
                isinstance(v, numbers.Real) for v in range))
            and (weight is None or isinstance(weight, Tensor)) and density.__class__ is builtins.bool):
        raise _invalid_combination(name, args[1:] if method else args, kwargs, method)
    return input, bins, range, weight, density, builtins.bool(ints)


def histogram(*args, _method=False, **kwargs):
    """histogram(input, bins=100, *, range=None, weight=None, density=False): a histogram of
    input's values: `bins` equal bins over range (the data's min and max when none is given),
    or the bins whose edges the tensor bins holds. Each value counts 1 (or its weight);
    density: divided by the total and the bin's width (the histogram integrates to 1).
    Returns (hist, bin_edges), both of input's dtype."""
    input, bins, range, weight, density, ints = _histogram_args("histogram", args, kwargs, 2,
                                                                _method)
    points = input.reshape(input.numel(), 1)  # (for the checks: the row takes input as given)
    if ints:
        _histogram_bin_counts([bins])
        lo, hi = _histogram_outer_edges(points, range)
        bins = linspace(lo[0], hi[0], int(bins) + 1, dtype=input.dtype)
    _histogram_check(points, [bins], None if weight is None else weight.reshape(weight.numel()))
    return return_types.histogram(*d.histogram(input, bins, weight, density))


def histogramdd(*args, **kwargs):
    """histogramdd(input, bins, range=None, weight=None, density=False): histogram in N
    dimensions: input's last dim holds each point's N coordinates; bins: a count for every dim,
    one count each, or each dim's edges. Returns (hist, bin_edges), the edges a tuple (the
    tensors given, when given)."""
    input, bins, range, weight, density, ints = _histogram_args("histogramdd", args, kwargs, 5)
    if input.dim() < 2:
        raise RuntimeError("minigrad.histogramdd: input tensor should have at least 2 dimensions")
    n = input.shape[-1]
    points = input.reshape(-1, n)
    if ints:
        counts = [int(bins)] * n if _arg_parser._is_int(bins) else [int(b) for b in bins]
        lo, hi = _histogram_outer_edges(points, range)
        if len(counts) != n:
            raise RuntimeError("histogramdd: The size of bins must be equal to the innermost "
                               "dimension of the input.")
        edges = [linspace(a, b, c + 1, dtype=input.dtype) for a, b, c in zip(lo, hi, counts)]
        _histogram_check(points, edges, weight)
        hist = d.histogramdd_from_bin_cts(input, tuple(e._data for e in edges), weight, density)
        bins = tuple(d.histogramdd_bin_edges(input, e._data) for e in edges)
    else:
        if len(bins) != n:
            raise RuntimeError(f"minigrad.histogramdd: expected {n} sequences of bin edges for a "
                               f"{n}-dimensional histogram but got {len(bins)}")
        _histogram_check(points, bins, weight)
        hist = d.histogramdd_from_bin_tensors(input, tuple(e._data for e in bins), weight, density)
    return return_types.histogramdd(hist, tuple(bins))


def _histogram_method(self, *args, **kwargs):
    return histogram(self, *args, _method=True, **kwargs)


Tensor.histogram = _histogram_method



# --- part numfns: embedding_renorm_ (F.embedding's max_norm) ------------------------------------
def embedding_renorm_(input, indices, max_norm, norm_type):
    """In place: the rows of input (an embedding table) that indices pick are scaled down to
    norm max_norm (norm_type-norm) where larger. Returns input."""
    if indices.dtype not in (dtypes.int64, dtypes.int32):
        raise RuntimeError("Expected tensor for argument #2 'indices' to have one of the following "
                           f"scalar types: Long, Int; but got {indices.type()} instead (while "
                           "checking arguments for embedding_renorm_)")
    if input.dim() != 2:
        raise RuntimeError(f"Expected 2-dimensional tensor, but got {input.dim()}-dimensional "
                           "tensor for argument #1 'self' (while checking arguments for "
                           "embedding_renorm_)")
    n = input.shape[0]
    for i in np.unique(indices._data):
        if not -n <= i < n:
            raise IndexError(f"select(): index {i} out of range for tensor of size "
                             f"{list(input.shape)} at dimension 0")
    if not input.is_floating_point():
        raise RuntimeError("norm(): input dtype should be either floating point or complex. Got "
                           f"{input.dtype._scalar} instead.")
    return apply_inplace(d.embedding_renorm_, input, indices._data, float(max_norm),
                         float(norm_type))



# --- part numfns: conv_tbc ------------------------------------------------------------------------
def conv_tbc(input, weight, bias, pad=0):
    """A 1-d convolution of input (time, batch, in_channels) with weight (kernel_width,
    in_channels, out_channels), pad zeros at both ends of time, plus bias (out_channels)."""
    if input.dim() != 3:
        raise RuntimeError("Input must have 3 dims: time, batch, in_channel")
    if weight.dim() != 3:
        raise RuntimeError("Weight tensor must have 3 dims: kernel_width, in_channels, out_channels.")
    if bias.dim() != 1:
        raise RuntimeError("Bias must be 1-D")
    if input.shape[2] != weight.shape[1]:
        raise RuntimeError("Input dim 2 (input channels) is not == dim 1 in the weight tensor")
    if weight.shape[2] != bias.shape[0]:
        raise RuntimeError("Bias size must equal dim 2 in the weight tensor (output channels).")
    olen = input.shape[0] - weight.shape[0] + 1 + 2 * pad
    if olen < 0:
        raise RuntimeError(f"Trying to create tensor with negative dimension {olen}: "
                           f"[{olen}, {input.shape[1]}, {weight.shape[2]}]")
    if input.dtype != weight.dtype:
        raise RuntimeError("self and mat2 must have the same dtype, but got "
                           f"{input.dtype._scalar} and {weight.dtype._scalar}")
    return d.conv_tbc(input, weight, bias, int(pad))



# --- part numfns: small ones: nonzero_static, is_signed, i0_, conj_physical -----------------------
def nonzero_static(input, *args, size=_REQUIRED, fill_value=-1):
    """nonzero with a fixed number of rows (for compilers that need static shapes): the first
    `size` positions of nonzero elements, padded with rows of fill_value."""
    if args:  # (size is keyword-only; PyTorch's parser words it so)
        raise TypeError("nonzero_static() takes from 2 to 1 positional arguments but "
                        f"{len(args) + 1} were given")
    if size is _REQUIRED:
        raise TypeError('nonzero_static() missing 1 required positional arguments: "size"')
    for name, value in (("size", size), ("fill_value", fill_value)):
        if not _arg_parser._is_int(value):
            raise TypeError(f"nonzero_static(): argument '{name}' must be int, not "
                            f"{_type_name(value)}")
    if size < 0:
        raise RuntimeError("nonzero_static: 'size' must be an non-negative integer")
    found = nonzero(input)._data[:size]
    out = np.full((int(size), input.dim()), int(fill_value), np.int64)
    out[:len(found)] = found
    return Tensor._make(out)


def is_signed(input):
    _tensor_arg("is_signed", "input", 1, input)
    return input.is_signed()


def i0_(input):
    _tensor_arg("i0_", "input", 1, input)
    return input.i0_()


def conj_physical(input):
    """The complex conjugate, computed (not a lazy view, as conj's); a real tensor is its own
    conjugate: input itself is returned, as PyTorch does."""
    _tensor_arg("conj_physical", "input", 1, input)
    return input


Tensor.nonzero_static = _as_method(nonzero_static)
Tensor.conj_physical = _as_method(conj_physical)


# --- part smallfns: Tensor.new, unsafe_split_with_sizes, as_strided_, conj_physical_ ------------
_NEW_OPTIONS = ("(*, minigrad.device device = None)", "(minigrad.Storage storage)", "(Tensor other)",
                "(tuple of ints size, *, minigrad.device device = None)",
                "(object data, *, minigrad.device device = None)")
_NEW_FORMS = tuple(map(_arg_parser.Signature, (
    "new(Tensor other, *, Device? device=None)", "new(SymIntArrayRef size, *, Device? device=None)",
    "new(PyObject* data, *, Device? device=None)")))


def _new_method(self, *args, **kwargs):
    """x.new(...): the legacy constructor (Tensor(...)) in x's dtype: x.new(2, 3) (zeros here,
    uninitialized memory in PyTorch), x.new([1, 2]), x.new(t) (an alias of t, t's dtype only)."""
    return _legacy_new(self.dtype, args, kwargs, "new")


def unsafe_split_with_sizes(input, split_sizes, dim=0):
    """split_with_sizes whose pieces are plain tensors over input's memory, as unsafe_split's."""
    if isinstance(split_sizes, (tuple, list)):
        split_sizes = _int_sizes("unsafe_split_with_sizes", (split_sizes,), "split_sizes")
    _check_int_tuple("unsafe_split_with_sizes", "split_sizes", 2, split_sizes)
    outs = [Tensor._make(p._data) for p in split(input, list(split_sizes), dim)]
    return _linear_tangents(d.outputs_of(d.UnsafeSplitWithSizesBackward0, input, outs, dim=dim,
                                         self_shape=input._data.shape,
                                         split_sizes=tuple(map(int, split_sizes))),
                            unsafe_split_with_sizes, (input,), split_sizes, dim)


def conj_physical_(input):
    """The complex conjugate in place: a real tensor stays as it is, but the change is recorded
    (ConjPhysicalBackward1, the version counted) as any in-place op's."""
    _tensor_arg("conj_physical_", "input", 1, input)
    return apply_inplace(d.conj_physical_, input)


as_strided_ = _function_of_method("as_strided_")
Tensor.new = _new_method
Tensor.unsafe_split_with_sizes = _as_method(unsafe_split_with_sizes)
Tensor.conj_physical_ = _arg_parser.no_arguments("conj_physical_", conj_physical_)



# PyTorch's argument errors: the functions and methods _arg_parser has PyTorch's signatures for
# have failed calls read again; methods that take no arguments refuse them in CPython's words.
# (minigrad/__init__.py does the same for the methods set there, at its end.)
_arg_parser.apply(globals(), Tensor)
