"""Loss functions: PyTorch's reductions, legacy ``size_average``/``reduce`` and checks."""
import math
import warnings

import numpy as np

from ... import _dtype
from ..._broadcast_functions import broadcast_shapes
from ..._ops import selection as _selection
from ..._ops.arithmetic import AddBackward1, DivBackward1, MulBackward1, SubBackward0, SubBackward1
from ..._ops.loss import (
    BinaryCrossEntropyBackward0,
    BinaryCrossEntropyWithLogitsBackward0,
    HuberLossBackward0,
    MseLossBackward0,
    MultiMarginLossBackward0,
    NllLoss2DBackward0,
    NllLossBackward0,
    SmoothL1LossBackward0,
)
from ..._ops.multilabel_loss import MultilabelMarginLossBackward0
from ..._ops.op import type_name
from ..._ops.packed_on_error import checked
from ..._ops.soft_margin_loss import SoftMarginLossBackward0
from ..._ops.special import xlogy
from ..._tensor_base import _make
from ...autograd.grad_mode import is_grad_enabled
from .activation import log_softmax, logsigmoid
from .distance import pairwise_distance
from .utils import _broadcast_pair, _shape, _type_name

_REDUCTIONS = ("none", "mean", "sum")


def _reduction(size_average, reduce, reduction):
    if size_average is not None or reduce is not None:
        size_average = True if size_average is None else size_average
        reduce = True if reduce is None else reduce
        reduction = "mean" if size_average and reduce else "sum" if reduce else "none"
        warnings.warn("size_average and reduce args will be deprecated, please use "
                      f"reduction='{reduction}' instead.", UserWarning, stacklevel=3)
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    return reduction


def _warn_target_size(input, target):
    if input._data.shape != target._data.shape:
        warnings.warn(f"Using a target size ({target.shape}) that is different to the input size "
                      f"({input.shape}). This will likely lead to incorrect results due to "
                      "broadcasting. Please ensure they have the same size.", UserWarning,
                      stacklevel=3)


def _apply_reduction(loss, reduction):
    if reduction == "none":
        return loss
    return loss.sum() if reduction == "sum" else loss.mean()


def _weighted(loss, weight, reduction):
    if weight._data.shape != loss._data.shape:
        raise ValueError("Weights and input must have the same size.")
    loss = loss * weight
    if reduction == "mean":
        return loss.sum() / weight.sum()
    return _apply_reduction(loss, reduction)


def _floating_kernel(kernel, input, target, into_input=False):
    """PyTorch's refusals of these losses' kernels, which have no integer versions: two
    integer (or bool) operands; with ``into_input`` (huber, whose result is allocated in the
    input's dtype), an integer input whatever the target."""
    x, y = input._data, target._data
    if x.dtype.kind not in "biu":
        return
    if y.dtype.kind in "biu":
        raise NotImplementedError(f'"{kernel}" not implemented for '
                                  f"'{type_name(np.empty(0, np.result_type(x, y)))}'")
    if into_input:
        raise RuntimeError(f"result type {type_name(y)} can't be cast to the desired output "
                           f"type {type_name(x)}")


def mse_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    _warn_target_size(input, target)
    reduction = _reduction(size_average, reduce, reduction)
    _floating_kernel("mse_cpu", input, target)
    input, target = _broadcast_pair(input, target)
    if weight is not None:
        diff = input - target
        return _weighted(diff * diff, weight, reduction)
    return MseLossBackward0.apply(input, target, reduction)


def l1_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    _warn_target_size(input, target)
    reduction = _reduction(size_average, reduce, reduction)
    input, target = _broadcast_pair(input, target)
    loss = (input - target).abs()
    if weight is not None:
        return _weighted(loss, weight, reduction)
    return _apply_reduction(loss, reduction)


def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction="mean", beta=1.0):
    _warn_target_size(input, target)
    reduction = _reduction(size_average, reduce, reduction)
    if beta < 0:
        raise RuntimeError("smooth_l1_loss does not support negative values for beta.")
    if beta == 0:
        return l1_loss(input, target, reduction=reduction)
    _floating_kernel("smooth_l1_cpu", input, target)
    input, target = _broadcast_pair(input, target)
    return SmoothL1LossBackward0.apply(input, target, reduction, beta)


def huber_loss(input, target, reduction="mean", delta=1.0, weight=None):
    _warn_target_size(input, target)
    reduction = _reduction(None, None, reduction)
    if delta <= 0:
        raise RuntimeError("huber_loss does not support non-positive values for delta.")
    _floating_kernel("huber_cpu", input, target, into_input=True)
    input, target = _broadcast_pair(input, target)
    if weight is None:
        return HuberLossBackward0.apply(input, target, reduction, delta)
    loss = HuberLossBackward0.apply(input, target, "none", delta) * weight
    return _apply_reduction(loss, reduction)


def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None,
                         reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    if target._data.shape != input._data.shape:
        raise ValueError(f"Using a target size ({target.shape}) that is different to the input "
                         f"size ({input.shape}) is deprecated. Please ensure they have the same "
                         "size.")
    if weight is not None:
        # (F.binary_cross_entropy's own broadcast, a view even of a weight of the same shape:
        # the node saves that view; the op checks the weight against the input's shape after
        # saving it: loss_weight_checks.py)
        weight = weight.expand(broadcast_shapes(target.shape, weight.shape))
    if weight is not None and weight._requires_grad and is_grad_enabled():
        raise RuntimeError("The function 'binary_cross_entropy' is not differentiable with "
                           "respect to argument 'weight'. This input cannot have requires_grad "
                           "True.")
    return BinaryCrossEntropyBackward0.apply(input, target, weight, reduction)


def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None,
                                     reduction="mean", pos_weight=None):
    reduction = _reduction(size_average, reduce, reduction)
    if target._data.shape != input._data.shape:
        raise ValueError(f"Target size ({target.shape}) must be the same as input size "
                         f"({input.shape})")
    # (the op checks the weights after saving them: loss_weight_checks.py)
    _refuse_grad("binary_cross_entropy_with_logits", "weight", weight)
    _refuse_grad("binary_cross_entropy_with_logits", "pos_weight", pos_weight)
    return BinaryCrossEntropyWithLogitsBackward0.apply(input, target, weight, pos_weight,
                                                       reduction)


def _refuse_grad(function, argument, tensor):
    """PyTorch's error for a tensor requiring grad (with grad mode on) given to an argument its
    op has no derivative for (a class weight: it would silently get no gradient)."""
    if tensor is not None and tensor.requires_grad and is_grad_enabled():
        raise RuntimeError(f"The function '{function}' is not differentiable with respect to "
                           f"argument '{argument}'. This input cannot have requires_grad True.")


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
             reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    shape, target_shape = input._data.shape, target._data.shape
    ndim = len(shape)
    if ndim < 1:
        raise ValueError(f"Expected 1 or more dimensions (got {ndim})")
    if ndim != 1 and target_shape and shape[0] != target_shape[0]:
        raise ValueError(f"Expected input batch_size ({shape[0]}) to match target batch_size "
                         f"({target_shape[0]}).")
    # (nll_loss, or nll_loss2d for the spatial forms: checked before their kernels' checks,
    # which the ops run after saving their inputs: nll_checks.py)
    _refuse_grad("nll_loss_forward" if ndim <= 2 else "nll_loss2d_forward", "weight", weight)
    if ndim <= 2:
        return NllLossBackward0.apply(input, target, weight, reduction, ignore_index)
    if ndim == 4:
        return NllLoss2DBackward0.apply(input, target, weight, reduction, ignore_index)
    expected = (shape[0],) + shape[2:]
    if target_shape != expected:
        raise RuntimeError(f"Expected target size {list(expected)}, got {list(target_shape)}")
    positions = int(np.prod(shape[2:]))  # (not -1: with an empty batch it is undetermined)
    folded = input.reshape(shape[0], shape[1], 1, positions)
    out = NllLoss2DBackward0.apply(folded, target.reshape(shape[0], 1, positions), weight,
                                   reduction, ignore_index)
    return out.view(expected) if reduction == "none" else out


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
                  reduction="mean", label_smoothing=0.0):
    reduction = _reduction(size_average, reduce, reduction)
    if not 0.0 <= label_smoothing <= 1.0:
        raise RuntimeError(f"label_smoothing must be between 0.0 and 1.0. Got: {label_smoothing}")
    class_dim = 0 if input._data.ndim == 1 else 1
    classes = input._data.shape[class_dim]
    log_p = log_softmax(input, class_dim)
    weight_view = None
    if weight is not None:
        view_shape = [1] * input._data.ndim
        view_shape[class_dim] = classes
        weight_view = weight.view(view_shape)
    if target._data.dtype.kind in "fV" and target._data.shape == input._data.shape:
        if ignore_index >= 0:
            raise RuntimeError("ignore_index is not supported for floating point target")
        if label_smoothing > 0:
            target = target * (1 - label_smoothing) + label_smoothing / classes
        product = log_p * target
        if weight_view is not None:
            product = product * weight_view
        if reduction == "none":
            return -product.sum(class_dim)
        if reduction == "mean" and not input._data.size:  # (PyTorch: NaN, by a fill_)
            return -product.sum().fill_(float("nan"))
        total = -product.sum()
        if reduction == "mean":
            return DivBackward1.apply(total, input._data.size / classes)
        return total
    loss = nll_loss(log_p, target, weight, None, ignore_index, None, reduction)
    if label_smoothing == 0:
        return loss
    smooth = -(log_p * weight_view if weight_view is not None else log_p).sum(class_dim)
    ignored = target == ignore_index
    smooth = smooth.masked_fill(ignored, 0.0)
    if reduction == "mean":
        kept = ~ignored._data
        if weight is not None:
            denominator = weight._data[target._data[kept]].sum()
        else:
            denominator = kept.sum()
        smooth = smooth.sum() / float(denominator)
    elif reduction == "sum":
        smooth = smooth.sum()
    # (PyTorch's C++ multiplies by numbers: MulBackward1; its compiled sum evaluates the right
    # operand first, which orders the nodes, and so a second order's accumulation)
    smooth = MulBackward1.apply(smooth, label_smoothing / classes)
    return MulBackward1.apply(loss, 1 - label_smoothing) + smooth


def kl_div(input, target, size_average=None, reduce=None, reduction="mean", log_target=False):
    if size_average is not None or reduce is not None:
        reduction = _reduction(size_average, reduce, reduction)
    elif reduction == "mean":
        warnings.warn("reduction: 'mean' divides the total loss by both the batch size and the "
                      "support size.'batchmean' divides only by the batch size, and aligns with "
                      "the KL div math definition.'mean' will be changed to behave the same as "
                      "'batchmean' in the next major release.", UserWarning, stacklevel=2)
    if reduction != "batchmean" and reduction not in _REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    if input._data.dtype.kind in "iub" or target._data.dtype.kind in "iub":
        raise RuntimeError("kl_div: Integral inputs not supported.")
    if log_target:
        difference = target - input  # (computed first, as PyTorch's build does)
        loss = target.exp() * difference
    else:
        product = target * input  # (PyTorch's kl_div; its build computes this side first)
        loss = xlogy(target, target) - product
    if reduction == "batchmean":
        return loss.sum() / input._data.shape[0] if input._data.ndim else loss.sum()
    return _apply_reduction(loss, reduction)


def soft_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    if target._requires_grad and is_grad_enabled():
        raise RuntimeError("The function 'soft_margin_loss' is not differentiable with respect "
                           "to argument 'target'. This input cannot have requires_grad True.")
    # (the kernel's broadcast, after its node saves input and target: packed_on_error.py)
    input, target = checked(_soft_margin_pair, (input,), lambda: (input, target), input, target)
    return SoftMarginLossBackward0.apply(input, target, reduction)


def _soft_margin_pair(input, target):
    _soft_margin_dtypes(input._data.dtype, target._data.dtype)
    shape = input._data.shape
    input, target = _broadcast_pair(input, target)
    if input._data.shape != shape:  # (PyTorch multiplies the target into -input in place)
        raise RuntimeError(f"output with shape [{', '.join(map(str, shape))}] doesn't match the "
                           f"broadcast shape [{', '.join(map(str, input._data.shape))}]")
    return input, target


def _soft_margin_dtypes(input, target):
    """PyTorch computes the loss in place, in a tensor of the input's dtype: ``-input``, then
    ``*= target``, ``exp_()``, ``log1p_()``; the first step whose result that dtype cannot hold
    raises."""
    if input == np.bool_:
        raise RuntimeError("Negation, the `-` operator, on a bool tensor is not supported. If you "
                           "are trying to invert a mask, use the `~` or `logical_not()` operator "
                           "instead.")
    own = _dtype.from_numpy_dtype(input)
    product = _dtype.promote_types(own, _dtype.from_numpy_dtype(target))
    if product.category > own.category:  # (``*= target``, else ``exp_()`` of an integer)
        result = product if product.is_floating_point or product.is_complex else \
            _dtype.get_default_dtype()
    elif not (own.is_floating_point or own.is_complex):
        result = _dtype.get_default_dtype()
    else:
        return
    raise RuntimeError(f"result type {result.legacy_name[:-6]} can't be cast to the desired "
                       f"output type {own.legacy_name[:-6]}")


def multi_margin_loss(input, target, size_average=None, reduce=None, p=1, margin=1.0,
                      weight=None, reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    if p not in (1, 2):
        raise ValueError("only p == 1 and p == 2 supported")
    if weight is not None and weight._data.ndim != 1:
        raise ValueError("weight must be one-dimensional")
    _refuse_grad("multi_margin_loss", "weight", weight)
    # (the op checks its arguments after saving them: class_target_checks.py)
    return MultiMarginLossBackward0.apply(input, target, p, margin, weight, reduction)


def margin_ranking_loss(input1, input2, target, margin=0.0, size_average=None, reduce=None,
                        reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    if not input1._data.ndim == input2._data.ndim == target._data.ndim:
        raise RuntimeError("margin_ranking_loss : All input tensors should have same dimension "
                           f"but got sizes: input1: {input1.shape}, input2: {input2.shape}, "
                           f"target: {target.shape} ")
    # (in place, as PyTorch's: the loss is at version 1)
    loss = AddBackward1.apply(-target * (input1 - input2), margin).clamp_min_(0)
    return _apply_reduction(loss, reduction)


def hinge_embedding_loss(input, target, margin=1.0, size_average=None, reduce=None,
                         reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    zeros = _make(np.zeros_like(input._data))
    margin_part = _selection.clamp_min(_number_minus(margin, input), 0)
    loss = (_selection.where(target != 1, margin_part, zeros)
            + _selection.where(target != -1, input, zeros))
    return _apply_reduction(loss, reduction)


def _number_minus(number, t):
    """``number - t`` as PyTorch's C++ computes it (a filled tensor minus ``t``:
    ``SubBackward0``)."""
    return SubBackward0.apply(_make(np.full_like(t._data, number)), t)


def cosine_embedding_loss(input1, input2, target, margin=0.0, size_average=None, reduce=None,
                          reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    dim = 1 if input1._data.ndim == 2 else 0
    dot = (input1 * input2).sum(dim)
    norms = (AddBackward1.apply((input1 * input1).sum(dim), 1e-12)
             * AddBackward1.apply((input2 * input2).sum(dim), 1e-12))
    cos = dot / norms.sqrt()
    zeros = _make(np.zeros_like(cos._data))
    # (PyTorch's order, which sets its nodes' sequence numbers: both branches, the second
    # clamped in place, then the two wheres)
    pos = _number_minus(1, cos)
    neg = SubBackward1.apply(cos, margin).clamp_min_(0)
    loss = _selection.where(target == 1, pos, zeros) + _selection.where(target == -1, neg, zeros)
    return _apply_reduction(loss, reduction)


def poisson_nll_loss(input, target, log_input=True, full=False, size_average=None, eps=1e-8,
                     reduce=None, reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    if log_input:  # (PyTorch's build computes the product first: its nodes come first)
        product = target * input
        loss = input.exp() - product
    else:
        loss = input - target * AddBackward1.apply(input, eps).log()
    if full:  # Stirling's term, differentiable in the target as in PyTorch (whose build
        # computes the right operands first: the same nodes, in its order)
        with np.errstate(divide="ignore", invalid="ignore"):  # (masked where target <= 1)
            half_log = MulBackward1.apply(MulBackward1.apply(target, 2 * math.pi).log(), 0.5)
            stirling = target * target.log() - target + half_log
        loss = loss + stirling.masked_fill(target <= 1, 0)
    return _apply_reduction(loss, reduction)


def gaussian_nll_loss(input, target, var, full=False, eps=1e-6, reduction="mean"):
    if isinstance(var, (int, float)):
        var = _make(np.full(input._data.shape, var, input._data.dtype))
    if var._data.shape != input._data.shape:
        if input._data.shape[:-1] == var._data.shape:
            var = var.unsqueeze(-1)
        elif not (input._data.shape[:-1] == var._data.shape[:-1] and var._data.shape[-1] == 1):
            raise ValueError("var is of incorrect size")
    if reduction not in _REDUCTIONS:
        raise ValueError(reduction + " is not valid")
    if (var._data < 0).any():
        raise ValueError("var has negative entry/entries")
    var = var.clone()
    np.maximum(var._data, eps, out=var._data)  # PyTorch clamps in place, under no_grad
    loss = (var.log() + (input - target) ** 2 / var) * 0.5
    if full:
        loss = loss + 0.5 * math.log(2 * math.pi)
    return _apply_reduction(loss, reduction)


def multilabel_soft_margin_loss(input, target, weight=None, size_average=None, reduce=None,
                                reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    loss = -(target * logsigmoid(input) + (1 - target) * logsigmoid(-input))
    if weight is not None:
        loss = loss * weight
    class_dim = input._data.ndim - 1
    loss = loss.sum(class_dim) / input._data.shape[class_dim]
    return _apply_reduction(loss, reduction)


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-6, swap=False,
                        size_average=None, reduce=None, reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    distance_positive = pairwise_distance(anchor, positive, p, eps)
    distance_negative = pairwise_distance(anchor, negative, p, eps)
    if swap:
        distance_negative = _selection.minimum(distance_negative,
                                               pairwise_distance(positive, negative, p, eps))
    loss = _selection.clamp_min(
        AddBackward1.apply(distance_positive, margin) - distance_negative, 0)
    return _apply_reduction(loss, reduction)


def multilabel_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    # (the kernel's checks, after its node saves input and target: packed_on_error.py)
    checked(_multilabel_checks, (input,), lambda: (input, target), input, target)
    return MultilabelMarginLossBackward0.apply(input, target, reduction)


def _multilabel_checks(input, target):
    x, y = input._data, target._data
    if x.ndim > 2 or (x.ndim == 2 and x.shape[1] == 0) or (x.ndim == 1 and x.size == 0):
        raise RuntimeError("Expected non-empty vector or matrix with optional 0-dim batch size, "
                           f"but got: {_shape(input)}")
    if y.dtype != np.int64:
        raise RuntimeError(f"expected scalar type Long but found {_type_name(target)}")
    if y.shape != x.shape:
        raise RuntimeError(f"inconsistent target size: {_shape(target)} for input of size: "
                           f"{_shape(input)}")
    classes = x.shape[-1] if x.ndim else 1
    if y.size and (y.min() < -1 or y.max() >= classes):
        raise RuntimeError("argument #2 'target' is out of range")
