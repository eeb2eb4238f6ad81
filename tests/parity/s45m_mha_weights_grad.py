# Fuzz p66:10531: MultiheadAttention with need_weights=True (bmm, softmax, bmm) and a loss
# of the attention weights' sum, whose exact gradient is 0: the q / k projections' gradients
# are rounding noise of softmax's backward, which Adam turns into a visible step; also a
# weighted sum (softmax's backward then adds inexact products: the partial last vector's
# with one FMA on one thread). One thread (PyTorch's MKL splits larger products over
# threads its own way). Bits as digests.
import hashlib

import numpy as np
import torch

torch.set_num_threads(1)
rng = np.random.default_rng(4503)


def digest(t):
    if t is None:  # (the output projection has no gradient from the weights alone)
        return None
    return hashlib.md5(t.detach().numpy().tobytes()).hexdigest()[:16]


for embed, heads, tgt, src, batch in ((2, 2, 1, 2, 2), (8, 2, 5, 7, 3), (16, 4, 9, 11, 2),
                                      (6, 1, 12, 10, 1)):
    torch.manual_seed(0)
    m = torch.nn.MultiheadAttention(embed, heads)
    with torch.no_grad():
        for p in m.parameters():
            p.copy_(torch.tensor((rng.standard_normal(tuple(p.shape)) * 0.5).astype(np.float32)))
    q = torch.tensor(rng.standard_normal((tgt, batch, embed)).astype(np.float32))
    kv = torch.tensor(rng.standard_normal((src, batch, embed)).astype(np.float32),
                      requires_grad=True)
    out, w = m(q, kv, kv, need_weights=True)
    w.sum().backward()
    print(embed, heads, digest(out), digest(w), digest(kv.grad),
          [digest(p.grad) for p in m.parameters()])
    opt = torch.optim.Adam(m.parameters(), lr=0.5, eps=0.001)
    opt.step()
    print("step", [digest(p) for p in m.parameters()])
    m.zero_grad()
    weights = torch.tensor(rng.standard_normal(tuple(w.shape)).astype(np.float32))
    kv2 = kv.detach().clone().requires_grad_()
    (m(q, kv2, kv2, need_weights=True)[1] * weights).sum().backward()
    print("weighted", digest(kv2.grad), [digest(p.grad) for p in m.parameters()])
