# Spec 5.2, 5.3: pack is called once per tensor saved for backward, at forward time, only
# when the op records a graph: a*b packs 2, exp packs 1 (its result), pow(2)/sin pack 1 (the
# input), sum packs 0. unpack is called once per saved tensor per execution of the node
# (twice for two passes with retain_graph) and once per access of grad_fn._saved_<name>.
import torch
from torch.autograd.graph import saved_tensors_hooks
cnt = {'pack': 0, 'unpack': 0}
def pack(t):
    cnt['pack'] += 1
    return t.detach()
def unpack(t):
    cnt['unpack'] += 1
    return t
def reset():
    cnt.update(pack=0, unpack=0)
a = torch.ones(3, requires_grad=True)
b = torch.ones(3, requires_grad=True) * 2
for label, f in [('a*b', lambda: a * b), ('exp', lambda: a.exp()), ('pow(2)', lambda: a.pow(2)),
                 ('sin', lambda: a.sin()), ('sum', lambda: a.sum()), ('a*a', lambda: a * a)]:
    reset()
    with saved_tensors_hooks(pack, unpack):
        out = f()
    print(f'{label:7s} packs {cnt["pack"]}')
reset()
with saved_tensors_hooks(pack, unpack):
    y = a * b
    z = y.exp()
    w = z.sum()
    v = a.pow(2)
print('after fwd', cnt)
(w + v.sum()).backward(retain_graph=True); print('after bwd1', cnt)
(w + v.sum()).backward(); print('after bwd2', cnt)
reset()
with saved_tensors_hooks(pack, unpack):
    y = a * a
_ = y.grad_fn._saved_self
_ = y.grad_fn._saved_other
_ = y.grad_fn._saved_self
print('three _saved_ accesses', cnt)
reset()
with saved_tensors_hooks(pack, unpack):
    with torch.no_grad():
        y = a * b
    y2 = torch.ones(3) * torch.ones(3)
print('no_grad / no input requires grad:', cnt)
