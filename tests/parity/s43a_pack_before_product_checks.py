# PyTorch's autograd layer saves a product's inputs (calling the saved_tensors_hooks pack hook)
# before its kernel checks them: a product that raises (shapes, dims, dtypes) has packed what
# its node saves, in the node's order, only for the gradients needed (fuzz 56:12402: nn.Linear
# without grad packs weight.t() before "mat1 and mat2 shapes cannot be multiplied"). Checks of
# composite ops (matmul's 0-d refusal) come before any pack. A half product packs half tensors.
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


cases = [
    ("mm", lambda g: torch.mm(T("a", 2, 3, rg=g[0]), T("b", 4, 3, rg=g[1]))),
    ("mm 3d", lambda g: torch.mm(T("a", 2, 2, 3, rg=g[0]), T("b", 3, 3, rg=g[1]))),
    ("mm dtype", lambda g: torch.mm(T("a", 2, 3, rg=g[0]), T("b", 3, 2, rg=g[1], dtype=torch.float64))),
    ("matmul 1d2d", lambda g: T("a", 3, rg=g[0]) @ T("b", 4, 2, rg=g[1])),
    ("matmul 3d2d", lambda g: T("a", 2, 2, 3, rg=g[0]) @ T("b", 4, 2, rg=g[1])),
    ("matmul 2d3d", lambda g: T("a", 2, 3, rg=g[0]) @ T("b", 2, 4, 2, rg=g[1])),
    ("matmul 3d3d", lambda g: T("a", 2, 2, 3, rg=g[0]) @ T("b", 2, 4, 2, rg=g[1])),
    ("matmul 0d", lambda g: torch.matmul(T("a", rg=g[0]), T("b", 3, rg=g[1]))),
    ("mv", lambda g: torch.mv(T("a", 2, 3, rg=g[0]), T("b", 4, rg=g[1]))),
    ("dot", lambda g: torch.dot(T("a", 3, rg=g[0]), T("b", 4, rg=g[1]))),
    ("vdot", lambda g: torch.vdot(T("a", 3, rg=g[0]), T("b", 4, rg=g[1]))),
    ("bmm", lambda g: torch.bmm(T("a", 2, 2, 3, rg=g[0]), T("b", 1, 3, 3, rg=g[1]))),
    ("cross", lambda g: torch.linalg.cross(T("a", 2, 2, rg=g[0]), T("b", 2, 2, rg=g[1]))),
    ("cross bc", lambda g: torch.linalg.cross(T("a", 2, 3, rg=g[0]), T("b", 4, 3, rg=g[1]))),
    ("linear", lambda g: F.linear(T("x", 3, 3, rg=g[0]), T("w", 1, 2, rg=g[1]))),
    ("linear 3d", lambda g: F.linear(T("x", 2, 3, 3, rg=g[0]), T("w", 1, 2, rg=g[1]))),
    ("linear bias", lambda g: F.linear(T("x", 3, 2, rg=g[0]), T("w", 1, 2, rg=g[1]), T("b", 4))),
    ("tensordot", lambda g: torch.tensordot(T("a", 2, 3, rg=g[0]), T("b", 4, 2, rg=g[1]), dims=1)),
]
three = [
    ("addmm", lambda g: torch.addmm(T("c", 2, 2, rg=g[0]), T("a", 2, 3, rg=g[1]), T("b", 4, 2, rg=g[2]))),
    ("addmm bias", lambda g: torch.addmm(T("c", 3, 3, rg=g[0]), T("a", 2, 3, rg=g[1]), T("b", 3, 2, rg=g[2]))),
    ("addmv", lambda g: torch.addmv(T("c", 2, rg=g[0]), T("a", 2, 3, rg=g[1]), T("b", 4, rg=g[2]))),
    ("addmv input", lambda g: torch.addmv(T("c", 3, rg=g[0]), T("a", 2, 3, rg=g[1]), T("b", 3, rg=g[2]))),
    ("addr", lambda g: torch.addr(T("c", 3, 3, rg=g[0]), T("a", 2, rg=g[1]), T("b", 3, rg=g[2]))),
    ("baddbmm", lambda g: torch.baddbmm(T("c", 1, 2, 2, rg=g[0]), T("a", 1, 2, 3, rg=g[1]), T("b", 1, 4, 2, rg=g[2]))),
    ("addbmm", lambda g: torch.addbmm(T("c", 2, 2, rg=g[0]), T("a", 1, 2, 3, rg=g[1]), T("b", 1, 4, 2, rg=g[2]))),
]
runs = [(n, f, g) for n, f in cases for g in ((1, 0), (0, 1), (1, 1))]
runs += [(n, f, g) for n, f in three for g in ((1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 1))]
for name, f, g in runs:
    NAMES.clear()
    print(name, g)
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        try:
            f(g)
            print("  ok")
        except Exception as e:
            print("  ", type(e).__name__, e)

# the fuzz program's step: nn.Linear with its weight frozen, on a 3x3 input that requires grad
m = torch.nn.Linear(2, 1, bias=False)
m.requires_grad_(False)
with torch.no_grad():
    m.weight.copy_(torch.tensor([[-0.625, -0.25]]))
x = torch.tensor([[1.0, -2.0, -2.0], [-0.25, -1.25, 0.5], [0.25, -0.5, -0.25]], requires_grad=True)
try:
    with torch.autograd.graph.saved_tensors_hooks(lambda t: print("pack", t) or t, lambda t: t):
        m(x)
except Exception as e:
    print(type(e).__name__, e)

# half operands: the pack hook sees the half tensors themselves
NAMES.clear()
a = T("a", 2, 3, rg=True, dtype=torch.float16)
b = T("b", 3, 2, rg=True, dtype=torch.float16)
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    a @ b
    torch.mv(a, b[:, 0])
    torch.bmm(a[None], b[None])
    torch.addmm(b[:2, :], a, b)
