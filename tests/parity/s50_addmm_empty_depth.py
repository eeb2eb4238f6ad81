# 105:16926: addmm over an empty inner dim has no product: PyTorch copies the input into the
# result and scales it by beta, so the input's -0s stay -0 (adding the empty product's zeros
# would make them +0), as rsqrt's -inf shows; beta 0 gives zeros, NaN and inf included.
import torch

for dtype in (torch.float32, torch.float64):
    bias = torch.tensor([-0.0, float("inf"), -3.838, float("nan")], dtype=dtype)
    for beta in (1, 2.5, -1, 0):
        out = torch.addmm(bias, torch.zeros((2, 0), dtype=dtype),
                          torch.zeros((0, 4), dtype=dtype), beta=beta, alpha=3)
        print(dtype, beta, out.tolist(), out.rsqrt().tolist())
    column = torch.tensor([[-0.0], [2.0]], dtype=dtype)
    out = torch.addmm(column, torch.zeros((2, 0), dtype=dtype), torch.zeros((0, 3), dtype=dtype))
    print(dtype, "column", out.rsqrt().tolist())
