# A convolution's bias gradient where oneDNN adds each channel one element at a time (its
# direct kernels' order), over as many positions as cross hookgrad's chains of fused
# multiply-adds by 1 (448 terms each: conv_bias_grad._chained_sums) once, twice or many
# times, up to the most it follows that order for (16,384); W4's second layer among them.
# Values of many magnitudes, so that the order shows in the last bits, printed as bits.
import random

import torch

F = torch.nn.functional
torch.set_num_threads(1)
rng = random.Random(50)


def values(*shape):
    count = 1
    for size in shape:
        count *= size
    return [rng.uniform(-1, 1) * 10.0 ** rng.randint(-3, 3) for _ in range(count)]


def bias_grad(x_shape, w_shape, **options):
    x = torch.tensor(values(*x_shape)).reshape(x_shape)
    w = torch.tensor(values(*w_shape)).reshape(w_shape)
    b = torch.zeros(w_shape[0], requires_grad=True)
    y = F.conv2d(x, w, b, **options)
    g = torch.tensor(values(*y.shape)).reshape(y.shape)
    y.backward(g)
    print(x_shape, w_shape, options, y.shape[0] * y.shape[2] * y.shape[3],
          b.grad.view(torch.int32).tolist())


bias_grad((1, 2, 21, 21), (2, 2, 3, 3), padding=1)  # 441 positions: one chain
bias_grad((1, 2, 16, 28), (5, 2, 3, 3), padding=1)  # 448
bias_grad((1, 2, 1, 449), (3, 2, 1, 3), padding=(0, 1))  # 448 + 1
bias_grad((2, 3, 21, 22), (16, 3, 3, 3), padding=1)  # 924: three chains
bias_grad((64, 6, 12, 12), (16, 6, 5, 5))  # W4's second layer: 4,096
bias_grad((4, 3, 64, 64), (17, 3, 3, 3), padding=1)  # 16,384
