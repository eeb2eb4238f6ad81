# Spec 7.3: grad_input has one entry per positional arg: None for non-Tensor args, a
# zero-filled tensor for a Tensor arg that does not require grad (while another one does);
# grad_output has one entry per output element: None for non-Tensor elements and for
# tensor outputs that got no gradient. Upstream test_hook_extra_input / test_hook_requires_grad.
import torch
import torch.nn as nn


def fmt(ts):
    return [None if t is None else t.tolist() for t in ts]


class Multi(nn.Module):
    def forward(self, a, n, b, c):
        print('  forward sees requires_grad', a.requires_grad, b.requires_grad, c.requires_grad)
        return a * b * n, a.sum(), n, c * 2, b + 1


mu = Multi()
mu.register_full_backward_pre_hook(lambda m, go: print('pre grad_output', fmt(go)))


def full(m, gi, go):
    print('full grad_input', fmt(gi))
    print('full grad_output', fmt(go))
    print('zero-filled entry is a tensor:', isinstance(gi[2], torch.Tensor))


mu.register_full_backward_hook(full)
a = torch.tensor([1., 2.], requires_grad=True)
b = torch.tensor([3., -1.])
c = torch.tensor([0.5, 0.5], requires_grad=True)
o1, o2, o3, o4, o5 = mu(a, 2, b, c)
print('outputs requires_grad', o1.requires_grad, o2.requires_grad, o3, o4.requires_grad, o5.requires_grad)
(o1.sum() + 10 * o2).backward()
print('a.grad', a.grad.tolist(), 'c.grad', c.grad)

print('-- second arg only requires grad')


class Two(nn.Module):
    def forward(self, p, q):
        return p * q


t = Two()
t.register_full_backward_hook(lambda m, gi, go: print('grad_input', fmt(gi), 'grad_output', fmt(go)))
p = torch.tensor([[1., 2.], [3., 4.]])
q = torch.tensor([[0.5, 1.], [1.5, 2.]], requires_grad=True)
t(p, q).sum().backward()
print('q.grad', q.grad.tolist())
