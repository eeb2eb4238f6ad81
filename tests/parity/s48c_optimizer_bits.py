# Adagrad, RMSprop, Adadelta, Adamax, NAdam and RAdam step as PyTorch's for-loop path rounds:
# addcmul_, lerp_ and add_(alpha=...) each one fused multiply-add, the Python-double scalars
# rounded to the parameter's dtype, weight decay on complex tensors before their real views.
# Rounded otherwise, 0.5-40% of elements differ in the last bit after a few steps: printed
# as bits (an md5 of them), which the runner's tolerance would not hide.
import hashlib
import random

import torch

rng = random.Random(481)


def values(n):
    return [rng.uniform(-3, 3) for _ in range(n)]


def bits(t):
    if t.is_complex():
        t = torch.view_as_real(t)
    dtype = torch.int32 if t.dtype == torch.float32 else torch.int64
    return hashlib.md5(str(t.detach().contiguous().view(dtype).tolist()).encode()).hexdigest()[:12]


options = {
    "Adagrad": ({}, {"weight_decay": 0.01, "lr_decay": 0.01},
                {"maximize": True, "initial_accumulator_value": 0.1}, {"lr": 0.1, "eps": 1e-3}),
    "RMSprop": ({}, {"momentum": 0.9}, {"centered": True}, {"momentum": 0.9, "centered": True},
                {"weight_decay": 0.1, "maximize": True},
                {"weight_decay": 0.1, "momentum": 0.5, "centered": True, "alpha": 0.9}),
    "Adadelta": ({}, {"weight_decay": 0.1, "lr": 0.7},
                 {"lr": 0.5, "rho": 0.7, "maximize": True, "eps": 1e-4}),
    "Adamax": ({}, {"weight_decay": 0.1}, {"maximize": True, "betas": (0.8, 0.95), "eps": 1e-3}),
    "NAdam": ({}, {"weight_decay": 0.1}, {"weight_decay": 0.1, "decoupled_weight_decay": True},
              {"maximize": True, "momentum_decay": 0.01, "betas": (0.8, 0.95)}),
    "RAdam": ({}, {"weight_decay": 0.1, "betas": (0.8, 0.9)},
              {"weight_decay": 0.1, "decoupled_weight_decay": True, "betas": (0.8, 0.9)},
              {"maximize": True, "eps": 1e-3, "betas": (0.8, 0.9)}),
}
for name, settings in options.items():
    for dtype in (torch.float32, torch.float64, torch.complex64):
        for opts in settings:
            # 37 x 5: vector steps and a scalar tail; a 3-element bias
            n = 185 * (2 if dtype.is_complex else 1)
            w = torch.tensor(values(n), dtype=dtype.to_real()).view(dtype).reshape(37, 5)
            b = torch.tensor(values(6 if dtype.is_complex else 3), dtype=dtype.to_real())
            w, b = w.requires_grad_(), b.view(dtype).requires_grad_()
            # a 0-d and a transposed (not contiguous) parameter
            s = torch.tensor(values(1)[0], dtype=dtype, requires_grad=True)
            t = torch.tensor(values(12), dtype=dtype).reshape(3, 4).t().requires_grad_()
            opt = getattr(torch.optim, name)([w, b, s, t], **opts)
            for step in range(8):
                w.grad = torch.tensor(values(n), dtype=dtype.to_real()).view(dtype).reshape(37, 5)
                b.grad = torch.tensor(values(b.numel() * (2 if dtype.is_complex else 1)),
                                      dtype=dtype.to_real()).view(dtype)
                s.grad = torch.tensor(values(1)[0], dtype=dtype)
                t.grad = torch.tensor(values(12), dtype=dtype).reshape(4, 3)
                opt.step()
            print(name, dtype, opts, bits(w), bits(b), bits(s.reshape(1)), bits(t),
                  round(w.abs().sum().item(), 3))
