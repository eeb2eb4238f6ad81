# A transposed convolution's weight gradient is oneDNN's backward-weights kernel with the
# output gradient as its input and the input as its gradient: where that kernel leaves out the
# padding (conv_onednn's rule), an infinite input element that meets only padding adds nothing
# (the GEMM's 0 * inf made NaN). (Other shapes, which oneDNN's deconvolution sends to kernels
# not yet told apart, keep the GEMM's NaNs: not pinned here.)
import torch

F = torch.nn.functional

inf = float("inf")
W0 = [[[[-1.25, -0.25, 0.25, -0.0], [-0.75, 0.75, -1.0, -1.25], [-1.75, 0.75, -0.0, 0.0], [-0.5,
    -0.0, 1.75, -1.5]]], [[[-2.0, 0.5, 0.25, -0.75], [0.25, -1.0, 0.5, 1.75], [1.25, -0.5,
    0.25, 0.25], [-1.5, -1.5, 1.25, 0.0]]], [[[1.75, 1.75, -2.0, -0.25], [1.25, 1.25, 1.25,
    -1.0], [-1.25, -0.25, -0.0, -0.5], [0.25, -1.25, 0.75, 0.75]]], [[[-0.0, -2.0, 2.0,
    -0.75], [-1.0, -0.25, 1.25, 0.5], [-1.5, -0.25, 1.75, -0.5], [0.75, 0.0, 1.0, -0.5]]]]
W1 = [[[-2.0, -0.25, -0.25], [-0.0, 1.25, 0.25]], [[2.0, 0.5, -1.0], [1.25, -0.0, -0.5]], [[0.25,
    0.0, -1.5], [-0.75, 1.25, 0.25]], [[0.75, 1.0, 1.75], [-0.75, -0.75, -1.0]]]
W2 = [[[0.75, -0.5]], [[-0.75, 0.5]]]
cases = [
    ([[[[-inf]], [[0.25]], [[0.5]], [[-0.25]]]], W0, 3, 1, 1),
    ([[[-1.0, 2.5, 0.0, -0.0, 1.25], [0.25, -0.75, -0.25, -0.5, 0.0],
       [0.5, 0.5, 1.25, -0.0, 1.0], [1.75, -1.25, 0.75, -1.0, -1.5]],
      [[1.5, 1.25, 0.5, -0.5, 1.5], [-1.25, 0.0, 0.5, 1.25, -1.5],
       [-3.0, 0.0, 0.25, 0.25, -1.0], [-0.0, -1.5, 0.5, inf, -0.75]]], W1, 1, 2, 2),
    ([[[0.25, -2.0, 1.5, -0.5], [2.5, 0.75, -2.75, 0.75]],
      [[-0.5, 1.75, -0.75, inf], [2.5, -0.75, 0.5, 0.5]],
      [[-0.5, 0.5, -0.0, 0.75], [-0.25, 1.0, 0.5, 1.25]]], W2, 2, 1, 2),
]
for x, w, stride, padding, dilation in cases:
    x = torch.tensor(x, requires_grad=True)
    w = torch.tensor(w, requires_grad=True)
    conv = F.conv_transpose2d if x.dim() == 4 else F.conv_transpose1d
    for wanted in ([w], [x, w]):
        y = conv(x, w, None, stride=stride, padding=padding, dilation=dilation)
        print(torch.autograd.grad([y.sum()], wanted)[-1])
