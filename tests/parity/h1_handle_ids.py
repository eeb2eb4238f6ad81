# Spec 1.2: every register_* call (tensor hook, post-accumulate hook, node pre-/post-hook,
# a bare RemovableHandle) takes its id from one process-wide counter: ids are consecutive ints.
# Spec 1.1: register_multi_grad_hook returns a _MultiHandle wrapping one handle per tensor;
# the _MultiHandle itself has no .id and consumes no id.
import torch
from collections import OrderedDict
from torch.utils.hooks import RemovableHandle
from torch.autograd.graph import register_multi_grad_hook

x = torch.ones(2, requires_grad=True)
y = x * 2
hs = [x.register_hook(lambda g: None),
      x.register_post_accumulate_grad_hook(lambda p: None),
      y.register_hook(lambda g: None),
      y.grad_fn.register_prehook(lambda go: None),
      y.grad_fn.register_hook(lambda gi, go: None),
      y.grad_fn.next_functions[0][0].register_prehook(lambda go: None),
      RemovableHandle(OrderedDict())]
print('types', sorted({type(h).__name__ for h in hs}), sorted({type(h.id).__name__ for h in hs}))
print('diffs', [b.id - a.id for a, b in zip(hs, hs[1:])])
print('next_id - last id', RemovableHandle.next_id - hs[-1].id)
first = x.register_hook(lambda g: None)
m = register_multi_grad_hook((x, y), lambda gs: None)
after = x.register_hook(lambda g: None)
print('multi handle:', type(m).__name__, isinstance(m, RemovableHandle), hasattr(m, 'id'), len(m.handles))
print('inner ids relative to previous', [h.id - first.id for h in m.handles], 'next', after.id - first.id)
# removing does not give ids back
hs[2].remove()
print('after remove', x.register_hook(lambda g: None).id - after.id)
