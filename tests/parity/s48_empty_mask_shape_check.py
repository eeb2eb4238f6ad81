# A boolean mask's shape is checked against the dims it indexes also when the tensor is
# empty (NumPy lets any mask pass there), with two ellipses as PyTorch places them (the first
# takes the dims the other entries leave).
import torch

for shape, name, key in (((4, 0, 4), "[:, :, m]", lambda m: (slice(None), slice(None), m)),
                         ((4, 0, 4), "[..., m, ...]", lambda m: (Ellipsis, m, Ellipsis)),
                         ((4, 0, 4), "[:, m]", lambda m: (slice(None), m)),
                         ((0, 3), "[m]", lambda m: (m,)),
                         ((2, 0), "[:, m]", lambda m: (slice(None), m)),
                         ((0, 2, 3), "[m2d]", None)):
    x = torch.zeros(shape)
    for size in (0, 2, 3, 4):
        mask = torch.zeros((0, size) if key is None else (size,), dtype=torch.bool)
        try:
            print(shape, name, size, tuple(x[(mask,) if key is None else key(mask)].shape))
        except IndexError as error:
            print(shape, name, size, "IndexError", error)
