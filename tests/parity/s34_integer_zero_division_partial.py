# Issue 11 (fuzz 36:9347): an integer division or remainder by zero in place raises
# PyTorch's "ZeroDivisionError" after its loop wrote the elements before the first zero
# divisor (in its iteration order: a transposed tensor column by column); those stay written.
import torch

x = torch.tensor([[3, 1, 1, 0], [4, -3, -1, 5], [5, 3, -1, -2]])
view = x.unsqueeze(0)
try:
    view.floor_divide_(torch.tensor([[[-3, 0, 0, -3], [0, 1, 3, 2], [2, 4, 2, 4]]]))
except RuntimeError as error:
    print("raised", type(error).__name__, error)
print(x)
for name, kwargs in (("remainder_", {}), ("fmod_", {}), ("div_", {"rounding_mode": "floor"}),
                     ("div_", {"rounding_mode": "trunc"})):
    for transposed in (False, True):
        x = torch.tensor([[7, -8, 9, 4, -5], [6, 5, -4, 3, 2], [-9, 8, 7, -6, 5]])
        d = torch.tensor([[2, -3, 2, 1, 2], [3, 0, 2, 2, 1], [2, 2, 0, 1, 1]])
        if transposed:
            x, d = x.t().contiguous().t(), d.t().contiguous().t()
        try:
            getattr(x, name)(d, **kwargs)
        except RuntimeError as error:
            print(name, kwargs, transposed, "raised", error)
        print(x)
