# Composites record PyTorch's nodes in PyTorch's order: cov's mean is its sum divided by the
# count (SumBackward1, DivBackward0), diff / trapezoid / cumulative_trapezoid slice the
# subtrahend first (C++ evaluates the arguments right to left; cumulative_trapezoid's gaps
# before its sides), cartesian_prod makes every meshgrid view before flattening them. The
# node pre-hooks fire in PyTorch's order.
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


cases = {
    "cov": lambda: torch.cov(operand(2, 4)), "cov_1d": lambda: torch.cov(operand(5)),
    "corrcoef": lambda: torch.corrcoef(operand(2, 4)),
    "diff": lambda: torch.diff(operand(4), prepend=operand(1), append=operand(2)),
    "diff_n2": lambda: torch.diff(operand(2, 5), n=2, dim=1),
    "trapezoid": lambda: torch.trapezoid(operand(4), operand(4)),
    "trapezoid_dx": lambda: torch.trapezoid(operand(2, 4), dx=0.5),
    "cumulative_trapezoid": lambda: torch.cumulative_trapezoid(operand(4), operand(4)),
    "cumulative_trapezoid_dx": lambda: torch.cumulative_trapezoid(operand(2, 4), dx=0.5),
    "cartesian_prod": lambda: torch.cartesian_prod(operand(2), operand(3)),
    "cartesian_prod_3": lambda: torch.cartesian_prod(operand(2), operand(1), operand(2)),
}
for name, make in cases.items():
    y = make()
    nodes = {}
    walk(y.grad_fn, "r", nodes)
    order = []
    for fn, path in nodes.items():
        fn.register_prehook(lambda g, p=path, f=fn, seen=order: seen.append((p, f.name())))
    y.sum().backward()
    print(name, y, order)
