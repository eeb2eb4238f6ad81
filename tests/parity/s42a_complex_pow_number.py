# number ** tensor with a complex number or tensor (PowBackward2): std::pow of the complex
# values in the result dtype (printed bit for bit), 1 ** z filled with ones (but not True ** z:
# a bool Scalar equals no number), the exponent's gradient grad * conj(result * log(base))
# (the real part for a real exponent; masked where the base is 0 and the exponent real >= 0);
# and tensor ** number with a complex operand (PowBackward0): a zero base to a complex power
# is cpow's 0-0j with a NaN gradient, exponents equal to 2 / 0.5 / ... as complex numbers take
# PyTorch's direct kernels (x * x: an exact 0 imaginary part), others cpow (the s42a complex
# support brief; hookgrad refused number ** complex and computed 0 ** (1+1j) as 0).
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


def show(name, make, inputs):
    r = make()
    print(name, r.dtype, type(r.grad_fn).__name__, bits(r))
    g = torch.ones_like(r) * (0.5 - 0.25j)
    for x in torch.autograd.grad(r, inputs, g):
        print("  grad", x.dtype, parts(x))


for cdt, rdt in ((torch.complex64, torch.float32), (torch.complex128, torch.float64)):
    a = torch.tensor([1 + 2j, -0.5 + 0.1j, 0j, -3 - 0.25j, 2.0 + 0j], dtype=cdt,
                     requires_grad=True)
    x = torch.tensor([0.5, -1.5, 2.0, 0.0, -3.0], dtype=rdt, requires_grad=True)
    for base in (2, -1.5, 0.5, 1 + 1j, -2 + 0j, 1j, 0, 0j):
        show(f"{base} ** a", lambda: base ** a, [a])
    for base in (1 + 1j, -2 + 0j, 0j, 1j):
        show(f"{base} ** x", lambda: base ** x, [x])
    show("pow(2, a)", lambda: torch.pow(2, a), [a])
    show("1 ** a", lambda: 1 ** a, [a])
    show("True ** a", lambda: True ** a, [a])
    for e in (1 + 1j, 2.5, -1.5, 2 + 0j, 0.5 + 0j, 0j, -3j, 1 + 0j):
        show(f"a ** {e}", lambda: a ** e, [a])
    for e in (1 + 1j, 2 + 0j, 0.5 + 0j, 3 + 0j):
        show(f"x ** {e}", lambda: x ** e, [x])
print("int ** complex", bits(torch.tensor([2, 3]) ** torch.tensor([1j, 2j])))
print("complex ** int", bits((1 + 1j) ** torch.tensor([2, 3])))
print("complex ** bool", bits((1 + 1j) ** torch.tensor([True, False])))
