# Issue 11 (fuzz): sgn's gradient is PyTorch's ZeroTensor: a hook, .grad or backward's
# accumulation cannot write into it ("ZeroTensors are immutable"); out-of-place results and a
# gradient summed with another one are ordinary tensors; other zero gradients stay writable.
import torch


def attempt(label, run):
    try:
        print(label, run())
    except RuntimeError as error:
        print(label, type(error).__name__, error)


def hooked(op):
    x = torch.tensor([1.0, -2.0], requires_grad=True)
    x.register_hook(lambda g: g.mul_(3))
    getattr(x, op)().sum().backward()
    return x.grad


for op in ("sgn", "sign", "floor", "ceil", "round", "trunc", "fix"):
    attempt(op, lambda op=op: hooked(op))
x = torch.tensor([1.0, -2.0], requires_grad=True)
g = torch.autograd.grad(x.sgn().sum(), x)[0]
attempt("grad add_", lambda: g.add_(1))
print(g, g + 1, g.clone().add_(1))
x.sgn().sum().backward()
attempt(".grad add_", lambda: x.grad.add_(1))
attempt("accumulate", lambda: (x * 2).sum().backward())
attempt("accumulate again", lambda: x.sgn().sum().backward())
print(x.grad * 2)
y = x * 1
y.register_hook(lambda g: g.mul_(2))
attempt("non-leaf hook", lambda: y.sgn().sum().backward())
opt = torch.optim.SGD([x], lr=0.1, momentum=0.9)
x.grad = None
x.sgn().sum().backward()
attempt("step", lambda: (opt.step(), x)[1])
attempt("zero_grad", lambda: (opt.zero_grad(set_to_none=False), x.grad)[1])
z = torch.tensor([1.0, -2.0], requires_grad=True)
(z.sgn() + z).sum().backward()
attempt("summed", lambda: z.grad.add_(1))
