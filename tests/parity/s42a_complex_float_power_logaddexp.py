# torch.float_power with a complex operand computes in complex128 (both operands cast, a number
# as a complex one; nodes PowBackward0 / 1 / 2 after ToCopyBackward0), float_power_ wants a
# complex128 base then; torch.logaddexp of complex values is PyTorch's _log_add_exp_helper
# element by element (c10's complex log1p: printed bit for bit), LogaddexpBackward0's gradients
# grad / conj(1 + exp(other - self)), refused by the engine for a real input
# (validate_outputs); logaddexp2 has no complex kernel (the s42a complex support brief;
# hookgrad refused all of these before).
import numpy as np
import torch


def bits(t):
    """The parts' bit patterns as words (the runner compares numbers with a tolerance)."""
    x = np.ascontiguousarray(t.detach().numpy()).reshape(-1)
    words = x.view(np.uint32 if x.dtype == np.complex64 else np.uint64)
    return " ".join(f"x{w:x}" for w in words.tolist())


def parts(t):
    x = np.asarray(t.detach().numpy())
    return np.stack([x.real, x.imag], -1).tolist() if x.dtype.kind == "c" else x.tolist()


def show(name, make, inputs, create_graph=False):
    try:
        r = make()
    except (RuntimeError, NotImplementedError, TypeError) as error:
        print(name, type(error).__name__, error)
        return
    print(name, r.dtype, type(r.grad_fn).__name__, bits(r))
    g = torch.ones_like(r) * (0.5 - 0.25j)
    try:
        grads = torch.autograd.grad(r, inputs, g, create_graph=create_graph)
    except RuntimeError as error:
        print("  backward:", error)
        return
    for x in grads:
        print("  grad", x.dtype, parts(x))
    if create_graph:
        total = sum((x.abs() ** 2).sum() for x in grads)
        for x in torch.autograd.grad(total, inputs):
            print("  grad2", parts(x))


a = torch.tensor([1 + 2j, -0.5 + 0.1j, 0j, -3 - 0.25j], requires_grad=True)
b = torch.tensor([0.3 - 1j, 2 + 0j, 1.5 + 0.5j, 0.75j], requires_grad=True)
x = torch.tensor([0.5, -1.5, 2.0, 0.0], requires_grad=True)
n = torch.tensor([2, 3, 1, 0])
show("fp(a, b)", lambda: torch.float_power(a, b), [a, b])
show("fp(a, 2)", lambda: torch.float_power(a, 2), [a])
show("fp(a, 2.5)", lambda: torch.float_power(a, 2.5), [a])
show("fp(a, 1j)", lambda: torch.float_power(a, 1j), [a])
show("fp(2, a)", lambda: torch.float_power(2, a), [a])
show("fp(1j, x)", lambda: torch.float_power(1j, x), [x])
show("fp(x, b)", lambda: torch.float_power(x, b), [x, b])
show("fp(x, 1+1j)", lambda: torch.float_power(x, 1 + 1j), [x])
show("fp(a, n)", lambda: torch.float_power(a, n), [a])
show("a.float_power(b)", lambda: a.float_power(b), [a, b])
print("fp(int, 1j)", bits(torch.float_power(torch.tensor([2, 3]), 1j)))
for base, exponent in ((torch.tensor([1j]), 2), (torch.tensor([1.0], dtype=torch.float64), 1j),
                       (torch.tensor([1.0], dtype=torch.float64), torch.tensor([2j])),
                       (torch.tensor([1j], dtype=torch.complex128), 2),
                       (torch.tensor([1j], dtype=torch.complex128), torch.tensor([2.0]))):
    try:
        print("float_power_", bits(base.float_power_(exponent)))
    except RuntimeError as error:
        print("float_power_:", error)

for cdt, rdt in ((torch.complex64, torch.float32), (torch.complex128, torch.float64)):
    p = torch.tensor([1 + 2j, -0.5 + 0.1j, 0j, -3 - 0.25j, 40 + 3j, -1e30 + 1j], dtype=cdt,
                     requires_grad=True)
    q = torch.tensor([0.3 - 1j, 2 + 0j, 1.5 + 0.5j, -3 - 0.2499j, 39.5 - 2j, 1e30j], dtype=cdt,
                     requires_grad=True)
    r = torch.tensor([0.5, -1.5, 2.0, 0.0, 41.0, 1.0], dtype=rdt, requires_grad=True)
    show("logaddexp", lambda: torch.logaddexp(p, q), [p, q])
    show("method", lambda: p.logaddexp(q), [p, q])
    show("bcast", lambda: torch.logaddexp(p[:3].reshape(3, 1), q[2:].reshape(1, 4)), [p, q])
    show("real-complex", lambda: torch.logaddexp(r, q), [r, q])
    show("complex-real", lambda: torch.logaddexp(p, r), [p, r])
    show("real input not needed", lambda: torch.logaddexp(r.detach(), q), [q])
    p2 = torch.tensor([1 + 2j, -0.5 + 0.1j], dtype=cdt, requires_grad=True)
    q2 = torch.tensor([0.3 - 1j, 2 + 0j], dtype=cdt, requires_grad=True)
    show("create_graph", lambda: torch.logaddexp(p2, q2), [p2, q2], create_graph=True)
    inf, nan = float("inf"), float("nan")
    s = torch.tensor([complex(-inf, 1), complex(inf, 2), complex(nan, 0), complex(1, nan),
                      complex(-inf, 0), complex(inf, -1), 0j, complex(2, inf)], dtype=cdt)
    t = torch.tensor([complex(-inf, -3), complex(inf, 0.5), 1j, 2 + 0j, complex(3, 1),
                      complex(-inf, 2), complex(-0.0, -0.0), 1 + 0j], dtype=cdt)
    print("special", bits(torch.logaddexp(s, t)), bits(torch.logaddexp(t, s)))
    show("logaddexp2", lambda: torch.logaddexp2(p, q), [p, q])
    show("logaddexp2 real-complex", lambda: torch.logaddexp2(r.double(), q), [q])
    show("logaddexp number", lambda: torch.logaddexp(p, 2), [p])
