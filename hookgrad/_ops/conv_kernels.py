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

Chunks are fixed by the shapes alone; weight-gradient partial sums are added in chunk
order, so results do not depend on the thread count. Inside a chunk NumPy's BLAS runs
single-threaded (``hookgrad._parallel``). Only ``groups == 1``, ``dilation == 1`` and
layouts wasting at most ``MAX_WASTE`` take this path; ``plan`` returns None otherwise.
"""
import threading

import numpy as np
from numpy.lib.stride_tricks import as_strided

from .._parallel import parallel_for

MAX_WASTE = 1.4          # beyond, the usual im2col is cheaper
CHUNK_BYTES = 2 << 20    # im2col bytes per chunk: GEMMs this size run at their best here
_PLAN_CACHE_SIZE = 256


class Geometry:
    """Block layout for sources of at most ``(hin, win)`` read at offsets ``dy`` in
    ``[dmin, dmax]`` and ``dx`` in ``[emin, emax]`` for outputs ``(hout, wout)``: the
    pitch and block height keep every read of a valid output inside its own block or in
    zeros (a negative ``dx`` wraps into the previous row's padding, a negative ``dy`` into
    the previous block's), ``lead`` and ``tail`` zeros cover the first and last blocks."""

    __slots__ = ("hin", "win", "hout", "wout", "pitch", "rows", "lead", "tail")

    def __init__(self, hin, win, hout, wout, dmin, dmax, emin, emax):
        self.hin, self.win, self.hout, self.wout = hin, win, hout, wout
        self.pitch = max(win - emin, wout + emax, win)
        self.rows = max(hin - dmin, hout + dmax, hin)
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
        buf = np.empty((channels, self.lead + span + self.tail), dtype or planes.dtype)
        buf[:, :self.lead] = 0
        buf[:, self.lead + span:] = 0
        blocks = buf[:, self.lead:self.lead + span].reshape(channels, n, self.rows, self.pitch)
        blocks[:, :, h:, :] = 0
        blocks[:, :, :h, w:] = 0
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
        self.covers_input = len(self.grad_phases) == sh * sw
        self.single_tap = len(self.taps) == 1 and self.taps[0][1] == (0, 0)
        columns_per_image = channels * kh * kw * self.forward.rows * self.forward.pitch * 4
        self.grain = max(1, min(n, CHUNK_BYTES // columns_per_image))

    def usable(self):
        return self.forward.waste() <= MAX_WASTE and self.backward.waste() <= MAX_WASTE


_plans = {}
_plans_lock = threading.Lock()


def plan(x_shape, w_shape, stride, padding, dilation=(1, 1), groups=1):
    """The cached Plan of a convolution, or None where this module does not apply."""
    if groups != 1 or tuple(dilation) != (1, 1) or len(x_shape) != 4:
        return None
    key = (tuple(x_shape), tuple(w_shape), tuple(stride), tuple(padding))
    found = _plans.get(key)
    if found is None:
        found = Plan(*key)
        found = found if found.usable() else False
        with _plans_lock:
            if len(_plans) >= _PLAN_CACHE_SIZE:
                _plans.clear()
            _plans[key] = found
    return found or None


def _phase_planes(p, x):
    sh, sw = p.stride
    return {phase: (x[:, :, phase[0]::sh, phase[1]::sw] if p.strided else x)
            for phase in p.phases}


def _columns(p, x):
    """The im2col matrix ``(C * kh * kw, span)`` of the images ``x``, rows ordered like the
    weight's ``(C, kh, kw)``."""
    n, channels = x.shape[:2]
    g = p.forward
    buffers = {phase: g.buffer(plane) for phase, plane in _phase_planes(p, x).items()}
    span = g.span(n)
    if p.single_tap:
        return g.body(buffers[p.taps[0][0]], n)
    kh, kw = p.w_shape[2:]
    cols = np.empty((channels, kh, kw, span), x.dtype)
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
            start = g.lead + dy * g.pitch + dx
            flat[:, k] = buffers[phase][:, start:start + span]
    return cols.reshape(channels * kh * kw, span)


def _forward_chunk(start, stop, p, x, weight, bias, y):
    out = weight @ _columns(p, x[start:stop])
    valid = p.forward.crop(out, stop - start)
    if bias is None:
        y[start:stop] = valid
    else:
        np.add(valid, bias.reshape(1, -1, 1, 1), out=y[start:stop])


def conv2d(p, x, w, bias=None):
    """The convolution of ``x`` (N, C, H, W) with ``w`` (O, C, kh, kw) under Plan ``p``."""
    n, out_channels = x.shape[0], w.shape[0]
    y = np.empty((n, out_channels, p.hout, p.wout), x.dtype)
    weight = w.reshape(out_channels, -1)
    if p.grain >= n:
        _forward_chunk(0, n, p, x, weight, bias, y)
    else:
        parallel_for(n, p.grain, _forward_chunk, p, x, weight, bias, y)
    return y


def _input_grad(p, g, gbuf, phase_weights, gx):
    """Write the input gradient of the chunk whose output gradient is in ``gbuf``."""
    n, out_channels = g.shape[:2]
    b = p.backward
    span = b.span(n)
    sh, sw = p.stride
    for ((r, t), _, offsets), weight in zip(p.grad_phases, phase_weights):
        cols = np.empty((out_channels, len(offsets), span), g.dtype)
        for k, (dy, dx) in enumerate(offsets):
            start = b.lead + dy * b.pitch + dx
            cols[:, k] = gbuf[:, start:start + span]
        out = weight @ cols.reshape(out_channels * len(offsets), span)
        target = gx[:, :, r::sh, t::sw] if p.strided else gx
        target[...] = b.crop(out, n, *target.shape[2:])


def _backward_chunk(start, stop, p, x, gy, phase_weights, gx, partials):
    n = stop - start
    g = gy[start:stop]
    gbuf = None
    if partials is not None:
        cols = _columns(p, x[start:stop])
        gbuf = p.forward.buffer(g)
        # (C k k, O): columns times the gradient rows, transposed once at the end
        partials[start // p.grain] = cols @ p.forward.body(gbuf, n).T
    if gx is not None:
        if gbuf is None or not p.forward.same_layout(p.backward):
            gbuf = p.backward.buffer(g)
        _input_grad(p, g, gbuf, phase_weights, gx[start:stop])


def conv2d_backward(p, x, w, gy, need_input, need_weight):
    """``(grad_input, grad_weight)`` (None where not needed) of ``conv2d(p, x, w)`` given
    the output gradient ``gy``. ``x`` may be None when only the input gradient is needed."""
    n = gy.shape[0]
    out_channels, channels, kh, kw = w.shape
    gx = None
    phase_weights = []
    if need_input:
        gx = (np.empty if p.covers_input else np.zeros)(p.x_shape, gy.dtype)
        taps = w.reshape(out_channels, channels, kh * kw)
        for _, index, _ in p.grad_phases:  # (C, O * taps of the phase)
            phase_weights.append(np.ascontiguousarray(taps[:, :, index].transpose(1, 0, 2))
                                 .reshape(channels, -1))
    partials = [None] * -(-n // p.grain) if need_weight else None
    if p.grain >= n:
        _backward_chunk(0, n, p, x, gy, phase_weights, gx, partials)
    else:
        parallel_for(n, p.grain, _backward_chunk, p, x, gy, phase_weights, gx, partials)
    gw = None
    if need_weight:
        total = partials[0]
        for partial in partials[1:]:
            total = total + partial
        gw = np.ascontiguousarray(total.T).reshape(w.shape)
    return gx, gw
