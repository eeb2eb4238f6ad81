"""Loss ops with PyTorch's node names. ``reduction`` is 'none', 'mean' or 'sum'; weights are
constants (PyTorch does not differentiate them either)."""
import numpy as np

from .._tensor_base import _make
from ..autograd._running import should_compute_output
from ..autograd.grad_mode import no_grad
from . import glibc_logf, libm
from .activation_backward import NotImplementedGrad, zeros_of_input
from .arithmetic import DivBackward1
from .bce_backward import BinaryCrossEntropyBackwardBackward0
from .c_strides import c_strided
from .class_target_checks import check_multi_margin, check_nll
from .composite import FormulaGrad
from .elementwise import _sigmoid, sigmoid
from .elementwise_layout import empty_like_layout, first_operand_layout
from .half import FLOAT32, forward_in_float32, is_half
from .loss_grad_order import huber_grad, mse_grad, smooth_l1_grad
from .loss_weight_checks import check_loss_weight, check_with_logits
from .margin_sums import multi_margin_grad, multi_margin_rows, reduced_in_double
from .nll_sum import cascade_sum
from .nn import LogSigmoidBackward0, log_sigmoid_array
from .op import Op, operands, plain_backward, type_name
from .scalar_forms import AddBackward1, MulBackward1
from .sum_order import sum_all


def reduce_array(loss, reduction):
    if reduction == "none":
        return loss
    # np.add.reduce, not np.sum: NumPy's floating-point warnings (inf - inf) are then raised
    # here, where hookgrad's warnings filter covers them
    if loss.itemsize == 2 and is_half(loss):  # (float16 / bfloat16: summed in float32)
        # (a mean as PyTorch's: the float32 values summed in its order; a sum in NumPy's)
        total = sum_all(loss.astype(FLOAT32)) if reduction == "mean" and loss.size else \
            np.add.reduce(loss, None, FLOAT32)
        if reduction == "mean":
            total = total / loss.size if loss.size else np.float32(np.nan)
        return total.astype(loss.dtype)
    # (PyTorch reduces a loss with its sum / mean: float32 / float64 in its order)
    total = sum_all(loss) if loss.dtype.char in "fd" else np.add.reduce(loss, None)
    if reduction == "sum":
        return total
    # the mean of no losses: PyTorch's 0 / 0, a NaN with its sign bit set (x86's default NaN)
    return total / loss.size if loss.size else np.full((), -np.nan, loss.dtype)


def scaled_grad(grad, reduction, count):
    """The incoming gradient with a mean's ``1 / count`` applied (a 0-d one broadcasts)."""
    return grad / count if reduction == "mean" else grad


def _constant(t):
    return None if t is None else _make(t._data)


class NllLossBackwardBackward0(Op):
    """``nll_loss_backward(grad, input, ...)`` as a node of (grad, input), as PyTorch's: the
    gradient requires grad when the input does. It is linear in ``grad`` (its derivative is
    the loss of the incoming gradient) and constant in the input (zeros)."""

    arity = 2
    saved_names = ("target", "weight")

    def forward(self, grad, input, loss):
        self.loss_op, self.args = type(loss), loss.args
        self.save(*self.args[:2])  # (the target and weight, as PyTorch's node)
        return loss.input_grad(grad._data)

    def backward(self, grad_grad):
        self.saved()  # (unpacked as PyTorch's node does: a target modified since raises)
        return (self.loss_op.apply(grad_grad, *self.args) if self.needs(0) else None,
                zeros_of_input(self, 1) if self.needs(1) else None)


class NllLoss2DBackwardBackward0(NllLossBackwardBackward0):
    pass


class NllLossBackward0(Op):
    """Input ``(N, C, ...)`` or ``(C,)`` of log-probabilities, integer target without C."""

    grad_op = NllLossBackwardBackward0
    spatial = False  # (nll_loss2d's checks: a 4-d input)

    def forward(self, input, target, weight, reduction, ignore_index):
        # (as PyTorch's node; before its kernel's checks, as PyTorch's autograd layer saves,
        # and so packs, the inputs before the kernel runs)
        self.save(input, target, weight)
        check_nll(self.spatial, input, target, weight)
        if input._data.itemsize == 2 and is_half(input._data):  # (in float32)
            return forward_in_float32(self, NllLossBackward0._loss, input, target, weight,
                                      reduction, ignore_index)
        return self._loss(input, target, weight, reduction, ignore_index)

    def _loss(self, input, target, weight, reduction, ignore_index):
        self.args = (target, weight, reduction, ignore_index)
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
            losses = -picked * w  # (negated first: a NaN's sign flips, as PyTorch's)
            if not every_target_counts:  # an ignored target adds 0, whatever it would read
                losses = np.where(valid, losses, 0).astype(x.dtype, copy=False)
            total = np.add.reduce(w, axis=None)
            if weight is not None and reduction == "mean":  # (the kernel's own sum)
                counted = None if every_target_counts else np.flatnonzero(valid)
                weights = weight._data[safe].astype(x.dtype, copy=False).ravel()
                total = cascade_sum(weights if counted is None else weights[counted],
                                    counted, weights.size, False)
        self.in_shape, self.safe, self.w, self.reduction = input._data.shape, safe, w, reduction
        self.valid = None if every_target_counts else valid  # (ignored targets get nothing)
        self.total = total
        # PyTorch's forward takes a (C,) input with a (1,) target, its backward checks the
        # sizes as for a batch: it raises unless C is 1
        self.size_mismatch = input._data.ndim == 1 and t.size and target._data.ndim == 1 \
            and input._data.shape[0] != 1
        if reduction == "none" and input._data.ndim > 1:
            return losses.reshape(target._data.shape)
        # (a spatial loss sums its samples' positions in row-major order, as one batch)
        terms = (picked if weight is None else picked * weight._data[safe].astype(x.dtype)).ravel()
        if every_target_counts:
            summed = cascade_sum(terms, None, terms.size, True)
        else:
            counted = np.flatnonzero(valid)
            summed = cascade_sum(terms[counted], counted, terms.size, True)
        if reduction == "none":  # (one sample: PyTorch's summing path, 0 - x * w)
            return summed
        if reduction == "sum":
            return summed
        if total == 0:  # every target ignored or weighing 0: PyTorch's 0 / 0, sign bit set;
            # no target at all: PyTorch's NaN without sign bit (as signbit shows)
            return np.full((), -np.nan if t.size else np.nan, x.dtype)
        return summed / total

    def backward(self, grad):
        saved = self.saved()  # (unpacked as PyTorch's node does: raises once a pass freed them)
        if plain_backward():  # NumPy directly, no op overhead
            return _make(self.input_grad(grad._data))
        return self.grad_op.apply(grad, saved[0], self)

    def input_grad(self, g):
        """``nll_loss_backward``: the input's gradient from the loss's gradient ``g``."""
        if self.size_mismatch:
            raise RuntimeError(f"size mismatch (got input: {list(self.in_shape)}, target: "
                               f"{list(self.args[0]._data.shape)})")
        shape = self.in_shape if len(self.in_shape) > 1 else (1,) + self.in_shape
        g = g.reshape(self.safe.shape) if g.ndim else g
        if self.reduction == "mean" and self.total != 0:  # (PyTorch's -(g / total), then
            g = g / g.dtype.type(self.total)  # times the weight: each rounds in the dtype)
        values = -g if self.w is None else self.w * -g
        # zeros but at the targets (not a product with zeros: an infinite gradient would
        # make NaN everywhere), PyTorch's scatter
        per_target = np.broadcast_to(values, self.safe.shape).astype(g.dtype, copy=False)
        if self.valid is not None:
            per_target = np.where(self.valid, per_target, 0)
        out = np.zeros(shape, g.dtype)
        if len(shape) == 2:
            out[np.arange(shape[0]), self.safe] = per_target
        else:
            np.put_along_axis(out, self.safe[:, None], per_target[:, None], axis=1)
        return out.reshape(self.in_shape)


class NllLoss2DBackward0(NllLossBackward0):
    grad_op = NllLoss2DBackwardBackward0
    spatial = True


def _pair_grads(node, grad_op, grad, *params):
    """A two-input loss's gradients: ``grad_op(grad, input, target)`` for the input and
    ``grad_op(grad, target, input)`` (its negation) for the target, as PyTorch's formulas."""
    input, target = node.saved()
    if plain_backward():  # (the target's by the swapped formula, not a negation: 0, not -0)
        # (in C order: PyTorch writes the mse / smooth_l1 / huber gradients into
        # zeros_like(input, contiguous_format), whatever the operands' layouts)
        return (_c_strided(grad_op.formula(grad, input, target, *params)[0])
                if node.needs(0) else None,
                _c_strided(grad_op.formula(grad, target, input, *params)[0])
                if node.needs(1) else None)
    return (grad_op.apply(grad, input, target, *params) if node.needs(0) else None,
            grad_op.apply(grad, target, input, *params) if node.needs(1) else None)


def _c_strided(t):
    data = c_strided(t._data)
    return t if data is t._data else _make(data)


class MseLossBackwardBackward0(FormulaGrad):
    """``mse_loss_backward(grad, self, target)``: in ``self``'s dtype (PyTorch writes it into
    ``empty_like(self)``), differentiated by PyTorch's own double-backward formulas."""

    arity = 3
    formula = staticmethod(mse_grad)

    def forward(self, grad, input, target, reduction, count):
        out = super().forward(grad, input, target, reduction, count)
        return c_strided(out.astype(input._data.dtype, copy=False))  # (see _pair_grads)

    def backward(self, grad_grad):
        grad, input, target = self.saved()
        reduction, count = self.params
        grad_grad_out = grad_input = grad_target = None
        if self.needs(0):
            # (linear in the incoming gradient: the same function of grad_grad, summed to the
            # gradient's shape as C++'s sum_to: a full sum to 0-d)
            grad_grad_out = MseLossBackwardBackward0.apply(grad_grad, input, target, reduction,
                                                           count)
            shape = grad._data.shape
            if grad_grad_out._data.shape != shape:
                grad_grad_out = grad_grad_out.sum() if not shape else \
                    grad_grad_out.sum_to_size(shape)
        if self.needs(1) or self.needs(2):
            product = grad_grad * grad
            if self.needs(1):
                grad_input = _mse_double_backward(product, input, reduction)
            if self.needs(2):
                grad_target = -_mse_double_backward(product, target, reduction)
        return grad_grad_out, grad_input, grad_target


def _mse_double_backward(grad, input, reduction):
    """PyTorch's ``mse_loss_double_backward``: ``2 * grad``, divided by the count for a
    mean (``div_`` by a number: DivBackward1)."""
    twice = MulBackward1.apply(grad, 2)
    return DivBackward1.apply(twice, input._data.size) if reduction == "mean" else twice


class MseLossBackward0(Op):
    saved_names = ('self', 'target')
    arity = 2

    def forward(self, input, target, reduction):
        x, y = operands(input, target)
        self.reduction, self.count = reduction, x.size
        self.save(input, target)
        diff = first_operand_layout(x - y, x, y)  # (a NumPy scalar for 0-d operands)
        return reduce_array(np.multiply(diff, diff, out=diff) if diff.ndim else diff * diff,
                            reduction)

    def backward(self, grad):
        return _pair_grads(self, MseLossBackwardBackward0, grad, self.reduction, self.count)


def _smooth_l1_double_backward(grad, input, target, reduction, beta):
    """PyTorch's ``smooth_l1_loss_double_backward``: ``grad * (|d| < beta) / beta`` (strictly
    inside: at ``|d| == beta`` the second derivative is 0; an infinite ``grad`` there is NaN),
    zeros for ``beta == 0``."""
    if beta == 0:
        return _make(np.zeros(grad._data.shape, grad._data.dtype))
    inside = ((input - target).abs() < beta).type_as(grad)
    result = DivBackward1.apply(grad * inside, beta)
    return DivBackward1.apply(result, input._data.size) if reduction == "mean" else result


def _huber_double_backward(grad, input, target, reduction, delta):
    """PyTorch's ``huber_loss_double_backward``: ``grad * (|d| < delta)``."""
    result = grad * ((input - target).abs() < delta)
    return DivBackward1.apply(result, input._data.size) if reduction == "mean" else result


class SmoothL1LossBackwardBackward0(FormulaGrad):
    """Differentiated as PyTorch's derivatives: the formula's own for ``grad_output`` (it is
    linear in it), ``double_backward(grad * grad_output)`` for ``self`` and ``target``."""

    arity = 3
    formula = staticmethod(smooth_l1_grad)
    double_backward = staticmethod(_smooth_l1_double_backward)

    def forward(self, grad, input, target, reduction, count, beta):
        # (in ``self``'s dtype, as PyTorch writes it into a tensor like ``self``: no cast of
        # the gradient follows for an input and target of two dtypes)
        out = super().forward(grad, input, target, reduction, count, beta)
        return c_strided(out.astype(input._data.dtype, copy=False))  # (see _pair_grads)

    @classmethod
    def grad_output_grad(cls, grad_grad, grad, input, target, reduction, count, beta):
        """The formula of ``grad_grad`` (it is linear in the incoming gradient)."""
        return cls.of(grad_grad, input, target, reduction, count, beta)

    def backward(self, grad_grad):
        grad, input, target = self.saved()
        reduction, count, beta = self.params
        grad_grad_out = self.grad_output_grad(grad_grad, grad, input, target, reduction, count,
                                              beta) if self.needs(0) else None
        grad_input = grad_target = None
        if self.needs(1) or self.needs(2):
            twice = self.double_backward(grad_grad * grad, input, target, reduction, beta)
            grad_input = twice if self.needs(1) else None
            grad_target = -twice if self.needs(2) else None
        return grad_grad_out, grad_input, grad_target


class HuberLossBackwardBackward0(SmoothL1LossBackwardBackward0):
    formula = staticmethod(huber_grad)
    double_backward = staticmethod(_huber_double_backward)

    @classmethod
    def grad_output_grad(cls, grad_grad, grad, input, target, reduction, count, delta):
        """PyTorch's huber_loss_double_backward_grad_output: the formula of ``grad_grad``
        unreduced, else of ones, times ``grad_grad``, summed."""
        if reduction == "none":
            return cls.of(grad_grad, input, target, reduction, count, delta)
        ones = _make(np.ones(grad._data.shape, grad._data.dtype))
        return (cls.of(ones, input, target, reduction, count, delta) * grad_grad).sum()


class SmoothL1LossBackward0(Op):
    """Quadratic below ``beta``, linear above (``beta`` > 0; beta == 0 is plain L1)."""

    saved_names = ('self', 'target')
    arity = 2

    def forward(self, input, target, reduction, beta):
        if input._data.itemsize == 2 and is_half(input._data):  # (in float32)
            return forward_in_float32(self, SmoothL1LossBackward0.forward, input, target,
                                      reduction, beta)
        x, y = operands(input, target)
        self.reduction, self.count, self.beta = reduction, x.size, beta
        self.save(input, target)
        z = np.abs(first_operand_layout(x - y, x, y))
        loss = np.where(z < beta, z * z * (0.5 / beta), z - 0.5 * beta)
        if reduction == "none":  # (NumPy's where moves a dim of size 1: the iterator's layout)
            loss = first_operand_layout(loss, x, y)
        return reduce_array(loss, reduction)

    grad_op = SmoothL1LossBackwardBackward0

    def backward(self, grad):
        return _pair_grads(self, self.grad_op, grad, self.reduction, self.count, self.beta)


class HuberLossBackward0(SmoothL1LossBackward0):
    """``delta * smooth_l1(beta=delta)``."""

    def forward(self, input, target, reduction, delta):
        if input._data.itemsize == 2 and is_half(input._data):  # (in float32)
            return forward_in_float32(self, HuberLossBackward0.forward, input, target, reduction,
                                      delta)
        x, y = operands(input, target)
        self.reduction, self.count, self.beta = reduction, x.size, delta
        self.save(input, target)
        z = np.abs(first_operand_layout(x - y, x, y))
        # (PyTorch writes the elementwise loss into a tensor of the input's dtype, then reduces)
        loss = np.where(z < delta, z * z * 0.5, (z - 0.5 * delta) * delta)
        if reduction == "none":  # (PyTorch's output: empty_like(input), which is contiguous
            loss = empty_like_layout(loss, x)  # for a broadcast input)
        return reduce_array(loss.astype(input._data.dtype, copy=False), reduction)

    grad_op = HuberLossBackwardBackward0

    def backward(self, grad):
        input, target = self.saved()
        if input._data.dtype != target._data.dtype:  # (its backward kernel does not promote:
            # the input's gradient first, the target's by the same kernel, operands swapped)
            _backward_dtype_error(*((target, input) if should_compute_output(self, 0)
                                    else (input, target)))
        return super().backward(grad)


def _backward_dtype_error(found, expected):
    """PyTorch's error from a loss's backward kernel given input and target of two dtypes."""
    raise RuntimeError(f"Found dtype {type_name(found._data)} but expected "
                       f"{type_name(expected._data)}")


def _clamped_log(x):
    with np.errstate(divide="ignore"):
        return np.maximum(glibc_logf.c_log(x), -100)


def _clamped_log1p(x):
    with np.errstate(divide="ignore"):
        return np.maximum(libm.log1p(x), -100)  # (C's log1p / log1pf)


def _check_probabilities(x, t):
    """PyTorch's kernel checks each element's input, then its target, in [0, 1] (NaN fails):
    the first element where either is outside names which."""
    bad_input, bad_target = ~((x >= 0) & (x <= 1)), ~((t >= 0) & (t <= 1))
    if not (bad_input.any() or bad_target.any()):
        return
    bad_input, bad_target = np.broadcast_arrays(bad_input, bad_target)
    first = np.flatnonzero(bad_input | bad_target)[0]
    which = "input" if bad_input.reshape(-1)[first] else "target"
    raise RuntimeError(f"all elements of {which} should be between 0 and 1")


class BinaryCrossEntropyBackward0(Op):
    # (the weight is saved too, as PyTorch's node: an in-place write on it fails backward's
    # version check; the backward formulas use the constant ``self.weight``)
    saved_names = ('self', 'target', 'weight')
    arity = 2

    def forward(self, input, target, weight, reduction):
        self.save(input, target, weight)  # (before the kernel's checks, as PyTorch's: see mm's)
        if input._data.dtype != target._data.dtype:  # (its kernel's first check)
            _backward_dtype_error(target, input)
        if input._data.itemsize == 2 and is_half(input._data):  # (in float32)
            return forward_in_float32(self, BinaryCrossEntropyBackward0._loss, input, target,
                                      weight, reduction)
        return self._loss(input, target, weight, reduction)

    def _loss(self, input, target, weight, reduction):
        x, t = operands(input, target)
        _check_probabilities(x, t)
        if weight is not None and weight._data.shape != x.shape:
            check_loss_weight(input, weight)
        self.weight, self.reduction, self.count = _constant(weight), reduction, x.size
        # (PyTorch's element loop: C's log1p(-x) and log(x), each clamped at -100)
        loss = (t - 1) * _clamped_log1p(-x) - t * _clamped_log(x)
        if weight is not None:
            loss = loss * weight._data
        return reduce_array(first_operand_layout(loss, x, t), reduction)  # (the input's layout)

    def backward(self, grad):
        input, target, _ = self.saved()
        if input._data.dtype != target._data.dtype:
            _backward_dtype_error(target, input)
        grad_input = grad_target = None
        if self.needs(0):
            grad_input = BinaryCrossEntropyBackwardBackward0.of(grad, input, target, self.weight,
                                                                self.reduction, self.count)
        if self.needs(1):  # PyTorch's binary_cross_entropy_target_backward (unclamped), in
            # place as its (under create_graph, mul_ saves a clone when grad requires grad)
            grad_target = input.logit().neg_()
            grad_target.mul_(grad)
            if self.weight is not None:
                grad_target.mul_(self.weight)
            if self.reduction == "mean":  # (C++'s div_ by a number: DivBackward1)
                grad_target = DivBackward1.apply(grad_target, self.count)
        return grad_input, grad_target


def _times(a, b):
    """``a * b``, into ``a`` (a fresh array) where the product has its shape and dtype."""
    if (isinstance(a, np.ndarray) and np.result_type(a, b) == a.dtype
            and np.broadcast_shapes(a.shape, np.shape(b)) == a.shape):
        return np.multiply(a, b, out=a)
    return np.asarray(a * b)


class BinaryCrossEntropyWithLogitsBackward0(Op):
    """``(1 - t) x - (1 + (pos_weight - 1) t) log_sigmoid(x)``, weighted; stable for any x."""

    # (weights: for the version check; PyTorch's order: its nodes save by name)
    saved_names = ('pos_weight', 'self', 'target', 'weight')
    arity = 2

    def forward(self, input, target, weight, pos_weight, reduction):
        self.save(pos_weight, input, target, weight)  # (before the kernel's checks: see mm's)
        if weight is not None or pos_weight is not None:
            check_with_logits(input, target, weight, pos_weight)
        if input._data.itemsize == 2 and is_half(input._data):  # (in float32)
            return forward_in_float32(self, BinaryCrossEntropyWithLogitsBackward0._loss, input,
                                      target, weight, pos_weight, reduction)
        return self._loss(input, target, weight, pos_weight, reduction)

    def _loss(self, input, target, weight, pos_weight, reduction):
        x, t = operands(input, target)
        self.weight, self.pos_weight = _constant(weight), _constant(pos_weight)
        self.reduction, self.count = reduction, x.size
        # PyTorch's ``(1 - target).mul_(input).sub_(log_sigmoid(input))``, the log-sigmoid
        # first scaled in place by ``(pos_weight - 1).mul(target).add_(1)``
        log_sigmoid = log_sigmoid_array(x)
        if pos_weight is not None:
            log_sigmoid = log_sigmoid * ((pos_weight._data - 1) * t + 1)
        loss = (1 - t) * x - log_sigmoid
        nan = np.isnan(log_sigmoid)
        if nan.any():  # (sub_ is add's fused ``a + -1 * b``: for two NaNs, the log-sigmoid's)
            loss = np.where(nan, log_sigmoid, loss).astype(loss.dtype, copy=False)
        if weight is not None:
            loss = loss * weight._data
        # (PyTorch's ``(1 - target).mul_(input)...``: the target's layout)
        return reduce_array(first_operand_layout(loss, t), reduction)

    def backward(self, grad):
        input, target = self.saved()[1:3]
        if input._data.dtype != target._data.dtype:
            _backward_dtype_error(target, input)
        if not plain_backward():
            return self._recorded_backward(grad, input, target)
        # (the recorded formulas' order, on arrays: each step rounds as PyTorch's)
        pos_weight, g, t = self.pos_weight, grad._data, target._data
        grad_input = grad_target = None
        if self.needs(0):
            s = _sigmoid(input._data)  # (torch.sigmoid's values, as the recorded path's)
            if pos_weight is None:
                slope = s - t
            else:
                scaled_target = pos_weight._data * t
                slope = (scaled_target + 1 - t) * s - scaled_target
            grad_input = self._finish_array(_times(slope, g))
        if self.needs(1):
            if pos_weight is None:
                slope = -input._data
            else:
                slope = (LogSigmoidBackward0.apply(-input) - LogSigmoidBackward0.apply(input)
                         * pos_weight)._data
            grad_target = self._finish_array(_times(slope, g))
        return grad_input, grad_target

    def _finish_array(self, grad):
        if self.weight is not None:
            grad = _times(grad, self.weight._data)
        if self.reduction == "mean":
            grad = np.asarray(grad / grad.dtype.type(self.count))
        return _make(grad)

    def _recorded_backward(self, grad, input, target):
        """PyTorch's formulas op by op (its nodes under create_graph): the slope, times the
        gradient, times the weight, then divided in place (``DivBackward1``) for a mean."""
        pos_weight = self.pos_weight
        grad_input = grad_target = None
        if self.needs(0):
            if pos_weight is None:
                grad_input = sigmoid(input) - target
            else:
                t = pos_weight * target
                grad_input = (AddBackward1.apply(t, 1) - target) * sigmoid(input) - t
            grad_input = self._finish(grad_input * grad)
        if self.needs(1):
            if pos_weight is None:
                grad_target = self._finish(-input * grad)
            else:
                # (in place, as PyTorch's: mul_ by a gradient that requires grad saves a clone)
                grad_target = LogSigmoidBackward0.apply(-input).sub_(
                    LogSigmoidBackward0.apply(input).mul_(pos_weight))
                grad_target = self._finish(grad_target.mul_(grad))
        return grad_input, grad_target

    def _finish(self, grad):
        if self.weight is not None:
            grad = grad * self.weight
        return DivBackward1.apply(grad, self.count) if self.reduction == "mean" else grad


class MultiMarginLossBackward0(Op):
    """``sum_{i != y} max(0, margin - x[y] + x[i]) ** p * weight[y] / C`` per row."""

    # (the target and weight are saved too, as PyTorch's node saves them: an in-place write on
    # one fails backward's version check; the formulas use the arrays read in forward)
    saved_names = ('self', 'target', 'weight')

    def forward(self, input, target, p, margin, weight, reduction):
        self.save(input, target, weight)  # (before the kernel's checks, as PyTorch's)
        check_multi_margin(input, target, weight)
        if input._data.itemsize == 2 and is_half(input._data):  # (in float32)
            return forward_in_float32(self, MultiMarginLossBackward0._loss, input, target, p,
                                      margin, weight, reduction)
        return self._loss(input, target, p, margin, weight, reduction)

    def _loss(self, input, target, p, margin, weight, reduction):
        x = input._data
        x2 = x if x.ndim == 2 else x[None]
        t = target._data.reshape(-1)
        self.params = (p, margin, reduction)
        self.target, self.weight = t, weight
        losses = multi_margin_rows(x2, t, p, margin, None if weight is None else weight._data)
        if reduction == "none" and target._data.ndim:  # (a 1-d input's: one loss per target)
            return losses
        return reduced_in_double(losses, reduction)

    def backward(self, grad):
        input, _, _ = self.saved()
        if plain_backward():
            return self.input_grad(grad, input)
        # PyTorch has no derivative of multi_margin_loss_backward: the gradient requires grad
        # and differentiating it raises
        with no_grad():
            value = self.input_grad(grad, input)
        return NotImplementedGrad.of("multi_margin_loss_backward", value._data, (grad, input))

    def input_grad(self, grad, input):
        p, margin, reduction = self.params
        x = input._data
        weight = None if self.weight is None else self.weight._data
        out = multi_margin_grad(x if x.ndim == 2 else x[None], self.target, p, margin, weight,
                                reduction, grad._data)
        return _make(out.reshape(x.shape))
