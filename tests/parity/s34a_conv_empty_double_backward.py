# A convolution's double backward (ConvolutionBackwardBackward0) leaves the weight's gradient
# undefined when the input is empty (PyTorch's _convolution_double_backward computes gW only
# for input.numel() != 0), so backward() leaves a leaf weight's .grad as it was (fuzz
# 32:12049: hookgrad added a zero gradient, its .grad became AddBackward0, not CopyBackwards).
import torch
import torch.nn.functional as F


def name(t):
    return None if t is None else (tuple(t.shape), t.grad_fn and t.grad_fn.name())


for f, xs, ws, kw in [(F.conv1d, (0, 4, 2), (2, 2, 1), dict(stride=2, groups=2, padding=1)),
                      (F.conv1d, (2, 4, 3), (2, 2, 1), dict(groups=2)),
                      (F.conv2d, (0, 2, 3, 3), (3, 2, 2, 2), {}),
                      (F.conv2d, (2, 0, 3, 3), (3, 0, 2, 2), {}),
                      (F.conv_transpose2d, (0, 2, 3, 3), (2, 3, 2, 2), dict(stride=2)),
                      (F.conv_transpose1d, (0, 4, 3), (4, 1, 2), dict(groups=2))]:
    x = torch.linspace(-1, 1, max(1, torch.Size(xs).numel())).narrow(0, 0, torch.Size(
        xs).numel()).reshape(xs).requires_grad_()
    w = torch.linspace(-0.7, 0.9, torch.Size(ws).numel()).reshape(ws).requires_grad_()
    out_ch = ws[1] * kw.get("groups", 1) if "transpose" in f.__name__ else ws[0]
    b = torch.tensor([0.5, -1.5, 2.0][:out_ch]).requires_grad_()
    y = f(x, w, b, **kw)
    y.sum().backward(create_graph=True)
    print(f.__name__, xs, [name(t.grad) for t in (x, w, b)])
    gx = x.grad
    gg = torch.linspace(0.25, 1, max(1, gx.numel())).narrow(0, 0, gx.numel()).reshape(gx.shape)
    print("  grad", [name(t) for t in torch.autograd.grad(gx, (x, w, b), gg.requires_grad_(),
                                                          retain_graph=True, allow_unused=True)])
    gx.backward(gradient=gg, retain_graph=True, create_graph=True)
    print("  then", [name(t.grad) for t in (x, w, b)], w.grad.sum().item())
