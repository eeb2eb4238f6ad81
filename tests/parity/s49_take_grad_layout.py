# take's gradient is zeros_like(input).put_(index, grad, accumulate=True): laid out as the
# input (a permuted input's permuted strides), in a plain pass and under create_graph (87:3021:
# the group_norm gradient behind a permute then reshapes a contiguous gradient: ViewBackward0).
import torch
for shape, perm in (((2, 3, 4), (2, 0, 1)), ((4, 5), (1, 0)), ((3, 1, 2), (1, 2, 0))):
    x = torch.arange(24.)[:shape[0]*shape[1]*(shape[2] if len(shape) > 2 else 1)].reshape(shape).permute(perm).requires_grad_()
    y = x.take(torch.tensor([0, 5, 3, 5]))
    g, = torch.autograd.grad(y.sum(), x, retain_graph=True)
    w = torch.ones(4, requires_grad=True)
    g2, = torch.autograd.grad((y * w).sum(), x, create_graph=True)
    print(g.stride(), g.tolist(), g2.stride(), g2.grad_fn.name(), [n[0].name() if n[0] else None for n in g2.grad_fn.next_functions], g2.tolist())
    z = x[:, :1] if x.dim() > 1 else x
    g3, = torch.autograd.grad(z.take(torch.tensor([0])).sum(), x)
    print(g3.stride())
