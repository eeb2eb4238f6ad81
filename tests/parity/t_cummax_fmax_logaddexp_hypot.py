# cummax / cummin (ties and NaN take over, return types, gradients to the winning
# positions), fmax / fmin (NaN-ignoring, gradient routing), logaddexp and hypot (values,
# nodes, gradients, integer inputs refused).
import torch
x = torch.tensor([1., 3., 3., 2., 5., float('nan'), 4.], requires_grad=True)
r = x.cummax(0); print(r); print(torch.cummin(x, 0))
(r.values.nan_to_num() * torch.arange(7.)).sum().backward(); print(x.grad)
m = torch.tensor([[1., 5.], [3., 2.], [3., 7.]], requires_grad=True)
v, i = m.cummin(1); print(v, i, v.grad_fn.name()); v.sum().backward(); print(m.grad)
print(torch.tensor([[1, 5], [3, 2], [3, 7]]).cummax(0), torch.tensor(2.).cummax(0), type(r).__name__)
a = torch.tensor([1., float('nan'), 3., -2.], requires_grad=True); b = torch.tensor([2., 1., float('nan'), -2.], requires_grad=True)
for f in (torch.fmax, torch.fmin, torch.logaddexp, torch.hypot):
    y = f(a, b); print(y, y.grad_fn.name())
    ga, gb = torch.autograd.grad(y.nan_to_num().sum(), (a, b)); print(ga, gb)
print(torch.logaddexp(torch.tensor([1., -1000.]), torch.tensor([2., -1000.])), torch.hypot(torch.tensor([3., 5]), torch.tensor([4., 12])))
for f in (torch.logaddexp, torch.hypot):
    try: f(torch.tensor([3, 5]), torch.tensor([4, 12]))
    except NotImplementedError as e: print("NotImplementedError", e)
print(torch.fmax(torch.tensor([[1.], [4.]]), torch.tensor([2., 3.])), a.fmin(b), a.logaddexp(b), a.hypot(b))
