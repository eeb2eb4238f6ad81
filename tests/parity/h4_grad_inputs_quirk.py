# Spec 4.6 quirk: if an input's grad_fn is needed because another requested input lies
# upstream, the value returned for that input is captured before its tensor hooks; the hooks
# still run afterwards and their effect propagates upstream.
# b=a*2; b hook x100; c=(b*1).sum(): grad(c, b) -> 100, grad(c, [b, a]) -> (1, 200).
import torch
log = []
a = torch.tensor([1., 2.], requires_grad=True)
b = a * 2
b.register_hook(lambda g: (log.append(('b hook', g.tolist())), g * 100)[1])
c = (b * 1).sum()
print('grad(c, b):', torch.autograd.grad(c, b, retain_graph=True), log); log.clear()
print('grad(c, [b, a]):', torch.autograd.grad(c, [b, a], retain_graph=True), log); log.clear()
print('grad(c, [a, b]):', torch.autograd.grad(c, [a, b], retain_graph=True), log); log.clear()
b.retain_grad()
print('retained + both:', torch.autograd.grad(c, [b, a], retain_graph=True), 'b.grad', b.grad); log.clear()
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 3
y.grad_fn.register_prehook(lambda go: (go[0] * 2,))
z = (y * y).sum()
print('prehook does not affect captured y:', torch.autograd.grad(z, [y, x]))
