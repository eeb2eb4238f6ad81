# lerp of a 0-d start and end with a 0-d weight of a wider float dtype: PyTorch promotes
# over all three (a float64 result from float32 operands); a dimensioned start keeps its dtype.
import torch

f64 = torch.float64
v0 = torch.tensor(1.75, requires_grad=True)
v1 = torch.tensor(-0.75, dtype=f64, requires_grad=True)
v2 = torch.lerp(v0, v0, v1)
print(v2, v2.dtype, v2.grad_fn.name())
v2.backward()
print(v0.grad, v0.grad.dtype, v1.grad, v1.grad.dtype)
e = torch.tensor(0.3)
print(torch.lerp(torch.tensor(1.0), e, torch.tensor(0.7, dtype=f64)))
print(torch.lerp(torch.tensor(1.0, dtype=f64), torch.tensor(0.3, dtype=f64), torch.tensor(0.7)))
print(torch.lerp(torch.ones(2), torch.zeros(2), torch.tensor(0.7, dtype=f64)))
print(torch.lerp(torch.tensor(1.0), e, torch.tensor(0.7, dtype=torch.float16)))
x = torch.tensor(1.0)
x.lerp_(e, torch.tensor(0.7, dtype=f64))
print(x)
