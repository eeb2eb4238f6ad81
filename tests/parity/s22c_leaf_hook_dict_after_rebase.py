# A leaf's tensor-hook dict stays with the tensor when the leaf gains history in place (here
# detached, then written through a view): PyTorch's register_hook adds to that dict, which no
# node calls, so neither the old hooks nor later ones fire (fuzz 19:13439). A non-leaf's dict
# is dropped on an in-place write: later hooks join the new node.
import torch

z = torch.zeros(3, requires_grad=True)
z.register_hook(lambda g: print("leaf hook before", g))
z.detach_()
z[:2].add_(torch.ones(2, requires_grad=True))
z.register_hook(lambda g: print("leaf hook after", g))
z.sum().backward()
print("z", z.grad_fn.name())

x = torch.ones(3, requires_grad=True)
y = x * 1
y.register_hook(lambda g: print("non-leaf hook before", g))
y[:2].add_(1)
y.register_hook(lambda g: print("non-leaf hook after", g))
y.sum().backward()

v0 = torch.zeros(2, 2, 2, 3, requires_grad=True)
v0.register_hook(lambda g: print("hook before detach_", g.shape))
v4 = v0.detach_().expand(2, 2, 2, 3)
v5 = torch.ones(1, 1, 2, 3, requires_grad=True)
v4.addcmul_(v5, torch.ones(1, 2, 1, 1, dtype=torch.bool))
v0.register_hook(lambda g: print("hook after", g.shape))
v4.sum().backward()
print(v5.grad)
