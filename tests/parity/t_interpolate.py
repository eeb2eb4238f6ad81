# F.interpolate (nearest, linear, bilinear with and without align_corners, sizes and scale
# factors, recompute_scale_factor), nn.Upsample and its reprs: values, node names, gradients,
# double backward, NaN locality, and the argument errors.
import torch
F = torch.nn.functional
x = (torch.arange(24.0).reshape(1, 2, 3, 4) / 3).requires_grad_()
w = torch.arange(1.0, 2 * 8 * 9 + 1).reshape(1, 2, 8, 9) / 10
for kw in [dict(scale_factor=2), dict(size=(5, 7)), dict(scale_factor=1.7),
           dict(scale_factor=1.7, recompute_scale_factor=True), dict(scale_factor=(0.5, 0.75)),
           dict(size=(5, 7), mode="bilinear"), dict(size=(5, 7), mode="bilinear", align_corners=True),
           dict(scale_factor=(1.7, 0.6), mode="bilinear"), dict(size=(1, 1), mode="bilinear", align_corners=True)]:
    y = F.interpolate(x, **kw)
    print(kw, tuple(y.shape), y.grad_fn.name())
    print(y[0, 1])
    (g,) = torch.autograd.grad((y * w[..., :y.shape[2], :y.shape[3]]).sum(), x)
    print(g[0, 1])
s = (torch.arange(5.0).reshape(1, 1, 5) ** 2).requires_grad_()
for kw in [dict(size=8, mode="linear"), dict(scale_factor=2.5, mode="linear", align_corners=True),
           dict(scale_factor=0.6), dict(size=3, mode="linear")]:
    y = F.interpolate(s, **kw)
    (g,) = torch.autograd.grad((y * torch.arange(1.0, y.shape[-1] + 1)).sum(), s)
    print(kw, y, g)
y = F.interpolate(x, size=(4, 5), mode="bilinear")
(g,) = torch.autograd.grad((y ** 2).sum(), x, create_graph=True)
print(g.grad_fn.name())
(gg,) = torch.autograd.grad(g.sum(), x)
print(gg[0, 0])
n = torch.zeros(1, 1, 2, 3); n[0, 0, 0, 0] = float("nan")
print(F.interpolate(n, size=(4, 6), mode="bilinear"))
print(torch.nn.Upsample(scale_factor=2, mode="bilinear"), torch.nn.Upsample(size=(4, 4)),
      torch.nn.UpsamplingNearest2d(scale_factor=2), torch.nn.UpsamplingBilinear2d(size=3))
print(torch.nn.UpsamplingBilinear2d(scale_factor=2)(x)[0, 0])
for kw in [dict(), dict(size=(2, 2), scale_factor=2), dict(scale_factor=2, mode="linear"),
           dict(scale_factor=2, mode="foo"), dict(scale_factor=2, align_corners=True),
           dict(size=(2, 2, 2)), dict(scale_factor=(2, 2, 2)), dict(size=4, recompute_scale_factor=True)]:
    try:
        F.interpolate(x, **kw)
    except (ValueError, NotImplementedError) as e:
        print(type(e).__name__, e)
try:
    F.interpolate(x[0, 0], scale_factor=2)
except NotImplementedError as e:
    print("NotImplementedError", e)
