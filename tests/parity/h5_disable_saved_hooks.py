# Spec 5.6: inside disable_saved_tensors_hooks(msg), entering saved_tensors_hooks raises
# RuntimeError(msg) verbatim; after leaving it, hooks work again.
import torch
from torch.autograd.graph import disable_saved_tensors_hooks, saved_tensors_hooks
try:
    with disable_saved_tensors_hooks('saved tensor hooks are off here'):
        with saved_tensors_hooks(lambda t: t, lambda t: t):
            pass
    print('no error')
except RuntimeError as e:
    print(type(e).__name__, e)
n = []
with saved_tensors_hooks(lambda t: (n.append(1), t)[1], lambda t: t):
    x = torch.ones(2, requires_grad=True)
    y = x * x
print('works after leaving', len(n))
with disable_saved_tensors_hooks('nope'):
    x = torch.ones(2, requires_grad=True)
    (x * x).sum().backward()
    print('autograd itself still works', x.grad.tolist())
