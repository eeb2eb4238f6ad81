# soft_margin_loss computes in place in a tensor of the input's dtype (-input, *= target,
# exp_, log1p_): an integer input fails at the first step whose result it cannot hold, a bool
# one at the negation, a complex target at the product; a wider target gives the input's
# dtype, the product rounded to it (fuzz 65:9025: an int64 input worked in hookgrad).
import numpy as np
import torch

F = torch.nn.functional


def pack(t):
    print("pack", t.dtype, tuple(t.shape))
    return t


cases = [(torch.int64, torch.float32), (torch.int64, torch.float64), (torch.int32, torch.int64),
         (torch.uint8, torch.bool), (torch.bool, torch.float32), (torch.float32, torch.complex64),
         (torch.float32, torch.float64), (torch.float64, torch.float32), (torch.float32, torch.int64)]
rng = np.random.default_rng(5)
for input_dtype, target_dtype in cases:
    x = torch.tensor(rng.standard_normal(5) * 3).to(input_dtype)
    if x.is_floating_point():
        x.requires_grad_()
    t = torch.tensor(rng.standard_normal(5) * 2).to(target_dtype)
    for reduction in ("none", "sum", "mean"):
        try:
            with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
                y = F.soft_margin_loss(x, t, reduction=reduction)
        except RuntimeError as error:
            print(input_dtype, target_dtype, reduction, "raised", error)
            continue
        print(input_dtype, target_dtype, reduction, y.dtype, y.detach().numpy().tobytes().hex())
        (g,) = torch.autograd.grad(y.sum(), x, create_graph=True)
        (gg,) = torch.autograd.grad(g.sum(), x)
        print("  grads", g.dtype, g.detach().numpy().tobytes().hex(), gg.numpy().tobytes().hex())

print(F.soft_margin_loss(torch.zeros(0), torch.zeros(0, dtype=torch.float64), reduction="sum"))
