# Spec 6.3: forward pre-hook without kwargs: hook(module, args), args always a tuple of the
# positional args (() when called with keywords only; kwargs still reach forward).
# Return None -> unchanged; tuple -> new args (empty tuple accepted); anything else
# (tensor, int, list) -> wrapped into a 1-tuple; a single tuple arg needs a 1-tuple.
# Modified args are seen by later pre-hooks, forward and forward hooks.
import torch
import torch.nn as nn


class Echo(nn.Module):
    def forward(self, *args, **kwargs):
        print('  forward got', args, kwargs)
        return len(args)


def run(label, *hooks, call_args=(1, 2), call_kwargs=None):
    m = Echo()
    for h in hooks:
        m.register_forward_pre_hook(h)
    print(label)
    r = m(*call_args, **(call_kwargs or {}))
    print('  result', r)


run('None', lambda mod, args: None)
run('tensor', lambda mod, args: torch.tensor([5.]))
run('int', lambda mod, args: 5)
run('tuple', lambda mod, args: (7, 8, 9))
run('list', lambda mod, args: [7, 8])
run('empty tuple', lambda mod, args: ())
run('tuple as single arg', lambda mod, args: ((3, 4),))
run('string', lambda mod, args: 'ab')
run('dict', lambda mod, args: {'a': 1})


def show_args(mod, args):
    print('  pre-hook sees args', args, type(args).__name__)


run('keywords only', show_args, call_args=(), call_kwargs={'a': 1, 'b': torch.zeros(1)})


def double(mod, args):
    return tuple(a * 2 for a in args)


def add_one(mod, args):
    print('  second pre-hook sees', args)
    return (args[0] + 1,) + args[1:]


m = Echo()
m.register_forward_pre_hook(double)
m.register_forward_pre_hook(add_one)
m.register_forward_hook(lambda mod, args, out: print('  forward hook sees args', args, 'out', out))
print('chained')
m(torch.tensor([1., 2.]), 3)
