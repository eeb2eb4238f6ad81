# Spec 7.5: what a full backward pre-hook returns is the grad_output that flows on into the
# module's own backward, so the parameters' gradients see it, whether or not an input
# requires grad (with none, the full hooks fire early and see the replaced grad_output too).
import warnings
import torch
import torch.nn as nn

warnings.simplefilter('ignore')


def layer():
    lin = nn.Linear(2, 2)
    with torch.no_grad():
        lin.weight.copy_(torch.tensor([[1., 2.], [3., -1.]]))
        lin.bias.copy_(torch.tensor([0.5, -0.5]))
    return lin


for input_grad in (False, True):
    for with_full_hook in (False, True):
        lin = layer()
        lin.register_full_backward_pre_hook(lambda m, go: (go[0] * 10,))
        if with_full_hook:
            lin.register_full_backward_hook(
                lambda m, gi, go: print('  full hook grad_input', gi, 'grad_output', go))
        x = torch.tensor([[1., 2.]], requires_grad=input_grad)
        print('input requires grad', input_grad, 'full hook', with_full_hook)
        lin(x).sum().backward()
        print('  weight.grad', lin.weight.grad.tolist(), 'bias.grad', lin.bias.grad.tolist(),
              'x.grad', None if x.grad is None else x.grad.tolist())

# a pre-hook zeroing the gradient zeroes every parameter's gradient
lin = layer()
lin.register_full_backward_pre_hook(lambda m, go: (go[0] * 0,))
lin(torch.ones(2)).sum().backward()
print('zeroed', lin.weight.grad.tolist(), lin.bias.grad.tolist())

# two pre-hooks chain; the second sees the first's result
lin = layer()
lin.register_full_backward_pre_hook(lambda m, go: (go[0] + 1,))
lin.register_full_backward_pre_hook(lambda m, go: print('  second sees', go) or (go[0] * 3,))
lin(torch.ones(1, 2)).sum().backward()
print('chained', lin.weight.grad.tolist(), lin.bias.grad.tolist())

# a module with two outputs, one of them unused: its grad_output entry is None
class Split(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.tensor([1., 2.]))

    def forward(self, x):
        return x * self.w, x + self.w


m = Split()
m.register_full_backward_pre_hook(lambda mod, go: print('  split grad_output', go) or
                                  tuple(None if g is None else g * 5 for g in go))
a, b = m(torch.ones(2))
a.sum().backward()
print('split w.grad', m.w.grad.tolist())
