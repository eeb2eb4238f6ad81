# Issue 11 (fuzz): signbit of a 0-d tensor is a 0-d tensor like any other (NumPy's scalar
# result made `| True` fail with an AttributeError).
import torch

v = torch.signbit(torch.tensor(-0.953, requires_grad=True))
print(v, v | True, v | False, v & torch.tensor(True), ~v, v.clone().logical_not_())
print(torch.signbit(torch.tensor([-0.0, 1.0, float("-inf")])))
