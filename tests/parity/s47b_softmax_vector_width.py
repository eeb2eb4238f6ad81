# softmax and log_softmax as PyTorch's vector kernels round them on rows around its vector
# width (8 floats on AVX2, 16 on AVX-512: recorded per ISA): float32 along the last dim and
# along dim 0 (forward and backward), float64 along the last dim (SLEEF's exp and log, the
# lane-ordered sum; log_softmax's backward with SLEEF's exp), the NaN signs of softmax rows
# whose max is NaN (which NaN wins each add and multiply), and flash attention's row of NaN
# scores shorter than a vector (zeros). Printed: CRC-32 digests of the bytes, sign bits.
import zlib

import numpy as np
import torch

F = torch.nn.functional
rng = np.random.default_rng(47)


def crc(t):
    return zlib.crc32(t.detach().numpy().tobytes())


for dtype in (torch.float32, torch.float64):
    for width in (7, 8, 9, 15, 16, 17, 24, 31, 32, 33, 47, 64, 100):
        x = torch.tensor(rng.standard_normal((5, width)) * 3, dtype=dtype)
        g = torch.tensor(rng.standard_normal((5, width)), dtype=dtype)
        dims = (-1, 0) if dtype == torch.float32 else (-1,)
        for name in ("softmax", "log_softmax"):
            for dim in dims:
                a = x.clone().requires_grad_()
                y = getattr(torch, name)(a, dim)
                y.backward(g)
                print(str(dtype)[6:], name, width, dim, crc(y), crc(a.grad))
for width in (2, 5, 9, 16, 17, 28, 33, 44):
    signs = rng.random(width) < 0.2  # (mostly positive NaNs: their own sign shows)
    row = np.where(signs, -np.abs(np.full(width, np.nan)), np.abs(np.full(width, np.nan)))
    row[1] = 0.5
    out = torch.softmax(torch.tensor(row[None], dtype=torch.float32), -1)
    print("nan row", width, "".join("1" if s else "0" for s in out.signbit()[0].tolist()))
rs = np.random.RandomState(5)
for keys in (5, 9, 15, 17):
    q, k, v = (torch.tensor(rs.randn(1, 2, 3, 4).astype(np.float32)) for _ in range(3))
    k, v = (torch.tensor(rs.randn(1, 2, keys, 4).astype(np.float32)) for _ in range(2))
    q[0, 0, 1, 2] = float("nan")
    print("flash nan row", keys, F.scaled_dot_product_attention(q, k, v)[0, 0, 1].tolist())
