"""The Tensor: a NumPy array plus what autograd needs to know about it.

A tensor is a *leaf* when no recorded op made it (grad_fn is None). A non-leaf remembers
`grad_fn`, the node that will send its gradient back to the op's inputs. Every tensor shares a
version counter with the tensors that share its memory (views, `detach()`), so that backward can
tell when a saved tensor was changed in place.
"""
import copy
import operator
import re
import warnings
import weakref

import numpy as np

from . import _tensor_str, dtypes


class _VersionCounter:
    """How many in-place changes this memory has seen (shared by a tensor, its views, detach())."""
    __slots__ = ("value",)

    def __init__(self):
        self.value = 0


class _InferenceVersion:
    """What an inference tensor (made in inference_mode) has instead of a version counter: nothing
    counts its changes, so in-place changes are refused outside inference mode, after the write,
    as PyTorch's bump does."""
    __slots__ = ()

    @property
    def value(self):
        return 0

    @value.setter
    def value(self, _):
        if not grad_mode._inference:
            raise RuntimeError(
                "Inplace update to inference tensor outside InferenceMode is not allowed.You can "
                "make a clone to get a normal tensor before doing inplace update.See "
                "https://github.com/pytorch/rfcs/pull/17 for more details.")


class _InferenceCounter(_VersionCounter):
    """The counter detach() and .data give an inference tensor outside inference mode: PyTorch
    counts (and allows) in-place changes from there on, yet it is still an inference tensor."""
    __slots__ = ()


_INFERENCE = _InferenceVersion()


def _storage_root(a):
    """The array that owns the memory NumPy array `a` views (through NumPy's as_strided too)."""
    while True:
        base = a.base
        if base is not None and not isinstance(base, np.ndarray):  # as_strided keeps its
            base = getattr(base, "base", None)                     # source behind a helper
        if not isinstance(base, np.ndarray):
            return a
        a = base


def _storage(a):
    """PyTorch's storage of `a`: all the memory it shares with its base, as a flat array of a's
    dtype. Storage offsets and strides count from its start."""
    root = _storage_root(a)
    flat = np.lib.stride_tricks.as_strided(root, (root.size,), (root.itemsize,))
    return flat.view(a.dtype) if root.dtype != a.dtype else flat


def _storage_offset(a):
    """Where `a` starts in its storage, in elements."""
    return (a.ctypes.data - _storage_root(a).ctypes.data) // a.itemsize


def _detached_counter(t):
    """detach()'s and .data's counter: none for an inference tensor while in inference mode."""
    if t._vc is _INFERENCE and not grad_mode._inference:
        return _InferenceCounter()
    return None


_LEAF_ERROR = "you can only change requires_grad flags of leaf variables."
_LEAF_ERROR_FALSE = (_LEAF_ERROR + " If you want to use a computed variable in a subgraph that "
                     "doesn't require differentiation use var_no_grad = var.detach().")
_NON_LEAF_GRAD_WARNING = (
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad "
    "attribute won't be populated during autograd.backward(). If you indeed want the .grad field "
    "to be populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. If you "
    "access the non-leaf Tensor by mistake, make sure you access the leaf Tensor instead. See "
    "github.com/pytorch/pytorch/pull/30531 for more information. (Triggered internally at "
    "/__w/pytorch/pytorch/build/aten/src/ATen/core/TensorBody.h:493.)")  # PyTorch's exact text


_DEVICE_TYPES = ("cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, maia, xla, "
                 "lazy, vulkan, mps, meta, hpu, mtia, privateuseone")


_NOT_GIVEN = object()  # device(type) and device(type, None) differ: None is an index given


class device:
    """Where a tensor's memory is: always the CPU here (NumPy memory), but named, printed and
    compared as PyTorch's devices are: `device(type='cpu')`, equal to devices, not to 'cpu'."""

    __slots__ = ("type", "index")
    _SIGNATURES = ("device(Device device)", "device(c10::string_view type, int64_t? index=-1)")

    def __init__(self, type, index=_NOT_GIVEN):
        if isinstance(type, device) and index is _NOT_GIVEN:
            type, index = type.type, type.index
        else:
            if type.__class__ is not str or not (index is _NOT_GIVEN or index is None
                                                 or index.__class__ is int):
                from ._arg_parser import bind
                bind(self._SIGNATURES, (type,) if index is _NOT_GIVEN else (type, index), {})
                if type.__class__ is not str:  # an int: the number of an accelerator
                    raise RuntimeError("Cannot access accelerator device when none is available.")
                index = operator.index(index)  # (a 0-d integer tensor)
            parsed = re.fullmatch(r"([a-zA-Z_]+)(?::([1-9]\d*|0))?", type)
            if parsed is None:
                raise RuntimeError(f"Invalid device string: '{type}'")
            if parsed[2] is not None and index is not _NOT_GIVEN:
                raise RuntimeError("type (string) must not include an index because index was "
                                   f"passed explicitly: {type}")
            type, index = parsed[1], (int(parsed[2]) if parsed[2] is not None
                                      else None if index is _NOT_GIVEN else index)
            if index is not None and index < 0:
                raise RuntimeError("Device index must not be negative")
        if type not in _DEVICE_TYPES.split(", "):
            raise RuntimeError(f"Expected one of {_DEVICE_TYPES} device type at start of device "
                               f"string: {type}")
        self.type, self.index = type, index

    def __repr__(self):
        index = "" if self.index is None else f", index={self.index}"
        return f"device(type='{self.type}'{index})"

    def __str__(self):
        return self.type if self.index is None else f"{self.type}:{self.index}"

    def __eq__(self, other):
        return isinstance(other, device) and (self.type, self.index) == (other.type, other.index)

    def __hash__(self):
        return hash((self.type, self.index))


device.__module__ = "minigrad"
_CPU, _CUDA = device("cpu"), device("cuda")


class memory_format:
    """How a copy lays out its elements: `preserve_format` keeps the source's strides (clone's
    default), `contiguous_format` is row-major (what contiguous() asks clone for)."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return f"minigrad.{self.name}"


memory_format.__module__ = "minigrad"
contiguous_format, preserve_format = memory_format("contiguous_format"), memory_format("preserve_format")
_Device = device  # Tensor.to's `device=` argument hides the class


def _device_arg(name, dev):
    """A creation function's `device=` read as PyTorch reads it (None, a device, 'cpu:0', an
    index); a wrong type is a TypeError before any other check."""
    if dev is None or dev.__class__ is device:
        return dev
    if isinstance(dev, str):
        return device(dev)
    if hasattr(dev, "__index__") and not isinstance(dev, (bool, np.bool_)):
        return dev.__index__()
    raise TypeError(f"{name}(): argument 'device' must be minigrad.device, not {type(dev).__name__}")


def _check_device(dev):
    """Memory here is NumPy's: 'cpu' is the only device. Others get what a CPU-only PyTorch says."""
    if dev is None or dev.__class__ is device and dev.type == "cpu":
        return
    if dev.__class__ is not device:  # an index: the index of an accelerator
        raise RuntimeError("Device index must not be negative" if dev < 0 else
                           "Cannot access accelerator device when none is available.")
    if dev.type == "cuda":
        raise AssertionError("Torch not compiled with CUDA enabled")
    raise RuntimeError(f"PyTorch is not linked with support for {dev.type} devices")


class Tensor:
    __module__ = "minigrad"  # where users meet it: type(x) is <class 'minigrad.Tensor'>, as torch's
    __slots__ = ("_data", "_grad_fn", "_output_nr", "_requires_grad", "_grad", "_vc",
                 "_view_base", "_view_version", "_creation_meta", "_backward_hooks",
                 "_grad_accumulator", "_retains_grad", "_post_accumulate_grad_hooks", "_fw_grad",
                 "__weakref__")

    __hash__ = object.__hash__
    __array_priority__ = 1000  # as PyTorch: `np.float64(2) * t` asks the tensor, gives a tensor

    def __new__(cls, *args, **kwargs):
        """minigrad.Tensor([1, 2]), Tensor(2, 3): the legacy constructor, float32 (see ops.py).
        Ops make tensors with _make, which skips this."""
        from .ops import _legacy_new
        return _legacy_new(None, args, kwargs)

    @classmethod
    def _make(cls, data, grad_fn=None, output_nr=0, version_counter=None, requires_grad=False):
        """The fast internal constructor: wrap an array, no copy, no checks."""
        t = object.__new__(cls)
        t._data = data
        t._grad_fn = grad_fn
        t._output_nr = output_nr
        t._requires_grad = requires_grad
        t._grad = None
        t._vc = (_INFERENCE if version_counter is None and grad_mode._inference  # (views share
                 else version_counter)  # their base's) None until needed: see _version_counter
        t._view_base = None
        t._view_version = 0
        t._creation_meta = None  # a view PyTorch won't let change in place: "no_grad", "multi", "custom"
        t._backward_hooks = None
        t._grad_accumulator = None
        t._retains_grad = False
        t._post_accumulate_grad_hooks = None
        t._fw_grad = None  # the tangent, inside a dual level (autograd/forward_ad.py)
        return t

    # --- autograd attributes ------------------------------------------------------------------
    @property
    def grad_fn(self):
        if self._view_base is not None:
            self._refresh_view()
        return self._grad_fn

    def _refresh_view(self):
        """A view whose memory changed in place since it was made gets its history regenerated
        from the base's (AsStridedBackward0), as PyTorch does when it sees the version moved (and
        the view has history or its base requires grad): in any grad mode, so the engine's error
        messages name it too. A view made under no_grad has no history to rewrite: looking at it
        raises, in any grad mode, as in PyTorch."""
        if self._grad_fn is None and not self._view_base.requires_grad:
            return  # (nothing to regenerate yet: it is, once the base requires grad)
        now = self._version_counter.value
        if self._view_version != now:
            self._view_version = now
            from .autograd.function import _regenerate_view
            _regenerate_view(self, self._view_base)

    @property
    def _base(self):
        """The tensor this one is a view of, None if it is none (its memory is its own)."""
        return self._view_base

    @property
    def output_nr(self):
        """Which output of its grad_fn this tensor is (unbind and split make several)."""
        return self._output_nr

    @property
    def is_leaf(self):
        return self.grad_fn is None  # (a view's history is brought up to date first)

    @property
    def requires_grad(self):
        """Set on a leaf, implied by history; a view also requires grad when its base does, even
        if the base only started to after the view was made (as in PyTorch)."""
        return self._requires_grad or self._grad_fn is not None or (
            self._view_base is not None and self._view_base.requires_grad)

    @requires_grad.setter
    def requires_grad(self, value):
        if value.__class__ is not bool:  # not even 0 or 1: PyTorch wants a real bool
            raise RuntimeError("requires_grad must be a bool")
        if not self.is_leaf:
            raise RuntimeError(_LEAF_ERROR if value else _LEAF_ERROR_FALSE)
        self._set_requires_grad(value, "only Tensors of floating point and complex dtype can "
                                       "require gradients")

    def _set_requires_grad(self, value, message):
        if value and not dtypes.is_float(self._data.dtype):
            raise RuntimeError(message)
        if value and self.is_inference() and not grad_mode._inference:
            raise RuntimeError("Setting requires_grad=True on inference tensor outside "
                               "InferenceMode is not allowed.")
        self._requires_grad = bool(value)

    def requires_grad_(self, requires_grad=True):
        if requires_grad.__class__ is not bool:
            raise TypeError("requires_grad_(): argument 'requires_grad' (position 1) must be bool, "
                            f"not {type(requires_grad).__name__}")
        if not self.is_leaf:
            if not requires_grad:
                raise RuntimeError(_LEAF_ERROR_FALSE)
            return self
        self._set_requires_grad(requires_grad, "only Tensors of floating point dtype can require "
                                               "gradients")
        return self

    @property
    def grad(self):
        if self._grad is None and not self._retains_grad and not self.is_leaf:
            warnings.warn(_NON_LEAF_GRAD_WARNING, UserWarning, stacklevel=2)
        return self._grad

    @grad.setter
    def grad(self, value):
        if value is not None:
            if not isinstance(value, Tensor):
                raise TypeError(f"assigned grad expected to be a Tensor or None but got grad of "
                                f"type {type(value).__name__}")
            if value is self:
                raise RuntimeError("can't assign Variable as its own grad")
            if value.shape != self.shape:
                raise RuntimeError(
                    f"attempting to assign a gradient of size '{list(value.shape)}' to a tensor of "
                    f"size '{list(self.shape)}'. Please ensure that the gradient and the tensor are "
                    "the same size")
            if value.dtype is not self.dtype:
                raise RuntimeError(
                    f"attempting to assign a gradient with dtype '{value.dtype._c}' to a "
                    f"tensor with grad_dtype '{self.dtype._scalar}'. The gradient must match "
                    "the tensor's grad_dtype (defaults to the tensor's dtype). You can set the "
                    "tensor's grad_dtype attribute with a specific dtype, or None to allow any "
                    "dtype. Set grad_dtype with caution. Diverging the dtypes of a tensor and its "
                    "gradient may break downstream systems that assume they match.")
        self._grad = value

    @grad.deleter
    def grad(self):
        self._grad = None

    @property
    def retains_grad(self):
        return self._retains_grad

    @property
    def _version_counter(self):
        """The counter this tensor shares with its views and detach(), made on first need: most
        tensors are never changed in place, viewed or saved as an op's output, so they skip it
        (one object fewer per op for the garbage collector to scan)."""
        if self._vc is None:
            self._vc = _VersionCounter()
        return self._vc

    @_version_counter.setter
    def _version_counter(self, counter):
        self._vc = counter

    @property
    def _version(self):
        if self._vc is _INFERENCE:
            raise RuntimeError("Inference tensors do not track version counter.")
        return 0 if self._vc is None else self._vc.value

    def is_inference(self):
        """Made in inference_mode (or a view of such a tensor)?"""
        return self._vc is _INFERENCE or self._vc.__class__ is _InferenceCounter

    @property
    def data(self):
        """The same memory, cut off from autograd *and* from the version counter (unlike detach)."""
        return Tensor._make(self._data, version_counter=_detached_counter(self))

    @data.setter
    def data(self, value):
        if not isinstance(value, Tensor):
            raise TypeError(f"Variable data has to be a tensor, but got {type(value).__name__}")
        if self.requires_grad and not dtypes.is_float(value._data.dtype):
            raise RuntimeError("data set to a tensor that requires gradients must be floating "
                               "point or complex dtype")
        if value._data.dtype != self._data.dtype:  # (a leaf's AccumulateGrad expects the old one)
            self._grad_accumulator = None
        self._data = value._data

    def _is_view(self):
        return self._view_base is not None

    def _edge(self):
        """Where this tensor's gradient goes: (grad_fn, output_nr), its AccumulateGrad, or None."""
        if self._view_base is not None:
            self._refresh_view()
        if self._grad_fn is not None:
            return (self._grad_fn, self._output_nr)
        if self._requires_grad:
            node = self._grad_accumulator and self._grad_accumulator()
            if node is None:
                node = AccumulateGrad(self)
                self._grad_accumulator = weakref.ref(node)
            return (node, 0)
        return (None, 0)

    def __deepcopy__(self, memo):
        """copy.deepcopy (e.g. of a model, to keep a snapshot): a new leaf with a copy of the
        values, the same requires_grad and a deep copy of .grad, without the hooks. A tensor with
        a history refuses: its graph cannot be copied."""
        if not self.is_leaf:
            raise RuntimeError(
                "Only Tensors created explicitly by the user (graph leaves) support the deepcopy "
                "protocol at the moment.  If you were attempting to deepcopy a module, this may be "
                "because of a minigrad.nn.utils.weight_norm usage, see "
                "https://github.com/pytorch/pytorch/pull/103001")
        if id(self) not in memo:
            new = memo[id(self)] = Tensor._make(self._data.copy(), requires_grad=self.requires_grad)
            new._version_counter.value += 1  # PyTorch fills the copy in place (set_): version 1
            if self._grad is not None:
                new._grad = copy.deepcopy(self._grad, memo)
        return memo[id(self)]

    def __reduce_ex__(self, protocol):
        """pickle, minigrad.save and copy.copy: the memory, not the history (serialization.py)."""
        from .serialization import _reduce_tensor
        return _reduce_tensor(self)

    def detach(self):
        """Same memory and version counter, no history: changes through it are still noticed."""
        return Tensor._make(self._data,
                            version_counter=_detached_counter(self) or self._version_counter)

    def detach_(self):
        if self._view_base is not None and self._view_base.requires_grad:
            raise RuntimeError(
                "Can't detach views in-place. Use detach() instead. If you are using DistributedDataParallel "
                "(DDP) for training, and gradient_as_bucket_view is set as True, gradients are views of "
                "DDP buckets, and hence detach_() cannot be called on these gradients. To fix this error, "
                "please refer to the Optimizer.zero_grad() function in torch/optim/optimizer.py as the "
                "solution.")
        self._grad_fn = None
        self._requires_grad = False
        return self

    def retain_grad(self):
        """Ask backward to fill .grad on this non-leaf too (a no-op on leaves)."""
        if not self.requires_grad:
            raise RuntimeError("can't retain_grad on Tensor that has requires_grad=False")
        if self._grad_fn is None or self._retains_grad:  # (PyTorch's C++ leaf test reads the
            return  # history as it is: a view whose base changed since still counts as a leaf)
        node = self.grad_fn
        if node._retains_grad is None:
            node._retains_grad = {}
        node._retains_grad[self._output_nr] = weakref.ref(self)
        self._retains_grad = True

    def register_hook(self, hook):
        """hook(grad) -> Tensor or None, called when this tensor's gradient is computed."""
        from .utils.hooks import RemovableHandle
        if not self.requires_grad:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
        if self._backward_hooks is None:
            self._backward_hooks = HookDict()
            node = self.grad_fn  # (a property: a view's refreshes its history)
            if node is not None:
                node._register_hook_dict(self)
        return RemovableHandle.add(self._backward_hooks, hook)

    def register_post_accumulate_grad_hook(self, hook):
        """hook(tensor) runs after backward has added into this leaf's .grad (e.g. to update it
        at once and free the gradient); it must return None."""
        from .utils.hooks import RemovableHandle
        if not self.requires_grad:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
        if self.grad_fn is not None:
            raise RuntimeError("post accumulate grad hooks cannot be registered on non-leaf tensors")
        if self._post_accumulate_grad_hooks is None:
            self._post_accumulate_grad_hooks = HookDict()
        return RemovableHandle.add(self._post_accumulate_grad_hooks, hook)

    def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
        from . import autograd
        autograd.backward(self, gradient, retain_graph, create_graph, inputs=inputs)

    # --- metadata -----------------------------------------------------------------------------
    @property
    def shape(self):
        return dtypes.Size(self._data.shape)

    def size(self, dim=None):
        if dim is None:
            return self.shape
        if self._data.ndim == 0:  # (ops that take a dim let a 0-d tensor have 0 or -1: not size)
            raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
        return self._data.shape[_wrap_dim(dim, self._data.ndim)]

    @property
    def dtype(self):
        return dtypes.from_numpy_dtype(self._data.dtype)

    @property
    def ndim(self):
        return self._data.ndim

    def dim(self):
        return self._data.ndim

    def numel(self):
        return self._data.size

    def is_floating_point(self):
        return self._data.dtype.kind == "f"

    def type(self, dtype=None, non_blocking=False):
        """No dtype: the legacy type's name ('minigrad.FloatTensor'). Else the tensor in a dtype,
        given as a dtype, a legacy type (IntTensor, or Tensor for the default dtype) or such a
        type's name ('torch.IntTensor'); self when it has that dtype already."""
        if non_blocking.__class__ is not bool:  # (PyTorch's parser)
            raise TypeError(f"type(): argument 'non_blocking' (position 2) must be bool, not "
                            f"{type(non_blocking).__name__}")
        if dtype is None:
            return f"minigrad.{self.dtype._legacy}"
        if isinstance(dtype, type):  # (PyTorch reads a type by its name: int is 'int')
            dtype = "minigrad.Tensor" if dtype is Tensor else (
                f"minigrad.{dtype.__name__}" if isinstance(getattr(dtype, "dtype", None), dtypes.dtype)
                else dtype.__name__)
        if isinstance(dtype, str):
            module, _, name = dtype.rpartition(".")
            legacy = {d._legacy: d for d in dtypes._BY_NUMPY.values()}
            legacy["Tensor"] = dtypes.get_default_dtype()
            if module not in ("torch", "minigrad") or name not in legacy:
                raise ValueError(f"invalid type: '{dtype}'")
            dtype = legacy[name]
        if not isinstance(dtype, dtypes.dtype):
            raise TypeError("dtype must be a type, str, or dtype object")
        return self.to(dtype)  # (non_blocking: there is no device to copy to)

    @property
    def device(self):
        return _CPU

    def element_size(self):
        """Bytes per element: 8 for float64 and int64, 4 for float32 and int32, 1 for bool."""
        return self._data.itemsize

    itemsize = property(element_size)

    @property
    def nbytes(self):
        return self._data.nbytes

    def data_ptr(self):
        """The address of the first element (0 when there is none), as PyTorch gives it."""
        return self._data.ctypes.data if self._data.size else 0

    def storage_offset(self):
        """Where this tensor starts in the memory it shares, in elements: x[1] of a 2x2 is 2."""
        return _storage_offset(self._data) if self._data.size else 0

    def cpu(self):
        return self

    def cuda(self, device=None, non_blocking=False):
        """There is no CUDA here: the errors a CPU-only PyTorch gives."""
        device = _CUDA if device is None else _device_arg("cuda", device)
        if device.__class__ is _Device and device.type != "cuda":
            raise RuntimeError("Invalid device, must be cuda device")
        _check_device(device)

    nelement = numel

    # --- conversion ---------------------------------------------------------------------------
    def item(self):
        if self._data.size != 1:
            raise RuntimeError(f"a Tensor with {self._data.size} elements cannot be converted to "
                               "Scalar")
        return self._data.reshape(()).item()

    def tolist(self):
        return self._data.tolist()

    def numpy(self, *, force=False):
        """The NumPy array itself (shared memory); force=True also for a tensor requiring grad."""
        if force.__class__ is not bool:
            raise TypeError(f"numpy(): argument 'force' must be bool, not {type(force).__name__}")
        if self.requires_grad and not force:
            raise RuntimeError("Can't call numpy() on Tensor that requires grad. Use "
                               "tensor.detach().numpy() instead.")
        return self._data

    def __array__(self, dtype=None, copy=None):
        return self.numpy() if dtype is None else self.numpy().astype(dtype)

    def __dlpack__(self, *args, **kwargs):
        """A DLPack capsule of the tensor's memory (NumPy's), which other libraries read without
        a copy (np.from_dlpack(t))."""
        if self.requires_grad:
            raise BufferError("Can't export tensors that require gradient, use tensor.detach()")
        return self._data.__dlpack__(*args, **kwargs)

    def __dlpack_device__(self):
        return self._data.__dlpack_device__()

    def to(self, *args, **kwargs):
        """x.to(dtype), x.to(device), x.to(device, dtype), x.to(other), each taking non_blocking
        and copy after, as PyTorch's three signatures read them: a copy in another dtype
        (recorded: ToCopyBackward0); the tensor itself when nothing changes, unless copy."""
        from . import _arg_parser
        from .derivatives import to_dtype
        values = _arg_parser.bind(_arg_parser.method_signatures("to"), args, kwargs)
        device = _device_arg("to", values.get("device"))
        _check_device(device)
        other = values.get("tensor")  # (a number stands for a tensor of it, 1.5 for a double's)
        dtype = (getattr(other, "dtype", type(other)) if "tensor" in values
                 else values["dtype"] or self.dtype)
        if not isinstance(dtype, dtypes.dtype):  # (Python's float, int, bool, complex)
            dtype = dtypes.from_numpy_dtype(np.dtype(dtype))
        same_device = device is None or device.index is None  # PyTorch copies for 'cpu:0'
        if dtype.np == self._data.dtype and same_device and not values["copy"]:
            return self
        return to_dtype(self, dtype)

    def float(self):
        return self.to(dtypes.float32)

    def double(self):
        return self.to(dtypes.float64)

    def long(self):
        return self.to(dtypes.int64)

    def int(self):
        return self.to(dtypes.int32)

    def short(self):
        return self.to(dtypes.int16)

    def char(self):
        return self.to(dtypes.int8)

    def byte(self):
        return self.to(dtypes.uint8)

    def bool(self):
        return self.to(dtypes.bool)

    def __bool__(self):
        if self._data.size != 1:
            raise RuntimeError(f"Boolean value of Tensor with "
                               f"{'no values' if self._data.size == 0 else 'more than one value'} "
                               "is ambiguous")
        return bool(self._data.reshape(()))

    def _check_one_element(self):
        """int(t), float(t): Python's conversions raise ValueError (item() a RuntimeError)."""
        if self._data.size != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")

    _float_warned = False  # PyTorch's TORCH_WARN_ONCE: once per process

    def __float__(self):
        if self.requires_grad and grad_mode.is_grad_enabled() and not Tensor._float_warned:
            Tensor._float_warned = True
            warnings.warn("Converting a tensor with requires_grad=True to a scalar may lead to "
                          "unexpected behavior.\nConsider using tensor.detach() first. (Triggered "
                          "internally at /__w/pytorch/pytorch/torch/csrc/autograd/generated/"
                          "python_variable_methods.cpp:822.)", UserWarning, stacklevel=2)
        self._check_one_element()
        return float(self.item())

    def __int__(self):
        self._check_one_element()
        return int(self.item())

    def __index__(self):
        if self._data.dtype.kind not in "iub" or self._data.size != 1:
            raise TypeError("only integer tensors of a single element can be converted to an index")
        return int(self.item())

    def __len__(self):
        if self._data.ndim == 0:
            raise TypeError("len() of a 0-d tensor")
        return self._data.shape[0]

    def __iter__(self):
        if self._data.ndim == 0:
            raise TypeError("iteration over a 0-d tensor")
        return iter(self.unbind(0))  # as PyTorch: the rows share one UnbindBackward0

    # --- printing -----------------------------------------------------------------------------
    def __repr__(self):
        try:
            grad_fn = self.grad_fn
            name = type(grad_fn).__name__ if grad_fn else None
        except RuntimeError:  # a view that has no valid history (unbind's, after an in-place)
            grad_fn, name = True, "Invalid"
        return _tensor_str.tensor_str(self._data, self.dtype.name, grad_fn_name=name,
                                      requires_grad=grad_fn is None and self.requires_grad,
                                      default_dtype=dtypes.get_default_dtype().name,
                                      tangent=self._fw_grad)

    def __format__(self, spec):
        """f"{loss:.3f}" formats a 0-d plain Tensor's value (not a Parameter's, as in PyTorch)."""
        if self._data.ndim == 0 and type(self) is Tensor:
            return self.item().__format__(spec)
        return object.__format__(self, spec)


def _read_only(name, value):
    """An attribute PyTorch's C tensor has no setter for (a property, or a constant: is_cuda):
    setting it fails in CPython's words. ops.py makes the ones it defines read-only too."""
    def refuse(self, value):
        raise AttributeError(f"attribute '{name}' of 'minigrad._C.TensorBase' objects is not "
                             "writable")
    if isinstance(value, property):
        return property(value.fget, refuse, None, value.__doc__)
    return property(lambda self: value, refuse)


for _name in ("grad_fn", "is_leaf", "_version", "output_nr", "retains_grad", "_base", "shape",
              "dtype", "device", "ndim", "nbytes", "itemsize"):
    setattr(Tensor, _name, _read_only(_name, vars(Tensor)[_name]))
# on the CPU and no other device, neither sparse, quantized, meta nor nested; no name (that is
# of PyTorch's named tensors)
for _name, _value in dict(is_cpu=True, is_cuda=False, is_xla=False, is_xpu=False, is_ipu=False,
                          is_mps=False, is_maia=False, is_vulkan=False, is_mtia=False,
                          is_mkldnn=False, is_sparse=False, is_sparse_csr=False,
                          is_quantized=False, is_meta=False, is_nested=False, name=None).items():
    setattr(Tensor, _name, _read_only(_name, _value))


def _wrap_dim(dim, ndim):
    """A negative dim counts from the end; out of range raises PyTorch's IndexError. A float or
    bool is no dim, nor is a tensor other than a 0-d integer one (PyTorch's int64_t takes only
    that one): the TypeError says so, and the functions _arg_parser reads again get PyTorch's
    words for it."""
    if dim.__class__ is float or dim.__class__ is bool or isinstance(dim, Tensor) and (
            dim._data.ndim or dim._data.dtype.kind not in "iu"):
        raise TypeError(f"dim must be int, not {dim.__class__.__name__}")
    n = max(ndim, 1)
    if not -n <= dim < n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], "
                         f"but got {dim})")
    return dim % n


# Imported last: the autograd package itself needs Tensor (tensor <-> autograd is a cycle).
from .autograd import grad_mode  # noqa: E402
from .autograd.engine import AccumulateGrad, HookDict  # noqa: E402
