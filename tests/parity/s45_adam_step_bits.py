# Adam and AdamW steps, bit for bit: PyTorch's single-tensor loop (the CPU default) is
# exp_avg.lerp_(grad, 1 - beta1), exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2),
# denom = (exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(eps) and
# param.addcdiv_(exp_avg, denom, value=-step_size), whose lerp_ and addcmul_ are fused
# multiply-adds (fuzz 65:16063: after exact gradients, Adam's own rounding differed).
import numpy as np
import torch

configs = [("Adam", dict(lr=0.01)), ("Adam", dict(lr=0.5, eps=1e-3)),
           ("Adam", dict(lr=0.01, weight_decay=0.1)), ("Adam", dict(lr=0.01, amsgrad=True)),
           ("Adam", dict(lr=0.01, maximize=True)), ("AdamW", dict(lr=0.01)),
           ("AdamW", dict(lr=0.1, weight_decay=0.3, amsgrad=True))]
for name, kwargs in configs:
    rng = np.random.default_rng(3)
    p = torch.nn.Parameter(torch.tensor(rng.standard_normal((37, 5)), dtype=torch.float32))
    q = torch.nn.Parameter(torch.tensor(rng.standard_normal(7), dtype=torch.float64))
    opt = getattr(torch.optim, name)([p, q], **kwargs)
    for step in range(4):
        p.grad = torch.tensor(rng.standard_normal((37, 5)) * 10 ** -step, dtype=torch.float32)
        q.grad = torch.tensor(rng.standard_normal(7), dtype=torch.float64)
        opt.step()
    state = opt.state[p]
    print(name, kwargs, int(p.detach().numpy().view(np.int32).sum()),
          q.detach().numpy().view(np.int64).tolist(),
          int(state["exp_avg_sq"].numpy().view(np.int32).sum()))
rng = np.random.default_rng(4)
c = torch.nn.Parameter(torch.tensor(rng.standard_normal(6) + 1j * rng.standard_normal(6),
                                    dtype=torch.complex64))
opt = torch.optim.Adam([c], lr=0.1, amsgrad=True, weight_decay=0.1)
for _ in range(3):
    c.grad = torch.tensor(rng.standard_normal(6) + 1j * rng.standard_normal(6),
                          dtype=torch.complex64)
    opt.step()
print(torch.view_as_real(c.detach()).numpy().view(np.int32).tolist())
