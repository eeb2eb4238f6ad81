# An advanced index of a row-major tensor gives a row-major result in PyTorch (NumPy puts the
# index's dims first in memory when slices come before it), so flatten() of it is a view and
# an in-place write through that view reaches it and its gradient (fuzz 27:10767). And an
# in-place op whose input is the written memory in the same layout up to a size-1 dim's
# stride (broadcast_to of the same tensor) is PyTorch's full overlap, allowed (27:6465).
import torch

x = torch.arange(120.0).reshape(2, 3, 4, 5)
i = torch.tensor([0, 1, 1])
for name, take in [("b", lambda t: t[:, i]), ("c", lambda t: t[:, :, i]),
                   ("d", lambda t: t[..., i]), ("e", lambda t: t[1:2, -2:, i]),
                   ("h", lambda t: t[:, :, i, 1:3]), ("n", lambda t: t[:, [[0, 1], [1, 2]]])]:
    for layout, base in (("contiguous", x), ("sliced", x[:, :, ::2])):
        r = take(base)
        print(name, layout, tuple(r.shape), r.stride(), r.is_contiguous())

v0 = torch.arange(36.0).reshape(3, 2, 2, 3).requires_grad_()
v2 = v0[1:2, -2:, [0, 1, -2]]
v3 = v2.flatten()
v4 = torch.tensor(1.0, requires_grad=True)
v3 += v4
print(v3._base is v2, v2.sum().item())
(v2.sum() + v3.sum()).backward()
print(v0.grad.sum().item(), v4.grad.item())

v1 = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.0, -0.5]])
v5 = v1.unsqueeze(0)
v5.greater_(torch.broadcast_to(v1, (1, 2, 3)))
print(v5)
w = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.0, -0.5]])
try:
    w.unsqueeze(0).add_(torch.broadcast_to(w[:1], (1, 2, 3)))
except RuntimeError as error:
    print("partial overlap:", error)
u = torch.zeros(1, 1, 4, 5)
try:  # (a step over a size-1 dim: other strides, so a partial overlap for PyTorch: 28:14178)
    u[::2].add_(u)
except RuntimeError as error:
    print("stepped size-1 dim:", error)
