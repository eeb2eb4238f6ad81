# Issue 11 (fuzz): interpolation with infinities and NaNs as PyTorch's loops: antialiased and
# area modes skip the taps past a window (no 0 * inf NaN), forward and backward; bicubic
# reads all four taps even at scale 1 (a NaN spreads to its neighbours through weight 0).
import torch

F = torch.nn.functional
x = torch.tensor([[[[-3.582, -0.394, -0.243, -2.346], [-1.579, float("-inf"), 2.226, 0.939]],
                   [[3.592, 0.721, 2.898, 0.749], [-2.332, -1.746, -2.459, -3.483]]]],
                 requires_grad=True)
for mode in ("bilinear", "bicubic"):
    y = F.interpolate(x, mode=mode, antialias=True, scale_factor=2)
    print(y)
    y.backward(torch.full_like(y, float("inf")))
    print(x.grad)
    x.grad = None
print(F.interpolate(x, mode="bilinear", antialias=True, size=(1, 3)))
print(F.interpolate(x, mode="area", size=(3, 3)))
z = torch.tensor([[[[float("nan"), 1.5, 0.75, 2.0]]]])
print(F.interpolate(z, mode="bicubic", size=(1, 4)), F.interpolate(z, mode="bicubic", size=(2, 4)))
print(F.interpolate(z, mode="bilinear", size=(1, 4)))
