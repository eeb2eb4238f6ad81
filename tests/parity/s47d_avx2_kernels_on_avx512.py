# PyTorch builds only some CPU kernels for AVX-512 (ALSO_REGISTER_AVX512_DISPATCH); the others
# run their AVX2 build on an AVX-512 machine, 8 float32 / 4 float64 lanes. This prints the
# same on both (recorded once): the layer, group and batch norms (RowwiseMoments, their
# vectorized sums), add / sub with alpha of a broadcast operand, complex mul, addr, the
# pointwise losses' gradients, in-place mul_ / sub_ reading memory they write, log_sigmoid
# (its AVX2 SLEEF form and NaN signs) -- hookgrad had taken 16-float vectors for them there.
# Printed: md5 digests of the results' bytes, NaN sign bits.
import hashlib

import numpy as np
import torch

F = torch.nn.functional
rng = np.random.default_rng(4747)


def digest(*tensors):
    h = hashlib.md5()
    for t in tensors:
        h.update(t.detach().contiguous().numpy().tobytes())
    return h.hexdigest()[:16]


for dtype in (torch.float32, torch.float64):
    for n in (7, 12, 16, 20, 24, 33, 40, 64):
        x = torch.tensor(rng.standard_normal((3, 4, n)), dtype=dtype, requires_grad=True)
        g = torch.tensor(rng.standard_normal((3, 4, n)), dtype=dtype)
        w = torch.tensor(rng.standard_normal(4), dtype=dtype, requires_grad=True)
        b = torch.tensor(rng.standard_normal(4), dtype=dtype, requires_grad=True)
        wl = torch.tensor(rng.standard_normal(n), dtype=dtype, requires_grad=True)
        y = F.group_norm(x, 2, w, b)
        gx, gw, gb = torch.autograd.grad(y, (x, w, b), g)
        print(dtype, n, "group_norm", digest(y, gx, gw, gb))
        y = F.layer_norm(x, (n,), wl, wl)
        gx, gwl = torch.autograd.grad(y, (x, wl), g)
        print(dtype, n, "layer_norm", digest(y, gx, gwl))
        y = F.batch_norm(x, None, None, w, b, training=True)
        gx, gw = torch.autograd.grad(y, (x, w), g)
        print(dtype, n, "batch_norm", digest(y, gx, gw))
        a, v = x.detach()[0], torch.tensor(rng.standard_normal(n), dtype=dtype)
        column = torch.tensor(rng.standard_normal((4, 1)), dtype=dtype)
        print(dtype, n, "add alpha", digest(torch.add(a, v, alpha=0.3), torch.sub(a, column, alpha=1.7)))
        c = torch.complex(a, g[0])
        print(dtype, n, "complex mul", digest(torch.view_as_real(c * c.flip(1)),
                                              torch.view_as_real(c * c[0])))
        v1 = torch.tensor(rng.standard_normal(4), dtype=dtype)
        print(dtype, n, "addr", digest(torch.addr(a, v1, v, beta=0.7, alpha=1.3),
                                       torch.addr(column, v1, v, beta=0.7, alpha=1.3)))
        t = torch.tensor(rng.standard_normal((3, 4, n)), dtype=dtype)
        grads = [torch.autograd.grad(f(x, t, reduction=r), x)[0]
                 for f in (F.huber_loss, F.smooth_l1_loss, F.mse_loss) for r in ("mean", "sum")]
        print(dtype, n, "loss grads", digest(*grads))


def pattern(n, op, dtype):
    x = (torch.arange(1.0, 4 * n + 1, dtype=dtype).reshape(4, n) * 0.01 + 1).t()
    original, first = x.clone(), x[0].clone()
    updated = getattr(first.clone(), op)(first)
    getattr(x, op)(x[0])
    from_original = getattr(original.clone(), op)(first)
    from_updated = getattr(original.clone(), op)(updated)
    return "".join("o" if torch.equal(x[i], from_original[i])
                   else "u" if torch.equal(x[i], from_updated[i]) else "?" for i in range(n))


for dtype in (torch.float32, torch.float64):
    for n in (9, 16, 17, 40):
        print(dtype, n, "mul_ sub_", pattern(n, "mul_", dtype), pattern(n, "sub_", dtype))

x = torch.tensor(rng.standard_normal(70) * 6, dtype=torch.float32, requires_grad=True)
y = F.logsigmoid(x)
print("logsigmoid", digest(y, torch.autograd.grad(y, x, torch.ones(70))[0]))
nans = torch.tensor([float("nan")] * 20 + [-float("nan")] * 20)
print("logsigmoid nan signs", F.logsigmoid(nans).signbit().int().tolist())
logits = torch.tensor([2.0, float("nan"), 0.75, -float("nan")])
target = torch.tensor([0.1, 0.1, float("nan"), 0.2])
print("bce nan signs",
      F.binary_cross_entropy_with_logits(logits, target, reduction="none").signbit().tolist())
