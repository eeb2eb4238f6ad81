# Issue 11 (fuzz): unique/unique_consecutive along a dim of empty tensors (no NumPy reshape
# error; PyTorch's refusals of several empty dims), and take_along_dim's broadcast error.
import torch

for shape, dim in [((0,), 0), ((0, 3), 0), ((2, 0), 1), ((0, 0), 0), ((2, 3), 1),
                   ((2, 0, 0), 0), ((2, 0, 0), 1)]:
    x = torch.zeros(shape, dtype=torch.int64)
    for unique in (torch.unique, torch.unique_consecutive):
        try:
            print(shape, dim, unique(x, dim=dim, return_inverse=True, return_counts=True))
        except RuntimeError as e:
            print(shape, dim, type(e).__name__, e)
x = torch.tensor([2, -1, 0])
print(torch.take_along_dim(x.reshape(3, 1), torch.zeros((0, 1), dtype=torch.int64), 0))
for ishape in [(0, 0, 2), (2, 3, 2), (1, 2, 5)]:
    indices = torch.zeros(ishape, dtype=torch.int64)
    try:
        print(torch.take_along_dim(torch.ones(5, 2, 2), indices, 0).shape)
    except RuntimeError as e:
        print(ishape, type(e).__name__, e)
