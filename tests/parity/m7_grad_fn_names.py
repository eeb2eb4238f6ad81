# Spec 7.1 / 6.5: with a full backward hook (or only a backward pre-hook) the positional
# tensor inputs seen by forward and by forward hooks, and the returned outputs, are views
# with grad_fn BackwardHookFunctionBackward (forward pre-hooks still see the raw args;
# forward hooks see the raw output); inputs not requiring grad are marked
# non-differentiable (no grad_fn); under no_grad nothing is wrapped.
import torch
import torch.nn as nn

log = []


def name(t):
    return None if t.grad_fn is None else t.grad_fn.name()


class Show(nn.Module):
    def forward(self, a, b):
        log.append(('forward a', name(a), a.requires_grad, a._is_view(), 'b', name(b), b.requires_grad))
        return a * 2 + b


s = Show()
s.register_forward_pre_hook(lambda m, args: log.append(('pre-hook a', name(args[0]))))
s.register_forward_hook(lambda m, args, out: log.append(('fwd hook a', name(args[0]), 'out', name(out))))
s.register_full_backward_hook(lambda *a: None)
x = torch.tensor([1., 2.], requires_grad=True)
c = torch.tensor([3., 4.])
out = s(x, c)
for entry in log:
    print(entry)
log.clear()
print('returned', name(out), out._is_view(), 'is leaf', out.is_leaf)
nf = out.grad_fn.next_functions
print('output wrapper next_functions', [(None if f is None else f.name(), i) for f, i in nf])
add = nf[0][0]
mul = [f for f, _ in add.next_functions if f is not None][0]
print('mul next', [(None if f is None else f.name()) for f, _ in mul.next_functions])
inp_wrap = [f for f, _ in mul.next_functions if f is not None and f.name() == 'BackwardHookFunctionBackward'][0]
print('input wrapper next', [(None if f is None else f.name()) for f, _ in inp_wrap.next_functions])

s2 = Show()
s2.register_full_backward_pre_hook(lambda *a: None)
o2 = s2(x * 1, c)
print('pre-hook only:', log, name(o2))
log.clear()

with torch.no_grad():
    o3 = s(x, c)
print('no_grad:', log, name(o3), o3.requires_grad)
log.clear()

lin = nn.Linear(2, 2)
lin.register_forward_hook(lambda m, args, out: log.append(('Linear fwd hook out', name(out))))
print('no backward hook:', name(lin(x.reshape(1, 2))), log)
log.clear()
lin.register_full_backward_hook(lambda *a: None)
print('with backward hook:', name(lin(x.reshape(1, 2))), log)
