# PyTorch's float32 cpu_kernel_vec kernels on AVX-512 (s47c): its AVX-512 build steps two
# 16-float vectors (32 elements) where the AVX2 one steps 16, so the elements left to glibc's
# scalar functions differ with the size; SLEEF's 16-lane log1pf gives a NaN input back
# (quiet) and its logf a negative input's bits as its NaN, where the 8-lane ones give the
# default NaN; mish's second vector of a step is lanes 16-31. Complex mul is built for AVX2
# only (its step stays 8 complex64). Bit patterns hashed per op and size; NaNs with payloads
# placed in both vectors of a step and in the tails.
import hashlib

import numpy as np
import torch

F = torch.nn.functional
torch.set_num_threads(1)
rng = np.random.default_rng(47)


def digest(t):
    a = np.ascontiguousarray(t.detach().numpy())
    return hashlib.sha256(a.view(np.uint8).tobytes()).hexdigest()[:20]


ops = [("sigmoid", torch.sigmoid), ("silu", F.silu), ("elu", F.elu), ("selu", F.selu),
       ("softplus", F.softplus), ("softplus beta", lambda t: F.softplus(t, 2.0, 5.0)),
       ("logsigmoid", F.logsigmoid), ("mish", F.mish), ("sinh", torch.sinh),
       ("cosh", torch.cosh), ("atanh", lambda t: torch.atanh(t / 8)), ("exp2", torch.exp2),
       ("expm1", torch.expm1), ("log1p", torch.log1p),
       ("gelu tanh", lambda t: F.gelu(t, approximate="tanh")),
       ("pow 1.7", lambda t: t ** 1.7), ("pow tensor", lambda t: t.abs() ** (t / 3)),
       ("atan2", lambda t: torch.atan2(t, t.flip(0))),
       ("logaddexp", lambda t: torch.logaddexp(t, t.flip(0))),
       ("glu", lambda t: F.glu(torch.cat([t, t.flip(0)]))),
       ("bce logits", lambda t: F.binary_cross_entropy_with_logits(
           t, torch.sigmoid(t.flip(0)), reduction="none"))]
grads = {"sigmoid", "silu", "elu", "softplus", "mish", "sinh", "cosh", "gelu tanh", "pow 1.7",
         "glu", "bce logits"}
nan_bits = [0x7FC00000, -0x400000, 0x7F800001, 0x7FC12345]
for n in (16, 17, 31, 33, 48, 63, 64, 71):
    values = (rng.standard_normal(n) * 4).astype(np.float32)
    with_nans = values.copy()
    for i, position in enumerate((1, 9, 18, 34, 50, 66)):  # (none x[n - 1 - i]: flips)
        if position < n:
            with_nans.view(np.int32)[position] = nan_bits[i % 4]
    for name, op in ops:
        line = [name, n, digest(op(torch.tensor(values))), digest(op(torch.tensor(with_nans)))]
        if name in grads:
            x = torch.tensor(values, requires_grad=True)
            op(x).backward(torch.linspace(-2, 2, op(x).numel()).reshape(op(x).shape))
            line.append(digest(x.grad))
        print(*line)
# logit of strided rows (cpu_kernel_vec, SLEEF's logf on whole steps): ratios below zero
big = rng.random((5, 80), dtype=np.float32) * 1.6 - 0.3
big.view(np.int32)[1, 5] = 0x7F812345
for cut in (40, 70):
    print("logit rows", cut, digest(torch.tensor(big)[:, 1:cut].logit()))
    print("logit transposed", cut, digest(torch.tensor(big)[:, 3:cut].t().logit()))
# complex64 products: two AVX2 vectors (8 complex64) a step on either ISA
for n in (8, 9, 16, 17, 24):
    a = torch.tensor(rng.standard_normal((n, 2)).astype(np.float32))
    b = torch.tensor(rng.standard_normal((n, 2)).astype(np.float32))
    print("complex mul", n, digest(torch.view_as_real(
        torch.view_as_complex(a) * torch.view_as_complex(b))))
