"""Parameter: the tensors a Module learns; Buffer: the ones it keeps but does not learn."""
from ..ops import empty
from ..tensor import Tensor


class Parameter(Tensor):
    """A leaf Tensor that requires grad by default and that a Module registers when it is assigned
    as an attribute (`self.weight = Parameter(...)`), so that `parameters()` finds it. It shares
    memory (and version counter) with `data`; results of ops on it are plain Tensors."""

    def __new__(cls, data=None, requires_grad=True):
        if data is None:
            data = empty(0)
        data = data.detach()  # same memory and version counter (in-place changes are seen)
        p = cls._make(data._data, version_counter=data._version_counter)
        p._set_requires_grad(requires_grad, "Only Tensors of floating point and complex dtype can "
                                            "require gradients")
        return p

    def __repr__(self):
        return "Parameter containing:\n" + super().__repr__()

    def __deepcopy__(self, memo):
        """A new Parameter with a copy of the values; unlike a Tensor's, its .grad stays behind."""
        if id(self) not in memo:
            memo[id(self)] = type(self)(self.data.clone(), self.requires_grad)
        return memo[id(self)]


class Buffer(Tensor):
    """A Tensor that a Module registers as a buffer when it is assigned as an attribute
    (`self.running_mean = Buffer(zeros(3))`), as register_buffer does: it is in state_dict
    unless persistent=False, and the optimizer never sees it. It shares memory with `data`.
    (PyTorch's is a plain Tensor carrying a flag; minigrad's tensors take no new attributes.)"""

    __slots__ = ("persistent",)

    def __new__(cls, data=None, *, persistent=True):
        if data is None:
            data = empty(0)
        b = cls._make(data._data, version_counter=data.detach()._version_counter)
        b._requires_grad = data.requires_grad
        b.persistent = persistent
        return b
