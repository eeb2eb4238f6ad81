# Adam's steps bit for bit over many small parameters (biases, norm weights) of two dtypes and
# different step counts next to a large one: hookgrad steps the small ones of one dtype and
# step count together, on their concatenation, which must give each element its own step's
# bits (PyTorch's single-tensor loop: lerp_ and addcmul_ fused, MKL's sqrt).
import hashlib

import numpy as np
import torch

for kwargs in (dict(lr=0.01), dict(lr=0.3, betas=(0.5, 0.9), eps=1e-6)):
    rng = np.random.default_rng(11)
    shapes = [(128,), (384,), (10,), (3, 5), (1,), (7,), (64, 80), (2, 2)]
    params = []
    for i, shape in enumerate(shapes):
        dtype = torch.float64 if i % 3 == 2 else torch.float32
        params.append(torch.nn.Parameter(torch.tensor(rng.standard_normal(shape), dtype=dtype)))
    opt = torch.optim.Adam(params, **kwargs)
    for step in range(4):
        for j, p in enumerate(params):
            if (step + j) % 4 == 3:  # (a parameter without a gradient skips a step)
                p.grad = None
                continue
            scale = 10.0 ** rng.integers(-6, 3)
            p.grad = torch.tensor(rng.standard_normal(tuple(p.shape)) * scale, dtype=p.dtype)
        opt.step()
    for p in params:
        state = opt.state[p]
        arrays = (p.detach(), state["exp_avg"], state["exp_avg_sq"])
        digest = hashlib.md5(b"".join(a.numpy().tobytes() for a in arrays)).hexdigest()
        print(kwargs, tuple(p.shape), int(state["step"]), digest)  # (bits: no tolerance)
