# A convolution PyTorch runs on oneDNN whose weight gradient its AVX-512 backward-weights
# kernel computes leaves the padding out: with a NaN or infinite grad_output, a weight tap that
# meets only padding gets 0 (a GEMM over zero-padded columns would give 0 * NaN = NaN), with
# or without create_graph (the same convolution_backward).
import torch

F = torch.nn.functional


def weight_grad(x, w, grad, create_graph, **kw):
    conv = F.conv1d if x.dim() == 3 else F.conv2d
    y = conv(x, w, **kw)
    (gw,) = torch.autograd.grad(y, w, grad(y.shape), create_graph=create_graph)
    return gw


nan = float("nan")
x = torch.tensor([[[0.75, 1.0, -1.75], [0.5, 0.5, -1.0]], [[-1.5, 1.25, 0.0], [1.75, -0.5, 1.5]]])
w = torch.tensor([[[-1.0, 1.5, -0.25], [0.0, 0.25, -2.0]],
                  [[1.75, 1.0, -1.5], [-1.75, 0.75, -1.75]]], requires_grad=True)
for create_graph in (False, True):
    print(weight_grad(x, w, lambda s: torch.full(s, nan), create_graph, padding=1, dilation=2))
    print(weight_grad(x, w, lambda s: torch.full(s, float("inf")), create_graph, padding=1))
    print(weight_grad(x[:, :1], w[:, :1], lambda s: torch.full(s, nan), create_graph,
                      padding=1, stride=2))
x2 = torch.arange(2 * 3 * 4 * 5.0).reshape(2, 3, 4, 5) % 7 - 3
w2 = (torch.arange(4 * 3 * 3 * 3.0).reshape(4, 3, 3, 3) % 5 - 2).requires_grad_()
for create_graph in (False, True):
    grad = weight_grad(x2, w2, lambda s: torch.zeros(s).index_fill_(2, torch.tensor([0]), nan),
                       create_graph, padding=1)
    print(grad.isnan().sum(), grad[0, 0])
# outside that kernel (4 input channels: oneDNN's AVX2 kernel or its GEMM) the NaNs stay
x4 = torch.arange(2 * 4 * 6.0).reshape(2, 4, 6) % 5 - 2
w4 = torch.ones(2, 4, 3, requires_grad=True)
print(weight_grad(x4, w4, lambda s: torch.full(s, nan), False, padding=1, dilation=2).isnan().sum())
