# mvlgamma and its gradient as PyTorch computes them: x + arange(-p/2 + 0.5, 0.5, 0.5) (the
# last shift +0., so x = -0. becomes +0. and digamma gives -inf, which a replacing hook's
# upstream sees as +inf after multiply_(-2): fuzz 13:15618), the terms summed over that last
# dim in its order, in x's dtype.
import torch


def bits(t):
    """Exact values (the parity check compares plain numbers within a tolerance)."""
    return [float(v).hex().replace("0x", "") for v in t.detach().reshape(-1).tolist()]

v0 = torch.tensor([1.0, 2.0, 0.5], dtype=torch.float64, requires_grad=True)
v1 = torch.arccosh(v0)
v1.register_hook(lambda g: (print("hook", g), torch.full_like(g, 0.5))[1])
v3 = v1.multiply_(-2)
v4 = torch.mvlgamma(v3, 2)
v4.sum().backward()
print(v3, v4, v0.grad)
for dtype in (torch.float32, torch.float64):
    for p in (1, 2, 3, 5):
        x = (torch.arange(12, dtype=dtype) * 0.37 + (p - 1) / 2 + 0.05).requires_grad_()
        y = torch.mvlgamma(x, p)
        y.backward(torch.ones_like(y))
        print(dtype, p, y.tolist(), bits(x.grad))  # (forward: lgamma, within tolerance)
