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
    """``out``, NumPy's result of an elementwise op of ``x`` and ``others`` (arrays broadcast
    to its shape, or numbers), in PyTorch's layout: itself when NumPy chose it, else a
    copy."""
    if out.ndim < 2 or not out.size:
        return out
    others = tuple([y for y in others if type(y) is np.ndarray and y.ndim])
    if not others:
        return out  # (one tensor operand: NumPy keeps its layout, as PyTorch does)
    order = iteration_order(np.broadcast_to(x, out.shape), others)  # outermost first
    strides = [0] * out.ndim
    step = out.itemsize
    for dim in reversed(order):
        strides[dim] = step
        step *= out.shape[dim]
    if all(s == t for s, t, n in zip(strides, out.strides, out.shape) if n > 1):
        return out
    laid = np.empty([out.shape[d] for d in order], out.dtype).transpose(np.argsort(order))
    laid[...] = out
    return laid


def first_operand_layout(out, x, *others):
    """``out`` (NumPy's result of an elementwise op of ``x`` and ``others``) in PyTorch's
    layout, checked only when the first operand is an array that is not C-contiguous (a
    contiguous or scalar first operand leads to NumPy's layout: the common case costs one
    flag test)."""
    if type(x) is not np.ndarray or x.flags.c_contiguous:
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
        return out  # (a fresh C-contiguous array, or one without dims of size 1, has C strides)
    if non_overlapping_and_dense(x) and min(x.strides) >= 0:
        return _laid_out(out, [s // x.itemsize for s in x.strides])
    return _laid_out(out, _dense_strides(out.shape, iteration_order(x, ())))


def unary_iterator_layout(out, x):
    """``out`` (a new array of ``x``'s shape) laid out as PyTorch's TensorIterator lays out a
    one-input op's result: C order where ``x`` is contiguous (size-1 dims aside), else dense
    in ``x``'s stride order."""
    if out.ndim < 2 or not out.size or x.flags.c_contiguous:
        return out if out.flags.c_contiguous else np.ascontiguousarray(out)
    return _laid_out(out, _dense_strides(out.shape, iteration_order(x, ())))


def c_order(out):
    """``out`` C-contiguous (a 0-d array stays 0-d, which ``np.ascontiguousarray`` would not
    leave it)."""
    return out if out.flags.c_contiguous else np.ascontiguousarray(out)
