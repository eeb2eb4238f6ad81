# Spec 2.24: register_multi_grad_hook errors: invalid mode (ValueError), a tensor that does
# not require grad in mode "all" (AssertionError), mode "all" over a leaf used under
# torch.autograd.grad (RuntimeError); non-leaf tensors work under autograd.grad.
import torch
from torch.autograd.graph import register_multi_grad_hook
a = torch.ones(2, requires_grad=True)
b = torch.ones(2, requires_grad=True)
for label, f in [('bad mode', lambda: register_multi_grad_hook((a,), lambda g: None, mode='bad')),
                 ('no-grad tensor, all', lambda: register_multi_grad_hook((a, torch.ones(2)), lambda g: None))]:
    try:
        f(); print(label, 'ok')
    except Exception as e:
        print(label, '->', type(e).__name__, e)
c = a * b
h = register_multi_grad_hook((a, b), lambda g: print('fired'))
try:
    torch.autograd.grad(c.sum(), (a,), retain_graph=True)
    print('no error')
except RuntimeError as e:
    print('leaf under autograd.grad ->', type(e).__name__, e)
h.remove()
log = []
p = a * 2
q = b * 3
h = register_multi_grad_hook((p, q), lambda grads: log.append([None if g is None else g.tolist() for g in grads]))
torch.autograd.grad((p * q).sum(), (p,), retain_graph=True)
print('non-leaf under autograd.grad', log); log.clear()
torch.autograd.grad((p * q).sum(), (a,))
print('grad w.r.t. a leaf upstream', log)
