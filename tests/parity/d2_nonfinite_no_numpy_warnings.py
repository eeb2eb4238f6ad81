# Infinities meeting zeros or each other give NaN silently, as in PyTorch: no NumPy warning
# (after the filters the library installs, as a user's program sees them).
import warnings

import torch

inf = float("inf")
with warnings.catch_warnings(record=True) as caught:
    warnings.filterwarnings("always", append=True)
    v0 = torch.tensor([[0.25, 2.0], [-1.75, -1.0], [0.25, -0.75]])
    v1 = torch.tensor([-1.75, -1.5, 0.0])
    v2 = torch.tensor([-0.75, -inf])
    print(v0.clone().addr_(v1, v2))
    print(torch.addr(v0, v1, v2, alpha=0, beta=2))
    print(torch.addr(torch.full((3, 2), inf), v1, v2, alpha=2, beta=0.5))
    print(torch.addmv(torch.tensor([inf, 1.0]), torch.tensor([[1.0, -inf], [0.0, 1.0]]),
                      torch.tensor([0.0, 1.0])))
    print(torch.addmm(torch.tensor([[-inf]]), torch.tensor([[inf, 0.0]]),
                      torch.tensor([[1.0], [1.0]])))
print("warnings:", [str(w.message) for w in caught])

# cumprod's gradient for an input with zeros and infinities
nan = float("nan")
with warnings.catch_warnings(record=True) as caught:
    warnings.filterwarnings("always", append=True)
    for row in ([0.0, inf, -1.25], [inf, 0.0, -inf, 2.0], [1e30, 0.0, 1e30, 1e30],
                [nan, 0.0, 0.0, 3.0], [2.0, -inf, 0.0, inf]):
        for create in (False, True):
            v0 = torch.tensor([row, row[::-1]], requires_grad=True)
            g, = torch.autograd.grad(v0.cumprod(1).sum(), v0, create_graph=create)
            print(g)
print("warnings:", [str(w.message) for w in caught])
