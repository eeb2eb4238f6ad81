# Autograd suffixes: requires_grad=True on leaves that require grad, grad_fn=<...> on
# results, after any dtype suffix, moved to a new line when the last line is too long.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
print(x)
print(x * 2)
print(x + 1)
print((x * x).sum())
print(x.detach())
print(torch.tensor(2.0, requires_grad=True))
d = torch.tensor([1.5, 2.5], dtype=torch.float64, requires_grad=True)
print(d)
print(d * 2)
m = torch.arange(12.0).reshape(3, 4).requires_grad_()
print(m)
print(m * 2)
print((m * 2).mean())
long_row = torch.arange(12.0, dtype=torch.float64) / 3
print(long_row)
print(long_row.requires_grad_())
print(long_row * 2)
print(torch.zeros(0, requires_grad=True))
print(torch.zeros(0, 2, dtype=torch.float64, requires_grad=True))
with torch.no_grad():
    print(x * 2)
w = torch.arange(9.0, requires_grad=True)
print(w * 12345)
print((w * 12345).reshape(1, 9) * 1)
