# Spec 7.9 / 7.10: legacy register_backward_hook attaches to the grad_fn of the output's
# last autograd op, so grad_input/grad_output are that node's: Linear -> AddmmBackward0
# (bias, input, weight.T), input without grad -> (bias, None, weight.T), no bias ->
# MmBackward0 (input, weight.T), 3-D input -> ViewBackward0 ((20, 2),), ReLU ->
# ReluBackward0, Sequential(Linear, ReLU) -> ReluBackward0 only, Conv2d ->
# ConvolutionBackward0 (input, weight, bias), a*2 -> (grad_a, None).
import warnings
import torch
import torch.nn as nn

warnings.simplefilter('ignore')


def shapes(ts):
    return [None if t is None else tuple(t.shape) for t in ts]


def show(tag):
    def h(mod, gi, go):
        print('  %s: grad_input %s grad_output %s' % (tag, shapes(gi), shapes(go)))
    return h


def lin(i, o, bias=True):
    m = nn.Linear(i, o, bias=bias)
    with torch.no_grad():
        m.weight.copy_(torch.arange(float(i * o)).reshape(o, i) / 10)
        if bias:
            m.bias.fill_(0.5)
    return m


class Double(nn.Module):
    def forward(self, a):
        return a * 2


conv = nn.Conv2d(1, 2, 3)
with torch.no_grad():
    conv.weight.fill_(0.1)
    conv.bias.fill_(0.)
x = (torch.arange(12.).reshape(4, 3) / 10).requires_grad_()
cases = [
    ('Linear bias, 2D in', lin(3, 2), x),
    ('Linear no bias', lin(3, 2, bias=False), x),
    ('Linear, input without grad', lin(3, 2), x.detach()),
    ('Linear, 3-D input', lin(3, 2), torch.ones(5, 4, 3, requires_grad=True)),
    ('ReLU', nn.ReLU(), x),
    ('Sequential(Linear, ReLU)', nn.Sequential(lin(3, 2), nn.ReLU()), x),
    ('Conv2d', conv, torch.ones(1, 1, 5, 5, requires_grad=True)),
    ('a * 2', Double(), x),
]
for name, mod, inp in cases:
    print(name)
    mod.register_backward_hook(show('legacy'))
    out = mod(inp)
    print('  out.grad_fn', out.grad_fn.name())
    out.sum().backward()

print('values')
m = lin(3, 2)
m.register_backward_hook(lambda mod, gi, go: print('  gi', [None if t is None else t.tolist() for t in gi], 'go', [t.tolist() for t in go]))
m(torch.tensor([[1., 2., 3.]], requires_grad=True)).backward(torch.tensor([[1., -1.]]))
