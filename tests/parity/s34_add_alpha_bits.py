# Issue 11: add / sub / rsub with alpha round as PyTorch's add kernel: one fused
# multiply-add (alpha in the result's dtype), except where the other operand is a number or
# broadcast along a memory row: there the compiler vectorized the scalar loop after each
# row's vector loop with alpha * other hoisted, in 16-byte chunks that add the rounded
# product (all but the tail's first element). Random values, bit patterns printed; the
# tail's rounding is the AVX2 build's (recorded per ISA).
import numpy as np
import torch

rng = np.random.default_rng(3)
for dtype, view in ((torch.float32, np.int32), (torch.float64, np.int64)):
    x = torch.tensor(rng.standard_normal((3, 45))).to(dtype)
    y = torch.tensor(rng.standard_normal((3, 45))).to(dtype)
    column = torch.tensor(rng.standard_normal((3, 1))).to(dtype)
    for name, result in (
            ("add", torch.add(x, y, alpha=0.37)),
            ("sub", torch.sub(x, y, alpha=-0.01)),
            ("rsub", torch.rsub(x, y, alpha=3)),
            ("add number", torch.add(x, 2.5, alpha=0.37)),
            ("add column", torch.add(x, column, alpha=0.37)),
            ("add transposed", torch.add(x.t(), column.t(), alpha=0.37)),
            ("add_ one element", x.clone().add_(y[0, :1], alpha=-3)),
            ("add numpy scalar", torch.add(x, np.float32(1.5), alpha=0.37))):
        print(dtype, name, result.numpy().view(view).tolist())
