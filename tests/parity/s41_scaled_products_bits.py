# addmm / baddbmm / addbmm / addmv / addr with beta and alpha, forward and gradients, bit for
# bit as PyTorch's x86 build computes them (checked by a hash of the bytes): addmm and
# baddbmm hand alpha and beta to MKL's GEMM (batched above 400 multiply-adds) after copying
# the input into the result; below 400 baddbmm's own loop sums, then bias * beta + alpha *
# sum; addbmm is one in-place addmm_ per matrix; addmv is GEMV with alpha and beta; addr's
# vector loop fuses fma(alpha * v1, v2, beta * input), its row tails do not; addmm's
# gradients multiply by alpha after the products. (Needs the mkl extra, as the suite runs.)
import hashlib

import numpy as np
import torch

rng = np.random.default_rng(7)


def bits(t):
    data = np.ascontiguousarray(t.detach().numpy())
    return hashlib.md5(data.tobytes()).hexdigest()[:10] + str(tuple(t.stride()))


def rand(shape, dtype):
    return torch.tensor(rng.standard_normal(shape), dtype=dtype)


for dtype in (torch.float32, torch.float64):
    for m, k, n in ((3, 4, 5), (37, 41, 29)):
        for beta, alpha in ((1, 1), (0.5, 1.5), (0, 2), (0.3, 1)):
            a = rand((m, k), dtype).requires_grad_()
            b = rand((k, n), dtype).requires_grad_()
            c = rand((n,), dtype).requires_grad_()
            out = torch.addmm(c, a, b, beta=beta, alpha=alpha)
            grads = torch.autograd.grad(out, [a, b, c], rand((m, n), dtype))
            print("addmm", dtype, m, k, n, beta, alpha, bits(out), *map(bits, grads))
            a3, b3, c3 = rand((3, m, k), dtype), rand((3, k, n), dtype), rand((m, n), dtype)
            print("baddbmm", bits(torch.baddbmm(c3, a3, b3, beta=beta, alpha=alpha)))
            print("addbmm", bits(torch.addbmm(c3, a3, b3, beta=beta, alpha=alpha)))
            print("addmv", bits(torch.addmv(c3[:, 0], a, rand((k,), dtype), beta=beta, alpha=alpha)))
            print("addr", bits(torch.addr(c3.t().contiguous().t(), c3[:, 0], c3[0], beta=beta,
                                          alpha=alpha)))
