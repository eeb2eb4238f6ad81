# PyTorch's autograd layer saves the inputs of gather, take, index_select, embedding,
# index_add, index_copy, index_fill, scatter and scatter_add (calling the saved_tensors_hooks
# pack hook) before their kernels' checks: an out-of-range index, a bad dim (wrapped in the
# kernel), a wrong index dtype or shape has packed what the node saves first, in its order
# (gather and take: the index, then the input), only for the gradients needed (scatter_add and
# index_add save for the source's gradient only). index_add's source shape check and its
# message with a factor (fuzz 56:12402's cause, for indexing ops).
import torch

F = torch.nn.functional
NAMES = {}


def pack(t):
    fn = t.grad_fn.name() if t.grad_fn is not None else "-"
    print("  pack", NAMES.get(id(t), "?"), tuple(t.shape), t.dtype, fn, t.requires_grad)
    return t


def T(name, *shape, rg=False, dtype=torch.float32):
    n = 1
    for s in shape:
        n *= s
    t = (torch.arange(n, dtype=dtype).reshape(shape) * 0.1 + 0.3).requires_grad_(bool(rg))
    NAMES[id(t)] = name
    return t


def I(name, data, dtype=torch.int64):
    t = torch.tensor(data, dtype=dtype)
    NAMES[id(t)] = name
    return t


one = [
    ("gather", lambda: torch.gather(T("a", 2, 3, rg=True), 0, I("i", [[5]]))),
    ("gather negative", lambda: torch.gather(T("a", 2, 3, rg=True), 1, I("i", [[-5]]))),
    ("gather dim", lambda: torch.gather(T("a", 2, 3, rg=True), 3, I("i", [[0]]))),
    ("gather shape", lambda: torch.gather(T("a", 2, 3, rg=True), 0, I("i", [[0, 0, 0, 0]]))),
    ("gather ndim", lambda: torch.gather(T("a", 2, 3, rg=True), 0, I("i", [0]))),
    ("gather float index", lambda: torch.gather(T("a", 2, 3, rg=True), 0, T("i", 1, 1))),
    ("gather ok", lambda: torch.gather(T("a", 2, 3, rg=True), 0, I("i", [[1]]))),
    ("take", lambda: torch.take(T("a", 2, 3, rg=True), I("i", [7]))),
    ("take negative", lambda: torch.take(T("a", 2, 3, rg=True), I("i", [-7]))),
    ("take ok", lambda: torch.take(T("a", 2, 3, rg=True), I("i", [1]))),
    ("index_select", lambda: T("a", 2, 3, rg=True).index_select(0, I("i", [7]))),
    ("index_select dim", lambda: T("a", 2, 3, rg=True).index_select(4, I("i", [0]))),
    ("index_select 2-d", lambda: T("a", 2, 3, rg=True).index_select(0, I("i", [[0]]))),
    ("index_select float", lambda: T("a", 2, 3, rg=True).index_select(0, T("i", 1))),
    ("embedding", lambda: F.embedding(I("i", [0, 7]), T("w", 4, 3, rg=True))),
    ("embedding negative", lambda: F.embedding(I("i", [0, -7]), T("w", 4, 3, rg=True))),
    ("embedding float", lambda: F.embedding(T("i", 2), T("w", 4, 3, rg=True))),
    ("index_fill", lambda: torch.index_fill(T("a", 2, 3, rg=True), 0, I("i", [7]), 1.0)),
    ("index_fill dim", lambda: torch.index_fill(T("a", 2, 3, rg=True), 2, I("i", [0]), 1.0)),
    ("scatter value", lambda: torch.scatter(T("a", 2, 3, rg=True), 0, I("i", [[7]]), 2.0)),
]
two = [
    ("index_add", lambda g: torch.index_add(T("a", 2, 3, rg=g[0]), 0, I("i", [7]), T("s", 1, 3, rg=g[1]))),
    ("index_add shape", lambda g: torch.index_add(T("a", 2, 3, rg=g[0]), 0, I("i", [0]), T("s", 1, 4, rg=g[1]))),
    ("index_add ndim", lambda g: torch.index_add(T("a", 2, 3, rg=g[0]), 0, I("i", [0]), T("s", 1, 3, 1, rg=g[1]))),
    ("index_add alpha", lambda g: torch.index_add(T("a", 2, 3, rg=g[0]), 0, I("i", [7]), T("s", 1, 3, rg=g[1]), alpha=2)),
    ("index_add negative", lambda g: torch.index_add(T("a", 2, 3, rg=g[0]), 0, I("i", [-3]), T("s", 1, 3, rg=g[1]))),
    ("index_add dim", lambda g: torch.index_add(T("a", 2, 3, rg=g[0]), 2, I("i", [0]), T("s", 1, 3, rg=g[1]))),
    ("index_copy", lambda g: torch.index_copy(T("a", 2, 3, rg=g[0]), 0, I("i", [7]), T("s", 1, 3, rg=g[1]))),
    ("scatter", lambda g: torch.scatter(T("a", 2, 3, rg=g[0]), 0, I("i", [[7]]), T("s", 1, 1, rg=g[1]))),
    ("scatter dtype", lambda g: torch.scatter(T("a", 2, 3, rg=g[0]), 0, I("i", [[0]]), T("s", 1, 1, rg=g[1], dtype=torch.float64))),
    ("scatter empty index dtype", lambda g: torch.scatter(T("a", 2, 3, rg=g[0]), 0, I("i", [[]]), T("s", 1, 1, rg=g[1], dtype=torch.float64))),
    ("scatter_add", lambda g: torch.scatter_add(T("a", 2, 3, rg=g[0]), 0, I("i", [[7]]), T("s", 1, 1, rg=g[1]))),
    ("scatter_add dim", lambda g: torch.scatter_add(T("a", 2, 3, rg=g[0]), 4, I("i", [[0]]), T("s", 1, 1, rg=g[1]))),
]
runs = [(n, f, "") for n, f in one]
runs += [(n, (lambda f=f, g=g: f(g)), g) for n, f in two for g in ((1, 0), (0, 1), (1, 1))]
for name, f, g in runs:
    NAMES.clear()
    print(name, g)
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        try:
            f()
            print("  ok")
        except Exception as e:
            print("  ", type(e).__name__, e)
