# Complex tensors: the fuzzer's pattern (a real tensor, with grad, converted to complex64 and
# printed with its grad_fn), printing of many values, promotion, autograd through complex ops
# back to a real leaf, and the refusals PyTorch gives for ops without complex support.
import math

import torch


def show(label, value):
    fn = getattr(value, "grad_fn", None)
    print(label, value, fn.name() if fn is not None else "")


v0 = torch.tensor([0.0, -1.5], dtype=torch.float32, requires_grad=True)
v1 = v0.to(torch.complex64)
show("v1", v1)
with torch.no_grad():
    show("no_grad", torch.tensor([[1.75, -0.5], [0.25, 2.0]], requires_grad=True).to(
        torch.complex64))
show("int", torch.tensor([3, -4]).to(torch.complex128))
show("bool", torch.tensor([True, False]).to(torch.complex64))
v1.sum().abs().backward()
print("v0.grad", v0.grad)

for values in ([1 + 2j, -3.5 + 0.25j], [1e-6 + 1j, 1e6 - 2j], [complex(math.nan, 1), math.inf],
               [0.1 + 0.2j, 0.3 - 0.4j, -0.5j], [complex(-0.0, -0.0), 1j]):
    for dtype in (torch.complex64, torch.complex128):
        print(torch.tensor(values, dtype=dtype))
print(torch.tensor(2 - 1j), torch.tensor([]).to(torch.complex64),
      torch.zeros(2, 0, dtype=torch.complex128))
print(torch.arange(12.0).reshape(2, 3, 2).to(torch.complex64) * (1 - 0.5j))
print(torch.linspace(-1, 1, 40).to(torch.complex64) * 1j)

print((torch.ones(2) * 1j).dtype, (torch.ones(2, dtype=torch.float64) + 1j).dtype,
      torch.promote_types(torch.float64, torch.complex64), torch.tensor([1, 2j]).dtype)

x = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
z = torch.complex(x, x * 2)
y = (z * (1 - 1j) / (2 + 1j) - z.conj()).real.sum() + z.abs().sum() + z.imag.mean()
show("y", y)
y.backward()
print("x.grad", x.grad)
print(torch.view_as_real(z.detach()), z.is_complex(), z.dtype.to_real())

c = torch.tensor([1 + 2j, 3 - 1j])
for name, fn in (("relu", torch.relu), ("lt", lambda t: t < t), ("max", torch.max),
                 ("floor", torch.floor), ("sort", torch.sort), ("argmax", torch.argmax),
                 ("clamp", lambda t: t.clamp(0, 1)), ("sign", torch.sign),
                 ("float", lambda t: float(t[0]))):
    try:
        fn(c)
    except Exception as error:
        print(name, type(error).__name__, error)
print(c.item() if c.numel() == 1 else c.tolist(), c[0].item(), c.numpy().dtype)
