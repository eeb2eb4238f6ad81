# Under create_graph=True: the value-selecting ops of a 0-d input differentiate as PyTorch's
# scatter into 0-d zeros (ScatterBackward0); nextafter's input gets the gradient where the
# operands differ (WhereBackward0), zero where equal; ldexp's gradients are
# grad * pow(2, other) and grad * result * ln 2; an op applied in place saves the tensor
# written, in its own dtype (ldexp_ of float32 by float64: the exponent's gradient is cast).
import torch


def tree(fn, depth):
    if fn is None:
        return None
    if depth == 0:
        return fn.name()
    return [fn.name(), [tree(f, depth - 1) for f, _ in fn.next_functions]]


for x0 in (torch.tensor(0.75, requires_grad=True),
           torch.tensor([0.75, 0.2, 0.9], requires_grad=True)):
    for name, f in [('topk', lambda x: x.topk(1)[0]), ('sort', lambda x: x.sort()[0]),
                    ('max', lambda x: x.max(0)[0]), ('kthvalue', lambda x: x.kthvalue(1)[0]),
                    ('median', lambda x: x.median(0)[0]), ('mode', lambda x: x.mode(0)[0]),
                    ('nanmedian', lambda x: x.nanmedian(0)[0]),
                    ('cummax', lambda x: x.cummax(0)[0])]:
        y = f(x0)
        g = torch.ones_like(y).requires_grad_()
        r, = torch.autograd.grad(y, x0, g, create_graph=True)
        print(name, x0.dim(), r, tree(r.grad_fn, 3))
        if r.requires_grad:
            again, = torch.autograd.grad(r.sum(), g, create_graph=True)
            print(again, tree(again.grad_fn, 3))
v0 = torch.tensor(2.0, requires_grad=True)
v1 = v0.clone()
v2 = torch.tensor(-0.191, requires_grad=True)
v1.nextafter_(v2)
r = torch.autograd.grad(v1, [v0, v2], torch.tensor(0.75, dtype=torch.float64, requires_grad=True),
                        create_graph=True, allow_unused=True)
print('nextafter_', r, [tree(t.grad_fn, 3) if t is not None else None for t in r])
v1 = v0.nextafter(v2)
r = torch.autograd.grad(v1, [v0, v2], torch.tensor(0.75, requires_grad=True), create_graph=True,
                        allow_unused=True)
x = torch.tensor([2.0, 1.0, -1.0, 0.0, 3.0, float('nan')], requires_grad=True)
o = torch.tensor([-0.191, 1.0, 5.0, 0.0, float('nan'), 1.0], requires_grad=True)
print('nextafter values', torch.autograd.grad(x.nextafter(o), [x, o], torch.full((6,), 0.5)))
print('nextafter', [tree(t.grad_fn, 3) if t is not None else None for t in r])
a = torch.tensor([-1.75, 1.5, 0.0, 0.0]).unsqueeze(0)
e = torch.tensor([[-1.831, 1.45, 0.177, 1.189]], dtype=torch.float64, requires_grad=True)
a.ldexp_(e)
r = torch.autograd.grad(a.sum(), [e], create_graph=True)
print('ldexp_', a.dtype, [tree(t.grad_fn, 3) for t in r])
a = torch.tensor([-1.75, 1.5, 0.0, 0.0], requires_grad=True)
e = torch.tensor([-1.831, 1.45, 0.177, 1.189], requires_grad=True)
b = a * 1
b.ldexp_(e)
r = torch.autograd.grad(b.sum(), [a, e], create_graph=True)
print('ldexp_ f', [tree(t.grad_fn, 3) for t in r])
r = torch.autograd.grad(torch.ldexp(a, e).sum(), [a, e], create_graph=True)
print('ldexp', r, [tree(t.grad_fn, 3) for t in r])
a = torch.tensor([-1.75, 1.5, 0.0, 0.0]).unsqueeze(0)
e = torch.tensor([[-1.831, 1.45, 0.177, 1.189]], dtype=torch.float64, requires_grad=True)
a.ldexp_(e)
r = torch.autograd.grad(a.sum(), [e], create_graph=True)
print(r[0].dtype, tree(r[0].grad_fn, 2))
a = torch.tensor([-1.75, 1.5, 0.0, 0.0])
e = torch.tensor([-1.831, 1.45, 0.177, 1.189], dtype=torch.float64, requires_grad=True)
a.ldexp_(e)
r = torch.autograd.grad(a.sum(), [e], create_graph=True)
print(r[0].dtype, tree(r[0].grad_fn, 2))
a = torch.tensor([-1.75, 1.5, 0.0, 0.0])
e = torch.tensor([-1.831, 1.45, 0.177, 1.189], dtype=torch.float64, requires_grad=True)
a.mul_(e)
r = torch.autograd.grad(a.sum(), [e], create_graph=True)
print(r[0].dtype, tree(r[0].grad_fn, 2))
a = torch.tensor([-1.75, 1.5, 0.0, 0.0]).unsqueeze(0)
e = torch.tensor([[-1.831, 1.45, 0.177, 1.189]], dtype=torch.float64, requires_grad=True)
a.mul_(e)
r = torch.autograd.grad(a.sum(), [e], create_graph=True)
print(r[0].dtype, tree(r[0].grad_fn, 2))
