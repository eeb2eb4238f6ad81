"""``max_unpool2d``: each input value written at its recorded flat index of the output plane,
zeros elsewhere (``max_unpool1d`` goes through it with a unit width)."""
import numpy as np

from .op import Op


def _check_indices(idx, out_hw):
    plane = out_hw[0] * out_hw[1]
    bad = ((idx < 0) | (idx >= plane)).reshape(-1)
    if bad.any():
        # PyTorch's kernel keeps the last bad index it meets: the last in C order on one
        # thread (with several threads it is whichever chunk writes last, which varies)
        last = bad.size - 1 - int(bad[::-1].argmax())
        raise RuntimeError(f"Found an invalid max index: {int(idx.reshape(-1)[last])} "
                           f"(output volumes are of size {out_hw[0]}x{out_hw[1]})")


class MaxUnpool2DBackward0(Op):
    def forward(self, input, indices, out_hw):
        self.save(indices)
        x, idx = input._data, indices._data
        _check_indices(idx, out_hw)
        lead = x.shape[:-2]
        flat_x = x.reshape(lead + (-1,))
        out = np.zeros(lead + (out_hw[0] * out_hw[1],), x.dtype)
        np.put_along_axis(out, idx.reshape(lead + (-1,)), flat_x, axis=-1)
        return out.reshape(lead + tuple(out_hw))

    def backward(self, grad):
        # PyTorch's formula as ops: each plane read flat at the indices (so a second
        # derivative goes through ViewBackward0 / GatherBackward0)
        indices = self.saved()[0]
        lead = tuple(indices.shape[:-2])
        flat_indices = indices.view(lead + (-1,))
        return grad.view(lead + (-1,)).gather(-1, flat_indices).view(tuple(indices.shape))
