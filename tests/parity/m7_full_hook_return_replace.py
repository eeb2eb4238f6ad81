# Spec 7.3: a full backward hook's returned tuple or list replaces grad_input for later full
# hooks and for what flows to the inputs; entries are mapped back to tensor positions (values
# for non-Tensor or non-differentiable positions are dropped); None return keeps grad_input;
# a None entry stops the gradient for that input. Upstream test_hook_backward_writeable-style.
import torch
import torch.nn as nn


def fmt(ts):
    return [None if t is None else t.tolist() for t in ts]


def make():
    lin = nn.Linear(2, 2)
    with torch.no_grad():
        lin.weight.copy_(torch.tensor([[1., 2.], [3., 4.]]))
        lin.bias.zero_()
    return lin


x = torch.tensor([[1., -1.]], requires_grad=True)

lin = make()
lin.register_full_backward_hook(lambda m, gi, go: (gi[0] * 10,))
lin.register_full_backward_hook(lambda m, gi, go: print('second hook sees', fmt(gi)))
lin.register_full_backward_hook(lambda m, gi, go: [gi[0] + 1])
lin(x).sum().backward()
print('tuple then list -> x.grad', x.grad.tolist(), 'weight.grad', lin.weight.grad.tolist())

x.grad = None
lin = make()
lin.register_full_backward_hook(lambda m, gi, go: (None,))
lin(x).sum().backward()
print('(None,) -> x.grad', x.grad, 'weight.grad', lin.weight.grad.tolist())


class Mix(nn.Module):
    def forward(self, a, n, b, c):
        return a * b * n + c


a = torch.tensor([1., 2.], requires_grad=True)
b = torch.tensor([3., 4.])
c = torch.tensor([5., 6.], requires_grad=True)
mix = Mix()
mix.register_full_backward_hook(lambda m, gi, go: print('before replace', fmt(gi)))
mix.register_full_backward_hook(lambda m, gi, go: (gi[0] * 2, 'ignored', torch.full((2,), 7.), -gi[3]))
mix.register_full_backward_hook(lambda m, gi, go: print('after replace', [g if not isinstance(g, torch.Tensor) else g.tolist() for g in gi]))
mix(a, 2, b, c).sum().backward()
print('a.grad', a.grad.tolist(), 'c.grad', c.grad.tolist())

# pre-hook replacing grad_output followed by full hook returning None
lin = make()
lin.register_full_backward_hook(lambda m, gi, go: None)
x.grad = None
lin(x).backward(torch.tensor([[1., 0.]]))
print('None keeps -> x.grad', x.grad.tolist())
