# Spec 3.7, 4.6: node pre/post hooks run only if that node actually executes; tensor hooks
# and retains-grad hooks run whenever the engine evaluates the node, even if it then does
# not execute it (autograd.grad capture case); nodes not on a path to a requested input are
# skipped entirely. Upstream test_hook_edge_case_when_called_with_grad.
import torch
counts = {'tensor': 0, 'pre': 0, 'post': 0}
def bump(k):
    def f(*args):
        counts[k] += 1
    return f
a = torch.tensor(1., requires_grad=True)
b = a * 2
c = b * 2
b.register_hook(bump('tensor'))
b.grad_fn.register_prehook(bump('pre'))
b.grad_fn.register_hook(bump('post'))
torch.autograd.grad(c, inputs=(b,), retain_graph=True)
print('grad(c, b):', counts)
torch.autograd.grad(c, inputs=(a, b), retain_graph=True)
print('grad(c, (a, b)):', counts)
torch.autograd.grad(c, inputs=(a,), retain_graph=True)
print('grad(c, a):', counts)
c.backward(inputs=(a, b), retain_graph=True)
print('backward(inputs=(a, b)):', counts)
c.backward(inputs=(b,), retain_graph=True)
print('backward(inputs=(b,)):', counts)
log = []
p = a * 3
q = a * 5
p.grad_fn.register_prehook(lambda go: log.append('p pre'))
q.register_hook(lambda g: log.append('q tensor'))
q.grad_fn.register_prehook(lambda go: log.append('q pre'))
torch.autograd.grad(p + q, p)
print('only p requested:', log)
