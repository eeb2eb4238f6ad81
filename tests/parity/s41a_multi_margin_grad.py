# multi_margin_loss's gradient rounds as PyTorch's multi_margin_loss_backward_cpu_kernel: per
# class above the margin h = g (p=1) or (2 g) z, z = (margin - x[target]) + x[d], g = 1 /
# (rows * classes) for a mean else 1 / classes in the dtype, times the target's weight; the
# target's entry 0 - h class by class; then times the incoming gradient. Bit patterns
# (sweep s41a, no fuzz id).
import numpy as np
import torch

F = torch.nn.functional


def bits(t):
    return t.detach().numpy().view(np.int32 if t.dtype == torch.float32 else np.int64).tolist()


rng = np.random.default_rng(6)
x, w = rng.standard_normal((30, 7)), rng.uniform(0.1, 2, 7)
target = torch.arange(30) % 7
for dtype in (torch.float32, torch.float64):
    for p in (1, 2):
        for weighted in (False, True):
            for reduction in ("mean", "sum", "none"):
                a = torch.tensor(x, dtype=dtype, requires_grad=True)
                weight = torch.tensor(w, dtype=dtype) if weighted else None
                y = F.multi_margin_loss(a, target, p=p, margin=0.7, weight=weight,
                                        reduction=reduction)
                go = (torch.linspace(-1.3, 1.7, 30, dtype=dtype) if reduction == "none"
                      else torch.tensor(0.77, dtype=dtype))
                (g,) = torch.autograd.grad(y, a, go)
                print(dtype, p, weighted, reduction, bits(g[:6].reshape(-1)))
