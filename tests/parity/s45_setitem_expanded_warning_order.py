# a[mask] = number on an expanded tensor: PyTorch's autograd checks of the write (a view made
# under no_grad, written with grad mode on) raise before its kernel's deprecation warning for
# writes into expanded tensors, so a refused write warns nothing (fuzz 66:10738).
import warnings

import torch


def attempt(label, make, key):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        target = make()
        try:
            target[key] = 0
            print(label, "wrote", target.tolist())
        except RuntimeError as error:
            print(label, "raised", error)
        for w in caught:
            print("  warning", w.category.__name__, str(w.message).split(" (Triggered")[0])


base = torch.tensor([[1.75, 0.25]], dtype=torch.float64, requires_grad=True)
grown = base * 1


def no_grad_view():
    with torch.no_grad():
        return grown.broadcast_to((2, 3, 2))


mask3 = torch.tensor([True, False, True])
attempt("no-grad view, mask", no_grad_view, (-1, mask3, slice(None, 2)))
attempt("no-grad view, leading mask", no_grad_view, (torch.tensor([True, False]),))
attempt("no-grad view, index", no_grad_view, (slice(None), torch.tensor([0, 1])))
attempt("expanded plain tensor, mask", lambda: torch.zeros(1, 3).expand(2, 3), (slice(None), mask3))
attempt("expanded plain tensor, 2-d mask", lambda: torch.ones(3).expand(2, 3),
        torch.tensor([[True, False, False], [False, False, True]]))
with torch.no_grad():
    attempt("under no_grad", lambda: grown.broadcast_to((2, 3, 2)), (0, mask3))
