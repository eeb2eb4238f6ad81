# Spec 7.2 / 7.3: full backward (pre-)hooks on every layer of nn.Sequential(Linear, ReLU,
# Linear) and on the container: firing order (container pre-hook first, container full
# hook last; layers in reverse) and the grad_input/grad_output values, including the ReLU
# mask.
import torch
import torch.nn as nn

log = []
net = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
with torch.no_grad():
    net[0].weight.copy_(torch.tensor([[1., -1.], [0.5, 2.], [-2., 1.]]))
    net[0].bias.copy_(torch.tensor([0., -1., 0.5]))
    net[2].weight.copy_(torch.tensor([[1., 2., 3.]]))
    net[2].bias.fill_(0.)


def fmt(ts):
    return [None if t is None else t.tolist() for t in ts]


for name, mod in net.named_modules():
    name = name or 'seq'
    mod.register_full_backward_pre_hook(lambda m, go, n=name: log.append((n, 'pre', fmt(go))))
    mod.register_full_backward_hook(lambda m, gi, go, n=name: log.append((n, 'full', fmt(gi), fmt(go))))
x = torch.tensor([[1., 2.], [2., -1.]], requires_grad=True)
out = net(x)
print('out', out.tolist())
out.sum().backward()
for entry in log:
    print(entry)
print('x.grad', x.grad.tolist())
print('w0.grad', net[0].weight.grad.tolist())

# a standalone ReLU: grad_input is the masked grad_output
log.clear()
relu = nn.ReLU()
relu.register_full_backward_hook(lambda m, gi, go: log.append(('relu', fmt(gi), fmt(go))))
y = torch.tensor([-1., 0., 2.], requires_grad=True)
relu(y).backward(torch.tensor([5., 6., 7.]))
print(log, y.grad.tolist())
