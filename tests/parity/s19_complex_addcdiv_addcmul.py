# Fuzz (3:17296): addcdiv and addcmul compute on complex tensors (also with real operands,
# promoted), gradients in PyTorch's conjugate convention, a real input's the real part; a
# complex value with a real divisor is refused in backward as PyTorch's fill_ refuses it.
import torch


def attempt(label, run):
    try:
        print(label, run())
    except RuntimeError as error:
        print(label, type(error).__name__, error)
def case(op, dts, value, shapes=((2, 3), (2, 3), (2, 3))):
    ts = []
    for i, (dt, sh) in enumerate(zip(dts, shapes)):
        base = torch.arange(1.0, 1.0 + torch.Size(sh).numel()).reshape(sh) * (0.5 + i)
        t = (base + 1j * (base - 2.5 + i) if dt.is_complex else base).to(dt).requires_grad_()
        ts.append(t)
    out = getattr(torch, op)(*ts, value=value)
    w = torch.full_like(out, 0.5 + 0.25j) if out.is_complex() else torch.ones_like(out)
    grads = torch.autograd.grad(out, ts, w)
    return out, out.grad_fn.name(), grads
C64, C128, F32, F64 = torch.complex64, torch.complex128, torch.float32, torch.float64
for op in ("addcdiv", "addcmul"):
    for dts in ((C64, C64, C64), (F64, C64, F64), (C128, F32, F32), (F32, F32, C64)):
        for value in (1, 0.5, 2 - 1j):
            attempt(f"{op} {dts} {value}", lambda op=op, dts=dts, value=value: case(op, dts, value))
attempt("empty", lambda: case("addcdiv", (F64, C64, F64), 1, ((3, 0, 2), (3, 0, 2), (0, 2))))
attempt("broadcast", lambda: case("addcdiv", (C64, F32, C64), 1.5, ((2, 1), (1, 3), (3,))))
x = torch.tensor([1 + 1j, 2 - 1j], requires_grad=True)
y = x * 1
y.addcdiv_(torch.tensor([1.0, 2.0]), torch.tensor([2.0 + 1j, 4.0]), value=0.5)
y.addcmul_(x, x.conj())
print(y, y.grad_fn.name())
print(torch.autograd.grad(y, x, torch.tensor([1.0 + 0j, 1j])))
