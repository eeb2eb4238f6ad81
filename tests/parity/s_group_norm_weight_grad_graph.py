# Issue 11 (fuzz): group_norm's weight gradient under create_graph requires grad even when
# the input does not (PyTorch's formula reads the node's own mean and rstd outputs, which
# require grad); differentiating it again reaches no leaf.
import torch

F = torch.nn.functional
x = torch.tensor([[-0.5, -1.0, -1.25, 0.5]])
w = torch.tensor([1.713, -0.235, -2.489, -1.043], requires_grad=True)
b = torch.tensor([0.5, 0.25, -1.0, 2.0], requires_grad=True)
y = F.group_norm(x, 2, weight=w, bias=b)
y.backward(torch.tensor([[0.46, -0.459, -0.528, 1.128]]), create_graph=True)
print(w.grad, w.grad.requires_grad, b.grad, b.grad.requires_grad)
print(torch.autograd.grad(w.grad.sum(), [w, b], allow_unused=True))
xr = x.clone().requires_grad_()
(gw,) = torch.autograd.grad(F.group_norm(xr, 1, weight=w).sum(), w, create_graph=True)
print(gw.requires_grad, torch.autograd.grad(gw.sum(), xr))
