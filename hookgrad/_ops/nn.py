"""Neural-network ops: activations and embedding, with PyTorch's node names (normalisation
lives in normalization.py, convolution in conv.py, pooling in pooling.py, losses in
loss.py)."""
import math

import numpy as np

from .._tensor_base import _make
from . import double_activations, gelu_double, gelu_tanh_kernel, onednn_gelu, sleef_activations
from .activation_backward import (
    INV_SQRT_2PI,
    EluBackwardBackward0,
    EluBackwardOfResult,
    GeluBackwardBackward0,
    HardshrinkBackwardBackward0,
    HardswishBackwardBackward0,
    HardtanhBackwardBackward0,
    LeakyReluBackwardBackward0,
    LogSigmoidBackwardBackward0,
    NotImplementedGrad,
    PreluKernelBackwardBackward0,
    RreluWithNoiseBackwardBackward0,
    SoftplusBackwardBackward0,
    SoftshrinkBackwardBackward0,
    ThresholdBackwardBackward0,
    gelu_tanh,
    hardsigmoid_grad,
    log_sigmoid_array,
    prelu_grads,
)
from .elementwise import exp, exp_array, sigmoid
from .elementwise_layout import (
    c_order,
    empty_like_layout,
    first_operand_layout,
    laid_out_unary,
    unary_iterator_layout,
)
from .embedding_checks import check_indices
from .half import forward_in_float32, is_half, unary_in_float32
from .index import index_select
from .onednn_gelu import runs_on_onednn
from .op import Op, UnaryOp, float_input, plain_backward, refuse_out
from .scalar_forms import AddBackward1, MulBackward1, number_minus
from .vector_loops import element_loop_mask, memory_order, vector_block_prefix
from .vml import vml

# --------------------------------------------------------------------------- erf

# W. J. Cody / Cephes rational approximations: erf on |x| < 1, erfc on 1 <= |x| < 8 (beyond
# 8, erfc underflows double precision's 1 - erf); accurate to about one ulp in float64.
_ERF_P = (9.60497373987051638749e0, 9.00260197203842689217e1, 2.23200534594684319226e3,
          7.00332514112805075473e3, 5.55923013010394962768e4)
_ERF_Q = (1.0, 3.35617141647503099647e1, 5.21357949780152679795e2, 4.59432382970980127987e3,
          2.26290000613890934246e4, 4.92673942608635921086e4)
_ERFC_P = (2.46196981473530512524e-10, 5.64189564831068821977e-1, 7.46321056442269912687e0,
           4.86371970985681366614e1, 1.96520832956077098242e2, 5.26445194995477358631e2,
           9.34528527171957607540e2, 1.02755188689515710272e3, 5.57535335369399327526e2)
_ERFC_Q = (1.0, 1.32281951154744992508e1, 8.67072140885989742329e1, 3.54937778887819891062e2,
           9.75708501743205489753e2, 1.82390916687909736289e3, 2.24633760818710981792e3,
           1.65666309194161350182e3, 5.57535340817727675546e2)


def _polyval(coefficients, x):
    out = np.full_like(x, coefficients[0])
    for c in coefficients[1:]:
        out *= x
        out += c
    return out


def _select(mask, if_true, if_false):
    """``np.where`` by arithmetic: several times faster on unpredictable masks (both sides
    must be finite where they are not selected)."""
    keep = mask.astype(if_true.dtype)
    return if_true * keep + if_false * (1 - keep)


def erf_array(x):
    """``erf`` of a float array, computed in its own dtype (both branches over the whole array:
    faster than masked gathers)."""
    if x.itemsize == 2 and is_half(x):  # (in float32)
        return unary_in_float32(erf_array, x)
    a = np.abs(x)
    xs = np.clip(x, -1, 1)
    z = xs * xs
    small = xs * _polyval(_ERF_P, z) / _polyval(_ERF_Q, z)
    al = np.clip(a, 1, 8)
    erfc = np.exp(-al * al) * _polyval(_ERFC_P, al) / _polyval(_ERFC_Q, al)
    return _select(a < 1, small, np.copysign(1 - erfc, x))


class ErfBackward0(UnaryOp):
    function, saves = vml("Erf", erf_array), "self"

    def backward(self, grad):
        return gaussian_slope_backward(grad, self.saved()[0], 2 / math.sqrt(math.pi))


def gaussian_slope_backward(grad, a, scale):
    """PyTorch's formula of erf's and erfc's gradients: ``scale * exp(-(self.pow(2))) * grad``
    (on arrays in a plain backward)."""
    if plain_backward() and a._data.dtype == grad._data.dtype:
        x = a._data
        return _make(np.asarray(scale * exp_array(-(x ** 2)) * grad._data))
    return MulBackward1.apply(exp(-(a ** 2)), scale) * grad


def erf(input, *, out=None):
    return ErfBackward0.apply(input) if out is None else refuse_out("erf")


# --------------------------------------------------------------------------- activations

def sigmoid_array(x):
    """PyTorch's ``1 / (1 + exp(-x))``: an overflowing exp gives 0, and a very negative x its
    tiny value (``tanh(x / 2) / 2 + 1 / 2`` cancels to 0 below -17 in float32)."""
    with np.errstate(over="ignore"):
        return 1 / (1 + np.exp(-x))


def _mask(a, condition):
    """A constant 0/1 tensor of ``a``'s dtype."""
    return _make(condition.astype(a._data.dtype))


class LeakyReluBackward0(Op):
    saved_names = ('self',)

    def forward(self, a, negative_slope):
        if a._data.itemsize == 2 and is_half(a._data):  # (in float32)
            return forward_in_float32(self, LeakyReluBackward0.forward, a, negative_slope)
        self.slope = negative_slope
        self.save(a)
        x = a._data
        scaled = x * negative_slope
        # max(x, slope x) is x for x > 0 and slope x below, when slope <= 1; min otherwise
        return np.maximum(x, scaled) if negative_slope <= 1 else np.minimum(x, scaled)

    def backward(self, grad):
        return LeakyReluBackwardBackward0.of(grad, self.saved()[0], self.slope)


class LeakyReluBackward1(LeakyReluBackward0):
    """In-place ``leaky_relu_``: saves the result (the input is overwritten), whose sign is
    the input's for a non-negative slope, so a later in-place change of it fails the version
    check as in PyTorch."""

    saved_names = ('result',)
    saves_output = True

    def forward(self, a, negative_slope):
        if a._data.itemsize == 2 and is_half(a._data):  # (in float32)
            return forward_in_float32(self, LeakyReluBackward1.forward, a, negative_slope)
        self.slope = negative_slope
        x = a._data
        scaled = x * negative_slope
        return np.maximum(x, scaled) if negative_slope <= 1 else np.minimum(x, scaled)

    def backward(self, grad):
        (result,) = self.saved()
        if self.slope < 0:
            raise RuntimeError(
                "In-place leakyReLu backward calculation is triggered with a negative slope "
                "which is not supported. This is caused by calling in-place forward function "
                "with a negative slope, please call out-of-place version instead. File an issue "
                "at https://github.com/pytorch/pytorch if you do require supporting in-place "
                "leakRelu backward calculation with negative slope")
        return LeakyReluBackwardBackward0.of(grad, result, self.slope)


def _elu(x, alpha, scale, input_scale):
    if sleef_activations.applies(x):  # (PyTorch's AVX2 float32 kernel, bit for bit)
        return sleef_activations.elu(x, alpha, scale, input_scale)
    if double_activations.applies_any_layout(x):  # (and its float64 kernel: SLEEF's expm1)
        return double_activations.elu(x, alpha, scale, input_scale)
    positive = x > 0  # (PyTorch's select: a -0 input gives expm1(-0) = -0)
    negative = np.expm1(np.where(positive, 0, x) * input_scale) * (alpha * scale)
    return np.where(positive, x * scale, negative)


class EluBackward0(Op):
    """``scale * (x if x > 0 else alpha * (exp(x * input_scale) - 1))`` (elu, selu, celu)."""

    saved_names = ('self',)

    def forward(self, a, alpha, scale, input_scale):
        if a._data.itemsize == 2 and is_half(a._data):  # (in float32)
            return forward_in_float32(self, EluBackward0.forward, a, alpha, scale, input_scale)
        self.params = (alpha, scale, input_scale)
        self.save(a)
        return _elu(a._data, alpha, scale, input_scale)

    forward = laid_out_unary(forward)  # (PyTorch's one-input iterator's layout)

    def backward(self, grad):
        return EluBackwardBackward0.of(grad, self.saved()[0], *self.params)


class EluBackward1(EluBackward0):
    """In-place ``elu_`` / ``selu_``: saves the result (the input is overwritten), so a later
    in-place change of it fails the version check as in PyTorch."""

    saved_names = ('result',)
    saves_output = True

    def forward(self, a, alpha, scale, input_scale):
        if a._data.itemsize == 2 and is_half(a._data):  # (in float32)
            return forward_in_float32(self, EluBackward1.forward, a, alpha, scale, input_scale)
        self.params = (alpha, scale, input_scale)
        return _elu(a._data, alpha, scale, input_scale)

    def backward(self, grad):
        return EluBackwardOfResult.of(grad, self.saved()[0], *self.params)


def _celu_params(params):
    """PyTorch's celu formulas call ``elu_backward(grad, alpha, 1, 1.0 / alpha.toFloat(), ...)``:
    the input scale of the backward is the reciprocal of alpha rounded to float32 first (the
    forward's is ``1 / alpha``), an ulp apart for most alphas."""
    alpha = params[0]
    return alpha, 1.0, 1.0 / float(np.float32(alpha))


class CeluBackward0(EluBackward0):
    def backward(self, grad):
        return EluBackwardBackward0.of(grad, self.saved()[0], *_celu_params(self.params))


class CeluBackward1(EluBackward1):
    """In-place ``celu_``."""

    def backward(self, grad):
        return EluBackwardOfResult.of(grad, self.saved()[0], *_celu_params(self.params))


class GeluBackward0(Op):
    saved_names = ('self',)
    cdf = onednn_parts = curve = None  # (what a forward keeps for a cheaper backward)

    def forward(self, a, approximate):
        x = a._data
        if approximate == "none" and runs_on_onednn(x):
            self.approximate = approximate
            self.save(a)
            out, *self.onednn_parts = onednn_gelu.gelu(x)  # (erf and exp, for backward)
            return out
        if x.itemsize == 2 and is_half(x):  # (in float32)
            out = forward_in_float32(self, GeluBackward0._formula, a, approximate)
        elif gelu_double.applies(x):  # (PyTorch's float64 kernel, SLEEF's erf and tanh)
            self.approximate = approximate
            self.save(a)
            out, self.curve = gelu_double.forward(x, approximate)  # (erf / tanh, for backward)
            return out
        else:
            out = self._formula(a, approximate)
        if approximate == "none" and not np.isfinite(out).all():
            out = onednn_gelu.gelu_of_infinities(x, out)
        return out

    def _formula(self, a, approximate):
        self.approximate = approximate
        self.save(a)
        x = float_input(a)
        if approximate == "tanh":
            if gelu_tanh_kernel.applies(x):
                return gelu_tanh_kernel.gelu(x)
            inner = (x + x * x * x * 0.044715) * math.sqrt(2 / math.pi)
            return x * 0.5 * (1 + gelu_tanh(inner))
        # the normal CDF, kept: backward needs it and erf is the expensive part
        self.cdf = erf_array(x * math.sqrt(0.5)) * 0.5 + 0.5
        return x * self.cdf

    def backward(self, grad):
        (a,) = self.saved()
        if self.curve is not None and plain_backward():
            out = gelu_double.backward(grad._data, a._data, self.approximate, self.curve)
            if out is not None:
                return _make(out)
        elif self.approximate != "tanh" and plain_backward():
            x = a._data
            if self.cdf is None:
                return _make(grad._data * onednn_gelu.gelu_slope(x, *self.onednn_parts))
            # the forward's normal CDF saves recomputing erf, the expensive part
            return _make(grad._data * (self.cdf + x * np.exp(x * x * -0.5) * INV_SQRT_2PI))
        return GeluBackwardBackward0.of(grad, a, self.approximate)


def _silu(x):
    if x.itemsize == 2 and is_half(x):  # (in float32)
        return unary_in_float32(_silu, x)
    with np.errstate(over="ignore"):  # (PyTorch's x / (1 + exp(-x)), fuzz 44:8481)
        if sleef_activations.applies(x):
            return sleef_activations.silu(x)
        return double_activations.silu(x) if double_activations.applies(x) else \
            x / (1 + np.exp(-x))


class SiluBackward0(UnaryOp):
    function, saves = _silu, "self"

    def backward(self, grad):
        (a,) = self.saved()
        if not plain_backward():  # PyTorch's infinitely differentiable formula, node for node
            s = sigmoid(a)
            # (the right factor first: PyTorch's compiled C++ evaluates that operand first,
            # which orders the nodes, and so a second order's accumulation)
            right = AddBackward1.apply(a * number_minus(1.0, s), 1.0)
            return grad * s * right
        x = a._data
        out = sleef_activations.silu_grad(grad._data, x) if sleef_activations.applies(x) else (
            double_activations.silu_grad(grad._data, x) if double_activations.applies(x)
            else None)
        if out is None:
            s = sigmoid_array(x)  # (PyTorch's silu_backward, on arrays)
            out = np.asarray(grad._data * s * (1 + x * (1 - s))).astype(x.dtype, copy=False)
        return _make(out)


class SoftplusBackward0(Op):
    saved_names = ('self',)

    def forward(self, a, beta, threshold):
        if a._data.itemsize == 2 and is_half(a._data):  # (in float32)
            return forward_in_float32(self, SoftplusBackward0.forward, a, beta, threshold)
        self.beta, self.threshold = beta, threshold
        self.save(a)
        x = float_input(a)
        if sleef_activations.applies(x):
            return sleef_activations.softplus(x, beta, threshold)
        if double_activations.applies(x):
            return double_activations.softplus(x, beta, threshold)
        bx = x * beta
        out = np.asarray(np.log1p(np.exp(-np.abs(bx))))  # an array for a 0-d input too
        out += np.maximum(bx, 0)
        if beta != 1:
            out /= beta
        linear = bx > threshold  # mostly all False: a predictable, cheap masked copy
        np.copyto(out, x, where=linear)
        return out

    def backward(self, grad):
        return SoftplusBackwardBackward0.of(grad, self.saved()[0], self.beta, self.threshold)


class HardtanhBackward0(Op):
    saved_names = ('self',)

    def forward(self, a, min_val, max_val):
        if a._data.itemsize == 2 and is_half(a._data):  # (in float32)
            return forward_in_float32(self, HardtanhBackward0.forward, a, min_val, max_val)
        self.bounds = (min_val, max_val)
        self.save(a)
        x = a._data
        if x.dtype.kind not in "fV":  # an integer input stays integer, its bounds truncated
            if x.dtype.kind == "b":
                raise RuntimeError("Bool inputs not supported for hardtanh")
            min_val, max_val = int(min_val), int(max_val)
        return empty_like_layout(np.clip(x, min_val, max_val), x)  # (PyTorch's empty_like)

    def backward(self, grad):
        return HardtanhBackwardBackward0.of(grad, self.saved()[0], *self.bounds)


class ThresholdBackward0(Op):
    """``x if x > threshold else value``."""

    saved_names = ('self',)

    def forward(self, a, threshold, value):
        if a._data.itemsize == 2 and is_half(a._data):  # (in float32)
            return forward_in_float32(self, ThresholdBackward0.forward, a, threshold, value)
        self.threshold = threshold
        self.save(a)
        x = a._data
        out = x.copy()
        np.copyto(out, value, where=x <= threshold, casting="unsafe")
        return unary_iterator_layout(out, x)

    def backward(self, grad):
        return ThresholdBackwardBackward0.of(grad, self.saved()[0], self.threshold)


class ThresholdBackward1(ThresholdBackward0):
    """In-place ``threshold_``."""


class HardshrinkBackward0(Op):
    """``x`` where ``|x| > lambd``, else 0."""

    saved_names = ('self',)

    def forward(self, a, lambd):
        if a._data.itemsize == 2 and is_half(a._data):  # (in float32)
            return forward_in_float32(self, HardshrinkBackward0.forward, a, lambd)
        self.lambd = lambd
        self.save(a)
        x = a._data
        # PyTorch's zeros are +0 (a product with the mask would give -0 for negative inputs)
        return np.where((x >= -lambd) & (x <= lambd), x.dtype.type(0), x)

    forward = laid_out_unary(forward)  # (PyTorch's one-input iterator's layout)

    grad_op = HardshrinkBackwardBackward0

    def backward(self, grad):
        return self.grad_op.of(grad, self.saved()[0], self.lambd)


class SoftshrinkBackward0(HardshrinkBackward0):
    """``x - lambd * sign(x)`` where ``|x| > lambd``, else 0."""

    grad_op = SoftshrinkBackwardBackward0

    def forward(self, a, lambd):
        if a._data.itemsize == 2 and is_half(a._data):  # (in float32)
            return forward_in_float32(self, SoftshrinkBackward0.forward, a, lambd)
        self.lambd = lambd
        self.save(a)
        x = a._data
        inside = (x >= -lambd) & (x <= lambd)
        # PyTorch's element loop's zeros are ``x * 0``: -0 for a negative input; its vector
        # loop's (the leading whole vectors, in memory order) are +0
        out = np.where(inside, x * 0, x - np.clip(x, -lambd, lambd))
        prefix = vector_block_prefix(x)
        elements = None if prefix else element_loop_mask(x)
        if elements is not None:  # (an expanded input: its runs' whole vectors give +0)
            out[~elements & (out == 0)] = 0
        if prefix:
            order = memory_order(x)
            if order is not None:  # (laid out as x, so that memory order is x's)
                laid = np.empty_like(x)
                laid[...] = out
                out = laid
            flat = (out if order is None else out.transpose(order)).reshape(-1)
            zeros = flat[:prefix]  # (a view: out is one dense block in that order)
            zeros[zeros == 0] = 0
        return out

    forward = laid_out_unary(forward)  # (PyTorch's one-input iterator's layout)


class PreluKernelBackward0(Op):
    """``x`` where positive, ``weight * x`` elsewhere (``weight`` broadcasts against ``x``:
    ``F.prelu`` views a per-channel weight along dim 1)."""

    saved_names = ('self', 'weight')
    arity = 2

    def forward(self, a, weight):
        if a._data.itemsize == 2 and is_half(a._data):  # (in float32)
            return forward_in_float32(self, PreluKernelBackward0.forward, a, weight)
        self.save(a, weight)
        x = a._data
        # (laid out by the iterator of the input and the broadcast weight, as PyTorch's kernel)
        return first_operand_layout(np.where(x > 0, x, weight._data * x), x, weight._data)

    def backward(self, grad):
        a, weight = self.saved()
        if plain_backward():
            return tuple(_make(g) for g in prelu_grads(grad._data, a._data, weight._data))
        return PreluKernelBackwardBackward0.apply(grad, a, weight)


class RreluWithNoiseBackward0(Op):
    """``x * noise``: noise is 1 for ``x > 0`` and a slope elsewhere (random when training,
    the mean slope otherwise)."""

    saved_names = ('self',)

    def forward(self, a, noise):
        self.noise = noise
        self.save(a)
        return c_order(a._data * noise)  # (C order whatever the input's)

    def backward(self, grad):
        return RreluWithNoiseBackwardBackward0.of(grad, self.saved()[0], self.noise)


class RreluWithNoiseBackward1(RreluWithNoiseBackward0):
    """In-place ``rrelu_``: saves the result (the input is overwritten; its sign is the
    input's), so a later in-place change of it fails the version check as in PyTorch."""

    saved_names = ('result',)
    saves_output = True

    def forward(self, a, noise):
        self.noise = noise
        return a._data * noise


class LogSigmoidBackward0(UnaryOp):
    function, saves = log_sigmoid_array, "self"
    own_layout = True  # (C order whatever the input's layout: see log_sigmoid_array)

    def forward(self, a):
        self.save(a)
        return log_sigmoid_array(float_input(a))

    def backward(self, grad):
        return LogSigmoidBackwardBackward0.of(grad, self.saved()[0])


# --------------------------------------------------------------------------- embedding

class EmbeddingBackward0(Op):
    saved_names = ('indices',)

    def forward(self, weight, indices, padding_idx, scale_grad_by_freq):
        # (the indices Tensor itself, as PyTorch's node saves it: an in-place write on it fails
        # backward's version check; before the kernel's checks, as PyTorch's autograd layer)
        self.save(indices)
        check_indices(indices, weight._data.shape[0])
        indices = indices._data
        self.indices, self.num_weights = indices, weight._data.shape[0]
        self.padding_idx, self.scale_grad_by_freq = padding_idx, scale_grad_by_freq
        return np.take(weight._data, indices, axis=0)

    def backward(self, grad):
        self.saved()  # (unpacked as PyTorch's node does: raises once a pass freed them)
        return EmbeddingDenseBackward0.apply(grad, self.indices, self.num_weights,
                                             self.padding_idx, self.scale_grad_by_freq)


class EmbeddingDenseBackward0(Op):
    """Sum the gradient rows into their embedding rows; the padding row gets none. PyTorch's
    node of ``embedding_dense_backward``."""

    node_name = "EmbeddingDenseBackwardBackward0"

    def forward(self, grad, indices, num_weights, padding_idx, scale_grad_by_freq):
        g = grad._data
        dim = g.shape[-1]
        flat = indices.reshape(-1)
        rows = g.reshape(-1, dim)
        self.indices, self.scale = indices, None
        keep = None if padding_idx is None else flat != padding_idx
        if scale_grad_by_freq:
            counts = np.bincount(flat, minlength=num_weights)
            self.scale = (1 / counts[indices]).astype(g.dtype)
            rows = rows * self.scale.reshape(-1, 1)
        if keep is not None:
            flat, rows = flat[keep], rows[keep]
            self.keep = keep.reshape(indices.shape)
        out = np.zeros((num_weights, dim), g.dtype)
        np.add.at(out, flat, rows)
        self.padding_idx = padding_idx
        return out

    def backward(self, grad):
        # PyTorch's embedding_dense_double_backward: the rows picked again (without the
        # frequency scaling, as PyTorch's), padding rows zeroed in place, viewed per index
        rows = index_select(grad, 0, _make(self.indices.reshape(-1)))
        if self.padding_idx is not None:
            rows = rows.masked_fill_(_make(~self.keep.reshape(-1, 1)), 0)
        return rows.view(self.indices.shape + (-1,))


def _hardswish(x):
    if x.itemsize == 2 and is_half(x):  # (in float32)
        return unary_in_float32(_hardswish, x)
    return x * np.clip(x + 3, 0, 6) / 6


class HardswishBackward0(UnaryOp):
    function, saves = _hardswish, "self"

    def backward(self, grad):
        return HardswishBackwardBackward0.of(grad, self.saved()[0])


def _hardsigmoid(x):
    if x.itemsize == 2 and is_half(x):  # (in float32)
        return unary_in_float32(_hardsigmoid, x)
    return np.clip(x + 3, 0, 6) / 6


class HardsigmoidBackward0(UnaryOp):
    function, saves = _hardsigmoid, "self"

    def backward(self, grad):
        (a,) = self.saved()
        # PyTorch has no derivative of hardsigmoid_backward: its gradient under create_graph
        # requires grad, and differentiating it again raises
        return NotImplementedGrad.of("hardsigmoid_backward",
                                     hardsigmoid_grad(grad._data, a._data), (grad, a))
