# PyTorch's CPU flash attention kernel at its edges, bit for bit (fuzz 65:16063, 62:8069):
# NaN and inf scores, fully masked rows (zeros, logsumexp 0), a bool mask, a given scale with
# the causal triangle over more queries than keys, a strided query view and an expanded key
# (PyTorch's MKL products read them in place: their leading dimension and alignment count),
# several key blocks of 512 (the running max and sum), and a single work item. Printed: the
# node, then CRC-32 digests of the output's and each gradient's bytes.
import zlib

import numpy as np
import torch

F = torch.nn.functional
rs = np.random.RandomState(1)


def T(*s, rg=True):
    return torch.tensor(rs.randn(*s).astype(np.float32), requires_grad=rg)


def show(tag, o, ts):
    try:
        (o * T(*o.shape, rg=False)).sum().backward()
        gs = [t.grad for t in ts]
    except Exception as e:
        gs = []
        print(tag, 'backward raised', type(e).__name__)
    print(tag, o.grad_fn.name(), zlib.crc32(o.detach().numpy().tobytes()),
          [None if g is None else zlib.crc32(g.numpy().tobytes()) for g in gs])


# NaN in q, inf in k
q, k, v = T(2, 2, 5, 4), T(2, 2, 9, 4), T(2, 2, 9, 4)
with torch.no_grad():
    q[0, 0, 1, 2] = float('nan')
    k[1, 1, 3, 0] = float('inf')
show('nan/inf', F.scaled_dot_product_attention(q, k, v), (q, k, v))
# fully masked rows
q, k, v = T(1, 2, 4, 3), T(1, 2, 11, 3), T(1, 2, 11, 3)
m = torch.zeros(4, 11)
m[2] = float('-inf')
m[0, 3:] = float('-inf')
show('masked rows', F.scaled_dot_product_attention(q, k, v, attn_mask=m), (q, k, v))
bm = torch.ones(4, 11, dtype=torch.bool)
bm[1] = False
show('bool mask', F.scaled_dot_product_attention(q, k, v, attn_mask=bm), (q, k, v))
# scale, causal L > S
q, k, v = T(2, 3, 12, 5), T(2, 3, 7, 5), T(2, 3, 7, 5)
show('scale causal', F.scaled_dot_product_attention(q, k, v, is_causal=True, scale=0.37),
     (q, k, v))
# transposed / strided views: q from a (B, L, H, E) tensor
base = T(2, 6, 3, 8, rg=False)
q = base.transpose(1, 2).detach().requires_grad_()
k, v = T(2, 3, 10, 8), T(2, 3, 10, 8)
show('strided q', F.scaled_dot_product_attention(q, k, v), (q, k, v))
# expanded key over batch
k0 = T(1, 3, 10, 8)
q, v = T(2, 3, 4, 8), T(2, 3, 10, 8)
show('expanded k', F.scaled_dot_product_attention(q, k0.expand(2, 3, 10, 8), v), (q, k0, v))
# multiple kv blocks
q, k, v = T(1, 1, 20, 3), T(1, 1, 1100, 3), T(1, 1, 1100, 3)
show('kv blocks', F.scaled_dot_product_attention(q, k, v), (q, k, v))
# one item (single head, one q block)
q, k, v = T(1, 1, 5, 4), T(1, 1, 9, 4), T(1, 1, 9, 4)
show('one item', F.scaled_dot_product_attention(q, k, v), (q, k, v))
