# linear / bilinear / trilinear interpolation along an axis whose size does not change: PyTorch
# copies (both taps read the same input, the second weighted 0), so an infinite input gives
# NaN there, whatever the neighbour, align_corners or scale_factor; the gradient follows.
import torch

F = torch.nn.functional
inf = float("inf")
cases = [
    (torch.tensor([[[-inf, 1.0]]]), dict(size=2, mode="linear")),
    (torch.tensor([[[1.0, -inf]]]), dict(size=2, mode="linear")),
    (torch.tensor([[[-inf, 1.0]]]), dict(size=2, mode="linear", align_corners=True)),
    (torch.tensor([[[-inf, 1.0]]]), dict(scale_factor=1.4, mode="linear")),
    (torch.tensor([[[[-inf, 1.0], [2.0, 3.0]]]]), dict(size=2, mode="bilinear")),
    (torch.tensor([[[[-inf, 1.0], [2.0, 3.0]]]]), dict(size=(2, 3), mode="bilinear")),
    (torch.tensor([[[[-inf], [1.0]]]]), dict(size=2, mode="bilinear")),
    (torch.tensor([[[[[-inf], [-1.827]], [[-0.666], [-1.209]]]]]), dict(size=2, mode="trilinear")),
    (torch.tensor([[[1.0, -inf, 2.0]]]), dict(size=6, mode="linear")),
    (torch.tensor([[[0.5, 1.0, 2.0]]]), dict(size=3, mode="linear")),
]
for x, kwargs in cases:
    x.requires_grad_()
    y = F.interpolate(x, **kwargs)
    (g,) = torch.autograd.grad(y, x, torch.full_like(y, 0.5))
    print(kwargs, y.reshape(-1).tolist(), g.reshape(-1).tolist(), y.grad_fn.name())
