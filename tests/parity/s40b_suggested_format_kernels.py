# Kernels that allocate their result in the memory format the input suggests, found by a
# differential layout sweep (no fuzz id): channels-last when it suggests that, else C order,
# where NumPy's result followed a permuted input (max_pool2d of a (3, 2, 1, 0)-permuted
# input); channel_shuffle likewise (was always contiguous); max_pool1d without grad is
# PyTorch's own 1-d kernel, a contiguous result; index_put (out of place) is
# clone(preserve_format) written in place: the input's layout.
import torch

F = torch.nn.functional
b = torch.arange(120.0).sin()
inputs = {"contiguous": b.reshape(2, 3, 4, 5),
          "channels-last": b.reshape(2, 3, 4, 5).contiguous(memory_format=torch.channels_last),
          "permuted to channels-last": b.reshape(2, 4, 5, 3).permute(0, 3, 1, 2),
          "reversed dims": b.reshape(5, 4, 3, 2).permute(3, 2, 1, 0)}
for name, x in inputs.items():
    results = {"max_pool2d": F.max_pool2d(x, 2), "avg_pool2d": F.avg_pool2d(x, 2),
               "interpolate": F.interpolate(x, scale_factor=2), "pad": F.pad(x, (1, 1, 1, 1)),
               "channel_shuffle": F.channel_shuffle(x, 3)}
    for op, r in results.items():
        print(name, op, r.stride())
for x in (b[:24].reshape(2, 4, 3).transpose(1, 2), b[:24].reshape(4, 2, 3).permute(1, 2, 0)):
    print("max_pool1d", F.max_pool1d(x, 2).stride())
swapped = b[:12].reshape(4, 3).t()
for accumulate in (False, True):
    print("index_put", swapped.index_put((torch.tensor([0]),), torch.tensor(1.0),
                                         accumulate=accumulate).stride())
print(inputs["channels-last"].index_put((torch.tensor([0]),), torch.tensor(1.0)).stride())
