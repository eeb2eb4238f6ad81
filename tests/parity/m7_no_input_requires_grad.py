# Spec 7.5 (+4.3): no positional input requires grad but the output does: the full hooks run
# right after the backward pre-hooks, at output-gradient time, with grad_input all None
# (one per positional arg), before any parameter gradient exists, and with the UserWarning
# "Full backward hook is firing when gradients are computed with respect to module outputs
# since no inputs require gradients. ..."; returning anything but None / all-None raises.
# Also with only a backward pre-hook registered the same warning is emitted.
import warnings
import torch
import torch.nn as nn

log = []


def fmt(ts):
    return [None if t is None else t.tolist() for t in ts]


lin = nn.Linear(2, 2)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[1., 2.], [3., 4.]]))
    lin.bias.fill_(0.5)
lin.register_full_backward_pre_hook(lambda m, go: log.append(('pre', fmt(go))))
lin.register_full_backward_hook(lambda m, gi, go: log.append(('full', fmt(gi), fmt(go), 'weight.grad', lin.weight.grad)))
lin.weight.register_post_accumulate_grad_hook(lambda p: log.append('weight post-accumulate'))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    out = lin(torch.tensor([[1., 1.]]))
    print('warnings at forward', len(w))
    out.backward(torch.tensor([[2., 3.]]))
    for ww in w:
        print('warning:', ww.category.__name__, ww.message)
for entry in log:
    print(entry)
log.clear()
print('weight.grad', lin.weight.grad.tolist())


class Two(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.tensor([1., 2.]))

    def forward(self, a, k, b):
        return a * self.w * k + b


def run(label, hook, reg='full'):
    m = Two()
    if reg == 'full':
        m.register_full_backward_hook(hook)
    else:
        m.register_full_backward_pre_hook(hook)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        try:
            m(torch.ones(2), 3, torch.zeros(2)).sum().backward()
            print(label, '-> ok, w.grad', m.w.grad.tolist())
        except Exception as e:
            print(label, '->', type(e).__name__, e)
        print('  warnings', [ww.category.__name__ for ww in w])


run('three args', lambda m, gi, go: print('  grad_input', gi, 'grad_output', fmt(go)))
run('returns (None, None, None)', lambda m, gi, go: (None, None, None))
run('returns (None,)', lambda m, gi, go: (None,))
run('returns tensors', lambda m, gi, go: (torch.ones(2), None, None))
run('returns []', lambda m, gi, go: [])
run('only a backward pre-hook', lambda m, go: print('  pre', fmt(go)), reg='pre')
