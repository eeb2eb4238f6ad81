# Complex sum / mean in PyTorch's CPU summation order, bit for bit: its cascade sum adds
# complex vectors (4 complex64 / 2 complex128 lanes in 32 bytes) as it adds real ones, so
# each part is a real sum in that order; before, NumPy's pairwise order differed in the last
# bits from 3 elements on (masked_fill's 0-d value gradient, a masked_select sum, showed it).
# Full sums, sums and means over a dim (inner and outer, transposed, sliced), keepdim, dtype=,
# NaNs and infinities; a complex sum into a real dtype casts as PyTorch's (its warning only).
import random
import warnings

import numpy as np
import torch

warnings.simplefilter("always")
random.seed(7)


def words(t):
    array = np.ascontiguousarray(t.detach().numpy())
    return " ".join(f"{w:x}" for w in array.view(np.uint32 if array.itemsize <= 8 else np.uint64).ravel())


for shape in [(3,), (4,), (5,), (9,), (17,), (3, 5), (7, 9), (4, 17), (33, 6), (2, 3, 40), (5, 3), (70, 70)]:
    n = int(np.prod(shape))
    for dtype in (torch.complex64, torch.complex128):
        values = [complex(random.uniform(-3, 3) * 10 ** random.randint(-3, 3), random.uniform(-3, 3))
                  for _ in range(n)]
        x = torch.tensor(values, dtype=dtype).reshape(shape)
        print(shape, dtype, "sum", words(x.sum()))
        print(shape, dtype, "mean", words(x.mean()))
        for d in range(len(shape)):
            print(shape, dtype, "sum dim", d, words(x.sum(d)))
            print(shape, dtype, "mean dim", d, words(x.mean(d)))
            if len(shape) > 1:
                print(shape, dtype, "sum of transpose dim", d, words(x.transpose(0, -1).sum(d)))
        if len(shape) > 1:
            print(shape, dtype, "sum keepdim", words(x.sum((0, -1), keepdim=True)))
            print(shape, dtype, "sum of slice", words(x[..., ::2].sum(-1)))
inf, nan = float("inf"), float("nan")
x = torch.tensor([complex(nan, 1), complex(1, nan), complex(inf, 0), 2j, complex(-inf, 1)] * 4)
print("nan sum", torch.view_as_real(x.sum()).tolist(), torch.view_as_real(x.reshape(4, 5).sum(1)).tolist())
r = torch.tensor([1.5, 2.25, 3.0, 1e-3, 7.0])
c = torch.tensor([1.5 + 1j, 2.25, 3.0 - 2j, 1e-3j, 7.0, 0.1 + 0.2j])
print("real sum dtype complex", words(r.sum(dtype=torch.complex64)), words(r.sum(0, dtype=torch.complex128)))
print("complex64 sum dtype complex128", words(c.sum(dtype=torch.complex128)), words(c.mean(0, dtype=torch.complex128)))
with warnings.catch_warnings(record=True) as caught:
    print("complex sum dtype float32", words(c.sum(dtype=torch.float32)), words(c.mean(dtype=torch.float64)))
print("warnings", sorted({str(w.message)[:48] for w in caught}))
c.requires_grad_()
m = torch.tensor([True, False, True, True, True, False])
v = torch.tensor(0.5 - 1j, requires_grad=True)
out = c.masked_fill(m, v)
out.backward(torch.tensor([0.3 - 1.7j, 1.1 + 0.1j, -2.9 + 0.3j, 0.7 + 0.6j, 1.3 - 0.4j, 5j]))
print("masked_fill value gradient", words(v.grad))
