# Issue 11 (fuzz 34:4324): sgn's backward makes a ZeroTensor, and the ops after it in the
# same pass run under ZeroTensor rules; a pass without create_graph must still give
# gradients that do not require grad, also through hardsigmoid (whose backward has no
# derivative in PyTorch).
import torch

F = torch.nn.functional
v1 = torch.tensor([[-2.0, 0.75, -0.75, 0.5], [-1.75, 2.0, -1.5, 1.5]], requires_grad=True)
v2 = F.hardsigmoid(v1)
v8 = v2.sgn()
(g,) = torch.autograd.grad([v8.sum() + v2.sum()], [v1], retain_graph=True)
print(g, g.requires_grad, g.grad_fn)
(g,) = torch.autograd.grad([v8.sum() + v2.sum()], [v1], create_graph=True)
print(g, g.requires_grad, type(g.grad_fn).__name__)
