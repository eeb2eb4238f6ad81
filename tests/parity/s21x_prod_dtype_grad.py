# prod(dtype=) whose dtype differs from the input's: PyTorch's gradient formula takes the input
# cast to the gradient's dtype and casts the gradient back, so a recorded gradient starts with
# ToCopyBackward0 and its division or zero-safe products see a ToCopyBackward0 of the input
# (and compute in the wider dtype). Same dtype: no cast node.
import torch


def chain(fn, depth=7):
    if fn is None or depth == 0:
        return None
    return [fn.name(), [chain(n, depth - 1) for n, _ in fn.next_functions]]


cases = [(torch.tensor(1.5), None, False), (torch.tensor([[1.5, 0.0, 2.0]]), 1, True),
         (torch.tensor([[1.5, 0.0, 2.0], [0.0, 0.0, 3.0]], dtype=torch.float16), 0, False),
         (torch.tensor([0.3, 0.7, 1.1, 0.0]), None, False),
         (torch.tensor([0.3, 0.7, 1.1, 1.3]), 0, True),
         (torch.tensor([[2.0, -0.25], [1.25, 1.75]]), None, False),
         (torch.tensor([[2.0, 0.0], [1.25, 1.75]], dtype=torch.float64), 1, False),
         (torch.tensor([[0.0, 0.0], [1.0, 2.0]]), None, False)]
for x, dim, keepdim in cases:
    for dtype in (torch.float64, torch.float32):
        x = x.detach().requires_grad_()
        y = x.prod(dtype=dtype) if dim is None else x.prod(dim, keepdim, dtype=dtype)
        (g,) = torch.autograd.grad(y.sum(), x, create_graph=True)
        print(x.dtype, dtype, dim, keepdim, chain(g.grad_fn), g)
        print(torch.autograd.grad(g.sum(), x) if g.requires_grad else None)
        y = x.prod(dtype=dtype) if dim is None else x.prod(dim, keepdim, dtype=dtype)
        y.sum().backward()
        print(x.grad)
