# digamma / polygamma(n) as PyTorch's CPU kernels compute them, bit for bit: float32 in
# float32 arithmetic with C's logf / sinf (trigamma's float32 poles are large finite numbers
# whose sine shows every bit), float64 in float64, the polygamma n >= 2 factor as C's
# exp(lgamma(n + 1)) and Cephes' zeta; NaN signs included.
import torch

nan, inf = float("nan"), float("inf")
values = [-6.0, -5.5, -4.684, -3.0, -2.5, -2.0, -2.001, -1.999, -1.75, -1.0, -1.0001, -0.765,
          -0.5, -0.121, -0.013, 0.0, -0.0, 1e-8, 0.409, 0.49, 0.5, 0.51, 1.0, 1.485, 2.0, 3.06,
          7.3, 9.99, 10.0, 30.0, 1e5, -99999.5, inf, -inf, nan, -nan]
for dtype in (torch.float32, torch.float64):
    x = torch.tensor(values, dtype=dtype)
    for n in range(5):
        y = torch.polygamma(n, x)
        print(dtype, n, y.tolist())
        print("  signbit", torch.signbit(y).int().tolist(), "sin", y.sin().tolist()[:12])
for dtype in (torch.float16, torch.bfloat16):
    x = torch.tensor(values[:32], dtype=dtype)
    print(dtype, torch.digamma(x).tolist(), torch.polygamma(1, x).tolist())
v0 = torch.tensor([[-0.765, 1.485, -0.756], [-4.684, 0.435, 3.06], [-1.473, -0.121, 1.509]])
v1 = v0.polygamma_(1)
print(v1.tan().tolist(), v1 is v0)
v2 = torch.tensor([[2.0, -2.0, -1.75]], requires_grad=True)
v3 = torch.polygamma(1, v2)
print(v3.sin_().tolist(), v3.grad_fn.name())
v4 = torch.tensor([-2.5, 0.3, 1.7, 4.2], dtype=torch.float64, requires_grad=True)
torch.digamma(v4).sum().backward()
print(v4.grad.tolist())
