# The graphs of mm/addmm gradients under create_graph follow PyTorch's layout test on the
# operands' strides (strides[0] == 1 and strides[1] == size(0)): an empty 1x0 matrix has
# PyTorch's strides (1, 1) and passes it (its gradient is mat2.mm(grad.t()).t(): TBackward0);
# linalg.inv's gradient is -(inv^H @ (grad @ inv^H)), each transpose its own node.
import torch


def tree(fn, depth=3):
    if fn is None:
        return None
    return [fn.name(), [tree(f, depth - 1) for f, _ in fn.next_functions] if depth else '...']


for s0, s1 in [((1, 0), (0, 1)), ((1, 0), (0, 3)), ((3, 0), (0, 1)), ((0, 1), (1, 1)),
               ((1, 1), (1, 0)), ((2, 3), (3, 1)), ((1, 1), (1, 1))]:
    a = torch.zeros(s0, requires_grad=True)
    b = torch.zeros(s1, requires_grad=True)
    y = torch.mm(a, b)
    y.backward(torch.ones_like(y), create_graph=True)
    c = torch.zeros(s1[1], requires_grad=True)
    grads = torch.autograd.grad(torch.addmm(c, a, b, alpha=2), [c, a, b],
                                torch.ones(s0[0], s1[1], requires_grad=True), create_graph=True)
    print(s0, s1, tree(a.grad.grad_fn), tree(b.grad.grad_fn), [tree(g.grad_fn) for g in grads])
m = torch.tensor([[2.0, 0.5, 0.0], [0.25, 3.0, -1.0], [0.0, 1.0, 2.5]], dtype=torch.float64,
                 requires_grad=True)
for f in (torch.inverse, torch.linalg.inv):
    inv = f(m)
    g, = torch.autograd.grad(inv, m, torch.ones_like(inv, requires_grad=True), create_graph=True)
    print(g, tree(g.grad_fn, 4))
    print(torch.autograd.grad((g * g).sum(), m))
