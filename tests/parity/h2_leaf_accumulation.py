# Spec 2.22, 4.10: leaf .grad accumulates in place across graph tasks (same Python object)
# when create_graph=False; with create_graph=True accumulation is out of place, the grad
# requires grad, and .backward(create_graph=True) warns (UserWarning, reference cycle).
# Observed: autograd.grad(create_graph=True) does not warn, and the backward warning is
# emitted only once per process.
import warnings
import torch

def count_warnings(f):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        f()
    return [(ww.category.__name__, str(ww.message).split(' (Triggered internally')[0]) for ww in w]

y = torch.tensor([1., 2.], requires_grad=True)
res = {}
print('autograd.grad(create_graph=True) warnings:', count_warnings(
    lambda: res.update(g=torch.autograd.grad((y * y).sum(), y, create_graph=True)[0])))
print('grad requires grad', res['g'].requires_grad, res['g'].tolist())

x = torch.tensor([1., 2.], requires_grad=True)
(x * x).sum().backward()
g0 = x.grad
(x * 3).sum().backward()
print('in place:', x.grad is g0, x.grad.tolist(), x.grad.requires_grad)
for cat, msg in count_warnings(lambda: (x * x).sum().backward(create_graph=True)):
    print(cat, msg)
print('create_graph: new object', x.grad is not g0, x.grad.tolist(), 'requires_grad', x.grad.requires_grad)
print('second create_graph backward warnings:', count_warnings(lambda: (x * x).sum().backward(create_graph=True)))
z = torch.ones(2, requires_grad=True)
z.grad = torch.tensor([10., 20.])
mine = z.grad
(z * 2).sum().backward()
print('pre-set grad accumulated into:', z.grad is mine, z.grad.tolist())
