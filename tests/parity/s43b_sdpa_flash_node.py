# PyTorch's fused CPU flash-attention node, ScaledDotProductFlashAttentionForCpuBackward0: its
# saved attributes (attn_mask as the float mask a bool one becomes, key, query, value,
# logsumexp laid out (B, L, H), output; dropout_p, is_causal, scale), the order pack hooks see
# them, node pre/post hooks (None for inputs that need no grad), create_graph gradients from a
# NotImplemented node whose backward raises PyTorch's error, the enable_flash_sdp /
# enable_math_sdp flags (honoured on CPU), empty inputs (zeros + (q.sum()+k.sum()+v.sum())*0)
# and the selector's errors. (fuzz 56:12787, 57:9804, 57:1272)
import numpy as np
import torch

F = torch.nn.functional
rs = np.random.RandomState(1)


def T(*shape, rg=True):
    return torch.tensor(rs.randn(*shape).astype(np.float32)).requires_grad_(rg)


def r(t):
    return np.round(t.detach().float().numpy(), 4).tolist()


def names(fn):
    return [n.name() if n is not None else None for n, _ in fn.next_functions]


q, k, v = T(1, 2, 2, 3), T(1, 2, 3, 3), T(1, 2, 3, 3)
ids = {id(q): "q", id(k): "k", id(v): "v"}


def pack(t):
    print("pack", ids.get(id(t), tuple(t.shape)), t.dtype, tuple(t.stride()))
    return t


def unpack(t):
    print("unpack", ids.get(id(t), tuple(t.shape)))
    return t


mask = torch.tensor([[True, False, True], [False, False, False]])
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    o = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, scale=0.7)
fn = o.grad_fn
print(fn.name(), names(fn))
print("saved", fn._saved_dropout_p, fn._saved_is_causal, fn._saved_scale)
print("mask", fn._saved_attn_mask.dtype, r(fn._saved_attn_mask))
lse = fn._saved_logsumexp
print("lse", tuple(lse.shape), tuple(lse.stride()), lse.dtype, r(lse))
print("query is q", fn._saved_query is q, "output", r(fn._saved_output))
fn.register_prehook(lambda go: print("prehook", [tuple(g.shape) for g in go]))
fn.register_hook(lambda gi, go: print("hook", [None if g is None else r(g) for g in gi]))
o.sum().backward()
try:
    print(fn._saved_query)
except RuntimeError as e:
    print("after backward:", e)

o = F.scaled_dot_product_attention(q.detach(), k.detach(), v, is_causal=True)
print(o.grad_fn._saved_is_causal, o.grad_fn._saved_scale, names(o.grad_fn))
o.grad_fn.register_hook(lambda gi, go: print("hook", [None if g is None else r(g) for g in gi]))
o.sum().backward()

# create_graph: the gradients come from one NotImplemented node, which raises when reached
go = T(1, 2, 2, 3)
o = F.scaled_dot_product_attention(q, k, v)
gs = torch.autograd.grad(o, (q, k, v), go, create_graph=True)
node = gs[0].grad_fn
print(node.name(), names(node), [g.grad_fn is node for g in gs], [r(g) for g in gs])
for i in range(3):
    try:
        torch.autograd.grad(gs[i].sum(), (q, k, v, go), retain_graph=True, allow_unused=True)
    except RuntimeError as e:
        print("double backward", i, e)
o = F.scaled_dot_product_attention(q.detach(), k, v.detach())
(gk,) = torch.autograd.grad(o.sum(), (k,), create_graph=True)
print(gk.grad_fn.name(), names(gk.grad_fn), gk.requires_grad)
try:
    gk.sum().backward()
except RuntimeError as e:
    print("double backward k", e)

# the backend flags: the CPU selector obeys enable_flash_sdp / enable_math_sdp
torch.backends.cuda.enable_flash_sdp(False)
print("flash off", F.scaled_dot_product_attention(q, k, v).grad_fn.name())
torch.backends.cuda.enable_flash_sdp(True)
torch.backends.cuda.enable_math_sdp(False)
print("math off", F.scaled_dot_product_attention(q, k, v).grad_fn.name())
torch.backends.cuda.enable_flash_sdp(False)
try:
    F.scaled_dot_product_attention(q, k, v)
except RuntimeError as e:
    print("both off:", e)
torch.backends.cuda.enable_flash_sdp(True)
torch.backends.cuda.enable_math_sdp(True)

# empty inputs: zeros of the query's shape with the value's head dim, in the graph of all three
for shapes in [((1, 2, 0, 3), (1, 2, 3, 3), (1, 2, 3, 3)), ((1, 2, 2, 3), (1, 2, 0, 3), (1, 2, 0, 3)),
               ((2, 3), (0, 3), (0, 3)), ((1, 2, 2, 3), (1, 2, 3, 3), (1, 2, 3, 0))]:
    a, b, c = (T(*s) for s in shapes)
    o = F.scaled_dot_product_attention(a, b, c, attn_mask=torch.ones(7, 7, dtype=torch.bool))
    mul = o.grad_fn.next_functions[1][0]
    print("empty", tuple(o.shape), tuple(o.stride()), o.grad_fn.name(), names(o.grad_fn),
          mul._saved_other, names(mul), names(mul.next_functions[0][0]), r(o))
    o.sum().backward()
    print("  grads", [tuple(t.grad.shape) for t in (a, b, c)], r(a.grad))

# errors
for label, args, kw in [
        ("1-D mask", (q, k, v), dict(attn_mask=torch.ones(3, dtype=torch.bool))),
        ("0-D mask", (q, k, v), dict(attn_mask=torch.tensor(0.5))),
        ("1-D mask, 3-D inputs (math path)", (q[0], k[0], v[0]), dict(attn_mask=torch.zeros(3))),
        ("negative dropout", (q, k, v), dict(dropout_p=-0.1)),
        ("gqa heads do not divide", (T(1, 3, 2, 3), k, v), dict(enable_gqa=True)),
        ("dtypes differ", (q, k.double(), v), {}),
        ("mask dtype", (q, k, v), dict(attn_mask=torch.zeros(2, 3, dtype=torch.float64))),
        ("long mask", (q, k, v), dict(attn_mask=torch.zeros(2, 3, dtype=torch.long)))]:
    try:
        o = F.scaled_dot_product_attention(*args, **kw)
        print(label, o.grad_fn.name(), r(o))
    except (RuntimeError, IndexError) as e:
        print(label, type(e).__name__, e)
