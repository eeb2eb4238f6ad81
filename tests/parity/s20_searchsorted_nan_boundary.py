# searchsorted / bucketize with a single NaN boundary: PyTorch's bisection counts a NaN
# boundary as below every value (the answer is 1); rows of no boundaries give 0.
import torch

nan = float("nan")
for seq in ([nan], [1.0, nan], [nan, 1.0], [1.0, 2.0]):
    for dtype in (torch.float32, torch.float64, torch.float16):
        s = torch.tensor(seq, dtype=dtype)
        v = torch.tensor([-0.25, 0.25, nan, 3.0], dtype=dtype)
        print(seq, dtype, torch.searchsorted(s, v).tolist(),
              torch.searchsorted(s, v, right=True).tolist(), torch.bucketize(v, s).tolist())
print(torch.searchsorted(torch.tensor([[nan], [1.0]]), torch.tensor([[0.5], [0.5]])).tolist())
print(torch.searchsorted(torch.tensor([nan]), 0.5))
print(torch.searchsorted(torch.zeros(2, 0), torch.zeros(2, 1)).tolist())
print(torch.searchsorted(torch.zeros(0, 3), torch.zeros(0, 2)).shape)
