# Integer and bool edge rules: subtraction with a bool operand raises (both of PyTorch's
# messages), integer division and remainder by zero raise ZeroDivisionError, atan2 of
# integers is float32, nansum of uint8 is int64, sign of bool is bool, and the bitwise_*
# functions.
import torch
m = torch.tensor([True, False])
cases = [lambda: m - m, lambda: m - True, lambda: 1 - m, lambda: m - 1, lambda: torch.ones(2) - m,
         lambda: torch.ones(2).sub_(m), lambda: torch.rsub(m, m), lambda: torch.tensor([1, 2]) // 0,
         lambda: torch.tensor([1, 2]) % 0, lambda: 7 % torch.tensor([0, 2]),
         lambda: torch.div(torch.tensor([1, 2]), torch.tensor([1, 0]), rounding_mode="trunc"),
         lambda: torch.fmod(torch.tensor([1, 2]), 0)]
for case in cases:
    try:
        print(case())
    except RuntimeError as e:
        print("RuntimeError", e)
print(torch.tensor([1, 2]) / 0, torch.tensor([1.0, -2.0]) // 0, 7.0 % torch.tensor([0.0, 2.0]))
print(torch.atan2(torch.tensor([1, 2]), torch.tensor([3, 4])), torch.atan2(torch.tensor([True]), torch.tensor([2])))
print(torch.nansum(torch.tensor([1, 250], dtype=torch.uint8)), torch.sign(m), torch.ones(2) - 1)
print(torch.bitwise_and(torch.tensor([6, 3]), torch.tensor([3, 1])), torch.bitwise_or(m, torch.tensor([False, False])),
      torch.bitwise_xor(torch.tensor([6]), 3), torch.bitwise_not(torch.tensor([0, 5])), torch.bitwise_not(m))
