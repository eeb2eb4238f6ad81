"""Tensor methods that answer a question about a tensor (``is_signed()``, ``is_nonzero()``,
...) or give it back as it is on a CPU build without negative-bit views, plus ``frexp`` and
``histc``."""
import numpy as np

from ._cpp_print import c_double
from ._ops.op import Op, refuse_out, return_type
from ._tensor_base import _make

frexp_type = return_type("frexp", ("mantissa", "exponent"))


def is_signed(input):
    return input.dtype.is_signed


def is_nonzero(input):
    """The truth of a one-element tensor; PyTorch's errors otherwise."""
    count = input.numel()
    if count == 0:
        raise RuntimeError("Boolean value of Tensor with no values is ambiguous")
    if count > 1:
        raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
    return bool(input._data.reshape(-1)[0])


def is_same_size(input, other):
    return tuple(input.shape) == tuple(other.shape)


def is_neg(input):
    """PyTorch's negative bit: ``imag`` of a conjugate-bit tensor and its views have it (see
    complex_ops.conj_view)."""
    from ._ops import complex_ops  # (complex_ops imports the tensor modules)
    return complex_ops.is_neg(input)


def resolve_neg(input):
    """A copy without the bit (PyTorch's clone of the resolved values); else ``input``."""
    return input.clone() if is_neg(input) else input


def isreal(input):
    """True where an element has no imaginary part (everywhere for a real tensor)."""
    data = input._data
    return _make(np.imag(data) == 0 if np.iscomplexobj(data) else np.ones(data.shape, bool))


def frexp(input, *, out=None):
    """``(mantissa, exponent)`` with ``input = mantissa * 2 ** exponent``, |mantissa| in [0.5,
    1); the exponent as int32."""
    if out is not None:
        refuse_out("frexp")
    if input._data.dtype.kind != "f":
        raise RuntimeError("torch.frexp() only supports floating-point dtypes")
    return frexp_type(*FrexpBackward0.apply(input))


class FrexpBackward0(Op):
    """``frexp``'s node: the mantissa's gradient is ``grad / exponent.exp2()`` (PyTorch's
    formula, the exponent saved); the exponent is not differentiable."""

    saves_indices = True
    saved_names = ("exponent",)

    def forward(self, a):
        mantissa, exponent = np.frexp(a._data)
        # np.asarray: a 0-d input gives NumPy scalars, and a tensor holds an ndarray
        return np.asarray(mantissa), np.asarray(exponent, np.int32)

    def backward(self, grad, grad_exponent=None):
        (exponent,) = self.saved()
        return grad / exponent.exp2()


def histc(input, bins=100, min=0, max=0, *, out=None):
    """Counts in ``bins`` equal bins between ``min`` and ``max`` (the data's range when both
    are 0), as PyTorch bins them: ``(x - min) * bins / (max - min)`` in the input's dtype,
    truncated, ``max`` itself in the last bin, values outside ignored."""
    if out is not None:
        refuse_out("histc")
    data = input._data
    if data.dtype.kind != "f":
        raise NotImplementedError(f"\"histogram_cpu\" not implemented for "
                                  f"'{input.dtype.legacy_name[:-6]}'")
    if bins <= 0:
        raise RuntimeError(f"torch.histogram(): bins must be > 0, but got {bins} for "
                           "dimension 0")
    low, high = data.dtype.type(min), data.dtype.type(max)
    if low == high and data.size:  # the data's range; PyTorch's min of a NaN prints -nan
        # (PyTorch's aminmax starts from the dtype's largest and lowest finite values: a
        # range of infinities of one sign prints that bound, fuzz 44:9977)
        finite = np.finfo(data.dtype)
        low, high = (-np.nan, -np.nan) if np.isnan(data).any() else (
            np.minimum(data.min(), finite.max), np.maximum(data.max(), finite.min))
    if low == high:
        low, high = low - 1, high + 1
    if not (np.isfinite(low) and np.isfinite(high)):
        raise RuntimeError(f"torch.histc: range of [{c_double(low)}, {c_double(high)}] is "
                           "not finite")
    if low > high:
        raise RuntimeError("torch.histc: max must be larger than min")
    values = data.reshape(-1)
    values = values[(values >= low) & (values <= high)]
    with np.errstate(all="ignore"):
        position = ((values - low) * data.dtype.type(bins) / (high - low)).astype(np.int64)
    position[position == bins] = bins - 1
    return _make(np.bincount(position, minlength=bins).astype(data.dtype))
