# round(decimals=d) as PyTorch's kernel computes it: nearbyint(x * 10^d) / 10^d (divide then
# multiply for d < 0), 10^d rounded to the computing type (float32 for the 16-bit types), its
# overflow to inf and NaNs without a warning (NumPy's round scales otherwise: 341.625 with
# d = 40 came back 341.62500000000006, and warned).
import warnings

import torch


def bits(t):
    """Exact values (the parity check compares plain numbers within a tolerance)."""
    return [float(v).hex().replace("0x", "") for v in t.detach().reshape(-1).tolist()]


x = torch.cat([torch.arange(-40, 40) / 8 + 0.0625, torch.tensor([341.625, -425.5, 0.5, 2.5,
               -0.0, 1e30, -3e38, float("inf"), float("nan"), 123456.789, 1e-3])])
with warnings.catch_warnings(record=True) as caught:
    for dtype in (torch.float32, torch.float64, torch.float16, torch.bfloat16):
        v = x.to(dtype)
        for d in (0, 1, 2, 3, -1, -2, 5, 10, 40, -40):
            print(dtype, d, bits(v.round(decimals=d)))
    print(bits(torch.round(x.double() * 1.37, decimals=4)), bits(x.round()))
print([str(w.message) for w in caught])
