# Issue 11 (fuzz 57:5585: torch.unique of sigmoid values counted 14 distinct in PyTorch, 13
# in hookgrad): PyTorch's AVX2 float32 sigmoid, silu, elu / selu / celu, softplus,
# logsigmoid, mish, expm1, log1p, sinh, cosh, atanh and exp2 call SLEEF's vector functions
# (Sleef_expf8_u10, Sleef_expm1f8_u10, Sleef_log1pf8_u10, Sleef_tanhf8_u10, ...) on whole
# 16-float steps and glibc's on the tail each thread's chunk leaves (expm1, log1p and
# logsigmoid: SLEEF's for every element). Last bits differ from NumPy's, and NaN payloads
# follow the compiled kernels; printed as bit patterns, 64 + 7 elements (a tail) and a
# large tensor split between two threads (each chunk's tail).
import numpy as np

import torch

F = torch.nn.functional
torch.set_num_threads(2)

special = [0.0, -0.0, 1e-45, -1e-45, 1e-30, -1e-30, 1e-8, -1e-8, 0.5, -0.5, 3.0, -3.0,
           15.0, -15.0, 17.0, -17.0, 20.0, -20.0, 21.0, 88.0, -88.0, 89.0, -89.0, 100.0,
           -103.0, -104.5, 101.0, -0.9999999, -1.0, -1.5, 3e38, float("inf"),
           float("-inf"), float("nan"), float("-nan")]
rng = np.random.default_rng(43)
randoms = (rng.standard_normal(71 - len(special)) * 4).astype(np.float32).tolist()
small = torch.tensor(special + randoms)
large = torch.tensor((rng.standard_normal(40007) * 4).astype(np.float32))
ops = [("sigmoid", torch.sigmoid), ("silu", F.silu), ("elu", F.elu), ("selu", F.selu),
       ("celu", lambda t: F.celu(t, 0.7)), ("softplus", F.softplus),
       ("softplus beta", lambda t: F.softplus(t, 2.0, 5.0)), ("logsigmoid", F.logsigmoid),
       ("expm1", torch.expm1), ("log1p", lambda t: torch.log1p(t.abs())),
       ("log1p negative", torch.log1p), ("mish", F.mish), ("sinh", torch.sinh),
       ("cosh", torch.cosh), ("atanh", lambda t: torch.atanh(t / 8)), ("exp2", torch.exp2),
       ("celu grad alpha", lambda t: F.celu(t, 1.7))]
for name, op in ops:
    print(name, op(small).numpy().view(np.int32).tolist())
    out = op(large).numpy().view(np.int32)
    print(name, "large", out[19990:20010].tolist(), out[-12:].tolist())
# gradients: silu, elu, softplus and mish backward call exp in both forms (silu's
# 1 + x * (1 - s) one contracted FMA); logsigmoid's uses the forward's SLEEF buffer; sinh
# and cosh are each other's; celu's backward scales by 1 / float32(alpha)
for name, op in ops[1:8] + ops[11:13] + ops[16:]:
    for x in (small, large):
        x = x.clone().requires_grad_()
        g = torch.linspace(-2, 2, len(x))
        op(x).backward(g)
        grad = x.grad.numpy().view(np.int32)
        print(name, "grad", grad.tolist() if len(x) < 100 else grad[19990:20010].tolist())
