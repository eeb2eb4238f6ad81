"""An unpacked saved output keeps its grad_fn, with and without hooks."""
from _lib import attempt, torch

a = torch.tensor([0.5, 1.5], requires_grad=True)
y = torch.exp(a)
attempt("no hooks: saved result's grad_fn is y.grad_fn",
        lambda: y.grad_fn._saved_result.grad_fn is y.grad_fn)
y = torch.exp(a)
y.grad_fn._raw_saved_result.register_hooks(lambda t: t, lambda t: t)
attempt("register_hooks: equal", lambda: torch.equal(y, y.grad_fn._saved_result))
attempt("register_hooks: grad_fn kept", lambda: y.grad_fn._saved_result.grad_fn is y.grad_fn)
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
    y = a.exp()
attempt("context hooks: grad_fn kept", lambda: y.grad_fn._saved_result.grad_fn is y.grad_fn)
y.sum().backward()
print("grad", a.grad)
