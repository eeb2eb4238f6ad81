# softmax and log_softmax of float32 along the last dim as PyTorch's AVX2 kernels round them
# (_vec_softmax_lastdim / _vec_log_softmax_lastdim): SLEEF's expf of x - max, the sum in
# vec::reduce_all's lane order, a product by 1 / sum (softmax), x - max - SLEEF's logf(sum)
# (log_softmax). Row lengths around the 8-lane vector (short rows, a tail, several vectors).
# Bits printed as hex words (NumPy's exp, log and pairwise sums differ in the last bit).
import numpy as np
import torch

rng = np.random.default_rng(43)


def words(t):
    return " ".join(f"x{w:x}" for w in t.detach().numpy().view(np.uint32).ravel())


for n in (1, 3, 7, 8, 9, 16, 21, 40, 67):
    x = torch.tensor((rng.standard_normal((3, n)) * 3).astype(np.float32))
    print("softmax", n, words(torch.softmax(x, -1)))
    print("log_softmax", n, words(torch.log_softmax(x, -1)))
x = torch.tensor((rng.standard_normal((2, 3, 300)) * 4).astype(np.float32))
print("softmax 3d", words(torch.nn.functional.softmax(x, dim=2)))
print("log_softmax 3d", words(torch.nn.functional.log_softmax(x, dim=-1)))
x[0, 1, 5] = -float("inf")  # (exp of -inf: 0, the row otherwise as before)
print("softmax -inf", words(torch.softmax(x, -1)))
