# soft_margin_loss of a float32 NaN input: PyTorch's exp keeps the sign bit that -input gives
# the NaN, so the loss (and its mean and sum) is a NaN with the sign bit set, as signbit shows
# (NumPy's float32 exp drops it; fuzz 13:19906).
# Recorded per vector ISA: on AVX2 the loss's log1p is SLEEF's, which returns the default NaN
# (no sign bit) whatever its input; the AVX-512 recording keeps it.
import torch

F = torch.nn.functional
nan = float("nan")
x = torch.tensor([[0.25, nan, 1.0], [-0.25, -2.0, 0.0]], requires_grad=True)
y = torch.tensor([[-1.25, -1.0, 0.75], [1.0, 1.25, 1.0]])
for reduction in ("none", "mean", "sum"):
    loss = F.soft_margin_loss(x, y, reduction=reduction)
    print(reduction, loss.signbit().tolist(), loss.isnan().tolist())
z = torch.where(torch.tensor([True, False, True, False]), torch.tensor(nan), -torch.tensor(nan))
loss = F.soft_margin_loss(z, torch.tensor([1.0, 1.0, -1.0, -1.0]), reduction="none")
print(loss.signbit().tolist())
