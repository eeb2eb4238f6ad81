# Issue 11 (fuzz 31:17143): PyTorch computes gelu (approximate='none') of a contiguous
# float32 tensor of more than one element on oneDNN, whose erf approximation gives other
# last bits than the exact formula, +0 (not -0) where the result underflows or the input
# is -0, and NaNs of both infinities; gelu_backward follows the input's layout. Printed as
# bit patterns: forward, gradient, and the create_graph gradient, contiguous and strided.
import numpy as np

import torch

F = torch.nn.functional


def bits(t):
    return t.detach().numpy().view(np.int32).tolist()


special = [0.0, -0.0, 1e-45, -1e-45, 1e-30, -1e-30, 0.5, -0.5, 3.0, -3.0, 5.0, -5.0, 9.0,
           -9.0, 10.0, -10.0, 13.0, -13.0, 88.0, -88.0, 300.0, -300.0, float("inf"),
           float("-inf"), float("nan")]
rng = np.random.default_rng(11)
randoms = (rng.standard_normal(40) * 4).astype(np.float32).tolist()
for name, values in [("special", special), ("random", randoms)]:
    x = torch.tensor(values, requires_grad=True)
    y = F.gelu(x)
    g = torch.linspace(-2, 2, len(values))
    (gx,) = torch.autograd.grad(y, x, g, create_graph=True)
    print(name, "forward", bits(y))
    print(name, "grad", bits(gx), gx.grad_fn.name())
    x.grad = None
    F.gelu(x).backward(g)
    print(name, "plain grad", bits(x.grad))
    # a transposed input goes to PyTorch's own kernel (its signs and values: that kernel's
    # last bits are not modelled); a transposed gradient does not matter
    m = torch.tensor(values[:24]).reshape(4, 6).t().requires_grad_()
    ym = F.gelu(m)
    ym.backward(torch.ones(6, 4))
    print(name, "transposed", ym.signbit().flatten().tolist(), ym.flatten().tolist(),
          m.grad.flatten().tolist())
    c = torch.tensor(values[:24]).reshape(4, 6).requires_grad_()
    F.gelu(c).backward(torch.linspace(-1, 1, 24).reshape(6, 4).t())
    print(name, "gradient transposed", bits(c.grad.flatten()))
print("one element", bits(F.gelu(torch.tensor([-0.0]))), bits(F.gelu(torch.tensor([-10.0]))))
print("module", bits(torch.nn.GELU()(torch.tensor([-0.0, -10.0, 0.3]))))
