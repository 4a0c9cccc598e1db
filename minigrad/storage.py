"""Storages: the memory a tensor and all its views share (PyTorch's torch/storage.py).

A tensor is a window on a storage: a storage offset, sizes and strides. Here a storage is the
NumPy array at the root of a tensor's data (its views are NumPy views of that one array), seen
as bytes (UntypedStorage) or as elements of one dtype (TypedStorage, which PyTorch deprecates).
Writing through a storage changes every tensor that views it, and no version counter sees it.
"""
import warnings
import weakref

import numpy as np

from . import dtypes
from ._warnings import warn_once
from .autograd.function import _min_storage_size, stride_order
from .tensor import Tensor, _Device, _check_device, _device_arg, _storage, _storage_root

_CACHE = weakref.WeakValueDictionary()  # id(root array) -> its storage: one object per memory,
_SHARED = weakref.WeakValueDictionary()  # as PyTorch's; roots marked by share_memory_


def _bytes_of(array):
    """The memory array shares with its base, as a flat array of bytes (uint8), sharing it."""
    return _storage(array).view(np.uint8)


def _is_shared(array):
    """Whether share_memory_ marked array's memory."""
    return id(_storage_root(array)) in _SHARED


def _untyped(array):
    """The storage of a NumPy array: the same object for every view of the same memory."""
    root = _storage_root(array)
    storage = _CACHE.get(id(root))
    if storage is None or storage._root is not root:
        storage = _CACHE[id(root)] = UntypedStorage._wrap(_bytes_of(root), root)
    return storage


def _own_root(part):
    """A storage on part of another's memory: PyTorch's is a storage of its own (its tensors'
    untyped_storage() is it, from its first byte), so here the bytes are an array that is its
    own root (NumPy's view chain stops at the memoryview), sharing the memory all the same."""
    return np.frombuffer(memoryview(part), np.uint8)


def _index(storage, idx, name):
    """A Python index into a storage of len(storage) items, checked as PyTorch does."""
    n = len(storage)
    if not isinstance(idx, (int, np.integer)):
        raise TypeError(f"can't index a minigrad.{name} with {type(idx).__name__}")
    i = int(idx) + n if idx < 0 else int(idx)
    if not 0 <= i < n:
        raise IndexError(f"index {i if name == 'UntypedStorage' else idx} out of range for "
                         f"storage of size {n}")
    return i


class _StorageMethods:
    """What both storage classes answer the same way, from their bytes (`_bytes`)."""

    def nbytes(self):
        return self._bytes.nbytes

    def data_ptr(self):
        return self._bytes.ctypes.data if self._bytes.size else 0

    @property
    def device(self):
        return _Device("cpu")

    def cpu(self):
        return self

    def is_pinned(self, device=None):
        """Page-locked memory for fast copies to a GPU: never, without one (Tensor.is_pinned)."""
        return is_pinned(None, device)

    def is_shared(self):
        return _is_shared(self._bytes)

    def share_memory_(self):
        """Marks the memory as shared between processes (PyTorch moves it into shared memory
        for torch.multiprocessing; within one process nothing else changes)."""
        root = _storage_root(self._bytes)
        _SHARED[id(root)] = root
        return self

    def __len__(self):
        return self.size()

    def __iter__(self):
        return (self[i] for i in range(len(self)))

    def tolist(self):
        return list(self)

    def fill_(self, value):
        self[0:len(self)] = value
        return self

    def copy_(self, src, non_blocking=None):
        """src's bytes written over self's: as many bytes, whatever the types (a TypedStorage's
        elements are not converted: an int32 1 copied into float32 is the float with its bits)."""
        if not isinstance(src, _StorageMethods):
            raise TypeError(f"copy_(): argument 'src' (position 1) must be minigrad.Storage, not "
                            f"{type(src).__name__}")
        if src.nbytes() != self.nbytes():
            raise RuntimeError(f"size does not match, self was {self.nbytes()} bytes but src was "
                               f"{src.nbytes()} bytes")
        self._bytes[...] = src._bytes  # (NumPy copies first when the two overlap)
        return self

    def _resize(self, nbytes):
        """PyTorch reallocates the memory, and tensors on the storage follow it. NumPy memory
        cannot grow or shrink in place under the arrays that view it: only the same size is
        accepted here."""
        if nbytes < 0:
            raise RuntimeError("[enforce fail at alloc_cpu.cpp:98] ((ptrdiff_t)nbytes) >= 0. "
                               "alloc_cpu() seems to have been called with negative number: "
                               f"{nbytes + 2 ** 64}")
        if nbytes != self.nbytes():
            raise RuntimeError(f"minigrad cannot resize a storage of {self.nbytes()} bytes to "
                               f"{nbytes}: NumPy memory cannot grow or shrink in place (make a "
                               "new storage instead)")

    def _to(self, dtype):
        """A copy of the elements (an UntypedStorage's: its bytes) converted to `dtype`, as a
        TypedStorage: s.float(), s.long(), ..."""
        values = self._elements()
        return _typed(_untyped(values.astype(dtype.np)), dtype)

    def double(self):
        return self._to(dtypes.float64)

    def float(self):
        return self._to(dtypes.float32)

    def long(self):
        return self._to(dtypes.int64)

    def int(self):
        return self._to(dtypes.int32)

    def short(self):
        return self._to(dtypes.int16)

    def char(self):
        return self._to(dtypes.int8)

    def byte(self):
        return self._to(dtypes.uint8)

    def bool(self):
        return self._to(dtypes.bool)

    def __str__(self):
        info = f"[{self._typename()}({self._info()}device=cpu) of size {len(self)}]"
        return " " + "\n ".join(str(self[i]) for i in range(len(self))) + "\n" + info

    __repr__ = __str__


class UntypedStorage(_StorageMethods):
    """A tensor's memory as bytes: s[i] is the i-th byte, an int 0..255 (tensor.untyped_storage())."""

    def __init__(self, *args, device=None):
        """UntypedStorage(): no bytes; UntypedStorage(n): n bytes (zeroed here); UntypedStorage([..]):
        these bytes."""
        data = args[0] if args else 0
        data = np.zeros(data, np.uint8) if isinstance(data, int) else np.array(data, np.uint8)
        self._bytes, self._root = data, data
        _CACHE[id(data)] = self  # (a tensor set_ to it gives it back as its untyped_storage())

    @classmethod
    def _wrap(cls, data, root=None):
        storage = object.__new__(cls)
        storage._bytes, storage._root = data, root
        return storage

    def size(self):
        return self._bytes.size

    def _elements(self):
        return self._bytes

    def __getattr__(self, name):  # (PyTorch's is a C type: its messages name it in full)
        raise AttributeError(f"'minigrad.storage.UntypedStorage' object has no attribute '{name}'")

    def element_size(self):
        return 1

    def clone(self):
        """A copy: the same bytes in new memory."""
        return UntypedStorage(self._bytes)

    def resize_(self, size):
        self._resize(size)
        return self

    def __reduce__(self):
        return _untyped_from_bytes, (self._bytes.copy(),)

    def type(self):
        return self._typename()

    def _typename(self):
        return "minigrad.storage.UntypedStorage"

    def _info(self):
        return ""

    def __getitem__(self, idx):
        """A byte; a slice is a storage on part of the same memory."""
        if isinstance(idx, slice):
            start, stop, step = idx.indices(len(self))
            if step != 1:
                raise RuntimeError(f"Trying to slice with a step of {step}, but only a step of 1 "
                                   "is supported")
            return _untyped(_own_root(self._bytes[idx]))
        return int(self._bytes[_index(self, idx, "UntypedStorage")])

    def __setitem__(self, idx, value):
        idx = idx if isinstance(idx, slice) else _index(self, idx, "UntypedStorage")
        self._bytes[idx] = int(value) % 256


class TypedStorage(_StorageMethods):
    """A tensor's memory as elements of its dtype (tensor.storage()); PyTorch deprecates it in
    favour of UntypedStorage."""

    def __new__(cls, *args, wrap_storage=None, dtype=None, device=None):
        """TypedStorage(n or values, dtype=...), TypedStorage(wrap_storage=s, dtype=...); the
        legacy classes (FloatStorage([1, 2])) make a TypedStorage of their dtype."""
        warn_once(_TYPED_DEPRECATED)
        dtype = getattr(cls, "_dtype", None) or dtype or dtypes.get_default_dtype()
        if wrap_storage is None:
            data = args[0] if args else 0
            data = np.zeros(data, dtype.np) if isinstance(data, int) else np.array(data, dtype.np)
            wrap_storage = _untyped(data)
        return _typed(wrap_storage, dtype)

    @property
    def _bytes(self):
        return self._untyped_storage._bytes

    def _elements(self):
        b = self._bytes
        return b[:len(self) * self.element_size()].view(self.dtype.np)

    def size(self):
        return self._bytes.size // self.element_size()

    def element_size(self):
        return np.dtype(self.dtype.np).itemsize

    def untyped(self):
        return self._untyped_storage

    def clone(self):
        """A copy: the same elements in new memory."""
        return _typed(self._untyped_storage.clone(), self.dtype)

    def resize_(self, size):
        self._resize(size * self.element_size())  # (None: PyTorch's gives nothing back)

    def __reduce__(self):
        """Pickled as its memory (the NumPy array that owns it) and dtype: tensors on the same
        memory pickled with it (torch.save([x, x.storage()])) still share it when loaded."""
        return _rebuild_typed_storage, (_storage_root(self._bytes), self.dtype)

    def type(self):
        return f"minigrad.{self.dtype._scalar}Storage"

    def _typename(self):
        return "minigrad.storage.TypedStorage"

    def _info(self):
        return f"dtype={self.dtype}, "

    def __getitem__(self, idx):
        """An element, as a Python number (slices: only of an UntypedStorage)."""
        if isinstance(idx, slice):
            raise RuntimeError("slices are only supported in UntypedStorage.__getitem__")
        if not isinstance(idx, (int, np.integer)):
            raise RuntimeError(f"can't index a {TypedStorage} with {type(idx)}")
        return self._elements()[_index(self, idx, "TypedStorage")].item()

    def __setitem__(self, idx, value):
        if not isinstance(idx, slice):
            if not isinstance(idx, (int, np.integer)):
                raise RuntimeError(f"can't index a {TypedStorage} with {type(idx)}")
            idx = _index(self, idx, "TypedStorage")
        if not isinstance(value, (int, float, bool, np.number, np.bool_)):
            raise TypeError(f"can't assign a {type(value).__name__} to a "
                            f"minigrad.{self.dtype._legacy}")
        self._elements()[idx] = value


TypedStorage.__module__ = UntypedStorage.__module__ = "minigrad.storage"
_TYPED_DEPRECATED = (
    "TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the "
    "only storage class. This should only matter to you if you are using storages directly.  To "
    "access UntypedStorage directly, use tensor.untyped_storage() instead of tensor.storage()")

# the legacy classes (minigrad.FloatStorage, ...): what tensor.storage_type() names
_LEGACY = {d: type(f"{d._scalar}Storage", (TypedStorage,), {"__module__": "minigrad", "_dtype": d})
           for d in dtypes._BY_NUMPY.values()}


# --- Tensor methods ------------------------------------------------------------------------------
def untyped_storage(self):
    return _untyped(self._data)


def storage(self):
    """The memory as elements of self's dtype (deprecated by PyTorch: untyped_storage())."""
    warn_once(_TYPED_DEPRECATED)
    return _typed(_untyped(self._data), self.dtype)


def _untyped_from_bytes(data):
    """Unpickling an UntypedStorage: PyTorch 2.13's loader fails on one (it asks the class for
    a dtype, which only TypedStorage has), so this gives its error."""
    raise AttributeError("type object 'minigrad.storage.UntypedStorage' has no attribute 'dtype'")


def _rebuild_typed_storage(owner, dtype):
    return _typed(_untyped(owner), dtype)


def _typed(untyped, dtype):
    self = object.__new__(TypedStorage)
    self._untyped_storage, self.dtype = untyped, dtype
    return self


def storage_type(self):
    return _LEGACY[self.dtype]


def is_set_to(self, tensor):
    """Whether both are the same window on the same memory: storage, offset, sizes, strides."""
    a, b = self._data, tensor._data
    return (_storage_root(a) is _storage_root(b) and self.data_ptr() == tensor.data_ptr()
            and a.shape == b.shape and self.stride() == tensor.stride())


def is_shared(self):
    return _is_shared(self._data)


def share_memory_(self):
    _untyped(self._data).share_memory_()
    return self


def is_pinned(self, device=None):
    """Page-locked memory for fast copies to a GPU: never, without one. Naming the device is
    deprecated (a warning each time); a device index asks for an accelerator."""
    if device is not None:
        device = _device_arg("is_pinned", device)
        if device.__class__ is not _Device:
            _check_device(device)
        warnings.warn(_PINNED_DEVICE, DeprecationWarning, stacklevel=2)
    return False


_PINNED_DEVICE = ("The argument 'device' of Tensor.is_pinned() is deprecated. Please do not pass "
                  "this argument. (Triggered internally at "
                  "/__w/pytorch/pytorch/aten/src/ATen/native/Memory.cpp:31.)")


def const_data_ptr(self):
    return self.data_ptr()


_NOT_GIVEN = object()


def set_(self, source=_NOT_GIVEN, storage_offset=None, size=None, stride=None):
    """Make self a window on other memory: a storage's (all of it as a 1-D tensor, or
    storage_offset, size and stride), or source tensor's (the same window, or a new one on its
    storage); set_() gives it new empty memory. Views of self made before keep the old memory.
    An in-place op: the version moves, and a leaf that requires grad is refused."""
    from . import derivatives as d
    from .autograd.function import apply_inplace_view
    if (source is _NOT_GIVEN and (storage_offset, size, stride) != (None,) * 3
            or (storage_offset is None) != (size is None)):
        raise TypeError("set_(): no such overload")  # (the parser words it: _arg_parser)
    if source is _NOT_GIVEN:
        source = UntypedStorage()
    if isinstance(source, Tensor):
        if source.dtype is not self.dtype:
            raise RuntimeError(f"Could not set tensor of type {source.dtype._c} to a tensor of "
                               f"type {self.dtype._c}")
        if size is not None:
            stride = _check_window(self, _untyped(source._data), storage_offset, size, stride)
        return apply_inplace_view(d.set_source_Tensor, self, source, storage_offset, size, stride)
    if not isinstance(source, _StorageMethods):
        raise TypeError("set_(): no such overload")
    if isinstance(source, TypedStorage) and source.dtype is not self.dtype:
        raise RuntimeError(f"Expected a Storage of type {self.dtype._c} or an UntypedStorage, but "
                           f"got type {source.dtype._scalar} for argument 1 'storage'")
    if size is None:
        storage_offset, size = 0, (source.nbytes() // self.element_size(),)
    stride = _check_window(self, source, storage_offset, size, stride)
    return apply_inplace_view(d.set_, self, source, storage_offset, size, stride)


def _check_window(self, storage, offset, size, stride):
    """PyTorch's checks of a window (offset, size, stride, in elements of self's dtype) on a
    storage; the window's strides (C order when not given)."""
    offset, size = int(offset), [int(n) for n in size]
    stride = _contiguous_strides(size) if stride is None else [int(s) for s in stride]
    if offset < 0:
        raise RuntimeError(f"Tensor: invalid storage offset {offset}")
    if len(size) != len(stride):
        raise RuntimeError(f"unequal size length ({len(size)}) and stride length ({len(stride)})")
    if any(n < 0 for n in size):
        raise RuntimeError("numel: integer multiplication overflow")
    need = _min_storage_size(size, stride, offset) * self.element_size()
    if need > storage.nbytes():
        raise RuntimeError(  # (PyTorch grows the storage; NumPy's memory cannot grow in place)
            f"minigrad cannot grow a storage of {storage.nbytes()} bytes: this window needs {need}")
    return stride


def _contiguous_strides(size):
    strides, step = [], 1
    for n in reversed(size):
        strides.insert(0, step)
        step *= max(n, 1)
    return strides


def _window(storage_bytes, np_dtype, offset, size, stride):
    """The array that sees storage_bytes from element `offset` on with sizes and strides (in
    elements of np_dtype), sharing the memory."""
    itemsize = np.dtype(np_dtype).itemsize
    elements = storage_bytes[offset * itemsize:_min_storage_size(size, stride, offset) * itemsize]
    elements = elements.view(np_dtype)
    return np.lib.stride_tricks.as_strided(elements, tuple(size), [s * itemsize for s in stride])


def dim_order(self, *, ambiguity_check=False):
    """The dims from outermost to innermost in memory (by stride, as PyTorch's
    compute_elementwise_output_logical_to_physical_perm sorts them)."""
    if not isinstance(ambiguity_check, bool):
        raise TypeError("The ambiguity_check argument must be a bool or a list of memory formats.")
    size, stride = self.shape, self.stride()
    if ambiguity_check and (any(a == b for a, b in zip(stride, stride[1:])) or 1 in size):
        raise RuntimeError("The tensor does not have unique dim order, or cannot map to exact one "
                           "of the given memory formats.")
    if self.dim() < 2 or self.is_contiguous():
        return tuple(range(self.dim()))

    def should_swap(a, b):
        def ge(x, y):
            return True if y == 0 else False if x == 0 else x >= y or x % y == 0
        sa, sb = stride[a], stride[b]
        if sa == 0 or sb == 0:
            return 0
        if sa == sb:
            return 0 if ge(size[b], size[a]) else 1
        return -1 if ge(sb, sa) else 1 if ge(sa, sb) else 0

    return tuple(stride_order(self.dim(), should_swap))


STORAGE_METHODS = dict(
    untyped_storage=untyped_storage, storage=storage, storage_type=storage_type,
    is_set_to=is_set_to, set_=set_, is_shared=is_shared, share_memory_=share_memory_,
    is_pinned=is_pinned, const_data_ptr=const_data_ptr, dim_order=dim_order)
for _fn in (storage, storage_type, is_shared, share_memory_, dim_order):  # (Python methods
    _fn.__qualname__ = f"Tensor.{_fn.__name__}"                           # in PyTorch too)
