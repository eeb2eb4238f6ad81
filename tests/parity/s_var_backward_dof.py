# var/std backward when the degrees of freedom are <= 0: over dim=None PyTorch's special case
# (NaN where the input equals its mean, else inf), over given dims its formula (2 / dof).
import warnings

import torch

warnings.simplefilter("ignore")
x = torch.tensor([[1.0, 2.0], [3.0, 3.0]], requires_grad=True)
for kw in [dict(correction=4), dict(correction=5), dict(dim=(0, 1), correction=4),
           dict(dim=(0, 1), correction=5), dict(dim=0, correction=2), dict(dim=0, correction=3),
           dict(dim=1, correction=2, keepdim=True), dict(dim=None, correction=4)]:
    for name in ("var", "std", "var_mean", "std_mean"):
        out = getattr(torch, name)(x, **kw)
        out = out[0] + out[1] if isinstance(out, tuple) else out
        print(kw, name, torch.autograd.grad(out.sum(), x)[0].tolist())
s = torch.tensor(2.0, requires_grad=True)
print(torch.autograd.grad(s.var(0, correction=1), s)[0].tolist(), torch.autograd.grad(s.var(), s))
print(torch.autograd.grad(x.var(True).sum(), x)[0].tolist())
