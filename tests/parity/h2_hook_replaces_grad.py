# Spec 2.2, 2.3: hook(grad) returning None keeps the gradient, returning a Tensor replaces
# it for later hooks on the same tensor and for everything downstream. Several hooks run
# in registration order, each seeing the previous one's result.
import torch
log = []
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 2
y.register_hook(lambda g: log.append(('h1 sees', g.tolist())))
y.register_hook(lambda g: g * 10)
y.register_hook(lambda g: log.append(('h3 sees', g.tolist())))
y.register_hook(lambda g: g + 1)
y.register_hook(lambda g: log.append(('h5 sees', g.tolist())))
(y * y).sum().backward()
for entry in log:
    print(entry)
print('x.grad', x.grad.tolist())
# a leaf hook's return value is what gets accumulated
log.clear()
w = torch.tensor([1., 1.], requires_grad=True)
w.register_hook(lambda g: torch.tensor([7., 8.]))
w.register_hook(lambda g: log.append(g.tolist()))
(w * 3).sum().backward()
print('leaf replaced', w.grad.tolist(), log)
# returning the very same tensor is fine
v = torch.ones(2, requires_grad=True)
v.register_hook(lambda g: g)
(v * 4).sum().backward()
print('identity return', v.grad.tolist())
