# Issue 11 (fuzz): in-place elementwise ops (and copy_, clamp_, comparisons, index_add_,
# index_copy_) refuse an input that shares part of the written tensor's memory, or all of it
# in another layout; the tensor itself, a disjoint part, and masked_fill_ / index_fill_ /
# fill_ / masked_scatter_ / scatter_add_ values pass.
import torch


def fresh():
    return torch.arange(6.0).reshape(2, 3)


cases = [
    ("add row", lambda x: x.add_(x[0])),
    ("mul transposed", lambda x: torch.ones(3, 3).mul_(1)),
    ("view same", lambda x: x.add_(x.view(2, 3))),
    ("disjoint", lambda x: x[0].add_(x[1])),
    ("masked_fill", lambda x: x.masked_fill_(x > 2, x[0, 0])),
    ("clamp", lambda x: x.clamp_(x[0], None)),
    ("lerp", lambda x: x.lerp_(x[0], 0.5)),
    ("index_add", lambda x: x.index_add_(0, torch.tensor([0]), x[1:])),
    ("addcmul", lambda x: x.addcmul_(torch.ones(3), x[0])),
    ("add 0-d", lambda x: x.add_(x[0, 0])),
    ("fill", lambda x: x.fill_(x[0, 1])),
    ("index_fill", lambda x: x.index_fill_(1, torch.tensor([0]), x[0, 1])),
    ("masked_scatter", lambda x: x.masked_scatter_(x > 2, x.flatten())),
    ("copysign", lambda x: x.copysign_(x[0])),
    ("self", lambda x: x.mul_(x)),
    ("scatter_add", lambda x: x.scatter_add_(1, torch.tensor([[0], [1]]), x[:, :1])),
    ("index_copy", lambda x: x.index_copy_(0, torch.tensor([0]), x[1:])),
    ("leaf", lambda x: torch.ones(2, 3, requires_grad=True).add_(x[0])),
]
for name, f in cases:
    try:
        print(name, f(fresh()))
    except RuntimeError as e:
        print(name, "RuntimeError:", e)
square = torch.ones(3, 3)
for name, f in [("mul_", square.mul_), ("ne_", square.ne_), ("copy_", square.copy_),
                ("fmod_", square.fmod_), ("__imod__", square.__imod__)]:
    try:
        f(square.t())
    except RuntimeError as e:
        print(name, "RuntimeError:", e)
v = torch.tensor([1.75, -2.0])
try:
    v.unsqueeze(0).addcmul_(v, torch.ones(1, 2, requires_grad=True))
except RuntimeError as e:
    print("addcmul_ unsqueezed", e)
w = torch.ones(2, 3, requires_grad=True)
try:
    w.add_(w[0])
except RuntimeError as e:
    print("leaf first:", e)
