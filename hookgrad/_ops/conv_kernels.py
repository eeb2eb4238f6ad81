"""2-d convolution on arrays as GEMMs over "tall" flat buffers, in chunks of images on the
intra-op pool.

Every convolution here is a correlation ``out[y, x] = sum_taps w_tap * src_tap[y + dy,
x + dx]`` (zero outside the source plane). The images of a chunk sit one below the other in
one flat buffer per channel: each image in a block of ``rows`` rows of ``pitch`` values, zero
outside its plane. Then a tap's row of the im2col matrix is one contiguous slice of the flat
buffer, shifted by ``dy * pitch + dx``: im2col copies runs as long as the whole chunk, where
the usual layout copies runs of one output row. The GEMM also computes the outputs at the
block positions outside ``(hout, wout)``; they are dropped (the waste, ``rows * pitch /
(hout * wout)``, is 6% for a 3x3 "same" convolution on 32x32 planes).

A stride ``s`` reads the input in ``s * s`` phases (``x[r::s, t::s]``): a tap reads one
phase at a fixed offset, so strided convolutions are correlations over phase planes. The
input gradient is, per input phase, a correlation of the output gradient with the flipped
taps of that phase; the weight gradient multiplies the forward's im2col matrix (rebuilt
chunk by chunk, never stored) by the output gradient laid out in the forward's blocks.

With few output channels a GEMM per tap on the shifted buffer itself beats one GEMM on the
im2col matrix: OpenBLAS multiplies matrices of at most 16 rows without packing them, and
the im2col copy is saved. Plan picks per product (forward, weight and input gradient) by
the channel counts, as measured here on an AVX-512 core (``_TAP_*``).

Chunks are fixed by the shapes alone; weight-gradient partial sums are added in chunk
order, so results do not depend on the thread count. Inside a chunk NumPy's BLAS runs
single-threaded (``hookgrad._parallel``). Only ``groups == 1``, ``dilation == 1`` and
layouts wasting at most ``max_waste`` take this path; ``plan`` returns None otherwise.
"""
import threading

import numpy as np
from numpy.lib.stride_tricks import as_strided

from .. import _parallel
from . import conv_onednn_order

# Beyond this waste the usual im2col is cheaper (measured on ResNet and LeNet layers): for
# a training step, whose backward also pays the waste twice; for a forward alone. (1.3 takes
# W6's 64-channel 8x8 layers, 1.27: as fast as im2col on one thread, and on two their chunks
# run side by side where im2col's copies run on one; the W6 step 55.3 instead of 57.6 ms,
# timed alternating under SCHED_FIFO. LeNet's first layer, 1.36, was slower at 1.4.)
MAX_WASTE, MAX_WASTE_FORWARD = 1.3, 1.4
# Bytes per chunk (see _chunk_bounds): of im2col columns (GEMMs this size run at their best
# here: W7's first layer took 15% longer in chunks of 2.5 MB), of a GEMM-per-tap layer's
# buffers and products (a 16-channel 32x32 layer at 4 images a chunk, 1 MB, took 70% longer
# than at 3: its backward's buffers no longer fit the L2 cache), of a 1x1 convolution's
# buffer and output (W6's shortcuts 30% faster in 8 chunks than in one).
CHUNK_BYTES, TAPS_CHUNK_BYTES, SINGLE_TAP_BYTES = 2 << 20, 768 << 10, 256 << 10
_PLAN_CACHE_SIZE = 256
# A GEMM per tap when its product has at most _TAP_ROWS rows (output channels) and, where
# the taps' results are summed, at least _TAP_DEPTH terms each (input channels).
_TAP_ROWS, _TAP_DEPTH = 16, 8


class Geometry:
    """Block layout for sources of at most ``(hin, win)`` read at offsets ``dy`` in
    ``[dmin, dmax]`` and ``dx`` in ``[emin, emax]`` for outputs ``(hout, wout)``: the
    pitch and block height keep every read of a valid output inside its own block or in
    zeros (a negative ``dx`` wraps into the previous row's padding, a negative ``dy`` into
    the previous block's), ``lead`` and ``tail`` zeros cover the first and last blocks."""

    __slots__ = ("hin", "win", "hout", "wout", "pitch", "rows", "lead", "tail")

    def __init__(self, hin, win, hout, wout, dmin, dmax, emin, emax):
        self.hin, self.win, self.hout, self.wout = hin, win, hout, wout
        # (at least the output's size too: with padding beyond the kernel every offset is
        # negative, and the outputs outnumber the source positions)
        self.pitch = max(win - emin, wout + emax, win, wout)
        self.rows = max(hin - dmin, hout + dmax, hin, hout)
        self.lead = max(0, -(dmin * self.pitch + emin))
        self.tail = max(0, dmax * self.pitch + emax)

    def waste(self):
        return self.rows * self.pitch / (self.hout * self.wout)

    def same_layout(self, other):
        return (self.pitch, self.rows, self.lead) == (other.pitch, other.rows, other.lead)

    def span(self, n):
        return n * self.rows * self.pitch

    def buffer(self, planes, dtype=None):
        """A flat ``(C, lead + span + tail)`` buffer holding ``planes`` ``(n, C, h, w)``
        (``h <= hin``, ``w <= win``) in its blocks, zero everywhere else."""
        n, channels, h, w = planes.shape
        span = self.span(n)
        # one contiguous zeroing, then the planes: 8% faster in a W6 step than zeroing only
        # the padding, whose runs (a column or two per row) are short
        buf = np.zeros((channels, self.lead + span + self.tail), dtype or planes.dtype)
        blocks = buf[:, self.lead:self.lead + span].reshape(channels, n, self.rows, self.pitch)
        blocks[:, :, :h, :w] = planes.transpose(1, 0, 2, 3)
        return buf

    def body(self, buf, n):
        """The ``(C, span)`` part of a buffer that output positions map to."""
        return buf[:, self.lead:self.lead + self.span(n)]

    def crop(self, flat, n, h=None, w=None):
        """``(O, span)`` GEMM output -> view ``(n, O, h, w)`` of the valid positions."""
        h = self.hout if h is None else h
        w = self.wout if w is None else w
        return flat.reshape(flat.shape[0], n, self.rows, self.pitch)[:, :, :h, :w] \
            .transpose(1, 0, 2, 3)


def _offsets(kernel, stride, padding):
    """Per tap (row-major): its input phase ``(r, t)`` and offset ``(dy, dx)`` in phase
    coordinates (the tap reads ``x[s*(y + dy) + r, s*(x + dx) + t]``)."""
    taps = []
    for i in range(kernel[0]):
        u = i - padding[0]
        for j in range(kernel[1]):
            v = j - padding[1]
            taps.append(((u % stride[0], v % stride[1]), (u // stride[0], v // stride[1])))
    return taps


def _bounds(offsets):
    dys, dxs = [d for d, _ in offsets], [e for _, e in offsets]
    return min(dys), max(dys), min(dxs), max(dxs)


class Plan:
    """What one convolution shape needs, computed once: output size, taps, both block
    geometries, the input phases of the gradient, and the chunk size."""

    def __init__(self, x_shape, w_shape, stride, padding):
        n, channels, h, w = x_shape
        out_channels, _, kh, kw = w_shape
        (sh, sw), (ph, pw) = stride, padding
        self.x_shape, self.w_shape, self.stride = x_shape, w_shape, stride
        self.hout = (h + 2 * ph - kh) // sh + 1
        self.wout = (w + 2 * pw - kw) // sw + 1
        self.taps = _offsets((kh, kw), stride, padding)
        self.phases = sorted({phase for phase, _ in self.taps})
        self.strided = (sh, sw) != (1, 1)
        offsets = [d for _, d in self.taps]
        dmin, dmax, emin, emax = _bounds(offsets)
        hp, wp = -(-h // sh), -(-w // sw)  # the largest phase plane
        self.forward = Geometry(hp, wp, self.hout, self.wout, dmin, dmax, emin, emax)
        self.backward = Geometry(self.hout, self.wout, hp, wp, -dmax, -dmin, -emax, -emin)
        # input phases that some tap reads: (phase, tap indices, negated offsets)
        self.grad_phases = []
        for r in range(sh):
            for t in range(sw):
                index = [k for k, (phase, _) in enumerate(self.taps) if phase == (r, t)]
                if index:
                    self.grad_phases.append(((r, t), index,
                                             [(-self.taps[k][1][0], -self.taps[k][1][1])
                                              for k in index]))
        # per input phase its taps' offsets, a grid of consecutive (dy, dx) in row-major
        # tap order: (phase, tap indices, first offset, grid shape)
        self.tap_grids = []
        for phase in self.phases:
            index = [k for k, (tap_phase, _) in enumerate(self.taps) if tap_phase == phase]
            dys = sorted({self.taps[k][1][0] for k in index})
            dxs = sorted({self.taps[k][1][1] for k in index})
            self.tap_grids.append((phase, index, (dys[0], dxs[0]), (len(dys), len(dxs))))
        self.covers_input = len(self.grad_phases) == sh * sw
        self.single_tap = len(self.taps) == 1 and self.taps[0][1] == (0, 0)
        many = len(self.taps) > 1
        self.forward_taps = many and out_channels <= _TAP_ROWS and channels >= _TAP_DEPTH
        self.weight_taps = many and out_channels <= _TAP_ROWS
        self.input_taps = many and channels <= _TAP_ROWS and out_channels >= _TAP_DEPTH
        # multiply-adds, as bytes of memory traffic taking as long (see _parallel.grain)
        self.work_bytes = n * out_channels * self.hout * self.wout * channels * kh * kw * 2 // 5
        self.bounds = _chunk_bounds(n, self._chunk_bytes_per_image(), self.work_bytes)

    def _chunk_bytes_per_image(self):
        """An image's share of a chunk's budget: its im2col columns, or for a 1x1
        convolution (whose columns are its phase buffer) or a GEMM per tap (no columns) its
        buffers and products, scaled to the budget of CHUNK_BYTES."""
        out_channels, channels, kh, kw = self.w_shape
        position = self.forward.rows * self.forward.pitch * 4
        if self.single_tap:
            budget, per_image = SINGLE_TAP_BYTES, position * (channels + out_channels)
        elif self.forward_taps:
            budget, per_image = TAPS_CHUNK_BYTES, position * (channels + 2 * out_channels)
        else:
            budget, per_image = CHUNK_BYTES, position * channels * kh * kw
        return per_image * CHUNK_BYTES / budget

    def waste(self, uses="both"):
        """The waste of the geometries a use needs: ``"forward"`` (the convolution, its weight
        gradient), ``"backward"`` (its input gradient, a transposed convolution) or both."""
        if uses == "forward":
            return self.forward.waste()
        if uses == "backward":
            return self.backward.waste()
        return max(self.forward.waste(), self.backward.waste())


_plans = {}
_plans_lock = threading.Lock()


def plan(x_shape, w_shape, stride, padding, dilation=(1, 1), groups=1, max_waste=None,
         uses="both"):
    """The cached Plan of a convolution, or None where this module does not apply: other
    groups or dilation, or more than ``max_waste`` (MAX_WASTE when None) in the geometries
    ``uses`` needs (see Plan.waste)."""
    if groups != 1 or tuple(dilation) != (1, 1) or len(x_shape) != 4:
        return None
    key = (tuple(x_shape), tuple(w_shape), tuple(stride), tuple(padding))
    found = _plans.get(key)
    if found is None:
        found = Plan(*key)
        with _plans_lock:
            if len(_plans) >= _PLAN_CACHE_SIZE:
                _plans.clear()
            _plans[key] = found
    limit = MAX_WASTE if max_waste is None else max_waste
    return found if found.waste(uses) <= limit else None


def _chunk_bounds(n, bytes_per_image, work_bytes):
    """``[(start, stop)]`` chunks of ``n`` images: about CHUNK_BYTES each, at least two
    when the work is worth splitting (_run), in an even count of sizes differing by at most
    one, so that two threads get the same work. They depend on the shapes alone: the weight
    gradient's partial sums are added in chunk order, so results do not depend on the
    thread count. (W6's 32 images in chunks of 12, 12 and 8 had one thread wait for the
    other's second chunk.)"""
    chunks = -(-n // max(1, int(CHUNK_BYTES // bytes_per_image)))
    if work_bytes >= _parallel.REGION_BYTES:
        chunks = max(chunks, 2)
    chunks = max(1, min(n, chunks + chunks % 2 if chunks > 1 else chunks))
    size, extra = divmod(n, chunks)
    bounds, start = [], 0
    for i in range(chunks):
        stop = start + size + (i < extra)
        bounds.append((start, stop))
        start = stop
    return bounds


def _phase_planes(p, x):
    sh, sw = p.stride
    return {phase: (x[:, :, phase[0]::sh, phase[1]::sw] if p.strided else x)
            for phase in p.phases}


def _buffers(p, x):
    """The forward's flat buffers of the images ``x``, one per input phase."""
    return {phase: p.forward.buffer(plane) for phase, plane in _phase_planes(p, x).items()}


def _shifted(g, buf, dy, dx, span):
    """The ``(C, span)`` slice of a flat buffer a tap at offset ``(dy, dx)`` reads."""
    start = g.lead + dy * g.pitch + dx
    return buf[:, start:start + span]


def _columns(p, buffers, n, dtype):
    """The im2col matrix ``(C * kh * kw, span)`` of ``n`` images' buffers, rows ordered
    like the weight's ``(C, kh, kw)``."""
    g = p.forward
    span = g.span(n)
    if p.single_tap:
        return g.body(buffers[p.taps[0][0]], n)
    kh, kw = p.w_shape[2:]
    channels = p.x_shape[1]
    cols = np.empty((channels, kh, kw, span), dtype)
    if len(buffers) == 1:  # one copy through a strided view of the one buffer
        buf = buffers[p.phases[0]]
        (dy0, dx0), item = p.taps[0][1], buf.strides[1]
        start = g.lead + dy0 * g.pitch + dx0
        view = as_strided(buf[:, start:], (channels, kh, kw, span),
                          (buf.strides[0], g.pitch * item, item, item), writeable=False)
        cols[...] = view
    else:
        flat = cols.reshape(channels, kh * kw, span)
        for k, (phase, (dy, dx)) in enumerate(p.taps):
            flat[:, k] = _shifted(g, buffers[phase], dy, dx, span)
    return cols.reshape(channels * kh * kw, span)


def _sum_of_taps(weights, sources, g, span):
    """``sum_k weights[k] @ shifted source k``: one GEMM per tap, no im2col copy.
    ``sources`` are ``(buffer, dy, dx)``."""
    out = tmp = None
    for weight, (buf, dy, dx) in zip(weights, sources):
        part = _shifted(g, buf, dy, dx, span)
        if out is None:
            out = weight @ part
            tmp = np.empty_like(out)
        else:
            np.matmul(weight, part, out=tmp)
            out += tmp
    return out


def _ordered_columns(p, buffers, n, order, bias, dtype):
    """``_columns`` in the order oneDNN's kernel sums the taps, in conv_onednn_order's
    column buffer (channel blocks, then kernel row, kernel column, channel)."""
    g = p.forward
    span = g.span(n)
    kh, kw = p.w_shape[2:]
    columns, blocks = conv_onednn_order.column_buffer(order, p.x_shape[1], (kh, kw), span,
                                                      dtype, bias)
    for start, stop, view in blocks:
        if len(buffers) == 1:  # one copy through a strided view of the one buffer
            buf = buffers[p.phases[0]][start:stop]
            (dy0, dx0), item = p.taps[0][1], buf.strides[1]
            first = g.lead + dy0 * g.pitch + dx0
            view[...] = as_strided(buf[:, first:], view.shape,
                                   (g.pitch * item, item, buf.strides[0], item),
                                   writeable=False)
        else:
            flat = view.reshape(kh * kw, stop - start, span)
            for k, (phase, (dy, dx)) in enumerate(p.taps):
                flat[k] = _shifted(g, buffers[phase][start:stop], dy, dx, span)
    return columns


def _forward_chunk(index, start, stop, p, x, weight, bias, y, keep, order):
    n = stop - start
    buffers = _buffers(p, x[start:stop])
    if keep is not None:
        keep[index] = buffers
    out_channels, _, kh, kw = p.w_shape
    if order is not None:  # (the bias is in the sums but where order.bias_last)
        columns = _ordered_columns(p, buffers, n, order, bias, x.dtype)
        out = conv_onednn_order.ordered_product(order, weight, columns, bias, out_channels,
                                                kh * kw)[:, :p.forward.span(n)]
        bias = bias if order.bias_last else None
    elif p.forward_taps:  # weight: one (O, C) matrix per tap
        out = _sum_of_taps(weight, [(buffers[phase], dy, dx) for phase, (dy, dx) in p.taps],
                           p.forward, p.forward.span(n))
    else:
        out = weight @ _columns(p, buffers, n, x.dtype)
    valid = p.forward.crop(out, n)
    if bias is None:
        y[start:stop] = valid
    else:
        np.add(valid, bias.reshape(1, -1, 1, 1), out=y[start:stop])


def conv2d(p, x, w, bias=None, keep=None, order=None):
    """The convolution of ``x`` (N, C, H, W) with ``w`` (O, C, kh, kw) under Plan ``p``.
    ``keep``, a list with a slot per chunk of ``p.bounds``, receives each chunk's buffers of
    ``x`` for ``conv2d_backward`` (which otherwise builds them again). ``order``: the
    SumOrder of oneDNN's kernel to follow (conv_onednn_order.py), or None."""
    n, out_channels = x.shape[0], w.shape[0]
    y = np.empty((n, out_channels, p.hout, p.wout), x.dtype)
    if order is not None:
        weight = conv_onednn_order.ordered_weight(w, order, bias)
    elif p.forward_taps:
        weight = [np.ascontiguousarray(w[:, :, i, j]) for i in range(w.shape[2])
                  for j in range(w.shape[3])]
    else:
        weight = w.reshape(out_channels, -1)
    _run(p, _forward_chunk, p, x, weight, bias, y, keep, order)
    return y


def _run(p, fn, *args):
    """``fn(index, start, stop, *args)`` over the plan's chunks: on the pool when the work
    pays for it, else one after the other here (the same chunks either way), with NumPy's
    BLAS single-threaded too: OpenBLAS threading these chunk-sized GEMMs itself made them up
    to 20 times slower whenever another process kept a core busy."""
    if len(p.bounds) > 1 and p.work_bytes >= _parallel.REGION_BYTES:
        _parallel.parallel_for(len(p.bounds), 1, _run_chunks, p.bounds, fn, args)
        return
    with _parallel.single_threaded_blas():
        _run_chunks(0, len(p.bounds), p.bounds, fn, args)


def _run_chunks(first, last, bounds, fn, args):
    for index in range(first, last):
        fn(index, *bounds[index], *args)


def _input_grad(p, g, gbuf, phase_weights, gx):
    """Write the input gradient of the chunk whose output gradient is in ``gbuf``."""
    n, out_channels = g.shape[:2]
    b = p.backward
    span = b.span(n)
    sh, sw = p.stride
    for ((r, t), _, offsets), weight in zip(p.grad_phases, phase_weights):
        if p.input_taps:  # weight: one (C, O) matrix per tap of this phase
            out = _sum_of_taps(weight, [(gbuf, dy, dx) for dy, dx in offsets], b, span)
        else:
            cols = np.empty((out_channels, len(offsets), span), g.dtype)
            for k, (dy, dx) in enumerate(offsets):
                cols[:, k] = _shifted(b, gbuf, dy, dx, span)
            out = weight @ cols.reshape(out_channels * len(offsets), span)
        target = gx[:, :, r::sh, t::sw] if p.strided else gx
        target[...] = b.crop(out, n, *target.shape[2:])


def _weight_taps(p, rows, buffers, span):
    """``(taps, O, C)``: the gradient rows ``(O, span)`` times each tap's shifted buffer,
    transposed; per input phase one batched product over a strided view of its buffer. A
    product per tap has an ``(O, C)`` result under 500 values, for which NumPy's matmul
    keeps the GIL: two threads' chunks then ran one at a time (W6's 16-channel layers no
    faster on two threads than on one)."""
    g = p.forward
    out_channels = rows.shape[0]
    out = np.empty((len(p.taps), out_channels, p.x_shape[1]), rows.dtype)
    for phase, index, (dy, dx), (ny, nx) in p.tap_grids:
        buf = buffers[phase]
        item = buf.itemsize
        start = g.lead + dy * g.pitch + dx
        view = as_strided(buf[:, start:], (ny, nx, span, buf.shape[0]),
                          (g.pitch * item, item, item, buf.strides[0]), writeable=False)
        products = np.matmul(rows, view).reshape(ny * nx, out_channels, -1)
        if len(index) == len(p.taps):
            out = products
        else:
            out[index] = products
    return out


def _backward_chunk(index, start, stop, p, x, gy, phase_weights, gx, partials, kept):
    n = stop - start
    g = gy[start:stop]
    gbuf = None
    if partials is not None:
        buffers = _buffers(p, x[start:stop]) if kept is None else kept[index]
        gbuf = p.forward.buffer(g)
        rows = p.forward.body(gbuf, n)
        if p.weight_taps:  # (taps, O, C): the gradient rows times each shifted buffer
            partials[index] = _weight_taps(p, rows, buffers, p.forward.span(n))
        else:  # (C k k, O): columns times the gradient rows, transposed once at the end
            partials[index] = _columns(p, buffers, n, x.dtype) @ rows.T
    if gx is not None:
        if gbuf is None or not p.forward.same_layout(p.backward):
            gbuf = p.backward.buffer(g)
        _input_grad(p, g, gbuf, phase_weights, gx[start:stop])


def conv2d_backward(p, x, w, gy, need_input, need_weight, kept=None):
    """``(grad_input, grad_weight)`` (None where not needed) of ``conv2d(p, x, w)`` given
    the output gradient ``gy``. ``x`` may be None when only the input gradient is needed,
    ``w`` when only the weight gradient is; ``kept``: the buffers of ``x`` that ``conv2d``
    kept, if it did."""
    out_channels, channels, kh, kw = p.w_shape
    gx = None
    phase_weights = []
    if need_input:
        gx = (np.empty if p.covers_input else np.zeros)(p.x_shape, gy.dtype)
        taps = w.reshape(out_channels, channels, kh * kw)
        for _, index, _ in p.grad_phases:
            if p.input_taps:  # a (C, O) matrix per tap of the phase
                phase_weights.append([np.ascontiguousarray(taps[:, :, k].T) for k in index])
            else:  # (C, O * taps of the phase)
                phase_weights.append(np.ascontiguousarray(taps[:, :, index].transpose(1, 0, 2))
                                     .reshape(channels, -1))
    partials = [None] * len(p.bounds) if need_weight else None
    _run(p, _backward_chunk, p, x, gy, phase_weights, gx, partials, kept)
    gw = None
    if need_weight:
        total = partials[0]
        for partial in partials[1:]:
            total = total + partial
        if p.weight_taps:  # (taps, O, C) -> (O, C, taps)
            gw = np.ascontiguousarray(total.transpose(1, 2, 0)).reshape(p.w_shape)
        else:
            gw = np.ascontiguousarray(total.T).reshape(p.w_shape)
    return gx, gw
