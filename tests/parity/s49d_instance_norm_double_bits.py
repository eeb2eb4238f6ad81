# float64 instance norm is batch norm over (1, N * C, ...) (its weight and bias repeated N
# times): PyTorch's batch-norm kernel sums each channel's squares (x - mean)^2 in a compiled
# loop that rounds the squares of each pair of positions and fuses an odd plane's last square
# into the sum (an FMA), which sets invstd's last bit, so the output and the input gradient's;
# the affine gradients are summed back over N by repeat's backward, a sum over dim 0 in
# PyTorch's order. The running statistics: ``momentum * var_sum / (count - 1) + (1 -
# momentum) * running_var`` from the kernel's sum of squares (float32: a float32 momentum and
# products, the terms added in double), an instance norm's then averaged over N in PyTorch's
# mean order. Printed as md5s of the bits: the runner's tolerance would hide them.
import hashlib

import numpy as np
import torch

F = torch.nn.functional
rng = np.random.default_rng(49)


def bits(t):
    return hashlib.md5(t.detach().contiguous().numpy().tobytes()).hexdigest()[:10]


def tensor(shape, dtype=torch.float64):
    return torch.tensor(rng.standard_normal(shape), dtype=dtype)


for shape in [(8, 8, 33), (2, 3, 5), (3, 4, 64), (2, 3, 1000), (5, 20, 9), (2, 5, 7, 7),
              (1, 4, 3, 3, 3), (4, 6, 5, 11)]:
    channels = shape[1]
    x = tensor(shape).requires_grad_()
    w, b = tensor(channels).requires_grad_(), tensor(channels).requires_grad_()
    y = F.instance_norm(x, weight=w, bias=b)
    y.backward(tensor(shape))
    plain = x.detach().clone().requires_grad_()
    z = F.instance_norm(plain)
    z.backward(tensor(shape))
    print("instance_norm", shape, bits(y), bits(x.grad), bits(w.grad), bits(b.grad), bits(z),
          bits(plain.grad))

for shape in [(4, 6, 9), (2, 3, 5, 7), (3, 10, 33)]:  # (the same kernel, batch by batch)
    x = tensor(shape).requires_grad_()
    w = tensor(shape[1]).requires_grad_()
    y = F.batch_norm(x, None, None, w, None, training=True)
    y.backward(tensor(shape))
    print("batch_norm", shape, bits(y), bits(x.grad), bits(w.grad))

for dtype in (torch.float32, torch.float64):  # repeat's backward: a sum over the repeats
    for shape, repeats in [((8,), (8,)), ((20,), (5,)), ((4,), (16,)), ((3, 4), (2, 5, 3)),
                           ((6, 7), (9, 1))]:
        v = tensor(shape, dtype).requires_grad_()
        r = v.repeat(*repeats)
        r.backward(tensor(tuple(r.shape), dtype))
        print("repeat", dtype, shape, repeats, bits(v.grad))

for dtype in (torch.float32, torch.float64):  # running statistics, over three steps
    for shape, momentum in [((8, 20), None), ((64, 33), 0.1), ((4, 8, 15), 0.3),
                            ((6, 5, 7, 7), 0.1), ((3, 12, 4, 4), None)]:
        module = (torch.nn.BatchNorm1d if len(shape) < 4 else torch.nn.BatchNorm2d)(
            shape[1], momentum=momentum).to(dtype)
        for _ in range(3):
            module(tensor(shape, dtype))
        print("running", dtype, shape, momentum, bits(module.running_mean),
              bits(module.running_var))
    for shape in [(8, 20, 9), (16, 12, 10), (5, 30, 6)]:
        mean, var = tensor(shape[1], dtype), tensor(shape[1], dtype).abs() + 0.5
        F.instance_norm(tensor(shape, dtype), mean, var, momentum=0.2)
        print("instance running", dtype, shape, bits(mean), bits(var))
