# Spec 2.20, 2.22: when .grad is empty and nothing else holds the incoming gradient,
# AccumulateGrad steals the buffer, so .grad and the AccumulateGrad post-hook's
# grad_outputs[0] share storage; if the user kept a reference (e.g. to what a hook
# returned), .grad is a copy. Later passes (create_graph=False) add in place into the
# same .grad object.
import torch
seen = {}
x = torch.tensor([1., 2., 3.], requires_grad=True)
acc = (x * 1).grad_fn.next_functions[0][0]
def bump(p):
    p.grad.add_(0.5)
x.register_post_accumulate_grad_hook(bump)
def post(gi, go):
    seen['alias'] = go[0].data_ptr() == x.grad.data_ptr()
    seen['go'] = go[0].tolist()
acc.register_hook(post)
(x * torch.tensor([1., 2., 3.])).sum().backward()
print('stolen buffer: alias', seen['alias'], 'grad_outputs[0] shows in-place edit', seen['go'])
keep = {}
y = torch.ones(3, requires_grad=True)
def h(g):
    r = g * 2
    keep['r'] = r
    return r
y.register_hook(h)
(y * 1).sum().backward()
print('kept reference -> copy:', y.grad is keep['r'], y.grad.data_ptr() == keep['r'].data_ptr())
before = y.grad
ptr = y.grad.data_ptr()
(y * 1).sum().backward()
print('second pass in place:', y.grad is before, y.grad.data_ptr() == ptr, y.grad.tolist())
