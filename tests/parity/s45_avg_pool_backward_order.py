# avg_pool2d's backward with overlapping windows, bit for bit: PyTorch's loop adds each
# output's share (grad / divisor) into its window, output after output, so an input element
# sums its shares in output order.
import numpy as np
import torch

F = torch.nn.functional
rng = np.random.default_rng(12)
for shape, kernel, stride, padding in [((2, 3, 9, 9), 3, 2, 0), ((2, 3, 9, 9), 3, 1, 1),
                                       ((2, 2, 11, 7), (3, 2), (2, 1), (1, 0)),
                                       ((1, 2, 10, 10), 4, 3, 2)]:
    x = torch.tensor(rng.standard_normal(shape), dtype=torch.float32, requires_grad=True)
    y = F.avg_pool2d(x, kernel, stride, padding)
    (g,) = torch.autograd.grad(y, x, torch.tensor(rng.standard_normal(y.shape),
                                                  dtype=torch.float32))
    print(shape, int(y.detach().numpy().view(np.int32).sum()),
          g.numpy().view(np.int32).reshape(-1)[:30].tolist(), int(g.numpy().view(np.int32).sum()))
x = torch.tensor(rng.standard_normal((2, 3, 12)), dtype=torch.float64, requires_grad=True)
(g,) = torch.autograd.grad(F.avg_pool1d(x, 5, 2).sum(), x)
print(g.numpy().view(np.int64).tolist()[0][0])
