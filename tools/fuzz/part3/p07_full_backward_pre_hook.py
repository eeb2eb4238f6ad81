"""A full backward pre-hook's returned gradient feeds the parameters' gradients, also when no
input requires grad."""
from _lib import linear, torch

for input_grad in (False, True):
    layer = linear([[1.0, 2.0], [3.0, -1.0]], [0.5, -0.5])
    layer.register_full_backward_pre_hook(lambda m, grad_out: (grad_out[0] * 10,))
    x = torch.tensor([[1.0, 2.0]], requires_grad=input_grad)
    layer(x).sum().backward()
    print("input requires grad", input_grad, "weight.grad", layer.weight.grad,
          "bias.grad", layer.bias.grad, "x.grad", x.grad)
