# Float32 convolutions PyTorch runs on oneDNN's direct kernels (a batch, a large kernel or
# input, several threads: conv_onednn.runs_on_onednn) sum each output as one chain of fused
# multiply-adds per block of channels, in the kernel's loop order: channel block, kernel
# row, kernel column, channel. On AVX-512 each 16-channel block's chain starts from 0 and
# the blocks' sums are added after, the bias to the first; on AVX2 one chain runs through
# all 8-channel blocks from the bias. An unstrided input gradient (oneDNN's backward-data
# kernel) sums its output-channel blocks likewise, the taps in the weight's order; on one
# thread a weight gradient (backward-weights) is one chain per weight over the positions,
# image by image (on two, with few channels, one per half of the batch, added). Printed as
# md5s of the bits (the runner's tolerance would hide a last-bit difference): forward
# outputs, and the gradients where they are modelled.
import hashlib

import numpy as np
import torch

F = torch.nn.functional
rng = np.random.default_rng(49)


def bits(t):
    data = t.detach().contiguous().numpy().tobytes()
    return hashlib.md5(data).hexdigest()[:10] + str(tuple(t.shape))


FORWARD = [  # (x shape, weight shape, stride, padding, dilation, with bias)
    ((8, 8, 33), (4, 8, 3), 1, 0, 1, False),
    ((4, 4, 4, 33), (3, 4, 3, 3), 1, 0, 1, True),
    ((64, 1, 28, 28), (6, 1, 5, 5), 1, 0, 1, True),
    ((64, 6, 12, 12), (16, 6, 5, 5), 1, 0, 1, True),
    ((2, 3, 20, 20), (8, 3, 7, 7), 2, 3, 1, True),
    ((3, 17, 9, 11), (8, 17, 3, 3), 1, 1, 1, True),
    ((2, 40, 7, 9), (12, 40, 3, 3), (2, 1), (1, 0), 1, False),
    ((2, 48, 6, 6), (32, 48, 3, 3), 1, 1, 1, True),
    ((4, 16, 10, 12), (1, 16, 3, 2), 1, (1, 0), 1, True),
    ((2, 12, 13, 14), (10, 12, 3, 3), 1, 2, 2, False),
    ((16, 24, 5, 40), (6, 24, 1, 5), 1, (0, 2), (1, 3), True),
    ((5, 32, 30), (16, 32, 5), 2, 2, 1, True),
]
INPUT_GRAD = [  # unstrided (on AVX2 up to 8 output channels: its kernel sums more otherwise)
    ((8, 8, 33), (4, 8, 3), 0, 1),
    ((4, 4, 4, 33), (3, 4, 3, 3), 0, 1),
    ((4, 6, 9, 9), (8, 6, 3, 3), 1, 1),
    ((2, 20, 7, 8), (7, 20, 3, 5), (1, 2), 1),
    ((3, 32, 6, 6), (8, 32, 2, 2), 1, 1),
    ((16, 3, 11, 10), (8, 3, 5, 5), 2, 1),
    ((6, 16, 40), (5, 16, 7), 3, 1),
]


def conv(x, w, b, stride, padding, dilation):
    fn = F.conv2d if x.dim() == 4 else F.conv1d
    return fn(x, w, b, stride=stride, padding=padding, dilation=dilation)


for threads in (1, 2):
    torch.set_num_threads(threads)
    print("threads", threads)
    for x_shape, w_shape, stride, padding, dilation, with_bias in FORWARD:
        x = torch.tensor(rng.standard_normal(x_shape), dtype=torch.float32)
        w = torch.tensor(rng.standard_normal(w_shape), dtype=torch.float32)
        b = torch.tensor(rng.standard_normal(w_shape[0]), dtype=torch.float32) \
            if with_bias else None
        y = conv(x, w, b, stride, padding, dilation)
        print("forward", x_shape, w_shape, stride, padding, dilation, with_bias, bits(y))
    for x_shape, w_shape, padding, dilation in INPUT_GRAD:
        x = torch.tensor(rng.standard_normal(x_shape), dtype=torch.float32, requires_grad=True)
        w = torch.tensor(rng.standard_normal(w_shape), dtype=torch.float32)
        y = conv(x, w, None, 1, padding, dilation)
        y.backward(torch.tensor(rng.standard_normal(tuple(y.shape)), dtype=torch.float32))
        print("input grad", x_shape, w_shape, padding, dilation, bits(y), bits(x.grad))
WEIGHT_GRAD = [  # on two threads only up to 8 channels each (oneDNN then halves the batch)
    ((8, 8, 33), (4, 8, 3), 0, 1),
    ((4, 4, 4, 33), (3, 4, 3, 3), 0, 1),
    ((5, 3, 9, 12), (6, 3, 5, 2), (2, 1), (2, 1)),
    ((3, 17, 6, 7), (20, 17, 3, 3), 1, 1),
    ((4, 16, 5, 6), (32, 16, 2, 3), (1, 1), 1),
]
for threads in (1, 2):
    torch.set_num_threads(threads)
    for x_shape, w_shape, padding, stride in WEIGHT_GRAD:
        if threads == 2 and max(w_shape[:2]) > 8:
            continue
        x = torch.tensor(rng.standard_normal(x_shape), dtype=torch.float32)
        w = torch.tensor(rng.standard_normal(w_shape), dtype=torch.float32, requires_grad=True)
        y = conv(x, w, None, stride, padding, 1)
        y.backward(torch.tensor(rng.standard_normal(tuple(y.shape)), dtype=torch.float32))
        print("weight grad", threads, x_shape, w_shape, padding, stride, bits(y), bits(w.grad))
