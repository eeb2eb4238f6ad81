# Spec 4.2: CPU scheduling is deterministic: among ready nodes the highest sequence number
# (most recently created) runs first; AccumulateGrad has the maximal number, so a leaf's
# tensor hooks/AccumulateGrad run as soon as all its consumers are done.
import torch
log = []
def reg(t, name):
    t.grad_fn.register_prehook(lambda go: log.append(name))
a = torch.tensor([1., 2.], requires_grad=True)
w = torch.tensor([1., 2.], requires_grad=True)
b = a * 2; reg(b, 'b=a*2')
c = a * 3; reg(c, 'c=a*3')
e = w.exp(); reg(e, 'e=w.exp')
s = b + c; reg(s, 's=b+c')
d = s + e; reg(d, 'd=s+e')
b.grad_fn.next_functions[0][0].register_prehook(lambda go: log.append('acc_a'))
e.grad_fn.next_functions[0][0].register_prehook(lambda go: log.append('acc_w'))
a.register_hook(lambda g: log.append('a tensor hook'))
d.sum().backward()
print(log); log.clear()
x = torch.ones(2, requires_grad=True)
y = torch.ones(2, requires_grad=True)
p = y * 2; reg(p, 'p=y*2 (early)')
q = x * 5; reg(q, 'q=x*5 (late)')
q.grad_fn.next_functions[0][0].register_prehook(lambda go: log.append('acc_x'))
p.grad_fn.next_functions[0][0].register_prehook(lambda go: log.append('acc_y'))
(p + q).sum().backward()
print(log); log.clear()
# diamond: the shared node runs once, after both branches
m = torch.ones(2, requires_grad=True)
base = m * 1; reg(base, 'base')
l1 = base.sin(); reg(l1, 'left')
r1 = base.cos(); reg(r1, 'right')
r2 = r1 * 2; reg(r2, 'right2')
top = l1 + r2; reg(top, 'top')
top.sum().backward()
print(log)
