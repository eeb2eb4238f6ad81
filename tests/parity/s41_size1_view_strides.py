# The strides PyTorch gives dims of size 1 in views: unsqueeze's new dim takes the size times
# the stride of the dim after it (1 at the end, also for x[..., None] of a strided tensor),
# and view / reshape follow PyTorch's computeStride, which gives a size-1 dim the stride of
# the memory chunk it closes. A matrix product reads its transpose flags and leading
# dimensions from those strides, so einsum's bits depend on them too (hash of the bytes).
import hashlib

import numpy as np
import torch

rng = np.random.default_rng(9)
a = torch.tensor(rng.standard_normal((6, 37, 41)), dtype=torch.float32)
b = torch.tensor(rng.standard_normal((6, 41, 29)), dtype=torch.float32)
views = {
    "col.unsqueeze(2)": lambda: a[:, :, 0].unsqueeze(2),
    "col[..., None]": lambda: a[:, :, 0][..., None],
    "col[:, :, None, None]": lambda: a[:, :, 0][:, :, None, None],
    "strided.unsqueeze(1)": lambda: a[:, ::2].unsqueeze(1),
    "transposed.reshape": lambda: a.transpose(1, 2).reshape(6, 41, 37, 1),
    "stepped.reshape": lambda: a[:, :, ::3].reshape(6, 37, 1, 14),
    "odd size-1 stride.reshape": lambda: b.unsqueeze(3).permute(0, 3, 1, 2).sum(3, keepdim=True)
    .permute(0, 2, 3, 1).reshape(6, 41, 1),
    "t().view": lambda: a[0].t().view(41, 1, 37),
}
for name, make in views.items():
    print(name, tuple(make().shape), make().stride())


def bits(t):
    return hashlib.md5(t.numpy().tobytes()).hexdigest()[:10]


c = a[:, :, 0]
print("bmm with a column", bits(torch.bmm(a[:, :, :37], c.unsqueeze(2))))
for equation, operands in (("bij,bkj,bk->bi", (a, a, c)), ("bij,bjk->bi", (a, b)),
                           ("bij,bjk->bik", (a, b)), ("ij,jk,kl->il", (a[0], b[0], b[1].t()))):
    print(equation, bits(torch.einsum(equation, *operands)))
