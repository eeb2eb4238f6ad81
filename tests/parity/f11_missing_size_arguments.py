# Issue 11 (fuzz): torch.reshape/permute/flip/broadcast_to/tile without their size or dims
# argument (or with too many) raise PyTorch's parser TypeError (its wording, number
# agreement included).
import torch

x = torch.ones(2, 2)
cases = [
    lambda: torch.permute(x), lambda: torch.reshape(x), lambda: torch.flip(x),
    lambda: torch.broadcast_to(x), lambda: torch.tile(x), lambda: torch.flip(),
    lambda: torch.reshape(), lambda: x.permute(), lambda: x.reshape(),
    lambda: torch.reshape(x, (4,)).shape, lambda: torch.permute(x, (1, 0)).shape,
    lambda: torch.tile(x, dims=(2,)).shape, lambda: torch.permute(x, (1, 0), 2),
    lambda: torch.reshape(x, (4,), 1, 2),
]
for run in cases:
    try:
        print(run())
    except TypeError as error:
        print(type(error).__name__, error)
