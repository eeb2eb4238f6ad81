# bincount of an empty input is int64 zeros of minlength, with weights too (PyTorch returns
# before it looks at the weights' dtype); with elements, weights give their dtype.
import torch

empty = torch.tensor([], dtype=torch.int64)
for weights in (None, torch.tensor([]), torch.tensor([], dtype=torch.float64),
                torch.tensor([], requires_grad=True)):
    out = torch.bincount(empty, weights=weights, minlength=3)
    print(out, out.dtype, out.requires_grad)
w = torch.tensor([0.5, 2.0], requires_grad=True)
out = torch.bincount(torch.tensor([1, 1]), weights=w)
print(out, out.dtype, out.grad_fn is not None)
