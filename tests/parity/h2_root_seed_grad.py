# Spec 2.7: hooks on the tensor that .backward() is called on receive the seed gradient
# (tensor(1.) for scalars, otherwise the gradient argument); a hook there can replace it.
import torch
log = []
x = torch.tensor(2., requires_grad=True)
r = (x * 3).sum()
r.register_hook(lambda g: log.append(('scalar root', g)))
r.backward()
r = x * 3
r.register_hook(lambda g: log.append(('explicit seed', g)))
r.backward(torch.tensor(7.))
v = torch.tensor([1., 2.], requires_grad=True)
rv = v * 2
rv.register_hook(lambda g: log.append(('vector seed', g.tolist())))
rv.backward(torch.tensor([0.5, -1.]))
for entry in log:
    print(entry)
print('v.grad', v.grad.tolist())
w = torch.tensor([1., 2.], requires_grad=True)
root = (w * w).sum()
root.register_hook(lambda g: g * 10)
root.backward()
print('root hook scales everything', w.grad.tolist())
leaf = torch.tensor([1., 2.], requires_grad=True)
leaf.register_hook(lambda g: g + 1)
leaf.backward(torch.tensor([3., 4.]))
print('leaf as root', leaf.grad.tolist())
