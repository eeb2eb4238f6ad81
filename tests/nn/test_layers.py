"""nn layers against recorded PyTorch 2.13 output: values, gradients, reprs, parameters, buffers.

Every case below is a function of a ``torch`` namespace. The tests call it with hookgrad;
``python tests/test_layers.py --record`` calls the same functions with real PyTorch and
rewrites the RECORDED block at the end of this file. Parameters and inputs are deterministic
patterns (``pattern``), set identically in both, so no weights are stored. After the forward
pass, ``(output * pattern).sum()`` is backpropagated and the gradients of the float inputs
and of every parameter are compared. Most cases store full arrays; the Conv2d option grid
stores four projections of each array (see ``summary``)."""
import copy
import math
import pickle
import sys
import warnings
from collections import OrderedDict

import numpy as np
import pytest

import hookgrad

RTOL, ATOL = 1e-4, 2e-5
FULL = 16  # arrays with more values are stored as their summary()


# ---------------------------------------------------------------------------- patterns
def pattern(shape, seed=0, scale=1.0):
    """Deterministic values in [-scale, scale], different for each seed."""
    n = int(np.prod(shape)) if len(shape) else 1
    return (scale * np.sin(np.arange(n) * 0.731 + seed * 1.37 + 0.1)).reshape(shape)


def tensor(torch, shape, seed=0, scale=1.0, grad=True):
    return torch.tensor(pattern(shape, seed, scale).tolist(), dtype=torch.float32,
                        requires_grad=grad)


def set_parameters(torch, module, scale=0.5):
    with torch.no_grad():
        for i, (_, p) in enumerate(module.named_parameters()):
            p.copy_(torch.tensor(pattern(tuple(p.shape), 10 + i, scale).tolist()))
    return module


def summary(values):
    """Sum, two pattern-weighted sums and the sum of absolute values: a compact fingerprint."""
    a = np.asarray(values, dtype=np.float64).reshape(-1)
    i = np.arange(a.size)
    return [float(a.sum()), float((a * np.sin(i * 0.91)).sum()),
            float((a * np.cos(i * 0.53 + 0.2)).sum()), float(np.abs(a).sum())]


# ---------------------------------------------------------------------------- cases
CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def x(torch, *shape, seed=0, scale=1.0):
    return tensor(torch, shape, seed, scale)


@case
def linear(torch):
    return torch.nn.Linear(4, 3), [x(torch, 2, 4)]


@case
def linear_nobias_3d(torch):
    return torch.nn.Linear(4, 3, bias=False), [x(torch, 2, 5, 4)]


@case
def linear_1d(torch):
    return torch.nn.Linear(3, 2), [x(torch, 3)]


@case
def identity(torch):
    return torch.nn.Identity(54, unused=True), [x(torch, 2, 3)]


@case
def bilinear(torch):
    return torch.nn.Bilinear(3, 2, 4), [x(torch, 2, 3), x(torch, 2, 2, seed=1)]


@case
def conv1d(torch):
    return torch.nn.Conv1d(2, 4, 3, stride=2, padding=1), [x(torch, 2, 2, 7)]


@case
def conv1d_same_dilated_groups(torch):
    return torch.nn.Conv1d(4, 2, 3, padding="same", dilation=2, groups=2), [x(torch, 1, 4, 6)]


@case
def conv1d_unbatched(torch):
    return torch.nn.Conv1d(2, 3, 2, bias=False), [x(torch, 2, 5)]


@case
def conv2d(torch):
    return torch.nn.Conv2d(2, 3, 3), [x(torch, 2, 2, 5, 5)]


@case
def conv2d_options(torch):
    return (torch.nn.Conv2d(4, 6, (3, 2), stride=(2, 1), padding=(1, 2), dilation=(1, 2),
                            groups=2, bias=False), [x(torch, 1, 4, 6, 5)])


@case
def conv2d_same(torch):
    return torch.nn.Conv2d(2, 2, (4, 3), padding="same", dilation=(1, 2)), [x(torch, 1, 2, 5, 6)]


@case
def conv2d_valid_unbatched(torch):
    return torch.nn.Conv2d(2, 2, 2, padding="valid"), [x(torch, 2, 4, 3)]


@case
def conv2d_reflect(torch):
    return torch.nn.Conv2d(2, 2, 3, padding=1, padding_mode="reflect"), [x(torch, 1, 2, 4, 4)]


@case
def conv2d_replicate(torch):
    return (torch.nn.Conv2d(2, 2, 3, padding=(2, 1), padding_mode="replicate"),
            [x(torch, 1, 2, 4, 4)])


@case
def conv2d_circular(torch):
    return torch.nn.Conv2d(1, 2, 3, padding=1, padding_mode="circular"), [x(torch, 1, 1, 4, 5)]


@case
def conv2d_same_reflect(torch):
    return (torch.nn.Conv2d(1, 1, (2, 3), padding="same", padding_mode="reflect"),
            [x(torch, 1, 1, 4, 4)])


@case
def conv_transpose2d(torch):
    return (torch.nn.ConvTranspose2d(2, 3, 3, stride=2, padding=1, output_padding=1),
            [x(torch, 1, 2, 3, 3)])


@case
def conv_transpose2d_groups_dilation(torch):
    return (torch.nn.ConvTranspose2d(4, 2, (2, 3), stride=(1, 2), groups=2, dilation=2,
                                     bias=False), [x(torch, 2, 4, 3, 2)])


@case
def conv_transpose2d_output_size(torch):
    m = torch.nn.ConvTranspose2d(1, 1, 3, stride=2)
    return m, [x(torch, 1, 1, 2, 2)], lambda m, inputs: m(inputs[0], output_size=[6, 5])


@case
def max_pool1d(torch):
    return torch.nn.MaxPool1d(3, stride=2, padding=1), [x(torch, 2, 2, 7)]


@case
def max_pool2d(torch):
    return torch.nn.MaxPool2d(2), [x(torch, 1, 2, 5, 5)]


@case
def max_pool2d_options(torch):
    return (torch.nn.MaxPool2d((3, 2), stride=(2, 1), padding=1, dilation=(1, 2),
                               ceil_mode=True), [x(torch, 1, 1, 6, 6)])


@case
def max_pool2d_indices(torch):
    return torch.nn.MaxPool2d(2, return_indices=True), [x(torch, 1, 1, 4, 4)]


@case
def avg_pool2d(torch):
    return torch.nn.AvgPool2d(2), [x(torch, 1, 2, 4, 5)]


@case
def avg_pool2d_options(torch):
    return (torch.nn.AvgPool2d(3, stride=2, padding=1, ceil_mode=True, count_include_pad=False),
            [x(torch, 1, 1, 6, 6)])


@case
def avg_pool2d_divisor(torch):
    return torch.nn.AvgPool2d((2, 3), stride=1, divisor_override=4), [x(torch, 1, 1, 3, 4)]


@case
def adaptive_avg_pool2d(torch):
    return torch.nn.AdaptiveAvgPool2d((2, 3)), [x(torch, 1, 2, 5, 7)]


@case
def adaptive_avg_pool2d_one(torch):
    return torch.nn.AdaptiveAvgPool2d(1), [x(torch, 2, 2, 3, 3)]


@case
def adaptive_avg_pool2d_none(torch):
    return torch.nn.AdaptiveAvgPool2d((None, 2)), [x(torch, 1, 3, 5)]


def _two_steps(m, inputs):
    m(inputs[0] * 0.5 + 1.0)
    return m(inputs[0])


@case
def batch_norm1d(torch):
    return torch.nn.BatchNorm1d(3), [x(torch, 4, 3)]


@case
def batch_norm1d_3d_momentum_none(torch):
    return torch.nn.BatchNorm1d(3, momentum=None), [x(torch, 2, 3, 4)], _two_steps


@case
def batch_norm2d(torch):
    return torch.nn.BatchNorm2d(2, eps=1e-3, momentum=0.3), [x(torch, 2, 2, 3, 3)], _two_steps


@case
def batch_norm2d_eval(torch):
    m = torch.nn.BatchNorm2d(2)
    with torch.no_grad():
        m.running_mean.copy_(torch.tensor([0.5, -0.25]))
        m.running_var.copy_(torch.tensor([2.0, 0.5]))
    return m.eval(), [x(torch, 2, 2, 2, 3)]


@case
def batch_norm2d_no_stats_no_affine(torch):
    return (torch.nn.BatchNorm2d(2, affine=False, track_running_stats=False).eval(),
            [x(torch, 2, 2, 2, 2)])


@case
def batch_norm2d_no_bias(torch):
    return torch.nn.BatchNorm2d(2, bias=False), [x(torch, 3, 2, 2, 2)]


@case
def layer_norm(torch):
    return torch.nn.LayerNorm(4), [x(torch, 2, 3, 4)]


@case
def layer_norm_2d_no_affine(torch):
    return torch.nn.LayerNorm([3, 4], eps=1e-3, elementwise_affine=False), [x(torch, 2, 3, 4)]


@case
def layer_norm_no_bias(torch):
    return torch.nn.LayerNorm(3, bias=False), [x(torch, 2, 3)]


@case
def group_norm(torch):
    return torch.nn.GroupNorm(2, 4), [x(torch, 2, 4, 3)]


@case
def group_norm_no_affine(torch):
    return torch.nn.GroupNorm(3, 3, eps=1e-2, affine=False), [x(torch, 2, 3, 2, 2)]


@case
def dropout_eval(torch):
    return torch.nn.Dropout(0.3).eval(), [x(torch, 2, 3)]


@case
def dropout_p0(torch):
    return torch.nn.Dropout(0.0), [x(torch, 2, 3)]


@case
def embedding(torch):
    m = torch.nn.Embedding(6, 3, padding_idx=0)
    return m, [torch.tensor([[0, 2, 4], [4, 3, 0]])]


@case
def embedding_negative_padding(torch):
    return torch.nn.Embedding(5, 2, padding_idx=-1, max_norm=None), [torch.tensor([4, 1, 1])]


def _activation(name, *args, shape=(2, 5), **kwargs):
    if "shape" in args:
        args, shape = args[:args.index("shape")], args[-1]

    def build(torch):
        return getattr(torch.nn, name)(*args, **kwargs), [x(torch, *shape, scale=3.0)]
    build.__name__ = name.lower() + "".join(f"_{a}" for a in args) + "".join(
        f"_{k}_{v}" for k, v in kwargs.items())
    return case(build)


for _spec in [("ReLU",), ("LeakyReLU",), ("LeakyReLU", 0.2), ("ELU",), ("ELU", 0.5), ("GELU",),
              ("GELU", "tanh"), ("SiLU",), ("Tanh",), ("Sigmoid",), ("Softplus",),
              ("Softplus", 2.0, 1.0), ("Softmax", 1), ("Softmax", 0), ("LogSoftmax", -1),
              ("LogSoftmax", 0), ("Threshold", 0.5, -2.0), ("Hardtanh", -0.5, 2.0), ("ReLU6",),
              ("Hardsigmoid",), ("Hardswish",), ("SELU",), ("CELU", 0.7), ("Mish",),
              ("GLU", "shape", (2, 4)), ("GLU", 0, "shape", (4, 3)), ("LogSigmoid",),
              ("Softsign",), ("Tanhshrink",), ("Softmin", 1), ("Hardshrink",),
              ("Softshrink", 0.8), ("Softmax2d", "shape", (2, 3, 2))]:
    _activation(*_spec)


@case
def dropout2d_eval(torch):
    return torch.nn.Dropout2d(0.5).eval(), [x(torch, 2, 3, 2)]


@case
def instance_norm1d(torch):
    return torch.nn.InstanceNorm1d(3, affine=True), [x(torch, 2, 3, 4)]


@case
def instance_norm2d_unbatched(torch):
    return torch.nn.InstanceNorm2d(2), [x(torch, 2, 3, 3)]


@case
def rms_norm(torch):
    return torch.nn.RMSNorm([2, 3], eps=1e-4), [x(torch, 2, 2, 3)]


@case
def avg_pool1d(torch):
    return torch.nn.AvgPool1d(3, stride=2, padding=1), [x(torch, 1, 2, 7)]


@case
def adaptive_avg_pool1d(torch):
    return torch.nn.AdaptiveAvgPool1d(3), [x(torch, 1, 2, 7)]


@case
def conv_transpose1d(torch):
    return torch.nn.ConvTranspose1d(2, 4, 3, stride=2, padding=1, groups=2), [x(torch, 1, 2, 4)]


@case
def relu_inplace(torch):
    return torch.nn.ReLU(inplace=True), [x(torch, 2, 3)], lambda m, inputs: m(inputs[0] * 1.0)


@case
def leaky_relu_inplace(torch):
    return (torch.nn.LeakyReLU(0.1, inplace=True), [x(torch, 2, 3)],
            lambda m, inputs: m(inputs[0] * 2.0))


@case
def flatten(torch):
    return torch.nn.Flatten(), [x(torch, 2, 3, 2)]


@case
def flatten_dims(torch):
    return torch.nn.Flatten(0, 1), [x(torch, 2, 3, 2)]


@case
def unflatten(torch):
    return torch.nn.Unflatten(1, (2, 3)), [x(torch, 2, 6)]


@case
def sequential(torch):
    nn = torch.nn
    m = nn.Sequential(nn.Conv2d(1, 2, 3, padding=1), nn.BatchNorm2d(2), nn.ReLU(),
                      nn.MaxPool2d(2), nn.Flatten(), nn.Linear(8, 3), nn.Tanh())
    return m, [x(torch, 2, 1, 4, 4)]


@case
def sequential_ordered_dict(torch):
    nn = torch.nn
    m = nn.Sequential(OrderedDict([("fc", nn.Linear(3, 4)), ("act", nn.GELU()),
                                   ("out", nn.Linear(4, 2))]))
    return m, [x(torch, 2, 3)]


@case
def mha(torch):
    return torch.nn.MultiheadAttention(4, 2), [x(torch, 3, 2, 4)], \
        lambda m, inputs: m(inputs[0], inputs[0], inputs[0])


@case
def mha_cross_batch_first_masks(torch):
    m = torch.nn.MultiheadAttention(4, 2, batch_first=True)
    attn_mask = torch.tensor([[False, True, False, False], [False, False, False, True],
                              [False, False, False, False]])
    key_padding_mask = torch.tensor([[False, False, False, True], [False, False, False, False]])

    def run(m, inputs):
        q, kv = inputs
        return m(q, kv, kv, attn_mask=attn_mask, key_padding_mask=key_padding_mask,
                 average_attn_weights=False)
    return m, [x(torch, 2, 3, 4), x(torch, 2, 4, 4, seed=1)], run


@case
def mha_float_mask_kdim_no_weights(torch):
    m = torch.nn.MultiheadAttention(4, 1, kdim=3, vdim=2, bias=False)
    mask = tensor(torch, (2, 3), seed=5, grad=False)

    def run(m, inputs):
        q, k, v = inputs
        return m(q, k, v, attn_mask=mask, need_weights=False)
    return m, [x(torch, 2, 1, 4), x(torch, 3, 1, 3, seed=1), x(torch, 3, 1, 2, seed=2)], run


@case
def mha_bias_kv_zero_attn(torch):
    m = torch.nn.MultiheadAttention(4, 2, add_bias_kv=True, add_zero_attn=True)
    padding = torch.tensor([[False, False, True], [False, False, False]])

    def run(m, inputs):
        return m(inputs[0], inputs[1], inputs[1], key_padding_mask=padding)
    return m, [x(torch, 2, 2, 4), x(torch, 3, 2, 4, seed=1)], run


@case
def mha_3d_mask_unbatched_padding(torch):
    m = torch.nn.MultiheadAttention(4, 2, dropout=0.5).eval()
    mask = tensor(torch, (2, 3, 3), seed=6, grad=False)
    padding = torch.tensor([False, True, False])

    def run(m, inputs):
        return m(inputs[0], inputs[0], inputs[0], attn_mask=mask, key_padding_mask=padding)
    return m, [x(torch, 3, 4)], run


def _causal(torch, size):
    return torch.tensor(np.triu(np.full((size, size), -np.inf), 1).tolist())


@case
def encoder_causal(torch):
    nn = torch.nn
    layer = nn.TransformerEncoderLayer(4, 2, dim_feedforward=8, dropout=0.0,
                                       activation=nn.GELU())
    m = nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)
    return m, [x(torch, 3, 2, 4)], lambda m, inputs: m(inputs[0], mask=_causal(torch, 3))


@case
def mha_unbatched(torch):
    m = torch.nn.MultiheadAttention(4, 2)
    return m, [x(torch, 3, 4)], lambda m, inputs: m(inputs[0], inputs[0], inputs[0])


@case
def encoder_layer(torch):
    return (torch.nn.TransformerEncoderLayer(4, 2, dim_feedforward=8, dropout=0.0),
            [x(torch, 3, 2, 4)])


@case
def encoder_layer_gelu_norm_first_batch_first(torch):
    m = torch.nn.TransformerEncoderLayer(4, 2, dim_feedforward=6, dropout=0.0,
                                         activation="gelu", batch_first=True, norm_first=True)
    mask = torch.tensor([[False, True, True], [False, False, True], [False, False, False]])
    return m, [x(torch, 2, 3, 4)], lambda m, inputs: m(inputs[0], src_mask=mask)


@case
def encoder(torch):
    nn = torch.nn
    layer = nn.TransformerEncoderLayer(4, 2, dim_feedforward=8, dropout=0.0, batch_first=True)
    m = nn.TransformerEncoder(layer, 2, norm=nn.LayerNorm(4))
    padding = torch.tensor([[False, False, True], [False, False, False]])
    return m, [x(torch, 2, 3, 4)], lambda m, inputs: m(inputs[0], src_key_padding_mask=padding)


@case
def encoder_eval_nested_padding(torch):
    """Eval mode without grad: PyTorch's nested-tensor path zeroes padded positions."""
    nn = torch.nn
    layer = nn.TransformerEncoderLayer(4, 2, dim_feedforward=8, batch_first=True)
    m = nn.TransformerEncoder(layer, 2).eval()
    padding = torch.tensor([[False, False, True], [False, False, False]])

    def run(m, inputs):
        with torch.no_grad():
            return m(inputs[0], src_key_padding_mask=padding)
    return m, [x(torch, 2, 3, 4)], run


def _loss(name, reduction, shape=(3, 4), target=None, **kwargs):
    def build(torch):
        m = getattr(torch.nn, name)(reduction=reduction, **{
            k: (torch.tensor(v) if isinstance(v, list) else v) for k, v in kwargs.items()})
        inputs = [x(torch, *shape, scale=2.0)]
        if target is None:
            inputs.append(tensor(torch, shape, seed=3, grad=False))
        else:
            inputs.append(target(torch))
        if name == "BCELoss":
            return m, inputs, lambda m, inputs: m(torch.sigmoid(inputs[0]), inputs[1] * 0.5 + 0.5)
        if name == "BCEWithLogitsLoss":
            return m, inputs, lambda m, inputs: m(inputs[0], inputs[1] * 0.5 + 0.5)
        return m, inputs
    build.__name__ = f"{name}_{reduction}" + "".join(f"_{k}" for k in kwargs)
    return case(build)


def _classes(torch):
    return torch.tensor([1, 0, 3])


def _classes_ignored(torch):
    return torch.tensor([1, -100, 3])


def _probabilities(torch):
    return torch.softmax(tensor(torch, (3, 4), seed=4, grad=False), dim=1)


for _reduction in ("none", "mean", "sum"):
    _loss("CrossEntropyLoss", _reduction, target=_classes)
    _loss("CrossEntropyLoss", _reduction, target=_classes_ignored, weight=[1.0, 2.0, 0.5, 1.5],
          label_smoothing=0.2)
    _loss("CrossEntropyLoss", _reduction, target=_probabilities, label_smoothing=0.1)
    _loss("NLLLoss", _reduction, target=_classes, weight=[1.0, 2.0, 0.5, 1.5])
    _loss("MSELoss", _reduction)
    _loss("L1Loss", _reduction)
    _loss("SmoothL1Loss", _reduction, beta=0.5)
    _loss("BCELoss", _reduction, weight=[1.0, 2.0, 0.5, 1.5])
    _loss("BCEWithLogitsLoss", _reduction, pos_weight=[1.0, 3.0, 0.5, 2.0])
    _loss("HuberLoss", _reduction, delta=0.7)
    _loss("KLDivLoss", _reduction, target=_probabilities)
_loss("CrossEntropyLoss", "mean", shape=(2, 3, 2), target=lambda torch: torch.tensor(
    [[0, 2], [1, -100]]), ignore_index=-100)
_loss("NLLLoss", "mean", target=_classes, ignore_index=3)
_loss("BCEWithLogitsLoss", "mean", weight=[1.0, 2.0, 0.5, 1.5])


def _sign(torch, *shape):
    return torch.tensor(np.where(pattern(shape, 7) > 0, 1.0, -1.0).tolist())


@case
def soft_margin_loss(torch):
    return torch.nn.SoftMarginLoss(), [x(torch, 3, 4), _sign(torch, 3, 4)]


@case
def multi_margin_loss(torch):
    m = torch.nn.MultiMarginLoss(p=2, margin=0.7, weight=torch.tensor([1.0, 2.0, 0.5, 1.5]),
                                 reduction="sum")
    return m, [x(torch, 3, 4), _classes(torch)]


@case
def multilabel_soft_margin_loss(torch):
    m = torch.nn.MultiLabelSoftMarginLoss(weight=torch.tensor([1.0, 2.0, 0.5, 1.5]))
    return m, [x(torch, 3, 4), (_sign(torch, 3, 4) + 1) * 0.5]


@case
def margin_ranking_loss(torch):
    return (torch.nn.MarginRankingLoss(margin=0.2, reduction="none"),
            [x(torch, 5), x(torch, 5, seed=1), _sign(torch, 5)])


@case
def hinge_embedding_loss(torch):
    return torch.nn.HingeEmbeddingLoss(margin=0.5), [x(torch, 3, 4, scale=2.0), _sign(torch, 3, 4)]


@case
def cosine_embedding_loss(torch):
    return (torch.nn.CosineEmbeddingLoss(margin=0.1, reduction="sum"),
            [x(torch, 4, 3), x(torch, 4, 3, seed=1), _sign(torch, 4)])


@case
def poisson_nll_loss(torch):
    target = tensor(torch, (3, 4), 2, grad=False) + 2
    return torch.nn.PoissonNLLLoss(full=True), [x(torch, 3, 4), target]


@case
def gaussian_nll_loss(torch):
    var = x(torch, 3, 1, seed=2)
    return (torch.nn.GaussianNLLLoss(full=True, reduction="sum"), [x(torch, 3, 4), var],
            lambda m, inputs: m(inputs[0], tensor(torch, (3, 4), 3, grad=False), inputs[1] ** 2))


@case
def triplet_margin_loss(torch):
    return (torch.nn.TripletMarginLoss(margin=0.5, p=1.5, swap=True),
            [x(torch, 4, 3), x(torch, 4, 3, seed=1), x(torch, 4, 3, seed=2)])


@case
def prelu(torch):
    return torch.nn.PReLU(3, init=0.1), [x(torch, 2, 3, 2)]


@case
def rrelu_eval(torch):
    return torch.nn.RReLU(0.1, 0.3).eval(), [x(torch, 2, 5)]


@case
def adaptive_max_pool2d(torch):
    return torch.nn.AdaptiveMaxPool2d((2, 3), return_indices=True), [x(torch, 1, 2, 5, 7)]


@case
def adaptive_max_pool1d(torch):
    return torch.nn.AdaptiveMaxPool1d(3), [x(torch, 1, 2, 7)]


@case
def lp_pool2d(torch):
    return torch.nn.LPPool2d(2, (2, 3), stride=1), [x(torch, 1, 2, 4, 5)]


@case
def lp_pool1d(torch):
    return torch.nn.LPPool1d(3.0, 2, ceil_mode=True), [x(torch, 1, 2, 5, scale=0.5) + 1.0]


def run_case(torch, name):
    """Build, set parameters, run, backpropagate; return everything that is compared."""
    built = CASES[name](torch)
    module, inputs = built[0], built[1]
    run = built[2] if len(built) > 2 else (lambda m, inputs: m(*inputs))
    set_parameters(torch, module)
    output = run(module, inputs)
    outputs = [o for o in (output if isinstance(output, tuple) else (output,))
               if o is not None]
    loss = sum((o * tensor(torch, tuple(o.shape), seed=20 + i, grad=False)).sum()
               for i, o in enumerate(outputs) if o.is_floating_point() and o.requires_grad)
    if not isinstance(loss, int):
        loss.backward()
    grads = {f"input{i}": t.grad for i, t in enumerate(inputs) if t.grad is not None}
    grads.update((n, p.grad) for n, p in module.named_parameters() if p.grad is not None)
    return {
        "repr": repr(module).split("\n"),
        "params": [[n, list(p.shape)] for n, p in module.named_parameters()],
        "state": list(module.state_dict()),
        "buffers": {n: _array(b) for n, b in module.named_buffers()},
        "out": [_array(o) for o in outputs],
        "grads": {n: _array(g) for n, g in grads.items()},
    }


def _array(t):
    return [list(t.shape)] + _flat(t.detach().tolist()).tolist()


def _flat(values):
    return np.asarray(values, dtype=np.float64).reshape(-1)


def compact(array):
    """What is stored for ``[shape, *values]``: all values, or their summary if there are many."""
    shape, values = array[0], array[1:]
    if len(values) > FULL:
        values = summary(values)
    return [shape] + [v if isinstance(v, int) else float(f"{v:.6g}") for v in values]


def check(array, expected, what):
    """Compare ``[shape, *values]`` with its stored form."""
    assert array[0] == expected[0], f"{what}: shape {array[0]} != {expected[0]}"
    actual = compact(array)[1:]
    atol = ATOL if len(array) - 1 <= FULL else 1e-4
    np.testing.assert_allclose(_flat(actual), _flat(expected[1:]), rtol=RTOL, atol=atol,
                               err_msg=what)


@pytest.mark.parametrize("name", sorted(CASES))
def test_case(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = run_case(hookgrad, name)
    expected = RECORDED[name]
    assert result["repr"] == expected["repr"]
    assert result["params"] == expected["params"]
    default_state = [name for name, _ in expected["params"]] + list(expected["buffers"])
    assert result["state"] == expected.get("state", default_state)
    for kind in ("buffers", "grads"):
        assert sorted(result[kind]) == sorted(expected[kind]), kind
        for key, array in result[kind].items():
            check(array, expected[kind][key], f"{kind} {key}")
    assert len(result["out"]) == len(expected["out"])
    for i, array in enumerate(result["out"]):
        check(array, expected["out"][i], f"output {i}")


# ---------------------------------------------------------------------------- Conv2d grid
def conv_grid():
    """Every supported combination of padding, stride, dilation and groups (bias alternates)."""
    combos = []
    for padding in (0, 1, (2, 1), "same", "valid"):
        for stride in (1, 2, (1, 2)):
            if padding == "same" and stride != 1:
                continue  # PyTorch rejects padding='same' with strides
            for dilation in (1, (2, 1)):
                for groups in (1, 2):
                    combos.append((padding, stride, dilation, groups, len(combos) % 2 == 0))
    return combos


def _grid_key(combo):
    return "|".join(map(str, combo))


def run_grid(torch, combo):
    padding, stride, dilation, groups, bias = combo
    module = torch.nn.Conv2d(4, 6, (3, 2), stride=stride, padding=padding, dilation=dilation,
                             groups=groups, bias=bias)
    set_parameters(torch, module)
    inp = x(torch, 2, 4, 6, 5)
    out = module(inp)
    (out * tensor(torch, tuple(out.shape), seed=20, grad=False)).sum().backward()
    arrays = {"out": out, "input": inp.grad, **{n: p.grad for n, p in module.named_parameters()}}
    return {"repr": repr(module), **{k: _array(v) for k, v in arrays.items()}}


@pytest.mark.parametrize("combo", conv_grid(), ids=_grid_key)
def test_conv2d_grid(combo):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # padding='same' with an even kernel warns, as in PyTorch
        result = run_grid(hookgrad, combo)
    expected = RECORDED_GRID[_grid_key(combo)]
    assert result.pop("repr") == expected["repr"]
    assert sorted(result) == sorted(k for k in expected if k != "repr")
    for name, array in result.items():
        check(array, expected[name], name)


# ---------------------------------------------------------------------------- one big model
def everything(torch):
    """A model holding one of every layer type, for its printed form."""
    nn = torch.nn
    layer = nn.TransformerEncoderLayer(8, 2, dim_feedforward=16, batch_first=True)
    return nn.Sequential(OrderedDict([
        ("stem", nn.Sequential(nn.Conv2d(3, 8, 3, stride=2, padding=1, bias=False),
                               nn.BatchNorm2d(8), nn.ReLU(inplace=True))),
        ("convs", nn.ModuleList([nn.Conv1d(2, 4, 3, padding="same", padding_mode="circular"),
                                 nn.Conv2d(8, 8, (3, 1), padding=(1, 0), dilation=2, groups=4),
                                 nn.ConvTranspose2d(8, 4, 2, stride=2, output_padding=1),
                                 nn.Conv2d(4, 4, 3, padding="valid")])),
        ("pools", nn.ModuleDict({"max1": nn.MaxPool1d(2), "max": nn.MaxPool2d(3, 2, 1),
                                 "avg": nn.AvgPool2d(2, count_include_pad=False),
                                 "adaptive": nn.AdaptiveAvgPool2d((1, None))})),
        ("norms", nn.Sequential(nn.BatchNorm1d(8, momentum=None),
                                nn.LayerNorm([4, 8], elementwise_affine=False),
                                nn.GroupNorm(2, 8, eps=1e-3))),
        ("acts", nn.Sequential(nn.LeakyReLU(0.2), nn.ELU(alpha=0.5, inplace=True), nn.GELU(),
                               nn.GELU(approximate="tanh"), nn.SiLU(), nn.Tanh(), nn.Sigmoid(),
                               nn.Softplus(beta=2), nn.Softmax(dim=-1), nn.LogSoftmax(1),
                               nn.Identity())),
        ("head", nn.Sequential(nn.Flatten(), nn.Dropout(0.25), nn.Linear(8, 4),
                               nn.Unflatten(1, (2, 2)), nn.Bilinear(2, 2, 3, bias=False),
                               nn.Embedding(10, 4, padding_idx=0))),
        ("same", nn.ModuleList([nn.Linear(2, 2) for _ in range(3)] + [nn.ReLU()])),
        ("params", nn.ParameterList([nn.Parameter(torch.zeros(2, 3)), torch.ones(4)])),
        ("pdict", nn.ParameterDict({"b": nn.Parameter(torch.zeros(3)),
                                    "a": nn.Parameter(torch.zeros(1, 2))})),
        ("encoder", nn.TransformerEncoder(layer, 2, norm=nn.LayerNorm(8),
                                          enable_nested_tensor=False)),
        ("losses", nn.ModuleList([nn.CrossEntropyLoss(label_smoothing=0.1), nn.NLLLoss(),
                                  nn.MSELoss(), nn.L1Loss(), nn.SmoothL1Loss(), nn.BCELoss(),
                                  nn.BCEWithLogitsLoss(pos_weight=torch.ones(2))])),
    ]))


def test_model_repr():
    model = everything(hookgrad)
    assert repr(model) == MODEL_REPR
    expected = RECORDED_MODEL["model"]
    assert [name for name, _ in model.named_modules()] == expected["modules"]
    assert [[n, list(p.shape)] for n, p in model.named_parameters()] == expected["params"]
    assert list(model.state_dict()) == expected["state"]


# ---------------------------------------------------------------------------- containers
nn = hookgrad.nn


def test_sequential_api():
    s = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
    assert len(s) == 3 and isinstance(s[0], nn.Linear) and s[-1] is s[2]
    assert repr(s[1:]) == ("Sequential(\n  (1): ReLU()\n"
                           "  (2): Linear(in_features=3, out_features=1, bias=True)\n)")
    assert list(s[::2]._modules) == ["0", "2"] and isinstance(s[1:], nn.Sequential)
    assert s.append(nn.Tanh()) is s
    s.insert(1, nn.Identity()).extend([nn.Sigmoid()])
    assert [type(m).__name__ for m in s] == ["Linear", "Identity", "ReLU", "Linear", "Tanh",
                                             "Sigmoid"]
    assert isinstance(s.pop(1), nn.Identity) and list(s._modules) == ["0", "1", "2", "3", "4"]
    del s[0]
    assert [type(m).__name__ for m in s] == ["ReLU", "Linear", "Tanh", "Sigmoid"]
    assert list(s._modules) == ["0", "1", "2", "3"]
    assert list((s + nn.Sequential(nn.ReLU()))._modules) == ["0", "1", "2", "3", "4"]
    s[0] = nn.GELU()
    assert repr(s[0]) == "GELU(approximate='none')"
    with pytest.raises(IndexError, match="index 10 is out of range"):
        s[10]
    with pytest.raises(IndexError, match="Index out of range: 9"):
        s.insert(9, nn.ReLU())
    with pytest.raises(ValueError, match="add operator supports only objects of Sequential"):
        s + nn.ReLU()
    named = nn.Sequential(OrderedDict(a=nn.Linear(1, 1), b=nn.ReLU()))
    assert isinstance(named.a, nn.Linear) and list(named[1:]._modules) == ["b"]
    assert list((named * 2)._modules) == ["0", "1", "2", "3"]
    nested = nn.Sequential(nn.Sequential(nn.Conv2d(1, 1, 1)), nn.ReLU())
    assert [n for n, _ in nested.named_modules()] == ["", "0", "0.0", "1"]
    assert [n for n, _ in nested.named_parameters()] == ["0.0.weight", "0.0.bias"]


def test_module_list_and_dict():
    ml = nn.ModuleList([nn.ReLU(), nn.ReLU(), nn.Tanh(), nn.ReLU()])
    assert repr(ml) == "ModuleList(\n  (0-1): 2 x ReLU()\n  (2): Tanh()\n  (3): ReLU()\n)"
    assert repr(ml[1:3]) == "ModuleList(\n  (0): ReLU()\n  (1): Tanh()\n)"
    ml.insert(0, nn.Sigmoid())
    ml.append(nn.ELU()).extend([nn.SiLU()])
    assert isinstance(ml.pop(0), nn.Sigmoid) and len(ml) == 6
    del ml[1:3]
    assert repr(ml) == ("ModuleList(\n  (0-1): 2 x ReLU()\n  (2): ELU(alpha=1.0)\n"
                        "  (3): SiLU()\n)")
    assert repr(nn.ModuleList()) == "ModuleList()"
    with pytest.raises(NotImplementedError, match=r'Module \[ModuleList\] is missing the '
                                                  r'required "forward" function'):
        ml(1)
    with pytest.raises(TypeError, match="ModuleList.extend should be called with an iterable, "
                                        "but got int"):
        ml.extend(3)
    md = nn.ModuleDict({"b": nn.ReLU(), "a": nn.Tanh()})
    md["c"] = nn.Linear(1, 2)
    md.update([("d", nn.ReLU())])
    assert list(md) == ["b", "a", "c", "d"] and "a" in md and len(md) == 4
    assert isinstance(md.pop("a"), nn.Tanh) and list(md.keys()) == ["b", "c", "d"]
    assert [n for n, _ in md.named_parameters()] == ["c.weight", "c.bias"]


def test_parameter_list_and_dict():
    pl = nn.ParameterList([nn.Parameter(hookgrad.zeros(2)), hookgrad.ones(3, 2)])
    pl.append(hookgrad.zeros(1))
    assert repr(pl) == ("ParameterList(\n"
                        "    (0): Parameter containing: [torch.float32 of size 2]\n"
                        "    (1): Parameter containing: [torch.float32 of size 3x2]\n"
                        "    (2): Parameter containing: [torch.float32 of size 1]\n)")
    assert all(isinstance(p, nn.Parameter) for p in pl) and len(pl) == 3
    assert [n for n, _ in pl.named_parameters()] == ["0", "1", "2"]
    assert [tuple(p.shape) for p in pl[1:]] == [(3, 2), (1,)]
    assert repr(nn.ParameterList([nn.Parameter(hookgrad.zeros(2))])) == (
        "ParameterList(  (0): Parameter containing: [torch.float32 of size 2])")
    with pytest.raises(RuntimeError, match="ParameterList should not be called."):
        pl(1)
    pd = nn.ParameterDict({"w": hookgrad.zeros(2, 2), "b": nn.Parameter(hookgrad.ones(2))})
    pd["c"] = hookgrad.zeros(3)
    assert repr(pd) == ("ParameterDict(\n"
                        "    (b): Parameter containing: [torch.FloatTensor of size 2]\n"
                        "    (w): Parameter containing: [torch.FloatTensor of size 2x2]\n"
                        "    (c): Parameter containing: [torch.FloatTensor of size 3]\n)")
    assert list(pd) == ["b", "w", "c"] and [n for n, _ in pd.named_parameters()] == list(pd)
    assert tuple(pd.pop("c").shape) == (3,) and len(pd) == 2 and pd.get("zz", 5) == 5
    assert list(pd.state_dict()) == ["b", "w"]


def test_hooks_run_through_containers():
    """Recorded with PyTorch: every module's hooks fire, in PyTorch's order."""
    log = []
    model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(),
                          nn.Sequential(nn.Linear(4, 2), nn.Tanh()))
    for name, m in model.named_modules():
        m.register_forward_pre_hook(lambda m, a, name=name: log.append(("pre", name)))
        m.register_forward_hook(lambda m, a, o, name=name: log.append(("fwd", name)))
        m.register_full_backward_hook(lambda m, gi, go, name=name: log.append(
            ("bwd", name, [tuple(g.shape) for g in gi], [tuple(g.shape) for g in go])))
    model(hookgrad.randn(5, 3, requires_grad=True)).sum().backward()
    assert log == [
        ("pre", ""), ("pre", "0"), ("fwd", "0"), ("pre", "1"), ("fwd", "1"), ("pre", "2"),
        ("pre", "2.0"), ("fwd", "2.0"), ("pre", "2.1"), ("fwd", "2.1"), ("fwd", "2"),
        ("fwd", ""), ("bwd", "2.1", [(5, 2)], [(5, 2)]), ("bwd", "2.0", [(5, 4)], [(5, 2)]),
        ("bwd", "2", [(5, 4)], [(5, 2)]), ("bwd", "1", [(5, 4)], [(5, 4)]),
        ("bwd", "0", [(5, 3)], [(5, 4)]), ("bwd", "", [(5, 3)], [(5, 2)])]


# ---------------------------------------------------------------------------- initialisation
def _values(t):
    return np.asarray(t.detach().tolist(), dtype=np.float64)


def _assert_uniform(t, bound):
    """Values in [-bound, bound] with the mean and spread of U(-bound, bound)."""
    v = _values(t).reshape(-1)
    slack = 5 / math.sqrt(v.size)  # five standard errors, relative
    assert np.abs(v).max() <= bound * (1 + 1e-6)
    assert np.abs(v).max() > bound * (1 - 6 / v.size)
    assert abs(v.mean()) < slack * bound / math.sqrt(3)
    assert abs(v.std() / (bound / math.sqrt(3)) - 1) < slack


def _assert_normal(t, std, mean=0.0):
    v = _values(t).reshape(-1)
    slack = 5 / math.sqrt(v.size)
    assert abs(v.mean() - mean) < slack * std
    assert abs(v.std() / std - 1) < slack


def test_default_initialisation():
    hookgrad.manual_seed(0)
    linear = nn.Linear(300, 200)
    _assert_uniform(linear.weight, 1 / math.sqrt(300))
    _assert_uniform(linear.bias, 1 / math.sqrt(300))
    conv = nn.Conv2d(8, 64, (3, 2), groups=2)  # fan_in = 4 * 3 * 2
    _assert_uniform(conv.weight, 1 / math.sqrt(24))
    _assert_uniform(conv.bias, 1 / math.sqrt(24))
    transposed = nn.ConvTranspose2d(64, 40, 3, groups=4)  # weight (64, 10, 3, 3): fan_in = 90
    _assert_uniform(transposed.weight, 1 / math.sqrt(90))
    _assert_uniform(transposed.bias, 1 / math.sqrt(90))
    bilinear = nn.Bilinear(20, 10, 30)
    _assert_uniform(bilinear.weight, 1 / math.sqrt(20))
    embedding = nn.Embedding(1000, 20, padding_idx=3)
    assert _values(embedding.weight)[3].tolist() == [0.0] * 20
    _assert_normal(embedding.weight[4:], 1.0)
    mha = nn.MultiheadAttention(64, 4)
    _assert_uniform(mha.in_proj_weight, math.sqrt(6 / (64 + 3 * 64)))
    assert not _values(mha.in_proj_bias).any() and not _values(mha.out_proj.bias).any()
    _assert_uniform(mha.out_proj.weight, 1 / math.sqrt(64))
    for norm in (nn.BatchNorm2d(5), nn.LayerNorm(5), nn.GroupNorm(1, 5)):
        assert _values(norm.weight).tolist() == [1.0] * 5
        assert _values(norm.bias).tolist() == [0.0] * 5
    bn = nn.BatchNorm1d(3)
    assert _values(bn.running_mean).tolist() == [0.0] * 3
    assert _values(bn.running_var).tolist() == [1.0] * 3
    assert bn.num_batches_tracked.dtype == hookgrad.int64 and bn.num_batches_tracked.item() == 0
    assert all(p.requires_grad and p.is_leaf for p in linear.parameters())


def test_init_functions():
    init = nn.init
    assert [init.calculate_gain(n) for n in ("linear", "conv2d", "sigmoid", "tanh", "relu",
                                             "leaky_relu", "selu")] == [
        1, 1, 1, 1.6666666666666667, 1.4142135623730951, 1.4141428569978354, 0.75]
    assert init.calculate_gain("leaky_relu", 0.2) == 1.3867504905630728
    assert init._calculate_fan_in_and_fan_out(hookgrad.zeros(6, 4, 3, 2)) == (24, 36)
    w = nn.Parameter(hookgrad.zeros(400, 300))
    version = w._version
    assert init.kaiming_uniform_(w) is w and w.is_leaf and w.grad_fn is None
    assert w._version > version
    _assert_uniform(w, math.sqrt(3) * init.calculate_gain("leaky_relu", 0) / math.sqrt(300))
    _assert_uniform(init.kaiming_uniform_(w, mode="fan_out", nonlinearity="relu"),
                    math.sqrt(6 / 400))
    _assert_normal(init.kaiming_normal_(w, a=0.1), math.sqrt(2 / 1.01) / math.sqrt(300))
    _assert_uniform(init.xavier_uniform_(w, gain=2.0), 2 * math.sqrt(6 / 700))
    _assert_normal(init.xavier_normal_(w), math.sqrt(2 / 700))
    _assert_uniform(init.uniform_(w, -3, 3), 3)
    _assert_normal(init.normal_(w, 2.0, 0.5), 0.5, mean=2.0)
    values = _values(init.trunc_normal_(w, mean=0.5, std=1.0, a=-1.0, b=1.5))
    assert values.min() >= -1.0 and values.max() <= 1.5 and abs(values.mean() - 0.35481) < 0.01
    with pytest.warns(UserWarning, match="mean is more than 2 std from"):  # far tail
        values = _values(init.trunc_normal_(w, std=0.01, a=0.05, b=0.06))
    assert values.min() >= 0.05 and values.max() <= 0.06
    assert _values(init.constant_(w, 0.25)).max() == 0.25
    assert not _values(init.zeros_(w)).any() and _values(init.ones_(w)).min() == 1.0
    assert _values(init.eye_(hookgrad.empty(2, 3))).tolist() == [[1, 0, 0], [0, 1, 0]]
    q = _values(init.orthogonal_(hookgrad.empty(3, 5)))
    np.testing.assert_allclose(q @ q.T, np.eye(3), atol=1e-5)
    with pytest.raises(ValueError, match="Fan in and fan out can not be computed for tensor "
                                         "with fewer than 2 dimensions"):
        init.xavier_uniform_(hookgrad.zeros(3))
    with pytest.raises(ValueError, match=r"Mode fan_avg not supported, please use one of "
                                         r"\['fan_in', 'fan_out'\]"):
        init.kaiming_uniform_(w, mode="fan_avg")
    with pytest.raises(ValueError, match="Unsupported nonlinearity softmax"):
        init.calculate_gain("softmax")
    with pytest.raises(ValueError, match="negative_slope True not a valid number"):
        init.calculate_gain("leaky_relu", True)
    with pytest.warns(UserWarning, match="Initializing zero-element tensors is a no-op"):
        init.kaiming_uniform_(hookgrad.zeros(0, 3))


# ---------------------------------------------------------------------------- train / eval
def test_dropout_train_and_eval():
    hookgrad.manual_seed(0)
    drop = nn.Dropout(0.25)
    inp = hookgrad.ones(200, 100, requires_grad=True)
    out = _values(drop(inp))
    assert set(np.unique(out).tolist()) == {0.0, float(np.float32(1 / 0.75))}
    assert abs((out == 0).mean() - 0.25) < 0.02
    drop(inp).sum().backward()  # the gradient is the mask, scaled
    assert set(np.unique(_values(inp.grad)).tolist()) == {0.0, float(np.float32(1 / 0.75))}
    drop.eval()
    assert _values(drop(inp)).tolist() == _values(inp).tolist()
    assert not _values(nn.Dropout(1.0)(inp)).any()
    with pytest.raises(ValueError, match="dropout probability has to be between 0 and 1, but "
                                         "got 1.5"):
        nn.Dropout(1.5)


def test_batch_norm_running_statistics():
    bn = nn.BatchNorm1d(2, momentum=0.5)
    batch = hookgrad.tensor([[1.0, 10.0], [3.0, 20.0], [5.0, 30.0]])
    bn(batch)
    np.testing.assert_allclose(_values(bn.running_mean), [1.5, 10.0])
    np.testing.assert_allclose(_values(bn.running_var), [2.5, 50.5])  # unbiased variance
    assert bn.num_batches_tracked.item() == 1
    bn.eval()
    out = _values(bn(batch))
    np.testing.assert_allclose(out[:, 0], (np.array([1, 3, 5]) - 1.5) / np.sqrt(2.5 + 1e-5),
                               rtol=1e-5)
    assert bn.num_batches_tracked.item() == 1
    cumulative = nn.BatchNorm1d(1, momentum=None)
    for mean in (2.0, 4.0, 9.0):
        cumulative(hookgrad.tensor([[mean - 1.0], [mean + 1.0]]))
    np.testing.assert_allclose(_values(cumulative.running_mean), [5.0])
    untracked = nn.BatchNorm1d(2, track_running_stats=False)
    assert untracked.running_mean is None and list(untracked.state_dict()) == ["weight", "bias"]
    with pytest.raises(ValueError, match=r"expected 4D input \(got 3D input\)"):
        nn.BatchNorm2d(3)(hookgrad.zeros(2, 3, 4))
    with pytest.raises(ValueError, match=r"expected 2D or 3D input \(got 4D input\)"):
        nn.BatchNorm1d(3)(hookgrad.zeros(2, 3, 4, 4))


def test_batch_norm_state_dict_versions():
    bn = nn.BatchNorm2d(2)
    state = bn.state_dict()
    assert nn.BatchNorm2d._version == 2 and state._metadata[""] == {"version": 2}
    assert list(state) == ["weight", "bias", "running_mean", "running_var",
                           "num_batches_tracked"]
    old = OrderedDict((k, v) for k, v in state.items() if k != "num_batches_tracked")
    old._metadata = OrderedDict({"": {"version": 1}})
    assert repr(nn.BatchNorm2d(2).load_state_dict(old)) == "<All keys matched successfully>"
    old._metadata = OrderedDict({"": {"version": 2}})
    with pytest.raises(RuntimeError, match='Missing key.*"num_batches_tracked"'):
        nn.BatchNorm2d(2).load_state_dict(old)


def test_state_dict_round_trip_and_deepcopy():
    hookgrad.manual_seed(1)
    model = everything(hookgrad)
    clone = everything(hookgrad)
    clone.load_state_dict(model.state_dict())
    for (name, a), (_, b) in zip(model.state_dict().items(), clone.state_dict().items()):
        assert _values(a).tolist() == _values(b).tolist(), name
    copied = copy.deepcopy(model)
    assert repr(copied) == repr(model)
    assert repr(pickle.loads(pickle.dumps(model))) == repr(model)
    assert copied.stem[0].weight is not model.stem[0].weight
    encoder = model.encoder
    assert encoder.layers[0] is not encoder.layers[1]
    assert encoder.layers[0].linear1.weight is not encoder.layers[1].linear1.weight
    np.testing.assert_array_equal(_values(encoder.layers[0].linear1.weight),
                                  _values(encoder.layers[1].linear1.weight))


def test_embedding_from_pretrained():
    weights = hookgrad.tensor([[1.0, 2.0], [3.0, 4.0]])
    frozen = nn.Embedding.from_pretrained(weights)
    assert repr(frozen) == "Embedding(2, 2)" and not frozen.weight.requires_grad
    assert frozen(hookgrad.tensor([1, 0])).tolist() == [[3.0, 4.0], [1.0, 2.0]]
    trainable = nn.Embedding.from_pretrained(weights, freeze=False, padding_idx=1)
    assert repr(trainable) == "Embedding(2, 2, padding_idx=1)" and trainable.weight.requires_grad
    assert trainable.weight.tolist() == [[1.0, 2.0], [3.0, 4.0]]  # padding row kept as given


# ---------------------------------------------------------------------------- errors, warnings
@pytest.mark.parametrize("build, error, message", [
    (lambda: nn.Conv2d(3, 4, 3, groups=2), ValueError, "in_channels must be divisible by groups"),
    (lambda: nn.Conv2d(4, 3, 3, groups=2), ValueError,
     "out_channels must be divisible by groups"),
    (lambda: nn.Conv2d(4, 4, 3, groups=0), ValueError, "groups must be a positive integer"),
    (lambda: nn.Conv2d(4, 4, 3, padding="full"), ValueError,
     "Invalid padding string 'full', should be one of"),
    (lambda: nn.Conv2d(4, 4, 3, padding="same", stride=2), ValueError,
     "padding='same' is not supported for strided convolutions"),
    (lambda: nn.Conv2d(4, 4, 3, padding_mode="zero"), ValueError, "padding_mode must be one of"),
    (lambda: nn.ConvTranspose2d(4, 4, 3, padding_mode="reflect"), ValueError,
     'Only "zeros" padding mode is supported for ConvTranspose2d'),
    (lambda: nn.ConvTranspose2d(1, 1, 3, stride=2)(hookgrad.zeros(1, 1, 2, 2),
                                                   output_size=[8, 8]), ValueError,
     r"requested an output size of \[8, 8\], but valid sizes range from \[5, 5\] to \[6, 6\] "
     r"\(for an input of torch.Size\(\[2, 2\]\)\)"),
    (lambda: nn.Embedding(4, 2, padding_idx=4), AssertionError,
     "Padding_idx must be within num_embeddings"),
    (lambda: nn.Embedding(4, 2, padding_idx=-5), AssertionError,
     "Padding_idx must be within num_embeddings"),
    (lambda: nn.Unflatten(1, 6), TypeError,
     "unflattened_size must be a tuple of ints, but found type int"),
    (lambda: nn.Unflatten(1, (2, 3.0)), TypeError,
     "unflattened_size must be tuple of ints, but found element of type float at pos 1"),
    (lambda: nn.GroupNorm(3, 4), ValueError,
     r"num_channels \(4\) must be divisible by num_groups \(3\)"),
    (lambda: nn.MultiheadAttention(5, 2), AssertionError,
     "embed_dim must be divisible by num_heads"),
    (lambda: nn.MultiheadAttention(0, 2), ValueError,
     "embed_dim and num_heads must be greater than 0, got embed_dim=0 and num_heads=2 instead"),
    (lambda: nn.TransformerEncoderLayer(4, 2, activation="tanh"), RuntimeError,
     "activation should be relu/gelu, not tanh"),
    (lambda: nn.Hardtanh(1.0, 0.0), AssertionError,
     r"max_val \(0.0\) must be greater than min_val \(1.0\)"),
])
def test_constructor_errors(build, error, message):
    with pytest.raises(error, match=message):
        build()


def test_warnings():
    with pytest.warns(UserWarning, match="size_average and reduce args will be deprecated, "
                                         "please use reduction='sum' instead."):
        assert nn.MSELoss(size_average=False).reduction == "sum"
    with pytest.warns(UserWarning, match="reduction='none'"):
        assert nn.L1Loss(reduce=False).reduction == "none"
    with pytest.warns(UserWarning, match=r"enable_nested_tensor is True, but "
                                         r"self.use_nested_tensor is False because encoder_layer"
                                         r".self_attn.batch_first was not True\(use batch_first "
                                         r"for better inference performance\)"):
        nn.TransformerEncoder(nn.TransformerEncoderLayer(4, 2), 2)
    with pytest.warns(UserWarning, match="because encoder_layer.self_attn.num_heads is odd"):
        nn.TransformerEncoder(nn.TransformerEncoderLayer(4, 1, batch_first=True), 2)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        encoder = nn.TransformerEncoder(nn.TransformerEncoderLayer(4, 2, batch_first=True), 2)
    assert encoder.use_nested_tensor
    with pytest.warns(UserWarning, match="Implicit dimension choice for softmax has been "
                                         "deprecated"):
        nn.Softmax()(hookgrad.zeros(2, 3))


# ---------------------------------------------------------------------------- recording
def record():  # pragma: no cover - needs real PyTorch
    """Rerun every case with real PyTorch and rewrite the recorded block of this file."""
    import torch

    def stored(result):
        record = {key: (value if key in ("repr", "params", "state") else
                        [compact(a) for a in value] if isinstance(value, list) else
                        {k: compact(a) for k, a in value.items()})
                  for key, value in result.items()}
        if record["state"] == [n for n, _ in record["params"]] + list(record["buffers"]):
            del record["state"]  # the common order: test_case rebuilds it
        return record

    cases = {name: stored(run_case(torch, name)) for name in sorted(CASES)}
    grid = {}
    for combo in conv_grid():
        result = run_grid(torch, combo)
        grid[_grid_key(combo)] = {k: v if k == "repr" else compact(v) for k, v in result.items()}
    model = everything(torch)
    model_record = {"modules": [n for n, _ in model.named_modules()],
                    "params": [[n, list(p.shape)] for n, p in model.named_parameters()],
                    "state": list(model.state_dict())}
    text = [f"# Recorded with PyTorch {torch.__version__} by `--record`; do not edit by hand.",
            _emit("RECORDED", cases), _emit("RECORDED_GRID", grid),
            _emit("RECORDED_MODEL", {"model": model_record}),
            'MODEL_REPR = """\\\n' + repr(model) + '"""', ""]
    with open(__file__) as f:
        source = f.read()
    with open(__file__, "w") as f:
        f.write(source[:source.index(MARKER)] + MARKER + "\n" + "\n".join(text))


def _emit(name, records):  # pragma: no cover
    """A dict of dicts as Python source within 100 columns."""
    import textwrap
    lines = [f"{name} = {{"]
    for key, record in records.items():
        lines.append(f"    {key!r}: {{")
        for field, value in record.items():
            if field == "repr":
                if len(f"        'repr': {value!r},") <= 99:
                    lines.append(f"        'repr': {value!r},")
                elif isinstance(value, list):
                    body = "".join(f"            {_string(part, 12)},\n" for part in value)
                    lines.append(f"        'repr': [\n{body}        ],")
                else:
                    lines.append(f"        'repr':\n            {_string(value, 12)},")
            else:  # numbers, shapes and parameter names: safe to wrap at spaces
                lines.append(textwrap.fill(f"{field!r}: {value!r},", 99, break_long_words=False,
                                           initial_indent=" " * 8, subsequent_indent=" " * 12,
                                           break_on_hyphens=False))
        lines.append("    },")
    return "\n".join(lines + ["}"])


def _string(text, indent):  # pragma: no cover
    """``repr(text)``, as parenthesised pieces split after ", " if it is too long."""
    if indent + len(repr(text)) < 98:
        return repr(text)
    pieces, current = [], ""
    for word in text.split(", "):
        candidate = current + word + ", "
        if current and indent + len(repr(candidate)) > 96:
            pieces.append(current)
            candidate = word + ", "
        current = candidate
    pieces.append(current[:-2])
    return "(" + f"\n{' ' * (indent + 1)}".join(repr(p) for p in pieces) + ")"


MARKER = "# " + "=" * 40 + " recorded"

if __name__ == "__main__":  # pragma: no cover
    if "--record" in sys.argv:
        record()

# ======================================== recorded
# Recorded with PyTorch 2.13.0+cpu by `--record`; do not edit by hand.
RECORDED = {
    'BCELoss_mean_weight': {
        'repr': ['BCELoss()'],
        'params': [],
        'buffers': {'weight': [[4], 1.0, 2.0, 0.5, 1.5]},
        'out': [[[], 1.51342]],
        'grads': {'input0': [[3, 4], 0.028434, 0.0933651, 0.0194537, 0.0225431, -0.0185016,
            -0.0885378, -0.0216731, -0.0350368, 0.00798804, 0.0784469, 0.023066, 0.0460642]},
    },
    'BCELoss_none_weight': {
        'repr': ['BCELoss()'],
        'params': [],
        'buffers': {'weight': [[4], 1.0, 2.0, 0.5, 1.5]},
        'out': [[[3, 4], 0.78562, 3.32721, 0.850358, 1.29292, 0.611809, 2.85209, 0.912965, 1.6814,
            0.55165, 2.28613, 0.918426, 2.09042]],
        'grads': {'input0': [[3, 4], 0.341207, 0.0694115, -0.211909, -0.382404, 0.265787, 0.391979,
            -0.168472, -0.560653, 0.128237, 0.619908, -0.0988855, -0.658062]},
    },
    'BCELoss_sum_weight': {
        'repr': ['BCELoss()'],
        'params': [],
        'buffers': {'weight': [[4], 1.0, 2.0, 0.5, 1.5]},
        'out': [[[], 18.161]],
        'grads': {'input0': [[3, 4], 0.341207, 1.12038, 0.233444, 0.270517, -0.22202, -1.06245,
            -0.260078, -0.420441, 0.0958565, 0.941363, 0.276793, 0.552771]},
    },
    'BCEWithLogitsLoss_mean_pos_weight': {
        'repr': ['BCEWithLogitsLoss()'],
        'params': [],
        'buffers': {'pos_weight': [[4], 1.0, 3.0, 0.5, 2.0]},
        'out': [[[], 1.50609]],
        'grads': {'input0': [[3, 4], 0.0284339, 0.0464008, 0.0396474, 0.00908186, -0.0185016,
            -0.132808, -0.0211957, -0.0506056, 0.00798804, 0.0388317, 0.0464083, 0.0281356]},
    },
    'BCEWithLogitsLoss_mean_weight': {
        'repr': ['BCEWithLogitsLoss()'],
        'params': [],
        'buffers': {'weight': [[4], 1.0, 2.0, 0.5, 1.5]},
        'out': [[[], 1.51342]],
        'grads': {'input0': [[3, 4], 0.0284339, 0.0933651, 0.0194537, 0.0225431, -0.0185016,
            -0.0885378, -0.0216731, -0.0350368, 0.00798804, 0.0784469, 0.023066, 0.0460642]},
    },
    'BCEWithLogitsLoss_none_pos_weight': {
        'repr': ['BCEWithLogitsLoss()'],
        'params': [],
        'buffers': {'pos_weight': [[4], 1.0, 3.0, 0.5, 2.0]},
        'out': [[[3, 4], 0.78562, 1.66895, 1.68719, 0.97462, 0.611809, 4.27811, 0.921716, 2.16963,
            0.55165, 1.15115, 1.83174, 1.44088]],
        'grads': {'input0': [[3, 4], 0.341207, 0.0344963, -0.43188, -0.154058, 0.265787, 0.587972,
            -0.164761, -0.809782, 0.128237, 0.306858, -0.198955, -0.401939]},
    },
    'BCEWithLogitsLoss_sum_pos_weight': {
        'repr': ['BCEWithLogitsLoss()'],
        'params': [],
        'buffers': {'pos_weight': [[4], 1.0, 3.0, 0.5, 2.0]},
        'out': [[[], 18.0731]],
        'grads': {'input0': [[3, 4], 0.341207, 0.556809, 0.475769, 0.108982, -0.22202, -1.59369,
            -0.254349, -0.607267, 0.0958565, 0.46598, 0.5569, 0.337627]},
    },
    'CrossEntropyLoss_mean': {
        'repr': ['CrossEntropyLoss()'],
        'params': [],
        'buffers': {},
        'out': [[[], 0.872188]],
        'grads': {'input0': [[3, 4], 0.0162855, -0.174651, 0.0985468, 0.0598182, -0.0776983,
            0.0388585, 0.0175013, 0.0213386, 0.00775085, 0.0323564, 0.0910846, -0.131192]},
    },
    'CrossEntropyLoss_mean_ignore_index': {
        'repr': ['CrossEntropyLoss()'],
        'params': [],
        'buffers': {},
        'out': [[[], 2.67525]],
        'grads': {'input0': [[2, 3, 2], -0.204258, 0.111205, 0.174409, 0.113848, 0.0298483,
            -0.225053, 0.00492004, 0.0, -0.215187, 0.0, 0.210267, 0.0]},
    },
    'CrossEntropyLoss_mean_label_smoothing': {
        'repr': ['CrossEntropyLoss()'],
        'params': [],
        'buffers': {},
        'out': [[[], 1.31229]],
        'grads': {'input0': [[3, 4], -0.00711848, 0.0180993, 0.0259465, -0.0369273, 0.0440189,
            -0.0244589, -0.0167656, -0.00279429, -0.0155692, -0.00265288, 0.0256509, -0.00742883]},
    },
    'CrossEntropyLoss_mean_weight_label_smoothing': {
        'repr': ['CrossEntropyLoss()'],
        'params': [],
        'buffers': {'weight': [[4], 1.0, 2.0, 0.5, 1.5]},
        'out': [[[], 1.15852]],
        'grads': {'input0': [[3, 4], 0.015835, -0.246978, 0.151272, 0.0798709, 0.0, 0.0, 0.0, 0.0,
            -0.000355939, 0.0202361, 0.108211, -0.128091]},
    },
    'CrossEntropyLoss_none': {
        'repr': ['CrossEntropyLoss()'],
        'params': [],
        'buffers': {},
        'out': [[[3], 1.38356, 0.405497, 0.827506]],
        'grads': {'input0': [[3, 4], 0.0488565, -0.523952, 0.29564, 0.179455, -0.014441,
            0.00722225, 0.00325279, 0.00396599, -0.0211075, -0.0881146, -0.248046, 0.357268]},
    },
    'CrossEntropyLoss_none_label_smoothing': {
        'repr': ['CrossEntropyLoss()'],
        'params': [],
        'buffers': {},
        'out': [[[3], 1.33928, 1.30859, 1.28901]],
        'grads': {'input0': [[3, 4], -0.0213554, 0.0542978, 0.0778395, -0.110782, 0.00818136,
            -0.00454594, -0.00311607, -0.000519348, 0.0423989, 0.00722446, -0.0698539, 0.0202306]},
    },
    'CrossEntropyLoss_none_weight_label_smoothing': {
        'repr': ['CrossEntropyLoss()'],
        'params': [],
        'buffers': {'weight': [[4], 1.0, 2.0, 0.5, 1.5]},
        'out': [[[3], 2.60864, 0.0, 1.4462]],
        'grads': {'input0': [[3, 4], 0.0554226, -0.864424, 0.529454, 0.279548, 0.0, 0.0, 0.0, 0.0,
            0.00113086, -0.0642926, -0.343799, 0.40696]},
    },
    'CrossEntropyLoss_sum': {
        'repr': ['CrossEntropyLoss()'],
        'params': [],
        'buffers': {},
        'out': [[[], 2.61656]],
        'grads': {'input0': [[3, 4], 0.0488565, -0.523952, 0.29564, 0.179455, -0.233095, 0.116576,
            0.0525039, 0.0640157, 0.0232526, 0.0970692, 0.273254, -0.393576]},
    },
    'CrossEntropyLoss_sum_label_smoothing': {
        'repr': ['CrossEntropyLoss()'],
        'params': [],
        'buffers': {},
        'out': [[[], 3.93688]],
        'grads': {'input0': [[3, 4], -0.0213554, 0.0542978, 0.0778395, -0.110782, 0.132057,
            -0.0733768, -0.0502969, -0.00838287, -0.0467077, -0.00795864, 0.0769528, -0.0222865]},
    },
    'CrossEntropyLoss_sum_weight_label_smoothing': {
        'repr': ['CrossEntropyLoss()'],
        'params': [],
        'buffers': {'weight': [[4], 1.0, 2.0, 0.5, 1.5]},
        'out': [[[], 4.05483]],
        'grads': {'input0': [[3, 4], 0.0554226, -0.864424, 0.529454, 0.279548, 0.0, 0.0, 0.0, 0.0,
            -0.00124578, 0.0708263, 0.378737, -0.448318]},
    },
    'HuberLoss_mean_delta': {
        'repr': ['HuberLoss()'],
        'params': [],
        'buffers': {},
        'out': [[[], 1.02153]],
        'grads': {'input0': [[3, 4], 0.040789, 0.040789, 0.040789, 0.040789, -0.0301357, -0.040789,
            -0.040789, -0.040789, -0.00385416, 0.040789, 0.040789, 0.040789]},
    },
    'HuberLoss_none_delta': {
        'repr': ['HuberLoss()'],
        'params': [],
        'buffers': {},
        'out': [[[3, 4], 0.508271, 1.47084, 1.55663, 0.721821, 0.133735, 1.26088, 1.63525, 1.04884,
            0.00218746, 0.979901, 1.6252, 1.31485]],
        'grads': {'input0': [[3, 4], 0.489468, 0.0303242, -0.444315, -0.691915, 0.432917, 0.180583,
            -0.317066, -0.652699, -0.0618734, 0.322326, -0.174865, -0.582702]},
    },
    'HuberLoss_sum_delta': {
        'repr': ['HuberLoss()'],
        'params': [],
        'buffers': {},
        'out': [[[], 12.2584]],
        'grads': {'input0': [[3, 4], 0.489468, 0.489468, 0.489468, 0.489468, -0.361629, -0.489468,
            -0.489468, -0.489468, -0.0462499, 0.489468, 0.489468, 0.489468]},
    },
    'KLDivLoss_mean': {
        'repr': ['KLDivLoss()'],
        'params': [],
        'buffers': {},
        'out': [[[], -0.503942]],
        'grads': {'input0': [[3, 4], -0.0048825, -0.00958422, -0.0185481, -0.0252551, -0.0293155,
            -0.0159696, -0.00789998, -0.00508496, -0.00485919, -0.00810619, -0.0165574,
            -0.0287472]},
    },
    'KLDivLoss_none': {
        'repr': ['KLDivLoss()'],
        'params': [],
        'buffers': {},
        'out': [[[3, 4], -0.224484, -0.539852, -1.00098, -1.01279, -0.463662, -0.0392152,
            -0.00667855, -0.0600452, -0.152299, -0.381671, -0.870734, -1.2949]],
        'grads': {'input0': [[3, 4], -0.05859, -0.00712531, 0.202045, 0.42841, 0.421134, 0.0707012,
            -0.0614091, -0.0813687, -0.0780077, -0.0640572, 0.0709826, 0.410676]},
    },
    'KLDivLoss_sum': {
        'repr': ['KLDivLoss()'],
        'params': [],
        'buffers': {},
        'out': [[[], -6.04731]],
        'grads': {'input0': [[3, 4], -0.05859, -0.115011, -0.222578, -0.303062, -0.351786,
            -0.191635, -0.0947997, -0.0610195, -0.0583103, -0.0972742, -0.198689, -0.344967]},
    },
    'L1Loss_mean': {
        'repr': ['L1Loss()'],
        'params': [],
        'buffers': {},
        'out': [[[], 1.78343]],
        'grads': {'input0': [[3, 4], 0.05827, 0.05827, 0.05827, 0.05827, -0.05827, -0.05827,
            -0.05827, -0.05827, -0.05827, 0.05827, 0.05827, 0.05827]},
    },
    'L1Loss_none': {
        'repr': ['L1Loss()'],
        'params': [],
        'buffers': {},
        'out': [[[3, 4], 1.0761, 2.45119, 2.57376, 1.38117, 0.517174, 2.15125, 2.68607, 1.84835,
            0.0661432, 1.74986, 2.67171, 2.22835]],
        'grads': {'input0': [[3, 4], 0.69924, 0.0433203, -0.634735, -0.988451, 0.837081, 0.257976,
            -0.452952, -0.932428, -0.935446, 0.460465, -0.249807, -0.832431]},
    },
    'L1Loss_sum': {
        'repr': ['L1Loss()'],
        'params': [],
        'buffers': {},
        'out': [[[], 21.4011]],
        'grads': {'input0': [[3, 4], 0.69924, 0.69924, 0.69924, 0.69924, -0.69924, -0.69924,
            -0.69924, -0.69924, -0.69924, 0.69924, 0.69924, 0.69924]},
    },
    'MSELoss_mean': {
        'repr': ['MSELoss()'],
        'params': [],
        'buffers': {},
        'out': [[[], 3.86624]],
        'grads': {'input0': [[3, 4], 0.125409, 0.285662, 0.299946, 0.160962, -0.0602715, -0.250707,
            -0.313035, -0.215406, -0.00770832, 0.203929, 0.311361, 0.259692]},
    },
    'MSELoss_none': {
        'repr': ['MSELoss()'],
        'params': [],
        'buffers': {},
        'out': [[[3, 4], 1.15799, 6.00835, 6.62425, 1.90764, 0.267469, 4.62789, 7.21499, 3.41639,
            0.00437492, 3.06201, 7.13803, 4.96556]],
        'grads': {'input0': [[3, 4], 1.50491, 0.212373, -3.26732, -2.73044, 0.865834, 1.10994,
            -2.43332, -3.4469, -0.123747, 1.6115, -1.33482, -3.7099]},
    },
    'MSELoss_sum': {
        'repr': ['MSELoss()'],
        'params': [],
        'buffers': {},
        'out': [[[], 46.3949]],
        'grads': {'input0': [[3, 4], 1.50491, 3.42795, 3.59935, 1.93154, -0.723258, -3.00848,
            -3.75642, -2.58488, -0.0924999, 2.44714, 3.73633, 3.11631]},
    },
    'NLLLoss_mean_ignore_index': {
        'repr': ['NLLLoss()'],
        'params': [],
        'buffers': {},
        'out': [[[], -0.855928]],
        'grads': {'input0': [[3, 4], 0.0, -0.34962, 0.0, 0.0, -0.34962, 0.0, 0.0, 0.0, 0.0, 0.0,
            0.0, 0.0]},
    },
    'NLLLoss_mean_weight': {
        'repr': ['NLLLoss()'],
        'params': [],
        'buffers': {'weight': [[4], 1.0, 2.0, 0.5, 1.5]},
        'out': [[[], -1.34808]],
        'grads': {'input0': [[3, 4], 0.0, -0.310773, 0.0, 0.0, -0.155387, 0.0, 0.0, 0.0, 0.0, 0.0,
            0.0, -0.23308]},
    },
    'NLLLoss_none_weight': {
        'repr': ['NLLLoss()'],
        'params': [],
        'buffers': {'weight': [[4], 1.0, 2.0, 0.5, 1.5]},
        'out': [[[3], -2.95442, -0.234644, -2.87728]],
        'grads': {'input0': [[3, 4], 0.0, -1.39848, 0.0, 0.0, -0.0433203, 0.0, 0.0, 0.0, 0.0, 0.0,
            0.0, 0.952103]},
    },
    'NLLLoss_sum_weight': {
        'repr': ['NLLLoss()'],
        'params': [],
        'buffers': {'weight': [[4], 1.0, 2.0, 0.5, 1.5]},
        'out': [[[], -6.06634]],
        'grads': {'input0': [[3, 4], 0.0, -1.39848, 0.0, 0.0, -0.69924, 0.0, 0.0, 0.0, 0.0, 0.0,
            0.0, -1.04886]},
    },
    'SmoothL1Loss_mean_beta': {
        'repr': ['SmoothL1Loss()'],
        'params': [],
        'buffers': {},
        'out': [[[], 1.54911]],
        'grads': {'input0': [[3, 4], 0.05827, 0.05827, 0.05827, 0.05827, -0.05827, -0.05827,
            -0.05827, -0.05827, -0.00770832, 0.05827, 0.05827, 0.05827]},
    },
    'SmoothL1Loss_none_beta': {
        'repr': ['SmoothL1Loss()'],
        'params': [],
        'buffers': {},
        'out': [[[3, 4], 0.826102, 2.20119, 2.32376, 1.13117, 0.267174, 1.90125, 2.43607, 1.59835,
            0.00437492, 1.49986, 2.42171, 1.97835]],
        'grads': {'input0': [[3, 4], 0.69924, 0.0433203, -0.634735, -0.988451, 0.837081, 0.257976,
            -0.452952, -0.932428, -0.123747, 0.460465, -0.249807, -0.832431]},
    },
    'SmoothL1Loss_sum_beta': {
        'repr': ['SmoothL1Loss()'],
        'params': [],
        'buffers': {},
        'out': [[[], 18.5894]],
        'grads': {'input0': [[3, 4], 0.69924, 0.69924, 0.69924, 0.69924, -0.69924, -0.69924,
            -0.69924, -0.69924, -0.0924999, 0.69924, 0.69924, 0.69924]},
    },
    'adaptive_avg_pool1d': {
        'repr': ['AdaptiveAvgPool1d(output_size=3)'],
        'params': [],
        'buffers': {},
        'out': [[[1, 2, 3], 0.6128, 0.622545, -0.477606, -0.272916, 0.749234, 0.435622]],
        'grads': {'input0': [[1, 2, 7], 0.23308, 0.23308, 0.24752, 0.0144401, -0.197138, -0.211578,
            -0.211578, -0.329484, -0.329484, -0.608511, -0.279027, -0.365019, -0.0859919,
            -0.0859919]},
    },
    'adaptive_avg_pool2d': {
        'repr': ['AdaptiveAvgPool2d(output_size=(2, 3))'],
        'params': [],
        'buffers': {},
        'out': [[[1, 2, 2, 3], -0.162596, 0.446374, 0.259532, -0.225637, -0.461692, 0.125375,
            0.0577369, 0.49428, 0.0496027, -0.395141, -0.338123, 0.321713]],
        'grads': {'input0': [[1, 2, 5, 7], -0.27663, 0.868357, 0.329761, 5.97752]},
    },
    'adaptive_avg_pool2d_none': {
        'repr': ['AdaptiveAvgPool2d(output_size=(None, 2))'],
        'params': [],
        'buffers': {},
        'out': [[[1, 3, 2], 0.6128, 0.622545, -0.808501, -0.272916, 0.795731, -0.147084]],
        'grads': {'input0': [[1, 3, 5], 0.23308, 0.23308, 0.24752, 0.0144401, 0.0144401, -0.211578,
            -0.211578, -0.541062, -0.329484, -0.329484, -0.279027, -0.279027, -0.365019,
            -0.0859919, -0.0859919]},
    },
    'adaptive_avg_pool2d_one': {
        'repr': ['AdaptiveAvgPool2d(output_size=1)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 2, 1, 1], -0.00537488, 0.00812174, 0.0209127, 0.0318871]],
        'grads': {'input0': [[2, 2, 3, 3], -0.880626, 0.208518, -0.0966513, 2.36575]},
    },
    'adaptive_max_pool1d': {
        'repr': ['AdaptiveMaxPool1d(output_size=3)'],
        'params': [],
        'buffers': {},
        'out': [[[1, 2, 3], 0.999961, 0.999961, 0.117322, 0.38556, 0.959092, 0.959092]],
        'grads': {'input0': [[1, 2, 7], 0.0, 0.0, 0.74256, 0.0, -0.634735, 0.0, 0.0, 0.0, 0.0,
            -0.988451, 0.0, -1.09506, 0.0, 0.0]},
    },
    'adaptive_max_pool2d': {
        'repr': ['AdaptiveMaxPool2d(output_size=(2, 3))'],
        'params': [],
        'buffers': {},
        'out': [[[1, 2, 2, 3], 0.999961, 0.999961, 0.989043, 0.98912, 0.637793, 0.989043, 0.958945,
            0.999966, 0.954119, 0.825388, 0.91025, 0.99142], [[1, 2, 2, 3], 2.0, 2.0, 19.0, 28.0,
            18.0, 19.0, 1.0, 10.0, 19.0, 28.0, 18.0, 27.0]],
        'grads': {'input0': [[1, 2, 5, 7], -0.27663, 1.94687, 2.49005, 7.32433]},
    },
    'avg_pool1d': {
        'repr': ['AvgPool1d(kernel_size=(3,), stride=(2,), padding=(1,))'],
        'params': [],
        'buffers': {},
        'out': [[[1, 2, 4], 0.27948, 0.829639, 0.0973386, -0.516713, -0.401436, 0.319888, 0.795731,
            0.115924]],
        'grads': {'input0': [[1, 2, 7], 0.23308, 0.24752, 0.0144401, -0.197138, -0.211578,
            -0.541062, -0.329484, -0.279027, -0.365019, -0.0859919, 0.064992, 0.150984, 0.461793,
            0.310809]},
    },
    'avg_pool2d': {
        'repr': ['AvgPool2d(kernel_size=2, stride=2, padding=0)'],
        'params': [],
        'buffers': {},
        'out': [[[1, 2, 2, 2], -0.177925, 0.136501, 0.0420371, 0.236551, 0.221438, 0.108352,
            0.187172, -0.124397]],
        'grads': {'input0': [[1, 2, 4, 5], -0.590304, 0.474812, -0.0524094, 4.84618]},
    },
    'avg_pool2d_divisor': {
        'repr': ['AvgPool2d(kernel_size=(2, 3), stride=1, padding=0)'],
        'params': [],
        'buffers': {},
        'out': [[[1, 1, 2, 2], 0.101396, 0.0158538, -0.118289, -0.0444505]],
        'grads': {'input0': [[1, 1, 3, 4], 0.17481, 0.18564, 0.18564, 0.0108301, 0.0161261,
            -0.220156, -0.220156, -0.236283, -0.158684, -0.405796, -0.405796, -0.247113]},
    },
    'avg_pool2d_options': {
        'repr': ['AvgPool2d(kernel_size=3, stride=2, padding=1)'],
        'params': [],
        'buffers': {},
        'out': [[[1, 1, 4, 4], -0.252852, 0.278362, 0.423286, 0.191718, 0.020794, -0.0782832,
            -0.0690935, -0.00470688, -0.0831692, 0.0251651, 0.0981355, 0.0763173, -0.367435,
            -0.827643, -0.147508, 0.524612]],
        'grads': {'input0': [[1, 1, 6, 6], -1.17951, 0.846611, 1.58642, 4.94908]},
    },
    'batch_norm1d': {
        'repr': [
            ('BatchNorm1d(3, eps=1e-05, momentum=0.1, affine=True, bias=True, '
             'track_running_stats=True)'),
        ],
        'params': [['weight', [3]], ['bias', [3]]],
        'buffers': {'running_mean': [[3], 0.00653153, 0.0220903, 0.0263613], 'running_var': [[3],
            0.95514, 0.964862, 0.96938], 'num_batches_tracked': [[], 1.0]},
        'out': [[[4, 3], 0.281521, 0.246793, -0.178876, 0.758821, -0.16449, -0.649935, -0.50673,
            -0.821635, -0.576176, 0.491165, 0.355652, -0.191094]],
        'grads': {'input0': [[4, 3], 0.4135, 0.23789, 0.01565, -0.543046, -0.573923, -0.184957,
            -0.232514, 0.231579, 0.220887, 0.362059, 0.104455, -0.0515798], 'weight': [[3],
            -1.51846, -1.5534, -1.91876], 'bias': [[3], 0.624206, -0.111141, -0.789696]},
    },
    'batch_norm1d_3d_momentum_none': {
        'repr': [
            ('BatchNorm1d(3, eps=1e-05, momentum=None, affine=True, bias=True, '
             'track_running_stats=True)'),
        ],
        'params': [['weight', [3]], ['bias', [3]]],
        'buffers': {'running_mean': [[3], 0.607804, 0.367146, 0.651638], 'running_var': [[3],
            0.346252, 0.328706, 0.313152], 'num_batches_tracked': [[], 2.0]},
        'out': [[[2, 3, 4], -1.90997, -2.11446, 0.641478, 10.3176]],
        'grads': {'input0': [[2, 3, 4], -1.60187e-07, 2.56818, -0.0453803, 6.33399], 'weight':
            [[3], -3.07825, -2.98421, -2.99458], 'bias': [[3], -1.7835, 1.73982, -1.61409]},
    },
    'batch_norm2d': {
        'repr': [
            ('BatchNorm2d(2, eps=0.001, momentum=0.3, affine=True, bias=True, '
             'track_running_stats=True)'),
        ],
        'params': [['weight', [2]], ['bias', [2]]],
        'buffers': {'running_mean': [[2], 0.213146, 0.218102], 'running_var': [[2], 0.669552,
            0.672085], 'num_batches_tracked': [[], 2.0]},
        'out': [[[2, 2, 3, 3], 2.88493, -0.410487, 0.556643, 15.7628]],
        'grads': {'input0': [[2, 2, 3, 3], -1.67638e-08, 0.131183, 1.3679, 11.9607], 'weight':
            [[2], -7.86762, -7.74943], 'bias': [[2], 0.505819, 0.307395]},
    },
    'batch_norm2d_eval': {
        'repr': [
            ('BatchNorm2d(2, eps=1e-05, momentum=0.1, affine=True, bias=True, '
             'track_running_stats=True)'),
        ],
        'params': [['weight', [2]], ['bias', [2]]],
        'buffers': {'running_mean': [[2], 0.5, -0.25], 'running_var': [[2], 2.0, 0.5],
            'num_batches_tracked': [[], 0.0]},
        'out': [[[2, 2, 2, 3], 2.77611, -1.42406, 1.26182, 8.09]],
        'grads': {'input0': [[2, 2, 2, 3], -0.734564, 2.26193, -1.91305, 7.20322], 'weight': [[2],
            -1.78911, -5.81019], 'bias': [[2], -1.08952, -0.568254]},
    },
    'batch_norm2d_no_bias': {
        'repr': [
            ('BatchNorm2d(2, eps=1e-05, momentum=0.1, affine=True, bias=False, '
             'track_running_stats=True)'),
        ],
        'params': [['weight', [2]]],
        'buffers': {'running_mean': [[2], 0.0449882, -0.0337359], 'running_var': [[2], 0.932304,
            0.940566], 'num_batches_tracked': [[], 1.0]},
        'out': [[[3, 2, 2, 2], -1.41561e-07, -3.34968, 2.47157, 9.81329]],
        'grads': {'input0': [[3, 2, 2, 2], -2.70084e-08, 0.0111021, -0.345638, 4.72972], 'weight':
            [[2], -7.26062, -7.12408]},
    },
    'batch_norm2d_no_stats_no_affine': {
        'repr': [
            ('BatchNorm2d(2, eps=1e-05, momentum=0.1, affine=False, bias=False, '
             'track_running_stats=False)'),
        ],
        'params': [],
        'buffers': {},
        'out': [[[2, 2, 2, 2], -1.04616, 0.395279, 0.985048, 0.421782, 1.10911, -0.203149,
            -0.95839, -0.770689, -2.01373, -0.401397, 0.766357, 0.892824, 1.88122, 0.55124,
            -0.607197, -1.00215]],
        'grads': {'input0': [[2, 2, 2, 2], 0.333235, 0.788379, 0.0501171, -1.50431, -0.138005,
            -0.582027, -0.122456, 1.00587, -0.432808, 0.660082, 0.625124, -0.519819, 0.479477,
            -0.422114, -0.501825, 0.281075]},
    },
    'bilinear': {
        'repr': ['Bilinear(in1_features=3, in2_features=2, out_features=4, bias=True)'],
        'params': [['weight', [4, 3, 2]], ['bias', [4]]],
        'buffers': {},
        'out': [[[2, 4], -0.405635, 0.881681, -0.364078, -1.49823, 0.0805279, -0.201799, -0.155459,
            -0.548531]],
        'grads': {'input0': [[2, 3], 0.301645, 0.855204, -0.115926, 0.179967, 0.111784, -0.155691],
            'input1': [[2, 2], 0.486483, 0.07654, 0.0192828, -0.469314], 'weight': [[4, 3, 2],
            -2.94327, -1.43038, -1.05306, 8.43341], 'bias': [[4], -0.137841, -0.214656, -0.181784,
            -0.056023]},
    },
    'celu_0.7': {
        'repr': ['CELU(alpha=0.7)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], 0.2995, 2.21582, 2.99988, 2.25105, 0.351965, -0.640619, -0.689252,
            -0.683563, -0.529059, 1.15668]],
        'grads': {'input0': [[2, 5], 0.69924, 0.0433203, -0.634735, -0.988451, -0.837081,
            -0.0218842, 0.00695478, 0.0218945, 0.228438, 0.460465]},
    },
    'conv1d': {
        'repr': ['Conv1d(2, 4, kernel_size=(3,), stride=(2,), padding=(1,))'],
        'params': [['weight', [4, 2, 3]], ['bias', [4]]],
        'buffers': {},
        'out': [[[2, 4, 4], -5.43405, -3.13652, 0.265628, 15.1749]],
        'grads': {'input0': [[2, 2, 7], -1.6452, -2.93634, 2.88934, 10.9061], 'weight': [[4, 2, 3],
            -3.26283, 2.90098, 10.2417, 26.5853], 'bias': [[4], 0.568873, -1.63744, 2.62879,
            -3.49616]},
    },
    'conv1d_same_dilated_groups': {
        'repr': [
            'Conv1d(4, 2, kernel_size=(3,), stride=(1,), padding=same, dilation=(2,), groups=2)',
        ],
        'params': [['weight', [2, 2, 3]], ['bias', [2]]],
        'buffers': {},
        'out': [[[1, 2, 6], 1.09404, 0.941295, 0.622591, 0.314096, 0.444634, -0.117384, -0.052342,
            -0.0586498, 0.0729257, 0.43325, 0.364618, -0.0232831]],
        'grads': {'input0': [[1, 4, 6], 1.24746, -0.240856, -0.648695, 8.20906], 'weight': [[2, 2,
            3], -1.82406, -1.22429, 1.22626, 1.65968, -1.89498, -1.73452, 1.43706, -0.918193,
            -1.95714, 0.631918, 3.00054, -0.241876], 'bias': [[2], -1.97568, 1.69905]},
    },
    'conv1d_unbatched': {
        'repr': ['Conv1d(2, 3, kernel_size=(2,), stride=(1,), bias=False)'],
        'params': [['weight', [3, 2, 2]]],
        'buffers': {},
        'out': [[[3, 4], 0.400998, 0.723126, 0.675748, 0.283072, -0.26157, -0.535547, -0.535868,
            -0.262367, 0.109806, 0.322711, 0.370716, 0.22929]],
        'grads': {'input0': [[2, 5], 1.02072, 1.49723, -0.204446, -1.80165, -1.33124, 0.769423,
            0.209854, -0.353084, -0.735601, 0.108132], 'weight': [[3, 2, 2], -1.27459, -0.0324597,
            0.436031, -0.891633, 0.878471, -0.426972, 0.0300513, 1.25206, -0.440922, 0.866268,
            -0.494717, -1.55343]},
    },
    'conv2d': {
        'repr': ['Conv2d(2, 3, kernel_size=(3, 3), stride=(1, 1))'],
        'params': [['weight', [3, 2, 3, 3]], ['bias', [3]]],
        'buffers': {},
        'out': [[[2, 3, 3, 3], 22.5381, 13.999, 2.88873, 107.178]],
        'grads': {'input0': [[2, 2, 5, 5], 0.21052, -0.340577, 83.4606, 126.46], 'weight': [[3, 2,
            3, 3], 11.2249, 5.9907, 1.75679, 72.716], 'bias': [[3], 0.388144, 0.185985,
            -0.0323318]},
    },
    'conv2d_circular': {
        'repr': [
            ('Conv2d(1, 2, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1), '
             'padding_mode=circular)'),
        ],
        'params': [['weight', [2, 1, 3, 3]], ['bias', [2]]],
        'buffers': {},
        'out': [[[1, 2, 4, 5], 3.82403, 0.132819, -7.97724, 41.0003]],
        'grads': {'input0': [[1, 1, 4, 5], -0.397521, 1.53428, 8.90088, 16.3556], 'weight': [[2, 1,
            3, 3], 5.49062, -3.9591, 4.64619, 65.8639], 'bias': [[2], 0.269992, -2.23215]},
    },
    'conv2d_options': {
        'repr': [
            ('Conv2d(4, 6, kernel_size=(3, 2), stride=(2, 1), padding=(1, 2), dilation=(1, 2), '
             'groups=2, bias=False)'),
        ],
        'params': [['weight', [6, 2, 3, 2]]],
        'buffers': {},
        'out': [[[1, 6, 3, 7], -5.11488, -0.652322, 0.46266, 59.4269]],
        'grads': {'input0': [[1, 4, 6, 5], -2.9229, -6.13958, -3.7942, 83.9632], 'weight': [[6, 2,
            3, 2], -0.119332, -1.18459, -2.30703, 66.5538]},
    },
    'conv2d_reflect': {
        'repr': [
            ('Conv2d(2, 2, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1), '
             'padding_mode=reflect)'),
        ],
        'params': [['weight', [2, 2, 3, 3]], ['bias', [2]]],
        'buffers': {},
        'out': [[[1, 2, 4, 4], -2.30867, 14.0036, -1.78201, 66.3102]],
        'grads': {'input0': [[1, 2, 4, 4], -0.744988, -19.1313, -22.3851, 78.2592], 'weight': [[2,
            2, 3, 3], 20.9574, 32.4803, 16.5107, 130.597], 'bias': [[2], -1.17951, -0.756434]},
    },
    'conv2d_replicate': {
        'repr': [
            ('Conv2d(2, 2, kernel_size=(3, 3), stride=(1, 1), padding=(2, 1), '
             'padding_mode=replicate)'),
        ],
        'params': [['weight', [2, 2, 3, 3]], ['bias', [2]]],
        'buffers': {},
        'out': [[[1, 2, 6, 4], -1.69726, -2.13154, 30.0353, 63.0642]],
        'grads': {'input0': [[1, 2, 4, 4], -0.65045, 14.8908, 18.8132, 63.9686], 'weight': [[2, 2,
            3, 3], -13.2125, -33.8931, -7.27433, 138.862], 'bias': [[2], -1.65777, -0.0737731]},
    },
    'conv2d_same': {
        'repr': ['Conv2d(2, 2, kernel_size=(4, 3), stride=(1, 1), padding=same, dilation=(1, 2))'],
        'params': [['weight', [2, 2, 4, 3]], ['bias', [2]]],
        'buffers': {},
        'out': [[[1, 2, 5, 6], 7.79646, 4.33604, -0.0100771, 47.3936]],
        'grads': {'input0': [[1, 2, 5, 6], -1.88387, 2.81811, -2.61906, 28.4992], 'weight': [[2, 2,
            4, 3], 0.0174302, 9.55982, -0.0985027, 291.839], 'bias': [[2], -1.09003, 0.930609]},
    },
    'conv2d_same_reflect': {
        'repr': [
            'Conv2d(1, 1, kernel_size=(2, 3), stride=(1, 1), padding=same, padding_mode=reflect)',
        ],
        'params': [['weight', [1, 1, 2, 3]], ['bias', [1]]],
        'buffers': {},
        'out': [[[1, 1, 4, 4], 1.12453, 1.56785, 2.15424, 2.27888, -0.189603, -0.726552, -1.56429,
            -1.79707, 0.258427, 0.863687, 1.91326, 2.24321, 0.272545, -0.310229, -1.31704,
            -1.726]],
        'grads': {'input0': [[1, 1, 4, 4], 0.343295, 0.201239, -0.9633, -0.593279, -0.811502,
            -0.852577, 1.66855, 1.26076, 1.55202, 2.20754, -1.3818, -1.36927, -1.22185, -1.71262,
            0.760691, 0.804341], 'weight': [[1, 1, 2, 3], -3.00741, -4.76103, -1.59192, 2.95576,
            5.2318, 1.87049], 'bias': [[1], -1.17951]},
    },
    'conv2d_valid_unbatched': {
        'repr': ['Conv2d(2, 2, kernel_size=(2, 2), stride=(1, 1), padding=valid)'],
        'params': [['weight', [2, 2, 2, 2]], ['bias', [2]]],
        'buffers': {},
        'out': [[[2, 3, 2], 0.937524, 1.84953, 1.18104, -0.0578753, -1.50318, -0.971048, 1.11809,
            1.41755, -0.0614515, -1.08417, -1.3501, -0.457434]],
        'grads': {'input0': [[2, 4, 3], 0.251696, 0.641175, 0.895138, 9.5316], 'weight': [[2, 2, 2,
            2], 0.551107, 1.87193, 1.45784, -0.0654807, 0.891989, -0.720501, -2.20515, -1.31868,
            2.46196, 1.60412, -1.71343, -2.47791, -2.16397, -2.42765, 0.267339, 1.84891], 'bias':
            [[2], -1.97568, 1.69905]},
    },
    'conv_transpose1d': {
        'repr': ['ConvTranspose1d(2, 4, kernel_size=(3,), stride=(2,), padding=(1,), groups=2)'],
        'params': [['weight', [2, 2, 3]], ['bias', [4]]],
        'buffers': {},
        'out': [[[1, 4, 7], -6.801, 1.04776, -4.37811, 15.92]],
        'grads': {'input0': [[1, 2, 4], -0.524575, -0.690059, -0.0324349, 0.499095, -0.128796,
            0.0995742, 0.431441, 0.374118], 'weight': [[2, 2, 3], -1.14999, -0.896188, -0.983716,
            -0.30149, -0.880364, -1.08078, -0.714333, 0.0913876, 0.133469, -1.13369, -1.14488,
            -1.11291], 'bias': [[4], -1.52273, -0.384833, 1.21974, 1.34516]},
    },
    'conv_transpose2d': {
        'repr': [
            ('ConvTranspose2d(2, 3, kernel_size=(3, 3), stride=(2, 2), padding=(1, 1), '
             'output_padding=(1, 1))'),
        ],
        'params': [['weight', [2, 3, 3, 3]], ['bias', [3]]],
        'buffers': {},
        'out': [[[1, 3, 6, 6], -13.123, 0.395559, -0.262749, 57.1404]],
        'grads': {'input0': [[1, 2, 3, 3], 1.50103, 7.08253, -0.115156, 15.9219], 'weight': [[2, 3,
            3, 3], -13.3948, 17.1602, 33.5494, 100.665], 'bias': [[3], 0.813214, -0.925665,
            -1.51285]},
    },
    'conv_transpose2d_groups_dilation': {
        'repr': [
            ('ConvTranspose2d(4, 2, kernel_size=(2, 3), stride=(1, 2), dilation=(2, 2), '
             'groups=2, bias=False)'),
        ],
        'params': [['weight', [4, 1, 2, 3]]],
        'buffers': {},
        'out': [[[2, 2, 5, 7], -2.20345, 2.13019, -4.69465, 41.1417]],
        'grads': {'input0': [[2, 4, 3, 2], -4.09436, -0.283378, -4.27368, 23.6229], 'weight': [[4,
            1, 2, 3], -0.0339139, -4.8331, -0.505117, 38.1521]},
    },
    'conv_transpose2d_output_size': {
        'repr': ['ConvTranspose2d(1, 1, kernel_size=(3, 3), stride=(2, 2))'],
        'params': [['weight', [1, 1, 3, 3]], ['bias', [1]]],
        'buffers': {},
        'out': [[[1, 1, 6, 5], 8.13947, -0.196095, 3.54984, 9.94566]],
        'grads': {'input0': [[1, 1, 2, 2], -0.707749, -1.39608, -1.50182, -0.243828], 'weight':
            [[1, 1, 3, 3], -1.39143, -2.0393, -1.64513, 1.9502, 1.86971, 0.833823, -2.00612,
            -1.21801, 0.192478], 'bias': [[1], -1.09003]},
    },
    'cosine_embedding_loss': {
        'repr': ['CosineEmbeddingLoss()'],
        'params': [],
        'buffers': {},
        'out': [[[], 0.88775]],
        'grads': {'input0': [[4, 3], 0.404557, 0.163476, -0.161139, -0.0, -0.0, 0.0, -0.0, 0.0,
            0.0, 0.35742, 0.0879359, -0.226482], 'input1': [[4, 3], -0.187285, 0.131848, 0.383608,
            0.0, 0.0, 0.0, -0.0, 0.0, 0.0, -0.102602, 0.231587, 0.447438]},
    },
    'dropout2d_eval': {
        'repr': ['Dropout2d(p=0.5, inplace=False)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 3, 2], 0.0998334, 0.738606, 0.999961, 0.750351, 0.117322, -0.575657,
            -0.974483, -0.875363, -0.328944, 0.38556, 0.903049, 0.959092]],
        'grads': {'input0': [[2, 3, 2], 0.69924, 0.0433203, -0.634735, -0.988451, -0.837081,
            -0.257976, 0.452952, 0.932428, 0.935446, 0.460465, -0.249807, -0.832431]},
    },
    'dropout_eval': {
        'repr': ['Dropout(p=0.3, inplace=False)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 3], 0.0998334, 0.738606, 0.999961, 0.750351, 0.117322, -0.575657]],
        'grads': {'input0': [[2, 3], 0.69924, 0.0433203, -0.634735, -0.988451, -0.837081,
            -0.257976]},
    },
    'dropout_p0': {
        'repr': ['Dropout(p=0.0, inplace=False)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 3], 0.0998334, 0.738606, 0.999961, 0.750351, 0.117322, -0.575657]],
        'grads': {'input0': [[2, 3], 0.69924, 0.0433203, -0.634735, -0.988451, -0.837081,
            -0.257976]},
    },
    'elu': {
        'repr': ['ELU(alpha=1.0)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], 0.2995, 2.21582, 2.99988, 2.25105, 0.351965, -0.822178, -0.946252,
            -0.927639, -0.627244, 1.15668]],
        'grads': {'input0': [[2, 5], 0.69924, 0.0433203, -0.634735, -0.988451, -0.837081,
            -0.0458738, 0.0243452, 0.0674714, 0.348693, 0.460465]},
    },
    'elu_0.5': {
        'repr': ['ELU(alpha=0.5)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], 0.2995, 2.21582, 2.99988, 2.25105, 0.351965, -0.411089, -0.473126,
            -0.46382, -0.313622, 1.15668]],
        'grads': {'input0': [[2, 5], 0.69924, 0.0433203, -0.634735, -0.988451, -0.837081,
            -0.0229369, 0.0121726, 0.0337357, 0.174346, 0.460465]},
    },
    'embedding': {
        'repr': ['Embedding(6, 3, padding_idx=0)'],
        'params': [['weight', [6, 3]]],
        'buffers': {},
        'out': [[[2, 3, 3], 0.936407, -0.156571, 0.540771, 6.36439]],
        'grads': {'weight': [[6, 3], -1.98051, -2.07406, 2.33374, 5.44838]},
    },
    'embedding_negative_padding': {
        'repr': ['Embedding(5, 2, padding_idx=4)'],
        'params': [['weight', [5, 2]]],
        'buffers': {},
        'out': [[[3, 2], 0.358136, 0.499573, 0.215664, -0.140596, 0.215664, -0.140596]],
        'grads': {'weight': [[5, 2], 0.0, 0.0, -1.47182, -1.24643, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]},
    },
    'encoder': {
        'repr': [
            'TransformerEncoder(',
            '  (layers): ModuleList(',
            '    (0-1): 2 x TransformerEncoderLayer(',
            '      (self_attn): MultiheadAttention(',
            ('        (out_proj): NonDynamicallyQuantizableLinear(in_features=4, '
             'out_features=4, bias=True)'),
            '      )',
            '      (linear1): Linear(in_features=4, out_features=8, bias=True)',
            '      (dropout): Dropout(p=0.0, inplace=False)',
            '      (linear2): Linear(in_features=8, out_features=4, bias=True)',
            '      (norm1): LayerNorm((4,), eps=1e-05, elementwise_affine=True, bias=True)',
            '      (norm2): LayerNorm((4,), eps=1e-05, elementwise_affine=True, bias=True)',
            '      (dropout1): Dropout(p=0.0, inplace=False)',
            '      (dropout2): Dropout(p=0.0, inplace=False)',
            '    )',
            '  )',
            '  (norm): LayerNorm((4,), eps=1e-05, elementwise_affine=True, bias=True)',
            ')',
        ],
        'params': [['layers.0.self_attn.in_proj_weight', [12, 4]],
            ['layers.0.self_attn.in_proj_bias', [12]], ['layers.0.self_attn.out_proj.weight', [4,
            4]], ['layers.0.self_attn.out_proj.bias', [4]], ['layers.0.linear1.weight', [8, 4]],
            ['layers.0.linear1.bias', [8]], ['layers.0.linear2.weight', [4, 8]],
            ['layers.0.linear2.bias', [4]], ['layers.0.norm1.weight', [4]], ['layers.0.norm1.bias',
            [4]], ['layers.0.norm2.weight', [4]], ['layers.0.norm2.bias', [4]],
            ['layers.1.self_attn.in_proj_weight', [12, 4]], ['layers.1.self_attn.in_proj_bias',
            [12]], ['layers.1.self_attn.out_proj.weight', [4, 4]],
            ['layers.1.self_attn.out_proj.bias', [4]], ['layers.1.linear1.weight', [8, 4]],
            ['layers.1.linear1.bias', [8]], ['layers.1.linear2.weight', [4, 8]],
            ['layers.1.linear2.bias', [4]], ['layers.1.norm1.weight', [4]], ['layers.1.norm1.bias',
            [4]], ['layers.1.norm2.weight', [4]], ['layers.1.norm2.bias', [4]], ['norm.weight',
            [4]], ['norm.bias', [4]]],
        'buffers': {},
        'out': [[[2, 3, 4], -4.23458, 0.907629, -0.483595, 10.6472]],
        'grads': {'input0': [[2, 3, 4], 0.5721, -2.2595, -1.05504, 5.65891],
            'layers.0.self_attn.in_proj_weight': [[12, 4], 7.18489, -1.59483, -0.846545, 10.9954],
            'layers.0.self_attn.in_proj_bias': [[12], 0.375626, -0.387901, -0.107583, 0.098386,
            -1.39698e-09, -1.68802e-09, -6.33299e-08, 2.23517e-08, -0.151828, -0.924649, -1.22499,
            -0.899375], 'layers.0.self_attn.out_proj.weight': [[4, 4], -0.0622104, -0.0646212,
            0.138791, 0.0483663, 0.105966, 0.259902, -0.513412, -0.0602366, -0.0479284, 0.740223,
            -1.204, -0.0661009, 0.00417276, -0.935503, 1.57862, 0.0779711],
            'layers.0.self_attn.out_proj.bias': [[4], -0.237743, 0.704442, 1.4205, -1.8872],
            'layers.0.linear1.weight': [[8, 4], -0.108152, 0.177072, 0.0848618, 0.767172],
            'layers.0.linear1.bias': [[8], -0.146749, -0.309625, -0.157579, 0.0, 0.0, 0.0,
            -0.00640561, 0.121704], 'layers.0.linear2.weight': [[4, 8], -1.66707e-07, 0.778888,
            -0.400987, 2.30773], 'layers.0.linear2.bias': [[4], -0.0367872, 0.459023, 0.339995,
            -0.762231], 'layers.0.norm1.weight': [[4], 0.531572, -0.0706832, -0.170994, 0.655218],
            'layers.0.norm1.bias': [[4], 0.0221605, 0.486753, 0.322337, -0.816252],
            'layers.0.norm2.weight': [[4], -0.00899653, -1.92049, 0.163916, -0.669867],
            'layers.0.norm2.bias': [[4], -0.136499, 0.696423, -0.21232, 0.124802],
            'layers.1.self_attn.in_proj_weight': [[12, 4], 2.5574, -0.173488, 0.35764, 3.47338],
            'layers.1.self_attn.in_proj_bias': [[12], -7.88679e-05, 7.57422e-05, -0.000173552,
            0.000697943, -2.21189e-09, 9.31323e-10, 5.58794e-09, -2.09548e-09, -0.513891,
            -0.476009, -0.194893, 0.18581], 'layers.1.self_attn.out_proj.weight': [[4, 4],
            -0.0771468, 0.0486132, -0.127059, -0.0174768, 0.403489, -0.293134, 0.627199,
            -0.0128003, -0.309034, 0.234425, -0.471956, 0.038082, -0.0173086, 0.0100962,
            -0.0281843, -0.00780491], 'layers.1.self_attn.out_proj.bias': [[4], -0.133672,
            0.570094, -0.403253, -0.0331698], 'layers.1.linear1.weight': [[8, 4], -0.0834939,
            0.154376, 0.362794, 1.6743], 'layers.1.linear1.bias': [[8], -0.244702, 0.0, -0.0848045,
            0.0413296, 0.146345, 0.17658, 0.0, 0.0203475], 'layers.1.linear2.weight': [[4, 8],
            1.45286e-07, -0.161005, -2.34633, 5.69018], 'layers.1.linear2.bias': [[4], 0.561095,
            -1.45991, 0.529276, 0.369537], 'layers.1.norm1.weight': [[4], 0.7841, -0.0204896,
            0.417157, -0.917344], 'layers.1.norm1.bias': [[4], 0.693573, -1.2773, 0.668701,
            0.394537], 'layers.1.norm2.weight': [[4], 1.62085, 0.312578, 0.176663, 2.18834],
            'layers.1.norm2.bias': [[4], -0.925714, -0.955869, 0.425572, 1.45601], 'norm.weight':
            [[4], 0.56634, -0.393349, 0.137513, -2.63991], 'norm.bias': [[4], -0.152634, -0.508622,
            -0.604712, -0.391802]},
    },
    'encoder_causal': {
        'repr': [
            'TransformerEncoder(',
            '  (layers): ModuleList(',
            '    (0-1): 2 x TransformerEncoderLayer(',
            '      (self_attn): MultiheadAttention(',
            ('        (out_proj): NonDynamicallyQuantizableLinear(in_features=4, '
             'out_features=4, bias=True)'),
            '      )',
            '      (linear1): Linear(in_features=4, out_features=8, bias=True)',
            '      (dropout): Dropout(p=0.0, inplace=False)',
            '      (linear2): Linear(in_features=8, out_features=4, bias=True)',
            '      (norm1): LayerNorm((4,), eps=1e-05, elementwise_affine=True, bias=True)',
            '      (norm2): LayerNorm((4,), eps=1e-05, elementwise_affine=True, bias=True)',
            '      (dropout1): Dropout(p=0.0, inplace=False)',
            '      (dropout2): Dropout(p=0.0, inplace=False)',
            "      (activation): GELU(approximate='none')",
            '    )',
            '  )',
            ')',
        ],
        'params': [['layers.0.self_attn.in_proj_weight', [12, 4]],
            ['layers.0.self_attn.in_proj_bias', [12]], ['layers.0.self_attn.out_proj.weight', [4,
            4]], ['layers.0.self_attn.out_proj.bias', [4]], ['layers.0.linear1.weight', [8, 4]],
            ['layers.0.linear1.bias', [8]], ['layers.0.linear2.weight', [4, 8]],
            ['layers.0.linear2.bias', [4]], ['layers.0.norm1.weight', [4]], ['layers.0.norm1.bias',
            [4]], ['layers.0.norm2.weight', [4]], ['layers.0.norm2.bias', [4]],
            ['layers.1.self_attn.in_proj_weight', [12, 4]], ['layers.1.self_attn.in_proj_bias',
            [12]], ['layers.1.self_attn.out_proj.weight', [4, 4]],
            ['layers.1.self_attn.out_proj.bias', [4]], ['layers.1.linear1.weight', [8, 4]],
            ['layers.1.linear1.bias', [8]], ['layers.1.linear2.weight', [4, 8]],
            ['layers.1.linear2.bias', [4]], ['layers.1.norm1.weight', [4]], ['layers.1.norm1.bias',
            [4]], ['layers.1.norm2.weight', [4]], ['layers.1.norm2.bias', [4]]],
        'buffers': {},
        'out': [[[3, 2, 4], 8.46237, 0.39905, 0.44572, 9.86333]],
        'grads': {'input0': [[3, 2, 4], -0.134852, 0.41735, -0.910833, 6.91529],
            'layers.0.self_attn.in_proj_weight': [[12, 4], -1.16297, 0.5354, 0.117375, 4.12563],
            'layers.0.self_attn.in_proj_bias': [[12], 0.00159588, -0.00106335, 0.00321119,
            -0.00170837, 5.12227e-09, -9.8953e-10, 5.58794e-09, -4.65661e-10, -0.288135, 0.261889,
            0.678092, 0.7478], 'layers.0.self_attn.out_proj.weight': [[4, 4], -0.508313, 0.946357,
            -0.947405, 0.16723, 0.673578, -1.31737, 1.32283, -0.176251, 0.632901, -1.34495,
            1.38433, -0.213612, -0.798167, 1.71596, -1.75975, 0.222633],
            'layers.0.self_attn.out_proj.bias': [[4], 0.918133, -1.35714, -1.42813, 1.86713],
            'layers.0.linear1.weight': [[8, 4], 0.166555, 0.0288775, 0.370134, 3.75562],
            'layers.0.linear1.bias': [[8], 0.714791, 0.651763, 0.35633, 0.0317126, -0.0183839,
            -0.407739, -0.192753, -0.329695], 'layers.0.linear2.weight': [[4, 8], -3.37139e-07,
            -2.1008, 1.47424, 7.43395], 'layers.0.linear2.bias': [[4], -0.896351, -0.874538,
            -0.519265, 2.29015], 'layers.0.norm1.weight': [[4], -1.66537, 0.126526, -0.0203438,
            -2.91835], 'layers.0.norm1.bias': [[4], -1.00647, -0.732148, -0.197123, 2.62744],
            'layers.0.norm2.weight': [[4], -0.725723, 3.00268, 0.180253, 0.833522],
            'layers.0.norm2.bias': [[4], 0.582881, 0.582839, 0.0711764, -1.75005],
            'layers.1.self_attn.in_proj_weight': [[12, 4], -5.05201, 0.153416, -0.352719, 5.37461],
            'layers.1.self_attn.in_proj_bias': [[12], 0.000786144, -0.000277314, 0.000367905,
            -0.000457829, -4.42378e-09, -1.65892e-09, -1.11759e-08, 3.0268e-09, 0.697227, 0.831549,
            0.540961, -0.02605], 'layers.1.self_attn.out_proj.weight': [[4, 4], 0.390616,
            -0.271971, 0.626464, 0.0155798, 0.314164, -0.125498, 0.528076, 0.276362, 0.254654,
            -0.214572, 0.383123, -0.0952821, -0.959434, 0.612041, -1.53766, -0.196659],
            'layers.1.self_attn.out_proj.bias': [[4], 0.596632, 0.726822, 0.271819, -1.59527],
            'layers.1.linear1.weight': [[8, 4], -0.0166569, 0.0867608, 0.126537, 1.68737],
            'layers.1.linear1.bias': [[8], -0.160128, -0.125985, 0.00288443, 0.209287, 0.225963,
            0.238406, -0.00244296, -0.074789], 'layers.1.linear2.weight': [[4, 8], -3.12983e-07,
            -0.190413, 0.206651, 3.63091], 'layers.1.linear2.bias': [[4], -0.680319, 0.328253,
            -0.44005, 0.792116], 'layers.1.norm1.weight': [[4], -0.771386, 0.365502, 0.0543331,
            0.313353], 'layers.1.norm1.bias': [[4], -0.618428, 0.415756, -0.371647, 0.806465],
            'layers.1.norm2.weight': [[4], 0.823201, -0.935997, -0.427959, -1.33606],
            'layers.1.norm2.bias': [[4], -0.152634, -0.508622, -0.604712, -0.391802]},
    },
    'encoder_eval_nested_padding': {
        'repr': [
            'TransformerEncoder(',
            '  (layers): ModuleList(',
            '    (0-1): 2 x TransformerEncoderLayer(',
            '      (self_attn): MultiheadAttention(',
            ('        (out_proj): NonDynamicallyQuantizableLinear(in_features=4, '
             'out_features=4, bias=True)'),
            '      )',
            '      (linear1): Linear(in_features=4, out_features=8, bias=True)',
            '      (dropout): Dropout(p=0.1, inplace=False)',
            '      (linear2): Linear(in_features=8, out_features=4, bias=True)',
            '      (norm1): LayerNorm((4,), eps=1e-05, elementwise_affine=True, bias=True)',
            '      (norm2): LayerNorm((4,), eps=1e-05, elementwise_affine=True, bias=True)',
            '      (dropout1): Dropout(p=0.1, inplace=False)',
            '      (dropout2): Dropout(p=0.1, inplace=False)',
            '    )',
            '  )',
            ')',
        ],
        'params': [['layers.0.self_attn.in_proj_weight', [12, 4]],
            ['layers.0.self_attn.in_proj_bias', [12]], ['layers.0.self_attn.out_proj.weight', [4,
            4]], ['layers.0.self_attn.out_proj.bias', [4]], ['layers.0.linear1.weight', [8, 4]],
            ['layers.0.linear1.bias', [8]], ['layers.0.linear2.weight', [4, 8]],
            ['layers.0.linear2.bias', [4]], ['layers.0.norm1.weight', [4]], ['layers.0.norm1.bias',
            [4]], ['layers.0.norm2.weight', [4]], ['layers.0.norm2.bias', [4]],
            ['layers.1.self_attn.in_proj_weight', [12, 4]], ['layers.1.self_attn.in_proj_bias',
            [12]], ['layers.1.self_attn.out_proj.weight', [4, 4]],
            ['layers.1.self_attn.out_proj.bias', [4]], ['layers.1.linear1.weight', [8, 4]],
            ['layers.1.linear1.bias', [8]], ['layers.1.linear2.weight', [4, 8]],
            ['layers.1.linear2.bias', [4]], ['layers.1.norm1.weight', [4]], ['layers.1.norm1.bias',
            [4]], ['layers.1.norm2.weight', [4]], ['layers.1.norm2.bias', [4]]],
        'buffers': {},
        'out': [[[2, 3, 4], 7.54812, -0.567801, 0.0682047, 8.33833]],
        'grads': {},
    },
    'encoder_layer': {
        'repr': [
            'TransformerEncoderLayer(',
            '  (self_attn): MultiheadAttention(',
            ('    (out_proj): NonDynamicallyQuantizableLinear(in_features=4, out_features=4, '
             'bias=True)'),
            '  )',
            '  (linear1): Linear(in_features=4, out_features=8, bias=True)',
            '  (dropout): Dropout(p=0.0, inplace=False)',
            '  (linear2): Linear(in_features=8, out_features=4, bias=True)',
            '  (norm1): LayerNorm((4,), eps=1e-05, elementwise_affine=True, bias=True)',
            '  (norm2): LayerNorm((4,), eps=1e-05, elementwise_affine=True, bias=True)',
            '  (dropout1): Dropout(p=0.0, inplace=False)',
            '  (dropout2): Dropout(p=0.0, inplace=False)',
            ')',
        ],
        'params': [['self_attn.in_proj_weight', [12, 4]], ['self_attn.in_proj_bias', [12]],
            ['self_attn.out_proj.weight', [4, 4]], ['self_attn.out_proj.bias', [4]],
            ['linear1.weight', [8, 4]], ['linear1.bias', [8]], ['linear2.weight', [4, 8]],
            ['linear2.bias', [4]], ['norm1.weight', [4]], ['norm1.bias', [4]], ['norm2.weight',
            [4]], ['norm2.bias', [4]]],
        'buffers': {},
        'out': [[[3, 2, 4], -14.5679, 0.014818, 0.216259, 14.8662]],
        'grads': {'input0': [[3, 2, 4], -0.0561214, -1.39644, 0.201527, 5.51365],
            'self_attn.in_proj_weight': [[12, 4], 7.4155, -0.681218, -0.113998, 11.6242],
            'self_attn.in_proj_bias': [[12], -0.00480676, 0.00434403, -0.00165203, 0.00102541,
            9.8953e-09, -2.56114e-09, 5.72763e-08, -5.47152e-09, -0.234565, -0.724879, -0.84479,
            -0.533026], 'self_attn.out_proj.weight': [[4, 4], -0.158269, 0.304186, -0.31257,
            0.0663229, -0.401326, 0.549267, -0.534523, 0.231082, -1.11478, 1.36146, -1.29492,
            0.700765, 1.67438, -2.21491, 2.14201, -0.99817], 'self_attn.out_proj.bias': [[4],
            0.296636, 0.325717, 0.578306, -1.20066], 'linear1.weight': [[8, 4], -0.416049,
            -0.0328438, 0.203742, 1.0441], 'linear1.bias': [[8], -0.166482, -0.173219, 0.0670645,
            0.0, 0.0, 0.0, -0.0427441, -0.0275013], 'linear2.weight': [[4, 8], 4.4331e-07,
            -1.21905, 2.31634, 6.30027], 'linear2.bias': [[4], 0.618282, -0.367221, -0.332503,
            0.081443], 'norm1.weight': [[4], -1.71159, -0.685364, -1.09683, 1.10952], 'norm1.bias':
            [[4], 0.605881, -0.352975, -0.29889, 0.117247], 'norm2.weight': [[4], 1.00087, -2.2741,
            -0.991147, -1.50048], 'norm2.bias': [[4], -0.152634, -0.508622, -0.604712, -0.391802]},
    },
    'encoder_layer_gelu_norm_first_batch_first': {
        'repr': [
            'TransformerEncoderLayer(',
            '  (self_attn): MultiheadAttention(',
            ('    (out_proj): NonDynamicallyQuantizableLinear(in_features=4, out_features=4, '
             'bias=True)'),
            '  )',
            '  (linear1): Linear(in_features=4, out_features=6, bias=True)',
            '  (dropout): Dropout(p=0.0, inplace=False)',
            '  (linear2): Linear(in_features=6, out_features=4, bias=True)',
            '  (norm1): LayerNorm((4,), eps=1e-05, elementwise_affine=True, bias=True)',
            '  (norm2): LayerNorm((4,), eps=1e-05, elementwise_affine=True, bias=True)',
            '  (dropout1): Dropout(p=0.0, inplace=False)',
            '  (dropout2): Dropout(p=0.0, inplace=False)',
            ')',
        ],
        'params': [['self_attn.in_proj_weight', [12, 4]], ['self_attn.in_proj_bias', [12]],
            ['self_attn.out_proj.weight', [4, 4]], ['self_attn.out_proj.bias', [4]],
            ['linear1.weight', [6, 4]], ['linear1.bias', [6]], ['linear2.weight', [4, 6]],
            ['linear2.bias', [4]], ['norm1.weight', [4]], ['norm1.bias', [4]], ['norm2.weight',
            [4]], ['norm2.bias', [4]]],
        'buffers': {},
        'out': [[[2, 3, 4], -4.63023, -1.86578, 3.00947, 19.1247]],
        'grads': {'input0': [[2, 3, 4], -1.65777, 5.37632, -3.60443, 16.132],
            'self_attn.in_proj_weight': [[12, 4], -4.03843, 0.135947, 0.00279337, 4.27299],
            'self_attn.in_proj_bias': [[12], -0.00157401, 0.00126794, 0.00188184, -0.00146491,
            -1.39698e-09, 4.65661e-10, -3.25963e-09, 4.65661e-09, -0.0389765, -0.0964517,
            -0.104641, -0.0593609], 'self_attn.out_proj.weight': [[4, 4], 0.530088, -0.659993,
            0.645327, -0.242525, 0.0297489, -0.505943, 0.656169, -0.0694051, -0.310793, 0.0449794,
            0.0804082, 0.082465, -0.664237, 0.481164, -0.349141, 0.252804],
            'self_attn.out_proj.bias': [[4], -0.375092, -0.817217, -0.352081, -0.11338],
            'linear1.weight': [[6, 4], 0.363674, 0.765047, 3.15927, 7.07045], 'linear1.bias': [[6],
            -0.675855, 0.167681, 0.0628058, -0.475432, 0.228464, -0.211631], 'linear2.weight': [[4,
            6], 0.871395, 2.97863, 0.0970963, 9.37189], 'linear2.bias': [[4], -0.152634, -0.508622,
            -0.604712, -0.391802], 'norm1.weight': [[4], 0.00331564, 0.00977477, -0.085259,
            -0.0819624], 'norm1.bias': [[4], -0.00759777, -0.0050958, 1.0062e-05, 0.00511079],
            'norm2.weight': [[4], 0.450381, 0.0539214, 0.49299, 0.514241], 'norm2.bias': [[4],
            -0.324605, -0.200728, 0.0257179, 0.239022]},
    },
    'flatten': {
        'repr': ['Flatten(start_dim=1, end_dim=-1)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 6], 0.0998334, 0.738606, 0.999961, 0.750351, 0.117322, -0.575657, -0.974483,
            -0.875363, -0.328944, 0.38556, 0.903049, 0.959092]],
        'grads': {'input0': [[2, 3, 2], 0.69924, 0.0433203, -0.634735, -0.988451, -0.837081,
            -0.257976, 0.452952, 0.932428, 0.935446, 0.460465, -0.249807, -0.832431]},
    },
    'flatten_dims': {
        'repr': ['Flatten(start_dim=0, end_dim=1)'],
        'params': [],
        'buffers': {},
        'out': [[[6, 2], 0.0998334, 0.738606, 0.999961, 0.750351, 0.117322, -0.575657, -0.974483,
            -0.875363, -0.328944, 0.38556, 0.903049, 0.959092]],
        'grads': {'input0': [[2, 3, 2], 0.69924, 0.0433203, -0.634735, -0.988451, -0.837081,
            -0.257976, 0.452952, 0.932428, 0.935446, 0.460465, -0.249807, -0.832431]},
    },
    'gaussian_nll_loss': {
        'repr': ['GaussianNLLLoss()'],
        'params': [],
        'buffers': {},
        'out': [[[], 64.1021]],
        'grads': {'input0': [[3, 4], 7.7368, 13.572, 12.4722, 4.99919, -2.55962, -6.35611,
            -6.90472, -3.92512, 0.218548, 1.13457, 1.47084, 1.05553], 'input1': [[3, 1], -170.959,
            58.7966, 2.99849]},
    },
    'gelu': {
        'repr': ["GELU(approximate='none')"],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], 0.185008, 2.18623, 2.99583, 2.22361, 0.224402, -0.0726821, -0.00506017,
            -0.0113409, -0.159731, 1.0136]],
        'grads': {'input0': [[2, 5], 0.511818, 0.0460302, -0.64232, -1.04686, -0.644175, 0.0291508,
            -0.00657796, -0.0270412, -0.0748976, 0.512347]},
    },
    'gelu_tanh': {
        'repr': ["GELU(approximate='tanh')"],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], 0.185005, 2.18651, 2.99625, 2.22391, 0.224397, -0.0727982, -0.00462262,
            -0.0108722, -0.159879, 1.01339]],
        'grads': {'input0': [[2, 5], 0.511796, 0.0460633, -0.642091, -1.04757, -0.644133,
            0.0293154, -0.00644439, -0.0271536, -0.0745671, 0.512223]},
    },
    'glu': {
        'repr': ['GLU(dim=-1)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 2], 0.285295, 2.00474, 0.0179525, -0.116533]],
        'grads': {'input0': [[2, 4], 0.666074, 0.0391937, 0.00946202, 0.00827285, -0.0323756,
            -0.0666989, -0.0108139, 0.107414]},
    },
    'glu_0': {
        'repr': ['GLU(dim=0)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 3], 0.0152764, 0.149519, 0.814583, 1.71244, 0.32999, -1.63494]],
        'grads': {'input0': [[4, 3], 0.0356658, 0.00292318, -0.172355, -0.751943, -0.784818,
            -0.244229, 0.0101371, 0.00604016, -0.376647, -0.405005, -0.0172466, 0.0224758]},
    },
    'group_norm': {
        'repr': ['GroupNorm(2, 4, eps=1e-05, affine=True, bias=True)'],
        'params': [['weight', [4]], ['bias', [4]]],
        'buffers': {},
        'out': [[[2, 4, 3], -4.48122, -0.449, 3.01105, 11.2313]],
        'grads': {'input0': [[2, 4, 3], -2.45869e-07, 1.65927, -0.19493, 6.5061], 'weight': [[4],
            -3.01634, -0.904238, -3.33038, -1.2694], 'bias': [[4], -1.48823, 0.398712, 1.02347,
            -1.59172]},
    },
    'group_norm_no_affine': {
        'repr': ['GroupNorm(3, 3, eps=0.01, affine=False, bias=False)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 3, 2, 2], 2.08383e-07, -8.5156, 1.0501, 20.5434]],
        'grads': {'input0': [[2, 3, 2, 2], -1.19209e-07, 2.64539, 1.2367, 11.0092]},
    },
    'hardshrink': {
        'repr': ['Hardshrink(0.5)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], 0.0, 2.21582, 2.99988, 2.25105, 0.0, -1.72697, -2.92345, -2.62609,
            -0.986832, 1.15668]],
        'grads': {'input0': [[2, 5], 0.0, 0.0433203, -0.634735, -0.988451, 0.0, -0.257976,
            0.452952, 0.932428, 0.935446, 0.460465]},
    },
    'hardsigmoid': {
        'repr': ['Hardsigmoid()'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], 0.549917, 0.869303, 0.999981, 0.875175, 0.558661, 0.212172, 0.0127584,
            0.0623187, 0.335528, 0.69278]],
        'grads': {'input0': [[2, 5], 0.11654, 0.00722005, -0.105789, -0.164742, -0.139514,
            -0.042996, 0.075492, 0.155405, 0.155908, 0.0767442]},
    },
    'hardswish': {
        'repr': ['Hardswish()'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], 0.1647, 1.92622, 2.99983, 1.97007, 0.196629, -0.366414, -0.0372985,
            -0.163654, -0.33111, 0.801325]],
        'grads': {'input0': [[2, 5], 0.419428, 0.0536568, -0.952079, -1.23591, -0.516749,
            0.0195177, -0.214918, -0.349998, 0.160014, 0.40777]},
    },
    'hardtanh_-0.5_2.0': {
        'repr': ['Hardtanh(min_val=-0.5, max_val=2.0)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], 0.2995, 2.0, 2.0, 2.0, 0.351965, -0.5, -0.5, -0.5, -0.5, 1.15668]],
        'grads': {'input0': [[2, 5], 0.69924, 0.0, 0.0, 0.0, -0.837081, 0.0, 0.0, 0.0, 0.0,
            0.460465]},
    },
    'hinge_embedding_loss': {
        'repr': ['HingeEmbeddingLoss()'],
        'params': [],
        'buffers': {},
        'out': [[[], -0.414493]],
        'grads': {'input0': [[3, 4], -0.05827, 0.0, 0.0, 0.0, 0.05827, 0.05827, 0.05827, 0.05827,
            0.05827, 0.0, 0.0, 0.0]},
    },
    'identity': {
        'repr': ['Identity()'],
        'params': [],
        'buffers': {},
        'out': [[[2, 3], 0.0998334, 0.738606, 0.999961, 0.750351, 0.117322, -0.575657]],
        'grads': {'input0': [[2, 3], 0.69924, 0.0433203, -0.634735, -0.988451, -0.837081,
            -0.257976]},
    },
    'instance_norm1d': {
        'repr': [
            ('InstanceNorm1d(3, eps=1e-05, momentum=0.1, affine=True, bias=True, '
             'track_running_stats=False)'),
        ],
        'params': [['weight', [3]], ['bias', [3]]],
        'buffers': {},
        'out': [[[2, 3, 4], -1.90997, -3.53484, 0.573107, 10.3348]],
        'grads': {'input0': [[2, 3, 4], 7.1153e-07, 1.09728, 0.660695, 4.63619], 'weight': [[3],
            -4.56139, -4.67465, -4.4481], 'bias': [[3], -1.7835, 1.73982, -1.61409]},
    },
    'instance_norm2d_unbatched': {
        'repr': [
            ('InstanceNorm2d(2, eps=1e-05, momentum=0.1, affine=False, bias=False, '
             'track_running_stats=False)'),
        ],
        'params': [],
        'buffers': {},
        'out': [[[2, 3, 3], -1.63913e-07, 1.12847, 8.12534, 15.8527]],
        'grads': {'input0': [[2, 3, 3], 2.47732e-07, 6.71455, -0.234959, 12.9588]},
    },
    'layer_norm': {
        'repr': ['LayerNorm((4,), eps=1e-05, elementwise_affine=True, bias=True)'],
        'params': [['weight', [4]], ['bias', [4]]],
        'buffers': {},
        'out': [[[2, 3, 4], -4.12006, -2.91959, 0.516898, 10.2865]],
        'grads': {'input0': [[2, 3, 4], 0.0, -0.498105, -0.208385, 2.4328], 'weight': [[4],
            -8.15893, -1.03289, -0.987147, -3.50518], 'bias': [[4], -0.152634, -0.508622,
            -0.604712, -0.391802]},
    },
    'layer_norm_2d_no_affine': {
        'repr': ['LayerNorm((3, 4), eps=0.001, elementwise_affine=False, bias=False)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 3, 4], 8.19564e-07, -3.79229, 4.29928, 21.1055]],
        'grads': {'input0': [[2, 3, 4], 7.7486e-07, 4.7778, -2.69859, 16.6304]},
    },
    'layer_norm_no_bias': {
        'repr': ['LayerNorm((3,), eps=1e-05, elementwise_affine=True, bias=False)'],
        'params': [['weight', [3]]],
        'buffers': {},
        'out': [[[2, 3], -0.640149, 0.153628, 0.22083, 0.568981, 0.0170381, -0.268018]],
        'grads': {'input0': [[2, 3], -0.010275, 0.0355436, -0.0252684, 0.0746931, -0.14295,
            0.0682564], 'weight': [[3], -2.14058, -0.0164754, -0.32934]},
    },
    'leaky_relu_inplace': {
        'repr': ['LeakyReLU(negative_slope=0.1, inplace=True)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 3], 0.199667, 1.47721, 1.99992, 1.5007, 0.234644, -0.115131]],
        'grads': {'input0': [[2, 3], 1.39848, 0.0866406, -1.26947, -1.9769, -1.67416, -0.0515952]},
    },
    'leakyrelu': {
        'repr': ['LeakyReLU(negative_slope=0.01)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], 0.2995, 2.21582, 2.99988, 2.25105, 0.351965, -0.0172697, -0.0292345,
            -0.0262609, -0.00986832, 1.15668]],
        'grads': {'input0': [[2, 5], 0.69924, 0.0433203, -0.634735, -0.988451, -0.837081,
            -0.00257976, 0.00452952, 0.00932427, 0.00935446, 0.460465]},
    },
    'leakyrelu_0.2': {
        'repr': ['LeakyReLU(negative_slope=0.2)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], 0.2995, 2.21582, 2.99988, 2.25105, 0.351965, -0.345394, -0.58469,
            -0.525218, -0.197367, 1.15668]],
        'grads': {'input0': [[2, 5], 0.69924, 0.0433203, -0.634735, -0.988451, -0.837081,
            -0.0515952, 0.0905904, 0.186486, 0.187089, 0.460465]},
    },
    'linear': {
        'repr': ['Linear(in_features=4, out_features=3, bias=True)'],
        'params': [['weight', [3, 4]], ['bias', [3]]],
        'buffers': {},
        'out': [[[2, 3], 0.75449, -0.784598, 0.447562, -0.0413295, 0.408193, -1.08595]],
        'grads': {'input0': [[2, 4], 0.0842018, -0.0155662, -0.10738, -0.144324, -0.203018,
            -0.17321, -0.0548946, 0.0914712], 'weight': [[3, 4], -0.0461593, 1.08547, 1.66244,
            1.38993, -0.0938831, 0.513868, 0.85904, 0.765255, -0.093634, -0.320314, -0.383318,
            -0.250452], 'bias': [[3], -0.28921, -0.793761, -0.892711]},
    },
    'linear_1d': {
        'repr': ['Linear(in_features=3, out_features=2, bias=True)'],
        'params': [['weight', [2, 3]], ['bias', [2]]],
        'buffers': {},
        'out': [[[2], 0.859986, -0.91611]],
        'grads': {'input0': [[3], 0.323844, 0.304443, 0.129476], 'weight': [[2, 3], 0.0698075,
            0.516463, 0.699213, 0.00432482, 0.0319966, 0.0433186], 'bias': [[2], 0.69924,
            0.0433203]},
    },
    'linear_nobias_3d': {
        'repr': ['Linear(in_features=4, out_features=3, bias=False)'],
        'params': [['weight', [3, 4]]],
        'buffers': {},
        'out': [[[2, 5, 3], 0.854441, 1.87902, -0.117552, 15.936]],
        'grads': {'input0': [[2, 5, 4], -0.450717, -0.178516, 0.708274, 4.80377], 'weight': [[3,
            4], -0.729534, -0.0581587, 0.642934, 1.0155, -0.840966, -0.25925, 0.454939, 0.93666,
            -0.522677, -0.327869, 0.0344759, 0.379204]},
    },
    'logsigmoid': {
        'repr': ['LogSigmoid()'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], -0.554568, -0.103517, -0.0485929, -0.100106, -0.53257, -1.89064, -2.9758,
            -2.69595, -1.30365, -0.273478]],
        'grads': {'input0': [[2, 5], 0.297652, 0.00426008, -0.0301062, -0.0941585, -0.345636,
            -0.219028, 0.429848, 0.869509, 0.681437, 0.110176]},
    },
    'logsoftmax_-1': {
        'repr': ['LogSoftmax(dim=-1)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], -3.4267, -1.51038, -0.726313, -1.47514, -3.37423, -3.07661, -4.27309,
            -3.97573, -2.33648, -0.192963]],
        'grads': {'input0': [[2, 5], 0.755055, 0.422635, 0.196101, -0.595532, -0.77826, -0.374339,
            0.41778, 0.885076, 0.691523, -1.62004]},
    },
    'logsoftmax_0': {
        'repr': ['LogSoftmax(dim=0)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], -0.123809, -0.00584488, -0.00359663, -0.0384962, -1.17436, -2.15028,
            -5.14511, -5.62957, -3.27638, -0.369641]],
        'grads': {'input0': [[2, 5], 0.309362, -0.45006, -0.931359, -0.937448, -0.7207, -0.309362,
            0.45006, 0.931359, 0.937448, 0.7207]},
    },
    'lp_pool1d': {
        'repr': ['LPPool1d(norm_type=3.0, kernel_size=2, stride=None, ceil_mode=True)'],
        'params': [],
        'buffers': {},
        'out': [[[1, 2, 3], 1.55013, 1.81464, 1.33383, 0.791589, 0.913018, 1.50281]],
        'grads': {},
    },
    'lp_pool2d': {
        'repr': ['LPPool2d(norm_type=2, kernel_size=(2, 3), stride=1, ceil_mode=False)'],
        'params': [],
        'buffers': {},
        'out': [[[1, 2, 3, 3], 31.5718, 3.81856, 0.780087, 31.5718]],
        'grads': {'input0': [[1, 2, 4, 5], 2.38799, 1.11176, 1.77551, 13.7704]},
    },
    'margin_ranking_loss': {
        'repr': ['MarginRankingLoss()'],
        'params': [],
        'buffers': {},
        'out': [[[5], 0.0, 0.130698, 0.9919, 1.44845, 0.0]],
        'grads': {'input0': [[5], 0.0, 0.0433203, -0.634735, -0.988451, -0.0], 'input1': [[5],
            -0.0, -0.0433203, 0.634735, 0.988451, 0.0]},
    },
    'max_pool1d': {
        'repr': ['MaxPool1d(kernel_size=3, stride=2, padding=1, dilation=1, ceil_mode=False)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 2, 4], 0.738606, 0.999961, 0.750351, -0.575657, -0.328944, 0.903049, 0.959092,
            0.525054, -0.789026, -0.0393604, 0.989043, 0.989043, 0.254145, -0.456482, 0.253643,
            0.834621]],
        'grads': {'input0': [[2, 2, 7], -1.17951, -0.54728, 2.42233, 9.68333]},
    },
    'max_pool2d': {
        'repr': ['MaxPool2d(kernel_size=2, stride=2, padding=0, dilation=1, ceil_mode=False)'],
        'params': [],
        'buffers': {},
        'out': [[[1, 2, 2, 2], 0.738606, 0.999961, 0.959092, 0.637793, 0.253643, 0.98912, 0.958945,
            0.903271]],
        'grads': {'input0': [[1, 2, 5, 5], -0.590304, 3.46977, 1.87712, 4.84618]},
    },
    'max_pool2d_indices': {
        'repr': ['MaxPool2d(kernel_size=2, stride=2, padding=0, dilation=1, ceil_mode=False)'],
        'params': [],
        'buffers': {},
        'out': [[[1, 1, 2, 2], 0.738606, 0.999961, 0.525054, 0.959092], [[1, 1, 2, 2], 1.0, 2.0,
            12.0, 11.0]],
        'grads': {'input0': [[1, 1, 4, 4], 0.0, 0.69924, 0.0433203, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
            0.0, 0.0, -0.988451, -0.634735, 0.0, 0.0, 0.0]},
    },
    'max_pool2d_options': {
        'repr': [
            ('MaxPool2d(kernel_size=(3, 2), stride=(2, 1), padding=1, dilation=(1, 2), '
             'ceil_mode=True)'),
        ],
        'params': [],
        'buffers': {},
        'out': [[[1, 1, 4, 6], 15.2932, 3.07202, 0.797649, 18.8661]],
        'grads': {'input0': [[1, 1, 6, 6], -1.65777, -1.23399, -2.90814, 9.47023]},
    },
    'mha': {
        'repr': [
            'MultiheadAttention(',
            ('  (out_proj): NonDynamicallyQuantizableLinear(in_features=4, out_features=4, '
             'bias=True)'),
            ')',
        ],
        'params': [['in_proj_weight', [12, 4]], ['in_proj_bias', [12]], ['out_proj.weight', [4,
            4]], ['out_proj.bias', [4]]],
        'buffers': {},
        'out': [[[3, 2, 4], 0.172748, 0.610723, 0.0111783, 7.4155], [[2, 3, 3], 6.0, 0.74336,
            0.00800966, 6.0]],
        'grads': {'input0': [[3, 2, 4], -0.0104674, -0.494593, -0.497979, 1.31636],
            'in_proj_weight': [[12, 4], -11.9385, 0.280805, -0.0267172, 18.2906], 'in_proj_bias':
            [[12], -0.00305903, 0.00178833, -0.000959167, 0.00339588, -2.98023e-08, 2.04891e-08,
            -5.02914e-08, 1.39698e-08, -0.00825365, -0.0530855, -0.0707913, -0.0523239],
            'out_proj.weight': [[4, 4], 4.82568, -4.64561, 4.16033, -3.3519, 2.5839, -2.73073,
            2.50621, -1.75963, -0.978222, 0.579521, -0.428541, 0.731788, -4.04048, 3.59364,
            -3.14432, 2.84927], 'out_proj.bias': [[4], -0.152634, -0.508622, -0.604712,
            -0.391802]},
    },
    'mha_3d_mask_unbatched_padding': {
        'repr': [
            'MultiheadAttention(',
            ('  (out_proj): NonDynamicallyQuantizableLinear(in_features=4, out_features=4, '
             'bias=True)'),
            ')',
        ],
        'params': [['in_proj_weight', [12, 4]], ['in_proj_bias', [12]], ['out_proj.weight', [4,
            4]], ['out_proj.bias', [4]]],
        'buffers': {},
        'out': [[[3, 4], -0.645687, -0.0244932, 0.337205, 0.224727, -0.662223, -0.0196778,
            0.344337, 0.205985, -0.653666, -0.0282385, 0.352498, 0.198608], [[3, 3], 0.797625, 0.0,
            0.202375, 0.367193, 0.0, 0.632807, 0.340815, 0.0, 0.659185]],
        'grads': {'input0': [[3, 4], -0.0178181, 0.116045, 0.190611, 0.167777, -0.0163205,
            -0.0168887, -0.00882694, 0.00374522, 0.0226096, -0.120578, -0.202152, -0.180429],
            'in_proj_weight': [[12, 4], -3.11135, 0.167918, 0.315505, 3.85998], 'in_proj_bias':
            [[12], -0.00178541, 0.00112567, 0.00109845, 0.00084991, 1.11759e-08, -7.45058e-09,
            2.98023e-08, -2.98023e-08, -0.219779, -0.434813, -0.427664, -0.201985],
            'out_proj.weight': [[4, 4], 1.03424, -0.504376, 0.252195, -0.653292, 0.329659,
            -0.173403, 0.0984685, -0.226421, -0.543376, 0.246176, -0.105574, 0.316147, -1.13875,
            0.539963, -0.25567, 0.697169], 'out_proj.bias': [[4], 0.797605, 0.24581, -0.431591,
            -0.888454]},
    },
    'mha_bias_kv_zero_attn': {
        'repr': [
            'MultiheadAttention(',
            ('  (out_proj): NonDynamicallyQuantizableLinear(in_features=4, out_features=4, '
             'bias=True)'),
            ')',
        ],
        'params': [['in_proj_weight', [12, 4]], ['in_proj_bias', [12]], ['bias_k', [1, 1, 4]],
            ['bias_v', [1, 1, 4]], ['out_proj.weight', [4, 4]], ['out_proj.bias', [4]]],
        'buffers': {},
        'out': [[[2, 2, 4], 0.541521, 0.245433, -0.0347396, -0.385063, 0.406317, 0.414439,
            -0.229577, -0.173582, 0.540423, 0.239495, -0.022047, -0.403912, 0.407391, 0.402073,
            -0.206502, -0.206277], [[2, 2, 5], 4.0, -0.11119, -0.212444, 4.0]],
        'grads': {'input0': [[2, 2, 4], -0.0614578, -0.0725207, -0.0465266, 0.00324192, 0.10251,
            0.10369, 0.0518857, -0.0264312, 0.0618836, 0.0653401, 0.0354087, -0.012616, -0.101196,
            -0.136295, -0.101749, -0.0152108], 'input1': [[3, 2, 4], -0.1904, 0.0435632, -0.319545,
            0.853009], 'in_proj_weight': [[12, 4], 6.30068, -0.104341, -0.866619, 8.26036],
            'in_proj_bias': [[12], 0.109151, -0.0717728, -0.120972, 0.134648, 0.0624587,
            -0.0828999, -0.158347, 0.145821, -0.0124104, -0.0219991, -0.190881, -0.135901],
            'bias_k': [[1, 1, 4], -0.0421402, 0.0509738, 0.125112, -0.137429], 'bias_v': [[1, 1,
            4], -0.00147463, 0.0173485, 0.0754901, 0.0594266], 'out_proj.weight': [[4, 4],
            0.185858, 0.164347, -0.309642, 1.07868, 0.0561704, 0.0241011, -0.0815282, 0.46307,
            -0.102219, -0.12846, 0.188245, -0.38916, -0.208377, -0.21538, 0.361828, -1.04254],
            'out_proj.bias': [[4], -0.19209, -0.395429, -0.396709, -0.195277]},
    },
    'mha_cross_batch_first_masks': {
        'repr': [
            'MultiheadAttention(',
            ('  (out_proj): NonDynamicallyQuantizableLinear(in_features=4, out_features=4, '
             'bias=True)'),
            ')',
        ],
        'params': [['in_proj_weight', [12, 4]], ['in_proj_bias', [12]], ['out_proj.weight', [4,
            4]], ['out_proj.bias', [4]]],
        'buffers': {},
        'out': [[[2, 3, 4], 0.1716, 0.495311, 0.0452754, 7.41821], [[2, 2, 3, 4], 12.0, -0.239077,
            -0.589768, 12.0]],
        'grads': {'input0': [[2, 3, 4], -0.399447, 0.113872, 0.246949, 0.944125], 'input1': [[2, 4,
            4], 0.000709336, -0.324817, -0.0594008, 2.62731], 'in_proj_weight': [[12, 4], -1.59333,
            -1.6546, 1.41608, 8.86167], 'in_proj_bias': [[12], 0.269398, -0.250384, -0.372021,
            0.346479, 7.45058e-08, -4.65661e-08, -2.98023e-08, -1.11759e-08, -0.00825368,
            -0.0530855, -0.0707914, -0.0523239], 'out_proj.weight': [[4, 4], -0.737303, 0.669277,
            -0.0304875, 0.413171, -0.731629, 0.339614, 0.306574, 0.153729, -0.352103, -0.163588,
            0.486981, -0.184266, 0.207343, -0.583198, 0.418547, -0.428103], 'out_proj.bias': [[4],
            -0.152634, -0.508622, -0.604712, -0.391802]},
    },
    'mha_float_mask_kdim_no_weights': {
        'repr': [
            'MultiheadAttention(',
            ('  (out_proj): NonDynamicallyQuantizableLinear(in_features=4, out_features=4, '
             'bias=False)'),
            ')',
        ],
        'params': [['q_proj_weight', [4, 4]], ['k_proj_weight', [4, 3]], ['v_proj_weight', [4, 2]],
            ['out_proj.weight', [4, 4]]],
        'buffers': {},
        'out': [[[2, 1, 4], -0.189004, 0.18505, -0.172368, 0.151558, -0.476796, 0.46747, -0.436097,
            0.384158]],
        'grads': {'input0': [[2, 1, 4], 0.051239, 0.0716887, 0.0555065, 0.0109612, -0.102867,
            -0.146649, -0.115495, -0.0253254], 'input1': [[3, 1, 3], 0.0541815, 0.0776222,
            0.0613991, -0.0646649, -0.0930987, -0.0739605, 0.0104834, 0.0154765, 0.0125613],
            'input2': [[3, 1, 2], 0.0606911, 0.0452918, -0.188705, -0.145432, 0.105661, 0.0801246],
            'q_proj_weight': [[4, 4], 0.0025186, -0.0263231, -0.0417141, -0.0357898, 0.00683815,
            -0.0973914, -0.151855, -0.128723, -0.0104895, 0.139848, 0.218725, 0.185837, 0.00538901,
            -0.0656229, -0.103102, -0.0878981], 'k_proj_weight': [[4, 3], 0.0586118, 0.077287,
            0.0564696, -0.0906698, -0.120185, -0.0882874, 0.118452, 0.157415, 0.115942, -0.140648,
            -0.187222, -0.138128], 'v_proj_weight': [[4, 2], -0.139101, -0.176513, -0.0740959,
            -0.0938368, 0.0287714, 0.0367891, 0.116937, 0.148616], 'out_proj.weight': [[4, 4],
            -0.272488, -0.121268, 0.246153, 0.174723, -0.117564, -0.0515959, 0.106359, 0.0746933,
            0.097434, 0.0444405, -0.0877832, -0.0635038, 0.262645, 0.117768, -0.237069,
            -0.169251]},
    },
    'mha_unbatched': {
        'repr': [
            'MultiheadAttention(',
            ('  (out_proj): NonDynamicallyQuantizableLinear(in_features=4, out_features=4, '
             'bias=True)'),
            ')',
        ],
        'params': [['in_proj_weight', [12, 4]], ['in_proj_bias', [12]], ['out_proj.weight', [4,
            4]], ['out_proj.bias', [4]]],
        'buffers': {},
        'out': [[[3, 4], -0.648672, -0.0212146, 0.333787, 0.228124, -0.372229, -0.231099, 0.467216,
            0.177444, -0.639469, -0.0173407, 0.317019, 0.256994], [[3, 3], 0.497711, 0.0447118,
            0.457577, 0.176445, 0.639527, 0.184028, 0.448168, 0.116338, 0.435494]],
        'grads': {'input0': [[3, 4], 0.019339, 0.106302, 0.138946, 0.100591, -0.110927, -0.0417862,
            0.048707, 0.114312, 0.062828, -0.0980843, -0.208877, -0.212936], 'in_proj_weight':
            [[12, 4], -6.03578, 0.733236, 0.299825, 9.11121], 'in_proj_bias': [[12], -0.0335147,
            0.0399097, 0.0274613, -0.0165811, -1.11759e-08, 1.11759e-08, -7.45058e-09, 2.98023e-08,
            -0.219779, -0.434813, -0.427664, -0.201985], 'out_proj.weight': [[4, 4], 1.44799,
            -0.870531, 1.04189, -1.24353, 0.416041, -0.242497, 0.311178, -0.376254, -0.828497,
            0.509449, -0.578545, 0.683281, -1.64968, 1.00107, -1.17264, 1.39367], 'out_proj.bias':
            [[4], 0.797605, 0.24581, -0.431591, -0.888454]},
    },
    'mish': {
        'repr': ['Mish()'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], 0.20761, 2.17337, 2.98642, 2.21057, 0.249432, -0.280151, -0.152912,
            -0.183168, -0.302591, 1.03141]],
        'grads': {'input0': [[2, 5], 0.547187, 0.0457746, -0.648135, -1.04243, -0.679326,
            0.0236429, -0.0436652, -0.0993896, 0.0597378, 0.493605]},
    },
    'multi_margin_loss': {
        'repr': ['MultiMarginLoss()'],
        'params': [],
        'buffers': {'weight': [[4], 1.0, 2.0, 0.5, 1.5]},
        'out': [[[], 0.878782]],
        'grads': {'input0': [[3, 4], 0.0428127, -1.21271, 0.672218, 0.497681, -0.00245475,
            0.00245475, 0.0, 0.0, 0.0, 0.0663235, 0.33771, -0.404034]},
    },
    'multilabel_soft_margin_loss': {
        'repr': ['MultiLabelSoftMarginLoss()'],
        'params': [],
        'buffers': {'weight': [[4], 1.0, 2.0, 0.5, 1.5]},
        'out': [[[], 1.31287]],
        'grads': {'input0': [[3, 4], 0.0305881, 0.0788616, 0.0212992, 0.0593703, -0.0274279,
            -0.0745935, -0.0211524, -0.0616957, -0.0338841, 0.0693662, 0.0207318, 0.0631886]},
    },
    'poisson_nll_loss': {
        'repr': ['PoissonNLLLoss()'],
        'params': [],
        'buffers': {},
        'out': [[[], 2.20687]],
        'grads': {'input0': [[3, 4], -0.069461, 0.0296797, 0.0952798, 0.0621616, -0.0221045,
            -0.0960231, -0.141703, -0.150219, -0.113756, -0.0311943, 0.0658693, 0.0933934]},
    },
    'prelu': {
        'repr': ['PReLU(num_parameters=3)'],
        'params': [['weight', [3]]],
        'buffers': {},
        'out': [[[2, 3, 2], 0.0998334, 0.738606, 0.999961, 0.750351, 0.117322, -0.124148,
            -0.459808, -0.413038, -0.151881, 0.38556, 0.903049, 0.959092]],
        'grads': {'input0': [[2, 3, 2], 0.69924, 0.0433203, -0.634735, -0.988451, -0.837081,
            -0.055636, 0.213724, 0.439964, 0.431917, 0.460465, -0.249807, -0.832431], 'weight':
            [[3], -1.25761, -0.30771, 0.148506]},
    },
    'relu': {
        'repr': ['ReLU()'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], 0.2995, 2.21582, 2.99988, 2.25105, 0.351965, 0.0, 0.0, 0.0, 0.0,
            1.15668]],
        'grads': {'input0': [[2, 5], 0.69924, 0.0433203, -0.634735, -0.988451, -0.837081, 0.0, 0.0,
            0.0, 0.0, 0.460465]},
    },
    'relu6': {
        'repr': ['ReLU6()'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], 0.2995, 2.21582, 2.99988, 2.25105, 0.351965, 0.0, 0.0, 0.0, 0.0,
            1.15668]],
        'grads': {'input0': [[2, 5], 0.69924, 0.0433203, -0.634735, -0.988451, -0.837081, 0.0, 0.0,
            0.0, 0.0, 0.460465]},
    },
    'relu_inplace': {
        'repr': ['ReLU(inplace=True)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 3], 0.0998334, 0.738606, 0.999961, 0.750351, 0.117322, 0.0]],
        'grads': {'input0': [[2, 3], 0.69924, 0.0433203, -0.634735, -0.988451, -0.837081, 0.0]},
    },
    'rms_norm': {
        'repr': ['RMSNorm((2, 3), eps=0.0001, elementwise_affine=True)'],
        'params': [['weight', [2, 3]]],
        'buffers': {},
        'out': [[[2, 2, 3], 0.0735048, 0.532147, 0.33651, -0.164618, -0.0778071, 0.442172,
            -0.584846, -0.514084, -0.0902327, -0.0689495, -0.488179, -0.600504]],
        'grads': {'input0': [[2, 2, 3], 0.51586, 0.0388146, -0.203309, 0.224578, 0.556355, 0.19223,
            0.209155, 0.491285, 0.235441, -0.0575416, 0.193137, 0.582898], 'weight': [[2, 3],
            -0.452497, -0.988242, -1.38179, -0.931514, -0.440177, -0.783757]},
    },
    'rrelu_eval': {
        'repr': ['RReLU(lower=0.1, upper=0.3)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], 0.0998334, 0.738606, 0.999961, 0.750351, 0.117322, -0.115131, -0.194897,
            -0.175073, -0.0657888, 0.38556]],
        'grads': {'input0': [[2, 5], 0.69924, 0.0433203, -0.634735, -0.988451, -0.837081,
            -0.0515952, 0.0905904, 0.186486, 0.187089, 0.460465]},
    },
    'selu': {
        'repr': ['SELU()'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], 0.314685, 2.32816, 3.15198, 2.36518, 0.36981, -1.44547, -1.66361,
            -1.63088, -1.10276, 1.21532]],
        'grads': {'input0': [[2, 5], 0.734692, 0.0455167, -0.666917, -1.03857, -0.879522,
            -0.0806508, 0.0428013, 0.118621, 0.613036, 0.483811]},
    },
    'sequential': {
        'repr': [
            'Sequential(',
            '  (0): Conv2d(1, 2, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))',
            ('  (1): BatchNorm2d(2, eps=1e-05, momentum=0.1, affine=True, bias=True, '
             'track_running_stats=True)'),
            '  (2): ReLU()',
            '  (3): MaxPool2d(kernel_size=2, stride=2, padding=0, dilation=1, ceil_mode=False)',
            '  (4): Flatten(start_dim=1, end_dim=-1)',
            '  (5): Linear(in_features=8, out_features=3, bias=True)',
            '  (6): Tanh()',
            ')',
        ],
        'params': [['0.weight', [2, 1, 3, 3]], ['0.bias', [2]], ['1.weight', [2]], ['1.bias', [2]],
            ['5.weight', [3, 8]], ['5.bias', [3]]],
        'state': ['0.weight', '0.bias', '1.weight', '1.bias', '1.running_mean', '1.running_var',
            '1.num_batches_tracked', '5.weight', '5.bias'],
        'buffers': {'1.running_mean': [[2], 0.0237568, -0.0157928], '1.running_var': [[2], 1.02944,
            1.04566], '1.num_batches_tracked': [[], 1.0]},
        'out': [[[2, 3], -0.119042, -0.183843, -0.301007, -0.0196309, -0.112906, -0.271976]],
        'grads': {'input0': [[2, 1, 4, 4], -0.0658706, -0.793129, -1.32902, 2.24249], '0.weight':
            [[2, 1, 3, 3], -0.0257275, 0.426792, 0.0701813, 2.71834], '0.bias': [[2], -2.98023e-08,
            5.96046e-08], '1.weight': [[2], 1.14606, -1.59561], '1.bias': [[2], -0.975677,
            1.72054], '5.weight': [[3, 8], -2.71444, 0.0242893, -1.14528, 3.62838], '5.bias': [[3],
            -0.298738, -0.784554, -0.816118]},
    },
    'sequential_ordered_dict': {
        'repr': [
            'Sequential(',
            '  (fc): Linear(in_features=3, out_features=4, bias=True)',
            "  (act): GELU(approximate='none')",
            '  (out): Linear(in_features=4, out_features=2, bias=True)',
            ')',
        ],
        'params': [['fc.weight', [4, 3]], ['fc.bias', [4]], ['out.weight', [2, 4]], ['out.bias',
            [2]]],
        'buffers': {},
        'out': [[[2, 2], -0.566397, -0.000822879, -0.486376, -0.0683803]],
        'grads': {'input0': [[2, 3], -0.0962999, -0.136149, -0.106427, -0.0361965, -0.00327599,
            0.0313185], 'fc.weight': [[4, 3], -0.0592444, -0.194605, -0.230525, -0.0628433,
            0.00452363, 0.069579, -0.00653084, -0.0823655, -0.116113, -0.0393665, -0.0165734,
            0.0146885], 'fc.bias': [[4], -0.301201, -0.0665452, -0.106244, -0.0649567],
            'out.weight': [[2, 4], 0.242205, -0.125624, 0.091305, 0.00594063, -0.346759,
            -0.0234014, 0.165718, 0.0523258], 'out.bias': [[2], 0.0645046, -0.94513]},
    },
    'sigmoid': {
        'repr': ['Sigmoid()'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], 0.57432, 0.901661, 0.952569, 0.904741, 0.587094, 0.150975, 0.0510065,
            0.0674782, 0.271538, 0.760729]],
        'grads': {'input0': [[2, 5], 0.170948, 0.00384115, -0.0286783, -0.0851891, -0.202921,
            -0.0330678, 0.021925, 0.0586729, 0.185036, 0.0838141]},
    },
    'silu': {
        'repr': ['SiLU()'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], 0.172009, 1.99792, 2.8576, 2.03662, 0.206637, -0.26073, -0.149115,
            -0.177204, -0.267963, 0.87992]],
        'grads': {'input0': [[2, 5], 0.452787, 0.0475715, -0.690661, -1.08606, -0.562867,
            0.0181591, -0.0409933, -0.0911617, 0.0714097, 0.447235]},
    },
    'soft_margin_loss': {
        'repr': ['SoftMarginLoss()'],
        'params': [],
        'buffers': {},
        'out': [[[], 1.06688]],
        'grads': {'input0': [[3, 4], 0.0305881, 0.0394308, 0.0425983, 0.0395802, -0.0274279,
            -0.0372967, -0.0423047, -0.0411305, -0.0338842, 0.0346831, 0.0414635, 0.0421257]},
    },
    'softmax2d': {
        'repr': ['Softmax2d()'],
        'params': [],
        'buffers': {},
        'out': [[[2, 3, 2], 0.961689, 0.99217, 0.981778, 0.749204, 0.0864967, 0.00991004,
            0.0383111, 0.0078302, 0.0182223, 0.250796, 0.913503, 0.99009]],
        'grads': {'input0': [[2, 3, 2], 0.00907405, -0.00690738, -0.028091, -0.272247, -0.0464035,
            0.00563646, -0.0090741, 0.00690738, 0.028091, 0.272247, 0.0464035, -0.00563654]},
    },
    'softmax_0': {
        'repr': ['Softmax(dim=0)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], 0.883548, 0.994172, 0.99641, 0.962235, 0.309018, 0.116452, 0.00582782,
            0.00359012, 0.0377647, 0.690982]],
        'grads': {'input0': [[2, 5], 0.0984885, -0.00237335, -0.00560612, -0.0699115, -0.27706,
            -0.0984885, 0.00237335, 0.00560611, 0.0699115, 0.27706]},
    },
    'softmax_1': {
        'repr': ['Softmax(dim=1)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], 0.0324941, 0.220826, 0.483689, 0.228746, 0.0342444, 0.0461152, 0.0139386,
            0.0187656, 0.0966678, 0.824513]],
        'grads': {'input0': [[2, 5], 0.0399267, 0.126493, -0.0509029, -0.104984, -0.0105331,
            -0.0341242, -0.000404913, 0.00845251, 0.0438335, -0.017757]},
    },
    'softmin_1': {
        'repr': ['Softmin(dim=1)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], 0.433789, 0.0638311, 0.0291418, 0.0616212, 0.411617, 0.137008, 0.453283,
            0.336687, 0.0653593, 0.00766287]],
        'grads': {'input0': [[2, 5], -0.354456, -0.0102893, 0.0150622, 0.0536458, 0.296037,
            0.110504, 0.0433447, -0.129238, -0.0252856, 0.000675179]},
    },
    'softplus': {
        'repr': ['Softplus(beta=1.0, threshold=20.0)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], 0.854068, 2.31933, 3.04848, 2.35116, 0.884536, 0.163667, 0.0523533,
            0.0698628, 0.31682, 1.43016]],
        'grads': {'input0': [[2, 5], 0.401588, 0.0390602, -0.604629, -0.894292, -0.491446,
            -0.038948, 0.0231035, 0.0629185, 0.254009, 0.350289]},
    },
    'softplus_2.0_1.0': {
        'repr': ['Softplus(beta=2.0, threshold=1.0)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], 0.518421, 2.21582, 2.99988, 2.25105, 0.552907, 0.0155656, 0.00144234,
            0.00261123, 0.0650519, 1.15668]],
        'grads': {'input0': [[2, 5], 0.451309, 0.0433203, -0.634735, -0.988451, -0.560057,
            -0.00790735, 0.00130474, 0.00485686, 0.11412, 0.460465]},
    },
    'softshrink_0.8': {
        'repr': ['Softshrink(0.8)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], 0.0, 1.41582, 2.19988, 1.45105, 0.0, -0.926971, -2.12345, -1.82609,
            -0.186832, 0.35668]],
        'grads': {'input0': [[2, 5], 0.0, 0.0433203, -0.634735, -0.988451, 0.0, -0.257976,
            0.452952, 0.932428, 0.935446, 0.460465]},
    },
    'softsign': {
        'repr': ['Softsign()'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], 0.230473, 0.689037, 0.749993, 0.692407, 0.260336, -0.633293, -0.745122,
            -0.724221, -0.496686, 0.536324]],
        'grads': {'input0': [[2, 5], 0.41407, 0.00418899, -0.0396733, -0.0935205, -0.457969,
            -0.0346911, 0.029425, 0.0709151, 0.236972, 0.0989978]},
    },
    'tanh': {
        'repr': ['Tanh()'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], 0.290855, 0.97649, 0.995054, 0.978072, 0.338117, -0.938697, -0.994239,
            -0.989582, -0.756008, 0.819955]],
        'grads': {'input0': [[2, 5], 0.640087, 0.00201301, -0.00626379, -0.0428746, -0.741383,
            -0.0306599, 0.0052039, 0.0193263, 0.400793, 0.150882]},
    },
    'tanhshrink': {
        'repr': ['Tanhshrink()'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], 0.00864506, 1.23933, 2.00483, 1.27298, 0.013848, -0.788274, -1.92921,
            -1.63651, -0.230824, 0.336725]],
        'grads': {'input0': [[2, 5], 0.0591534, 0.0413073, -0.628472, -0.945576, -0.0956981,
            -0.227316, 0.447748, 0.913101, 0.534653, 0.309583]},
    },
    'threshold_0.5_-2.0': {
        'repr': ['Threshold(threshold=0.5, value=-2.0)'],
        'params': [],
        'buffers': {},
        'out': [[[2, 5], -2.0, 2.21582, 2.99988, 2.25105, -2.0, -2.0, -2.0, -2.0, -2.0, 1.15668]],
        'grads': {'input0': [[2, 5], 0.0, 0.0433203, -0.634735, -0.988451, 0.0, 0.0, 0.0, 0.0, 0.0,
            0.460465]},
    },
    'triplet_margin_loss': {
        'repr': ['TripletMarginLoss()'],
        'params': [],
        'buffers': {},
        'out': [[[], 0.483662]],
        'grads': {'input0': [[4, 3], -0.0, 0.0, 0.0, 0.140342, 0.129747, 0.0732842, -0.090836,
            -0.131531, -0.132323, 0.0, 0.0, 0.0], 'input1': [[4, 3], 0.0, 0.0, -0.0, -0.23678,
            -0.0330293, 0.0791261, 0.243929, 0.246959, 0.072334, 0.0, -0.0, -0.0], 'input2': [[4,
            3], 0.0, 0.0, 0.0, 0.0964375, -0.0967177, -0.15241, -0.153094, -0.115428, 0.059989,
            0.0, 0.0, 0.0]},
    },
    'unflatten': {
        'repr': ['Unflatten(dim=1, unflattened_size=(2, 3))'],
        'params': [],
        'buffers': {},
        'out': [[[2, 2, 3], 0.0998334, 0.738606, 0.999961, 0.750351, 0.117322, -0.575657,
            -0.974483, -0.875363, -0.328944, 0.38556, 0.903049, 0.959092]],
        'grads': {'input0': [[2, 6], 0.69924, 0.0433203, -0.634735, -0.988451, -0.837081,
            -0.257976, 0.452952, 0.932428, 0.935446, 0.460465, -0.249807, -0.832431]},
    },
}
RECORDED_GRID = {
    '0|1|1|1|True': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 1))',
        'out': [[2, 6, 4, 4], -30.972, -3.82931, -2.59102, 111.395],
        'input': [[2, 4, 6, 5], -3.57116, -6.83173, -13.549, 188.209],
        'weight': [[6, 4, 3, 2], -1.81992, -13.3305, 52.8617, 797.569],
        'bias': [[6], -1.75949, -1.91553, -0.709787, 1.00055, 1.99958, 1.57708],
    },
    '0|1|1|2|False': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 1), groups=2, bias=False)',
        'out': [[2, 6, 4, 4], -0.664543, 39.4304, 2.95436, 138.159],
        'input': [[2, 4, 6, 5], 0.283719, 0.847249, 8.66115, 76.371],
        'weight': [[6, 2, 3, 2], -1.07231, -5.33568, 36.6811, 399.86],
    },
    '0|1|(2, 1)|1|True': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 1), dilation=(2, 1))',
        'out': [[2, 6, 2, 4], -19.7785, 5.89422, -10.6258, 69.6907],
        'input': [[2, 4, 6, 5], -0.256808, 2.58743, -1.42301, 81.6903],
        'weight': [[6, 4, 3, 2], -5.9096, 5.35429, 170.515, 259.69],
        'bias': [[6], -0.14584, -0.0137468, 0.120909, 0.233025, 0.301701, 0.314136],
    },
    '0|1|(2, 1)|2|False': {
        'repr':
            ('Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 1), dilation=(2, 1), groups=2, '
             'bias=False)'),
        'out': [[2, 6, 2, 4], -4.9335, 19.3582, -45.7851, 139.598],
        'input': [[2, 4, 6, 5], 0.109814, -0.807238, 0.669862, 47.2998],
        'weight': [[6, 2, 3, 2], -3.08926, 1.54561, 86.0621, 130.118],
    },
    '0|2|1|1|True': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(2, 2))',
        'out': [[2, 6, 2, 2], -4.85271, -0.0891047, 1.93712, 32.4467],
        'input': [[2, 4, 6, 5], -2.02893, -0.120702, 0.398415, 38.2233],
        'weight': [[6, 4, 3, 2], 0.296251, -35.4646, -9.77176, 368.991],
        'bias': [[6], 1.43449, -2.30296, 3.06283, -3.67825, 4.12021, -4.36785],
    },
    '0|2|1|2|False': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(2, 2), groups=2, bias=False)',
        'out': [[2, 6, 2, 2], 4.56646, 0.37586, 15.7477, 34.5397],
        'input': [[2, 4, 6, 5], 0.444417, 3.69808, -8.34643, 89.4902],
        'weight': [[6, 2, 3, 2], 0.11803, 4.66789, -4.24751, 187.439],
    },
    '0|2|(2, 1)|1|True': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(2, 2), dilation=(2, 1))',
        'out': [[2, 6, 1, 2], -7.31581, -3.58794, -6.15288, 15.935],
        'input': [[2, 4, 6, 5], -0.233691, 5.82009, -2.17625, 80.159],
        'weight': [[6, 4, 3, 2], 0.208924, 0.458242, -0.607926, 52.4406],
        'bias': [[6], -0.888374, -0.895128, 0.693985, 1.04584, -0.466867, -1.14722],
    },
    '0|2|(2, 1)|2|False': {
        'repr':
            ('Conv2d(4, 6, kernel_size=(3, 2), stride=(2, 2), dilation=(2, 1), groups=2, '
             'bias=False)'),
        'out': [[2, 6, 1, 2], 0.608462, -0.94739, 0.578569, 34.9439],
        'input': [[2, 4, 6, 5], -0.471094, 0.273676, 1.48084, 30.4961],
        'weight': [[6, 2, 3, 2], 0.108593, -3.39566, -1.76341, 26.2215],
    },
    '0|(1, 2)|1|1|True': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 2))',
        'out': [[2, 6, 4, 2], -15.8079, -8.74961, -2.16202, 56.0349],
        'input': [[2, 4, 6, 5], -0.256807, 6.41276, -1.10636, 72.402],
        'weight': [[6, 4, 3, 2], -0.537328, -1.33933, 16.1566, 63.764],
        'bias': [[6], -0.14584, -0.0137469, 0.120909, 0.233025, 0.301701, 0.314136],
    },
    '0|(1, 2)|1|2|False': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 2), groups=2, bias=False)',
        'out': [[2, 6, 4, 2], -1.44338, 1.34385, -2.08051, 69.0892],
        'input': [[2, 4, 6, 5], 0.109814, 1.55727, 0.715212, 21.2889],
        'weight': [[6, 2, 3, 2], -0.281761, 0.649165, 9.71832, 31.0045],
    },
    '0|(1, 2)|(2, 1)|1|True': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 2), dilation=(2, 1))',
        'out': [[2, 6, 2, 2], -9.54728, -0.255495, -1.60428, 34.6686],
        'input': [[2, 4, 6, 5], -2.02893, 0.327596, 0.808491, 41.7331],
        'weight': [[6, 4, 3, 2], -0.303449, 22.9873, 8.58051, 143.781],
        'bias': [[6], 1.43449, -2.30296, 3.06283, -3.67825, 4.12021, -4.36785],
    },
    '0|(1, 2)|(2, 1)|2|False': {
        'repr':
            ('Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 2), dilation=(2, 1), groups=2, '
             'bias=False)'),
        'out': [[2, 6, 2, 2], -3.27973, -0.854537, -12.2202, 69.111],
        'input': [[2, 4, 6, 5], 0.444416, -0.0567361, -0.639437, 102.78],
        'weight': [[6, 2, 3, 2], -0.179243, 0.840698, 4.94066, 71.1575],
    },
    '1|1|1|1|True': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 1), padding=(1, 1))',
        'out': [[2, 6, 6, 6], -84.9422, -3.22511, 2.20898, 215.151],
        'input': [[2, 4, 6, 5], 15.6468, 85.7681, 0.770317, 361.508],
        'weight': [[6, 4, 3, 2], 0.90382, -19.7103, -44.9557, 972.449],
        'bias': [[6], 0.399769, -2.47497, -2.2704, 0.758956, 2.84403, 1.39062],
    },
    '1|1|1|2|False': {
        'repr':
            ('Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 1), padding=(1, 1), groups=2, '
             'bias=False)'),
        'out': [[2, 6, 6, 6], -1.31499, -2.33129, 4.09167, 273.98],
        'input': [[2, 4, 6, 5], 5.59766, -56.6712, 8.01965, 218.486],
        'weight': [[6, 2, 3, 2], 0.558153, -19.1747, -45.2631, 486.648],
    },
    '1|1|(2, 1)|1|True': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 1), padding=(1, 1), dilation=(2, 1))',
        'out': [[2, 6, 4, 6], -49.74, 0.0231819, 0.528778, 171.39],
        'input': [[2, 4, 6, 5], -0.900784, -15.4074, 0.88363, 314.973],
        'weight': [[6, 4, 3, 2], -2.09515, -4.95651, 29.8111, 929.449],
        'bias': [[6], -1.3182, 1.62215, 2.16867, -0.485152, -2.42302, -0.785196],
    },
    '1|1|(2, 1)|2|False': {
        'repr':
            ('Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 1), padding=(1, 1), dilation=(2, 1), '
             'groups=2, bias=False)'),
        'out': [[2, 6, 4, 6], 5.74763, -1.34784, 22.8823, 295.725],
        'input': [[2, 4, 6, 5], -1.64469, -7.05912, 0.249833, 202.16],
        'weight': [[6, 2, 3, 2], -0.876585, 12.1962, 23.0191, 462.973],
    },
    '1|2|1|1|True': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(2, 2), padding=(1, 1))',
        'out': [[2, 6, 3, 3], -23.6331, -3.46519, -7.98375, 49.3546],
        'input': [[2, 4, 6, 5], 1.2287, 21.3775, -0.232479, 64.5301],
        'weight': [[6, 4, 3, 2], 0.613175, -4.66759, -87.8943, 171.446],
        'bias': [[6], 0.0543021, -0.0990143, -0.243729, -0.367271, -0.458908, -0.51068],
    },
    '1|2|1|2|False': {
        'repr':
            ('Conv2d(4, 6, kernel_size=(3, 2), stride=(2, 2), padding=(1, 1), groups=2, '
             'bias=False)'),
        'out': [[2, 6, 3, 3], -4.9168, -10.7744, -0.941866, 65.192],
        'input': [[2, 4, 6, 5], 0.930562, 1.81978, -2.79759, 44.1158],
        'weight': [[6, 2, 3, 2], 0.292509, -2.42514, -48.2352, 87.2559],
    },
    '1|2|(2, 1)|1|True': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(2, 2), padding=(1, 1), dilation=(2, 1))',
        'out': [[2, 6, 2, 3], -9.95859, 3.46994, -3.97898, 44.5579],
        'input': [[2, 4, 6, 5], 1.1544, 8.81784, -0.55736, 42.1452],
        'weight': [[6, 4, 3, 2], -0.506043, -0.650289, 33.4365, 219.148],
        'bias': [[6], -3.76388, 0.94249, 3.15951, -2.96852, -1.25594, 3.7739],
    },
    '1|2|(2, 1)|2|False': {
        'repr':
            ('Conv2d(4, 6, kernel_size=(3, 2), stride=(2, 2), padding=(1, 1), dilation=(2, 1), '
             'groups=2, bias=False)'),
        'out': [[2, 6, 2, 3], -2.69241, 3.18598, 5.615, 75.2319],
        'input': [[2, 4, 6, 5], 11.4305, -2.56969, -2.19205, 80.4784],
        'weight': [[6, 2, 3, 2], -0.248584, 2.8083, 13.8744, 109.237],
    },
    '1|(1, 2)|1|1|True': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 2), padding=(1, 1))',
        'out': [[2, 6, 6, 3], -42.4383, 0.537214, -1.35867, 107.217],
        'input': [[2, 4, 6, 5], -0.595836, 0.642991, -3.5554, 207.952],
        'weight': [[6, 4, 3, 2], 0.0191092, 1.99488, -3.68803, 73.8851],
        'bias': [[6], 0.265204, 0.330235, 0.283008, 0.139577, -0.0513005, -0.224739],
    },
    '1|(1, 2)|1|2|False': {
        'repr':
            ('Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 2), padding=(1, 1), groups=2, '
             'bias=False)'),
        'out': [[2, 6, 6, 3], -0.507313, 3.30616, 4.74511, 134.894],
        'input': [[2, 4, 6, 5], -0.459941, -2.78244, -1.01771, 86.0435],
        'weight': [[6, 2, 3, 2], 0.0110294, -0.0788321, -2.80825, 38.1587],
    },
    '1|(1, 2)|(2, 1)|1|True': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 2), padding=(1, 1), dilation=(2, 1))',
        'out': [[2, 6, 4, 3], -24.8138, 0.371319, 1.84312, 84.6014],
        'input': [[2, 4, 6, 5], 0.111081, 0.633956, 1.22837, 65.535],
        'weight': [[6, 4, 3, 2], -0.0180216, -4.652, 1.09466, 95.4758],
        'bias': [[6], -1.92338, 1.18824, 0.0354996, -1.24464, 1.94199, -1.84079],
    },
    '1|(1, 2)|(2, 1)|2|False': {
        'repr':
            ('Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 2), padding=(1, 1), dilation=(2, 1), '
             'groups=2, bias=False)'),
        'out': [[2, 6, 4, 3], 2.82517, 0.875438, 0.592721, 148.356],
        'input': [[2, 4, 6, 5], -4.30623, -3.58065, -9.74591, 193.327],
        'weight': [[6, 2, 3, 2], -0.00474805, 0.844105, 0.275307, 46.9031],
    },
    '(2, 1)|1|1|1|True': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 1), padding=(2, 1))',
        'out': [[2, 6, 8, 6], -111.505, 1.21007, -2.51271, 267.681],
        'input': [[2, 4, 6, 5], -0.0371162, 2.21309, -0.156886, 206.153],
        'weight': [[6, 4, 3, 2], 0.114403, 3.12416, 11.8149, 152.671],
        'bias': [[6], 0.084044, -0.0354354, -0.0229144, 0.074965, -0.106409, 0.108606],
    },
    '(2, 1)|1|1|2|False': {
        'repr':
            ('Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 1), padding=(2, 1), groups=2, '
             'bias=False)'),
        'out': [[2, 6, 8, 6], -3.7655, -2.34879, -0.0405157, 347.453],
        'input': [[2, 4, 6, 5], 0.0782027, 198.014, 8.79987, 336.044],
        'weight': [[6, 2, 3, 2], 0.0606157, -2.28589, 7.77801, 76.8209],
    },
    '(2, 1)|1|(2, 1)|1|True': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 1), padding=(2, 1), dilation=(2, 1))',
        'out': [[2, 6, 6, 6], -83.8411, 9.51685, 1.06029, 235.21],
        'input': [[2, 4, 6, 5], 10.7285, -72.9907, 26.0992, 829.235],
        'weight': [[6, 4, 3, 2], -0.991217, 8.77883, 104.022, 1038.17],
        'bias': [[6], 0.399769, -2.47497, -2.2704, 0.758956, 2.84403, 1.39062],
    },
    '(2, 1)|1|(2, 1)|2|False': {
        'repr':
            ('Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 1), padding=(2, 1), dilation=(2, 1), '
             'groups=2, bias=False)'),
        'out': [[2, 6, 6, 6], -6.39631, 0.98102, -13.1373, 414.664],
        'input': [[2, 4, 6, 5], 4.015, -9.04727, -0.246927, 108.115],
        'weight': [[6, 2, 3, 2], -0.601081, 102.017, 73.024, 516.23],
    },
    '(2, 1)|2|1|1|True': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(2, 2), padding=(2, 1))',
        'out': [[2, 6, 4, 3], -25.6518, -1.24777, -7.72039, 69.9447],
        'input': [[2, 4, 6, 5], -0.0497274, -21.0163, -0.174671, 60.6926],
        'weight': [[6, 4, 3, 2], -0.0822545, 10.6212, 10.9862, 108.457],
        'bias': [[6], -1.92338, 1.18824, 0.0354991, -1.24464, 1.94199, -1.84079],
    },
    '(2, 1)|2|1|2|False': {
        'repr':
            ('Conv2d(4, 6, kernel_size=(3, 2), stride=(2, 2), padding=(2, 1), groups=2, '
             'bias=False)'),
        'out': [[2, 6, 4, 3], 0.721467, 0.0914304, -6.27403, 87.7304],
        'input': [[2, 4, 6, 5], -0.0845902, -18.1381, -16.0177, 168.313],
        'weight': [[6, 2, 3, 2], -0.0392012, -0.016745, 5.6142, 53.6127],
    },
    '(2, 1)|2|(2, 1)|1|True': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(2, 2), padding=(2, 1), dilation=(2, 1))',
        'out': [[2, 6, 3, 3], -24.03, 8.15568, 0.670612, 54.36],
        'input': [[2, 4, 6, 5], 1.44559, 1.03097, 0.310012, 16.1528],
        'weight': [[6, 4, 3, 2], -2.30468, -0.991883, 111.064, 203.098],
        'bias': [[6], 0.0543021, -0.0990142, -0.243729, -0.367271, -0.458908, -0.51068],
    },
    '(2, 1)|2|(2, 1)|2|False': {
        'repr':
            ('Conv2d(4, 6, kernel_size=(3, 2), stride=(2, 2), padding=(2, 1), dilation=(2, 1), '
             'groups=2, bias=False)'),
        'out': [[2, 6, 3, 3], 1.35418, 9.6416, 0.219243, 102.291],
        'input': [[2, 4, 6, 5], 1.91296, -0.0693102, -2.05393, 34.488],
        'weight': [[6, 2, 3, 2], -1.11526, 3.84572, 60.9176, 101.399],
    },
    '(2, 1)|(1, 2)|1|1|True': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 2), padding=(2, 1))',
        'out': [[2, 6, 8, 3], -55.7501, 0.848794, -0.295448, 133.724],
        'input': [[2, 4, 6, 5], -2.01148, 3.55976, -6.27793, 201.672],
        'weight': [[6, 4, 3, 2], -0.00341171, -1.0414, -19.8858, 304.669],
        'bias': [[6], -1.3182, 1.62215, 2.16867, -0.485152, -2.42302, -0.785196],
    },
    '(2, 1)|(1, 2)|1|2|False': {
        'repr':
            ('Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 2), padding=(2, 1), groups=2, '
             'bias=False)'),
        'out': [[2, 6, 8, 3], -1.73112, 4.44151, -0.4849, 172.097],
        'input': [[2, 4, 6, 5], -0.917084, 0.231714, 4.57099, 167.037],
        'weight': [[6, 2, 3, 2], 0.00542182, -3.12464, -11.6834, 152.977],
    },
    '(2, 1)|(1, 2)|(2, 1)|1|True': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 2), padding=(2, 1), dilation=(2, 1))',
        'out': [[2, 6, 6, 3], -41.9652, 0.895343, 2.46087, 115.958],
        'input': [[2, 4, 6, 5], -0.57791, -1.20693, 0.855132, 64.035],
        'weight': [[6, 4, 3, 2], 0.374719, 1.66785, 5.70846, 51.254],
        'bias': [[6], 0.265203, 0.330235, 0.283008, 0.139577, -0.0513, -0.22474],
    },
    '(2, 1)|(1, 2)|(2, 1)|2|False': {
        'repr':
            ('Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 2), padding=(2, 1), dilation=(2, 1), '
             'groups=2, bias=False)'),
        'out': [[2, 6, 6, 3], -3.08967, 1.14757, -7.67135, 205.861],
        'input': [[2, 4, 6, 5], -0.598306, 1.38814, -1.93638, 33.6955],
        'weight': [[6, 2, 3, 2], 0.166263, -0.241962, 1.91432, 26.4221],
    },
    'same|1|1|1|True': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 1), padding=same)',
        'out': [[2, 6, 6, 5], -71.9463, 2.27212, 0.0950001, 185.876],
        'input': [[2, 4, 6, 5], -0.439421, 1.52238, 0.425237, 68.7812],
        'weight': [[6, 4, 3, 2], 0.133918, 15.7301, 12.5057, 1527.62],
        'bias': [[6], -1.18369, 0.853289, -0.519701, 0.184173, 0.152046, -0.487694],
    },
    'same|1|1|2|False': {
        'repr':
            'Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 1), padding=same, groups=2, bias=False)',
        'out': [[2, 6, 6, 5], -2.41937, 51.3572, -14.8069, 242.45],
        'input': [[2, 4, 6, 5], -8.55539, -6.97961, -9.90983, 260.928],
        'weight': [[6, 2, 3, 2], 0.0276423, 30.3761, -0.0805217, 751.962],
    },
    'same|1|(2, 1)|1|True': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 1), padding=same, dilation=(2, 1))',
        'out': [[2, 6, 6, 5], -71.4672, -2.57865, -2.91428, 206.169],
        'input': [[2, 4, 6, 5], -0.186641, -0.280767, 0.48362, 162.122],
        'weight': [[6, 4, 3, 2], -0.485487, -249.942, -36.9272, 1807.84],
        'bias': [[6], -1.18369, 0.853289, -0.519701, 0.184172, 0.152046, -0.487696],
    },
    'same|1|(2, 1)|2|False': {
        'repr':
            ('Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 1), padding=same, dilation=(2, 1), '
             'groups=2, bias=False)'),
        'out': [[2, 6, 6, 5], -6.16685, -57.4749, 11.629, 373.424],
        'input': [[2, 4, 6, 5], 11.8689, 12.565, -4.79687, 392.44],
        'weight': [[6, 2, 3, 2], -0.0905519, -32.258, -8.51582, 905.583],
    },
    'valid|1|1|1|True': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 1), padding=valid)',
        'out': [[2, 6, 4, 4], -30.972, -3.82931, -2.59102, 111.395],
        'input': [[2, 4, 6, 5], -3.57116, -6.83173, -13.549, 188.209],
        'weight': [[6, 4, 3, 2], -1.81992, -13.3305, 52.8617, 797.569],
        'bias': [[6], -1.75949, -1.91553, -0.709787, 1.00055, 1.99958, 1.57708],
    },
    'valid|1|1|2|False': {
        'repr':
            ('Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 1), padding=valid, groups=2, '
             'bias=False)'),
        'out': [[2, 6, 4, 4], -0.664543, 39.4304, 2.95436, 138.159],
        'input': [[2, 4, 6, 5], 0.283719, 0.847249, 8.66115, 76.371],
        'weight': [[6, 2, 3, 2], -1.07231, -5.33568, 36.6811, 399.86],
    },
    'valid|1|(2, 1)|1|True': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 1), padding=valid, dilation=(2, 1))',
        'out': [[2, 6, 2, 4], -19.7785, 5.89422, -10.6258, 69.6907],
        'input': [[2, 4, 6, 5], -0.256808, 2.58743, -1.42301, 81.6903],
        'weight': [[6, 4, 3, 2], -5.9096, 5.35429, 170.515, 259.69],
        'bias': [[6], -0.14584, -0.0137468, 0.120909, 0.233025, 0.301701, 0.314136],
    },
    'valid|1|(2, 1)|2|False': {
        'repr':
            ('Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 1), padding=valid, dilation=(2, 1), '
             'groups=2, bias=False)'),
        'out': [[2, 6, 2, 4], -4.9335, 19.3582, -45.7851, 139.598],
        'input': [[2, 4, 6, 5], 0.109814, -0.807238, 0.669862, 47.2998],
        'weight': [[6, 2, 3, 2], -3.08926, 1.54561, 86.0621, 130.118],
    },
    'valid|2|1|1|True': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(2, 2), padding=valid)',
        'out': [[2, 6, 2, 2], -4.85271, -0.0891047, 1.93712, 32.4467],
        'input': [[2, 4, 6, 5], -2.02893, -0.120702, 0.398415, 38.2233],
        'weight': [[6, 4, 3, 2], 0.296251, -35.4646, -9.77176, 368.991],
        'bias': [[6], 1.43449, -2.30296, 3.06283, -3.67825, 4.12021, -4.36785],
    },
    'valid|2|1|2|False': {
        'repr':
            ('Conv2d(4, 6, kernel_size=(3, 2), stride=(2, 2), padding=valid, groups=2, '
             'bias=False)'),
        'out': [[2, 6, 2, 2], 4.56646, 0.37586, 15.7477, 34.5397],
        'input': [[2, 4, 6, 5], 0.444417, 3.69808, -8.34643, 89.4902],
        'weight': [[6, 2, 3, 2], 0.11803, 4.66789, -4.24751, 187.439],
    },
    'valid|2|(2, 1)|1|True': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(2, 2), padding=valid, dilation=(2, 1))',
        'out': [[2, 6, 1, 2], -7.31581, -3.58794, -6.15288, 15.935],
        'input': [[2, 4, 6, 5], -0.233691, 5.82009, -2.17625, 80.159],
        'weight': [[6, 4, 3, 2], 0.208924, 0.458242, -0.607926, 52.4406],
        'bias': [[6], -0.888374, -0.895128, 0.693985, 1.04584, -0.466867, -1.14722],
    },
    'valid|2|(2, 1)|2|False': {
        'repr':
            ('Conv2d(4, 6, kernel_size=(3, 2), stride=(2, 2), padding=valid, dilation=(2, 1), '
             'groups=2, bias=False)'),
        'out': [[2, 6, 1, 2], 0.608462, -0.94739, 0.578569, 34.9439],
        'input': [[2, 4, 6, 5], -0.471094, 0.273676, 1.48084, 30.4961],
        'weight': [[6, 2, 3, 2], 0.108593, -3.39566, -1.76341, 26.2215],
    },
    'valid|(1, 2)|1|1|True': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 2), padding=valid)',
        'out': [[2, 6, 4, 2], -15.8079, -8.74961, -2.16202, 56.0349],
        'input': [[2, 4, 6, 5], -0.256807, 6.41276, -1.10636, 72.402],
        'weight': [[6, 4, 3, 2], -0.537328, -1.33933, 16.1566, 63.764],
        'bias': [[6], -0.14584, -0.0137469, 0.120909, 0.233025, 0.301701, 0.314136],
    },
    'valid|(1, 2)|1|2|False': {
        'repr':
            ('Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 2), padding=valid, groups=2, '
             'bias=False)'),
        'out': [[2, 6, 4, 2], -1.44338, 1.34385, -2.08051, 69.0892],
        'input': [[2, 4, 6, 5], 0.109814, 1.55727, 0.715212, 21.2889],
        'weight': [[6, 2, 3, 2], -0.281761, 0.649165, 9.71832, 31.0045],
    },
    'valid|(1, 2)|(2, 1)|1|True': {
        'repr': 'Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 2), padding=valid, dilation=(2, 1))',
        'out': [[2, 6, 2, 2], -9.54728, -0.255495, -1.60428, 34.6686],
        'input': [[2, 4, 6, 5], -2.02893, 0.327596, 0.808491, 41.7331],
        'weight': [[6, 4, 3, 2], -0.303449, 22.9873, 8.58051, 143.781],
        'bias': [[6], 1.43449, -2.30296, 3.06283, -3.67825, 4.12021, -4.36785],
    },
    'valid|(1, 2)|(2, 1)|2|False': {
        'repr':
            ('Conv2d(4, 6, kernel_size=(3, 2), stride=(1, 2), padding=valid, dilation=(2, 1), '
             'groups=2, bias=False)'),
        'out': [[2, 6, 2, 2], -3.27973, -0.854537, -12.2202, 69.111],
        'input': [[2, 4, 6, 5], 0.444416, -0.0567361, -0.639437, 102.78],
        'weight': [[6, 2, 3, 2], -0.179243, 0.840698, 4.94066, 71.1575],
    },
}
RECORDED_MODEL = {
    'model': {
        'modules': ['', 'stem', 'stem.0', 'stem.1', 'stem.2', 'convs', 'convs.0', 'convs.1',
            'convs.2', 'convs.3', 'pools', 'pools.max1', 'pools.max', 'pools.avg',
            'pools.adaptive', 'norms', 'norms.0', 'norms.1', 'norms.2', 'acts', 'acts.0', 'acts.1',
            'acts.2', 'acts.3', 'acts.4', 'acts.5', 'acts.6', 'acts.7', 'acts.8', 'acts.9',
            'acts.10', 'head', 'head.0', 'head.1', 'head.2', 'head.3', 'head.4', 'head.5', 'same',
            'same.0', 'same.1', 'same.2', 'same.3', 'params', 'pdict', 'encoder', 'encoder.layers',
            'encoder.layers.0', 'encoder.layers.0.self_attn',
            'encoder.layers.0.self_attn.out_proj', 'encoder.layers.0.linear1',
            'encoder.layers.0.dropout', 'encoder.layers.0.linear2', 'encoder.layers.0.norm1',
            'encoder.layers.0.norm2', 'encoder.layers.0.dropout1', 'encoder.layers.0.dropout2',
            'encoder.layers.1', 'encoder.layers.1.self_attn',
            'encoder.layers.1.self_attn.out_proj', 'encoder.layers.1.linear1',
            'encoder.layers.1.dropout', 'encoder.layers.1.linear2', 'encoder.layers.1.norm1',
            'encoder.layers.1.norm2', 'encoder.layers.1.dropout1', 'encoder.layers.1.dropout2',
            'encoder.norm', 'losses', 'losses.0', 'losses.1', 'losses.2', 'losses.3', 'losses.4',
            'losses.5', 'losses.6'],
        'params': [['stem.0.weight', [8, 3, 3, 3]], ['stem.1.weight', [8]], ['stem.1.bias', [8]],
            ['convs.0.weight', [4, 2, 3]], ['convs.0.bias', [4]], ['convs.1.weight', [8, 2, 3, 1]],
            ['convs.1.bias', [8]], ['convs.2.weight', [8, 4, 2, 2]], ['convs.2.bias', [4]],
            ['convs.3.weight', [4, 4, 3, 3]], ['convs.3.bias', [4]], ['norms.0.weight', [8]],
            ['norms.0.bias', [8]], ['norms.2.weight', [8]], ['norms.2.bias', [8]],
            ['head.2.weight', [4, 8]], ['head.2.bias', [4]], ['head.4.weight', [3, 2, 2]],
            ['head.5.weight', [10, 4]], ['same.0.weight', [2, 2]], ['same.0.bias', [2]],
            ['same.1.weight', [2, 2]], ['same.1.bias', [2]], ['same.2.weight', [2, 2]],
            ['same.2.bias', [2]], ['params.0', [2, 3]], ['params.1', [4]], ['pdict.a', [1, 2]],
            ['pdict.b', [3]], ['encoder.layers.0.self_attn.in_proj_weight', [24, 8]],
            ['encoder.layers.0.self_attn.in_proj_bias', [24]],
            ['encoder.layers.0.self_attn.out_proj.weight', [8, 8]],
            ['encoder.layers.0.self_attn.out_proj.bias', [8]], ['encoder.layers.0.linear1.weight',
            [16, 8]], ['encoder.layers.0.linear1.bias', [16]], ['encoder.layers.0.linear2.weight',
            [8, 16]], ['encoder.layers.0.linear2.bias', [8]], ['encoder.layers.0.norm1.weight',
            [8]], ['encoder.layers.0.norm1.bias', [8]], ['encoder.layers.0.norm2.weight', [8]],
            ['encoder.layers.0.norm2.bias', [8]], ['encoder.layers.1.self_attn.in_proj_weight',
            [24, 8]], ['encoder.layers.1.self_attn.in_proj_bias', [24]],
            ['encoder.layers.1.self_attn.out_proj.weight', [8, 8]],
            ['encoder.layers.1.self_attn.out_proj.bias', [8]], ['encoder.layers.1.linear1.weight',
            [16, 8]], ['encoder.layers.1.linear1.bias', [16]], ['encoder.layers.1.linear2.weight',
            [8, 16]], ['encoder.layers.1.linear2.bias', [8]], ['encoder.layers.1.norm1.weight',
            [8]], ['encoder.layers.1.norm1.bias', [8]], ['encoder.layers.1.norm2.weight', [8]],
            ['encoder.layers.1.norm2.bias', [8]], ['encoder.norm.weight', [8]],
            ['encoder.norm.bias', [8]]],
        'state': ['stem.0.weight', 'stem.1.weight', 'stem.1.bias', 'stem.1.running_mean',
            'stem.1.running_var', 'stem.1.num_batches_tracked', 'convs.0.weight', 'convs.0.bias',
            'convs.1.weight', 'convs.1.bias', 'convs.2.weight', 'convs.2.bias', 'convs.3.weight',
            'convs.3.bias', 'norms.0.weight', 'norms.0.bias', 'norms.0.running_mean',
            'norms.0.running_var', 'norms.0.num_batches_tracked', 'norms.2.weight', 'norms.2.bias',
            'head.2.weight', 'head.2.bias', 'head.4.weight', 'head.5.weight', 'same.0.weight',
            'same.0.bias', 'same.1.weight', 'same.1.bias', 'same.2.weight', 'same.2.bias',
            'params.0', 'params.1', 'pdict.a', 'pdict.b',
            'encoder.layers.0.self_attn.in_proj_weight', 'encoder.layers.0.self_attn.in_proj_bias',
            'encoder.layers.0.self_attn.out_proj.weight',
            'encoder.layers.0.self_attn.out_proj.bias', 'encoder.layers.0.linear1.weight',
            'encoder.layers.0.linear1.bias', 'encoder.layers.0.linear2.weight',
            'encoder.layers.0.linear2.bias', 'encoder.layers.0.norm1.weight',
            'encoder.layers.0.norm1.bias', 'encoder.layers.0.norm2.weight',
            'encoder.layers.0.norm2.bias', 'encoder.layers.1.self_attn.in_proj_weight',
            'encoder.layers.1.self_attn.in_proj_bias',
            'encoder.layers.1.self_attn.out_proj.weight',
            'encoder.layers.1.self_attn.out_proj.bias', 'encoder.layers.1.linear1.weight',
            'encoder.layers.1.linear1.bias', 'encoder.layers.1.linear2.weight',
            'encoder.layers.1.linear2.bias', 'encoder.layers.1.norm1.weight',
            'encoder.layers.1.norm1.bias', 'encoder.layers.1.norm2.weight',
            'encoder.layers.1.norm2.bias', 'encoder.norm.weight', 'encoder.norm.bias',
            'losses.6.pos_weight'],
    },
}
MODEL_REPR = """\
Sequential(
  (stem): Sequential(
    (0): Conv2d(3, 8, kernel_size=(3, 3), stride=(2, 2), padding=(1, 1), bias=False)
    (1): BatchNorm2d(8, eps=1e-05, momentum=0.1, affine=True, bias=True, track_running_stats=True)
    (2): ReLU(inplace=True)
  )
  (convs): ModuleList(
    (0): Conv1d(2, 4, kernel_size=(3,), stride=(1,), padding=same, padding_mode=circular)
    (1): Conv2d(8, 8, kernel_size=(3, 1), stride=(1, 1), padding=(1, 0), dilation=(2, 2), groups=4)
    (2): ConvTranspose2d(8, 4, kernel_size=(2, 2), stride=(2, 2), output_padding=(1, 1))
    (3): Conv2d(4, 4, kernel_size=(3, 3), stride=(1, 1), padding=valid)
  )
  (pools): ModuleDict(
    (max1): MaxPool1d(kernel_size=2, stride=2, padding=0, dilation=1, ceil_mode=False)
    (max): MaxPool2d(kernel_size=3, stride=2, padding=1, dilation=1, ceil_mode=False)
    (avg): AvgPool2d(kernel_size=2, stride=2, padding=0)
    (adaptive): AdaptiveAvgPool2d(output_size=(1, None))
  )
  (norms): Sequential(
    (0): BatchNorm1d(8, eps=1e-05, momentum=None, affine=True, bias=True, track_running_stats=True)
    (1): LayerNorm((4, 8), eps=1e-05, elementwise_affine=False, bias=False)
    (2): GroupNorm(2, 8, eps=0.001, affine=True, bias=True)
  )
  (acts): Sequential(
    (0): LeakyReLU(negative_slope=0.2)
    (1): ELU(alpha=0.5, inplace=True)
    (2): GELU(approximate='none')
    (3): GELU(approximate='tanh')
    (4): SiLU()
    (5): Tanh()
    (6): Sigmoid()
    (7): Softplus(beta=2, threshold=20.0)
    (8): Softmax(dim=-1)
    (9): LogSoftmax(dim=1)
    (10): Identity()
  )
  (head): Sequential(
    (0): Flatten(start_dim=1, end_dim=-1)
    (1): Dropout(p=0.25, inplace=False)
    (2): Linear(in_features=8, out_features=4, bias=True)
    (3): Unflatten(dim=1, unflattened_size=(2, 2))
    (4): Bilinear(in1_features=2, in2_features=2, out_features=3, bias=False)
    (5): Embedding(10, 4, padding_idx=0)
  )
  (same): ModuleList(
    (0-2): 3 x Linear(in_features=2, out_features=2, bias=True)
    (3): ReLU()
  )
  (params): ParameterList(
      (0): Parameter containing: [torch.float32 of size 2x3]
      (1): Parameter containing: [torch.float32 of size 4]
  )
  (pdict): ParameterDict(
      (a): Parameter containing: [torch.FloatTensor of size 1x2]
      (b): Parameter containing: [torch.FloatTensor of size 3]
  )
  (encoder): TransformerEncoder(
    (layers): ModuleList(
      (0-1): 2 x TransformerEncoderLayer(
        (self_attn): MultiheadAttention(
          (out_proj): NonDynamicallyQuantizableLinear(in_features=8, out_features=8, bias=True)
        )
        (linear1): Linear(in_features=8, out_features=16, bias=True)
        (dropout): Dropout(p=0.1, inplace=False)
        (linear2): Linear(in_features=16, out_features=8, bias=True)
        (norm1): LayerNorm((8,), eps=1e-05, elementwise_affine=True, bias=True)
        (norm2): LayerNorm((8,), eps=1e-05, elementwise_affine=True, bias=True)
        (dropout1): Dropout(p=0.1, inplace=False)
        (dropout2): Dropout(p=0.1, inplace=False)
      )
    )
    (norm): LayerNorm((8,), eps=1e-05, elementwise_affine=True, bias=True)
  )
  (losses): ModuleList(
    (0): CrossEntropyLoss()
    (1): NLLLoss()
    (2): MSELoss()
    (3): L1Loss()
    (4): SmoothL1Loss()
    (5): BCELoss()
    (6): BCEWithLogitsLoss()
  )
)"""
