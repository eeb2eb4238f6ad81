"""Bicubic upsampling (``F.interpolate(mode="bicubic")``, antialias off), rounded as
PyTorch's CPU kernels round it.

The forward kernel is compiled for the vector units, where the compiler fuses some of its
multiply-adds into single-rounding FMAs; the backward kernel is compiled plainly. So the
two use different cubic coefficients in their last bits, and both are followed here:

- source position ``scale * (i + 0.5) - 0.5`` (fused in the forward), its index
  ``floorf`` of it (in float even for double), its fraction clamped to [0, 1];
- Keys' coefficients (a = -0.75) of the taps at distances ``t + 1``, ``t``, ``1 - t`` and
  ``(1 - t) + 1``, from ``((a + 2) x - (a + 3)) x x + 1`` and ``((a x - 5a) x + 8a) x - 4a``
  (the forward fuses the first multiply-add of each, and the second of the latter);
- forward: the four width taps of each of the four height taps' rows summed as
  ``fma(v0, w0, v1 * w1)`` then ``fma(v2, w2, .)`` and ``fma(v3, w3, .)``, then the four
  rows summed the same way with the height coefficients;
- backward: every output's gradient, in row-major order, adds ``g * wy * wx`` to its 16
  taps (width tap outer, height tap inner); with input and output of one size it is copied.

Computed in the input's precision (float32 for float32 and half: PyTorch's opmath), the
forward coefficients stored in the input's dtype as PyTorch's weight tensors are."""
import numpy as np

from .fused import fma32, fma64

_A = -0.75


def kernel_fma(real):
    """The fused multiply-add of the kernels' precision ``real``."""
    return fma64 if real is np.float64 else fma32


def source_positions(in_size, out_size, scale, align_corners, real, fused):
    """Each output's source position along one axis, in ``real``: ``scale * i`` with
    align_corners, else ``scale * (i + 0.5) - 0.5`` (``fused``: one multiply-add)."""
    if align_corners:
        step = real(in_size - 1) / real(out_size - 1) if out_size > 1 else real(0)
        return (step * np.arange(out_size).astype(real)).astype(real)
    step = real(1.0 / scale) if scale else real(in_size) / real(out_size)
    middle = np.arange(out_size).astype(real) + real(0.5)
    if fused:
        return kernel_fma(real)(np.full(out_size, step, real), middle, real(-0.5)).astype(real)
    return (step * middle - real(0.5)).astype(real)


def _near(x, real, fused):  # distance <= 1
    if fused:
        inner = kernel_fma(real)(np.full(x.shape, real(_A + 2), real), x, real(-(_A + 3)))
    else:
        inner = (real(_A + 2) * x - real(_A + 3)).astype(real)
    return ((inner.astype(real) * x) * x + real(1)).astype(real)


def _far(x, real, fused):  # 1 < distance < 2
    if fused:
        fma = kernel_fma(real)
        inner = fma(fma(np.full(x.shape, real(_A), real), x, real(-5 * _A)), x, real(8 * _A))
    else:
        inner = ((real(_A) * x - real(5 * _A)) * x + real(8 * _A)).astype(real)
    return (inner.astype(real) * x - real(4 * _A)).astype(real)


def _coefficients(fraction, real, fused):
    rest = (real(1) - fraction).astype(real)
    return np.stack([_far((fraction + real(1)).astype(real), real, fused),
                     _near(fraction, real, fused), _near(rest, real, fused),
                     _far((rest + real(1)).astype(real), real, fused)])


def _taps(in_size, out_size, scale, align_corners, real, fused):
    source = source_positions(in_size, out_size, scale, align_corners, real, fused)
    index = np.minimum(np.floor(source.astype(np.float32)).astype(np.int64), in_size - 1)
    fraction = np.clip((source - index.astype(real)).astype(real), real(0), real(1))
    return index, _coefficients(fraction, real, fused)


def cubic_axis(in_size, out_size, scale, align_corners, dtype):
    """``("cubic", index, forward weights, backward weights)`` of one axis: ``index[k]`` the
    k-th tap's input position (clamped to the edge), the weights ``(4, out_size)``."""
    real = np.float64 if np.dtype(dtype) == np.float64 else np.float32
    index, forward = _taps(in_size, out_size, scale, align_corners, real, True)
    _, backward = _taps(in_size, out_size, scale, align_corners, real, False)
    if np.dtype(dtype) == np.float16:  # (PyTorch's weight tensors have the input's dtype)
        forward = forward.astype(np.float16).astype(real)
    taps = np.clip(index + np.arange(-1, 3)[:, None], 0, in_size - 1)
    return ("cubic", taps, forward, backward)


def _combine(values, weights, fma):
    total = fma(values[0], weights[0], values[1] * weights[1])
    total = fma(values[2], weights[2], total)
    return fma(values[3], weights[3], total)


def cubic_forward(x, plan):
    (_, rows, row_weights, _), (_, columns, column_weights, _) = plan
    real = column_weights.dtype.type
    fma = kernel_fma(real)
    data = x.astype(real, copy=False)
    summed = []
    for j in range(4):
        row = np.take(data, rows[j], axis=-2)
        summed.append(_combine([np.take(row, columns[k], axis=-1) for k in range(4)],
                               column_weights, fma).astype(real, copy=False))
    out = _combine(summed, [w[:, None] for w in row_weights], fma)
    return out.astype(x.dtype, copy=False)


def cubic_backward(grad, plan, in_sizes):
    height, width = in_sizes
    out_height, out_width = grad.shape[-2:]
    if (height, width) == (out_height, out_width):
        return grad.copy()
    if not grad.size:  # (an empty batch: nothing to spread)
        return np.zeros(grad.shape[:-2] + (height, width), grad.dtype)
    (_, rows, _, row_weights), (_, columns, _, column_weights) = plan
    real = column_weights.dtype.type
    flat = grad.reshape(-1, out_height * out_width).astype(real, copy=False)
    out_y = np.repeat(np.arange(out_height), out_width)
    out_x = np.tile(np.arange(out_width), out_height)
    # [output, width tap, height tap]: PyTorch's loop order
    index = rows.T[out_y][:, None, :] * width + columns.T[out_x][:, :, None]
    scaled = flat[:, :, None, None] * row_weights.T[out_y][None, :, None, :]
    values = (scaled * column_weights.T[out_x][None, :, :, None]).reshape(len(flat), -1)
    result = np.zeros((len(flat), height * width), real)
    np.add.at(result, (np.arange(len(flat))[:, None], index.reshape(1, -1)), values)
    return result.reshape(grad.shape[:-2] + (height, width)).astype(grad.dtype, copy=False)
