# In-place view ops (transpose_, swapaxes_, t_, unsqueeze_, squeeze_) leave a tensor's hooks
# and retain_grad on its old node, as PyTorch: a hook registered later joins the hooks already
# there (the old shape, run after them); other in-place ops start a new set of hooks.
import torch
v0 = torch.ones(2, 3, requires_grad=True)
for name, args in (("swapaxes_", (1, 0)), ("transpose_", (0, 1)), ("t_", ()), ("unsqueeze_", (0,)),
                   ("squeeze_", ()), ("mul_", (2,))):
    v0.grad = None
    v1 = v0.clone()
    v1.register_hook(lambda g: print(" before", tuple(g.shape)))
    getattr(v1, name)(*args)
    v1.register_hook(lambda g: print(" after", tuple(g.shape)) or g * 2)
    print(name, v1.grad_fn.name())
    (v1 * 1).sum().backward()
    print(" grad", v0.grad.flatten().tolist())
v1 = v0.clone()
v1.retain_grad()
v1.t_()
v1.register_hook(lambda g: print(" after retain", tuple(g.shape)))
(v1 * 1).sum().backward()
print(v1.grad.shape)
