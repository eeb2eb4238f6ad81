# Spec 3.2: next_functions has one (node_or_None, input_nr) pair per forward input, in
# argument order; inputs not requiring grad (and Python scalars) give (None, 0); leaves
# appear through their (shared) AccumulateGrad node, which exposes .variable.
import torch

def describe(node):
    return [(None if n is None else n.name(), i) for n, i in node.next_functions]

x = torch.ones(2, 2, requires_grad=True)
y = torch.ones(2, 2, requires_grad=True)
c = torch.ones(2, 2)
print('x+1', describe((x + 1).grad_fn))
print('1+x', describe((1 + x).grad_fn))
print('x*c', describe((x * c).grad_fn))
print('c*x', describe((c * x).grad_fn))
print('x*y', describe((x * y).grad_fn))
print('x.sum()', describe(x.sum().grad_fn))
print('cat', describe(torch.cat([x, c, y * 2]).grad_fn))
print('stack', describe(torch.stack([c, x]).grad_fn))
print('where', describe(torch.where(c > 0, x, y).grad_fn))
print('mm', describe((x @ y.t()).grad_fn))
print('exp of non-leaf', describe((x * 2).exp().grad_fn))
u = x.unbind()
print('unbind output', describe(u[1].grad_fn))
s = (u[0] * 3) + u[1]
print('from unbind', describe(s.grad_fn), [i for _, i in s.grad_fn.next_functions[0][0].next_functions])
m1 = x * y
m2 = x + y
acc1 = m1.grad_fn.next_functions[0][0]
acc2 = m2.grad_fn.next_functions[0][0]
print('shared AccumulateGrad', acc1 is acc2, acc1.variable is x, m1.grad_fn.next_functions[1][0].variable is y)
print('AccumulateGrad next_functions', acc1.next_functions)
a, b = x.split(1)
print('split outputs point to same node, input_nr of users:', describe((a * b).grad_fn))
