# eigh's gradient through its eigenvectors, built as PyTorch builds it under create_graph:
# the symmetric part of V^T gV over the eigenvalue gaps, gL on the diagonal, then V (X V^T).
# The losses depend on V only through V D V^T, so the eigenvectors' signs do not matter.
import torch


def names(fn, depth=0, out=None):
    out = [] if out is None else out
    if fn is None or depth > 6:
        return out
    out.append("  " * depth + fn.name())
    for child, _ in fn.next_functions:
        names(child, depth + 1, out)
    return out


for dtype in (torch.float32, torch.float64):
    a = torch.tensor([[2.0, 0.5, 0.1], [0.5, 1.0, 0.3], [0.1, 0.3, 3.0]], dtype=dtype,
                     requires_grad=True)
    weights = torch.arange(9.0, dtype=dtype).reshape(3, 3)
    for use_values in (True, False):
        w, v = torch.linalg.eigh(a)
        middle = torch.diag(torch.tensor([1.0, -1.0, 2.0], dtype=dtype))
        loss = ((v @ middle @ v.mT) * weights).sum()
        if use_values:
            loss = loss + (w * torch.tensor([1.0, 2.0, 3.0], dtype=dtype)).sum()
        (g,) = torch.autograd.grad(loss, a, create_graph=True)
        print(dtype, use_values, g)
        print("\n".join(names(g.grad_fn)))
        (gg,) = torch.autograd.grad((g * g).sum(), a)
        print(gg)
