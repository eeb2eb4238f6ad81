# Spec 6.2 (nested modules) / 6.9: outer pre -> outer forward -> (inner pre -> inner
# forward -> inner hook) -> outer hook; global hooks apply to every module call, containers
# (Sequential, ModuleDict-using modules) and their children, in call order.
import torch
import torch.nn as nn
from torch.nn.modules import module as mm

log = []


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.seq = nn.Sequential(nn.Linear(2, 2), nn.ReLU())
        self.heads = nn.ModuleDict({'a': nn.Identity(), 'b': nn.Tanh()})

    def forward(self, x):
        log.append('Block.forward')
        h = self.seq(x)
        return self.heads['a'](h) + self.heads['b'](h)


net = Block()
with torch.no_grad():
    net.seq[0].weight.copy_(torch.tensor([[1., -1.], [0.5, 0.5]]))
    net.seq[0].bias.fill_(0.)
names = {mod: name or 'root' for name, mod in net.named_modules()}
g1 = mm.register_module_forward_pre_hook(lambda m, a: log.append('gpre ' + names[m]))
g2 = mm.register_module_forward_hook(lambda m, a, o: log.append('gfwd ' + names[m]))
for name, mod in net.named_modules():
    name = name or 'root'
    mod.register_forward_pre_hook(lambda m, a, n=name: log.append('pre ' + n))
    mod.register_forward_hook(lambda m, a, o, n=name: log.append('fwd ' + n))
out = net(torch.tensor([[2., 1.]]))
for entry in log:
    print(entry)
print('out', out.tolist())
log.clear()
g1.remove()
g2.remove()
net(torch.tensor([[2., 1.]]))
print('without globals:', log)
