# Batch norm's gradients in evaluation mode (model.eval(), as in Grad-CAM on a ResNet), bit for
# bit: PyTorch's backward kernel recomputes invstd in double from the running variance and
# rounds it, gives the input (dy * invstd) * w and sums dy and (x - mean) * dy per channel in
# its kernels' order. Printed as digests of the bit patterns.
import hashlib

import numpy as np
import torch


def digest(t):
    return "-" if t is None else hashlib.md5(t.detach().numpy().tobytes()).hexdigest()[:10]


rng = np.random.default_rng(7)
cases = [((8, 16, 5, 5), torch.float32), ((4, 3, 7, 7), torch.float32), ((16, 32), torch.float32),
         ((2, 8, 9), torch.float32), ((5, 3), torch.float32),
         ((4, 6, 5, 5), torch.float64), ((16, 12), torch.float64)]
for threads in (1, 2):
    torch.set_num_threads(threads)
    for shape, dtype in cases:
        for affine in (True, False):
            for grad_kind in ("random", "sum"):
                x = torch.tensor(rng.standard_normal(shape), dtype=dtype, requires_grad=True)
                c = shape[1]
                bn = torch.nn.BatchNorm1d(c) if len(shape) < 4 else torch.nn.BatchNorm2d(c)
                bn = bn.to(dtype)
                if not affine:
                    bn = type(bn)(c, affine=False).to(dtype)
                with torch.no_grad():
                    bn.running_mean.copy_(torch.tensor(rng.standard_normal(c) * 0.1))
                    bn.running_var.copy_(torch.tensor(rng.uniform(0.5, 2.0, c)))
                    if affine:
                        bn.weight.copy_(torch.tensor(rng.standard_normal(c)))
                        bn.bias.copy_(torch.tensor(rng.standard_normal(c)))
                bn.eval()
                y = bn(x)
                if grad_kind == "sum":
                    (y * 1).sum().backward()
                else:
                    y.backward(torch.tensor(rng.standard_normal(shape), dtype=dtype))
                print(threads, shape, str(dtype)[6:], affine, grad_kind, digest(y), digest(x.grad),
                      digest(bn.weight.grad if affine else None),
                      digest(bn.bias.grad if affine else None))
# the input alone requiring grad
x = torch.tensor(rng.standard_normal((4, 5, 6)), dtype=torch.float32, requires_grad=True)
bn = torch.nn.BatchNorm1d(5).eval()
bn.requires_grad_(False)
with torch.no_grad():
    bn.running_var.copy_(torch.tensor(rng.uniform(0.5, 2.0, 5)))
bn(x).backward(torch.ones(4, 5, 6))
print(digest(x.grad))
