# logit's plain gradient (PyTorch's logit_backward kernel) over every class of x and dy, in
# its vector loop (whole 64-byte steps of a contiguous row, dy a broadcast value or not) and
# its element loop (short or strided rows, a row's tail): the vector loop gives dy / -0 (the
# opposite infinity) at x = -0 and its out-of-range value at a NaN x (a positive NaN without
# eps, 0 with one); create_graph's formula for comparison (fuzz 29:17333, 30:19667).
import numpy as np

import torch

nan, inf = float("nan"), float("inf")
X = [0.0, -0.0, 1.0, -1.0, nan, -nan, inf, -inf, 1e-45, 0.5, 0.1, 0.9, 2.0, 1.0000001, -1e-45]
G = [1.0, -1.0, 0.0, -0.0, nan, -nan, inf, -2.5]


def bits(t):
    a = t.detach().numpy()
    return a.view(np.int32 if a.dtype == np.float32 else np.int64).tolist()


def grad(x, eps, g, create):
    x = x.detach().requires_grad_()
    return bits(torch.autograd.grad(torch.logit(x, eps), x, g, create_graph=create)[0])


for dtype in (torch.float32, torch.float64):
    xs = torch.tensor([x for x in X for g in G], dtype=dtype)  # (120 values: a tail too)
    gs = torch.tensor([g for x in X for g in G], dtype=dtype)
    for eps in (None, 0.0, 0.1, -1.0):
        for create in (False, True):
            print(dtype, eps, create, "contiguous", grad(xs, eps, gs, create))
            print(dtype, eps, create, "strided", grad(torch.stack([xs, xs], 1)[:, 0], eps,
                                                      torch.stack([gs, gs], 1)[:, 0], create))
            print(dtype, eps, create, "short", sum((grad(xs[i:i + 5], eps, gs[i:i + 5], create)
                                                    for i in range(0, len(xs), 5)), []))
            print(dtype, eps, create, "2-d rows", grad(xs.view(8, 15), eps, gs.view(8, 15),
                                                       create))
            print(dtype, eps, create, "transposed", grad(xs.view(8, 15).t(), eps,
                                                         gs.view(8, 15).t(), create))
            x = xs.clone().requires_grad_()
            for g in (1.0, -1.0, 0.0, nan, -nan):  # (sum's gradient: one broadcast value)
                print(dtype, eps, create, "broadcast dy", g, bits(torch.autograd.grad(
                    torch.logit(x, eps).sum(), x, torch.tensor(g, dtype=dtype),
                    create_graph=create)[0]))
# the in-place form saves the input it overwrote (fuzz 29:17333)
x = torch.tensor([[-0.0, 0.0, 0.5, nan, 1.0, -0.0] * 4], requires_grad=True)
y = x * 1
y.logit_().sum().backward(torch.tensor(-0.014))
print(np.signbit(x.grad.numpy()).tolist(), x.grad)
