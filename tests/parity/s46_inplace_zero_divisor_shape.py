# An integer in-place division by a zero divisor into a tensor the result does not fit
# (fuzz 69:14399): PyTorch refuses the shape, then the dtype, before its kernel raises
# ZeroDivisionError.
import torch
def tryit(label, f):
    try:
        r = f(); print(label, r)
    except Exception as e:
        print(label, 'raised', type(e).__name__, e)
b = torch.ones(24, dtype=torch.bool)
d = torch.tensor([[2, 0] * 12, [1, 1] * 12])
tryit('bool wrong shape', lambda: b.fmod_(d))
tryit('bool same shape', lambda: torch.ones(2, 24, dtype=torch.bool).fmod_(d))
tryit('int wrong shape', lambda: torch.ones(24, dtype=torch.int64).remainder_(d))
tryit('int32 <- int64 same shape', lambda: torch.ones(2, 24, dtype=torch.int32).fmod_(d))
x = torch.arange(48).reshape(2, 24)
tryit('int ok shape', lambda: x.div_(d, rounding_mode='floor'))
print(x)
tryit('int number', lambda: torch.ones(3, dtype=torch.int64).fmod_(0))
tryit('bool number', lambda: torch.ones(3, dtype=torch.bool).fmod_(0))
