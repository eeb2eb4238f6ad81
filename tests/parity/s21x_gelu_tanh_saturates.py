# gelu(approximate='tanh') takes tanh as PyTorch's kernel does (C's tanhf; MKL's where
# installed): tanh of an inner value past 9.01 is exactly -1, so gelu of x < -5.4 or so is
# -0.0 and rsqrt of it -inf (NumPy's float32 tanh stays at -0.99999994 up to 10). (The
# gradient and float64 values still differ in the last bit for some inputs: not pinned.)
import torch

F = torch.nn.functional

x = torch.tensor([-5.403, -6.0, -10.0, -3.0, -0.0, 0.0, 2.5, 9.0, -12.5], requires_grad=True)
y = F.gelu(x, approximate='tanh')
print([float(v) for v in y.detach()], torch.rsqrt(y))
y.sum().backward()
print([float(v) for v in x.grad[[0, 1, 2, 8]]])
v0 = torch.tensor([[[-0.198], [-1.533]], [[-2.225], [2.691]], [[0.196], [1.14]],
                   [[-3.176], [0.49]]], requires_grad=True)
print(torch.rsqrt(F.gelu(v0.cumsum(0), approximate='tanh')))
