# PyTorch's autograd layer saves an op's inputs (calling the saved_tensors_hooks pack hook)
# before its kernel checks them: masked_fill / masked_select / masked_scatter pack the mask
# (masked_select: the mask, then self) before the mask's dtype and broadcast checks (whose
# message names the mask first; the in-place masked_fill_, the tensor), index_put and put the
# index (put: its source too, for the source's gradient) before the bounds check, scatter_reduce
# index, self and src, binary_cross_entropy(_with_logits) their input, target and weights before
# the range, dtype and weight checks, multilabel_margin_loss and soft_margin_loss input and
# target. put saves them on success too: an in-place write to the index is then refused.
# (fuzz 56:12402's cause, for these ops)
import torch

F = torch.nn.functional
NAMES = {}


def pack(t):
    fn = t.grad_fn.name() if t.grad_fn is not None else "-"
    print("  pack", NAMES.get(id(t), "?"), tuple(t.shape), t.dtype, fn, t.requires_grad)
    return t


def T(name, *shape, rg=False, dtype=torch.float32, value=None):
    n = 1
    for s in shape:
        n *= s
    t = torch.arange(n, dtype=dtype).reshape(shape) * 0.1 + 0.3 if value is None else \
        torch.full(shape, value, dtype=dtype)
    t.requires_grad_(bool(rg))
    NAMES[id(t)] = name
    return t


def I(name, data, dtype=None):
    t = torch.tensor(data, dtype=dtype)
    NAMES[id(t)] = name
    return t


two = [
    ("masked_fill broadcast", lambda g: torch.masked_fill(T("a", 2, 3, rg=g[0]), I("m", [True, False]), T("v", rg=g[1]))),
    ("masked_fill value 1-d", lambda g: torch.masked_fill(T("a", 2, 3, rg=g[0]), I("m", [True, False, True]), T("v", 2, rg=g[1]))),
    ("masked_fill int mask", lambda g: torch.masked_fill(T("a", 2, 3, rg=g[0]), I("m", [1, 0, 1]), T("v", rg=g[1]))),
    ("masked_scatter count", lambda g: torch.masked_scatter(T("a", 2, 3, rg=g[0]), I("m", [True, True, True]), T("s", 2, rg=g[1]))),
    ("masked_scatter int mask", lambda g: torch.masked_scatter(T("a", 2, 3, rg=g[0]), I("m", [1, 1, 1]), T("s", 6, rg=g[1]))),
    ("masked_scatter dtype", lambda g: torch.masked_scatter(T("a", 2, 3, rg=g[0]), I("m", [True, True, True]), T("s", 6, rg=g[1], dtype=torch.float64))),
    ("masked_scatter broadcast", lambda g: torch.masked_scatter(T("a", 2, 3, rg=g[0]), I("m", [True, False]), T("s", 6, rg=g[1]))),
    ("index_put", lambda g: torch.index_put(T("a", 2, 3, rg=g[0]), (I("i", [7]),), T("v", 3, rg=g[1]))),
    ("index_put accumulate", lambda g: torch.index_put(T("a", 2, 3, rg=g[0]), (I("i", [0]), I("j", [5])), T("v", 1, rg=g[1]), accumulate=True)),
    ("put", lambda g: torch.put(T("a", 2, 3, rg=g[0]), I("i", [7]), T("s", 1, rg=g[1]))),
    ("put dtype", lambda g: torch.put(T("a", 2, 3, rg=g[0]), I("i", [1]), T("s", 1, rg=g[1], dtype=torch.float64))),
    ("scatter_reduce", lambda g: torch.scatter_reduce(T("a", 2, 3, rg=g[0]), 0, I("i", [[7]]), T("s", 1, 1, rg=g[1]), "prod")),
    ("scatter_reduce dim", lambda g: torch.scatter_reduce(T("a", 2, 3, rg=g[0]), 3, I("i", [[1]]), T("s", 1, 1, rg=g[1]), "amax")),
    ("bce range", lambda g: F.binary_cross_entropy(T("a", 2, 3, rg=g[0]) * 3, T("b", 2, 3, rg=g[1], value=0.5))),
    ("bce target range", lambda g: F.binary_cross_entropy(T("a", 2, 3, rg=g[0], value=0.5), T("b", 2, 3, rg=g[1]) * 3)),
    ("bce weight broadcast", lambda g: F.binary_cross_entropy(T("a", 2, 3, rg=g[0], value=0.5), T("b", 2, 3, rg=g[1], value=0.5), weight=T("w", 3, 1, 1))),
    ("bce weight size", lambda g: F.binary_cross_entropy(T("a", 2, 3, rg=g[0], value=0.5), T("b", 2, 3, rg=g[1], value=0.5), weight=T("w", 4))),
    ("bce dtype", lambda g: F.binary_cross_entropy(T("a", 2, 3, rg=g[0], value=0.5, dtype=torch.float64), T("b", 2, 3, rg=g[1], value=0.5))),
    ("bce_with_logits pos_weight", lambda g: F.binary_cross_entropy_with_logits(T("a", 2, 3, rg=g[0]), T("b", 2, 3, rg=g[1]), pos_weight=T("p", 4))),
    ("bce_with_logits weight", lambda g: F.binary_cross_entropy_with_logits(T("a", 2, 3, rg=g[0]), T("b", 2, 3, rg=g[1]), weight=T("w", 4), pos_weight=T("p", 3))),
    ("bce_with_logits broadcast", lambda g: F.binary_cross_entropy_with_logits(T("a", 2, 3, rg=g[0]), T("b", 2, 3, rg=g[1]), pos_weight=T("p", 3, 1, 1))),
]
one = [
    ("masked_select broadcast", lambda: torch.masked_select(T("a", 2, 3, rg=True), I("m", [True, False]))),
    ("masked_select int mask", lambda: torch.masked_select(T("a", 2, 3, rg=True), I("m", [1, 0, 1]))),
    ("masked_select ok", lambda: torch.masked_select(T("a", 2, 3, rg=True), I("m", [True, False, True]))),
    ("masked_fill_ broadcast", lambda: T("a", 2, 3, rg=True).clone().masked_fill_(I("m", [True, False]), 1.0)),
    ("multilabel_margin", lambda: F.multilabel_margin_loss(T("x", 2, 3, rg=True), I("t", [[0, 9, -1], [1, -1, 0]]))),
    ("multilabel_margin shape", lambda: F.multilabel_margin_loss(T("x", 2, 3, rg=True), I("t", [[0, 1], [1, -1]]))),
    ("multilabel_margin float", lambda: F.multilabel_margin_loss(T("x", 2, 3, rg=True), T("t", 2, 3))),
    ("soft_margin", lambda: F.soft_margin_loss(T("a", 2, 3, rg=True), T("b", 4, 3))),
    ("soft_margin broadcast", lambda: F.soft_margin_loss(T("a", 2, 3, rg=True), T("b", 1, 2, 3))),
]
runs = [(n, (lambda f=f, g=g: f(g)), g) for n, f in two for g in ((1, 0), (0, 1), (1, 1))]
runs += [(n, f, "") for n, f in one]
for name, f, g in runs:
    NAMES.clear()
    print(name, g)
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        try:
            f()
            print("  ok")
        except Exception as e:
            print("  ", type(e).__name__, e)

# put on success: the index saved (and checked for in-place writes before backward)
for g in ((1, 0), (0, 1)):
    NAMES.clear()
    a, s, i = T("a", 2, 3, rg=g[0]), T("s", 1, rg=g[1]), I("i", [1])
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        torch.put(a, i, s)
    r = torch.put(a, i, s)
    print(r.grad_fn.name(), r.grad_fn._saved_index, r.grad_fn._saved_source)
    i.add_(1)
    try:
        r.sum().backward()
        print("backward ran")
    except RuntimeError as e:
        print(type(e).__name__, e)
