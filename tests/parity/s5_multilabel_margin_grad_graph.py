# Fuzz seed 5: multilabel_margin_loss's gradient under create_graph depends on the input:
# PyTorch records a node without a derivative (NotImplemented) with edges to the incoming
# gradient and the input where they require grad, so the gradient requires grad (and .grad
# from backward(create_graph=True) is CopyBackwards over it); differentiating it raises. The
# node saves the input: modifying it in place before backward is refused.
import warnings

import torch

warnings.simplefilter('ignore')
F = torch.nn.functional
v0 = torch.tensor([[-1.105, -0.897, 1.096, -0.713], [-1.236, -1.666, -0.0, 1.335]],
                  requires_grad=True)
v1 = torch.tensor([[3, 0, 1, 1], [2, 1, 2, 3]])
for reduction in ('mean', 'sum', 'none'):
    loss = F.multilabel_margin_loss(v0, v1, reduction=reduction)
    for seed in (torch.ones_like(loss), torch.ones_like(loss).requires_grad_()):
        (grad,) = torch.autograd.grad(loss, v0, seed, create_graph=True, retain_graph=True)
        print(reduction, grad, grad.grad_fn.name(),
              [type(n).__name__ for n, _ in grad.grad_fn.next_functions])
F.multilabel_margin_loss(v0, v1).backward(create_graph=True)
print(v0.grad, v0.grad.grad_fn.name())
try:
    v0.grad.sum().backward()
except RuntimeError as error:
    print('RuntimeError', error)
x = v0 * 1
loss = F.multilabel_margin_loss(x, v1)
x.add_(1)
try:
    loss.backward()
except RuntimeError as error:
    print('RuntimeError', str(error)[:200])
