# index_add / index_copy / index_fill (and in place) and take: values, node names, gradients
# (index_add's alpha, repeated indices), and the index errors.
import torch
x = torch.zeros(3, 4, requires_grad=True); s = torch.arange(8.).reshape(2, 4).requires_grad_()
i = torch.tensor([2, 0])
a = x.index_add(0, i, s, alpha=2); print(a, a.grad_fn.name()); (a * torch.arange(12.).reshape(3, 4)).sum().backward(); print(x.grad, s.grad)
b = torch.ones(3, 4, requires_grad=True); f = b.index_fill(1, torch.tensor([0, 2]), -1.); print(f, f.grad_fn.name()); f.sum().backward(); print(b.grad)
c = torch.ones(3, 4, requires_grad=True); cp = c.index_copy(0, i, s); print(cp, cp.grad_fn.name()); (cp * 2).sum().backward(); print(c.grad, s.grad)
t = torch.arange(12.).reshape(3, 4).requires_grad_(); tk = t.take(torch.tensor([[0, 5], [11, 5]])); print(tk, tk.grad_fn.name()); tk.sum().backward(); print(t.grad)
z = torch.zeros(2, 3); z.index_add_(1, torch.tensor([0, 0]), torch.ones(2, 2)); print(z)
z.index_fill_(0, torch.tensor([1]), 7); z.index_copy_(1, torch.tensor([2]), torch.full((2, 1), 3.)); print(z)
print(torch.index_add(torch.zeros(3), 0, torch.tensor([1, 1]), torch.tensor([1., 2.])), torch.take(torch.tensor([[4, 5], [6, 7]]), torch.tensor([3, 0])))
try: torch.zeros(3).index_add(0, torch.tensor([1.]), torch.ones(1))
except Exception as e: print(type(e).__name__, e)
try: torch.zeros(3).index_add(0, torch.tensor([1, 2]), torch.ones(1))
except Exception as e: print(type(e).__name__, e)
