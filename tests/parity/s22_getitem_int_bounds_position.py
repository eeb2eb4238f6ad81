# An int index out of bounds in a key with an ellipsis: PyTorch's IndexError names the index's
# place in the key (the ellipsis counts as one), with the size of the dim it selects from
# (fuzz 13:8220: x[..., -3, ...] of a (2, 5, 2) tensor is "dimension 1 with size 2").
import torch

x = torch.zeros(2, 5, 2, requires_grad=True)
y = torch.zeros(2, 3, 4, 5)
for t, idx in [(x, (..., -3, ...)), (x, (..., -3)), (x, (-3, ...)), (x, (0, ..., -3)),
               (x, (..., 9, ...)), (y, (..., 7, ...)), (y, (0, ..., 7, ...)),
               (y, (..., 0, 9, ...)), (y, (None, ..., 7, ...)), (y, (1, ..., 9, ..., 0)),
               (x, (..., None, -3, ...)), (y, (slice(None), ..., 9, ...)),
               (y, (..., torch.tensor(6))), (x, (..., 1, -2)), (x, 2), (x, (1, 5))]:
    try:
        print(idx, tuple(t[idx].shape))
    except IndexError as e:
        print(idx, "IndexError", e)
