# Antialiased interpolate as PyTorch's forward kernel computes it: an axis whose size does not
# change is not filtered (whatever the scale factor), and resizing the height into a width of
# 1 repeats the first output row; the backward is the plain adjoint of the filters.
import torch

F = torch.nn.functional
for H, W, size, sf in [(5, 3, (2, 1), None), (2, 3, (4, 1), None), (4, 1, (2, 1), None),
                       (5, 3, (5, 1), None), (5, 3, None, (1.1, 0.5)), (5, 3, None, 0.5),
                       (3, 5, (1, 2), None), (6, 4, (3, 1), None)]:
    for mode in ("bilinear", "bicubic"):
        x = torch.arange(float(2 * H * W)).reshape(1, 2, H, W).requires_grad_()
        y = F.interpolate(x, size=size, scale_factor=sf, mode=mode, antialias=True)
        y.backward(torch.arange(1.0, y.numel() + 1).reshape(y.shape))
        print(H, W, size, sf, mode, [round(v, 3) for v in y.flatten().tolist()],
              [round(v, 3) for v in x.grad.flatten().tolist()])
