# Spec 4.4, 2.7: torch.autograd.backward(tensors, grad_tensors, retain_graph, create_graph,
# inputs) without inputs executes every reachable node and fires all hook kinds; the
# grad_tensors are the seeds seen by the roots' hooks.
import torch
log = []
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 2
z = x.exp()
y.register_hook(lambda g: log.append(('y', g.tolist())))
z.register_hook(lambda g: log.append(('z', [round(v, 4) for v in g.tolist()])))
y.grad_fn.register_prehook(lambda go: log.append('y pre'))
z.grad_fn.register_hook(lambda gi, go: log.append('z post'))
x.register_hook(lambda g: log.append(('x', [round(v, 4) for v in g.tolist()])))
x.register_post_accumulate_grad_hook(lambda p: log.append('x post-acc'))
torch.autograd.backward([y, z], [torch.tensor([1., 10.]), torch.tensor([0.5, 0.5])], retain_graph=True)
for entry in log:
    print(entry)
log.clear()
torch.autograd.backward(y.sum())
print('single tensor root:', log, [round(v, 4) for v in x.grad.tolist()]); log.clear()
torch.autograd.backward((z,), grad_tensors=(torch.ones(2),), inputs=(x,))
print('with inputs:', log)
