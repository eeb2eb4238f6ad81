# Spec 5.4: a pack hook that modifies its input in place raises (RuntimeError); an unpack
# hook returning a non-Tensor raises TypeError at backward time.
import torch
from torch.autograd.graph import saved_tensors_hooks
def bad_pack(t):
    t.add_(1)
    return t
try:
    with saved_tensors_hooks(bad_pack, lambda t: t):
        x = torch.ones(2, requires_grad=True).clone()
        y = x * x
    print('no error')
except RuntimeError as e:
    print('in-place in pack:', type(e).__name__, e)
x = torch.ones(2, requires_grad=True)
with saved_tensors_hooks(lambda t: t.detach(), lambda t: 5):
    y = x * x
print('forward fine')
try:
    y.sum().backward()
except TypeError as e:
    print('unpack returns int:', type(e).__name__, e)
with saved_tensors_hooks(lambda t: t.detach(), lambda t: 'abc'):
    z = x.exp()
try:
    z.grad_fn._saved_result
except TypeError as e:
    print('unpack returns str (attribute access):', type(e).__name__, e)
with saved_tensors_hooks(lambda t: t * 1, lambda t: t):
    q = x.sin()
q.sum().backward()
print('pack may return a new tensor', x.grad.tolist())
