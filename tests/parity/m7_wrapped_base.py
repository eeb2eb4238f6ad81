# What forward sees under a full backward hook: each tensor input passed through the wrapper
# reports _is_view() and a _base, which is the first base (views of views and wrapped outputs
# passed on to the next hooked module); a custom Function returning its input does the same.
import torch

x = torch.ones(3, requires_grad=True)
v = x[1:]
seen = {}


class Keep(torch.nn.Module):
    def forward(self, inp):
        seen['in'] = inp
        return inp * 1


m = Keep()
m.register_full_backward_hook(lambda mod, gi, go: None)
o = m(x)
print('leaf input: base is x', seen['in']._base is x, 'is view', seen['in']._is_view())
print('output: is view', o._is_view(), 'base requires grad', o._base.requires_grad)
m(v)
print('view input: base is x', seen['in']._base is x, 'base is v', seen['in']._base is v)
o2 = m(o)
print('wrapped output as input: base is o._base', seen['in']._base is o._base,
      'base is o', seen['in']._base is o)
with torch.no_grad():
    m(x)
print('no_grad: input passed as is', seen['in'] is x, seen['in']._base)
print('plain tensors', x._base, x.detach()._base, v._base is x, v[1:]._base is x)


class Pass(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a

    @staticmethod
    def backward(ctx, g):
        return g


p = Pass.apply(v)
print('custom Function: base is x', p._base is x, p._is_view())
(o2.sum() + p.sum()).backward()
print('grad', x.grad)
