# Which zero minimum / maximum / fmin / fmax / clamp give where +0.0 and -0.0 tie: PyTorch's
# vector loop keeps the other operand, its scalar tail (and short or non-contiguous loops)
# the first; fmin / fmax and clamp by numbers keep the input.
import numpy as np
import torch


def signs(t):
    return "".join("-" if str(v).startswith("-") else "+" if v == 0 else "x"
                   for v in t.flatten().tolist())


rng = np.random.default_rng(3)
for dtype in [torch.float32, torch.float64]:
    for n in [1, 4, 8, 15, 16, 17, 32, 33, 100]:
        a, b = torch.full((n,), -0.0, dtype=dtype), torch.zeros(n, dtype=dtype)
        print(dtype, n, signs(torch.minimum(a, b)), signs(torch.minimum(b, a)),
              signs(torch.maximum(a, b)), signs(torch.maximum(b, a)), signs(torch.fmin(a, b)),
              signs(torch.fmin(b, a)), signs(torch.fmax(b, a)))
        print("clamp", signs(a.clamp(min=0.0)), signs(b.clamp(max=-0.0)),
              signs(a.clamp(min=0.0, max=0.0)), signs(a.clamp_min(0.0)), signs(b.clamp_max(-0.0)),
              signs(a.clamp(min=b)), signs(b.clamp(max=a)), signs(a.clamp_min(b)),
              signs(b.clamp_max(a)), signs(a.clamp(min=b[:1])))
    for _trial in range(20):
        sa = tuple(int(s) for s in rng.integers(1, 30, size=rng.integers(1, 4)))
        sb = tuple(s if rng.random() < 0.6 else 1 for s in sa)[int(rng.integers(0, len(sa))):]
        A = torch.tensor(rng.choice([0.0, -0.0, 1.0], size=sa), dtype=dtype)
        B = torch.tensor(rng.choice([0.0, -0.0, -1.0], size=sb), dtype=dtype)
        print(sa, sb, signs(torch.minimum(A, B)), signs(torch.maximum(B, A)),
              signs(torch.minimum(A.transpose(0, -1), A.transpose(0, -1).neg())),
              signs(torch.maximum(A, torch.zeros((), dtype=dtype))), signs(torch.fmin(A, B)))

# 0-d operands (fuzz 13:319: a 0-d view clamped by a 0-d tensor bound)
a = torch.tensor([1.0, 0.0, -0.0])
b = torch.tensor(-0.0)
print(a[1].clamp_min(b), a[2].clamp_min(torch.tensor(0.0)), torch.maximum(a[1], b),
      torch.minimum(a[2], torch.tensor(0.0)), torch.fmax(a[1], b), a[2].clamp(min=0.0),
      a[1].clamp(max=-0.0))
