# batch_norm's training gradients when the incoming gradient is not contiguous (the broadcast
# gradient of sum() or mean(), a transposed one): PyTorch's generic kernel, bit for bit: the
# dot product added one by one in float64, k = float(dot) * invstd * invstd / M and the rest
# in float32 (fuzz 63:2509: a gradient that should be 0 is rounding noise, which Adam's
# normalisation turns into a visible step).
import numpy as np
import torch

rng = np.random.default_rng(1)
for t in range(24):
    n, c, p = (int(v) for v in (rng.integers(1, 5), rng.integers(1, 4), rng.integers(2, 12)))
    x = torch.tensor(rng.standard_normal((n, c, p)) * 2, dtype=torch.float32, requires_grad=True)
    w = torch.tensor(rng.standard_normal(c), dtype=torch.float32, requires_grad=True)
    b = torch.zeros(c, requires_grad=True)
    y = torch.nn.functional.batch_norm(x, None, None, w if t % 3 else None, b, training=True)
    kind = t % 3
    if kind == 0:
        loss = y.sum()
    elif kind == 1:
        loss = y.mean()
    else:
        loss = (y.transpose(0, 2) * torch.tensor(rng.standard_normal((p, c, n)), dtype=torch.float32)).sum()
    inputs = [x, w, b] if t % 3 else [x, b]
    grads = torch.autograd.grad(loss, inputs)
    print(t, (n, c, p), [g.numpy().view(np.int32).flatten().tolist() for g in grads])

m = torch.nn.BatchNorm1d(2)
with torch.no_grad():
    m.weight.copy_(torch.tensor([-0.75, 0.0]))
    m.bias.copy_(torch.tensor([-0.5, 0.625]))
x = torch.tensor([[[1.25, 0.75, 0.5], [-0.75, 0.5, 2.0]]], requires_grad=True)
g, = torch.autograd.grad(m(x).sum(), x, create_graph=True)
print(g.detach().numpy().view(np.int32).tolist(), g.grad_fn.name())
