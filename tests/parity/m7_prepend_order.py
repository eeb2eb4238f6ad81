# Spec 7.2 / 7.7: prepend for full backward hooks and backward pre-hooks (positional or
# keyword), upstream test_full_backward_hooks ([4, 3, 0, 1, 2]) and
# test_full_backward_pre_hooks ([1, 0, 2, 3, 4]); hooks fire only during backward.
import torch
import torch.nn as nn

order = []
m = nn.Identity()


def mk(i):
    return lambda *a: order.append(i)


m.register_full_backward_hook(mk(0))
m.register_full_backward_hook(mk(1))
m.register_full_backward_hook(mk(2))
m.register_full_backward_hook(mk(3), True)
m.register_full_backward_hook(mk(4), prepend=True)
x = torch.ones(2, requires_grad=True)
out = m(x)
print('after forward', order)
out.sum().backward()
print('full hooks', order)
order.clear()

p = nn.Identity()
p.register_full_backward_pre_hook(mk(0))
p.register_full_backward_pre_hook(mk(1), prepend=True)
p.register_full_backward_pre_hook(mk(2))
p.register_full_backward_pre_hook(mk(3))
p.register_full_backward_pre_hook(mk(4))
p(x).sum().backward()
print('pre hooks', order)
order.clear()
h = p.register_full_backward_pre_hook(mk(5), True)
p(x).sum().backward()
print('with another prepend', order)
order.clear()
h.remove()
p(x).sum().backward()
print('after removal', order)
