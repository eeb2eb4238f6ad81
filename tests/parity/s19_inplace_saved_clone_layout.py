# An in-place op on a tensor laid out non-contiguously saves a clone that keeps its layout,
# as PyTorch's clone (preserve_format): the saved tensor's strides are the input's, and the
# backward's vector loop covers the elements in that memory order (hardswish_ at a NaN:
# NaN in the leading whole vectors, the gradient past them).
import torch

F = torch.nn.functional
nan = float("nan")
a = torch.tensor([[nan if (i * 7 + j) % 5 == 0 else (i - j) * 0.5 for j in range(7)]
                  for i in range(6)], requires_grad=True)
y = a.t() * 1.0
F.hardswish(y, inplace=True)
print(y.grad_fn._saved_self.stride())
(g,) = torch.autograd.grad(y.sum(), a)
print(g)
z = a.t() * 1.0
z.sin_()
print(z.grad_fn._saved_self.stride(), z.grad_fn._saved_self.is_contiguous())
