# float64 gelu (approximate 'none' and 'tanh') and its gradient, bit for bit: PyTorch's AVX2 /
# AVX-512 kernels call SLEEF's double erf (erf form) or tanh (tanh form), and exp in the erf
# form's backward, on their vector steps, with the products and sums GCC fuses into FMAs, and
# glibc's erf / exp / tanh on each chunk's leftover elements (the erf backward's scalar form
# unfused). Lengths that leave tails on both ISAs, the forward's own thread split (more than
# 16384 elements: numel / threads), a broadcast incoming gradient, and special values.
import hashlib

import numpy as np
import torch

torch.set_num_threads(2)
F = torch.nn.functional
rng = np.random.default_rng(48)


def bits(t):
    return hashlib.sha256(np.ascontiguousarray(t.detach().numpy()).view(np.int64).tobytes()
                          ).hexdigest()[:24]


for n in (5, 15, 1003, 20001, 40003):
    values = rng.standard_normal(n) * rng.choice([0.5, 1.0, 4.0], n)
    g = torch.tensor(rng.standard_normal(n), dtype=torch.float64)
    for approximate in ("none", "tanh"):
        x = torch.tensor(values, dtype=torch.float64, requires_grad=True)
        y = F.gelu(x, approximate=approximate)
        (grad,) = torch.autograd.grad(y, x, g)
        (ones,) = torch.autograd.grad(F.gelu(x, approximate=approximate).sum(), x)
        print(n, approximate, bits(y), bits(grad), bits(ones))
special = [0.0, -0.0, float("inf"), -float("inf"), float("nan"), 1e308, -1e308, 1e200, -1e155,
           5e-324, 1e-9, -1e-9, 3.5355339059327373, 3.5355339059327378, 8.48528137423857, -8.49,
           26.5, -26.47, 37.5, -37.6, 40.0, -40.0, 0.75, -1.3, 2.0, -3.0, 6.0, -0.01, 1e5]
for approximate in ("none", "tanh"):
    x = torch.tensor(special * 2, dtype=torch.float64, requires_grad=True)  # (vectors and a tail)
    y = F.gelu(x, approximate=approximate)
    (grad,) = torch.autograd.grad(y, x, torch.linspace(-2, 2, x.numel(), dtype=torch.float64))
    print(approximate, y.detach().numpy().view(np.int64).tolist())
    print(approximate, grad.numpy().view(np.int64).tolist())
# a transposed input runs in memory order (its result and gradient in its layout), and the
# incoming gradient of an elementwise op keeps that layout
for approximate in ("none", "tanh"):
    base = torch.tensor(rng.standard_normal((37, 43)) * 2, dtype=torch.float64, requires_grad=True)
    y = F.gelu(base.t(), approximate=approximate)
    (grad,) = torch.autograd.grad(y, base, torch.sin(y.detach() * 3))
    print(approximate, y.stride(), bits(y.t()), grad.stride(), bits(grad))
