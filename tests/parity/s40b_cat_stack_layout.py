# The layout of torch.cat's and torch.stack's result (differential layout sweep, no fuzz id):
# cat allocates it in the memory format all inputs suggest (channels-last when all do, else
# contiguous: a transposed input gives a contiguous result, where NumPy's concatenate keeps
# the input's order; a skipped legacy empty input counts as contiguous); stack along an
# existing dim is that cat with the dim split, along the new last dim a cat of the inputs
# unsqueezed there.
import torch

cl = torch.arange(120.0).reshape(2, 3, 4, 5).contiguous(memory_format=torch.channels_last)
plain = torch.arange(120.0).reshape(2, 3, 4, 5)
swapped = torch.arange(12.0).reshape(4, 3).t()
turned = torch.arange(24.0).reshape(2, 3, 4).permute(0, 2, 1)
cl3d = torch.arange(720.0).reshape(2, 3, 4, 5, 6).contiguous(memory_format=torch.channels_last_3d)
cases = {
    "cat transposed": lambda: torch.cat([swapped, swapped]),
    "cat transposed, dim 1": lambda: torch.cat([swapped, swapped], 1),
    "cat permuted": lambda: torch.cat([turned, turned], 2),
    "cat channels-last": lambda: torch.cat([cl, cl], 1),
    "cat channels-last and contiguous": lambda: torch.cat([cl, plain]),
    "cat channels-last and legacy empty": lambda: torch.cat([cl, torch.tensor([])]),
    "cat channels-last, mixed dtypes": lambda: torch.cat([cl, cl.double()], 1),
    "cat channels-last-3d": lambda: torch.cat([cl3d, cl3d], 2),
    "stack transposed": lambda: torch.stack([swapped, swapped]),
    "stack transposed, new last dim": lambda: torch.stack([swapped, swapped], 2),
    "stack permuted": lambda: torch.stack([turned, turned], 1),
    "stack channels-last, dim 0": lambda: torch.stack([cl, cl]),
    "stack channels-last, dim 1": lambda: torch.stack([cl, cl], 1),
    "stack channels-last, new last dim": lambda: torch.stack([cl, cl], 4),
}
for name, make in cases.items():
    result = make()
    print(name, tuple(result.shape), result.stride(), result.is_contiguous())
print(torch.cat([swapped, swapped], 1).view(-1)[:6])
