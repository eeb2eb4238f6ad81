# Spec 5.4: a tensor saved for backward and then modified in place makes backward raise the
# "modified by an inplace operation" error (version counter check), no hooks needed; a
# modification of a tensor that was not saved is fine.
import torch
x = torch.ones(2, requires_grad=True)
t = x * 1
y = t * t
t.add_(1)
try:
    y.sum().backward()
except RuntimeError as e:
    print('modified saved:', type(e).__name__, e)
print('version', t._version)
x2 = torch.ones(2, requires_grad=True)
u = x2 * 1
v = u + 5          # AddBackward0 saves nothing
u.mul_(3)
v.sum().backward()
print('not saved -> fine', x2.grad.tolist())
x3 = torch.ones(2, requires_grad=True)
e = x3.exp()
s = e.sum()
e.add_(1)
try:
    s.backward()
except RuntimeError as err:
    print('modified saved result:', str(err).split(';')[0])
