# Fuzz (12:740): hardtanh's (and relu6's) gradient at a NaN input follows PyTorch's two
# loops: its vector loop (whole AVX-512 vectors, 16 float32 or 8 float64, in memory order)
# keeps the gradient where min < x < max, so a NaN gets 0; its element loop for the rest
# zeroes it where x <= min or x >= max, so a NaN passes its gradient on.
import torch

F = torch.nn.functional
nan = float("nan")
for dtype in (torch.float32, torch.float64):
    for n in (3, 8, 16, 24, 40):
        x = torch.linspace(-2, 2, n, dtype=dtype)
        x[0], x[n - 1] = nan, nan
        x.requires_grad_()
        (a,) = torch.autograd.grad(F.hardtanh(x).sum(), x)
        (b,) = torch.autograd.grad(F.relu6(x), x, torch.full((n,), 3.0, dtype=dtype),
                                   create_graph=True)
        print(n, a[[0, n - 1]], b[[0, n - 1]])
m = torch.tensor([[nan, 0.5] * 12] * 2).t().contiguous().t().requires_grad_()
(g,) = torch.autograd.grad(F.hardtanh(m).sum(), m)
print(g)
v = torch.tensor([[-0.382, 0.358], [nan, 1.244]] * 6, requires_grad=True)
(g,) = torch.autograd.grad(torch.logcumsumexp(F.hardtanh(v), 0).sum(), v)
print(g)
