# Spec 2.5: tensor._backward_hooks is None until the first register_hook, then an
# OrderedDict {handle.id: fn} in registration order (leaf and non-leaf); removing a hook
# deletes its entry (the dict stays).
import torch
x = torch.ones(2, requires_grad=True)
y = x * 2
print('before', x._backward_hooks, y._backward_hooks)
def f1(g): pass
def f2(g): pass
h1 = x.register_hook(f1)
h2 = x.register_hook(f2)
h3 = y.register_hook(f2)
print(type(x._backward_hooks).__name__, [k - h1.id for k in x._backward_hooks], [v.__name__ for v in x._backward_hooks.values()])
print('non-leaf', type(y._backward_hooks).__name__, list(y._backward_hooks) == [h3.id], y._backward_hooks[h3.id] is f2)
h1.remove()
print('after remove', [v.__name__ for v in x._backward_hooks.values()])
h2.remove()
print('emptied', x._backward_hooks, len(x._backward_hooks))
z = torch.ones(2, requires_grad=True)
z.register_post_accumulate_grad_hook(lambda p: None)
print('post-acc hook does not create _backward_hooks:', z._backward_hooks)
w = x * 3
w.retain_grad()
print('retain_grad does not create _backward_hooks:', w._backward_hooks)
