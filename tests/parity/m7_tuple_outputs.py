# Spec 7.1 / 7.3: tuple (and namedtuple, type preserved) outputs are wrapped element-wise;
# grad_output has one entry per element, None for an element that got no gradient and for
# an output that does not require grad; each returned tensor has grad_fn
# BackwardHookFunctionBackward (one shared node).
import collections
import torch
import torch.nn as nn

Pair = collections.namedtuple('Pair', 'first second')


def fmt(ts):
    return [None if t is None else t.tolist() for t in ts]


class Split(nn.Module):
    def forward(self, x):
        return x * 2, x ** 2, x.detach() + 1


s = Split()
s.register_full_backward_pre_hook(lambda m, go: print('pre', fmt(go)))
s.register_full_backward_hook(lambda m, gi, go: print('full gi', fmt(gi), 'go', fmt(go)))
x = torch.tensor([1., 3.], requires_grad=True)
o1, o2, o3 = s(x)
print('grad_fns', o1.grad_fn.name(), o2.grad_fn.name(), o3.grad_fn, 'shared', o1.grad_fn is o2.grad_fn)
print('o3 requires_grad', o3.requires_grad)
print('only first used')
o1.sum().backward(retain_graph=True)
print('only second used')
o2.sum().backward(retain_graph=True)
print('both used')
(o1 * o2).sum().backward()
print('x.grad', x.grad.tolist())


class NT(nn.Module):
    def forward(self, x):
        return Pair(x + 1, x * 5)


n = NT()
n.register_full_backward_hook(lambda m, gi, go: print('namedtuple full gi', fmt(gi), 'go', fmt(go)))
r = n(x)
print('type', type(r).__name__, r._fields, r.first.grad_fn.name())
r.second.sum().backward()
