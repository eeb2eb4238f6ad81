# The weight gradient of a float32 conv2d / conv1d with padding when grad_output holds a NaN
# or an infinity, as PyTorch 2.13 computes it on oneDNN's AVX2 kernels (pinned with
# ONEDNN_MAX_CPU_ISA=AVX2, so any AVX2 or AVX-512 CPU records the same): its direct kernels
# (jit:avx2; jit_dw:avx2 for depthwise) leave the zero padding out, so a tap that meets only
# padding next to the NaN keeps a finite sum, while its im2col GEMM (dilated, grouped off 8
# channels a group, padding as wide as the kernel, a kernel taller than the input or 14 wide,
# ...) and PyTorch's own GEMM (float64, shapes oneDNN does not get) sum 0 * NaN = NaN there.
# One shape per branch of that rule, plus fuzz 26:12349 (1 input channel, 2x2 kernel,
# padding 1), also with create_graph.
import os

os.environ["ONEDNN_MAX_CPU_ISA"] = "AVX2"  # (before oneDNN's first use: it reads it once)

import torch  # noqa: E402

F = torch.nn.functional
nan, inf = float("nan"), float("inf")


def values(shape, dtype, salt):
    n = 1
    for size in shape:
        n *= size
    return (((torch.arange(n) * 7 + salt) % 11 - 5) / 4).to(dtype).reshape(shape)


def show(label, x_shape, w_shape, stride=1, padding=0, dilation=1, groups=1, spot=None,
         bad=nan, dtype=torch.float32, create_graph=False):
    conv = F.conv1d if len(x_shape) == 3 else F.conv2d
    x = values(x_shape, dtype, 1).requires_grad_()
    w = values(w_shape, dtype, 4).requires_grad_()
    y = conv(x, w, stride=stride, padding=padding, dilation=dilation, groups=groups)
    g = values(y.shape, dtype, 2)
    g[spot if spot is not None else (-1, 0) + (0,) * (g.dim() - 3) + (-1,)] = bad
    (gw,) = torch.autograd.grad(y, w, g, create_graph=create_graph)
    gw = gw.detach()
    finite = torch.where(torch.isfinite(gw), gw, torch.zeros_like(gw))
    print(label, tuple(y.shape), "nan at", torch.isnan(gw).flatten().nonzero().flatten().tolist(),
          "inf at", torch.isinf(gw).flatten().nonzero().flatten().tolist(),
          "finite sum", round(finite.sum().item(), 3))


# fuzz 26:12349's shape and values (jit:avx2 leaves out the padding)
x0 = torch.tensor([[[[0.068, 1.652, 0.112, 0.725], [1.858, 3.158, -0.099, -0.644],
                     [-0.012, -0.911, -0.697, -1.545]]],
                   [[[2.331, -3.119, 0.74, 0.106], [2.484, 0.44, 2.788, -0.703],
                     [-1.823, 1.443, 0.092, 1.69]]]], requires_grad=True)
w0 = torch.tensor([[[[-0.736, -0.875], [0.195, -0.036]]]], requires_grad=True)
for create_graph in (False, True):
    y0 = F.conv2d(x0, w0, torch.tensor([2.0]), stride=1, padding=1)
    g0 = torch.ones(2, 1, 4, 5, dtype=torch.float64)
    g0[1, 0, 0, 4] = nan
    y0.backward(gradient=g0, retain_graph=True, create_graph=create_graph)
    print("fuzz 26:12349", create_graph, w0.grad)
    w0.grad = None

# jit:avx2 (skips the padding)
show("1 channel 2x2", (2, 1, 3, 4), (1, 1, 2, 2), padding=1)
show("1 channel 2x2 inf", (2, 1, 3, 4), (1, 1, 2, 2), padding=1, bad=-inf, spot=(0, 0, 3, 0))
show("5->3 3x2 stride (2,1)", (2, 5, 6, 5), (3, 5, 3, 2), stride=(2, 1), padding=1)
show("3->4 3x3", (2, 3, 5, 5), (4, 3, 3, 3), padding=1, spot=(1, 2, 0, 0))
show("16->16 groups 2", (2, 16, 4, 4), (16, 8, 3, 3), padding=1, groups=2)
show("17->20 5x5 padding 4", (2, 17, 6, 6), (20, 17, 5, 5), padding=(4, 2))
show("2->3 kernel 13 wide", (2, 2, 3, 15), (3, 2, 3, 13), padding=(1, 6))
show("conv1d 3->4", (2, 3, 7), (4, 3, 3), padding=1)
show("2 channels of one pixel", (3, 2, 1, 1), (9, 2, 1, 3), padding=(0, 2))
show("create_graph", (2, 5, 6, 5), (3, 5, 3, 2), stride=(2, 1), padding=1, create_graph=True)
# jit_dw:avx2 (depthwise: skips the padding)
show("depthwise 3x3", (2, 8, 5, 5), (8, 1, 3, 3), padding=1, groups=8)
show("depthwise 5x2 stride 2 pad 2", (2, 3, 9, 6), (3, 1, 5, 2), stride=2, padding=(2, 1),
     groups=3)
show("depthwise 1x3 conv1d", (2, 4, 9), (4, 1, 3), padding=1, groups=4)
# oneDNN's GEMM (sums the padding)
show("dilated", (2, 3, 6, 6), (4, 3, 3, 3), padding=1, dilation=2)
show("padding = kernel", (2, 3, 5, 5), (4, 3, 2, 2), padding=2)
show("kernel taller than input", (2, 3, 2, 6), (4, 3, 3, 3), padding=1)
show("kernel 14 wide", (2, 2, 3, 16), (3, 2, 3, 14), padding=(1, 6))
show("3 channels of one pixel", (3, 3, 1, 1), (9, 3, 1, 3), padding=(0, 2))
show("groups 2 of 4", (2, 8, 4, 4), (8, 4, 3, 3), padding=1, groups=2)
show("depthwise 4 wide", (2, 8, 5, 6), (8, 1, 3, 4), padding=1, groups=8)
show("depthwise padding over half", (2, 8, 5, 5), (8, 1, 3, 3), padding=2, groups=8)
show("depthwise stride over width", (2, 8, 5, 9), (8, 1, 3, 2), stride=3, padding=1, groups=8)
show("depthwise top padding 2 stride 3", (2, 3, 9, 6), (3, 1, 5, 2), stride=(3, 1), padding=(2, 1),
     groups=3)
show("depthwise x2", (2, 4, 5, 5), (8, 1, 3, 3), padding=1, groups=4)
# PyTorch's own GEMM (not oneDNN)
show("float64", (2, 1, 3, 4), (1, 1, 2, 2), padding=1, dtype=torch.float64)
show("one sample 3x3", (1, 1, 4, 4), (1, 1, 3, 3), padding=1, spot=(0, 0, 0, 3))
