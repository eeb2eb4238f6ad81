# Spec 6.1: hooks only run through module(...); module.forward(...) skips them. With no
# hooks at all the fast path calls forward directly: outputs, grad_fn names and gradients
# are identical to a call with no-op forward hooks. Forward hooks also run under no_grad,
# and backward never re-runs them.
import torch
import torch.nn as nn

log = []


def make():
    net = nn.Sequential(nn.Linear(3, 2), nn.Tanh(), nn.Linear(2, 1))
    with torch.no_grad():
        net[0].weight.copy_(torch.arange(6.).reshape(2, 3) / 10)
        net[0].bias.copy_(torch.tensor([0.1, -0.2]))
        net[2].weight.copy_(torch.tensor([[1.5, -0.5]]))
        net[2].bias.fill_(0.3)
    return net


x = torch.tensor([[1., 2., 3.], [-1., 0., 1.]])
plain = make()
out_plain = plain(x)
out_plain.sum().backward()

hooked = make()
for mod in hooked.modules():
    mod.register_forward_pre_hook(lambda m, a: log.append('pre ' + type(m).__name__))
    mod.register_forward_hook(lambda m, a, o: log.append('fwd ' + type(m).__name__))
out_hooked = hooked(x)
print(log)
log.clear()
out_hooked.sum().backward()
print('backward fired forward hooks?', log)
print('outputs', out_plain.tolist(), out_hooked.tolist())
print('grad_fn', out_plain.grad_fn.name(), out_hooked.grad_fn.name())
print('w0 grads equal', torch.equal(plain[0].weight.grad, hooked[0].weight.grad), hooked[0].weight.grad.tolist())

direct = hooked.forward(x)
print('direct forward on container (children still hooked) ->', log)
log.clear()
direct_child = hooked[0].forward(x)
print('direct forward on child ->', log, direct_child.shape)
log.clear()

with torch.no_grad():
    r = hooked(x)
print('under no_grad ->', log, r.requires_grad)
log.clear()

hb = hooked.register_full_backward_hook(lambda m, gi, go: None)
out_bw = hooked(x)
print('with backward hook: grad_fn', out_bw.grad_fn.name(), 'values equal', torch.equal(out_bw, out_plain))
hb.remove()
log.clear()
