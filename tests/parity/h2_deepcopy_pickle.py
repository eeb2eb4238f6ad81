# Spec 2.23: copy.deepcopy of a leaf with hooks drops the hooks (_backward_hooks is None on
# the copy); pickle.dumps of such a tensor succeeds but warns that the hook will not be
# serialized (unless decorated with torch.utils.hooks.unserializable_hook).
import copy, pickle, warnings
import torch
t = torch.ones(2, requires_grad=True)
def my_hook(g):
    return g * 2
t.register_hook(my_hook)
t2 = copy.deepcopy(t)
print('deepcopy hooks:', t2._backward_hooks, 'original keeps', len(t._backward_hooks), t2.requires_grad, t2.is_leaf)
(t2 * 1).sum().backward()
print('copy grad (no hook):', t2.grad.tolist())
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    s = pickle.dumps(t)
for ww in w:
    print(ww.category.__name__, str(ww.message))
t3 = pickle.loads(s)
print('unpickled has no hooks:', not t3._backward_hooks, t3.tolist(), t3.requires_grad)
@torch.utils.hooks.unserializable_hook
def quiet(g):
    return None
u = torch.ones(2, requires_grad=True)
u.register_hook(quiet)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    pickle.dumps(u)
print('unserializable_hook warnings:', len(w), quiet.__torch_unserializable__)
