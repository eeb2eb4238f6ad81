"""The 2-byte floats, float16 and bfloat16, in the ops whose NumPy forward would round every
intermediate (a sum accumulated element by element in float16, a bfloat16 matmul that
``ml_dtypes`` returns as float32): PyTorch's CPU kernels compute them in float32 and round the
result once, and so does ``forward_in_float32``.

An op opts in with one check at the top of its forward, which costs the other dtypes one
comparison::

    if a._data.itemsize == 2 and is_half(a._data):
        return forward_in_float32(self, SumBackward1.forward, a, dims, keepdim)
"""
import numpy as np

from .._tensor_base import TensorBase

FLOAT32 = np.dtype(np.float32)
FLOAT16 = np.dtype(np.float16)


def is_half(array):
    """Whether an array of 2-byte elements holds floats (float16, or ml_dtypes' bfloat16,
    whose NumPy kind is "V"), not int16."""
    return array.dtype.kind in "fV"


def one_dtype(*tensors):
    """Whether the tensors share one dtype. The matrix products never promote: they widen a
    2-byte float operand to float32 only then, so that otherwise their own dtype checks
    refuse the operands under their own dtypes' names, as PyTorch's."""
    dtype = tensors[0]._data.dtype
    return all(t._data.dtype == dtype for t in tensors[1:])


def forward_in_float32(op, forward, *args):
    """``forward(op, *args)`` with every 2-byte float tensor among ``args`` holding its values
    widened to float32 while it runs; its floating results rounded to the first such tensor's
    dtype. The tensors themselves are what the op saves (their arrays are put back before
    this returns), so version checks and ``_saved_self`` see the inputs as they are."""
    halves, arrays = [], []
    for arg in args:
        if isinstance(arg, TensorBase) and arg._data.itemsize == 2 and is_half(arg._data) \
                and not any(arg is seen for seen in halves):
            halves.append(arg)
            arrays.append(arg._data)
    if not halves:
        return forward(op, *args)
    dtype = arrays[0].dtype
    try:
        for tensor, array in zip(halves, arrays):
            tensor._data = array.astype(FLOAT32)
        out = forward(op, *args)
    finally:
        for tensor, array in zip(halves, arrays):
            tensor._data = array
    if type(out) is tuple:
        return tuple(_rounded(o, dtype) for o in out)
    return _rounded(out, dtype)


def _rounded(out, dtype):
    if out is None:
        return None
    out = np.asarray(out)
    return out.astype(dtype) if out.dtype == FLOAT32 else out


def unary_in_float32(function, x):
    """``function`` (an elementwise formula of one array) of a 2-byte float array, computed in
    float32 and rounded once."""
    return np.asarray(function(x.astype(FLOAT32))).astype(x.dtype)


def by_scalar_in_float32(ufunc, a, other):
    """``ufunc(a, other)`` (multiply or divide) as PyTorch's kernels compute it for a 2-byte
    float tensor ``a`` and a single value ``other`` of another dtype (a Python number, or a
    0-d tensor, read before its cast to ``a``'s dtype): in float32, the value rounded to
    float32 rather than to ``a``'s dtype, and the result rounded once. None for any other
    ``other``: those compute in ``a``'s dtype."""
    x = a._data
    if isinstance(other, TensorBase):
        value = other._data
        if value.ndim or value.dtype == x.dtype or value.dtype.kind == "c":
            return None
        other = value.item()
    elif type(other) not in (float, int, bool):
        return None
    return number_in_float32(ufunc, x, other)


def number_in_float32(ufunc, x, number):
    """``ufunc(x, number)`` of a 2-byte float array and a real number, in float32 (the
    number's opmath type in PyTorch's scalar kernels), rounded once."""
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        return np.asarray(ufunc(x.astype(FLOAT32), np.float32(number))).astype(x.dtype)
