# Issue 11 (fuzz): the gradient of reflect / replicate padding is PyTorch's
# "...PadNDBackwardBackward0" node of the gradient and the padded input: under create_graph it
# requires grad when the input does (its derivative in the input is zeros).
import torch

F = torch.nn.functional
for mode in ("reflect", "replicate"):
    x = torch.tensor([[-1.131, -4.146, 2.0]], requires_grad=True)
    y = F.pad(x, [1, 0], mode=mode)
    y.grad_fn.register_hook(lambda grad_inputs, grad_outputs: print("hook", grad_inputs))
    y.sum().backward(create_graph=True)
    print(x.grad, x.grad.grad_fn.name())
    print(torch.autograd.grad(x.grad.sum(), x, allow_unused=True))
    go = torch.ones(1, 4, requires_grad=True)
    (g,) = torch.autograd.grad(F.pad(x, [1, 0], mode=mode), x, go, create_graph=True)
    print(torch.autograd.grad(g.sum(), go))
