# F.scaled_dot_product_attention on CPU records ONE fused node,
# ScaledDotProductFlashAttentionForCpuBackward0, where PyTorch's selector picks the flash kernel
# (4-D q/k/v, dropout_p == 0, one batch size, equal heads or GQA, a 2-D or 4-D mask that needs
# no grad, equal head dims, unit last strides, float/double/half/bfloat16), else the math path;
# the flash output is laid out like the query (empty_like(query)); grads match the math
# formulas; a fully masked row gives zeros. (fuzz 56:12787, 57:9804, 57:1272)
import numpy as np
import torch

F = torch.nn.functional
rs = np.random.RandomState(0)


def T(*shape, dtype=torch.float32, rg=True):
    t = torch.tensor(rs.randn(*shape).astype(np.float32)).to(dtype)
    return t.requires_grad_(rg)


def r(t):
    return np.round(t.detach().float().numpy(), 4).tolist()


def run(label, q, k, v, grads=True, **kw):
    o = F.scaled_dot_product_attention(q, k, v, **kw)
    fn = o.grad_fn
    print(label, fn.name() if fn is not None else None, tuple(o.shape), tuple(o.stride()),
          o.dtype)
    if fn is not None:
        print("  next", [n.name() if n is not None else None for n, _ in fn.next_functions])
    if kw.get("dropout_p", 0.0) > 0.0:
        return
    print("  out", r(o))
    if grads and o.requires_grad:
        leaves = [t for t in (q, k, v) if t.requires_grad]
        go = torch.tensor(rs.randn(*o.shape).astype(np.float32)).to(o.dtype)
        gs = torch.autograd.grad(o, leaves, go)
        for g in gs:
            print("  grad", tuple(g.stride()), r(g))


def qkv(b=2, h=2, lq=3, s=4, e=4, dtype=torch.float32, hk=None, ev=None):
    hk = h if hk is None else hk
    return (T(b, h, lq, e, dtype=dtype), T(b, hk, s, e, dtype=dtype),
            T(b, hk, s, e if ev is None else ev, dtype=dtype))


run("4d f32", *qkv())
run("4d f64", *qkv(dtype=torch.float64))
run("4d bf16", *qkv(dtype=torch.bfloat16))
run("3d", T(2, 3, 4), T(2, 4, 4), T(2, 4, 4))
run("5d", T(1, 2, 1, 3, 4), T(1, 2, 1, 4, 4), T(1, 2, 1, 4, 4))
q, k, v = qkv()
run("bool mask 2d", q, k, v, attn_mask=torch.tensor(rs.rand(3, 4) > 0.3))
run("float mask 4d bcast", q, k, v, attn_mask=T(2, 1, 1, 4, rg=False))
run("float mask (3,1)", q, k, v, attn_mask=T(3, 1, rg=False))
run("float mask 3d", q, k, v, attn_mask=T(1, 3, 4, rg=False))
run("mask requires grad", q, k, v, attn_mask=T(3, 4))
run("causal", q, k, v, is_causal=True)
run("causal and mask", q, k, v, is_causal=True, attn_mask=torch.tensor(rs.rand(3, 4) > 0.2))
run("scale", q, k, v, scale=-0.3)
run("dropout", q, k, v, dropout_p=0.5)
run("gqa", *qkv(h=4, hk=2), enable_gqa=True)
run("kv heads 1 no gqa", *qkv(h=2, hk=1))
run("value head dim differs", *qkv(ev=3))
run("batch broadcast", T(1, 2, 3, 4), T(2, 2, 4, 4), T(2, 2, 4, 4))
# the layout MultiheadAttention makes: (L, B*H, E) viewed and transposed
qm = T(3, 4, 4, rg=False).requires_grad_().transpose(0, 1).view(2, 2, 3, 4)
run("query (L,B,H,E) layout", qm, k, v)
qn = T(3, 2, 2, 8)[..., :4].permute(1, 2, 0, 3)
run("query non-dense", qn, k, v)
run("query expanded", T(2, 1, 3, 4).expand(2, 2, 3, 4), k, v)
run("query last stride 2", T(2, 2, 4, 3).transpose(-1, -2), k, v)
run("only value needs grad", q.detach(), k.detach(), v)
with torch.no_grad():
    run("no_grad", qm, k, v)
# fully masked rows: zeros, also in the gradients; a NaN in the mask spreads as in PyTorch
fm = torch.zeros(3, 4)
fm[1] = float("-inf")
run("fully masked row", q, k, v, attn_mask=fm)
run("fully masked row bool", q, k, v, attn_mask=torch.tensor([[True] * 4, [False] * 4, [True, False, True, False]]))
fm[2, 1] = float("nan")
run("nan in mask", q, k, v, attn_mask=fm)
