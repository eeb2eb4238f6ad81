"""Convolution (im2col + one GEMM per group), pooling and padding, with PyTorch's node names.

Arrays are 4-D ``(N, C, H, W)`` inside; 1-D ops pass ``(N, C, L)`` tensors and 2-tuples whose
first entry is the trivial height (stride 1, padding 0, ...), and are viewed as height 1.
Every backward is a pair of ops that are each other's transposes, so double backward works."""
import numpy as np
from numpy.lib.stride_tricks import as_strided

from .._tensor_base import _make
from .op import Op, plain_backward


def as_4d(x):
    return x[:, :, None, :] if x.ndim == 3 else x


def _like_input(y, ndim):
    return y[:, :, 0, :] if ndim == 3 else y


def _zero_padded(x, padding, value=0, extra=(0, 0)):
    """``x`` padded by ``padding`` on both sides (and ``extra`` more at the end) per spatial dim."""
    (ph, pw), (eh, ew) = padding, extra
    if not (ph or pw or eh or ew):
        return x
    n, c, h, w = x.shape
    out = np.full((n, c, h + 2 * ph + eh, w + 2 * pw + ew), value, x.dtype)
    out[:, :, ph:ph + h, pw:pw + w] = x
    return out


def _batch_last(channels, taps, out_channels, out_width):
    """Whether im2col puts the batch axis last. Batch-first columns are copied in runs of one
    window row (Wo values): slow when Wo is small. Batch-last ones are copied (at stride 1)
    in runs of Wo * N, but the GEMM's output then needs a transpose to batch-first, several
    times slower per value than a copy of long runs. Timed on LeNet-, VGG- and ResNet-like
    layers, batch last pays when the columns outnumber the output rows by more than Wo / 4."""
    return 4 * channels * taps > out_channels * out_width


def _batch_to_last(y):
    """``y`` of shape ``(N, ...)`` as a C-contiguous ``(..., N)`` array. When a sample's
    length in bytes is a multiple of 4 KB, the transposing copy reads N rows that all map to
    the same cache sets and runs about five times slower (104 instead of 21 us for 64 x 16 x
    8 x 8): it then goes through rows padded by one cache line."""
    n = y.shape[0]
    flat = y.reshape(n, -1)
    if n > 8 and flat.strides[0] % 4096 == 0:
        padded = np.empty((n, flat.shape[1] + 64 // y.itemsize), y.dtype)
        padded[:, :flat.shape[1]] = flat
        flat = padded[:, :flat.shape[1]]
    return np.ascontiguousarray(flat.T).reshape(y.shape[1:] + (n,))


def _im2col(x, kernel, out_hw, stride, padding, dilation, groups, batch_last):
    """Columns ``(groups, C/groups * kh * kw, N * Ho * Wo)`` of the padded input, or
    ``(..., Ho * Wo * N)`` when ``batch_last`` (one copy either way)."""
    n, c = x.shape[:2]
    xp = _zero_padded(x, padding)
    if batch_last:
        xp = _batch_to_last(xp)
        sc, sh, sw, sn = xp.strides
        grid, grid_strides = out_hw + (n,), (sh * stride[0], sw * stride[1], sn)
    else:
        sn, sc, sh, sw = xp.strides
        grid, grid_strides = (n,) + out_hw, (sn, sh * stride[0], sw * stride[1])
    cg = c // groups
    windows = as_strided(xp, (groups, cg) + kernel + grid,
                         (sc * cg, sc, sh * dilation[0], sw * dilation[1]) + grid_strides,
                         writeable=False)
    return windows.reshape(groups, cg * kernel[0] * kernel[1], -1)


def _grouped_rows(y, groups, batch_last):
    """``(N, O, Ho, Wo)`` -> ``(groups, O/groups, N * Ho * Wo)`` (the GEMM layout), or
    ``(..., Ho * Wo * N)`` when ``batch_last``."""
    n, o, ho, wo = y.shape
    if batch_last:
        return _batch_to_last(y).reshape(groups, o // groups, ho * wo * n)
    return y.reshape(n, groups, o // groups, ho * wo).transpose(1, 2, 0, 3).reshape(
        groups, o // groups, n * ho * wo)


def conv_output_size(size, kernel, stride, padding, dilation):
    return (size + 2 * padding - dilation * (kernel - 1) - 1) // stride + 1


def conv_forward(x, w, stride, padding, dilation, groups, out_hw=None):
    """``(output, columns)``: the convolution and the im2col columns it multiplied."""
    n, h, wid = x.shape[0], x.shape[2], x.shape[3]
    o, cg, kh, kw = w.shape
    if out_hw is None:
        out_hw = (conv_output_size(h, kh, stride[0], padding[0], dilation[0]),
                  conv_output_size(wid, kw, stride[1], padding[1], dilation[1]))
    batch_last = _batch_last(x.shape[1], kh * kw, o, out_hw[1])
    cols = _im2col(x, (kh, kw), out_hw, stride, padding, dilation, groups, batch_last)
    weight = w.reshape(groups, o // groups, cg * kh * kw)
    out = weight[0] @ cols[0] if groups == 1 else np.matmul(weight, cols)
    if batch_last:
        out = out.reshape(o, *out_hw, n).transpose(3, 0, 1, 2)
    else:
        out = out.reshape(o, n, *out_hw).transpose(1, 0, 2, 3)
    return np.ascontiguousarray(out), cols


def conv_input_grad(gy, w, in_hw, stride, padding, dilation, groups):
    """The transpose of ``conv_forward`` in its input: one GEMM, then col2im, a loop over the
    kernel taps (never over pixels)."""
    n, o, ho, wo = gy.shape
    _, cg, kh, kw = w.shape
    og = o // groups
    # GEMM rows ordered (tap, channel), and the batch axis last everywhere: each tap then adds
    # long contiguous runs instead of rows of a few pixels
    weight = w.reshape(groups, og, cg, kh, kw).transpose(0, 3, 4, 2, 1).reshape(
        groups, kh * kw * cg, og)
    rows = _grouped_rows(gy, groups, True)
    cols = (weight[0] @ rows[0])[None] if groups == 1 else np.matmul(weight, rows)
    cols = cols.reshape(groups, kh, kw, cg, ho, wo, n)
    (sh, sw), (dh, dw), (ph, pw) = stride, dilation, padding
    h, wid = in_hw
    hp = max(h + 2 * ph, (ho - 1) * sh + (kh - 1) * dh + 1)
    wp = max(wid + 2 * pw, (wo - 1) * sw + (kw - 1) * dw + 1)
    gxp = np.zeros((groups, cg, hp, wp, n), gy.dtype)
    for i in range(kh):
        for j in range(kw):
            gxp[:, :, i * dh:i * dh + (ho - 1) * sh + 1:sh,
                j * dw:j * dw + (wo - 1) * sw + 1:sw] += cols[:, i, j]
    gx = gxp.reshape(groups * cg, hp, wp, n)[:, ph:ph + h, pw:pw + wid]
    return np.ascontiguousarray(gx.transpose(3, 0, 1, 2))


def conv_weight_grad(x, gy, w_shape, stride, padding, dilation, groups, cols=None):
    """The weight gradient; ``cols``, when given, are ``conv_forward``'s columns of ``x``."""
    kh, kw = w_shape[2:]
    batch_last = _batch_last(x.shape[1], kh * kw, w_shape[0], gy.shape[3])
    if cols is None:
        cols = _im2col(x, (kh, kw), gy.shape[2:], stride, padding, dilation, groups, batch_last)
    rows = _grouped_rows(gy, groups, batch_last)
    # columns times rows, transposed after: 5-15% faster than rows times transposed columns
    # for these long, thin products
    if groups == 1:
        gw = (cols[0] @ rows[0].T).T
    else:
        gw = np.matmul(cols, rows.transpose(0, 2, 1)).transpose(0, 2, 1)
    return gw.reshape(w_shape)


# Columns up to this size are kept from the forward for the weight gradient (saving an
# im2col, about a third of its cost); larger ones are rebuilt so a graph held across steps
# does not keep many times its inputs' memory.
KEEP_COLUMNS_BYTES = 8 << 20


class ConvolutionBackward0(Op):
    """Convolution (``transposed=False``) or transposed convolution; ``out_hw`` is the output's
    spatial size (required when transposed: it fixes ``output_padding``)."""

    saved_names = ('input', 'weight')
    arity = 3

    def forward(self, input, weight, bias, stride, padding, dilation, transposed, out_hw,
                groups):
        x, w = input._data, weight._data
        x4, w4 = as_4d(x), as_4d(w)
        self.params = (stride, padding, dilation, groups)
        self.transposed, self.in_hw, self.w_shape = transposed, x4.shape[2:], w.shape
        self.save(input if self.needs(1) else None, weight if self.needs(0) else None)
        self.columns = None
        if transposed:
            y = conv_input_grad(x4, w4, out_hw, stride, padding, dilation, groups)
        else:
            y, cols = conv_forward(x4, w4, stride, padding, dilation, groups, out_hw)
            if self.needs(1) and cols.nbytes <= KEEP_COLUMNS_BYTES:
                self.columns = cols
        if bias is not None:
            y += bias._data.reshape(1, -1, 1, 1)
        return _like_input(y, x.ndim)

    def backward(self, grad):
        input, weight = self.saved()
        grad_input = grad_weight = grad_bias = None
        if self.needs(0):
            # the input gradient is the transposed op (and vice versa) with the same weight
            grad_input = _ConvGradInput.apply(grad, weight, None, *self.params[:3],
                                              not self.transposed, self.in_hw, self.params[3])
        if self.needs(1):
            x, gy = (grad, input) if self.transposed else (input, grad)
            # the kept columns are the saved input's, unless a saved-tensor hook may unpack
            # something else in its place
            cols = None if self._for_backward[0].has_hooks else self.columns
            grad_weight = _ConvGradWeight.apply(x, gy, *self.params, self.w_shape, cols)
        if self.needs(2):
            if plain_backward():
                # over the batch first (whole rows at a time), then each channel's pixels:
                # three times faster than one reduction over (0, 2, 3)
                g = grad._data
                per_channel = np.add.reduce(g, axis=0)
                grad_bias = _make(np.add.reduce(per_channel, axis=tuple(range(1, g.ndim - 1))))
            else:
                grad_bias = grad.sum((0,) + tuple(range(2, grad._data.ndim)))
        return grad_input, grad_weight, grad_bias

    def _release(self):
        super()._release()
        self.columns = None


class _ConvGradInput(ConvolutionBackward0):
    node_name = "ConvolutionBackwardBackward0"


class _ConvGradWeight(Op):
    """The weight gradient ``conv_weight_grad(x, grad_output)`` of a convolution: bilinear, so
    its own gradients are a transposed and a plain convolution with the incoming gradient."""

    arity = 2

    def forward(self, input, grad_output, stride, padding, dilation, groups, w_shape,
                cols=None):
        x, gy = as_4d(input._data), as_4d(grad_output._data)
        self.params = (stride, padding, dilation, groups)
        self.in_hw, self.out_hw = x.shape[2:], gy.shape[2:]
        self.save(input if self.needs(1) else None, grad_output if self.needs(0) else None)
        shape4 = w_shape if len(w_shape) == 4 else w_shape[:2] + (1,) + w_shape[2:]
        gw = conv_weight_grad(x, gy, shape4, stride, padding, dilation, groups, cols)
        return gw.reshape(w_shape)

    def backward(self, grad):
        input, grad_output = self.saved()
        stride, padding, dilation, groups = self.params
        grad_x = grad_gy = None
        if self.needs(0):
            grad_x = ConvolutionBackward0.apply(grad_output, grad, None, stride, padding,
                                                dilation, True, self.in_hw, groups)
        if self.needs(1):
            grad_gy = ConvolutionBackward0.apply(input, grad, None, stride, padding, dilation,
                                                 False, self.out_hw, groups)
        return grad_x, grad_gy

    node_name = "ConvolutionBackwardBackward0"


# --------------------------------------------------------------------------- pooling

def pool_output_size(size, kernel, stride, padding, dilation, ceil_mode):
    extent = dilation * (kernel - 1) + 1
    out = (size + 2 * padding - extent + (stride - 1 if ceil_mode else 0)) // stride + 1
    if ceil_mode and (out - 1) * stride >= size + padding:
        out -= 1  # the last window must start inside the input or its left padding
    return out


def _pool_geometry(shape, kernel, stride, padding, dilation, ceil_mode):
    """Output size and how much to pad at the end so every window lies inside the array."""
    out_hw, extra = [], []
    for size, k, s, p, d in zip(shape[2:], kernel, stride, padding, dilation, strict=True):
        out = pool_output_size(size, k, s, p, d, ceil_mode)
        out_hw.append(out)
        extra.append(max(0, (out - 1) * s + d * (k - 1) + 1 - size - 2 * p))
    return tuple(out_hw), tuple(extra)


def _window_slices(kernel, out_hw, stride, dilation):
    """A key per kernel tap, row-major: ``padded[key]`` holds that tap of every window."""
    (kh, kw), (ho, wo), (sh, sw), (dh, dw) = kernel, out_hw, stride, dilation
    for i in range(kh):
        for j in range(kw):
            yield (Ellipsis, slice(i * dh, i * dh + (ho - 1) * sh + 1, sh),
                         slice(j * dw, j * dw + (wo - 1) * sw + 1, sw))


def _max_taps(taps, first, with_nan):
    """Max over each window's ``taps`` and which tap holds it, as PyTorch's loop does: start
    from the window's ``first`` in-bounds tap (so padding never wins, even when every value is
    -inf), replace on strictly greater (the first maximum wins) or, ``with_nan``, on a NaN."""
    best = taps[0].copy()
    arg = np.empty(best.shape, np.min_scalar_type(len(taps) - 1))
    arg[...] = first
    tap_number = arg.dtype.type
    for k in range(1, len(taps)):
        # one strided copy, then contiguous ops: several times faster than strided operands
        tap = taps[k].copy()
        take = tap > best
        if with_nan:
            take |= np.isnan(tap)
            np.copyto(best, tap, where=take)
        else:
            np.maximum(best, tap, out=best)
        # every tap before k has a smaller number, so "k where take" is a max: arithmetic
        # instead of a masked write, which is slow on unpredictable masks
        np.maximum(arg, take * tap_number(k), out=arg)
    return best, arg


class MaxPool2DWithIndicesBackward0(Op):
    """Returns ``output``, or ``(output, indices)`` when ``return_indices``; indices are flat
    positions in each input plane. The node keeps only the winning tap of each window (a
    small int) and builds flat indices when they are needed (``flat_indices``)."""

    def forward(self, input, kernel, stride, padding, dilation, ceil_mode, return_indices):
        x = input._data if input._data.ndim == 4 else input._data[None]
        out_hw, extra = _pool_geometry(x.shape, kernel, stride, padding, dilation, ceil_mode)
        low = -np.inf if x.dtype.kind == "f" else np.iinfo(x.dtype).min
        xp = _zero_padded(x, padding, low, extra)
        (kh, kw), (sh, sw), (ph, pw), (dh, dw) = kernel, stride, padding, dilation
        first = 0
        if ph or pw:  # windows that start in the padding: their first tap inside the input
            first_row = np.maximum(0, -((np.arange(out_hw[0]) * sh - ph) // dh))[:, None]
            first_col = np.maximum(0, -((np.arange(out_hw[1]) * sw - pw) // dw))
            first = first_row * kw + first_col
        taps = [xp[key] for key in _window_slices(kernel, out_hw, stride, dilation)]
        best, arg = _max_taps(taps, first, False)
        # a NaN in a window makes its maximum NaN; only then is the (slower) NaN rule needed
        if x.dtype.kind == "f" and np.isnan(np.maximum.reduce(best, axis=None)):
            best, arg = _max_taps(taps, first, True)
        self.in_shape, self.arg, self.indices = input._data.shape, arg, None
        self.geometry = (kernel, stride, padding, dilation)
        self.overlapping = sh < (kh - 1) * dh + 1 or sw < (kw - 1) * dw + 1
        out = best if input._data.ndim == 4 else best[0]
        return (out, self.flat_indices()) if return_indices else out

    def flat_indices(self):
        """Flat positions of the maxima in each input plane, shaped like the output."""
        if self.indices is None:
            (kh, kw), (sh, sw), (ph, pw), (dh, dw) = self.geometry
            width = self.in_shape[-1]
            ho, wo = self.arg.shape[2:]
            starts = (np.arange(ho) * sh - ph)[:, None] * width + (np.arange(wo) * sw - pw)
            offsets = ((np.arange(kh) * dh)[:, None] * width + np.arange(kw) * dw).ravel()
            indices = offsets.take(self.arg) + starts
            self.indices = indices if len(self.in_shape) == 4 else indices[0]
        return self.indices

    def backward(self, grad, grad_indices=None):
        return MaxPool2DWithIndicesBackwardBackward0.apply(grad, self)


class MaxPool2DWithIndicesBackwardBackward0(Op):
    """Scatter ``grad`` to the argmax positions of ``pool``, a max-pooling node with
    ``in_shape``, ``overlapping`` and ``flat_indices()`` (summing where windows share one)."""

    def forward(self, grad, pool):
        self.pool = pool
        g = grad._data
        in_shape = pool.in_shape
        plane = in_shape[-2] * in_shape[-1]
        index = pool.flat_indices().reshape(-1, g.shape[-2] * g.shape[-1])
        # positions in the whole input: one flat write is several times faster than
        # put_along_axis plane by plane
        index = (index + np.arange(0, index.shape[0] * plane, plane)[:, None]).ravel()
        out = np.zeros(int(np.prod(in_shape)), g.dtype)
        if pool.overlapping:
            np.add.at(out, index, g.ravel())
        else:
            out[index] = g.ravel()
        return out.reshape(in_shape)

    def backward(self, grad):
        indices = self.pool.flat_indices()
        planes = indices.shape[:-2]
        flat = grad.reshape(planes + (-1,))
        index = _make(indices.reshape(planes + (-1,)))
        return flat.gather(-1, index).reshape(indices.shape)


def _avg_divisor(shape, kernel, stride, padding, out_hw, count_include_pad, divisor_override,
                 dtype):
    """The divisor of each output position, shaped ``(Ho, Wo)``."""
    if divisor_override:
        return divisor_override
    sizes = []
    for size, k, s, p, out in zip(shape[-2:], kernel, stride, padding, out_hw, strict=True):
        start = np.arange(out) * s - p
        end = np.minimum(start + k, size + p)
        if count_include_pad:
            sizes.append(end - start)
        else:
            sizes.append(np.minimum(end, size) - np.maximum(start, 0))
    return (sizes[0][:, None] * sizes[1][None, :]).astype(dtype)


class AvgPool2DBackward0(Op):
    def forward(self, input, kernel, stride, padding, ceil_mode, count_include_pad,
                divisor_override):
        x = input._data
        x4 = x if x.ndim == 4 else x[None]
        out_hw, extra = _pool_geometry(x4.shape, kernel, stride, padding, (1, 1), ceil_mode)
        self.params = (kernel, stride, padding, ceil_mode, count_include_pad, divisor_override)
        self.in_shape = x.shape
        xp = _zero_padded(x4, padding, 0, extra)
        total = None
        for key in _window_slices(kernel, out_hw, stride, (1, 1)):
            total = xp[key].copy() if total is None else np.add(total, xp[key], out=total)
        divisor = _avg_divisor(x4.shape, kernel, stride, padding, out_hw, count_include_pad,
                               divisor_override, x.dtype)
        out = np.divide(total, divisor, out=total)
        return out if x.ndim == 4 else out[0]

    def backward(self, grad):
        return AvgPool2DBackwardBackward0.apply(grad, self.in_shape, *self.params)


class AvgPool2DBackwardBackward0(Op):
    """Spread each output gradient evenly over its window: the transpose of average pooling."""

    def forward(self, grad, in_shape, kernel, stride, padding, ceil_mode, count_include_pad,
                divisor_override):
        self.params = (kernel, stride, padding, ceil_mode, count_include_pad, divisor_override)
        g = grad._data
        g4 = g if g.ndim == 4 else g[None]
        shape4 = in_shape if len(in_shape) == 4 else (1,) + tuple(in_shape)
        out_hw, extra = _pool_geometry(shape4, kernel, stride, padding, (1, 1), ceil_mode)
        divisor = _avg_divisor(shape4, kernel, stride, padding, out_hw, count_include_pad,
                               divisor_override, g.dtype)
        share = g4 / divisor
        (ph, pw), (eh, ew) = padding, extra
        h, w = shape4[2:]
        gxp = np.zeros(shape4[:2] + (h + 2 * ph + eh, w + 2 * pw + ew), g.dtype)
        for key in _window_slices(kernel, out_hw, stride, (1, 1)):
            gxp[key] += share
        gx = np.ascontiguousarray(gxp[:, :, ph:ph + h, pw:pw + w])
        return gx if len(in_shape) == 4 else gx[0]

    def backward(self, grad):
        return AvgPool2DBackward0.apply(grad, *self.params)


def adaptive_windows(size, out):
    """Start and end of each output's window along one dim (they may overlap)."""
    index = np.arange(out)
    return (index * size) // out, -((-(index + 1) * size) // out)


def _adaptive_matrix(size, out, dtype):
    """``(out, size)`` averaging matrix of adaptive pooling (windows may overlap)."""
    start, end = adaptive_windows(size, out)
    positions = np.arange(size)
    inside = (positions >= start[:, None]) & (positions < end[:, None])
    return (inside / (end - start)[:, None]).astype(dtype)


def _adaptive_apply(x, rows, cols):
    """``rows @ x @ cols.T`` over the last two dims, as two GEMMs."""
    lead = x.shape[:-2]
    h, w = x.shape[-2:]
    t = (x.reshape(-1, w) @ cols.T).reshape(-1, h, cols.shape[0])
    return np.matmul(rows, t).reshape(lead + (rows.shape[0], cols.shape[0]))


class AdaptiveAvgPool2DBackward0(Op):
    def forward(self, input, output_size):
        x = input._data
        self.in_shape, self.output_size = x.shape, output_size
        (h, w), (oh, ow) = x.shape[-2:], output_size
        if h % oh == 0 and w % ow == 0:  # equal windows: a reshape and a mean
            return x.reshape(x.shape[:-2] + (oh, h // oh, ow, w // ow)).mean((-3, -1))
        return _adaptive_apply(x, _adaptive_matrix(h, oh, x.dtype),
                               _adaptive_matrix(w, ow, x.dtype))

    def backward(self, grad):
        return AdaptiveAvgPool2DBackwardBackward0.apply(grad, self.in_shape)


class AdaptiveAvgPool2DBackwardBackward0(Op):
    def forward(self, grad, in_shape):
        g = grad._data
        self.output_size = g.shape[-2:]
        (h, w), (oh, ow) = in_shape[-2:], g.shape[-2:]
        if h % oh == 0 and w % ow == 0:
            kh, kw = h // oh, w // ow
            share = (g / (kh * kw)).astype(g.dtype, copy=False)
            spread = np.broadcast_to(share[..., :, None, :, None], g.shape[:-2] + (oh, kh, ow, kw))
            return spread.reshape(in_shape)
        return _adaptive_apply(g, _adaptive_matrix(h, oh, g.dtype).T,
                               _adaptive_matrix(w, ow, g.dtype).T)

    def backward(self, grad):
        return AdaptiveAvgPool2DBackward0.apply(grad, self.output_size)


class AdaptiveMaxPool2DBackward0(Op):
    """Returns ``(output, indices)``. The max is taken over rows, then columns: one loop over
    the output's rows and one over its columns, never over pixels. (On ties PyTorch prefers
    the first row; this takes the first column.)"""

    overlapping = True  # adaptive windows may overlap

    def forward(self, input, output_size):
        x = input._data
        (h, w), (oh, ow) = x.shape[-2:], output_size
        row_max, row_arg = [], []
        for start, end in zip(*adaptive_windows(h, oh), strict=True):
            window = x[..., start:end, :]
            arg = np.argmax(window, axis=-2)
            row_arg.append(arg + start)
            row_max.append(np.take_along_axis(window, arg[..., None, :], axis=-2)[..., 0, :])
        row_max, row_arg = np.stack(row_max, -2), np.stack(row_arg, -2)
        out, indices = [], []
        for start, end in zip(*adaptive_windows(w, ow), strict=True):
            arg = np.argmax(row_max[..., start:end], axis=-1)[..., None]
            out.append(np.take_along_axis(row_max[..., start:end], arg, axis=-1)[..., 0])
            rows = np.take_along_axis(row_arg[..., start:end], arg, axis=-1)[..., 0]
            indices.append(rows * w + arg[..., 0] + start)
        self.in_shape, self.indices = x.shape, np.stack(indices, -1)
        return np.stack(out, -1), self.indices

    def flat_indices(self):
        return self.indices

    def backward(self, grad, grad_indices=None):
        return MaxPool2DWithIndicesBackwardBackward0.apply(grad, self)


# --------------------------------------------------------------------------- padding

class ConstantPadNdBackward0(Op):
    """``pad`` is PyTorch's flat list, last dim first; negative entries crop."""

    def forward(self, input, pad, value):
        x = input._data
        self.pad = pad
        shape, src, dst = list(x.shape), [slice(None)] * x.ndim, [slice(None)] * x.ndim
        for k in range(len(pad) // 2):
            dim = x.ndim - 1 - k
            left, right = pad[2 * k], pad[2 * k + 1]
            size = shape[dim] + left + right
            if size < 0:
                raise RuntimeError(
                    f"The input size {shape[dim]}, plus negative padding {left} and {right} "
                    f"resulted in a negative output size, which is invalid. Check dimension "
                    f"{dim} of your input.")
            src[dim] = slice(max(-left, 0), shape[dim] - max(-right, 0))
            dst[dim] = slice(max(left, 0), size - max(right, 0))
            shape[dim] = size
        out = np.full(shape, value, x.dtype)
        out[tuple(dst)] = x[tuple(src)]
        return out

    def backward(self, grad):
        return ConstantPadNdBackward0.apply(grad, tuple(-p for p in self.pad), 0)


def pad_indices(size, left, right, mode):
    """Source index of each output position along one dim for a non-constant padding mode."""
    positions = np.arange(-left, size + right)
    if mode == "reflect":
        period = 2 * (size - 1) if size > 1 else 1
        positions = np.abs(positions) % period
        return np.where(positions >= size, period - positions, positions)
    if mode == "replicate":
        return np.clip(positions, 0, size - 1)
    return positions % size  # circular


class _IndexPad(Op):
    """Reflect / replicate / circular padding as a gather along each padded dim."""

    def forward(self, input, pad, mode):
        x = input._data
        self.in_shape = x.shape
        self.index = []
        for k in range(len(pad) // 2):
            dim = x.ndim - 1 - k
            index = pad_indices(x.shape[dim], pad[2 * k], pad[2 * k + 1], mode)
            self.index.append((dim, index))
            x = np.take(x, index, axis=dim)
        return x

    def backward(self, grad):
        return _IndexPadGrad.apply(grad, self)


class _IndexPadGrad(Op):
    """Sum the gradient of every copy back into its source position (transpose of _IndexPad)."""

    def forward(self, grad, pad_op):
        self.pad_op = pad_op
        g = grad._data
        shape = list(g.shape)
        for dim, index in reversed(pad_op.index):
            shape[dim] = pad_op.in_shape[dim]
            out = np.zeros(shape, g.dtype)
            np.add.at(out, (slice(None),) * dim + (index,), g)
            g = out
        return g

    def backward(self, grad):
        return _IndexPadAgain.apply(grad, self.pad_op)


class _IndexPadAgain(Op):
    def forward(self, grad, pad_op):
        self.pad_op = pad_op
        g = grad._data
        for dim, index in pad_op.index:
            g = np.take(g, index, axis=dim)
        return g

    def backward(self, grad):
        return _IndexPadGrad.apply(grad, self.pad_op)


def _pad_node(mode, ndims):
    name = {"reflect": "ReflectionPad", "replicate": "ReplicationPad"}.get(mode)
    return type(f"{name}{ndims}DBackward0" if name else "CircularPadBackward0", (_IndexPad,), {})


PAD_NODES = {(mode, n): _pad_node(mode, n) for mode in ("reflect", "replicate", "circular")
             for n in (1, 2, 3)}
