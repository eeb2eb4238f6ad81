# Fuzz seed 5: a view whose elements share memory (expand, an overlapping unfold or
# as_strided), made before its base was modified in place, gets a regenerated grad_fn
# (AsStridedBackward0); its backward adds the gradients of all elements that share a place,
# as PyTorch's as_strided_backward does, with and without create_graph.
import torch

v0 = torch.tensor([[1.5, 2.0]], dtype=torch.float64, requires_grad=True)
v1 = v0.trace()
v0.register_hook(lambda grad: print('hook', grad))
v3 = v1.expand(3)
v1 += torch.tensor(-0.75, dtype=torch.float64)
print(v3.grad_fn.name())
v3.sum().backward()
print(v0.grad)

x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
makers = (lambda v: v.unfold(0, 2, 1), lambda v: v.as_strided((3, 2), (1, 1)),
          lambda v: v[None].expand(2, 4)[:, 1:3].unsqueeze(2).expand(2, 2, 3),
          lambda v: v.unfold(0, 3, 1).unsqueeze(0).expand(2, 2, 3))
for make in makers:
    v1 = x * 1
    view = make(v1)
    v1 += 1
    (g,) = torch.autograd.grad((view * view).sum(), x, create_graph=True)
    print(view.grad_fn.name(), g, torch.autograd.grad(g.sum(), x))
    v1 = x * 1
    view = make(v1)
    v1 += 1
    (view * view).sum().backward()
    print(x.grad)
    x.grad = None
