# Fuzz (3:17281): clamp with two tensor bounds combines its masks in place only for the
# gradients the pass computes: autograd.grad / backward(inputs=) for a bound alone does not
# refuse an input whose own mask would not fit.
import torch


def attempt(label, run):
    try:
        print(label, run())
    except RuntimeError as error:
        print(label, type(error).__name__, error)


def make():
    x = torch.tensor([[[-0.1], [2.5]], [[-0.5], [-0.3]], [[-1.0], [5.1]]], requires_grad=True)
    low = torch.tensor([[[-0.7], [-0.5]], [[0.3], [2.5]], [[-1.5], [0.9]]])
    high = torch.tensor([[[[-1.0]]], [[[2.0]]]], requires_grad=True)
    return x, low, high, torch.clamp(x, min=low, max=high)


x, low, high, y = make()
attempt("grad of high", lambda: torch.autograd.grad(y.sum(), [high]))
x, low, high, y = make()
attempt("grad of high and y", lambda: torch.autograd.grad(y.sum(), [high, y]))
x, low, high, y = make()
attempt("grad of x", lambda: torch.autograd.grad(y.sum(), [x]))
x, low, high, y = make()
attempt("backward inputs high", lambda: (y.sum().backward(inputs=[high]), high.grad, x.grad))
x, low, high, y = make()
attempt("backward", lambda: (y.sum().backward(), high.grad))
