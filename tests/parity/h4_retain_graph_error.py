# Spec 4.8: retain_graph defaults to create_graph; without it saved tensors are freed and a
# second pass through a node that needs them raises the "backward through the graph a second
# time" error; hooks fire once per successful pass; accessing a freed _saved_ attribute
# raises the same error.
import torch
log = []
x = torch.tensor([1., 2.], requires_grad=True)
y = x * x
y.register_hook(lambda g: log.append('y hook'))
z = y.sum()
z.backward(retain_graph=True)
z.backward(retain_graph=True)
z.backward()
print('three passes:', log, x.grad.tolist()); log.clear()
try:
    z.backward()
except RuntimeError as e:
    print('fourth:', type(e).__name__, e)
print('hook ran before the failure?', log)
e = x.exp()
e.sum().backward()
try:
    e.grad_fn._saved_result
except RuntimeError as err:
    print('saved after free:', err)
w = x * x
torch.autograd.grad(w.sum(), x)
try:
    torch.autograd.grad(w.sum(), x)
except RuntimeError as err:
    print('grad twice:', str(err)[:60])
v = x * x
g, = torch.autograd.grad(v.sum(), x, create_graph=True)
g2, = torch.autograd.grad(v.sum(), x)
print('create_graph implies retain_graph:', g.tolist(), g2.tolist())
