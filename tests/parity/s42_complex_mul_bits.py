# Complex products as PyTorch's mul kernel rounds them (AVX2): its vector loop's four plain
# products and their sums (no fused multiply-add), over runs of 8 complex64 / 4 complex128;
# the rest of a run in its element loop, fused as c10::complex's operator* compiles, but the
# last of an odd count of complex64 plain. A run is the whole contiguous result, or each row
# where the other operand is broadcast along leading dims. Bits printed as hex words. (A
# number operand's element loop is not fully modelled: its tails can differ in the last bit.)
import numpy as np
import torch

rng = np.random.default_rng(11)


def words(t):
    array = np.ascontiguousarray(t.detach().numpy())
    return " ".join(f"x{w:x}" for w in array.view(np.uint32 if array.itemsize == 8 else np.uint64).ravel())


for dtype in (torch.complex64, torch.complex128):
    for n in (3, 8, 11):
        a = torch.complex(torch.tensor(rng.standard_normal(n)), torch.tensor(rng.standard_normal(n))).to(dtype)
        b = torch.complex(torch.tensor(rng.standard_normal(n)), torch.tensor(rng.standard_normal(n))).to(dtype)
        rows = torch.complex(torch.tensor(rng.standard_normal((2, n))),
                             torch.tensor(rng.standard_normal((2, n)))).to(dtype)
        print(dtype, n, "a * b", words(a * b))
        print(dtype, n, "rows * b", words(rows * b))
inf = float("inf")
special = torch.tensor([complex(inf, 0), complex(1, inf), complex(-0.0, 1), complex(2, -0.0)] * 3)
print("special", special * special.flip(0), special * 2)
