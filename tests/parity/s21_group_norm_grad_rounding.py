# F.group_norm's float32 input gradient rounds as PyTorch's CPU kernel where that shows
# (groups whose mean is large next to their spread): ds = sum(dy * x) and db = sum(dy) per
# channel over 8-lane vectors, their weighted totals per group (fused multiply-adds),
# c2 = (db * mean - ds) * rstd^3 / n, c3 = -c2 * mean - db * rstd / n, and
# dx = rstd * w * dy + c2 * x + c3. A group of one value gives an ulp of the shift, not 0
# (bit for bit: float.hex, beyond the runner's tolerance).
import torch

F = torch.nn.functional


def bits(t):
    return " ".join(float(v).hex() for v in t.flatten().tolist())


def grad_of(x, groups, g, weight=None):
    x = x.clone().requires_grad_()
    F.group_norm(x, groups, weight=weight).backward(g)
    return x.grad


v0 = torch.tensor([[-0.5, -1.0], [1.75, -1.5]])
print(bits(grad_of(v0, 2, torch.tensor([[0.957, 0.037], [-0.25, -0.871]], dtype=torch.float64
                                       ).float())))
def values(shape, seed, scale, offset=0.0):
    count = 1
    for size in shape:
        count *= size
    flat = [((i * 7919 + seed * 104729) % 397 - 198) / 198 * scale + offset for i in range(count)]
    return torch.tensor(flat).reshape(shape)


for shape, groups, offset in [((2, 4, 3), 2, 100.0), ((3, 6, 9), 3, -20.0), ((2, 2, 17), 1, 3.0),
                              ((2, 16, 2), 1, 50.0), ((2, 18, 5), 2, -7.5), ((3, 4), 4, 1.5),
                              ((2, 3, 4, 2), 3, 30.0)]:
    x = values(shape, 1, 0.25, offset)
    g = values(shape, 2, 1.5)
    weight = values(shape[1:2], 3, 2.0)
    print(shape, groups, bits(grad_of(x, groups, g)))
    print("  weight", bits(grad_of(x, groups, g, weight)))
x = torch.full((2, 4, 3), -2.25)
print(bits(grad_of(x, 2, values((2, 4, 3), 4, 1.0))))
