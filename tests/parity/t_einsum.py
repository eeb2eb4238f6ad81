# einsum: matrix and batched products, attention-shaped contractions, outer products,
# reductions and transposes, ellipses with broadcasting, implicit outputs, three operands,
# gradients, and the errors for operand counts and bad subscripts.
import torch
torch.manual_seed(0)
def T(*shape): return (torch.arange(float(torch.tensor(shape).prod().item())).reshape(shape) / 70 - 0.1).requires_grad_()
cases = [('ij,jk->ik', (2, 3), (3, 4)), ('ij->ji', (2, 3)), ('ij->', (2, 3)), ('ij', (2, 3)), ('ji', (2, 3)),
         ('bij,bjk->bik', (2, 2, 3), (2, 3, 4)), ('i,i->', (3,), (3,)), ('ij,ij->ij', (2, 3), (2, 3)),
         ('i,j->ij', (2,), (3,)), ('bhqd,bhkd->bhqk', (2, 2, 3, 4), (2, 2, 5, 4)), ('bhqk,bhkd->bhqd', (2, 2, 3, 5), (2, 2, 5, 4)),
         ('...ij,...jk->...ik', (2, 2, 3), (3, 4)), ('ij,jk,kl->il', (2, 3), (3, 4), (4, 2)), ('ij,kj', (2, 3), (4, 3)),
         ('i,i', (3,), (3,)), ('ijk->kj', (2, 3, 4)), ('ij,j->i', (2, 3), (3,)), ('b...,b->...', (2, 3, 4), (2,)),
         ('ij,jk->ik', (2, 1), (3, 4)), ('ik,jk->ijk', (2, 3), (4, 3))]
for case in cases:
    eq, shapes = case[0], case[1:]
    ops = [T(*s) for s in shapes]
    try:
        out = torch.einsum(eq, *ops)
    except RuntimeError as e:
        print(eq, 'RuntimeError', e); continue
    (out * out).sum().backward()
    print(eq, tuple(out.shape), round(out.sum().item(), 4), [round(o.grad.sum().item(), 4) for o in ops])
print(torch.einsum('ij,jk', [T(2, 3), T(3, 2)]).shape)
for bad in [('ij,jk->ik', (T(2, 3),)), ('ij->iij', (T(2, 3),)), ('ij->k', (T(2, 3),)), ('ijk->i', (T(2, 3),))]:
    try: torch.einsum(bad[0], *bad[1])
    except (RuntimeError, ValueError) as e: print(type(e).__name__, str(e)[:90])
