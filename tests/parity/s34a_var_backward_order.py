# var / std (and var_mean / std_mean) under create_graph: PyTorch's var_backward,
# (2 / dof) * grad * (self - self.mean(dim, true)), makes the mean and the difference before
# the scaled gradient (GCC evaluates the operands of * right to left); the engine runs later
# nodes first, so this orders the gradient sums and hook calls of a higher-order backward
# (found with the 0-d reductions checked for fuzz 33:3864).
import torch
from _graph_order import graph


cases = [("var dim", lambda a: a.var(1)), ("var", lambda a: a.var(correction=0)),
         ("std keepdim", lambda a: a.std(0, keepdim=True)), ("std", lambda a: a.std()),
         ("var_mean", lambda a: sum(torch.var_mean(a, 1))),
         ("std_mean", lambda a: sum(torch.std_mean(a))),
         ("var 0-d", lambda a: a[0, 0].var(correction=0))]
for name, f in cases:
    x = torch.tensor([[-0.728, -0.024, 0.103], [0.5, 1.5, -2.0]], dtype=torch.float64,
                     requires_grad=True)
    out = f(x)
    g, = torch.autograd.grad((out * out.detach()).sum(), x, create_graph=True)
    print(name, "g", graph(g, compact=False))
    h, = torch.autograd.grad((g * g).sum() + out.sum(), x, create_graph=True)
    print("  h", graph(h, compact=False))
