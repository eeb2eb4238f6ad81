# nll_loss's (and so cross_entropy's) gradient for a mean rounds as PyTorch's
# nll_loss_backward: -(grad / total_weight) in the dtype, then times the target's weight --
# not grad times -weight / total computed in double (every target entry an ulp off in
# float32 for a count that is not a power of two). Bit patterns (sweep s41a, no fuzz id).
import numpy as np
import torch

F = torch.nn.functional


def bits(t):
    return t.detach().numpy().view(np.int32 if t.dtype == torch.float32 else np.int64).tolist()


rng = np.random.default_rng(9)
x, w = rng.standard_normal((100, 10)), rng.uniform(0.1, 2, 10)
target = torch.arange(100) % 10
for dtype in (torch.float32, torch.float64):
    for weighted in (False, True):
        for cg in (False, True):
            for reduction in ("mean", "sum"):
                a = torch.tensor(x, dtype=dtype, requires_grad=True)
                weight = torch.tensor(w, dtype=dtype) if weighted else None
                y = F.nll_loss(a, target, weight=weight, reduction=reduction)
                (g,) = torch.autograd.grad(y, a, torch.tensor(0.77, dtype=dtype),
                                           create_graph=cg)
                picked = g[torch.arange(100), target][:20]
                print(dtype, weighted, cg, reduction, bits(picked))
