# max_pool1d without autograd (an input that needs no gradient, or no_grad mode) gives a new
# tensor, as PyTorch's kernel for that case does: writing into it through a view records
# CopyBackwards on it, not CopySlices on a hidden base. With autograd it is the squeeze view
# of the 2-d pooling, as PyTorch's composite. The other 1-d poolings as PyTorch.
import torch

F = torch.nn.functional
for rg in (False, True):
    x = torch.ones(1, 2, 6, requires_grad=rg)
    for name, f in [('max', lambda x: F.max_pool1d(x, 2)), ('avg', lambda x: F.avg_pool1d(x, 2)),
                    ('adaptive max', lambda x: F.adaptive_max_pool1d(x, 3)),
                    ('adaptive avg', lambda x: F.adaptive_avg_pool1d(x, 3)),
                    ('lp', lambda x: F.lp_pool1d(x, 2, 2)),
                    ('max with indices', lambda x: F.max_pool1d(x, 2, return_indices=True)[0])]:
        y = f(x)
        print(rg, name, y._base is not None, y.grad_fn.name() if y.grad_fn is not None else None)
x = torch.ones(1, 2, 6, requires_grad=True)
with torch.no_grad():
    print('no_grad', F.max_pool1d(x, 2)._base is not None)
y = F.max_pool1d(torch.tensor([[0.25]]), kernel_size=2, padding=1)
source = torch.tensor([[0.5]], requires_grad=True)
y[:1:1, ] = source
print(y, y.grad_fn.name(), y._base is not None)
y.sum().backward()
print(source.grad)
