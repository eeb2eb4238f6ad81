# Writes into expanded tensors as PyTorch allows them: along expanded dims of size 1 nothing
# overlaps, so every in-place op works and reaches the base; where elements share memory
# fill_ (a number) and zero_ work, masked_fill_ / index_fill_ / index_put_ work with a
# deprecation warning, and everything else is refused. Gradients hooks receive from mean()
# are new tensors an in-place edit may change; sum()'s are expanded (refused when elements
# share memory, as in PyTorch).
import warnings

import torch

F = torch.nn.functional

base = torch.tensor([1.0, 4.0, 9.0])
row = base.expand(1, 3)
row.add_(1)
row.sqrt_()
row[0, 1] = 7.0
row -= 1
F.relu6(base.expand(1, 1, 3), inplace=True)
print("size-1 expansions", base.tolist(), base._version)
scalar = torch.tensor(5.0)
scalar.expand(1, 1).mul_(3)
print("0-d expanded", scalar.item())
leaf = torch.ones(3, requires_grad=True)
view = (leaf * 2).expand(1, 3)
view.tanh_()
view.sum().backward()
print("through autograd", view.grad_fn.name(), leaf.grad.tolist())
both = torch.tensor([1.0, 2.0, 3.0])
both.reshape(3, 1).expand(3, 1).mul_(10)
both.expand(2, 3)[0].fill_(-1)
print("base written:", both.tolist())

writes = {
    "fill_(3.0)": lambda e: e.fill_(3.0),
    "zero_": lambda e: e.zero_(),
    "fill_(tensor)": lambda e: e.fill_(torch.tensor(3.0)),
    "add_": lambda e: e.add_(1),
    "mul_(t)": lambda e: e.mul_(torch.ones(2, 3)),
    "copy_": lambda e: e.copy_(torch.ones(2, 3)),
    "sqrt_": lambda e: e.sqrt_(),
    "clamp_": lambda e: e.clamp_(0, 1),
    "-= 1": lambda e: e.__isub__(1),
    "relu inplace": lambda e: F.relu(e, inplace=True),
    "e[:] = 5": lambda e: e.__setitem__(slice(None), 5.0),
    "e[0] = 5": lambda e: e.__setitem__(0, 5.0),
    "e[0, 0] = 5": lambda e: e.__setitem__((0, 0), 5.0),
    "e[idx] = 5": lambda e: e.__setitem__(torch.tensor([0]), 5.0),
    "e[mask] = 5": lambda e: e.__setitem__(e > 1, 5.0),
    "e[mask] = t": lambda e: e.__setitem__(e > 1, torch.tensor([7.0])),
    "masked_fill_": lambda e: e.masked_fill_(e > 1, 5.0),
    "index_fill_": lambda e: e.index_fill_(1, torch.tensor([0]), 3.0),
    "index_add_": lambda e: e.index_add_(1, torch.tensor([0]), torch.ones(2, 1)),
    "scatter_": lambda e: e.scatter_(1, torch.tensor([[0], [0]]), 2.0),
    "uniform_": lambda e: e.uniform_(),
    "t_": lambda e: e.t_(),
}
for label, write in writes.items():
    column = torch.tensor([[1.0], [2.0]])
    expanded = column.expand(2, 3)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            write(expanded)
            outcome = column.flatten().tolist()
        except RuntimeError as error:
            outcome = f"RuntimeError: {error}"
    print(f"{label:14s} {outcome}", [str(w.message)[:48] for w in caught])

for label, loss, edit in (("mean", lambda x: x.mean(), lambda g: g.mul_(3)),
                          ("mean(0)", lambda x: x.mean(0).sum(), lambda g: g.add_(1)),
                          ("sum of (1,)", lambda x: x[:1].sum(), lambda g: g.mul_(3)),
                          ("sum", lambda x: x.sum(), lambda g: g.mul_(3)),
                          ("sum, fill_", lambda x: x.sum(), lambda g: g.fill_(2.0))):
    x = torch.ones(2, 3, requires_grad=True)
    x.register_hook(lambda g, edit=edit: edit(g))
    try:
        loss(x).backward()
        print(label, x.grad.tolist())
    except RuntimeError as error:
        print(label, "RuntimeError:", error)
x = torch.ones(3, requires_grad=True)


def scale_grad(t):
    t.grad.mul_(5)


x.register_post_accumulate_grad_hook(scale_grad)
x.mean().backward()
print("post-accumulate edit", x.grad.tolist())

# 0-d gradients made by backward formulas (NumPy gives 0-d results as scalars) are tensors
# a hook may edit in place too.
for label, loss in (("sigmoid", torch.sigmoid),
                    ("smooth_l1", lambda x: F.smooth_l1_loss(x, torch.tensor(-1.25), beta=0.0)),
                    ("exp * 2", lambda x: x.exp() * 2),
                    ("pow", lambda x: x ** 3)):
    x = torch.tensor(0.5, requires_grad=True)
    x.register_hook(lambda g: g.mul_(3))
    y = loss(x)
    y.backward()
    print("0-d", label, round(x.grad.item(), 4))
