"""torch.nn.functional against numbers recorded from PyTorch 2.13, plus gradcheck.

Each case runs the same function on hookgrad and (when recording) on PyTorch, from the same
NumPy inputs. For every output and every input gradient (of ``sum(output * probe)``) it
compares a signature: shape, sum, sum of absolute values and a dot product with a fixed
pattern. Re-record with ``python tests/test_nn_functional.py --record`` (needs torch); the
tests themselves never import torch."""
import functools
import sys
import warnings
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

import hookgrad as torch
import hookgrad.nn.functional as F
from hookgrad.autograd import gradcheck, gradgradcheck


@dataclass
class Case:
    name: str
    fn: Callable                # fn(F, torch, *tensors) -> tensor or tuple of tensors
    inputs: tuple               # input specs: randn / rand / ints / const


def spec(kind, *shape, grad=None, low=0, high=None):
    return (kind, shape, grad, low, high)


def randn(*shape, grad=True):
    return spec("randn", *shape, grad=grad)


def rand(*shape, grad=True):
    return spec("rand", *shape, grad=grad)


def ints(high, *shape, low=0):
    return spec("int", *shape, grad=False, low=low, high=high)


def const(kind, *shape):
    return spec(kind, *shape, grad=False)


def make_arrays(name, inputs, dtype=np.float32):
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    arrays = []
    for kind, shape, grad, low, high in inputs:
        if kind == "randn":
            arrays.append(rng.standard_normal(shape).astype(dtype))
        elif kind == "rand":
            arrays.append(rng.uniform(0.05, 0.95, shape).astype(dtype))
        elif kind == "int":
            arrays.append(rng.integers(low, high, shape).astype(np.int64))
        elif kind == "sign":
            arrays.append(rng.choice([-1.0, 1.0], shape).astype(dtype))
        elif kind == "zeros":
            arrays.append(np.zeros(shape, dtype))
        elif kind == "ones":
            arrays.append(np.ones(shape, dtype))
        else:
            raise ValueError(kind)
    return arrays


def make_tensors(lib, name, inputs, dtype=np.float32):
    tensors = []
    for array, (kind, _, grad, _, _) in zip(make_arrays(name, inputs, dtype), inputs):
        t = lib.tensor(array)
        if grad:
            t.requires_grad_()
        tensors.append(t)
    return tensors


def probe(n, phase):
    return np.cos(np.arange(n) * 0.37 + phase)


def signature(array):
    a = np.asarray(array, dtype=np.float64)
    return [list(a.shape), float(a.sum()), float(np.abs(a).sum()),
            float((a.reshape(-1) * probe(a.size, 1.0)).sum())]


def run(lib, functional, case):
    """Signatures of the outputs, then of the gradients of every input that requires grad."""
    tensors = make_tensors(lib, case.name, case.inputs)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = case.fn(functional, lib, *tensors)
    outs = out if isinstance(out, tuple) else (out,)
    result = [signature(o.detach().numpy()) for o in outs]
    loss = None
    for o in outs:
        if o.requires_grad:
            weights = probe(o.numel(), 0.1).reshape(tuple(o.shape)).astype(np.float32)
            term = (o * lib.tensor(weights).to(o.dtype)).sum()
            loss = term if loss is None else loss + term
    if loss is not None:
        leaves = [t for t in tensors if t.requires_grad]
        grads = lib.autograd.grad(loss, leaves, allow_unused=True)
        result += [None if g is None else signature(g.numpy()) for g in grads]
    return result


# --------------------------------------------------------------------------- the cases

def conv2d_case(name, x, w, bias=True, **kw):
    inputs = (randn(*x), randn(*w)) + ((randn(w[0]),) if bias else ())
    return Case(name, lambda F, T, *t: F.conv2d(*t, **kw), inputs)


def conv1d_case(name, x, w, bias=True, **kw):
    inputs = (randn(*x), randn(*w)) + ((randn(w[0]),) if bias else ())
    return Case(name, lambda F, T, *t: F.conv1d(*t, **kw), inputs)


def convt2d_case(name, x, w, bias=True, groups=1, **kw):
    inputs = (randn(*x), randn(*w)) + ((randn(w[1] * groups),) if bias else ())
    return Case(name, lambda F, T, *t: F.conv_transpose2d(*t, groups=groups, **kw), inputs)


def convt1d_case(name, x, w, bias=True, groups=1, **kw):
    inputs = (randn(*x), randn(*w)) + ((randn(w[1] * groups),) if bias else ())
    return Case(name, lambda F, T, *t: F.conv_transpose1d(*t, groups=groups, **kw), inputs)


def loss_cases(name, fn, inputs, reductions=("mean", "sum", "none")):
    return [Case(f"{name}-{r}", functools.partial(fn, reduction=r), inputs) for r in reductions]


def bn_train(F, T, x, rm, rv, w, b):
    out = F.batch_norm(x, rm, rv, w, b, training=True, momentum=0.3, eps=1e-3)
    return out, rm, rv


CASES = [
    # ---------------------------------------------------------------- conv2d
    conv2d_case("conv2d", (2, 4, 7, 8), (6, 4, 3, 3)),
    conv2d_case("conv2d-nobias", (2, 4, 7, 8), (6, 4, 3, 3), bias=False),
    conv2d_case("conv2d-stride2", (2, 4, 7, 8), (6, 4, 3, 3), stride=2),
    conv2d_case("conv2d-stride-tuple", (2, 4, 9, 8), (6, 4, 3, 2), stride=(2, 3)),
    conv2d_case("conv2d-pad1", (2, 4, 7, 8), (6, 4, 3, 3), padding=1),
    conv2d_case("conv2d-pad-tuple", (2, 4, 7, 8), (6, 4, 3, 3), padding=(2, 1)),
    conv2d_case("conv2d-dilation2", (2, 4, 9, 8), (6, 4, 3, 3), dilation=2),
    conv2d_case("conv2d-dilation-tuple", (2, 4, 9, 8), (6, 4, 3, 2), dilation=(2, 3), padding=1),
    conv2d_case("conv2d-groups2", (2, 4, 7, 8), (6, 2, 3, 3), groups=2),
    conv2d_case("conv2d-depthwise", (2, 4, 7, 8), (8, 1, 3, 3), groups=4, padding=1),
    conv2d_case("conv2d-all", (2, 6, 11, 10), (6, 2, 3, 2), stride=(2, 1), padding=(1, 2),
                dilation=(2, 1), groups=3),
    conv2d_case("conv2d-same-odd", (2, 4, 7, 8), (6, 4, 3, 3), padding="same"),
    conv2d_case("conv2d-same-even", (2, 4, 7, 8), (6, 4, 4, 2), padding="same"),
    conv2d_case("conv2d-same-dilated", (2, 4, 7, 8), (6, 4, 3, 2), padding="same", dilation=(2, 3)),
    conv2d_case("conv2d-valid", (2, 4, 7, 8), (6, 4, 3, 3), padding="valid"),
    conv2d_case("conv2d-1x1", (2, 4, 5, 5), (3, 4, 1, 1)),
    conv2d_case("conv2d-stride-remainder", (1, 2, 8, 9), (3, 2, 3, 3), stride=3),
    Case("conv2d-unbatched", lambda F, T, x, w, b: F.conv2d(x, w, b, padding=1),
         (randn(3, 6, 5), randn(4, 3, 3, 3), randn(4))),
    # ---------------------------------------------------------------- conv1d
    conv1d_case("conv1d", (2, 4, 9), (6, 4, 3)),
    conv1d_case("conv1d-all", (2, 4, 12), (6, 2, 3), stride=2, padding=2, dilation=2, groups=2),
    conv1d_case("conv1d-same-even", (2, 4, 9), (6, 4, 4), bias=False, padding="same"),
    Case("conv1d-unbatched", lambda F, T, x, w: F.conv1d(x, w, stride=2),
         (randn(3, 10), randn(4, 3, 3))),
    # ---------------------------------------------------------------- transposed
    convt2d_case("conv_transpose2d", (2, 4, 5, 6), (4, 3, 3, 3)),
    convt2d_case("conv_transpose2d-stride2", (2, 4, 5, 6), (4, 3, 3, 3), stride=2),
    convt2d_case("conv_transpose2d-output_padding", (2, 4, 5, 6), (4, 3, 3, 3), stride=2,
                 padding=1, output_padding=1),
    convt2d_case("conv_transpose2d-all", (2, 4, 5, 4), (4, 2, 3, 2), stride=(2, 3),
                 padding=(1, 0), output_padding=(1, 2), groups=2, dilation=(1, 2)),
    convt2d_case("conv_transpose2d-dilation", (1, 2, 4, 4), (2, 3, 2, 3), bias=False,
                 dilation=2, output_padding=1, stride=1),
    convt1d_case("conv_transpose1d", (2, 4, 7), (4, 3, 3), stride=3, padding=1,
                 output_padding=2),
    # ---------------------------------------------------------------- pooling
    Case("max_pool2d", lambda F, T, x: F.max_pool2d(x, 2), (randn(2, 3, 8, 7),)),
    Case("max_pool2d-overlap", lambda F, T, x: F.max_pool2d(x, 3, stride=1),
         (randn(2, 3, 6, 7),)),
    Case("max_pool2d-pad", lambda F, T, x: F.max_pool2d(x, (3, 2), stride=2, padding=1),
         (randn(2, 3, 7, 7),)),
    Case("max_pool2d-dilation", lambda F, T, x: F.max_pool2d(x, 2, stride=1, dilation=2),
         (randn(1, 2, 7, 6),)),
    Case("max_pool2d-ceil", lambda F, T, x: F.max_pool2d(x, 3, stride=2, ceil_mode=True),
         (randn(2, 2, 8, 7),)),
    Case("max_pool2d-ceil-pad", lambda F, T, x: F.max_pool2d(x, 3, 2, 1, ceil_mode=True),
         (randn(1, 2, 6, 9),)),
    Case("max_pool2d-indices", lambda F, T, x: F.max_pool2d(x, 3, 2, 1, return_indices=True),
         (randn(2, 2, 7, 8),)),
    Case("max_pool2d-unbatched", lambda F, T, x: F.max_pool2d(x, 2, return_indices=True),
         (randn(3, 6, 6),)),
    Case("max_pool1d", lambda F, T, x: F.max_pool1d(x, 3, stride=2, padding=1,
                                                    return_indices=True),
         (randn(2, 3, 11),)),
    Case("avg_pool2d", lambda F, T, x: F.avg_pool2d(x, 2), (randn(2, 3, 8, 7),)),
    Case("avg_pool2d-overlap", lambda F, T, x: F.avg_pool2d(x, 3, stride=1),
         (randn(2, 3, 6, 7),)),
    Case("avg_pool2d-pad", lambda F, T, x: F.avg_pool2d(x, 3, stride=2, padding=1),
         (randn(2, 3, 7, 8),)),
    Case("avg_pool2d-pad-exclude", lambda F, T, x: F.avg_pool2d(x, 3, 2, 1,
                                                                count_include_pad=False),
         (randn(2, 3, 7, 8),)),
    Case("avg_pool2d-ceil", lambda F, T, x: F.avg_pool2d(x, 3, 2, 1, ceil_mode=True),
         (randn(2, 3, 8, 7),)),
    Case("avg_pool2d-ceil-exclude", lambda F, T, x: F.avg_pool2d(
        x, (3, 2), 2, (1, 0), ceil_mode=True, count_include_pad=False), (randn(1, 2, 8, 9),)),
    Case("avg_pool2d-divisor", lambda F, T, x: F.avg_pool2d(x, 2, divisor_override=3),
         (randn(1, 2, 6, 6),)),
    Case("avg_pool2d-unbatched", lambda F, T, x: F.avg_pool2d(x, 2, 1), (randn(3, 5, 5),)),
    Case("avg_pool1d", lambda F, T, x: F.avg_pool1d(x, 3, 2, 1), (randn(2, 3, 10),)),
    Case("adaptive_avg_pool2d", lambda F, T, x: F.adaptive_avg_pool2d(x, (3, 4)),
         (randn(2, 3, 7, 9),)),
    Case("adaptive_avg_pool2d-even", lambda F, T, x: F.adaptive_avg_pool2d(x, 2),
         (randn(2, 3, 6, 8),)),
    Case("adaptive_avg_pool2d-none", lambda F, T, x: F.adaptive_avg_pool2d(x, (None, 3)),
         (randn(2, 3, 5, 7),)),
    Case("adaptive_avg_pool2d-1", lambda F, T, x: F.adaptive_avg_pool2d(x, 1),
         (randn(2, 3, 5, 7),)),
    Case("adaptive_avg_pool2d-up", lambda F, T, x: F.adaptive_avg_pool2d(x, (5, 4)),
         (randn(3, 3, 2),)),
    Case("adaptive_avg_pool1d", lambda F, T, x: F.adaptive_avg_pool1d(x, 4), (randn(2, 3, 10),)),
    Case("adaptive_max_pool2d", lambda F, T, x: F.adaptive_max_pool2d(x, (3, 4), True),
         (randn(2, 3, 7, 9),)),
    Case("adaptive_max_pool2d-even", lambda F, T, x: F.adaptive_max_pool2d(x, 2),
         (randn(3, 6, 4),)),
    Case("adaptive_max_pool1d", lambda F, T, x: F.adaptive_max_pool1d(x, 4, True),
         (randn(2, 3, 10),)),
    Case("lp_pool2d", lambda F, T, x: F.lp_pool2d(x, 2, 2), (randn(2, 3, 6, 5),)),
    Case("lp_pool1d", lambda F, T, x: F.lp_pool1d(x, 3, 3, 2), (rand(2, 3, 9),)),
    # ---------------------------------------------------------------- normalisation
    Case("batch_norm-train", bn_train, (randn(4, 3, 5, 2), const("zeros", 3), const("ones", 3),
                                        randn(3), randn(3))),
    Case("batch_norm-train-2d", lambda F, T, x: F.batch_norm(x, None, None, training=True),
         (randn(6, 4),)),
    Case("batch_norm-train-stats", lambda F, T, x, rm, rv: bn_train(F, T, x, rm, rv, None, None),
         (randn(5, 3, 4), randn(3, grad=False), rand(3, grad=False))),
    Case("batch_norm-eval", lambda F, T, x, rm, rv, w, b: F.batch_norm(x, rm, rv, w, b, eps=0.1),
         (randn(4, 3, 5, 2), randn(3, grad=False), rand(3, grad=False), randn(3), randn(3))),
    Case("layer_norm", lambda F, T, x, w, b: F.layer_norm(x, (5, 6), w, b),
         (randn(3, 4, 5, 6), randn(5, 6), randn(5, 6))),
    Case("layer_norm-noaffine", lambda F, T, x: F.layer_norm(x, (6,), eps=0.1), (randn(4, 6),)),
    Case("group_norm", lambda F, T, x, w, b: F.group_norm(x, 2, w, b),
         (randn(3, 4, 5, 2), randn(4), randn(4))),
    Case("group_norm-noaffine", lambda F, T, x: F.group_norm(x, 3, eps=0.01), (randn(2, 6, 5),)),
    Case("instance_norm", lambda F, T, x, w, b: F.instance_norm(x, weight=w, bias=b),
         (randn(2, 3, 5), randn(3), randn(3))),
    Case("instance_norm-stats", lambda F, T, x, rm, rv: (
        F.instance_norm(x, rm, rv, momentum=0.2), rm, rv),
         (randn(2, 3, 4, 2), randn(3, grad=False), rand(3, grad=False))),
    Case("instance_norm-eval", lambda F, T, x, rm, rv: F.instance_norm(
        x, rm, rv, use_input_stats=False), (randn(2, 3, 4), randn(3, grad=False),
                                            rand(3, grad=False))),
    Case("rms_norm", lambda F, T, x, w: F.rms_norm(x, (5,), w, eps=1e-3),
         (randn(3, 5), randn(5))),
    # ---------------------------------------------------------------- activations
    Case("relu", lambda F, T, x: F.relu(x), (randn(4, 5),)),
    Case("leaky_relu", lambda F, T, x: F.leaky_relu(x, 0.2), (randn(4, 5),)),
    Case("elu", lambda F, T, x: F.elu(x, 0.7), (randn(4, 5),)),
    Case("selu", lambda F, T, x: F.selu(x), (randn(4, 5),)),
    Case("celu", lambda F, T, x: F.celu(x, 1.5), (randn(4, 5),)),
    Case("gelu", lambda F, T, x: F.gelu(x * 3), (randn(4, 5),)),
    Case("gelu-tanh", lambda F, T, x: F.gelu(x * 3, approximate="tanh"), (randn(4, 5),)),
    Case("silu", lambda F, T, x: F.silu(x * 3), (randn(4, 5),)),
    Case("softplus", lambda F, T, x: F.softplus(x * 3), (randn(4, 5),)),
    Case("softplus-beta", lambda F, T, x: F.softplus(x * 3, beta=2, threshold=3),
         (randn(4, 5),)),
    Case("mish", lambda F, T, x: F.mish(x * 3), (randn(4, 5),)),
    Case("hardtanh", lambda F, T, x: F.hardtanh(x * 2, -1.5, 0.5), (randn(4, 5),)),
    Case("relu6", lambda F, T, x: F.relu6(x * 5), (randn(4, 5),)),
    Case("hardswish", lambda F, T, x: F.hardswish(x * 4), (randn(4, 5),)),
    Case("hardsigmoid", lambda F, T, x: F.hardsigmoid(x * 4), (randn(4, 5),)),
    Case("hardshrink", lambda F, T, x: F.hardshrink(x, 0.4), (randn(4, 5),)),
    Case("softshrink", lambda F, T, x: F.softshrink(x, 0.4), (randn(4, 5),)),
    Case("prelu", lambda F, T, x, w: F.prelu(x, w), (randn(2, 3, 4), randn(3))),
    Case("prelu-shared", lambda F, T, x, w: F.prelu(x, w), (randn(2, 3, 4), randn(1))),
    Case("rrelu-eval", lambda F, T, x: F.rrelu(x, 0.1, 0.3), (randn(4, 5),)),
    Case("logsigmoid", lambda F, T, x: F.logsigmoid(x * 3), (randn(4, 5),)),
    Case("leaky_relu-inplace", lambda F, T, x: F.leaky_relu(x * 1, 0.3, inplace=True),
         (randn(4, 5),)),
    Case("elu-inplace", lambda F, T, x: F.elu(x * 1, inplace=True), (randn(4, 5),)),
    Case("selu-inplace", lambda F, T, x: F.selu(x * 1, inplace=True), (randn(4, 5),)),
    Case("celu-inplace", lambda F, T, x: F.celu(x * 1, 0.5, inplace=True), (randn(4, 5),)),
    Case("relu-inplace", lambda F, T, x: F.relu(x * 1, inplace=True), (randn(4, 5),)),
    Case("hardtanh-inplace", lambda F, T, x: F.hardtanh(x * 2, inplace=True), (randn(4, 5),)),
    Case("silu-inplace", lambda F, T, x: F.silu(x * 2, inplace=True), (randn(4, 5),)),
    Case("threshold", lambda F, T, x: F.threshold(x, 0.2, -3.0), (randn(4, 5),)),
    Case("threshold-inplace", lambda F, T, x: F.threshold(x * 1, 0.2, -3.0, inplace=True),
         (randn(4, 5),)),
    Case("glu", lambda F, T, x: F.glu(x, 1), (randn(3, 4, 5),)),
    Case("softsign", lambda F, T, x: F.softsign(x), (randn(4, 5),)),
    Case("tanhshrink", lambda F, T, x: F.tanhshrink(x), (randn(4, 5),)),
    Case("softmin", lambda F, T, x: F.softmin(x, 1), (randn(3, 4),)),
    Case("softmax-implicit", lambda F, T, x: F.softmax(x), (randn(3, 4),)),
    Case("tanh", lambda F, T, x: F.tanh(x), (randn(4, 5),)),
    Case("sigmoid", lambda F, T, x: F.sigmoid(x), (randn(4, 5),)),
    Case("softmax", lambda F, T, x: F.softmax(x, dim=1), (randn(3, 4, 5),)),
    Case("softmax-last", lambda F, T, x: F.softmax(x * 10, -1), (randn(3, 4, 5),)),
    Case("log_softmax", lambda F, T, x: F.log_softmax(x, dim=0), (randn(3, 4, 5),)),
    Case("log_softmax-large", lambda F, T, x: F.log_softmax(x * 50, 1), (randn(4, 5),)),
    # ---------------------------------------------------------------- linear & friends
    Case("linear", lambda F, T, x, w, b: F.linear(x, w, b), (randn(5, 3), randn(4, 3), randn(4))),
    Case("linear-nobias", lambda F, T, x, w: F.linear(x, w), (randn(5, 3), randn(4, 3))),
    Case("linear-1d", lambda F, T, x, w, b: F.linear(x, w, b), (randn(3), randn(4, 3), randn(4))),
    Case("linear-1d-nobias", lambda F, T, x, w: F.linear(x, w), (randn(3), randn(4, 3))),
    Case("linear-3d", lambda F, T, x, w, b: F.linear(x, w, b),
         (randn(2, 5, 3), randn(4, 3), randn(4))),
    Case("linear-3d-nobias", lambda F, T, x, w: F.linear(x, w), (randn(2, 5, 3), randn(4, 3))),
    Case("bilinear", lambda F, T, x, y, w, b: F.bilinear(x, y, w, b),
         (randn(3, 4), randn(3, 2), randn(5, 4, 2), randn(5))),
    Case("pairwise_distance", lambda F, T, x, y: F.pairwise_distance(x, y), (randn(4, 5),
                                                                            randn(4, 5))),
    Case("pairwise_distance-p1", lambda F, T, x, y: F.pairwise_distance(x, y, 1, keepdim=True),
         (randn(4, 5), randn(5))),
    Case("cosine_similarity", lambda F, T, x, y: F.cosine_similarity(x, y), (randn(4, 5),
                                                                            randn(4, 5))),
    Case("cosine_similarity-dim", lambda F, T, x, y: F.cosine_similarity(x, y, 0),
         (randn(4, 5), randn(1, 5))),
    Case("normalize", lambda F, T, x: F.normalize(x), (randn(4, 5),)),
    Case("normalize-p1", lambda F, T, x: F.normalize(x, 1, 0), (randn(4, 5),)),
    Case("sdpa", lambda F, T, q, k, v: F.scaled_dot_product_attention(q, k, v),
         (randn(2, 3, 4, 5), randn(2, 3, 6, 5), randn(2, 3, 6, 2))),
    Case("sdpa-causal-scale", lambda F, T, q, k, v: F.scaled_dot_product_attention(
        q, k, v, is_causal=True, scale=0.3), (randn(2, 4, 5), randn(2, 4, 5), randn(2, 4, 3))),
    Case("sdpa-bool-mask", lambda F, T, q, k, v, m: F.scaled_dot_product_attention(
        q, k, v, m > -1), (randn(2, 4, 5), randn(2, 6, 5), randn(2, 6, 3), randn(4, 6))),
    Case("sdpa-float-mask", lambda F, T, q, k, v, m: F.scaled_dot_product_attention(
        q, k, v, m), (randn(2, 4, 5), randn(2, 6, 5), randn(2, 6, 3), randn(2, 4, 6))),
    Case("mha-self", lambda F, T, x, w, b, ow, ob: F.multi_head_attention_forward(
        x, x, x, 4, 2, w, b, None, None, False, 0.0, ow, ob),
         (randn(3, 2, 4), randn(12, 4), randn(12), randn(4, 4), randn(4))),
    Case("mha-cross-masks", lambda F, T, q, kv, w, b, ow, ob, m: F.multi_head_attention_forward(
        q, kv, kv, 4, 2, w, b, None, None, False, 0.0, ow, ob, key_padding_mask=T.tensor(
            [[False, False, True, False, False], [False, False, False, False, True]]),
        attn_mask=m, average_attn_weights=False),
         (randn(3, 2, 4), randn(5, 2, 4), randn(12, 4), randn(12), randn(4, 4), randn(4),
          randn(3, 5))),
    Case("mha-bias-kv-zero-attn", lambda F, T, q, k, v, w, b, bk, bv, ow:
         F.multi_head_attention_forward(q, k, v, 4, 4, w, b, bk, bv, True, 0.0, ow, None),
         (randn(3, 2, 4), randn(5, 2, 4), randn(5, 2, 4), randn(12, 4), randn(12),
          randn(1, 1, 4), randn(1, 1, 4), randn(4, 4))),
    Case("mha-separate-no-weights", lambda F, T, q, k, v, wq, wk, wv, ow, m:
         F.multi_head_attention_forward(
             q, k, v, 4, 2, None, None, None, None, False, 0.0, ow, None, need_weights=False,
             attn_mask=m > 0, use_separate_proj_weight=True, q_proj_weight=wq,
             k_proj_weight=wk, v_proj_weight=wv)[0],
         (randn(3, 2, 4), randn(5, 2, 3), randn(5, 2, 2), randn(4, 4), randn(4, 3), randn(4, 2),
          randn(4, 4), randn(3, 5))),
    Case("mha-unbatched", lambda F, T, x, w, ow: F.multi_head_attention_forward(
        x, x, x, 4, 1, w, None, None, None, False, 0.0, ow, None),
         (randn(3, 4), randn(12, 4), randn(4, 4))),
    Case("dropout2d-eval", lambda F, T, x: F.dropout2d(x, 0.5, training=False),
         (randn(2, 3, 4, 4),)),
    Case("embedding", lambda F, T, w, i: F.embedding(i, w), (randn(10, 3), ints(10, 4, 5))),
    Case("embedding-padding", lambda F, T, w, i: F.embedding(i, w, padding_idx=2),
         (randn(5, 3), ints(5, 4, 6))),
    Case("embedding-freq", lambda F, T, w, i: F.embedding(i, w, scale_grad_by_freq=True),
         (randn(5, 3), ints(5, 12))),
    Case("embedding-max_norm", lambda F, T, w, i: (F.embedding(i, w, max_norm=1.0), w * 1),
         (randn(6, 3), ints(4, 7))),
    Case("pad", lambda F, T, x: F.pad(x, (1, 2)), (randn(2, 3, 4),)),
    Case("pad-value", lambda F, T, x: F.pad(x, (1, 0, 2, 1, 0, 1), value=-1.5),
         (randn(2, 3, 4),)),
    Case("pad-negative", lambda F, T, x: F.pad(x, (-1, 2, 1, -2)), (randn(2, 5, 6),)),
    Case("pad-reflect", lambda F, T, x: F.pad(x, (2, 1, 1, 3), mode="reflect"),
         (randn(2, 3, 5, 4),)),
    Case("pad-reflect1d", lambda F, T, x: F.pad(x, (3, 2), mode="reflect"), (randn(2, 3, 5),)),
    Case("pad-replicate", lambda F, T, x: F.pad(x, (2, 1, 1, 3), mode="replicate"),
         (randn(2, 3, 5, 4),)),
    Case("pad-circular", lambda F, T, x: F.pad(x, (2, 1, 1, 3), mode="circular"),
         (randn(2, 3, 5, 4),)),
    Case("one_hot", lambda F, T, i: F.one_hot(i), (ints(5, 3, 4),)),
    Case("one_hot-classes", lambda F, T, i: F.one_hot(i, 7), (ints(5, 6),)),
    Case("dropout-eval", lambda F, T, x: F.dropout(x, 0.5, training=False), (randn(4, 5),)),
    # ---------------------------------------------------------------- losses
    *loss_cases("cross_entropy", lambda F, T, x, t, **kw: F.cross_entropy(x, t, **kw),
                (randn(6, 5), ints(5, 6))),
    *loss_cases("cross_entropy-weight-ignore", lambda F, T, x, t, w, **kw: F.cross_entropy(
        x, t, w, ignore_index=1, **kw), (randn(6, 5), ints(5, 6), rand(5, grad=False))),
    *loss_cases("cross_entropy-smoothing", lambda F, T, x, t, **kw: F.cross_entropy(
        x, t, label_smoothing=0.2, ignore_index=0, **kw), (randn(6, 5), ints(5, 6))),
    *loss_cases("cross_entropy-smoothing-weight", lambda F, T, x, t, w, **kw: F.cross_entropy(
        x, t, w, label_smoothing=0.3, ignore_index=2, **kw),
        (randn(6, 5), ints(5, 6), rand(5, grad=False))),
    *loss_cases("cross_entropy-probs", lambda F, T, x, t, **kw: F.cross_entropy(x, t, **kw),
                (randn(4, 5), rand(4, 5))),
    *loss_cases("cross_entropy-probs-weight-smoothing",
                lambda F, T, x, t, w, **kw: F.cross_entropy(x, t, w, label_smoothing=0.1, **kw),
                (randn(4, 5), rand(4, 5), rand(5, grad=False))),
    *loss_cases("cross_entropy-4d", lambda F, T, x, t, **kw: F.cross_entropy(x, t, **kw),
                (randn(2, 4, 3, 2), ints(4, 2, 3, 2))),
    *loss_cases("cross_entropy-3d", lambda F, T, x, t, **kw: F.cross_entropy(x, t, **kw),
                (randn(2, 4, 3), ints(4, 2, 3))),
    *loss_cases("cross_entropy-unbatched", lambda F, T, x, t, **kw: F.cross_entropy(
        x, t[0], **kw), (randn(5), ints(5, 1))),
    *loss_cases("nll_loss", lambda F, T, x, t, **kw: F.nll_loss(x, t, **kw),
                (randn(6, 5), ints(5, 6))),
    *loss_cases("nll_loss-weight", lambda F, T, x, t, w, **kw: F.nll_loss(
        x, t, w, ignore_index=3, **kw), (randn(6, 5), ints(5, 6), rand(5, grad=False))),
    *loss_cases("nll_loss-4d", lambda F, T, x, t, w, **kw: F.nll_loss(x, t, w, ignore_index=0,
                                                                      **kw),
                (randn(2, 4, 3, 2), ints(4, 2, 3, 2), rand(4, grad=False))),
    *loss_cases("nll_loss-5d", lambda F, T, x, t, **kw: F.nll_loss(x, t, **kw),
                (randn(2, 3, 2, 2, 2), ints(3, 2, 2, 2, 2))),
    *loss_cases("mse_loss", lambda F, T, x, t, **kw: F.mse_loss(x, t, **kw),
                (randn(4, 5), randn(4, 5))),
    *loss_cases("mse_loss-broadcast", lambda F, T, x, t, **kw: F.mse_loss(x, t, **kw),
                (randn(4, 5), randn(5))),
    *loss_cases("mse_loss-weight", lambda F, T, x, t, w, **kw: F.mse_loss(x, t, weight=w, **kw),
                (randn(4, 5), randn(4, 5), rand(4, 5, grad=False))),
    *loss_cases("l1_loss", lambda F, T, x, t, **kw: F.l1_loss(x, t, **kw),
                (randn(4, 5), randn(4, 5))),
    *loss_cases("smooth_l1_loss", lambda F, T, x, t, **kw: F.smooth_l1_loss(x * 2, t, **kw),
                (randn(4, 5), randn(4, 5))),
    *loss_cases("smooth_l1_loss-beta", lambda F, T, x, t, **kw: F.smooth_l1_loss(
        x * 2, t, beta=0.5, **kw), (randn(4, 5), randn(4, 5))),
    *loss_cases("smooth_l1_loss-beta0", lambda F, T, x, t, **kw: F.smooth_l1_loss(
        x, t, beta=0.0, **kw), (randn(4, 5), randn(4, 5)), reductions=("sum",)),
    *loss_cases("huber_loss", lambda F, T, x, t, **kw: F.huber_loss(x * 2, t, delta=0.7, **kw),
                (randn(4, 5), randn(4, 5))),
    *loss_cases("binary_cross_entropy", lambda F, T, x, t, **kw: F.binary_cross_entropy(
        x, t, **kw), (rand(4, 5), rand(4, 5))),
    *loss_cases("binary_cross_entropy-weight", lambda F, T, x, t, w, **kw:
                F.binary_cross_entropy(x, t, w, **kw),
                (rand(4, 5), rand(4, 5, grad=False), rand(5, grad=False))),
    *loss_cases("binary_cross_entropy_with_logits", lambda F, T, x, t, **kw:
                F.binary_cross_entropy_with_logits(x * 5, t, **kw), (randn(4, 5), rand(4, 5))),
    *loss_cases("binary_cross_entropy_with_logits-weights", lambda F, T, x, t, w, p, **kw:
                F.binary_cross_entropy_with_logits(x * 5, t, w, pos_weight=p, **kw),
                (randn(4, 5), rand(4, 5), rand(4, 1, grad=False), rand(5, grad=False))),
    *loss_cases("soft_margin_loss", lambda F, T, x, y, **kw: F.soft_margin_loss(x * 3, y, **kw),
                (randn(4, 5), const("sign", 4, 5))),
    *loss_cases("multi_margin_loss", lambda F, T, x, t, **kw: F.multi_margin_loss(x, t, **kw),
                (randn(6, 5), ints(5, 6))),
    *loss_cases("multi_margin_loss-p2", lambda F, T, x, t, w, **kw: F.multi_margin_loss(
        x, t, p=2, margin=0.7, weight=w, **kw), (randn(6, 5), ints(5, 6), rand(5, grad=False))),
    *loss_cases("margin_ranking_loss", lambda F, T, x, y, t, **kw: F.margin_ranking_loss(
        x, y, t, 0.3, **kw), (randn(6), randn(6), const("sign", 6))),
    *loss_cases("hinge_embedding_loss", lambda F, T, x, t, **kw: F.hinge_embedding_loss(
        x, t, 0.8, **kw), (randn(4, 5), const("sign", 4, 5))),
    *loss_cases("cosine_embedding_loss", lambda F, T, x, y, t, **kw: F.cosine_embedding_loss(
        x, y, t, 0.2, **kw), (randn(6, 4), randn(6, 4), const("sign", 6))),
    *loss_cases("poisson_nll_loss", lambda F, T, x, t, **kw: F.poisson_nll_loss(x, t, **kw),
                (randn(4, 5), rand(4, 5))),
    *loss_cases("poisson_nll_loss-full", lambda F, T, x, t, **kw: F.poisson_nll_loss(
        x, t * 4, log_input=False, full=True, **kw), (rand(4, 5), rand(4, 5, grad=False))),
    *loss_cases("gaussian_nll_loss", lambda F, T, x, t, v, **kw: F.gaussian_nll_loss(
        x, t, v, full=True, **kw), (randn(4, 5), randn(4, 5), rand(4, 5))),
    *loss_cases("gaussian_nll_loss-var", lambda F, T, x, t, v, **kw: F.gaussian_nll_loss(
        x, t, v, **kw), (randn(4, 5), randn(4, 5), rand(4))),
    *loss_cases("multilabel_soft_margin_loss", lambda F, T, x, t, w, **kw:
                F.multilabel_soft_margin_loss(x, t, w, **kw),
                (randn(4, 5), rand(4, 5, grad=False), rand(5, grad=False))),
    *loss_cases("triplet_margin_loss", lambda F, T, a, p, n, **kw: F.triplet_margin_loss(
        a, p, n, swap=True, **kw), (randn(4, 5), randn(4, 5), randn(4, 5))),
    *loss_cases("kl_div", lambda F, T, x, t, **kw: F.kl_div(x, t, **kw), (randn(4, 5), rand(4, 5)),
                reductions=("batchmean", "mean", "sum", "none")),
    *loss_cases("kl_div-log_target", lambda F, T, x, t, **kw: F.kl_div(x, t, log_target=True,
                                                                      **kw),
                (randn(4, 5), randn(4, 5)), reductions=("sum", "batchmean")),
]

# Recorded from PyTorch 2.13 by ``python tests/test_nn_functional.py --record``.
# BEGIN EXPECTED
EXPECTED = {
    'conv2d': ('ConvolutionBackward0', [[[2, 6, 5, 6], 100.976, 1667.8149, 219.14579], [[2, 4, 7, 8], -8.5573019, 1272.1418, 20.254013], [[6, 4, 3, 3], 7.6216815, 1191.9657, -18.637828], [[6], 2.731523, 8.4427853, -0.063131266]]),
    'conv2d-nobias': ('ConvolutionBackward0', [[[2, 6, 5, 6], 293.15529, 1403.718, 84.192616], [[2, 4, 7, 8], -7.0811217, 993.69154, 57.785098], [[6, 4, 3, 3], -2.9642242, 802.47735, 96.051857]]),
    'conv2d-stride2': ('ConvolutionBackward0', [[[2, 6, 3, 3], 68.481777, 466.7044, -57.326151], [[2, 4, 7, 8], -98.68977, 640.43713, 34.014748], [[6, 4, 3, 3], -12.451013, 531.39118, -3.1907548], [[6], 2.4663363, 45.029862, -6.1758064]]),
    'conv2d-stride-tuple': ('ConvolutionBackward0', [[[2, 6, 4, 3], -173.45147, 603.6781, 62.921451], [[2, 4, 9, 8], 6.1222092, 823.86063, 7.1180041], [[6, 4, 3, 2], -19.118625, 459.01051, -3.438274], [[6], 0.80291557, 26.971323, -5.4853523]]),
    'conv2d-pad1': ('ConvolutionBackward0', [[[2, 6, 7, 8], -519.9265, 3084.0962, 63.996481], [[2, 4, 7, 8], -74.088216, 1470.3655, 56.237494], [[6, 4, 3, 3], 22.544229, 1480.5975, -20.77319], [[6], -0.75009131, 28.929132, 6.219591]]),
    'conv2d-pad-tuple': ('ConvolutionBackward0', [[[2, 6, 9, 8], -186.53738, 3545.0319, -170.78739], [[2, 4, 7, 8], -23.635016, 1892.8718, 9.8314922], [[6, 4, 3, 3], 30.363403, 1485.8201, 7.4958159], [[6], -1.8067656, 5.4795325, 0.19631409]]),
    'conv2d-dilation2': ('ConvolutionBackward0', [[[2, 6, 5, 4], -185.93767, 1279.7838, -11.309805], [[2, 4, 9, 8], -27.01257, 1058.0102, 43.215127], [[6, 4, 3, 3], -0.095784858, 582.84409, 0.59575814], [[6], 2.0843909, 22.704811, -2.4266545]]),
    'conv2d-dilation-tuple': ('ConvolutionBackward0', [[[2, 6, 7, 7], -354.19321, 2325.8915, 48.977989], [[2, 4, 9, 8], -56.026731, 1544.7571, 96.179523], [[6, 4, 3, 2], -193.70224, 713.81307, 1.5672701], [[6], -1.5309286, 8.9270759, -4.4252686]]),
    'conv2d-groups2': ('ConvolutionBackward0', [[[2, 6, 5, 6], -65.149621, 1540.8175, -9.6451338], [[2, 4, 7, 8], 23.312955, 993.05647, -84.509094], [[6, 2, 3, 3], -24.953543, 525.48933, -57.067033], [[6], 2.7315244, 8.4427857, -0.06313156]]),
    'conv2d-depthwise': ('ConvolutionBackward0', [[[2, 8, 7, 8], -267.43841, 1877.2217, 24.788118], [[2, 4, 7, 8], -6.8637202, 824.41029, 214.93], [[8, 1, 3, 3], -48.957309, 409.32169, -7.0539302], [[8], -2.4874029, 16.674542, -0.73083328]]),
    'conv2d-all': ('ConvolutionBackward0', [[[2, 6, 5, 13], 92.40155, 1461.5469, -5.8498968], [[2, 6, 11, 10], -9.5296292, 1154.199, -6.4149649], [[6, 2, 3, 2], -11.327205, 436.51312, -68.323233], [[6], -1.0997987, 22.056117, 2.0118928]]),
    'conv2d-same-odd': ('ConvolutionBackward0', [[[2, 6, 7, 8], 321.1363, 2983.1713, -147.69185], [[2, 4, 7, 8], 116.37699, 1826.4513, -171.68151], [[6, 4, 3, 3], 11.84716, 1452.5492, -24.704833], [[6], -0.75009131, 28.929132, 6.219591]]),
    'conv2d-same-even': ('ConvolutionBackward0', [[[2, 6, 7, 8], -483.17892, 2496.6648, -22.548025], [[2, 4, 7, 8], -37.342423, 952.19425, -89.080897], [[6, 4, 4, 2], 8.9350538, 986.49018, 8.4598576], [[6], -0.75009131, 28.929132, 6.219591]]),
    'conv2d-same-dilated': ('ConvolutionBackward0', [[[2, 6, 7, 8], 195.39111, 2133.3471, -89.227506], [[2, 4, 7, 8], 44.979378, 1140.5733, -33.875706], [[6, 4, 3, 2], -38.648322, 632.56619, 65.121111], [[6], -0.75009203, 28.929132, 6.2195921]]),
    'conv2d-valid': ('ConvolutionBackward0', [[[2, 6, 5, 6], 153.15152, 1815.3674, -72.717497], [[2, 4, 7, 8], -9.5143974, 1159.9672, 9.34599], [[6, 4, 3, 3], -26.864786, 1108.945, -20.136857], [[6], 2.731523, 8.4427853, -0.063131266]]),
    'conv2d-1x1': ('ConvolutionBackward0', [[[2, 3, 5, 5], -55.953554, 175.84334, -17.312081], [[2, 4, 5, 5], -2.4337674, 144.34396, -3.5747397], [[3, 4, 1, 1], 12.835853, 51.785352, 8.8299033], [[3], -2.2318258, 6.8357573, -0.58193432]]),
    'conv2d-stride-remainder': ('ConvolutionBackward0', [[[1, 3, 2, 3], 15.900855, 66.498383, 32.426555], [[1, 2, 8, 9], 2.5842422, 128.1204, -5.5966103], [[3, 2, 3, 3], -2.0669126, 63.463823, -0.63686402], [[3], 1.0127628, 10.699426, -0.16079319]]),
    'conv2d-unbatched': ('SqueezeBackward1', [[[4, 6, 5], 58.953, 398.14916, -14.470779], [[3, 6, 5], -26.626984, 296.39818, -77.910127], [[4, 3, 3, 3], 2.0141493, 168.53881, 11.747735], [[4], 1.1185219, 9.6121447, -0.46738877]]),
    'conv1d': ('ConvolutionBackward0', [[[2, 6, 7], -107.38122, 230.78202, -8.1318198], [[2, 4, 9], 7.3285017, 158.09561, 6.1289525], [[6, 4, 3], -2.0507693, 99.949267, -5.3818529], [[6], -0.87989885, 3.3818076, 0.12592063]]),
    'conv1d-all': ('ConvolutionBackward0', [[[2, 6, 6], 3.1443466, 170.8412, 19.711463], [[2, 4, 12], 77.988942, 81.350671, -6.6520742], [[6, 2, 3], 1.4627817, 68.526789, -17.088665], [[6], 2.9190185, 34.57523, -5.1758722]]),
    'conv1d-same-even': ('ConvolutionBackward0', [[[2, 6, 9], 9.9081089, 302.55207, 25.057295], [[2, 4, 9], 43.771001, 200.90645, -98.938001], [[6, 4, 4], 6.0628549, 212.54813, -7.5312171]]),
    'conv1d-unbatched': ('SqueezeBackward1', [[[4, 4], -6.7127007, 28.205662, -2.6157157], [[3, 10], 0.30034513, 25.245632, 1.4776713], [[4, 3, 3], 0.62924053, 32.568032, 0.84172282]]),
    'conv_transpose2d': ('ConvolutionBackward0', [[[2, 3, 7, 8], -24.146066, 1116.0229, -53.243314], [[2, 4, 5, 6], 100.85067, 1037.1171, 70.932811], [[4, 3, 3, 3], -12.420546, 487.54859, 3.1757386], [[3], -2.4600201, 16.84396, 3.3021279]]),
    'conv_transpose2d-stride2': ('ConvolutionBackward0', [[[2, 3, 11, 13], -455.50355, 1900.2785, 107.46333], [[2, 4, 5, 6], 20.044816, 983.08262, 15.862357], [[4, 3, 3, 3], -5.4358808, 491.16676, -137.85159], [[3], 0.029420614, 6.8574307, -2.4112283]]),
    'conv_transpose2d-output_padding': ('ConvolutionBackward0', [[[2, 3, 10, 12], -228.25142, 1524.8288, -1.8154425], [[2, 4, 5, 6], 14.746156, 700.41206, -104.35165], [[4, 3, 3, 3], 0.31998557, 416.07677, 36.011391], [[3], 2.0238603, 2.0786999, 0.86900141]]),
    'conv_transpose2d-all': ('ConvolutionBackward0', [[[2, 4, 10, 14], 621.84009, 1161.8213, 2.4077143], [[2, 4, 5, 4], 20.457548, 232.98021, 0.30631906], [[4, 2, 3, 2], 33.633761, 128.01564, -10.089895], [[4], -0.76540995, 20.337225, 1.7530092]]),
    'conv_transpose2d-dilation': ('ConvolutionBackward0', [[[1, 3, 7, 9], -16.465642, 181.49436, 21.122339], [[1, 2, 4, 4], 11.127546, 80.080907, 9.955512], [[2, 3, 2, 3], -5.9752948, 96.447665, 0.84165884]]),
    'conv_transpose1d': ('ConvolutionBackward0', [[[2, 3, 21], 51.852431, 148.84341, 10.148871], [[2, 4, 7], 4.0977279, 73.456379, 2.6062539], [[4, 3, 3], 4.1105692, 40.641702, -9.3350844], [[3], 1.7405491, 9.9702454, 3.3485756]]),
    'max_pool2d': ('MaxPool2DWithIndicesBackward0', [[[2, 3, 4, 3], 66.305199, 67.535922, 3.9510464], [[2, 3, 8, 7], 2.9190172, 46.1056, 1.9738175]]),
    'max_pool2d-overlap': ('MaxPool2DWithIndicesBackward0', [[[2, 3, 4, 5], 170.15077, 170.15077, 1.7320737], [[2, 3, 6, 7], 1.1185217, 45.989776, 2.0514262]]),
    'max_pool2d-pad': ('MaxPool2DWithIndicesBackward0', [[[2, 3, 4, 4], 107.94769, 111.67457, -11.808874], [[2, 3, 7, 7], -1.8598711, 55.788964, 7.8589153]]),
    'max_pool2d-dilation': ('MaxPool2DWithIndicesBackward0', [[[1, 2, 5, 4], 34.070769, 34.070769, -0.42843679], [[1, 2, 7, 6], 2.5076469, 19.749787, -6.1735628]]),
    'max_pool2d-ceil': ('MaxPool2DWithIndicesBackward0', [[[2, 2, 4, 3], 69.74258, 69.74258, -3.4818624], [[2, 2, 8, 7], -2.276805, 27.853014, -3.098287]]),
    'max_pool2d-ceil-pad': ('MaxPool2DWithIndicesBackward0', [[[1, 2, 4, 5], 45.281989, 48.676842, -2.4601134], [[1, 2, 6, 9], 2.5076469, 23.430041, 4.8126621]]),
    'max_pool2d-indices': ('MaxPool2DWithIndicesBackward0', [[[2, 2, 4, 4], 85.371901, 86.191348, -7.0746649], [[2, 2, 4, 4], 1788, 1788, -52.690851], [[2, 2, 7, 8], -2.485929, 37.466032, 7.7127701]]),
    'max_pool2d-unbatched': ('MaxPool2DWithIndicesBackward0', [[[3, 3, 3], 26.679821, 27.79222, -7.5481317], [[3, 3, 3], 447, 447, -95.616052], [[3, 6, 6], -1.0249675, 17.633937, -1.4108735]]),
    'max_pool1d': ('SqueezeBackward1', [[[2, 3, 6], 29.256597, 35.117873, 7.5406392], [[2, 3, 6], 178, 178, -2.7478677], [[2, 3, 11], 1.9157979, 23.155496, -2.1318491]]),
    'avg_pool2d': ('AvgPool2DBackward0', [[[2, 3, 4, 3], 1.3595657, 23.457806, 2.1978167], [[2, 3, 8, 7], 2.9190172, 46.1056, -5.2311442]]),
    'avg_pool2d-overlap': ('AvgPool2DBackward0', [[[2, 3, 4, 5], 4.0005635, 33.433085, 0.33985997], [[2, 3, 6, 7], 1.1185222, 32.543978, -1.2942713]]),
    'avg_pool2d-pad': ('AvgPool2DBackward0', [[[2, 3, 4, 4], -2.6489177, 23.050167, 1.4575127], [[2, 3, 7, 8], -4.8321319, 39.918103, -0.1394945]]),
    'avg_pool2d-pad-exclude': ('AvgPool2DBackward0', [[[2, 3, 4, 4], -3.8738045, 28.040379, 2.3783597], [[2, 3, 7, 8], -1.859871, 53.40411, 0.0065126845]]),
    'avg_pool2d-ceil': ('AvgPool2DBackward0', [[[2, 3, 5, 4], -1.3953022, 30.49411, 3.2900406], [[2, 3, 8, 7], -0.04525757, 43.264656, -1.9334723]]),
    'avg_pool2d-ceil-exclude': ('AvgPool2DBackward0', [[[1, 2, 5, 5], 7.0959401, 22.828258, 3.0833409], [[1, 2, 8, 9], -0.91360795, 21.924694, -0.50271021]]),
    'avg_pool2d-divisor': ('AvgPool2DBackward0', [[[1, 2, 3, 3], 8.5000059, 11.59844, -1.401606], [[1, 2, 6, 6], 1.35035, 15.735023, -0.078219985]]),
    'avg_pool2d-unbatched': ('AvgPool2DBackward0', [[[3, 4, 4], -2.5837921, 16.365841, 0.79215229], [[3, 5, 5], -2.2768051, 23.302287, -3.8556064]]),
    'avg_pool1d': ('SqueezeBackward1', [[[2, 3, 5], -2.0554263, 16.756249, -3.727548], [[2, 3, 10], -2.4833788, 17.529318, -1.7852182]]),
    'adaptive_avg_pool2d': ('AdaptiveAvgPool2DBackward0', [[[2, 3, 3, 4], -1.251777, 20.710798, 0.12721576], [[2, 3, 7, 9], 2.9190169, 40.443848, 3.7425557]]),
    'adaptive_avg_pool2d-even': ('AdaptiveAvgPool2DBackward0', [[[2, 3, 2, 2], -1.5867506, 5.123203, 0.3770263], [[2, 3, 6, 8], 1.8316816, 14.777287, -0.32184032]]),
    'adaptive_avg_pool2d-none': ('AdaptiveAvgPool2DBackward0', [[[2, 3, 5, 3], -7.6073737, 44.397224, -7.6171194], [[2, 3, 5, 7], 2.878432, 56.569464, -0.5849645]]),
    'adaptive_avg_pool2d-1': ('MeanBackward1', [[[2, 3, 1, 1], 0.055964265, 1.0603351, 0.010643943], [[2, 3, 5, 7], 2.5276703, 3.2864391, 0.021636566]]),
    'adaptive_avg_pool2d-up': ('AdaptiveAvgPool2DBackward0', [[[3, 5, 4], 9.6121499, 49.076653, 3.5552476], [[3, 3, 2], -0.10502374, 26.069911, 0.23687723]]),
    'adaptive_avg_pool1d': ('SqueezeBackward1', [[[2, 3, 4], -0.66685869, 10.187772, -2.1078817], [[2, 3, 10], 1.8316815, 14.652251, 0.070604947]]),
    'adaptive_max_pool2d': ('AdaptiveMaxPool2DBackward0', [[[2, 3, 3, 4], 120.23227, 120.23227, -0.40522713], [[2, 3, 3, 4], 2151, 2151, -82.574243], [[2, 3, 7, 9], 2.9190175, 40.026977, 1.5327033]]),
    'adaptive_max_pool2d-even': ('AdaptiveMaxPool2DBackward0', [[[3, 2, 2], 17.209402, 17.427284, -6.8376912], [[3, 6, 4], -2.3156613, 8.1297707, -0.31517668]]),
    'adaptive_max_pool1d': ('SqueezeBackward1', [[[2, 3, 4], 25.029505, 25.716468, -4.7164707], [[2, 3, 4], 104, 104, -17.992991], [[2, 3, 10], 1.8316818, 14.777287, 0.75624265]]),
    'lp_pool2d': ('PowBackward0', [[[2, 3, 3, 2], 65.567409, 65.567409, 0.93060386], [[2, 3, 6, 5], 3.3079282, 40.424461, 0.97821117]]),
    'lp_pool1d': ('PowBackward0', [[[2, 3, 4], 20.822617, 20.822617, -1.9132376], [[2, 3, 9], 2.7934913, 18.666446, -3.1688007]]),
    'batch_norm-train': ('NativeBatchNormBackward0', [[[4, 3, 5, 2], 36.2112, 81.114616, -0.087483023], [[3], -0.0098424293, 0.14151174, -0.04520186], [[3], 3.0857006, 3.0857006, 0.59935123], [[4, 3, 5, 2], -1.8729042e-07, 46.50185, -22.51015], [[3], 0.13178024, 4.2678551, -1.3348346], [[3], 1.118521, 4.3317416, 0.26140757]]),
    'batch_norm-train-2d': ('NativeBatchNormBackward0', [[[6, 4], 6.0908496e-07, 20.45743, -5.3192138], [[6, 4], 3.2782555e-07, 22.371475, 9.0282038]]),
    'batch_norm-train-stats': ('NativeBatchNormBackward0', [[[5, 3, 4], -1.9744039e-07, 49.547659, -6.2847641], [[3], 2.360955, 2.360955, 0.32767058], [[3], 2.0653466, 2.0653466, 0.21861966], [[5, 3, 4], -8.0093741e-08, 34.685753, 17.039098]]),
    'batch_norm-eval': ('NativeBatchNormBackward0', [[[4, 3, 5, 2], 46.890182, 124.19469, 6.7808897], [[4, 3, 5, 2], -1.2077423, 58.066998, -28.426903], [[3], -2.5872229, 7.4972926, -0.097914413], [[3], 1.118521, 4.3317416, 0.26140757]]),
    'layer_norm': ('NativeLayerNormBackward0', [[[3, 4, 5, 6], 24.345437, 309.95357, -6.0965199], [[3, 4, 5, 6], 2.0908192e-07, 187.30269, -31.75019], [[5, 6], 7.1080086, 49.449517, -10.285884], [[5, 6], 2.7315241, 16.240529, -10.799483]]),
    'layer_norm-noaffine': ('NativeLayerNormBackward0', [[[4, 6], -2.2351742e-08, 19.859158, -3.7555347], [[4, 6], 1.4901161e-08, 10.14659, 3.4886485]]),
    'group_norm': ('NativeGroupNormBackward0', [[[3, 4, 5, 2], 63.587049, 131.20841, 2.8996624], [[3, 4, 5, 2], 1.4659017e-06, 54.536886, -3.4796636], [[4], -5.0815678, 12.902727, -0.15479914], [[4], 1.1185213, 2.4373785, -0.038738226]]),
    'group_norm-noaffine': ('NativeGroupNormBackward0', [[[2, 6, 5], -1.0989606e-06, 48.682655, 3.0436024], [[2, 6, 5], 6.8545341e-07, 38.770438, 17.173698]]),
    'instance_norm': ('ViewBackward0', [[[2, 3, 5], -11.438627, 45.238632, -18.151327], [[2, 3, 5], 4.6216883e-08, 2.7113938, 1.1314509], [[3], -3.6125894, 3.6125894, -0.11144697], [[3], -2.4869008, 16.916298, 3.4936084]]),
    'instance_norm-stats': ('ViewBackward0', [[[2, 3, 4, 2], -3.4412369e-07, 42.565232, 4.7356498], [[3], 0.03047692, 0.547616, 0.031624789], [[3], 1.2863492, 1.2863492, 0.21751287], [[2, 3, 4, 2], 1.3411045e-06, 38.494801, 24.804833]]),
    'instance_norm-eval': ('ViewBackward0', [[[2, 3, 4], 16.863714, 50.656525, 8.2315839], [[2, 3, 4], 4.3897876, 35.939521, 18.273673]]),
    'rms_norm': ('MulBackward0', [[[3, 5], -4.3603245, 10.067231, 4.0016956], [[3, 5], 0.42366669, 9.2496644, 1.5818093], [[5], 1.4287767, 2.967148, 0.55223648]]),
    'relu': ('ReluBackward0', [[[4, 5], 3.3601573, 3.3601573, 0.72865859], [[4, 5], 2.331159, 5.9064407, 2.8899843]]),
    'leaky_relu': ('LeakyReluBackward0', [[[4, 5], 3.8661656, 6.4432807, -1.2065189], [[4, 5], 0.88912142, 7.7023233, 3.6522822]]),
    'elu': ('EluBackward0', [[[4, 5], 1.5754415, 10.57137, 0.37160841], [[4, 5], 2.8621836, 8.1331718, 3.6142519]]),
    'selu': ('EluBackward0', [[[4, 5], 1.1163314, 17.520289, 1.4388145], [[4, 5], 2.0202408, 14.32906, 6.8915901]]),
    'celu': ('CeluBackward0', [[[4, 5], 0.21209404, 8.8426214, -1.8154327], [[4, 5], 1.3622984, 11.454452, 5.0224618]]),
    'gelu': ('GeluBackward0', [[[4, 5], 18.861787, 19.528645, 4.6616494], [[4, 5], 8.0181482, 26.059457, 11.70342]]),
    'gelu-tanh': ('GeluBackward0', [[[4, 5], 8.8575219, 10.010416, -1.9950182], [[4, 5], -0.35129923, 24.18259, 8.2249385]]),
    'silu': ('SiluBackward0', [[[4, 5], 15.421124, 19.146103, -6.2784279], [[4, 5], 1.5146449, 20.189591, 10.457915]]),
    'softplus': ('SoftplusBackward0', [[[4, 5], 27.222754, 27.222754, 4.2498978], [[4, 5], 4.3201769, 16.970899, 6.4553863]]),
    'softplus-beta': ('SoftplusBackward0', [[[4, 5], 39.71117, 39.71117, 6.0778228], [[4, 5], 9.0003545, 26.701122, 8.1046597]]),
    'mish': ('MishBackward0', [[[4, 5], 26.063552, 30.491687, 2.5001618], [[4, 5], 3.4726945, 26.247781, 13.944806]]),
    'hardtanh': ('HardtanhBackward0', [[[4, 5], -3.4495645, 13.37885, 0.21219798], [[4, 5], 0.1522124, 7.1448534, 3.1621707]]),
    'relu6': ('HardtanhBackward0', [[[4, 5], 26.754604, 26.754604, -1.9471692], [[4, 5], 4.524985, 26.214456, 6.1824192]]),
    'hardswish': ('HardswishBackward0', [[[4, 5], 29.37003, 32.710994, 0.39018173], [[4, 5], 1.2724143, 31.255228, 6.2817075]]),
    'hardsigmoid': ('HardsigmoidBackward0', [[[4, 5], 11.711728, 11.711728, 1.3490517], [[4, 5], 0.65134223, 6.7068893, 2.580694]]),
    'hardshrink': ('HardshrinkBackward0', [[[4, 5], -7.1120615, 14.959758, -3.2732536], [[4, 5], 4.2602256, 9.2728097, 3.8462101]]),
    'softshrink': ('SoftshrinkBackward0', [[[4, 5], 1.1129306, 7.1378824, 0.93301166], [[4, 5], 0.016668111, 9.0140371, 4.9220237]]),
    'prelu': ('PreluKernelBackward0', [[[2, 3, 4], 20.88104, 20.88104, -3.1033162], [[2, 3, 4], -4.3622391, 15.052079, -1.7419206], [[3], -2.7711509, 7.0218252, -1.9867712]]),
    'prelu-shared': ('PreluKernelBackward0', [[[2, 3, 4], 2.1803036, 16.637247, 1.4404638], [[2, 3, 4], 0.94814173, 11.272273, 4.8200182], [[1], 0.49906492, 0.49906492, 0.26964593]]),
    'rrelu-eval': ('RreluWithNoiseBackward0', [[[4, 5], -0.20691024, 3.8621583, -0.8574112], [[4, 5], 1.1595929, 6.5939497, 4.0671556]]),
    'logsigmoid': ('LogSigmoidBackward0', [[[4, 5], -33.931618, 33.931618, -2.9918299], [[4, 5], 1.6227728, 18.473699, 7.2603423]]),
    'leaky_relu-inplace': ('LeakyReluBackward1', [[[4, 5], 2.6896304, 9.8342497, -1.6393213], [[4, 5], 2.0181202, 7.1682674, 3.9023245]]),
    'elu-inplace': ('EluBackward1', [[[4, 5], 4.403064, 11.425843, -2.5172852], [[4, 5], 1.6871636, 10.488314, 5.2386551]]),
    'selu-inplace': ('EluBackward1', [[[4, 5], 0.065428019, 17.017675, -1.9951619], [[4, 5], 1.2942212, 12.647687, 5.3462508]]),
    'celu-inplace': ('CeluBackward1', [[[4, 5], 5.7080187, 12.372625, -0.16572267], [[4, 5], 1.6371599, 8.3302933, 4.2437045]]),
    'relu-inplace': ('ReluBackward0', [[[4, 5], 8.2383861, 8.2383861, -0.096177824], [[4, 5], -1.3267421, 7.4684164, 2.7530107]]),
    'hardtanh-inplace': ('HardtanhBackward0', [[[4, 5], -0.72819728, 18.274325, -2.2215359], [[4, 5], -3.2928361, 3.2928361, 0.12591279]]),
    'silu-inplace': ('SiluBackward0', [[[4, 5], 11.614419, 16.31525, 2.0093962], [[4, 5], 0.41335602, 11.932427, 5.9852707]]),
    'threshold': ('ThresholdBackward0', [[[4, 5], -17.289766, 42.710234, -6.3719273], [[4, 5], 1.0595082, 6.9548344, 4.2496732]]),
    'threshold-inplace': ('ThresholdBackward1', [[[4, 5], -45.768127, 50.231873, 0.30057131], [[4, 5], 1.7400289, 3.1021407, 1.9225926]]),
    'glu': ('GluBackward0', [[[3, 2, 5], -0.36395072, 16.386795, -1.2121916], [[3, 4, 5], -2.1740845, 15.176907, 0.76752641]]),
    'softsign': ('DivBackward0', [[[4, 5], 0.51732464, 8.0501262, 1.3710512], [[4, 5], 1.7560159, 5.542725, 2.4365708]]),
    'tanhshrink': ('SubBackward0', [[[4, 5], -0.043055059, 5.3384079, 1.0713597], [[4, 5], 0.80941779, 6.0320038, 1.8119049]]),
    'softmin': ('SoftmaxBackward0', [[[3, 4], 2.9999999, 2.9999999, -1.2322674], [[3, 4], 8.7544322e-08, 0.510373, -0.11488067]]),
    'softmax-implicit': ('SoftmaxBackward0', [[[3, 4], 3, 3, -0.86155812], [[3, 4], -2.2002496e-08, 0.58541919, 0.14675419]]),
    'tanh': ('TanhBackward0', [[[4, 5], 1.5640489, 10.720815, 2.2501622], [[4, 5], -0.37494775, 8.2263407, 3.6516772]]),
    'sigmoid': ('SigmoidBackward0', [[[4, 5], 8.4838021, 8.4838021, 0.30394863], [[4, 5], 0.72795469, 2.8795775, 1.2851574]]),
    'softmax': ('SoftmaxBackward0', [[[3, 4, 5], 15, 15, 1.1337609], [[3, 4, 5], 1.3946556e-07, 8.5834094, 3.6982377]]),
    'softmax-last': ('SoftmaxBackward0', [[[3, 4, 5], 12, 12, -2.0004995], [[3, 4, 5], -1.375731e-06, 12.769959, 4.5784918]]),
    'log_softmax': ('LogSoftmaxBackward0', [[[3, 4, 5], -87.725357, 87.725357, 4.56296], [[3, 4, 5], -2.6752241e-07, 32.459858, 11.537252]]),
    'log_softmax-large': ('LogSoftmaxBackward0', [[[4, 5], -1372.7506, 1372.7506, -228.11433], [[4, 5], -1.7285347e-05, 1074.7871, 32.412697]]),
    'linear': ('AddmmBackward0', [[[5, 4], 7.8435241, 26.578315, 4.9751503], [[5, 3], 1.2674063, 16.359153, 3.2419783], [[4, 3], -11.410382, 13.428334, 4.3411898], [[4], 2.5635967, 2.5635967, 0.26047073]]),
    'linear-nobias': ('MmBackward0', [[[5, 4], -6.8711959, 30.846926, -1.7355664], [[5, 3], 1.9980577, 17.762011, 5.0616996], [[4, 3], -17.119895, 17.119895, 6.3983619]]),
    'linear-1d': ('ViewBackward0', [[[4], -6.8976749, 6.8976749, -0.96582495], [[3], -2.6704492, 5.9321036, -2.5777642], [[4, 3], 8.1700401, 8.1700401, -2.5664829], [[4], 2.9070547, 2.9070547, 0.42176827]]),
    'linear-1d-nobias': ('SqueezeBackward4', [[[4], 0.94555859, 1.7896345, 0.85147617], [[3], 3.2115283, 3.2115283, 0.2512085], [[4, 3], 3.4110427, 4.5986595, -1.4298759]]),
    'linear-3d': ('ViewBackward0', [[[2, 5, 4], 1.2644865, 61.292336, -10.027421], [[2, 5, 3], -1.3180121, 33.925161, -2.2190746], [[4, 3], -12.781356, 20.796045, 4.3985026], [[4], 2.5076467, 2.5503445, 0.74904744]]),
    'linear-3d-nobias': ('UnsafeViewBackward0', [[[2, 5, 4], 6.4284444, 36.732366, 8.4476425], [[2, 5, 3], -0.049588844, 21.665456, 1.7035734], [[4, 3], 20.480539, 39.604243, -8.1168279]]),
    'bilinear': ('AddBackward0', [[[3, 5], -10.068789, 19.806102, 9.297072], [[3, 4], 11.278981, 23.74589, -9.4347927], [[3, 2], 9.2193985, 9.2193985, -3.1714884], [[5, 4, 2], -0.9631107, 42.128638, 0.58807328], [[5], -1.7532511, 1.7532511, 0.48644933]]),
    'pairwise_distance': ('NormBackward1', [[[4], 11.130303, 11.130303, 0.62758799], [[4, 5], -1.9872692, 5.7817779, 0.69678698], [[4, 5], 1.9872692, 5.7817779, -0.69678698]]),
    'pairwise_distance-p1': ('NormBackward1', [[[4, 1], 20.068048, 20.068048, 0.080780504], [[4, 5], 1.5459332, 14.535273, 1.0228628], [[5], -1.5459332, 10.082285, -1.3590633]]),
    'cosine_similarity': ('SumBackward1', [[[4], 1.1007203, 1.8902943, 0.47606889], [[4, 5], -0.18800848, 2.3728203, 0.0069379037], [[4, 5], 0.47954701, 2.7388704, 0.1631649]]),
    'cosine_similarity-dim': ('SumBackward1', [[[5], -1.6579222, 3.3787212, 1.4481895], [[4, 5], 0.59625653, 1.9144414, -0.35207684], [[1, 5], 4.7689537e-07, 4.7689537e-07, 4.1395069e-09]]),
    'normalize': ('DivBackward0', [[[4, 5], -0.77658961, 8.0001813, 1.3791141], [[4, 5], 2.6740379, 6.2979218, 2.2485062]]),
    'normalize-p1': ('DivBackward0', [[[4, 5], -0.32994506, 5, 0.42279721], [[4, 5], 1.6645215, 2.8736947, 1.4286613]]),
    'sdpa': ('UnsafeViewBackward0', [[[2, 3, 4, 2], -6.3743778, 14.745829, 2.7346729], [[2, 3, 4, 5], 1.670347, 11.449829, 0.72195988], [[2, 3, 6, 5], 1.9249273e-07, 15.698192, 2.4171303], [[2, 3, 6, 2], -2.2768056, 20.22077, 0.14492029]]),
    'sdpa-causal-scale': ('UnsafeViewBackward0', [[[2, 4, 3], -3.7440917, 17.228851, -3.3349721], [[2, 4, 5], -1.3094379, 2.6128966, -0.68626237], [[2, 4, 5], 1.2246892e-07, 1.8437393, 0.26810296], [[2, 4, 3], 1.8316815, 7.8759628, 6.0483882]]),
    'sdpa-bool-mask': ('UnsafeViewBackward0', [[[2, 4, 3], 5.0921572, 13.83937, -3.4327473], [[2, 4, 5], -0.75703354, 9.2134436, 3.138279], [[2, 6, 5], 6.4261258e-08, 8.8613553, 0.16723215], [[2, 6, 3], 1.8316816, 9.5061373, -0.59561415], None]),
    'sdpa-float-mask': ('UnsafeViewBackward0', [[[2, 4, 3], -6.3041905, 11.563303, 1.0587889], [[2, 4, 5], -0.27709229, 3.8127211, -0.46999048], [[2, 6, 5], -2.2193854e-07, 6.4546041, -1.6057887], [[2, 6, 3], 1.831682, 6.8004618, 0.30180477], [[2, 4, 6], 1.6388367e-07, 4.8896665, 0.21290677]]),
    'mha-self': ('ViewBackward0', [[[3, 2, 4], -20.851896, 66.974872, -5.3213504], [[2, 3, 3], 6.0000001, 6.0000001, 0.34404265], [[3, 2, 4], 5.7499615, 73.29487, 15.492274], [[12, 4], 39.94972, 66.511621, 18.864412], [[12], -4.2959993, 14.051169, -0.79717827], [[4, 4], -1.6111394, 29.58903, 0.64215169], [[4], 1.8316816, 2.3925372, 0.86020997]]),
    'mha-cross-masks': ('ViewBackward0', [[[3, 2, 4], 67.534155, 69.422883, -8.4526925], [[2, 2, 3, 5], 12, 12, -0.95149012], [[3, 2, 4], -4.2456582, 20.97644, 2.709885], [[5, 2, 4], 8.0687594, 71.900747, -21.688557], [[12, 4], 20.478968, 59.79643, -0.38703732], [[12], 1.2698729, 12.492143, 0.4413757], [[4, 4], 8.2874914, 12.333607, -3.3834876], [[4], 1.8316816, 2.3925372, 0.86020997], [[3, 5], 3.1292439e-07, 8.2400232, -2.83514]]),
    'mha-bias-kv-zero-attn': ('ViewBackward0', [[[3, 2, 4], -13.746769, 101.90362, 13.681933], [[2, 3, 7], 6, 6, -0.063455624], [[3, 2, 4], -3.0793115, 31.601034, -4.9479643], [[5, 2, 4], -1.418288, 22.790702, -3.0065225], [[5, 2, 4], -1.8035169, 26.155645, -0.27274332], [[12, 4], 12.450224, 69.258789, 4.8922552], [[12], -2.2155398, 16.057869, -4.6999939], [[1, 1, 4], -0.17308497, 0.73543855, -0.23478628], [[1, 1, 4], -0.10054456, 0.59291102, -0.23543158], [[4, 4], 26.073231, 28.93459, -6.3773443]]),
    'mha-separate-no-weights': ('ViewBackward0', [[[3, 2, 4], -0.56818141, 14.135404, 2.2403891], [[3, 2, 4], -0.81830922, 5.8757138, 1.4806359], [[5, 2, 3], -1.185108e-07, 6.3735279, -1.0071829], [[5, 2, 2], -0.28763105, 9.6462443, 1.8102057], [[4, 4], 5.9905761, 7.3306301, -0.59772032], [[4, 3], -0.34572795, 6.5559744, -1.4288939], [[4, 2], 2.7648238, 7.2829659, -2.5493952], [[4, 4], 8.8741488, 9.4906208, 0.084568672], None]),
    'mha-unbatched': ('SqueezeBackward1', [[[3, 4], -29.613711, 58.143114, 13.426777], [[3, 3], 3, 3, -1.1151238], [[3, 4], 15.668666, 45.886491, -16.008996], [[12, 4], 13.270829, 73.875063, 0.71405912], [[4, 4], -12.27961, 28.813734, 3.9477189]]),
    'dropout2d-eval': (None, [[[2, 3, 4, 4], 5.5037358, 72.924863, -13.434739], [[2, 3, 4, 4], -1.859871, 61.698389, 29.69955]]),
    'embedding': ('EmbeddingBackward0', [[[4, 5, 3], -18.173395, 43.644213, 0.4984208], [[10, 3], -0.10502329, 26.45715, 4.5005676]]),
    'embedding-padding': ('EmbeddingBackward0', [[[4, 6, 3], 11.916485, 50.760121, 2.1465126], [[5, 3], -9.1765126, 19.421216, -6.1366828]]),
    'embedding-freq': ('EmbeddingBackward0', [[[12, 3], 13.849992, 34.748962, -8.3734658], [[5, 3], 0.75118557, 6.2669008, -3.5348118]]),
    'embedding-max_norm': ('EmbeddingBackward0', [[[7, 3], 1.7039799, 9.6949441, 1.3383704], [[6, 3], -1.2815267, 10.568884, -3.0890441], [[6, 3], 3.9229948, 12.941381, 7.0665395]]),
    'pad': ('ConstantPadNdBackward0', [[[2, 3, 7], -2.9967134, 17.377425, 3.4879138], [[2, 3, 4], 1.3159034, 14.925158, -0.083940248]]),
    'pad-value': ('ConstantPadNdBackward0', [[[3, 6, 5], -109.13374, 116.36227, 1.8418203], [[2, 3, 4], 2.2106506, 15.145984, -9.3953604]]),
    'pad-negative': ('ConstantPadNdBackward0', [[[2, 4, 7], -3.772336, 25.6609, -5.4839913], [[2, 5, 6], -0.55887829, 21.328945, 3.8250485]]),
    'pad-reflect': ('ReflectionPad2DBackward0', [[[2, 3, 9, 7], -10.269376, 285.07659, -1.1820565], [[2, 3, 5, 4], 2.9480401, 118.16099, -19.020967]]),
    'pad-reflect1d': ('ReflectionPad1DBackward0', [[[2, 3, 10], -12.335698, 49.245461, 11.45214], [[2, 3, 5], -0.10502358, 23.416324, 0.10766976]]),
    'pad-replicate': ('ReplicationPad2DBackward0', [[[2, 3, 9, 7], 16.490253, 268.87886, 11.63613], [[2, 3, 5, 4], 2.9480389, 117.76125, -2.1016943]]),
    'pad-circular': ('torch::autograd::CopySlices', [[[2, 3, 9, 7], 58.719745, 318.28672, -19.07478], [[2, 3, 5, 4], 2.9480393, 184.26279, -0.28683472]]),
    'one_hot': (None, [[[3, 4, 5], 12, 12, -0.33483434]]),
    'one_hot-classes': (None, [[[6, 7], 6, 6, 0.93692682]]),
    'dropout-eval': (None, [[[4, 5], 1.7240147, 14.740272, -1.5728173], [[4, 5], 2.5635968, 13.352102, 5.8774498]]),
    'cross_entropy-mean': ('NllLossBackward0', [[[], 2.0172782, 2.0172782, 1.0899401], [[6, 5], 2.3981556e-08, 1.7057485, -0.031999649]]),
    'cross_entropy-sum': ('NllLossBackward0', [[[], 16.376261, 16.376261, 8.8481314], [[6, 5], -1.4714897e-07, 10.434851, 0.41894237]]),
    'cross_entropy-none': ('NllLossBackward0', [[[6], 10.796409, 10.796409, -3.6128023], [[6, 5], 1.9645086e-08, 5.2369445, -1.4590755]]),
    'cross_entropy-weight-ignore-mean': ('NllLossBackward0', [[[], 2.3231525, 2.3231525, 1.2552047], [[6, 5], -4.703179e-08, 1.7611607, -0.082410377]]),
    'cross_entropy-weight-ignore-sum': ('NllLossBackward0', [[[], 4.96173, 4.96173, 2.6808342], [[6, 5], 6.7055225e-08, 5.1105989, -1.0545952]]),
    'cross_entropy-weight-ignore-none': ('NllLossBackward0', [[[6], 5.7869864, 5.7869864, -0.3448263], [[6, 5], 7.6397555e-08, 3.2576865, 0.34521689]]),
    'cross_entropy-smoothing-mean': ('AddBackward0', [[[], 1.6538504, 1.6538504, 0.8935792], [[6, 5], -3.2712705e-08, 1.2577616, -0.10960232]]),
    'cross_entropy-smoothing-sum': ('AddBackward0', [[[], 9.3964291, 9.3964291, 5.0769123], [[6, 5], 1.1455268e-07, 5.804179, -0.63407324]]),
    'cross_entropy-smoothing-none': ('AddBackward0', [[[6], 8.2796559, 8.2796559, 0.039097917], [[6, 5], -4.8217771e-08, 3.7912256, -0.81599575]]),
    'cross_entropy-smoothing-weight-mean': ('AddBackward0', [[[], 1.9152722, 1.9152722, 1.034826], [[6, 5], -2.4214387e-08, 1.1335496, 0.073831991]]),
    'cross_entropy-smoothing-weight-sum': ('AddBackward0', [[[], 4.7160292, 4.7160292, 2.5480814], [[6, 5], 6.7520887e-08, 2.6672532, -0.29828314]]),
    'cross_entropy-smoothing-weight-none': ('AddBackward0', [[[6], 2.4886183, 2.4886183, -0.19583519], [[6, 5], 6.519258e-09, 1.0307863, -0.21672936]]),
    'cross_entropy-probs-mean': ('DivBackward1', [[[], 5.0827127, 5.0827127, 2.7462014], [[4, 5], 6.4726919e-08, 1.9546666, -0.075177514], [[4, 5], 9.6686891, 9.6686891, 0.31292638]]),
    'cross_entropy-probs-sum': ('NegBackward0', [[[], 21.209013, 21.209013, 11.459279], [[4, 5], 7.4505806e-08, 7.9835525, 0.4879523], [[4, 5], 38.029283, 38.029283, -1.2279014]]),
    'cross_entropy-probs-none': ('NegBackward0', [[[4], 25.223144, 25.223144, -0.0044014885], [[4, 5], 7.1711838e-07, 6.2307395, 0.017315829], [[4, 5], 29.121111, 29.121111, -1.2738882]]),
    'cross_entropy-probs-weight-smoothing-mean': ('DivBackward1', [[[], 1.6597102, 1.6597102, 0.89674523], [[4, 5], 1.5644218e-08, 0.62369376, 0.053965868], [[4, 5], 3.4888156, 3.4888156, -0.029677009]]),
    'cross_entropy-probs-weight-smoothing-sum': ('NegBackward0', [[[], 6.3438292, 6.3438292, 3.4275855], [[4, 5], 4.9476512e-09, 3.41713, -0.5398105], [[4, 5], 10.910549, 10.910549, 1.2144113]]),
    'cross_entropy-probs-weight-smoothing-none': ('NegBackward0', [[[4], 14.221994, 14.221994, -0.54536916], [[4, 5], -9.4529241e-08, 4.3255158, -0.42750188], [[4, 5], 18.180286, 18.180286, -1.8368579]]),
    'cross_entropy-4d-mean': ('NllLoss2DBackward0', [[[], 1.469313, 1.469313, 0.79387322], [[2, 4, 3, 2], -8.4983185e-09, 1.4064185, 0.0041011655]]),
    'cross_entropy-4d-sum': ('NllLoss2DBackward0', [[[], 22.663843, 22.663843, 12.245327], [[2, 4, 3, 2], 1.6018748e-07, 18.609106, -0.54853079]]),
    'cross_entropy-4d-none': ('NllLoss2DBackward0', [[[2, 3, 2], 13.398506, 13.398506, -1.179787], [[2, 4, 3, 2], -9.9360477e-08, 9.7578201, 0.56538733]]),
    'cross_entropy-3d-mean': ('NllLoss2DBackward0', [[[], 1.395512, 1.395512, 0.75399834], [[2, 4, 3], 2.8871e-08, 1.4827575, 0.012489758]]),
    'cross_entropy-3d-sum': ('NllLoss2DBackward0', [[[], 8.9515724, 8.9515724, 4.8365552], [[2, 4, 3], -1.8440187e-07, 8.0323025, 0.53592587]]),
    'cross_entropy-3d-none': ('ViewBackward0', [[[2, 3], 10.02259, 10.02259, -3.8216551], [[2, 4, 3], 2.3806933e-08, 4.7020589, -0.13396728]]),
    'cross_entropy-unbatched-mean': ('NllLossBackward0', [[[], 1.9040824, 1.9040824, 1.0287801], [[5], 5.5879354e-09, 1.6935781, 0.62193971]]),
    'cross_entropy-unbatched-sum': ('NllLossBackward0', [[[], 1.4856882, 1.4856882, 0.80272077], [[5], 2.2351742e-08, 1.5395769, -0.59064736]]),
    'cross_entropy-unbatched-none': ('NllLossBackward0', [[[], 3.9050913, 3.9050913, 2.1099298], [[5], 1.4901161e-08, 1.9499314, -0.81128885]]),
    'nll_loss-mean': ('NllLossBackward0', [[[], -0.56123036, 0.56123036, -0.30323406], [[6, 5], -0.99500415, 0.99500415, 0.10629607]]),
    'nll_loss-sum': ('NllLossBackward0', [[[], 0.022505522, 0.022505522, 0.012159785], [[6, 5], -5.9700251, 5.9700251, 0.033900749]]),
    'nll_loss-none': ('NllLossBackward0', [[[6], 2.2744176, 5.0918179, 1.8362943], [[6, 5], -2.5276703, 3.2864391, 0.96663008]]),
    'nll_loss-weight-mean': ('NllLossBackward0', [[[], 0.36643618, 0.36643618, 0.19798631], [[6, 5], -0.99500418, 0.99500418, -0.28729623]]),
    'nll_loss-weight-sum': ('NllLossBackward0', [[[], 1.7640361, 1.7640361, 0.95311275], [[6, 5], -3.2408123, 3.2408123, 1.0834394]]),
    'nll_loss-weight-none': ('NllLossBackward0', [[[6], 0.10546615, 2.5153299, 1.1083674], [[6, 5], -0.96457612, 1.2933119, -0.18007894]]),
    'nll_loss-4d-mean': ('NllLoss2DBackward0', [[[], -0.10456815, 0.10456815, -0.056498415], [[2, 4, 3, 2], -0.99500406, 0.99500406, 0.18687246]]),
    'nll_loss-4d-sum': ('NllLoss2DBackward0', [[[], 2.3307295, 2.3307295, 1.2592985], [[2, 4, 3, 2], -5.643608, 5.643608, -0.1482338]]),
    'nll_loss-4d-none': ('NllLoss2DBackward0', [[[2, 3, 2], -0.13235003, 6.923047, 0.82749871], [[2, 4, 3, 2], 0.38765871, 3.3429571, -0.800102]]),
    'nll_loss-5d-mean': ('NllLoss2DBackward0', [[[], 0.19884782, 0.19884782, 0.10743793], [[2, 3, 2, 2, 2], -0.99500418, 0.99500418, 0.17170087]]),
    'nll_loss-5d-sum': ('NllLoss2DBackward0', [[[], -4.5619974, 4.5619974, -2.4648577], [[2, 3, 2, 2, 2], -15.920067, 15.920067, 0.32774681]]),
    'nll_loss-5d-none': ('ViewBackward0', [[[2, 2, 2, 2], 3.3581551, 8.0019637, -0.34679266], [[2, 3, 2, 2, 2], 0.94710429, 9.8414006, -5.3675537]]),
    'mse_loss-mean': ('MseLossBackward0', [[[], 2.2852316, 2.2852316, 1.2347159], [[4, 5], 0.28158758, 2.3274447, 0.19017374], [[4, 5], -0.28158758, 2.3274447, -0.19017374]]),
    'mse_loss-sum': ('MseLossBackward0', [[[], 38.340378, 38.340378, 20.715395], [[4, 5], -7.2558357, 41.914412, 1.8529168], [[4, 5], 7.2558357, 41.914412, -1.8529168]]),
    'mse_loss-none': ('MseLossBackward0', [[[4, 5], 40.352696, 40.352696, 3.584175], [[4, 5], 9.3600818, 32.578799, 4.3371355], [[4, 5], -9.3600818, 32.578799, -4.3371355]]),
    'mse_loss-broadcast-mean': ('MseLossBackward0', [[[], 2.1989992, 2.1989992, 1.1881243], [[4, 5], -0.36194036, 2.1959672, 0.28957065], [[5], 0.36194037, 1.6990329, 0.18024263]]),
    'mse_loss-broadcast-sum': ('MseLossBackward0', [[[], 40.889236, 40.889236, 22.092549], [[4, 5], 39.762558, 47.355341, -0.79566822], [[5], -39.762559, 39.762559, 2.5309349]]),
    'mse_loss-broadcast-none': ('MseLossBackward0', [[[4, 5], 41.326919, 41.326919, 4.2670376], [[4, 5], -3.3043702, 32.512677, -6.1787292], [[5], 3.30437, 10.642766, -3.0473692]]),
    'mse_loss-weight-mean': ('DivBackward0', [[[], 2.1042924, 2.1042924, 1.136954], [[4, 5], -0.52094996, 2.0655379, 0.10646728], [[4, 5], 0.52094996, 2.0655379, -0.10646728]]),
    'mse_loss-weight-sum': ('SumBackward0', [[[], 11.688519, 11.688519, 6.3153335], [[4, 5], -7.4360745, 17.893441, 1.5263387], [[4, 5], 7.4360745, 17.893441, -1.5263387]]),
    'mse_loss-weight-none': ('MulBackward0', [[[4, 5], 9.9076543, 9.9076543, 0.36835621], [[4, 5], 1.9014365, 10.762937, -1.0625204], [[4, 5], -1.9014365, 10.762937, 1.0625204]]),
    'l1_loss-mean': ('MeanBackward0', [[[], 1.0191013, 1.0191013, 0.55062276], [[4, 5], 0.29850125, 0.99500418, -0.05618647], [[4, 5], -0.29850125, 0.99500418, 0.05618647]]),
    'l1_loss-sum': ('SumBackward0', [[[], 18.156382, 18.156382, 9.8099348], [[4, 5], 3.9800167, 19.900084, 3.4320807], [[4, 5], -3.9800167, 19.900084, -3.4320807]]),
    'l1_loss-none': ('AbsBackward0', [[[4, 5], 23.746826, 23.746826, 2.4568352], [[4, 5], 0.40036549, 13.352102, -0.042183194], [[4, 5], -0.40036549, 13.352102, 0.042183194]]),
    'smooth_l1_loss-mean': ('SmoothL1LossBackward0', [[[], 1.665292, 1.665292, 0.89976112], [[4, 5], 0.37743355, 1.7224877, -0.03411447], [[4, 5], -0.18871677, 0.86124387, 0.017057235]]),
    'smooth_l1_loss-sum': ('SmoothL1LossBackward0', [[[], 24.09366, 24.09366, 13.01786], [[4, 5], 5.1312507, 34.325656, -1.2892889], [[4, 5], -2.5656254, 17.162828, 0.64464444]]),
    'smooth_l1_loss-none': ('SmoothL1LossBackward0', [[[4, 5], 34.841845, 34.841845, -5.8012121], [[4, 5], -3.373518, 24.959342, 1.7042263], [[4, 5], 1.686759, 12.479671, -0.85211314]]),
    'smooth_l1_loss-beta-mean': ('SmoothL1LossBackward0', [[[], 1.8889894, 1.8889894, 1.0206254], [[4, 5], -0.33054355, 1.8110646, 0.15549119], [[4, 5], 0.16527177, 0.90553232, -0.077745594]]),
    'smooth_l1_loss-beta-sum': ('SmoothL1LossBackward0', [[[], 30.975086, 30.975086, 16.735911], [[4, 5], 0.96755913, 37.019258, -11.450065], [[4, 5], -0.48377956, 18.509629, 5.7250326]]),
    'smooth_l1_loss-beta-none': ('SmoothL1LossBackward0', [[[4, 5], 39.701673, 39.701673, 9.0942831], [[4, 5], -3.7993887, 26.038413, 0.52764977], [[4, 5], 1.8996943, 13.019206, -0.26382489]]),
    'smooth_l1_loss-beta0-sum': ('SumBackward0', [[[], 21.185349, 21.185349, 11.446493], [[4, 5], 3.9800167, 19.900084, 0.75163318], [[4, 5], -3.9800167, 19.900084, -0.75163318]]),
    'huber_loss-mean': ('HuberLossBackward0', [[[], 1.1143234, 1.1143234, 0.60207149], [[4, 5], -0.0053220838, 1.3585017, 0.46497208], [[4, 5], 0.0026610419, 0.67925085, -0.23248604]]),
    'huber_loss-sum': ('HuberLossBackward0', [[[], 17.382021, 17.382021, 9.391546], [[4, 5], -3.87521, 23.377292, 4.5336889], [[4, 5], 1.937605, 11.688646, -2.2668444]]),
    'huber_loss-none': ('HuberLossBackward0', [[[4, 5], 29.643655, 29.643655, 5.1135697], [[4, 5], 0.60528462, 18.454869, -0.41222998], [[4, 5], -0.30264231, 9.2274346, 0.20611499]]),
    'binary_cross_entropy-mean': ('BinaryCrossEntropyBackward0', [[[], 0.99128819, 0.99128819, 0.53559529], [[4, 5], 0.77114973, 2.6659718, -0.81326582], [[4, 5], -0.10692692, 0.94622546, 0.26058856]]),
    'binary_cross_entropy-sum': ('BinaryCrossEntropyBackward0', [[[], 20.058716, 20.058716, 10.83777], [[4, 5], 0.49591753, 55.80203, 9.0667415], [[4, 5], 3.1706782, 23.132069, -4.821382]]),
    'binary_cross_entropy-none': ('BinaryCrossEntropyBackward0', [[[4, 5], 17.351229, 17.351229, 1.3261766], [[4, 5], -0.30003303, 27.315173, -3.7824484], [[4, 5], 2.3458788, 13.571151, 1.4656001]]),
    'binary_cross_entropy-weight-mean': ('BinaryCrossEntropyBackward0', [[[], 0.52196014, 0.52196014, 0.28201627], [[4, 5], 0.094626529, 1.4197066, -0.35427925]]),
    'binary_cross_entropy-weight-sum': ('BinaryCrossEntropyBackward0', [[[], 4.496984, 4.496984, 2.4297308], [[4, 5], -0.35014191, 8.9950453, -3.1246708]]),
    'binary_cross_entropy-weight-none': ('BinaryCrossEntropyBackward0', [[[4, 5], 8.8642448, 8.8642448, -0.17304292], [[4, 5], 3.7513249, 12.382534, -2.8126801]]),
    'binary_cross_entropy_with_logits-mean': ('BinaryCrossEntropyWithLogitsBackward0', [[[], 2.2457867, 2.2457867, 1.2134037], [[4, 5], 1.2023566, 2.2363239, 0.37089094], [[4, 5], -1.9088253, 4.0427321, -0.29399352]]),
    'binary_cross_entropy_with_logits-sum': ('BinaryCrossEntropyWithLogitsBackward0', [[[], 47.218746, 47.218746, 25.512397], [[4, 5], 5.7436724, 42.641563, 5.9213971], [[4, 5], -20.054856, 92.216669, 14.062355]]),
    'binary_cross_entropy_with_logits-none': ('BinaryCrossEntropyWithLogitsBackward0', [[[4, 5], 41.856931, 41.856931, 3.3436092], [[4, 5], 5.7182969, 28.110524, -0.45577632], [[4, 5], 0.53102729, 52.289114, 0.16314928]]),
    'binary_cross_entropy_with_logits-weights-mean': ('BinaryCrossEntropyWithLogitsBackward0', [[[], 0.34874687, 0.34874687, 0.18842874], [[4, 5], 0.19015511, 0.46214234, -0.18650037], [[4, 5], -0.1438894, 0.56271045, 0.22383582]]),
    'binary_cross_entropy_with_logits-weights-sum': ('BinaryCrossEntropyWithLogitsBackward0', [[[], 27.950068, 27.950068, 15.101486], [[4, 5], 1.2720257, 23.830984, 7.1971009], [[4, 5], 11.620227, 47.731068, -11.831655]]),
    'binary_cross_entropy_with_logits-weights-none': ('BinaryCrossEntropyWithLogitsBackward0', [[[4, 5], 18.531537, 18.531537, 3.9561548], [[4, 5], 5.1701321, 12.38925, 4.0278324], [[4, 5], -3.5114482, 27.239713, -5.2070123]]),
    'soft_margin_loss-mean': ('SoftMarginLossBackward0', [[[], 0.90399897, 0.90399897, 0.48843273], [[4, 5], 0.024752391, 1.4204748, -0.19020464]]),
    'soft_margin_loss-sum': ('SoftMarginLossBackward0', [[[], 23.989914, 23.989914, 12.961806], [[4, 5], -6.5395138, 28.961117, 2.0690749]]),
    'soft_margin_loss-none': ('SoftMarginLossBackward0', [[[4, 5], 29.385882, 29.385882, -2.1435499], [[4, 5], -1.6371315, 23.793213, 0.73068012]]),
    'multi_margin_loss-mean': ('MultiMarginLossBackward0', [[[], 0.57238609, 0.57238609, 0.30926152], [[6, 5], -7.4505806e-09, 1.1276715, -0.10880057]]),
    'multi_margin_loss-sum': ('MultiMarginLossBackward0', [[[], 2.2661071, 2.2661071, 1.2243829], [[6, 5], 0, 4.7760201, 0.14604858]]),
    'multi_margin_loss-none': ('MultiMarginLossBackward0', [[[6], 3.6892995, 3.6892995, 0.20233895], [[6, 5], 0, 3.5752794, -0.01805546]]),
    'multi_margin_loss-p2-mean': ('MultiMarginLossBackward0', [[[], 1.1735401, 1.1735401, 0.63406643], [[6, 5], 3.3294782e-08, 2.0473728, -0.10542787]]),
    'multi_margin_loss-p2-sum': ('MultiMarginLossBackward0', [[[], 12.129242, 12.129242, 6.5534574], [[6, 5], -1.4109537e-07, 13.53211, -1.9077103]]),
    'multi_margin_loss-p2-none': ('MultiMarginLossBackward0', [[[6], 2.8848619, 2.8848619, -1.5461733], [[6, 5], 1.7811544e-08, 2.8542888, -0.50353122]]),
    'margin_ranking_loss-mean': ('MeanBackward0', [[[], 0.18508275, 0.18508275, 0.10000064], [[6], -0.33166805, 0.33166805, 0.052072396], [[6], 0.33166805, 0.33166805, -0.052072396]]),
    'margin_ranking_loss-sum': ('SumBackward0', [[[], 3.7678738, 3.7678738, 2.0357909], [[6], 0, 3.9800167, -1.3268578], [[6], 0, 3.9800167, 1.3268578]]),
    'margin_ranking_loss-none': ('ClampMinBackward0', [[[6], 3.6547318, 3.6547318, 1.9268585], [[6], -1.365185, 1.365185, -0.18304856], [[6], 1.365185, 1.365185, 0.18304856]]),
    'hinge_embedding_loss-mean': ('MeanBackward0', [[[], 0.59055817, 0.59055817, 0.31907994], [[4, 5], -0.19900084, 0.89550376, 0.085747889]]),
    'hinge_embedding_loss-sum': ('SumBackward0', [[[], 11.076743, 11.076743, 5.9847899], [[4, 5], 0, 19.900084, 1.7298872]]),
    'hinge_embedding_loss-none': ('AddBackward0', [[[4, 5], 6.4233615, 18.974184, 4.5363747], [[4, 5], 1.953765, 11.782584, 0.48820441]]),
    'cosine_embedding_loss-mean': ('MeanBackward0', [[[], 0.15956487, 0.15956487, 0.086213266], [[6, 4], -0.10487227, 0.17938591, -0.01040618], [[6, 4], 0.1022991, 0.19793349, 0.022360831]]),
    'cosine_embedding_loss-sum': ('SumBackward0', [[[], 3.2548492, 3.2548492, 1.7586025], [[6, 4], -1.6227052, 3.4199173, 0.03668004], [[6, 4], 1.5706019, 4.028926, -0.58246258]]),
    'cosine_embedding_loss-none': ('AddBackward0', [[[6], 2.8157996, 2.8157996, -0.44530022], [[6, 4], -1.1992143, 5.0642874, -0.021469455], [[6, 4], -0.14228623, 2.9582471, -0.18002245]]),
    'poisson_nll_loss-mean': ('MeanBackward0', [[[], 1.3569348, 1.3569348, 0.73315499], [[4, 5], 0.79632968, 0.90785725, 0.032743036], [[4, 5], 0.064178298, 0.65012866, 0.033034254]]),
    'poisson_nll_loss-sum': ('SumBackward0', [[[], 33.351326, 33.351326, 18.019798], [[4, 5], 22.924632, 25.63721, 7.2714443], [[4, 5], -0.98807746, 14.831695, -2.5796646]]),
    'poisson_nll_loss-none': ('SubBackward0', [[[4, 5], 30.820801, 30.820801, 10.275285], [[4, 5], 14.75795, 19.241726, 12.002608], [[4, 5], -5.6173316, 9.7703613, -0.61791183]]),
    'poisson_nll_loss-full-mean': ('MeanBackward0', [[[], 3.0941699, 3.0941699, 1.6717871], [[4, 5], -4.249247, 4.2787592, -0.87306424]]),
    'poisson_nll_loss-full-sum': ('SumBackward0', [[[], 59.650833, 59.650833, 32.229483], [[4, 5], -142.60817, 143.42075, 63.290389]]),
    'poisson_nll_loss-full-none': ('AddBackward0', [[[4, 5], 47.402352, 47.402352, -1.8310886], [[4, 5], 0.25844147, 60.031623, -18.173353]]),
    'gaussian_nll_loss-mean': ('MeanBackward0', [[[], 3.2363124, 3.2363124, 1.748587], [[4, 5], -0.56183256, 3.6692096, 0.15967349], [[4, 5], 0.56183256, 3.6692096, -0.15967349], [[4, 5], -10.823614, 11.163034, -0.11235594]]),
    'gaussian_nll_loss-sum': ('SumBackward0', [[[], 63.755142, 63.755142, 34.44705], [[4, 5], -47.663561, 74.499104, -19.03207], [[4, 5], 47.663561, 74.499104, 19.03207], [[4, 5], -352.17051, 364.80356, -141.45955]]),
    'gaussian_nll_loss-none': ('AddBackward0', [[[4, 5], 47.36378, 47.36378, -6.7390882], [[4, 5], -7.3819421, 35.560007, 12.400621], [[4, 5], 7.3819421, 35.560007, -12.400621], [[4, 5], -6.9560054, 84.802266, -36.374766]]),
    'gaussian_nll_loss-var-mean': ('MeanBackward0', [[[], 1.4799843, 1.4799843, 0.79963892], [[4, 5], 0.30232477, 2.2058406, -0.24154729], [[4, 5], -0.30232477, 2.2058406, 0.24154729], [[4], -2.9190721, 2.9190721, -0.4086697]]),
    'gaussian_nll_loss-var-sum': ('SumBackward0', [[[], 17.771736, 17.771736, 9.60211], [[4, 5], 6.7232749, 37.228851, -9.0913225], [[4, 5], -6.7232749, 37.228851, 9.0913225], [[4], -31.758066, 33.82381, 1.0572382]]),
    'gaussian_nll_loss-var-none': ('MulBackward0', [[[4, 5], 33.81615, 33.950383, -3.5564039], [[4, 5], -9.0500519, 26.37214, 3.0930527], [[4, 5], 9.0500519, 26.37214, -3.0930527], [[4], -6.9999903, 26.30847, -3.0452905]]),
    'multilabel_soft_margin_loss-mean': ('MeanBackward0', [[[], 0.32725272, 0.32725272, 0.1768154], [[4, 5], 0.029987631, 0.13062558, -0.013802741]]),
    'multilabel_soft_margin_loss-sum': ('SumBackward0', [[[], 1.3243909, 1.3243909, 0.71557145], [[4, 5], -0.13777997, 0.50009218, -0.057882764]]),
    'multilabel_soft_margin_loss-none': ('DivBackward0', [[[4], 1.1868438, 1.1868438, 0.085918636], [[4, 5], -0.17764392, 0.34003194, 0.095945654]]),
    'triplet_margin_loss-mean': ('MeanBackward0', [[[], 2.4121509, 2.4121509, 1.3032907], [[4, 5], 1.0419588, 1.9247055, 0.4547196], [[4, 5], -1.4185317, 2.2095824, -0.33979915], [[4, 5], 0.3765729, 1.8088615, -0.11492043]]),
    'triplet_margin_loss-sum': ('SumBackward0', [[[], 2.7699304, 2.7699304, 1.4965998], [[4, 5], -3.1866027, 7.1042854, 1.3270836], [[4, 5], 4.0998204, 6.6777721, 0.1577463], [[4, 5], -0.91321779, 5.822083, -1.4848298]]),
    'triplet_margin_loss-none': ('ClampMinBackward0', [[[4], 4.6154211, 4.6154211, 0.51755624], [[4, 5], -1.5083936, 6.6100649, 0.69438597], [[4, 5], 1.064793, 5.4548205, -0.78605802], [[4, 5], 0.44360055, 6.04633, 0.091672041]]),
    'kl_div-batchmean': ('DivBackward0', [[[], -1.5694972, 1.5694972, -0.84800297], [[4, 5], -1.7778764, 1.7778764, -0.24454568], [[4, 5], -2.1267249, 5.6833251, -0.11323899]]),
    'kl_div-mean': ('MeanBackward0', [[[], -0.25446597, 0.25446597, -0.13748855], [[4, 5], -0.55572218, 0.55572218, 0.042597168], [[4, 5], 0.09334104, 1.1599558, -0.27560015]]),
    'kl_div-sum': ('SumBackward0', [[[], -3.4688733, 3.4688733, -1.8742402], [[4, 5], -9.9391317, 9.9391317, 0.17917779], [[4, 5], 2.3222774, 22.942268, -0.87253003]]),
    'kl_div-none': ('SubBackward0', [[[4, 5], -5.0564729, 7.0836492, 1.1057981], [[4, 5], -0.48671324, 6.0238767, -3.0700078], [[4, 5], -0.29775513, 10.443077, 2.5862068]]),
    'kl_div-log_target-sum': ('SumBackward0', [[[], 14.910379, 14.910379, 8.0561124], [[4, 5], -27.021591, 27.021591, -4.510517], [[4, 5], 41.85748, 43.610319, 8.5535092]]),
    'kl_div-log_target-batchmean': ('DivBackward0', [[[], 2.5779071, 2.5779071, 1.3928491], [[4, 5], -5.17813, 5.17813, -0.16726457], [[4, 5], 7.7431582, 8.5369699, 1.3932821]]),
}
# END EXPECTED


def close(got, expected, scale):
    return abs(got - expected) <= 2e-4 * scale + 1e-6


def node_name(out):
    out = out[0] if isinstance(out, tuple) else out
    return None if out.grad_fn is None else out.grad_fn.name()


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_against_pytorch(case):
    _, expected = EXPECTED[case.name]
    got = run(torch, F, case)
    assert len(got) == len(expected), (got, expected)
    for index, (g, e) in enumerate(zip(got, expected)):
        where = f"{case.name}: signature #{index}"
        if e is None or g is None:
            assert g is e, where
            continue
        assert g[0] == e[0], f"{where}: shape {g[0]} != {e[0]}"
        assert all(close(a, b, e[2]) for a, b in zip(g[1:], e[1:])), f"{where}: {g} != {e}"


# Known differences: PyTorch's C++ calls overloads that Python cannot reach (MulBackward1,
# clamp_min, at::norm), and builds circular padding from slice copies where we record one node.
SAME_NODE = {"torch::autograd::CopySlices": "CircularPadBackward0"}


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_node_names_and_dtype(case):
    expected, _ = EXPECTED[case.name]
    tensors = make_tensors(torch, case.name, case.inputs)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = case.fn(F, torch, *tensors)
    assert node_name(out) == SAME_NODE.get(expected, expected)
    for o in out if isinstance(out, tuple) else (out,):
        assert o.dtype in (torch.float32, torch.int64), case.name


# --------------------------------------------------------------------------- gradcheck

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
    # (padding_idx and scale_grad_by_freq change the gradient on purpose: recorded above)
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


# --------------------------------------------------------------------------- dropout

def test_dropout_training():
    torch.manual_seed(0)
    x = torch.ones(200, 100, requires_grad=True)
    y = F.dropout(x, 0.3)
    assert y.grad_fn.name() == "MulBackward0"
    assert y.grad_fn.next_functions[1] == (None, 0)
    values = y.detach().numpy()
    assert set(np.unique(values)) <= {0.0, np.float32(1 / 0.7)}
    assert abs((values == 0).mean() - 0.3) < 0.02
    assert y.dtype == torch.float32
    y.sum().backward()
    assert np.array_equal(x.grad.numpy(), values)  # the gradient is the scaled mask
    torch.manual_seed(0)
    assert np.array_equal(F.dropout(x, 0.3).detach().numpy(), values)


def test_dropout_edge_cases():
    x = torch.randn(4, 5, requires_grad=True)
    assert F.dropout(x, 0.0) is x
    assert F.dropout(x, 0.9, training=False) is x
    zeros = F.dropout(x, 1.0)
    assert zeros.grad_fn.name() == "MulBackward0" and not zeros.detach().numpy().any()
    y = x * 1
    out = F.dropout(y, 0.5, inplace=True)
    assert out is y and y._version == 1


def test_feature_dropout_zeroes_whole_channels():
    torch.manual_seed(1)
    x = torch.ones(8, 6, 3, 3)
    y = F.dropout2d(x, 0.5).numpy().reshape(8, 6, 9)
    assert np.all((y == 0).all(-1) | (y == 2).all(-1))
    assert 0 < (y == 0).mean() < 1
    y = F.dropout1d(torch.ones(6, 5), 0.5).numpy()  # unbatched (C, L)
    assert np.all((y == 0).all(-1) | (y == 2).all(-1))


def test_alpha_dropout_keeps_mean_and_variance():
    torch.manual_seed(2)
    x = torch.randn(200000)
    y = F.alpha_dropout(x, 0.2, training=True).numpy()
    assert abs(y.mean()) < 0.02 and abs(y.std() - 1) < 0.02
    assert F.alpha_dropout(x, 0.2) is x  # training defaults to False, as in PyTorch


# --------------------------------------------------------------------------- errors

# (name, exception, fn(F, torch, x, w), PyTorch's message); x is 2x3x8x8, w is 4x3x3x3.
ERRORS = [
    ('conv chan', RuntimeError, lambda F, torch, x, w: F.conv2d(x, torch.randn(4, 2, 3, 3)),
     ('Given groups=1, weight of size [4, 2, 3, 3], expected input[2, 3, 8, 8] to have 2 '
     'channels, but got 3 channels instead')),
    ('conv dims', RuntimeError, lambda F, torch, x, w: F.conv2d(x[0, 0], w),
     'Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: [8, 8]'),
    ('conv 5d', RuntimeError, lambda F, torch, x, w: F.conv2d(x[None], w),
     ('Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: [1, 2,'
     ' 3, 8, 8]')),
    ('conv bias', RuntimeError, lambda F, torch, x, w: F.conv2d(x, w, torch.randn(3)),
     ('Given weight of size [4, 3, 3, 3], expected bias to be 1-dimensional with 4 elements, '
     'but got bias of size [3] instead')),
    ('conv groups', RuntimeError,
     lambda F, torch, x, w: F.conv2d(x, torch.randn(4, 1, 3, 3), groups=2),
     ('Given groups=2, weight of size [4, 1, 3, 3], expected input[2, 3, 8, 8] to have 2 '
     'channels, but got 3 channels instead')),
    ('conv groups out', RuntimeError,
     lambda F, torch, x, w: F.conv2d(torch.randn(2, 4, 8, 8), torch.randn(3, 2, 3, 3), groups=2),
     ('Given groups=2, expected weight to be divisible by 2 at dimension 0, but got weight of'
     ' size [[3, 2, 3, 3]] instead')),
    ('conv too small', RuntimeError, lambda F, torch, x, w: F.conv2d(torch.randn(2, 3, 2, 2), w),
     ('Calculated padded input size per channel: (2 x 2). Kernel size: (3 x 3). Kernel size '
     "can't be greater than actual input size")),
    ('conv1d too small', RuntimeError,
     lambda F, torch, x, w: F.conv1d(torch.randn(2, 3, 2), torch.randn(4, 3, 3)),
     ("Calculated padded input size per channel: (2). Kernel size: (3). Kernel size can't be "
     'greater than actual input size')),
    ('conv same stride', RuntimeError,
     lambda F, torch, x, w: F.conv2d(x, w, padding='same', stride=2),
     "padding='same' is not supported for strided convolutions"),
    ('conv bad pad str', RuntimeError, lambda F, torch, x, w: F.conv2d(x, w, padding='foo'),
     "Invalid padding string: 'foo'"),
    ('conv neg pad', RuntimeError, lambda F, torch, x, w: F.conv2d(x, w, padding=-1),
     'negative padding is not supported'),
    ('conv stride0', RuntimeError, lambda F, torch, x, w: F.conv2d(x, w, stride=0),
     'non-positive stride is not supported'),
    ('conv dil0', RuntimeError, lambda F, torch, x, w: F.conv2d(x, w, dilation=0),
     'non-positive dilation is not supported'),
    ('conv groups0', RuntimeError, lambda F, torch, x, w: F.conv2d(x, w, groups=0),
     'non-positive groups is not supported'),
    ('conv stride3', RuntimeError, lambda F, torch, x, w: F.conv2d(x, w, stride=(1, 2, 3)),
     ('expected stride to be a single integer value or a list of 2 values to match the '
     'convolution dimensions, but got stride=[1, 2, 3]')),
    ('conv1d chan', RuntimeError, lambda F, torch, x, w: F.conv1d(x[:, :, 0], torch.randn(4, 2, 3)),
     ('Given groups=1, weight of size [4, 2, 3], expected input[2, 3, 8] to have 2 channels, '
     'but got 3 channels instead')),
    ('conv dtype', RuntimeError, lambda F, torch, x, w: F.conv2d(x.double(), w),
     'expected scalar type Double but found Float'),
    ('convT chan', RuntimeError,
     lambda F, torch, x, w: F.conv_transpose2d(x, torch.randn(4, 3, 3, 3)),
     ('Given transposed=1, weight of size [4, 3, 3, 3], expected input[2, 3, 8, 8] to have 4 '
     'channels, but got 3 channels instead')),
    ('convT op', RuntimeError,
     lambda F, torch, x, w: F.conv_transpose2d(x, torch.randn(3, 3, 3, 3), stride=2,
                                               output_padding=2),
     ('output padding must be smaller than either stride or dilation, but got '
     'output_padding_height: 2 output_padding_width: 2 stride_height: 2 stride_width: 2 '
     'dilation_height: 1 dilation_width: 1')),
    ('convT1d op', RuntimeError,
     lambda F, torch, x, w: F.conv_transpose1d(x[:, :, 0], torch.randn(3, 3, 3), stride=2,
                                               output_padding=2),
     ('output padding must be smaller than either stride or dilation, but got '
     'output_padding_height: 0 output_padding_width: 2 stride_height: 1 stride_width: 2 '
     'dilation_height: 1 dilation_width: 1')),
    ('convT bias', RuntimeError,
     lambda F, torch, x, w: F.conv_transpose2d(x, torch.randn(3, 2, 3, 3), torch.randn(3),
                                               groups=1),
     ('Given transposed=1, weight of size [3, 2, 3, 3], expected bias to be 1-dimensional '
     'with 2 elements, but got bias of size [3] instead')),
    ('maxpool pad', RuntimeError, lambda F, torch, x, w: F.max_pool2d(x, 2, padding=2),
     ('pad should be at most half of effective kernel size, but got pad=2, kernel_size=2 and '
     'dilation=1')),
    ('maxpool small', RuntimeError, lambda F, torch, x, w: F.max_pool2d(torch.randn(1, 1, 2, 2), 3),
     'Given input size: (1x2x2). Calculated output size: (1x0x0). Output size is too small'),
    ('maxpool dims', RuntimeError, lambda F, torch, x, w: F.max_pool2d(torch.randn(2, 2), 2),
     'non-empty 3D or 4D (batch mode) tensor expected for input'),
    ('maxpool1d dims', RuntimeError, lambda F, torch, x, w: F.max_pool1d(torch.randn(2), 2),
     ('max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size for '
     'input, but got:[2]')),
    ('avgpool pad', RuntimeError, lambda F, torch, x, w: F.avg_pool2d(x, 2, padding=2),
     ('pad should be at most half of effective kernel size, but got pad=2, kernel_size=2 and '
     'dilation=1')),
    ('avgpool small', RuntimeError, lambda F, torch, x, w: F.avg_pool2d(torch.randn(1, 1, 2, 2), 3),
     'Given input size: (1x2x2). Calculated output size: (1x0x0). Output size is too small'),
    ('aap dims', RuntimeError, lambda F, torch, x, w: F.adaptive_avg_pool2d(torch.randn(2, 2), 2),
     'adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got [2, 2]'),
    ('bn 1 value', ValueError,
     lambda F, torch, x, w: F.batch_norm(torch.randn(1, 3), torch.zeros(3), torch.ones(3),
                                         training=True),
     ('Expected more than 1 value per channel when training, got input size torch.Size([1, '
     '3])')),
    ('bn no running eval', RuntimeError,
     lambda F, torch, x, w: F.batch_norm(x, None, None, training=False),
     'running_mean must be defined in evaluation mode'),
    ('bn wrong ch', RuntimeError,
     lambda F, torch, x, w: F.batch_norm(x, torch.zeros(4), torch.ones(4), training=False),
     'running_mean should contain 3 elements not 4'),
    ('bn wrong w', RuntimeError,
     lambda F, torch, x, w: F.batch_norm(x, torch.zeros(3), torch.ones(3), torch.ones(4),
                                         training=False),
     'weight should contain 3 elements not 4'),
    ('ln wrong', RuntimeError, lambda F, torch, x, w: F.layer_norm(x, (7, )),
     ('Given normalized_shape=[7], expected input with shape [*, 7], but got input of size[2,'
     ' 3, 8, 8]')),
    ('ln weight', RuntimeError, lambda F, torch, x, w: F.layer_norm(x, (8, ), torch.ones(7)),
     ('Expected weight to be of same shape as normalized_shape, but got weight of shape [7] '
     'and normalized_shape = [8]')),
    ('gn wrong', RuntimeError, lambda F, torch, x, w: F.group_norm(x, 2),
     ('Expected number of channels in input to be divisible by num_groups, but got input of '
     'shape [2, 3, 8, 8] and num_groups=2')),
    ('nll bs', ValueError,
     lambda F, torch, x, w: F.nll_loss(torch.randn(4, 5), torch.tensor([1, 2, 3])),
     'Expected input batch_size (4) to match target batch_size (3).'),
    ('nll oob', IndexError,
     lambda F, torch, x, w: F.nll_loss(torch.randn(4, 5), torch.tensor([1, 2, 3, 5])),
     'Target 5 is out of bounds.'),
    ('nll neg', IndexError,
     lambda F, torch, x, w: F.nll_loss(torch.randn(4, 5), torch.tensor([1, 2, 3, -1])),
     'Target -1 is out of bounds.'),
    ('nll float tgt', RuntimeError,
     lambda F, torch, x, w: F.nll_loss(torch.randn(4, 5), torch.tensor([1., 2, 3, 4])),
     'expected target dtype to be Long or Byte, but got Float'),
    ('nll int32 tgt', RuntimeError,
     lambda F, torch, x, w: F.nll_loss(torch.randn(4, 5), torch.tensor([1, 2, 3, 4],
                                       dtype=torch.int32)),
     'expected target dtype to be Long or Byte, but got Int'),
    ('nll weight', RuntimeError,
     lambda F, torch, x, w: F.nll_loss(torch.randn(4, 5), torch.tensor([1, 2, 3, 4]),
                                       weight=torch.rand(4)),
     ('weight tensor should be defined either for all 5 classes or no classes but got weight '
     'tensor of shape: [4]')),
    ('nll 1d tgt 2d', RuntimeError,
     lambda F, torch, x, w: F.nll_loss(torch.randn(4, 5), torch.tensor([[1], [2], [3], [4]])),
     '0D or 1D target tensor expected, multi-target not supported'),
    ('nll 4d bad tgt', RuntimeError,
     lambda F, torch, x, w: F.nll_loss(torch.randn(2, 5, 3, 3), torch.zeros(2, 3, 4,
                                       dtype=torch.long)),
     'size mismatch (got input: [2, 5, 3, 3] , target: [2, 3, 4]'),
    ('nll 4d tgt dims', RuntimeError,
     lambda F, torch, x, w: F.nll_loss(torch.randn(2, 5, 3, 3), torch.zeros(2, 3,
                                       dtype=torch.long)),
     'only batches of spatial targets supported (3D tensors) but got targets of dimension: 2'),
    ('nll 3d tgt', RuntimeError,
     lambda F, torch, x, w: F.nll_loss(torch.randn(2, 5, 3), torch.zeros(2, 4, dtype=torch.long)),
     'Expected target size [2, 3], got [2, 4]'),
    ('nll 0d', ValueError, lambda F, torch, x, w: F.nll_loss(torch.tensor(1.), torch.tensor(1)),
     'Expected 1 or more dimensions (got 0)'),
    ('ce bad red', ValueError,
     lambda F, torch, x, w: F.cross_entropy(torch.randn(4, 5), torch.tensor([1, 2, 3, 4]),
                                            reduction='foo'),
     'foo is not a valid value for reduction'),
    ('ce prob shape', RuntimeError,
     lambda F, torch, x, w: F.cross_entropy(torch.randn(4, 5), torch.rand(4, 4)),
     '0D or 1D target tensor expected, multi-target not supported'),
    ('ce prob ignore', RuntimeError,
     lambda F, torch, x, w: F.cross_entropy(torch.randn(4, 5), torch.rand(4, 5), ignore_index=1),
     'ignore_index is not supported for floating point target'),
    ('ce ls bad', RuntimeError,
     lambda F, torch, x, w: F.cross_entropy(torch.randn(4, 5), torch.tensor([1, 2, 3, 4]),
                                            label_smoothing=1.5),
     'label_smoothing must be between 0.0 and 1.0. Got: 1.5'),
    ('mse shape bad', RuntimeError,
     lambda F, torch, x, w: F.mse_loss(torch.randn(4, 5), torch.randn(4)),
     ('The size of tensor a (5) must match the size of tensor b (4) at non-singleton '
     'dimension 1')),
    ('mse weight bad', ValueError,
     lambda F, torch, x, w: F.mse_loss(torch.randn(4, 5), torch.randn(4, 5), weight=torch.rand(5)),
     'Weights and input must have the same size.'),
    ('bce shape', ValueError,
     lambda F, torch, x, w: F.binary_cross_entropy(torch.rand(4, 5), torch.rand(5)),
     ('Using a target size (torch.Size([5])) that is different to the input size '
     '(torch.Size([4, 5])) is deprecated. Please ensure they have the same size.')),
    ('bce range', RuntimeError,
     lambda F, torch, x, w: F.binary_cross_entropy(torch.rand(4, 5)+1, torch.rand(4, 5)),
     'all elements of input should be between 0 and 1'),
    ('bcel shape', ValueError,
     lambda F, torch, x, w: F.binary_cross_entropy_with_logits(torch.rand(4, 5), torch.rand(5)),
     'Target size (torch.Size([5])) must be the same as input size (torch.Size([4, 5]))'),
    ('sl1 beta', RuntimeError,
     lambda F, torch, x, w: F.smooth_l1_loss(torch.rand(4, 5), torch.rand(4, 5), beta=-1),
     'smooth_l1_loss does not support negative values for beta.'),
    ('dropout p', ValueError, lambda F, torch, x, w: F.dropout(x, 1.5),
     'dropout probability has to be between 0 and 1, but got 1.5'),
    ('dropout2d p', ValueError, lambda F, torch, x, w: F.dropout2d(x, -0.5),
     'dropout probability has to be between 0 and 1, but got -0.5'),
    ('emb oob', IndexError,
     lambda F, torch, x, w: F.embedding(torch.tensor([10]), torch.randn(10, 3)),
     'index out of range in self'),
    ('emb neg', IndexError,
     lambda F, torch, x, w: F.embedding(torch.tensor([-1]), torch.randn(10, 3)),
     'index out of range in self'),
    ('emb float', RuntimeError,
     lambda F, torch, x, w: F.embedding(torch.tensor([1.]), torch.randn(10, 3)),
     ("Expected tensor for argument #1 'indices' to have one of the following scalar types: "
     'Long, Int; but got torch.FloatTensor instead (while checking arguments for embedding)')),
    ('emb pad', AssertionError,
     lambda F, torch, x, w: F.embedding(torch.tensor([1]), torch.randn(10, 3), padding_idx=10),
     'Padding_idx must be within num_embeddings'),
    ('emb pad neg', AssertionError,
     lambda F, torch, x, w: F.embedding(torch.tensor([1]), torch.randn(10, 3), padding_idx=-11),
     'Padding_idx must be within num_embeddings'),
    ('pad odd', RuntimeError, lambda F, torch, x, w: F.pad(x, (1, )),
     'Padding length must be divisible by 2'),
    ('pad long', RuntimeError, lambda F, torch, x, w: F.pad(x, (1, )*10),
     ('Padding length should be less than or equal to two times the input dimension but got '
     'padding length 10 and input of dimension 4')),
    ('pad mode', NotImplementedError, lambda F, torch, x, w: F.pad(x, (1, 1), mode='foo'),
     'Unrecognised padding mode foo'),
    ('pad reflect big', RuntimeError, lambda F, torch, x, w: F.pad(x, (8, 1, 1, 1), mode='reflect'),
     ('Argument #4: Padding size should be less than the corresponding input dimension, but '
     'got: padding (8, 1) at dimension 3 of input [2, 3, 8, 8]')),
    ('pad reflect dims', NotImplementedError,
     lambda F, torch, x, w: F.pad(x, (1, 1), mode='reflect'),
     ('Padding size 2 is not supported for 4D input tensor.\n'
     'Supported combinations for non-constant padding:\n'
     '  - 2D or 3D input: padding size = 2 (pads last dimension)\n'
     '  - 3D or 4D input: padding size = 4 (pads last 2 dimensions)\n'
     '  - 4D or 5D input: padding size = 6 (pads last 3 dimensions)')),
    ('pad circ big', RuntimeError, lambda F, torch, x, w: F.pad(x, (9, 1, 1, 1), mode='circular'),
     'Padding value causes wrapping around more than once.'),
    ('onehot float', RuntimeError, lambda F, torch, x, w: F.one_hot(torch.tensor([1.])),
     'one_hot is only applicable to index tensor of type LongTensor.'),
    ('onehot neg', RuntimeError, lambda F, torch, x, w: F.one_hot(torch.tensor([-1])),
     'Class values must be non-negative.'),
    ('onehot big', RuntimeError, lambda F, torch, x, w: F.one_hot(torch.tensor([3]), 3),
     'Class values must be smaller than num_classes.'),
    ('onehot empty', RuntimeError,
     lambda F, torch, x, w: F.one_hot(torch.tensor([], dtype=torch.long)),
     'Can not infer total number of classes from empty tensor.'),
    ('linear', RuntimeError, lambda F, torch, x, w: F.linear(torch.randn(5, 3), torch.randn(4, 4)),
     'mat1 and mat2 shapes cannot be multiplied (5x3 and 4x4)'),
    ('linear3d', RuntimeError,
     lambda F, torch, x, w: F.linear(torch.randn(2, 5, 3), torch.randn(4, 4)),
     'mat1 and mat2 shapes cannot be multiplied (10x3 and 4x4)'),
    ('linear1d', RuntimeError, lambda F, torch, x, w: F.linear(torch.randn(3), torch.randn(4, 4)),
     'mat1 and mat2 shapes cannot be multiplied (1x3 and 4x4)'),
    ('gelu bad', RuntimeError, lambda F, torch, x, w: F.gelu(x, approximate='foo'),
     'approximate argument must be either none or tanh.'),
    ('hardtanh', ValueError, lambda F, torch, x, w: F.hardtanh(x, 2, 1),
     'min_val cannot be greater than max_val'),
    ('glu odd', RuntimeError, lambda F, torch, x, w: F.glu(torch.randn(3, 5)),
     'Halving dimension must be even, but dimension 1 is size 5'),
]


@pytest.mark.parametrize("name, error, fn, message", ERRORS, ids=[e[0] for e in ERRORS])
def test_error_messages(name, error, fn, message):
    x, w = torch.randn(2, 3, 8, 8), torch.randn(4, 3, 3, 3)
    with pytest.raises(error) as info, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fn(F, torch, x, w)
    assert str(info.value) == message


def record():
    """Run every case on PyTorch and rewrite the EXPECTED block of this file."""
    import torch as real_torch
    import torch.nn.functional as real_F
    lines = ["EXPECTED = {"]
    for case in CASES:
        tensors = make_tensors(real_torch, case.name, case.inputs)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            name = node_name(case.fn(real_F, real_torch, *tensors))
        signatures = _compact(run(real_torch, real_F, case))
        lines.append(f"    {case.name!r}: ({name!r}, {signatures}),")
    lines.append("}")
    path = Path(__file__)
    text = path.read_text()
    begin, end = text.index("# BEGIN EXPECTED\n"), text.index("# END EXPECTED\n")
    text = text[:begin] + "# BEGIN EXPECTED\n" + "\n".join(lines) + "\n" + text[end:]
    path.write_text(text)



def _compact(signatures):
    def fmt(s):
        if s is None:
            return "None"
        return f"[{s[0]}, " + ", ".join(f"{v:.8g}" for v in s[1:]) + "]"
    return "[" + ", ".join(fmt(s) for s in signatures) + "]"


if __name__ == "__main__" and "--record" in sys.argv:
    record()
