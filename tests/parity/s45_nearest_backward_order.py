# Nearest interpolate's backward, bit for bit: PyTorch's loop adds each output's gradient into
# the input element it read, output after output in C order over all spatial dims (one axis
# after the other had summed the rows first), for 1-d, 2-d, 3-d and nearest-exact.
import numpy as np
import torch

F = torch.nn.functional
rng = np.random.default_rng(13)
for shape, kwargs in [((2, 3, 5, 5), dict(scale_factor=2)), ((2, 3, 5, 7), dict(size=(8, 3))),
                      ((2, 3, 9), dict(scale_factor=2.5)), ((1, 2, 3, 4, 5), dict(scale_factor=2)),
                      ((2, 3, 6, 6), dict(size=(4, 9), mode="nearest-exact")),
                      ((2, 3, 5, 5), dict(scale_factor=3))]:
    x = torch.tensor(rng.standard_normal(shape), dtype=torch.float32, requires_grad=True)
    y = F.interpolate(x, **kwargs)
    (g,) = torch.autograd.grad(y, x, torch.tensor(rng.standard_normal(y.shape),
                                                  dtype=torch.float32))
    print(shape, g.shape, g.numpy().view(np.int32).reshape(-1)[:24].tolist(),
          int(g.numpy().view(np.int32).sum()))
