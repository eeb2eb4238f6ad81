# Operands whose shapes do not broadcast: PyTorch's RuntimeError naming the sizes and the
# dimension, for arithmetic, comparisons, maximum, where and in-place ops.
import torch
cases = [lambda: torch.ones(2, 3) + torch.ones(2, 4),
         lambda: torch.ones(2, 3) * torch.ones(4, 1, 2),
         lambda: torch.ones(1, 3) - torch.ones(2, 1, 4),
         lambda: torch.ones(2, 3, requires_grad=True) / torch.ones(2, 4),
         lambda: torch.maximum(torch.ones(2), torch.ones(3)),
         lambda: torch.ones(5) < torch.ones(4),
         lambda: torch.where(torch.ones(2) > 0, torch.ones(3), 0.0),
         lambda: torch.ones(2).add_(torch.ones(3)),
         lambda: torch.atan2(torch.ones(2, 2), torch.ones(3, 1, 3))]
for case in cases:
    try:
        case()
    except RuntimeError as e:
        print("RuntimeError", e)
x = torch.ones(2)
try:
    x += torch.ones(3, 2)
except RuntimeError as e:
    print("RuntimeError", e)
