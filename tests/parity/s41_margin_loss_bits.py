# multi_margin_loss and multilabel_margin_loss, values and input gradients bit for bit: their
# CPU kernels add each row's terms one by one ((margin - x[y]) + x[i]; multilabel's in
# double), reduce the rows in double, and build the gradient from steps of g = 1 / classes
# (1 / (rows * classes) for 'mean') added one at a time, times the incoming gradient last.
# A 1-d input with a 1-element target gives a 1-element 'none' loss.
import hashlib

import numpy as np
import torch

F = torch.nn.functional
rng = np.random.default_rng(23)


def bits(t):
    return hashlib.md5(t.detach().numpy().tobytes()).hexdigest()[:10] + str(tuple(t.shape))


for trial in range(12):
    n, c = int(rng.integers(1, 20)), int(rng.integers(1, 30))
    for dtype in (torch.float32, torch.float64):
        x = torch.tensor(rng.standard_normal((n, c)) * 3, dtype=dtype, requires_grad=True)
        target = torch.tensor(rng.integers(0, c, n))
        labels = torch.tensor(rng.integers(-1, c, (n, c)))
        weight = torch.tensor(rng.uniform(0.1, 2, c), dtype=dtype) if trial % 2 else None
        for reduction in ("none", "sum", "mean"):
            losses = (F.multi_margin_loss(x, target, p=1 + trial % 2, margin=(1.0, 0.3, 2.5)[trial % 3],
                                          weight=weight, reduction=reduction),
                      F.multilabel_margin_loss(x, labels, reduction=reduction),
                      F.multi_margin_loss(x[0], target[:1], reduction=reduction))
            out = []
            for loss in losses:
                (g,) = torch.autograd.grad(loss, x, torch.linspace(-1, 2, loss.numel(),
                                                                   dtype=dtype).reshape(loss.shape))
                out += [bits(loss), bits(g)]
            print(trial, dtype, reduction, *out)
