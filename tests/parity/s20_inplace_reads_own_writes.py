# An in-place op whose operand is a view of the written tensor in a layout PyTorch's overlap
# check gives up on (a diagonal, a column, a flipped row): its loop goes element by element
# and each element reads what the elements before it wrote. A dense partial overlap is
# refused.
import torch


def mk(rg=False):
    leaf = torch.tensor([[-2.0, 1.5, 0.25], [-1.75, 0.5, 2.0], [1.0, -0.5, 3.0]],
                        requires_grad=rg)
    return leaf, (leaf.clone() if rg else leaf)


other = torch.tensor([[2.75, 2.5, 1.5], [1.25, 3.0, -2.0], [0.5, 4.0, 2.0]])
cases = {
    "addcdiv_ diag": lambda v: v.addcdiv_(torch.diagonal(v), other),
    "addcdiv_ diag second": lambda v: v.addcdiv_(other, torch.diagonal(v), value=0.5),
    "addcmul_ column": lambda v: v.addcmul_(v[:, 1], other),
    "lerp_ weight diag": lambda v: v.lerp_(other, torch.diagonal(v)),
    "add_ diag": lambda v: v.add_(torch.diagonal(v)),
    "sub_ first column": lambda v: v.sub_(v[:, :1]),
    "mul_ last column": lambda v: v.mul_(v[:, 2:]),
    "div_ flipped row": lambda v: v.div_(v[1].flip(0)),
    "atan2_ column": lambda v: v.atan2_(v[:, 0]),
    "hypot_ diag": lambda v: v.hypot_(torch.diagonal(v)),
    "view written, diag read": lambda v: v[:, :2].add_(torch.diagonal(v)[:2]),
    "dense partial": lambda v: v.view(-1)[1:].add_(v.view(-1)[:-1]),
}
for name, f in cases.items():
    for rg in (False, True):
        leaf, v = mk(rg)
        try:
            f(v)
            print(name, rg, [round(x, 4) for x in v.detach().reshape(-1).tolist()])
            if rg:
                v.sum().backward()
                print("  grad", [round(x, 4) for x in leaf.grad.reshape(-1).tolist()])
        except RuntimeError as e:
            print(name, rg, "RuntimeError", e)
