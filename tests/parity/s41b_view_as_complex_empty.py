# view_as_complex checks the strides PyTorch gives a tensor: an empty (0, 3, 2) tensor has the
# contiguous strides (6, 2, 1) and is viewed as a (0, 3) complex tensor (fuzz 901:333 with
# HGFUZZ_BOOST_MORE2=15); a (2, 0) one has strides (1, 1) and is refused for its last dim's
# size; transposed empties too, and a strided last dim for its stride.
import torch

for shape in [(0, 3, 2), (3, 0, 2), (0, 2), (2, 0)]:
    x = torch.zeros(shape, dtype=torch.float64)
    for t in (x, x.transpose(0, -1)):
        try:
            z = torch.view_as_complex(t)
            print(shape, t.stride(), z.dtype, tuple(z.shape), z.stride())
        except RuntimeError as error:
            print(shape, t.stride(), error)
for t in (torch.zeros(3, 4)[:, ::2], torch.zeros(3, 1, 2).expand(3, 5, 2)):
    try:
        print(torch.view_as_complex(t).stride())
    except RuntimeError as error:
        print(error)
