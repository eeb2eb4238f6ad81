# maximum / minimum / atan2 / logical_and / logical_or / logical_xor take Tensors only:
# PyTorch's TypeError (argument name and position differ between function and method).
import torch
x = torch.ones(2)
for f in (lambda: torch.maximum(x, 2), lambda: x.maximum(2.), lambda: torch.minimum(x, True), lambda: torch.atan2(x, 2), lambda: x.atan2(2.), lambda: torch.logical_and(x, 1), lambda: x.logical_or(0), lambda: torch.maximum(2, x), lambda: torch.logical_xor(x, 1.), lambda: x.minimum(None)):
    try: f()
    except TypeError as e: print(e)
print(torch.maximum(x, torch.zeros(2)), x.logical_and(torch.zeros(2)), torch.max(x, torch.tensor([3., 0.])))
