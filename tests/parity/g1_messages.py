# Fuzz seed 1 (g1): error messages of bad arguments, in PyTorch's words and in the order
# PyTorch checks them (the argument parser before the tensor's dtype).
import torch

f = torch.tensor([5.0, 2.0, 5.0, 1.0, 0.0])
i = torch.tensor([5, 2, 5, 1, 0])
cases = [
    ("norm int tuple p", lambda: torch.norm(i, (0,))),
    ("norm float tuple p", lambda: torch.norm(f, (0,), dim=0)),
    ("norm list p", lambda: torch.norm(f, [0])),
    ("norm int tuple p dtype", lambda: torch.norm(i, (0,), dtype=torch.float16)),
    ("norm method tuple p", lambda: i.norm((0, 1))),
    ("norm int fro", lambda: torch.norm(i, "fro")),
    ("unique_consecutive sorted", lambda: torch.unique_consecutive(f, sorted=True)),
    ("unique_consecutive sorted inverse",
     lambda: torch.unique_consecutive(f, sorted=True, return_inverse=True)),
    ("unique_consecutive sorted counts",
     lambda: torch.unique_consecutive(f, sorted=True, return_counts=True)),
    ("unique_consecutive sorted both", lambda: torch.unique_consecutive(
        f, sorted=True, return_inverse=True, return_counts=True)),
    ("unique_consecutive method sorted", lambda: f.unique_consecutive(sorted=True)),
    ("unique_consecutive ok", lambda: torch.unique_consecutive(f, return_counts=True)),
]
for label, fn in cases:
    try:
        print(label, fn())
    except Exception as err:
        print(label, type(err).__name__, err)
