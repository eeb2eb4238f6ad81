# The singular values' gradient under create_graph is PyTorch's svd_backward for gS alone:
# U @ (gS.unsqueeze(-1) * Vh) for a tall or square input, (U * gS.unsqueeze(-2)) @ Vh for a
# wide one, so the double-backward graph's nodes come in PyTorch's order; U and Vh are
# column-major per matrix (LAPACK's), so a batched product reshapes through _reshape_alias.
import torch


def chain(fn, depth=4):
    if fn is None or depth == 0:
        return None
    return [fn.name(), [chain(n, depth - 1) for n, _ in fn.next_functions]]


a = torch.tensor([[0.5, -1.75, -1.5], [0.25, -1.75, 1.5], [-1.5, 1.75, -0.5]],
                 requires_grad=True)
for name, f in [("norm 2", lambda: torch.linalg.norm(a, ord=2)),
                ("norm -2", lambda: torch.linalg.norm(a, ord=-2)),
                ("nuc", lambda: torch.linalg.matrix_norm(a, ord="nuc")),
                ("svdvals", lambda: torch.linalg.svdvals(a).sum())]:
    (g,) = torch.autograd.grad(f(), a, create_graph=True)
    print(name, chain(g.grad_fn))
for shape in ((2, 4), (4, 2), (2, 3, 3), (2, 2, 4), (2, 4, 2)):
    x = torch.arange(float(torch.Size(shape).numel())).reshape(shape) % 5 - 2.0
    x = (x + torch.eye(shape[-2], shape[-1])).requires_grad_()
    (g,) = torch.autograd.grad(torch.linalg.svdvals(x).sum(), x, create_graph=True)
    print(shape, chain(g.grad_fn, 3))
    print(g)
    weights = torch.arange(float(g.numel())).reshape(g.shape) / 7
    print(torch.autograd.grad((g * weights).sum(), x))
