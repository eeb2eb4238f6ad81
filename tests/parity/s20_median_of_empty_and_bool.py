# Fuzz (1:13131): the median of an empty tensor is NaN cast to its dtype (True for bool, the
# lowest int64 for int64, 0 for uint8); bool inputs are refused only when there is something
# to compare, and an empty reduced dim is reported before the dtype.
import torch

empty = torch.zeros((3, 4, 0, 4), dtype=torch.bool)
print(torch.median(empty), torch.nanmedian(empty), empty.median())
for dtype in (torch.int64, torch.int32, torch.int16, torch.uint8, torch.float32):
    print(torch.median(torch.zeros(0, dtype=dtype)), torch.nanmedian(torch.zeros(0, dtype=dtype)))
for call in (lambda: torch.median(empty, 0), lambda: torch.median(empty, 2),
             lambda: torch.nanmedian(torch.zeros(0, dtype=torch.bool), 0),
             lambda: torch.median(torch.tensor([True, False])),
             lambda: torch.nanmedian(torch.tensor([True, False])),
             lambda: torch.nanmedian(torch.tensor(True), 0)):
    try:
        print(call())
    except Exception as error:
        print(type(error).__name__, error)
x = torch.zeros((2, 0), requires_grad=True)
m = x.median()
m.backward()
print(m, m.grad_fn.name(), x.grad)
