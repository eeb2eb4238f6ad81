# Fuzz p66:10531 (MultiheadAttention, loss = sum of the attention weights). The backward of
# float32 softmax / log_softmax along the last dim from y.sum() (an expanded gradient of
# ones, which PyTorch makes contiguous first) and from a random gradient, as PyTorch's AVX2
# kernel rounds it: map2_reduce_all's partial last vector adds its products with one fused
# multiply-add where the rows run on one thread (one thread set, or a single row), and
# rounded first where parallel_for splits the rows over threads. Bits as hex words.
import hashlib

import numpy as np
import torch

rng = np.random.default_rng(4501)


def digest(t):
    return hashlib.md5(t.detach().numpy().tobytes()).hexdigest()[:16]


for threads in (1, 2):
    torch.set_num_threads(threads)
    for n in (5, 8, 9, 15, 17, 33, 100):
        for rows in (1, 40):
            x = (rng.standard_normal((rows, n)) * 2).astype(np.float32)
            g = rng.standard_normal((rows, n)).astype(np.float32)
            for name in ("softmax", "log_softmax"):
                a = torch.tensor(x, requires_grad=True)
                getattr(torch, name)(a, -1).sum().backward()
                ones = digest(a.grad)
                a = torch.tensor(x, requires_grad=True)
                getattr(torch, name)(a, -1).backward(torch.tensor(g))
                print(threads, name, n, rows, ones, digest(a.grad))
