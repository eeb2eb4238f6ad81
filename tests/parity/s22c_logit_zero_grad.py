# logit's backward is a kernel in PyTorch: sgn's ZeroTensor gradient reaches it as zeros, and
# 0 times its infinite slope at 0 and 1 is NaN (fuzz 16:6502); with eps, 0 outside the range.
import torch

x = torch.tensor([-0.0, 0.0, 1.0, 0.5, 0.25, 2.0, -1.0, float("inf"), float("nan")],
                 requires_grad=True)
for eps in (None, 0.1):
    x.grad = None
    torch.sgn(torch.logit(x, eps)).sum().backward()
    print(eps, x.grad)
    x.grad = None
    torch.logit(x, eps).sum().backward()
    print(eps, x.grad)
