# float16 / bfloat16 as PyTorch's CPU kernels compute them: a product or quotient by a number
# (or a 0-d tensor of another dtype) in float32, the number not first rounded to the 2-byte
# dtype; add / sub's alpha rounded to the dtype, the rest in float32; sigmoid, rsqrt, lerp,
# addcmul, addcdiv and the activation gradients in float32, rounded once; float16's ** 3 and
# ** -2 in float32, bfloat16's as rounded products; gradients summed over a broadcast in
# float32 (a bfloat16 sum of 3000 ones is 3000, not 256). (64 elements: two of PyTorch's
# 32-element vector steps; a remainder of n % 32 elements runs its scalar loop, which rounds
# some formulas differently: see README, Known gaps.)
import numpy as np
import torch

F = torch.nn.functional
rng = np.random.default_rng(7)


def bits(t):
    return t.detach().contiguous().view(torch.int16).tolist()


for dtype in (torch.float16, torch.bfloat16):
    x_values = torch.tensor(rng.standard_normal(64).astype(np.float32) * 3).to(dtype)
    y_values = torch.tensor(rng.standard_normal(64).astype(np.float32)).to(dtype)
    g_values = torch.tensor(rng.standard_normal(64).astype(np.float32)).to(dtype)
    cases = {
        "x * 0.1": lambda x, y: x * 0.1,
        "0.37 * x": lambda x, y: 0.37 * x,
        "x * 0-d float32": lambda x, y: x * torch.tensor(3.3),
        "x / 0.7": lambda x, y: x / 0.7,
        "0.7 / x": lambda x, y: 0.7 / x,
        "add alpha": lambda x, y: torch.add(x, y, alpha=0.3),
        "sub alpha": lambda x, y: torch.sub(x, y, alpha=0.3),
        "sigmoid": lambda x, y: torch.sigmoid(x),
        "tanh": lambda x, y: torch.tanh(x),
        "rsqrt": lambda x, y: torch.rsqrt(x.abs() + 0.5),
        "lerp": lambda x, y: torch.lerp(x, y, 0.3),
        "lerp tensor": lambda x, y: torch.lerp(x, y, y),
        "addcmul": lambda x, y: torch.addcmul(x, x, y, value=0.3),
        "addcdiv": lambda x, y: torch.addcdiv(x, x, y.abs() + 1, value=0.3),
        "** 3": lambda x, y: x ** 3,
        "** -2": lambda x, y: (x.abs() + 0.5) ** -2,
        "leaky_relu": lambda x, y: F.leaky_relu(x, 0.1),
        "elu": lambda x, y: F.elu(x),
        "softplus": lambda x, y: F.softplus(x),
        "mean": lambda x, y: x.mean() * torch.ones_like(x),
    }
    for name, fn in cases.items():
        x = x_values.clone().requires_grad_()
        y = y_values.clone().requires_grad_()
        out = fn(x, y)
        grads = torch.autograd.grad(out, (x, y), g_values, allow_unused=True)
        print(dtype, name, bits(out))
        print("  grads", [None if g is None else bits(g) for g in grads])

many = torch.zeros(3000, dtype=torch.bfloat16, requires_grad=True)
(many.mean() * torch.ones_like(many)).backward(torch.ones(3000, dtype=torch.bfloat16))
print("bfloat16 mean of 3000, its gradient:", many.grad[:3])
