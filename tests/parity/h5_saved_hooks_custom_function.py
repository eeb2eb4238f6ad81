# Spec 5.2, 5.3: ctx.save_for_backward(x, y, x) packs 3 times; every access of
# ctx.saved_tensors unpacks each saved tensor once (two accesses -> 6 unpacks).
import torch
from torch.autograd.graph import saved_tensors_hooks
cnt = {'p': 0, 'u': 0}
def pack(t):
    cnt['p'] += 1
    return t.detach()
def unpack(t):
    cnt['u'] += 1
    return t
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, y):
        ctx.save_for_backward(x, y, x)
        return x * y
    @staticmethod
    def backward(ctx, g):
        a, b, c = ctx.saved_tensors
        a2, b2, c2 = ctx.saved_tensors
        return g * b, g * a
x = torch.ones(2, requires_grad=True)
y = torch.ones(2) * 2
with saved_tensors_hooks(pack, unpack):
    o = F.apply(x, y)
print('after fwd', cnt)
o.sum().backward()
print('after bwd (saved_tensors read twice)', cnt, x.grad.tolist())
cnt.update(p=0, u=0)
class G(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * 3
    @staticmethod
    def backward(ctx, g):
        return g * 3
with saved_tensors_hooks(pack, unpack):
    o = G.apply(x)
o.sum().backward()
print('saved but never read in backward', cnt)
