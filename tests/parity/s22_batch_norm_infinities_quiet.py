# batch_norm / instance_norm of inputs with infinities and NaNs (training and eval, float32
# and float64): NaN statistics and outputs as PyTorch's, and no NumPy warning (fuzz 13:8385).
import warnings

import torch

F = torch.nn.functional
inf, nan = float("inf"), float("nan")
with warnings.catch_warnings(record=True) as caught:
    for dt in (torch.float32, torch.float64):
        for shape in [(2, 2, 1), (2, 2, 3), (3, 2), (4, 2, 2, 2), (1, 2, 5)]:
            x = torch.arange(torch.Size(shape).numel(), dtype=dt).reshape(shape) / 3
            x.view(-1)[1] = inf
            x.view(-1)[-1] = -inf
            x.view(-1)[2] = nan if shape[0] > 3 else 3e38
            x.requires_grad_()
            spatial = torch.Size(shape).numel() // (2 * shape[0])
            for training in (True, False):
                rm, rv = torch.zeros(2, dtype=dt), torch.ones(2, dtype=dt)
                y = F.batch_norm(x, rm, rv, training=training)
                y.sum().backward()
                y2 = (F.instance_norm(x.detach().reshape(shape[0], 2, -1))
                      if len(shape) > 2 and spatial > 1 else y)
                print(dt, shape, training, y.isnan().sum().item(), y2.isnan().sum().item(),
                      rm.tolist(), x.grad.isnan().sum().item())
                x.grad = None
print([str(w.message) for w in caught])
