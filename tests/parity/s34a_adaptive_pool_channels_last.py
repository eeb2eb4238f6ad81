# adaptive_avg_pool2d to 1x1 (and adaptive_avg_pool1d, which pools its input unsqueezed) is a
# mean over H and W; when the 4-d input's strides look channels-last (suggest_memory_format),
# PyTorch restrides that mean in place with as_strided_ to strides (c, 1, c, c): an
# AsStridedBackward1 node after MeanBackward1, a version bump, and those strides (fuzz
# 32:4861: adaptive_avg_pool1d of an einsum transpose).
import torch
import torch.nn.functional as F


def chain(t, depth=4):
    names, fn = [], t.grad_fn
    while fn is not None and depth:
        names.append(fn.name())
        fn = fn.next_functions[0][0] if fn.next_functions else None
        depth -= 1
    return names


def nhwc(shape):
    n, c, h, w = shape
    return torch.linspace(-1, 1, n * c * h * w).reshape(n, h, w, c).permute(0, 3, 1, 2)


v3 = torch.tensor([[[-1.75, 1.25], [-1.0, 2.0], [0.75, 0.5]],
                   [[-0.25, -1.5], [-1.0, 1.5], [1.0, -2.0]]], requires_grad=True)
v4 = torch.einsum('...ij->...ji', v3)
v7 = F.adaptive_avg_pool1d(v4, output_size=1)
print(chain(v7), v7.stride())
inputs = [("nhwc", nhwc((2, 3, 2, 2))), ("nchw", torch.linspace(-1, 1, 24).reshape(2, 3, 2, 2)),
          ("n111", nhwc((2, 3, 1, 1))), ("1chw", nhwc((1, 3, 2, 2))), ("n1hw", nhwc((2, 1, 2, 2))),
          ("nch1", nhwc((2, 3, 2, 1))), ("sliced w", nhwc((2, 3, 2, 4))[:, :, :, ::2]),
          ("sliced h", nhwc((2, 3, 4, 2))[:, :, :1]), ("nwhc", nhwc((2, 3, 4, 5)).transpose(2, 3)),
          ("3-d", torch.linspace(-1, 1, 12).reshape(2, 3, 2).permute(2, 0, 1))]
for label, x in inputs:
    x.requires_grad_()
    y = F.adaptive_avg_pool2d(x, 1)
    print(label, tuple(x.stride()), chain(y), y.stride(), y._version)
    go = torch.linspace(0.5, 1, y.numel()).reshape(y.shape).requires_grad_()
    g, = torch.autograd.grad(y * 3, x, go, create_graph=True)
    h, = torch.autograd.grad(g.pow(2).sum(), go)
    print("  ", chain(g, 6), h.flatten().tolist())
x = nhwc((2, 4, 3, 2)).requires_grad_()
out = torch.nn.AdaptiveAvgPool2d((1, 1))(x)
out.grad_fn.register_hook(lambda gi, go: print("post hook", gi[0].shape, go[0].shape))
out.relu_()
print(chain(out), out.view(2, 4).stride())
out.sum().backward()
print(x.grad.sum().item())
with torch.no_grad():
    print(F.adaptive_avg_pool2d(x, 1).stride(), F.adaptive_avg_pool2d(x, 1)._version)
