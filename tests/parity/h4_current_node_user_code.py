# torch._C._current_autograd_node() inside user code that runs during backward: a custom
# Function's backward and a module's full backward hook (pre-hook too) see their own node.
import torch


class Double(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        print("Function.backward sees", type(torch._C._current_autograd_node()).__name__)
        return g * 2


x = torch.ones(2, requires_grad=True)
Double.apply(x).sum().backward()
print("outside backward:", torch._C._current_autograd_node())

m = torch.nn.Linear(2, 2)
m.register_full_backward_pre_hook(
    lambda mod, go: print("pre-hook sees", type(torch._C._current_autograd_node()).__name__))
m.register_full_backward_hook(
    lambda mod, gi, go: print("full hook sees", type(torch._C._current_autograd_node()).__name__))
out = m(x)
print("output node", out.grad_fn.name())
out.sum().backward()
