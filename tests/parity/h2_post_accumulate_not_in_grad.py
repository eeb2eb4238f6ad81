# Spec 2.21, 4.5, 4.6: post-accumulate hooks and AccumulateGrad pre/post hooks do not run
# under torch.autograd.grad, nor for leaves excluded by backward(inputs=...); the leaf's
# tensor hooks still run under autograd.grad (their return value is what grad() returns).
import torch
log = []
x = torch.tensor([1., 2.], requires_grad=True)
w = torch.tensor([3., 4.], requires_grad=True)
for name, t in (('x', x), ('w', w)):
    t.register_hook(lambda g, name=name: (log.append(name + ' tensor hook'), g * 10)[1])
    t.register_post_accumulate_grad_hook(lambda p, name=name: log.append(name + ' post-acc'))
y = x * w
acc_x = y.grad_fn.next_functions[0][0]
acc_w = y.grad_fn.next_functions[1][0]
acc_x.register_prehook(lambda go: log.append('x acc pre'))
acc_x.register_hook(lambda gi, go: log.append('x acc post'))
acc_w.register_prehook(lambda go: log.append('w acc pre'))
g, = torch.autograd.grad(y.sum(), x, retain_graph=True)
print('grad(x):', log, g.tolist(), x.grad, w.grad); log.clear()
y.sum().backward(inputs=[x], retain_graph=True)
print('backward(inputs=[x]):', log, x.grad.tolist(), w.grad); log.clear()
y.sum().backward(retain_graph=True)
print('backward():', log, x.grad.tolist(), w.grad.tolist()); log.clear()
