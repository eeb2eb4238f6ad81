# float64 softmax's backward along a dim other than the last, with infinite and NaN
# gradients: the fused sum of g * y runs to -inf (or NaN) as IEEE arithmetic does, so the
# column's other entries get inf, not NaN (89:1617). Printed as bits: NaNs print alike.
import hashlib

import torch

for shape, dim, spots in (((3, 2, 4), 0, ((0, 1, 3, float("-inf")),)),
                          ((3, 2, 4), 0, ((0, 1, 3, float("inf")), (2, 0, 0, float("nan")))),
                          ((4, 5, 3), 1, ((1, 2, 0, float("-inf")), (3, 4, 2, float("inf")))),
                          ((5, 3), 0, ((4, 1, None, float("-inf")),))):
    x = torch.arange(torch.Size(shape).numel(), dtype=torch.float64).reshape(shape) / 7
    x.requires_grad_()
    g = torch.ones(shape, dtype=torch.float64)
    for spot in spots:
        index = tuple(i for i in spot[:-1] if i is not None)
        g[index] = spot[-1]
    y = torch.softmax(x, dim)
    grad, = torch.autograd.grad([y], [x], grad_outputs=[g])
    bits = hashlib.md5(str(grad.view(torch.int64).tolist()).encode()).hexdigest()[:12]
    print(shape, dim, bits, torch.isinf(grad).sum().item(), torch.isnan(grad).sum().item())
