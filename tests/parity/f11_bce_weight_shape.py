# Issue 11 (fuzz): binary_cross_entropy(_with_logits) refuse a weight or pos_weight that
# does not broadcast to the input's shape (PyTorch multiplies the loss by it in place).
import torch

F = torch.nn.functional
i = torch.tensor([[0.1, 0.8, 0.1]], requires_grad=True)
t = torch.tensor([[0.2, 0.9, 0.2]])


def bce(w, red):
    return F.binary_cross_entropy(i, t, weight=w, reduction=red)


def logits(w, red):
    return F.binary_cross_entropy_with_logits(i, t, weight=w, reduction=red)


def positive(w, red):
    return F.binary_cross_entropy_with_logits(i, t, pos_weight=w, reduction=red)


for wshape in [(2, 1, 3), (3,), (1,), (2, 1, 1), (1, 1, 3)]:
    w = torch.ones(wshape) * 1.5
    for red in ("mean", "none", "sum"):
        for fn in (bce, logits, positive):
            try:
                r = fn(w, red)
                print(wshape, red, fn.__name__, tuple(r.shape), r.grad_fn.name())
            except RuntimeError as e:
                print(wshape, red, fn.__name__, type(e).__name__, e)
s = torch.tensor(0.8, requires_grad=True)
w = torch.tensor([1.75])
for fn in (F.binary_cross_entropy, F.binary_cross_entropy_with_logits):
    try:
        print(tuple(fn(s, s.detach(), weight=w).shape))
    except RuntimeError as e:
        print(type(e).__name__, e)
