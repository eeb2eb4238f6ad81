# searchsorted / bucketize over boundaries that are not sorted or hold NaN: PyTorch bisects
# step by step (a NaN boundary compares below every value), and the answer depends on those
# steps; over sorted boundaries it is the usual one.
import torch

nan = float("nan")
print(torch.searchsorted(torch.tensor([-1.25, nan]), torch.tensor([-0.75, -0.25, 0.25, 0.75])))
b = torch.tensor([-0.5, 1.5, 0.75, -1.75, 1.75, 1.75, 1.0, 1.5, -1.75, 1.0, -1.25, 0.25, 1.25,
                  0.0, 0.0, -0.25, -1.5, 1.25, -2.0, -0.25, 1.5, -1.0, 2.0, 1.0, -1.25, -1.25,
                  0.75, 0.25, 0.75, -2.0])
v = torch.tensor([-0.75, -0.25, 0.25, 0.75])
for right in (False, True):
    print(torch.searchsorted(b, v, right=right), torch.bucketize(v, b, right=right))
    print(torch.searchsorted(torch.stack([b, b.flip(0)]), torch.stack([v, v.flip(0)]),
                             right=right))
    print(torch.searchsorted(torch.tensor([nan, 1.0, nan, -1.0, 2.0]),
                             torch.tensor([nan, -2.0, 0.0, 1.0, 3.0]), right=right))
    print(torch.searchsorted(torch.tensor([-1.0, 0.0, 2.0, nan]), torch.tensor([nan, 1.0, 3.0]),
                             right=right))
print(torch.searchsorted(b, 0.3), torch.searchsorted(b, v, side="right", out_int32=True))
