# Spec 2.11: an exception raised in any hook propagates out of backward() unchanged (same
# type and message); side effects already done in that graph task are not rolled back.
import torch

class MyError(Exception):
    pass

def boom(*args):
    raise MyError('boom from hook')

x = torch.ones(2, requires_grad=True)
for label, register in [
        ('tensor hook', lambda y: y.register_hook(boom)),
        ('node prehook', lambda y: y.grad_fn.register_prehook(boom)),
        ('node posthook', lambda y: y.grad_fn.register_hook(boom)),
        ('post-acc hook', lambda y: x.register_post_accumulate_grad_hook(boom))]:
    y = x * 2
    h = register(y)
    try:
        y.sum().backward()
        print(label, 'no error')
    except MyError as e:
        print(label, '->', type(e).__name__, e)
    h.remove()
print('x.grad after post-acc failure (accumulated before hook):', x.grad.tolist())

a = torch.ones(2, requires_grad=True)
b = torch.ones(2, requires_grad=True)
pa = a * 2
pb = b * 3
def fail(g):
    raise ValueError('stop')
a.register_hook(fail)
try:
    (pa + pb).sum().backward()
except ValueError as e:
    print('partial effects:', e, 'b.grad', b.grad.tolist(), 'a.grad', a.grad)
try:
    torch.autograd.grad((a * 2).sum(), a)
except ValueError as e:
    print('autograd.grad propagates:', e)
