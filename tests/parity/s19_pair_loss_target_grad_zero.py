# The target's gradient of mse / smooth_l1 / huber loss is PyTorch's formula with the two
# swapped (2 * (target - input) * grad / n), not the input's negated: where they are equal
# it is 0, not -0 (1 / grad is inf, not -inf).
import torch

F = torch.nn.functional
x = torch.tensor([1.5, 0.25, -2.0], requires_grad=True)
y = torch.tensor([1.5, 0.5, -2.0], dtype=torch.float32, requires_grad=True)
for loss in (F.mse_loss, F.smooth_l1_loss, F.huber_loss, F.l1_loss):
    for reduction in ("mean", "sum", "none"):
        gx, gy = torch.autograd.grad(loss(x, y, reduction=reduction).sum(), (x, y))
        print(loss.__name__, reduction, 1 / gx, 1 / gy)
gy, = torch.autograd.grad(F.mse_loss(x.detach(), y), y)
print(1 / gy)
