# Writing a tensor that requires grad into a tensor (or a view of one) that does not: the base
# and every view of it require grad from then on (CopySlices for the base, AsStridedBackward0
# for views), also views made before the write and the view a view-of-a-view was taken from,
# and the gradient reaches the written tensor. An integer or bool target never requires grad.
import torch


def show(label, t):
    fn = t.grad_fn
    nexts = [f[0].name() if f[0] is not None else None for f in fn.next_functions] if fn else []
    print(f"{label:12s} {t.tolist()} rg={t.requires_grad} fn={fn.name() if fn else None} "
          f"{nexts}")


# a view of a view: the middle view requires grad too
base = torch.zeros(1, 2, 2)
middle = base.unsqueeze(0)
value = torch.tensor([[[-1.0, -1.0], [-2.0, 0.5]]], requires_grad=True)
middle[0, 0:-1:3] = value
show("middle", middle)
show("base", base)
total = middle.sum()
show("sum", total)
total.backward()
print("value.grad", value.grad.tolist())

# a sibling view made before the write
base = torch.zeros(4)
left, right = base[:2], base[2:]
source = torch.tensor([3.0, 4.0], requires_grad=True)
right.copy_(source)
show("left", left)
show("right", right)
(left * 2 + right[:1] * 5).sum().backward()
print("source.grad", source.grad.tolist())

# fill_ with a 0-d tensor, mul_, add_ on views of a tensor without grad
for label, write in (("fill_", lambda v, t: v.fill_(t.sum())), ("mul_", lambda v, t: v.mul_(t)),
                     ("add_", lambda v, t: v.add_(t)), ("copy_", lambda v, t: v.copy_(t)),
                     ("setitem", lambda v, t: v.__setitem__(0, t[1]))):
    base = torch.ones(3)
    t = torch.tensor([1.5, 2.5], requires_grad=True)
    view = base[1:]
    write(view, t)
    show(label, view)
    show("  base", base)
    (base * torch.tensor([1.0, 10.0, 100.0])).sum().backward()
    print("  t.grad", t.grad.tolist())

# the base itself written: its views follow
base = torch.zeros(3)
view = base[1:]
base.copy_(torch.tensor([1.0, 2.0, 3.0], requires_grad=True))
show("view", view)

# integer and bool targets stay without grad
for dtype in (torch.int64, torch.bool):
    target = torch.zeros(2, 2, dtype=dtype)
    source = torch.tensor([1.0, -0.25], requires_grad=True)
    show(str(dtype), target.copy_(source))
    target[0] = source
    target[1, 0] = source[0]
    target[1:].fill_(source[1])
    show("  after", target)

# setitem values: numbers become the target's dtype; other objects are refused
ints = torch.zeros(3, dtype=torch.int64)
ints[0] = 2.7
ints[1:] = torch.tensor(1.9)
flags = torch.zeros(2, dtype=torch.bool)
flags[0] = 2.5
print(ints.tolist(), flags.tolist())
for bad in ([1.0, 2.0], (1, 2), None, "a"):
    try:
        torch.zeros(2, 2)[0] = bad
    except TypeError as error:
        print("TypeError:", error)
