# tensordot makes its nodes in PyTorch's order (a permuted and reshaped before b; on the dot
# path both permuted, then b flattened before a), so backward runs them in PyTorch's order:
# the node pre-hooks fire in the same sequence.
import torch


def walk(fn, path, nodes):
    if fn is None or fn in nodes:
        return
    nodes[fn] = path
    for i, (child, _) in enumerate(fn.next_functions):
        walk(child, path + str(i), nodes)


def operand(*shape):
    n = torch.Size(shape).numel()
    return (torch.arange(float(n)).reshape(shape) * 0.37 - 1).sin().requires_grad_()


cases = [((2, 3), (3, 4), 1), ((3,), (3,), 1), ((2, 3, 4), (3, 4, 5), 2),
         ((2, 1), (3, 4), ([1], [0])), ((2, 3), (1, 4), ([1], [0])),
         ((2, 3, 4), (4, 3), ([1, 2], [1, 0])), ((2, 3), (2, 3), 2)]
for sa, sb, dims in cases:
    y = torch.tensordot(operand(*sa), operand(*sb), dims=dims).sum()
    nodes = {}
    walk(y.grad_fn, "r", nodes)
    order = []
    for fn, path in nodes.items():
        fn.register_prehook(lambda g, p=path, f=fn, seen=order: seen.append((p, f.name())))
    y.backward()
    print(sa, sb, dims, order)
for sa, sb in [((2, 3), (4, 3)), ((3,), (3,))]:
    y = torch.inner(operand(*sa), operand(*sb)).sum()
    nodes = {}
    walk(y.grad_fn, "r", nodes)
    print(sa, sb, sorted(nodes.values()))
