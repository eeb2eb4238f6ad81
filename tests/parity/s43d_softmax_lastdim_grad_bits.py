# The backward of float32 softmax and log_softmax along the last dim as PyTorch's AVX2
# kernels round it: softmax (g - sum(g * y)) * y, log_softmax g - exp(y) * sum(g) as one
# fused multiply-add with SLEEF's expf; each sum in vec::reduce_all's lane order. Row
# lengths around the 8-lane vector. Bits printed as hex words (NumPy's sums and exp differ in
# the last bit).
import numpy as np
import torch

rng = np.random.default_rng(431)


def words(t):
    return " ".join(f"x{w:x}" for w in t.detach().numpy().view(np.uint32).ravel())


for n in (1, 2, 7, 8, 9, 16, 21, 67):
    x = (rng.standard_normal((3, n)) * 3).astype(np.float32)
    g = torch.tensor(rng.standard_normal((3, n)).astype(np.float32))
    for name in ("softmax", "log_softmax"):
        a = torch.tensor(x, requires_grad=True)
        getattr(torch, name)(a, -1).backward(g)
        print(name, n, words(a.grad))
# a loss through log_softmax (cross_entropy's path) and a softmax attention-like product
a = torch.tensor((rng.standard_normal((4, 10)) * 2).astype(np.float32), requires_grad=True)
torch.nn.functional.nll_loss(torch.log_softmax(a, 1), torch.tensor([1, 0, 9, 3])).backward()
print("nll", words(a.grad))
q = torch.tensor(rng.standard_normal((2, 5, 12)).astype(np.float32), requires_grad=True)
(torch.softmax(q, -1) * torch.arange(12.0)).sum().backward()
print("weighted", words(q.grad))
