# arange checks the bounds against the step's sign in double, before an int64 result converts
# its step (a fractional step that truncates to 0 is "step must be nonzero" only when the
# bounds agree with its sign; fuzz 65:8422).
import torch

for args in [(5, -1, 0.5), (0, 5, 0.5), (-1, 5, -0.5), (5, -1, -0.5), (0.0, 5.0, 0.3),
             (3, 3, 0.5), (2.5, 0.5, -1.0), (0, 5, 0)]:
    for dtype in (torch.int64, torch.int32, torch.float32, None):
        try:
            print(args, dtype, torch.arange(*args, dtype=dtype))
        except (RuntimeError, ValueError) as error:
            print(args, dtype, type(error).__name__, error)
