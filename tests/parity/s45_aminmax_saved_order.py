# aminmax's node unpacks (and version-checks) its saved values as self, max, min: with both
# outputs changed in place, the error names output 1 (fuzz 67:9145).
import torch

for which in ("self_min", "self_max", "min_max", "min", "max"):
    x = torch.tensor([1.0, 3.0, 2.0], requires_grad=True)
    y = x * 1
    low, high = torch.aminmax(y)
    with torch.no_grad():
        if "self" in which:
            y.add_(1)
        if "min" in which:
            low.add_(1)
        if "max" in which:
            high.add_(2).sub_(1)
    try:
        (low + high).backward()
        print(which, "ran", x.grad.tolist())
    except RuntimeError as error:
        print(which, error)
