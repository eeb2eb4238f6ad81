# A convolution's bias gradient is the sum of grad_output over all but the channel dim, and
# its last bits depend on the order: PyTorch's native kernels take sum((0, 2, 3)) (of each
# group's copy when grouped, sample by sample when dilated); oneDNN adds each channel one
# element at a time, row by row, or sample by sample (a transposed convolution over plain
# NCHW), as its kernel for the shape does. Printed as bits: the runner's tolerance would
# hide a last-bit difference.
import random

import torch

F = torch.nn.functional
torch.set_num_threads(1)
rng = random.Random(48)


def values(*shape):
    count = 1
    for size in shape:
        count *= size
    return [rng.uniform(-100, 100) for _ in range(count)]


f32, f64 = torch.float32, torch.float64


def bias_grad(fn, dtype, x_shape, w_shape, **options):
    x = torch.tensor(values(*x_shape), dtype=dtype).reshape(x_shape)
    w = torch.tensor(values(*w_shape), dtype=dtype).reshape(w_shape)
    channels = w_shape[1] * options.get("groups", 1) if fn in (F.conv_transpose1d,
                                                                 F.conv_transpose2d) \
        else w_shape[0]
    b = torch.zeros(channels, dtype=dtype, requires_grad=True)
    y = fn(x, w, b, **options)
    g = torch.tensor(values(*y.shape), dtype=dtype).reshape(y.shape)
    y.backward(g)
    bits = b.grad.view(torch.int32 if dtype == f32 else torch.int64).tolist()
    print(fn.__name__, dtype, x_shape, w_shape, options, b.grad.sum().item(), bits)


# native kernels (one sample, small): sum((0, 2, 3)); grouped; dilated
bias_grad(F.conv2d, f32, (1, 3, 9, 7), (5, 3, 3, 3), padding=1)
bias_grad(F.conv2d, f64, (3, 3, 9, 7), (5, 3, 3, 3), padding=1)
bias_grad(F.conv2d, f64, (3, 4, 9, 7), (6, 2, 3, 3), padding=1, groups=2)
bias_grad(F.conv2d, f64, (3, 2, 11, 9), (4, 2, 3, 3), dilation=2)
bias_grad(F.conv1d, f32, (1, 2, 30), (3, 2, 1))
# oneDNN: in order; by row (grouped, a kernel taller than the input, dilated)
bias_grad(F.conv2d, f32, (4, 3, 9, 7), (5, 3, 3, 3), padding=1)
bias_grad(F.conv2d, f32, (6, 2, 8, 8), (3, 2, 2, 2), stride=2)
bias_grad(F.conv1d, f32, (5, 3, 40), (4, 3, 5), padding=2)
bias_grad(F.conv2d, f32, (3, 4, 6, 8), (4, 1, 3, 3), padding=1, groups=4)
bias_grad(F.conv2d, f32, (3, 4, 6, 8), (6, 2, 3, 3), padding=1, groups=2)
bias_grad(F.conv2d, f32, (5, 3, 3, 9), (4, 3, 4, 2), padding=(2, 1))
bias_grad(F.conv2d, f32, (3, 5, 11, 9), (4, 5, 3, 3), dilation=2)
bias_grad(F.conv2d, f32, (3, 2, 11, 9), (4, 2, 3, 3), dilation=2)
# transposed on oneDNN: by sample over plain NCHW (few channels, grouped, dilated), else in
# order; a kernel of 3 rows with 2 of padding, 1x1 unstrided, an output shorter than the kernel
bias_grad(F.conv_transpose2d, f32, (3, 4, 5, 6), (4, 2, 3, 3), padding=1)
bias_grad(F.conv_transpose2d, f32, (3, 4, 5, 6), (4, 3, 3, 3), stride=2)
bias_grad(F.conv_transpose2d, f32, (3, 4, 5, 6), (4, 5, 3, 3), padding=1)
bias_grad(F.conv_transpose2d, f32, (3, 4, 5, 6), (4, 2, 3, 2), padding=(2, 0))
bias_grad(F.conv_transpose2d, f32, (3, 4, 5, 6), (4, 2, 1, 1))
bias_grad(F.conv_transpose2d, f32, (3, 4, 3, 6), (4, 6, 4, 3), padding=(2, 1))
bias_grad(F.conv_transpose2d, f32, (3, 4, 5, 6), (4, 3, 3, 3), padding=1, groups=2)
bias_grad(F.conv_transpose2d, f32, (3, 4, 5, 6), (4, 5, 3, 3), dilation=2)
bias_grad(F.conv_transpose1d, f32, (4, 3, 20), (3, 6, 4), stride=2, padding=1)
bias_grad(F.conv_transpose2d, f64, (3, 4, 5, 6), (4, 5, 3, 3), padding=1)
