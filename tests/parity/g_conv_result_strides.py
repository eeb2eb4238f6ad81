# Fuzz 0:14159: a convolution's result and its gradients are contiguous tensors, with a
# contiguous tensor's strides for size-1 dims too (stride() shows them), whatever layout the
# kernels computed them in.
import itertools

import torch

F = torch.nn.functional

for transposed, n, c, o, length, stride, k in itertools.product(
        (False, True), (1, 2), (1, 2), (1, 3), (1, 3), (1, 2), (1, 2)):
    if not transposed and length < k:
        continue
    x = torch.ones(n, c, length, requires_grad=True)
    w = (torch.ones(c, o, k) if transposed else torch.ones(o, c, k)).requires_grad_()
    b = torch.ones(o, requires_grad=True)
    if transposed:
        fn, options = F.conv_transpose1d, dict(stride=stride, output_padding=stride - 1)
    else:
        fn, options = F.conv1d, dict(stride=stride)
    y = fn(x, w, b, **options)
    gx, gw = torch.autograd.grad(y.sum(), (x, w))
    print(fn.__name__, n, c, o, length, stride, k, tuple(y.shape), y.stride(), gx.stride(),
          gw.stride(), y.is_contiguous(), gw.is_contiguous())

for transposed, n, c, o, h, groups in itertools.product((False, True), (1, 3), (2, 4), (2, 4),
                                                        (1, 4), (1, 2)):
    x = torch.ones(n, c, h, 1, requires_grad=True)
    shape = (c, o // groups, 1, 1) if transposed else (o, c // groups, 1, 1)
    w = torch.ones(shape, requires_grad=True)
    y = (F.conv_transpose2d if transposed else F.conv2d)(x, w, None, groups=groups)
    gx, gw = torch.autograd.grad(y.sum(), (x, w))
    print("2d", transposed, n, c, o, h, groups, y.stride(), gx.stride(), gw.stride())

# the fuzzer's program
v0 = torch.tensor([[[1.75, 0.5, 1.75]]], requires_grad=True)
v2 = F.conv_transpose1d(v0, torch.tensor([[[-1.0, -0.75]]]), None, stride=2, output_padding=1)
print(v2, v2.stride())
