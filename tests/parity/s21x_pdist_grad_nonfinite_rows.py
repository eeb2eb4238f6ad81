# pdist's gradient sums each row's pairs with the other rows only: a row with an infinity
# (whose difference with itself is NaN) keeps finite gradients where its pairs give them,
# for p = 1, 2, inf and fractional p, float32 and float64.
import torch

F = torch.nn.functional

inf, nan = float("inf"), float("nan")
for rows in ([[-inf, 2.0], [1.75, nan]], [[-inf, 2.0], [1.75, 0.5], [0.25, -1.0]],
             [[inf, 0.0], [0.5, 0.5]], [[1.0, 2.0], [1.0, 2.0], [0.0, 1.5]]):
    for p in (1, 2, float("inf"), 0.5, 3, 0):
        for dtype in (torch.float32, torch.float64):
            x = torch.tensor(rows, dtype=dtype, requires_grad=True)
            out = F.pdist(x, p=p)
            out.backward(torch.arange(1.0, out.numel() + 1, dtype=dtype))
            print(p, dtype, out.detach(), x.grad)
# cdist the same way: p = 0 counts a NaN difference as NaN; its p = inf maximum (an element
# loop) drops NaN differences where pdist's (a vector loop) keeps them
a = [[1.0, nan], [inf, 0.0], [nan, 1.0]]
b = [[1.0, 2.0], [0.0, 0.0], [inf, 0.0], [-inf, 0.5]]
for p in (0, 1, 2, inf):  # (not fractional p: cdist's gradient through infinities differs)
    print(p, F.pdist(torch.tensor(a), p=p), F.pdist(torch.tensor(b), p=p))
    x1 = torch.tensor(b[:2] + [[0.25, -0.5]], requires_grad=True)
    x2 = torch.tensor(b, requires_grad=True)
    out = torch.cdist(x1, x2, p=p)
    print(torch.cdist(torch.tensor(a), torch.tensor(b), p=p), out)
    out.backward(torch.ones_like(out))
    print(x1.grad, x2.grad)
