# PyTorch's CPU flash attention kernel for float64, bit for bit: blocked q / kv splits, MKL
# dgemm per block, SLEEF's double exp over whole vectors (4 doubles on AVX2, 8 on AVX-512) and
# glibc's exp for a row's tail, lane sums reduced in lane order (vec_reduce_all has no
# shuffle form for doubles), fma(scores, scale, mask), glibc's log for the logsumexp; the
# backward recomputes the probabilities with SLEEF's exp. Also a fully masked row over one
# key (a one-deep product: MKL's batched call would give +0 where PyTorch's -0 is), in
# float64 and float32. Printed: the node, then digests of the output's and each gradient's
# bits.
import hashlib

import numpy as np
import torch

F = torch.nn.functional
rs = np.random.RandomState(7)


def bits(t):
    raw = t.detach().contiguous().numpy()
    return hashlib.md5(raw.view(np.uint8).tobytes()).hexdigest()[:12]


def T(*s, rg=True, dtype=np.float64):
    return torch.tensor(rs.randn(*s).astype(dtype), requires_grad=rg)


def show(tag, o, ts):
    (o * T(*o.shape, rg=False, dtype=o.detach().numpy().dtype)).sum().backward()
    print(tag, o.grad_fn.name(), bits(o), [None if t.grad is None else bits(t.grad) for t in ts])


def mask_of(*shape):
    m = torch.tensor(rs.randn(*shape))
    m[torch.tensor(rs.rand(*shape) < 0.2)] = float("-inf")
    return m


# shapes with whole vectors and tails of both widths (keys 3, 4, 8, 13, 21, 40), several
# query blocks (40 queries), head dims 8 to 64, masks of each supported shape, the causal
# triangle, a given scale
cases = [((2, 2, 5, 3, 16), None, False, None), ((1, 3, 9, 8, 24), None, True, None),
         ((2, 1, 40, 13, 33), None, False, None), ((1, 2, 7, 21, 9), (7, 21), False, None),
         ((2, 2, 6, 10, 64), (2, 1, 6, 10), True, None),
         ((1, 2, 4, 17, 8), (1, 2, 1, 17), False, 0.3), ((2, 1, 5, 9, 48), (5, 1), False, None),
         ((2, 2, 33, 40, 32), None, False, 0.11), ((1, 2, 12, 4, 13), None, True, 0.5)]
for (b, h, lq, lk, e), mshape, causal, scale in cases:
    q, k, v = T(b, h, lq, e), T(b, h, lk, e), T(b, h, lk, e)
    mask = None if mshape is None else mask_of(*mshape)
    show(("case", (b, h, lq, lk, e), mshape, causal, scale),
         F.scaled_dot_product_attention(q, k, v, attn_mask=mask, is_causal=causal,
                                        scale=scale), (q, k, v))

# NaN and inf inputs; large scores (exponentials that underflow); a bool mask
q, k, v = T(2, 2, 5, 8), T(2, 2, 9, 8), T(2, 2, 9, 8)
with torch.no_grad():
    q[0, 0, 1, 2] = float("nan")
    k[1, 1, 3, 0] = float("inf")
show("nan/inf", F.scaled_dot_product_attention(q, k, v), (q, k, v))
q, k, v = T(1, 2, 6, 16), T(1, 2, 19, 16), T(1, 2, 19, 16)
show("large", F.scaled_dot_product_attention(q * 30, k * 30, v), (q, k, v))
bm = torch.tensor(rs.rand(6, 19) < 0.7)
bm[2] = False
show("bool mask", F.scaled_dot_product_attention(q, k, v, attn_mask=bm), (q, k, v))
# a strided query (a (B, L, H, E) tensor's view), several key blocks of 512
q = T(2, 6, 3, 8, rg=False).transpose(1, 2).detach().requires_grad_()
k, v = T(2, 3, 10, 8), T(2, 3, 10, 8)
show("strided q", F.scaled_dot_product_attention(q, k, v), (q, k, v))
q, k, v = T(1, 1, 20, 8), T(1, 1, 1100, 8), T(1, 1, 1100, 8)
show("kv blocks", F.scaled_dot_product_attention(q, k, v), (q, k, v))
# masked rows over a single key: the output's zeros keep v's signs (-0 too)
for dtype in (np.float64, np.float32):
    q, k, v = (T(2, 2, n, 16, dtype=dtype) for n in (31, 1, 1))
    m = torch.zeros(31, 1, dtype=q.dtype)
    m[3:6] = float("-inf")
    show(("one key", np.dtype(dtype).name),
         F.scaled_dot_product_attention(q, k, v, attn_mask=m), (q, k, v))
