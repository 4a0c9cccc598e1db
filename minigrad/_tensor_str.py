"""The text of ``repr(t)`` / ``str(t)`` for a tensor, exactly as PyTorch prints it.

PyTorch's printer (``torch/_tensor_str.py``) works in four steps, mirrored here:

1. Pick the values that will be shown: all of them, or only the first and last
   ``edgeitems`` along every dimension when the tensor has more than
   ``threshold`` elements ("summarisation", shown with ``...``).
2. Let a ``_Formatter`` look at those values once and choose one style for the
   whole tensor (integers ``2.``, fixed ``0.1000`` or scientific ``1.0000e-05``)
   and one width, so that every element has the same width and columns line up.
3. Lay the elements out as nested ``[...]`` lists, wrapping long rows at
   ``linewidth`` characters.
4. Append suffixes such as ``dtype=minigrad.float64`` or
   ``grad_fn=<AddBackward0>``, on the same line when they fit.

This module depends only on numpy, so it can be read (and tested) on its own.
"""

import dataclasses
import math

import numpy as np

PREFIX = "tensor("
# Dtypes whose name is never printed for a non-empty tensor: the default float
# type (float32 unless set_default_dtype changed it, passed in as default_dtype),
# and the types that a literal like tensor([1, 2]) or tensor([True]) gets.
_IMPLIED_DTYPES = ("int64", "bool")
_NUMPY_DTYPES = {
    "float32": np.float32,
    "float64": np.float64,
    "int64": np.int64,
    "int32": np.int32,
    "int16": np.int16,
    "int8": np.int8,
    "uint8": np.uint8,
    "bool": np.bool_,
}


@dataclasses.dataclass
class _PrintOptions:
    """The options that set_printoptions changes; the defaults are PyTorch's."""

    precision: int = 4
    threshold: float = 1000
    edgeitems: int = 3
    linewidth: int = 80
    sci_mode: bool | None = None


_OPTS = _PrintOptions()

_PROFILES = {
    "default": dict(precision=4, threshold=1000, edgeitems=3, linewidth=80),
    "short": dict(precision=2, threshold=1000, edgeitems=2, linewidth=80),
    "full": dict(precision=4, threshold=math.inf, edgeitems=3, linewidth=80),
}


def set_printoptions(
    precision=None,
    threshold=None,
    edgeitems=None,
    linewidth=None,
    profile=None,
    sci_mode=None,
):
    """Change how tensors print; a profile is applied first, then the single options.

    precision: digits after the decimal point (default 4).
    threshold: more elements than this are summarised with ``...`` (default 1000).
    edgeitems: items kept at each end of a summarised dimension (default 3).
    linewidth: characters per line before wrapping (default 80).
    profile: 'default', 'short' or 'full' (anything else is ignored, like PyTorch).
    sci_mode: True/False forces scientific notation on/off; None lets the
        formatter decide. Like PyTorch, every call sets it, so leaving it out
        resets it to None.
    """
    for name, value in _PROFILES.get(profile, {}).items():
        setattr(_OPTS, name, value)
    for name, value in dict(
        precision=precision, threshold=threshold, edgeitems=edgeitems, linewidth=linewidth
    ).items():
        if value is not None:
            setattr(_OPTS, name, value)
    _OPTS.sci_mode = sci_mode


def get_printoptions() -> dict:
    """The current options, as keyword arguments that set_printoptions accepts."""
    return dataclasses.asdict(_OPTS)


class _Formatter:
    """Chooses one style and one width for all elements, so that columns line up."""

    def __init__(self, values: np.ndarray):
        self.is_float = values.dtype.kind == "f"
        self.int_mode = True  # floats that are all whole numbers print as "2."
        self.sci_mode = False
        self.width = 1

        if not self.is_float:
            for value in values.ravel().tolist():
                self.width = max(self.width, len(str(value)))
            return

        # Only the nonzero finite values choose the style and the width;
        # zeros, nan and inf just follow (so a "-0." may stick out by one).
        flat = values.ravel()
        shown = flat[np.isfinite(flat) & (flat != 0)]
        if shown.size == 0:
            return
        self.int_mode = bool(np.all(shown == np.ceil(shown)))
        if _OPTS.sci_mode is None:
            # PyTorch compares in double precision (Python floats here).
            smallest = float(np.abs(shown).min())
            largest = float(np.abs(shown).max())
            self.sci_mode = largest / smallest > 1000.0 or largest > 1.0e8 or smallest < 1.0e-4
        else:
            self.sci_mode = _OPTS.sci_mode
        for value in shown.tolist():
            self.width = max(self.width, len(self._text(value)))

    def _text(self, value) -> str:
        """One value in the chosen style, without padding."""
        if not self.is_float:
            return str(value)  # ints, and bools as True / False
        precision = _OPTS.precision
        if self.sci_mode:
            return f"{value:.{precision}e}"
        if self.int_mode:
            text = f"{value:.0f}"
            # The trailing dot tells that the tensor is float ("2."), but nan/inf need none.
            return text if math.isinf(value) or math.isnan(value) else text + "."
        return f"{value:.{precision}f}"

    def format(self, value) -> str:
        """One value in the chosen style, right-aligned to the common width."""
        return self._text(value).rjust(self.width)


def _summarized_values(array: np.ndarray) -> np.ndarray:
    """The values that a summarised print shows; the formatter looks only at these."""
    edge = _OPTS.edgeitems
    if array.ndim == 0:
        return array.ravel()
    if array.ndim == 1:
        if array.shape[0] > 2 * edge:
            # (PyTorch keeps everything here when edge is 0, since a[-0:] is all of a.)
            return np.concatenate((array[:edge], array[-edge:]))
        return array
    if not edge:
        return array[:0].ravel()
    rows = _kept_rows(array.shape[0], summarize=True)
    return np.concatenate([_summarized_values(array[i]) for i in rows if i is not None])


def _kept_rows(length: int, summarize: bool) -> list:
    """Indices shown along one dimension; None marks where the ``...`` goes."""
    edge = _OPTS.edgeitems
    if summarize and length > 2 * edge:
        return list(range(edge)) + [None] + list(range(length - edge, length))
    return list(range(length))


def _vector_str(vector: np.ndarray, indent: int, summarize: bool, formatter: _Formatter) -> str:
    """A 1-d tensor: elements separated by ", ", wrapped to fit the line width."""
    element_width = formatter.width + 2  # the element and its ", "
    per_line = max(1, math.floor((_OPTS.linewidth - indent) / element_width))
    if summarize and not _OPTS.edgeitems:
        items = ["..."]
    else:
        # .item() gives a Python float/int/bool, which is what PyTorch formats.
        items = [" ..." if i is None else formatter.format(vector[i].item())
                 for i in _kept_rows(len(vector), summarize)]
    lines = [", ".join(items[i:i + per_line]) for i in range(0, len(items), per_line)]
    return "[" + (",\n" + " " * (indent + 1)).join(lines) + "]"


def _nested_str(array: np.ndarray, indent: int, summarize: bool, formatter: _Formatter) -> str:
    """Any tensor: recurse over the first dimension, one more space of indent per level."""
    if array.ndim == 0:
        return formatter.format(array.item())
    if array.ndim == 1:
        return _vector_str(array, indent, summarize, formatter)
    rows = ["..." if i is None else _nested_str(array[i], indent + 1, summarize, formatter)
            for i in _kept_rows(array.shape[0], summarize)]
    # Sub-blocks of a 3-d tensor are set apart by one empty line, of a 4-d by two, ...
    separator = "," + "\n" * (array.ndim - 1) + " " * (indent + 1)
    return "[" + separator.join(rows) + "]"


def _pytorch_len(suffix: str) -> int:
    """A suffix's length in PyTorch's text, where the package is named "torch"."""
    # Laying out with PyTorch's lengths keeps the lines where PyTorch puts them,
    # so that the two texts differ only in the package name.
    return len(suffix.replace("dtype=minigrad.", "dtype=torch."))


def _add_suffixes(text: str, suffixes: list, indent: int) -> str:
    """Append ", suffix" to the last line, or put it on a new line if it would overflow."""
    parts = [text]
    # (This is PyTorch's count: 2 more than the last line's length.)
    last_line_len = len(text) - text.rfind("\n") + 1
    for suffix in suffixes:
        length = _pytorch_len(suffix)
        if last_line_len + length + 2 > _OPTS.linewidth:
            parts.append(",\n" + " " * indent + suffix)
            last_line_len = indent + length
        else:
            parts.append(", " + suffix)
            last_line_len += length + 2
    parts.append(")")
    return "".join(parts)


def tensor_str(array: np.ndarray, dtype_name: str, *, grad_fn_name: str | None = None,
               requires_grad: bool = False, default_dtype: str = "float32",
               tangent=None) -> str:
    """The text of repr(t)/str(t) for a tensor with these contents.

    dtype_name is one of 'float32', 'float64', 'int64', 'int32', 'int16', 'int8', 'uint8', 'bool'.
    grad_fn_name e.g. 'AddBackward0' -> suffix 'grad_fn=<AddBackward0>';
    requires_grad=True (and no grad_fn) -> suffix 'requires_grad=True'.
    tangent (a dual tensor's, forward-mode AD) -> suffix f'tangent={tangent}' (a 0-d one formats
    as its number, as PyTorch's f-string does).
    Non-default dtypes get 'dtype=minigrad.float64' (the package is named
    minigrad where PyTorch says torch); default_dtype names the float dtype
    that goes without saying (get_default_dtype()).
    """
    if dtype_name not in _NUMPY_DTYPES:
        raise ValueError(f"cannot print dtype {dtype_name!r}; expected one of {list(_NUMPY_DTYPES)}")
    array = np.asarray(array, dtype=_NUMPY_DTYPES[dtype_name])
    indent = len(PREFIX)
    suffixes = []
    if array.size == 0:
        body = "[]"
        if array.ndim != 1:  # "[]" alone means shape (0,), as in NumPy
            suffixes.append(f"size={tuple(array.shape)}")
        # With no elements to show, even int64 and bool need their dtype spelled out.
        if dtype_name != default_dtype:
            suffixes.append(f"dtype=minigrad.{dtype_name}")
    else:
        if not _OPTS.edgeitems:  # rows shrink to "...", so give the shape
            suffixes.append(f"size={tuple(array.shape)}")
        if dtype_name != default_dtype and dtype_name not in _IMPLIED_DTYPES:
            suffixes.append(f"dtype=minigrad.{dtype_name}")
        summarize = array.size > _OPTS.threshold
        formatter = _Formatter(_summarized_values(array) if summarize else array)
        body = _nested_str(array, indent, summarize, formatter)
    if grad_fn_name is not None:
        suffixes.append(f"grad_fn=<{grad_fn_name}>")
    elif requires_grad:
        suffixes.append("requires_grad=True")
    if tangent is not None:
        suffixes.append(f"tangent={tangent}")
    return _add_suffixes(PREFIX + body, suffixes, indent)
