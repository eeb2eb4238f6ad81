# Issue 11 (fuzz 33:12900): an in-place op whose input is a view of the written memory in a
# layout PyTorch's overlap check gives up on. Its loop reads, for each element, the memory
# as the elements before left it (x.t().sub_(x.t()[0]): the second row subtracts the zeroed
# first); along a vectorized row it reads a broadcast operand once at the row's start and
# the rest two vectors at a time, and the row's tail element by element. Prints, per row,
# whether it was computed from the original ("o") or the updated ("u") operand. The vector
# width is the CPU's: recorded per ISA.
import torch

v7 = torch.tensor([[-1.999, 1.771], [1.434, 1.03], [0.404, 1.526]])
v8 = v7.t()
print(v8.sub_(list(v8)[0]))


def pattern(n, op, dtype):
    x = (torch.arange(1.0, 4 * n + 1, dtype=dtype).reshape(4, n) * 0.01 + 1).t()
    original, first = x.clone(), x[0].clone()
    updated = getattr(first.clone(), op)(first)
    getattr(x, op)(x[0])
    from_original = getattr(original.clone(), op)(first)
    from_updated = getattr(original.clone(), op)(updated)
    return "".join("o" if torch.equal(x[i], from_original[i])
                   else "u" if torch.equal(x[i], from_updated[i]) else "?" for i in range(n))


for dtype in (torch.float32, torch.float64):
    for n in (4, 9, 16, 17, 20, 33, 40):
        for op in ("mul_", "sub_", "div_"):
            print(dtype, n, op, pattern(n, op, dtype))
x = torch.arange(1.0, 41.0).reshape(2, 20)
x.add_(x[:, 3:4])
print(x)
