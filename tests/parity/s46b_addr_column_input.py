# addr of a float32 input that broadcasts along the rows (shape (n, 1)): PyTorch's vector
# loop takes at most one operand broadcast along its inner row (is_contiguous_scalar), so
# with the input and vec1 both constant along a row every element takes its scalar form
# (fma(beta, input, (alpha * vec1[i]) * vec2[j])); hookgrad took the vector form on whole
# 16-float steps. The same rule sends number ** (an exponent expanded along its rows) to
# the element loop. Printed: bit patterns (x + hex; bits of float32 results only compare so).
import numpy as np
import torch


def hexbits(t):
    return " ".join("x%08x" % (v & 0xFFFFFFFF) for v in t.detach().numpy().view(np.int32).ravel().tolist())


rng = np.random.default_rng(461)
for n, m in ((5, 37), (8, 40), (3, 33)):
    v1 = torch.tensor(rng.standard_normal(n).astype(np.float32))
    v2 = torch.tensor(rng.standard_normal(m).astype(np.float32))
    x = torch.tensor(rng.standard_normal((n, 1)).astype(np.float32))
    print(n, m, hexbits(torch.addr(x, v1, v2, beta=0.7, alpha=1.3)))
    e = torch.tensor((rng.standard_normal((n, 1)) * 3).astype(np.float32)).expand(n, m)
    print(n, m, hexbits(1.7 ** e), hexbits(e.abs() ** e))
