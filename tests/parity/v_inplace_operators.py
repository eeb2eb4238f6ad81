# The in-place operators **=, %=, //=, &=, |=, ^= write into the tensor (and so into its base
# and every view of it), keep its dtype, record the op's node, bump the version counter, and
# refuse what PyTorch refuses: a broadcast bigger than the target, a result dtype the target
# cannot hold, the bitwise ops on floating tensors.
import torch


def show(label, t):
    fn = t.grad_fn
    print(f"{label:10s} {t.dtype} {t.tolist()} rg={t.requires_grad} "
          f"fn={fn.name() if fn is not None else None} version={t._version}")


x = torch.tensor([1.5, 2.0, 3.0])
y = x
x **= 2
show("**= 2", x)
print("same tensor:", x is y)
x %= torch.tensor([2.0, 3.0, 4.0], dtype=torch.float64)
show("%= f64", x)
x //= 0.5
show("//= 0.5", x)
print("same tensor:", x is y)

# through views: the base changes
base = torch.tensor([1.0, 2.0, 3.0, 4.0])
view = base[1:3]
view **= 2
view %= 3
print("float base", base.tolist(), base._version)
ints = torch.tensor([5, 6, 7, 8])
every_other = ints[::2]
every_other //= 2
every_other &= 3
every_other |= 8
every_other ^= 1
print("int base", ints.tolist(), ints._version)
flags = torch.tensor([True, False, True])
flags &= torch.tensor([True, True, False])
flags |= torch.tensor([False, True, False])
flags ^= True
print("bool", flags.tolist())

# autograd: the target's node is the op's, in place; gradients flow to both operands
leaf = torch.tensor([1.5, 2.5, 3.5], requires_grad=True)
exponent = torch.tensor([2.0, 1.0, 0.5], requires_grad=True)
t = leaf * 1
t.register_hook(lambda g: print("hook before the write", g.tolist()))
t **= exponent
show("**= t", t)
t.register_hook(lambda g: print("hook after the write", g.tolist()))
t.sum().backward()
print("grads", leaf.grad.tolist(), exponent.grad.tolist())
u = leaf * 1
u %= 2.0
show("%= 2.0", u)
u **= 2
show("**= 2", u)
u.sum().backward()
print("grads", leaf.grad.tolist())

leaf = torch.tensor([[1.5, -2.5], [3.5, 4.5]], requires_grad=True)
t = leaf.clone()
row = t[0]
row **= 2
show("row **= 2", row)
show("its base", t)
t.sum().backward()
print("grad through the view", leaf.grad.tolist())

# refusals
for label, make, other, op in (
        ("shape", lambda: torch.tensor([1.0, 2.0]), torch.ones(2, 2), "**="),
        ("0-d shape", lambda: torch.tensor(3.0), torch.ones(2), "%="),
        ("int //= float", lambda: torch.tensor([3, 4]), 2.5, "//="),
        ("int **= float t", lambda: torch.tensor([3, 4]), torch.tensor([0.5, 1.0]), "**="),
        ("int %= f64 0-d", lambda: torch.tensor([3, 4]), torch.tensor(2.0, dtype=torch.float64),
         "%="),
        ("float &= int", lambda: torch.tensor([1.0, 2.0]), 1, "&="),
        ("float |= t", lambda: torch.tensor([1.0, 2.0]), torch.tensor([1, 2]), "|="),
        ("float ^= f64", lambda: torch.tensor([1.0, 2.0]), torch.tensor([1.0, 2.0],
                                                                         dtype=torch.float64),
         "^="),
        ("leaf **=", lambda: torch.tensor([1.0, 2.0], requires_grad=True), 2, "**=")):
    target = make()
    namespace = {"target": target, "other": other}
    try:
        exec(f"target {op} other", namespace)
        show(label, namespace["target"])
    except Exception as error:
        print(label, type(error).__name__, error)
    print("   target unchanged:", target.tolist(), target._version)

# //= records PyTorch's NotImplemented node, which names the in-place op when reached
t = torch.tensor([3.0, 5.0], requires_grad=True) * 1
t //= 2
show("//= 2", t)
try:
    t.sum().backward()
except RuntimeError as error:
    print("backward:", error)
