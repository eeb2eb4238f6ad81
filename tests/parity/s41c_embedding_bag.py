# F.embedding_bag / nn.EmbeddingBag / torch.embedding_bag (not a fuzz find: an API hookgrad
# lacked): sum / mean / max, offsets and 2-D input, include_last_offset, per_sample_weights,
# padding_idx, scale_grad_by_freq, float32 and float64; outputs and the gradients to the
# weight and to per_sample_weights as bit patterns (PyTorch adds a bag's rows in order, each
# weighted row as one fused multiply-add, divides a mean by the bag's size), node names, the
# other three results of torch.embedding_bag, its argument errors, the module's repr.
import numpy as np
import torch

F = torch.nn.functional
rng = np.random.default_rng(1)


def bits(t):
    a = t.detach().numpy()
    if a.dtype == np.float32:
        return a.view(np.int32).tolist()
    if a.dtype == np.float64:
        return a.view(np.int64).tolist()
    return a.tolist()


def run(label, dtype, inp, offsets=None, psw=False, **kw):
    w = torch.from_numpy(rng.standard_normal((10, 21)).astype(dtype)).requires_grad_()
    w.data[3] = w.data[5]  # (equal rows: max keeps the first)
    p = None
    if psw:
        p = torch.from_numpy(rng.standard_normal(tuple(inp.shape)).astype(dtype))
        p.requires_grad_()
    try:
        out = F.embedding_bag(inp, w, offsets, per_sample_weights=p, **kw)
    except Exception as e:
        print(label, type(e).__name__, e)
        return
    print(label, out.dtype, tuple(out.shape), out.stride(), out.grad_fn.name(),
          [type(n[0]).__name__ if n[0] is not None else None for n in out.grad_fn.next_functions])
    print(" v", bits(out))
    g = torch.from_numpy(rng.standard_normal(tuple(out.shape)).astype(dtype))
    out.backward(g)
    print(" gw", bits(w.grad))
    if p is not None:
        print(" gp", bits(p.grad))


inp = torch.tensor([1, 2, 4, 5, 4, 3, 2, 9, 1, 1, 1, 7, 0, 3, 5])
out = F.embedding_bag(inp, torch.ones(10, 3), torch.tensor([], dtype=torch.long), mode="sum")
print("empty offsets", out.shape)  # (its backward reads PyTorch's uninitialised memory)
off = torch.tensor([0, 4, 4, 9, 12])
for dtype in (np.float32, np.float64):
    for mode in ("sum", "mean", "max"):
        run(f"{mode} {dtype.__name__}", dtype, inp, off, mode=mode)
        run(f"{mode} pad", dtype, inp, off, mode=mode, padding_idx=1)
        run(f"{mode} pad-neg", dtype, inp, off, mode=mode, padding_idx=-1)
        run(f"{mode} last", dtype, inp, torch.tensor([0, 4, 4, 9, 15]), mode=mode,
            include_last_offset=True)
        run(f"{mode} 2d", dtype, inp.view(3, 5), mode=mode)
        run(f"{mode} int32", dtype, inp.int(), off.int(), mode=mode)
        if mode != "max":
            run(f"{mode} freq", dtype, inp, off, mode=mode, scale_grad_by_freq=True)
            run(f"{mode} freq pad", dtype, inp, off, mode=mode, scale_grad_by_freq=True,
                padding_idx=3)
    run("psw", dtype, inp, off, psw=True, mode="sum")
    run("psw pad", dtype, inp, off, psw=True, mode="sum", padding_idx=4)
    run("psw 2d", dtype, inp.view(5, 3), psw=True, mode="sum")
    run("psw freq", dtype, inp, off, psw=True, mode="sum", scale_grad_by_freq=True)
    run("psw mean", dtype, inp, off, psw=True, mode="mean")
    run("empty input", dtype, torch.tensor([], dtype=torch.long), torch.tensor([0, 0]),
        mode="max")

w = torch.from_numpy(rng.standard_normal((10, 4)).astype(np.float32))
for dt in (torch.float32, torch.float64):
    for rg in (False, True):
        for mode in (0, 1, 2):
            for pad in (None, 1):
                W = w.to(dt).detach().requires_grad_(rg)
                r = torch.embedding_bag(W, inp, off, False, mode, False, None, False, pad)
                print(dt, rg, mode, pad, [t.tolist() for t in r[1:]], [t.dtype for t in r])
for f in (lambda: F.embedding_bag(torch.tensor([1, 19]), w, torch.tensor([0])),
          lambda: F.embedding_bag(torch.tensor([1, -1]), w, torch.tensor([0])),
          lambda: F.embedding_bag(torch.tensor([1, 2]), w, torch.tensor([1])),
          lambda: F.embedding_bag(torch.tensor([1, 2]), w, torch.tensor([1], dtype=torch.int32)),
          lambda: F.embedding_bag(torch.tensor([1, 2]), w, torch.tensor([0, 3])),
          lambda: F.embedding_bag(torch.tensor([1., 2]), w, torch.tensor([0])),
          lambda: F.embedding_bag(torch.tensor([1, 2]), w, torch.tensor([0.])),
          lambda: F.embedding_bag(torch.tensor([1, 2]), w[0], torch.tensor([0])),
          lambda: F.embedding_bag(torch.tensor([1, 2]), w, torch.tensor([0]),
                                  per_sample_weights=torch.ones(2)),
          lambda: F.embedding_bag(torch.tensor([1, 2]), w, torch.tensor([0]),
                                  per_sample_weights=torch.ones(3)),
          lambda: F.embedding_bag(torch.tensor([1, 2]), w, torch.tensor([0]), mode="sum",
                                  per_sample_weights=torch.ones(2, dtype=torch.float64)),
          lambda: torch.embedding_bag(w, torch.tensor([1, 2]), torch.tensor([0]), False, 1,
                                      False, torch.ones(2), False, None),
          lambda: F.embedding_bag(torch.tensor([[[1, 2]]]), w, None),
          lambda: F.embedding_bag(torch.tensor([1, 2]), w, None),
          lambda: F.embedding_bag(torch.tensor([1, 2]), w, torch.tensor([[0]])),
          lambda: F.embedding_bag(torch.tensor([[1, 2]]), w, torch.tensor([0])),
          lambda: F.embedding_bag(torch.tensor([1, 2]), w, torch.tensor([0]), mode="foo"),
          lambda: F.embedding_bag(torch.tensor([1, 2]), w, torch.tensor([0]), mode="max",
                                  scale_grad_by_freq=True),
          lambda: F.embedding_bag(torch.tensor([1, 2]), w, torch.tensor([0]), padding_idx=10),
          lambda: F.embedding_bag(torch.tensor([1, 2]), w, torch.tensor([0]), padding_idx=-11),
          lambda: F.embedding_bag(torch.tensor([1, 2]), w, torch.tensor([]).long(),
                                  include_last_offset=True),
          lambda: F.embedding_bag(torch.tensor([1, 2]), w.int(), torch.tensor([0]))):
    try:
        print(f().shape)
    except Exception as e:
        print(type(e).__name__, e)
print(torch.nn.EmbeddingBag(5, 3), torch.nn.EmbeddingBag(5, 3, mode="max", padding_idx=-1,
                                                         max_norm=2., include_last_offset=True))
e = torch.nn.EmbeddingBag(5, 3, padding_idx=1)
print(e.weight[1].tolist(), [n for n, _ in e.named_parameters()], e.mode, e.padding_idx)
e = torch.nn.EmbeddingBag.from_pretrained(torch.arange(6.).view(3, 2), mode="sum")
print(e, e.weight.requires_grad, e(torch.tensor([[0, 2], [1, 1]])).tolist())
m = torch.nn.EmbeddingBag.from_pretrained(torch.arange(6.).view(3, 2) * 3, max_norm=4.0,
                                          freeze=False)
print(m(torch.tensor([0, 2]), torch.tensor([0])).tolist(), m.weight.tolist())
for pi in (5, -6):
    try:
        torch.nn.EmbeddingBag(5, 3, padding_idx=pi)
    except AssertionError as e:
        print("AssertionError", e)
w = torch.from_numpy(rng.standard_normal((10, 4)).astype(np.float32)).requires_grad_()
p = torch.ones(15, requires_grad=True)
g = torch.autograd.grad(F.embedding_bag(inp, w, off, mode="sum", per_sample_weights=p).sum(),
                        [w, p], create_graph=True)
print([t.requires_grad for t in g], [t.grad_fn for t in g])
for t in g:
    try:
        t.sum().backward()
    except Exception as e:
        print(type(e).__name__, e)
go = torch.ones(5, 4, requires_grad=True)
g = torch.autograd.grad(F.embedding_bag(inp, w, off, mode="mean"), [w], go, create_graph=True)
print(g[0].grad_fn, [type(n[0]).__name__ for n in g[0].grad_fn.next_functions])
try:
    g[0].sum().backward()
except Exception as e:
    print(type(e).__name__, e)
