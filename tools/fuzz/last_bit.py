"""How often hookgrad's float32 results differ from PyTorch's in the last bits on random
inputs, per op. The fuzzer draws values on a grid of quarters, where sums are exact and most
functions agree; random normal values show the rounding of PyTorch's vector kernels (SLEEF
transcendentals, its cascade summation order) that hookgrad does not reproduce.

    python tools/fuzz/last_bit.py        # needs torch; prints one row per op"""
import sys
from pathlib import Path

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
import hookgrad  # noqa: E402

# a Linear(33, 10)'s weight and bias, for the products' rows (10 outputs: PyTorch's MKL
# takes other kernels for narrow products than for square ones)
_WEIGHT = np.random.default_rng(1).standard_normal((10, 33)).astype(np.float32)
_BIAS = np.linspace(-1, 1, 10).astype(np.float32)

OPS = [
    ("sum(-1)", lambda t, x: x.sum(-1), False),
    ("sum(0)", lambda t, x: x.sum(0), False),
    ("mean(-1)", lambda t, x: x.mean(-1), False),
    ("exp", lambda t, x: x.exp(), False),
    ("log", lambda t, x: x.log(), True),
    ("sqrt", lambda t, x: x.sqrt(), True),
    ("sigmoid", lambda t, x: x.sigmoid(), False),
    ("tanh", lambda t, x: x.tanh(), False),
    ("gelu", lambda t, x: t.nn.functional.gelu(x), False),
    ("softmax(-1)", lambda t, x: t.softmax(x, -1), False),
    ("layer_norm", lambda t, x: t.nn.functional.layer_norm(x, (x.shape[-1],)), False),
    ("matmul", lambda t, x: x @ x.T, False),
    ("matmul x @ w", lambda t, x: x @ t.tensor(_WEIGHT.T.copy()), False),
    ("linear", lambda t, x: t.nn.functional.linear(x, t.tensor(_WEIGHT), t.tensor(_BIAS)),
     False),
    ("bmm", lambda t, x: t.bmm(x[:, :32].reshape(4, 16, 32), x[:, :32].reshape(4, 32, 16)),
     False),
    ("x * 1.7 + 0.3", lambda t, x: x * 1.7 + 0.3, False),
    ("relu", lambda t, x: t.relu(x), False),
]


def ulp_distance(a, b):
    a = a.astype(np.float32).view(np.int32).astype(np.int64)
    b = b.astype(np.float32).view(np.int32).astype(np.int64)
    return np.abs(a - b)


def main(shape=(64, 33), seed=0):
    rng = np.random.default_rng(seed)
    print(f"float32 inputs ~ N(0, 1), shape {shape}, seed {seed}; PyTorch {torch.__version__}")
    print(f"{'op':16s} {'elements differing':>19s} {'max ulp':>8s}")
    for name, fn, positive in OPS:
        x = rng.standard_normal(shape).astype(np.float32)
        if positive:
            x = np.abs(x) + np.float32(0.1)
        ours = fn(hookgrad, hookgrad.from_numpy(x.copy())).detach().numpy()
        theirs = fn(torch, torch.from_numpy(x.copy())).detach().numpy()
        distance = ulp_distance(ours, theirs)
        print(f"{name:16s} {np.mean(distance > 0):19.1%} {int(distance.max()):8d}")


if __name__ == "__main__":
    main()
