# Issue 11 (fuzz): erfc (and erfc_, erfinv, which use it) of a 0-d tensor: no NumPy error
# ("'numpy.float64' object does not support item assignment"), in every range of its formula.
import torch

for value in (0.3, 1.5, 7.5, 9.0, -2.0, -9.0, float("inf"), float("nan")):
    x = torch.tensor(value, requires_grad=True)
    y = torch.erfc(x)
    (g,) = torch.autograd.grad(y, x)
    print(value, y, g, torch.erfc(torch.tensor(value, dtype=torch.float64)))
base = torch.tensor([-1.5, 0.75])
element = base[0]
print(element.erfc_(), base, torch.erfinv(torch.tensor(0.9)), torch.erfinv(torch.tensor(-0.4)))
print(torch.special.erfc(torch.tensor(2.5)))
