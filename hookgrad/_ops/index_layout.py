"""The layout of an advanced-indexing result (``x[:, idx]``) of a permuted input. PyTorch's
``index`` runs a TensorIterator over the input restrided to the result's shape (stride 0 in
the indexed dims) and the index tensors (stride 0 outside them), and allocates the result
dense in that iterator's order: ``x[:, idx]`` of a channels-last ``x`` is contiguous, of a
(0, 2, 3, 1)-permuted one partly permuted. NumPy lays its result out otherwise."""
import numpy as np
from numpy.lib.stride_tricks import as_strided

from .elementwise_layout import _dense_strides, _laid_out
from .overlap_order import iteration_order

_ONE = np.zeros(1)


def index_layout(out, x, key):
    """``out`` (NumPy's ``x[key]``) in PyTorch's layout, for a key of slices, integer
    arrays, None and one Ellipsis (else ``out`` as it is)."""
    if type(key) is not tuple:
        key = (key,)
    at = [i for i, k in enumerate(key) if k is Ellipsis]  # (not ``in``: it compares arrays)
    if at:
        if len(at) > 1:
            return out
        fill = x.ndim - (len(key) - 1 - sum(k is None for k in key))
        key = key[:at[0]] + (slice(None),) * fill + key[at[0] + 1:]
    basic, positions, arrays, unsqueezed = [], [], [], {}
    d = 0  # (the input's dim the next item applies to)
    for k in key:
        if k is None:  # PyTorch's unsqueeze there, before the dims after it are sliced
            unsqueezed[len(basic)] = x.shape[d] * x.strides[d] if d < x.ndim else x.itemsize
            basic.append(None)
            continue
        if type(k) is np.ndarray and k.dtype.kind in "iu":
            positions.append(len(basic))
            arrays.append(k)
        elif type(k) is not slice:
            return out
        basic.append(k if type(k) is slice else slice(None))
        d += 1
    if not arrays or d > x.ndim:
        return out
    try:
        index_shape = np.broadcast_shapes(*(a.shape for a in arrays))
    except ValueError:
        return out
    view = x[tuple(basic)]
    strides = [unsqueezed.get(i, st) for i, st in enumerate(view.strides)]
    kept = [i for i in range(view.ndim) if i not in positions]
    adjacent = positions == list(range(positions[0], positions[-1] + 1))
    before = [i for i in kept if adjacent and i < positions[0]]
    after = [i for i in kept if i not in before]
    shape = tuple(view.shape[i] for i in before) + index_shape + tuple(view.shape[i]
                                                                      for i in after)
    if shape != out.shape or not out.size:
        return out
    n = len(index_shape)
    src = [strides[i] for i in before] + [0] * n + [strides[i] for i in after]
    operands = [as_strided(_ONE, shape, src)]
    # an index is viewed as (1, .., index shape, .., 1) (reshape_indexer): C strides there,
    # which the iterator keeps in a dim of size 1 of the result (a None's), else 0 outside
    # the index's dims
    padded_shape = [1] * len(before) + list(index_shape) + [1] * len(after)
    padded = _dense_strides(padded_shape, range(len(shape)))
    outside = [padded[i] if shape[i] == 1 else 0 for i in range(len(shape))]
    for a in arrays:
        st = list(np.broadcast_to(a, index_shape).strides)
        st = [s * x.itemsize // a.itemsize for s in st]  # (one unit with the input's)
        st = [u * x.itemsize for u in outside[:len(before)]] + st + [
            u * x.itemsize for u in outside[len(before) + n:]]
        operands.append(as_strided(_ONE, shape, st))
    order = iteration_order(operands[0], operands[1:], shape)
    return _laid_out(out, _dense_strides(shape, order))
