"""Parameter: the tensors a Module learns."""
from ..ops import empty
from ..tensor import Tensor


class Parameter(Tensor):
    """A leaf Tensor that requires grad by default and that a Module registers when it is assigned
    as an attribute (`self.weight = Parameter(...)`), so that `parameters()` finds it. It shares
    memory with `data`; results of ops on it are plain Tensors."""

    def __new__(cls, data=None, requires_grad=True):
        if data is None:
            data = empty(0)
        p = cls._make(data.detach()._data)
        p._set_requires_grad(requires_grad, "Only Tensors of floating point and complex dtype can "
                                            "require gradients")
        return p

    def __repr__(self):
        return "Parameter containing:\n" + super().__repr__()
