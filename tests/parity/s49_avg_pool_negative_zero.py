# Average pooling sums each window from 0, as PyTorch's kernel: a window of -0s averages to
# +0 (97:3088: 1 / avg_pool2d(-0.0, 1) is inf, not -inf), padding and divisors alike.
import torch

F = torch.nn.functional
x = torch.tensor([[[-0.0, 1.0, -0.0], [-0.0, -0.0, -0.0], [2.0, -0.0, -0.0]]])
for name, out in [("2d k1", F.avg_pool2d(x, 1)), ("2d k(1,2)", F.avg_pool2d(x, (1, 2))),
                  ("2d k2 s1", F.avg_pool2d(x, 2, 1)), ("1d k1", F.avg_pool1d(x, 1)),
                  ("2d pad", F.avg_pool2d(x, 3, 1, 1, count_include_pad=False)),
                  ("2d divisor", F.avg_pool2d(x, 1, divisor_override=3)),
                  ("float64", F.avg_pool2d(x.double(), 1)), ("module", torch.nn.AvgPool2d(1)(x))]:
    print(name, torch.signbit(out).int().tolist(), (1 / out).tolist())
