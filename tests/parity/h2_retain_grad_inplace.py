# Spec 2.15: retain_grad follows in-place ops: after t.retain_grad(); t.cos_() the retained
# .grad is the gradient w.r.t. the newest version (also for in-place through a view).
import torch
x = torch.tensor(1., requires_grad=True)
t = x.sin()
t.retain_grad()
t.cos_()
print('retains_grad', t.retains_grad, t.grad_fn.name())
(t * 3).backward()
print('t.grad', t.grad.item(), 'x.grad', round(x.grad.item(), 5))
a = torch.tensor([1., 2., 3.], requires_grad=True)
b = a * 1
b.retain_grad()
b[0].mul_(4)
(b * torch.tensor([1., 2., 3.])).sum().backward()
print('over view: b.grad', b.grad.tolist(), 'a.grad', a.grad.tolist(), b.grad_fn.name())
c = a * 1
c.retain_grad()
c.add_(1); c.mul_(2)
(c * c).sum().backward()
print('two in-place ops: c.grad', c.grad.tolist())
