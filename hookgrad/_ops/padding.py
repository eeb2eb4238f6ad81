"""Padding: constant (``ConstantPadNdBackward0``) and reflect / replicate (index gathers whose
backward scatters back), with PyTorch's node names. Circular padding is composed of slice
copies, as PyTorch records it (nn/_functional/padding.py)."""
import numpy as np

from .._memory_format import like_suggested
from .activation_backward import zeros_of_input
from .op import Op


class ConstantPadNdBackward0(Op):
    """``pad`` is PyTorch's flat list, last dim first; negative entries crop."""

    supports_complex = True  # (moves elements; so does its backward)

    def forward(self, input, pad, value):
        x = input._data
        self.pad = pad
        shape, src, dst = list(x.shape), [slice(None)] * x.ndim, [slice(None)] * x.ndim
        for k in range(len(pad) // 2):
            dim = x.ndim - 1 - k
            left, right = pad[2 * k], pad[2 * k + 1]
            size = shape[dim] + left + right
            if shape[dim] + min(left, 0) + min(right, 0) < 0:  # (PyTorch narrows the input
                # by the negative pads first)
                raise RuntimeError("narrow(): length must be non-negative.")
            src[dim] = slice(max(-left, 0), shape[dim] - max(-right, 0))
            dst[dim] = slice(max(left, 0), size - max(right, 0))
            shape[dim] = size
        out = np.full(shape, value, x.dtype)
        out[tuple(dst)] = x[tuple(src)]
        return like_suggested(out, x)

    def backward(self, grad):
        return ConstantPadNdBackward0.apply(grad, tuple(-p for p in self.pad), 0)


def pad_indices(size, left, right, mode):
    """Source index of each output position along one dim for reflect or replicate padding."""
    positions = np.arange(-left, size + right)
    if mode == "reflect":
        period = 2 * (size - 1) if size > 1 else 1
        positions = np.abs(positions) % period
        return np.where(positions >= size, period - positions, positions)
    return np.clip(positions, 0, size - 1)  # replicate


class _IndexPad(Op):
    """Reflect / replicate padding as a gather along each padded dim."""

    saves_input = True  # (PyTorch's reflection and replication pads save self)

    def forward(self, input, pad, mode):
        self.save(input if self.saves_input else None)
        x = input._data
        self.in_shape, self.pad, self.mode = x.shape, pad, mode
        self.index = []
        for k in range(len(pad) // 2):
            dim = x.ndim - 1 - k
            index = pad_indices(x.shape[dim], pad[2 * k], pad[2 * k + 1], mode)
            self.index.append((dim, index))
            x = np.take(x, index, axis=dim)
        return like_suggested(x, input._data)

    grad_node = None  # (set per subclass: its "...BackwardBackward0")

    def backward(self, grad):
        # (unpacked as PyTorch's node does: raises once a pass freed them)
        return self.grad_node.apply(grad, self.saved()[0], self)


class _IndexPadGrad(Op):
    """Sum the gradient of every copy back into its source position (transpose of _IndexPad).
    Its inputs are PyTorch's, the gradient and the padded input (whose derivative is zeros):
    the gradient requires grad when the input does."""

    arity = 2

    def forward(self, grad, input, pad_op):
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
        # the gradient's gradient is the pad of it, PyTorch's pad node again (which saves
        # the gradient it pads, as the pad saves its input)
        pad_op = self.pad_op
        return (type(pad_op).apply(grad, pad_op.pad, pad_op.mode) if self.needs(0) else None,
                zeros_of_input(self, 1) if self.needs(1) else None)


def _pad_node(mode, ndims):
    name = {"reflect": "ReflectionPad", "replicate": "ReplicationPad"}[mode]
    grad_node = type(f"{name}{ndims}DBackwardBackward0", (_IndexPadGrad,), {})
    return type(f"{name}{ndims}DBackward0", (_IndexPad,), {"grad_node": grad_node})


PAD_NODES = {(mode, n): _pad_node(mode, n) for mode in ("reflect", "replicate")
             for n in (1, 2, 3)}
