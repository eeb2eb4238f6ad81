# slogdet of a matrix whose |det| is 1 to rounding: PyTorch sums the logs of its LU's pivots
# in float32 and gets exactly 0, so log(logabsdet) is -inf.
import torch

for m in ([[-0.25, -0.5], [-1.75, 0.5]], [[2.0, 0.5], [0.25, 0.5625]], [[0.5, 0.0], [0.0, 2.0]]):
    a = torch.tensor(m, requires_grad=True)
    sign, logabsdet = torch.linalg.slogdet(a)
    print(sign, logabsdet, torch.log(logabsdet), torch.logdet(a.abs()))
