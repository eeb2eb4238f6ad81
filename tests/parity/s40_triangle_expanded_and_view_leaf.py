# tril_ / triu_ into a tensor whose elements share memory: PyTorch's kernel zeroes, in the
# tensor's own memory, every element outside the triangle (up to 3 dims, or batch dims laid out
# matrix after matrix), so memory shared with an element outside is zeroed; otherwise it works
# on a contiguous copy whose copy back refuses. And the leaf check of in-place ops on a view
# whose base is a leaf: PyTorch asks whether the view requires grad, not whether the base does.
import torch


def attempt(label, write):
    try:
        print(label, write())
    except RuntimeError as error:
        print(label, "RuntimeError:", error)


for name, diagonal in (("triu_", 0), ("tril_", 0), ("triu_", 1), ("tril_", -1)):
    column = torch.arange(1.0, 5.0).reshape(4, 1)
    attempt(name + " 2-d", lambda: (getattr(column.expand(4, 3), name)(diagonal), column)[1])
    row = torch.tensor([[1.0, float("nan"), -0.0, 4.0]])
    attempt(name + " 3-d", lambda: (getattr(row.expand(2, 3, 4), name)(diagonal), row)[1])
column = torch.arange(1.0, 5.0).reshape(4, 1)
attempt("4-d, expanded first dim", lambda: (column.expand(2, 1, 4, 3).triu_(), column)[1])
attempt("4-d, expanded batch dims", lambda: column.expand(2, 2, 4, 3).triu_())
attempt("4-d, expanded second dim", lambda: column.expand(1, 2, 4, 3).triu_())
base = torch.arange(1.0, 7.0)
attempt("as_strided", lambda: (base.as_strided((3, 3), (1, 1)).tril_(), base)[1])

# (recorded: the base has history, so the write is a CopySlices, whose backward then writes
# the gradient through the same overlapping layout and refuses)
w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = w.reshape(3, 1) * 2
print(y.expand(3, 2).tril_(), y.grad_fn.name())
attempt("backward", lambda: y.sum().backward())

for name in ("mul_(2)", "tril_()", "zero_()", "fill_(1.5)", "add_(1)"):
    leaf = torch.arange(1.0, 5.0).reshape(4, 1).requires_grad_()
    attempt(name + " on the leaf view", lambda: eval("leaf." + name))
    attempt(name + " on its slice", lambda: eval("leaf[1:]." + name))
    attempt(name + " on its expansion", lambda: eval("leaf.expand(4, 2)." + name))
with torch.no_grad():
    leaf = torch.arange(1.0, 5.0).reshape(4, 1)
leaf.requires_grad_()
attempt("no-grad view made a leaf", lambda: leaf.mul_(2))
plain = torch.arange(1.0, 5.0)
part = plain[1:]
weight = torch.ones(3, requires_grad=True)
print(part.mul_(weight).grad_fn.name(), plain.grad_fn.name())
