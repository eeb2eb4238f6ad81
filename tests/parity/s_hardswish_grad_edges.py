# Issue 11 (fuzz): hardswish's gradient on PyTorch's intervals: 0 up to and including -3,
# grad * (x / 3 + 0.5) strictly inside, grad from 3 on (NaN: grad), plain and create_graph.
import torch

F = torch.nn.functional
for dtype in (torch.float32, torch.float64):
    x = torch.tensor([float("nan"), -3.0, 3.0, -2.0, 0.0, 2.5, -4.0, 4.0], dtype=dtype,
                     requires_grad=True)
    print(torch.autograd.grad(F.hardswish(x).sum(), x)[0])
    (g,) = torch.autograd.grad(F.hardswish(x).sum(), x, create_graph=True)
    print(g, torch.autograd.grad(g.sum(), x)[0])
