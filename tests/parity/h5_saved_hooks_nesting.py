# Spec 5.1: saved_tensors_hooks pushes a (pack, unpack) pair on a thread-local stack; only the
# innermost pair is used (no composition); pairs are captured per saved tensor at save time,
# so backward after leaving the context still calls the captured unpack hook.
import torch
from torch.autograd.graph import saved_tensors_hooks
log = []
a = torch.ones(2, requires_grad=True)
b = torch.full((2,), 2., requires_grad=True)
outer = saved_tensors_hooks(lambda t: (log.append('outer pack'), t)[1], lambda t: (log.append('outer unpack'), t)[1])
inner = saved_tensors_hooks(lambda t: (log.append('inner pack'), t)[1], lambda t: (log.append('inner unpack'), t)[1])
with outer:
    y1 = a * b
    with inner:
        y2 = a.exp()
    y3 = a.sin()
print('forward:', log); log.clear()
y1.sum().backward(); print('y1 backward:', log); log.clear()
y2.sum().backward(); print('y2 backward:', log); log.clear()
y3.sum().backward(); print('y3 backward:', log); log.clear()
y4 = a * b
y4.sum().backward(); print('outside any context:', log)
# the pack result can be anything; unpack turns it back
store = {}
a.grad = None
def pack_to_key(t):
    k = len(store)
    store[k] = t.clone()
    return k
with saved_tensors_hooks(pack_to_key, lambda k: store[k]):
    z = (a * b).pow(2)
z.sum().backward()
print('pack returns an int key:', sorted(store), a.grad.tolist())
