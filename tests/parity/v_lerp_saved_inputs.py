# lerp with a tensor weight saves each input only for the gradients that use it (as PyTorch):
# start and end only when the weight needs a gradient, the weight only when start or end does.
# Changing an unsaved input in place is no error; changing a saved one still is.
import torch


def attempt(label, start, end, weight, change):
    y = torch.lerp(start, end, weight)
    fn = y.grad_fn
    print(label, fn.name(), [getattr(fn, "_saved_" + n) is None
                             for n in ("self", "end", "weight")])
    change(start, end, weight)
    try:
        y.backward(torch.tensor([1.0, 2.0, 3.0]))
        print(" grads", [None if t.grad is None else t.grad.tolist()
                         for t in (start, end, weight) if t.is_leaf])
    except RuntimeError as e:
        print(" RuntimeError", str(e)[:100])


def plain():
    return torch.tensor([0.5, -1.0, 2.0])


def leaf():
    return torch.tensor([1.5, 0.25, -0.5], requires_grad=True)


attempt("end needs grad, start changed", plain(), leaf(), plain(),
        lambda s, e, w: s.add_(1))
attempt("end needs grad, weight changed", plain(), leaf(), plain(),
        lambda s, e, w: w.mul_(2))
attempt("weight needs grad, start changed", plain(), plain(), leaf(),
        lambda s, e, w: s.add_(1))
attempt("start needs grad (through a clone), end changed", leaf(), plain(), plain(),
        lambda s, e, w: e.sub_(1))
