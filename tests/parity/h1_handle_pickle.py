# Spec 1.7: a handle pickles as (dict, id[, extra dicts]); unpickling restores the same id
# (pointing at the unpickled dict) and bumps the class counter past it. A handle whose dict
# is dead unpickles into a handle whose remove() is a no-op.
import gc, pickle
from collections import OrderedDict
from torch.utils.hooks import RemovableHandle

d = OrderedDict(); e = OrderedDict()
h = RemovableHandle(d, extra_dict=e); d[h.id] = 'v'; e[h.id] = True
before = RemovableHandle.next_id
d2, e2, h2 = pickle.loads(pickle.dumps((d, e, h)))
print('same id', h2.id == h.id, 'counter unchanged', RemovableHandle.next_id == before)
print('points at unpickled dict', h2.hooks_dict_ref() is d2, dict(d2) == {h.id: 'v'})
h2.remove(); print('remove on copy', len(d2), len(e2), 'original untouched', len(d), len(e))
h.id = RemovableHandle.next_id + 10
h3 = pickle.loads(pickle.dumps(h))
print('counter bumped past unpickled id', RemovableHandle.next_id - h3.id)
print('next new handle', RemovableHandle(d).id - h3.id)
d5 = OrderedDict(); h5 = RemovableHandle(d5); d5[h5.id] = 1
del d5; gc.collect()
h6 = pickle.loads(pickle.dumps(h5))
h6.remove(); print('dead dict handle unpickled; remove ok', h6.id == h5.id)
