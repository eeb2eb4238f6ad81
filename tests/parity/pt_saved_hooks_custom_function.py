"""Behaviour of test/test_autograd.py's test_saved_tensor_hooks_custom_function_intermediates:
a custom Function saves an intermediate it made a leaf (no graph uses it, so it has no
accumulator) under default saved-tensor hooks; backward unpacks it."""
from _hook_cases import case, run, torch

graph = torch.autograd.graph
Function = torch.autograd.Function


@case
def test_saved_tensor_hooks_custom_function_intermediates():
    class Func(Function):
        @staticmethod
        def forward(ctx, x):
            intermediate = x.exp()
            ctx.save_for_backward(intermediate.clone().detach_().requires_grad_(True))
            return x.exp()

        @staticmethod
        def backward(ctx, grad_out):
            (intermediate,) = ctx.saved_tensors
            return grad_out * intermediate

    a = torch.tensor(1.0, requires_grad=True)
    with graph.saved_tensors_hooks(lambda x: x, lambda x: x):
        out = Func.apply(a)
    out.backward()
    print(round(a.grad.item(), 4))


run()
