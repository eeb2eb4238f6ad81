# softmax and log_softmax of float32 along a dim other than the last (the transposed input
# of softmax_bits, dim 0 of a 2-d tensor, a middle dim, trailing size 1), forward and
# backward, as PyTorch's AVX2 kernels round them: 8 inner columns at a time with SLEEF's
# expf, the columns left over one at a time with glibc's expf (softmax's forward: per
# chunk of its parallel_for, so by thread count), sums in order from 0, softmax's division,
# log_softmax's SLEEF log, softmax's backward sum of fused products. Bits as digests.
import hashlib

import numpy as np
import torch

rng = np.random.default_rng(4502)


def digest(t):
    return hashlib.md5(t.detach().numpy().tobytes()).hexdigest()[:16]


shapes = [((200, 9), 0, True), ((9, 13), 0, False), ((3, 5, 7), 1, False), ((2, 33, 17), 1, False),
          ((40, 1), 0, False), ((64, 3, 1), 1, False), ((5, 100, 6), 0, False), ((7, 200), 0, True)]
for threads in (1, 2):
    torch.set_num_threads(threads)
    for shape, dim, transpose in shapes:
        x = (rng.standard_normal(shape) * 2).astype(np.float32)
        for name in ("softmax", "log_softmax"):
            a = torch.tensor(x, requires_grad=True)
            y = getattr(torch, name)(a.t() if transpose else a, dim)
            y.sum().backward()
            ones = digest(a.grad)
            a.grad = None
            y = getattr(torch, name)(a.t() if transpose else a, dim)
            g = torch.tensor(rng.standard_normal(tuple(y.shape)).astype(np.float32))
            y.backward(g)
            print(threads, name, shape, dim, transpose, digest(y), ones, digest(a.grad))
