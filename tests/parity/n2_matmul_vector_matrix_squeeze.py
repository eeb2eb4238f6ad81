# A 1-d vector times a matrix (matmul, @, F.linear without bias): PyTorch squeezes the fresh
# product in place (SqueezeBackward4, version 1), so the result is no view, and an in-place op
# on it records its own node (MulBackward0, SubBackward0, GtBackward0, Atan2Backward0), not
# CopySlices and AsStridedBackward0.
import torch
F = torch.nn.functional


def tree(fn, depth=3):
    if fn is None:
        return None
    return [fn.name(), [tree(f, depth - 1) for f, _ in fn.next_functions] if depth else '...']


a = torch.tensor([0.25, 1.0], requires_grad=True)
m = torch.tensor([[-1.25, 2.0], [0.5, 1.0]], requires_grad=True)
for label, f in [('1d@2d', lambda: a.matmul(m)), ('2d@1d', lambda: m.matmul(a)),
                 ('linear1d', lambda: F.linear(a, m)), ('linear1d_b', lambda: F.linear(a, m, a)),
                 ('1d@3d', lambda: a.matmul(m.expand(2, 2, 2))), ('1d@1d', lambda: a @ a)]:
    y = f()
    print(label, y, y._is_view(), y._version, tree(y.grad_fn))
    y2 = f()
    y2.mul_(2)
    print('  mul_', tree(y2.grad_fn))
    y3 = f()
    y3 -= 3.0
    print('  isub', tree(y3.grad_fn, 1))
    y4 = f()
    y4.gt_(0.5)
    print('  gt_', tree(y4.grad_fn, 1))
    y5 = f()
    F.relu(y5, inplace=True)
    y5.sum().backward()
    print('  relu_', tree(y5.grad_fn, 1), a.grad, m.grad)
    a.grad = m.grad = None
