"""``as_strided``: a view of the tensor's storage with the sizes, strides (in elements) and
storage offset given, as PyTorch's. Its gradient goes back through storage positions: each
output element's gradient lands on the input element stored at the same place (none if the
input does not cover it; shared evenly where the input itself overlaps, as an expanded one
does)."""
import numpy as np

from .._tensor_base import _make
from ..storage import _address, _owner
from .op import Op, ViewOp


def _storage_offset(array):
    return (_address(array) - _address(_owner(array))) // array.itemsize


def _positions(shape, strides, offset):
    """The storage position of every element of a strided layout."""
    positions = np.full(shape, offset, np.int64)
    for axis, (size, stride) in enumerate(zip(shape, strides)):
        step = np.arange(size, dtype=np.int64) * stride
        positions += step.reshape((-1,) + (1,) * (len(shape) - axis - 1))
    return positions


def _strided_view(x, size, stride, offset):
    owner = _owner(x)
    itemsize = x.itemsize
    flat = owner.reshape(-1) if owner.flags.c_contiguous else owner.ravel(order="K")
    # (elements that overlap stay writable: PyTorch does not detect general overlap either)
    return np.lib.stride_tricks.as_strided(
        flat[offset:] if flat.size else flat, size, tuple(s * itemsize for s in stride),
        writeable=bool(x.flags.writeable))


class AsStridedBackward0(ViewOp):
    @staticmethod
    def view_array(x, size, stride, offset):
        return _strided_view(x, size, stride, offset)

    def forward(self, a, size, stride, offset):
        x = a._data
        self.params = (size, stride, offset)
        self.input_geometry = (x.shape, tuple(s // x.itemsize for s in x.strides),
                               _storage_offset(x))
        inputs = _positions(*self.input_geometry)
        outputs = _positions(size, stride, offset)
        length = int(max(inputs.max(initial=-1), outputs.max(initial=-1))) + 1
        self.geometry = (inputs, outputs, np.bincount(inputs.reshape(-1), minlength=length))
        return self.view_array(x, size, stride, offset)

    def backward(self, grad):
        if grad._requires_grad:
            return self._recorded_backward(grad)
        return StorageGather.apply(grad, self.geometry)

    def _recorded_backward(self, grad):
        """Under create_graph, PyTorch's ``as_strided_backward`` op by op: the gradient (its
        size-1 dims squeezed, its stride-0 dims summed, last first) written into its places
        of a zero storage (``CopySlices``; ``index_add_`` where the output overlaps itself),
        divided by how often the input covers each place where it overlaps itself, and seen
        through the input's geometry (``AsStridedBackward0``)."""
        in_shape, in_strides, in_offset = self.input_geometry
        size, stride, offset = self.params
        inputs, _, counts = self.geometry
        dtype = grad._data.dtype
        if not grad._data.size:  # (zeros with no history, as PyTorch's)
            return _make(np.zeros(in_shape, dtype))
        size, stride = list(size), list(stride)
        for dim in range(len(size) - 1, -1, -1):
            if size[dim] == 1:
                grad = grad.squeeze(dim)
            elif stride[dim] == 0:
                grad = grad.sum(dim)
            else:
                continue
            del size[dim], stride[dim]
        shared = min(in_offset, offset)
        storage = _make(np.zeros(counts.size - shared, dtype))
        places = _positions(tuple(size), tuple(stride), offset - shared).reshape(-1)
        if np.unique(places).size < places.size:
            storage.index_add_(0, _make(places), grad.reshape(-1))
        else:
            AsStridedBackward0.apply(storage, tuple(size), tuple(stride),
                                     offset - shared).copy_(grad)
        if inputs.size and counts[inputs].max() > 1:
            count = np.zeros(storage._data.size, dtype)
            np.add.at(count, inputs.reshape(-1) - shared, 1)
            storage.div_(_make(count))
        return AsStridedBackward0.apply(storage, in_shape, in_strides, in_offset - shared)


class StorageGather(Op):
    """An output-shaped gradient, gathered into the input's elements by storage position
    (the adjoint of ``StorageScatter``)."""

    node_name = "AsStridedBackwardBackward0"

    def forward(self, grad, geometry):
        self.geometry = inputs, outputs, counts = geometry
        store = np.zeros(counts.size, grad._data.dtype)
        np.add.at(store, outputs, grad._data)
        share = np.maximum(counts, 1).astype(grad._data.dtype)
        return store[inputs] / share[inputs]

    def backward(self, grad):
        return StorageScatter.apply(grad, self.geometry)


class StorageScatter(Op):
    """An input-shaped gradient spread back to the output's elements by storage position."""

    node_name = "AsStridedBackwardBackward0"

    def forward(self, grad, geometry):
        self.geometry = inputs, outputs, counts = geometry
        store = np.zeros(counts.size, grad._data.dtype)
        share = np.maximum(counts, 1).astype(grad._data.dtype)
        np.add.at(store, inputs, grad._data / share[inputs])
        return store[outputs]

    def backward(self, grad):
        return StorageGather.apply(grad, self.geometry)


def as_strided(input, size, stride, storage_offset=None):
    x = input._data
    size, stride = tuple(int(s) for s in size), tuple(int(s) for s in stride)
    if len(size) != len(stride):
        raise RuntimeError("mismatch in length of strides and shape")
    if any(n < 0 for n in size):
        raise RuntimeError(f"Storage size calculation overflowed with sizes="
                           f"[{', '.join(map(str, size))}] and strides="
                           f"[{', '.join(map(str, stride))}]")
    for s in stride:
        if s < 0:
            raise RuntimeError("as_strided: Negative strides are not supported at the moment, "
                               f"got strides: [{', '.join(map(str, stride))}]")
    offset = _storage_offset(x) if storage_offset is None else int(storage_offset)
    if offset < 0:
        raise RuntimeError(f"Tensor: invalid storage offset {offset}")
    needed = 0 if 0 in size else offset + 1 + sum((n - 1) * s for n, s in zip(size, stride))
    available = _owner(x).size
    if needed > available:
        raise RuntimeError(
            f"setStorage: sizes [{', '.join(map(str, size))}], strides "
            f"[{', '.join(map(str, stride))}], storage offset {offset}, and itemsize "
            f"{x.itemsize} requiring a storage size of {needed * x.itemsize} are out of bounds "
            f"for storage of size {available * x.itemsize}")
    return AsStridedBackward0.apply(input, size, stride, offset)

