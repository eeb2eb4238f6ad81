# Spec 7.9 / 7.12 / 8: global legacy backward hooks (register_module_backward_hook) are
# attached per module call to the grad_fn of that call's output (so Sequential(Linear,
# ReLU) and its ReLU share ReluBackward0); they fire again with retain_graph; a returned
# tuple replaces grad_input (upstream test_module_backward_global_hook_writeable); the
# FutureWarnings are emitted; removal stops them.
import warnings
import torch
import torch.nn as nn
from torch.nn.modules import module as mm

log = []


def shapes(ts):
    return [None if t is None else tuple(t.shape) for t in ts]


net = nn.Sequential(nn.Linear(2, 2), nn.ReLU())
with torch.no_grad():
    net[0].weight.copy_(torch.tensor([[1., 2.], [-1., 1.]]))
    net[0].bias.zero_()
g = mm.register_module_backward_hook(lambda m, gi, go: log.append((type(m).__name__, shapes(gi), shapes(go))))
x = torch.tensor([[1., 1.]], requires_grad=True)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    out = net(x)
    print('warnings', [ww.category.__name__ for ww in w])
out.sum().backward(retain_graph=True)
print('pass 1', log)
log.clear()
out.sum().backward()
print('pass 2', log)
log.clear()
g.remove()

warnings.simplefilter('ignore')
sig = nn.Sigmoid()
y = torch.tensor([[0., 1.]], requires_grad=True)
sig(y).sum().backward()
plain = y.grad.clone()
y.grad = None
g = mm.register_module_backward_hook(lambda m, gi, go: tuple(g * 2 for g in gi))
sig(y).sum().backward()
print('writeable: doubled', torch.allclose(y.grad, plain * 2), y.grad.tolist())
g.remove()
y.grad = None
sig(y).sum().backward()
print('removed', y.grad.tolist(), log)
