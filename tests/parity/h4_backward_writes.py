# Which leaves a backward writes, as PyTorch: an error node (floor_divide's NotImplemented,
# sequence number 2**64-1) runs as soon as it is ready, so a backward that raises there has
# written no .grad yet; fill_(t) sends the gradient's sum to t; backward(inputs=...) marks its
# inputs to retain grad only after the roots and gradients were checked (nothing half-changed
# by a refused call); after an in-place view op (unsqueeze_, t_) retain_grad stays on the old
# node, so .grad keeps the old shape and autograd.grad does not fill it.
import torch

v0 = torch.tensor([1.5, 1.75], requires_grad=True)
v1 = torch.tensor([0.75, 0.5], requires_grad=True)
v2 = v0.floor_divide(v1)
v3 = torch.tensor([1.0, -1.5], dtype=torch.float64, requires_grad=True)
v5 = v3.sum()
v7 = v2.sum()
v8 = v5 + v7
for name, t in (('v5', v5), ('v7', v7), ('v8', v8), ('floor_divide', v2)):
    t.grad_fn.register_prehook(lambda g, name=name: print('pre', name))
v3.register_hook(lambda g: print('leaf hook v3'))
try:
    v8.backward()
except RuntimeError as error:
    print('raised', error)
print('v3.grad', v3.grad, 'sequence number', v2.grad_fn._sequence_nr())
x = torch.ones(3, requires_grad=True)
t = torch.tensor(2., requires_grad=True)
a = x * 1
a.fill_(t)
print(a, [n is not None for n, _ in a.grad_fn.next_functions])
a.sum().backward()
print(x.grad, t.grad)
a = torch.zeros(3)
a.fill_(t)
print(a.requires_grad, a.is_leaf)
(a * torch.tensor([1., 2., 3.])).sum().backward()
print(t.grad)
b = x * 1
b[0:2].fill_(t)
b.sum().backward(create_graph=True)
print(x.grad, t.grad)
try:
    (x * 1).fill_(torch.ones(2, requires_grad=True))
except RuntimeError as error:
    print(error)
i = torch.zeros(3, dtype=torch.int64)
i.fill_(torch.tensor(2.5))
print(i)
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 2
z = y * 3
n = torch.tensor([1., 2.])
for label, call in (('no-grad input', lambda: z.sum().backward(inputs=[n])),
                    ('bad gradient', lambda: z.backward(torch.ones(3), inputs=[y])),
                    ('root without grad', lambda: n.sum().backward(inputs=[y])),
                    ('unused leaf', lambda: (x * 1).sum().backward(
                        inputs=[torch.ones(1, requires_grad=True)])),
                    ('implicit non-scalar', lambda: z.backward(inputs=[y]))):
    try:
        call()
        print(label, 'ok')
    except RuntimeError as error:
        print(label, type(error).__name__, error)
    print('  y.retains_grad', y.retains_grad, y.grad)
for op, args in (('unsqueeze_', (0,)), ('mul_', (2,)), ('t_', ()), ('squeeze_', ()),
                 ('transpose_', (0, 1))):
    v0 = torch.tensor([[-1.4, 2.0]], requires_grad=True)
    v5 = torch.sinh(v0 * 1)
    v5.retain_grad()
    getattr(v5, op)(*args)
    (v5 * 3).sum().backward()
    print(op, v5.grad)
    v0 = torch.tensor([[-1.4, 2.0]], requires_grad=True)
    v5 = torch.sinh(v0 * 1)
    v5.retain_grad()
    getattr(v5, op)(*args)
    torch.autograd.grad((v5 * 3).sum(), [v5])
    print(op, 'autograd.grad', v5.grad)
