# Group norm's float32 gradients as PyTorch's CPU kernel rounds them in small groups: the
# weight gradient's fused multiply-adds (a group of one value: fuzz 12:11579, -1.88e-05 where
# x - mean is 0), the input gradient's cancellation (fuzz 13:1673), the bias gradient's order.
import numpy as np
import torch

F = torch.nn.functional
rng = np.random.default_rng(7)
for _trial in range(60):
    n, groups = int(rng.integers(1, 4)), int(rng.integers(1, 4))
    depth, positions = int(rng.integers(1, 10)), int(rng.integers(1, 8))
    if n * groups < 2 or depth * positions < 2:
        continue
    channels = groups * depth
    choices = [0.25, 0.0, -2.0, 1.5, -0.75, -1.75]
    x = torch.tensor(rng.choice(choices, size=(n, channels, positions)), dtype=torch.float32,
                     requires_grad=True)
    w = torch.tensor(rng.choice(choices, size=channels), dtype=torch.float32,
                     requires_grad=True)
    b = torch.zeros(channels, requires_grad=True)
    dy = torch.tensor(rng.integers(-5, 6, size=(n, channels, positions)), dtype=torch.float32)
    F.group_norm(x, groups, w, b).backward(dy)
    print((n, channels, positions, groups), x.grad.flatten().tolist(), w.grad.tolist(),
          b.grad.tolist())
# the fuzz programs 12:11579 and 13:1673
v0 = torch.tensor([[-0.75, 1.0], [1.5, 0.25]], requires_grad=True)
v1 = torch.tensor([0.0, -1.75], requires_grad=True)
F.group_norm(v0, 2, weight=v1).sum().backward(gradient=torch.tensor(-1.523))
print(v0.grad.tolist(), v1.grad.tolist())
v0 = torch.tensor([[0.25, 0.0, -2.0, -1.75]], requires_grad=True)
F.group_norm(v0, 2).backward(gradient=torch.tensor([[5, 1, 3, 5]]))
print(v0.grad.tolist())
