"""Neural-network ops: activations, softmax, normalisation and embedding, with PyTorch's node
names (convolution and pooling live in conv.py, losses in loss.py)."""
import math

import numpy as np

from .._tensor import _make
from ..autograd.grad_mode import state as _grad_state
from . import norm_kernels as _bn
from .elementwise import _float_input, exp, tanh
from .op import Op, plain_backward
from .shape import SqueezeBackward1, cat

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
    a = np.abs(x)
    xs = np.clip(x, -1, 1)
    z = xs * xs
    small = xs * _polyval(_ERF_P, z) / _polyval(_ERF_Q, z)
    al = np.clip(a, 1, 8)
    erfc = np.exp(-al * al) * _polyval(_ERFC_P, al) / _polyval(_ERFC_Q, al)
    return _select(a < 1, small, np.copysign(1 - erfc, x))


class ErfBackward0(Op):
    saved_names = ('self',)

    def forward(self, a):
        self.save(a)
        return erf_array(_float_input(a))

    def backward(self, grad):
        (a,) = self.saved()
        return grad * exp(-a * a) * (2 / math.sqrt(math.pi))


def erf(a):
    return ErfBackward0.apply(a)


# --------------------------------------------------------------------------- activations

def sigmoid_array(x):
    return np.tanh(x * 0.5) * 0.5 + 0.5  # never overflows, and tanh is vectorised


def sigmoid_tensor(a):
    """Differentiable sigmoid built on tanh (fast for large arrays)."""
    return tanh(a * 0.5) * 0.5 + 0.5


def _mask(a, condition):
    """A constant 0/1 tensor of ``a``'s dtype."""
    return _make(condition.astype(a._data.dtype))


class LeakyReluBackward0(Op):
    saved_names = ('self',)

    def forward(self, a, negative_slope):
        self.slope = negative_slope
        self.save(a)
        x = a._data
        scaled = x * negative_slope
        # max(x, slope x) is x for x > 0 and slope x below, when slope <= 1; min otherwise
        return np.maximum(x, scaled) if negative_slope <= 1 else np.minimum(x, scaled)

    def backward(self, grad):
        (a,) = self.saved()
        positive = (a._data > 0).astype(a._data.dtype)
        return grad * _make(positive * (1 - self.slope) + self.slope)


class LeakyReluBackward1(LeakyReluBackward0):
    """In-place ``leaky_relu_``."""


class EluBackward0(Op):
    """``scale * (x if x > 0 else alpha * (exp(x * input_scale) - 1))`` (elu, selu, celu)."""

    saved_names = ('self',)

    def forward(self, a, alpha, scale, input_scale):
        self.params = (alpha, scale, input_scale)
        self.save(a)
        x = a._data
        negative = np.expm1(np.minimum(x, 0) * input_scale) * (alpha * scale)
        return np.maximum(x, 0) * scale + negative

    def backward(self, grad):
        (a,) = self.saved()
        alpha, scale, input_scale = self.params
        positive = _mask(a, a._data > 0)
        negative = exp(a.clamp(max=0) * input_scale) * (1 - positive)
        return grad * (positive * scale + negative * (alpha * scale * input_scale))


class EluBackward1(EluBackward0):
    """In-place ``elu_`` / ``selu_``."""


class CeluBackward0(EluBackward0):
    pass


class CeluBackward1(EluBackward0):
    """In-place ``celu_``."""


class GeluBackward0(Op):
    saved_names = ('self',)

    def forward(self, a, approximate):
        self.approximate = approximate
        self.save(a)
        x = _float_input(a)
        if approximate == "tanh":
            inner = (x + x * x * x * 0.044715) * math.sqrt(2 / math.pi)
            return x * 0.5 * (1 + np.tanh(inner))
        # the normal CDF, kept: backward needs it and erf is the expensive part
        self.cdf = erf_array(x * math.sqrt(0.5)) * 0.5 + 0.5
        return x * self.cdf

    def backward(self, grad):
        (a,) = self.saved()
        if self.approximate == "tanh":
            k = math.sqrt(2 / math.pi)
            t = tanh((a + a * a * a * 0.044715) * k)
            slope = (1 + t) * 0.5 + a * (1 - t * t) * (1 + a * a * (3 * 0.044715)) * (0.5 * k)
        else:
            cdf = (erf(a * math.sqrt(0.5)) + 1) * 0.5 if _grad_state.grad_enabled \
                else _make(self.cdf)
            slope = cdf + a * exp(a * a * -0.5) * (1 / math.sqrt(2 * math.pi))
        return grad * slope


class SiluBackward0(Op):
    saved_names = ('self',)

    def forward(self, a):
        self.save(a)
        x = _float_input(a)
        return x * sigmoid_array(x)

    def backward(self, grad):
        (a,) = self.saved()
        s = sigmoid_tensor(a)
        return grad * s * (1 + a * (1 - s))


class SoftplusBackward0(Op):
    saved_names = ('self',)

    def forward(self, a, beta, threshold):
        self.beta, self.threshold = beta, threshold
        self.save(a)
        x = _float_input(a)
        bx = x * beta
        out = np.asarray(np.log1p(np.exp(-np.abs(bx))))  # an array for a 0-d input too
        out += np.maximum(bx, 0)
        if beta != 1:
            out /= beta
        linear = bx > threshold  # mostly all False: a predictable, cheap masked copy
        np.copyto(out, x, where=linear)
        return out

    def backward(self, grad):
        (a,) = self.saved()
        bx = a * self.beta
        linear = _mask(a, bx._data > self.threshold)
        return grad * (sigmoid_tensor(bx) * (1 - linear) + linear)


class HardtanhBackward0(Op):
    saved_names = ('self',)

    def forward(self, a, min_val, max_val):
        self.bounds = (min_val, max_val)
        self.save(a)
        return np.clip(a._data, min_val, max_val)

    def backward(self, grad):
        (a,) = self.saved()
        low, high = self.bounds
        x = a._data
        return grad * _mask(a, ~((x <= low) | (x >= high)))  # NaN passes, as in PyTorch


class ThresholdBackward0(Op):
    """``x if x > threshold else value``."""

    saved_names = ('self',)

    def forward(self, a, threshold, value):
        self.threshold = threshold
        self.save(a)
        x = a._data
        out = x.copy()
        np.copyto(out, value, where=x <= threshold, casting="unsafe")
        return out

    def backward(self, grad):
        (a,) = self.saved()
        return grad * _mask(a, a._data > self.threshold)


class ThresholdBackward1(ThresholdBackward0):
    """In-place ``threshold_``."""


class GluBackward0(Op):
    """``first * sigmoid(second)`` of the two halves along ``dim``."""

    saved_names = ('self',)

    def forward(self, a, dim):
        self.dim = dim
        self.save(a)
        first, second = np.split(_float_input(a), 2, axis=dim)
        return first * sigmoid_array(second)

    def backward(self, grad):
        (a,) = self.saved()
        first, second = a.chunk(2, self.dim)
        s = sigmoid_tensor(second)
        return cat([grad * s, grad * first * s * (1 - s)], self.dim)


class HardshrinkBackward0(Op):
    """``x`` where ``|x| > lambd``, else 0."""

    saved_names = ('self',)

    def forward(self, a, lambd):
        self.lambd = lambd
        self.save(a)
        x = a._data
        return x * (np.abs(x) > lambd)

    def backward(self, grad):
        (a,) = self.saved()
        return grad * _mask(a, ~(np.abs(a._data) <= self.lambd))  # NaN passes, as in PyTorch


class SoftshrinkBackward0(HardshrinkBackward0):
    """``x - lambd * sign(x)`` where ``|x| > lambd``, else 0."""

    def forward(self, a, lambd):
        self.lambd = lambd
        self.save(a)
        x = a._data
        return x - np.clip(x, -lambd, lambd)


class PreluKernelBackward0(Op):
    """``x`` where positive, ``weight * x`` elsewhere; ``weight`` is per channel (dim 1)."""

    saved_names = ('self', 'weight')
    arity = 2

    def forward(self, a, weight):
        self.save(a, weight)
        x, w = a._data, weight._data
        if w.size == 1:
            self.shape = ()
        else:  # one slope per channel: dim 1, or dim 0 of a 1-d input
            self.shape = (w.size,) if x.ndim == 1 else (1, w.size) + (1,) * (x.ndim - 2)
        return np.maximum(x, 0) + np.minimum(x, 0) * w.reshape(self.shape)

    def backward(self, grad):
        a, weight = self.saved()
        positive = _mask(a, a._data > 0)
        grad_input = grad_weight = None
        if self.needs(0):
            grad_input = grad * (positive + (1 - positive) * weight.reshape(self.shape))
        if self.needs(1):
            grad_weight = grad * a * (1 - positive)
            if len(self.shape) > 1:
                grad_weight = grad_weight.sum((0,) + tuple(range(2, a._data.ndim)))
            elif not self.shape:
                grad_weight = grad_weight.sum().reshape(weight._data.shape)
        return grad_input, grad_weight


class RreluWithNoiseBackward0(Op):
    """``x * noise``: noise is 1 for ``x >= 0`` and a slope elsewhere (random when training,
    the mean slope otherwise)."""

    def forward(self, a, noise):
        self.noise = noise
        return a._data * noise

    def backward(self, grad):
        return grad * _make(self.noise)


class LogSigmoidBackward0(Op):
    saved_names = ('self',)

    def forward(self, a):
        self.save(a)
        x = _float_input(a)
        return np.minimum(x, 0) - np.log1p(np.exp(-np.abs(x)))

    def backward(self, grad):
        (a,) = self.saved()
        return grad * sigmoid_tensor(-a)


class SqueezeBackward4(SqueezeBackward1):
    """In-place ``squeeze_`` of a fresh result: ``F.linear`` of a 1-d input without bias."""


# --------------------------------------------------------------------------- normalisation

def _moments(x, axes, eps):
    """Mean and 1/sqrt(biased variance + eps) over ``axes``, kept for broadcasting."""
    mean = np.mean(x, axis=axes, keepdims=True)
    centred = x - mean
    var = np.mean(centred * centred, axis=axes, keepdims=True)
    return mean, 1 / np.sqrt(var + eps), centred, var


def _stats_for_backward(x, axes, eps, mean, invstd):
    """The saved statistics as Tensors; recomputed from ``x`` when building a graph, so the
    gradient is itself differentiable in ``x``."""
    if _grad_state.grad_enabled:
        mean_t = x.mean(axes, keepdim=True)
        centred = x - mean_t
        return mean_t, ((centred * centred).mean(axes, keepdim=True) + eps).rsqrt()
    return _make(mean), _make(invstd)


def _normalized_grad(grad_xhat, xhat, invstd, axes):
    """Gradient through ``(x - mean(x)) * invstd(x)`` given the gradient of that result."""
    return (grad_xhat - grad_xhat.mean(axes, keepdim=True)
            - xhat * (grad_xhat * xhat).mean(axes, keepdim=True)) * invstd


def _affine(xhat, weight, bias, shape):
    if weight is not None:
        xhat *= weight._data.reshape(shape)
    if bias is not None:
        xhat += bias._data.reshape(shape)
    return xhat


class NativeBatchNormBackward0(Op):
    saved_names = ('input', 'weight')
    arity = 3

    def forward(self, input, weight, bias, running_mean, running_var, training, momentum, eps):
        x = input._data
        n, channels = x.shape[0], x.shape[1]
        self.axes = (0,) + tuple(range(2, x.ndim))
        self.shape = (1, channels) + (1,) * (x.ndim - 2)
        self.training, self.eps = training, eps
        x3 = x.reshape(n, channels, -1)
        w = None if weight is None else weight._data.astype(x.dtype, copy=False)
        b = None if bias is None else bias._data.astype(x.dtype, copy=False)
        if training:
            y3, mean, var, invstd = _bn.forward_train(x3, w, b, eps)
            count = x3.shape[0] * x3.shape[2]
            # running statistics are updated in place without a version bump, as in PyTorch
            if running_mean is not None:
                stats = running_mean._data
                stats *= 1 - momentum
                stats += (mean * momentum).astype(stats.dtype, copy=False)
            if running_var is not None:
                stats = running_var._data
                stats *= 1 - momentum
                unbiased = var * (momentum * count / max(count - 1, 1))
                stats += unbiased.astype(stats.dtype, copy=False)
        else:
            mean = running_mean._data.astype(x.dtype, copy=False)
            invstd = 1 / np.sqrt(running_var._data.astype(x.dtype, copy=False) + eps)
            y3 = _bn.forward_eval(x3, w, b, mean, invstd)
        self.mean, self.invstd = mean.reshape(self.shape), invstd.reshape(self.shape)
        self.save(input, weight)
        return y3.reshape(x.shape)

    def backward(self, grad):
        input, weight = self.saved()
        if plain_backward() and grad._data.dtype == input._data.dtype:
            x = input._data
            n, channels = x.shape[0], x.shape[1]
            w = None if weight is None else weight._data.astype(x.dtype, copy=False)
            gx3, grad_weight, grad_bias = _bn.backward(
                grad._data.reshape(n, channels, -1), x.reshape(n, channels, -1), w,
                self.mean.reshape(-1), self.invstd.reshape(-1), self.training,
                self.needs(0), self.needs(1), self.needs(2))
            return (None if gx3 is None else _make(gx3.reshape(x.shape)),
                    None if grad_weight is None else _make(grad_weight),
                    None if grad_bias is None else _make(grad_bias))
        axes, shape = self.axes, self.shape
        if self.training:
            mean, invstd = _stats_for_backward(input, axes, self.eps, self.mean, self.invstd)
        else:
            mean, invstd = _make(self.mean), _make(self.invstd)
        xhat = (input - mean) * invstd
        grad_input = grad_weight = grad_bias = None
        if self.needs(0):
            grad_xhat = grad * weight.reshape(shape) if weight is not None else grad
            grad_input = (_normalized_grad(grad_xhat, xhat, invstd, axes) if self.training
                          else grad_xhat * invstd)
        if self.needs(1):
            grad_weight = (grad * xhat).sum(axes)
        if self.needs(2):
            grad_bias = grad.sum(axes)
        return grad_input, grad_weight, grad_bias


class NativeLayerNormBackward0(Op):
    saved_names = ('input', 'weight')
    arity = 3

    def forward(self, input, weight, bias, normalized_ndim, eps):
        x = input._data
        self.axes = tuple(range(x.ndim - normalized_ndim, x.ndim))
        self.lead = tuple(range(x.ndim - normalized_ndim))
        self.eps = eps
        shape = x.shape[x.ndim - normalized_ndim:]
        width = int(np.prod(shape))
        w = None if weight is None else weight._data.reshape(width).astype(x.dtype, copy=False)
        b = None if bias is None else bias._data.reshape(width).astype(x.dtype, copy=False)
        y2, mean, invstd = _bn.layer_norm_forward(x.reshape(-1, width), w, b, eps)
        stats_shape = x.shape[:x.ndim - normalized_ndim] + (1,) * normalized_ndim
        self.mean, self.invstd = mean.reshape(stats_shape), invstd.reshape(stats_shape)
        self.save(input, weight)
        return y2.reshape(x.shape)

    def backward(self, grad):
        input, weight = self.saved()
        if plain_backward() and grad._data.dtype == input._data.dtype:
            x = input._data
            width = int(np.prod(x.shape[len(self.lead):]))
            w = None if weight is None else weight._data.reshape(width).astype(x.dtype,
                                                                             copy=False)
            gx2, grad_weight, grad_bias = _bn.layer_norm_backward(
                grad._data.reshape(-1, width), x.reshape(-1, width), w, self.mean.reshape(-1),
                self.invstd.reshape(-1), self.needs(0), self.needs(1), self.needs(2))
            shape = x.shape[len(self.lead):]
            return (None if gx2 is None else _make(gx2.reshape(x.shape)),
                    None if grad_weight is None else _make(grad_weight.reshape(shape)),
                    None if grad_bias is None else _make(grad_bias.reshape(shape)))
        mean, invstd = _stats_for_backward(input, self.axes, self.eps, self.mean, self.invstd)
        xhat = (input - mean) * invstd
        grad_input = grad_weight = grad_bias = None
        if self.needs(0):
            grad_xhat = grad * weight if weight is not None else grad
            grad_input = _normalized_grad(grad_xhat, xhat, invstd, self.axes)
        if self.needs(1):
            grad_weight = (grad * xhat).sum(self.lead) if self.lead else grad * xhat
        if self.needs(2):
            grad_bias = grad.sum(self.lead) if self.lead else grad
        return grad_input, grad_weight, grad_bias


class NativeGroupNormBackward0(Op):
    saved_names = ('input', 'weight')
    arity = 3

    def forward(self, input, weight, bias, num_groups, eps):
        x = input._data
        self.in_shape, self.eps = x.shape, eps
        self.grouped = (x.shape[0], num_groups, -1)
        self.shape = (1, x.shape[1]) + (1,) * (x.ndim - 2)
        self.channel_axes = (0,) + tuple(range(2, x.ndim))
        mean, invstd, centred, _ = _moments(x.reshape(self.grouped), (2,), eps)
        self.mean, self.invstd = mean, invstd
        self.save(input, weight)
        return _affine((centred * invstd).reshape(x.shape), weight, bias, self.shape)

    def backward(self, grad):
        input, weight = self.saved()
        grouped = input.reshape(self.grouped)
        mean, invstd = _stats_for_backward(grouped, (2,), self.eps, self.mean, self.invstd)
        xhat = (grouped - mean) * invstd
        grad_input = grad_weight = grad_bias = None
        if self.needs(0):
            grad_xhat = grad * weight.reshape(self.shape) if weight is not None else grad
            grad_input = _normalized_grad(grad_xhat.reshape(self.grouped), xhat, invstd,
                                          (2,)).reshape(self.in_shape)
        if self.needs(1):
            grad_weight = (grad * xhat.reshape(self.in_shape)).sum(self.channel_axes)
        if self.needs(2):
            grad_bias = grad.sum(self.channel_axes)
        return grad_input, grad_weight, grad_bias


# --------------------------------------------------------------------------- embedding

class EmbeddingBackward0(Op):
    def forward(self, weight, indices, padding_idx, scale_grad_by_freq):
        self.indices, self.num_weights = indices, weight._data.shape[0]
        self.padding_idx, self.scale_grad_by_freq = padding_idx, scale_grad_by_freq
        return np.take(weight._data, indices, axis=0)

    def backward(self, grad):
        return EmbeddingDenseBackward0.apply(grad, self.indices, self.num_weights,
                                             self.padding_idx, self.scale_grad_by_freq)


class EmbeddingDenseBackward0(Op):
    """Sum the gradient rows into their embedding rows; the padding row gets none."""

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
        rows = EmbeddingBackward0.apply(grad, self.indices, None, False)
        if self.scale is not None:
            rows = rows * _make(self.scale[..., None])
        if self.padding_idx is not None:
            rows = rows * _make(self.keep[..., None])
        return rows


class MishBackward0(Op):
    """``x * tanh(softplus(x))``."""

    saved_names = ('self',)

    def forward(self, a):
        self.save(a)
        x = _float_input(a)
        return x * np.tanh(np.log1p(np.exp(-np.abs(x))) + np.maximum(x, 0))

    def backward(self, grad):
        (a,) = self.saved()
        t = tanh(SoftplusBackward0.apply(a, 1, 20))
        return grad * (t + a * sigmoid_tensor(a) * (1 - t * t))


class HardswishBackward0(Op):
    saved_names = ('self',)

    def forward(self, a):
        self.save(a)
        x = _float_input(a)
        return x * np.clip(x + 3, 0, 6) / 6

    def backward(self, grad):
        (a,) = self.saved()
        x = a._data
        middle = _mask(a, (x > -3) & (x < 3))
        return grad * ((a.clamp(-3, 3) / 3 + 0.5) * middle + _mask(a, x >= 3))


class HardsigmoidBackward0(Op):
    saved_names = ('self',)

    def forward(self, a):
        self.save(a)
        return np.clip(_float_input(a) + 3, 0, 6) / 6

    def backward(self, grad):
        (a,) = self.saved()
        x = a._data
        return grad * _make(((x > -3) & (x < 3)).astype(x.dtype) / 6)
