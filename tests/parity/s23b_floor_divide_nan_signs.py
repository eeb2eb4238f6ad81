# The NaNs float floor division makes carry PyTorch's sign bits: its vector loop (two
# 256-bit vectors at a time, SLEEF's fmod) gives inf // x the opposite of the dividend's
# sign and x // NaN the dividend's (float32) or its opposite (float64); the element loop
# (the rest of each row, glibc's fmod) returns a NaN divisor as it is and the default NaN
# (sign set) otherwise (fuzz 22:3769).
import torch

inf, nan = float("inf"), float("nan")


def signs(t):
    return "".join(("N" if s else "n") if v != v else "." for v, s in
                   zip(t.reshape(-1).tolist(), torch.signbit(t).reshape(-1).tolist()))


x = torch.tensor([[[-inf, -1.25, -1.5, 0.25], [-1.75, 1.0, -0.75, 0.25]],
                  [[0.5, 0.25, 2.0, -2.0], [-1.5, 1.5, -inf, 1.5]]])
print(signs(x.floor_divide(2)))
row = torch.tensor([inf, -inf, 0.0, -0.0, 2.0, -2.0, nan, -nan])
col = torch.tensor([2.0, -2.0, 0.0, -0.0, inf, -inf, nan, -nan])
for dtype in (torch.float32, torch.float64):
    for n in (1, 3, 4, 8, 16, 17, 40):
        a = row.to(dtype).repeat(n)
        b = col.to(dtype).repeat_interleave(1).repeat(n)
        print(dtype, n, signs(a.floor_divide(b)), signs(a.floor_divide(0.0)),
              signs(torch.div(a[:n * 2], -2.0, rounding_mode="floor")))
    m = row.to(dtype).reshape(2, 4).repeat(3, 5)
    print(dtype, signs(m.floor_divide(col.to(dtype)[:4].repeat(5))))
