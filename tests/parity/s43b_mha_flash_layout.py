# nn.MultiheadAttention(need_weights=False) calls scaled_dot_product_attention on the 4-D
# (B, H, L, E) views of its (L, B*H, E) projections: PyTorch's CPU flash node returns the
# query's layout, so attn_output.permute(2, 0, 1, 3).reshape(bsz * tgt_len, embed_dim) is a
# view (ViewBackward0 under out_proj's Addmm), not a copy (UnsafeViewBackward0). Also
# need_weights=True, masks, is_causal, kdim/vdim, batch_first, unbatched, TransformerEncoderLayer
# and nn.Transformer: node chains, strides, values, grads. (fuzz 56:12787, 57:9804, 57:1272)
import numpy as np
import torch

rs = np.random.RandomState(0)


def T(*s, rg=False):
    return torch.tensor(rs.randn(*s).astype(np.float32), requires_grad=rg)


def seed(m):
    with torch.no_grad():
        for p in m.parameters():
            p.copy_(T(*p.shape) * 0.3)


def walk(fn, depth=0, out=None):
    out = [] if out is None else out
    if fn is None or depth > 9:
        return out
    out.append("  " * depth + fn.name())
    for n, _ in fn.next_functions:
        walk(n, depth + 1, out)
    return out


def report(label, outs, params):
    o = outs[0]
    print(label, tuple(o.shape), tuple(o.stride()), o.grad_fn.name())
    print("\n".join(walk(o.grad_fn)))
    print(np.round(o.detach().numpy(), 4).tolist())
    if outs[1] is not None:
        print("weights", np.round(outs[1].detach().numpy(), 4).tolist())
    o.sum().backward()
    for n, p in params:
        if p.grad is not None:
            print(n, np.round(p.grad.numpy(), 4).tolist())


causal = torch.nn.Transformer.generate_square_subsequent_mask(3)
for kw, kind in [(dict(need_weights=False), None), (dict(need_weights=True), None),
                 (dict(need_weights=False, attn_mask=torch.tensor(rs.rand(3, 3) > 0.3)), None),
                 (dict(need_weights=False, key_padding_mask=torch.tensor(
                     [[False, False, True], [False, True, True]])), None),
                 (dict(need_weights=False, attn_mask=causal, is_causal=True), None),
                 (dict(need_weights=False), "kv"), (dict(need_weights=False), "batch_first")]:
    m = torch.nn.MultiheadAttention(4, 2, batch_first=kind == "batch_first",
                                    **(dict(kdim=3, vdim=5) if kind == "kv" else {}))
    seed(m)
    x = T(3, 2, 4, rg=True)
    outs = m(x, T(3, 2, 3), T(3, 2, 5), **kw) if kind == "kv" else m(x, x, x, **kw)
    report(f"mha {kind} {list(kw)}", outs, [("x", x)] + list(m.named_parameters()))
m = torch.nn.MultiheadAttention(4, 2)
seed(m)
x = T(3, 4, rg=True)
report("unbatched", m(x, x, x, need_weights=False), [("x", x)])
for train in [True, False]:
    layer = torch.nn.TransformerEncoderLayer(4, 2, dim_feedforward=6, dropout=0.0,
                                             batch_first=True)
    seed(layer)
    layer.train(train)
    x = T(2, 3, 4, rg=True)
    report(f"encoder layer train={train}", (layer(x), None), [("x", x)])
tr = torch.nn.Transformer(d_model=4, nhead=2, num_encoder_layers=1, num_decoder_layers=1,
                          dim_feedforward=6, dropout=0.0, batch_first=True)
seed(tr)
src, tgt = T(2, 3, 4, rg=True), T(2, 2, 4, rg=True)
report("transformer", (tr(src, tgt, tgt_mask=tr.generate_square_subsequent_mask(2),
                          tgt_is_causal=True), None), [("src", src), ("tgt", tgt)])
