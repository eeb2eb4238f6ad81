# The 2-norm over one contiguous run (trailing dims of a contiguous tensor, or all of it),
# float32 / float64, bit for bit: PyTorch's loop adds v * v (no FMA) into one vector
# accumulator, folds the lanes from the lowest, then adds the leftover elements, by 4 without
# an FMA and the last n % 4 with one (NumPy's pairwise sum differed on a third of the rows).
import numpy as np
import torch

rng = np.random.default_rng(8)
for dtype, view in ((torch.float32, np.int32), (torch.float64, np.int64)):
    for n in (2, 3, 4, 5, 7, 8, 9, 12, 13, 17, 31, 64, 101):
        x = torch.tensor(rng.standard_normal((5, n)) * 3, dtype=dtype, requires_grad=True)
        rows = torch.linalg.vector_norm(x, dim=-1)
        whole = x.norm()
        unit = torch.nn.functional.normalize(x, dim=1)
        (g,) = torch.autograd.grad(rows.sum() + whole, x)
        print(dtype, n, rows.detach().numpy().view(view).tolist(),
              whole.detach().numpy().view(view).tolist(),
              int(unit.detach().numpy().view(view).sum()), int(g.numpy().view(view).sum()))
x = torch.tensor(rng.standard_normal((2, 3, 11)), dtype=torch.float32)
print(x.norm(dim=(1, 2)).numpy().view(np.int32).tolist(),
      x.norm(dim=(2, 1), keepdim=True).shape)
