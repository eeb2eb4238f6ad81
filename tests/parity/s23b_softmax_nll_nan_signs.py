# NaN sign bits: softmax marks a NaN row maximum as its vectorised max does (every bit set),
# along any dim, so x - max keeps an input NaN's own sign and gives -NaN elsewhere (fuzz
# 18:2066); nll_loss sums as its kernel (acc -= x, x * w weighted, in cascade levels, the
# first sample moved up at once, level 0 added first: x86 keeps the first NaN operand), the
# unsummed loss is -x * w, and log_softmax's -NaN survives a mean (fuzz 20:8083).
import torch

F = torch.nn.functional
nan = float("nan")


def signs(t):
    return "".join("N" if b else "." for b in torch.signbit(t).reshape(-1).tolist())


x = torch.tensor([-1.125, -0.115, -0.668, nan], dtype=torch.float64)
print(signs(torch.softmax(x, 0)))
v = torch.tensor([[-2.636, 4.311, -3.086, 0.373], [nan, 1.035, -0.53, float("inf")]])
print(signs(F.nll_loss(F.log_softmax(v, 1), torch.tensor([1, 2]))))
rows = torch.tensor([[0.5, nan, -1.0], [2.0, -nan, 1.5], [0.25, 1.0, nan], [-nan, 0.5, 0.0]])
for dtype in (torch.float32, torch.float64):
    a = rows.to(dtype)
    for target in ([1, 1, 0, 2], [0, 1, 0, 1], [1, 0, 0, 0], [0, 0, 2, 1], [0, 1, 2, 0]):
        t = torch.tensor(target)
        for weight in (None, torch.tensor([1.0, 2.0, 0.5], dtype=dtype)):
            print(dtype, target, weight is not None,
                  [signs(F.nll_loss(a, t, weight=weight, reduction=r))
                   for r in ("none", "sum", "mean")])
    print(signs(F.nll_loss(a[1], torch.tensor(1))), signs(F.nll_loss(a[0], torch.tensor(1))))
m = torch.tensor([[1.0, nan, 2.0, 0.5, -nan], [0.5, -1.0, 3.0, 1.0, 2.0]], dtype=torch.float64)
print(signs(torch.softmax(m, 1)), signs(torch.softmax(m.t().contiguous().t(), 1)))
