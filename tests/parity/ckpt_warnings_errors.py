# torch.utils.checkpoint in PyTorch 2.13: the use_reentrant warnings, argument errors,
# and the errors of each variant at backward time.
import contextlib
import warnings

import torch
from torch.utils.checkpoint import CheckpointError, checkpoint, checkpoint_sequential


def run(label, fn):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        try:
            result = fn()
            print(label, '->', result if not isinstance(result, torch.Tensor) else 'tensor')
        except Exception as e:
            print(label, '->', type(e).__name__, str(e).split('\n')[0])
            if isinstance(e, CheckpointError):
                print('   ', str(e).split('\n')[1:3])
    for w in caught:
        print('   warning', w.category.__name__, str(w.message))


x = torch.ones(2, 3, requires_grad=True)


def f(t):
    return (t * 2).sin()


run('no use_reentrant', lambda: checkpoint(f, x))
run('sequential no use_reentrant',
    lambda: checkpoint_sequential(torch.nn.Sequential(torch.nn.ReLU(), torch.nn.ReLU()), 2, x))
run('reentrant kwargs', lambda: checkpoint(f, x, use_reentrant=True, foo=1))
run('reentrant context_fn', lambda: checkpoint(
    f, x, use_reentrant=True, context_fn=lambda: (None, None)))
run('reentrant debug', lambda: checkpoint(f, x, use_reentrant=True, debug=True))
run('sequential kwargs', lambda: checkpoint_sequential(
    [f, f], 2, x, use_reentrant=False, foo=1))
run('determinism_check', lambda: checkpoint(f, x, use_reentrant=False, determinism_check='x'))
run('debug with context_fn', lambda: checkpoint(
    f, x, use_reentrant=False, debug=True,
    context_fn=lambda: (contextlib.nullcontext(), contextlib.nullcontext())))
no_grad_input = torch.ones(2)
run('reentrant no input requires grad', lambda: checkpoint(f, no_grad_input,
                                                             use_reentrant=True).requires_grad)
run('non-reentrant no input requires grad', lambda: checkpoint(f, no_grad_input,
                                                                 use_reentrant=False).requires_grad)
run('non-reentrant kwargs', lambda: checkpoint(lambda t, scale: t * scale, x,
                                               use_reentrant=False, scale=3).sum().item())

# reentrant checkpoint and partial backward passes
out = checkpoint(f, x, use_reentrant=True)
run('reentrant autograd.grad', lambda: torch.autograd.grad(out.sum(), x))
out = checkpoint(f, x, use_reentrant=True)
run('reentrant backward(inputs=)', lambda: out.sum().backward(inputs=[x]))
out = checkpoint(f, x, use_reentrant=False)
run('non-reentrant autograd.grad', lambda: torch.autograd.grad(out.sum(), x)[0].sum().item())
out = checkpoint(lambda t: t.detach() * 2, x, use_reentrant=True)
run('reentrant output without grad', lambda: out.requires_grad)

# non-reentrant: retain_graph backward twice recomputes twice
calls = []


def counted(t):
    calls.append(1)
    return (t * t).exp()


out = checkpoint(counted, x, use_reentrant=False)
out.sum().backward(retain_graph=True)
out.sum().backward()
print('calls with retain_graph', len(calls), x.grad)
x.grad = None
out = checkpoint(counted, x, use_reentrant=False)
out.sum().backward()
run('second backward after free', lambda: out.sum().backward())

# a function that saves different things on recomputation
state = {'n': 0}


def unstable(t):
    state['n'] += 1
    return t.exp() if state['n'] == 1 else t.exp().exp()


out = checkpoint(unstable, x, use_reentrant=False)
run('mismatch count', lambda: out.sum().backward())
state['n'] = 0


def reshaping(t):
    state['n'] += 1
    return t.sin() if state['n'] == 1 else t.reshape(3, 2).sin()


out = checkpoint(reshaping, x, use_reentrant=False, early_stop=False)
run('mismatch metadata', lambda: out.sum().backward())
state['n'] = 0
out = checkpoint(reshaping, x, use_reentrant=False, determinism_check='none')
run('mismatch unchecked', lambda: out.sum().backward())
