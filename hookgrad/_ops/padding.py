"""Padding: constant (``ConstantPadNdBackward0``) and reflect / replicate / circular (index
gathers whose backward scatters back), with PyTorch's node names."""
import numpy as np

from .op import Op


class ConstantPadNdBackward0(Op):
    """``pad`` is PyTorch's flat list, last dim first; negative entries crop."""

    def forward(self, input, pad, value):
        x = input._data
        self.pad = pad
        shape, src, dst = list(x.shape), [slice(None)] * x.ndim, [slice(None)] * x.ndim
        for k in range(len(pad) // 2):
            dim = x.ndim - 1 - k
            left, right = pad[2 * k], pad[2 * k + 1]
            size = shape[dim] + left + right
            if size < 0:
                raise RuntimeError(
                    f"The input size {shape[dim]}, plus negative padding {left} and {right} "
                    f"resulted in a negative output size, which is invalid. Check dimension "
                    f"{dim} of your input.")
            src[dim] = slice(max(-left, 0), shape[dim] - max(-right, 0))
            dst[dim] = slice(max(left, 0), size - max(right, 0))
            shape[dim] = size
        out = np.full(shape, value, x.dtype)
        out[tuple(dst)] = x[tuple(src)]
        return out

    def backward(self, grad):
        return ConstantPadNdBackward0.apply(grad, tuple(-p for p in self.pad), 0)


def pad_indices(size, left, right, mode):
    """Source index of each output position along one dim for a non-constant padding mode."""
    positions = np.arange(-left, size + right)
    if mode == "reflect":
        period = 2 * (size - 1) if size > 1 else 1
        positions = np.abs(positions) % period
        return np.where(positions >= size, period - positions, positions)
    if mode == "replicate":
        return np.clip(positions, 0, size - 1)
    return positions % size  # circular


class _IndexPad(Op):
    """Reflect / replicate / circular padding as a gather along each padded dim."""

    def forward(self, input, pad, mode):
        x = input._data
        self.in_shape = x.shape
        self.index = []
        for k in range(len(pad) // 2):
            dim = x.ndim - 1 - k
            index = pad_indices(x.shape[dim], pad[2 * k], pad[2 * k + 1], mode)
            self.index.append((dim, index))
            x = np.take(x, index, axis=dim)
        return x

    def backward(self, grad):
        return _IndexPadGrad.apply(grad, self)


class _IndexPadGrad(Op):
    """Sum the gradient of every copy back into its source position (transpose of _IndexPad)."""

    def forward(self, grad, pad_op):
        self.pad_op = pad_op
        g = grad._data
        shape = list(g.shape)
        for dim, index in reversed(pad_op.index):
            shape[dim] = pad_op.in_shape[dim]
            out = np.zeros(shape, g.dtype)
            np.add.at(out, (slice(None),) * dim + (index,), g)
            g = out
        return g

    def backward(self, grad):
        return _IndexPadAgain.apply(grad, self.pad_op)


class _IndexPadAgain(Op):
    def forward(self, grad, pad_op):
        self.pad_op = pad_op
        g = grad._data
        for dim, index in pad_op.index:
            g = np.take(g, index, axis=dim)
        return g

    def backward(self, grad):
        return _IndexPadGrad.apply(grad, self.pad_op)


def _pad_node(mode, ndims):
    name = {"reflect": "ReflectionPad", "replicate": "ReplicationPad"}.get(mode)
    return type(f"{name}{ndims}DBackward0" if name else "CircularPadBackward0", (_IndexPad,), {})


PAD_NODES = {(mode, n): _pad_node(mode, n) for mode in ("reflect", "replicate", "circular")
             for n in (1, 2, 3)}
