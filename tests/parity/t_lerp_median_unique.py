# lerp (number and tensor weights, PyTorch's two-sided formula), addcmul, addcdiv (and in place),
# nansum, nanmean, median (whole, along a dim, NaN), unique, repeat_interleave, meshgrid (ij,
# xy, and the once-per-process warning without indexing): values, node names, gradients.
import warnings
import torch
x = torch.tensor([[1., 3., 2.], [4., 0., 0.5]], requires_grad=True)
y = torch.tensor([[2., 1., 0.], [1., 1., 1.]], requires_grad=True)
w = torch.full((2, 3), 0.25, requires_grad=True)
for out in (x.lerp(y, 0.25), torch.lerp(x, y, 0.75), torch.lerp(x, y, w), torch.addcmul(x, x, y, value=2),
            x.addcdiv(x, y + 1, value=0.5)):
    print(out, out.grad_fn.name())
    out.sum().backward()
    print(x.grad, y.grad, w.grad)
    x.grad = y.grad = w.grad = None
e = torch.zeros(3); e.lerp_(torch.ones(3), 0.1); e.addcmul_(torch.ones(3), torch.full((3,), 2.)); e.addcdiv_(torch.ones(3), torch.full((3,), 4.), value=2); print(e)
n = torch.tensor([[1., float('nan')], [3., 4.]], requires_grad=True)
s = n.nansum(); print(s, s.grad_fn.name()); s.backward(); print(n.grad); n.grad = None
m = n.nanmean(1); print(m, m.grad_fn.name()); m.sum().backward(); print(n.grad)
print(torch.nansum(n, 0, keepdim=True), torch.tensor([1, 2]).nansum(), torch.tensor([float('nan')]).nanmean())
try: torch.tensor([1, 2]).nanmean()
except RuntimeError as err: print(err)
z = torch.tensor([1., 2., 2., 3.], requires_grad=True)
md = z.median(); print(md, md.grad_fn.name()); md.backward(); print(z.grad)
z2 = torch.tensor([[2., 2., 1.], [5., 1., 1.]], requires_grad=True)
v, i = z2.median(1); print(v, i, v.grad_fn.name()); v.sum().backward(); print(z2.grad)
print(torch.median(torch.tensor([3., float('nan'), 1.])), torch.tensor([[3., float('nan'), 1.]]).median(dim=1))
print(torch.tensor([[1., 2.], [3., 4.]]).median(dim=1, keepdim=True), torch.median(torch.tensor(2.5)))
print(torch.tensor([3, 1, 3, 2, 1]).unique(), torch.unique(torch.tensor([3, 1, 3, 2, 1]), return_counts=True),
      torch.unique(torch.tensor([[3, 1], [3, 2]]), return_inverse=True))
r = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
print(r.repeat_interleave(2), r.repeat_interleave(2, dim=1), torch.repeat_interleave(r, torch.tensor([1, 3]), dim=0))
(r.repeat_interleave(3, dim=0) * torch.arange(12.).reshape(6, 2)).sum().backward(); print(r.grad)
print(torch.repeat_interleave(torch.tensor([1, 2]), torch.tensor([2, 3])))
a, b = torch.meshgrid(torch.tensor([1, 2]), torch.tensor([3, 4, 5]), indexing='ij'); print(a, b)
a, b = torch.meshgrid(torch.tensor([1, 2]), torch.tensor([3, 4, 5]), indexing='xy'); print(a, b)
with warnings.catch_warnings(record=True) as c:
    warnings.simplefilter('always')
    g = torch.meshgrid(torch.tensor([1., 2.], requires_grad=True), torch.tensor([3., 4.]))
    torch.meshgrid(torch.tensor([1, 2]), torch.tensor([3, 4]))
print(len(c), [str(m.message) for m in c], g[0].grad_fn.name())
