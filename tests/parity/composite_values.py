# matrix_power's values and gradients by repeated squaring (and of 0: a copy into a clone),
# histc's bins at their edges and errors, cov / corrcoef values and gradients, fill_diagonal_
# through a view (CopySlices) and wrapped.
import random

import torch

random.seed(0)
g = torch.Generator().manual_seed(0)
for n in (4, 5, 6, 7, 13, -2):
    a = torch.tensor([[0.9, 0.2, -0.1], [0.05, 1.1, 0.3], [-0.2, 0.4, 0.8]], requires_grad=True)
    p = a.matrix_power(n)
    p.sum().backward()
    print(n, p, a.grad)
a = torch.tensor([[0.9, 0.2], [0.3, 1.1]], requires_grad=True)
z = a.matrix_power(0)
z.sum().backward()
print(z, a.grad, z.grad_fn.name(), [f and f.name() for f, _ in z.grad_fn.next_functions])
vals = [random.uniform(-3, 5) for _ in range(200)] + [0.0, 3.0, 5.0, -3.0]
t = torch.tensor(vals)
for args in ((10, 0, 0), (7, -3, 5), (5, 0, 3), (100, -2.5, 4.5), (3, 1, 1)):
    print(args, t.histc(*args).tolist())
print(torch.tensor([]).histc(4))
for call in (
    lambda: t.histc(0),
    lambda: t.histc(3, 5, 1),
    lambda: torch.tensor([1, 2]).histc(),
    lambda: t.histc(3, float("-inf"), 1),
):
    try:
        print(call())
    except Exception as e:
        print(type(e).__name__, e)
x = torch.tensor(
    [[1.0, 2.0, 4.0, 7.0], [0.5, -1.0, 2.0, 0.0], [3.0, 3.0, 3.0, 3.0]], requires_grad=True
)
c = torch.cov(x)
c.sum().backward()
print(c, x.grad)
print(torch.cov(x, correction=0), torch.cov(x[0]), torch.corrcoef(x[:2]))
print(torch.cov(torch.tensor([[1, 2], [3, 5]])))
x = torch.zeros(3, 3, requires_grad=True) * 1
x.fill_diagonal_(2.0)
print(x, x.grad_fn.name())
print(torch.zeros(2, 2, 2).fill_diagonal_(1).sum(), torch.zeros(2, 5).fill_diagonal_(3, wrap=True))
for call in (
    lambda: torch.tensor([1.0, float("nan"), 2.0]).histc(3),
    lambda: torch.tensor([float("inf"), 2.0]).histc(3),
    lambda: t.histc(3, 0, float("nan")),
    lambda: t.histc(-2),
    lambda: torch.tensor([1.0, 2.0], dtype=torch.float16).histc(3),
):
    try:
        print(call())
    except Exception as e:
        print(type(e).__name__, e)
