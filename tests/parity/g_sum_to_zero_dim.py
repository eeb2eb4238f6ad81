# Fuzz 0:1171: PyTorch's sum_to always sums to a 0-d shape, also from a 0-d tensor: the
# gradient of a 0-d expand (broadcast_to(x, ())) is a new tensor (SumBackward0 under
# create_graph), and x.sum_to_size(()) of a 0-d x is a new tensor with SumBackward0.
import warnings

import torch

warnings.simplefilter("ignore")  # (backward(create_graph=True)'s reference-cycle warning)


def hook(grad_inputs, grad_outputs):
    print("hook", grad_inputs, grad_outputs, grad_inputs[0] is grad_outputs[0])


for shape, target in [((), ()), ((1,), (1,)), ((3,), (3,)), ((3,), (2, 3)), ((1,), (3,))]:
    for create in (False, True):
        x = torch.ones(shape, requires_grad=True)
        y = torch.broadcast_to(x, target)
        y.grad_fn.register_hook(hook)
        seed = torch.full(target, -0.25, requires_grad=True)
        y.backward(gradient=seed, create_graph=create)
        print(shape, target, create, x.grad, x.grad is seed)
        (g,) = torch.autograd.grad(y, x, seed, create_graph=create)
        print("autograd.grad", g, g is seed)

x = torch.tensor(2.0, requires_grad=True)
print(x.sum_to_size(()), x.sum_to_size(()) is x, x.sum_to_size([]) is x)
with torch.no_grad():
    print(x.sum_to_size(()) is x)
y = torch.ones(3, requires_grad=True) * 1
print(y.sum_to_size(3) is y, y.sum_to_size((3,)) is y)
for size, target in [((3,), (1, 3)), ((3,), (2,)), ((), (1,))]:
    try:
        torch.ones(size).sum_to_size(target)
    except RuntimeError as error:
        print(error)
