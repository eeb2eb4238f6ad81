# autograd.grad's checks in PyTorch's order: grad_outputs' shapes (and the implicit scalar
# seed) first, then the outputs, then the inputs.
import torch
a = torch.ones(2)
b = torch.ones(2, requires_grad=True)
for outs, ins, go in (([a * 2], [a], None), ([b * 2], [a], None), ([a], [a], [torch.ones(3)]),
                      ([b * 2], [a], [torch.ones(3)]), ([b.sum()], [a], None), ([b * 2], [a], None)):
    try:
        torch.autograd.grad(outs, ins, grad_outputs=go)
    except Exception as e:
        print(type(e).__name__, e)
