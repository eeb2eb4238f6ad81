# Spec 2.9: an in-place op through a view gives the base a CopySlices grad_fn (name
# torch::autograd::CopySlices) and the rebinding rule applies to the base's hooks. Hooks
# registered on a view before the view (or another view of the same base) is modified in
# place never fire; a hook registered after re-reading view.grad_fn does. retain_grad on
# views survives in-place ops.
import torch
log = []
z = torch.ones(3, requires_grad=True).clone()
z.register_hook(lambda g: log.append(('z old', g.tolist())))
z[0].mul_(5)
print(z.grad_fn.name(), type(z.grad_fn).__name__)
z.register_hook(lambda g: log.append(('z new', g.tolist())))
(z * z).sum().backward()
print(log); log.clear()

base = torch.tensor([1.0], requires_grad=True).clone()
view = base[:]
view2 = base[:]
view.register_hook(lambda g: log.append('view hook (before inplace)'))
view2.register_hook(lambda g: log.append('view2 hook (before inplace)'))
view.mul_(2)
view2.grad_fn  # re-reading regenerates view2's grad_fn
view2.register_hook(lambda g: log.append(('view2 hook (after)', g.tolist())))
(view + view2).sum().backward()
print(log); log.clear()

base = torch.tensor([1.0], requires_grad=True).clone()
view = base[:]
view2 = base[:]
view.retain_grad(); view2.retain_grad()
view.mul_(2)
(view + view2).sum().backward()
print('retain_grad over view:', view.grad.tolist(), view2.grad.tolist())

leaf = torch.tensor([1., 2., 3.], requires_grad=True)
w = leaf * 1
w.retain_grad()
w[1:].mul_(10)
w.sum().backward()
print('retained base after slice in-place:', w.grad.tolist(), 'leaf.grad', leaf.grad.tolist())
