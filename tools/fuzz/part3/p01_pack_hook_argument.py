"""What a pack hook receives: the live tensor or a detached one, and in which grad mode."""
from _lib import attempt, torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x * 3
seen = []


def pack(t):
    seen.append({"is_live": any(t is v for v in (x, h)), "requires_grad": t.requires_grad,
                 "grad_fn": t.grad_fn is not None, "grad_enabled": torch.is_grad_enabled()})
    return t


with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    y = h * x
    z = h.exp()  # saves its output
for fact in seen:
    print(sorted(fact.items()))
w = h.exp()
attempt("register_hooks on a saved output", lambda: w.grad_fn._raw_saved_result.register_hooks(
    pack, lambda t: t))
print(sorted(seen[-1].items()))
doubled = h.exp()
doubled.grad_fn._raw_saved_result.register_hooks(lambda t: 2 * t, lambda t: t)
attempt("pack 2*t: saved result requires grad",
        lambda: doubled.grad_fn._saved_result.requires_grad)
attempt("pack 2*t: saved result grad_fn", lambda: type(doubled.grad_fn._saved_result.grad_fn))
