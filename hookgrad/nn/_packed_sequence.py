"""PackedSequence: the data of a batch of sequences of different lengths laid out step by
step, with the batch size of each step (re-exported as ``torch.nn.utils.rnn.PackedSequence``;
it lives here so the recurrent layers can test for it without importing ``nn.utils``)."""
from typing import NamedTuple

from .._creation import arange
from .._dtype import float16, float32, float64, int8, int16, int32, int64, uint8
from .._tensor_base import TensorBase


class PackedSequence_(NamedTuple):
    data: TensorBase
    batch_sizes: TensorBase
    sorted_indices: TensorBase
    unsorted_indices: TensorBase


def _init_args(data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
    if unsorted_indices is None:
        unsorted_indices = invert_permutation(sorted_indices)
    if batch_sizes is not None:
        if batch_sizes.device.type != "cpu":
            raise ValueError("batch_sizes should always be on CPU. Instances of PackedSequence "
                             "should never be created manually. They should be instantiated by "
                             "functions like pack_sequence and pack_padded_sequences in "
                             "nn.utils.rnn. https://pytorch.org/docs/stable/nn.html#torch.nn."
                             "utils.rnn.pack_sequence")
        return data, batch_sizes, sorted_indices, unsorted_indices
    if not (isinstance(data, (list, tuple)) and len(data) == 2):
        raise AssertionError("Expected data to be a list or tuple of length 2")
    return data[0], data[1], sorted_indices, unsorted_indices


class PackedSequence(PackedSequence_):
    def __new__(cls, data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
        return super().__new__(cls, *_init_args(data, batch_sizes, sorted_indices,
                                                unsorted_indices))

    def to(self, *args, **kwargs):
        data = self.data.to(*args, **kwargs)
        if data is self.data:
            return self
        # (the indices follow the data's device; batch_sizes stay on the CPU)
        indices = [None if t is None else t.to(data.device)
                   for t in (self.sorted_indices, self.unsorted_indices)]
        return type(self)(data, self.batch_sizes, *indices)

    def cuda(self, *args, **kwargs):
        return self.to(self.data.cuda(*args, **kwargs).device)

    def cpu(self, *args, **kwargs):
        return self.to(self.data.cpu(*args, **kwargs).device)

    def pin_memory(self):
        return self

    def double(self):
        return self.to(dtype=float64)

    def float(self):
        return self.to(dtype=float32)

    def half(self):
        return self.to(dtype=float16)

    def long(self):
        return self.to(dtype=int64)

    def int(self):
        return self.to(dtype=int32)

    def short(self):
        return self.to(dtype=int16)

    def char(self):
        return self.to(dtype=int8)

    def byte(self):
        return self.to(dtype=uint8)

    @property
    def is_cuda(self):
        return self.data.is_cuda

    def is_pinned(self):
        return self.data.is_pinned()


def invert_permutation(permutation):
    if permutation is None:
        return None
    output = permutation.new_empty(tuple(permutation.shape))
    return output.scatter_(0, permutation, arange(0, permutation.numel()))
