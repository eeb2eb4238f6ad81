# Gradient validation as PyTorch's: a custom Function's backward that returns something other
# than a Tensor or None, a gradient for an argument that was no Tensor, or a complex gradient
# for a real input is refused with PyTorch's messages; grad_outputs longer than the outputs
# are paired by position (the extra ones unused), shorter ones refused.
import torch


def run(label, f):
    try:
        print(label, 'ok', f())
    except Exception as e:
        print(label, type(e).__name__, e)


class Fn(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, k, b):
        return a * b * k

    @staticmethod
    def backward(ctx, g):
        return Fn.result(g)


def call(result):
    def f():
        Fn.result = staticmethod(result)
        x = torch.ones(2, 2, requires_grad=True)
        Fn.apply(x, 2.0, torch.ones(2, 2)).sum().backward()
        return x.grad
    return f


run('gradient for a number', call(lambda g: (g, g, None)))
run('int for a tensor', call(lambda g: (3, None, None)))
run('int for a tensor needing none', call(lambda g: (g, None, 3)))
run('str', call(lambda g: (g, None, 'a')))
run('tensor for a tensor needing none', call(lambda g: (g, None, g)))
run('complex for real', call(lambda g: (g.to(torch.complex64), None, None)))
run('double for float', call(lambda g: (g.double(), None, None)))
run('too few', call(lambda g: (g, None)))
run('extra None', call(lambda g: (g, None, None, None)))
x = torch.tensor([1., 2.], requires_grad=True)
run('grad 1 output 2 grads', lambda: torch.autograd.grad([x * 2], [x], [torch.ones(2)] * 2))
run('grad 2 outputs 1 grad', lambda: torch.autograd.grad([x * 2, x * 3], [x], [torch.ones(2)]))
run('backward 1 output 2 grads', lambda: torch.autograd.backward([x * 2], [torch.ones(2)] * 2))
run('backward 1 output 0 grads', lambda: torch.autograd.backward([(x * 2).sum()], []))
