# Complex dot and vdot through MKL's cdotu / zdotu and cdotc / zdotc, as PyTorch's (before: NumPy's
# dot, whose last bits differed; vdot refused); gradients by PyTorch's formulas (vdot's:
# grad.conj() * other, grad * self); strided operands; the checks' errors. Bit patterns.
import numpy as np
import torch

rng = np.random.default_rng(8)


def words(t):
    a = np.ascontiguousarray(t.detach().resolve_conj().numpy())
    return " ".join(f"{w:x}" for w in a.view(np.uint32 if a.itemsize <= 8 else np.uint64).ravel())


def mk(shape, dt):
    return torch.from_numpy((rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dt))


def err(f):
    try:
        return f()
    except Exception as e:
        return f"{type(e).__name__}: {e}"


for dt in (np.complex64, np.complex128):
    for n in (1, 3, 8, 17, 100):
        a, b = mk((n,), dt).requires_grad_(), mk((2 * n,), dt)[::2].requires_grad_()
        for name, f in (("dot", torch.dot), ("vdot", torch.vdot)):
            out = f(a, b)
            ga, gb = torch.autograd.grad(out, (a, b), torch.tensor(0.5 - 2j, dtype=out.dtype))
            print(dt.__name__, n, name, words(out), out.grad_fn.name(), words(ga), words(gb))
c = mk((3,), np.complex64)
print(err(lambda: torch.vdot(c, c.real)))
print(err(lambda: torch.vdot(c.real, c)))
print(err(lambda: torch.vdot(c, c[:2])))
print(err(lambda: torch.vdot(c[None], c[None])))
print(err(lambda: words(torch.vdot(c[:0], c[:0]))))
print(err(lambda: words(torch.vdot(c.real, c.real))))
