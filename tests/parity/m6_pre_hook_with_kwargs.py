# Spec 6.4: pre-hook with with_kwargs=True: hook(module, args, kwargs) must return None or
# a 2-tuple (new_args, new_kwargs) replacing both; the args part is not wrapped (a
# non-iterable gives Python's own TypeError, a list is used as is); any other return ->
# RuntimeError "forward pre-hook must return None or a tuple of (new_args, new_kwargs),
# but got <value>."; in-place mutation of kwargs reaches forward; mixing with plain pre-hooks.
import torch
import torch.nn as nn


class Echo(nn.Module):
    def forward(self, *args, **kwargs):
        print('  forward got', args, kwargs)
        return 0


def run(label, *hooks):
    m = Echo()
    for h, kw in hooks:
        m.register_forward_pre_hook(h, with_kwargs=kw)
    m.register_forward_hook(lambda mod, args, kwargs, out: print('  forward hook sees', type(args).__name__, args, kwargs), with_kwargs=True)
    print(label)
    try:
        m(1, k=2)
    except Exception as e:
        print('  error', type(e).__name__, e)


run('returns None', (lambda mod, a, k: None, True))
run('replaces both', (lambda mod, a, k: ((10,), {'k': 3, 'z': torch.ones(1)}), True))
run('args as list', (lambda mod, a, k: ([5, 6], {}), True))
run('args not iterable', (lambda mod, a, k: (10, {'k': 3}), True))
run('kwargs None', (lambda mod, a, k: ((1,), None), True))
run('3-tuple', (lambda mod, a, k: (1, 2, 3), True))
run('list of two', (lambda mod, a, k: [(1,), {}], True))
run('single int', (lambda mod, a, k: 7, True))
run('1-tuple', (lambda mod, a, k: ((1,),), True))


def mutate(mod, a, k):
    k['extra'] = 'x'
    k.pop('k')


run('mutate kwargs in place', (mutate, True))


def plain(mod, a):
    print('  plain pre-hook sees', a)
    return (a[0] * 100,)


def kwh(mod, a, k):
    print('  kwargs pre-hook sees', a, k)
    return (a + (4,), dict(k, added=True))


run('plain then kwargs', (plain, False), (kwh, True))
run('kwargs then plain', (kwh, True), (plain, False))
