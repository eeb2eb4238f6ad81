# sinc passes a NaN input's own NaN through, sign bit included, as PyTorch's
# sin(pi x) / (pi x) does (fuzz 62:12307: signbit(sinc(var of one element)) is True).
import numpy as np
import torch

nan = float("nan")
for dtype, bits in ((torch.float32, np.int32), (torch.float64, np.int64), (torch.float16, np.int16)):
    x = torch.tensor([nan, -nan, float("inf"), -float("inf"), 0.0, -0.0, 2.5], dtype=dtype)
    print(dtype, torch.sinc(x).numpy().view(bits).tolist())
    print(torch.signbit(torch.sinc(x)).tolist(), torch.sinc(x.repeat(5)).numpy().view(bits)[-7:].tolist())
print(torch.signbit(torch.sinc(torch.var(torch.tensor([1.25]), 0))).item())
