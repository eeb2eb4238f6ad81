# PyTorch's autograd layer saves an op's input (calling the saved_tensors_hooks pack hook)
# before its kernel checks the arguments: a dim out of range in prod / var / std / norm / amax /
# cumprod / logsumexp / glu, a non-square matrix in det / slogdet / matrix_exp, incompatible
# shapes in linalg.solve / solve_triangular / lstsq (B, then A), a pooling window too large,
# bad layer_norm shapes (bias, input, weight) and a too-wide reflection pad have packed it
# first; composite ops' own checks (logdet's, circular padding's, adaptive_avg_pool2d's output
# size, group_norm's and instance_norm's parameter sizes, softmax and sum which save no input)
# come before any pack (fuzz 56:12402's cause, for these ops).
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


one = [
    ("prod", lambda: T("a", 2, 3, rg=True).prod(5)),
    ("var", lambda: T("a", 2, 3, rg=True).var(5)),
    ("std", lambda: T("a", 2, 3, rg=True).std(-3)),
    ("norm", lambda: T("a", 2, 3, rg=True).norm(dim=5)),
    ("normalize", lambda: F.normalize(T("a", 2, 3, rg=True), dim=4)),
    ("amax", lambda: T("a", 2, 3, rg=True).amax(5)),
    ("amin", lambda: T("a", 2, 3, rg=True).amin((0, 5))),
    ("cumprod", lambda: T("a", 2, 3, rg=True).cumprod(5)),
    ("cumsum", lambda: T("a", 2, 3, rg=True).cumsum(5)),
    ("logsumexp", lambda: T("a", 2, 3, rg=True).logsumexp(5)),
    ("softmax", lambda: torch.softmax(T("a", 2, 3, rg=True), 5)),
    ("sum", lambda: T("a", 2, 3, rg=True).sum(5)),
    ("glu odd", lambda: F.glu(T("a", 2, 3, rg=True))),
    ("glu dim", lambda: F.glu(T("a", 2, 4, rg=True), 5)),
    ("glu 0-d", lambda: F.glu(T("a", rg=True))),
    ("det", lambda: torch.linalg.det(T("a", 2, 3, rg=True))),
    ("torch.det", lambda: torch.det(T("a", 2, 3, rg=True))),
    ("slogdet", lambda: torch.linalg.slogdet(T("a", 2, 3, rg=True))),
    ("logdet", lambda: torch.logdet(T("a", 2, 3, rg=True))),
    ("matrix_exp", lambda: torch.linalg.matrix_exp(T("a", 2, 3, rg=True))),
    ("inv", lambda: torch.linalg.inv(T("a", 2, 3, rg=True))),
    ("max_pool2d", lambda: F.max_pool2d(T("x", 1, 1, 2, 2, rg=True), 3)),
    ("max_pool2d pad", lambda: F.max_pool2d(T("x", 1, 1, 4, 4, rg=True), 2, padding=2)),
    ("avg_pool2d", lambda: F.avg_pool2d(T("x", 1, 1, 2, 2, rg=True), 3)),
    ("avg_pool2d divisor", lambda: F.avg_pool2d(T("x", 1, 1, 4, 4, rg=True), 2, divisor_override=0)),
    ("avg_pool1d", lambda: F.avg_pool1d(T("x", 1, 1, 2, rg=True), 3)),
    ("lp_pool2d", lambda: F.lp_pool2d(T("x", 1, 1, 2, 2, rg=True), 2, 3)),
    ("adaptive_avg_pool2d negative", lambda: F.adaptive_avg_pool2d(T("x", 1, 1, 2, 2, rg=True), (2, -1))),
    ("adaptive_avg_pool2d empty", lambda: F.adaptive_avg_pool2d(T("x", 1, 0, 2, rg=True), 2)),
    ("adaptive_avg_pool2d 1x1 empty", lambda: F.adaptive_avg_pool2d(T("x", 1, 0, 2, rg=True), 1).shape),
    ("adaptive_avg_pool2d 2-d", lambda: F.adaptive_avg_pool2d(T("x", 2, 2, rg=True), (2, 2))),
    ("adaptive_max_pool2d negative", lambda: F.adaptive_max_pool2d(T("x", 1, 1, 2, 2, rg=True), (-1, 2))),
    ("adaptive_max_pool2d empty", lambda: F.adaptive_max_pool2d(T("x", 1, 0, 2, rg=True), 2)),
    ("adaptive_max_pool2d 2-d", lambda: F.adaptive_max_pool2d(T("x", 2, 2, rg=True), 2)),
    ("pad reflect", lambda: F.pad(T("a", 1, 2, 3, rg=True), (4, 0), mode="reflect")),
    ("pad replicate empty", lambda: F.pad(T("a", 1, 0, 3, rg=True), (1, 0), mode="replicate")),
    ("pad circular", lambda: F.pad(T("a", 1, 2, 3, rg=True), (4, 0), mode="circular")),
    ("group_norm weight", lambda: F.group_norm(T("x", 2, 4, 2, rg=True), 2, T("w", 3), T("b", 4))),
    ("group_norm bias", lambda: F.group_norm(T("x", 2, 4, 2, rg=True), 2, T("w", 4), T("b", 3))),
    ("group_norm bias 2-d", lambda: F.group_norm(T("x", 2, 4, 2, rg=True), 2, T("w", 4), T("b", 2, 2))),
    ("group_norm bias only", lambda: F.group_norm(T("x", 2, 4, 2, rg=True), 2, None, T("b", 3))),
    ("group_norm weight 2-d", lambda: F.group_norm(T("x", 2, 4, 2, rg=True), 2, T("w", 2, 2))),
    ("instance_norm", lambda: F.instance_norm(T("x", 2, 4, 2, rg=True), weight=T("w", 3), bias=T("b", 4))),
]
three = [
    ("layer_norm shape", lambda g: F.layer_norm(T("x", 2, 3, rg=g[0]), (4,), T("w", 4, rg=g[1]), T("b", 4, rg=g[2]))),
    ("layer_norm weight", lambda g: F.layer_norm(T("x", 2, 3, rg=g[0]), (3,), T("w", 4, rg=g[1]), T("b", 3, rg=g[2]))),
]
two = [
    ("solve", lambda g: torch.linalg.solve(T("a", 2, 2, rg=g[0]), T("b", 3, rg=g[1]))),
    ("solve_triangular", lambda g: torch.linalg.solve_triangular(T("a", 2, 2, rg=g[0]), T("b", 3, 1, rg=g[1]), upper=True)),
    ("lstsq", lambda g: torch.linalg.lstsq(T("a", 2, 2, rg=g[0]), T("b", 3, 1, rg=g[1]))),
    ("dist", lambda g: torch.dist(T("a", 2, 3, rg=g[0]), T("b", 4, 3, rg=g[1]))),
    ("cdist p", lambda g: torch.cdist(T("a", 2, 3, rg=g[0]), T("b", 4, 3, rg=g[1]), p=-1)),
]
runs = [(n, f, "") for n, f in one]
runs += [(n, (lambda f=f, g=g: f(g)), g) for n, f in two for g in ((1, 0), (0, 1), (1, 1))]
runs += [(n, (lambda f=f, g=g: f(g)), g) for n, f in three for g in ((1, 0, 0), (0, 1, 0), (0, 0, 1))]
for name, f, g in runs:
    NAMES.clear()
    print(name, g)
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        try:
            r = f()
            print("  ok", r if isinstance(r, torch.Size) else "")
        except Exception as e:
            print("  ", type(e).__name__, e)

# on success: dist saves other, then self (then its result); lstsq B, then A
NAMES.clear()
a, b = T("a", 3, 2, rg=True), T("b", 3, 1, rg=True)
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    torch.dist(a, b)
    torch.linalg.lstsq(a, b)
