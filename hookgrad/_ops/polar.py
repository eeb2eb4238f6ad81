"""``torch.polar(abs, angle)`` (PolarBackward0): ``abs * cos(angle) + i abs * sin(angle)``
as PyTorch's scalar CPU kernel computes it: C's ``cosf`` / ``sinf`` for float32 (NumPy's
float32 ones differ in the last bit now and then), ``cos`` / ``sin`` for float64. Its
gradients are PyTorch's ``polar_backward``: ``real(conj(grad) * sgn(result))`` and
``real(conj(grad) * (result * 1j))``, computed as its vectorised kernels compute them
(``sgn`` divides each part by ``hypot(re, im)``; products and sums rounded one by one;
float64's hypot can be one ulp from PyTorch's Sleef one, about one element in 10^4)."""
import math
import warnings

import numpy as np

from .._tensor_base import _make, tensor_argument
from .cephes_gamma import _c_function, _elementwise
from .op import Op, broadcast_error, plain_backward, refuse_out

_NAMES = {"float32": "Float", "float64": "Double", "float16": "Half", "int64": "Long",
          "int32": "Int", "int16": "Short", "int8": "Char", "uint8": "Byte", "bool": "Bool",
          "complex64": "ComplexFloat", "complex128": "ComplexDouble"}


def _name(array):
    return _NAMES.get(array.dtype.name, "BFloat16")


def _cos_sin(angle):
    """C's cos and sin of each element (an infinity's: x86's default NaN, sign bit set)."""
    if angle.dtype == np.float32:
        cos = _elementwise(_c_function("cosf", math.cos), angle, np.float32)
        sin = _elementwise(_c_function("sinf", math.sin), angle, np.float32)
        return cos, sin
    with np.errstate(invalid="ignore"):
        cos, sin = np.cos(angle), np.sin(angle)
    infinite = np.isinf(angle)
    if infinite.any():
        cos, sin = np.where(infinite, -np.nan, cos), np.where(infinite, -np.nan, sin)
    return cos, sin


def _hypot(re, im):
    """``|re + i im|`` as PyTorch's vectorised ``sgn`` takes it (Sleef's 0.5-ulp hypot):
    NumPy's for float32 (the same bits); for float64 in extended precision, which rounds as
    Sleef's double-double except about one element in 10^4 (one ulp apart)."""
    if re.dtype == np.float32:
        return np.hypot(re, im)
    wide = np.longdouble
    return np.sqrt(re.astype(wide) ** 2 + im.astype(wide) ** 2).astype(re.dtype)


class PolarBackward0(Op):
    arity = 2
    saves_output = True

    def forward(self, abs, angle):
        try:
            a, b = np.broadcast_arrays(abs._data, angle._data)
        except ValueError:
            raise broadcast_error([abs._data.shape, angle._data.shape]) from None
        cos, sin = _cos_sin(np.asarray(b, order="C"))
        out = np.empty(a.shape, np.complex64 if a.dtype == np.float32 else np.complex128)
        with np.errstate(all="ignore"):
            out.real, out.imag = a * cos, a * sin
        return out

    def backward(self, grad):
        if not plain_backward():
            raise RuntimeError("hookgrad: polar's gradient is not differentiable again here "
                               "(create_graph=True through torch.polar is not supported)")
        r = self.saved()[-1]._data
        g = grad._data
        re, im = r.real, r.imag
        gr, gi = g.real, -g.imag  # (conj(grad))
        with np.errstate(all="ignore"):
            size = _hypot(re, im)
            zero = size == 0
            sre = np.where(zero, 0, re / size)
            sim = np.where(zero, 0, im / size)
            grad_abs = gr * sre - gi * sim
            turned_re = re * 0 - im * 1  # (result * 1j, as a complex product)
            turned_im = re * 1 + im * 0
            grad_angle = gr * turned_re - gi * turned_im
        return _make(grad_abs.astype(re.dtype)), _make(grad_angle.astype(re.dtype))


def polar(abs, angle, *, out=None):
    if out is not None:
        refuse_out("polar")
    abs = tensor_argument("polar", "abs", 1, abs)
    angle = tensor_argument("polar", "angle", 2, angle)
    a, b = abs._data, angle._data
    floats = (np.float32, np.float64)
    if a.dtype not in floats and a.dtype != np.float16 or \
            b.dtype not in floats and b.dtype != np.float16:
        raise RuntimeError("Expected both inputs to be Half, Float or Double tensors but got "
                           f"{_name(a)} and {_name(b)}")
    if a.dtype != b.dtype:
        raise RuntimeError(f"Expected object of scalar type {_name(a)} but got scalar type "
                           f"{_name(b)} for second argument")
    if a.dtype == np.float16:  # (PyTorch makes its complex32 result first)
        warnings.warn("ComplexHalf support is experimental and many operators don't support it "
                      "yet. (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/"
                      "EmptyTensor.cpp:54.)", UserWarning, stacklevel=2)
        raise NotImplementedError("\"polar_cpu\" not implemented for 'Half'")
    return PolarBackward0.apply(abs, angle)
