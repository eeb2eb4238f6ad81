# binary_cross_entropy's input gradient rounds as PyTorch's kernel
# (binary_cross_entropy_backward_out_cpu): grad * (x - t) / max((1 - x) * x, 1e-12) first,
# then mul_(weight), then div_(numel) for 'mean' -- not the incoming gradient divided first.
# Bit patterns, float32 and float64, create_graph False and True (sweep s41a, no fuzz id).
import numpy as np
import torch

F = torch.nn.functional


def bits(t):
    return t.detach().numpy().view(np.int32 if t.dtype == torch.float32 else np.int64).tolist()


rng = np.random.default_rng(5)
xs, ts, ws = rng.uniform(0.01, 0.99, (3, 24))
for dtype in (torch.float32, torch.float64):
    for reduction in ("mean", "sum", "none"):
        for weighted in (False, True):
            for cg in (False, True):
                x = torch.tensor(xs, dtype=dtype, requires_grad=True)
                t = torch.tensor(ts, dtype=dtype)
                w = torch.tensor(ws, dtype=dtype) if weighted else None
                y = F.binary_cross_entropy(x, t, weight=w, reduction=reduction)
                go = torch.linspace(-1.3, 1.7, y.numel(), dtype=dtype).reshape(y.shape)
                (g,) = torch.autograd.grad(y, x, go, create_graph=cg)
                print(dtype, reduction, weighted, cg, bits(g))
