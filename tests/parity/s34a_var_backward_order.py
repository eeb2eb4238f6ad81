# var / std (and var_mean / std_mean) under create_graph: PyTorch's var_backward,
# (2 / dof) * grad * (self - self.mean(dim, true)), makes the mean and the difference before
# the scaled gradient (GCC evaluates the operands of * right to left); the engine runs later
# nodes first, so this orders the gradient sums and hook calls of a higher-order backward
# (found with the 0-d reductions checked for fuzz 33:3864).
import torch


def graph(t):
    """Every node reachable from t, in creation order, each with its inputs (by rank)."""
    seen, stack = {}, [t.grad_fn]
    while stack:
        f = stack.pop()
        if f is None or id(f) in seen:
            continue
        seen[id(f)] = f
        stack.extend(g for g, _ in f.next_functions)
    nodes = sorted((f for f in seen.values() if "Accumulate" not in f.name()),
                   key=lambda f: f._sequence_nr())
    rank = {id(f): i for i, f in enumerate(nodes)}

    def ref(f):
        return "-" if f is None else "leaf" if id(f) not in rank else rank[id(f)]
    return " ".join(f"{i}:{f.name()}{[ref(g) for g, _ in f.next_functions]}"
                    for i, f in enumerate(nodes))


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
    print(name, "g", graph(g))
    h, = torch.autograd.grad((g * g).sum() + out.sum(), x, create_graph=True)
    print("  h", graph(h))
