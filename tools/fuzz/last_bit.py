"""How often hookgrad's results differ from PyTorch's in the last bits on random inputs, per
op, forward and backward. The fuzzer draws values on a grid of quarters, where sums are exact
and most functions agree; random normal values show the rounding of PyTorch's kernels (SLEEF
transcendentals, summation orders, fused multiply-adds) wherever hookgrad does not follow it.

    python tools/fuzz/last_bit.py                  # needs torch; one row per op
    python tools/fuzz/last_bit.py --dtype float64  # the same in float64

Each op runs on a fresh N(0, 1) input (positive where the op needs it) with a random incoming
gradient; "forward" and "gradient" are the shares of elements whose bits differ."""
import argparse
import sys
from pathlib import Path

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
import hookgrad  # noqa: E402

# a Linear(33, 10)'s weight and bias, for the products' rows (10 outputs: PyTorch's MKL
# takes other kernels for narrow products than for square ones)
_WEIGHT = np.random.default_rng(1).standard_normal((10, 33))
_BIAS = np.linspace(-1, 1, 10)
_LABELS = np.random.default_rng(2).integers(0, 10, 64)
_TARGET = np.random.default_rng(3).uniform(0, 1, (64, 33))
# an evaluation-mode batch norm's running mean and variance, weight and bias (8 channels)
_STATS = (np.random.default_rng(4).normal(0, 0.1, 8), np.random.default_rng(5).uniform(0.5, 2, 8),
          np.random.default_rng(6).normal(0, 1, 8), np.random.default_rng(7).normal(0, 1, 8))


def _const(t, x, values):
    return t.tensor(values, dtype=x.dtype)


def _f(t):
    return t.nn.functional


OPS = [  # (name, fn(lib, x), input kind: "normal", "positive", "unit" or "above1")
    ("sum(-1)", lambda t, x: x.sum(-1), "normal"),
    ("sum(0)", lambda t, x: x.sum(0), "normal"),
    ("mean(-1)", lambda t, x: x.mean(-1), "normal"),
    ("var(-1)", lambda t, x: x.var(-1), "normal"),
    ("prod(-1)", lambda t, x: (x * 0.1 + 1).prod(-1), "normal"),
    ("norm(dim=-1)", lambda t, x: t.linalg.vector_norm(x, dim=-1), "normal"),
    ("norm(1, dim=-1)", lambda t, x: t.linalg.vector_norm(x, 1, dim=-1), "normal"),
    ("normalize", lambda t, x: _f(t).normalize(x, dim=-1), "normal"),
    ("logsumexp(-1)", lambda t, x: t.logsumexp(x, -1), "normal"),
    ("logcumsumexp(-1)", lambda t, x: t.logcumsumexp(x, -1), "normal"),
    ("exp", lambda t, x: x.exp(), "normal"),
    ("log", lambda t, x: x.log(), "positive"),
    ("sqrt", lambda t, x: x.sqrt(), "positive"),
    ("x ** 1.5", lambda t, x: x ** 1.5, "positive"),
    ("atan2", lambda t, x: t.atan2(x, x.flip(0)), "normal"),
    ("logaddexp", lambda t, x: t.logaddexp(x, x.flip(0)), "normal"),
    ("sigmoid", lambda t, x: x.sigmoid(), "normal"),
    ("tanh", lambda t, x: x.tanh(), "normal"),
    ("silu", lambda t, x: _f(t).silu(x), "normal"),
    ("softplus", lambda t, x: _f(t).softplus(x), "normal"),
    ("logsigmoid", lambda t, x: _f(t).logsigmoid(x), "normal"),
    ("gelu", lambda t, x: _f(t).gelu(x), "normal"),
    ("gelu(tanh)", lambda t, x: _f(t).gelu(x, approximate="tanh"), "normal"),
    ("glu", lambda t, x: _f(t).glu(x[:, :32]), "normal"),
    ("softmax(-1)", lambda t, x: t.softmax(x, -1), "normal"),
    ("softmax(0)", lambda t, x: t.softmax(x, 0), "normal"),
    ("log_softmax(-1)", lambda t, x: t.log_softmax(x, -1), "normal"),
    ("cross_entropy", lambda t, x: _f(t).cross_entropy(x[:, :10], t.tensor(_LABELS)),
     "normal"),
    ("bce", lambda t, x: _f(t).binary_cross_entropy(x, _const(t, x, _TARGET)), "unit"),
    ("bce_with_logits", lambda t, x: _f(t).binary_cross_entropy_with_logits(
        x, _const(t, x, _TARGET)), "normal"),
    ("mse_loss", lambda t, x: _f(t).mse_loss(x, _const(t, x, _TARGET)), "normal"),
    ("layer_norm", lambda t, x: _f(t).layer_norm(x, (x.shape[-1],)), "normal"),
    ("group_norm", lambda t, x: _f(t).group_norm(x.reshape(16, 4, 33), 2), "normal"),
    ("batch_norm(train)", lambda t, x: _f(t).batch_norm(x, None, None, training=True),
     "normal"),
    ("batch_norm(eval)", lambda t, x: _f(t).batch_norm(
        x.reshape(8, 8, 33), _const(t, x, _STATS[0]), _const(t, x, _STATS[1]),
        _const(t, x, _STATS[2]), _const(t, x, _STATS[3])), "normal"),
    ("avg_pool2d(3, 2)", lambda t, x: _f(t).avg_pool2d(x.reshape(4, 16, 33), 3, 2), "normal"),
    ("interpolate x2", lambda t, x: _f(t).interpolate(x.reshape(1, 4, 16, 33), scale_factor=2),
     "normal"),
    ("conv2d", lambda t, x: _f(t).conv2d(x.reshape(1, 4, 16, 33), x[:4, :27].reshape(3, 4, 3, 3)),
     "normal"),
    ("cdist", lambda t, x: t.cdist(x[:20], x[20:40]), "normal"),
    ("matmul", lambda t, x: x @ x.T, "normal"),
    ("linear", lambda t, x: _f(t).linear(x, _const(t, x, _WEIGHT), _const(t, x, _BIAS)),
     "normal"),
    ("bmm", lambda t, x: t.bmm(x[:, :32].reshape(4, 16, 32), x[:, :32].reshape(4, 32, 16)),
     "normal"),
    ("x * 1.7 + 0.3", lambda t, x: x * 1.7 + 0.3, "normal"),
    ("relu", lambda t, x: t.relu(x), "normal"),
    # (appended, so that the rows above keep their inputs)
    ("log_softmax(0)", lambda t, x: t.log_softmax(x, 0), "normal"),
    ("log_softmax(1) 3-d", lambda t, x: t.log_softmax(x[:, :30].reshape(8, 8, 5, 6), 1),
     "normal"),
    *((name, (lambda n: lambda t, x: getattr(x, n)())(name), kind) for name, kind in (
        ("sin", "normal"), ("cos", "normal"), ("tan", "unit"), ("asin", "unit"),
        ("acos", "unit"), ("atan", "normal"), ("sinh", "normal"), ("cosh", "normal"),
        ("asinh", "normal"), ("acosh", "above1"), ("atanh", "unit"), ("erf", "normal"),
        ("erfc", "normal"), ("erfinv", "unit"), ("expm1", "normal"), ("log1p", "positive"),
        ("log2", "positive"), ("log10", "positive"), ("exp2", "normal"), ("rsqrt", "positive"),
        ("reciprocal", "positive"), ("lgamma", "positive"), ("digamma", "positive"),
        ("sigmoid", "normal"), ("logit", "unit"), ("square", "normal"), ("abs", "normal"),
        ("cumsum", None), ("cumprod", None), ("std", None), ("frac", "normal"))
        if kind is not None),
    ("cumsum(-1)", lambda t, x: x.cumsum(-1), "normal"),
    ("cumprod(-1)", lambda t, x: (x * 0.1 + 1).cumprod(-1), "normal"),
    ("std(-1)", lambda t, x: x.std(-1), "normal"),
    ("x / y", lambda t, x: x / (x.flip(0).abs() + 0.5), "normal"),
    ("x ** 2", lambda t, x: x ** 2, "normal"),
    ("x ** 0.5", lambda t, x: x ** 0.5, "positive"),
    ("x ** 3.3", lambda t, x: x ** 3.3, "positive"),
    ("pow(x, y)", lambda t, x: t.pow(x, x.flip(0)), "positive"),
    ("hypot", lambda t, x: t.hypot(x, x.flip(0)), "normal"),
    ("elu", lambda t, x: _f(t).elu(x), "normal"),
    ("selu", lambda t, x: _f(t).selu(x), "normal"),
    ("celu", lambda t, x: _f(t).celu(x, 0.7), "normal"),
    ("mish", lambda t, x: _f(t).mish(x), "normal"),
    ("hardswish", lambda t, x: _f(t).hardswish(x), "normal"),
    ("hardsigmoid", lambda t, x: _f(t).hardsigmoid(x), "normal"),
    ("leaky_relu", lambda t, x: _f(t).leaky_relu(x, 0.03), "normal"),
    ("softsign", lambda t, x: _f(t).softsign(x), "normal"),
    ("tanhshrink", lambda t, x: _f(t).tanhshrink(x), "normal"),
    ("softmin(-1)", lambda t, x: _f(t).softmin(x, -1), "normal"),
    ("nll_loss", lambda t, x: _f(t).nll_loss(x[:, :10], t.tensor(_LABELS)), "normal"),
    ("smooth_l1_loss", lambda t, x: _f(t).smooth_l1_loss(x, _const(t, x, _TARGET)), "normal"),
    ("huber_loss", lambda t, x: _f(t).huber_loss(x, _const(t, x, _TARGET), delta=0.5),
     "normal"),
    ("l1_loss", lambda t, x: _f(t).l1_loss(x, _const(t, x, _TARGET)), "normal"),
    ("kl_div", lambda t, x: _f(t).kl_div(x, _const(t, x, _TARGET), reduction="batchmean"),
     "normal"),
    ("cosine_similarity", lambda t, x: _f(t).cosine_similarity(x, x.flip(0)), "normal"),
    ("pairwise_distance", lambda t, x: _f(t).pairwise_distance(x, x.flip(0)), "normal"),
    ("layer_norm(affine)", lambda t, x: _f(t).layer_norm(
        x, (33,), _const(t, x, _TARGET[0]), _const(t, x, _TARGET[1])), "normal"),
    ("instance_norm", lambda t, x: _f(t).instance_norm(x.reshape(8, 8, 33)), "normal"),
    ("max_pool2d(3, 2)", lambda t, x: _f(t).max_pool2d(x.reshape(4, 16, 33), 3, 2), "normal"),
    ("adaptive_avg_pool2d", lambda t, x: _f(t).adaptive_avg_pool2d(x.reshape(4, 16, 33), 5),
     "normal"),
    ("conv1d", lambda t, x: _f(t).conv1d(x.reshape(8, 8, 33), x[:4, :24].reshape(4, 8, 3)),
     "normal"),
    ("conv2d batch 4", lambda t, x: _f(t).conv2d(x.reshape(4, 4, 4, 33),
                                                 x[:4, :27].reshape(3, 4, 3, 3)), "normal"),
    ("conv_transpose2d", lambda t, x: _f(t).conv_transpose2d(
        x.reshape(1, 4, 16, 33), x[:4, :27].reshape(4, 3, 3, 3)), "normal"),
    ("addmm", lambda t, x: t.addmm(x[:10, :10], x[:10], x[10:20].T), "normal"),
    ("baddbmm", lambda t, x: t.baddbmm(x[:4, :16].reshape(4, 4, 4), x[:, :32].reshape(4, 4, 128),
                                       x[:, :32].reshape(4, 128, 4)), "normal"),
    ("einsum", lambda t, x: t.einsum("ij,kj->ik", x[:20], x[20:40]), "normal"),
    ("mv", lambda t, x: t.mv(x, x[0]), "normal"),
    ("dot", lambda t, x: t.dot(x[0], x[1]), "normal"),
    ("embedding", lambda t, x: _f(t).embedding(t.tensor(_LABELS), x), "normal"),
    ("lerp", lambda t, x: t.lerp(x, x.flip(0), 0.3), "normal"),
    ("addcmul", lambda t, x: t.addcmul(x, x.flip(0), x.flip(1), value=0.3), "normal"),
    ("addcdiv", lambda t, x: t.addcdiv(x, x.flip(0), x.flip(1).abs() + 1, value=0.3),
     "normal"),
    ("scaled_dot_product_attention", lambda t, x: _f(t).scaled_dot_product_attention(
        x[:, :32].reshape(2, 4, 8, 32), x[:, 1:33].reshape(2, 4, 8, 32),
        x.flip(0)[:, :32].reshape(2, 4, 8, 32)), "normal"),
]


def _input(rng, kind, shape, dtype):
    x = rng.standard_normal(shape)
    if kind == "positive":
        x = np.abs(x) + 0.1
    elif kind == "unit":
        x = rng.uniform(0.01, 0.99, shape)
    elif kind == "above1":
        x = np.abs(x) + 1.01
    return x.astype(dtype)


def _run(lib, fn, x, g_seed):
    leaf = lib.tensor(x.copy(), requires_grad=True)
    out = fn(lib, leaf)
    g = np.random.default_rng(g_seed).standard_normal(tuple(out.shape)).astype(x.dtype)
    (grad,) = lib.autograd.grad(out, leaf, lib.tensor(g), allow_unused=True)
    return out.detach().numpy(), None if grad is None else grad.numpy()


def _share(ours, theirs):
    if ours is None or theirs is None or ours.shape != theirs.shape:
        return "   -"
    same = (ours == theirs) | (np.isnan(ours) & np.isnan(theirs))
    return f"{1 - same.mean():7.1%}" if same.size else "   -"


def main(dtype="float32", shape=(64, 33), seed=0):
    rng = np.random.default_rng(seed)
    print(f"{dtype} inputs, shape {shape}, seed {seed}; PyTorch {torch.__version__}")
    print(f"{'op':18s} {'forward':>8s} {'gradient':>9s}")
    for i, (name, fn, kind) in enumerate(OPS):
        x = _input(rng, kind, shape, dtype)
        ours, theirs = _run(hookgrad, fn, x, i), _run(torch, fn, x, i)
        print(f"{name:18s} {_share(ours[0], theirs[0]):>8s} {_share(ours[1], theirs[1]):>9s}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dtype", default="float32", choices=("float32", "float64"))
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    main(args.dtype, seed=args.seed)
