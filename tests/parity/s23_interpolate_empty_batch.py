# Bicubic and antialiased interpolate of an empty batch (or no channels), forward and
# backward: empty results and zero gradients, as PyTorch gives them (fuzz 29:15500).
import torch

F = torch.nn.functional
modes = [("bicubic", {}), ("bicubic", {"antialias": True}), ("bilinear", {"antialias": True}),
         ("bicubic", {"align_corners": True})]
for shape in [(0, 1, 2, 3), (2, 0, 2, 3), (1, 1, 2, 3)]:
    for mode, options in modes:
        for size in (4, (2, 3), 1):
            v0 = torch.zeros(shape).requires_grad_()
            try:
                v1 = F.interpolate(v0, mode=mode, size=size, **options)
                v1.sum().backward()
                print(shape, mode, options, size, tuple(v1.shape), tuple(v0.grad.shape),
                      v0.grad.sum().item())
            except RuntimeError as error:
                print(shape, mode, options, size, "raised", str(error)[:80])
