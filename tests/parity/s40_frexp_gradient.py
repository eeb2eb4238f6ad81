# frexp's mantissa is differentiable (FrexpBackward0: grad / exponent.exp2(), the exponent
# saved and not differentiable); the fuzzer's new op table found hookgrad's had no node.
import torch

x = torch.tensor([1.5, -3.0, 0.0, float("inf"), 1e-40], requires_grad=True)
mantissa, exponent = torch.frexp(x)
print(mantissa, exponent, mantissa.grad_fn.name(), exponent.requires_grad)
print(mantissa.grad_fn._saved_exponent, len(mantissa.grad_fn.next_functions))
mantissa.sum().backward()
print(x.grad)
x = torch.tensor([1.5, -3.0], dtype=torch.float64, requires_grad=True)
mantissa, _ = x.frexp()
seed = torch.ones(2, dtype=torch.float64, requires_grad=True)
g = torch.autograd.grad(mantissa, x, seed, create_graph=True)[0]
print(g, g.grad_fn.name())
with torch.no_grad():
    print(torch.frexp(x).mantissa.requires_grad)
print(torch.frexp(torch.tensor(3.0, requires_grad=True)))
