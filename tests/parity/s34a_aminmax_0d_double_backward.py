# aminmax of a 0-d tensor: like amax / amin, PyTorch's formula restores the reduced dims by
# reshaping the gradient (restore_reduced_dims), so under create_graph a ViewBackward0 (no
# dim: to shape ()) or a (1,)-shaped gradient summed back by the engine (dim=0) sits before
# the DivBackward0; a node post-hook sees it in grad_inputs (fuzz 33:3864).
import warnings

import torch

warnings.simplefilter("ignore")  # (backward(create_graph=True)'s reference-cycle warning)


def nx(fn, depth=3):
    if fn is None or depth == 0:
        return None if fn is None else fn.name()
    return [fn.name(), [nx(f, depth - 1) for f, _ in fn.next_functions]]


v0 = torch.tensor(0.722, requires_grad=True)
v1 = v0.aminmax()
v1[0].register_hook(lambda grad: print("hook 2", grad))
v3 = v1[1].cos()
v3.grad_fn.next_functions[0][0].register_hook(
    lambda gi, go: print("hook 4", nx(gi[0].grad_fn), [g is None for g in go]))
v3.square_()
v3.backward(create_graph=True)
print(nx(v0.grad.grad_fn, 4))
for kw in ({}, {"dim": 0}, {"dim": -1, "keepdim": True}, {"keepdim": True}):
    for which in ("min", "max", "both"):
        x = torch.tensor(-1.25, dtype=torch.float64, requires_grad=True)
        lo, hi = x.aminmax(**kw)
        y = {"min": lo.cos(), "max": hi.sin(), "both": lo.cos() * hi.sin()}[which]
        g, = torch.autograd.grad(y.sum(), x, create_graph=True)
        h, = torch.autograd.grad(g, x)
        print(kw, which, nx(g.grad_fn, 4), h.item())
x = torch.tensor([1.5, -2.0, 1.5], requires_grad=True)  # (not 0-d: no reshape)
g, = torch.autograd.grad(x.aminmax().max.exp(), x, create_graph=True)
print(nx(g.grad_fn, 3), g)
