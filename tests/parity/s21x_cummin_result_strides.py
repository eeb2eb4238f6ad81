# cummin / cummax return contiguous results with PyTorch's strides, also for dims of size 1
# (matmul and F.linear read the strides to decide whether to fold the batch into one mm).
import torch

F = torch.nn.functional


def chain(fn, depth=4):
    if fn is None or depth == 0:
        return None
    return [fn.name(), [chain(n, depth - 1) for n, _ in fn.next_functions]]


x = torch.tensor([[[-1.75]], [[-2.0]], [[-0.25]], [[0.25]]], requires_grad=True)
y = torch.tensor([[[0.5, -1.0]], [[2.0, 0.0]], [[-0.5, 1.5]]], dtype=torch.float64)
for name in ("cummin", "cummax"):
    for t in (x, y, y.to(torch.float16), y.to(torch.int32)):
        for dim in (0, 1, 2, -1):
            values, indices = getattr(torch, name)(t, dim)
            print(name, t.dtype, dim, values.stride(), indices.stride(), values, indices)

for dim in (0, 1, 2):
    folded = torch.cummin(x, dim)[0]
    print(dim, chain(F.linear(folded, torch.tensor([[-1.75]])).grad_fn))
    print(dim, chain(F.linear(folded, torch.tensor([[-1.75]]), torch.ones(1)).grad_fn))
    print(dim, chain(torch.matmul(torch.cummax(x, dim)[0], torch.ones(1, 2)).grad_fn))
