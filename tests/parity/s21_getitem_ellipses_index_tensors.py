# Issue 11 (fuzz 7:19024): after a second ``...`` an index tensor may land past the last dim:
# PyTorch only records it there, and indexing then refuses the list of index tensors ("too
# many indices ... (got N)"). A mask of several dims counts one index tensor per dim in the
# broadcast error's shapes.
import torch

x = torch.arange(36.0).reshape(3, 3, 4)
mask4 = torch.tensor([True, True, False, False])
mask3 = torch.tensor([True, False, True])
mask2d = torch.ones(3, 3, dtype=torch.bool)
index = torch.tensor([0, 1])
keys = [(..., ..., mask4), (..., ..., mask3), (..., ..., index), (index, ..., ..., index),
        (..., ...), (..., None, ...), (0, ..., ...), (..., mask3, ...), (..., ..., ...),
        (mask2d, ..., ..., index), (mask2d, index), (mask2d, torch.tensor([0, 1, 2])),
        (True, index, torch.tensor([0, 1, 2])), (..., ..., None), (..., ..., True)]
for key in keys:
    try:
        print(tuple(x[key].shape))
    except IndexError as e:
        print(type(e).__name__, e)
    try:
        y = x.clone()
        y[key] = 1.0
        print(" set", y.sum().item())
    except IndexError as e:
        print(" set", type(e).__name__, e)
