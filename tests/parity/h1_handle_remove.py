# Spec 1.3: remove() deletes the id from the main dict and from every extra dict, each only
# if present; calling it twice, or after the dict's owner died, is a silent no-op. The
# handle holds only weak references (it does not keep the dict alive).
import gc
import torch
from collections import OrderedDict
from torch.utils.hooks import RemovableHandle

d = OrderedDict(); e1 = OrderedDict(); e2 = OrderedDict()  # plain dicts are not weak-referenceable
h = RemovableHandle(d, extra_dict=[e1, e2])
d[h.id] = 'hook'; e1[h.id] = True          # e2 never gets the id
print('before', len(d), len(e1), len(e2))
h.remove(); print('after', len(d), len(e1), len(e2))
h.remove(); print('second remove is a no-op')
h2 = RemovableHandle(d, extra_dict=e2); d[h2.id] = 'a'; e2[h2.id] = 1
h3 = RemovableHandle(d); d[h3.id] = 'b'
h2.remove(); print('single extra dict', list(d.values()), len(e2))
d4 = OrderedDict(); h4 = RemovableHandle(d4); d4[h4.id] = 1
del d4; gc.collect()
print('dict died', h4.hooks_dict_ref() is None); h4.remove(); print('remove after death ok')

x = torch.ones(2, requires_grad=True)
calls = []
ha = x.register_hook(lambda g: calls.append('a'))
hb = x.register_hook(lambda g: calls.append('b'))
hc = x.register_hook(lambda g: calls.append('c'))
hb.remove(); hb.remove()
(x * 1).sum().backward()
print('remaining hooks run in order', calls)
def make():
    z = torch.ones(1, requires_grad=True)
    return z.register_hook(lambda g: None)
hz = make(); gc.collect(); hz.remove(); print('remove after tensor died ok')
y = x * 3
hn = y.grad_fn.register_hook(lambda gi, go: calls.append('node'))
hn.remove(); hn.remove(); calls.clear(); y.sum().backward(); print('node hook removed; leaf hooks still run', calls)
