# isclose / allclose of operands whose shapes do not broadcast raise PyTorch's RuntimeError
# (differential layout sweep, no fuzz id), where NumPy's ValueError came through; the dtype
# check comes first.
import torch

for call in (lambda: torch.isclose(torch.ones(2, 3), torch.ones(4, 3)),
             lambda: torch.isclose(torch.ones(2, 3, 5), torch.ones(4, 1, 6)),
             lambda: torch.allclose(torch.ones(2, 3), torch.ones(4, 3)),
             lambda: torch.ones(3, 2).isclose(torch.ones(3)),
             lambda: torch.isclose(torch.ones(2, 3), torch.ones(4, 3, dtype=torch.float64))):
    try:
        print(call())
    except RuntimeError as error:
        print("RuntimeError:", error)
print(torch.isclose(torch.ones(3, 1), torch.ones(2, 3).t()).stride())
