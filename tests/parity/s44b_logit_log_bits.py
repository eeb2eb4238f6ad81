# logit's float32 / float64 bits (fuzz 60:10562: silu(1.0) = 0.7310586 -> logit(eps=0.1) is
# 1.0 exactly in PyTorch, one ulp above with NumPy's log, and a later acos gave NaN for 0.0).
# PyTorch's logit kernel: a dense input takes LogitMKLKernel (the clamped ratio, then MKL
# VML's Ln); any other layout cpu_kernel_vec, SLEEF's Sleef_logf8_u10 on whole 16-float
# steps of each row and glibc's logf on the rest (NaNs: SLEEF's without sign bit). Bits are
# printed as int32 / int64 patterns; the gradient's bits too.
import numpy as np
import torch

F = torch.nn.functional


def bits(t):
    a = t.detach().numpy()
    return np.ascontiguousarray(a).view(np.int32 if a.dtype == np.float32 else np.int64).tolist()


v2 = F.silu(torch.tensor([[-1.75, 1.0, 0.5]]))
v3 = v2.logit(eps=0.1)
print("fuzz", bits(v2), bits(v3), v3.acos().tolist())

rng = np.random.default_rng(0)
special = [0.0, -0.0, 1.0, float("nan"), 1.5, -0.5, float("inf"), 1e-40, 0.9999999, 0.5]
values = np.concatenate([rng.random(54, dtype=np.float32), np.array(special, np.float32)])
for eps in (None, 0.1, 0.7):
    print("dense", eps, bits(torch.tensor(values).logit(eps)))
    print("dense64", eps, bits(torch.tensor(values.astype(np.float64)).logit(eps)))
big = torch.tensor(rng.random((6, 40), dtype=np.float32))
big[2, 20] = float("nan")
big[3, 28] = 1.25
for eps in (None, 0.25):
    print("rows29", eps, bits(big[:, 1:30].logit(eps)))
    print("step2", eps, bits(big[:, ::2].logit(eps)))
    print("expand", eps, bits(big[:, :1].expand(6, 21).logit(eps)))
    print("transposed", eps, bits(big[:, 3:37].t().logit(eps)))

for name, make in (("dense", lambda t: t), ("rows", lambda t: t[:, :30])):
    x = torch.tensor(rng.random((4, 40), dtype=np.float32), requires_grad=True)
    y = make(x).logit()
    y.backward(torch.full(y.shape, 0.75))
    print("grad", name, bits(y), bits(x.grad))
