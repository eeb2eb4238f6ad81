# Antialiased interpolation computes its filter weights in the input's precision with the C++
# promotions of PyTorch's kernel: a tap whose weight comes out exactly 0 in float32 times an
# infinite input gives NaN (fuzz 11:11197), where float64 weights gave a tiny weight and inf.
import torch

F = torch.nn.functional
v0 = torch.tensor([[[[1.308, -1.62, float("inf"), 1.415, 0.27], [0.389, 0.364, 1.441, 2.368, 1.32],
                     [-1.39, 0.0, 2.158, -1.603, 0.11]]]], requires_grad=True)
v1 = F.interpolate(v0, mode="bilinear", antialias=True, size=3)
print(v1.isnan().tolist(), v1.isinf().tolist(), v1.grad_fn.name())
for dtype in [torch.float32, torch.float64]:
    for mode in ["bilinear", "bicubic"]:
        for width in range(2, 9):
            for out in range(1, width):
                x = torch.zeros(1, 1, 1, width, dtype=dtype)
                for k in range(width):
                    x.zero_()
                    x[..., k] = float("inf")
                    y = F.interpolate(x, size=(1, out), mode=mode, antialias=True)
                    print(dtype, mode, width, out, k, "".join(
                        "n" if v != v else "i" if abs(v) == float("inf") else "f"
                        for v in y.flatten().tolist()))
