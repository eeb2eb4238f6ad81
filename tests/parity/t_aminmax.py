# aminmax: one node with min and max, ties share each gradient evenly, keepdim / dim,
# the empty-input errors, integers and NaN.
import torch
x = torch.tensor([[1., 3., 3.], [0., 0., 2.]], requires_grad=True)
r = x.aminmax(); print(r, r.min.grad_fn.name())
(r.min * 2 + r.max * 3).backward(); print(x.grad)
x.grad = None
r = torch.aminmax(x, dim=1, keepdim=True); print(r)
r.max.sum().backward(); print(x.grad)
lo, hi = x.aminmax(dim=0); print(lo, hi)
for f in (lambda: torch.aminmax(torch.ones(0)), lambda: torch.aminmax(torch.ones(2, 0), dim=1)):
    try: f()
    except (RuntimeError, IndexError) as e: print(type(e).__name__, e)
print(torch.aminmax(torch.tensor([1, 5, 2])), torch.aminmax(torch.tensor([1., float('nan')])))
