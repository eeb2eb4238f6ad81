# logit's NaNs carry PyTorch's sign bits: log of a negative ratio (an input outside [0, 1])
# is a NaN without sign bit, a NaN input passes through with its sign, +-inf gives inf / -inf
# (sign bit set); a negative eps clamps nothing, and its plain gradient is NaN outside
# [0, 1] (eps=0.0 gives 0 there, under create_graph too).
import torch

nan = float("nan")
vals = [-1.25, -0.25, 0.0, 0.5, 1.0, 1.5, 2.0, nan, -nan, float("inf"), -float("inf")]
for dtype in (torch.float32, torch.float64, torch.float16):
    for n in (11, 44):
        x = torch.tensor((vals * 4)[:n], dtype=dtype)
        for eps in (None, 0.1, 0.0, -0.5):
            y = torch.logit(x, eps)
            print(dtype, n, eps, torch.signbit(y).tolist()[:11], y.tolist()[:11])
x = torch.tensor([[-1.25, 0.0, -1.5, 1.5], [-0.25, -1.5, -0.5, -1.5]], requires_grad=True)
print(torch.signbit(x.logit()).tolist(), torch.signbit(x.detach().clone().logit_()).tolist())
print(torch.signbit(torch.special.logit(x)).tolist())
for eps in (None, -0.5, 0.1, 0.0):
    x = torch.tensor([-1.0, -0.25, 0.05, 0.5, 1.25, 2.0], requires_grad=True)
    torch.logit(x, eps).sum().backward()
    x2 = torch.tensor([-1.0, -0.25, 0.05, 0.5, 1.25, 2.0], requires_grad=True)
    (g,) = torch.autograd.grad(torch.logit(x2, eps).sum(), x2, create_graph=True)
    print("grad", eps, x.grad.tolist(), g.tolist())
