# float64 logaddexp as PyTorch's kernel computes it: SLEEF's double exp and log1p on the
# vector loop's steps (a NaN operand gives log1p's NaN, unsigned), C's on each row's tail
# (the NaN of -|a - b|, its sign set); sizes around the vector steps, broadcast and permuted
# operands, infinities.
import hashlib

import torch


def bits(t):
    return hashlib.md5(str(t.contiguous().view(torch.int64).tolist()).encode()).hexdigest()[:12]


def values(n, phase):
    return torch.sin(torch.arange(n, dtype=torch.float64) * 1.37 + phase) * 6


for n in (1, 7, 8, 15, 16, 17, 31, 33, 64, 100, 1000):
    a, b = values(n, 0.0), values(n, 1.0)
    half = torch.tensor(0.5, dtype=torch.float64)
    print(n, bits(torch.logaddexp(a, b)), bits(torch.logaddexp(a, half)))
a, b = values(45, 2.0).reshape(5, 9), values(45, 3.0).reshape(5, 9)
print("permuted", bits(torch.logaddexp(a.t(), b.t())))
nan, inf = float("nan"), float("inf")
a = torch.tensor([nan, 1.0, -nan, 2.0, nan, inf, -inf, inf] * 5, dtype=torch.float64)
b = torch.tensor([0.5, -nan, 1.0, nan, -nan, inf, -inf, -inf] * 5, dtype=torch.float64)
print(torch.logaddexp(a, b).view(torch.int64).tolist())
x = values(40, 4.0).requires_grad_()
torch.logaddexp(x, values(40, 5.0)).sum().backward()
print("grad", bits(x.grad))
