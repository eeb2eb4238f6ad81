# A product with sgn's ZeroTensor gradient on the right keeps the written operand order:
# norm(p=1)'s backward sgn(x) * grad under create_graph records MulBackward0 with SgnBackward0
# first (Python asks the ZeroTensor's __rmul__ first; fuzz 57:3774).
import torch

F = torch.nn.functional
x = torch.tensor([[0.25, -2.0], [-1.5, 0.0], [1.5, -1.75]], requires_grad=True)
other = torch.tensor([[0.303, -0.043], [-1.436, 0.657], [-1.143, -0.18]], requires_grad=True)


def names(fn):
    return [(n.name() if n else None,
             [m.name() if m else None for m, _ in n.next_functions] if n else None)
            for n, _ in fn.next_functions]


for y in (F.pairwise_distance(x, other, p=1.0).sgn(), x.norm(p=1, dim=1).sgn()):
    y.backward(torch.tensor([0.5, 1.5, -0.75]), create_graph=True)
    print(x.grad, x.grad.grad_fn.name(), names(x.grad.grad_fn))
    x.grad = None

seed = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
(g,) = torch.autograd.grad(x.sgn().sum(1), [x], seed, create_graph=True)
print(g.grad_fn.name() if g.grad_fn else None)
w = torch.tensor([2.0, -1.0, 0.5], requires_grad=True)
(g,) = torch.autograd.grad((w * 3).sgn(), [w], torch.ones(3), create_graph=True)
print(g, g.grad_fn.name() if g.grad_fn else None)
