# Fuzz seed 5: the gradient of angle of a real tensor is zeros like the input (PyTorch's
# zeros_like(self)): +0 everywhere, whatever the incoming gradient (negative, NaN, infinite),
# and no history under create_graph.
import torch

for dtype in (torch.float32, torch.float64):
    x = torch.tensor([-0.93, 2.061, 0.0, float('nan'), -1.5], dtype=dtype, requires_grad=True)
    g = torch.tensor([1.5, -1.0, float('nan'), float('-inf'), -0.25], dtype=dtype,
                     requires_grad=True)
    (grad,) = torch.autograd.grad(x.angle(), x, g, create_graph=True)
    print(grad, grad.requires_grad, grad.grad_fn, torch.signbit(grad))
    x.angle().backward(g)
    print(x.grad, x.grad.dtype)
