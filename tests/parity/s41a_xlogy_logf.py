# torch.xlogy's float32 kernel calls C's logf element by element (nearly correctly rounded),
# not a vector log: x * log(y) rounds as x times the double log rounded to float32 (NumPy's
# float32 log is an ulp off on a fifth of these); kl_div's target gradient follows it.
# Bit patterns (sweep s41a, no fuzz id).
import numpy as np
import torch

F = torch.nn.functional


def bits(t):
    return t.detach().numpy().view(np.int32).tolist()


rng = np.random.default_rng(2)
x = torch.tensor(rng.uniform(0.01, 3, 48), dtype=torch.float32)
y = torch.tensor(rng.uniform(0.01, 3, 48), dtype=torch.float32)
print("xlogy", bits(torch.xlogy(x, y)))
inp = torch.tensor(rng.standard_normal(48), dtype=torch.float32)
target = torch.tensor(rng.uniform(0.01, 0.9, 48), dtype=torch.float32, requires_grad=True)
for reduction in ("sum", "none"):
    loss = F.kl_div(inp, target, reduction=reduction)
    (g,) = torch.autograd.grad(loss, target, torch.ones_like(loss))
    print("kl_div target grad", reduction, bits(g))
