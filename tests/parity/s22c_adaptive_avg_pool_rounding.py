# adaptive_avg_pool2d sums each window in row-major order from +0 and divides by its height
# and then its width, as PyTorch's kernel: a window that cancels is exactly 0 (its square
# root 0, not NaN: fuzz 18:7982); the gradient adds grad / kh / kw output by output.
import struct

import torch

F = torch.nn.functional


def bits(t):
    return [struct.pack(">d" if t.dtype == torch.float64 else ">f", v).hex() for v in
            t.detach().reshape(-1).tolist()]


x = torch.tensor([[[[1.0, 0.5], [0.75, -1.0], [1.75, 1.75], [-1.25, -0.75], [0.5, -1.75]]]],
                 requires_grad=True)
y = F.adaptive_avg_pool2d(x, 3)
print(y, y.clone().sqrt_())
torch.manual_seed(0)
for shape, size in (((1, 2, 9, 7), (2, 5)), ((2, 1, 10, 10), (3, 4)), ((1, 1, 11, 6), (4, 4)),
                    ((1, 3, 8, 8), (4, 4))):
    for dtype in (torch.float32, torch.float64):
        a = torch.arange(torch.Size(shape).numel(), dtype=dtype).reshape(shape).mul(0.37).sin()
        a.requires_grad_()
        out = F.adaptive_avg_pool2d(a, size)
        grad = torch.arange(out.numel(), dtype=dtype).reshape(out.shape).mul(0.73).cos()
        (g,) = torch.autograd.grad(out, a, grad)
        print(shape, size, dtype, bits(out)[:6], bits(g)[:6])
