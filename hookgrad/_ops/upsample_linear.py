"""(Bi/tri)linear upsampling (``F.interpolate(mode="linear" | "bilinear" | "trilinear")``,
antialias off), rounded as PyTorch's CPU kernels round it, forward and backward. Measured bit
for bit against PyTorch 2.13 (AVX2) over random sizes, scales, layouts and values, finite or
not; the kernels are compiled for the vector units, where the compiler fuses multiply-adds:

- weights, per axis, in the kernel's precision (float for float32, half and bfloat16):
  source ``fma(scale, i + 0.5, -0.5)`` (clamped at 0; ``scale * i`` with align_corners),
  index ``floorf`` of it (in float even for double) capped at the last input, ``lambda1``
  the rest clamped to [0, 1], ``lambda0 = 1 - lambda1``; an axis of unchanged size reads
  each input twice, weighted 1 and 0 (so an infinite input gives NaN there).
- forward, the generic kernel (1-d; channels-first 2-d whose output height + width > 128;
  3-d but channels-last with more than 3 channels): one axis at a time, the last first, each
  output ``fma(t0, w0, t1 * w1)`` in the kernel's precision (with the weights stored in the
  input's dtype), rounded to the dtype once at the end;
- forward, the channels-last kernel (2-d otherwise; 3-d channels-last with more than 3
  channels): the taps' weights multiplied out (``(d * h) * w``), the 4 or 8 taps summed in
  one chain: for the channels in whole vectors (32 bytes' worth) from the last tap,
  ``fma(x0, w0, fma(x1, w1, ... fma(x7, w7, x6 * w6)))``; for the rest from the first,
  ``fma(x7, w7, ... fma(x2, w2, fma(x0, w0, x1 * w1)))``;
- backward: the output's gradients in row-major order, each adding
  ``fma((d * h) * w, g, acc)`` to its taps in turn (the last axis's tap innermost). Each
  input position's additions form a chain, replayed here in rounds: round k applies every
  position's k-th addition at once (over all positions and channels)."""
import itertools

import numpy as np

from .._memory_format import channels_last, channels_last_3d, is_contiguous_as
from .._parallel import get_num_threads
from .op import type_name
from .upsample_cubic import kernel_fma, source_positions


def _real(dtype):
    """The kernels' precision (``opmath``): double for double, float for the rest."""
    return np.float64 if np.dtype(dtype) == np.float64 else np.float32


def linear_axis(in_size, out_size, scale, align_corners, dtype):
    """``("linear", low, high, low_weight, high_weight)`` of one axis, the weights in the
    kernel's precision; ``scale`` the user's scale factor or None."""
    real = _real(dtype)
    index = np.arange(out_size)
    if in_size == out_size:
        return ("linear", index, index, np.ones(out_size, real), np.zeros(out_size, real))
    with np.errstate(all="ignore"):
        source = source_positions(in_size, out_size, scale if scale and scale > 0 else None,
                                  align_corners, real, True)
        if not align_corners:
            source = np.maximum(source, real(0))
    low = np.minimum(np.floor(source.astype(np.float32)).astype(np.int64), in_size - 1)
    high = np.minimum(low + 1, in_size - 1)
    high_weight = np.clip((source - low.astype(real)).astype(real), real(0), real(1))
    return ("linear", low, high, (real(1) - high_weight).astype(real), high_weight)


def _stored(low_weight, high_weight, dtype):
    """The generic kernel's weights, stored in the input's dtype (``lambda0`` computed from
    the stored ``lambda1``), back in the kernel's precision."""
    if np.dtype(dtype).itemsize > 2:
        return low_weight, high_weight
    real = high_weight.dtype.type
    high = high_weight.astype(dtype)
    low = (real(1) - high.astype(real)).astype(dtype)
    return low.astype(real), high.astype(real)


def _shaped(weight, axis, ndim):
    shape = [1] * ndim
    shape[axis] = -1
    return weight.reshape(shape)


def _channels_last_kernel(x, out_sizes):
    """Whether PyTorch's forward runs its channels-last kernel for ``x`` (its vectorised
    one, which it also takes for small channels-first images)."""
    if x.ndim == 3:
        return False
    fmt = channels_last if x.ndim == 4 else channels_last_3d
    if x.shape[1] > 3 and is_contiguous_as(x.shape, [s // x.itemsize for s in x.strides], fmt):
        return True
    return x.ndim == 4 and (out_sizes[0] + out_sizes[1] <= 128 or (
        x.shape[1] == 3 and get_num_threads() == 1))


def check_dtype(x, out_sizes):
    """PyTorch's error for an input its kernels have no loop for (all but floating types;
    bilinear's uint8 has one of its own), named after the kernel it would run."""
    if x.dtype.kind == "f" or x.dtype.name == "bfloat16" or (
            x.ndim == 4 and x.dtype == np.uint8):
        return
    kernel = "compute_indices_weights_linear"
    if _channels_last_kernel(x, out_sizes):
        kernel = f"upsample_{'bilinear2d' if x.ndim == 4 else 'trilinear3d'}_channels_last"
    raise NotImplementedError(f'"{kernel}" not implemented for \'{type_name(x)}\'')


def linear_forward(x, plan):
    """Resample array ``x`` (N, C, *spatial) by ``plan`` (one "linear" entry an axis)."""
    out_sizes = [len(entry[1]) for entry in plan]
    real = _real(x.dtype)
    if not x.size or not all(out_sizes):
        return np.zeros(x.shape[:2] + tuple(out_sizes), x.dtype)
    data = x.astype(real, copy=False)
    out = _resampled(data, plan, x, kernel_fma(real))
    if np.isnan(out).any():  # (rare: redone with the NaN an FMA instruction gives)
        out = _resampled(data, plan, x, _propagating(kernel_fma(real)))
    return out.astype(x.dtype, copy=False)


def _resampled(data, plan, x, fma):
    out_sizes = [len(entry[1]) for entry in plan]
    if _channels_last_kernel(x, out_sizes):
        block = 32 // x.dtype.itemsize
        step = _pieces(x.shape[1] * int(np.prod(out_sizes)))
        return np.concatenate([_chained(data[start:start + step], plan, block, fma)
                               for start in range(0, len(data), step)])
    # (in pieces of the batch and channels that stay in the cache through the passes)
    flat = data.reshape((-1,) + data.shape[2:])
    step = _pieces(int(np.prod(out_sizes)))
    out = np.empty((len(flat),) + tuple(out_sizes), data.dtype)
    for start in range(0, len(flat), step):
        out[start:start + step] = _separable(flat[start:start + step], plan, x.dtype, fma)
    return out.reshape(x.shape[:2] + tuple(out_sizes))


def _propagating(fma):
    """``fma(a, b, c)`` with the NaN PyTorch's compiled FMAs give (measured): the first
    NaN operand's, in the order a, b, c; the default NaN (negative) only when none is NaN
    (inf * 0, inf - inf), where NumPy's product and sum would give that default first."""
    def fused(a, b, c):
        out = fma(a, b, c)
        lost = np.isnan(out)
        if lost.any():
            a, b, c = np.broadcast_arrays(a, b, c)
            pick = np.full(out.shape, -np.nan, out.dtype)
            for operand in (c, b, a):  # (the last found wins)
                pick = np.where(np.isnan(operand), operand, pick)
            out = np.where(lost, pick, out)
        return out
    return fused


def _pieces(size):
    """Rows of ``size`` elements to a piece of about _CHUNK elements."""
    return max(1, _CHUNK // max(1, size))


_CHUNK = 1 << 16  # (elements: their float64 passes fit a core's L2 cache)


def _separable(data, plan, dtype, fma):
    ndim = data.ndim
    for k in range(len(plan) - 1, -1, -1):
        axis = ndim - len(plan) + k
        _, low, high, low_weight, high_weight = plan[k]
        low_weight, high_weight = _stored(low_weight, high_weight, dtype)
        with np.errstate(all="ignore"):
            rest = np.take(data, high, axis=axis) * _shaped(high_weight, axis, ndim)
            data = fma(np.take(data, low, axis=axis), _shaped(low_weight, axis, ndim), rest)
    return data


def _chained(data, plan, block, fma):
    """The channels-last kernel's sum of the taps (see the module's note); ``block``: the
    lanes of the input dtype's vector (32 bytes' worth)."""
    real = data.dtype.type
    ndim, dims = data.ndim, len(plan)
    gathered = {(): data}  # taps of the leading axes -> the input gathered along them

    def values(taps):
        if taps not in gathered:
            axis = ndim - dims + len(taps) - 1
            gathered[taps] = np.take(values(taps[:-1]), plan[len(taps) - 1][1 + taps[-1]],
                                     axis=axis)
        return gathered[taps]

    def weight(taps):
        total = None
        for k, t in enumerate(taps):
            w = _shaped(plan[k][3 + t], k, dims)
            total = w if total is None else (total * w).astype(real)
        return total

    order = list(itertools.product((0, 1), repeat=dims))
    channels = data.shape[1]
    whole = channels - channels % block
    parts = []
    with np.errstate(all="ignore"):
        for lanes, taps in ((slice(0, whole), order[::-1]), (slice(whole, channels), order)):
            if lanes.start == lanes.stop:
                continue
            first, second = taps[0], taps[1]
            rest = values(second)[:, lanes] * weight(second)
            total = fma(values(first)[:, lanes], weight(first), rest)
            for t in taps[2:]:
                total = fma(values(t)[:, lanes], weight(t), total.astype(real, copy=False))
            parts.append(total.astype(real, copy=False))
    return parts[0] if len(parts) == 1 else np.concatenate(parts, axis=1)


def linear_backward(grad, plan, in_sizes):
    """The gradient wrt the input of ``linear_forward`` (see the module's note)."""
    real = _real(grad.dtype)
    batch = grad.shape[:2]
    lanes = int(np.prod(batch))
    in_count = int(np.prod(in_sizes))
    if not lanes or not grad.size:
        return np.zeros(batch + tuple(in_sizes), grad.dtype)
    inputs, outputs, weights = _contributions(plan, in_sizes, real)
    # each input position's additions in the kernel's order, ranked: round k does the k-th
    order = np.argsort(inputs, kind="stable")
    sorted_inputs = inputs[order]
    starts = np.flatnonzero(np.r_[True, sorted_inputs[1:] != sorted_inputs[:-1]])
    lengths = np.diff(np.r_[starts, len(order)])
    rank = np.arange(len(order)) - np.repeat(starts, lengths)
    by_round = order[np.argsort(rank, kind="stable")]
    bounds = np.r_[0, np.cumsum(np.bincount(rank))]
    g = np.ascontiguousarray(grad.reshape(lanes, -1).T, dtype=real)
    rounds = (inputs, outputs, weights, by_round, bounds)
    acc = _accumulated(g, rounds, in_count, kernel_fma(real))
    if np.isnan(acc).any():  # (rare: redone with the NaN an FMA instruction gives)
        acc = _accumulated(g, rounds, in_count, _propagating(kernel_fma(real)))
    return acc.T.reshape(batch + tuple(in_sizes)).astype(grad.dtype, copy=False)


def _accumulated(g, rounds, in_count, fma):
    inputs, outputs, weights, by_round, bounds = rounds
    real = g.dtype.type
    acc = np.zeros((in_count, g.shape[1]), real)
    with np.errstate(all="ignore"):
        for k in range(len(bounds) - 1):
            picked = by_round[bounds[k]:bounds[k + 1]]
            where = inputs[picked]
            term = weights[picked][:, None]
            if k == 0:  # (fma(w, g, +0): the product rounded, a -0 made +0)
                acc[where] = term * g[outputs[picked]] + real(0)
            else:
                acc[where] = fma(term, g[outputs[picked]], acc[where])
    return acc


def _contributions(plan, in_sizes, real):
    """Every addition of the backward in the kernel's order (the outputs in row-major order,
    each one's taps inner, the last axis's innermost): the input position (flat), the output
    position (flat), the weight (the axes' weights multiplied in order)."""
    dims = len(plan)
    out_sizes = [len(entry[1]) for entry in plan]
    shape = tuple(out_sizes) + (2,) * dims
    inputs = np.zeros(shape, np.int64)
    outputs = np.zeros(shape, np.int64)
    weights = None
    in_stride = out_stride = 1
    for k in range(dims - 1, -1, -1):
        _, low, high, low_weight, high_weight = plan[k]
        axes = [1] * (2 * dims)
        axes[k], axes[dims + k] = out_sizes[k], 2
        inputs += np.stack([low, high], 1).reshape(axes) * in_stride
        outputs += _shaped(np.arange(out_sizes[k]), k, 2 * dims) * out_stride
        in_stride *= in_sizes[k]
        out_stride *= out_sizes[k]
    for k in range(dims):
        axes = [1] * (2 * dims)
        axes[k], axes[dims + k] = out_sizes[k], 2
        weight = np.stack([plan[k][3], plan[k][4]], 1).astype(real).reshape(axes)
        weights = weight if weights is None else (weights * weight).astype(real)
    weights = np.broadcast_to(weights, shape)
    return inputs.reshape(-1), outputs.reshape(-1), weights.reshape(-1)
