# slogdet / logdet of (near-)singular and infinite matrices: PyTorch factors A^T in the input's
# dtype, so a matrix singular in exact arithmetic can have a tiny nonzero pivot (sign -1, logdet nan)
import torch

inf = float("inf")
cases = [([[1.25, 1.5, -0.75], [0.75, -1.0, 2.0], [2.0, 0.5, 1.25]], torch.float32),
         ([[1.25, -0.5, 1.75], [-2.0, 1.75, -0.25], [1.25, -0.5, 1.75]], torch.float64),
         ([[0.5, -1.25, 0.75], [-0.25, 0.25, -0.75], [2.0, 0.25, -inf]], torch.float32),
         ([[inf, -inf], [-0.25, -0.25]], torch.float32),
         ([[0.0, 0.0], [0.0, 0.0]], torch.float64)]
for rows, dtype in cases:
    a = torch.tensor(rows, dtype=dtype, requires_grad=True)
    print(tuple(torch.slogdet(a)), torch.logdet(a))
a = torch.tensor([[inf, -inf], [-0.25, -0.25]], requires_grad=True)
torch.logdet(a).backward()
print(a.grad)
