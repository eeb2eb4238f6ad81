# x.view(dtype): the same memory read as another dtype. Not differentiable (no grad_fn), shares
# the version counter (a write through it bumps the base's version and is refused by a node that
# saved the base), and PyTorch's conditions when element sizes differ.
import torch

x = torch.arange(8.0).reshape(2, 4).requires_grad_()
v = x.view(torch.int32)
print(v, v.requires_grad, v.grad_fn, v.is_leaf)
h = x.view(torch.float16)
print(h.shape, h.stride(), h.requires_grad)
d = x.view(torch.float64)
print(d.shape, d.stride(), d.requires_grad)
print(torch.tensor([1.0, -2.0]).view(torch.int32), torch.tensor([1.0]).view(torch.bfloat16))
f64 = torch.float64
print(torch.zeros(2, 3).view(torch.bool).shape, torch.zeros(4, dtype=torch.uint8).view(torch.int32))
print(torch.zeros(4).view(torch.complex64).shape,
      torch.zeros(2, dtype=torch.complex64).view(torch.float32))
print(torch.zeros(3, 6)[:, 2:].view(f64).stride(), torch.zeros(()).view(torch.int32).shape)
for make in (lambda: x.t().view(torch.float16), lambda: x[:, 1:].view(f64),
             lambda: torch.zeros(()).view(torch.float16),
             lambda: torch.zeros(4, 8)[:, ::2].view(f64), lambda: torch.zeros(9)[1:].view(f64),
             lambda: torch.zeros(3, 5)[:2, :4].view(f64)):
    try:
        make()
    except RuntimeError as error:
        print("RuntimeError", error)
y = torch.zeros(3)
w = y.view(torch.int32)
w[0] = 1
print(y, y._version)
a = torch.ones(3, requires_grad=True)
b = a * 1
c = b.sin()
b.view(torch.int32).add_(1)
try:
    c.sum().backward()
except RuntimeError as error:
    print("RuntimeError", str(error)[:120])
