# Infinities meeting zeros or each other give NaN silently, as in PyTorch: no NumPy warning.
import warnings

import torch

warnings.simplefilter("always")
inf = float("inf")
with warnings.catch_warnings(record=True) as caught:
    v0 = torch.tensor([[0.25, 2.0], [-1.75, -1.0], [0.25, -0.75]])
    v1 = torch.tensor([-1.75, -1.5, 0.0])
    v2 = torch.tensor([-0.75, -inf])
    print(v0.clone().addr_(v1, v2))
    print(torch.addr(v0, v1, v2, alpha=0, beta=2))
    print(torch.addr(torch.full((3, 2), inf), v1, v2, alpha=2, beta=0.5))
    print(torch.addmv(torch.tensor([inf, 1.0]), torch.tensor([[1.0, -inf], [0.0, 1.0]]),
                      torch.tensor([0.0, 1.0])))
print("warnings:", [str(w.message) for w in caught])
