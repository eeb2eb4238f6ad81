# logaddexp2 of float32 values as PyTorch's kernel rounds it: max + log1p(exp2(-|a - b|)) / ln 2
# with the multiply and the add fused (one rounding), so logaddexp2(-0.75, -0.75) is
# 0.24999999, not 0.25, and floor_divide by it gives -4 (fuzz 14:8523).
import torch


def bits(t):
    """Exact values (the parity check compares plain numbers within a tolerance)."""
    return [float(v).hex().replace("0x", "") for v in t.detach().reshape(-1).tolist()]

a = torch.tensor([-0.75, 1.25, 1.5], requires_grad=True)
b = torch.tensor([-0.75, -1.0, 0.25], requires_grad=True)
r = a.logaddexp2(b)
print(r.tolist(), a.floor_divide(r).sum())
grid = torch.arange(-20, 20, dtype=torch.float32) / 4
x, y = torch.meshgrid(grid, grid, indexing="ij")
out = torch.cat([torch.logaddexp2(x[i], y[i]) for i in range(40)])
print(bits(out))
inf, nan = float("inf"), float("nan")
s = torch.tensor([inf, inf, -inf, -inf, nan, 1.0])
t = torch.tensor([inf, -inf, -inf, 2.0, 1.0, nan])
print(torch.logaddexp2(s, t).tolist(), torch.logaddexp2(s.double(), t.double()).tolist())
