"""The layout PyTorch gives a new elementwise result: its TensorIterator orders the dims by
the operands' strides, the first operand whose strides tell two dims apart deciding (a
broadcast dim tells nothing), and lays the result out densely in that order. NumPy weighs
the operands otherwise: ``x.transpose(1, 2) + y`` (``y`` contiguous) is transposed in
PyTorch and C-contiguous in NumPy, which ``stride()``, a later ``reshape`` (a view or
``_reshape_alias``) and a matrix product's layout test can see."""
import numpy as np

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
