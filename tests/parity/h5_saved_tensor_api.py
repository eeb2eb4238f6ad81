# grad_fn._raw_saved_<name>: PyTorch's SavedTensor object. ``data`` is the saved tensor (an
# output without its history; the pack hook's result once hooks are set; None once freed),
# ``unpack_hook`` the registered unpack hook (None before, and once freed), ``unpack()`` the
# value (an output refuses: it has no node to take its history from). A wrapped number is a
# saved tensor too. torch._C._current_autograd_node() names the node running hooks.
import torch

a = torch.tensor([0.5, 1.5], requires_grad=True)
h = a * 1
y = h.exp()
saved = y.grad_fn._raw_saved_result
print(type(saved).__name__, saved.data, saved.data.requires_grad, saved.data is y,
      saved.unpack_hook)


def unpack(t):
    return t


saved.register_hooks(lambda t: ('packed', t), lambda p: unpack(p[1]))
print('data with hooks', saved.data[0], saved.data[1], saved.unpack_hook is not None)
try:
    saved.unpack()
except RuntimeError as error:
    print('unpack() of an output:', error)
y2 = h * h
saved2 = y2.grad_fn._raw_saved_self
print('input data is the tensor', saved2.data is h, saved2.unpack() is h)
saved2.register_hooks(lambda t: t * 10, unpack)
print('with hooks', saved2.data, saved2.unpack(), saved2.unpack_hook is unpack)
y2.sum().backward()
print('freed', saved2.data, saved2.unpack_hook)
try:
    saved2.unpack()
except RuntimeError as error:
    print('unpack() after backward:', str(error)[:60])
doubled = a * 2
number = doubled.grad_fn._raw_saved_other
print('wrapped number', number.data, number.unpack(), number.unpack_hook)
print('current node outside backward', torch._C._current_autograd_node())
names = []
y = torch.tensor([0.5, 1.5], requires_grad=True).exp()
y.register_hook(lambda g: names.append(torch._C._current_autograd_node().name()))
y.grad_fn.register_prehook(lambda g: names.append(torch._C._current_autograd_node().name()))
y.sum().backward()
print('current node in hooks', names)
