# PyTorch's native CPU convolutions (slow_conv2d, slow_conv_dilated2d, slow_conv_transpose2d:
# every float64 one, and a float32 one that does not go to oneDNN, such as a batch of one
# with a small ungrouped kernel on one thread) run one MKL GEMM per sample with fixed
# arguments, add columns back tap by tap, and accumulate the weight gradient sample by
# sample; a grouped one runs group by group: the last bits of the result and both gradients
# follow that structure (and MKL's kernel for the ISA). Printed as md5s of the bits:
# the runner's tolerance would hide a last-bit difference. At two threads PyTorch also
# threads the weight gradient's GEMMs inside MKL (outside its loop over the batch), which
# changes the bits of some shapes; those below keep one thread's.
import hashlib

import numpy as np
import torch

F = torch.nn.functional
rng = np.random.default_rng(48)


def bits(t):
    data = t.detach().contiguous().numpy().tobytes()
    return hashlib.md5(data).hexdigest()[:10] + str(tuple(t.shape))


CASES = [  # (x shape, weight shape, stride, padding, with bias, other options)
    ((2, 4, 16, 33), (3, 4, 3, 3), 1, 0, True, {}),
    ((1, 4, 16, 33), (3, 4, 3, 3), 1, 1, False, {}),
    ((4, 16, 12, 12), (32, 16, 3, 3), 1, 1, True, {}),
    ((4, 6, 10, 10), (5, 6, 1, 1), 1, 0, False, {}),
    ((5, 7, 6, 6), (1, 7, 3, 3), 1, 0, True, {}),
    ((2, 1, 8, 8), (4, 1, 3, 3), 3, 1, False, {}),
    ((1, 64, 7, 7), (128, 64, 3, 3), 1, 1, True, {}),
    ((1, 3, 50), (4, 3, 5), 2, 2, True, {}),
    ((3, 8, 40), (6, 8, 3), 1, 1, False, {}),
    # grouped, dilated
    ((2, 4, 16, 13), (6, 2, 3, 3), 1, 0, True, {"groups": 2}),
    ((4, 8, 10, 10), (12, 2, 1, 1), 1, 0, False, {"groups": 4}),
    ((1, 8, 12, 12), (8, 4, 3, 3), 1, 1, True, {"groups": 2}),
    ((2, 4, 16, 13), (6, 4, 3, 3), 1, 0, False, {"dilation": 2}),
    ((1, 8, 12, 12), (8, 8, 3, 3), 1, 2, True, {"dilation": 2}),
    ((3, 6, 12, 11), (6, 2, 2, 3), (2, 1), (1, 2), True, {"dilation": (2, 3), "groups": 3}),
    # transposed (weight (C_in, C_out / groups, ...))
    ((2, 4, 8, 9), (4, 3, 3, 3), 1, 0, True, {"transposed": True}),
    ((1, 3, 9, 9), (3, 2, 3, 3), 1, 1, True, {"transposed": True}),
    ((4, 5, 7, 7), (5, 3, 1, 1), 1, 0, True, {"transposed": True}),
    ((3, 6, 5, 6), (6, 2, 2, 3), (2, 1), (1, 0), True,
     {"transposed": True, "output_padding": (1, 0), "groups": 3}),
    ((1, 8, 6, 6), (8, 4, 3, 3), 2, 1, False, {"transposed": True, "dilation": 2}),
    ((2, 6, 20), (6, 4, 3), 2, 1, True, {"transposed": True, "output_padding": 1}),
    # channels-last input or weight: slow_conv2d's other GEMMs and col2im order
    ((2, 3, 7, 7), (4, 3, 3, 3), 2, 2, True, {"channels_last": "x"}),
    ((3, 5, 9, 11), (7, 5, 2, 3), (2, 1), (1, 2), False, {"channels_last": "w"}),
    ((1, 8, 12, 12), (8, 8, 3, 3), 1, 1, True, {"channels_last": "x"}),
    ((3, 6, 9, 9), (6, 1, 3, 3), 1, 1, True, {"channels_last": "x", "groups": 6}),
    ((2, 4, 16, 13), (6, 2, 3, 3), 1, 0, False, {"channels_last": "w", "groups": 2}),
    ((3, 6, 12, 11), (6, 2, 2, 3), (2, 1), (1, 2), True,
     {"channels_last": "x", "groups": 3, "dilation": (2, 3)}),
    ((3, 6, 5, 6), (6, 2, 2, 3), (2, 1), (1, 0), True,
     {"channels_last": "x", "transposed": True, "output_padding": (1, 0), "groups": 3}),
    ((2, 4, 8, 9), (4, 3, 3, 3), 1, 0, False, {"channels_last": "w", "transposed": True}),
    # grouped, one sample: each group's input and output gradient slices are views
    ((1, 6, 5, 5), (3, 2, 1, 1), 1, 0, False, {"groups": 3}),
    ((1, 12, 7, 10), (9, 4, 1, 1), (3, 2), (0, 1), True, {"groups": 3, "dilation": (2, 1)}),
]


def run(dtype, x_shape, w_shape, stride, padding, with_bias, options):
    options = dict(options)
    transposed = options.pop("transposed", False)
    channels_last = options.pop("channels_last", "")
    x = torch.tensor(rng.standard_normal(x_shape), dtype=dtype)
    w = torch.tensor(rng.standard_normal(w_shape), dtype=dtype)
    if channels_last == "x":
        x = x.contiguous(memory_format=torch.channels_last)
    if channels_last == "w":
        w = w.contiguous(memory_format=torch.channels_last)
    x.requires_grad_()
    w.requires_grad_()
    channels = w_shape[1] * options.get("groups", 1) if transposed else w_shape[0]
    b = torch.tensor(rng.standard_normal(channels), dtype=dtype) if with_bias else None
    if transposed:
        fn = F.conv_transpose2d if len(x_shape) == 4 else F.conv_transpose1d
    else:
        fn = F.conv2d if len(x_shape) == 4 else F.conv1d
    y = fn(x, w, b, stride=stride, padding=padding, **options)
    y.backward(torch.tensor(rng.standard_normal(tuple(y.shape)), dtype=dtype))
    print(dtype, x_shape, w_shape, stride, padding, with_bias, transposed, channels_last, options,
          round(y.sum().item(), 6), bits(y), bits(x.grad), bits(w.grad))


for threads in (1, 2):
    torch.set_num_threads(threads)
    print("threads", threads)
    for case in CASES:
        if threads == 2 and case[0] == (1, 3, 9, 9):
            # (a transposed convolution's input gradient: PyTorch runs its GEMMs outside its
            # parallel loop and MKL threads them, which changes this one's bits at two
            # threads; hookgrad's MKL keeps one thread's unless HOOKGRAD_MKL_OPENMP=1)
            continue
        run(torch.float64, *case)
    # float32 where PyTorch runs its native kernel: one ungrouped sample, a small kernel and
    # input (any thread count); a 1x1 kernel at stride 1 in a small batch (one thread only)
    for case in CASES:
        single = case[0][0] == 1 and case[5].get("groups", 1) == 1
        pointwise = case[1][2:] == (1, 1) and case[2] == 1
        if single or (threads == 1 and pointwise):
            run(torch.float32, *case)
torch.set_num_threads(1)


def double_backward(dtype, x_shape, w_shape, transposed, **options):
    """A second derivative through the gradients (create_graph, then a plain backward): the
    weight's term is a convolution of the transposed gradient and output gradient in
    PyTorch, not its convolution_backward's weight gradient."""
    x = torch.tensor(rng.standard_normal(x_shape), dtype=dtype, requires_grad=True)
    w = torch.tensor(rng.standard_normal(w_shape), dtype=dtype, requires_grad=True)
    fn = F.conv_transpose2d if transposed else F.conv2d
    y = fn(x, w, None, **options)
    g = torch.tensor(rng.standard_normal(tuple(y.shape)), dtype=dtype, requires_grad=True)
    gx, gw = torch.autograd.grad(y, (x, w), g, create_graph=True)
    ggx, ggw, ggg = torch.autograd.grad((gx * gx).sum() + (gw * gw).sum(), (x, w, g))
    print("double", dtype, x_shape, w_shape, transposed, options, bits(gx), bits(gw),
          bits(ggx), bits(ggw), bits(ggg))


double_backward(torch.float64, (2, 3, 8, 9), (4, 3, 3, 3), False, stride=1, padding=1)
double_backward(torch.float64, (2, 4, 7, 7), (4, 2, 3, 2), False, stride=2, padding=1,
                groups=2)
double_backward(torch.float64, (2, 4, 6, 6), (4, 3, 3, 3), True, stride=2, padding=1)
