# batch_norm's training gradients with an infinite weight and a strided (broadcast or
# transposed) incoming gradient: PyTorch's generic kernel, k = float(dot) * invstd^2 / M in
# float32, the weight multiplied last, bit for bit (NaN where the bracket is exactly 0).
import numpy as np
import torch

rng = np.random.default_rng(3)
for t in range(16):
    n, c, p = (int(v) for v in (rng.integers(1, 4), rng.integers(1, 4), rng.integers(2, 9)))
    x = torch.tensor(rng.standard_normal((n, c, p)), dtype=torch.float32, requires_grad=True)
    w = torch.tensor(rng.standard_normal(c), dtype=torch.float32)
    w[0] = float("inf") if t % 2 else -float("inf")
    w.requires_grad_()
    y = torch.nn.functional.batch_norm(x, None, None, w, None, training=True)
    if t % 3:
        loss = y.sum()
    else:
        loss = (y.transpose(0, 2) * torch.tensor(rng.standard_normal((p, c, n)), dtype=torch.float32)).sum()
    grads = torch.autograd.grad(loss, [x, w])
    print(t, (n, c, p), [g.numpy().view(np.int32).flatten().tolist() for g in grads])
