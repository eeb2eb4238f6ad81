# pow's NaNs carry the signs of PyTorch's CPU kernel: its vector loop (whole 128-byte steps of
# each inner row: 32 float32, 16 float64, 64 float16) gives a negative base to a fractional power a NaN
# without sign bit and a NaN operand a NaN with it, its element loop (the rest) C's pow; pow
# by 0.5 is sqrt (no sign bit); the in-place mixed-dtype form computes in float64; a bool
# number to a bool tensor power is refused.
import torch

nan = float("nan")
vals = [-0.5, 0.7, -2.0, nan, -nan, 1.5, 0.0, -1.25, 2.0]


def signs(t):
    return "".join(str(int(b)) for b in torch.signbit(t).flatten().tolist())


for dtype in (torch.float32, torch.float64, torch.float16):
    for shape in [(5,), (16,), (17,), (33,), (40,), (2, 4, 2), (2, 1, 3, 4), (3, 40), (70,),
                  (65,), (130,), (3, 70)]:
        n = 1
        for size in shape:
            n *= size
        x = torch.tensor((vals * 80)[:n], dtype=dtype).reshape(shape)
        y = torch.tensor(([0.3, 2.5, -1.5, nan, 1.0, -nan, 0.5] * 80)[1:n + 1],
                         dtype=dtype).reshape(shape)
        print(dtype, shape, "tt", signs(x.pow(y)), "ts", signs(x.pow(0.3)), "half",
              signs(x.pow(0.5)), "st", signs(torch.pow(-0.5, y)))
        print("  bcast", signs(x.pow(y[..., :1])), signs(x[..., :1].pow(y)))
        if len(shape) == 2:
            print("  transposed", signs(x.t().pow(y.t())))
        if dtype != torch.float16:  # (float16 to float32 is its own kernel's NaN signs)
            inplace = x.float().clone()
            inplace **= y.double()
            print("  in place", signs(inplace), "mixed", signs(x.float() ** y.double()))
v0 = torch.tensor([[-0.258, -0.67, 0.351, -0.467], [2.452, -3.232, -1.469, 0.821]] * 2,
                  dtype=torch.float64, requires_grad=True)
v1 = torch.tensor([[2.5, 2.25, 1.75, 2.25], [1.0, 2.75, 2.75, 2.0]] * 2, dtype=torch.float64)
print(signs(v0.pow(v1)), v0.pow(v1).grad_fn.name())
# a bool number to the power of a bool tensor has no kernel, as two bool tensors
b = torch.tensor([True, False])
for base in (False, True, 0, 1, 2, 2.5):
    for label, f in [("**", lambda: base ** b), ("pow", lambda: torch.pow(base, b)),
                     ("t**", lambda: b ** base)]:
        try:
            r = f()
            print(base, label, r.dtype, r.tolist())
        except Exception as e:
            print(base, label, type(e).__name__, e)
