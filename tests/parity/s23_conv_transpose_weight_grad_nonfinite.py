# The weight gradient of a transposed convolution whose input holds an infinity: PyTorch's
# oneDNN deconvolution kernel leaves out the zero padding where its rule places it (so a tap
# meets -inf alone, not -inf and inf * 0 = NaN), else its sums keep the padding's NaNs;
# plain and create_graph (fuzz 22:14709).
import numpy as np

import torch

F = torch.nn.functional
rng = np.random.default_rng(0)
for trial in range(160):
    n, c_in, c_out = int(rng.integers(1, 4)), int(rng.integers(1, 5)), int(rng.integers(1, 21))
    kh, kw = int(rng.integers(1, 4)), int(rng.integers(1, 4))
    h, w = int(rng.integers(kh, 7)), int(rng.integers(kw, 7))
    padding = (int(rng.integers(0, kh)), int(rng.integers(0, kw)))
    stride = (int(rng.integers(1, 3)), int(rng.integers(1, 3)))
    x = (rng.integers(-8, 8, (n, c_in, h, w)) / 4).astype(np.float32)
    x[tuple(int(rng.integers(0, d)) for d in x.shape)] = -np.inf
    weight = (rng.integers(-8, 8, (c_in, c_out, kh, kw)) / 4).astype(np.float32)
    tx = torch.tensor(x, requires_grad=True)
    tw = torch.tensor(weight, requires_grad=True)
    try:
        y = F.conv_transpose2d(tx, tw, None, stride=stride, padding=padding)
    except RuntimeError as error:
        print(trial, "refused", str(error)[:60])
        continue
    y.sum().backward(create_graph=trial % 2 == 1)
    grad = tw.grad.detach()
    print(trial, tuple(y.shape), int(grad.isnan().sum()), int(grad.isinf().sum()),
          grad.flatten()[:6].tolist())
