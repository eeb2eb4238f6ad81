"""Backward formulas of activations recorded as ops: PyTorch's ``*BackwardBackward0`` nodes.

Under ``create_graph=True`` PyTorch records an activation's backward formula as one node whose
inputs are the incoming gradient and what the forward saved (``threshold_backward(grad,
self, threshold)``), so the gradient requires grad when the input does, hooks see that node,
and its own derivative is PyTorch's (zeros in the input for piecewise-linear ops). Each op
here takes those inputs; ``of`` computes the formula on arrays in a plain backward (no
create_graph, no op hook), the recorded op otherwise."""
import numpy as np

from .._tensor_base import _make
from ..autograd.grad_mode import state as _grad_state
from ..autograd.graph import ERROR_NODE_SEQ
from . import double_activations, gelu_double, gelu_tanh_kernel, onednn_gelu, sleef_activations
from .elementwise_layout import first_operand_layout
from .fused import fma
from .half import FLOAT16, FLOAT32, is_half, unary_in_float32
from .kernel_vec import applies as sleef_applies
from .onednn_gelu import runs_on_onednn
from .op import Op, plain_backward
from .scalar_forms import AddBackward1, MulBackward1, SubBackward1, filled_like, number_minus
from .vector_loops import BLOCK_BYTES as _BLOCK_BYTES
from .vector_loops import by_elu_loops as _by_elu_loops
from .vector_loops import by_vector_loops as _by_vector_loops
from .vml import vml

_UINT = {2: np.uint16, 4: np.uint32, 8: np.uint64}
_WHERE_MAX_SIZE = 2048


def zero_where(values, drop):
    """``np.where(drop, 0, values)`` for floats: exactly +0 where ``drop`` is set, ``values``
    (-0 and NaN included) elsewhere. Beyond a few thousand elements a bit mask is several
    times faster than np.where on an unpredictable mask; below, np.where's two calls win."""
    if values.size <= _WHERE_MAX_SIZE:
        return np.where(drop, 0, values)
    uint = _UINT[values.itemsize]
    mask = drop.view(np.uint8).astype(uint)
    mask -= 1  # dropped: 1 -> 0; kept: 0 -> all bits set
    return np.bitwise_and(values.view(uint), mask, out=mask).view(values.dtype)


def zeros_of_input(node, i):
    """A zero gradient for input ``i`` of ``node`` (PyTorch's ``zeros_like``: no history)."""
    shape, dtype = node._in_meta[i]
    return _make(np.zeros(shape, dtype))


class ActivationGrad(Op):
    """``grad_output * f'(x)`` as an op of ``(grad_output, x)``: ``kernel(g, x, *params)`` is
    the formula on arrays, ``second(h, x, *params)`` the derivative in ``x`` given ``h =
    grad_grad * grad_output`` (None: the slope is piecewise constant, the derivative zeros)."""

    arity = 2
    kernel = None
    second = None
    float16_by_steps = False  # (True: PyTorch's float16 kernel rounds each step, in float16)
    input_first = False  # (True: PyTorch's kernel iterates (x, grad_output), not the other way
    # round, so x's layout leads the result's: threshold_backward, leaky_relu_backward)
    product_inside = False  # (True: ``second(grad_grad, grad_output, x, ...)``, PyTorch's
    # formula multiplying them itself, after its other nodes)

    def forward(self, grad, x, *params):
        self.params = params
        self.save(grad if self.second is not None and self.needs(1) else None, x)
        return self.laid_out(grad._data, x._data, params)

    @classmethod
    def laid_out(cls, g, x, params):
        """The kernel's result, in PyTorch's layout where x leads (``input_first``)."""
        if g.itemsize == 2 and is_half(g) and not (cls.float16_by_steps and g.dtype == FLOAT16):
            # (in float32, rounded once, as PyTorch's kernels)
            return cls.laid_out(g.astype(FLOAT32), x.astype(FLOAT32), params).astype(g.dtype)
        if cls.input_first:
            return first_operand_layout(cls.kernel(g, x, *params), x, g)
        return cls.kernel(g, x, *params)

    def backward(self, grad_grad):
        grad, x = self.saved()
        grad_output = grad_x = None
        if self.needs(0):
            grad_output = type(self).of(grad_grad, x, *self.params)
        if self.needs(1):
            if self.second is None:
                grad_x = zeros_of_input(self, 1)
            elif self.product_inside:
                grad_x = self.second(grad_grad, grad, x, *self.params)
            else:
                grad_x = self.second(grad_grad * grad, x, *self.params)
        return grad_output, grad_x

    @classmethod
    def of(cls, grad, x, *params):
        """The formula's value: on arrays in a plain backward, recorded otherwise."""
        if plain_backward():
            return _make(cls.laid_out(grad._data, x._data, params))
        return cls.apply(grad, x, *params)


class NotImplementedGrad(Op):
    """A backward formula PyTorch has no derivative for (``hardsigmoid_backward``): the
    gradient it makes requires grad, and differentiating it raises. Like PyTorch's node it
    has an edge only for the inputs that require grad."""

    node_name = "torch::autograd::NotImplemented"

    @classmethod
    def of(cls, function, array, inputs):
        """``array`` (the formula's value) with this node as history when recording."""
        # (grad mode, not plain_backward: an op hook watching the pass, as a ZeroTensor's
        # rules, does not make a pass without create_graph record)
        if not _grad_state.grad_enabled or not any(t._requires_grad for t in inputs):
            return _make(array)
        node = object.__new__(cls)
        node._link([t for t in inputs if t._requires_grad])
        node._seq = ERROR_NODE_SEQ  # (PyTorch's error nodes run as soon as they are ready)
        node.function = function
        return _make(array, True, node, 0)

    def backward(self, grad):
        raise RuntimeError(f"derivative for aten::{self.function} is not implemented")


NotImplementedGrad.__name__ = NotImplementedGrad.__qualname__ = "NotImplemented"  # (PyTorch's)


# --------------------------------------------------------------------------- piecewise linear

def threshold_grad(g, x, threshold):
    """``grad`` where ``x > threshold``, +0 elsewhere; a NaN ``x`` lets its gradient through,
    as PyTorch's ``threshold_backward`` (which zeroes only ``x <= threshold``)."""
    return zero_where(g, x <= threshold)


class ThresholdBackwardBackward0(ActivationGrad):
    kernel = staticmethod(threshold_grad)
    input_first = True


def _hardtanh_grad(g, x, low, high):
    return _by_vector_loops(g, x, 64, _inside_open, _outside_closed, low, high)


def _inside_open(g, x, low, high):
    """PyTorch's vector loop: the gradient where low < x < high (a NaN input gets 0)."""
    drop = x > low
    drop &= x < high
    return zero_where(g, np.logical_not(drop, out=drop))


def _outside_closed(g, x, low, high):
    """PyTorch's element loop: 0 where x <= low or x >= high (a NaN passes its gradient)."""
    return zero_where(g, (x <= low) | (x >= high))


class HardtanhBackwardBackward0(ActivationGrad):
    kernel = staticmethod(_hardtanh_grad)


def _leaky_relu_grad(g, x, slope):
    return np.where(x > 0, g, g * slope)


class LeakyReluBackwardBackward0(ActivationGrad):
    kernel = staticmethod(_leaky_relu_grad)
    input_first = True


def _shrink_grad(g, x, lambd):
    return _by_vector_loops(g, x, 64, _outside_open, _inside_closed, -lambd, lambd)


def _outside_open(g, x, low, high):
    """PyTorch's vector loop of shrink: the gradient where x < -lambd or x > lambd (a NaN
    input gets 0)."""
    return zero_where(g, ~((x < low) | (x > high)))


def _inside_closed(g, x, low, high):
    """PyTorch's element loop of shrink: 0 where -lambd <= x <= lambd (a NaN passes)."""
    return zero_where(g, (x >= low) & (x <= high))


class HardshrinkBackwardBackward0(ActivationGrad):
    kernel = staticmethod(_shrink_grad)


class SoftshrinkBackwardBackward0(ActivationGrad):
    kernel = staticmethod(_shrink_grad)


def _noise_grad(g, x, noise):
    return g * noise


class RreluWithNoiseBackwardBackward0(ActivationGrad):
    """``grad * noise`` (the noise is 1 where ``x > 0``)."""

    kernel = staticmethod(_noise_grad)


def hardsigmoid_grad(g, x):
    # PyTorch's test is "strictly inside (-3, 3)": a NaN input gets 0, as outside; inside,
    # g times its constant 1 / 6 computed in float32 (float64 too: 1.0f / 6.0f)
    return zero_where(g * g.dtype.type(_ONE_SIXTH_FLOAT), ~((x > -3) & (x < 3)))


_ONE_SIXTH_FLOAT = np.float32(1) / np.float32(6)


# --------------------------------------------------------------------------- smooth

def _elu_grad(g, x, alpha, scale, input_scale):
    out = sleef_activations.elu_grad(g, x, alpha, scale, input_scale) if sleef_applies(x) \
        else double_activations.elu_grad(g, x, alpha, scale, input_scale) \
        if double_activations.applies_any_layout(x) else None
    if out is not None:
        return out
    negative = np.exp(np.minimum(x, 0) * input_scale) * (input_scale * alpha * scale)
    return _by_elu_loops(g, x, negative, scale)


def _elu_second(h, x, alpha, scale, input_scale):
    # PyTorch's elu_double_backward: elu_backward(grad * grad_output * input_scale, ...) *
    # (x < 0), the product with the number a MulBackward1
    below = _make((x._data < 0).astype(x._data.dtype))
    return EluBackwardBackward0.of(MulBackward1.apply(h, input_scale), x, alpha, scale,
                                   input_scale) * below


class EluBackwardBackward0(ActivationGrad):
    """elu, selu and celu: ``scale * (x if x > 0 else alpha * (exp(x * input_scale) - 1))``."""

    kernel = staticmethod(_elu_grad)
    second = staticmethod(_elu_second)


def _elu_grad_of_result(g, r, alpha, scale, input_scale):
    """``elu_backward`` with ``is_result``: the slope from the result ``r`` (in-place elu_,
    selu_ and celu_ save their result, the input being gone)."""
    kind = r.dtype.type if r.dtype.kind == "f" and r.itemsize >= 4 else float
    # (PyTorch's grouping, its coefficients in the dtype: a * negiptcoef * (b + negcoef))
    shifted = r + kind(alpha) * kind(scale)
    product = g * kind(input_scale) * shifted
    nan = r != r
    if nan.any():  # (the compiled product takes the sum first: a NaN r's own, even where g
        # is NaN too; NumPy's loops may take g's)
        product = np.where(nan, shifted, product)
    return _by_elu_loops(g, r, product, scale, product=True)


def _elu_second_of_result(h, r, alpha, scale, input_scale):
    return MulBackward1.apply(h, input_scale) * _make((r._data < 0).astype(r._data.dtype))


class EluBackwardOfResult(EluBackwardBackward0):
    """``elu_backward(grad, ..., is_result=True, result)`` (PyTorch's node of the same name)."""

    node_name = "EluBackwardBackward0"
    kernel = staticmethod(_elu_grad_of_result)
    second = staticmethod(_elu_second_of_result)


# (PyTorch has one class for both forms: type() and repr show its name)
EluBackwardOfResult.__name__ = EluBackwardOfResult.__qualname__ = "EluBackwardBackward0"


_SQRT_HALF = 0.7071067811865476
INV_SQRT_2PI = 0.3989422804014327
_SQRT_2_OVER_PI = 0.7978845608028654
_GELU_CUBIC = 0.044715
# PyTorch's tanh-gelu takes tanh from C's tanhf / SLEEF, both within half an ulp or so and
# exactly +-1 from |x| > 9.01; NumPy's float32 tanh is 1 ulp off on ~15% of inputs and gives
# 0.99999994 up to 10, which the 1 + tanh of a negative input magnifies (gelu(-5.4) is -0.0
# in PyTorch, -1.6e-07 with NumPy's). MKL's (as torch.tanh here) where installed.
gelu_tanh = vml("Tanh", np.tanh)


def _gelu_grad(g, x, approximate):
    from .nn import erf_array  # (nn imports this module)
    if gelu_double.applies(x):
        exact = gelu_double.gelu_grad(g, x, approximate)
        if exact is not None:
            return exact
    if approximate == "tanh":
        exact = gelu_tanh_kernel.gelu_grad(g, x) if gelu_tanh_kernel.applies(x) else None
        if exact is not None:
            return exact
        t = gelu_tanh((x + x * x * x * _GELU_CUBIC) * _SQRT_2_OVER_PI)
        slope = (1 + t) * 0.5 + x * (1 - t * t) * (1 + x * x * (3 * _GELU_CUBIC)) * (
            0.5 * _SQRT_2_OVER_PI)
    elif runs_on_onednn(x):
        slope = onednn_gelu.gelu_slope(x)
    else:
        slope = (erf_array(x * _SQRT_HALF) + 1) * 0.5 + x * np.exp(x * x * -0.5) * INV_SQRT_2PI
    return g * slope


def _gelu_second(grad_grad, grad, x, approximate):
    # PyTorch's gelu_double_backward term by term (C++'s tensor-number products are
    # MulBackward1 nodes): the nodes under create_graph are its own, in its order (GCC
    # evaluates the right operand of a * b first; grad_grad * grad_output comes last)
    mul = MulBackward1.apply
    if approximate == "tanh":
        inner = mul(x + mul(x ** 3, _GELU_CUBIC), _SQRT_2_OVER_PI)
        tanh_inner = inner.tanh()
        sech_inner = filled_like(inner, 1) / inner.cosh()
        f = mul(x, 0.5)
        g = number_minus(1, tanh_inner * tanh_inner)
        slope = mul(AddBackward1.apply(mul(x, 3 * _GELU_CUBIC) * x, 1), _SQRT_2_OVER_PI)
        f_prime_gh = mul(g, 0.5) * slope
        neg_sech_tanh = -sech_inner * tanh_inner
        g_prime = mul(sech_inner, 2) * neg_sech_tanh * slope
        g_prime_fh = f * slope * g_prime
        h_prime = mul(mul(x, 6 * _GELU_CUBIC), _SQRT_2_OVER_PI)
        f_g_h_prime = f * g * h_prime
        total = mul(f_prime_gh, 2) + g_prime_fh + f_g_h_prime
        return grad_grad * grad * total
    input_sq = x * x
    pdf = mul(mul(input_sq, -0.5).exp(), INV_SQRT_2PI)
    curvature = input_sq * pdf
    slope = mul(pdf, 2) - curvature
    return grad_grad * grad * slope


class GeluBackwardBackward0(ActivationGrad):
    kernel = staticmethod(_gelu_grad)
    second = staticmethod(_gelu_second)
    product_inside = True


def _softplus_grad(g, x, beta, threshold):
    out = sleef_activations.softplus_grad(g, x, beta, threshold) if sleef_applies(x) else (
        double_activations.softplus_grad(g, x, beta, threshold)
        if double_activations.applies(x) else None)
    if out is not None:
        return out
    bx = x * beta
    z = np.exp(np.minimum(bx, threshold))
    return np.where(bx > threshold, g, g * z / (z + 1))


def _softplus_second(h, x, beta, threshold):
    # PyTorch's softplus_double_backward: sigmoid_backward(h, (x * beta).sigmoid()) * below
    # * beta, each product of a number C++'s (MulBackward1)
    bx = MulBackward1.apply(x, beta)
    # strictly below, as PyTorch's double backward: at the threshold itself the forward is
    # still the curve (linear only above it), but its second derivative there is 0
    below = _make((bx._data < threshold).astype(h._data.dtype))
    return MulBackward1.apply(SigmoidBackwardBackward0.of(h, bx.sigmoid()) * below, beta)


class SoftplusBackwardBackward0(ActivationGrad):
    kernel = staticmethod(_softplus_grad)
    second = staticmethod(_softplus_second)


_exp, _log1p = vml("Exp", np.exp), vml("Log1p", np.log1p)


def log_sigmoid_array(x):
    """``min(x, 0) - log1p(exp(-|x|))``, PyTorch's log_sigmoid_forward, with VML's exp and
    log1p (torch.exp's: they round as PyTorch's kernel's far more often than NumPy's)."""
    if x.itemsize == 2 and is_half(x):  # (in float32)
        return unary_in_float32(log_sigmoid_array, x)
    if sleef_applies(x):
        return sleef_activations.log_sigmoid(x)
    if double_activations.applies(x):
        return double_activations.log_sigmoid(x)
    # (C order: PyTorch's log_sigmoid_forward allocates its output contiguous, whatever the
    # input's layout, so a later view or reshape of it views as PyTorch's does)
    return np.asarray(np.minimum(x, 0) - _log1p(_exp(-np.abs(x))), order="C")


def _log_sigmoid_grad(g, x):
    """PyTorch's log_sigmoid_backward: ``z / (1 + z)`` with ``z = exp(-|x|)``, subtracted
    from 1 for a negative x (a large x keeps its tiny gradient)."""
    if sleef_applies(x):  # (AVX2 / AVX-512 float32: the forward's buffer, SLEEF's exp)
        z = sleef_activations.log_sigmoid_buffer(x)
    elif double_activations.applies(x):
        z = double_activations.log_sigmoid_buffer(x)
    else:
        z = _exp(-np.abs(x))  # (torch.exp's: rounds as the kernel's more often than NumPy's)
    tail = z / (1 + z)
    return g * np.where(x < 0, 1 - tail, tail)


def _log_sigmoid_second(h, x):
    z = x.sigmoid()  # (PyTorch's log_sigmoid_double_backward: C++'s z - 1 is a SubBackward1)
    return h * SubBackward1.apply(z, 1) * z


class LogSigmoidBackwardBackward0(ActivationGrad):
    kernel = staticmethod(_log_sigmoid_grad)
    second = staticmethod(_log_sigmoid_second)


def _hardswish_grad(g, x):
    return _by_vector_loops(g, x, _BLOCK_BYTES, _hardswish_vector, _hardswish_element)


def _hardswish_element(g, x):
    # PyTorch's intervals: 0 up to and including -3, the slope strictly inside, g from 3 on
    # (a NaN input takes the last: g)
    return np.where(x <= -3, 0, np.where(x < 3, g * (x / 3 + 0.5), g)).astype(g.dtype,
                                                                              copy=False)


def _hardswish_vector(g, x):
    # PyTorch's vector loop blends the slope with 0 and g, so a NaN input keeps the slope's NaN
    return np.where(x <= -3, 0, np.where(x >= 3, g, g * (x / 3 + 0.5))).astype(g.dtype,
                                                                               copy=False)


def _hardswish_second(h, x):
    # PyTorch's formula: where(-3 < x < 3, grad * grad_output / 3.0, zeros({}))
    from .arithmetic import DivBackward1
    from .selection import where  # (selection imports this module)
    middle = _make((x._data > -3) & (x._data < 3))
    return where(middle, DivBackward1.apply(h, 3.0), _make(np.zeros((), x._data.dtype)))


class HardswishBackwardBackward0(ActivationGrad):
    kernel = staticmethod(_hardswish_grad)
    second = staticmethod(_hardswish_second)


class _OutputGrad(ActivationGrad):
    """A formula of the saved output ``y`` (tanh, sigmoid); ``second`` takes ``grad_grad``,
    ``grad_output`` and ``y`` apart (``h`` is not their product there)."""

    def forward(self, grad, y):
        self.params = ()
        self.save(grad if self.needs(1) else None, y)
        return self.laid_out(grad._data, y._data, ())

    def backward(self, grad_grad):
        grad, y = self.saved()
        return (type(self).of(grad_grad, y) if self.needs(0) else None,
                self.output_second(grad_grad, grad, y) if self.needs(1) else None)


def _tanh_grad(g, y):
    """``g * (1 - y * y)`` with ``1 - y * y`` one fused multiply-add, as PyTorch's kernel
    compiles it (near |y| = 1 the unfused form rounds the product first and cancels)."""
    if y.dtype == np.float32:
        # (y * y is exact in float64, and so is 1 - y * y unless |y| < 1/8; rounding that
        # once more to float32 errs only on an exact float32 midpoint: 2.4x the unfused
        # form's time, where the exact fma32 takes about 100x)
        one_minus = np.square(y, dtype=np.float64)
        if one_minus.ndim:
            np.subtract(1, one_minus, out=one_minus)
        else:  # (a 0-d y squares to a NumPy scalar)
            one_minus = 1 - one_minus
        return g * one_minus.astype(np.float32)
    if y.dtype == np.float64:
        return g * fma(np.negative(y), y, 1.0)
    return g * (1 - y * y)


class TanhBackwardBackward0(_OutputGrad):
    kernel = staticmethod(_tanh_grad)

    @staticmethod
    def output_second(grad_grad, grad, y):  # (C++'s -2 * output: a MulBackward1)
        return grad_grad * (MulBackward1.apply(y, -2) * grad)


def _sigmoid_grad(g, y):
    return g * (1 - y) * y  # (PyTorch's kernel's order)


class SigmoidBackwardBackward0(_OutputGrad):
    kernel = staticmethod(_sigmoid_grad)
    float16_by_steps = True  # (its bfloat16 kernel computes in float32; float16's does not)

    @staticmethod
    def output_second(grad_grad, grad, y):  # (C++'s -2 * output + 1: Mul/AddBackward1)
        slope = AddBackward1.apply(MulBackward1.apply(y, -2), 1)  # (made first, as GCC does)
        return grad_grad * grad * slope


# --------------------------------------------------------------------------- prelu

def prelu_grads(g, x, w):
    """``_prelu_kernel_backward``: the input's and the (broadcast) weight's gradients."""
    positive = x > 0
    return np.where(positive, g, w * g), np.where(positive, 0, x * g).astype(g.dtype, copy=False)


class PreluKernelBackwardBackward0(Op):
    """Both gradients of ``_prelu_kernel(x, weight)`` as one node of ``(grad_output, x,
    weight)``; the weight's comes at the broadcast shape (the engine sums it down)."""

    arity = 3

    def forward(self, grad, x, weight):
        self.save(grad, x, weight)
        return prelu_grads(grad._data, x._data, weight._data)

    def backward(self, grad_grad_input, grad_grad_weight):
        from .selection import where  # (selection imports the elementwise ops, which import us)
        grad, x, weight = self.saved()
        ggi, ggw = grad_grad_input, grad_grad_weight
        nonnegative = _make(x._data >= 0)
        grad_output = grad_x = grad_weight = None
        if self.needs(0):
            if ggi is None:
                grad_output = where(nonnegative, 0.0, ggw * x)
            else:
                if ggw is None:
                    negative = ggi * weight
                else:  # (GCC evaluates the right operand of + first)
                    right = ggw * x
                    negative = ggi * weight + right
                grad_output = where(nonnegative, ggi, negative)
        if self.needs(1):
            grad_x = zeros_of_input(self, 1) if ggw is None else \
                where(nonnegative, 0.0, grad * ggw)
        if self.needs(2):
            grad_weight = zeros_of_input(self, 1) if ggi is None else \
                where(nonnegative, 0.0, grad * ggi)
        return grad_output, grad_x, grad_weight
