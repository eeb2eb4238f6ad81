# float64 silu, softplus and logsigmoid as PyTorch's kernels compute them: SLEEF's double exp
# and log1p on the vector loop's steps (logsigmoid: on every element), C's on the tails;
# forward and gradient bits at sizes around the vector steps, special values included.
import hashlib

import torch
import torch.nn.functional as F


def bits(t):
    return hashlib.md5(str(t.contiguous().view(torch.int64).tolist()).encode()).hexdigest()[:12]


def values(n, phase):
    return torch.sin(torch.arange(n, dtype=torch.float64) * 1.37 + phase) * 9


nan, inf = float("nan"), float("inf")
special = torch.tensor([0.0, -0.0, 1e-300, -1e-300, 30.0, -30.0, 700.0, -700.0, 800.0, -800.0,
                        inf, -inf, 20.0, 19.99], dtype=torch.float64)
ops = [("silu", F.silu), ("softplus", F.softplus),
       ("softplus b2 t5", lambda t: F.softplus(t, beta=2, threshold=5)),
       ("logsigmoid", F.logsigmoid)]
for name, op in ops:
    for n in (1, 7, 8, 15, 16, 17, 33, 100):
        x = values(n, 0.5).requires_grad_()
        y = op(x)
        y.backward(values(n, 2.0))
        print(name, n, bits(y.detach()), bits(x.grad))
    x = special.clone().requires_grad_()
    y = op(x)
    y.backward(torch.ones_like(y))
    print(name, "special", y.detach().view(torch.int64).tolist(), x.grad.view(torch.int64).tolist())
    print(name, "nan", op(torch.tensor([nan, -nan] * 10, dtype=torch.float64)).isnan().all().item())
