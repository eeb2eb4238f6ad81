# The deprecated torch.autograd.Variable: a plain tensor sharing data and version counter.
import warnings

import torch
from torch.autograd import Variable


def attempt(label, fn):
    try:
        print(label, '->', fn())
    except BaseException as e:
        print(label, '->', type(e).__name__, e)


t = torch.ones(2)
v = Variable(t)
print(type(v).__name__, v is t, v.requires_grad, v.is_leaf, v.data_ptr() == t.data_ptr())
v = Variable(t, requires_grad=True)
print(v.requires_grad, t.requires_grad, v.is_leaf, v.grad_fn)
v.data.add_(1)
print(t, t._version, v._version)
(v * 3).sum().backward()
print(v.grad, t.grad)
print(isinstance(t, Variable), isinstance(v, Variable), isinstance(3, Variable),
      isinstance([t], Variable))
w = torch.ones(2, requires_grad=True) * 2
for requires_grad in (False, True):
    alias = Variable(w, requires_grad=requires_grad)
    print('from non-leaf', alias.grad_fn, alias.requires_grad, alias.is_leaf)
print(repr(Variable()), Variable().dtype)
p = torch.nn.Parameter(torch.ones(2))
vp = Variable(p)
print(type(vp).__name__, vp.requires_grad, vp is p)
print(Variable(torch.tensor(3.0)), Variable(torch.tensor([1, 2])).dtype)
attempt('list', lambda: Variable([1, 2]))
attempt('long requires_grad', lambda: Variable(torch.tensor([1, 2]), requires_grad=True))
attempt('unknown keyword', lambda: Variable(t, foo=1))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    Variable(t, volatile=True)
print([(w.category.__name__, str(w.message)) for w in caught])
print(Variable.__name__, Variable.__module__)
