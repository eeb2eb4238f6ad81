# Issue 11 (fuzz): cummax / cummin of an empty tensor give the (empty) input itself as its
# gradient, as PyTorch: under create_graph it requires grad.
import torch

for fn, dim in ((torch.cummax, 0), (torch.cummin, -2)):
    x = torch.zeros((0, 4, 5, 3)).requires_grad_()
    x.register_hook(lambda grad: print("hook", grad.shape, grad.requires_grad))
    fn(x, dim)[0].sum().backward(create_graph=True)
    print(x.grad.shape, x.grad.requires_grad, x.grad.grad_fn.name())
    (g,) = torch.autograd.grad(fn(x, dim)[0].sum(), x, create_graph=True)
    print(g is x, g.requires_grad)
y = torch.zeros(3, requires_grad=True)
(g,) = torch.autograd.grad(torch.cummax(y, 0)[0].sum(), y, create_graph=True)
print(g, g.requires_grad)
