"""Sequential: modules applied one after the other."""
import operator
from collections import OrderedDict

from .module import Module


class Sequential(Module):
    """The given modules applied one after the other; they are registered as '0', '1', ..."""

    def __init__(self, *args):
        super().__init__()
        if len(args) == 1 and isinstance(args[0], OrderedDict):
            for name, module in args[0].items():
                self.add_module(name, module)
        else:
            for idx, module in enumerate(args):
                self.add_module(str(idx), module)

    def forward(self, input):
        for module in self:
            input = module(input)
        return input

    def _key(self, idx):
        """The name of the module at integer position idx (negative counts from the end)."""
        idx, size = operator.index(idx), len(self)
        if not -size <= idx < size:
            raise IndexError(f"index {idx} is out of range")
        return list(self._modules)[idx]

    def __getitem__(self, idx):
        if isinstance(idx, slice):  # a Sequential of those modules, which keep their names
            return type(self)(OrderedDict(list(self._modules.items())[idx]))
        return self._modules[self._key(idx)]

    def __setitem__(self, idx, module):
        setattr(self, self._key(idx), module)

    def __delitem__(self, idx):
        """Remove the module(s), then rename the rest '0', '1', ... as PyTorch does."""
        keys = list(self._modules)[idx] if isinstance(idx, slice) else [self._key(idx)]
        for key in keys:
            delattr(self, key)
        self._modules = OrderedDict((str(i), m) for i, m in enumerate(self._modules.values()))

    def __len__(self):
        return len(self._modules)

    def append(self, module):
        """Add `module` at the end, under the next index as its name."""
        self.add_module(str(len(self)), module)
        return self

    def __iter__(self):
        return iter(self._modules.values())

    def insert(self, index, module):
        """Put `module` at position `index`; the modules from there on move up one name."""
        if not isinstance(module, Module):
            raise AssertionError(f"module should be of type: {Module}")
        n = len(self._modules)
        if not (-n <= index <= n):
            raise IndexError(f"Index out of range: {index}")
        if index < 0:
            index += n
        for i in range(n, index, -1):
            self._modules[str(i)] = self._modules[str(i - 1)]
        self._modules[str(index)] = module
        return self

    def extend(self, sequential):
        for layer in sequential:
            self.append(layer)
        return self

    def pop(self, key):
        v = self[key]
        del self[key]
        return v

    def __add__(self, other):
        """A new Sequential of both one's modules (the same module objects, renumbered)."""
        if not isinstance(other, Sequential):
            raise ValueError("add operator supports only objects of Sequential class, but "
                             f"{type(other)} is given.")
        return Sequential().extend(self).extend(other)

    def __mul__(self, other):
        """A new Sequential of the modules repeated `other` times (the same objects, renumbered)."""
        self._check_factor(other)
        return Sequential(*(list(self) * other))

    __rmul__ = __mul__

    def __imul__(self, other):
        self._check_factor(other)
        n = len(self)
        for i in range(n, n * other):
            self.add_module(str(i), self._modules[str(i % n)])
        return self

    def _check_factor(self, other):
        if not isinstance(other, int):
            raise TypeError(f"unsupported operand type(s) for *: {type(self)} and {type(other)}")
        if other <= 0:
            raise ValueError(f"Non-positive multiplication factor {other} for {type(self)}")

    def __iadd__(self, other):
        if not isinstance(other, Sequential):
            raise ValueError("add operator supports only objects of Sequential class, but "
                             f"{type(other)} is given.")
        offset = len(self)
        for i, module in enumerate(other):
            self.add_module(str(i + offset), module)
        return self
