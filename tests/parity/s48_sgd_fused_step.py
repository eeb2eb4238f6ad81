# SGD's updates are PyTorch's add_(alpha=...): one fused multiply-add each (the parameter's
# p - lr * grad rounded once, weight decay and momentum likewise), for every option; the
# unfused form differs in the last bit on 1-10% of elements after a few steps. Printed as
# bits: the runner's tolerance would hide them.
import hashlib
import random

import torch

rng = random.Random(48)


def values(n):
    return [rng.uniform(-3, 3) for _ in range(n)]


def bits(t):
    dtype = torch.int32 if t.dtype == torch.float32 else torch.int64
    return hashlib.md5(str(t.detach().contiguous().view(dtype).tolist()).encode()).hexdigest()[:12]


options = ({}, {"momentum": 0.9}, {"momentum": 0.9, "nesterov": True},
           {"momentum": 0.9, "dampening": 0.1, "weight_decay": 1e-4},
           {"weight_decay": 0.01, "maximize": True}, {"lr": 0.1}, {"lr": 3e-4, "momentum": 0.5})
for dtype in (torch.float32, torch.float64):
    for opts in options:
        # 37 x 5: vector steps and a scalar tail
        w = torch.tensor(values(185), dtype=dtype).reshape(37, 5).requires_grad_()
        b = torch.tensor(values(3), dtype=dtype, requires_grad=True)
        opt = torch.optim.SGD([w, b], **{"lr": 0.01, **opts})
        for step in range(4):
            w.grad = torch.tensor(values(185), dtype=dtype).reshape(37, 5)
            b.grad = torch.tensor(values(3), dtype=dtype)
            opt.step()
        print(dtype, opts, bits(w), bits(b), round(w.sum().item(), 4))
