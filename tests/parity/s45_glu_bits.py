# glu in float32 and float64, forward and backward, bit for bit: PyTorch's kernel is its
# sigmoid's form and loops over the second half (SLEEF's exp on each inner row's whole
# vectors, glibc's on the rest) times the first half; its backward is sigmoid(second) * grad
# and (1 - s) * s * first * grad.
import numpy as np
import torch

rng = np.random.default_rng(17)
for dtype, view in ((torch.float32, np.int32), (torch.float64, np.int64)):
    for shape, dim in (((16, 64), -1), ((16, 66), 1), ((6, 10, 5), 1), ((20, 3), 0)):
        x = torch.tensor(rng.standard_normal(shape) * 2, dtype=dtype, requires_grad=True)
        y = torch.nn.functional.glu(x, dim)
        (g,) = torch.autograd.grad(y, x, torch.tensor(rng.standard_normal(y.shape), dtype=dtype))
        print(dtype, shape, dim, int(y.detach().numpy().view(view).sum()),
              int(g.numpy().view(view).sum()))
