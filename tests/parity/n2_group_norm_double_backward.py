# F.group_norm under create_graph: the gradients are PyTorch's differentiable formula, whose
# mean and rstd are the NativeGroupNormBackward0 node's own outputs 1 and 2 (so the double
# backward passes through that node again, with gradients for the statistics); without a
# weight, a bias gradient under create_graph is refused as PyTorch refuses it.
import torch
F = torch.nn.functional


def tree(fn, depth):
    if fn is None:
        return None
    if depth == 0:
        return fn.name()
    return [fn.name(), [tree(f, depth - 1) for f, _ in fn.next_functions]]


def values(ts):
    return [None if t is None else [float(f"{v:.6g}") for v in t.detach().reshape(-1).tolist()]
            for t in ts]


for shape, groups, affine in [((2, 4, 3), 2, "wb"), ((2, 4, 1, 3), 2, ""), ((2, 4, 3), 4, "w")]:
    n = 1
    for s in shape:
        n *= s
    x = (torch.arange(n, dtype=torch.float64).reshape(shape) * 0.37).sin().requires_grad_()
    w = torch.linspace(0.5, 2.0, shape[1], dtype=torch.float64, requires_grad=True)
    b = torch.linspace(-1.0, 1.0, shape[1], dtype=torch.float64, requires_grad=True)
    w, b = (w if "w" in affine else None), (b if "b" in affine else None)
    leaves = [t for t in (x, w, b) if t is not None]
    y = F.group_norm(x, groups, w, b)
    grads = torch.autograd.grad((y * y * y).sum(), leaves, create_graph=True)
    for g in grads:
        print(tree(g.grad_fn, 5))
    seen = []
    y.grad_fn.register_hook(lambda gi, go: seen.append([None if g is None else tuple(g.shape)
                                                       for g in go]))
    second = torch.autograd.grad(sum((g * g).sum() for g in grads), leaves, create_graph=True)
    print(seen, values(second))
    third = torch.autograd.grad(sum((g * g).sum() for g in second), leaves)
    print(values(third))

x = torch.ones(3, 6, requires_grad=True)
b = torch.zeros(6, requires_grad=True)
try:
    torch.autograd.grad(F.group_norm(x * x, 3, None, b).sum(), [x, b], create_graph=True)
except RuntimeError as e:
    print("RuntimeError", e)
