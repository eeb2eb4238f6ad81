# Fuzz (2:19472): PyTorch's cumsum adds each element to a sum that starts at 0, so a leading
# -0.0 comes out 0.0 (its reciprocal inf, not -inf); a 0-d cumsum is a copy and keeps -0.0.
import torch

x = torch.tensor([[-0.5, -0.0, 1.5], [0.0, -1.5, 1.5]], dtype=torch.float64)
print(x.cumsum_(0).reciprocal())
z = torch.tensor([[-0.0, -0.0], [-0.0, -0.0]])
for t in (z, z.double(), z.half()):
    print(t.cumsum(0).signbit())
print(torch.tensor(-0.0).cumsum(0).signbit(), z.cumsum(1, dtype=torch.float64).signbit())
print(torch.tensor([2.0, -0.0, float("-inf")]).cumsum(0))
