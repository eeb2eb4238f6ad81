# add of two bool tensors with an integer alpha stays bool: alpha is cast to the result's
# dtype (True), so the result is a logical or; a 0 alpha leaves the first operand.
import torch

a = torch.tensor([True, False, True, False])
b = torch.tensor([True, True, False, False])
for alpha in (2, True, 0, False):
    out = torch.add(a, b, alpha=alpha)
    print(alpha, out, out.dtype)
print(a.add(b, alpha=3), torch.add(a, torch.tensor(True), alpha=5))
