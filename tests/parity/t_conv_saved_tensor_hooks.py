# A convolution's weight gradient comes from its saved input as unpacked by saved-tensor
# hooks: an unpack hook that returns something else changes the gradient.
import torch
torch.manual_seed(0)
x = torch.arange(2 * 1 * 6 * 6, dtype=torch.float32).reshape(2, 1, 6, 6) / 10
w = (torch.arange(3 * 1 * 3 * 3, dtype=torch.float32).reshape(3, 1, 3, 3) - 13) / 10
w.requires_grad_()
plain = torch.nn.functional.conv2d(x, w)
plain.sum().backward()
print(w.grad)
w.grad = None
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t * 2):
    hooked = torch.nn.functional.conv2d(x, w)
hooked.sum().backward()
print(w.grad)
w.grad = None
late = torch.nn.functional.conv2d(x, w)
late.grad_fn._raw_saved_input.register_hooks(lambda t: t, lambda t: -t)
late.sum().backward()
print(w.grad)
out = torch.nn.functional.conv2d(x, w)
out.sum().backward(retain_graph=True)
out.sum().backward()
print(w.grad)
