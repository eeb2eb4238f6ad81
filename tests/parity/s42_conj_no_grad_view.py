# conj() made without grad mode is a view in PyTorch: of a tensor that requires grad it reports
# requires_grad=True (a leaf without grad_fn, through which no gradient flows), shares its
# base's version counter, and refuses an in-place op with grad mode on.
import torch

z = torch.tensor([1 + 2j, -0.5 + 0.25j, 3 - 1j], requires_grad=True)
with torch.no_grad():
    c = z.conj()
print("leaf base:", c.requires_grad, c.is_leaf, c.grad_fn, c._version)
loss = c.sum().abs()
print("a loss of it:", loss.requires_grad, type(loss.grad_fn).__name__)
with torch.no_grad():
    z.mul_(2)
print("version after the base's in-place op:", c._version)
try:
    c.add_(1)
except RuntimeError as error:
    print("in-place with grad mode:", error)
try:
    c.sum()
except RuntimeError as error:
    print("used after the base changed:", error)

y = torch.complex(torch.tensor([0.5, -1.5]), torch.tensor([2.0, 0.0], requires_grad=True))
with torch.no_grad():
    d = torch.conj(y)
print("non-leaf base:", d.requires_grad, d.is_leaf, d.grad_fn)
plain = torch.tensor([1 + 1j])
with torch.no_grad():
    e = plain.conj()
print("base without grad:", e.requires_grad)
