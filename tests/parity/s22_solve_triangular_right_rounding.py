# linalg.solve_triangular(A, B, left=False) (X A = B) rounded as PyTorch's MKL trsm computes
# it: each solved column subtracted at once from the columns still to solve, a column solved
# by the pivot's reciprocal (by division where B has one row); the rounding decides round()
# of a result near a half (fuzz 13:8972).
import torch


def bits(t):
    """Exact values (the parity check compares plain numbers within a tolerance)."""
    return [float(v).hex().replace("0x", "") for v in t.detach().reshape(-1).tolist()]

v0 = torch.tensor([[-2.0, -1.5, 0.75], [0.25, -1.0, 0.25], [0.0, 0.75, -0.75]],
                  dtype=torch.float64, requires_grad=True)
v1 = torch.tensor([[1.0, -1.25, 1.0], [-1.25, 0.0, -1.75], [-1.5, 0.25, -1.75]],
                  dtype=torch.float64)
v2 = torch.linalg.solve_triangular(v0, v1, upper=False, left=False)
print(bits(v2), v2.round())
for dtype in (torch.float32, torch.float64):
    for upper in (False, True):
        for rows in (1, 3):
            A = (torch.arange(50, dtype=dtype).reshape(2, 5, 5) * 0.7).sin() + 2 * torch.eye(5)
            B = (torch.arange(rows * 5, dtype=dtype).reshape(rows, 5) * 1.3 + 0.2).cos()
            X = torch.linalg.solve_triangular(A, B, upper=upper, left=False)
            print(dtype, upper, rows, bits(X))
