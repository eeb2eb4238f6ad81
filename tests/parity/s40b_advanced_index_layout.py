# The layout of an advanced-indexing result of a permuted input (differential layout sweep, no
# fuzz id): PyTorch's index runs a TensorIterator over the input restrided to the result's
# shape (stride 0 in the indexed dims) and the index tensors viewed as (1, .., index, .., 1),
# and lays its result out dense in that iterator's order: x[:, idx] of a channels-last x is
# contiguous, of a (0, 2, 3, 1)-permuted one partly permuted, with None and Ellipsis in the
# key too. NumPy laid the result out otherwise.
import torch

b = torch.arange(120.0)
inputs = {"transposed": b[:12].reshape(4, 3).t(),
          "permuted": b[:24].reshape(4, 2, 3).permute(1, 2, 0),
          "permuted 4-d": b.reshape(2, 3, 4, 5).permute(0, 2, 3, 1),
          "channels-last": b.reshape(2, 3, 4, 5).contiguous(memory_format=torch.channels_last)}
i, j = torch.tensor([0, 1]), torch.tensor([[1], [0]])
grid = torch.tensor([[0, 1], [1, 0], [0, 0]]).t()
keys = {"[i]": lambda x: x[i], "[:, i]": lambda x: x[:, i], "[..., i]": lambda x: x[..., i],
        "[i, :, i]": lambda x: x[i, :, i] if x.dim() > 2 else x[i, i],
        "[:, i, i]": lambda x: x[:, i, i] if x.dim() > 2 else x[:, i], "[j, i]": lambda x: x[j, i],
        "[:, grid]": lambda x: x[:, grid], "[i, ::2]": lambda x: x[i, ::2],
        "[:, None, i]": lambda x: x[:, None, i], "[0, i]": lambda x: x[0, i]}
for name, x in inputs.items():
    for key, index in keys.items():
        r = index(x)
        print(name, key, tuple(r.shape), r.stride())
odd = b[:12].reshape(4, 1, 3).permute(2, 1, 0)  # (a dim of size 1 of another stride)
for key, index in {"[i]": lambda x: x[i], "[..., i]": lambda x: x[..., i],
                   "[i, ::2]": lambda x: x[i, ::2]}.items():
    r = index(odd)
    print("size-1 dim", key, tuple(r.shape), r.stride())
