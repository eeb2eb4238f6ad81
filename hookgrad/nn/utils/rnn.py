"""torch.nn.utils.rnn: PackedSequence and the functions that pack, pad and unpad batches of
sequences of different lengths, with PyTorch's checks and recorded nodes."""
from collections.abc import Iterable

import numpy as np

from ..._creation import arange, full, tensor
from ..._dtype import int64
from ..._ops.packing import PackPaddedSequenceBackward0, batch_sizes_of
from ..._tensor_base import TensorBase
from .._packed_sequence import PackedSequence, invert_permutation

__all__ = ["PackedSequence", "invert_permutation", "pack_padded_sequence", "pad_packed_sequence",
           "pad_sequence", "unpad_sequence", "pack_sequence", "unpack_sequence"]


def _lengths_array(lengths):
    if isinstance(lengths, TensorBase):
        lengths = lengths.to(dtype=int64)
        if lengths.dim() != 1:
            raise RuntimeError("'lengths' argument should be a 1D CPU int64 tensor, but got "
                               f"{lengths.dim()}D cpu Long tensor")
        return lengths
    return tensor(np.asarray(lengths, dtype=np.int64).reshape(-1), dtype=int64)


def pack_padded_sequence(input, lengths, batch_first=False, enforce_sorted=True):
    lengths = _lengths_array(lengths)
    sorted_indices = None
    if not enforce_sorted:
        lengths, sorted_indices = lengths.sort(descending=True)
        input = input.index_select(0 if batch_first else 1, sorted_indices)
    values = lengths.numpy()
    shape = tuple(input.shape)
    if input.numel() == 0:
        raise RuntimeError("Cannot pack empty tensors.")
    steps, batch = (shape[1], shape[0]) if batch_first else (shape[0], shape[1])
    if len(values) != batch:
        raise RuntimeError("Expected `len(lengths)` to be equal to batch_size, but got "
                           f"{len(values)} (batch_size={batch})")
    if values[-1] <= 0:
        raise RuntimeError("Length of all samples has to be greater than 0, but found an "
                           "element in 'lengths' that is <= 0")
    if np.any(values[1:] > values[:-1]):
        raise RuntimeError("`lengths` array must be sorted in decreasing order when "
                           "`enforce_sorted` is True. You can pass `enforce_sorted=False` to "
                           "pack_padded_sequence and/or pack_sequence to sidestep this "
                           "requirement if you do not need ONNX exportability.")
    if values[0] > steps:
        # (PyTorch reads past the end of the input here; refused instead)
        raise RuntimeError(f"Expected every length to be at most the padded sequence length "
                           f"{steps}, but got a length of {int(values[0])}")
    batch_sizes = batch_sizes_of(values)
    data = PackPaddedSequenceBackward0.apply(input, batch_sizes, bool(batch_first))
    return PackedSequence(data, tensor(batch_sizes, dtype=int64), sorted_indices, None)


def pad_packed_sequence(sequence, batch_first=False, padding_value=0.0, total_length=None):
    sizes = [int(s) for s in sequence.batch_sizes.numpy()]
    max_length = len(sizes)
    if total_length is not None:
        if total_length < max_length:
            raise ValueError("Expected total_length to be at least the length of the longest "
                             f"sequence in input, but got total_length={total_length} and max "
                             f"sequence length being {max_length}")
        max_length = total_length
    data = sequence.data
    trailing = tuple(data.shape[1:])
    output = full((max_length, sizes[0]) + trailing, padding_value, dtype=data.dtype)
    # steps with the same batch size are copied as one block, as PyTorch's kernel does
    offset = start = 0
    lengths = np.zeros(sizes[0], np.int64)
    while start < len(sizes):
        size, end = sizes[start], start
        while end < len(sizes) and sizes[end] == size:
            end += 1
        block = data.narrow(0, offset, (end - start) * size).view((end - start, size) + trailing)
        output.narrow(0, start, end - start).narrow(1, 0, size).copy_(block)
        lengths[:size] = end
        offset += (end - start) * size
        start = end
    if batch_first:
        output = output.transpose(0, 1)
    lengths = tensor(lengths, dtype=int64)
    if sequence.unsorted_indices is not None:
        batch_dim = 0 if batch_first else 1
        return (output.index_select(batch_dim, sequence.unsorted_indices),
                lengths[sequence.unsorted_indices])
    return output, lengths


def pad_sequence(sequences, batch_first=False, padding_value=0.0, padding_side="right"):
    if not isinstance(sequences, Iterable):
        raise RuntimeError("pad_sequence: Expected iterable for input sequences, but got arg "
                           f"of type: {type(sequences)}")
    sequences = tuple(sequences)
    if not sequences:
        raise RuntimeError("received an empty list of sequences")
    if padding_side not in ("left", "right"):
        raise RuntimeError("Expected padding_side to be one of left or right, but got "
                           f"{padding_side}.")
    first = sequences[0]
    if first.dim() == 0:
        raise RuntimeError("ArrayRef: invalid slice, N = 1; size = 0")
    trailing = tuple(first.shape[1:])
    max_length = max(int(s.shape[0]) for s in sequences)
    shape = ((len(sequences), max_length) if batch_first else (max_length, len(sequences)))
    out = full(shape + trailing, padding_value, dtype=first.dtype)
    for i, seq in enumerate(sequences):
        length = int(seq.shape[0])
        start = max_length - length if padding_side == "left" else 0
        if batch_first:
            out.select(0, i).narrow(0, start, length).copy_(seq)
        else:
            out.narrow(0, start, length).select(1, i).copy_(seq)
    return out


def unpad_sequence(padded_sequences, lengths, batch_first=False):
    if not batch_first:
        padded_sequences.transpose_(0, 1)
    idx = arange(padded_sequences.shape[1])
    return [seq[idx < length] for seq, length in zip(padded_sequences, lengths, strict=True)]


def pack_sequence(sequences, enforce_sorted=True):
    lengths = tensor([v.size(0) for v in sequences])
    return pack_padded_sequence(pad_sequence(sequences), lengths, enforce_sorted=enforce_sorted)


def unpack_sequence(packed_sequences):
    padded, lengths = pad_packed_sequence(packed_sequences, batch_first=True)
    return unpad_sequence(padded, lengths, batch_first=True)
