# binary_cross_entropy and binary_cross_entropy_with_logits, float32, bit for bit: PyTorch's
# element loop for the first is (t - 1) * max(log1p(-x), -100) - t * max(log(x), -100) with
# C's log1pf / logf (glibc's); the second is (1 - t).mul_(x).sub_(log_sigmoid(x)), the
# log-sigmoid scaled by (pos_weight - 1) * t + 1 (NumPy's logf and a softplus form differed
# in the last bit on 4-20% of values).
import numpy as np
import torch

F = torch.nn.functional
rng = np.random.default_rng(11)
x = torch.tensor(np.concatenate([rng.uniform(0, 1, 600), [0.0, 1.0, 1e-30, 1 - 1e-7]]),
                 dtype=torch.float32, requires_grad=True)
t = torch.tensor(rng.uniform(0, 1, x.numel()), dtype=torch.float32)
for reduction in ("none", "sum"):
    loss = F.binary_cross_entropy(x, t, reduction=reduction)
    (g,) = torch.autograd.grad(loss.sum(), x)
    print("bce", reduction, loss.detach().numpy().view(np.int32).reshape(-1).tolist()[:40],
          int(loss.detach().numpy().view(np.int32).sum()), int(g.numpy().view(np.int32).sum()))

z = torch.tensor(np.concatenate([rng.standard_normal(600) * 5, [0.0, -0.0, 90.0, -90.0]]),
                 dtype=torch.float32, requires_grad=True)
pos_weight = torch.tensor(rng.uniform(0, 3, z.numel()), dtype=torch.float32)
for pw in (None, pos_weight):
    for reduction in ("none", "mean"):
        loss = F.binary_cross_entropy_with_logits(z, t, reduction=reduction, pos_weight=pw)
        (g,) = torch.autograd.grad(loss.sum(), z)
        bits = loss.detach().numpy().view(np.int32)
        print("logits", pw is not None, reduction, bits.reshape(-1).tolist()[:40], int(bits.sum()),
              int(g.numpy().view(np.int32).sum()))
nan = torch.tensor([float("nan"), -float("nan"), 1.0])
print(F.binary_cross_entropy_with_logits(nan, torch.tensor([0.5, 0.5, 0.5]), reduction="none")
      .signbit().tolist())
