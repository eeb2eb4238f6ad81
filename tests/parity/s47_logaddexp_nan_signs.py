# float32 logaddexp of a NaN: PyTorch's formula max(a, b) + log1p(exp(-|a - b|)) ends with
# the NaN of -|a - b|, its sign set, also where an operand is broadcast (a number, a 0-d
# tensor), the layout permuted or the tensor short (fuzz 76:14842).
import torch

nan = float("nan")
a = torch.tensor([nan, 1.0, -nan, 2.0, nan] * 9)
b = torch.tensor([0.5, -nan, 1.0, nan, -nan] * 9)
print(torch.logaddexp(a, b).view(torch.int32).tolist()[:10])
print(torch.logaddexp(a, torch.tensor(0.5)).view(torch.int32).tolist()[:5])
print(torch.logaddexp(torch.tensor(0.5), a).view(torch.int32).tolist()[:5])
print(torch.logaddexp(a.reshape(5, 9).t(), b.reshape(5, 9).t()).contiguous()
      .view(torch.int32).tolist()[:2])
print(torch.logaddexp(a[:3], b[:3]).view(torch.int32).tolist())
x = torch.tensor([nan], requires_grad=True)
y = torch.xlogy(x, torch.tensor(1.5))
z = torch.logaddexp(y, torch.tensor(-1.25))
print(y.signbit().tolist(), z.signbit().tolist())
