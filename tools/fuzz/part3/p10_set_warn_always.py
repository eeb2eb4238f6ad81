"""torch.set_warn_always / is_warn_always_enabled and a warn-once warning."""
import warnings

from _lib import attempt, torch

attempt("is_warn_always_enabled", lambda: torch.is_warn_always_enabled())
attempt("set_warn_always(True)", lambda: torch.set_warn_always(True))
attempt("is_warn_always_enabled", lambda: torch.is_warn_always_enabled())
count = 0
for _ in range(2):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        x = torch.tensor([1.0], requires_grad=True)
        (x * x).sum().backward(create_graph=True)
    count += sum("reference cycle" in str(w.message) for w in caught)
print("create_graph warnings in two backward calls", count)
