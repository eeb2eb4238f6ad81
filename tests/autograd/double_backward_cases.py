"""Double-backward cases run by PyTorch (tools/record/double_backward.py) and by hookgrad
(test_double_backward.py): for each op, the gradients ``autograd.grad(..., create_graph=True)``
gives, whether they require grad and the graph that made them (node names and
next_functions), then the second-order gradients of a weighted sum of them.

Each case is run twice: with a plain ``grad_outputs`` (what ``loss.backward(create_graph=True)``
does: only the op's own inputs can make the gradient require grad) and with one that
requires grad (gradgradcheck's setting: the gradient is differentiable in it too)."""
import numpy as np

# inputs away from the kinks of piecewise-linear ops (|x| in [0.3, 1.7], none at 0, 0.5, 1,
# 3 or 6) and a NaN-free pattern, the same in every run
_VALUES = np.array([0.31, -1.23, 0.77, -0.42, 1.61, -0.66, 1.09, -1.47, 0.53, -0.89,
                    1.37, -0.36, 0.95, -1.71, 0.44, -1.02, 1.18, -0.58, 0.71, -1.29])


def values(shape, scale=1.0, shift=0.0, offset=0):
    count = int(np.prod(shape))
    flat = np.resize(np.roll(_VALUES, -offset), count) * scale + shift
    return flat.reshape(shape)


def _leaf(torch, shape, scale=1.0, shift=0.0, offset=0, requires_grad=True):
    return torch.tensor(values(shape, scale, shift, offset), dtype=torch.float64,
                        requires_grad=requires_grad)


def _const(torch, array, dtype=None):
    return torch.tensor(np.asarray(array), dtype=dtype)


def _f(torch):
    return torch.nn.functional


def unary(fn, shape=(2, 3), **leaf):
    """A case of one float64 input."""
    def build(torch):
        return fn, [_leaf(torch, shape, **leaf)]
    return build


def nn_unary(name, shape=(2, 3), **kwargs):
    def build(torch):
        fn = getattr(_f(torch), name)
        return (lambda x: fn(x, **kwargs)), [_leaf(torch, shape)]
    return build


def _index(torch, values_):
    return torch.tensor(np.asarray(values_), dtype=torch.int64)


CASES = {
    # ------------------------------------------------------------ activations
    "relu": nn_unary("relu"),
    "relu6": lambda torch: ((lambda x: _f(torch).relu6(x * 4)), [_leaf(torch, (2, 4))]),
    "hardtanh": nn_unary("hardtanh", min_val=-0.5, max_val=1.0),
    "threshold": lambda torch: ((lambda x: _f(torch).threshold(x, 0.5, -1.0)),
                                [_leaf(torch, (2, 3))]),
    "leaky_relu": nn_unary("leaky_relu", negative_slope=0.2),
    "elu": nn_unary("elu", alpha=0.5),
    "selu": nn_unary("selu"),
    "celu": nn_unary("celu", alpha=0.7),
    "gelu": nn_unary("gelu"),
    "gelu_tanh": nn_unary("gelu", approximate="tanh"),
    "silu": nn_unary("silu"),
    "mish": nn_unary("mish"),
    "softplus": nn_unary("softplus", beta=2, threshold=1),
    "softsign": nn_unary("softsign"),
    "hardsigmoid": nn_unary("hardsigmoid", shape=(2, 5)),
    "hardswish": nn_unary("hardswish", shape=(2, 5)),
    "hardshrink": nn_unary("hardshrink", lambd=0.5),
    "softshrink": nn_unary("softshrink", lambd=0.5),
    "tanhshrink": nn_unary("tanhshrink"),
    "logsigmoid": nn_unary("logsigmoid"),
    "rrelu_eval": nn_unary("rrelu", training=False),
    "glu": nn_unary("glu", shape=(2, 4), dim=1),
    "prelu": lambda torch: (_f(torch).prelu, [_leaf(torch, (2, 3, 2)),
                                              _leaf(torch, (3,), 0.2, offset=3)]),
    "prelu_one": lambda torch: (_f(torch).prelu, [_leaf(torch, (2, 3)),
                                                  _leaf(torch, (1,), 0.2, offset=5)]),
    "prelu_input_only": lambda torch: (_f(torch).prelu, [
        _leaf(torch, (2, 3)), _leaf(torch, (3,), 0.2, offset=3, requires_grad=False)]),
    "softmax": nn_unary("softmax", dim=1),
    "log_softmax": nn_unary("log_softmax", dim=1),
    # ------------------------------------------------------------ elementwise
    "abs": unary(lambda x: x.abs()),
    "clamp": unary(lambda x: x.clamp(-0.5, 1.0)),
    "clamp_min": unary(lambda x: x.clamp_min(0.5)),
    "clamp_tensor": lambda torch: ((lambda x, lo: x.clamp(min=lo)),
                                   [_leaf(torch, (2, 3)), _leaf(torch, (3,), offset=7)]),
    "maximum": lambda torch: (torch.maximum,
                              [_leaf(torch, (2, 3)), _leaf(torch, (3,), offset=4)]),
    "minimum": lambda torch: (torch.minimum,
                              [_leaf(torch, (2, 3)), _leaf(torch, (2, 3), offset=9)]),
    "floor": unary(lambda x: x.floor()),
    "ceil": unary(lambda x: x.ceil()),
    "round": unary(lambda x: x.round()),
    "trunc": unary(lambda x: x.trunc()),
    "sign": unary(lambda x: x.sign()),
    "sgn": unary(lambda x: x.sgn()),
    "frac": unary(lambda x: x.frac()),
    "fmod": lambda torch: ((lambda x: x.fmod(0.6)), [_leaf(torch, (2, 3))]),
    "remainder": lambda torch: ((lambda x: x % 0.6), [_leaf(torch, (2, 3))]),
    "remainder_tensor": lambda torch: (torch.remainder, [_leaf(torch, (2, 3)),
                                                         _leaf(torch, (3,), 0.5, 2.0)]),
    "fmod_tensor": lambda torch: (torch.fmod, [_leaf(torch, (2, 3)),
                                               _leaf(torch, (3,), 0.5, 2.0)]),
    "div_floor": lambda torch: ((lambda x, y: torch.div(x, y, rounding_mode="floor")),
                                [_leaf(torch, (2, 3)), _leaf(torch, (3,), 0.5, 2.0)]),
    # ------------------------------------------------------------ maths formulas
    "rsqrt": unary(lambda x: x.rsqrt(), shift=2.0),
    "reciprocal": unary(lambda x: x.reciprocal()),
    "sqrt": unary(lambda x: x.sqrt(), shift=2.0),
    "log1p": unary(lambda x: x.log1p(), scale=0.5),
    "asin": unary(lambda x: x.asin(), scale=0.5),
    "acos": unary(lambda x: x.acos(), scale=0.5),
    "atan": unary(lambda x: x.atan()),
    "asinh": unary(lambda x: x.asinh()),
    "acosh": unary(lambda x: x.acosh(), shift=3.0),
    "atanh": unary(lambda x: x.atanh(), scale=0.5),
    "erf": unary(lambda x: x.erf()),
    "erfc": unary(lambda x: x.erfc()),
    "erfinv": unary(lambda x: x.erfinv(), scale=0.5),
    "expm1": unary(lambda x: x.expm1()),
    "exp2": unary(lambda x: x.exp2()),
    "log2": unary(lambda x: x.log2(), shift=2.0),
    "log10": unary(lambda x: x.log10(), shift=2.0),
    "tan": unary(lambda x: x.tan(), scale=0.5),
    "logit": unary(lambda x: x.logit(), scale=0.5, shift=0.5),
    "logit_eps": unary(lambda x: x.logit(0.2), scale=0.5, shift=0.5),
    "sinc": unary(lambda x: x.sinc()),
    "pow_number": unary(lambda x: x.pow(3)),
    "square": unary(lambda x: x.square()),
    "pow_tensors": lambda torch: (torch.pow, [_leaf(torch, (2, 3), shift=2.0),
                                              _leaf(torch, (3,), offset=3)]),
    "pow_of_number": unary(lambda x: 2.0 ** x),
    "pow_of_zero": unary(lambda x: 0.0 ** x),
    "div": lambda torch: (torch.div, [_leaf(torch, (2, 3)), _leaf(torch, (3,), 0.5, 2.0)]),
    "logaddexp": lambda torch: (torch.logaddexp, [_leaf(torch, (2, 3)),
                                                  _leaf(torch, (3,), offset=3)]),
    "addcmul": lambda torch: ((lambda x, y: torch.addcmul(x, x, y, value=0.5)),
                              [_leaf(torch, (2, 3)), _leaf(torch, (2, 3), offset=3)]),
    "addcdiv": lambda torch: ((lambda x, y: torch.addcdiv(x, x, y, value=0.5)),
                              [_leaf(torch, (2, 3)), _leaf(torch, (2, 3), 0.5, 2.0, offset=3)]),
    "mean": unary(lambda x: x.mean()),
    "mean_dim": unary(lambda x: x.mean(1)),
    "prod": unary(lambda x: x.prod()),
    "prod_one_zero": unary(lambda x: (x * (x > -1.3)).prod()),
    "cummin": unary(lambda x: x.cummin(1)[0]),
    "gather": lambda torch: ((lambda x: x.gather(1, _index(torch, [[0, 0], [1, 2]]))),
                             [_leaf(torch, (2, 3))]),
    "scatter_add": lambda torch: (
        (lambda x, y: torch.scatter_add(x, 1, _index(torch, [[0, 1], [1, 2]]), y)),
        [_leaf(torch, (2, 3)), _leaf(torch, (2, 2), offset=3)]),
    "max_dim_values": unary(lambda x: x.max(1)[0]),
    "lerp": lambda torch: ((lambda x, y: torch.lerp(x, y, 0.3)),
                           [_leaf(torch, (2, 3)), _leaf(torch, (2, 3), offset=3)]),
    "deg2rad": unary(lambda x: x.deg2rad()),
    "embedding_padding": lambda torch: (
        (lambda w: _f(torch).embedding(_index(torch, [[1, 0], [1, 2]]), w, padding_idx=0)),
        [_leaf(torch, (3, 2))]),
    # ------------------------------------------------------------ views and copies
    "slice": unary(lambda x: x[0:1, 1:]),
    "select": unary(lambda x: x[:, 1]),
    "t": unary(lambda x: x.t()),
    "stack": lambda torch: ((lambda x, y: torch.stack([x, y])),
                            [_leaf(torch, (2, 3)), _leaf(torch, (2, 3), offset=4)]),
    "index_list": unary(lambda x: x[[1, 0, 1]]),
    "index_mask": unary(lambda x: x[x > 0]),
    "repeat": unary(lambda x: x.repeat(2, 1, 2)),
    "tile": unary(lambda x: x.tile((2, 1))),
    # ------------------------------------------------------------ reductions
    "max": unary(lambda x: x.max()),
    "min": unary(lambda x: x.min()),
    "max_dim": unary(lambda x: x.max(1)[0], (2, 3, 2)),
    "min_dim_keepdim": unary(lambda x: x.min(0, keepdim=True)[0], (3, 2)),
    "amax": unary(lambda x: x.amax(1)),
    "amin": unary(lambda x: x.amin((0, 1))),
    "median": unary(lambda x: x.median()),
    "median_dim": unary(lambda x: x.median(1)[0]),
    "var": unary(lambda x: x.var(1)),
    "std": unary(lambda x: x.std()),
    "var_keepdim": unary(lambda x: x.var(1, keepdim=True)),
    "var_all_dims": unary(lambda x: x.var((0, 1))),
    "std_dim": unary(lambda x: x.std(0, correction=0)),
    "var_mean": lambda torch: (torch.var_mean, [_leaf(torch, (2, 3))]),
    "std_mean_dim": lambda torch: ((lambda x: torch.std_mean(x, 0)), [_leaf(torch, (2, 3))]),
    "norm": unary(lambda x: x.norm()),
    "norm_p3_dim": unary(lambda x: x.norm(p=3, dim=1)),
    "norm_p1": unary(lambda x: x.norm(p=1)),
    "matrix_norm": unary(lambda x: x.norm(p=1.5, dim=(0, 1))),
    # ------------------------------------------------------------ pooling
    "max_pool2d": lambda torch: ((lambda x: _f(torch).max_pool2d(x, 2)),
                                 [_leaf(torch, (1, 2, 4, 4))]),
    "max_pool2d_overlap": lambda torch: ((lambda x: _f(torch).max_pool2d(x, 3, 1, 1)),
                                         [_leaf(torch, (1, 1, 4, 4))]),
    "max_pool1d": lambda torch: ((lambda x: _f(torch).max_pool1d(x, 2)),
                                 [_leaf(torch, (1, 2, 6))]),
    "max_pool2d_indices": lambda torch: (
        (lambda x: _f(torch).max_pool2d(x, 2, return_indices=True)[0]),
        [_leaf(torch, (2, 4, 4))]),
    "avg_pool2d": lambda torch: ((lambda x: _f(torch).avg_pool2d(x, 2, 1, 1)),
                                 [_leaf(torch, (1, 2, 3, 4))]),
    "avg_pool1d": lambda torch: ((lambda x: _f(torch).avg_pool1d(x, 2)),
                                 [_leaf(torch, (1, 2, 6))]),
    "adaptive_avg_pool2d": lambda torch: ((lambda x: _f(torch).adaptive_avg_pool2d(x, (2, 3))),
                                          [_leaf(torch, (1, 2, 4, 5))]),
    "adaptive_avg_pool1d": lambda torch: ((lambda x: _f(torch).adaptive_avg_pool1d(x, 3)),
                                          [_leaf(torch, (2, 5))]),
    "adaptive_max_pool2d": lambda torch: ((lambda x: _f(torch).adaptive_max_pool2d(x, (2, 3))),
                                          [_leaf(torch, (1, 2, 4, 5))]),
    "adaptive_max_pool1d": lambda torch: ((lambda x: _f(torch).adaptive_max_pool1d(x, 3)),
                                          [_leaf(torch, (1, 2, 5))]),
    "lp_pool2d": lambda torch: ((lambda x: _f(torch).lp_pool2d(x, 2, 2)),
                                [_leaf(torch, (1, 1, 4, 4))]),
    # ------------------------------------------------------------ convolution
    "conv2d": lambda torch: ((lambda x, w, b: _f(torch).conv2d(x, w, b, padding=1)),
                             [_leaf(torch, (1, 2, 3, 3)), _leaf(torch, (2, 2, 2, 2), offset=3),
                              _leaf(torch, (2,), offset=6)]),
    "conv2d_input_only": lambda torch: (
        (lambda x, w: _f(torch).conv2d(x, w, stride=2)),
        [_leaf(torch, (1, 2, 4, 4)), _leaf(torch, (1, 2, 2, 2), offset=3, requires_grad=False)]),
    "conv2d_weight_only": lambda torch: (
        (lambda x, w: _f(torch).conv2d(x, w, groups=2)),
        [_leaf(torch, (1, 2, 3, 3), requires_grad=False), _leaf(torch, (2, 1, 2, 2), offset=3)]),
    "conv1d": lambda torch: ((lambda x, w: _f(torch).conv1d(x, w, padding=1)),
                             [_leaf(torch, (2, 2, 4)), _leaf(torch, (3, 2, 2), offset=3)]),
    "conv_transpose2d": lambda torch: (
        (lambda x, w, b: _f(torch).conv_transpose2d(x, w, b, stride=2)),
        [_leaf(torch, (1, 2, 2, 2)), _leaf(torch, (2, 1, 2, 2), offset=3),
         _leaf(torch, (1,), offset=6)]),
    "conv_transpose1d": lambda torch: (
        (lambda x, w: _f(torch).conv_transpose1d(x, w)),
        [_leaf(torch, (1, 2, 3)), _leaf(torch, (2, 2, 2), offset=3)]),
    # ------------------------------------------------------------ normalization
    "layer_norm": lambda torch: ((lambda x, w, b: _f(torch).layer_norm(x, (3,), w, b)),
                                 [_leaf(torch, (2, 3)), _leaf(torch, (3,), offset=3),
                                  _leaf(torch, (3,), offset=5)]),
    "layer_norm_plain": lambda torch: ((lambda x: _f(torch).layer_norm(x, (2, 3))),
                                       [_leaf(torch, (2, 2, 3))]),
    "layer_norm_weight_only": lambda torch: (
        (lambda x, w: _f(torch).layer_norm(x, (3,), w)),
        [_leaf(torch, (2, 3), requires_grad=False), _leaf(torch, (3,), offset=3)]),
    "group_norm": lambda torch: ((lambda x, w, b: _f(torch).group_norm(x, 2, w, b)),
                                 [_leaf(torch, (2, 4, 3)), _leaf(torch, (4,), offset=3),
                                  _leaf(torch, (4,), offset=5)]),
    "batch_norm_train": lambda torch: (
        (lambda x, w, b: _f(torch).batch_norm(x, None, None, w, b, training=True)),
        [_leaf(torch, (3, 2, 2)), _leaf(torch, (2,), offset=3), _leaf(torch, (2,), offset=5)]),
    "batch_norm_eval": lambda torch: (
        (lambda x, w: _f(torch).batch_norm(x, _const(torch, [0.1, -0.2], torch.float64),
                                           _const(torch, [1.5, 0.7], torch.float64), w)),
        [_leaf(torch, (3, 2)), _leaf(torch, (2,), offset=3)]),
    "instance_norm": lambda torch: ((lambda x: _f(torch).instance_norm(x)),
                                    [_leaf(torch, (2, 2, 3))]),
    "normalize": nn_unary("normalize", dim=1),
    "rms_norm": lambda torch: ((lambda x, w: _f(torch).rms_norm(x, (3,), w)),
                               [_leaf(torch, (2, 3)), _leaf(torch, (3,), offset=3)]),
    # ------------------------------------------------------------ losses
    "nll_loss": lambda torch: ((lambda x: _f(torch).nll_loss(x, _index(torch, [2, 0]))),
                               [_leaf(torch, (2, 3))]),
    "nll_loss_weighted": lambda torch: (
        (lambda x: _f(torch).nll_loss(x, _index(torch, [2, 0, 1]),
                                      _const(torch, [0.5, 2.0, 1.0], torch.float64),
                                      ignore_index=1)),
        [_leaf(torch, (3, 3))]),
    "nll_loss_none": lambda torch: (
        (lambda x: _f(torch).nll_loss(x, _index(torch, [[1, 0], [2, 2]]), reduction="none")),
        [_leaf(torch, (2, 3, 2))]),
    "cross_entropy": lambda torch: ((lambda x: _f(torch).cross_entropy(x, _index(torch, [2, 0]))),
                                    [_leaf(torch, (2, 3))]),
    "cross_entropy_smoothing": lambda torch: (
        (lambda x: _f(torch).cross_entropy(x, _index(torch, [2, 0]), label_smoothing=0.2)),
        [_leaf(torch, (2, 3))]),
    "cross_entropy_probs": lambda torch: (
        (lambda x: _f(torch).cross_entropy(x, _const(torch, values((2, 3), 0.3, 0.5),
                                                     torch.float64))),
        [_leaf(torch, (2, 3))]),
    "mse_loss": lambda torch: (_f(torch).mse_loss, [_leaf(torch, (2, 3)),
                                                    _leaf(torch, (2, 3), offset=4)]),
    "l1_loss": lambda torch: (_f(torch).l1_loss, [_leaf(torch, (2, 3)),
                                                  _leaf(torch, (2, 3), offset=4)]),
    "smooth_l1_loss": lambda torch: (_f(torch).smooth_l1_loss, [_leaf(torch, (2, 3)),
                                                                _leaf(torch, (2, 3), offset=4)]),
    "huber_loss": lambda torch: ((lambda x, y: _f(torch).huber_loss(x, y, delta=0.5)),
                                 [_leaf(torch, (2, 3)), _leaf(torch, (2, 3), offset=4)]),
    "bce": lambda torch: (_f(torch).binary_cross_entropy,
                          [_leaf(torch, (2, 3), 0.25, 0.5),
                           _leaf(torch, (2, 3), 0.2, 0.5, offset=3)]),
    "bce_with_logits": lambda torch: (_f(torch).binary_cross_entropy_with_logits,
                                      [_leaf(torch, (2, 3)),
                                       _leaf(torch, (2, 3), 0.2, 0.5, offset=3)]),
    "bce_with_logits_weighted": lambda torch: (
        (lambda x, y: _f(torch).binary_cross_entropy_with_logits(
            x, y, _const(torch, [1.5, 0.5, 2.0], torch.float64),
            pos_weight=_const(torch, [1.2, 0.8, 1.1], torch.float64), reduction="sum")),
        [_leaf(torch, (2, 3)), _leaf(torch, (2, 3), 0.2, 0.5, offset=3)]),
    "soft_margin_loss": lambda torch: (
        (lambda x: _f(torch).soft_margin_loss(x, _const(torch, values((2, 3), offset=4),
                                                        torch.float64))),
        [_leaf(torch, (2, 3))]),
    "multi_margin_loss": lambda torch: (
        (lambda x: _f(torch).multi_margin_loss(x, _index(torch, [2, 0]))), [_leaf(torch, (2, 3))]),
    "multi_margin_loss_p2": lambda torch: (
        (lambda x: _f(torch).multi_margin_loss(x, _index(torch, [2, 0]), p=2, margin=0.5)),
        [_leaf(torch, (2, 3))]),
    "margin_ranking_loss": lambda torch: (
        (lambda x, y: _f(torch).margin_ranking_loss(x, y, _const(torch, [1.0, -1.0, 1.0],
                                                                 torch.float64), margin=0.1)),
        [_leaf(torch, (3,)), _leaf(torch, (3,), offset=4)]),
    "hinge_embedding_loss": lambda torch: (
        (lambda x: _f(torch).hinge_embedding_loss(x, _const(torch, [[1.0, -1.0, 1.0],
                                                                    [-1.0, -1.0, 1.0]],
                                                            torch.float64))),
        [_leaf(torch, (2, 3))]),
    "triplet_margin_loss": lambda torch: (_f(torch).triplet_margin_loss,
                                          [_leaf(torch, (2, 3)), _leaf(torch, (2, 3), offset=4),
                                           _leaf(torch, (2, 3), offset=8)]),
    "poisson_nll_loss_not_log": lambda torch: (
        (lambda x, y: _f(torch).poisson_nll_loss(x, y, log_input=False)),
        [_leaf(torch, (2, 3), 0.5, 2.0), _leaf(torch, (2, 3), 1.0, 2.0)]),
    "poisson_nll_loss_full": lambda torch: (
        (lambda x, y: _f(torch).poisson_nll_loss(x, y, full=True)),
        [_leaf(torch, (2, 3)), _leaf(torch, (2, 3), 1.0, 2.0)]),
    "kl_div_none": lambda torch: ((lambda x, y: _f(torch).kl_div(x, y, reduction="none")),
                                  [_leaf(torch, (2, 3)), _leaf(torch, (2, 3), 0.2, 0.5)]),
    "kl_div_log_target": lambda torch: (
        (lambda x, y: _f(torch).kl_div(x, y, reduction="sum", log_target=True)),
        [_leaf(torch, (2, 3)), _leaf(torch, (2, 3), offset=2)]),
    "poisson_nll_loss": lambda torch: (_f(torch).poisson_nll_loss,
                                       [_leaf(torch, (2, 3)), _leaf(torch, (2, 3), 1.0, 2.0)]),
    "kl_div": lambda torch: ((lambda x, y: _f(torch).kl_div(x, y, reduction="batchmean")),
                             [_leaf(torch, (2, 3)), _leaf(torch, (2, 3), 0.2, 0.5, offset=2)]),
    "cosine_embedding_loss": lambda torch: (
        (lambda x, y: _f(torch).cosine_embedding_loss(x, y, _const(torch, [1.0, -1.0],
                                                                   torch.float64))),
        [_leaf(torch, (2, 3)), _leaf(torch, (2, 3), offset=4)]),
    "pairwise_distance": lambda torch: (_f(torch).pairwise_distance,
                                        [_leaf(torch, (2, 3)), _leaf(torch, (2, 3), offset=4)]),
    "cosine_similarity": lambda torch: (_f(torch).cosine_similarity,
                                        [_leaf(torch, (2, 3)), _leaf(torch, (2, 3), offset=4)]),
    # ------------------------------------------------------------ matrix products
    "mm": lambda torch: (torch.mm, [_leaf(torch, (2, 3)), _leaf(torch, (3, 2), offset=3)]),
    "matmul_1d_2d": lambda torch: (torch.matmul, [_leaf(torch, (3,)),
                                                  _leaf(torch, (3, 2), offset=3)]),
    "matmul_3d_2d": lambda torch: (torch.matmul, [_leaf(torch, (2, 2, 3)),
                                                  _leaf(torch, (3, 2), offset=3)]),
    "matmul_3d_3d": lambda torch: (torch.matmul, [_leaf(torch, (2, 2, 3)),
                                                  _leaf(torch, (2, 3, 2), offset=3)]),
    "matmul_1d_3d": lambda torch: (torch.matmul, [_leaf(torch, (3,)),
                                                  _leaf(torch, (2, 3, 2), offset=3)]),
    "mm_transposed": lambda torch: ((lambda a, b: torch.mm(a.t(), b)),
                                    [_leaf(torch, (3, 2)), _leaf(torch, (3, 2), offset=3)]),
    "mm_1x1": lambda torch: (torch.mm, [_leaf(torch, (1, 1)), _leaf(torch, (1, 3), offset=3)]),
    "addmm_alpha": lambda torch: ((lambda c, a, b: torch.addmm(c, a, b, beta=2, alpha=0.5)),
                                  [_leaf(torch, (2,)), _leaf(torch, (2, 3), offset=1),
                                   _leaf(torch, (3, 2), offset=3)]),
    "linear": lambda torch: (_f(torch).linear, [_leaf(torch, (2, 3)),
                                                _leaf(torch, (4, 3), offset=3),
                                                _leaf(torch, (4,), offset=5)]),
    "broadcast_0d": lambda torch: ((lambda x, y: x ** y), [_leaf(torch, (), shift=2.0),
                                                          _leaf(torch, (2, 3), offset=3)]),
    "outer": lambda torch: (torch.outer, [_leaf(torch, (3,)), _leaf(torch, (2,), offset=3)]),
    "einsum": lambda torch: ((lambda a, b: torch.einsum("ij,jk->ik", a, b)),
                             [_leaf(torch, (2, 3)), _leaf(torch, (3, 2), offset=3)]),
}


def _tree(fn, depth):
    if fn is None:
        return None
    if depth == 0:
        return fn.name()
    return [fn.name(), [[_tree(child, depth - 1), nr] for child, nr in fn.next_functions]]


def _array(t):
    if t is None:
        return None
    if getattr(t, "_is_zerotensor", lambda: False)():  # PyTorch's lazy zeros
        return np.zeros(tuple(t.shape))
    return np.array(t.detach().numpy(), dtype=np.float64)


def run(torch, name, grad_requires_grad=False, depth=3):
    """What the case gives: its gradients (requires_grad, graph) and second-order gradients."""
    fn, inputs = CASES[name](torch)
    out = fn(*inputs)
    outs = list(out) if isinstance(out, (tuple, list)) else [out]
    weights = [torch.tensor(values(tuple(o.shape), 0.5, 1.0, offset=i + 1), dtype=o.dtype,
                            requires_grad=grad_requires_grad) for i, o in enumerate(outs)]
    wanted = [x for x in inputs if x.requires_grad]
    grads = torch.autograd.grad(outs, wanted, weights, create_graph=True, allow_unused=True)
    record = {"grads": [None if g is None else {"requires_grad": g.requires_grad,
                                                "value": _array(g),
                                                "graph": _tree(g.grad_fn, depth)}
                        for g in grads]}
    total = None
    for i, g in enumerate(grads):
        if g is not None and g.requires_grad:
            term = (g * torch.tensor(values(tuple(g.shape), 0.3, 0.2, offset=2 * i + 5),
                                     dtype=g.dtype)).sum()
            total = term if total is None else total + term
    if total is not None:
        targets = wanted + ([w for w in weights] if grad_requires_grad else [])
        try:
            second = torch.autograd.grad(total, targets, allow_unused=True)
        except RuntimeError as error:  # (PyTorch has no second derivative of a few ops)
            record["second_error"] = str(error)
        else:
            record["second"] = [_array(s) for s in second]
    return record
