# repeat_interleave without a dim flattens its input as PyTorch's flatten does: a 1-d input is
# used itself (no ViewBackward0 before the repeat, and none on the recorded gradient), a 0-d
# one is viewed as (1,). A hook that writes the gradient in place sees SqueezeBackward1.
import torch


def chain(fn, depth=6):
    if fn is None or depth == 0:
        return None
    return [fn.name(), [chain(n, depth - 1) for n, _ in fn.next_functions]]


cases = (((4,), 3, None), ((2, 3), 2, None), ((2, 3), 2, 0), ((2, 3), 2, 1), ((), 3, None),
         ((2, 3), torch.tensor([1, 2]), 0), ((4,), torch.tensor([1, 0, 2, 1]), None),
         ((4,), torch.tensor(2), None))
for shape, repeats, dim in cases:
    x = torch.arange(float(torch.Size(shape).numel())).reshape(shape).requires_grad_()
    y = torch.repeat_interleave(x, repeats, dim)
    print(shape, repeats, dim, chain(y.grad_fn))
    g = torch.arange(float(y.numel())).reshape(y.shape).requires_grad_()
    (gx,) = torch.autograd.grad(y, x, g, create_graph=True)
    print(chain(gx.grad_fn), gx)

v0 = torch.tensor([0.174, 0.143, -2.582, 2.565], requires_grad=True)


def hook(grad):
    print("hook", grad)
    grad.mul_(3)


v0.register_hook(hook)
v2 = torch.repeat_interleave(v0, 3)
v2.backward(gradient=torch.arange(12.0, requires_grad=True), create_graph=True)
print(v0.grad, chain(v0.grad.grad_fn))
