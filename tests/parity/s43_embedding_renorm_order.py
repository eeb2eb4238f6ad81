# embedding(max_norm=) renorms the rows of the distinct indices in ascending order (negative
# ones from the end) before any range check, raising select()'s IndexError at the first index
# out of range, with no version bump then (fuzz 57:14819, 57:2892); embedding_bag likewise.
import torch
F = torch.nn.functional
for idx in ([2, 0, 6, 0], [-1, 0], [0, -5], [5, -6], [1, 4]):
    w = torch.tensor([[0.75, 0.875, -0.75], [0.375, -0.75, 0.5], [-0.75, 2.0, 0.0], [3.0, 0.5, -0.5]], requires_grad=True)
    try:
        print(F.embedding(torch.tensor(idx), w, max_norm=1.0))
    except Exception as e:
        print(type(e).__name__, e)
    print(w.data)
    w2 = w.detach().clone().requires_grad_()
    try:
        print(F.embedding_bag(torch.tensor(idx), w2, torch.tensor([0]), max_norm=1.0))
    except Exception as e:
        print(type(e).__name__, e)
    print(w2.data)
w = torch.ones(4, 3)
print(w._version)
try:
    F.embedding(torch.tensor([0, 6]), w, max_norm=1.0)
except IndexError as e:
    print(e)
print(w._version)
F.embedding(torch.tensor([0, 1]), w, max_norm=1.0); print(w._version)
F.embedding(torch.tensor([0, 1]), w, max_norm=5.0); print(w._version)

# the renorm's own checks: its indices' dtype (argument #2), C++'s norm() of an integer weight
for idx in (torch.tensor([0.0]), torch.tensor([0, 5])):
    for mn in (None, 1.0):
        w = torch.ones(3, 2) * 2
        for fn in (lambda: F.embedding(idx, w, max_norm=mn), lambda: F.embedding_bag(idx, w, torch.tensor([0]), max_norm=mn)):
            try:
                print(fn())
            except Exception as e:
                print(type(e).__name__, e)
            print(w)
wi = torch.ones(3, 2, dtype=torch.int64)
for fn in (lambda: F.embedding(torch.tensor([0]), wi, max_norm=1.0), lambda: F.embedding_bag(torch.tensor([0]), wi, torch.tensor([0]), max_norm=1.0)):
    try:
        print(fn())
    except Exception as e:
        print(type(e).__name__, e)
