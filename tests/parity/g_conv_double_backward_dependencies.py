# Fuzz 0:13970: a convolution's second-order gradients depend only on what they are computed
# from. The gradient of the weight gradient with respect to the input is PyTorch's
# convolution of the other kind of (grad_output, grad of the weight gradient): it requires
# grad only if one of those does, and its node is ConvolutionBackward0; the gradient of the
# input gradient with respect to the weight does not require grad through the weight.
import warnings

import torch

F = torch.nn.functional
warnings.simplefilter("ignore")  # (backward(create_graph=True)'s reference-cycle warning)

for fn, groups, padding, bias in [(F.conv1d, 2, "same", True), (F.conv1d, 1, 0, True),
                                  (F.conv1d, 2, 1, False), (F.conv_transpose1d, 1, 0, True),
                                  (F.conv2d, 1, 1, False)]:
    x = torch.linspace(-2.0, 2.0, 32).reshape(2, 4, 4).requires_grad_()
    w = torch.linspace(-1.0, 1.0, 16 // groups).reshape(4, 4 // groups, 1).requires_grad_()
    if fn is F.conv2d:
        x, w = x.detach().unsqueeze(-1).requires_grad_(), w.detach().unsqueeze(-1).requires_grad_()
    b = torch.tensor([-1.0, -0.5, 0.25, 0.5]) if bias else None
    y = fn(x, w, b, groups=groups, padding=padding)
    for seed_requires_grad in (False, True):
        g = torch.linspace(-1.0, 2.0, y.numel()).reshape(y.shape)
        g.requires_grad_(seed_requires_grad)
        gx, gw = torch.autograd.grad(y, (x, w), g, create_graph=True)
        ggx, ggw = torch.autograd.grad(gw.sum(), (x, w), create_graph=True, allow_unused=True)
        print(fn.__name__, groups, seed_requires_grad, "d(gw)/dx", ggx.requires_grad,
              ggx.grad_fn and ggx.grad_fn.name(), ggx.square().sum().item(), ggw)
        ggx, ggw = torch.autograd.grad(gx.sum(), (x, w), create_graph=True, allow_unused=True)
        print(fn.__name__, groups, seed_requires_grad, "d(gx)/dw", ggw.requires_grad,
              ggw.square().sum().item(), ggx)

# the fuzzer's program: .grad of the weight after backward(create_graph=True), then a second
# backward from it
x = torch.linspace(-2.0, 2.0, 32).reshape(2, 4, 4).requires_grad_()
w = torch.tensor([[[-0.75], [-0.25]], [[0.0], [-1.25]]], requires_grad=True)
y = F.conv1d(x, w, torch.tensor([-1.0, -0.5]), groups=2, padding="same")
y.backward(gradient=torch.linspace(-1.0, 1.0, 16).reshape(2, 2, 4), create_graph=True)
x.grad = None
w.grad.sum().backward(retain_graph=True, create_graph=True)
print(x.grad, x.grad.requires_grad)

# fuzz 0:9889: conv_transpose1d; the input gradient (from autograd.grad, create_graph) summed
# and backward(create_graph=True): the weight's gradient adds the first-order gradient to
# the second-order one, which reaches the ConvolutionBackwardBackward0 through its input
# gradient slot alone (the weight gradient was taken without the weight's history)


def names(fn):
    return [None if f is None else [f.name(), i] + ([names(f)] if f.name() == "AddBackward0"
                                                     else []) for f, i in fn.next_functions]


v1 = torch.tensor([[[1.25, -1.5, 2.0, -1.5]], [[-1.5, -0.25, -0.75, -1.0]]], requires_grad=True)
v2 = torch.tensor([[[1.854, 0.376], [0.258, 1.071]]], requires_grad=True)
v3 = F.conv_transpose1d(v1, v2, None)
(g1,) = torch.autograd.grad([v3.sum()], [v1], create_graph=True)
(g1.sum() + v3.sum()).backward(create_graph=True)
print(v1.grad, v2.grad, v2.grad.grad_fn.name(), names(v2.grad.grad_fn))

# The weight gradient through the input gradient, recorded as PyTorch composes it: a
# convolution of the two (batch and channel dims swapped, one per group, cat), transposed
# back, narrowed to the kernel's size where it came out larger


def tree(fn, depth=0):
    if fn is None:
        print("  " * depth + "None")
        return
    print("  " * depth + fn.name())
    for f, _ in fn.next_functions:
        tree(f, depth + 1)


for transposed, groups, stride, pad, dil, dims, out_pad in [
        (False, 1, 1, 0, 1, 1, 0), (False, 1, 2, 1, 1, 1, 0), (False, 1, 1, 0, 2, 1, 0),
        (True, 1, 1, 0, 1, 1, 0), (True, 2, 1, 0, 1, 1, 0), (True, 1, 3, 0, 1, 1, 2),
        (False, 1, 2, 0, 1, 2, 0), (False, 2, 2, 1, 1, 1, 0), (False, 2, 1, 1, 2, 2, 0)]:
    x = torch.linspace(-1.0, 1.0, 40 * 5 ** (dims - 1)).reshape((2, 4, 5) + (5,) * (dims - 1))
    x.requires_grad_()
    w = torch.linspace(-0.5, 1.0, 16 // groups * 2 ** dims).reshape((4, 4 // groups) +
                                                                   (2,) * dims)
    w.requires_grad_()
    options = dict(stride=stride, padding=pad, dilation=dil, groups=groups)
    if transposed:
        y = F.conv_transpose1d(x, w, None, output_padding=out_pad, **options)
    else:
        y = (F.conv1d if dims == 1 else F.conv2d)(x, w, None, **options)
    g = torch.linspace(-1.0, 1.0, y.numel()).reshape(y.shape).requires_grad_()
    (gx,) = torch.autograd.grad(y, x, g, create_graph=True)
    scale = torch.linspace(0.0, 1.0, gx.numel()).reshape(gx.shape)
    (ggw,) = torch.autograd.grad((gx * scale).sum(), w, create_graph=True)
    print(transposed, groups, stride, pad, dil, dims, tuple(ggw.shape), ggw.stride(),
          ggw.square().sum().item())
    tree(ggw.grad_fn)
    if out_pad == 0:  # (PyTorch's third derivative then raises: its inner convolution keeps
        # the output_padding, which a non-transposed convolution's backward refuses)
        (third,) = torch.autograd.grad(ggw.square().sum(), g)
        print("third", third.square().sum().item())
