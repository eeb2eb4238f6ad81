# tensordot (and inner, which is one) whose free dims hold one element each: PyTorch takes
# DotBackward0 of the flattened permuted operands (flatten of a 1-d tensor adds no node),
# MmBackward0 of the reshaped ones otherwise; values and gradients as ever.
import torch


def tree(fn, depth=3):
    if fn is None:
        return None
    return [fn.name(), [tree(f, depth - 1) for f, _ in fn.next_functions] if depth else '...']


def leaf(shape):
    n = 1
    for s in shape:
        n *= s
    return (torch.arange(n, dtype=torch.float32).reshape(shape) * 0.5 - 1).requires_grad_()


for a, b, d in [((1, 2, 2), (2, 2, 1), 2), ((2, 3), (3, 2), 1), ((2, 3), (3,), 1),
                ((3,), (3,), 1), ((2, 3), (2, 3), 2), ((1, 3), (3, 1), 1), ((1, 1), (1, 1), 1),
                ((0,), (0,), 1), ((1, 0), (0, 1), 1), ((2, 1, 3), (3,), 1),
                ((1, 2, 3), (3, 1), 1), ((1,), (1,), 0), ((), (), 0), ((3, 1), (3,), ([0], [0]))]:
    x, y = leaf(a), leaf(b)
    z = torch.tensordot(x, y, d)
    z.backward(torch.ones_like(z))
    print(a, b, d, z, tree(z.grad_fn), x.grad, y.grad)
for a, b in [((1, 0), (1, 0)), ((2, 3), (4, 3)), ((1, 3), (1, 3)), ((1, 3), (3,)),
             ((3,), (1, 3)), ((1, 1, 3), (1, 3))]:
    z = torch.inner(leaf(a), leaf(b))
    print('inner', a, b, z, tree(z.grad_fn))
