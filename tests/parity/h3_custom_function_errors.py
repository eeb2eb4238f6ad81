# Spec 3.9, 4.13: output validation of a custom Function's backward (wrong shape, wrong
# number of gradients); node post-hook return values are not passed through that shape
# check, only through the hook check of 3.5. Engine messages for a non-scalar root without
# gradient and a root that does not require grad.
import torch

class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2
    @staticmethod
    def backward(ctx, g):
        return torch.ones(10)

class G(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, y):
        return x * y
    @staticmethod
    def backward(ctx, g):
        return g

class H(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2
    @staticmethod
    def backward(ctx, g):
        return g * 2

def tryit(label, f):
    try:
        f()
        print(label, '-> ok')
    except Exception as e:
        print(label, '->', type(e).__name__, e)

tryit('wrong shape', lambda: F.apply(torch.ones(5, 5, requires_grad=True)).sum().backward())
tryit('wrong count', lambda: G.apply(torch.ones(2, requires_grad=True), torch.ones(2)).sum().backward())
x = torch.ones(2, requires_grad=True)
y = H.apply(x)
def post(gi, go):
    return (torch.ones(3),)
y.grad_fn.register_hook(post)
tryit('post-hook wrong shape', lambda: y.sum().backward())
x2 = torch.ones(2, requires_grad=True)
y2 = H.apply(x2)
y2.grad_fn.register_hook(lambda gi, go: (gi[0] * 5,))
y2.sum().backward()
print('post-hook scaled custom grad', x2.grad.tolist())
tryit('non-scalar root', lambda: torch.ones(2, requires_grad=True).mul(2).backward())
tryit('root without grad', lambda: torch.ones(2).sum().backward())
tryit('autograd.grad root without grad', lambda: torch.autograd.grad(torch.ones(2).sum(), torch.ones(2, requires_grad=True)))
