# PyTorch's native CPU convolution (slow_conv2d: every float64 one, and a float32 one that
# does not go to oneDNN, such as a batch of one with a small ungrouped kernel on one thread)
# runs one MKL GEMM per sample with fixed arguments, adds the input gradient's columns back
# tap by tap, and accumulates the weight gradient sample by sample: the last bits of all
# three follow that structure (and MKL's kernel for the ISA). Printed as md5s of the bits:
# the runner's tolerance would hide a last-bit difference. At two threads PyTorch also
# threads the weight gradient's GEMMs inside MKL (outside its loop over the batch), which
# changes the bits of some shapes; those below keep one thread's.
import hashlib

import numpy as np
import torch

F = torch.nn.functional
rng = np.random.default_rng(48)


def bits(t):
    return hashlib.md5(t.detach().numpy().tobytes()).hexdigest()[:10] + str(tuple(t.shape))


CASES = [  # (x shape, weight shape, stride, padding, with bias)
    ((2, 4, 16, 33), (3, 4, 3, 3), 1, 0, True),
    ((1, 4, 16, 33), (3, 4, 3, 3), 1, 1, False),
    ((4, 16, 12, 12), (32, 16, 3, 3), 1, 1, True),
    ((4, 6, 10, 10), (5, 6, 1, 1), 1, 0, False),
    ((5, 7, 6, 6), (1, 7, 3, 3), 1, 0, True),
    ((2, 1, 8, 8), (4, 1, 3, 3), 3, 1, False),
    ((1, 64, 7, 7), (128, 64, 3, 3), 1, 1, True),
    ((1, 3, 50), (4, 3, 5), 2, 2, True),
    ((3, 8, 40), (6, 8, 3), 1, 1, False),
]


def run(dtype, x_shape, w_shape, stride, padding, with_bias):
    x = torch.tensor(rng.standard_normal(x_shape), dtype=dtype, requires_grad=True)
    w = torch.tensor(rng.standard_normal(w_shape), dtype=dtype, requires_grad=True)
    b = torch.tensor(rng.standard_normal(w_shape[0]), dtype=dtype) if with_bias else None
    fn = F.conv2d if len(x_shape) == 4 else F.conv1d
    y = fn(x, w, b, stride=stride, padding=padding)
    y.backward(torch.tensor(rng.standard_normal(tuple(y.shape)), dtype=dtype))
    print(dtype, x_shape, w_shape, stride, padding, with_bias, round(y.sum().item(), 6),
          bits(y), bits(x.grad), bits(w.grad))


for threads in (1, 2):
    torch.set_num_threads(threads)
    print("threads", threads)
    for case in CASES:
        run(torch.float64, *case)
    # float32 where PyTorch runs its native kernel: one sample, a small kernel and input
    # (any thread count); a 1x1 kernel at stride 1 in a small batch (one thread only)
    for case in CASES:
        if case[0][0] == 1 or (threads == 1 and case[1][2:] == (1, 1)):
            run(torch.float32, *case)
torch.set_num_threads(1)
