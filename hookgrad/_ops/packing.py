"""``_pack_padded_sequence``: a padded ``(T, B, *)`` batch (sorted by decreasing length) laid out
step by step as the ``(sum(lengths), *)`` data of a PackedSequence."""
import numpy as np

from .op import Op


def batch_sizes_of(lengths):
    """How many sequences are still running at each step (``lengths`` sorted, decreasing)."""
    steps = np.arange(int(lengths[0]))
    return (lengths[None, :] > steps[:, None]).sum(axis=1).astype(np.int64)


class PackPaddedSequenceBackward0(Op):
    def forward(self, input, batch_sizes, batch_first):
        x = input._data
        time_major = np.swapaxes(x, 0, 1) if batch_first else x
        self.in_shape, self.batch_sizes, self.batch_first = x.shape, batch_sizes, batch_first
        return np.concatenate([time_major[t, :size] for t, size in enumerate(batch_sizes)])

    def backward(self, grad):
        # PyTorch's formula as ops: a zero tensor of the input's shape, each step's rows
        # copied in (so a second derivative records the copies)
        grad_input = grad.new_zeros(self.in_shape)
        time_major = grad_input.transpose(0, 1) if self.batch_first else grad_input
        offset = 0
        for t, size in enumerate(self.batch_sizes):
            size = int(size)
            time_major.select(0, t).narrow(0, 0, size).copy_(grad.narrow(0, offset, size))
            offset += size
        return grad_input
