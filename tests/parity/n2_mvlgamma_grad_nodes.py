# mvlgamma under create_graph: PyTorch's formula grad * (arange(-p/2 + 0.5, 0.5, 0.5) +
# self.unsqueeze(-1)).digamma_().sum(-1) (MulBackward0 of the gradient and SumBackward1).
import torch


def tree(fn, depth=4):
    if fn is None:
        return None
    return [fn.name(), [tree(f, depth - 1) for f, _ in fn.next_functions] if depth else '...']


x = torch.tensor([[2.5, 1.25, 3.0], [2.75, 1.75, 4.0]], requires_grad=True)
for p in (1, 2, 3):
    y = torch.mvlgamma(x, p)
    g_out = torch.full_like(y, 0.5, dtype=torch.float64, requires_grad=True)
    y.backward(g_out, create_graph=True)
    print(p, y, x.grad, tree(x.grad.grad_fn))
    print(torch.autograd.grad((x.grad * x.grad).sum(), [x, g_out]))
    x.grad = None
