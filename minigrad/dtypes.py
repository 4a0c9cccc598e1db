"""dtypes, Size, and PyTorch's type-promotion rules (which differ from NumPy's)."""
import builtins
import operator
import functools

import numpy as np


class dtype:
    """A tensor element type; wraps the NumPy dtype that stores it.

    `_scalar` ("Float") and `_c` ("float") are the names PyTorch's messages use for it.
    """

    __module__ = "minigrad"  # type(minigrad.float32) is <class 'minigrad.dtype'>, as torch's

    __slots__ = ("name", "np", "is_floating_point", "_scalar", "_c")

    def __init__(self, name, np_dtype, is_floating_point, scalar, c):
        self.name, self.np, self.is_floating_point, self._scalar, self._c = (
            name, np.dtype(np_dtype), is_floating_point, scalar, c)

    @property
    def is_signed(self):
        return self.name not in ("bool", "uint8")

    @property
    def itemsize(self):
        """Bytes per element."""
        return self.np.itemsize

    @property
    def _legacy(self):
        return f"{self._scalar}Tensor"  # minigrad.FloatTensor, as tensor.type() says

    def __repr__(self):
        return f"minigrad.{self.name}"

    def __reduce__(self):
        return self.name


float32 = dtype("float32", np.float32, True, "Float", "float")
float64 = dtype("float64", np.float64, True, "Double", "double")
int64 = dtype("int64", np.int64, False, "Long", "long int")
int32 = dtype("int32", np.int32, False, "Int", "int")
int16 = dtype("int16", np.int16, False, "Short", "short int")
int8 = dtype("int8", np.int8, False, "Char", "signed char")
uint8 = dtype("uint8", np.uint8, False, "Byte", "unsigned char")
bool = dtype("bool", np.bool_, False, "Bool", "bool")
float, double, long, int, short = float32, float64, int64, int32, int16

_BY_NUMPY = {d.np: d for d in (float32, float64, int64, int32, int16, int8, uint8, bool)}
# Other NumPy types (float16, uint16...) are stored as the nearest dtype minigrad supports.
_STORAGE = {"f": np.dtype(np.float32), "i": np.dtype(np.int64), "u": np.dtype(np.int64),
            "b": np.dtype(np.bool_)}


_default = float32  # the dtype Python floats become; set_default_dtype changes it


def set_default_dtype(d):
    """Python floats (tensor([1.5]), ones(2), int tensor * 0.5) become `d` from now on; float64
    is the usual choice for precise checks such as gradcheck. Only floating types are allowed."""
    global _default
    if not isinstance(d, dtype):
        raise TypeError("invalid dtype object: only floating-point types are supported as the "
                        "default type")
    if not d.is_floating_point:
        raise TypeError("only floating-point types are supported as the default type")
    _default = d


def get_default_dtype():
    return _default


def from_numpy_dtype(np_dtype):
    return _BY_NUMPY[np_dtype]


NO_COMPLEX = ("minigrad has no complex dtypes (PyTorch's complex64 and complex128): it cannot "
              "hold complex numbers")


def check_numpy_dtype(np_dtype):
    """PyTorch's error for NumPy data no tensor can hold (strings, objects, dates, long double)."""
    if np_dtype.kind not in "fiubc" or np_dtype.itemsize > 8 and np_dtype.kind == "f":
        raise TypeError(f"can't convert np.ndarray of type numpy.{np_dtype.type.__name__}. The "
                        "only supported types are: float64, float32, float16, complex64, "
                        "complex128, int64, int32, int16, int8, uint64, uint32, uint16, uint8, "
                        "and bool.")


def check_byte_order(np_dtype):
    """PyTorch reads NumPy data in the machine's byte order only."""
    if not np_dtype.isnative:
        raise ValueError("given numpy array has byte order different from the native byte order. "
                         "Conversion between byte orders is currently not supported.")


def storage_dtype(np_dtype):
    """The NumPy dtype minigrad keeps for data of `np_dtype` (float64 stays, float16 -> float32)."""
    if np_dtype in _BY_NUMPY:
        return np_dtype
    check_numpy_dtype(np_dtype)
    check_byte_order(np_dtype)
    if np_dtype.kind == "c":
        raise TypeError(NO_COMPLEX)
    return _STORAGE[np_dtype.kind]


class Size(tuple):
    """A tensor's shape: a tuple that prints as minigrad.Size([2, 3])."""

    __slots__ = ()
    __module__ = "minigrad"  # (type(x.shape) and PyTorch's messages name it minigrad.Size)

    def __new__(cls, sizes=()):
        sizes = tuple(sizes)
        if not all(n.__class__ is builtins.int for n in sizes):  # NumPy ints, bools, int tensors
            checked = []                                        # count as ints, as in PyTorch
            for i, n in enumerate(sizes):
                try:
                    checked.append(operator.index(n))
                except TypeError:
                    raise TypeError(f"minigrad.Size() takes an iterable of 'int' (item {i} is "
                                    f"'{type(n).__name__}')") from None
            sizes = tuple(checked)
        return super().__new__(cls, sizes)

    def __getitem__(self, key):  # a slice of a Size is a Size
        item = super().__getitem__(key)
        return Size(item) if key.__class__ is slice else item

    def __add__(self, other):  # Size + tuple, tuple + Size, Size * n: Sizes too
        return Size(super().__add__(other))

    def __radd__(self, other):
        return Size(tuple(other) + tuple(self)) if isinstance(other, tuple) else NotImplemented

    def __mul__(self, n):
        return Size(super().__mul__(n))

    __rmul__ = __mul__

    def __repr__(self):
        return f"minigrad.Size({list(self)})"

    __str__ = __repr__

    def numel(self):
        return builtins.int(np.prod(self, dtype=np.int64))


# --- type promotion (PyTorch's rules) --------------------------------------------------------
# Categories order: bool < integer < floating. A Python number only contributes its category;
# a 0-dim tensor loses to a dimensioned tensor of the same category.
_KIND_RANK = {"b": 0, "i": 1, "u": 1, "f": 2}


def _rank_of_scalar(x):
    if isinstance(x, (complex, np.complexfloating)):
        raise TypeError(NO_COMPLEX)
    if isinstance(x, (builtins.bool, np.bool_)):
        return 0
    if isinstance(x, (builtins.int, np.integer)):
        return 1
    return 2


def _promote_types(a, b):
    """PyTorch's promote_types: across kinds the higher kind's dtype wins as it is (float32 with
    int64 is float32, where NumPy would widen to float64); within a kind, NumPy's rule."""
    ra, rb = _KIND_RANK[a.kind], _KIND_RANK[b.kind]
    if ra != rb:
        return a if ra > rb else b
    return np.result_type(a, b)


def result_type(*operands):
    """The NumPy dtype PyTorch would compute `operands` (tensors and Python numbers) in; a None
    (clamp's missing bound) takes no part."""
    dims, zero_dims, scalar_rank = [], [], -1
    for x in operands:
        if x is None:
            continue
        data = getattr(x, "_data", None)
        if data is None:
            scalar_rank = max(scalar_rank, _rank_of_scalar(x))
        elif data.ndim:
            dims.append(data.dtype)
        else:
            zero_dims.append(data.dtype)
    best = None
    for tier in (dims, zero_dims):
        if tier:
            d = functools.reduce(_promote_types, tier)
            if best is None or _KIND_RANK[d.kind] > _KIND_RANK[best.kind]:
                best = d
    if best is None or scalar_rank > _KIND_RANK[best.kind]:  # a Python number decides
        best = (np.dtype(np.bool_), np.dtype(np.int64), _default.np)[scalar_rank]
    return best


def is_float(np_dtype):
    return np_dtype.kind == "f"


# --- part elem2: finfo and iinfo, a dtype's limits as PyTorch reports them ----------------------
class finfo:
    """A floating dtype's limits (eps: the gap above 1.0; tiny: the smallest normal number)."""

    __module__ = "minigrad"

    def __init__(self, type=None):
        type = _default if type is None else type
        _check_dtype_arg("finfo", type)
        if not type.is_floating_point:
            raise TypeError("minigrad.finfo() requires a floating point input type. Use "
                            "minigrad.iinfo to handle 'minigrad.finfo'")
        info = np.finfo(type.np)
        self.bits, self.dtype = info.bits, type.name
        self.eps, self.max, self.min, self.tiny = (builtins.float(x) for x in (
            info.eps, info.max, info.min, info.tiny))
        self.smallest_normal = self.tiny
        self.resolution = 10.0 ** -info.precision

    def __eq__(self, other):
        return builtins.type(other) is builtins.type(self) and other.dtype == self.dtype

    def __hash__(self):
        return hash(self.dtype)

    def __repr__(self):  # (numbers as C++ streams print them: 6 significant digits)
        return (f"finfo(resolution={self.resolution:g}, min={self.min:g}, max={self.max:g}, "
                f"eps={self.eps:g}, smallest_normal={self.smallest_normal:g}, tiny={self.tiny:g}, "
                f"dtype={self.dtype})")


class iinfo:
    """An integer dtype's limits."""

    __module__ = "minigrad"

    def __init__(self, type=None):
        if type is None:
            raise TypeError('iinfo() missing 1 required positional arguments: "type"')
        _check_dtype_arg("iinfo", type)
        if type is bool:
            raise TypeError("minigrad.bool is not supported by minigrad.iinfo")
        if type.is_floating_point:
            raise TypeError("minigrad.iinfo() requires an integer input type. Use minigrad.finfo "
                            "to handle 'minigrad.iinfo'")
        info = np.iinfo(type.np)
        self.bits, self.dtype = info.bits, type.name
        self.min, self.max = builtins.int(info.min), builtins.int(info.max)

    def __eq__(self, other):
        return builtins.type(other) is builtins.type(self) and other.dtype == self.dtype

    def __hash__(self):
        return hash(self.dtype)

    def __repr__(self):
        return f"iinfo(min={self.min:g}, max={self.max:g}, dtype={self.dtype})"


def _check_dtype_arg(name, value, argname="type", position=1):
    if not isinstance(value, dtype):
        raise TypeError(f"{name}(): argument '{argname}' (position {position}) must be "
                        f"minigrad.dtype, not {builtins.type(value).__name__}")
