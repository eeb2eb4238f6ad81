# NaN bits of maximum / minimum and of clamp_min / clamp_max / clamp with one tensor bound
# (PyTorch runs maximum's kernel for them): all bits set in the vector loop's lanes, the
# quiet NaN in its element loop, whatever the NaN operand's sign; clamp with two tensor
# bounds or number bounds keeps the input's NaN (fuzz 79:11329).
import torch

nan = float("nan")
for dtype, view in ((torch.float32, torch.int32), (torch.float64, torch.int64)):
    bound = torch.tensor(-0.191, dtype=dtype)
    for v in (-torch.tensor([nan], dtype=dtype), torch.tensor([nan] * 40, dtype=dtype),
              -torch.tensor([nan, 1.0, 2.0] * 13, dtype=dtype),
              -torch.tensor([nan], dtype=dtype).expand(40)):
        results = [torch.maximum(v, bound), torch.minimum(bound, v), torch.clamp_min(v, bound),
                   torch.clamp(v, min=bound), torch.clamp(v, min=bound, max=torch.tensor(5.0)),
                   torch.clamp_max(v, bound), torch.clamp(v, max=bound), v.clamp_min(-0.191),
                   torch.fmax(v, bound)]
        print(dtype, [r.view(view).tolist()[::7] for r in results])
x = torch.tensor([float("-inf")]).cos_()
print(x.clamp_min(torch.tensor(-0.191)).signbit().tolist())
