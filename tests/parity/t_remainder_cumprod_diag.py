# remainder / % and fmod (number and tensor divisors, both sign conventions), atan2, exp2,
# floor_divide, cumprod (zeros in the input), diag (vector -> matrix and back): values, node
# names and gradients.
import torch
x = torch.tensor([[1., -2., 3.], [4., 0.5, -6.]], requires_grad=True)
o = torch.tensor(2.5, requires_grad=True)
for name, f in [('remainder', torch.remainder), ('fmod', torch.fmod), ('atan2', torch.atan2)]:
    r = f(x, o); r.sum().backward(); print(name, r, r.grad_fn.name(), x.grad, o.grad)
    x.grad = None; o.grad = None
r = x % 2.5; print(r, r.grad_fn.name()); r.sum().backward(); print(x.grad); x.grad = None
print(x.fmod(-2.5), x.remainder(-2.5), torch.remainder(3, torch.tensor([2., 4.])))
print(torch.tensor([5, -5]) % 3, torch.fmod(torch.tensor([5, -5]), 3), torch.tensor([5., -5.]) % 0.)
e = torch.exp2(x); print(e, e.grad_fn.name()); e.sum().backward(); print(x.grad); x.grad = None
print(torch.floor_divide(torch.tensor([5., -5.]), 2), torch.tensor([7, -7]).floor_divide(2))
x = torch.tensor([[1., -2., 3.], [4., 0., -6.]], requires_grad=True)
c = x.cumprod(1); print(c, c.grad_fn.name()); c.sum().backward(); print(x.grad); x.grad = None
c = torch.cumprod(x, 0); (c * torch.tensor([[1., 2., 3.], [4., 5., 6.]])).sum().backward(); print(c, x.grad)
z = torch.tensor([0., 0., 2.], requires_grad=True); z.cumprod(0).sum().backward(); print(z.grad)
print(torch.tensor([1, 2, 3]).cumprod(0), torch.tensor(2.5).cumprod(0), x.cumsum(1).grad_fn.name())
v = torch.tensor([1., 2.], requires_grad=True)
d = torch.diag(v); print(d, d.grad_fn.name()); (d * torch.arange(4.).reshape(2, 2)).sum().backward(); print(v.grad)
print(torch.diag(v, 1), torch.diag(v, -1).shape)
m = torch.arange(9.).reshape(3, 3).requires_grad_()
dm = m.diag(); print(dm, dm.grad_fn.name()); dm.sum().backward(); print(m.grad)
print(m.diag(1), torch.diag(m, -2))
try: torch.diag(torch.ones(2, 2, 2))
except RuntimeError as e: print(e)
