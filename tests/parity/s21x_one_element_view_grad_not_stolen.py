# A one-element gradient that a view (reshape, reshape_as, view) takes of an expanded one
# (sum's of a 0-d `gradient=`) has stride 0 in every dim in PyTorch, so AccumulateGrad copies
# it instead of keeping it as the .grad: the next backward then accumulates into the .grad, not
# into the caller's gradient tensor (which the other leaves' gradients read). A view of a
# gradient of more elements is still kept, sharing the caller's memory, as in PyTorch.
import torch

v0 = torch.tensor([[[-0.5, 1.75, 0.25, 0.75], [-1.75, -0.25, -1.5, -1.0]]], requires_grad=True)
v2 = torch.tensor([[[-0.75]]], requires_grad=True)
v7 = v2.reshape_as(torch.zeros(1)).sum() + v0.tril(0).sum()
g = torch.tensor(0.5)
for _ in range(2):
    v7.backward(gradient=g)
    print(v0.grad, v2.grad, g)
w = torch.tensor([-0.75], requires_grad=True)
for _ in range(2):
    w.reshape(1, 1).sum().backward(g)
    print(w.grad, g, w.grad.data_ptr() == g.data_ptr())
u = torch.tensor([[1.0, 2.0]], requires_grad=True)
gu = torch.tensor([[0.5, 0.25]])
for _ in range(2):
    u.view(2).backward(gu.view(2))
    print(u.grad, gu, u.grad.data_ptr() == gu.data_ptr())
