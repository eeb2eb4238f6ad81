# Spec 4.9: a second backward over nodes that saved nothing (AddBackward0, SumBackward0, ...)
# succeeds without retain_graph, and hooks fire again: nodes are not destroyed, only their
# saved tensors.
import torch
log = []
x = torch.ones(2, requires_grad=True)
y = x + 1
y.register_hook(lambda g: log.append('y hook'))
y.grad_fn.register_prehook(lambda go: log.append('add pre'))
s = y.sum()
s.backward()
s.backward()
print(log, x.grad.tolist()); log.clear()
z = x * x
z.sum().backward()
try:
    z.sum().backward()
except RuntimeError as e:
    print('mul saves tensors:', str(e)[:80])
w = (x - 2).neg()
w.sum().backward()
w.sum().backward()
print('sub/neg twice ok', x.grad.tolist())
