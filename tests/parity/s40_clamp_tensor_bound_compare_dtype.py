# clamp with tensor bounds of another dtype: its gradients compare input and bound in their
# promoted dtype (a float32 input against a float64 0-d bound in float32, so -1.286 ties;
# fuzz 43:15226, where hookgrad compared in float64 and sent no NaN gradient through).
import torch

x = torch.tensor([-1.286, 0.5, 2.0], requires_grad=True)
for kw in ({"min": torch.tensor(-1.286, dtype=torch.float64, requires_grad=True)},
           {"max": torch.tensor(-1.286, dtype=torch.float64, requires_grad=True)},
           {"min": torch.tensor(-1.286, dtype=torch.float64, requires_grad=True), "max": torch.tensor(2.0, dtype=torch.float64, requires_grad=True)},
           {"min": torch.tensor([-1.286, 0.1, 0.3], dtype=torch.float64, requires_grad=True)}):
    y = x.clamp(**kw)
    g = torch.autograd.grad(y.sum(), [x] + list(kw.values()), allow_unused=True)
    print(y.dtype, [t.tolist() if t is not None else None for t in g])
b = torch.tensor(-1.286, dtype=torch.float64, requires_grad=True)
for f in (lambda: x.clamp_min(b), lambda: x.clamp_max(b), lambda: torch.clamp_min(x, torch.tensor([-1.286, 9, 9], dtype=torch.float64, requires_grad=True))):
    y = f(); print(y.dtype, [t.tolist() for t in torch.autograd.grad(y.sum(), [x, b], allow_unused=True) if t is not None])
