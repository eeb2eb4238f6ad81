# Issue 11 (fuzz): searchsorted refuses 0-d boundaries with PyTorch's message, and a 0-d value
# tensor counts as a scalar (needing 1-d boundaries).
import torch

cases = [(torch.tensor(1.75), torch.tensor([-0.75, 0.25])), (torch.tensor(1.0), torch.zeros(0)),
         (torch.ones(2, 2), torch.tensor(2.0)), (torch.ones(2, 2), 2.0),
         (torch.tensor(1.0), 2.0), (torch.tensor(1.0), torch.tensor(2.0))]
for boundaries, value in cases:
    try:
        print(torch.searchsorted(boundaries, value))
    except RuntimeError as error:
        print("RuntimeError:", error)
print(torch.searchsorted(torch.tensor([1.0, 2.0]), torch.tensor(1.5)))
