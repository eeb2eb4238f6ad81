# scatter_reduce's backward as PyTorch records it under create_graph (fuzz 30:17856), per
# reduce and include_self: mean's src gradient is grad.gather(index) / counts.gather(index)
# (DivBackward0 over GatherBackward0, not a gather of self's gradient); prod's src gradient,
# where more than one zero of src lands on one place, passes through a DelayedError node
# (torch::autograd::Error) that raises when a second backward reaches it.
import torch


def chain(fn, depth=9):
    if fn is None or depth == 0:
        return None
    return [fn.name(), [chain(n, depth - 1) for n, _ in fn.next_functions]]


cases = [([1.5, 2.0, -1.0, 3.0], [0.5, 2.0, 4.0], [2, 0, 2]),
         ([0.0, 2.0, -1.0, 3.0], [0.0, 2.0, 0.0], [2, 0, 2]),
         ([3.0, 2.0, 2.0, 3.0], [3.0, 2.0, 3.0], [0, 1, 0]),
         ([1.0, 0.0, 2.0, 3.0], [0.0, 5.0, 2.0], [1, 1, 3])]
for reduce in ["sum", "prod", "mean", "amax", "amin"]:
    for include_self in [True, False]:
        for xs, ss, ii in cases:
            x = torch.tensor(xs, requires_grad=True)
            src = torch.tensor(ss, requires_grad=True)
            out = x.scatter_reduce(0, torch.tensor(ii), src, reduce, include_self=include_self)
            g = torch.tensor([1.0, -2.0, 3.0, 0.5], requires_grad=True)
            gx, gs = torch.autograd.grad(out, [x, src], g, create_graph=True)
            print(reduce, include_self, chain(gx.grad_fn), chain(gs.grad_fn))
            print("  ", gx.tolist(), gs.tolist())
            try:
                second = torch.autograd.grad((gx * gx).sum() + (gs * gs).sum(), [x, src, g],
                                             allow_unused=True)
                print("  ", [None if t is None else t.tolist() for t in second])
            except RuntimeError as error:
                print("   raised", error)

# 2-d, an index smaller than self (one smaller than src fails in PyTorch's own formulas); a
# plain backward records nothing and never raises
x = torch.tensor([[0.0, 1.0, 2.0], [3.0, 0.0, 5.0]], requires_grad=True)
index = torch.tensor([[1, 1], [1, 0]])
sources = {"prod": [[0.0, 0.0], [0.0, 4.0]],
           "mean": [[0.0, 0.0], [2.0, 7.0]]}
for reduce, values in sources.items():
    src = torch.tensor(values, requires_grad=True)
    out = x.scatter_reduce(0, index, src, reduce, include_self=False)
    gx, gs = torch.autograd.grad(out.sum(), [x, src], create_graph=True)
    print(reduce, chain(gs.grad_fn), gs.tolist(), gx.tolist())
    out = x.scatter_reduce(0, index, src, reduce)
    out.backward(torch.ones_like(out))
    print(x.grad.tolist(), src.grad.tolist(), x.grad.grad_fn, src.grad.grad_fn)
    x.grad = None
