# Under create_graph, PyTorch's backward formulas make their nodes in the order its compiled
# C++ runs: GCC evaluates the operands of a binary tensor operator and the arguments of a
# call right to left (a method's object before its arguments), and the generated code takes
# a node's inputs in alphabetical order (maximum's "other" before "self", clamp's min/max
# before self). The engine runs later nodes first, so this order decides how gradients are
# summed (AddBackward0's inputs) and the order hooks fire in a higher-order backward. Also:
# matrix_exp's backward writes its block matrix in place (CopySlices), and the double
# backward of reflection padding is the pad node again. (The family of fuzz 32:10237.)
import torch
import torch.nn.functional as F
from _graph_order import graph


def tensor(shape, seed, low=-1.2):
    n = torch.Size(shape).numel()
    values = [low + ((i * 7 + seed * 5) % 13) / 5 for i in range(n)]
    return torch.tensor(values, dtype=torch.float64).reshape(shape).requires_grad_()


eye = torch.eye(2, dtype=torch.float64)
cases = {
    "rsqrt": lambda a, b: (a.abs() + 0.5).rsqrt(), "reciprocal": lambda a, b: (a + 3).reciprocal(),
    "sigmoid": lambda a, b: a.sigmoid() * b, "atan2": lambda a, b: torch.atan2(a, b),
    "sinc": lambda a, b: torch.sinc(a * b), "i1": lambda a, b: torch.special.i1(a) * b,
    "atanh": lambda a, b: torch.atanh(a.tanh() * 0.5), "fmod": lambda a, b: torch.fmod(a, b + 3),
    "mish": lambda a, b: F.mish(a), "gelu": lambda a, b: F.gelu(a * b),
    "gelu tanh": lambda a, b: F.gelu(a, approximate="tanh"),
    "softmax": lambda a, b: F.softmax(a * b, 1), "log_softmax": lambda a, b: F.log_softmax(a, 1) * b,
    "logcumsumexp": lambda a, b: (a * b).logcumsumexp(1),
    "addcdiv": lambda a, b: torch.addcdiv(a, a, b.abs() + 1, value=0.5),
    "bce": lambda a, b: F.binary_cross_entropy(a.sigmoid(), b.sigmoid(), reduction="none"),
    "bce logits": lambda a, b: F.binary_cross_entropy_with_logits(
        a, b.sigmoid(), pos_weight=torch.tensor([1.0, 2.0, 0.5], dtype=torch.float64)),
    "soft_margin": lambda a, b: F.soft_margin_loss(a * b, torch.sign(b.detach())),
    "glu": lambda a, b: F.glu(torch.cat([a, b], 1)), "prelu": lambda a, b: F.prelu(a, b[0, :1]),
    "layer_norm": lambda a, b: F.layer_norm(a, (3,), b[0], b[1]),
    "batch_norm": lambda a, b: F.batch_norm(a, None, None, b[0], b[1], training=True),
    "group_norm": lambda a, b: F.group_norm(a.reshape(1, 2, 3), 1, b[0, :2], b[1, :2]),
    "conv1d": lambda a, b: F.conv1d(a[None], b[:, None, :2].repeat(1, 2, 1), b[0, :2], padding=1),
    "maximum": lambda a, b: torch.maximum(a, b) * a, "fmax": lambda a, b: torch.fmax(a, b) * a,
    "clamp": lambda a, b: a.clamp(b - 0.3, b + 0.3), "clamp_min": lambda a, b: a.clamp(min=b) * a,
    "inv": lambda a, b: torch.linalg.inv(a[:, :2] + 3 * eye) @ b,
    "pinv": lambda a, b: torch.linalg.pinv(a * b),
    "slogdet": lambda a, b: torch.linalg.slogdet(a @ b.t() + eye)[1],
    "matrix_exp": lambda a, b: torch.linalg.matrix_exp(a[:, :2] * b[:, :2]),
    "eigh": lambda a, b: torch.linalg.eigh(a[:, :2] @ a[:, :2].t() + b[:, :2] + b[:, :2].t())[0],
    "reflect pad": lambda a, b: F.pad((a * b)[None], (1, 1), mode="reflect"),
}
for name, f in cases.items():
    a, b = tensor((2, 3), 1), tensor((2, 3), 2)
    out = f(a, b)
    go = tensor(tuple(out.shape), 7, 0.2) if out.dim() else torch.tensor(1.3, requires_grad=True,
                                                                         dtype=torch.float64)
    ga, gb = torch.autograd.grad(out, (a, b), go, create_graph=True, allow_unused=True)
    total = sum((g * g).sum() for g in (ga, gb) if g is not None and g.requires_grad)
    for label, h in zip("ab", torch.autograd.grad(total, (a, b, go), allow_unused=True,
                                                  create_graph=True)):
        if h is not None and h.grad_fn is not None:
            print(name, label, graph(h))
