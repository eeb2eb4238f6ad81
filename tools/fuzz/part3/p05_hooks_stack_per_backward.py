"""Leaving or entering a saved-tensor hooks context inside backward neither breaks nor leaks."""
from _lib import attempt, torch

calls = []


def unpack_exit(t):
    context.__exit__(None, None, None)
    return t


context = torch.autograd.graph.saved_tensors_hooks(lambda t: t, unpack_exit)
context.__enter__()
a = torch.tensor(2.0, requires_grad=True)
b = a.exp()
attempt("exit inside backward", lambda: b.backward())
c = a * a  # after: are hooks still active?
print("a.grad", a.grad)

context2 = torch.autograd.graph.saved_tensors_hooks(lambda t: calls.append("pack") or t,
                                                    lambda t: t)


def unpack_enter(t):
    context2.__enter__()
    return t


with torch.autograd.graph.saved_tensors_hooks(lambda t: t, unpack_enter):
    d = a.exp()
attempt("enter inside backward", lambda: d.backward())
e = a * a
print("pack calls after backward (a leak if any)", len(calls))
