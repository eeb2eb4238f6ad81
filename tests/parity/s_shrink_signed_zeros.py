# hardshrink's zeros are +0, softshrink's are x * 0 (-0 for a negative input): reciprocal and
# signbit show the sign.
import torch

F = torch.nn.functional
x = torch.tensor([0.3, -0.3, -0.0, 0.0, float("nan"), float("inf"), -0.6, 0.5, -0.5, 0.7])
g = torch.tensor([1.0, -1, 1, -1, 1, 1, 1, -1, -1, -1])
for f in (F.hardshrink, F.softshrink):
    y = f(x)
    print(y.tolist(), torch.signbit(y).tolist())
    xr = x.clone().requires_grad_()
    (gx,) = torch.autograd.grad(f(xr), xr, -g)
    print(gx.tolist(), torch.signbit(gx).tolist())
    (gx,) = torch.autograd.grad(f(xr), xr, -g, create_graph=True)
    print(gx.tolist(), torch.signbit(gx).tolist())
print(torch.reciprocal(F.hardshrink(torch.tensor([0.269, -0.298], dtype=torch.float64))))
