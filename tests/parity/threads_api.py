# torch.set_num_threads / get_num_threads / set_num_interop_threads: the values set are the
# values read back, bad counts raise PyTorch's errors, and the inter-op count can be set once.
import numpy as np
import torch

torch.set_num_threads(1)
print(torch.get_num_threads())
torch.set_num_threads(3)
print(torch.get_num_threads())
torch.set_num_threads(np.int64(2))
print(torch.get_num_threads())
for bad in (0, -1, 1.5, "2", True, None):
    try:
        torch.set_num_threads(bad)
    except (RuntimeError, TypeError) as e:
        print(type(e).__name__, e)
print(torch.get_num_threads())
print(torch.ones(4).sum())
for bad in (0, 2.0):
    try:
        torch.set_num_interop_threads(bad)
    except (RuntimeError, TypeError) as e:
        print(type(e).__name__, e)
torch.set_num_interop_threads(3)
print(torch.get_num_interop_threads())
try:
    torch.set_num_interop_threads(2)
except RuntimeError as e:
    print(e)
print(torch.get_num_interop_threads())
