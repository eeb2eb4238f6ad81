# Ops whose result PyTorch allocates like the input (empty_like / clone with preserve_format),
# found by a differential layout sweep (no fuzz id): sort's values and indices, argsort, flip
# and index_fill keep a transposed, permuted or channels-last input's strides (dense inputs)
# or its dim order (a sliced one; an expanded one gives C order), where NumPy's take / copy
# gave C order. And index_fill of a 0-d tensor fills its one element (PyTorch treats it as a
# dim of size 1), where a NumPy indexing error came through.
import torch

swapped = torch.arange(12.0).reshape(4, 3).t()
turned = torch.arange(24.0).reshape(4, 2, 3).permute(1, 2, 0)
cl = torch.arange(120.0).reshape(2, 3, 4, 5).contiguous(memory_format=torch.channels_last)
sliced = torch.arange(24.0).reshape(8, 3)[::2].t()
broad = torch.arange(3.0)[:, None].expand(3, 4)
odd = torch.arange(12.0).reshape(4, 1, 3).permute(2, 1, 0)
for name, x in {"transposed": swapped, "permuted": turned, "channels-last": cl,
                "sliced": sliced, "expanded": broad, "size-1 dim": odd}.items():
    values, indices = x.sort(0)
    results = {"sort": values, "sort indices": indices, "argsort": x.argsort(-1),
               "flip": x.flip(0), "index_fill": x.index_fill(1, torch.tensor([0]), -1.0),
               "index_fill, tensor value": x.index_fill(0, torch.tensor([1]), torch.tensor(5.0))}
    for op, r in results.items():
        print(name, op, tuple(r.shape), r.stride())
print(swapped.flip(1).t().view(-1))  # (a view only where the flip kept the layout)

for value in (7.0, torch.tensor(7.0)):
    for index in ([0], [-1], [0, 0], []):
        x = torch.tensor(2.0, requires_grad=True)
        y = x.index_fill(0, torch.tensor(index, dtype=torch.long), value)
        y.backward()
        print(index, y, x.grad)
    try:
        torch.tensor(2.0).index_fill(0, torch.tensor([1]), value)
    except IndexError as error:
        print("IndexError:", error)
