# Spec 6.2: hooks fire once per module call; a module used twice in one forward (and a
# module appearing twice in a ModuleList) fires its pre/forward hooks twice, each time
# with that call's args and output.
import torch
import torch.nn as nn

log = []
lin = nn.Linear(2, 2)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[1., 0.5], [-1., 2.]]))
    lin.bias.copy_(torch.tensor([0.25, 0.]))


class Twice(nn.Module):
    def __init__(self, lin):
        super().__init__()
        self.lin = lin

    def forward(self, x):
        return self.lin(self.lin(x))


lin.register_forward_pre_hook(lambda m, a: log.append(('pre', a[0].tolist())))
lin.register_forward_hook(lambda m, a, o: log.append(('fwd', a[0].tolist(), o.tolist())))
t = Twice(lin)
out = t(torch.tensor([[1., 2.]]))
for entry in log:
    print(entry)
print('out', out.tolist())
log.clear()

shared = nn.ModuleList([lin, nn.ReLU(), lin])
print('unique modules in ModuleList', len(list(shared.modules())), 'len', len(shared))
x = torch.tensor([[1., -1.]])
for layer in shared:
    x = layer(x)
for entry in log:
    print(entry)
print('final', x.tolist())
