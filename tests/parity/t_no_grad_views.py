# Views made under no_grad of a tensor that requires grad: requires_grad and is_leaf are
# True, no gradient flows through them, and an in-place op on one with grad mode on (or
# reading its grad_fn after its base changed) raises PyTorch's errors.
import torch
x = torch.ones(3, 4, requires_grad=True)
with torch.no_grad():
    v = x[0]
    u = x.view(12)
print(v.requires_grad, v.is_leaf, v.grad_fn, u.requires_grad, v._base is x)
r = (v * 2).sum(); print(r.requires_grad, r.grad_fn.name())
r.backward()
print(v.grad, x.grad)
for f in (lambda: v.mul_(2), lambda: u.add_(1)):
    try: f(); print("ok")
    except RuntimeError as e: print("RuntimeError", e)
y = x * 1
with torch.no_grad():
    z = y[0]
    vv = v[1:]
    q = x[0] * 2
    d = x.detach()[0]
print(z.requires_grad, z.is_leaf, vv.requires_grad, q.requires_grad, d.requires_grad)
with torch.no_grad():
    v.add_(1)
print("ok in no_grad", x[0])
try:
    print(v.grad_fn)
except RuntimeError as e:
    print("RuntimeError", e)
z2 = z * 3
print(z2.grad_fn.name(), z2.requires_grad)
