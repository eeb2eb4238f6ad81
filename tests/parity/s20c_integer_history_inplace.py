# Fuzz seed 6 (6:9140): an integer tensor filled in place from a float value that requires
# grad gets FillBackward3 and requires grad; a later in-place op PyTorch records nothing for
# (shifts, bitwise ops, gcd / lcm, integer floor division) leaves that history as it is,
# where hookgrad crashed on the missing node ('NoneType' has no attribute '_for_backward').
import operator

import torch


def make():
    v = torch.tensor([[3, 5], [2, -1]], dtype=torch.int64)
    return v.fill_(torch.tensor(2.0, requires_grad=True))


o = torch.tensor([[1, 0], [0, 1]])
CASES = [("irshift", lambda v: operator.irshift(v, o)),
         ("ilshift", lambda v: operator.ilshift(v, o)),
         ("iand", lambda v: operator.iand(v, o)), ("ior", lambda v: operator.ior(v, o)),
         ("ixor", lambda v: operator.ixor(v, o)), ("bitwise_not_", lambda v: v.bitwise_not_()),
         ("gcd_", lambda v: v.gcd_(o)), ("lcm_", lambda v: v.lcm_(o)),
         ("floor_divide_", lambda v: v.floor_divide_(o + 1)),
         ("ifloordiv", lambda v: operator.ifloordiv(v, o + 1)),
         ("remainder_", lambda v: v.remainder_(o + 1)), ("sub_", lambda v: v.sub_(o)),
         ("iadd", lambda v: operator.iadd(v, o)), ("imul", lambda v: operator.imul(v, o)),
         ("copy_", lambda v: v.copy_(o)), ("eq_", lambda v: v.eq_(o)),
         ("logical_and_", lambda v: v.logical_and_(o)), ("neg_", lambda v: v.neg_()),
         ("zero_", lambda v: v.zero_()), ("masked_fill_", lambda v: v.masked_fill_(o.bool(), 7))]
for name, edit in CASES:
    v = make()
    try:
        r = edit(v)
        print(name, r is v, r.requires_grad, r.grad_fn.name() if r.grad_fn else None, r.tolist())
    except Exception as error:
        print(name, "raised", type(error).__name__, error)
x = torch.tensor([1.5, -2.0], requires_grad=True)
y = x * 1
y.floor_divide_(torch.tensor([1.0, 1.0]))
print("float floor_divide_", y.grad_fn.name())
