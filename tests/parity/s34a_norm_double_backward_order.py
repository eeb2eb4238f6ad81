# PyTorch's norm_backward (vector_norm, norm, F.normalize, pairwise_distance, dist) under
# create_graph makes its nodes in the order its compiled formula runs: the right operand of
# `a * b` first (sgn after abs().pow_(), norm.pow() before the product), pow_ in place on a
# clone (a CloneBackward0), and DivBackward0's other-gradient makes (self / other) / other
# before -grad; dist's backward computes each input's gradient afresh, other's first. The
# engine runs later nodes first, so this orders the sums of gradients (fuzz 32:10237: the
# AddBackward0 of the triple backward had its inputs swapped).
import torch
import torch.nn.functional as F
from _graph_order import graph


x0 = [[-0.728, -0.024, 0.103, -2.422], [0.5, 1.5, -2.0, 0.25]]
y0 = [[0.3, -0.4, 1.1, 0.2], [0.1, 1.0, -1.0, 0.5]]
cases = [
    ("vector_norm", lambda a, b: torch.linalg.vector_norm(a, P)),
    ("norm dim", lambda a, b: a.norm(P, dim=1)),
    ("norm keepdim", lambda a, b: a.norm(P, 0, keepdim=True)),
    ("normalize", lambda a, b: F.normalize(a, P, dim=1)),
    ("pairwise", lambda a, b: F.pairwise_distance(a, b, P)),
    ("dist", lambda a, b: torch.dist(a, b, P)),
]
for P in (-2, 1.5, 3, float("inf")):
    for name, f in cases:
        x = torch.tensor(x0, dtype=torch.float64, requires_grad=True)
        y = torch.tensor(y0, dtype=torch.float64, requires_grad=True)
        out = f(x, y)
        gx, gy = torch.autograd.grad((out * out.detach()).sum(), (x, y), create_graph=True,
                                     allow_unused=True)
        print(P, name, "g", graph(gx, compact=False))
        if gy is not None:  # dist: other's gradient is not -(self's) node
            print("  shared:", gy.grad_fn.next_functions[0][0] is gx.grad_fn)
        s = (gx * gx).sum() + out.sum() + (0 if gy is None else (gy * gy).sum())
        hx, = torch.autograd.grad(s, x, create_graph=True)
        print("  h", graph(hx, compact=False))
# the fuzz program's own step
v2 = torch.tensor([[-0.728, -0.024, 0.103, -2.422]], dtype=torch.float64, requires_grad=True)
v3 = v2.norm(-2, keepdim=True)
v6 = torch.arctan(v3.fmax(torch.tensor([[2.0]], dtype=torch.float64)))
v6.backward(create_graph=True)
v8, v2.grad = v2.grad, None
v15 = torch.autograd.grad([v3.sum() + v8.sum() + v6.sum()], [v2], create_graph=True)
print([(f.name(), [g if g is None else g.name() for g, _ in f.next_functions])
       for f, _ in v15[0].grad_fn.next_functions])
