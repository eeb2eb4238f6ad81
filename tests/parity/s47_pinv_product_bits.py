# linalg.pinv's last step is PyTorch's (V * S^+) matmul U^H, so its entries that are
# rounding noise (an exact pseudo-inverse's zeros) come out with PyTorch's bits, and what a
# function with a pole (lgamma) makes of them too.
import hashlib

import torch


def values(shape, dtype, phase=0.0):
    """Deterministic irregular values (hookgrad's random streams are its own)."""
    n = 1
    for size in shape:
        n *= size
    return torch.sin(torch.arange(n, dtype=torch.float64) * 1.7 + phase).to(dtype).reshape(shape)


def bits(t):
    t = t.detach().contiguous()
    view = t.view(torch.int32 if t.dtype == torch.float32 else torch.int64)
    return hashlib.md5(str(view.tolist()).encode()).hexdigest()[:12]


a = torch.tensor([[0.25, -0.5, 0.0], [0.5, -1.0, 0.5]])
p = torch.linalg.pinv(a)
print(p.view(torch.int32).tolist(), torch.special.gammaln(p))
for dtype in (torch.float32, torch.float64):
    for shape in ((3, 5), (6, 4), (2, 4, 3), (7, 7)):
        x = values(shape, dtype)
        print(dtype, shape, bits(torch.linalg.pinv(x)), bits(torch.pinverse(x)))
    s = values((5, 5), dtype, 1.0)
    s = s + s.mT
    print(dtype, "hermitian", bits(torch.linalg.pinv(s, hermitian=True)))
    low = values((6, 2), dtype, 2.0) @ values((2, 5), dtype, 3.0)
    print(dtype, "rank 2", bits(torch.linalg.pinv(low)), bits(torch.linalg.pinv(low, atol=0.5)))
