# torch.rsub (tensor and number, alpha), clamp_min / clamp_max (number and tensor bounds),
# true_divide, and the nodes PyTorch's C++ losses record: ClampMinBackward0 in
# margin_ranking_loss and triplet_margin_loss, NormBackward1 in pairwise_distance,
# DivBackward1 in cross_entropy with probabilities.
import torch
F = torch.nn.functional
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = torch.tensor([0.5, 2.5, 1.0], requires_grad=True)
outs = [torch.rsub(x, y), torch.rsub(x, 2), torch.rsub(x, y, alpha=2), torch.rsub(x, 2, alpha=3),
        x.clamp_min(1.5), torch.clamp_max(x, 2.0), x.clamp_min(y), torch.clamp_max(x, y),
        torch.true_divide(x, 2)]
for o in outs:
    print(o, o.grad_fn.name())
sum(o.sum() for o in outs).backward()
print(x.grad, y.grad)
a = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.0, -0.5]], requires_grad=True)
b = torch.tensor([[1.0, 1.0, 0.0], [0.0, 2.0, 1.0]])
print(F.margin_ranking_loss(a[0], a[1], torch.tensor([1.0, -1.0, 1.0]), reduction="none"))
print(F.triplet_margin_loss(a, b, a.flip(0), reduction="none"))
d = F.pairwise_distance(a, b); print(d)
d.sum().backward(); print(a.grad)
ce = F.cross_entropy(a, b.softmax(1)); print(ce)
