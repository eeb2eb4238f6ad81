# Issue 11 (fuzz): lerp takes a 0-d weight tensor of any dtype (bool, integer, another float)
# as a number of the input's dtype; a dimensioned weight or an end of another dtype is still
# refused; a bool weight fails in backward as PyTorch's formula (1 - weight) does.
import torch

f = torch.tensor([1.0, 2.0], requires_grad=True)
e = torch.tensor([3.0, -1.0])
cases = [
    ("bool weight", lambda: torch.lerp(f, e, torch.tensor(True))),
    ("bool weight vector", lambda: torch.lerp(f, e, torch.tensor([True, False]))),
    ("double weight", lambda: torch.lerp(f, e, torch.tensor(-2.0, dtype=torch.float64))),
    ("double weight vector", lambda: torch.lerp(f, e, torch.tensor([0.5, 2.0]).double())),
    ("long weight", lambda: torch.lerp(f, e, torch.tensor(0))),
    ("long weight vector", lambda: torch.lerp(f, e, torch.tensor([0, 1]))),
    ("double end", lambda: torch.lerp(f, e.double(), 0.5)),
    ("double 0-d end", lambda: torch.lerp(f, torch.tensor(2.0, dtype=torch.float64), 0.5)),
    ("number weight", lambda: torch.lerp(f, e, 1)),
    ("method", lambda: f.lerp(e, torch.tensor(3))),
    ("in place", lambda: f.detach().clone().lerp_(e, torch.tensor(0.5, dtype=torch.float64))),
]
for label, run in cases:
    try:
        result = run()
        print(label, result, result.dtype)
        if result.requires_grad:
            print(torch.autograd.grad(result.sum(), f, allow_unused=True))
    except RuntimeError as error:
        print(label, type(error).__name__, error)
