# Issue 11 (fuzz 8:8707): max pooling's double backward on an input with no planes (a 0-sized
# batch) gathers nothing instead of failing to infer a -1 dimension.
import torch
import torch.nn.functional as F

for shape, pool in [((0, 2, 1), lambda x: F.max_pool1d(x, kernel_size=2, padding=1)),
                    ((0, 2, 4, 4), lambda x: F.max_pool2d(x, 2)),
                    ((0, 2, 4), lambda x: F.adaptive_max_pool1d(x, 2))]:
    x = torch.zeros(shape).requires_grad_()
    y = pool(x)
    scale = torch.tensor(0.75, requires_grad=True)
    (g,) = torch.autograd.grad(y.sum(), x, grad_outputs=scale, create_graph=True)
    print(g.shape, g.grad_fn.name())
    g.mean().backward()
    print(x.grad, scale.grad)
