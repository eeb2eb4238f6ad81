# Issue 11 (fuzz 30:11077): a tensor hook may write in place a one-element gradient that is a
# view of a broadcast one (sum()'s expanded gradient through diag / select / diagonal): the
# write lands in the broadcast memory, as in PyTorch. fill_ / zero_ write a broadcast
# gradient whose elements share memory; other writes there stay refused.
import torch


def run(name, make, hook):
    x = torch.tensor([-1.0, 2.0][: make[1]], requires_grad=True)
    x.register_hook(hook)
    y = make[0](x)
    total = y.sum()
    try:
        total.backward(retain_graph=True)
        print(name, x.grad)
    except RuntimeError as error:
        print(name, "raised", error)
    x.grad = None
    try:
        total.backward()  # a second pass over the same graph writes the same memory again
        print(name, "again", x.grad)
    except RuntimeError as error:
        print(name, "again raised", error)


makes = {
    "diag(2)": (lambda x: x.diag(2), 1),
    "diag(-1)": (lambda x: torch.diag(x, -1), 1),
    "select": (lambda x: x.expand(3, 1)[1], 1),
    "diagonal": (lambda x: x.expand(2, 2).diagonal(1), 1),
    "sum of two": (lambda x: x, 2),
}
hooks = {
    "mul_": lambda g: g.mul_(3),
    "add_": lambda g: g.add_(1),
    "fill_": lambda g: g.fill_(5),
    "zero_": lambda g: g.zero_(),
}
for make_name, make in makes.items():
    for hook_name, hook in hooks.items():
        run(f"{make_name} {hook_name}", make, hook)
