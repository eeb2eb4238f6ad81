# zeros_like / ones_like / full_like / empty_like keep the input's layout (PyTorch's
# preserve_format): its strides when its memory is non-overlapping and dense (a transposed
# or permuted tensor, a LAPACK result such as linalg.inv's), else dense strides in its
# order; an explicit contiguous_format is contiguous. The layout decides mm's gradient
# formula under create_graph (fuzz-style: a gradient made with ones_like of inv's result)
import torch

x = torch.zeros(2, 3).t()
y = torch.zeros(1, 3, 1, 2).permute(0, 3, 2, 1)
w = torch.zeros(4, 3)[1:3]
v = torch.zeros(2, 3, 4).transpose(0, 2)[:, :1]
for t in [x, y, torch.zeros(3, 1).expand(3, 2), w, v, torch.zeros(2, 1, 3).transpose(0, 1),
          torch.zeros(5)[::2], torch.zeros(())]:
    a, b = torch.ones_like(t), torch.full_like(t, 2.5, dtype=torch.float64)
    c, d = torch.zeros_like(t, dtype=torch.int64), torch.empty_like(t)
    print(tuple(t.shape), t.stride(), a.stride(), b.stride(), c.stride(), d.stride(),
          a.is_contiguous(), b.sum().item(), c.sum().item())
print(torch.ones_like(x, memory_format=torch.contiguous_format).stride())

A = torch.tensor([[2.0, 1.0], [0.5, 3.0]], requires_grad=True)
inverse = torch.linalg.inv(A)
g = torch.ones_like(inverse).mul(1.5).requires_grad_()
print(inverse.stride(), g.stride())
(gA,) = torch.autograd.grad(inverse, A, g, create_graph=True)
(gg,) = torch.autograd.grad((gA * gA).sum(), g, create_graph=True)
print(gg, gg.grad_fn.name(), [f.name() for f, _ in gg.grad_fn.next_functions])
