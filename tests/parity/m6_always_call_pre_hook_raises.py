# Spec 6.7: a forward pre-hook raising (or a with_kwargs pre-hook returning a bad value)
# runs the always_call forward hooks with the latest (pre-hook-modified) args/kwargs and
# result None; the original exception is re-raised.
import torch
import torch.nn as nn

log = []


class M(nn.Module):
    def forward(self, x, k=0):
        log.append('forward')
        if not isinstance(k, (int, float)):
            raise TypeError('k must be a number, got ' + type(k).__name__)
        return x + k


m = M()
m.register_forward_pre_hook(lambda mod, a: (a[0] * 2,))


def raising_pre(mod, a):
    log.append(('raising_pre sees', a[0].tolist()))
    raise RuntimeError('pre boom')


m.register_forward_pre_hook(raising_pre)
m.register_forward_hook(lambda mod, a, o: log.append(('always', a[0].tolist(), o)), always_call=True)
m.register_forward_hook(lambda mod, a, k, o: log.append(('always_kw', a[0].tolist(), k, o)), always_call=True, with_kwargs=True)
m.register_forward_hook(lambda mod, a, o: log.append('not always'))
try:
    m(torch.tensor([1., 2.]), k=3)
except Exception as e:
    print('raised', type(e).__name__, e)
for entry in log:
    print(entry)
log.clear()

m2 = M()
m2.register_forward_pre_hook(lambda mod, a, k: ((a[0] + 1,), {'k': 100}), with_kwargs=True)
m2.register_forward_pre_hook(lambda mod, a, k: 'bad', with_kwargs=True)
m2.register_forward_hook(lambda mod, a, k, o: log.append(('always_kw', a[0].tolist(), k, o)), always_call=True, with_kwargs=True)
try:
    m2(torch.tensor([1.]), k=1)
except Exception as e:
    print('raised', type(e).__name__, e)
print(log)
log.clear()

# exception inside a nested child: the child's and the parent's always_call hooks both run
class Parent(nn.Module):
    def __init__(self):
        super().__init__()
        self.child = M()

    def forward(self, x):
        log.append('parent forward')
        return self.child(x, k='not a number')


p = Parent()
p.register_forward_hook(lambda mod, a, o: log.append(('parent always', o)), always_call=True)
p.child.register_forward_hook(lambda mod, a, o: log.append(('child always', o)), always_call=True)
try:
    p(torch.ones(1))
except TypeError as e:
    print('raised', type(e).__name__, e)
print(log)
