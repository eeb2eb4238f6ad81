"""Pooling: max (with indices), average and adaptive pooling over 2-D windows, with PyTorch's
node names (1-D pooling runs on height-1 arrays, as convolution does). Every backward is an op
whose own backward is the forward's kind again, so double backward works."""
import numpy as np

from .._memory_format import like_suggested
from .._tensor_base import _make
from . import adaptive_avg_kernel
from .activation_backward import zeros_of_input
from .conv_columns import zero_padded
from .op import Op, type_name


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
        else:  # (NumPy's maximum gives its second operand on a tie: best, the earlier -0.0)
            np.maximum(tap, best, out=best)
        # every tap before k has a smaller number, so "k where take" is a max: arithmetic
        # instead of a masked write, which is slow on unpredictable masks
        np.maximum(arg, take * tap_number(k), out=arg)
    return best, arg


class MaxPool2DWithIndicesBackward0(Op):
    """Returns ``output``, or ``(output, indices)`` when ``return_indices``; indices are flat
    positions in each input plane. The node keeps only the winning tap of each window (a
    small int) and builds flat indices when they are needed (``flat_indices``)."""

    saves_indices = True  # (as PyTorch's node, with self)

    def forward(self, input, kernel, stride, padding, dilation, ceil_mode, return_indices):
        self.save(input)  # (its gradient's node takes it as an input, as PyTorch's)
        x = input._data if input._data.ndim == 4 else input._data[None]
        out_hw, extra = _pool_geometry(x.shape, kernel, stride, padding, dilation, ceil_mode)
        low = -np.inf if x.dtype.kind in "fV" else np.iinfo(x.dtype).min
        xp = zero_padded(x, padding, low, extra)
        (kh, kw), (sh, sw), (ph, pw), (dh, dw) = kernel, stride, padding, dilation
        first, self.padding_only = 0, False
        if ph or pw:  # windows that start in the padding: their first tap inside the input
            row_starts, col_starts = np.arange(out_hw[0]) * sh - ph, np.arange(out_hw[1]) * sw - pw
            first_row = np.maximum(0, -(row_starts // dh))
            first_col = np.maximum(0, -(col_starts // dw))
            # a window made only of padding: PyTorch gives -inf and an index past the input
            # (or, past a row's end, into the next row), where backward writes its gradient
            self.padding_only = bool((row_starts + first_row * dh >= x.shape[2]).any()
                                     or (col_starts + first_col * dw >= x.shape[3]).any())
            first = first_row[:, None] * kw + first_col
        taps = [xp[key] for key in _window_slices(kernel, out_hw, stride, dilation)]
        if not self._record and not return_indices:
            # no backward and no indices: the maxima alone (a NaN propagates, as it wins);
            # the earlier tap second, as NumPy's maximum gives that on a tie (-0.0 against
            # 0.0: the first in the window wins, as in PyTorch's loop)
            best = taps[0].copy() if len(taps) == 1 else np.maximum(taps[1], taps[0])
            for tap in taps[2:]:
                np.maximum(tap, best, out=best)
            return like_suggested(best, x) if input._data.ndim == 4 else best[0]
        best, arg = _max_taps(taps, first, False)
        # a NaN in a window makes its maximum NaN; only then is the (slower) NaN rule needed
        if x.dtype.kind in "fV" and best.size and np.isnan(np.maximum.reduce(best, axis=None)):
            best, arg = _max_taps(taps, first, True)
        self.in_shape, self.arg, self.indices = input._data.shape, arg, None
        self.geometry = (kernel, stride, padding, dilation)
        self.overlapping = sh < (kh - 1) * dh + 1 or sw < (kw - 1) * dw + 1
        if input._data.ndim != 4:
            return (best[0], self.flat_indices()) if return_indices else best[0]
        out = like_suggested(best, x)  # (the indices too: PyTorch allocates both so)
        return (out, like_suggested(self.flat_indices(), x)) if return_indices else out

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
        return MaxPool2DWithIndicesBackwardBackward0.apply(grad, self.saved()[0], self)


# (arg shape, input plane, stride, padding) -> each window's first position in the whole
# input (``whole_input_indices``): a training loop meets a few shapes, each step after step
_window_starts = {}
_WINDOW_STARTS_CACHE_SIZE = 16
_WINDOW_STARTS_MAX_BYTES = 4 << 20  # (larger ones are made each time: memory)


def whole_input_indices(pool, window_count):
    """The flat positions of ``pool``'s maxima in its whole input (planes one after another),
    raveled; ``window_count``: the windows per plane. From a max-pooling node's winning taps
    (``arg``), a lookup of each tap's offset in its window plus the window's cached first
    position: two passes over the indices instead of flat_indices' four (W4's first pooling,
    64 x 6 x 12 x 12 windows: 0.05 instead of 0.11 ms)."""
    arg = getattr(pool, "arg", None)
    if arg is None or pool.indices is not None:  # (adaptive pooling, or indices made)
        index = pool.flat_indices().reshape(-1, window_count)
        plane = pool.in_shape[-2] * pool.in_shape[-1]
        return (index + np.arange(0, index.shape[0] * plane, plane)[:, None]).ravel()
    (kh, kw), (sh, sw), (ph, pw), (dh, dw) = pool.geometry
    height, width = pool.in_shape[-2:]
    key = (arg.shape, height, width, sh, sw, ph, pw)
    starts = _window_starts.get(key)
    if starts is None:
        ho, wo = arg.shape[-2:]
        planes = np.arange(0, arg.size // max(1, ho * wo) * height * width, height * width)
        within = (np.arange(ho) * sh - ph)[:, None] * width + (np.arange(wo) * sw - pw)
        starts = (planes[:, None] + within.ravel()).reshape(arg.shape)
        if starts.nbytes <= _WINDOW_STARTS_MAX_BYTES:
            if len(_window_starts) >= _WINDOW_STARTS_CACHE_SIZE:
                _window_starts.clear()  # (one call: safe with backward passes on other threads)
            _window_starts[key] = starts
    offsets = ((np.arange(kh) * dh)[:, None] * width + np.arange(kw) * dw).ravel()
    index = offsets.take(arg)
    index += starts
    return index.ravel()


class MaxPool2DWithIndicesBackwardBackward0(Op):
    """Scatter ``grad`` to the argmax positions of ``pool``, a max-pooling node with
    ``in_shape``, ``overlapping`` and ``flat_indices()`` (summing where windows share one).
    Its inputs are PyTorch's, the gradient and the pooled input (whose derivative is zeros):
    the gradient requires grad when the input does."""

    arity = 2

    def forward(self, grad, input, pool):
        self.pool = pool
        g = grad._data
        in_shape = pool.in_shape
        # positions in the whole input: one flat write is several times faster than
        # put_along_axis plane by plane
        index = whole_input_indices(pool, g.shape[-2] * g.shape[-1])
        values = g.ravel()
        total = int(np.prod(in_shape))
        inside = None
        if pool.padding_only:
            # PyTorch writes a padding-only window's gradient at its index past the plane,
            # unchecked: into the next plane of the contiguous gradient (the last plane's
            # lands past the buffer, which is lost here)
            inside = index < total
            index, values = index[inside], values[inside]
        out = np.zeros(total, g.dtype)
        if pool.overlapping or inside is not None:
            np.add.at(out, index, values)
        else:
            out[index] = values
        return out.reshape(in_shape)

    def backward(self, grad):
        grad_output = None
        if self.needs(0):
            indices = self.pool.flat_indices()
            planes = indices.shape[:-2]
            # (the plane's size spelled out: -1 is ambiguous when there are no planes)
            flat = grad.reshape(planes + (grad.shape[-2] * grad.shape[-1],))
            if self.pool.padding_only:  # PyTorch's gather fails on the indices past the input
                plane = flat._data.shape[-1]
                outside = indices[indices >= plane]
                if outside.size:
                    raise RuntimeError(f"index {outside[0]} is out of bounds for dimension "
                                       f"{len(planes)} with size {plane}")
            index = _make(indices.reshape(planes + (indices.shape[-2] * indices.shape[-1],)))
            grad_output = flat.gather(-1, index).reshape(indices.shape)
        return grad_output, zeros_of_input(self, 1) if self.needs(1) else None


class AdaptiveMaxPool2DBackwardBackward0(MaxPool2DWithIndicesBackwardBackward0):
    pass


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
        self.save(input)  # (its gradient's node takes it as an input, as PyTorch's)
        x = input._data
        x4 = x if x.ndim == 4 else x[None]
        out_hw, extra = _pool_geometry(x4.shape, kernel, stride, padding, (1, 1), ceil_mode)
        self.params = (kernel, stride, padding, ceil_mode, count_include_pad, divisor_override)
        self.in_shape = x.shape
        xp = zero_padded(x4, padding, 0, extra)
        total = None
        for key in _window_slices(kernel, out_hw, stride, (1, 1)):
            # (PyTorch's sum starts from 0: a window of -0s averages to +0)
            total = (np.add(xp[key], np.zeros((), xp.dtype)) if total is None
                     else np.add(total, xp[key], out=total))
        divisor = _avg_divisor(x4.shape, kernel, stride, padding, out_hw, count_include_pad,
                               divisor_override, x.dtype)
        out = np.divide(total, divisor, out=total)
        return like_suggested(out, x) if x.ndim == 4 else out[0]

    def backward(self, grad):
        return AvgPool2DBackwardBackward0.apply(grad, self.saved()[0], self.in_shape,
                                                *self.params)


class AvgPool2DBackwardBackward0(Op):
    """Spread each output gradient evenly over its window: the transpose of average pooling.
    Its inputs are PyTorch's, the gradient and the pooled input (whose derivative is zeros)."""

    arity = 2

    def forward(self, grad, input, in_shape, kernel, stride, padding, ceil_mode, count_include_pad,
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
        # (PyTorch's loop adds each output's share to its window output after output: an
        # input element gets its shares from the last tap to the first)
        for key in reversed(list(_window_slices(kernel, out_hw, stride, (1, 1)))):
            gxp[key] += share
        gx = np.ascontiguousarray(gxp[:, :, ph:ph + h, pw:pw + w])
        return gx if len(in_shape) == 4 else gx[0]

    def backward(self, grad):
        return (AvgPool2DBackward0.apply(grad, *self.params) if self.needs(0) else None,
                zeros_of_input(self, 1) if self.needs(1) else None)


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
    n = int(np.prod(lead))  # (not -1: sizes may be 0)
    t = (x.reshape(n * h, w) @ cols.T).reshape(n, h, cols.shape[0])
    return np.matmul(rows, t).reshape(lead + (rows.shape[0], cols.shape[0]))


class AdaptiveAvgPool2DBackward0(Op):
    def forward(self, input, output_size):
        self.save(input)  # (its gradient's node takes it as an input, as PyTorch's)
        x = input._data
        self.in_shape, self.output_size = x.shape, output_size
        if x.dtype.kind in "biu":  # (PyTorch's kernel has floating types only; with no
            if x.size:  # element it returns before dispatching on the dtype)
                raise NotImplementedError(
                    f'"adaptive_avg_pool2d" not implemented for \'{type_name(x)}\'')
            return np.zeros(x.shape[:-2] + tuple(output_size), x.dtype)
        return like_suggested(adaptive_avg_kernel.pooled(x, output_size), x)  # (PyTorch's
        # kernel's rounding)

    def backward(self, grad):
        saved = self.saved()  # (unpacked as PyTorch's node does: raises once a pass freed them)
        shape = grad._data.shape
        # (PyTorch checks every dimension after the first: an unbatched (C, H, W) gradient
        # with no channels passes)
        empty = next((d for d in range(1, len(shape)) if not shape[d]), None)
        if empty is not None:
            raise RuntimeError("adaptive_avg_pool2d_backward(): Expected grad_output to have "
                               "non-zero size for non-batch dimensions, but grad_output has "
                               f"sizes [{', '.join(map(str, shape))}] with dimension {empty} "
                               "being empty")
        return AdaptiveAvgPool2DBackwardBackward0.apply(grad, saved[0], self.in_shape)


# Gradients of up to this many outputs are spread window by window as PyTorch's kernel adds
# them (one NumPy call each); larger ones by the averaging GEMMs, within rounding.
SPREAD_MAX_OUTPUTS = 1024


class AdaptiveAvgPool2DBackwardBackward0(Op):
    arity = 2

    def forward(self, grad, input, in_shape):
        g = grad._data
        self.output_size = g.shape[-2:]
        (h, w), (oh, ow) = in_shape[-2:], g.shape[-2:]
        if oh * ow <= SPREAD_MAX_OUTPUTS:  # (PyTorch's kernel's rounding, output by output)
            return adaptive_avg_kernel.spread(g, in_shape)
        if oh and ow and h % oh == 0 and w % ow == 0:
            kh, kw = h // oh, w // ow
            share = (g / (kh * kw)).astype(g.dtype, copy=False)
            spread = np.broadcast_to(share[..., :, None, :, None], g.shape[:-2] + (oh, kh, ow, kw))
            return spread.reshape(in_shape)
        if not np.isfinite(g).all():
            return adaptive_avg_kernel.spread(g, in_shape)
        return _adaptive_apply(g, _adaptive_matrix(h, oh, g.dtype).T,
                               _adaptive_matrix(w, ow, g.dtype).T)

    def backward(self, grad):
        return (AdaptiveAvgPool2DBackward0.apply(grad, self.output_size) if self.needs(0)
                else None, zeros_of_input(self, 1) if self.needs(1) else None)


class AdaptiveMaxPool2DBackward0(Op):
    """Returns ``(output, indices)``. The max is taken over rows, then columns: one loop over
    the output's rows and one over its columns, never over pixels. Ties and NaNs follow
    PyTorch's row-major scan of each window: the first maximum wins, but the last NaN."""

    overlapping = True  # adaptive windows may overlap
    saves_indices = True  # (as PyTorch's node, with self)
    padding_only = False

    def forward(self, input, output_size):
        self.save(input)  # (its gradient's node takes it as an input, as PyTorch's)
        x = input._data
        (h, w), (oh, ow) = x.shape[-2:], output_size
        with_nan = x.dtype.kind in "fV" and bool(np.isnan(x).any())
        row_max, row_arg = [], []
        for start, end in zip(*adaptive_windows(h, oh), strict=True):
            window = x[..., start:end, :]
            arg = np.argmax(window, axis=-2)  # the first maximum (or first NaN) of each column
            if with_nan:  # the last NaN of each column instead
                nan = np.isnan(window)
                last_nan = (end - start - 1) - np.argmax(nan[..., ::-1, :], axis=-2)
                arg = np.where(nan.any(axis=-2), last_nan, arg)
            row_arg.append(arg + start)
            row_max.append(np.take_along_axis(window, arg[..., None, :], axis=-2)[..., 0, :])
        row_max, row_arg = np.stack(row_max, -2), np.stack(row_arg, -2)
        out, indices = [], []
        for start, end in zip(*adaptive_windows(w, ow), strict=True):
            values = row_max[..., start:end]
            # flat position of each column's winner: the window's winner is the first (by
            # position) of the columns holding the maximum, or the last of those holding a NaN
            position = row_arg[..., start:end] * w + np.arange(start, end)
            best = np.max(values, axis=-1, keepdims=True)
            first = np.min(np.where(values == best, position, h * w), axis=-1)
            if with_nan:
                nan = np.isnan(values)
                last_nan = np.max(np.where(nan, position, -1), axis=-1)
                first = np.where(nan.any(axis=-1), last_nan, first)
            out.append(best[..., 0])
            indices.append(first)
        self.in_shape, self.indices = x.shape, np.stack(indices, -1)
        return like_suggested(np.stack(out, -1), x), like_suggested(self.indices, x)

    def flat_indices(self):
        return self.indices

    def backward(self, grad, grad_indices=None):
        return AdaptiveMaxPool2DBackwardBackward0.apply(grad, self.saved()[0], self)
