# A convolution of one input channel by a 1x1 kernel (PyTorch's native im2col + GEMM): each
# output is one product, so -0. stays -0. (x * negative weight, or the padding's 0 * w) -
# except where the GEMM is a matrix-vector product (one output channel, or one output
# position), which adds into the zeroed output and gives 0. (fuzz 43:8588: conv1d with
# padding='same' then digamma, -inf for PyTorch's 0.).
import numpy as np

import torch

F = torch.nn.functional


def signs(t):
    return "".join(map(str, np.signbit(t.detach().numpy()).astype(int).ravel().tolist()))


for dtype in (torch.float32, torch.float64):
    for channels in (1, 2, 3):
        for shape in ((1, 1, 1, 1), (1, 1, 1, 3), (2, 1, 2, 2), (1, 1, 3, 3)):
            for padding, stride in ((0, 1), (1, 1), (0, 2), (1, 3)):
                x = torch.zeros(shape, dtype=dtype)
                w = -torch.ones(channels, 1, 1, 1, dtype=dtype)
                print(dtype, channels, shape, padding, stride,
                      signs(F.conv2d(x, w, padding=padding, stride=stride)))
x = torch.tensor([[[0.0, -0.5, 0.25]]])
w = torch.tensor([[[-1.093]], [[-0.872]]])
y = F.conv1d(x, w, None, padding="same", dilation=2)
print(signs(y), torch.digamma(y))
print(signs(F.conv1d(x, w[:1])), signs(F.conv1d(x, w[:1], torch.tensor([-0.0]))))
for dilation in (1, 2, 3):
    for shape in ((1, 1, 3, 3), (2, 1, 4, 2)):
        x = torch.zeros(shape)
        w = -torch.ones(2, 1, 1, 1)
        print(dilation, shape, signs(F.conv2d(x, w, dilation=dilation)),
              signs(F.conv2d(x, w, padding=1, dilation=dilation)),
              signs(F.conv2d(x, w, torch.full((2,), -0.0), dilation=dilation)))
