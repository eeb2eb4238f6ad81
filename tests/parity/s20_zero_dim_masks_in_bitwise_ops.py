# Fuzz (3:12851, 5:13416): logical_not, isnan, isinf, isfinite, isposinf, isneginf,
# bitwise_not and frexp of a 0-d tensor give 0-d tensors that later ops (a bitwise ^ or |
# with a Python number) take as any other tensor.
import torch

x = torch.tensor(0.5)
n = torch.tensor(6)
print(x.logical_not() ^ True, x.isnan() | 2, x.isinf() & True, x.isfinite() ^ 1)
print(x.isposinf() | False, x.isneginf() ^ True, n.bitwise_not() & 3)
mantissa, exponent = torch.frexp(x)
print(mantissa, exponent, exponent | 1, (mantissa * 2).dtype)
