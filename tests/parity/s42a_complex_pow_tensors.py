# torch.pow / ** of two tensors with a complex operand (PowBackward1): std::pow of the two
# complex values (glibc's cpow, cexp(y * clog(x)): the forward printed bit for bit), the
# promoted dtype, broadcasting and 0-d operands, gradients of both operands (PyTorch's
# pow_backward_self / pow_backward_exponent: the real part for a real operand, NaN for a zero
# base to a complex power, 0 where the exponent is 0) and create_graph; in-place pow_ (the
# s42a complex support brief; hookgrad refused these before).
import numpy as np
import torch


def bits(t):
    """The parts' bit patterns as words (the runner compares numbers with a tolerance)."""
    x = np.ascontiguousarray(t.detach().numpy()).reshape(-1)
    words = x.view(np.uint32 if x.dtype == np.complex64 else np.uint64)
    return " ".join(f"x{w:x}" for w in words.tolist())


def parts(t):
    """Real and imaginary parts as floats (compared with the runner's tolerance)."""
    x = np.asarray(t.detach().numpy())
    return np.stack([x.real, x.imag], -1).tolist() if x.dtype.kind == "c" else x.tolist()


def show(name, make, inputs, create_graph=False):
    r = make()
    print(name, r.dtype, tuple(r.shape), type(r.grad_fn).__name__, bits(r))
    g = torch.ones_like(r) * (0.5 - 0.25j) if r.is_complex() else torch.ones_like(r)
    grads = torch.autograd.grad(r, inputs, g, allow_unused=True, create_graph=create_graph)
    for x in grads:
        print("  grad", None if x is None else (x.dtype, parts(x)))
    if create_graph:
        total = sum((x.abs() ** 2).sum() for x in grads if x is not None)
        for x in torch.autograd.grad(total, inputs, allow_unused=True):
            print("  grad2", None if x is None else parts(x))


for cdt, rdt in ((torch.complex64, torch.float32), (torch.complex128, torch.float64)):
    a = torch.tensor([1 + 2j, -0.5 + 0.1j, 0j, -3 - 0.25j, 0.75j], dtype=cdt, requires_grad=True)
    b = torch.tensor([0.3 - 1j, 2 + 0j, 1.5 + 0.5j, -1.25 + 0j, 0j], dtype=cdt,
                     requires_grad=True)
    x = torch.tensor([0.5, -1.5, 2.0, 0.0, -3.0], dtype=rdt, requires_grad=True)
    n = torch.tensor([2, 3, 1, -2, 0])
    show("a**b", lambda: a ** b, [a, b])
    show("pow(a,b)", lambda: torch.pow(a, b), [a, b])
    show("a**n", lambda: a ** n, [a])
    show("x**b", lambda: x ** b, [x, b])
    show("a**x", lambda: a ** x, [a, x])
    show("bcast", lambda: a[:3].reshape(3, 1) ** b[1:].reshape(1, 4), [a, b])
    show("0-d", lambda: a[0] ** b[:2], [a, b])
    a2 = torch.tensor([1 + 2j, -0.5 + 0.1j], dtype=cdt, requires_grad=True)
    b2 = torch.tensor([0.3 - 1j, 2 + 0j], dtype=cdt, requires_grad=True)
    x2 = torch.tensor([0.5, -1.5], dtype=rdt, requires_grad=True)
    show("create_graph", lambda: a2 ** b2, [a2, b2], create_graph=True)
    show("create_graph real base", lambda: x2 ** b2, [x2, b2], create_graph=True)

c = torch.tensor([1j, 2 + 1j])
c.pow_(torch.tensor([2 + 1j, 1.5]))
print("pow_", bits(c))
c **= torch.tensor([0.5j, -1 + 0j])
print("ipow", bits(c))
d = torch.tensor([1j, 1 + 1j])
d.pow_(torch.tensor([2.5j, -1.5], dtype=torch.complex128))
print("pow_ complex128 exponent", d.dtype, bits(d))
leaf = torch.tensor([1 + 1j, 2j], requires_grad=True)
e = leaf.clone()
e.pow_(torch.tensor([2 + 1j, 1.5]))
print("pow_ grad", type(e.grad_fn).__name__, parts(torch.autograd.grad(e.abs().sum(), leaf)[0]))
for base, exponent in ((torch.tensor([1.0]), torch.tensor([2 + 1j])), (torch.tensor([1.0]), 1j)):
    try:
        base.pow_(exponent)
    except RuntimeError as error:
        print("pow_ real base:", error)
try:
    torch.autograd.grad((a ** torch.tensor([True, False, True, False, True])).abs().sum(), a)
except RuntimeError as error:
    print("bool exponent:", error)
