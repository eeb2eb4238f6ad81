# Iterating a tensor, unbind, split and chunk give views (UnbindBackward0 / SplitBackward0 when
# recorded): writing into a piece writes into the tensor, also through the 0-d elements of a
# 1-d tensor, and bumps its version. Pieces of a tensor that requires grad require grad; a
# recorded multi-output view refuses in-place ops (before the leaf checks), a piece made
# under no_grad does not.
import torch


def show(label, t):
    fn = t.grad_fn
    print(f"{label:14s} {list(t.shape)} {t.tolist()} rg={t.requires_grad} "
          f"fn={fn.name() if fn else None} view={t._is_view()} version={t._version}")


x = torch.tensor([-0.75, -2.0, -2.0, -0.75])
for element in x:
    element.add_(1)
show("x", x)
pieces = list(x)
show("element", pieces[0])
pieces[3].mul_(2)
x.unbind()[1].zero_()
show("x", x)

m = torch.arange(6.0).reshape(2, 3)
for row in m:
    row.mul_(2)
for column in m.unbind(1):
    column.add_(100)
m.split(1)[0].fill_(-1)
m.chunk(3, dim=1)[2].neg_()
show("m", m)

ints = torch.tensor([1, 2, 3])
for value in ints:
    value += 1
print("ints", ints.tolist())

leaf = torch.tensor([1.5, 2.5], requires_grad=True)
show("piece of leaf", list(leaf)[0])
show("piece", list(leaf * 2)[1])
for label, write in (("unbind of leaf", lambda: list(leaf)[0].add_(1)),
                     ("unbind", lambda: (leaf * 1).unbind()[0].add_(1)),
                     ("split of leaf", lambda: leaf.split(1)[0].add_(1)),
                     ("chunk", lambda: (leaf * 1).chunk(2)[1].mul_(2)),
                     ("view of piece", lambda: (leaf * 1).unbind()[0][...].add_(1))):
    try:
        write()
    except RuntimeError as error:
        print(label, "->", error)
with torch.no_grad():
    piece = list(leaf)[0]
    show("no-grad piece", piece)
    piece.add_(1)
show("leaf", leaf)
total = sum(list(leaf * 3))
total.backward()
print("grad through the pieces", leaf.grad.tolist())
print(len(torch.tensor([]).unbind()), [p.shape for p in torch.zeros(0, 2).unbind(1)])
