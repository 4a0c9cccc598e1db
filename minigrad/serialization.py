"""minigrad.save / minigrad.load: Python's pickle, with tensors pickled as the memory they view.

A tensor pickles (Tensor.__reduce_ex__) as the NumPy array that owns its memory, where in it the
tensor starts, its shape, strides, dtype and requires_grad: tensors that share memory when saved
share it again when loaded (pickle stores the owning array once). The history (grad_fn) and .grad
are not saved. The file is a plain pickle: PyTorch cannot read it, nor minigrad PyTorch's.

load(weights_only=True), the default as in PyTorch, refuses any global that is not a tensor
rebuilder, a dtype, a container, or one the user allowed (add_safe_globals): unpickling an
arbitrary class can run arbitrary code.
"""
import _codecs
import builtins
import collections
import copyreg
import contextlib
import os
import pickle

import numpy as np

from . import dtypes
from .storage import TypedStorage, UntypedStorage, _rebuild_typed_storage
from .tensor import Tensor, _storage_root, device

DEFAULT_PROTOCOL = 2


def _reduce_tensor(t):
    """What pickle stores for tensor t: _rebuild_tensor(owner array, byte offset, shape,
    strides, dtype, requires_grad), or _rebuild_parameter(tensor, requires_grad) for a Parameter."""
    from .nn.parameter import Parameter
    if isinstance(t, Parameter):
        return _rebuild_parameter, (t.detach(), t.requires_grad)
    data = t._data
    owner = _storage_root(data)  # all the memory t shares: views saved together stay views
    if data.size == 0 or not (owner.flags.c_contiguous or owner.flags.f_contiguous):
        owner = data = data.copy()  # nothing to share (or an owner pickle would reorder)
    offset = data.ctypes.data - owner.ctypes.data
    return _rebuild_tensor, (owner, offset, data.shape, data.strides, t.dtype, t.requires_grad)


def _rebuild_tensor(storage, offset, shape, strides, dtype, requires_grad):
    """A tensor viewing `storage` (a NumPy array) at byte `offset`, as it was saved."""
    raw = storage.ravel(order="K").view(np.uint8)  # the bytes in memory order (no copy)
    data = np.ndarray(shape, dtype.np, buffer=raw, offset=offset, strides=strides)
    return Tensor._make(data, requires_grad=requires_grad)


def _rebuild_parameter(data, requires_grad):
    from .nn.parameter import Parameter
    return Parameter(data, requires_grad)


# What weights_only=True lets a file name: rebuilders, minigrad's types, the containers
# state_dicts use, and the pieces NumPy pickles an array with.
_SAFE_GLOBALS = [_rebuild_tensor, _rebuild_parameter, _rebuild_typed_storage, dtypes.Size, device, collections.OrderedDict,
                 collections.Counter, builtins.set, builtins.frozenset, builtins.bytes,
                 builtins.bytearray, builtins.complex, builtins.slice, np.ndarray, np.dtype,
                 _codecs.encode, np.empty(1).__reduce_ex__(2)[0],  # numpy's _reconstruct
                 np.empty(1).__reduce_ex__(5)[0]]  # and _frombuffer (pickle protocol 5)
_USER_SAFE_GLOBALS = []


def add_safe_globals(safe_globals):
    """Let load(weights_only=True) rebuild these classes/functions too (trust the file first)."""
    _USER_SAFE_GLOBALS.extend(safe_globals)


def get_safe_globals():
    return list(_USER_SAFE_GLOBALS)


def clear_safe_globals():
    _USER_SAFE_GLOBALS.clear()


@contextlib.contextmanager
def safe_globals(safe_globals):
    """add_safe_globals for the duration of a `with` block."""
    before = list(_USER_SAFE_GLOBALS)
    add_safe_globals(safe_globals)
    try:
        yield
    finally:
        _USER_SAFE_GLOBALS[:] = before


class _WeightsUnpickler(pickle.Unpickler):
    def find_class(self, module, name):
        obj = super().find_class(module, name)
        if (isinstance(obj, dtypes.dtype) or builtins.any(obj is g for g in _SAFE_GLOBALS)
                or builtins.any(obj is g for g in _USER_SAFE_GLOBALS)):
            return obj
        raise pickle.UnpicklingError(
            f"Unsupported global: GLOBAL {module}.{name} was not an allowed global by default. "
            f"Please use `minigrad.serialization.add_safe_globals([{module}.{name}])` or the "
            f"`minigrad.serialization.safe_globals([{module}.{name}])` context manager to "
            f"allowlist this global if you trust this class/function.")


_WEIGHTS_ONLY_MSG = (
    "Weights only load failed. This file can still be loaded, to do so you have two options, "
    "\x1b[1mdo those steps only if you trust the source of the checkpoint\x1b[0m. \n\t(1) In "
    "PyTorch 2.6, we changed the default value of the `weights_only` argument in `minigrad.load` "
    "from `False` to `True`. Re-running `minigrad.load` with `weights_only` set to `False` will "
    "likely succeed, but it can result in arbitrary code execution. Do it only if you got the "
    "file from a trusted source.\n\t(2) Alternatively, to load with `weights_only=True` please "
    "check the recommended steps in the following error message.\n\tWeightsUnpickler error: {}"
    "\n\nCheck the documentation of minigrad.load to learn more about types accepted by default with "
    "weights_only https://pytorch.org/docs/stable/generated/torch.load.html.")


@contextlib.contextmanager
def _open(f, mode):
    """A path is opened (and closed); a file object is used as it is."""
    if isinstance(f, (str, os.PathLike)):
        with open(f, mode) as file:
            yield file
    else:
        yield f


def save(obj, f, pickle_module=pickle, pickle_protocol=DEFAULT_PROTOCOL,
         _use_new_zipfile_serialization=True, _disable_byteorder_record=False):
    """Pickle obj (tensors, state_dicts, containers of them, ...) to a path or binary file."""
    saved_as = {}  # id(memory's owner array) -> the dtype it is saved as

    def one_dtype(owner, dtype):
        """PyTorch saves each storage with one dtype: memory seen as two types is refused."""
        if saved_as.setdefault(id(owner), dtype) is not dtype:
            raise RuntimeError("Cannot save multiple tensors or storages that view the same data "
                               "as different types")

    def reduce_tensor(t):
        one_dtype(_storage_root(t._data), t.dtype)
        return _reduce_tensor(t)

    def reduce_storage(s):  # (an UntypedStorage is saved as PyTorch saves it: as bytes, uint8)
        owner, dtype = _storage_root(s._bytes), getattr(s, "dtype", dtypes.uint8)
        one_dtype(owner, dtype)
        return _rebuild_typed_storage, (owner, dtype)

    with _open(f, "wb") as file:
        pickler = pickle_module.Pickler(file, protocol=pickle_protocol)
        pickler.dispatch_table = {**copyreg.dispatch_table, Tensor: reduce_tensor,
                                  UntypedStorage: reduce_storage, TypedStorage: reduce_storage}
        pickler.dump(obj)


def load(f, map_location=None, pickle_module=None, *, weights_only=None, mmap=None,
         **pickle_load_args):
    """Unpickle what save wrote. weights_only (default True) refuses unknown globals;
    map_location is accepted and ignored: every tensor here lives on the CPU."""
    if weights_only is None:
        weights_only = pickle_module is None
    if weights_only and pickle_module is not None:
        raise RuntimeError("Can not safely load weights when explicit pickle_module is "
                           "specified")
    with _open(f, "rb") as file:
        if not weights_only:
            return (pickle_module or pickle).load(file, **pickle_load_args)
        try:
            return _WeightsUnpickler(file, **pickle_load_args).load()
        except pickle.UnpicklingError as e:
            raise pickle.UnpicklingError(_WEIGHTS_ONLY_MSG.format(e)) from None
