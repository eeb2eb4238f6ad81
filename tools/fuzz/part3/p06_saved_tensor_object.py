"""SavedTensor.data, .unpack_hook, .unpack and torch._C._current_autograd_node()."""
from _lib import attempt, torch

a = torch.tensor([0.5, 1.5], requires_grad=True)
y = a.exp()
saved = y.grad_fn._raw_saved_result
attempt("type", lambda: type(saved).__name__)
attempt("data", lambda: saved.data)
attempt("unpack_hook before", lambda: saved.unpack_hook)


def unpack(t):
    return t


saved.register_hooks(lambda t: t, unpack)
attempt("unpack_hook is the registered one", lambda: saved.unpack_hook is unpack)
attempt("unpack()", lambda: saved.unpack())
attempt("current node outside backward", lambda: torch._C._current_autograd_node())
names = []
y.register_hook(lambda g: names.append(torch._C._current_autograd_node().name()))
y.grad_fn.register_prehook(lambda g: names.append(torch._C._current_autograd_node().name()))
y.sum().backward()
print("current node in hooks", names)
