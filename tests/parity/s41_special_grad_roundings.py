# The gradients of torch.special.i1 and sinc round as PyTorch's formulas do, bit for bit, with
# and without create_graph: i1's is i0(x) - i1(x) * (1 / x) (not i1(x) / x), sinc's divides by
# (x * x) * pi. A one-ulp difference there became a 6e-5 difference after layer_norm of
# one-element rows, whose gradient is the rounding residue of its inputs (fuzz 46:15998).
import numpy as np
import torch

F = torch.nn.functional
values = [1.25, 0.3, -2.7, 7.1, 1e-3, 1.0367525, 0.99131125, 2.7160676, -1.6108597, 0.11916632]
for dtype in (torch.float32, torch.float64):
    for create_graph in (False, True):
        for name, fn in (("i1", torch.special.i1), ("sinc", torch.special.sinc)):
            x = torch.tensor(values, dtype=dtype, requires_grad=True)
            (g,) = torch.autograd.grad(fn(x).sum(), x, create_graph=create_graph)
            bits = g.detach().numpy().view(np.int32 if dtype == torch.float32 else np.int64)
            print(name, dtype, create_graph, bits.tolist())

x = torch.tensor([[0.75], [-0.5]], requires_grad=True)
y = F.layer_norm(x, [1], torch.tensor([1.704]), torch.tensor([1.25]))
(torch.special.i1(y).sum() + y.sum()).backward()
print("layer_norm of one-element rows:", x.grad.numpy().view(np.int32).tolist())
