"""Loss ops with PyTorch's node names. ``reduction`` is 'none', 'mean' or 'sum'; weights are
constants (PyTorch does not differentiate them either)."""
import numpy as np

from .._tensor_base import _make
from .nn import LogSigmoidBackward0, sigmoid_tensor
from .op import Op, operands, plain_backward


def reduce_array(loss, reduction):
    if reduction == "none":
        return loss
    if reduction == "sum":
        return np.sum(loss)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.sum(loss) / loss.size if loss.size else np.full((), np.nan, loss.dtype)


def scaled_grad(grad, reduction, count):
    """The incoming gradient with a mean's ``1 / count`` applied (a 0-d one broadcasts)."""
    return grad / count if reduction == "mean" else grad


def _constant(t):
    return None if t is None else _make(t._data)


class NllLossBackward0(Op):
    """Input ``(N, C, ...)`` or ``(C,)`` of log-probabilities, integer target without C."""

    def forward(self, input, target, weight, reduction, ignore_index):
        x = input._data
        t = target._data
        if x.ndim == 1:
            x, t = x[None], t.reshape(1)
        valid = t != ignore_index
        every_target_counts = bool(valid.all())
        # ignored targets read class 0
        safe = (t if every_target_counts else t * valid).astype(np.int64, copy=False)
        if safe.size and (safe.min() < 0 or safe.max() >= x.shape[1]):
            bad = (safe < 0) | (safe >= x.shape[1])
            raise IndexError(f"Target {int(safe[bad][0])} is out of bounds.")
        if x.ndim == 2:  # (N, C): plain fancy indexing is the fast way
            picked = x[np.arange(x.shape[0]), safe]
        else:
            picked = np.take_along_axis(x, safe[:, None], axis=1)[:, 0]
        if weight is None and every_target_counts:  # the common case: every weight is 1
            w, losses, total = None, -picked, safe.size
        else:
            w = valid.astype(x.dtype)
            if weight is not None:
                w *= weight._data[safe]
            losses = picked * -w
            total = np.add.reduce(w, axis=None)
        self.in_shape, self.safe, self.w, self.reduction = input._data.shape, safe, w, reduction
        self.total = total
        if reduction == "none":
            return losses.reshape(target._data.shape)
        if reduction == "sum":
            return np.add.reduce(losses, axis=None)
        if total == 0:  # every target ignored (or none given): PyTorch's 0 / 0
            return np.full((), np.nan, x.dtype)
        return np.add.reduce(losses, axis=None) / total

    def backward(self, grad):
        shape = self.in_shape if len(self.in_shape) > 1 else (1,) + self.in_shape
        mean = self.reduction == "mean" and self.total != 0
        if self.w is None:  # every weight is 1
            values = -1 / self.total if mean else -1
        else:
            values = -self.w / self.total if mean else -self.w
        coefficients = np.zeros(shape, grad._data.dtype)
        if len(shape) == 2:
            coefficients[np.arange(shape[0]), self.safe] = values
        else:
            values = np.broadcast_to(values, self.safe.shape)
            np.put_along_axis(coefficients, self.safe[:, None], values[:, None], axis=1)
        coefficients = coefficients.reshape(self.in_shape)
        unsqueeze = self.reduction == "none" and len(self.in_shape) > 1
        if plain_backward():  # NumPy directly, no op overhead
            g = grad._data
            return _make(np.asarray((g[:, None] if unsqueeze else g) * coefficients))
        return (grad.unsqueeze(1) if unsqueeze else grad) * _make(coefficients)


class NllLoss2DBackward0(NllLossBackward0):
    pass


class MseLossBackward0(Op):
    saved_names = ('self', 'target')
    arity = 2

    def forward(self, input, target, reduction):
        x, y = operands(input, target)
        self.reduction, self.count = reduction, x.size
        self.save(input, target)
        diff = x - y
        return reduce_array(np.multiply(diff, diff, out=diff), reduction)

    def backward(self, grad):
        input, target = self.saved()
        grad_input = (input - target) * (scaled_grad(grad, self.reduction, self.count) * 2)
        return (grad_input if self.needs(0) else None,
                -grad_input if self.needs(1) else None)


class SmoothL1LossBackward0(Op):
    """Quadratic below ``beta``, linear above (``beta`` > 0; beta == 0 is plain L1)."""

    saved_names = ('self', 'target')
    arity = 2

    def forward(self, input, target, reduction, beta):
        x, y = operands(input, target)
        self.reduction, self.count, self.beta = reduction, x.size, beta
        self.save(input, target)
        z = np.abs(x - y)
        return reduce_array(np.where(z < beta, z * z * (0.5 / beta), z - 0.5 * beta), reduction)

    def slope(self, diff):
        return (diff / self.beta).clamp(-1, 1)

    def backward(self, grad):
        input, target = self.saved()
        grad_input = self.slope(input - target) * scaled_grad(grad, self.reduction, self.count)
        return (grad_input if self.needs(0) else None,
                -grad_input if self.needs(1) else None)


class HuberLossBackward0(SmoothL1LossBackward0):
    """``delta * smooth_l1(beta=delta)``."""

    def forward(self, input, target, reduction, delta):
        x, y = operands(input, target)
        self.reduction, self.count, self.beta = reduction, x.size, delta
        self.save(input, target)
        z = np.abs(x - y)
        return reduce_array(np.where(z < delta, z * z * 0.5, (z - 0.5 * delta) * delta),
                            reduction)

    def slope(self, diff):
        return diff.clamp(-self.beta, self.beta)


def _clamped_log(x):
    with np.errstate(divide="ignore"):
        return np.maximum(np.log(x), -100)


class BinaryCrossEntropyBackward0(Op):
    saved_names = ('self', 'target')
    arity = 2

    def forward(self, input, target, weight, reduction):
        x, t = operands(input, target)
        if not ((x >= 0) & (x <= 1)).all():
            raise RuntimeError("all elements of input should be between 0 and 1")
        self.weight, self.reduction, self.count = _constant(weight), reduction, x.size
        self.save(input, target)
        loss = (t - 1) * _clamped_log(1 - x) - t * _clamped_log(x)
        if weight is not None:
            loss = loss * weight._data
        return reduce_array(loss, reduction)

    def backward(self, grad):
        input, target = self.saved()
        grad = scaled_grad(grad, self.reduction, self.count)
        if self.weight is not None:
            grad = grad * self.weight
        grad_input = grad_target = None
        if self.needs(0):
            grad_input = grad * (input - target) / ((1 - input) * input).clamp(min=1e-12)
        if self.needs(1):
            grad_target = grad * ((1 - input).log() - input.log())  # unclamped, as in PyTorch
        return grad_input, grad_target


class BinaryCrossEntropyWithLogitsBackward0(Op):
    """``(1 - t) x + (1 + (pos_weight - 1) t) softplus(-x)``, weighted; stable for any x."""

    saved_names = ('self', 'target')
    arity = 2

    def forward(self, input, target, weight, pos_weight, reduction):
        x, t = operands(input, target)
        self.weight, self.pos_weight = _constant(weight), _constant(pos_weight)
        self.reduction, self.count = reduction, x.size
        self.save(input, target)
        softplus_neg = np.log1p(np.exp(-np.abs(x))) + np.maximum(-x, 0)
        if pos_weight is not None:
            softplus_neg = softplus_neg * (1 + (pos_weight._data - 1) * t)
        loss = (1 - t) * x + softplus_neg
        if weight is not None:
            loss = loss * weight._data
        return reduce_array(loss, reduction)

    def backward(self, grad):
        input, target = self.saved()
        grad = scaled_grad(grad, self.reduction, self.count)
        if self.weight is not None:
            grad = grad * self.weight
        pos_weight = self.pos_weight
        grad_input = grad_target = None
        if self.needs(0):
            s = sigmoid_tensor(input)
            if pos_weight is None:
                grad_input = grad * (s - target)
            else:
                grad_input = grad * (s * (1 + (pos_weight - 1) * target) - pos_weight * target)
        if self.needs(1):
            if pos_weight is None:
                grad_target = grad * -input
            else:
                log_sigmoid = LogSigmoidBackward0.apply(input)
                grad_target = grad * ((1 - pos_weight) * log_sigmoid - input)
        return grad_input, grad_target


class SoftMarginLossBackward0(Op):
    """``log(1 + exp(-target * input))``."""

    saved_names = ('self', 'target')
    arity = 2

    def forward(self, input, target, reduction):
        x, y = operands(input, target)
        self.reduction, self.count = reduction, x.size
        self.save(input, target)
        z = -x * y
        return reduce_array(np.log1p(np.exp(-np.abs(z))) + np.maximum(z, 0), reduction)

    def backward(self, grad):
        input, target = self.saved()
        weight = scaled_grad(grad, self.reduction, self.count) * sigmoid_tensor(-input * target)
        return (-target * weight if self.needs(0) else None,
                -input * weight if self.needs(1) else None)


class MultiMarginLossBackward0(Op):
    """``sum_{i != y} max(0, margin - x[y] + x[i]) ** p * weight[y] / C`` per row."""

    def forward(self, input, target, p, margin, weight, reduction):
        x = input._data
        x2 = x if x.ndim == 2 else x[None]
        t = target._data.reshape(-1)
        self.params = (p, margin, reduction)
        self.target, self.weight = t, weight
        self.save(input)
        classes = x2.shape[1]
        picked = np.take_along_axis(x2, t[:, None], axis=1)
        z = np.maximum(margin - picked + x2, 0)
        np.put_along_axis(z, t[:, None], 0, axis=1)
        if p == 2:
            z = z * z
        losses = z.sum(1) / classes
        if weight is not None:
            losses = losses * weight._data[t]
        return reduce_array(losses if x.ndim == 2 else losses.reshape(()), reduction)

    def backward(self, grad):
        (input,) = self.saved()
        p, margin, reduction = self.params
        x = input if input._data.ndim == 2 else input.unsqueeze(0)
        rows, classes = x._data.shape
        one_hot = _make(np.eye(classes, dtype=x._data.dtype)[self.target])
        picked = (x * one_hot).sum(1, keepdim=True)
        z = x - picked + margin
        active = _make(((z._data > 0) & (one_hot._data == 0)).astype(x._data.dtype))
        slope = active * (z * 2 if p == 2 else 1) / classes
        if self.weight is not None:
            slope = slope * _make(self.weight._data[self.target].reshape(-1, 1))
        grad = scaled_grad(grad, reduction, rows)
        if reduction == "none" and input._data.ndim == 2:
            grad = grad.unsqueeze(1)
        slope = slope * grad
        grad_x = slope - one_hot * slope.sum(1, keepdim=True)
        return grad_x if input._data.ndim == 2 else grad_x.squeeze(0)
