# nll_loss of one sample (a 1-d input) with reduction='none' is PyTorch's summed loss: a 0-d
# 0 + loss, so +0.0 where a batch's element is -0.0, and 0-d even for a (1,) target (whose
# backward then checks the sizes as for a batch). (Signs are printed as signbit: the parity
# tolerance takes inf and -inf as close.)
import torch

F = torch.nn.functional
for red in ("none", "sum", "mean"):
    for x, t in (([0.0], 0), ([0.0, 1.0], 0), ([-0.0, 1.0], 0), ([[0.0, 1.0]], [0])):
        for w in (None, torch.tensor([2.0, 0.5][:len(x[0]) if isinstance(x[0], list) else len(x)])):
            r = F.nll_loss(torch.tensor(x), torch.tensor(t), weight=w, reduction=red)
            print(red, x, t, w is not None, r.shape, "signbit", torch.signbit(r).tolist())
r = F.nll_loss(torch.tensor([0.0]), torch.tensor(0), reduction="none", ignore_index=0)
print("ignored signbit", torch.signbit(r).tolist())
x = torch.tensor([0.0, 2.0], requires_grad=True)
r = F.nll_loss(x, torch.tensor([1]), reduction="none")
print("(1,) target", r.shape, r.tolist())
try:
    r.backward()
except RuntimeError as e:
    print("backward:", e)
x = torch.tensor([3.0], requires_grad=True)
F.nll_loss(x, torch.tensor([0]), reduction="none").backward()
print("one class", x.grad.tolist())
x = torch.tensor([0.5, 2.0], requires_grad=True)
r = F.cross_entropy(x, torch.tensor(1), reduction="none")
print("cross_entropy", r.shape, r.tolist())
