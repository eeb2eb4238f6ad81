# vector_norm / norm with p other than 2, 0 and inf over trailing dims of a contiguous tensor:
# PyTorch accumulates |x|^p with one accumulator, element after element (NumPy's pairwise sum
# differed on most rows of 13 or more elements).
import numpy as np
import torch

rng = np.random.default_rng(9)
for dtype, view in ((torch.float32, np.int32), (torch.float64, np.int64)):
    for n in (3, 13, 64, 200):
        x = torch.tensor(rng.standard_normal((4, n)), dtype=dtype)
        for p in (1, 3, -1):
            rows = torch.linalg.vector_norm(x, p, dim=-1)
            print(dtype, n, p, rows.numpy().view(view).tolist(),
                  torch.norm(x, p).numpy().view(view).tolist())
x = torch.tensor(rng.standard_normal((2, 3, 40)), dtype=torch.float32, requires_grad=True)
y = torch.linalg.vector_norm(x, 1, dim=(1, 2))
(g,) = torch.autograd.grad(y.sum(), x)
print(y.detach().numpy().view(np.int32).tolist(), int(g.numpy().view(np.int32).sum()))
print(torch.nn.functional.normalize(x, p=1, dim=2).detach().numpy().view(np.int32).sum())
# a long vector: the 2-norm's loop runs whole; the others' sum is split into one run per
# thread (this machine's default count), the runs' sums added
long = torch.tensor(rng.standard_normal(100003), dtype=torch.float32)
print([torch.linalg.vector_norm(long, p).numpy().view(np.int32).tolist() for p in (1, 2, 3)],
      torch.get_num_threads() > 1)
