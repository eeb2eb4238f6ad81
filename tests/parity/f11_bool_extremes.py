# Issue 11 (fuzz): max/min of a bool tensor (whole, along a dim, keepdim, 0-d) work as in
# PyTorch; empty inputs give PyTorch's errors; argmax/argmin still refuse bool.
import torch

b = torch.tensor([[True, False, True], [False, False, True]])
e = torch.zeros((0, 3), dtype=torch.bool)
cases = [
    ("max", lambda: b.max()), ("min", lambda: b.min()), ("max dim", lambda: b.max(1)),
    ("min dim", lambda: torch.min(b, -1)), ("max keepdim", lambda: b.max(0, keepdim=True)),
    ("amax", lambda: b.amax(1)), ("amin", lambda: b.amin()), ("aminmax", lambda: b.aminmax()),
    ("max binary", lambda: torch.max(b, b.flip(0))), ("min binary", lambda: torch.min(b, b)),
    ("empty max", lambda: e.max()), ("empty max dim", lambda: e.max(1)),
    ("empty max 0", lambda: e.max(0)), ("cummax", lambda: b.cummax(1)),
    ("argmax", lambda: b.argmax()), ("argmin", lambda: b.argmin(1)),
    ("0-d", lambda: torch.tensor(True).max()), ("0-d dim", lambda: torch.tensor(False).min(0)),
]
for label, fn in cases:
    try:
        print(label, fn())
    except Exception as err:
        print(label, type(err).__name__, err)
