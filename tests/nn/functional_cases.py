"""The torch.nn.functional cases run against values recorded from PyTorch: the same function
on the same NumPy inputs, in hookgrad (test_nn_functional.py) and in real PyTorch
(tools/record/nn_functional.py, which writes tests/recorded/nn_functional.json).

For every output and every input gradient (of ``sum(output * probe)``) a signature is
compared: shape, sum, sum of absolute values and a dot product with a fixed pattern."""
import functools
import warnings
import zlib
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np


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
    for kind, shape, _grad, low, high in inputs:
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


def node_name(out):
    """The name of the node that made ``out`` (the first output of a tuple), or None."""
    out = out[0] if isinstance(out, tuple) else out
    return None if out.grad_fn is None else out.grad_fn.name()


def make_tensors(lib, name, inputs, dtype=np.float32):
    tensors = []
    for array, (_, _, grad, _, _) in zip(make_arrays(name, inputs, dtype), inputs):
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
