"""The layout PyTorch gives a new elementwise result: its TensorIterator orders the dims by
the operands' strides, the first operand whose strides tell two dims apart deciding (a
broadcast dim tells nothing), and lays the result out densely in that order. NumPy weighs
the operands otherwise: ``x.transpose(1, 2) + y`` (``y`` contiguous) is transposed in
PyTorch and C-contiguous in NumPy, which ``stride()``, a later ``reshape`` (a view or
``_reshape_alias``) and a matrix product's layout test can see."""
import numpy as np

from ..autograd._grad_layout import non_overlapping_and_dense
from .overlap_order import iteration_order


def iterator_layout(out, x, *others):
    """``out``, NumPy's result of an elementwise op of ``x`` and ``others`` (arrays or numbers,
    which PyTorch wraps as 0-d operands), in PyTorch's layout: itself when NumPy chose it,
    else a copy."""
    if out.ndim < 2 or not out.size:
        return out
    arrays = [x] + [y for y in others if type(y) is np.ndarray]
    if all(a.flags.c_contiguous and _canonical(a) for a in arrays):  # (see _canonical)
        return out if out.flags.c_contiguous and _canonical(out) else \
            _laid_out(out, _dense_strides(out.shape, range(out.ndim)))
    same_shape = len(arrays) == 1 + len(others) and all(a.shape == out.shape for a in arrays)
    return _laid_out(out, _iterator_strides(out.shape, arrays, same_shape))


def _iterator_strides(shape, arrays, same_shape):
    """The strides (in elements) of TensorIterator's new result for ``arrays``, the inputs.
    Operands all of the result's shape take its fast setup: C strides if all are contiguous,
    channels-last strides if all are (4-d), else the inputs' own strides if all are dense,
    non-overlapping and alike (a dim of size 1 keeps its stride: ``unfold`` of a 2-row
    tensor gives (3, 1, 3)). Otherwise (a broadcast or a number among them, an overlapping
    or gapped input) dense in the iteration order (overlap_order.iteration_order), where a
    dim of size 1 takes its place by its stride too."""
    if same_shape:
        if all(a.flags.c_contiguous for a in arrays):
            return _dense_strides(shape, range(len(shape)))
        if len(shape) == 4 and all(_channels_last(a) for a in arrays):
            return _dense_strides(shape, (0, 2, 3, 1))
        first = _element_strides(arrays[0])
        if min(first) >= 0 and all(non_overlapping_and_dense(a) and _element_strides(a) == first
                                   for a in arrays):
            return first
    return _dense_strides(shape, iteration_order(arrays[0], arrays[1:], shape))


def _element_strides(a):
    return [s // a.itemsize for s in a.strides]


def _channels_last(a):
    """PyTorch's ``is_contiguous(memory_format=torch.channels_last)`` of a 4-d array (dims of
    size 1 aside)."""
    expected = a.itemsize
    for dim in (1, 3, 2, 0):
        if a.shape[dim] != 1:
            if a.strides[dim] != expected:
                return False
            expected *= a.shape[dim]
    return True


_C_STRIDES = {}  # (shape, itemsize) -> C strides in bytes


def _canonical(a):
    """Whether ``a`` (C-contiguous) has C strides in its dims of size 1 too: then its
    iteration order is C order (NumPy's flag, like PyTorch's ``is_contiguous``, looks at the
    other dims only; a dim of size 1 of another stride can move in TensorIterator's order)."""
    key = (a.shape, a.itemsize)
    strides = _C_STRIDES.get(key)
    if strides is None:
        if len(_C_STRIDES) > 4096:
            _C_STRIDES.clear()
        strides = _C_STRIDES[key] = tuple(
            s * a.itemsize for s in _dense_strides(a.shape, range(a.ndim)))
    return a.strides == strides


def first_operand_layout(out, x, *others):
    """``out`` (NumPy's result of an elementwise op of ``x`` and ``others``) in PyTorch's
    layout, checked only when the first operand is an array that is not C-contiguous or the
    result has a dim of size 1 (a contiguous first operand leads to NumPy's layout but for
    the strides of such dims: the common case costs a flag test and a shape scan; a result
    with such a dim, of C-contiguous operands laid out as it is, a few more)."""
    if type(x) is not np.ndarray:
        return out
    if x.flags.c_contiguous and x.shape == out.shape:  # (a broadcast x decides no dim)
        if 1 not in out.shape:
            # (C order, which NumPy's result has unless its op put another operand first)
            return out if out.flags.c_contiguous else np.ascontiguousarray(out)
        if x.strides == out.strides and _canonical(out):  # (x as the C order: see below)
            for y in others:
                if type(y) is np.ndarray and y.ndim and (y.strides != x.strides
                                                         or y.shape != x.shape):
                    break
            else:
                return out
    return iterator_layout(out, x, *others)


def _dense_strides(shape, order):
    """Dense strides (in elements) of ``shape`` laid out in ``order`` (outermost first)."""
    strides, step = [0] * len(shape), 1
    for dim in reversed(order):
        strides[dim] = step
        step *= shape[dim]
    return strides


def _laid_out(out, strides):
    """``out``'s values in a new array with ``strides`` (elements), itself if it has them."""
    if all(s * out.itemsize == t for s, t in zip(strides, out.strides)):
        return out
    laid = np.ndarray(out.shape, out.dtype, np.empty(out.size, out.dtype), 0,
                      [s * out.itemsize for s in strides])
    laid[...] = out
    return laid


def empty_like_layout(out, x):
    """``out`` (a new array of ``x``'s shape) laid out as PyTorch's ``empty_like(x)``, which
    the ops that allocate their result that way (``nan_to_num``, ``hardtanh``) give it: the
    strides of ``x`` itself where it is dense and non-overlapping (a size-1 dim's stride
    included: ``[[a], [b]].t()`` gives (1, 1)), else dense in ``x``'s stride order."""
    if out.ndim < 2 or not out.size or (x.flags.c_contiguous and (
            x.base is None or 1 not in x.shape)):
        if out.shape == (1,) and x.strides != out.strides and x.strides[0] >= 0:
            return _laid_out(out, [x.strides[0] // x.itemsize])  # (any stride is dense there)
        return out  # (a fresh C-contiguous array, or one without dims of size 1, has C strides)
    if non_overlapping_and_dense(x) and min(x.strides) >= 0:
        return _laid_out(out, [s // x.itemsize for s in x.strides])
    return _laid_out(out, _dense_strides(out.shape, iteration_order(x, ())))


def unary_iterator_layout(out, x, promoted=False):
    """``out`` (a new array of ``x``'s shape) laid out as PyTorch's TensorIterator lays out a
    one-input op's result: C order where ``x`` is contiguous, else its fast setup for one
    operand (see _iterator_strides: ``x``'s own strides where it is dense). ``promoted``:
    the op computes in another dtype than ``x``'s, from PyTorch's copy ``x.to(dtype)``,
    which is ``x``'s strides where it is dense, else dense in its iteration order (what the
    iterator then sees: contiguous more often)."""
    if out.ndim < 2 or not out.size or x.flags.c_contiguous:
        return out if out.flags.c_contiguous else np.ascontiguousarray(out)
    if promoted and not non_overlapping_and_dense(x):
        strides = _dense_strides(x.shape, iteration_order(x, ()))
        x = np.ndarray(x.shape, x.dtype, np.empty(x.size, x.dtype), 0,
                       [s * x.itemsize for s in strides])
        if x.flags.c_contiguous:
            return out if out.flags.c_contiguous else np.ascontiguousarray(out)
    return _laid_out(out, _iterator_strides(out.shape, [x], True))


def unary_result(out, x, promoted=False):
    """``out``, NumPy's result of an elementwise op of ``x`` alone, in PyTorch's layout (for
    ops whose result NumPy lays out: a contiguous ``x`` costs one flag test)."""
    if type(out) is not np.ndarray or x.flags.c_contiguous:
        return out
    return unary_iterator_layout(out, x, promoted)


def laid_out_unary(forward):
    """A UnaryOp's own ``forward`` followed by ``unary_result`` (an integer or bool input
    computed in a floating dtype counts as promoted)."""
    def laid_out(self, a, *args):
        out = forward(self, a, *args)
        x = a._data
        if x.flags.c_contiguous or type(out) is not np.ndarray:
            return out
        return unary_iterator_layout(out, x, x.dtype.kind in "biu" and out.dtype.kind in "fc")
    laid_out.__doc__, laid_out.__wrapped__ = forward.__doc__, forward
    return laid_out


def promoted(x, dtype):
    """``x.astype(dtype)`` laid out as PyTorch's ``x.to(dtype)``, the copy its iterator
    computes from when an op promotes an operand: ``x``'s strides where it is dense and does
    not overlap (a dim of size 1 keeps its stride), else dense in its iteration order."""
    if x.dtype == dtype:
        return x
    if x.ndim < 2 or not x.size or (x.flags.c_contiguous and 1 not in x.shape):
        return x.astype(dtype)  # (the common case: C order either way)
    if non_overlapping_and_dense(x) and min(x.strides) >= 0:
        strides = _element_strides(x)
    else:
        strides = _dense_strides(x.shape, iteration_order(x, ()))
    return _laid_out(x.astype(dtype), strides)


def c_order(out):
    """``out`` C-contiguous (a 0-d array stays 0-d, which ``np.ascontiguousarray`` would not
    leave it)."""
    return out if out.flags.c_contiguous else np.ascontiguousarray(out)
