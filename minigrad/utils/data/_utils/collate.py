"""How a DataLoader turns a list of samples into one batch (as torch.utils.data._utils.collate).

default_collate keeps the structure of a sample and stacks what is inside: a batch of
(x, y) tuples becomes [stacked xs, stacked ys]; numbers become a tensor; dicts collate key by key.
"""
import collections.abc
import copy
import re

import numpy as np

from .... import dtypes, ops
from ....tensor import Tensor

np_str_obj_array_pattern = re.compile(r"[SaUO]")

default_collate_err_msg_format = (
    "default_collate: batch must contain tensors, numpy arrays, numbers, "
    "dicts or lists; found {}"
)


def default_collate(batch):
    """Stack a list of samples into a batch, recursing into tuples, lists and dicts."""
    elem = batch[0]
    elem_type = type(elem)
    if isinstance(elem, Tensor):
        return ops.stack(batch, 0)
    if isinstance(elem, np.ndarray):
        if np_str_obj_array_pattern.search(elem.dtype.str) is not None:
            raise TypeError(default_collate_err_msg_format.format(elem.dtype))
        return default_collate([ops.as_tensor(b) for b in batch])
    if isinstance(elem, (np.bool_, np.number, np.object_)):
        return ops.as_tensor(batch)
    if isinstance(elem, float):
        return ops.tensor(batch, dtype=dtypes.float64)  # Python floats are doubles
    if isinstance(elem, int):
        return ops.tensor(batch)
    if isinstance(elem, (str, bytes)):
        return batch
    if isinstance(elem, collections.abc.Mapping):
        collated = {key: default_collate([d[key] for d in batch]) for key in elem}
        try:
            if isinstance(elem, collections.abc.MutableMapping):
                clone = copy.copy(elem)  # keeps the mapping's own type (OrderedDict, ...)
                clone.update(collated)
                return clone
            return elem_type(collated)
        except TypeError:
            return collated
    if isinstance(elem, tuple) and hasattr(elem, "_fields"):  # namedtuple
        return elem_type(*(default_collate(samples) for samples in zip(*batch)))
    if isinstance(elem, collections.abc.Sequence):
        elem_size = len(elem)
        if not all(len(e) == elem_size for e in batch):
            raise RuntimeError("each element in list of batch should be of equal size")
        transposed = [default_collate(samples) for samples in zip(*batch)]
        if isinstance(elem, tuple):
            return transposed  # a list, as PyTorch gives (backwards compatibility)
        try:
            if isinstance(elem, collections.abc.MutableSequence):
                clone = copy.copy(elem)
                clone[:] = transposed
                return clone
            return elem_type(transposed)
        except TypeError:
            return transposed
    raise TypeError(default_collate_err_msg_format.format(elem_type))


def default_convert(data):
    """Without batching (batch_size=None): NumPy arrays become tensors, the rest stays as is."""
    elem_type = type(data)
    if isinstance(data, Tensor):
        return data
    if elem_type.__module__ == "numpy" and elem_type.__name__ not in ("str_", "string_"):
        if (elem_type.__name__ == "ndarray"
                and np_str_obj_array_pattern.search(data.dtype.str) is not None):
            return data
        return ops.as_tensor(data)
    if isinstance(data, collections.abc.Mapping):
        converted = {key: default_convert(data[key]) for key in data}
        try:
            if isinstance(data, collections.abc.MutableMapping):
                clone = copy.copy(data)
                clone.update(converted)
                return clone
            return elem_type(converted)
        except TypeError:
            return converted
    if isinstance(data, tuple) and hasattr(data, "_fields"):  # namedtuple
        return elem_type(*(default_convert(d) for d in data))
    if isinstance(data, tuple):
        return [default_convert(d) for d in data]
    if isinstance(data, collections.abc.Sequence) and not isinstance(data, (str, bytes)):
        converted = [default_convert(d) for d in data]
        try:
            if isinstance(data, collections.abc.MutableSequence):
                clone = copy.copy(data)
                clone[:] = converted
                return clone
            return elem_type(converted)
        except TypeError:
            return converted
    return data
