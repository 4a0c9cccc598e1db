"""torch.testing.assert_close: do two results agree, up to what their dtype can be trusted to?

How PyTorch checks (and so how minigrad does, message for message):

1. pair up the inputs: sequences item by item, mappings key by key, down to leaves; a leaf pair is
   two None's, two bools, two Python numbers or two tensor-likes (a Tensor, a NumPy array), else a
   TypeError. Every pair is made before any is compared, and a pair that cannot be made (different
   lengths or keys, rtol without atol) raises at once, ignoring `msg`.
2. compare each pair: for tensors first the attributes (shape, then stride if asked, dtype), then the
   values with isclose(rtol, atol). The first pair that fails raises an AssertionError that says how
   many elements differ and where the greatest differences are; `msg` replaces that text (a string)
   or rewrites it (a callable).

The default tolerances are the loosest of the two dtypes': float32 rtol 1.3e-6, atol 1e-5 (about 10
float32 ulps), float64 1e-7 both; integers and bools must be equal.
"""
import cmath
import collections.abc
import math
import warnings

import numpy as np

from . import dtypes
from .ops import as_tensor, empty, isclose, promote_types, randint, tensor
from .tensor import Tensor

__all__ = ["assert_allclose", "assert_close", "make_tensor"]

_DTYPE_PRECISIONS = {dtypes.float32: (1.3e-6, 1e-5), dtypes.float64: (1e-7, 1e-7)}
# A Python number has its dtype's tolerances (complex: complex128's, the same as float64's); a bool
# paired with a number is in none of them, a KeyError that PyTorch reports as a RuntimeError.
_NUMBER_DTYPES = {int: dtypes.int64, float: dtypes.float64, complex: dtypes.float64}


class _Failure(Exception):
    """A failed check: the error to raise, and `id`, where in nested inputs it happened."""

    def __init__(self, type, msg, id=()):
        super().__init__(msg)
        self.type, self.msg, self.id = type, msg, id

    def to_error(self, msg=None):
        if isinstance(msg, str):
            return self.type(msg)
        text = self.msg
        if self.id:
            text += f"\n\nThe failure occurred for item {''.join(str([item]) for item in self.id)}"
        return self.type(msg(text) if callable(msg) else text)


def _tolerances(dtype_list, rtol, atol, id, precisions=_DTYPE_PRECISIONS):
    if (rtol is None) != (atol is None):
        raise _Failure(ValueError, "Both 'rtol' and 'atol' must be either specified or omitted, "
                       f"but got no {'rtol' if rtol is None else 'atol'}.", id)
    if rtol is not None:
        return rtol, atol
    rtols, atols = zip(*[precisions.get(dtype, (0.0, 0.0)) for dtype in dtype_list])
    return max(rtols), max(atols)


def _mismatch_msg(identifier, extra, abs_diff, abs_idx, atol, rel_diff, rel_idx, rtol):
    equality = rtol == 0 and atol == 0

    def diff(kind, value, idx, tol):
        text = f"{kind.title()} difference: {value}" if idx is None else \
            f"Greatest {kind} difference: {value} at index {idx}"
        return text + ("" if equality else f" (up to {tol} allowed)") + "\n"

    return (f"{identifier} are not {'equal' if equality else 'close'}!\n\n{extra}\n"
            + diff("absolute", abs_diff, abs_idx, atol)
            + diff("relative", rel_diff, rel_idx, rtol)).strip()


def _scalar_msg(actual, expected, rtol, atol):
    abs_diff = abs(actual - expected)
    rel_diff = float("inf") if expected == 0 else abs_diff / abs(expected)
    return _mismatch_msg("Scalars", f"Expected {expected} but got {actual}.",
                         abs_diff, None, atol, rel_diff, None, rtol)


def _tensor_msg(actual, expected, matches, rtol, atol):
    """Where are the greatest absolute and relative differences among the mismatched elements?"""
    def unravel(flat_index):  # (the index in `shape` of element flat_index)
        index = []
        for size in reversed(shape):
            flat_index, i = divmod(flat_index, size)
            index.append(i)
        return tuple(index[::-1])

    shape, total, mismatched = matches.shape, matches.numel(), matches.numel() - int(matches.sum())
    actual, expected, matches = actual.flatten(), expected.flatten(), matches.flatten()
    if not actual.dtype.is_floating_point:  # (so that uint8 and bool subtract without wrapping)
        actual, expected = actual.to(dtypes.int64), expected.to(dtypes.int64)
    abs_diff = (actual - expected).abs()
    abs_diff[matches] = 0
    max_abs, abs_idx = abs_diff.max(0)
    rel_diff = abs_diff / expected.abs()
    rel_diff[matches] = 0
    max_rel, rel_idx = rel_diff.max(0)
    return _mismatch_msg("Tensor-likes",
                         f"Mismatched elements: {mismatched} / {total} ({mismatched / total:.1%})",
                         max_abs.item(), unravel(int(abs_idx)), atol,
                         max_rel.item(), unravel(int(rel_idx)), rtol)


# --- the pairs: make(actual, expected, id, options) gives a function that compares, or None -------
def _none_pair(actual, expected, id, options):
    if actual is None or expected is None:
        def compare():
            if not (actual is None and expected is None):
                raise _Failure(AssertionError, f"None mismatch: {actual} is not {expected}", id)
        return compare


def _bool_pair(actual, expected, id, options):
    if isinstance(actual, (bool, np.bool_)) and isinstance(expected, (bool, np.bool_)):
        actual, expected = bool(actual), bool(expected)

        def compare():
            if actual is not expected:
                raise _Failure(AssertionError, f"Booleans mismatch: {actual} is not {expected}", id)
        return compare


def _number_pair(actual, expected, id, options):
    kinds = (int, float, complex, np.number)
    if not (isinstance(actual, kinds) and isinstance(expected, kinds)):
        return None
    actual, expected = (x.item() if isinstance(x, np.number) else x for x in (actual, expected))
    rtol, atol = _tolerances([_NUMBER_DTYPES[type(x)] for x in (actual, expected)],
                             options["rtol"], options["atol"], id)

    def compare():
        if options["check_dtype"] and type(actual) is not type(expected):
            raise _Failure(AssertionError, f"The (d)types do not match: {type(actual)} != "
                           f"{type(expected)}.", id)
        if actual == expected or (options["equal_nan"] and cmath.isnan(actual)
                                  and cmath.isnan(expected)):
            return
        abs_diff = abs(actual - expected)
        if cmath.isfinite(abs_diff) and abs_diff <= atol + rtol * abs(expected):
            return
        raise _Failure(AssertionError, _scalar_msg(actual, expected, rtol, atol), id)
    return compare


def _tensor_pair(actual, expected, id, options):
    if not (isinstance(actual, type(expected)) or isinstance(expected, type(actual))):
        return None
    if not options["allow_subclasses"] and type(actual) is not type(expected):
        return None
    try:
        actual, expected = (x if isinstance(x, Tensor) else as_tensor(x) for x in (actual, expected))
    except Exception:  # (two strings, two dtypes...: not tensor-likes)
        return None
    actual, expected = actual.detach(), expected.detach()
    rtol, atol = _tolerances([actual.dtype, expected.dtype], options["rtol"], options["atol"], id)

    def compare():
        def mismatch(name, a, e):
            raise _Failure(AssertionError,
                           f"The values for attribute '{name}' do not match: {a} != {e}.", id)
        nonlocal actual, expected
        if actual.shape != expected.shape:
            mismatch("shape", actual.shape, expected.shape)
        if options["check_stride"] and actual.stride() != expected.stride():
            mismatch("stride()", actual.stride(), expected.stride())
        if actual.dtype != expected.dtype:
            if options["check_dtype"]:
                mismatch("dtype", actual.dtype, expected.dtype)
            dtype = promote_types(actual.dtype, expected.dtype)
            actual, expected = actual.to(dtype), expected.to(dtype)
        matches = isclose(actual, expected, rtol=rtol, atol=atol, equal_nan=options["equal_nan"])
        if matches.all():
            return
        if actual.dim() == 0:
            msg = _scalar_msg(actual.item(), expected.item(), rtol, atol)
        else:
            msg = _tensor_msg(actual, expected, matches, rtol, atol)
        raise _Failure(AssertionError, msg, id)
    return compare


_PAIRS = {"NonePair": _none_pair, "BooleanPair": _bool_pair, "NumberPair": _number_pair,
          "TensorLikePair": _tensor_pair}


def _originate_pairs(actual, expected, id, options):
    """The comparisons to make, one per leaf of the nested inputs; raises _Failure when
    the nesting itself differs."""
    seq = collections.abc.Sequence
    if isinstance(actual, seq) and not isinstance(actual, str) and isinstance(expected, seq) \
            and not isinstance(expected, str):
        if len(actual) != len(expected):
            raise _Failure(AssertionError, "The length of the sequences mismatch: "
                           f"{len(actual)} != {len(expected)}", id)
        return [pair for i in range(len(actual))
                for pair in _originate_pairs(actual[i], expected[i], (*id, i), options)]
    if isinstance(actual, collections.abc.Mapping) and isinstance(expected, collections.abc.Mapping):
        actual_keys, expected_keys = set(actual.keys()), set(expected.keys())
        if actual_keys != expected_keys:
            raise _Failure(AssertionError, "The keys of the mappings do not match:\n"
                           f"Missing keys in the actual mapping: {sorted(expected_keys - actual_keys)}\n"
                           f"Additional keys in the actual mapping: {sorted(actual_keys - expected_keys)}",
                           id)
        try:
            keys = sorted(actual_keys)
        except Exception:
            keys = actual_keys
        return [pair for key in keys
                for pair in _originate_pairs(actual[key], expected[key], (*id, key), options)]
    for name, make in _PAIRS.items():
        try:
            compare = make(actual, expected, id, options)
        except _Failure:
            raise
        except Exception as error:
            raise RuntimeError(
                f"Originating a {name}() at item {''.join(str([item]) for item in id)} with\n\n"
                f"{type(actual).__name__}(): {actual}\n\nand\n\n"
                f"{type(expected).__name__}(): {expected}\n\n"
                "resulted in the unexpected exception above. If you are a user and see this message "
                "during normal operation please file an issue at "
                "https://github.com/pytorch/pytorch/issues. If you are a developer and working on the "
                "comparison functions, please except the previous error and raise an expressive "
                "`ErrorMeta` instead.") from error
        if compare is not None:
            return [compare]
    raise _Failure(TypeError, f"No comparison pair was able to handle inputs of type {type(actual)} "
                   f"and {type(expected)}.", id)


def assert_close(actual, expected, *, allow_subclasses=True, rtol=None, atol=None, equal_nan=False,
                 check_device=True, check_dtype=True, check_layout=True, check_stride=False,
                 msg=None):
    """Raise an AssertionError saying where and by how much `actual` and `expected` differ.

    Close means |actual - expected| <= atol + rtol * |expected| elementwise, with the dtype's default
    tolerances unless both rtol and atol are given. Shapes must match, and dtypes too unless
    check_dtype=False (then both are promoted to a common dtype). (minigrad has one device and one
    layout: check_device and check_layout always hold.)
    """
    options = dict(allow_subclasses=allow_subclasses, rtol=rtol, atol=atol, equal_nan=equal_nan,
                   check_dtype=check_dtype, check_stride=check_stride)
    try:
        compares = _originate_pairs(actual, expected, (), options)
    except _Failure as failure:
        raise failure.to_error() from None
    for compare in compares:
        try:
            compare()
        except _Failure as failure:
            raise failure.to_error(msg) from None


def assert_allclose(actual, expected, rtol=None, atol=None, equal_nan=True, msg=""):
    """The old check (deprecated): looser tolerances, nan equals nan, dtypes may differ."""
    warnings.warn(
        "`minigrad.testing.assert_allclose()` is deprecated since 1.12 and will be removed in a future "
        "release. Please use `minigrad.testing.assert_close()` instead. You can find detailed upgrade "
        "instructions in https://github.com/pytorch/pytorch/issues/61844.", FutureWarning,
        stacklevel=2)
    if not isinstance(actual, Tensor):
        actual = tensor(actual)
    if not isinstance(expected, Tensor):
        expected = tensor(expected, dtype=actual.dtype)
    if rtol is None and atol is None:
        rtol, atol = _tolerances([actual.dtype, expected.dtype], None, None, (), precisions={
            dtypes.float32: (1e-4, 1e-5), dtypes.float64: (1e-5, 1e-8)})
    assert_close(actual, expected, rtol=rtol, atol=atol, equal_nan=equal_nan, check_device=True,
                 check_dtype=False, check_stride=False, msg=msg or None)


_INTEGRAL_TYPES = (dtypes.uint8, dtypes.int8, dtypes.int16, dtypes.int32, dtypes.int64)


def make_tensor(*shape, dtype, device, low=None, high=None, requires_grad=False,
                noncontiguous=False, exclude_zero=False, memory_format=None):
    """A random tensor for a test: values uniform in [low, high) (by default [-9, 9) for floats,
    [-9, 10) for integers, both bools), clamped to what `dtype` can hold.

    (minigrad's random numbers are PyTorch's: the same seed gives the same values.)
    """
    def modify_low_high(lowest_inclusive, highest_exclusive, default_low, default_high):
        nonlocal low, high
        low = default_low if low is None else low
        high = default_high if high is None else high
        if any(isinstance(value, float) and math.isnan(value) for value in (low, high)):
            raise ValueError(f"`low` and `high` cannot be NaN, but got {low=} and {high=}")
        elif low == high and dtype.is_floating_point:
            warnings.warn("Passing `low==high` to `minigrad.testing.make_tensor` for floating or complex "
                          "types is deprecated since 2.1 and will be removed in 2.3. Use "
                          "`minigrad.full(...)` instead.", FutureWarning, stacklevel=3)
        elif low >= high:
            raise ValueError(f"`low` must be less than `high`, but got {low} >= {high}")
        elif high < lowest_inclusive or low >= highest_exclusive:
            raise ValueError(f"The value interval specified by `low` and `high` is [{low}, {high}), "
                             f"but {dtype} only supports [{lowest_inclusive}, {highest_exclusive})")
        low, high = (min(max(x, lowest_inclusive), highest_exclusive) for x in (low, high))
        if not dtype.is_floating_point:
            low, high = math.ceil(low), math.ceil(high)

    if len(shape) == 1 and isinstance(shape[0], collections.abc.Sequence):
        shape = shape[0]
    shape = tuple(shape)
    if noncontiguous and memory_format is not None:
        raise ValueError("The parameters `noncontiguous` and `memory_format` are mutually exclusive, "
                         f"but got {noncontiguous=} and {memory_format=}")
    if requires_grad and (dtype == dtypes.bool or dtype in _INTEGRAL_TYPES):
        raise ValueError("`requires_grad=True` is not supported for boolean and integral dtypes, "
                         f"but got {dtype=}")
    noncontiguous = noncontiguous and math.prod(shape) > 1
    if noncontiguous:  # (every other element of a tensor twice as long)
        shape = (*shape[:-1], 2 * shape[-1])

    if dtype == dtypes.bool:
        modify_low_high(0, 2, 0, 2)
        result = randint(low, high, shape, device=device, dtype=dtype)
    elif dtype in _INTEGRAL_TYPES:
        info = dtypes.iinfo(dtype)
        modify_low_high(info.min, info.max + (dtype != dtypes.int64), -9, 10)
        result = randint(low, high, shape, device=device, dtype=dtype)
    elif dtype.is_floating_point:
        info = dtypes.finfo(dtype)
        modify_low_high(info.min, info.max, -9, 9)
        result = empty(shape, device=device, dtype=dtype)
        if high - low >= info.max:  # (the width itself would overflow: draw half as wide, double)
            result.uniform_(low / 2, high / 2).mul_(2)
        else:
            result.uniform_(low, high)
    else:
        raise TypeError(f"The requested dtype '{dtype}' is not supported by minigrad.testing.make_tensor()."
                        " To request support, file an issue at: https://github.com/pytorch/pytorch/issues")

    if noncontiguous:
        result = result[..., 1::2]
    elif memory_format is not None:
        result = result.clone(memory_format=memory_format)
    if exclude_zero:
        result[result == 0] = 1 if not dtype.is_floating_point else dtypes.finfo(dtype).tiny
    if dtype.is_floating_point:
        result.requires_grad = requires_grad
    return result
