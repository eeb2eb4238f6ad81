# Spec 1.5 / 6.2: the forward-hook snapshot is taken after forward returns, so a forward
# hook registered inside forward already runs in the same call and one removed inside
# forward does not run; a pre-hook registered inside forward only runs from the next call.
import torch
import torch.nn as nn

log = []


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.calls = 0
        self.handles = []

    def forward(self, x):
        self.calls += 1
        log.append('forward %d' % self.calls)
        if self.calls == 1:
            self.handles.append(self.register_forward_hook(lambda m, a, o: (log.append('fwd hook from forward'), o * 3)[1]))
            self.handles.append(self.register_forward_pre_hook(lambda m, a: log.append('pre hook from forward')))
        elif self.calls == 2:
            for h in self.handles:
                h.remove()
        return x + 1


m = M()
m.register_forward_hook(lambda mod, a, o: log.append(('static fwd hook sees', o.tolist())))
for i in range(3):
    out = m(torch.tensor([1.]))
    print('call', i + 1, out.tolist(), log)
    log.clear()
