"""``torch.<name>`` forms of ``nn.functional`` ops, with PyTorch's torch-level signatures
(which differ from the functional ones: ``torch.batch_norm`` takes the weight before the
running statistics, ``torch.embedding`` the weight first, the losses an integer reduction,
the pools ``stride=()`` for "the kernel size"), and the in-place ``torch.<op>_`` functions
(``torch.exp_(x)`` is ``x.exp_()``; ``relu_`` / ``selu_`` / ``celu_`` / ``rrelu_`` are
nn.functional's)."""
from . import _tensor
from ._ops import matrix_functions as _matrix_functions
from ._ops.op import refuse_out as _refuse_out  # (private: this module is star-imported)
from .nn import functional as _F

_REDUCTIONS = ("none", "mean", "sum")  # PyTorch's at::Reduction enum, by value


def _reduction(value):
    return _REDUCTIONS[value] if isinstance(value, int) else value


def _stride(stride):
    return None if stride == () else stride


def dropout(input, p, train):
    return _F.dropout(input, p, train)


def dropout_(input, p, train):
    return _F.dropout(input, p, train, inplace=True)


def alpha_dropout(input, p, train):
    return _F.alpha_dropout(input, p, train)


def feature_alpha_dropout(input, p, train):
    return _F.feature_alpha_dropout(input, p, train)


def batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps,
               cudnn_enabled):
    return _F.batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)


def instance_norm(input, weight, bias, running_mean, running_var, use_input_stats, momentum,
                  eps, cudnn_enabled):
    return _F.instance_norm(input, running_mean, running_var, weight, bias, use_input_stats,
                           momentum, eps)


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05, cudnn_enable=True):
    return _F.layer_norm(input, normalized_shape, weight, bias, eps)


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-05, cudnn_enabled=True):
    return _F.group_norm(input, num_groups, weight, bias, eps)


def affine_grid_generator(theta, size, align_corners):
    from ._ops.affine_grid import affine_grid_generator as generator
    return generator(theta, size, align_corners)


def embedding_bag(weight, indices, offsets, scale_grad_by_freq=False, mode=0, sparse=False,
                  per_sample_weights=None, include_last_offset=False, padding_idx=None):
    """(output, offset2bag, bag_size, max_indices), as ``torch.embedding_bag``."""
    from .nn._functional.embedding_bag import torch_embedding_bag
    return torch_embedding_bag(weight, indices, offsets, scale_grad_by_freq, mode, sparse,
                               per_sample_weights, include_last_offset, padding_idx)


def embedding(weight, indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False):
    # at::embedding's -1 means "no padding row" (_F.embedding's -1 means the last row)
    return _F.embedding(indices, weight, None if padding_idx == -1 else padding_idx,
                       scale_grad_by_freq=scale_grad_by_freq, sparse=sparse)


def max_pool1d(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    return _F.max_pool1d(input, kernel_size, _stride(stride), padding, dilation, ceil_mode)


def max_pool2d(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    return _F.max_pool2d(input, kernel_size, _stride(stride), padding, dilation, ceil_mode)


def avg_pool1d(input, kernel_size, stride=(), padding=0, ceil_mode=False,
               count_include_pad=True):
    return _F.avg_pool1d(input, kernel_size, _stride(stride), padding, ceil_mode,
                        count_include_pad)


def adaptive_avg_pool1d(input, output_size):
    return _F.adaptive_avg_pool1d(input, output_size)


def adaptive_max_pool1d(input, output_size):
    return _F.adaptive_max_pool1d(input, output_size, return_indices=True)


def constant_pad_nd(input, pad, value=0):
    return _F.pad(input, pad, "constant", value)


def selu(input):
    return _F.selu(input)


def celu(input, alpha=1.0):
    return _F.celu(input, alpha)


def rrelu(input, lower=0.125, upper=0.3333333333333333, training=False, generator=None):
    return _F.rrelu(input, lower, upper, training)


def threshold(input, threshold, value, *, out=None):
    if out is not None:
        _refuse_out("threshold")
    return _F.threshold(input, threshold, value)


def threshold_(input, threshold, value):
    return _F.threshold(input, threshold, value, inplace=True)


def hardshrink(input, lambd=0.5, *, out=None):
    if out is not None:
        _refuse_out("hardshrink")
    return _F.hardshrink(input, lambd)


def matrix_exp(input):
    return _matrix_functions.matrix_exp(input)


def binary_cross_entropy_with_logits(input, target, weight=None, pos_weight=None, reduction=1):
    return _F.binary_cross_entropy_with_logits(input, target, weight, reduction=_reduction(
        reduction), pos_weight=pos_weight)


def kl_div(input, target, reduction=1, *, log_target=False):
    return _F.kl_div(input, target, reduction=_reduction(reduction), log_target=log_target)


def margin_ranking_loss(input1, input2, target, margin=0.0, reduction=1):
    return _F.margin_ranking_loss(input1, input2, target, margin,
                                 reduction=_reduction(reduction))


def hinge_embedding_loss(input, target, margin=1.0, reduction=1):
    return _F.hinge_embedding_loss(input, target, margin, reduction=_reduction(reduction))


def cosine_embedding_loss(input1, input2, target, margin=0.0, reduction=1):
    return _F.cosine_embedding_loss(input1, input2, target, margin,
                                   reduction=_reduction(reduction))


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-06, swap=False,
                        reduction=1):
    return _F.triplet_margin_loss(anchor, positive, negative, margin, p, eps, swap,
                                 reduction=_reduction(reduction))


def poisson_nll_loss(input, target, log_input, full, eps, reduction):
    return _F.poisson_nll_loss(input, target, log_input, full, eps=eps,
                              reduction=_reduction(reduction))


conv1d, conv2d = _F.conv1d, _F.conv2d
conv_transpose1d, conv_transpose2d = _F.conv_transpose1d, _F.conv_transpose2d
bilinear, cosine_similarity, pairwise_distance = _F.bilinear, _F.cosine_similarity, \
    _F.pairwise_distance
prelu, rms_norm = _F.prelu, _F.rms_norm



def _inplace_function(method):
    """``torch.<op>_(input, ...)``: the Tensor method on ``input``, the other arguments under
    the method's own names."""
    def function(input, *args, **kwargs):
        return method(input, *args, **kwargs)
    function.__name__ = function.__qualname__ = method.__name__
    function.__doc__ = f"``torch.{method.__name__}(input, ...)``: ``input.{method.__name__}()``."
    return function


_T = _tensor.Tensor
(abs_, acos_, acosh_, asin_, asinh_, atan_, atanh_, arccos_, arccosh_, arcsin_, arcsinh_,
 arctan_, arctanh_, ceil_, floor_, round_, trunc_, fix_, frac_, clamp_, clamp_min_, clamp_max_,
 clip_, cos_, cosh_, sin_, sinh_, tan_, tanh_, sinc_, exp_, exp2_, expm1_, log_, log10_, log1p_,
 log2_, erf_, erfc_, i0_, logit_, sigmoid_, sqrt_, rsqrt_, square_, reciprocal_, neg_,
 negative_, deg2rad_, rad2deg_, nan_to_num_, xlogy_, gcd_, lcm_, ldexp_, addmv_, index_put_,
 fill_, zero_, detach_) = (_inplace_function(m) for m in (
    _T.abs_, _T.acos_, _T.acosh_, _T.asin_, _T.asinh_, _T.atan_, _T.atanh_, _T.arccos_,
    _T.arccosh_, _T.arcsin_, _T.arcsinh_, _T.arctan_, _T.arctanh_, _T.ceil_, _T.floor_,
    _T.round_, _T.trunc_, _T.fix_, _T.frac_, _T.clamp_, _T.clamp_min_, _T.clamp_max_, _T.clip_,
    _T.cos_, _T.cosh_, _T.sin_, _T.sinh_, _T.tan_, _T.tanh_, _T.sinc_, _T.exp_, _T.exp2_,
    _T.expm1_, _T.log_, _T.log10_, _T.log1p_, _T.log2_, _T.erf_, _T.erfc_, _T.i0_, _T.logit_,
    _T.sigmoid_, _T.sqrt_, _T.rsqrt_, _T.square_, _T.reciprocal_, _T.neg_, _T.negative_,
    _T.deg2rad_, _T.rad2deg_, _T.nan_to_num_, _T.xlogy_, _T.gcd_, _T.lcm_, _T.ldexp_, _T.addmv_,
    _T.index_put_, _T.fill_, _T.zero_, _T.detach_))
