# Fuzz seeds 5 and 6 (5:9420, 6:4073): reflect and replicate padding refuse an input with an
# empty dim other than the batch dim (PyTorch's "Expected 3D or 4D (batch mode) tensor ..."),
# where NumPy's take raised IndexError or an empty result came back; negative pads that crop
# a padded dim away raise PyTorch's "input (W: 3) is too small" (circular: "Negative padding
# value ...") in each mode's own wording.
import torch

F = torch.nn.functional


def attempt(mode, shape, pad):
    x = torch.arange(float(torch.zeros(shape).numel())).reshape(shape).requires_grad_()
    try:
        y = F.pad(x, pad, mode=mode)
        print(mode, shape, pad, "->", tuple(y.shape), y.grad_fn.name())
    except Exception as error:
        print(mode, shape, pad, "raised", type(error).__name__, error)


EMPTY = {1: [(0, 2), (2, 0), (1, 0, 2), (0, 1, 2), (2, 2, 0), (0, 0, 2)],
         2: [(0, 2, 2), (2, 0, 2), (2, 2, 0), (1, 0, 2, 1), (0, 1, 2, 2), (1, 1, 0, 2),
             (1, 1, 2, 0)],
         3: [(0, 2, 2, 2), (1, 0, 2, 2), (1, 1, 0, 2, 2), (0, 1, 2, 2, 2), (1, 1, 2, 2, 0)]}
CROPPED = [((1, 1, 3), [-4, -1]), ((1, 1, 3), [-1, -3]), ((1, 1, 2), [-2, 0]),
           ((1, 1, 3), [1, -5]), ((1, 3, 3), [0, 0, -3, 0]), ((1, 3, 3), [-3, 0, -3, 0]),
           ((1, 3, 3), [-3, 0, -4, 0]), ((1, 3, 3), [-4, 0, 0, 0]), ((2, 3, 3), [0, 0, -5, 0]),
           ((1, 3, 3, 3), [-3, 0, 0, 0, -3, 0]), ((1, 3, 3, 3), [-3, 0, -3, 0, -3, 0]),
           ((1, 3, 3, 3), [-4, 0, -3, 0, -3, 0]), ((1, 3, 3, 3), [-3, 0, -4, 0, -1, -1])]
for mode in ("replicate", "reflect", "circular"):
    for dims, shapes in EMPTY.items():
        for shape in shapes:
            attempt(mode, shape, [1, 1] * dims)
            attempt(mode, shape, [0, 0] * dims)
    for shape, pad in CROPPED:
        attempt(mode, shape, pad)
