# A layer_norm row holding a NaN or an infinity is all NaN. With both a weight and a bias,
# PyTorch's kernel keeps the NaN of its negated product -rstd * mean: the opposite sign of
# the NaN the row gets without them (float64 rows shorter than a vector keep an input NaN's
# own sign at its position). Signs printed as bits: NaNs print alike.
import torch

F = torch.nn.functional
torch.set_num_threads(1)
for dtype in (torch.float32, torch.float64):
    for special in (float("nan"), -float("nan"), float("inf"), -float("inf")):
        for width in (3, 6, 13):
            for affine in ("none", "both", "weight", "bias"):
                x = torch.arange(2 * width, dtype=dtype).reshape(2, width) - 2
                x[0, 1] = special
                w = torch.full((width,), -1.5, dtype=dtype) if affine in ("both", "weight") else None
                b = torch.full((width,), 0.5, dtype=dtype) if affine in ("both", "bias") else None
                y = F.layer_norm(x, [width], w, b)
                bits = "".join("1" if s else "0" for s in torch.signbit(y[0]).tolist())
                print(dtype, special, width, affine, bits, torch.isnan(y[1]).any().item())
# the fuzz program's: normalized over two dims, weight and bias of that shape
x = torch.tensor([[[1.5, 0.0, 1.25], [0.25, 1.75, float("nan")]]])
w = torch.tensor([[-1.25, -1.75, -2.0], [-0.25, 0.0, -0.5]])
b = torch.tensor([[-1.695, 0.867, -0.97], [0.173, -0.588, 3.751]])
print(torch.signbit(F.layer_norm(x, [2, 3], w, b)).flatten().tolist())
