# Convolutions with an infinite weight tap (or input element), as PyTorch 2.13 computes them on
# oneDNN's AVX2 kernels (pinned with ONEDNN_MAX_CPU_ISA=AVX2): the forward leaves the zero
# padding out where oneDNN takes its direct kernels (jit:avx2, jit_dw:avx2), so a tap on
# padding adds nothing, and sums 0 * inf = NaN there where it takes its GEMM (a window wholly
# in the padding, a left padding wider than the unrolled output columns, a wide strided
# padded kernel, grouped channels off its blocks); a grouped strided input gradient gets NaN
# at the taps past the input's right edge where its strided brgemm kernel runs (8+ channels
# a group) and not where its GEMM does; a transposed convolution's weight gradient with an
# infinite input follows the AVX2 backward-weights kernel's rule.
import os

os.environ["ONEDNN_MAX_CPU_ISA"] = "AVX2"  # (before oneDNN's first use: it reads it once)

import torch  # noqa: E402

F = torch.nn.functional
inf = float("inf")


def values(shape, salt):
    n = 1
    for size in shape:
        n *= size
    return (((torch.arange(n) * 7 + salt) % 11 - 5) / 4 + 0.125).reshape(shape)


def where(t):
    return (torch.isnan(t).flatten().nonzero().flatten().tolist(),
            torch.isinf(t).flatten().nonzero().flatten().tolist())


def forward(label, x_shape, w_shape, stride=1, padding=0, dilation=1, groups=1):
    x = values(x_shape, 1)
    w = values(w_shape, 4)
    w[0, 0, 0, 0] = inf
    y = F.conv2d(x, w, stride=stride, padding=padding, dilation=dilation, groups=groups)
    print("forward", label, tuple(y.shape), "nan, inf at", where(y))


def input_grad(label, x_shape, w_shape, stride, padding=0, groups=1):
    x = values(x_shape, 1).requires_grad_()
    w = values(w_shape, 4)
    w[0, 0, 0, -1] = -inf
    y = F.conv2d(x, w, stride=stride, padding=padding, groups=groups)
    (gx,) = torch.autograd.grad(y, x, values(y.shape, 2))
    print("input grad", label, tuple(gx.shape), "nan, inf at", where(gx))


def transposed_weight_grad(label, x_shape, w_shape, stride=1, padding=0, groups=1,
                           dilation=1):
    x = values(x_shape, 1)
    x[-1, 0, 0, -1] = inf
    w = values(w_shape, 4).requires_grad_()
    y = F.conv_transpose2d(x, w, stride=stride, padding=padding, groups=groups,
                           dilation=dilation)
    (gw,) = torch.autograd.grad(y, w, values(y.shape, 2))
    print("transposed weight grad", label, tuple(gw.shape), "nan, inf at", where(gw))


# jit:avx2 / jit_dw:avx2 (the padding left out)
forward("3->8 3x3", (2, 3, 5, 5), (8, 3, 3, 3), padding=1)
forward("5->3 3x2 stride (2, 1)", (2, 5, 6, 5), (3, 5, 3, 2), stride=(2, 1), padding=1)
forward("dilated", (2, 3, 7, 7), (4, 3, 3, 3), padding=2, dilation=2)
forward("1-d 3 wide stride 3", (2, 3, 1, 9), (8, 3, 1, 3), stride=(1, 3), padding=(0, 2))
forward("groups 2, 3 in, 8 out each", (2, 6, 5, 5), (16, 3, 3, 3), padding=1, groups=2)
forward("depthwise 3x3", (2, 8, 5, 5), (8, 1, 3, 3), padding=1, groups=8)
# oneDNN's GEMM (0 * inf on the padding)
forward("window in the padding", (2, 3, 5, 5), (8, 3, 2, 2), padding=2)
forward("left padding past 2 columns", (2, 3, 5, 1), (8, 3, 3, 3), padding=(1, 3), stride=(1, 3))
forward("kernel 8 wide strided padded", (2, 3, 6, 16), (8, 3, 3, 8), stride=2, padding=1)
forward("groups 4, 3 in, 8 out each", (2, 12, 5, 5), (32, 3, 3, 3), padding=1, groups=4)
forward("groups 2, 4 in, 4 out each", (2, 8, 5, 5), (8, 4, 3, 3), padding=1, groups=2)
forward("depthwise left padding past 1 column", (2, 8, 5, 1), (8, 1, 3, 5), padding=(1, 2),
        groups=8)
# the input gradient's taps past the right edge (strided brgemm) or none (GEMM)
input_grad("groups 2, 16 out each", (2, 8, 3, 7), (32, 4, 5, 4), (3, 2), (4, 1), groups=2)
input_grad("groups 2, 4 out each", (2, 8, 3, 7), (8, 4, 5, 4), (3, 2), (4, 1), groups=2)
input_grad("ungrouped", (2, 8, 3, 7), (8, 8, 5, 4), (3, 2), (4, 1))
# a transposed convolution's weight gradient
transposed_weight_grad("3->4 3x3", (2, 3, 4, 4), (3, 4, 3, 3), padding=1)
transposed_weight_grad("3->4 2x2 padding 2", (2, 3, 5, 5), (3, 4, 2, 2), padding=2)
transposed_weight_grad("groups 2 of 8", (2, 16, 4, 4), (16, 8, 3, 3), padding=1, groups=2)
transposed_weight_grad("dilated", (2, 3, 4, 4), (3, 4, 3, 3), padding=1, dilation=2)
