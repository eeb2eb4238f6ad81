# Issue 11 (fuzz): a hook may edit its gradient in place when the gradient's elements do not
# share memory: a 0-d gradient summed from two contributions (pow(x, x)) and an empty
# expanded gradient are writable; an expanded gradient with repeated elements is refused.
import torch


def hook(grad):
    print("hook", tuple(grad.shape))
    grad.mul_(3)


def attempt(label, run):
    try:
        print(label, run())
    except RuntimeError as error:
        print(label, type(error).__name__, error)


for shape in [(3,), (), (0, 1, 3), (2, 1)]:
    def leaf_backward(shape=shape):
        v = torch.ones(shape, requires_grad=True)
        v.register_hook(hook)
        v.sum().backward()
        return v.grad

    def inner_backward(shape=shape):
        v = torch.ones(shape, requires_grad=True)
        h = v * 1
        h.register_hook(hook)
        h.sum().backward()
        return v.grad

    def leaf_grad(shape=shape):
        v = torch.ones(shape, requires_grad=True)
        v.register_hook(hook)
        return torch.autograd.grad(v.sum(), v)

    def leaf_grad_create_graph(shape=shape):
        v = torch.ones(shape, requires_grad=True)
        v.register_hook(hook)
        return torch.autograd.grad((v * 2).sum(), v, create_graph=True)

    for case in (leaf_backward, inner_backward, leaf_grad, leaf_grad_create_graph):
        attempt(f"{shape} {case.__name__}", case)

x = torch.tensor(0.25, requires_grad=True)
x.register_hook(hook)
x.pow(x).backward()
print("pow(x, x)", x.grad)
x.grad.mul_(2)  # .grad summed from two contributions is writable too
y = torch.tensor(0.5, requires_grad=True)
y.grad = torch.tensor(1.0).expand(())
(y * y).backward()
(y * 3).backward()
print(y.grad)
