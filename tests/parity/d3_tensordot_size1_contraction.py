# tensordot (and inner) with a contracted dim of size 1 on one side: PyTorch broadcasts it,
# summing that dim out of the other operand first (SumBackward1, keepdim; of the first
# operand when both have size 1), so a gradient under create_graph ends in ExpandBackward0.
# The folded operands' layouts are PyTorch's view strides, which decide mm's formulas.
import torch


def tree(fn, depth=6):
    if fn is None:
        return None
    return [fn.name(), [tree(f, depth - 1) for f, _ in fn.next_functions] if depth else '...']


def leaf(shape):
    n = 1
    for s in shape:
        n *= s
    return (torch.arange(n, dtype=torch.float32).reshape(shape) * 0.5 - 0.75).requires_grad_()


for a, b, d in [((2, 1), (2, 1), ([1], [1])), ((2, 3), (1, 4), ([1], [0])),
                ((3,), (1,), 1), ((2, 1, 3), (4, 1, 3), ([1, 2], [1, 2])),
                ((1, 1), (1, 1), ([1], [1])), ((2, 1), (1, 3), ([1], [0])),
                ((1, 2), (1, 3), ([0], [0])), ((3, 1, 2), (1, 2), ([1], [0]))]:
    x, y = leaf(a), leaf(b)
    z = torch.tensordot(x, y, d)
    print(a, b, d, z, tree(z.grad_fn))
    gx, gy = torch.autograd.grad(z.sum() * 2, [x, y], create_graph=True)
    print(gx, gx.stride(), tree(gx.grad_fn))
    print(gy, gy.stride(), tree(gy.grad_fn))
for a, b in [((2, 1), (2, 1)), ((2, 1), (1,)), ((1, 1), (3, 1))]:
    x, y = leaf(a), leaf(b)
    z = torch.inner(x, y)
    gx, gy = torch.autograd.grad(z.sum(), [x, y], create_graph=True)
    print('inner', a, b, z, tree(z.grad_fn), tree(gx.grad_fn), tree(gy.grad_fn))
x = torch.arange(6).reshape(2, 3)
print(torch.tensordot(x, torch.ones(1, 2, dtype=torch.int32).long(), ([1], [0])))
try:
    torch.tensordot(torch.ones(2, 3), torch.ones(2, 2), ([1], [0]))
except RuntimeError as e:
    print('RuntimeError', e)
