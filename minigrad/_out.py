"""PyTorch's `out=` argument: `torch.add(a, b, out=c)` writes the sum into c and returns c.

One rule serves every function whose PyTorch signature string (_arg_parser.SIGNATURES) has an
`out` parameter: the function computes its result as it does without out, and the result is then
copied into out, in place (out's version moves; a view writes through to its base). Everything
is checked before anything is written, so a refused call leaves every tensor as it was. The
normal call (no out) never comes here: _arg_parser.parsed sends only calls with an out.
"""
import numbers
import warnings

import numpy as np

from . import _arg_parser, return_types
from .autograd import function as _function, grad_mode
from .ops import can_cast
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
# function of several outputs (max, sort, ...) speaks as mm does.
_EXACT = "Expected out tensor to have dtype {want._c}, but got {got._c} instead"
_EXACT_DTYPE = {"mm": _EXACT, "bmm": _EXACT,
                "matmul": "result dtype {got._scalar} does not match input dtype {want._scalar}",
                "clamp": "Found dtype {got._scalar} but expected {want._scalar}",
                "signbit": "signbit does not support non-boolean outputs."}


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
    if isinstance(out, numbers.Number):  # (add's parser takes a number for out, as for other)
        out = Tensor._make(np.array(out))
    inputs = [v for k, v in values.items() if k != "out"]
    factory = next(_tensors(inputs), None) is None  # zeros, arange, ...: no tensor in; made in
    # out's dtype, resized silently
    outs = tuple(out) if isinstance(out, (tuple, list)) else (out,)
    if grad_mode.is_grad_enabled() and any(t.requires_grad for t in (*_tensors(inputs), *outs)):
        raise RuntimeError(f"{'aten::' * factory}{name}(): functions with out=... arguments don't "
                           "support automatic differentiation, but one of the arguments requires "
                           "grad.")
    if "dtype" in values:  # reductions and creation functions compute in out's dtype
        given = values["dtype"]
        if given is not None and given != out.dtype:
            raise RuntimeError(f"dtype {given._scalar} does not match dtype of out parameter "
                               f"({out.dtype._scalar})" if factory else
                               _EXACT.format(want=given, got=out.dtype))
        kwargs = {**kwargs, "dtype": out.dtype}
    if factory and "requires_grad" in kwargs:
        kwargs = {**kwargs, "requires_grad": False}
    result = fn(*args, **kwargs)
    results = tuple(result) if len(outs) > 1 else (result,)
    for r, o in zip(results, outs):
        exact = _EXACT_DTYPE.get(name, _EXACT if len(outs) > 1 else None)
        if exact and r.dtype != o.dtype:
            raise RuntimeError(exact.format(want=r.dtype, got=o.dtype))
        if not can_cast(r.dtype, o.dtype):
            raise RuntimeError(f"result type {r.dtype._scalar} can't be cast to the desired output "
                               f"type {o.dtype._scalar}")
        _check_overlap(o, r.shape, _tensors(inputs))
    for r, o in zip(results, outs):
        if name == "arange" and o.numel() == r.numel():  # (arange fills out of any shape
            r = r.reshape(o.shape)                        # with as many elements)
        if o.shape != r.shape:
            if o.numel() and (not factory or name == "arange"):
                warnings.warn((_RANGE_RESIZED if factory else _RESIZED).format(
                    list(o.shape), o.numel(), r.numel(), list(r.shape)), UserWarning, stacklevel=3)
            o._data = np.empty(r.shape, o._data.dtype)
        if _function.on_inplace_write is not None:  # (a hook that saves what is overwritten)
            _function.on_inplace_write(o)
        np.copyto(o._data, r._data, casting="unsafe")
        o._version_counter.value += 1
    if factory and values.get("requires_grad"):
        out.requires_grad_()
    if len(outs) > 1:
        return getattr(return_types, f"{type(result).__name__}_out")(*outs)
    return out


def _check_overlap(out, shape, inputs):
    """PyTorch refuses an out whose elements share memory (an expanded tensor) and one that
    overlaps an input without being that very input, of the result's shape (out=a is fine: a is
    read, then written)."""
    data = out._data
    if any(s == 0 and n > 1 for s, n in zip(data.strides, data.shape)):
        raise RuntimeError("unsupported operation: more than one element of the written-to tensor "
                           "refers to a single memory location. Please clone() the tensor before "
                           "performing the operation.")
    for t in inputs:
        same = (t._data.__array_interface__["data"][0] == data.__array_interface__["data"][0]
                and t._data.strides == data.strides and t.shape == out.shape == shape)
        if not same and np.shares_memory(t._data, data):
            raise RuntimeError("unsupported operation: some elements of the input tensor and the "
                               "written-to tensor refer to a single memory location. Please "
                               "clone() the tensor before performing the operation.")
