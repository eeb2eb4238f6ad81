# cumprod's gradient for an input with zeros under create_graph=True is PyTorch's
# differentiable formula, node by node: per position, products before it (prod) and after it
# (cumprod) of slices of the input, summed against the gradient's slice and written into
# that position of zeros (a CopySlices each); and its second derivative.
import torch


def tree(fn, depth=7):
    if fn is None:
        return None
    if depth == 0:
        return fn.name()
    return [fn.name(), [tree(f, depth - 1) for f, _ in fn.next_functions]]


for xs in ([0.0, -1.786, -0.883], [1.0, 0.0, 2.0, 3.0], [[0.0, 2.0], [3.0, 4.0], [0.5, 0.0]],
           [0.0, 2.0]):
    x = torch.tensor(xs, requires_grad=True)
    y = x.cumprod(0)
    g = torch.ones_like(y).mul(0.5).requires_grad_()
    grad, = torch.autograd.grad(y, x, g, create_graph=True)
    print(grad, tree(grad.grad_fn))
    print(torch.autograd.grad((grad * grad).sum(), [x, g]))
x = torch.tensor([[0.0, 2.0, 3.0], [1.0, 0.0, 4.0]], requires_grad=True)
grad, = torch.autograd.grad(x.cumprod(1).sum(), x, create_graph=True)
print(grad, tree(grad.grad_fn), torch.autograd.grad(grad.sum(), x))

# with dtype= another than the input's, the formulas first cast the gradient to the input's
# dtype (ToCopyBackward0), with and without zeros
for xs in ([1.0, 2.0, 3.0], [1.0, 0.0, 3.0]):
    x = torch.tensor(xs, requires_grad=True)
    g = torch.tensor([1.0, 0.5, 2.0], dtype=torch.float64, requires_grad=True)
    for op in ('cumprod', 'cumsum'):
        grad, = torch.autograd.grad(getattr(x, op)(0, dtype=torch.float64), x, g,
                                    create_graph=True)
        print(op, 'dtype', grad, tree(grad.grad_fn, 4), torch.autograd.grad(grad.sum(), g))

# cummax / cummin of a 0-d input: the gradient is still scatter_add into zeros under
# create_graph (ScatterAddBackward0), its own gradient a gather of a 0-d tensor
x = torch.tensor(1.0, requires_grad=True)
for op in ('cummin', 'cummax'):
    g = torch.tensor(2.0, requires_grad=True)
    grad, = torch.autograd.grad(getattr(x, op)(-1)[0], x, g, create_graph=True)
    again, = torch.autograd.grad(grad, g, create_graph=True)
    print(op, '0-d', grad, tree(grad.grad_fn, 3), again, tree(again.grad_fn, 3))
print(torch.tensor(2.0).gather(0, torch.tensor(0)))

# cumsum's gradient along a dim of size 1 (or of at most one element) is the gradient itself
# (no flip / cumsum nodes); logcumsumexp's of an empty input too
for shape, dim in (((1, 2), 0), ((2, 1), 1), ((2, 3), 1), ((0, 2), 0)):
    x = torch.ones(shape, requires_grad=True)
    for op in ('cumsum', 'cumprod', 'logcumsumexp'):
        g = torch.ones(shape, requires_grad=True) * 1
        grad, = torch.autograd.grad(getattr(x, op)(dim), x, g, create_graph=True)
        print(op, shape, tree(grad.grad_fn, 3))
