# Fuzz (27:6002 family): which NaN an addition returns when both operands are NaN. PyTorch's
# add kernel (AVX2 build) returns the second operand's NaN in every layout: tensor + tensor,
# strided, broadcast, tensor + number or 0-d tensor, alpha != 1, in place, and sub with
# alpha != 1 too. Sign bits printed, as a NaN prints as nan either way. (Arrays over 16
# float32 / 8 float64 contiguous elements are left out: see the s34b report.)
import torch

nan = float("nan")
for dtype in (torch.float32, torch.float64):
    for n in (1, 3, 5, 8, 16):
        if dtype == torch.float64 and n > 8:
            continue
        a = torch.tensor([nan if k % 3 else -nan for k in range(n)], dtype=dtype)
        b = torch.tensor([-nan if k % 2 else nan for k in range(n)], dtype=dtype)
        print(dtype, n, "a + b", torch.signbit(a + b).int().tolist())
        print(dtype, n, "b + a", torch.signbit(b + a).int().tolist())
        print(dtype, n, "alpha", torch.signbit(torch.add(a, b, alpha=2)).int().tolist())
        print(dtype, n, "sub alpha", torch.signbit(torch.sub(a, b, alpha=0.5)).int().tolist())
        c = a.clone()
        c += b
        print(dtype, n, "a += b", torch.signbit(c).int().tolist())
        print(dtype, n, "+ number", torch.signbit(b + nan).int().tolist(),
              torch.signbit(nan + b).int().tolist(), torch.signbit(a + -nan).int().tolist())
        print(dtype, n, "+ 0-d", torch.signbit(b + a[0]).int().tolist())
    a = torch.tensor([nan, -nan] * 8, dtype=dtype)
    b = torch.tensor([-nan, nan, nan, -nan] * 4, dtype=dtype)
    print(dtype, "strided", torch.signbit(a[::2] + b[::2]).int().tolist())
    print(dtype, "rows", torch.signbit(a.reshape(4, 4) + b[:4]).int().tolist())
    print(dtype, "columns", torch.signbit(a.reshape(4, 4) + b[:4, None]).int().tolist())
    print(dtype, "transposed", torch.signbit(a.reshape(4, 4).T + b.reshape(4, 4)).int().tolist())
