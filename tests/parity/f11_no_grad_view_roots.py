# Issue 11 (fuzz): a view made in no_grad mode of a tensor that requires grad reports
# requires_grad=True but has no gradient edge: backward() or autograd.grad() from it raises
# "element 0 of tensors does not require grad" (before backward's create_graph warning),
# while ops on it and passing it as an input behave as in PyTorch.
import warnings

import torch

v0 = torch.tensor([1.25, 2.0], requires_grad=True)
with torch.no_grad():
    view = v0.view(2)
    chunk = v0.chunk(2)[0]
    flat = torch.tensor(0.5, requires_grad=True).flatten()
print(view.requires_grad, view.grad_fn, view.is_leaf, chunk.requires_grad, flat.requires_grad)


def attempt(label, run):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            print(label, run(), v0.grad, [len(caught)])
        except RuntimeError as error:
            print(label, type(error).__name__, error, [len(caught)])


for name, t in (("view", view), ("chunk", chunk), ("flat", flat)):
    attempt(f"{name} sum backward", lambda t=t: t.sum().backward())
    attempt(f"{name} backward", lambda t=t: t.backward(torch.ones_like(t)))
    attempt(f"{name} backward create_graph",
            lambda t=t: t.backward(torch.ones_like(t), create_graph=True))
    attempt(f"{name} grad", lambda t=t: torch.autograd.grad(t, v0, torch.ones_like(t)))
    attempt(f"{name} grad of itself", lambda t=t: torch.autograd.grad(t, t, torch.ones_like(t)))
    attempt(f"{name} grad create_graph", lambda t=t: torch.autograd.grad(
        [t], [v0], [torch.ones_like(t)], create_graph=True, allow_unused=True))
    attempt(f"{name} mul backward", lambda t=t: (t * 2).sum().backward())
    print(name, t.grad)
attempt("as input", lambda: torch.autograd.grad((view * v0).sum(), [view, v0],
                                               allow_unused=True))
attempt("as backward input", lambda: (view * v0).sum().backward(inputs=[view]))
attempt("non-scalar create_graph", lambda: (v0 * 2).backward(create_graph=True))
