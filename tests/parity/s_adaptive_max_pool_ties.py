# adaptive_max_pool scans each window row by row: on ties the first maximum wins, with NaNs
# the last NaN; the gradient goes to that position.
import torch

F = torch.nn.functional
nan = float("nan")
x = torch.tensor([[[-1.5, -0.75, -2.0], [-1.5, -1.75, 1.5], [-1.75, 0.25, 0.75],
                   [0.25, -2.0, -0.25]]], requires_grad=True)
out, idx = F.adaptive_max_pool2d(x, 2, return_indices=True)
print(out, idx)
out.sum().backward()
print(x.grad)
print(F.adaptive_max_pool2d(torch.tensor([[[1.0, 5, 3], [5, 2, 5], [5, 5, 1]]]), 1, True))
y = torch.tensor([[[1.0, nan, 3.0], [nan, 2.0, nan], [5, 5, 1]]])
print(F.adaptive_max_pool2d(y, 1, True))
print(F.adaptive_max_pool2d(y, 2, True))
print(F.adaptive_max_pool1d(torch.tensor([[1.0, nan, nan, 2, 2, 0]]), 2, True))
print(F.adaptive_max_pool1d(torch.tensor([[2.0, 2, 1, 0, 3, 3]]), 3, True))
