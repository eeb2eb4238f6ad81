# Spec 7.3: full backward hooks on nn.Conv2d / nn.MaxPool2d / nn.Flatten / nn.Linear in a
# small CNN: grad_input/grad_output shapes and values (one entry each, the conv input
# gradient, pooled routing of MaxPool2d; input chosen without ties in any pooling window).
import torch
import torch.nn as nn

net = nn.Sequential(nn.Conv2d(1, 2, 2), nn.MaxPool2d(2), nn.Flatten(), nn.Linear(8, 1))
with torch.no_grad():
    net[0].weight.copy_(torch.tensor([[[[1., 0.3], [-0.2, 0.7]]], [[[0.5, -0.4], [0.25, 0.1]]]]))
    net[0].bias.copy_(torch.tensor([0.1, -0.1]))
    net[3].weight.copy_(torch.arange(8.).reshape(1, 8) / 8)
    net[3].bias.fill_(0.)
log = []
for name, mod in net.named_children():
    mod.register_full_backward_hook(
        lambda m, gi, go, n=name: log.append((n, type(m).__name__, [None if g is None else tuple(g.shape) for g in gi],
                                              [tuple(g.shape) for g in go])))
grads = {}
net[0].register_full_backward_hook(lambda m, gi, go: grads.update(conv_in=gi[0], conv_out=go[0]))
net[1].register_full_backward_hook(lambda m, gi, go: grads.update(pool_in=gi[0]))
x = ((torch.arange(50.).reshape(2, 1, 5, 5) * 7) % 23 / 10).requires_grad_()
out = net(x)
print('out', out.tolist())
out.sum().backward()
for entry in log:
    print(entry)
print('conv grad_output[0]', grads['conv_out'][0].tolist())
print('pool grad_input[0]', grads['pool_in'][0].tolist())
print('conv grad_input[0]', grads['conv_in'][0].tolist())
print('equal to x.grad', torch.equal(grads['conv_in'], x.grad))
print('conv weight.grad', net[0].weight.grad.tolist())
