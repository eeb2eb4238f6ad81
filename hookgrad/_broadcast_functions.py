"""``torch.broadcast_shapes``, ``torch.broadcast_tensors``, ``torch.tril_indices`` /
``triu_indices`` and ``torch.isin``, with PyTorch's results, nodes and errors."""
import numpy as np

from . import _dtype
from ._device import check as _check_device
from ._ops.op import refuse_out, type_name
from ._ops.views import expand
from ._size import Size
from ._tensor_base import TensorBase, _make


def broadcast_shapes(*shapes):
    """The shape that all ``shapes`` broadcast to (a number counts as a 1-d shape)."""
    shapes = [(s,) if isinstance(s, int) else s for s in shapes]
    result = [1] * max((len(s) for s in shapes), default=0)
    for index, shape in enumerate(shapes):
        for i in range(-1, -1 - len(shape), -1):
            size = shape[i]
            if size < 0:
                raise ValueError("Attempting to broadcast a dimension with negative length!")
            if size == 1 or size == result[i]:
                continue
            if result[i] != 1:
                raise RuntimeError(
                    f"Attempting to broadcast a dimension of length {size} at {i}! Mismatching "
                    f"argument at index {index} had {shape}; but expected shape should be "
                    f"broadcastable to {result}")
            result[i] = size
    return Size(result)


def _tensor_shape_error(shapes):
    """at::infer_size's message for the first pair of tensors that do not broadcast."""
    result = ()
    for shape in shapes:
        width = max(len(result), len(shape))
        padded_a = (1,) * (width - len(result)) + tuple(result)
        padded_b = (1,) * (width - len(shape)) + tuple(shape)
        merged = []
        for dim, (a, b) in enumerate(zip(padded_a, padded_b)):
            if a != b and a != 1 and b != 1:
                return RuntimeError(f"The size of tensor a ({a}) must match the size of tensor "
                                    f"b ({b}) at non-singleton dimension {dim}")
            merged.append(b if a == 1 else a)
        result = tuple(merged)
    return None


def broadcast_tensors(*tensors):
    """Each tensor expanded to the common shape (a tensor already of that shape is returned
    as it is, as PyTorch's expand_outplace does)."""
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tuple(tensors[0])
    shapes = [t.shape for t in tensors]
    try:
        shape = tuple(broadcast_shapes(*shapes))
    except RuntimeError:
        raise _tensor_shape_error(shapes) from None
    return tuple(t if tuple(t.shape) == shape else expand(t, shape) for t in tensors)


def _triangle_indices(name, numpy_indices, row, col, offset, dtype, device):
    _check_device(device)
    dt = _dtype.int64 if dtype is None else _dtype.to_dtype(dtype)
    if dt not in (_dtype.int64, _dtype.int32):
        raise NotImplementedError(f"\"{name}\" not implemented for '{dt.legacy_name[:-6]}'")
    if row < 0 or col < 0:
        raise RuntimeError(f"row must be non-negative, got{row}" if row < 0 else
                           f"col must be non-negative, got{col}")
    rows, cols = numpy_indices(row, offset, col)
    return _make(np.stack([rows, cols]).astype(dt.np_dtype).reshape(2, -1))


def tril_indices(row, col, offset=0, *, dtype=None, layout=None, device=None,
                 pin_memory=False, requires_grad=False):
    """The (row, column) indices of the lower triangle of a row x col matrix, row by row."""
    return _triangle_indices("tril_indices", np.tril_indices, row, col, offset, dtype, device)


def triu_indices(row, col, offset=0, *, dtype=None, layout=None, device=None,
                 pin_memory=False, requires_grad=False):
    """The (row, column) indices of the upper triangle of a row x col matrix, row by row."""
    return _triangle_indices("triu_indices", np.triu_indices, row, col, offset, dtype, device)


def isin(elements, test_elements, *, assume_unique=False, invert=False, out=None):
    """Whether each of ``elements`` is in ``test_elements`` (either may be a number)."""
    if out is not None:
        refuse_out("isin")
    if not isinstance(elements, TensorBase) and not isinstance(test_elements, TensorBase):
        raise TypeError("isin() received an invalid combination of arguments - got "
                        f"({type(elements).__name__}, {type(test_elements).__name__}), but "
                        "expected one of:\n * (Tensor elements, Tensor test_elements, *, "
                        "bool assume_unique = False, bool invert = False, Tensor out = None)\n"
                        " * (Number element, Tensor test_elements, *, bool assume_unique = "
                        "False, bool invert = False, Tensor out = None)\n * (Tensor elements, "
                        "Number test_element, *, bool assume_unique = False, bool invert = "
                        "False, Tensor out = None)\n")
    values = elements._data if isinstance(elements, TensorBase) else np.asarray(elements)
    tests = (test_elements._data if isinstance(test_elements, TensorBase)
             else np.asarray(test_elements))
    for array in (values, tests):  # (PyTorch's kernels sort and compare: no bool, no complex)
        if array.dtype.kind in "bc":
            raise RuntimeError("Unsupported input type encountered for isin(): "
                               + ("Bool" if array.dtype.kind == "b" else type_name(array)))
    return _make(np.asarray(np.isin(values, tests, invert=invert)))
