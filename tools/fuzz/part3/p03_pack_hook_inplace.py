"""A pack hook that writes into its input is refused."""
from _lib import attempt, torch


def run(make):
    with torch.autograd.graph.saved_tensors_hooks(lambda t: t.mul_(2), lambda t: t):
        return make()


leaf = torch.tensor([1.0, 2.0], requires_grad=True)
attempt("leaf input", lambda: run(lambda: leaf * leaf))
print("leaf after", leaf)
inner = torch.tensor([1.0, 2.0], requires_grad=True) * 1
attempt("non-leaf input", lambda: run(lambda: inner.exp()))
print("inner after", inner)
