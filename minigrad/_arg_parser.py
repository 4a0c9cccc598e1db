"""PyTorch's argument parser.

PyTorch checks each call of a function or Tensor method against signature strings such as
`sum(IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None)` (its
torch/csrc/utils/python_arg_parser.cpp) and, when none fits, raises a TypeError in words of its
own. Most of minigrad's functions are plain Python, whose calls are not parsed on the way in (that
would slow every op down): only once a call has failed does `parsed` read it again against
PyTorch's strings, so that bad input gets PyTorch's TypeError rather than Python's or NumPy's.
ATen's ops that take many arguments (torch.layer_norm, torch.embedding, ...) are read on the way
in instead (`Signature.bind`), as their code would otherwise check each argument by hand.
"""
import functools
import numbers
import re
import sys

import numpy as np

from . import dtypes
from .tensor import Tensor

# The types a signature string can name, and how messages name them (FunctionParameter::type_name).
_TYPE_NAMES = {
    "Tensor": "Tensor", "Scalar": "Number", "int64_t": "int", "SymInt": "int", "double": "float",
    "complex": "complex", "TensorList": "tuple of Tensors", "IntArrayRef": "tuple of ints",
    "SymIntArrayRef": "tuple of ints", "ArrayRef<double>": "tuple of floats",
    "Generator": "minigrad.Generator", "bool": "bool", "PyObject*": "object",
    "ScalarType": "minigrad.dtype", "Layout": "minigrad.layout",
    "MemoryFormat": "minigrad.memory_format", "Device": "minigrad.device", "std::string": "str",
    "c10::string_view": "str", "ScalarList": "tuple of Scalars", "Storage": "minigrad.Storage",
}
# Functions whose Tensor parameters also take Python numbers (should_allow_numbers_as_tensors).
_NUMBERS_AS_TENSORS = {f"{n}{s}" for n in ("add", "div", "divide", "mul", "multiply", "sub",
                                           "subtract", "true_divide", "floor_divide")
                       for s in ("", "_")} | {"to", "copy_"}
# NumPy's names that the parser takes too (numpy_compatibility_arg_names).
_NUMPY_NAMES = {"dim": ("axis",), "keepdim": ("keepdims",), "input": ("x", "a", "x1"),
                "other": ("x2",)}


def type_name(x):
    """How PyTorch's messages name the type of x, its tp_name: a C type's has its module
    (numpy.float64, minigrad.dtype: PyTorch's own are C types), a Python class's has not."""
    if isinstance(x, Tensor):
        return "Tensor"
    if isinstance(x, dtypes.dtype):
        return "minigrad.dtype"
    t = type(x)
    if t.__module__ == "minigrad.storage":  # (PyTorch's parser names storages in full)
        return f"{t.__module__}.{t.__name__}"
    if t.__module__ == "builtins" or t.__flags__ & _HEAPTYPE and t.__module__ != "minigrad":
        return t.__name__
    return f"{t.__module__}.{t.__name__}"


_SCALAR_TYPES = (float, int, bool, complex)  # Python's types, taken for a dtype
_PYTHON_DTYPES = {float: dtypes.float64, int: dtypes.int64, bool: dtypes.bool}
_HEAPTYPE = 1 << 9  # Py_TPFLAGS_HEAPTYPE: a class made by a class statement


def _is_int(x):
    """THPUtils_checkLong: an int (not a bool) or a NumPy integer. minigrad's code that reads an
    int argument by hand asks this too."""
    return isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_))


def _is_float(x):
    """THPUtils_checkDouble: a real Python or NumPy number (a bool too: it is an int)."""
    return isinstance(x, (int, float, np.number)) and not isinstance(x, complex)


def _is_scalar_tensor(x, kinds="biufc"):
    """What the parser takes for an int64_t (of an integer dtype) or a double besides numbers:
    a 0-d tensor without a gradient. (Code reading arguments by hand takes only numbers.)"""
    return isinstance(x, Tensor) and x.dim() == 0 and not x.requires_grad and (
        x._data.dtype.kind in kinds)


def _is_int64(x):
    return _is_int(x) or _is_scalar_tensor(x, "iu")


def _is_int_tensor(x):
    """What a SymInt or an int list's item takes besides ints: a tensor of one integer (of any
    dims: PyTorch reads its item), which int64_t does not (it takes 0-d ones only)."""
    return isinstance(x, Tensor) and x.numel() == 1 and x._data.dtype.kind in "biu"


def _is_int_item(x):
    return _is_int_tensor(x) if isinstance(x, Tensor) else hasattr(x, "__index__")


def _is_index(x):
    """THPUtils_checkIndex, which the first item of an int list must pass: no bool."""
    return _is_int_item(x) and x.__class__ is not bool


def _is_symint(x):
    return _is_int(x) or _is_int_tensor(x)


def _is_int_list(x, size):
    """A tuple or list starting with an int (the rest is read later), or a single int when the
    type has a size (IntArrayRef[1] dim)."""
    if isinstance(x, (tuple, list)):
        return not x or _is_index(x[0])
    return size > 0 and _is_symint(x)


def _is_tensor_list(x, index):
    if not isinstance(x, (tuple, list)):
        return False
    for i, t in enumerate(x):
        if not isinstance(t, Tensor):
            raise TypeError(f"expected Tensor as element {i} in argument {index}, "
                            f"but got {type_name(t)}")
    return True


def _default(kind, size, text):
    """FunctionParameter::set_default_str: the value a default's text stands for. An int's is
    read by atol, so `reduction=at::Reduction::Mean` is 0 (reduction "none"), as in PyTorch."""
    if text in ("None", "True", "False"):
        return {"None": None, "True": True, "False": False}[text]
    if kind in ("int64_t", "SymInt"):
        return int(re.match(r"-?\d*", text)[0] or 0)
    if kind in ("IntArrayRef", "SymIntArrayRef"):
        return [int(v) for v in text[1:-1].split(",") if v] if text[0] in "{[" else [int(text)] * size
    if kind in ("double", "Scalar"):
        return float(text) if "." in text or "e" in text or kind == "double" else int(text)
    return text


class Parameter:
    """One `type name=default` of a signature string."""

    def __init__(self, text, keyword_only, index, numbers_as_tensors):
        kind, _, name = text.partition(" ")
        self.allow_none = "?" in kind or name.endswith("=None")  # (as PyTorch: a default None allows it)
        kind = kind.replace("?", "")
        self.size = int(kind[kind.index("[") + 1:-1] or 0) if "[" in kind else 0
        self.kind = kind.partition("[")[0]
        self.name, eq, self.default = name.partition("=")
        self.optional, self.keyword_only, self.index = bool(eq), keyword_only, index
        self.value = _default(self.kind, self.size, self.default) if eq else None
        self.numpy_names = _NUMPY_NAMES.get(self.name, ())
        self.check = self._check(numbers_as_tensors)
        self.convert = self._convert()

    def type_name(self):
        return _TYPE_NAMES[self.kind]

    def __str__(self):
        return f"{self.type_name()} {self.name}" + (f" = {self.default}" if self.optional else "")

    def _convert(self):
        """How PythonArgs hands the binding a value of this type: toDouble, toInt64 (of a 0-d
        tensor too), intlist (one int for IntArrayRef[2] is [int, int])."""
        k, size = self.kind, self.size
        if k == "double":
            return float
        if k in ("int64_t", "SymInt"):
            return int
        if k in ("IntArrayRef", "SymIntArrayRef"):
            return lambda x: [int(x)] * size if _is_symint(x) else [int(v) for v in x]
        return None

    def _check(self, numbers_as_tensors):
        """FunctionParameter::check for this parameter's type: whether it takes a value x."""
        k = self.kind
        if k == "Tensor":
            if numbers_as_tensors:
                return lambda x: isinstance(x, (Tensor, numbers.Number))
            return lambda x: isinstance(x, Tensor)
        if k == "int64_t":
            return _is_int64
        if k == "SymInt":
            return _is_symint
        if k == "double":
            return lambda x: _is_float(x) or _is_scalar_tensor(x)
        if k == "bool":
            return lambda x: x.__class__ is bool
        if k in ("IntArrayRef", "SymIntArrayRef"):
            return lambda x: _is_int_list(x, self.size)
        if k == "TensorList":
            return lambda x: _is_tensor_list(x, self.index)
        if k == "ArrayRef<double>":  # (is_float_or_complex_list: its first item is looked at)
            return lambda x: isinstance(x, (tuple, list)) and (not x or _is_float(x[0]))
        if k == "ScalarList":
            return lambda x: isinstance(x, (tuple, list)) and all(
                isinstance(v, (int, float, complex)) for v in x)
        if k == "Scalar":
            return lambda x: isinstance(x, (numbers.Number, np.bool_)) or _is_scalar_tensor(x)
        if k == "ScalarType":
            return lambda x: isinstance(x, dtypes.dtype) or isinstance(x, type) and x in _SCALAR_TYPES
        if k in ("std::string", "c10::string_view"):
            return lambda x: isinstance(x, str)
        if k == "Device":
            return lambda x: (isinstance(x, (int, str)) and x.__class__ is not bool  # (checkLong:
                              or type(x).__name__ == "device")                      # no bool)
        if k == "PyObject*":
            return lambda x: True
        if k == "Storage":
            return lambda x: type(x).__module__ == "minigrad.storage"
        name = self.type_name().rpartition(".")[2]  # Generator, layout, ...
        return lambda x: type(x).__name__ == name


class Signature:
    """A PyTorch signature string, parsed as FunctionSignature parses it."""

    def __init__(self, text):
        self.name, _, rest = text.partition("(")
        rest, _, flag = rest.rpartition(")")
        self.hidden = flag in ("|deprecated", "|hidden")
        self.params, keyword_only = [], False
        for i, p in enumerate(rest.split(", ") if rest else ()):
            if p == "*":
                keyword_only = True
            else:
                self.params.append(Parameter(p, keyword_only, len(self.params),
                                             self.name in _NUMBERS_AS_TENSORS))
        self.min_args = sum(not p.optional for p in self.params)
        self.max_pos_args = sum(not p.keyword_only for p in self.params)
        self.int_lists = [p for p in self.params if p.kind in ("IntArrayRef", "SymIntArrayRef")]
        self.varargs = self.max_pos_args == 1 and self.params[0] in self.int_lists

    def __str__(self):
        """FunctionSignature::toString: `*, ` before the first keyword-only parameter."""
        out, star = [], False
        for p in self.params:
            if p.keyword_only and not star:
                out.append("*")
                star = True
            out.append(str(p))
        return f"({', '.join(out)})"

    def _extra_args(self, nargs):
        lo, hi = self.min_args, self.max_pos_args
        if lo != hi:
            return TypeError(f"{self.name}() takes from {lo} to {hi} positional arguments but "
                             f"{nargs} were given")
        return TypeError(f"{self.name}() takes {hi} positional argument{'' if hi == 1 else 's'} "
                         f"but {nargs} {'was' if nargs == 1 else 'were'} given")

    def parse(self, args, kwargs, raise_error):
        """Whether the call fits (FunctionSignature::parse); with raise_error, PyTorch's TypeError
        instead of False. A fitting call's values, by parameter, for `_unpack`."""
        nargs, params, varargs = len(args), self.params, self.varargs
        if nargs > self.max_pos_args and not (varargs and _is_symint(args[0])):
            if raise_error:
                raise self._extra_args(nargs)
            return False
        values, pos, used = {}, 0, 0
        for i, p in enumerate(params):
            is_kwd = pos >= nargs
            if not is_kwd:
                if p.keyword_only:
                    if raise_error:
                        raise self._extra_args(nargs)
                    return False
                x = args[pos]
            else:
                x = kwargs.get(p.name, _MISSING) if kwargs else _MISSING
                if x is _MISSING and p.numpy_names and kwargs:
                    x = next((kwargs[n] for n in p.numpy_names if n in kwargs), _MISSING)
            if x is _MISSING and p.optional:
                pass
            elif x is None and p.allow_none:
                values[p.name] = None
            elif x is _MISSING:
                if raise_error:
                    missing = [f'"{q.name}"' for q in params[i:] if not q.optional]
                    raise TypeError(f"{self.name}() missing {len(missing)} required positional "
                                    f"argument{'s' if len(missing) == 1 else ''}: "
                                    f"{', '.join(missing)}")
                return False
            elif p.check(x):
                values[p.name] = x
            elif varargs and pos == 0 and not is_kwd and _is_int_list(args, p.size):
                values[p.name], pos = args, nargs  # view(2, 3) as view((2, 3))
                continue
            elif raise_error:
                where = "" if is_kwd else f" (position {pos + 1})"
                if (not is_kwd and p.kind in ("IntArrayRef", "SymIntArrayRef")
                        and isinstance(x, (tuple, list))):  # (the first item that is no int)
                    bad = next(j for j, item in enumerate(x) if not _is_index(item))
                    raise TypeError(f"{self.name}(): argument '{p.name}'{where} must be "
                                    f"{p.type_name()}, but found element of type "
                                    f"{type_name(x[bad])} at pos {bad}")
                raise TypeError(f"{self.name}(): argument '{p.name}'{where} must be "
                                f"{p.type_name()}, not {type_name(x)}")
            else:
                return False
            if not is_kwd:
                pos += 1
            elif x is not _MISSING:
                used += 1
        if used < len(kwargs):
            if raise_error:
                for k in kwargs:
                    i = next((i for i, p in enumerate(params) if k == p.name), -1)
                    if i < 0:
                        raise TypeError(f"{self.name}() got an unexpected keyword argument '{k}'")
                    if i < nargs:
                        raise TypeError(f"{self.name}() got multiple values for argument '{k}'")
                raise TypeError("invalid keyword arguments")
            return False
        return values

    def unpack(self, values):
        """PythonArgs::intlist: each item of an int list must be an int, which only reading the
        list finds out."""
        for p in self.int_lists:
            x = values.get(p.name)
            if isinstance(x, (tuple, list)):
                for i, item in enumerate(x):
                    if not _is_int_item(item):
                        raise TypeError(f"{self.name}(): argument '{p.name}' failed to unpack "
                                        f"the object at pos {i + 1} with error \"type must be "
                                        f"tuple of ints,but got {type_name(item)}\"")
        for p in self.params:  # TensorList[2] out: two tensors (PythonArgs::tensorlist_n)
            x = values.get(p.name)
            if p.kind == "TensorList" and isinstance(x, (tuple, list)) and len(x) != p.size > 0:
                raise TypeError(f"expected tuple of {p.size} elements but got {len(x)}")

    def bind(self, args, kwargs):
        """The values of a call this signature takes, one per parameter in its order, defaults
        filled in (as PythonArgs hands them to the binding); else PyTorch's TypeError."""
        return self.values(self.parse(args, kwargs, True))

    def values(self, values):
        """bind's values of a call that `parse` took (its answer): checked, converted, defaults
        filled in."""
        self.unpack(values)
        return [p.value if (x := values.get(p.name, _MISSING)) is _MISSING else
                x if x is None or p.convert is None else p.convert(x) for p in self.params]


_MISSING = object()
_PARSED = {}


def error(signatures, args, kwargs):
    """PyTorch's TypeError if its parser refuses `args` and `kwargs` (self left out for a method)
    for `signatures`, PyTorch's strings; None if the call fits one of them."""
    try:
        bind(signatures, args, kwargs)
    except TypeError as e:
        return e
    return None


def bind(signatures, args, kwargs):
    """PythonArgParser::raw_parse: the values of the first of `signatures` that takes the call,
    by name, defaults filled in; one signature raises its own words, several the list of them
    all (print_error)."""
    sigs = _parsed(signatures)
    if len(sigs) == 1:
        return dict(zip((p.name for p in sigs[0].params), sigs[0].bind(args, kwargs)))
    for s in sigs:
        if (values := s.parse(args, kwargs, False)) is not False:
            return dict(zip((p.name for p in s.params), s.values(values)))
    n = len(args) + len(kwargs)
    plausible = [s for s in sigs if s.min_args <= n <= len(s.params) and not s.hidden]
    if len(plausible) == 1:
        plausible[0].parse(args, kwargs, True)
    raise TypeError(invalid_arguments(sigs[0].name, args, kwargs, printed(signatures)))


def symint_item(x, in_list=False):
    """A SymInt's tensor read as its int: one of a bool passes the parser (its __index__ works)
    but not the check of its item, in words that depend on the way there."""
    if x._data.dtype.kind == "b":
        raise RuntimeError(
            "Expected scalar.isIntegral( false) to be true, but got false.  (Could this error "
            "message be improved?  If so, please report an enhancement request to PyTorch.)"
            if in_list else "scalar.isIntegral( false) INTERNAL ASSERT FAILED at "
            '"/__w/pytorch/pytorch/torch/csrc/utils/pybind.cpp":27, please report a bug to PyTorch. ')
    return x.__index__()


def _first_fit(signatures, args, kwargs):
    """The first of `signatures` that takes the call, and its parsed values; (None, None)."""
    for sig in _parsed(signatures):
        if (values := sig.parse(args, kwargs, False)) is not False:
            return sig, values
    return None, None


def _reread(signatures, args, kwargs, exc):
    """A failed call as PyTorch's parser would have passed it on (ints read from tensors, or
    keywords given by position), to try again; None if it reads the same."""
    return read_ints(signatures, args, kwargs) or (
        as_positional(signatures, args, kwargs) if _renamed(exc) else None)


def read_ints(signatures, args, kwargs):
    """PythonArgs::toInt64 and intlist: the binding hands ATen plain ints, reading a tensor the
    parser took for one (a 0-d integer tensor as a dim, a one-element one as a size) by its item,
    and dtypes (Python's float, int, bool as PyTorch's). The call (args, kwargs) with those
    replaced; None if it has none."""
    sig, values = _first_fit(signatures, args, kwargs)
    if sig is None:
        return None

    def read(p, x, item=False):
        if p.kind == "ScalarType" and isinstance(x, type) and x in _SCALAR_TYPES[:3]:
            return _PYTHON_DTYPES[x]  # dtype=float is float64, as PyTorch reads it
        if isinstance(x, Tensor) and p.kind in ("int64_t", "SymInt", "IntArrayRef", "SymIntArrayRef"):
            return symint_item(x, item) if p.kind.startswith("Sym") else int(x)
        if p.kind in ("IntArrayRef", "SymIntArrayRef") and isinstance(x, (tuple, list)) and any(
                isinstance(v, Tensor) for v in x):
            return type(x)(read(p, v, True) for v in x)
        return x
    given, args, kwargs, read_any = args, list(args), dict(kwargs), False
    for i, p in enumerate(sig.params):
        x = values.get(p.name, _MISSING)
        y = read(p, x)
        if y is x:
            continue
        read_any = True
        if x is given:
            args = list(y)  # view(2, tensor(3)) as view((2, tensor(3)))
        elif i < len(args):
            args[i] = y
        else:
            kwargs[next(k for k in (p.name, *p.numpy_names) if k in kwargs)] = y
    return (args, kwargs) if read_any else None


def as_positional(signatures, args, kwargs):
    """A call PyTorch's parser takes with arguments named as minigrad's Python does not name its
    parameters (torch.bitwise_and(self=3, other=t)): the call (args, kwargs) with the keywords
    that follow args in the signature (before its `*`, up to the first one not given) given by
    position instead; None if there are none."""
    sig, values = _first_fit(signatures, args, kwargs)
    if sig is None:
        return None
    named = []
    for p in sig.params[len(args):]:
        if p.keyword_only or p.name not in values:
            break
        named.append(p)
    if not named:
        return None
    kwargs = {k: v for k, v in kwargs.items()
              if not any(k in (p.name, *p.numpy_names) for p in named)}
    return [*args, *(values[p.name] for p in named)], kwargs


def _renamed(exc):
    """Whether fn refused a keyword (its Python names that parameter otherwise: self=)."""
    return isinstance(exc, TypeError) and "unexpected keyword argument" in str(exc)


def _parsed(signatures):
    sigs = _PARSED.get(signatures)
    if sigs is None:
        sigs = _PARSED[signatures] = [Signature(s) for s in signatures]
        sigs.sort(key=lambda s: s.hidden)  # deprecated ones are tried last
    return sigs


def printed(signatures):
    """How an invalid-combination error lists `signatures`: deprecated ones left out."""
    return [str(s) for s in _parsed(signatures) if not s.hidden]


def no_keywords(self, name):
    """CPython's words for keywords given to a C method that takes none: since Python 3.11 they
    name the class defining it (TensorBase), before that the object's own type (Parameter)."""
    owner = "TensorBase" if sys.version_info >= (3, 11) else type(self).__name__
    return TypeError(f"{owner}.{name}() takes no keyword arguments")


def method_no_arguments(self, name, args, kwargs):
    """CPython's own words for a method that takes no arguments (METH_NOARGS), as PyTorch's
    `x.relu(1)` gets them: keywords are looked at first."""
    if kwargs:
        return no_keywords(self, name)
    return TypeError(f"TensorBase.{name}() takes no arguments ({len(args)} given)")


def c_function(fn, name, nargs):
    """fn called as CPython calls a C function of no argument (nargs 0: METH_NOARGS) or one
    (METH_O), such as torch.set_num_threads: keywords are refused first, then a wrong count, in
    CPython's words naming it `name`."""
    def call(*args, **kwargs):
        if kwargs:
            raise TypeError(f"{name}() takes no keyword arguments")
        if len(args) != nargs:
            raise TypeError(f"{name}() takes no arguments ({len(args)} given)" if nargs == 0 else
                            f"{name}() takes exactly one argument ({len(args)} given)")
        return fn(*args)
    return functools.update_wrapper(call, fn)


# --- format_invalid_args (torch/csrc/utils/invalid_arguments.cpp) ---------------------------------
# It reads the printed options back: a parameter's type is its text up to the last space, so one
# printed with a default ("bool keepdim = False") never matches, nor does "Number".
def _matches(param, x):
    kind = param.rpartition(" ")[0]
    return type_name(x) in {"float": ("float", "int"), "int": ("int",)}.get(kind, (kind,))


def _described(x):
    if isinstance(x, (tuple, list)):
        items = ", ".join(map(type_name, x)) + ("," if isinstance(x, tuple) and len(x) == 1 else "")
        return f"tuple of ({items})" if isinstance(x, tuple) else f"list of [{items}]"
    return type_name(x)


def _formatted(params, args, kwargs):
    """The call's types, each between !s when the parameter at its place does not take it (a
    keyword's value is read by the name of the parameter at its place)."""
    out = []
    for i, (k, x) in enumerate([(None, a) for a in args] + list(kwargs.items())):
        x = kwargs.get(params[i].rpartition(" ")[2], x) if k else x
        ok = _matches(params[i], x)
        text = (f"{params[i].rpartition(' ')[2]}=" if k else "") + _described(x)
        out.append(text if ok else f"!{text}!")
    return "(" + ", ".join(out) + ("" if args else ", " * bool(kwargs)) + ")"


def _unmatched_keywords(params, kwargs):
    names = [p.rpartition(" ")[2] for p in params[max(len(params) - len(kwargs), 0):]]
    return [k for k in kwargs if k not in names]


def invalid_arguments(name, args, kwargs, options):
    """`name() received an invalid combination of arguments`, with the printed `options`.
    PyTorch lists the keywords as its std::unordered_map holds them: for two, always the other
    way round from the call (for more, most often)."""
    kwargs = dict(reversed(kwargs.items()))
    got = "(" + ", ".join([type_name(a) for a in args] + [f"{k}={type_name(v)}" for k, v in
                                                           kwargs.items()])
    got += ("" if args else ", " * bool(kwargs)) + ")"
    msg = f"{name}() received an invalid combination of arguments - "
    if len(options) == 1:
        params = options[0][1:-1].split(", ")
        unmatched = _unmatched_keywords(params, kwargs) if kwargs else []
        if unmatched:
            return msg + "got unrecognized keyword arguments: " + ", ".join(unmatched)
        fits = len(args) + len(kwargs) == len(params)
        return (msg + f"got {_formatted(params, args, kwargs) if fits else got}, "
                f"but expected {options[0]}")
    msg += f"got {got}, but expected one of:\n"
    for option in options:
        msg += f" * {option}\n"
        params = option[1:-1].split(", ")
        if len(args) + len(kwargs) == len(params):
            unmatched = _unmatched_keywords(params, kwargs) if kwargs else []
            msg += ("      didn't match because some of the keywords were incorrect: "
                    + ", ".join(unmatched) + "\n" if unmatched else
                    "      didn't match because some of the arguments have invalid types: "
                    + _formatted(params, args, kwargs) + "\n")
    return msg


# --- which functions and methods are read so, and with what ------------------------------------
# PyTorch's signature strings of torch.<name> (as its generated bindings have them); a method's
# are the same without `Tensor input` and `out` (`_method_signature`), unless "Tensor.<name>" has
# its own. The keywords every creation function takes (a `_like` one: a memory format, not out=):
_FACTORY = ("*, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
            "bool? pin_memory=False, bool? requires_grad=False")
_LIKE = ("*, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, "
         "Device? device=None, bool? pin_memory=False, bool? requires_grad=False")
SIGNATURES = {
    "sum": ("sum(Tensor input, *, ScalarType? dtype=None)",
            "sum(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, "
            "Tensor out=None)"),
    "mean": ("mean(Tensor input, *, ScalarType? dtype=None, Tensor out=None)",
             "mean(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, "
             "ScalarType? dtype=None, Tensor out=None)"),
    "prod": ("prod(Tensor input, *, ScalarType? dtype=None)",
             "prod(Tensor input, int64_t dim, bool keepdim=False, *, ScalarType? dtype=None, "
             "Tensor out=None)"),
    **{n: (f"{n}(Tensor input, *, Tensor out=None)",
           f"{n}(Tensor input, Tensor other, *, Tensor out=None)",
           f"{n}(Tensor input, int64_t dim, bool keepdim=False, *, TensorList[2] out=None)")
       for n in ("max", "min")},
    **{n: (f"{n}(Tensor input, *, Tensor out=None)",
           f"{n}(Tensor input, IntArrayRef? dim=None, bool keepdim=False, *, Tensor out=None)",
           f"{n}(Tensor input, int64_t dim, bool keepdim=False, *, Tensor out=None)")
       for n in ("all", "any")},
    **{n: (f"{n}(Tensor input, int64_t? dim=None, bool keepdim=False, *, Tensor out=None)",)
       for n in ("argmax", "argmin")},
    **{n: (f"{n}(Tensor input, IntArrayRef[1] dim=[], bool keepdim=False, *, Tensor out=None)",)
       for n in ("amax", "amin")},
    "logsumexp": ("logsumexp(Tensor input, IntArrayRef[1] dim, bool keepdim=False, *, "
                  "Tensor out=None)",),
    "cumsum": ("cumsum(Tensor input, int64_t dim, *, ScalarType? dtype=None, Tensor out=None)",),
    "cumprod": ("cumprod(Tensor input, int64_t dim, *, ScalarType? dtype=None, Tensor out=None)",),
    **{n: (f"{n}(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)",
           f"{n}(Tensor input, Scalar alpha, Tensor other, *, Tensor out=None)|deprecated")
       for n in ("add", "sub")},
    "mul": ("mul(Tensor input, Tensor other, *, Tensor out=None)",),
    "div": ("div(Tensor input, Tensor other, *, Tensor out=None)",
            "div(Tensor input, Tensor other, *, c10::string_view? rounding_mode, Tensor out=None)"),
    "Tensor.div": ("div(Tensor other)", "div(Tensor other, *, c10::string_view? rounding_mode)",
                   "div(Scalar other, *, c10::string_view? rounding_mode)"),
    "matmul": ("matmul(Tensor input, Tensor other, *, Tensor out=None)",),
    "mm": ("mm(Tensor input, Tensor mat2, *, Tensor out=None)",),
    "bmm": ("bmm(Tensor input, Tensor mat2, *, Tensor out=None)",),
    "dot": ("dot(Tensor input, Tensor tensor, *, Tensor out=None)",),
    "reshape": ("reshape(Tensor input, SymIntArrayRef shape)",),
    "Tensor.view": ("view(ScalarType dtype)", "view(SymIntArrayRef size)"),
    "Tensor.masked_fill_": ("masked_fill_(Tensor mask, Tensor value)",
                            "masked_fill_(Tensor mask, Scalar value)"),
    **{f"Tensor.{n}_": (f"{n}_(Tensor other, *, Scalar alpha=1)",
                        f"{n}_(Scalar alpha, Tensor other)|deprecated") for n in ("add", "sub")},
    "Tensor.mul_": ("mul_(Tensor other)",),
    "Tensor.div_": ("div_(Tensor other)", "div_(Tensor other, *, c10::string_view? rounding_mode)",
                    "div_(Scalar other, *, c10::string_view? rounding_mode)"),
    "Tensor.transpose_": ("transpose_(int64_t dim0, int64_t dim1)",),
    "Tensor.unsqueeze_": ("unsqueeze_(int64_t dim)",),
    "Tensor.squeeze_": ("squeeze_()", "squeeze_(int64_t dim)", "squeeze_(IntArrayRef dim)"),
    "Tensor.expand": ("expand(SymIntArrayRef size, *, bool implicit=False)",),
    "Tensor.repeat": ("repeat(SymIntArrayRef repeats)",),
    "Tensor.type_as": ("type_as(Tensor other)",),
    "Tensor.expand_as": ("expand_as(Tensor other)",),
    "Tensor.view_as": ("view_as(Tensor other)",),
    "Tensor.reshape_as": ("reshape_as(Tensor other)",),
    "transpose": ("transpose(Tensor input, int64_t dim0, int64_t dim1)",),
    "permute": ("permute(Tensor input, IntArrayRef dims)",),
    "flip": ("flip(Tensor input, IntArrayRef dims)",),
    "squeeze": ("squeeze(Tensor input)", "squeeze(Tensor input, int64_t dim)",
                "squeeze(Tensor input, IntArrayRef dim)"),
    "unsqueeze": ("unsqueeze(Tensor input, int64_t dim)",),
    "flatten": ("flatten(Tensor input, int64_t start_dim=0, int64_t end_dim=-1)",),
    "chunk": ("chunk(Tensor input, int64_t chunks, int64_t dim=0)",),
    "narrow": ("narrow(Tensor input, int64_t dim, Tensor start, SymInt length)",
               "narrow(Tensor input, int64_t dim, SymInt start, SymInt length)"),
    "clone": ("clone(Tensor input, *, MemoryFormat? memory_format=None)",),
    **{n: (f"{n}(Tensor input, int64_t dim, ScalarType? dtype=None, *, Tensor out=None)",)
       for n in ("softmax", "log_softmax")},
    "gather": ("gather(Tensor input, int64_t dim, Tensor index, *, bool sparse_grad=False, "
               "Tensor out=None)",),
    "masked_fill": ("masked_fill(Tensor input, Tensor mask, Tensor value)",
                    "masked_fill(Tensor input, Tensor mask, Scalar value)"),
    "topk": ("topk(Tensor input, SymInt k, int64_t dim=-1, bool largest=True, bool sorted=True, *, "
             "TensorList[2] out=None)",),
    "sort": ("sort(Tensor input, *, bool? stable, int64_t dim=-1, bool descending=False, "
             "TensorList[2] out=None)",
             "sort(Tensor input, int64_t dim=-1, bool descending=False, *, "
             "TensorList[2] out=None)"),
    # creation: what a first lesson types (a size as ints or one tuple of ints)
    **{n: (f"{n}(SymIntArrayRef size, {_FACTORY})",) for n in ("zeros", "ones")},
    "empty": (f"empty(SymIntArrayRef size, *, MemoryFormat? memory_format=None, {_FACTORY[3:]})",),
    **{n: (f"{n}(SymIntArrayRef size, *, Generator? generator, {_FACTORY[3:]})",
           f"{n}(SymIntArrayRef size, {_FACTORY})") for n in ("rand", "randn")},
    "randint": (f"randint(SymInt high, SymIntArrayRef size, *, Generator? generator, {_FACTORY[3:]})",
                f"randint(SymInt high, SymIntArrayRef size, {_FACTORY})",
                f"randint(SymInt low, SymInt high, SymIntArrayRef size, *, Generator? generator, "
                f"{_FACTORY[3:]})",
                f"randint(SymInt low, SymInt high, SymIntArrayRef size, {_FACTORY})"),
    "full": (f"full(SymIntArrayRef size, Scalar fill_value, {_FACTORY})",),
    "eye": (f"eye(SymInt n, {_FACTORY})", f"eye(SymInt n, SymInt m, {_FACTORY})"),
    "arange": (f"arange(Scalar end, {_FACTORY})",
               f"arange(Scalar start, Scalar end, {_FACTORY.replace('Tensor out=None, ', '')})",
               f"arange(Scalar start, Scalar end, Scalar step=1, {_FACTORY})"),
    **{n: tuple(f"{n}({a} start, {b} end, int64_t steps, {base}{_FACTORY})"
                for a, b in (("Tensor", "Tensor"), ("Scalar", "Tensor"), ("Tensor", "Scalar"),
                             ("Scalar", "Scalar")))
       for n, base in (("linspace", ""), ("logspace", "double base=10.0, "))},
    **{n: (f"{n}(Tensor input, {_LIKE})",) for n in ("zeros_like", "ones_like", "empty_like")},
    "full_like": (f"full_like(Tensor input, Scalar fill_value, {_LIKE})",),
    **{n: (f"{n}(Tensor input, *, Generator? generator, {_LIKE[3:]})", f"{n}(Tensor input, {_LIKE})")
       for n in ("rand_like", "randn_like")},
    "tensor": ("tensor(PyObject* data, *, ScalarType dtype=None, Device? device=None, "
               "bool pin_memory=False, bool requires_grad=False)",),
    **{n: (f"{n}(Tensor input, TensorList indices, Tensor values, bool accumulate=False)",)
       for n in ("index_put", "index_put_")},
    "as_tensor": ("as_tensor(PyObject* data, *, ScalarType dtype=None, Device? device=None)",),
    "Tensor.new_tensor": ("new_tensor(PyObject* data, *, ScalarType dtype=None, Device? device=None, "
                          "bool pin_memory=False, bool requires_grad=False)",),
    "where": ("where(Tensor condition)",
              "where(Tensor condition, Tensor input, Tensor other, *, Tensor out=None)",
              "where(Tensor condition, Scalar self, Tensor other)",
              "where(Tensor condition, Tensor input, Scalar other)",
              "where(Tensor condition, Scalar self, Scalar other)"),
    "Tensor.where": ("where(Tensor condition, Tensor other)", "where(Tensor condition, Scalar other)"),
    "Tensor.numpy": ("numpy(*, bool force=False)",),
    "Tensor.size": ("size(int64_t? dim=None)",),
    "Tensor.stride": ("stride(int64_t? dim=None)",),
    "argsort": ("argsort(Tensor input, *, bool stable, int64_t dim=-1, bool descending=False, "
                "Tensor out=None)",
                "argsort(Tensor input, int64_t dim=-1, bool descending=False)"),
}

SIGNATURES.update({  # indexing, scatters and more (torch.<name>; methods derived)
    "index_select": ("index_select(Tensor input, int64_t dim, Tensor index, *, Tensor out=None)",),
    "scatter_add": ("scatter_add(Tensor input, int64_t dim, Tensor index, Tensor src, *, "
                    "Tensor out=None)",),
    "index_add": ("index_add(Tensor input, int64_t dim, Tensor index, Tensor source, *, "
                  "Scalar alpha=1, Tensor out=None)",),
    "index_copy": ("index_copy(Tensor input, int64_t dim, Tensor index, Tensor source, *, "
                   "Tensor out=None)",),
    "take": ("take(Tensor input, Tensor index, *, Tensor out=None)",),
    "masked_select": ("masked_select(Tensor input, Tensor mask, *, Tensor out=None)",),
    "masked_scatter": ("masked_scatter(Tensor input, Tensor mask, Tensor source)",),
    "select": ("select(Tensor input, int64_t dim, SymInt index)",),
    "narrow_copy": ("narrow_copy(Tensor input, int64_t dim, SymInt start, SymInt length, *, "
                    "Tensor out=None)",),
    "unbind": ("unbind(Tensor input, int64_t dim=0)",),
    "roll": ("roll(Tensor input, SymIntArrayRef[1] shifts, IntArrayRef[1] dims=None)",),
    "diagonal": ("diagonal(Tensor input, int64_t offset=0, int64_t dim1=0, int64_t dim2=1)",),
    "diag_embed": ("diag_embed(Tensor input, int64_t offset=0, int64_t dim1=-2, "
                   "int64_t dim2=-1)",),
    "diagflat": ("diagflat(Tensor input, int64_t offset=0)",),
    "diff": ("diff(Tensor input, int64_t n=1, int64_t dim=-1, Tensor? prepend=None, "
             "Tensor? append=None, *, Tensor out=None)",),
    "nansum": ("nansum(Tensor input, IntArrayRef[1]? dim=None, bool keepdim=False, *, "
               "ScalarType? dtype=None, Tensor out=None)",),
    "nanmean": ("nanmean(Tensor input, IntArrayRef[1]? dim=None, bool keepdim=False, *, "
                "ScalarType? dtype=None, Tensor out=None)",),
    "logit": ("logit(Tensor input, double? eps=None, *, Tensor out=None)",),
    "nan_to_num": ("nan_to_num(Tensor input, double? nan=None, double? posinf=None, "
                   "double? neginf=None, *, Tensor out=None)",),
    "rot90": ("rot90(Tensor input, int64_t k=1, IntArrayRef dims={0,1})",),
    **{n: (f"{n}(Tensor input, int64_t {a}0, int64_t {a}1)",)
       for n, a in (("swapaxes", "axis"), ("swapdims", "dim"))},
    **{n: (f"{n}(Tensor input, int64_t source, int64_t destination)",
           f"{n}(Tensor input, IntArrayRef source, IntArrayRef destination)")
       for n in ("movedim", "moveaxis")},
    "cov": ("cov(Tensor input, *, int64_t correction=1, Tensor? fweights=None, "
            "Tensor? aweights=None)",),
    "Tensor.unfold": ("unfold(int64_t dimension, int64_t size, int64_t step)",),
    "Tensor.nonzero": ("nonzero()", "nonzero(*, bool as_tuple)"),
    "Tensor.contiguous": ("contiguous(*, MemoryFormat memory_format=contiguous_format)",),
    "Tensor.is_contiguous": ("is_contiguous(*, MemoryFormat memory_format=contiguous_format)",),
    **{f"Tensor.{n}": (f"{n}(*, MemoryFormat? memory_format=None)",)
       for n in ("bool", "byte", "char", "short", "int", "long", "float", "double", "cpu")},
    **{f"Tensor.{n}_": (f"{n}_(int64_t dim, *, ScalarType? dtype=None)",)
       for n in ("cumsum", "cumprod")},
    **{f"Tensor.{n}": (f"{n}(int64_t dim, Tensor index, Tensor value)",
                       f"{n}(int64_t dim, Tensor index, Scalar value)")
       for n in ("index_fill", "index_fill_")},
    **{f"Tensor.{n}": (f"{n}(Tensor end, Tensor weight)", f"{n}(Tensor end, Scalar weight)")
       for n in ("lerp", "lerp_")},
    **{f"Tensor.{n}": (f"{n}(int64_t dim, Tensor index, Tensor src)",
                       f"{n}(int64_t dim, Tensor index, Tensor src, *, c10::string_view reduce)",
                       f"{n}(int64_t dim, Tensor index, Scalar value)",
                       f"{n}(int64_t dim, Tensor index, Scalar value, *, c10::string_view reduce)")
       for n in ("scatter", "scatter_")},
    **{f"Tensor.{n}": (f"{n}(Tensor other)", f"{n}(Scalar other)")
       for n in ("multiply", "multiply_", "true_divide", "true_divide_", "xlogy", "xlogy_",
                 "bitwise_and_", "bitwise_or_", "bitwise_xor_", "bitwise_left_shift",
                 "bitwise_right_shift", "copysign_", "eq_", "ne_", "lt_", "le_", "gt_", "ge_",
                 "greater_", "greater_equal_", "less_", "less_equal_", "not_equal_")},
    **{f"Tensor.{n}": (f"{n}(Tensor other, *, Scalar alpha=1)",
                       f"{n}(Scalar other, Scalar alpha=1)")
       for n in ("subtract", "subtract_")},
    **{f"Tensor.{n}": (f"{n}(Tensor other)",
                       f"{n}(Tensor other, *, c10::string_view? rounding_mode)",
                       f"{n}(Scalar other)",
                       f"{n}(Scalar other, *, c10::string_view? rounding_mode)")
       for n in ("divide", "divide_")},
    **{f"Tensor.{n}": (f"{n}(Tensor exponent)", f"{n}(Scalar exponent)")
       for n in ("pow_", "float_power", "float_power_")},
    "Tensor.requires_grad_": ("requires_grad_(bool requires_grad=True)",),
    "Tensor.to": tuple(f"to({first}, bool non_blocking=False, bool copy=False, *, "
                       "MemoryFormat? memory_format=None)"
                       for first in ("Device device=None, ScalarType dtype=None",
                                     "ScalarType dtype", "Tensor tensor")),
    **{f"Tensor.new_{n}": (f"new_{n}(SymIntArrayRef size, {fill}*, ScalarType? dtype=None, "
                           "Layout? layout=None, Device? device=None, bool? pin_memory=False, "
                           "bool? requires_grad=False)",)
       for n, fill in (("zeros", ""), ("ones", ""), ("empty", ""),
                       ("full", "Scalar fill_value, "))},
    "Tensor.repeat_interleave": (
        "repeat_interleave(Tensor repeats, int64_t? dim=None, *, SymInt? output_size=None)",
        "repeat_interleave(SymInt repeats, int64_t? dim=None, *, SymInt? output_size=None)"),
    "Tensor.tensor_split": ("tensor_split(SymIntArrayRef indices, int64_t dim=0)",
                            "tensor_split(Tensor tensor_indices_or_sections, int64_t dim=0)",
                            "tensor_split(SymInt sections, int64_t dim=0)"),
})

SIGNATURES.update({  # what a student most often gets wrong: reductions, sorting, scatters
    **{n: (f"{n}(Tensor input, Tensor tensor1, Tensor tensor2, *, Scalar value=1, Tensor out=None)",
           f"{n}(Tensor input, Scalar value, Tensor tensor1, Tensor tensor2, *, "
           "Tensor out=None)|deprecated")
       for n in ("addcmul", "addcdiv")},
    **{f"Tensor.{n}": (f"{n}(Tensor tensor1, Tensor tensor2, *, Scalar value=1)",
                       f"{n}(Scalar value, Tensor tensor1, Tensor tensor2)|deprecated")
       for n in ("addcmul", "addcdiv", "addcmul_", "addcdiv_")},
    "scatter_reduce": ("scatter_reduce(Tensor input, int64_t dim, Tensor index, Tensor src, "
                       "c10::string_view reduce, *, bool include_self=True, Tensor out=None)",),
    "index_reduce": ("index_reduce(Tensor input, int64_t dim, Tensor index, Tensor source, "
                     "c10::string_view reduce, *, bool include_self=True, Tensor out=None)",),
    "index_fill": ("index_fill(Tensor input, int64_t dim, Tensor index, Tensor value)",
                   "index_fill(Tensor input, int64_t dim, Tensor index, Scalar value)"),
    "Tensor.scatter_reduce_": ("scatter_reduce_(int64_t dim, Tensor index, Tensor src, "
                               "c10::string_view reduce, *, bool include_self=True)",),
    "scatter": tuple(f"scatter(Tensor input, int64_t dim, Tensor index, {v}, *, {r}Tensor out=None)"
                     for v in ("Tensor src", "Scalar value") for r in ("", "c10::string_view reduce, ")),
    **{n: tuple(f"{n}(Tensor input, {q} q, int64_t? dim=None, bool keepdim=False, *, "
                'c10::string_view interpolation="linear", Tensor out=None)'
                for q in ("Tensor", "double"))
       for n in ("quantile", "nanquantile")},
    "pow": ("pow(Tensor input, Tensor exponent, *, Tensor out=None)",
            "pow(Scalar self, Tensor exponent, *, Tensor out=None)",
            "pow(Tensor input, Scalar exponent, *, Tensor out=None)"),
    "Tensor.pow": ("pow(Tensor exponent)", "pow(Scalar exponent)"),
    # torch.split and Tensor.split are Python's: they call one of these (ops.split reads them)
    "_VF.split": ("split(Tensor input, SymInt split_size, int64_t dim=0)",
                  "split(Tensor input, SymIntArrayRef split_size, int64_t dim=0)"),
    "split_with_sizes": ("split_with_sizes(Tensor input, SymIntArrayRef split_sizes, "
                         "int64_t dim=0)",),
    **{n: (f"{n}(Tensor input, int64_t dim=-1, bool keepdim=False, *, TensorList[2] out=None)",)
       for n in ("mode",)},
    **{n: (f"{n}(Tensor input)",
           f"{n}(Tensor input, int64_t dim, bool keepdim=False, *, TensorList[2] out=None)")
       for n in ("median", "nanmedian")},
    "kthvalue": ("kthvalue(Tensor input, SymInt k, int64_t dim=-1, bool keepdim=False, *, "
                 "TensorList[2] out=None)",),
    "aminmax": ("aminmax(Tensor input, *, int64_t? dim=None, bool keepdim=False, "
                "TensorList[2] out=None)",),
    **{n: (f"{n}(Tensor input, int64_t dim, *, TensorList[2] out=None)",)
       for n in ("cummax", "cummin")},
    "logcumsumexp": ("logcumsumexp(Tensor input, int64_t dim, *, Tensor out=None)",),
    "cross": ("cross(Tensor input, Tensor other, int64_t? dim=None, *, Tensor out=None)",),
    "dist": ("dist(Tensor input, Tensor other, Scalar p=2)",),
    "renorm": ("renorm(Tensor input, Scalar p, int64_t dim, Scalar maxnorm, *, Tensor out=None)",),
    "count_nonzero": ("count_nonzero(Tensor input, int64_t? dim=None)",
                      "count_nonzero(Tensor input, IntArrayRef dim)"),
    "unflatten": ("unflatten(Tensor input, int64_t dim, SymIntArrayRef sizes)",),
    "tile": ("tile(Tensor input, SymIntArrayRef dims)",),
    **{n: (f"{n}(TensorList tensors, int64_t dim=0, *, Tensor out=None)",) for n in ("cat", "stack")},
    # (torch.norm is Python's: it calls this one; ops.norm reads it)
    "linalg_vector_norm": ("linalg_vector_norm(Tensor input, Scalar ord=2, "
                           "IntArrayRef[1]? dim=None, bool keepdim=False, *, "
                           "ScalarType? dtype=None, Tensor out=None)",),
})

# torch.special's orthogonal polynomials, as their ATen names
SPECIAL_POLYNOMIALS = tuple(f"special_{p}_polynomial_{k}" for p, ks in (
    ("chebyshev", "tuvw"), ("shifted_chebyshev", "tuvw"), ("hermite", ("h", "he")),
    ("laguerre", "l"), ("legendre", "p")) for k in ks)

SIGNATURES.update({  # functions that check their own calls (ops._invalid_combination lists these)
    "randperm": (f"randperm(SymInt n, *, Generator? generator, {_FACTORY[3:]})",
                 f"randperm(SymInt n, {_FACTORY})"),
    **{n: (f"{n}(Tensor input, Tensor other, *, Tensor out=None)",
           f"{n}(Tensor input, Scalar other, *, Tensor out=None)")
       for n in ("fmod", "copysign", "eq", "ne", "lt", "le", "gt", "ge", "greater", "greater_equal",
                 "less", "less_equal", "not_equal")},
    **{n: (f"{n}(Tensor input, Tensor {b}, *, Tensor out=None)",
           f"{n}(Scalar self, Tensor {b}{'' if n.startswith('bitwise') else ', *, Tensor out=None'})",
           f"{n}(Tensor input, Scalar {b}, *, Tensor out=None)")
       for n in ("xlogy", "float_power", "special_xlogy", "special_xlog1py", "special_zeta",
                 "bitwise_left_shift", "bitwise_right_shift")
       for b in ["exponent" if n == "float_power" else "other"]},
    **{n: tuple(f"{n}({x} x, {m} n, *, Tensor out=None)"
                for x, m in (("Tensor", "Tensor"), ("Scalar", "Tensor"), ("Tensor", "Scalar")))
       for n in SPECIAL_POLYNOMIALS},
    **{n: (f"{n}(Tensor input, IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False{out})",
           f"{n}(Tensor input, IntArrayRef[1]? dim=None, *, Scalar? correction=None, "
           f"bool keepdim=False{out[3:]})", f"{n}(Tensor input, bool unbiased=True)")
       for n, out in (("var", ", *, Tensor out=None"), ("std", ", *, Tensor out=None"),
                      ("var_mean", ""), ("std_mean", ""))},
    **{n: tuple(f"{n}(Tensor input, {t}? min=None, {t}? max=None{', *, Tensor out=None' * (n[-1] != '_')})"
                for t in ("Tensor", "Scalar"))
       for n in ("clamp", "clip", "clamp_", "clip_")},
    "lerp": ("lerp(Tensor input, Tensor end, Tensor weight, *, Tensor out=None)",
             "lerp(Tensor input, Tensor end, Scalar weight, *, Tensor out=None)"),
    **{n: (f"{n}(Tensor input, Tensor other, *, Scalar alpha=1{out})",
           f"{n}(Tensor input, Scalar other, Scalar alpha=1)")
       for n, out in (("subtract", ", Tensor out=None"), ("rsub", ""))},
    **{n: (f"{n}(Tensor input, Tensor other, *, Tensor out=None)", f"{n}(Tensor input, Scalar other)")
       for n in ("multiply", "true_divide")},
    "divide": ("divide(Tensor input, Tensor other, *, Tensor out=None)",
               "divide(Tensor input, Tensor other, *, c10::string_view? rounding_mode, "
               "Tensor out=None)", "divide(Tensor input, Scalar other)",
               "divide(Tensor input, Scalar other, *, c10::string_view? rounding_mode)"),
    "result_type": ("result_type(Tensor tensor, Tensor other)",
                    "result_type(Scalar scalar, Tensor tensor)",
                    "result_type(Tensor tensor, Scalar other)",
                    "result_type(Scalar scalar1, Scalar scalar2)"),
    # (torch.atleast_1d... are Python's: they call these with one tensor or a tuple of them)
    **{f"_VF.{n}": (f"{n}(Tensor input)", f"{n}(TensorList tensors)")
       for n in ("atleast_1d", "atleast_2d", "atleast_3d")},
    "tensor_split": ("tensor_split(Tensor input, SymIntArrayRef indices, int64_t dim=0)",
                     "tensor_split(Tensor input, Tensor tensor_indices_or_sections, int64_t dim=0)",
                     "tensor_split(Tensor input, SymInt sections, int64_t dim=0)"),
    "fill": ("fill(Tensor input, Tensor value)", "fill(Tensor input, Scalar value)"),
    "Tensor.fill_": ("fill_(Tensor value)", "fill_(Scalar value)"),
    "Tensor.bernoulli_": ("bernoulli_(Tensor p, *, Generator? generator=None)",
                          "bernoulli_(double p=0.5, *, Generator? generator=None)"),
    "Tensor.random_": ("random_(*, Generator? generator=None)",
                       "random_(int64_t from, int64_t? to, *, Generator? generator=None)",
                       "random_(int64_t to, *, Generator? generator=None)"),
    "searchsorted": tuple(f"searchsorted(Tensor sorted_sequence, {v}, *, bool out_int32=False, "
                          "bool right=False, c10::string_view? side=None, Tensor? sorter=None, "
                          "Tensor out=None)" for v in ("Tensor input", "Scalar self")),
    "bucketize": ("bucketize(Tensor input, Tensor boundaries, *, bool out_int32=False, "
                  "bool right=False, Tensor out=None)",
                  "bucketize(Scalar self, Tensor boundaries, *, bool out_int32=False, "
                  "bool right=False)"),
    **{n: (f"{n}(Scalar beta, Tensor input, Scalar alpha, Tensor {a}, Tensor {b}, *, "
           "Tensor out=None)|deprecated",
           f"{n}(Scalar beta, Tensor input, Tensor {a}, Tensor {b}, *, Tensor out=None)|deprecated",
           f"{n}(Tensor input, Tensor {a}, Tensor {b}, *, Scalar beta=1, Scalar alpha=1, "
           "Tensor out=None)",
           f"{n}(Tensor input, Tensor {a}, Tensor {b}, ScalarType out_dtype, *, Scalar beta=1, "
           "Scalar alpha=1, Tensor out=None)")
       for n, a, b in (("addmm", "mat1", "mat2"), ("baddbmm", "batch1", "batch2"))},
    **{f"Tensor.{n}": (f"{n}(Scalar beta, Scalar alpha, Tensor {a}, Tensor {b})|deprecated",
                       f"{n}(Scalar beta, Tensor {a}, Tensor {b})|deprecated",
                       f"{n}(Tensor {a}, Tensor {b}, *, Scalar beta=1, Scalar alpha=1)")
       for n, a, b in (("addmm", "mat1", "mat2"), ("baddbmm", "batch1", "batch2"))},
    "isin": tuple(f"isin({a}, *, bool assume_unique=False, bool invert=False, Tensor out=None)"
                  for a in ("Tensor elements, Tensor test_elements",
                            "Scalar element, Tensor test_elements",
                            "Tensor elements, Scalar test_element")),
    "trapezoid": ("trapezoid(Tensor y, Tensor x, *, int64_t dim=-1)",
                  "trapezoid(Tensor y, *, Scalar dx=1, int64_t dim=-1)"),
    "randint_like": tuple(f"randint_like(Tensor input, {ints}, *, {gen}{_LIKE[3:]})"
                          for ints in ("SymInt low, SymInt high", "Tensor high", "SymInt high")
                          for gen in ("Generator? generator, ", "")),
    "normal": ("normal(Tensor mean, Tensor std, *, Generator? generator=None, Tensor out=None)",
               "normal(Tensor mean, double std=1, *, Generator? generator=None, Tensor out=None)",
               "normal(double mean, Tensor std, *, Generator? generator=None, Tensor out=None)",
               "normal(double mean, double std, SymIntArrayRef size, *, Generator? generator=None, "
               f"{_FACTORY[3:]})"),
    "gradient": tuple(f"gradient(Tensor input, *, {s}{dim}, int64_t edge_order=1)" for s, dim in (
        ("", "IntArrayRef dim"), ("Scalar spacing, ", "IntArrayRef dim"),
        ("Scalar? spacing=None, ", "int64_t? dim=None"),
        *((f"{t} spacing, ", dim) for t in ("ScalarList", "TensorList")
          for dim in ("int64_t? dim=None", "IntArrayRef dim")))),
    "histogram": ("histogram(Tensor input, Tensor bins, *, Tensor? weight=None, bool density=False, "
                  "TensorList[2] out=None)",
                  "histogram(Tensor input, int64_t bins=100, *, ArrayRef<double>? range=None, "
                  "Tensor? weight=None, bool density=False, TensorList[2] out=None)"),
    "histogramdd": tuple(f"histogramdd(Tensor input, {t} bins, ArrayRef<double>? range=None, "
                         "Tensor? weight=None, bool density=False)"
                         for t in ("int64_t", "IntArrayRef", "TensorList")),
})

SIGNATURES.update({  # more of PyTorch's strings with `out` (generated from torchgen)
    **{n: (f"{n}(Scalar beta, Tensor input, Scalar alpha, Tensor {a}, Tensor {b}, *, "
           "Tensor out=None)|deprecated",
           f"{n}(Scalar beta, Tensor input, Tensor {a}, Tensor {b}, *, Tensor out=None)|deprecated",
           f"{n}(Tensor input, Tensor {a}, Tensor {b}, *, Scalar beta=1, Scalar alpha=1, "
           "Tensor out=None)")
       for n, a, b in (("addmv", "mat", "vec"), ("addr", "vec1", "vec2"),
                       ("addbmm", "batch1", "batch2"))},
    **{f"Tensor.{n}": (f"{n}(Scalar beta, Scalar alpha, Tensor {a}, Tensor {b})|deprecated",
                       f"{n}(Scalar beta, Tensor {a}, Tensor {b})|deprecated",
                       f"{n}(Tensor {a}, Tensor {b}, *, Scalar beta=1, Scalar alpha=1)")
       for n, a, b in (("addmv", "mat", "vec"), ("addr", "vec1", "vec2"),
                       ("addbmm", "batch1", "batch2"))},
    **{n: (f"{n}(TensorList tensors, int64_t dim=0, *, Tensor out=None)",)
       for n in ("concat", "concatenate")},
    **{n: (f"{n}(TensorList tensors, *, Tensor out=None)",)
       for n in ("hstack", "vstack", "dstack", "column_stack", "row_stack")},
    **{n: (f"{n}(Tensor input, SymInt diagonal=0, *, Tensor out=None)",) for n in ("tril", "triu")},
    "round": ("round(Tensor input, *, Tensor out=None)",
              "round(Tensor input, *, int64_t decimals, Tensor out=None)"),
    "floor_divide": ("floor_divide(Tensor input, Tensor other, *, Tensor out=None)",
                     "floor_divide(Tensor input, Scalar other)"),
    "frexp": ("frexp(Tensor input, *, TensorList[2] out=None)",),
    **{n: (f"{n}(Tensor input, Tensor other, *, Tensor out=None)",)
       for n in ("ldexp", "gcd", "lcm", "logical_and", "logical_or", "logical_xor", "kron", "inner",
                 "vdot", "igamma", "igammac")},
    "ger": ("ger(Tensor input, Tensor vec2, *, Tensor out=None)",),
    "matrix_power": ("matrix_power(Tensor input, int64_t n, *, Tensor out=None)",),
    "diag": ("diag(Tensor input, int64_t diagonal=0, *, Tensor out=None)",),
    "histc": ("histc(Tensor input, int64_t bins=100, Scalar min=0, Scalar max=0, *, "
              "Tensor out=None)",),
    "polygamma": ("polygamma(int64_t n, Tensor input, *, Tensor out=None)",),
    "Tensor.polygamma": ("polygamma(int64_t n)",),
    "mvlgamma": ("mvlgamma(Tensor input, int64_t p, *, Tensor out=None)",),
    "multinomial": ("multinomial(Tensor input, SymInt num_samples, bool replacement=False, *, "
                    "Generator? generator=None, Tensor out=None)",),
    "bernoulli": ("bernoulli(Tensor input, *, Generator? generator=None, Tensor out=None)",
                  "bernoulli(Tensor input, double p, *, Generator? generator=None)"),
    "frombuffer": ("frombuffer(PyObject* buffer, *, ScalarType dtype, int64_t count=-1, "
                   "int64_t offset=0, bool requires_grad=False)",),
    "poisson": ("poisson(Tensor input, Generator? generator=None)",),
    "binomial": ("binomial(Tensor count, Tensor prob, Generator? generator=None)",),
    "take_along_dim": ("take_along_dim(Tensor input, Tensor indices, int64_t? dim=None, *, "
                       "Tensor out=None)",),
    # (bound by hand in PyTorch: python_torch_functions_manual.cpp)
    "range": ("range(Scalar start, Scalar end, Scalar step=1, *, Tensor out=None, "
              "ScalarType? dtype=None, Layout? layout=minigrad.strided, Device? device=None, "
              "bool pin_memory=False, bool requires_grad=False)",),
})

SIGNATURES.update({  # torch.special's and torch.linalg's (apply_module finds them)
    **{f"special_{n}": (f"special_{n}(Tensor input, *, Tensor out=None)",) for n in """
entr ndtri log_ndtr expm1 exp2 psi digamma gammaln erf erfc erfcx erfinv ndtr i0 i0e i1 i1e expit
sinc log1p bessel_j0 bessel_j1 bessel_y0 bessel_y1 modified_bessel_i0 modified_bessel_i1
modified_bessel_k0 modified_bessel_k1""".split()},
    **{f"special_{n}": (f"special_{n}(Tensor x, *, Tensor out=None)",)
       for n in ("airy_ai", "scaled_modified_bessel_k0", "scaled_modified_bessel_k1",
                 "spherical_bessel_j0")},
    **{f"special_{n}": (f"special_{n}(Tensor input, Tensor other, *, Tensor out=None)",)
       for n in ("gammainc", "gammaincc")},
    "special_logit": ("special_logit(Tensor input, double? eps=None, *, Tensor out=None)",),
    "special_polygamma": ("special_polygamma(int64_t n, Tensor input, *, Tensor out=None)",),
    "special_logsumexp": ("special_logsumexp(Tensor input, IntArrayRef[1] dim, "
                          "bool keepdim=False, *, Tensor out=None)",),
    "special_round": ("special_round(Tensor input, *, int64_t decimals=0, Tensor out=None)",),
    "special_multigammaln": ("special_multigammaln(Tensor input, int64_t p, *, Tensor out=None)",),
    **{f"linalg_{n}": (f"linalg_{n}(Tensor A, *, Tensor out=None)",) for n in ("det", "inv")},
    "linalg_inv_ex": ("linalg_inv_ex(Tensor A, *, bool check_errors=False, "
                      "TensorList[2] out=None)",),
    "linalg_slogdet": ("linalg_slogdet(Tensor A, *, TensorList[2] out=None)",),
    "linalg_solve": ("linalg_solve(Tensor A, Tensor B, *, bool left=True, Tensor out=None)",),
    "linalg_solve_ex": ("linalg_solve_ex(Tensor A, Tensor B, *, bool left=True, "
                        "bool check_errors=False, TensorList[2] out=None)",),
    "linalg_solve_triangular": ("linalg_solve_triangular(Tensor input, Tensor B, *, bool upper, "
                                "bool left=True, bool unitriangular=False, Tensor out=None)",),
    "linalg_cholesky": ("linalg_cholesky(Tensor input, *, bool upper=False, Tensor out=None)",),
    "linalg_cholesky_ex": ("linalg_cholesky_ex(Tensor input, *, bool upper=False, "
                           "bool check_errors=False, TensorList[2] out=None)",),
    "linalg_cross": ("linalg_cross(Tensor input, Tensor other, *, int64_t dim=-1, "
                     "Tensor out=None)",),
    "linalg_matmul": ("linalg_matmul(Tensor input, Tensor other, *, Tensor out=None)",),
    "linalg_vecdot": ("linalg_vecdot(Tensor x, Tensor y, *, int64_t dim=-1, Tensor out=None)",),
    "linalg_matrix_power": ("linalg_matrix_power(Tensor input, int64_t n, *, Tensor out=None)",),
    "linalg_multi_dot": ("linalg_multi_dot(TensorList tensors, *, Tensor out=None)",),
    "linalg_householder_product": ("linalg_householder_product(Tensor input, Tensor tau, *, "
                                   "Tensor out=None)",),
    "linalg_eigh": ('linalg_eigh(Tensor input, c10::string_view UPLO="L", *, '
                    "TensorList[2] out=None)",),
    "linalg_eigvalsh": ('linalg_eigvalsh(Tensor input, c10::string_view UPLO="L", *, '
                        "Tensor out=None)",),
    "linalg_svd": ("linalg_svd(Tensor A, bool full_matrices=True, *, "
                   "c10::string_view? driver=None, TensorList[3] out=None)",),
    "linalg_svdvals": ("linalg_svdvals(Tensor A, *, c10::string_view? driver=None, "
                       "Tensor out=None)",),
    "linalg_qr": ('linalg_qr(Tensor A, c10::string_view mode="reduced", *, '
                  "TensorList[2] out=None)",),
    "linalg_norm": tuple(f"linalg_norm(Tensor input, {o}, IntArrayRef[1]? dim=None, "
                         "bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)"
                         for o in ("Scalar? ord=None", "c10::string_view ord")),
    "linalg_matrix_norm": tuple(f"linalg_matrix_norm(Tensor input, {o}, IntArrayRef dim={{-2,-1}}, "
                                "bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)"
                                for o in ("Scalar ord", 'c10::string_view ord="fro"')),
    "linalg_cond": ("linalg_cond(Tensor input, Scalar? p=None, *, Tensor out=None)",
                    "linalg_cond(Tensor input, c10::string_view p, *, Tensor out=None)"),
    **{f"linalg_{n}": (f"linalg_{n}(Tensor input, *, Tensor? atol=None, Tensor? rtol=None, "
                       "bool hermitian=False, Tensor out=None)",
                       f"linalg_{n}(Tensor input, *, double? atol=None, double? rtol=None, "
                       "bool hermitian=False, Tensor out=None)",
                       f"linalg_{n}(Tensor input, Tensor {t}, bool hermitian=False, *, "
                       "Tensor out=None)",
                       f"linalg_{n}(Tensor input, double {t}, bool hermitian=False, *, "
                       "Tensor out=None)")
       for n, t in (("pinv", "rcond"), ("matrix_rank", "tol"))},
    "linalg_tensorinv": ("linalg_tensorinv(Tensor input, int64_t ind=2, *, Tensor out=None)",),
    "linalg_tensorsolve": ("linalg_tensorsolve(Tensor input, Tensor other, IntArrayRef? dims=None, "
                           "*, Tensor out=None)",),
    "linalg_lu_factor": ("linalg_lu_factor(Tensor A, *, bool pivot=True, TensorList[2] out=None)",),
    "linalg_lu_factor_ex": ("linalg_lu_factor_ex(Tensor A, *, bool pivot=True, "
                            "bool check_errors=False, TensorList[3] out=None)",),
    "linalg_lu": ("linalg_lu(Tensor A, *, bool pivot=True, TensorList[3] out=None)",),
    "linalg_lu_solve": ("linalg_lu_solve(Tensor LU, Tensor pivots, Tensor B, *, bool left=True, "
                        "bool adjoint=False, Tensor out=None)",),
    "linalg_ldl_factor": ("linalg_ldl_factor(Tensor input, *, bool hermitian=False, "
                          "TensorList[2] out=None)",),
    "linalg_ldl_factor_ex": ("linalg_ldl_factor_ex(Tensor input, *, bool hermitian=False, "
                             "bool check_errors=False, TensorList[3] out=None)",),
    "linalg_ldl_solve": ("linalg_ldl_solve(Tensor LD, Tensor pivots, Tensor B, *, "
                         "bool hermitian=False, Tensor out=None)",),
    "linalg_diagonal": ("linalg_diagonal(Tensor A, *, int64_t offset=0, int64_t dim1=-2, "
                        "int64_t dim2=-1)",),
    "linalg_matrix_exp": ("linalg_matrix_exp(Tensor input)",),
    "linalg_vander": ("linalg_vander(Tensor x, *, SymInt? N=None)",),
    "linalg_lstsq": ("linalg_lstsq(Tensor input, Tensor b, double? rcond=None, *, "
                     "c10::string_view? driver=None, TensorList[4] out=None)",),
})

# torch functions of one tensor, with and without `out` (their methods take nothing)
SIGNATURES.update({n: (f"{n}(Tensor input, *, Tensor out=None)",) for n in """
abs absolute acos acosh angle arccos arccosh arcsin arcsinh arctan arctanh asin asinh atan atanh
bitwise_not ceil cos cosh deg2rad digamma erf erfc erfinv exp exp2 expm1 fix floor frac i0 inverse
isneginf isposinf lgamma log log10 log1p log2 logical_not msort neg negative rad2deg reciprocal
rsqrt sgn sigmoid sign signbit sin sinc sinh sqrt square tan tanh trunc""".split()})
SIGNATURES.update({n: (f"{n}(Tensor input)",) for n in """
abs_ acos_ acosh_ adjoint arccos_ arccosh_ arcsin_ arcsinh_ arctan_ arctanh_ argwhere asin_ asinh_
atan_ atanh_ ceil_ conj corrcoef cos_ cosh_ deg2rad_ det detach detach_ erf_ erfc_ exp2_ exp_
expm1_ fix_ fliplr flipud floor_ frac_ i0_ is_complex is_conj is_floating_point is_inference
is_neg is_nonzero is_signed isfinite isinf isnan isreal log10_ log1p_ log2_ log_ logdet
matrix_exp neg_ negative_ numel positive rad2deg_ ravel reciprocal_ relu relu_ resolve_conj
resolve_neg rsqrt_ sigmoid_ sin_ sinc_ sinh_ sqrt_ square_ t tan_ tanh_ trace trunc_
zero_""".split()})
SIGNATURES.update({  # more functions that take out= (_out.py reads their out)
    **{n: (f"{n}(Tensor input, Tensor {other}, *, Tensor out=None)",)
       for n, other in (("maximum", "other"), ("minimum", "other"), ("atan2", "other"),
                        ("arctan2", "other"), ("hypot", "other"), ("fmax", "other"),
                        ("fmin", "other"), ("logaddexp", "other"), ("logaddexp2", "other"),
                        ("nextafter", "other"), ("mv", "vec"), ("outer", "vec2"),
                        ("heaviside", "values"))},
    **{n: (f"{n}(Tensor input, Tensor other, *, Tensor out=None)",
           f"{n}(Scalar self, Tensor other)",
           f"{n}(Tensor input, Scalar other, *, Tensor out=None)")
       for n in ("remainder", "bitwise_and", "bitwise_or", "bitwise_xor")},
})
SIGNATURES["Tensor.is_set_to"] = ("is_set_to(Tensor tensor)",)
SIGNATURES["Tensor.set_"] = (
    "set_()", "set_(Storage source)",
    "set_(Storage source, SymInt storage_offset, SymIntArrayRef size, SymIntArrayRef stride=None)",
    "set_(Tensor source)",
    "set_(Tensor source, SymInt storage_offset, SymIntArrayRef size, SymIntArrayRef stride=None)")
SIGNATURES.update({  # methods that call a Python function on each element
    "Tensor.map_": ("map_(Tensor other, PyObject* callable)",),
    "Tensor.map2_": ("map2_(Tensor x, Tensor y, PyObject* callable)",),
})

# Tensor methods that take nothing but self: C functions of PyTorch's (METH_NOARGS).
NO_ARGUMENTS = set("""
_is_view abs abs_ absolute absolute_ acos acos_ acosh acosh_ adjoint angle arccos arccos_ arccosh
arccosh_ arcsin arcsin_ arcsinh arcsinh_ arctan arctan_ arctanh arctanh_ argwhere asin asin_ asinh
asinh_ atan atan_ atanh atanh_ bitwise_not bitwise_not_ ceil ceil_ conj corrcoef cos cos_ cosh
cosh_ data_ptr deg2rad deg2rad_ det detach detach_ digamma digamma_ dim element_size erf erf_ erfc
erfc_ erfinv erfinv_ exp exp2 exp2_ exp_ expm1 expm1_ fix fix_ fliplr flipud floor floor_ frac
frac_ frexp geqrf get_device i0 i0_ inverse is_complex is_conj is_floating_point is_inference
is_neg is_nonzero is_signed isfinite isinf isnan isneginf isposinf isreal item lgamma lgamma_ log
log10 log10_ log1p log1p_ log2 log2_ log_ logdet logical_not logical_not_ matrix_exp msort
ndimension neg neg_ negative negative_ nelement numel positive rad2deg rad2deg_ ravel reciprocal
reciprocal_ relu relu_ resolve_conj resolve_neg retain_grad rsqrt rsqrt_ sgn sgn_ sigmoid sigmoid_
sign sign_ signbit sin sin_ sinc sinc_ sinh sinh_ slogdet sqrt sqrt_ square square_ storage_offset
t t_ tan tan_ tanh tanh_ tolist trace trunc trunc_ untyped_storage zero_
const_data_ptr
""".split())


def _method_signature(text):
    """A function's signature string as its Tensor method's: no `Tensor input`, no `out`."""
    name, _, rest = text.partition("(")
    params = [p for p in rest.rpartition(")")[0].split(", ")[1:] if not p.endswith(" out=None")]
    if params[-1:] == ["*"]:
        params.pop()
    return f"{name}({', '.join(params)}){rest.rpartition(')')[2]}"


def method_signatures(name):
    """A method's signatures: the function's, less those whose first argument is a number
    (`remainder(Scalar self, Tensor other)`: a method's self is a tensor)."""
    if f"Tensor.{name}" in SIGNATURES:
        return SIGNATURES[f"Tensor.{name}"]
    return tuple(_method_signature(s) for s in SIGNATURES[name] if "(Scalar self" not in s)


def parsed(fn, signatures, method=False, home=None):
    """fn, whose failures are read again by PyTorch's parser: a call it refuses gets its TypeError
    instead of fn's error. Nothing is done while calls succeed, nor for calls made from fn's own
    module `home` (globals): minigrad calling its own functions (argsort calling sort, say) may
    pass arguments in ways PyTorch's users may not. A function whose signatures take `out` takes
    it here, for all of them alike (_out.call_with_out)."""
    def call(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except Exception as exc:
            if sys._getframe(1).f_globals is home:
                raise
            given = args[1:] if method else args
            e = error(signatures, given, kwargs)
            if e is not None:
                raise e from None
            ints = _reread(signatures, given, kwargs, exc)
            if ints is None:
                raise
        return call(*args[:1] * method, *ints[0], **ints[1])  # (fn again, with ints)

    def call_taking_out(*args, out=None, **kwargs):  # (out=None is no out, as in PyTorch)
        try:
            if out is None:
                return fn(*args, **kwargs)
            from ._out import call_with_out
            return call_with_out(fn, signatures, args, kwargs, out)
        except Exception as exc:
            if sys._getframe(1).f_globals is home:
                raise
            e = error(signatures, args, kwargs if out is None else {**kwargs, "out": out})
            if e is not None:
                raise e from None
            ints = _reread(signatures, args, kwargs, exc)
            if ints is None:
                raise
        return call_taking_out(*ints[0], out=out, **ints[1])
    takes_out = not method and any(" out=None" in s for s in signatures)
    call = functools.update_wrapper(call_taking_out if takes_out else call, fn)
    call._signatures = signatures
    return call


def no_arguments(name, fn):
    """The method fn(self), refusing arguments in CPython's words."""
    def method(self, *args, **kwargs):
        if args or kwargs:
            raise method_no_arguments(self, name, args, kwargs)
        return fn(self)
    method = functools.update_wrapper(method, fn)
    method._signatures = ()
    return method


def apply_module(namespace, prefix):
    """apply for torch.special's or torch.linalg's functions (a module's globals), which PyTorch's
    strings name with their module's `prefix` (special_erf, linalg_inv)."""
    for key, signatures in SIGNATURES.items():
        fn = namespace.get(key.removeprefix(prefix)) if key.startswith(prefix) else None
        if callable(fn) and not hasattr(fn, "_signatures"):
            fn = namespace[key.removeprefix(prefix)] = parsed(fn, signatures, home=namespace)
            fn.__name__ = fn.__qualname__ = key  # (as PyTorch's C functions are named)


def apply(namespace, cls):
    """Have the functions of `namespace` (a module's globals) and the methods of `cls` (Tensor)
    that are listed here parse their failed calls, once each."""
    for name in {n.removeprefix("Tensor.") for n in SIGNATURES}:
        fn = namespace.get(name)
        if name in SIGNATURES and callable(fn) and not hasattr(fn, "_signatures"):
            namespace[name] = parsed(fn, SIGNATURES[name], home=namespace)
        fn = cls.__dict__.get(name)
        if name not in NO_ARGUMENTS and callable(fn) and not hasattr(fn, "_signatures"):
            setattr(cls, name, parsed(fn, method_signatures(name), method=True))
    for name in NO_ARGUMENTS:  # (a function's wrapper, linalg.inv as Tensor.inverse, is one too)
        fn = cls.__dict__.get(name)
        if callable(fn) and getattr(fn, "_signatures", None) != ():
            setattr(cls, name, no_arguments(name, fn))
