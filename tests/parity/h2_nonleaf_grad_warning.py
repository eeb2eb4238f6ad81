# Spec 2.16: reading .grad of a non-leaf that does not retain grad returns None and warns
# (UserWarning); no warning for leaves, for retained non-leaves, or for tensors that do
# not require grad.
import warnings
import torch

def read_grad(label, t):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        g = t.grad
    print(label, 'grad:', g, 'warnings:', len(w))
    for ww in w:
        print('  ', ww.category.__name__, str(ww.message).split(' (Triggered internally')[0])

x = torch.ones(2, requires_grad=True)
y = x * 2
y.sum().backward(retain_graph=True)
read_grad('non-leaf', y)
read_grad('leaf', x)
y.retain_grad()
read_grad('retained non-leaf before backward', y)
y.sum().backward()
read_grad('retained non-leaf after backward', y)
read_grad('no requires_grad', torch.ones(2))
read_grad('detached', y.detach())
