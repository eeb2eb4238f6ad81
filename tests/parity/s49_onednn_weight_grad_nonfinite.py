# Weight gradients of convolutions PyTorch runs on oneDNN with an infinite or NaN input or
# gradient: the elements without a non-finite term in oneDNN's chain order (as finite
# inputs), the others inf / NaN as its direct kernel sums them, the padding left out
# (94:13972: a weight gradient of exactly 0 next to a NaN channel). Printed as bits: the
# runner's tolerance would hide them.
import hashlib

import torch

F = torch.nn.functional


def bits(t):
    return hashlib.md5(str(t.contiguous().view(torch.int32).tolist()).encode()).hexdigest()[:12]


def values(shape, phase):
    n = 1
    for size in shape:
        n *= size
    return (torch.sin(torch.arange(n, dtype=torch.float32) * 1.37 + phase) * 2).reshape(shape)


for threads in (1, 2):
    torch.set_num_threads(threads)
    for i, (xs, ws, padding, where) in enumerate([
            ((2, 2, 5), (2, 2, 3), 0, "x nan"), ((3, 3, 7), (4, 3, 3), 0, "x inf"),
            ((2, 3, 6, 6), (5, 3, 3, 3), 1, "x nan"), ((4, 2, 5, 5), (3, 2, 3, 3), 1, "x inf"),
            ((2, 4, 9), (6, 4, 3), 0, "g nan"), ((3, 2, 6, 6), (4, 2, 3, 3), 0, "g inf"),
            ((2, 3, 40, 40), (4, 3, 3, 3), 1, "x nan")]):
        x = values(xs, i)
        x.view(-1)[x.numel() // 3] = float("nan") if where == "x nan" else float("inf")
        w = values(ws, 0.5 * i).requires_grad_()
        conv = F.conv1d if len(xs) == 3 else F.conv2d
        y = conv(x, w, None, 1, padding)
        g = values(tuple(y.shape), 0.25 * i)
        if where.startswith("g"):
            g.view(-1)[g.numel() // 2] = float("nan") if where == "g nan" else float("inf")
        y.backward(g)
        print(threads, i, where, bits(w.grad), int(w.grad.isnan().sum()),
              int(w.grad.isinf().sum()))

# the fuzzer's program, shrunk
v1 = torch.tensor([[[-0.75, 0.75, -1.0, -1.5, 0.25], [1.75, -1.25, -1.0, 0.75, 1.25]],
                   [[0.5, 1.0, 1.0, -0.25, 2.0], [float("nan"), 1.0, 1.0, float("nan"), -1.75]]],
                  requires_grad=True)
v2 = torch.tensor([[[1.5, 1.5, 1.75], [-2.0, 1.0, 0.25]],
                   [[0.0, 0.0, -1.25], [-0.25, 1.25, -0.25]]], requires_grad=True)
(grad_w,) = torch.autograd.grad(F.conv1d(v1, v2, torch.tensor([1.0, -0.5])).mean(), [v2])
print(grad_w.tolist(), grad_w.log2().tolist())
