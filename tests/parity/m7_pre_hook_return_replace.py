# Spec 7.3: a backward pre-hook's returned tuple replaces grad_output for later pre-hooks,
# for the full hooks (they see the replaced values) and for the gradient that actually
# flows into the module (parameters and inputs). Upstream test_backward_hooks_interaction
# and test_full_backward_pre_hooks (returning grad_output * 0 zeroes the input grad).
import torch
import torch.nn as nn


def fmt(ts):
    return [None if t is None else t.tolist() for t in ts]


def make():
    lin = nn.Linear(2, 2)
    with torch.no_grad():
        lin.weight.copy_(torch.tensor([[1., 2.], [3., 4.]]))
        lin.bias.copy_(torch.tensor([0.5, 0.5]))
    return lin


x = torch.tensor([[1., 2.]], requires_grad=True)
lin = make()
lin.register_full_backward_pre_hook(lambda m, go: (go[0] * 3,))
lin.register_full_backward_pre_hook(lambda m, go: print('second pre sees', fmt(go)))
lin.register_full_backward_pre_hook(lambda m, go: [go[0] + torch.tensor([[0., 1.]])])
lin.register_full_backward_hook(lambda m, gi, go: print('full sees go', fmt(go), 'gi', fmt(gi)))
lin(x).sum().backward()
print('x.grad', x.grad.tolist(), 'weight.grad', lin.weight.grad.tolist(), 'bias.grad', lin.bias.grad.tolist())

x.grad = None
lin = make()
lin.register_full_backward_pre_hook(lambda m, go: (go[0] * 0,))
lin(x).sum().backward()
print('zeroed: x.grad', x.grad.tolist(), 'weight.grad', lin.weight.grad.tolist())


class Two(nn.Module):
    def forward(self, x):
        return x * 2, x * 3


x.grad = None
t = Two()
t.register_full_backward_pre_hook(lambda m, go: (go[0], torch.ones(1, 2) * 100))
t.register_full_backward_hook(lambda m, gi, go: print('two-output full sees go', fmt(go), 'gi', fmt(gi)))
o1, o2 = t(x)
o1.sum().backward()
print('replacing a None grad_output entry -> x.grad', x.grad.tolist())
