# Linear-algebra backward formulas under create_graph, node for node as PyTorch 2.13's
# compiled ones: linalg_qr_backward (syminvadj(triu(M)) with its diagonal halved in place,
# the wide case's tril(-M + M^H) and zero columns), svd_backward (skew parts, E filled in
# place, the parts outside span(U) / span(V); full_matrices narrows its factors), eigh,
# slogdet, matrix_exp (its block matrix written into zeros: CopySlices), inv and pinv, each
# in the order GCC evaluates them (the right operand and a call's last argument first).
# (The family of fuzz 32:10237.)
import torch
from _graph_order import graph


base = [[0.5, -1.0, 2.0], [0.1, 0.7, -0.3], [1.1, 0.2, 0.4]]


def qr(x, which):
    q, r = torch.linalg.qr(x)
    return {"q": q * q.detach().sign(), "r": r, "both": q.sum(0) @ r}[which]


def svd(x, which, full=False):
    u, s, vh = torch.linalg.svd(x, full_matrices=full)
    su, sv = u.detach().sign(), vh.detach().sign()
    return {"s": s.pow(2).sum(), "u": (u * su).sum(0), "v": (vh * sv).sum(1),
            "all": (u * su).sum() + s.sum() + (vh * sv * 2).sum()}[which]


cases = []
for shape in [(3, 2), (2, 2), (2, 3)]:
    cases += [(f"qr {shape} {w}", shape, lambda x, w=w: qr(x, w)) for w in ("q", "r", "both")]
    cases += [(f"svd {shape} {w}", shape, lambda x, w=w: svd(x, w)) for w in ("s", "u", "v", "all")]
    cases.append((f"svd full {shape}", shape, lambda x: svd(x, "all", True)))
    cases.append((f"svdvals {shape}", shape, lambda x: torch.linalg.svdvals(x)))
eye = torch.eye(2, dtype=torch.float64)
cases += [("eigh values", (2, 2), lambda x: torch.linalg.eigh(x @ x.t() + eye)[0]),
          ("eigh vectors", (2, 2), lambda x: torch.linalg.eigh(x @ x.t() + eye)[1].abs()),
          ("slogdet", (2, 2), lambda x: torch.linalg.slogdet(x + eye)[1]),
          ("matrix_exp", (2, 2), lambda x: torch.linalg.matrix_exp(x)),
          ("inv", (2, 2), lambda x: torch.linalg.inv(x + 3 * eye)),
          ("pinv", (2, 3), lambda x: torch.linalg.pinv(x)), ("pinv tall", (3, 2), torch.linalg.pinv)]
for name, shape, f in cases:
    x = torch.tensor(base, dtype=torch.float64)[:shape[0], :shape[1]].contiguous()
    x.requires_grad_()
    y = f(x)
    go = torch.linspace(0.5, 1, y.numel(), dtype=torch.float64).reshape(y.shape).requires_grad_()
    g, = torch.autograd.grad(y, x, go, create_graph=True)
    print(name, "g", graph(g))
    hx, hgo = torch.autograd.grad((g * g).sum(), (x, go), create_graph=True)
    print("  hx", graph(hx))
    print("  hgo", graph(hgo))
    print("  ", round(hx.sum().item(), 6), round(hgo.sum().item(), 6))
