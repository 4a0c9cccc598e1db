"""PyTorch's `out=` argument: `torch.add(a, b, out=c)` writes the sum into c and returns c.

One rule serves every function whose PyTorch signature string (_arg_parser.SIGNATURES) has an
`out` parameter: the function computes its result as it does without out, and the result is then
copied into out, in place (out's version moves; a view writes through to its base). Everything
is checked before anything is written, so a refused call leaves every tensor as it was. The
normal call (no out) never comes here: _arg_parser.parsed sends only calls with an out.
"""
import math
import numbers
import sys
import warnings

import numpy as np

from . import _arg_parser, return_types
from .autograd import function as _function, grad_mode
from .autograd.function import _OVERLAP, _broadcast_shape
from .ops import (_check_index_meta, _check_stack_sizes, _diag_out, _dims, _resized, _wrap_dim,
                  can_cast, cat)
from .tensor import Tensor

_RESIZED = (
    "An output with one or more elements was resized since it had shape {0}, which does not match "
    "the required output shape {3}. This behavior is deprecated, and in a future PyTorch release "
    "outputs will not be resized unless they have zero elements. You can explicitly reuse an out "
    "tensor t by resizing it, inplace, to zero elements with t.resize_(0). (Triggered internally "
    "at /__w/pytorch/pytorch/aten/src/ATen/native/Resize.cpp:30.)")
_RANGE_RESIZED = (
    "The number of elements in the out tensor of shape {0} is {1} which does not match the "
    "computed number of elements {2}. Note that this may occur as a result of rounding error. The "
    "out tensor will be resized to a tensor of shape ({2},). (Triggered internally at "
    "/__w/pytorch/pytorch/aten/src/ATen/native/RangeFactories.cpp:199.)")
# Kernels that want out to have the result's dtype exactly (no cast), in their own words; every
# function of several outputs speaks as mm does (unless listed: None is the usual cast rule). A
# function of the two dtypes words the kernels whose words depend on more.
_EXACT = "Expected out tensor to have dtype {want._c}, but got {got._c} instead"
_FOUND = "Found dtype {got._scalar} but expected {want._scalar}"
_MATMUL = "result dtype {got._scalar} does not match input dtype {want._scalar}"
_CAT_LIKE = ("concat", "concatenate", "hstack", "vstack", "dstack", "column_stack", "row_stack")


def _exact_or(text):
    """A kernel that wants out's exact dtype where the cast would be allowed, and words a cast
    that would not be its own way."""
    return lambda want, got: (_EXACT if can_cast(want, got) else text).format(want=want, got=got)


_EXACT_DTYPE = {
    **dict.fromkeys(("mm", "bmm", "addmm", "addmv", "baddbmm", "tril", "triu",
                     "take_along_dim", "linalg_det", "linalg_inv", "inverse", "linalg_cholesky",
                     "linalg_eigvalsh", "linalg_svdvals", "linalg_vector_norm", "linalg_solve",
                     "linalg_cross", "linalg_matmul", "linalg_matrix_power", "linalg_lu_solve",
                     "linalg_ldl_solve", "scatter", "scatter.reduce", "index_reduce"), _EXACT),
    "matmul": _MATMUL, "vdot": _MATMUL,
    **dict.fromkeys(("clamp", "round", "special_round", "lerp.Tensor"), _FOUND),
    "signbit": "signbit does not support non-boolean outputs.",
    "addbmm": "self and mat2 must have the same dtype, but got {got._scalar} and {want._scalar}",
    "float_power": "the output given to float_power has dtype {got._scalar} but the operation's "
                   "result requires dtype {want._scalar}",
    **dict.fromkeys(("inner", "tensordot"), "tensordot: Expected the output tensor to have dtype "
                    "{want._scalar}, but got an output tensor with dtype {got._scalar}"),
    "histc": "minigrad.histogram: input tensor and hist tensor should have the same dtype, but got "
             "input {want._c} and hist {got._c}",
    "multinomial": "multinomial expects Long tensor out, got: {got._scalar}",
    **{n: lambda want, got: ("minigrad.searchsorted(): output tensor's dtype is wrong, it can only be "
                             "Int(int32) or Long(int64) depending on whether out_int32 flag is "
                             f"True, but we got output tensor's dtype {got._scalar} and out_int32 "
                             f"flag is {want._scalar == 'Int'}")
       for n in ("searchsorted", "bucketize")},
    "matrix_power": _exact_or("matrix_power: Expected result to be safely castable from "
                              "{want._scalar} dtype, but got result with dtype {got._scalar}"),
    "diag": _exact_or("diag: result type {want._scalar} can't be cast to the desired out= type "
                      "{got._scalar}"),
    "frexp": ("minigrad.frexp() expects mantissa to have dtype {want._c} but got {got._c}",
              "minigrad.frexp() expects exponent to have int dtype but got {got._c}"),
    "linalg_solve_triangular": "expected scalar type {want._scalar} but found {got._scalar}",
    **{f"linalg_{n}": f"linalg.{n} expected out tensor dtype {{want._scalar}} but got: "
                      "{got._scalar}" for n in ("norm", "matrix_norm")},
    "linalg_vecdot": "linalg.vecdot: Expected out of dtype{want._scalar} but found {got._scalar}",
    "linalg_multi_dot": "multi_dot(): expected out tensor to have dtype {want._c} but got {got._c}",
    "linalg_lstsq": None,
    # (ldexp of a float by an integer exponent: its kernel's loop cannot cast, an internal assert)
    "ldexp.int_exponent": lambda want, got: (
        '!needs_dynamic_casting<func_t>::check(iter) INTERNAL ASSERT FAILED at "/__w/pytorch/'
        'pytorch/aten/src/ATen/native/cpu/Loops.h":311, please report a bug to PyTorch. '
        if can_cast(want, got) else _CAST_ERROR["ldexp"][1].format(got=got)),
}
_ANY_DTYPE = {"bernoulli"}  # (written by out.bernoulli_(p): any dtype takes 0s and 1s)
# Kernels that word the usual cast rule their own way (cat's as a TypeError).
_CAST_ERROR = {
    **dict.fromkeys(("cat", "stack", *_CAT_LIKE),
                    (TypeError, "minigrad.cat(): input types can't be cast to the desired output type "
                                "{got._scalar}")),
    "mvlgamma": (RuntimeError, "mvlgamma: result type {want._scalar} can't be cast to the desired "
                               "output type {want._scalar}"),  # (sic: PyTorch's words)
    "ldexp": (RuntimeError, "ldexp can't be cast to the desired output type {got._scalar}"),
    "normal": (NotImplementedError, "\"normal_kernel_cpu\" not implemented for '{got._scalar}'"),
}
# ger_out (only it, not ger) warns at every call.
_DEPRECATED = {"ger": "minigrad.ger is deprecated and will be removed in a future PyTorch release. "
                      "Use minigrad.outer instead. (Triggered internally at "
                      "/__w/pytorch/pytorch/aten/src/ATen/native/LinearAlgebra.cpp:1270.)"}
_DTYPE_FIRST = {"float_power", "linalg_vecdot", "linalg_multi_dot"}  # (checked before autograd)
# The kernel that writes out, where it is another function's: PyTorch's autograd error names it
# (torch.divide runs div's, hstack cat's, special.erf erf's, linalg.inv linalg_inv_ex's).
_KERNEL = {
    **dict.fromkeys(("divide", "true_divide"), "div"), "multiply": "mul", "subtract": "sub",
    **dict.fromkeys(_CAT_LIKE, "cat"),
    "kron": "mul", "ger": "mul", "float_power": "pow", "matrix_power": "matmul", "take_along_dim": "gather",
    **{f"special_{n}": n for n in ("expm1", "exp2", "digamma", "erf", "erfc", "erfinv", "i0",
                                   "sinc", "log1p", "logit", "xlogy", "polygamma", "logsumexp",
                                   "round")},
    "special_psi": "digamma", "special_gammaln": "lgamma", "special_expit": "sigmoid",
    "special_gammainc": "igamma", "special_gammaincc": "igammac", "special_multigammaln": "mvlgamma",
    "linalg_det": "_linalg_det", **dict.fromkeys(("linalg_inv", "inverse"), "linalg_inv_ex"), "linalg_cholesky":
    "linalg_cholesky_ex", "linalg_eigvalsh": "_linalg_eigh", "linalg_eigh": "_linalg_eigh",
    "linalg_svdvals": "_linalg_svd", "linalg_svd": "_linalg_svd", "linalg_solve": "_linalg_solve_ex",
    "linalg_solve_ex": "_linalg_solve_ex", "linalg_matmul": "matmul", "linalg_vecdot": "sum",
    "linalg_matrix_power": "matmul", "linalg_multi_dot": "mm", "linalg_slogdet": "_linalg_slogdet",
    "linalg_lu_factor": "linalg_lu_factor_ex",
    "diag": lambda values: "diag_embed" if values["input"].dim() == 1 else "diagonal_copy",
}
# Kernels whose out= autograd records with no formula: an input that requires grad gives out a
# NotImplemented node, as an in-place change would (refused: an out that requires grad, or a
# view that may not change in place). The function run instead, where it is not the usual one
# (diag's kernels are diag_embed's and diagonal_copy's out=: theirs are the nodes).
_RECORDED = {"floor_divide": None, "heaviside": None, "histogram": None, "diag": _diag_out,
             "scatter.reduce": None}
# Kernels that write out, then check what they wrote it from (linalg.inv: out keeps a singular
# matrix's infs and nans): the function run unchecked instead, and the check, by argument name.
def _writes_then_checks():
    from . import linalg
    return dict.fromkeys(("linalg_inv", "inverse"), (linalg._inv_unchecked, linalg._inv_check))
# How often a kernel moves out's version, where not once: nanmean writes a sum into out, then
# divides it in place; kron writes into a view of out made without autograd (_unsafe_view).
_WRITES = {"nanmean": 2, "kron": 0}
# Functions composed of others (in Python, or CompositeImplicitAutograd) that copy their result
# into out: nothing is refused, and the copy is recorded as out.copy_(result) is (out gets a
# CopyBackwards when the result requires grad; a leaf out that requires grad is refused).
_COMPOSITE = {"inner", "tensordot", "special_ndtr", "linalg_norm", "linalg_matrix_norm", "linalg_cond",
              "linalg_matrix_rank", "linalg_tensorinv", "linalg_tensorsolve", "linalg_ldl_solve",
              "linalg_ldl_factor", "linalg_ldl_factor_ex"}
# Kernels without a derivative: autograd never looks at their out= calls.
_NOT_DIFFERENTIABLE = {
    "multinomial", "bucketize", "searchsorted", "histc", "logical_and",
    "logical_or", "logical_xor", "logical_not",
    *(f"special_{n}" for n in ("bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1",
                               "modified_bessel_i0", "modified_bessel_i1", "modified_bessel_k0",
                               "modified_bessel_k1", "airy_ai", "scaled_modified_bessel_k0",
                               "scaled_modified_bessel_k1", "spherical_bessel_j0")),
    *_arg_parser.SPECIAL_POLYNOMIALS,
}
# Kernels that read an argument while writing out (scatter's src, gather's input): out may not
# share memory with it at all, not even by being it (at::assert_no_overlap).
_READ_WHILE_WRITING = {**dict.fromkeys(("scatter", "scatter_add", "scatter_reduce"), "src"),
               **dict.fromkeys(("index_add", "index_copy"), "source"), "gather": "input"}


def _tensors(values):
    """The tensors among a call's arguments (the items of a list argument too)."""
    for x in values:
        if isinstance(x, Tensor):
            yield x
        elif isinstance(x, (tuple, list)):
            yield from (t for t in x if isinstance(t, Tensor))


def call_with_out(fn, signatures, args, kwargs, out):
    """fn(*args, **kwargs) written into out (a tensor, or a tuple of them for functions of several
    results): PyTorch's checks of out's type, of autograd, of dtypes and of memory first."""
    name = signatures[0].partition("(")[0]
    values = _arg_parser.bind(signatures, args, {**kwargs, "out": out})  # PyTorch's TypeErrors
    overload = _overload(name, values)
    if name in _DEPRECATED:
        warnings.warn(_DEPRECATED[name], UserWarning, stacklevel=3)
    if isinstance(out, numbers.Number):  # (add's parser takes a number for out, as for other)
        out = Tensor._make(np.array(out))
    inputs = [v for k, v in values.items() if k != "out"]
    factory = next(_tensors(inputs), None) is None  # zeros, arange, ...: no tensor in; made in
    # out's dtype, resized silently
    outs = tuple(out) if isinstance(out, (tuple, list)) else (out,)
    def check_autograd():
        if not grad_mode.is_grad_enabled() or name in _NOT_DIFFERENTIABLE:
            return
        if name in _COMPOSITE:  # (out.copy_'s own check, made before anything is written)
            if any(o.requires_grad and o.is_leaf for o in outs):
                raise RuntimeError("a leaf Variable that requires grad is being used in an "
                                   "in-place operation.")
            return
        recording = any(t.requires_grad for t in _tensors(inputs))
        if overload in _RECORDED:
            refused = any(o.requires_grad or recording and o._creation_meta for o in outs)
        else:
            refused = recording or any(o.requires_grad for o in outs)
        if refused:
            kernel = _KERNEL.get(name, name)
            raise RuntimeError(f"{'aten::' * (factory or overload in _RECORDED)}"
                               f"{kernel(values) if callable(kernel) else kernel}(): functions "
                               "with out=... arguments don't support automatic differentiation, "
                               "but one of the arguments requires grad.")
    if name not in _DTYPE_FIRST:
        check_autograd()
    if name == "stack":
        return _stack_out(values["tensors"], values["dim"], out)
    if name == "scatter":  # (its meta function checks out's dtype before the kernel checks the
        input, src = values["input"], values.get("src")  # reduce and the index's values)
        _check_index_meta("scatter", input, _wrap_dim(values["dim"], input.dim()), values["index"],
                          src if isinstance(src, Tensor) else None)
        if out.dtype != input.dtype:
            raise RuntimeError(_EXACT.format(want=input.dtype, got=out.dtype))
    if "dtype" in values and name not in _EXACT_DTYPE:  # reductions and creation functions
        given = values["dtype"]                           # compute in out's dtype
        if given is not None and given != out.dtype:
            raise RuntimeError(f"dtype {given._scalar} does not match dtype of out parameter "
                               f"({out.dtype._scalar})" if factory else
                               _EXACT.format(want=given, got=out.dtype))
        if name == "mean" and not out.dtype.is_floating_point:  # (its overload without a dim
            if "dim" not in values:                              # checks out's dtype first)
                raise RuntimeError("mean.dtype_out(): input types can't be cast to the desired "
                                   f"output type {out.dtype._scalar}")
        else:
            kwargs = {**kwargs, "dtype": out.dtype}
    if factory and "requires_grad" in kwargs:
        kwargs = {**kwargs, "requires_grad": False}
    mean = values.get("mean")  # (normal(Tensor mean, float std) fills out's shape broadcast
    if name == "normal" and isinstance(mean, Tensor) and not isinstance(values["std"], Tensor):
        mean = mean.expand(_broadcast_shape(mean.shape, out.shape))  # with mean's, then adds mean)
        args, kwargs = _with_arg(args, kwargs, "mean", mean)
    if name in ("std", "var") and _in_out_dtype(values, out):
        args, kwargs = _with_arg(args, kwargs, "input", values["input"].to(out.dtype))
    unchecked, check = _writes_then_checks().get(name, (None, None))
    result = (_RECORDED.get(overload) or unchecked or fn)(*args, **kwargs)
    results = tuple(result) if len(outs) > 1 else (result,)
    resize_first = _KERNEL.get(name, name) in ("cat", "index_reduce")  # (these resize out, then
    # look for overlaps)
    for i, (r, o) in enumerate(zip(results, outs)):
        exact = _EXACT_DTYPE.get(overload, _EXACT if len(outs) > 1 else None)
        exact = exact[i] if isinstance(exact, tuple) else exact
        if exact and r.dtype != o.dtype:
            raise RuntimeError(exact(r.dtype, o.dtype) if callable(exact) else
                               exact.format(want=r.dtype, got=o.dtype))
        if name not in _ANY_DTYPE and not can_cast(r.dtype, o.dtype):
            error, text = _CAST_ERROR.get(name, (RuntimeError, "result type {want._scalar} can't "
                                                 "be cast to the desired output type {got._scalar}"))
            raise error(text.format(want=r.dtype, got=o.dtype))
        try:
            if resize_first:
                _warn_resized(o, r.shape, factory, name)
            _check_overlap(o, r.shape, _tensors(inputs), values.get(_READ_WHILE_WRITING.get(name)))
        except RuntimeError:
            if resize_first:  # (an out refused for an overlap keeps its new shape)
                o._data = _resized(o._data, r.shape)
            raise
    if name in _DTYPE_FIRST:
        check_autograd()
    for r, o in zip(results, outs):
        if name in ("arange", "range") and o.numel() == r.numel():  # (these fill out of any
            r = r.reshape(o.shape)                                   # shape with as many elements)
        if o.shape != r.shape:
            if not resize_first:
                _warn_resized(o, r.shape, factory, name)
            o._data = _resized(o._data, r.shape)
            rd = r._data
            if not rd.flags.c_contiguous and _function._dense(rd):  # (a resized out takes the
                # strides TensorIterator's kernels computed: out= of x.t() + y is transposed too)
                o._data = np.lib.stride_tricks.as_strided(
                    o._data, rd.shape, [st // rd.itemsize * o._data.itemsize for st in rd.strides],
                    writeable=True)
        if name in _COMPOSITE:
            o.copy_(r)
            continue
        _function.write_untracked(o, r._data)
        o._version_counter.value += _WRITES.get(name, 1) - 1
        if overload in _RECORDED and r.grad_fn is not None:
            _function.rebase_history(o, r)
    if check:
        check(*inputs)
    if factory and values.get("requires_grad"):  # (set_requires_grad, in C++'s words)
        out._set_requires_grad(True, "Only Tensors of floating point and complex dtype can "
                                     "require gradients")
    if len(outs) > 1:
        return getattr(return_types, f"{type(result).__name__}_out")(*outs)
    return out


def _stack_out(tensors, dim, out):
    """PyTorch's stack_out, a cat into out. Stacking before the last dim, out is resized to the
    result's shape first (an out that is one of the tensors changes shape before it is read, and
    the errors name its new shape), then the tensors are cat into a view of out of the cat's
    shape, if there is one; else (and stacking after the last dim) their unsqueezed views are
    cat into out."""
    _check_stack_sizes(tensors, dim)
    dim, first = _wrap_dim(dim, tensors[0].dim() + 1), tensors[0]
    cat_out = lambda tensors, into: call_with_out(cat, _arg_parser.SIGNATURES["cat"],
                                                  (tensors, dim), {}, into)
    if dim < first.dim():
        shape = first.shape[:dim] + (len(tensors),) + first.shape[dim:]
        if out.shape != shape:
            _warn_resized(out, shape, False, "stack")
            out._data = _resized(out._data, shape)
        try:  # (first's shape now: out may be first)
            into = out.view(first.shape[:dim] + (first.shape[dim] * len(tensors),)
                            + first.shape[dim + 1:])
        except RuntimeError:  # (no view of that shape: the sizes or out's strides forbid it)
            _check_stack_sizes(tensors, dim)
        else:
            cat_out(tensors, into)
            return out
    cat_out([t.unsqueeze(dim) for t in tensors], out)
    return out


def _overload(name, values):
    """The name of the ATen overload a call runs, where the tables above tell overloads apart:
    lerp.Tensor (a tensor weight: it casts nothing), scatter.reduce (no derivative: recorded),
    ldexp.int_exponent (a float by integer exponents: out's dtype must be the float's)."""
    if name == "lerp" and isinstance(values["weight"], Tensor):
        return "lerp.Tensor"
    if name == "scatter" and values.get("reduce") is not None:
        return "scatter.reduce"
    if name == "ldexp" and values["input"].is_floating_point() and not (
            values["other"].is_floating_point()):
        return "ldexp.int_exponent"
    return name


def _warn_resized(out, shape, factory, name):
    """PyTorch's warning when out has elements but not the result's shape (creation functions
    resize silently, but for arange's words)."""
    if out.shape != shape and out.numel() and (not factory or name == "arange"):
        frame, level = sys._getframe(1), 2  # (the warning names the caller's line: the first
        while frame.f_globals.get("__name__", "").startswith("minigrad."):  # frame outside)
            frame, level = frame.f_back, level + 1
        warnings.warn((_RANGE_RESIZED if factory else _RESIZED).format(
            list(out.shape), out.numel(), math.prod(shape), list(shape)), UserWarning,
            stacklevel=level)


def _in_out_dtype(values, out):
    """Whether std and var compute in out's (floating) dtype, as PyTorch's std_var_out does:
    yes, unless the result is one number (the dims kept, if any, of size 1) in float or double,
    which its precise algorithm for full reductions computes in input's dtype."""
    input, dim = values["input"], values.get("dim")
    if out.dtype == input.dtype or not (out.dtype.is_floating_point and input.is_floating_point()):
        return False
    reduced = (_dims(dim, input.dim()) if dim is not None else ()) or range(input.dim())
    kept = math.prod(n for i, n in enumerate(input.shape) if i not in reduced)
    return kept > 1 or out.dtype.np.itemsize < 4


def _with_arg(args, kwargs, name, value):
    """The call's arguments with another first argument `name` (given by place or by name)."""
    if args:
        return (value, *args[1:]), kwargs
    return args, {**kwargs, name: value}


def _check_overlap(out, shape, inputs, read=None):
    """PyTorch refuses an out whose elements share memory (an expanded tensor) and one that
    overlaps an input without being that very input, of the result's shape (out=a is fine: a is
    read, then written), or overlaps the input `read` at all (_READ_WHILE_WRITING). It looks only
    where both fill their memory densely (else the question is "too hard": allowed)."""
    data = out._data
    if any(s == 0 and n > 1 for s, n in zip(data.strides, data.shape)):
        raise RuntimeError(_OVERLAP.format("more than one element of the written-to tensor refers"))
    if not _function._dense(data):
        return
    for t in inputs:
        if not _function._dense(t._data):
            continue
        same = (t._data.__array_interface__["data"][0] == data.__array_interface__["data"][0]
                and t._data.strides == data.strides and t.shape == out.shape == shape)
        if (not same or t is read) and np.shares_memory(t._data, data):
            raise RuntimeError(_OVERLAP.format(
                "some elements of the input tensor and the written-to tensor refer"))
