"""Cases whose float results PyTorch pins to the last bit (tests/ops/test_rounding_recorded.py
compares them bit for bit with tools/record/rounding.py's recording, made on an AVX2
machine): powers of small float32 tensors (31 elements: one 16-float step of PyTorch's AVX2
vector loop, SLEEF's powf, and a tail of its scalar form, C's double ``pow`` rounded once
for a number exponent and glibc's powf for a tensor one; 2, 3, -2, -1 as products and the
reciprocal); float32 cumsum and cumprod, which
PyTorch's CPU kernel accumulates in double, rounding each output, and cumprod's gradient
with zeros (its masked path) in float32."""
import numpy as np

# (not 0.5: PyTorch's float32 sqrt is MKL's vsSqrt, within an ulp but not correctly rounded)
EXPONENTS = (1 / 3, 1.7, -2.5, 0.3, 2, 3, -2, -1, 10, 0, 1)


def _inputs():
    rng = np.random.RandomState(20)
    base = (rng.rand(31) * 10).astype(np.float32)
    base[:4] = (0.015625, 3.375, 0.0, 1e-30)
    exponents = (rng.rand(31) * 4 - 2).astype(np.float32)
    return base, exponents


def cases(torch, F):
    base, exponents = _inputs()
    x = torch.tensor(base)
    y = torch.tensor(exponents)
    out = {}
    for e in EXPONENTS:
        out[f"pow {e!r}"] = x.pow(e)
        out[f"pow 0-d {e!r}"] = torch.tensor(base[1]).pow(e)
    out["pow float16 1/3"] = x.half().pow(1 / 3).float()
    out["tensor ** tensor"] = x ** y
    out["number ** tensor"] = 1.7 ** y
    out["pow_ 1.7"] = x.clone().pow_(1.7)
    w = torch.tensor(base[:6], requires_grad=True)
    (w ** 2.5).sum().backward()
    out["pow backward 2.5"] = w.grad
    w = torch.tensor(base[:6], requires_grad=True)
    (w ** 4).sum().backward()
    out["pow backward 4 (cube)"] = w.grad
    table = torch.tensor((base[:24].reshape(3, 8) + 0.5) / 4)
    for dim in (0, 1):
        out[f"cumsum {dim}"] = table.cumsum(dim)
        out[f"cumprod {dim}"] = table.cumprod(dim)
    w = torch.tensor(np.where(base[:24] > 7, 0, base[:24] / 4).reshape(3, 8), requires_grad=True)
    w.cumprod(1).backward(torch.tensor(exponents[:24].reshape(3, 8)))
    out["cumprod backward with zeros"] = w.grad
    pooled = F.lp_pool2d(torch.tensor(base[:24].reshape(1, 2, 3, 4)), 3.0, 1)
    out["lp_pool2d 3.0"] = pooled
    return out
