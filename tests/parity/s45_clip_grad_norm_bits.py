# clip_grad_norm_ as PyTorch computes it: vector_norm of each gradient (grouped by dtype),
# vector_norm of their stack, then clamp(max_norm / (total + 1e-6), max=1) multiplied in
# place, all tensor ops in the gradients' dtype (a float64 norm had moved the last bits).
import numpy as np
import torch

shapes = [(64, 100), (64,), (10, 64), (10,), (3, 3, 5, 5)]
params = [torch.nn.Parameter(torch.zeros(s)) for s in shapes]
for norm_type in (2.0, 1.0, 3.0, float("inf"), 0.0):
    for seed, (p, s) in enumerate(zip(params, shapes)):
        p.grad = torch.tensor(np.random.default_rng(seed).standard_normal(s), dtype=torch.float32)
    total = torch.nn.utils.clip_grad_norm_(params, 0.5, norm_type=norm_type)
    print(norm_type, total.dtype, total.numpy().view(np.int32).tolist(),
          [int(p.grad.numpy().view(np.int32).sum()) for p in params])
mixed = [torch.nn.Parameter(torch.zeros(3)), torch.nn.Parameter(torch.zeros(4, dtype=torch.float64)),
         torch.nn.Parameter(torch.zeros(2))]
for i, p in enumerate(mixed):
    p.grad = torch.arange(p.numel(), dtype=p.dtype) + 0.5 * i
print(torch.nn.utils.clip_grad_norm_(mixed, 1.0), [p.grad.tolist() for p in mixed])
print(torch.nn.utils.get_total_norm([]))
bad = torch.nn.Parameter(torch.zeros(2))
bad.grad = torch.tensor([1.0, float("inf")])
try:
    torch.nn.utils.clip_grad_norm_([bad], 1.0, error_if_nonfinite=True)
except RuntimeError as error:
    print("raised", error)
print(torch.nn.utils.clip_grad_norm_([bad], 1.0), bad.grad)
