"""torch.nn.functional ops through gradcheck and gradgradcheck, in float64."""
import warnings

import numpy as np
import pytest

import hookgrad as torch
import hookgrad.nn.functional as F
from hookgrad.autograd import gradcheck, gradgradcheck

from .functional_cases import const, ints, make_tensors, rand, randn


def grad_case(name, fn, *inputs, gradgrad=True):
    return pytest.param(fn, inputs, gradgrad, id=name)


def ce_smooth(F, x, t, w):
    return F.cross_entropy(x, t, w, ignore_index=1, label_smoothing=0.2)


GRADCHECK = [
    grad_case("interpolate-bilinear", lambda F, x: F.interpolate(x, size=(5, 7), mode="bilinear"),
              randn(1, 2, 3, 4)),
    grad_case("interpolate-nearest", lambda F, x: F.interpolate(x, scale_factor=1.7),
              randn(1, 2, 3, 4)),
    grad_case("interpolate-linear-corners",
              lambda F, x: F.interpolate(x, size=6, mode="linear", align_corners=True),
              randn(2, 2, 4)),
    grad_case("conv2d", lambda F, x, w, b: F.conv2d(x, w, b), randn(1, 2, 4, 5), randn(3, 2, 2, 3),
              randn(3)),
    grad_case("conv2d-stride-pad", lambda F, x, w: F.conv2d(x, w, stride=2, padding=1),
              randn(2, 2, 4, 5), randn(2, 2, 3, 2)),
    grad_case("conv2d-dilation-groups", lambda F, x, w: F.conv2d(x, w, dilation=(2, 1), groups=2),
              randn(1, 4, 5, 4), randn(2, 2, 2, 2)),
    grad_case("conv2d-same-even", lambda F, x, w: F.conv2d(x, w, padding="same"),
              randn(1, 2, 3, 4), randn(2, 2, 2, 2)),
    grad_case("conv1d", lambda F, x, w, b: F.conv1d(x, w, b, stride=2, padding=1),
              randn(2, 2, 6), randn(3, 2, 3), randn(3)),
    grad_case("conv_transpose2d", lambda F, x, w, b: F.conv_transpose2d(
        x, w, b, stride=2, padding=1, output_padding=1, groups=2), randn(1, 2, 3, 2),
        randn(2, 2, 2, 3), randn(4)),
    grad_case("conv_transpose1d", lambda F, x, w: F.conv_transpose1d(x, w, stride=2, dilation=2),
              randn(1, 2, 3), randn(2, 2, 2)),
    grad_case("max_pool2d", lambda F, x: F.max_pool2d(x, 3, 2, 1, ceil_mode=True),
              randn(1, 2, 5, 4)),
    grad_case("max_pool2d-overlap", lambda F, x: F.max_pool2d(x, 2, 1, dilation=(1, 2)),
              randn(2, 4, 5)),
    grad_case("max_pool1d", lambda F, x: F.max_pool1d(x, 2), randn(2, 2, 6)),
    grad_case("avg_pool2d", lambda F, x: F.avg_pool2d(x, 3, 2, 1, ceil_mode=True,
                                                      count_include_pad=False),
              randn(1, 2, 5, 4)),
    grad_case("avg_pool1d", lambda F, x: F.avg_pool1d(x, 3, 1, 1), randn(1, 2, 5)),
    grad_case("adaptive_avg_pool2d", lambda F, x: F.adaptive_avg_pool2d(x, (2, 3)),
              randn(1, 2, 5, 4)),
    grad_case("adaptive_avg_pool2d-even", lambda F, x: F.adaptive_avg_pool2d(x, 2),
              randn(2, 4, 2)),
    grad_case("batch_norm-train", lambda F, x, w, b: F.batch_norm(x, None, None, w, b, True),
              randn(3, 2, 2), randn(2), randn(2)),
    grad_case("batch_norm-eval", lambda F, x, w, b: F.batch_norm(
        x, torch.tensor([0.5, -0.2], dtype=torch.float64),
        torch.tensor([2.0, 0.7], dtype=torch.float64), w, b), randn(3, 2, 2), randn(2), randn(2)),
    grad_case("layer_norm", lambda F, x, w, b: F.layer_norm(x, (2, 3), w, b), randn(2, 2, 3),
              randn(2, 3), randn(2, 3)),
    grad_case("group_norm", lambda F, x, w, b: F.group_norm(x, 2, w, b), randn(2, 4, 2),
              randn(4), randn(4)),
    grad_case("leaky_relu", lambda F, x: F.leaky_relu(x, 0.1), randn(2, 3)),
    grad_case("elu", lambda F, x: F.elu(x, 0.5), randn(2, 3)),
    grad_case("selu", lambda F, x: F.selu(x), randn(2, 3)),
    grad_case("celu", lambda F, x: F.celu(x, 2.0), randn(2, 3)),
    grad_case("gelu", lambda F, x: F.gelu(x * 2), randn(2, 3)),
    grad_case("gelu-tanh", lambda F, x: F.gelu(x * 2, approximate="tanh"), randn(2, 3)),
    grad_case("silu", lambda F, x: F.silu(x), randn(2, 3)),
    grad_case("softplus", lambda F, x: F.softplus(x * 3, 2, 4), randn(2, 3)),
    grad_case("mish", lambda F, x: F.mish(x * 2), randn(2, 3)),
    grad_case("hardtanh", lambda F, x: F.hardtanh(x * 2), randn(2, 3)),
    grad_case("hardswish", lambda F, x: F.hardswish(x * 4), randn(2, 3)),
    grad_case("hardsigmoid", lambda F, x: F.hardsigmoid(x * 4), randn(2, 3)),
    grad_case("threshold", lambda F, x: F.threshold(x, 0.1, 2.0), randn(2, 3)),
    grad_case("glu", lambda F, x: F.glu(x, 0), randn(4, 3)),
    grad_case("instance_norm", lambda F, x, w: F.instance_norm(x, weight=w), randn(2, 2, 3),
              randn(2)),
    grad_case("bilinear", lambda F, x, y, w: F.bilinear(x, y, w), randn(2, 3), randn(2, 2),
              randn(2, 3, 2)),
    grad_case("softshrink", lambda F, x: F.softshrink(x, 0.3), randn(2, 3)),
    grad_case("prelu", lambda F, x, w: F.prelu(x, w), randn(2, 3, 2), randn(3)),
    grad_case("adaptive_max_pool2d", lambda F, x: F.adaptive_max_pool2d(x, (2, 3)),
              randn(1, 2, 5, 4)),
    grad_case("lp_pool2d", lambda F, x: F.lp_pool2d(x, 2, 2), randn(1, 2, 4, 4)),
    grad_case("soft_margin_loss", lambda F, x, t: F.soft_margin_loss(x, t), randn(2, 3),
              const("sign", 2, 3)),
    grad_case("multi_margin_loss", lambda F, x, t, w: F.multi_margin_loss(
        x, t, p=2, weight=w, reduction="none"), randn(3, 4), ints(4, 3), rand(4, grad=False)),
    grad_case("cosine_embedding_loss", lambda F, x, y, t: F.cosine_embedding_loss(x, y, t),
              randn(3, 4), randn(3, 4), const("sign", 3)),
    grad_case("gaussian_nll_loss", lambda F, x, t, v: F.gaussian_nll_loss(x, t, v), randn(2, 3),
              randn(2, 3), rand(2, 3)),
    grad_case("triplet_margin_loss", lambda F, a, p, n: F.triplet_margin_loss(a, p, n, swap=True),
              randn(3, 4), randn(3, 4), randn(3, 4)),
    grad_case("cosine_similarity", lambda F, x, y: F.cosine_similarity(x, y), randn(3, 4),
              randn(3, 4)),
    grad_case("logsigmoid", lambda F, x: F.logsigmoid(x * 2), randn(2, 3)),
    grad_case("softmax", lambda F, x: F.softmax(x, 1), randn(2, 3, 2)),
    grad_case("log_softmax", lambda F, x: F.log_softmax(x, -1), randn(2, 3)),
    grad_case("linear", lambda F, x, w, b: F.linear(x, w, b), randn(2, 2, 3), randn(2, 3),
              randn(2)),
    grad_case("linear-nobias", lambda F, x, w: F.linear(x, w), randn(3), randn(2, 3)),
    # (padding_idx and scale_grad_by_freq change the gradient on purpose: compared with
    # PyTorch in test_nn_functional.py)
    grad_case("embedding", lambda F, w, i: F.embedding(i, w), randn(4, 2), ints(4, 2, 3)),
    grad_case("pad", lambda F, x: F.pad(x, (1, -1, 2, 0), value=0.5), randn(2, 3, 3)),
    grad_case("pad-reflect", lambda F, x: F.pad(x, (2, 1, 1, 1), mode="reflect"), randn(1, 3, 3)),
    grad_case("pad-replicate", lambda F, x: F.pad(x, (2, 1), mode="replicate"), randn(2, 3)),
    grad_case("pad-circular", lambda F, x: F.pad(x, (2, 1, 0, 1), mode="circular"),
              randn(1, 2, 3)),
    grad_case("cross_entropy", lambda F, x, t: F.cross_entropy(x, t, reduction="none"),
              randn(3, 4), ints(4, 3)),
    grad_case("cross_entropy-smoothing", ce_smooth, randn(3, 4), ints(4, 3), rand(4, grad=False)),
    grad_case("cross_entropy-probs", lambda F, x, t: F.cross_entropy(x, t), randn(3, 4),
              rand(3, 4)),
    grad_case("nll_loss-4d", lambda F, x, t, w: F.nll_loss(x, t, w, ignore_index=2),
              randn(2, 3, 2, 2), ints(3, 2, 2, 2), rand(3, grad=False)),
    grad_case("mse_loss", lambda F, x, t: F.mse_loss(x, t), randn(2, 3), randn(2, 3)),
    grad_case("l1_loss", lambda F, x, t: F.l1_loss(x, t, reduction="sum"), randn(2, 3),
              randn(2, 3)),
    grad_case("smooth_l1_loss", lambda F, x, t: F.smooth_l1_loss(x * 2, t, beta=0.5),
              randn(2, 3), randn(2, 3)),
    grad_case("huber_loss", lambda F, x, t: F.huber_loss(x * 2, t, "none", 0.5), randn(2, 3),
              randn(2, 3)),
    grad_case("binary_cross_entropy", lambda F, x, t, w: F.binary_cross_entropy(x, t, w),
              rand(2, 3), rand(2, 3), rand(3, grad=False)),
    grad_case("binary_cross_entropy_with_logits", lambda F, x, t, w, p:
              F.binary_cross_entropy_with_logits(x, t, w, reduction="sum", pos_weight=p),
              randn(2, 3), rand(2, 3), rand(3, grad=False), rand(3, grad=False)),
    grad_case("kl_div", lambda F, x, t: F.kl_div(x, t, reduction="batchmean"), randn(2, 3),
              rand(2, 3)),
]


@pytest.mark.parametrize("fn, inputs, gradgrad", GRADCHECK)
def test_gradcheck(fn, inputs, gradgrad, request):
    tensors = make_tensors(torch, request.node.name, inputs, np.float64)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert gradcheck(lambda *t: fn(F, *t), tuple(tensors))
        if gradgrad:
            assert gradgradcheck(lambda *t: fn(F, *t), tuple(tensors))
