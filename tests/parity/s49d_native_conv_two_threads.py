# At two threads PyTorch calls some of its native (float64) convolutions' GEMMs outside its
# parallel loop (the weight gradient's; a batch of one's; a dilated or transposed one's plain
# loops), so MKL splits each product between its two threads: the rows in two shares, in
# blocks of 12 (a weight gradient's C*kh*kw rows where O <= 2 C*kh*kw and Ho*Wo >= 24; the
# others' Ho*Wo rows). A short last share (13 to 35 rows, 63, ...) comes out in other bits
# than one thread's product gives it. Printed as md5s of the bits (the runner's tolerance
# would hide them); MKL's kernels differ per ISA.
import hashlib

import numpy as np
import torch

F = torch.nn.functional
rng = np.random.default_rng(4949)


def bits(t):
    return hashlib.md5(t.detach().contiguous().numpy().tobytes()).hexdigest()[:10]


CASES = [  # (function, x shape, weight shape, options)
    (F.conv_transpose2d, (1, 4, 16, 33), (4, 3, 3, 3), {}),  # (27 rows: 24 + 3)
    (F.conv_transpose2d, (2, 4, 16, 21), (4, 3, 3, 3), {"stride": 2}),
    (F.conv_transpose2d, (3, 2, 9, 11), (2, 8, 3, 3), {"padding": 1}),  # (72 rows)
    (F.conv2d, (1, 3, 20, 33), (16, 3, 3, 3), {}),
    (F.conv2d, (2, 2, 20, 33), (8, 2, 3, 3), {"padding": 1}),  # (18 rows: 12 + 6)
    (F.conv2d, (4, 1, 20, 33), (4, 1, 5, 5), {"dilation": 2}),  # (25 rows: 24 + 1)
    (F.conv2d, (1, 3, 20, 33), (64, 3, 3, 3), {}),  # (O > 2 * 27: MKL splits columns)
    (F.conv2d, (2, 4, 12, 12), (6, 4, 3, 3), {}),  # (36 rows: whole blocks)
    (F.conv2d, (1, 3, 4, 5), (4, 3, 3, 3), {}),  # (depth 6: one product)
    (F.conv1d, (2, 5, 40), (7, 5, 3), {}),  # (15 rows: 12 + 3)
    (F.conv1d, (1, 13, 30), (9, 13, 1), {}),  # (13 rows: 12 + 1)
    # a batch of one: its forward's and input gradient's GEMMs too (Ho*Wo rows)
    (F.conv1d, (1, 4, 65), (3, 4, 3), {}),  # (63 rows: 36 + 27)
    (F.conv2d, (1, 2, 5, 7), (3, 2, 3, 3), {"padding": 1}),  # (35 rows)
    (F.conv2d, (1, 2, 5, 5), (3, 2, 1, 1), {}),  # (25 rows: 24 + 1)
    (F.conv_transpose2d, (1, 3, 9, 9), (3, 2, 3, 3), {"padding": 1}),
    # dilated (a plain loop over the batch), transposed (its input gradient's plain loop)
    (F.conv2d, (2, 3, 11, 9), (4, 3, 3, 3), {"dilation": 2}),  # (35 rows)
    (F.conv_transpose2d, (3, 2, 4, 7), (2, 3, 3, 3), {"stride": 2}),  # (28 rows)
]

torch.set_num_threads(2)
for fn, x_shape, w_shape, options in CASES:
    x = torch.tensor(rng.standard_normal(x_shape), requires_grad=True)
    w = torch.tensor(rng.standard_normal(w_shape), requires_grad=True)
    y = fn(x, w, **options)
    y.backward(torch.tensor(rng.standard_normal(tuple(y.shape))))
    print(fn.__name__, x_shape, w_shape, options, bits(y), bits(x.grad), bits(w.grad))
torch.set_num_threads(1)
