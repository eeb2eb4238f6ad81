# Spec 4.11: a hook may run a nested backward() (under torch.enable_grad(), since grad mode
# is off in hooks); _current_graph_task_id() is -1 outside backward and >= 0 inside hooks;
# _current_autograd_node() returns the executing node inside node hooks.
import torch
log = []
a = torch.ones(2, requires_grad=True)
b = a * 3
def h(g):
    z = torch.ones(2, requires_grad=True)
    with torch.enable_grad():
        (z * 5).sum().backward()
    log.append(('nested z.grad', z.grad.tolist()))
    w = torch.ones(2, requires_grad=True)
    with torch.enable_grad():
        gw, = torch.autograd.grad((w * w).sum(), w)
    log.append(('nested grad', gw.tolist()))
b.register_hook(h)
b.sum().backward()
print(log, a.grad.tolist()); log.clear()
print('outside', torch._C._current_graph_task_id())
c = a * 4
c.register_hook(lambda g: log.append(('inside id >= 0', torch._C._current_graph_task_id() >= 0)))
c.sum().backward()
print(log, 'after', torch._C._current_graph_task_id()); log.clear()
d = a * 5
d.grad_fn.register_prehook(lambda go: log.append(('pre current node', torch._C._current_autograd_node().name(), torch._C._current_autograd_node() is d.grad_fn)))
d.grad_fn.register_hook(lambda gi, go: log.append(('post current node', torch._C._current_autograd_node().name())))
d.sum().backward()
print(log); log.clear()
print('outside node', torch._C._current_autograd_node())
# reentrant backward into the same leaf from a leaf hook
x = torch.ones(2, requires_grad=True)
def leaf_hook(g):
    if not log:
        log.append('reenter')
        with torch.enable_grad():
            (x * 10).sum().backward()
x.register_hook(leaf_hook)
(x * 2).sum().backward()
print(log, 'x.grad', x.grad.tolist())
