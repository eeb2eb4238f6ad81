# Issue 11 (fuzz): interpolate refuses an output (or input) spatial size of 0 with PyTorch's
# message (its 1-d form says "and output"), and a batch with an empty channel dim; area mode
# (adaptive pooling) takes empty sizes; an empty batch works.
import torch

F = torch.nn.functional
for shape in [(1, 2, 1), (1, 1, 1, 4), (1, 1, 2, 1, 3), (0, 1, 3), (1, 0, 3)]:
    x = torch.ones(shape, requires_grad=True)
    nd = len(shape) - 2
    modes = {1: ["nearest", "nearest-exact", "linear", "area"],
             2: ["nearest", "nearest-exact", "bilinear", "bicubic", "area"],
             3: ["nearest", "nearest-exact", "trilinear"]}[nd]
    for mode in modes:
        options = [dict(scale_factor=0.3), dict(size=(0,) * nd), dict(size=(1,) * nd),
                   dict(scale_factor=0.2, recompute_scale_factor=True)]
        if mode in ("bilinear", "bicubic"):
            options.append(dict(scale_factor=0.3, antialias=True))
        for option in options:
            try:
                result = F.interpolate(x, mode=mode, **option)
                print(shape, mode, option, tuple(result.shape), result.grad_fn.name())
            except RuntimeError as error:
                print(shape, mode, option, type(error).__name__, error)
