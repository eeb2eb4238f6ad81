"""gelu of infinities and convolutions with an infinite or NaN weight, where PyTorch's CPU
result depends on the backend its own rules choose (oneDNN or its native kernels) but not on
threads or runs: recorded by tools/record/nonfinite_backends.py, checked by
test_nonfinite_backends.py (values, and the sign bit of each NaN where the case pins it).

gelu (approximate='none'): a contiguous float32 input of more than one element goes to oneDNN,
which turns +inf into a NaN with its sign bit set and -inf into one without; PyTorch's own
kernel (float64, one element, 0-d, a strided view) gives inf for +inf and a negative NaN for
-inf. Convolution: oneDNN (float32 with a batch above 1, groups, or a kernel above 3x3) leaves
the zero padding out of each window's sum, so an inf tap on padding adds nothing; the im2col
GEMM (float64, a float32 batch of one with a small kernel) and oneDNN's own GEMM (a window
wholly in the padding, padding wider than a tiny output, grouped shapes its direct kernels do
not take) multiply the zeros, inf * 0 = NaN."""
import numpy as np

INF, NAN = float("inf"), float("nan")
GELU_VALUES = [INF, -INF, NAN, 1.0, -2.0, 0.5]


def _gelu(torch, dtype, layout):
    base = torch.tensor(GELU_VALUES, dtype=getattr(torch, dtype))
    x = {"contiguous": base, "one_element": base[:1].clone(), "zero_d": base[0].clone(),
         "strided": torch.stack([base, base], 1)[:, 0],
         "matrix": base.reshape(2, 3), "transposed": base.reshape(3, 2).t()}[layout]
    return torch.nn.functional.gelu(x)


def _grid(shape, seed):
    return np.random.default_rng(seed).choice([-1.5, -0.5, 0.0, 0.5, 1.25], size=shape)


def _conv(torch, dims, dtype, batch, groups, kernel, padding, nonfinite=INF, dilation=1,
          channels=2, length=7):
    spatial = (length,) * dims
    x = _grid((batch, channels) + spatial, 1)
    w = _grid((2, channels // groups) + (kernel,) * dims, 2)
    w.reshape(-1)[-1] = nonfinite  # the last tap: it falls on the end padding
    w.reshape(-1)[1] = -INF
    conv = torch.nn.functional.conv1d if dims == 1 else torch.nn.functional.conv2d
    dt = getattr(torch, dtype)
    return conv(torch.tensor(x, dtype=dt), torch.tensor(w, dtype=dt), None, 1, padding,
                dilation, groups)


CASES = {f"gelu_{dtype}_{layout}": (_gelu, dtype, layout) for dtype in ("float32", "float64")
         for layout in ("contiguous", "one_element", "zero_d", "strided", "matrix",
                        "transposed")}
CASES.update({
    # oneDNN, padding left out
    "conv1d_f32_batch2": (_conv, 1, "float32", 2, 1, 3, 1),
    "conv1d_f32_groups2": (_conv, 1, "float32", 1, 2, 3, 1),
    "conv2d_f32_batch2": (_conv, 2, "float32", 2, 1, 3, 1),
    "conv2d_f32_same_groups2": (_conv, 2, "float32", 2, 2, 3, "same"),
    "conv2d_f32_kernel5": (_conv, 2, "float32", 1, 1, 5, 2),
    "conv2d_f32_nan_weight": (_conv, 2, "float32", 2, 1, 3, 1, NAN),
    "conv2d_f32_dilated": (_conv, 2, "float32", 2, 1, 2, 2, INF, 2),
    # zero padding multiplied: native GEMM, or a window wholly in the padding
    "conv1d_f32_batch1": (_conv, 1, "float32", 1, 1, 3, 1),
    "conv2d_f32_batch1_kernel3": (_conv, 2, "float32", 1, 1, 3, 1),
    "conv2d_f64_batch2": (_conv, 2, "float64", 2, 1, 3, 1),
    "conv2d_f32_padding_covers_window": (_conv, 2, "float32", 2, 1, 2, 2),
    "conv2d_f32_1x1_padded": (_conv, 2, "float32", 2, 2, 1, 1),
    # oneDNN's GEMM: groups of 2 input channels and 1 output channel, not depthwise
    "conv1d_f32_grouped_gemm": (_conv, 1, "float32", 2, 2, 2, 1, NAN, 1, 4, 5),
    # oneDNN's GEMM: padding wider than the (one-value) output
    "conv1d_f32_tiny_output": (_conv, 1, "float32", 2, 1, 4, 2, INF, 2, 2, 3),
})


def run(torch, name):
    function, *args = CASES[name]
    out = function(torch, *args).detach()
    return {"values": out.numpy(), "signbit": torch.signbit(out).reshape(-1).tolist()}
