# Spec 5.2 (+ 3.2): x*3 (Python scalar, a wrapped number) packs nothing although
# grad_fn._saved_other shows tensor(3) and _saved_self is None; x*torch.tensor(3.) packs only
# the other operand (self's value is not needed when other needs no grad).
import torch
from torch.autograd.graph import saved_tensors_hooks
x = torch.ones(2, requires_grad=True)
cnt = [0]
def pack(t):
    cnt[0] += 1
    return t
with saved_tensors_hooks(pack, lambda t: t):
    q = x * 3
print('x*3 packs', cnt[0], 'saved other', q.grad_fn._saved_other, 'saved self', q.grad_fn._saved_self)
print(sorted(a for a in dir(q.grad_fn) if a.startswith('_saved') or a.startswith('_raw_saved')))
cnt[0] = 0
with saved_tensors_hooks(pack, lambda t: t):
    q2 = x * torch.tensor(3.)
print('x*tensor(3.) packs', cnt[0], 'saved self', q2.grad_fn._saved_self, 'saved other', q2.grad_fn._saved_other)
cnt[0] = 0
y = torch.ones(2, requires_grad=True)
with saved_tensors_hooks(pack, lambda t: t):
    q3 = x * y
print('x*y packs', cnt[0], q3.grad_fn._saved_self.tolist(), q3.grad_fn._saved_other.tolist())
