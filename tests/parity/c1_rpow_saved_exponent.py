# number ** tensor (PowBackward2) saves its exponent as PyTorch's node does: written in place
# before backward (also the double-backward graph's), backward refuses it; _saved_self shows
# the number; saved-tensor hooks pack the exponent and the result.
import torch

x = torch.tensor([0.2, 0.7], requires_grad=True)
h = x * 1
for y in [2 ** h, torch.pow(2.5, h), 0 ** h]:
    fn = y.grad_fn
    print(fn.name(), fn._saved_self, fn._saved_exponent.equal(h), fn._saved_result)
h.mul_(1)
try:
    y.sum().backward()
except RuntimeError as e:
    print(e)
h = x * 1
(g,) = torch.autograd.grad(((2 ** h) ** 2).sum(), x, create_graph=True)
print(g)
h.mul_(1)
try:
    g.sum().backward()
except RuntimeError as e:
    print(e)
packed = []
with torch.autograd.graph.saved_tensors_hooks(lambda t: packed.append(t.shape) or t, lambda t: t):
    y = 3 ** (x * 1)
print(len(packed), packed)
y.sum().backward()
print(x.grad)
