# Spec 5.5: grad_fn._raw_saved_<name>.register_hooks(pack, unpack) calls pack immediately and
# unpack on every access/backward use; registering twice, or on a tensor that already got
# default hooks from the context manager, raises; so does registering after the graph was
# freed.
import torch
from torch.autograd.graph import saved_tensors_hooks
calls = []
x = torch.ones(2, requires_grad=True)
y = x.pow(2)
y.grad_fn._raw_saved_self.register_hooks(lambda t: (calls.append('pack'), t.detach())[1],
                                         lambda t: (calls.append('unpack'), t * 1)[1])
print('after register_hooks', calls)
_ = y.grad_fn._saved_self
print('after attribute access', calls)
y.sum().backward()
print('after backward', calls, x.grad.tolist())
def tryit(label, f):
    try:
        f(); print(label, 'ok')
    except RuntimeError as e:
        print(label, '->', type(e).__name__, e)
tryit('after free', lambda: y.grad_fn._raw_saved_self.register_hooks(lambda t: t, lambda t: t))
x = torch.ones(2, requires_grad=True)
y = x.pow(2)
y.grad_fn._raw_saved_self.register_hooks(lambda t: t.detach(), lambda t: t)
tryit('twice', lambda: y.grad_fn._raw_saved_self.register_hooks(lambda t: t.detach(), lambda t: t))
with saved_tensors_hooks(lambda t: t.detach(), lambda t: t):
    y = x.pow(2)
tryit('default hooks present', lambda: y.grad_fn._raw_saved_self.register_hooks(lambda t: t.detach(), lambda t: t))
z = x * x
seen = []
z.grad_fn._raw_saved_other.register_hooks(lambda t: (seen.append('other pack'), t)[1], lambda t: (seen.append('other unpack'), t)[1])
z.sum().backward()
print('only the hooked saved tensor', seen)
