"""Special functions: erfc, erfinv, lgamma, digamma, polygamma, mvlgamma, i0 and i1, with
PyTorch's node names and special values (poles, infinities, NaN).

Each is computed in float64 and rounded to the input's dtype, except where PyTorch's own
float32 arithmetic decides the result (i0 and i1 overflow where ``exp(|x|)`` does)."""
import math

import numpy as np

from .._tensor_base import TensorBase, _make
from . import cephes_gamma, sleef_double, sleef_lgamma, sleef_lgammaf
from .cephes_bessel import i0_cephes, i1_cephes
from .elementwise_layout import unary_iterator_layout
from .half import is_half, unary_in_float32
from .inplace import apply_inplace
from .nn import _ERFC_P, _ERFC_Q, _polyval, erf_array, gaussian_slope_backward
from .op import Op, UnaryOp, float_input, plain_backward, refuse_out
from .scalar_forms import MulBackward1
from .selection import where
from .sum_order import inner_sum
from .vml import vml

_SQRT_PI = math.sqrt(math.pi)
_LOG_PI = math.log(math.pi)


# --------------------------------------------------------------------------- erfc, erfinv

def _erfc64(x):
    """``erfc`` in float64: 1 - erf where that loses nothing, Cody's rational form of
    ``exp(-x^2) * R(x)`` on [1, 8), ``math.erfc`` beyond (a few elements at most)."""
    a = np.abs(x)
    out = np.asarray(1.0 - erf_array(x))  # (an array, written below, for 0-d too)
    middle = (a >= 1) & (a < 8)
    if middle.any():
        am = a[middle]
        tail = np.exp(-am * am) * _polyval(_ERFC_P, am) / _polyval(_ERFC_Q, am)
        out[middle] = np.where(x[middle] > 0, tail, 2.0 - tail)
    far = a >= 8
    if far.any():
        out[far] = [math.erfc(v) for v in x[far].tolist()]
    return out


def erfc_array(x):
    if x.itemsize == 2 and is_half(x):  # (in float32)
        return unary_in_float32(erfc_array, x)
    with np.errstate(invalid="ignore", over="ignore", under="ignore"):
        return _erfc64(np.asarray(x, np.float64)).astype(x.dtype, copy=False)


def erfinv_array(x):
    """Inverse of erf: Winitzki's closed form as the first guess, then Newton steps on
    ``erf(r) = y`` (``erfc(r) = 1 - y`` near +-1, where erf has no digits left)."""
    if x.itemsize == 2 and is_half(x):  # (in float32)
        return unary_in_float32(erfinv_array, x)
    y = np.asarray(x, np.float64)
    with np.errstate(invalid="ignore", divide="ignore", over="ignore", under="ignore"):
        a = 0.147
        log_term = np.log1p(-y * y)
        first = 2 / (math.pi * a) + log_term / 2
        r = np.copysign(np.sqrt(np.sqrt(first * first - log_term / a) - first), y)
        tail = np.abs(y) > 0.5
        for _ in range(4):
            slope = (2 / _SQRT_PI) * np.exp(-r * r)
            miss = np.where(tail, np.copysign(1 - np.abs(y), y) - np.copysign(
                _erfc64(np.abs(r)), y), erf_array(r) - y)
            step = miss / slope
            r = r - np.where(np.isfinite(step), step, 0.0)
        r = np.where(np.abs(y) == 1, np.copysign(np.inf, y), r)
        # PyTorch's float32 kernel gives a NaN with its sign bit set out of the domain
        r = np.where(np.abs(y) > 1, -np.nan if x.dtype == np.float32 else np.nan, r)
    return r.astype(x.dtype, copy=False)


class ErfcBackward0(UnaryOp):
    function, saves = vml("Erfc", erfc_array), "self"

    def backward(self, grad):
        (a,) = self.saved()
        return gaussian_slope_backward(grad, a, -2 / _SQRT_PI)


class ErfinvBackward0(UnaryOp):
    function, saves = vml("ErfInv", erfinv_array), "self"

    def backward(self, grad):
        (a,) = self.saved()
        # PyTorch's formula: 0.5 * sqrt(M_PI) * exp(self.erfinv().pow(2)) * grad
        return MulBackward1.apply((erfinv(a) ** 2).exp(), 0.5 * _SQRT_PI) * grad


# --------------------------------------------------------------------------- lgamma, digamma

def _lgamma_scalar(v):
    if v != v:
        return v
    if math.isinf(v) or (v <= 0 and v == math.floor(v)):  # poles, and both infinities
        return math.inf
    return math.lgamma(v)


def lgamma_array(x):
    """PyTorch's lgamma: its kernel maps SLEEF's vector lgamma over every element (a strided
    input's too), bit for bit on AVX2 and AVX-512 machines: float64's (sleef_lgamma.py) and
    float32's (sleef_lgammaf.py); elsewhere the float64 value rounded."""
    if x.itemsize == 2 and is_half(x):  # (in float32)
        return unary_in_float32(lgamma_array, x)
    if sleef_double.applies(x):
        return sleef_lgamma.lgamma(x)
    if sleef_lgammaf.applies(x):
        return sleef_lgammaf.lgammaf(x)
    flat = np.asarray(x, np.float64).reshape(-1)
    out = np.array([_lgamma_scalar(v) for v in flat.tolist()], np.float64)
    with np.errstate(over="ignore"):
        return out.reshape(x.shape).astype(x.dtype, copy=False)


# Bernoulli numbers B2, B4, ..., B16 (the asymptotic series of digamma and zeta)
_BERNOULLI = (1 / 6, -1 / 30, 1 / 42, -1 / 30, 5 / 66, -691 / 2730, 7 / 6, -3617 / 510)


def digamma_array(x):
    if x.itemsize == 2 and is_half(x):  # (in float32)
        return unary_in_float32(digamma_array, x)
    return cephes_gamma.digamma(x)


def _zeta64(s, q):
    """The Hurwitz zeta function ``sum_k (q + k)^-s`` for an integer ``s >= 2``: the terms
    below ``q + k = s + 10`` summed, the rest by Euler-Maclaurin."""
    q = np.asarray(q, np.float64)
    with np.errstate(invalid="ignore", divide="ignore", over="ignore", under="ignore"):
        total = np.zeros_like(q)
        a = np.where(np.isfinite(q), q, 1.0)
        start = float(s + 10)
        low = a < start
        for _ in range(20000):  # (arguments below -19990 keep an approximate tail)
            if not low.any():
                break
            total += np.where(low, np.where(low, a, 1.0) ** -s, 0.0)
            a = np.where(low, a + 1, a)
            low = a < start
        tail = a ** (1 - s) / (s - 1) + 0.5 * a ** -s
        rising, power = float(s), a ** (-s - 1)
        for k, b in enumerate(_BERNOULLI, 1):
            tail += b / math.factorial(2 * k) * rising * power
            rising *= (s + 2 * k - 1) * (s + 2 * k)
            power = power / (a * a)
        out = total + tail
        out = np.where((q == np.inf) | np.isnan(q), np.nan, out)
        return np.where((q <= 0) & (q == np.floor(q)), np.inf, out)


def polygamma_array(n, x):
    """PyTorch's kernels, a 2-byte float's in float32 but for n >= 2 (its zeta then runs in
    float32: approximated here in float64)."""
    if n == 0:
        return digamma_array(x)
    if x.itemsize == 2 and is_half(x):
        if n == 1:
            return unary_in_float32(cephes_gamma.trigamma, x)
        sign = -1.0 if n % 2 == 0 else 1.0
        with np.errstate(invalid="ignore", over="ignore"):
            return (sign * math.factorial(n) * _zeta64(n + 1, x)).astype(x.dtype, copy=False)
    return cephes_gamma.trigamma(x) if n == 1 else cephes_gamma.polygamma(n, x)


class LgammaBackward0(UnaryOp):
    function, saves = lgamma_array, "self"

    def backward(self, grad):
        return grad * digamma(self.saved()[0])


class DigammaBackward0(UnaryOp):
    function, saves = digamma_array, "self"

    def backward(self, grad):
        return grad * polygamma(1, self.saved()[0])


class PolygammaBackward0(Op):
    """``polygamma(n, input)``; ``n`` is a plain parameter (no gradient)."""

    saved_names = ("self",)

    def forward(self, a, n):
        self.n = n
        self.save(a)
        return polygamma_array(n, float_input(a))

    def backward(self, grad):
        return grad * polygamma(self.n + 1, self.saved()[0])


class PolygammaBackward1(PolygammaBackward0):
    """``t.polygamma_(n)``."""


class MvlgammaBackward0(Op):
    """The multivariate log-gamma ``sum_j lgamma(x - j / 2) + p (p - 1) / 4 log(pi)``."""

    saved_names = ("self",)

    def forward(self, a, p):
        self.p = p
        self.save(a)
        x = float_input(a)
        # PyTorch's: lgamma of arange(-p/2 + 0.5, 0.5, 0.5) + x in x's dtype, summed over
        # that last dim in its order, plus the constant rounded to the dtype
        terms = np.stack([lgamma_array(x + x.dtype.type((j - (p - 1)) / 2)) for j in range(p)],
                         -1)
        with np.errstate(over="ignore", invalid="ignore"):
            total = inner_sum(terms.reshape(-1, p)).reshape(x.shape)
            return np.asarray(total + x.dtype.type(p * (p - 1) / 4 * _LOG_PI))

    def backward(self, grad):
        (a,) = self.saved()
        if not plain_backward():  # PyTorch's formula, node for node
            x = a._data
            dtype = x.dtype if x.dtype.kind == "f" else grad._data.dtype
            args = _make(np.arange(-self.p / 2 + 0.5, 0.5, 0.5, dtype=dtype))
            return grad * (args + a.unsqueeze(-1)).digamma_().sum(-1)
        # PyTorch's args: arange(-p/2 + 0.5, 0.5, 0.5) + x (its last shift is +0., which
        # makes x = -0. a +0.: digamma -inf, not +inf), summed over that last dim in its order
        terms = [digamma(a + (j - (self.p - 1)) / 2)._data for j in range(self.p)]
        stacked = np.stack(terms, -1)
        total = inner_sum(stacked.reshape(-1, self.p)).reshape(stacked.shape[:-1])
        return grad * _make(total)


# --------------------------------------------------------------------------- i0, i1

def i0_array(x):
    """PyTorch's kernel, bit for bit (half precision through float32)."""
    if x.itemsize == 2 and is_half(x):
        return unary_in_float32(i0_array, x)
    return i0_cephes(x)


def i1_array(x):
    if x.itemsize == 2 and is_half(x):
        return unary_in_float32(i1_array, x)
    return i1_cephes(x)


def _i0_laid_out(x):
    return unary_iterator_layout(i0_array(x), x)  # (TensorIterator's layout: i0_array's is C)


class I0Backward0(UnaryOp):
    function, saves = _i0_laid_out, "self"

    def backward(self, grad):
        return grad * special_i1(self.saved()[0])


class SpecialI1Backward0(Op):
    """``torch.special.i1``; its derivative ``i0(x) - i1(x) / x`` is 1/2 at 0. It saves the
    input and the result, as PyTorch's node (whose formula uses the result)."""

    saved_names = ("self", "result")
    saves_output = True

    def forward(self, a):
        self.save(a)
        return i1_array(float_input(a))

    def backward(self, grad):
        a, result = self.saved()
        # PyTorch's formula: x within eps of 0 (or NaN: not above eps) is replaced by eps,
        # its derivative by 1/2
        dtype = result._data.dtype
        eps = np.finfo(dtype).eps
        not_tiny = a.abs() > eps
        if plain_backward():  # (result * (1 / x), two roundings, as PyTorch's formula)
            return grad * (i0(a) - result * a.reciprocal()).masked_fill(~not_tiny, 0.5)
        safe = where(not_tiny, a, _make(np.array(eps, dtype)))
        scaled = result * safe.reciprocal()  # (GCC evaluates the right operand of - first)
        slope = i0(safe) - scaled
        return grad * where(not_tiny, slope, _make(np.array(0.5, dtype)))


# --------------------------------------------------------------------------- functions

def erfc(input, *, out=None):
    return ErfcBackward0.apply(input) if out is None else refuse_out("erfc")


def erfinv(input, *, out=None):
    return ErfinvBackward0.apply(input) if out is None else refuse_out("erfinv")


def lgamma(input, *, out=None):
    return LgammaBackward0.apply(input) if out is None else refuse_out("lgamma")


def digamma(input, *, out=None):
    return DigammaBackward0.apply(input) if out is None else refuse_out("digamma")


def polygamma(n, input, *, out=None):
    if out is not None:
        refuse_out("polygamma")
    if n < 0:
        raise RuntimeError("polygamma(n, x) does not support negative n.")
    return PolygammaBackward0.apply(input, int(n))


def polygamma_method(self, n):
    """``Tensor.polygamma(n)``: the tensor comes first."""
    return polygamma(n, self)


def polygamma_(self, n):
    if n < 0:
        raise RuntimeError("polygamma(n, x) does not support negative n.")
    return apply_inplace(self, PolygammaBackward1.apply, (int(n),), {})


def mvlgamma(input, p, *, out=None):
    if out is not None:
        refuse_out("mvlgamma")
    if p < 1:
        raise RuntimeError("p has to be greater than or equal to 1")
    if not isinstance(input, TensorBase):
        raise TypeError(f"mvlgamma(): argument 'input' (position 1) must be Tensor, not "
                        f"{type(input).__name__}")
    return MvlgammaBackward0.apply(input, int(p))


def i0(input, *, out=None):
    return I0Backward0.apply(input) if out is None else refuse_out("i0")


def special_i1(input, *, out=None):
    return SpecialI1Backward0.apply(input) if out is None else refuse_out("special_i1")
