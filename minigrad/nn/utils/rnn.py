"""Sequences of different lengths in one batch, as torch.nn.utils.rnn.

Padding (pad_sequence) makes them one (time, batch, *) tensor, but an RNN would then run over
the padding too. Packing (pack_padded_sequence) keeps only the real steps, time step after time
step, longest sequence first: `data` holds them and `batch_sizes[t]` says how many sequences are
still running at step t, so an RNN given a PackedSequence runs each step on just those rows.
"""
from collections.abc import Iterable
from typing import NamedTuple

from ... import derivatives as d, dtypes, ops
from ...tensor import Tensor

__all__ = ["PackedSequence", "invert_permutation", "pack_padded_sequence", "pad_packed_sequence",
           "pad_sequence", "unpad_sequence", "pack_sequence", "unpack_sequence"]


class PackedSequence_(NamedTuple):
    data: Tensor
    batch_sizes: Tensor
    sorted_indices: Tensor | None
    unsorted_indices: Tensor | None


class PackedSequence(PackedSequence_):
    """The packed steps (data), how many sequences run at each step (batch_sizes), and, when the
    batch had to be sorted by length, the order it was sorted in (sorted_indices) and its inverse
    (unsorted_indices), which gives the results back in the caller's order."""

    def __new__(cls, data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
        return super().__new__(cls, *_packed_sequence_init_args(
            data, batch_sizes, sorted_indices, unsorted_indices))

    def to(self, *args, **kwargs):
        """data.to(...); self when that changes nothing (the indices follow data's device).
        (No half(): minigrad has no float16.)"""
        data = self.data.to(*args, **kwargs)
        if data is self.data:
            return self
        sorted_indices, unsorted_indices = (None if t is None else t.to(data.device)
                                            for t in (self.sorted_indices, self.unsorted_indices))
        return type(self)(data, self.batch_sizes, sorted_indices, unsorted_indices)

    def cpu(self, *args, **kwargs):
        return self.to(*args, **kwargs)  # (always on the CPU here)

    def double(self):
        return self.to(dtype=dtypes.double)

    def float(self):
        return self.to(dtype=dtypes.float)

    def long(self):
        return self.to(dtype=dtypes.long)

    def int(self):
        return self.to(dtype=dtypes.int)

    def short(self):
        return self.to(dtype=dtypes.short)

    def char(self):
        return self.to(dtype=dtypes.int8)

    def byte(self):
        return self.to(dtype=dtypes.uint8)

    @property
    def is_cuda(self):
        return self.data.is_cuda


def _packed_sequence_init_args(data, batch_sizes=None, sorted_indices=None,
                               unsorted_indices=None):
    """PackedSequence(data, batch_sizes, ...) or PackedSequence((data, batch_sizes), ...); the
    unsorted indices are worked out from the sorted ones when not given."""
    if unsorted_indices is None:
        unsorted_indices = invert_permutation(sorted_indices)
    if batch_sizes is not None:
        if batch_sizes.device.type != "cpu":
            raise ValueError(
                "batch_sizes should always be on CPU. Instances of PackedSequence should never be "
                "created manually. They should be instantiated by functions like pack_sequence "
                "and pack_padded_sequences in nn.utils.rnn. "
                "https://pytorch.org/docs/stable/nn.html#torch.nn.utils.rnn.pack_sequence")
        return data, batch_sizes, sorted_indices, unsorted_indices
    if not (isinstance(data, (list, tuple)) and len(data) == 2):
        raise AssertionError("Expected data to be a list or tuple of length 2")
    return data[0], data[1], sorted_indices, unsorted_indices


def invert_permutation(permutation):
    """The inverse permutation: output[permutation[i]] = i."""
    if permutation is None:
        return None
    output = ops.empty_like(permutation)
    output.scatter_(0, permutation, ops.arange(0, permutation.numel()))
    return output


def _check_long_tensor(tensor):
    """ATen's checkLongTensor (its message names 'lengths' for batch_sizes too)."""
    if tensor.dim() != 1 or tensor.device.type != "cpu" or tensor.dtype != dtypes.int64:
        raise RuntimeError("'lengths' argument should be a 1D CPU int64 tensor, but got "
                           f"{tensor.dim()}D {tensor.device.type} "
                           f"{tensor.dtype._scalar} tensor")


def _pack_padded_sequence(input, lengths, batch_first):
    """ATen's checks, then the table row (its node: PackPaddedSequenceBackward0)."""
    if input.numel() == 0:
        raise RuntimeError("Cannot pack empty tensors.")
    steps = input.transpose(0, 1) if batch_first else input
    lengths = lengths.contiguous()
    _check_long_tensor(lengths)
    batch_size = steps.size(1)
    if lengths.size(0) != batch_size:
        raise RuntimeError("Expected `len(lengths)` to be equal to batch_size, but got "
                           f"{lengths.size(0)} (batch_size={batch_size})")
    values = lengths.tolist()
    if values[-1] <= 0:
        raise RuntimeError("Length of all samples has to be greater than 0, but found an element "
                           "in 'lengths' that is <= 0")
    if any(a < b for a, b in zip(values, values[1:])):
        raise RuntimeError(
            "`lengths` array must be sorted in decreasing order when `enforce_sorted` is True. "
            "You can pass `enforce_sorted=False` to pack_padded_sequence and/or pack_sequence to "
            "sidestep this requirement if you do not need ONNX exportability.")
    return d.pack_padded_sequence(input, lengths, batch_first)


def pack_padded_sequence(input, lengths, batch_first=False, enforce_sorted=True):
    """Pack a padded (time, batch, *) batch (batch first if batch_first) whose sequence b is
    lengths[b] steps long. Unless enforce_sorted, the batch is first sorted longest first
    (index_select), and the PackedSequence remembers the order."""
    if not isinstance(lengths, Tensor):
        lengths = ops.as_tensor(lengths, dtype=dtypes.int64, device="cpu")
    else:
        lengths = lengths.to(dtype=dtypes.int64)
    if enforce_sorted:
        sorted_indices = None
    else:
        lengths, sorted_indices = ops.sort(lengths, descending=True)
        sorted_indices = sorted_indices.to(input.device)
        input = input.index_select(0 if batch_first else 1, sorted_indices)
    data, batch_sizes = _pack_padded_sequence(input, lengths, batch_first)
    return PackedSequence(data, batch_sizes, sorted_indices, None)


def _pad_packed_sequence(data, batch_sizes, batch_first, padding_value, total_length):
    """ATen's (made of ordinary ops, so the graph has CopySlices): a (time, batch, *) tensor of
    padding_value; each run of steps with one batch size is copied in as a block. Also returns
    each sequence's length."""
    batch_sizes = batch_sizes.contiguous()
    _check_long_tensor(batch_sizes)
    sizes = batch_sizes.tolist()
    max_batch_size, max_seq_length = sizes[0], len(sizes)
    if total_length > 0:
        if total_length < max_seq_length:
            raise RuntimeError("Expected total_length to be at least the length of the longest "
                               f"sequence in input, but got total_length={total_length} and max "
                               f"sequence length being {max_seq_length}")
        max_seq_length = total_length
    output = ops.full((max_seq_length, max_batch_size, *data.shape[1:]), padding_value,
                      dtype=data.dtype)
    lengths = [0] * max_batch_size
    offset, prev_batch_size, prev_i = 0, max_batch_size, 0
    for i in range(len(sizes) + 1):
        batch_size = sizes[i] if i < len(sizes) else 0
        if batch_size != prev_batch_size:
            n = prev_batch_size * (i - prev_i)
            block = data.narrow(0, offset, n).view(i - prev_i, prev_batch_size, *data.shape[1:])
            output.narrow(0, prev_i, i - prev_i).narrow(1, 0, prev_batch_size).copy_(block)
            offset, prev_i = offset + n, i
        for b in range(batch_size, prev_batch_size):  # these sequences ended at step i
            lengths[b] = i
        prev_batch_size = batch_size
    if batch_first:
        output = output.transpose(0, 1)
    return output, ops.tensor(lengths, dtype=dtypes.int64)


def pad_packed_sequence(sequence, batch_first=False, padding_value=0.0, total_length=None):
    """The inverse of pack_padded_sequence: (padded tensor, lengths), in the original batch
    order; total_length pads the time dim to that length."""
    max_seq_length = sequence.batch_sizes.size(0)
    if total_length is not None:
        if total_length < max_seq_length:
            raise ValueError("Expected total_length to be at least the length of the longest "
                             f"sequence in input, but got total_length={total_length} and max "
                             f"sequence length being {max_seq_length}")
        max_seq_length = total_length
    padded_output, lengths = _pad_packed_sequence(sequence.data, sequence.batch_sizes,
                                                  batch_first, padding_value, max_seq_length)
    unsorted_indices = sequence.unsorted_indices
    if unsorted_indices is not None:
        batch_dim = 0 if batch_first else 1
        return (padded_output.index_select(batch_dim, unsorted_indices),
                lengths[unsorted_indices.cpu()])
    return padded_output, lengths


def pad_sequence(sequences, batch_first=False, padding_value=0.0, padding_side="right"):
    """Stack sequences of shape (L_i, *) into one (T, batch, *) tensor (batch first if asked),
    T the longest L_i, the rest filled with padding_value: on the right, or on the left."""
    if not isinstance(sequences, Iterable):
        raise RuntimeError("pad_sequence: Expected iterable for input sequences, but got arg of "
                           f"type: {type(sequences)}")
    sequences = tuple(sequences)
    ops._tensor_elements(sequences)
    if not sequences:
        raise RuntimeError("received an empty list of sequences")
    if sequences[0].dim() == 0:  # (ATen takes the trailing sizes, sizes()[1:], first)
        raise RuntimeError("ArrayRef: invalid slice, N = 1; size = 0")
    max_len = max(s.size(0) for s in sequences)
    size = (len(sequences), max_len) if batch_first else (max_len, len(sequences))
    out = ops.full((*size, *sequences[0].shape[1:]), padding_value, dtype=sequences[0].dtype)
    if padding_side not in ("left", "right"):
        raise RuntimeError("Expected padding_side to be one of left or right, but got "
                           f"{padding_side}.")
    for i, seq in enumerate(sequences):
        start = max_len - seq.size(0) if padding_side == "left" else 0
        if batch_first:
            out.select(0, i).narrow(0, start, seq.size(0)).copy_(seq)
        else:
            out.narrow(0, start, seq.size(0)).select(1, i).copy_(seq)
    return out


def unpad_sequence(padded_sequences, lengths, batch_first=False):
    """The inverse of pad_sequence: the first lengths[b] steps of each sequence b (a mask
    index). Like PyTorch, it transposes a time-first padded_sequences in place."""
    if not batch_first:
        padded_sequences.transpose_(0, 1)
    idx = ops.arange(padded_sequences.shape[1])
    return [seq[idx < length] for seq, length in zip(padded_sequences, lengths, strict=True)]


def pack_sequence(sequences, enforce_sorted=True):
    """pad_sequence, then pack_padded_sequence with the sequences' lengths."""
    lengths = ops.as_tensor([v.size(0) for v in sequences])
    return pack_padded_sequence(pad_sequence(sequences), lengths, enforce_sorted=enforce_sorted)


def unpack_sequence(packed_sequences):
    """The inverse of pack_sequence: the list of sequences."""
    padded_sequences, lengths = pad_packed_sequence(packed_sequences, batch_first=True)
    return unpad_sequence(padded_sequences, lengths, batch_first=True)
