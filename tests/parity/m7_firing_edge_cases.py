# Spec 7.5: identity module (returns its input) fires with grad_input == grad_output;
# output independent of the input -> only the backward pre-hooks fire; no output requires
# grad (detached output, or parameters frozen with an input not requiring grad) -> nothing
# fires; under torch.no_grad nothing fires either.
import torch
import torch.nn as nn

log = []


def fmt(ts):
    return [None if t is None else t.tolist() for t in ts]


class Id(nn.Module):
    def forward(self, x):
        return x


class Ign(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.tensor([1., 2.]))

    def forward(self, x):
        return self.w * 2


class Det(nn.Module):
    def forward(self, x):
        return x.detach() * 2


def hook_up(m, tag):
    m.register_full_backward_pre_hook(lambda mod, go: log.append((tag, 'pre', fmt(go))))
    m.register_full_backward_hook(lambda mod, gi, go: log.append((tag, 'full', fmt(gi), fmt(go))))
    return m


x = torch.tensor([1., -2.], requires_grad=True)
hook_up(Id(), 'identity')(x).backward(torch.tensor([3., 4.]))
print(log, x.grad.tolist())
log.clear()

ign = hook_up(Ign(), 'independent')
ign(x).sum().backward()
print(log, ign.w.grad.tolist())
log.clear()

d = hook_up(Det(), 'detached')
o = d(x)
print('detached output requires grad', o.requires_grad, log)

frozen = nn.Linear(2, 2)
frozen.requires_grad_(False)
hook_up(frozen, 'frozen')
o = frozen(torch.ones(1, 2))
print('frozen output requires grad', o.requires_grad, log)

with torch.no_grad():
    o = hook_up(Id(), 'no_grad')(x)
print('no_grad output grad_fn', o.grad_fn, log)
