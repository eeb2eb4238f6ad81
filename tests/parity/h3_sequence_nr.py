# Spec 3.3: node._sequence_nr() increases with each node created (later ops have larger
# numbers); AccumulateGrad reports 2**64-1.
import torch
x = torch.ones(2, requires_grad=True)
a = x * 2
b = a.exp()
c = b + a
d = c.sum()
seq = [t.grad_fn._sequence_nr() for t in (a, b, c, d)]
print('increasing', all(p < q for p, q in zip(seq, seq[1:])), 'type', type(seq[0]).__name__)
acc = a.grad_fn.next_functions[0][0]
print('AccumulateGrad', acc._sequence_nr(), acc._sequence_nr() == 2 ** 64 - 1)
e = x * 3
print('later op larger', e.grad_fn._sequence_nr() > d.grad_fn._sequence_nr())
print('stable', a.grad_fn._sequence_nr() == seq[0])
