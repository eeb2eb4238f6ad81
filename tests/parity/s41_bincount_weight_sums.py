# bincount with float32 weights sums them in float32, in the input's order (PyTorch's
# kernel); any other weights (float16, bfloat16, integers, bool, float64) are converted to
# double and give a float64 result.
import numpy as np
import torch

rng = np.random.default_rng(3)
for n, bins in ((50, 3), (700, 11), (2500, 40)):
    x = torch.tensor(rng.integers(0, bins, n))
    w = torch.tensor((rng.standard_normal(n) * 10.0 ** rng.uniform(-3, 3, n)).astype(np.float32))
    out = torch.bincount(x, w, minlength=bins + 2)
    print(n, out.dtype, out.numpy().view(np.int32).tolist())
for dtype in (torch.float16, torch.bfloat16, torch.int32, torch.bool, torch.float64):
    out = torch.bincount(torch.tensor([0, 1, 1, 3]), torch.tensor([1, 2, 3, 4]).to(dtype))
    print(dtype, out.dtype, out.tolist())
