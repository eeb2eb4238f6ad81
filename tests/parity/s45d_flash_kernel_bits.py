# PyTorch's CPU flash attention kernel, bit for bit (fuzz 65:16063, 62:8069): blocked
# q / kv splits, MKL sgemm per block, exp_u20 over whole 8-float vectors and the double exp
# for a row's tail, lane-wise sums, fma(scores, scale, mask), glibc logf for the
# logsumexp; the backward recomputes the probabilities with SLEEF's expf from the logsumexp
# and accumulates dq / dk / dv by beta-1 products. MultiheadAttention(need_weights=False)
# goes through it: the key bias's gradient is exactly 0 mathematically, so the rounding
# noise both libraries compute there (which Adam turns into a visible step) is printed as
# bits.
import numpy as np
import torch

rs = np.random.RandomState(3)
F = torch.nn.functional


def bits(t):
    return t.detach().numpy().view(np.int32).tolist()


def T(*s, rg=False):
    return torch.tensor(rs.randn(*s).astype(np.float32), requires_grad=rg)


# the flash node: its output, then the three gradients (the logsumexp feeds them), over
# shapes that take whole vectors and tails (keys 3, 8, 13, 21), several query blocks (40
# queries), masks of each supported shape and the causal triangle
cases = [((2, 2, 5, 3, 4), None, False), ((1, 3, 9, 8, 6), None, True),
         ((2, 1, 40, 13, 5), None, False), ((1, 2, 7, 21, 9), (7, 21), False),
         ((2, 2, 6, 10, 3), (2, 1, 6, 10), True), ((1, 2, 4, 17, 2), (1, 2, 1, 17), False),
         ((2, 1, 5, 9, 7), (5, 1), False)]
for (b, h, lq, lk, e), mshape, causal in cases:
    q, k, v = T(b, h, lq, e, rg=True), T(b, h, lk, e, rg=True), T(b, h, lk, e, rg=True)
    mask = None
    if mshape is not None:
        mask = T(*mshape)
        mask[torch.tensor(rs.rand(*mshape) < 0.2)] = float("-inf")
    o = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, is_causal=causal)
    print("case", (b, h, lq, lk, e), mshape, causal, o.grad_fn.name())
    print("out", bits(o))
    (o * T(*o.shape)).sum().backward()
    print("grads", bits(q.grad), bits(k.grad), bits(v.grad))

# MultiheadAttention (self- and cross-attention): output and every gradient
for cross in (False, True):
    mha = torch.nn.MultiheadAttention(4, 2)
    with torch.no_grad():
        for p in mha.parameters():
            p.copy_(T(*p.shape) * 0.5)
    x = T(3, 2, 4, rg=True)
    kv = T(2, 2, 4) if cross else x
    y = mha(x, kv, kv, need_weights=False)[0]
    print("mha out", bits(y))
    y.sum().backward()
    for name, p in mha.named_parameters():
        print("grad", name, bits(p.grad))
    print("x grad", bits(x.grad))
