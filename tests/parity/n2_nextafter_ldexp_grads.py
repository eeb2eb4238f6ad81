# nextafter: PyTorch's gradient for input is where(input != other, grad, 0) (zero where the two
# are equal; WhereBackward0 under create_graph). ldexp: the node saves other and the result;
# input's gradient is grad * pow(2, other) (an integer power for an integer exponent, so 0
# below 0), other's grad * result * log(2) (MulBackward1); ldexp_ computes in the input's
# dtype, so a float64 other's gradient is cast back (ToCopyBackward0).
import torch


def tree(fn, depth=3):
    if fn is None:
        return None
    return [fn.name(), [tree(f, depth - 1) for f, _ in fn.next_functions] if depth else '...']


x = torch.tensor([1., 2., 3., float('nan')], requires_grad=True)
y = torch.tensor([1., 5., 0., 1.], requires_grad=True)
g_out = torch.tensor([2., 3., 4., 5.], requires_grad=True)
gx, = torch.autograd.grad(torch.nextafter(x, y), [x], g_out, create_graph=True)
print(gx, tree(gx.grad_fn))
print(torch.autograd.grad(torch.nextafter(x, y).sum(), [x, y]))
r = (x * 1).nextafter_(y)
print(torch.autograd.grad(r.sum(), [x, y]))

a = torch.tensor([1.5, -2.0, 0.25], requires_grad=True)
e = torch.tensor([-1.0, 0.5, 3.0], requires_grad=True)
for label, f in [('ldexp', lambda: torch.ldexp(a, e)),
                 ('ldexp_int', lambda: torch.ldexp(a, torch.tensor([-1, 0, 2]))),
                 ('ldexp_', lambda: (a * 1).ldexp_(e.double())),
                 ('ldexp_f64', lambda: torch.ldexp(a, e.double()))]:
    out = f()
    g = torch.ones_like(out, requires_grad=True)
    grads = torch.autograd.grad(out, [a, e], g, create_graph=True, allow_unused=True)
    print(label, out, sorted(n for n in dir(out.grad_fn) if n.startswith('_saved')),
          [None if t is None else (t, tree(t.grad_fn)) for t in grads])
    print(torch.autograd.grad(sum((t * t).sum() for t in grads if t is not None), [a, e, g],
                              allow_unused=True))
