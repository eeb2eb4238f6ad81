# as_strided's gradient under create_graph=True is PyTorch's as_strided_backward op by op:
# CopySlices into a zero storage (index_add_ where the output overlaps itself; size-1 dims
# squeezed, stride-0 dims summed), divided by the input's coverage where it overlaps itself,
# seen through as_strided (AsStridedBackward0); an empty gradient has no history.
import torch


def tree(fn, depth):
    if fn is None:
        return None
    if depth == 0:
        return fn.name()
    return [fn.name(), [tree(f, depth - 1) for f, _ in fn.next_functions]]


x = torch.arange(1.0, 13.0).requires_grad_()
cases = [((2, 3), (3, 1), 1), ((2, 1, 3), (3, 5, 1), 0), ((2, 3), (0, 1), 2),
         ((3, 3), (1, 1), 0), ((2, 2), (1, 3), 4), ((0, 2), (1, 1), 0)]
for size, stride, off in cases:
    y = x.as_strided(size, stride, off)
    g = torch.ones(size, requires_grad=True)
    r, = torch.autograd.grad(y, x, g, create_graph=True)
    print(size, stride, r, tree(r.grad_fn, 5))
    if r.requires_grad:
        again, = torch.autograd.grad((r * r).sum(), g, create_graph=True)
        print(again, tree(again.grad_fn, 5))
# overlapping input
xe = torch.tensor([1.0, 2.0], requires_grad=True)
e = xe[:, None].expand(2, 3)
y = e.as_strided((2, 2), (1, 0), 0)
g = torch.ones(2, 2, requires_grad=True)
r, = torch.autograd.grad(y, xe, g, create_graph=True)
print('overlap in', r, tree(r.grad_fn, 6))
z = torch.arange(6.0).reshape(2, 3).requires_grad_()
y = z.t().as_strided((2, 2), (1, 3), 0)
r, = torch.autograd.grad(y, z, torch.ones(2, 2, requires_grad=True), create_graph=True)
print('transposed in', r, tree(r.grad_fn, 6))
