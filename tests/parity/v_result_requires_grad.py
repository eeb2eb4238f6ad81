# Results that require grad exactly when PyTorch's do: unique's values (Unique2Backward0, which
# refuses a backward), number % tensor (a NotImplemented node that refuses a backward), and
# the pieces of unbind / iteration.
import torch


def show(label, t):
    fn = t.grad_fn
    nexts = [f[0].name() if f[0] is not None else None for f in fn.next_functions] if fn else []
    print(f"{label:16s} {t.tolist()} rg={t.requires_grad} fn={fn.name() if fn else None} "
          f"{nexts}")


x = torch.tensor([3.0, 1.0, 3.0, 2.0], requires_grad=True)
show("unique", torch.unique(x))
values, inverse, counts = x.unique(return_inverse=True, return_counts=True)
show("unique values", values)
show("  inverse", inverse)
show("  counts", counts)
show("unique(x * 2)", torch.unique(x * 2))
show("unique no grad", torch.unique(torch.tensor([2.0, 1.0])))
for label, make in (("unique", lambda: torch.unique(x)), ("-0.75 % x", lambda: -0.75 % x),
                    ("2 % (x * 1)", lambda: 2 % (x * 1)),
                    ("remainder(2, x)", lambda: torch.remainder(2, x))):
    result = make()
    show(label, result)
    try:
        result.sum().backward()
    except RuntimeError as error:
        print("   backward:", error)
show("2 % ints", 2 % torch.tensor([3, 1]))
with torch.no_grad():
    show("no_grad 2 % x", 2 % x)
    show("no_grad unique", torch.unique(x))
show("piece", list(x)[2])
show("unbind piece", (x * 1).unbind()[0])
