# An index with two ellipses: each one skips the dims the other components leave (PyTorch's
# walk), so a slice after two that stand for dims lands past the last dim and is refused as out
# of range; ellipses standing for no dim, or only trailing ones, change nothing.
import torch

a = torch.arange(8.0).reshape(2, 4)
b = torch.arange(24.0).reshape(2, 3, 4)
keys = [(a, (..., ..., slice(1, 3))), (a, (..., ..., slice(None, None, 2))),
        (b, (..., ..., slice(1, 3))), (b, (None, ..., ..., slice(1, None))),
        (a, (..., slice(None, 1), ...)), (b, (slice(None, 1), ..., ...)), (b, (0, ..., ...)),
        (b, (..., 0, ...)), (b, (0, 1, ..., 2, ...)), (a, (1, ..., 2, ...)),
        (a, (..., ..., None)), (a, (..., None, ..., None)), (a, (None, ..., ...))]
for t, key in keys:
    try:
        print(key, t[key].tolist())
    except IndexError as e:
        print(key, "IndexError", e)
for key in [(..., ..., slice(1, 3)), (..., slice(None, 1), ...)]:
    t = torch.zeros(2, 4)
    try:
        t[key] = 1.0
        print("set", key, t.tolist())
    except IndexError as e:
        print("set", key, "IndexError", e)
