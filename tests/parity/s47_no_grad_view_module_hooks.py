# A view made under no_grad of a tensor that requires grad itself reports requires_grad=True
# (it follows its base) although no gradient reaches it. A module's full backward hooks
# count such an input as requiring grad: no "no inputs require gradients" warning, and the
# full hook gets None for it.
import warnings

import torch

leaf = torch.tensor([[1.0, -2.0, 0.5]], requires_grad=True)
with torch.no_grad():
    view = leaf.expand(2, 3)
print("view", view.requires_grad, view.is_leaf, view.grad_fn)

for kind in ("pre", "full", "both"):
    module = torch.nn.Tanh()
    if kind in ("pre", "both"):
        module.register_full_backward_pre_hook(
            lambda m, go: print("  pre-hook", [tuple(g.shape) for g in go]))
    if kind in ("full", "both"):
        module.register_full_backward_hook(
            lambda m, gi, go: print("  full hook", [None if g is None else tuple(g.shape)
                                                    for g in gi]))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = module(view)
        print(kind, out.requires_grad, type(out.grad_fn).__name__)
        out.sum().backward()
    print("  warnings", [str(w.message)[:40] for w in caught])
    print("  grads", view.grad, leaf.grad)

# Several inputs, one of them such a view.
class Pair(torch.nn.Module):
    def forward(self, a, b):
        return a * b

pair = Pair()
pair.register_full_backward_hook(
    lambda m, gi, go: print("pair hook", [None if g is None else tuple(g.shape) for g in gi]))
other = torch.ones(2, 3)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    pair(view, other).sum().backward()
print("pair warnings", len(caught), leaf.grad)
