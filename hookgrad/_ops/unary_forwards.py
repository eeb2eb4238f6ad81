"""The generated forwards of UnaryOp (op.py), one per combination of its options, and the
input conversion they share. Each lays its result out as PyTorch's TensorIterator does
(elementwise_layout): NumPy's layout where the input is C-contiguous (the common case: one
flag test), else the iterator's."""
import numpy as np

from .. import _dtype
from .elementwise_layout import promoted, unary_iterator_layout


def float_input(a):
    """The array of ``a``, in the default float dtype unless it is floating already (what
    PyTorch computes ``exp`` or ``sin`` of an integer tensor in)."""
    x = a._data
    if x.dtype.kind in "fV":
        return x
    if x.dtype.kind == "c":  # (an op that has a complex form computes it before this)
        raise RuntimeError("hookgrad cannot compute this op in a real dtype from a complex "
                           "tensor (its imaginary part would be lost)")
    return promoted(x, _dtype.get_default_dtype().np_dtype)  # (laid out as PyTorch's copy)


def _unary(self, a):
    x = a._data
    out = self.function(x)
    return out if x.flags.c_contiguous else unary_iterator_layout(out, x)


def _unary_saving(self, a):
    self.save(a)
    x = a._data
    out = self.function(x)
    return out if x.flags.c_contiguous else unary_iterator_layout(out, x)


def _unary_float(self, a):
    x = a._data
    out = self.function(float_input(a))
    return out if x.flags.c_contiguous else unary_iterator_layout(out, x, out.dtype != x.dtype)


def _unary_float_saving(self, a):
    self.save(a)
    x = a._data
    out = self.function(float_input(a))
    return out if x.flags.c_contiguous else unary_iterator_layout(out, x, out.dtype != x.dtype)


def _unary_float_quiet(self, a):
    x = a._data
    with np.errstate(**self._quiet):
        out = self.function(float_input(a))
    return out if x.flags.c_contiguous else unary_iterator_layout(out, x, out.dtype != x.dtype)


def _unary_float_saving_quiet(self, a):
    self.save(a)
    x = a._data
    with np.errstate(**self._quiet):
        out = self.function(float_input(a))
    return out if x.flags.c_contiguous else unary_iterator_layout(out, x, out.dtype != x.dtype)


_UNARY_FORWARDS = {  # (saves the input, float input, quiet) -> forward
    (False, False, False): _unary, (True, False, False): _unary_saving,
    (False, True, False): _unary_float, (True, True, False): _unary_float_saving,
    (False, True, True): _unary_float_quiet, (True, True, True): _unary_float_saving_quiet,
}
