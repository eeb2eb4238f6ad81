"""Upsampling (``F.interpolate``): nearest, nearest-exact, (bi/tri)linear, bicubic and area
(5-D; lower ranks use the adaptive pools), one spatial axis at a time.

Each output position reads one input position (nearest) or several (area: its window)
along each spatial axis, with PyTorch's source-index rules; applying the axes last-first, a
NaN or infinity reaches only the outputs that read it. The backward scatters along the same
axes. (Bi/tri)linear and bicubic round as PyTorch's own kernels: upsample_linear.py and
upsample_cubic.py."""
import numpy as np

from .._memory_format import like_suggested
from .activation_backward import zeros_of_input
from .fused import fma32, fma64
from .op import Op
from .upsample_antialias import antialias_backward
from .upsample_cubic import cubic_axis, cubic_backward, cubic_forward  # noqa: F401
from .upsample_linear import check_dtype, linear_axis, linear_backward, linear_forward  # noqa: F401


def nearest_axis(in_size, out_size, scale):
    """Source index of each output position; ``scale`` is the user's scale factor or None."""
    step = np.float32(1.0 / scale if scale else in_size / out_size)
    index = np.floor(np.arange(out_size, dtype=np.float32) * step).astype(np.int64)
    return ("nearest", np.minimum(index, in_size - 1))


def nearest_exact_axis(in_size, out_size, scale):
    """``nearest-exact``: the input position whose centre is nearest each output centre."""
    step = np.float32(1.0 / scale if scale else in_size / out_size)
    index = np.floor((np.arange(out_size, dtype=np.float32) + np.float32(0.5)) * step)
    return ("nearest", np.minimum(index.astype(np.int64), in_size - 1))


def area_axis(in_size, out_size):
    """Adaptive average pooling's windows ``[floor(i n / m), ceil((i + 1) n / m))`` as taps
    (the window's positions, each weighted by 1 / its length; padding taps weigh 0 and are
    marked outside)."""
    i = np.arange(out_size)
    start = (i * in_size) // out_size
    stop = -((-(i + 1) * in_size) // out_size)
    length = stop - start
    width = int(length.max()) if out_size else 0
    taps = tuple((np.minimum(start + k, in_size - 1), np.where(k < length, 1.0 / length, 0.0),
                  k < length) for k in range(width))
    return ("taps", taps)


def _triangle(x):
    return np.maximum(0.0, 1.0 - np.abs(x))


def _cubic_aa(x, real):
    """Keys' cubic with a = -0.5 (what antialiased bicubic filters with, as PIL does), in
    the input's precision (float for float32) as PyTorch's filter computes it: its compiler
    fuses all its multiply-adds, whose single roundings leave a residue of 1e-32 where the
    polynomial cancels to 0 near 1 and 2 (times an infinite input: inf, not NaN)."""
    fma = fma64 if real is np.float64 else fma32
    a, x = real(-0.5), np.abs(x).astype(real)
    near = fma((fma(np.full(x.shape, a + 2, real), x, -(a + 3)) * x).astype(real), x, real(1))
    far = fma(fma(fma(np.full(x.shape, a, real), x, -5 * a), x, 8 * a), x, -4 * a)
    return np.where(x < 1, near, np.where(x < 2, far, real(0))).astype(real)


def _triangle_aa(x):
    return np.where(np.abs(x) < 1.0, 1.0 - np.abs(x), 0.0)


def antialias_axis(in_size, out_size, scale, align_corners, cubic, dtype=np.float64):
    """Antialiased bilinear / bicubic: the filter stretched by the downscaling factor over a
    window around each output centre, its weights normalised to sum to 1 (PIL's scheme).
    Computed as PyTorch's kernel computes them, in the input's precision (float for float32)
    with its C++ promotions: a tap whose weight comes out exactly 0 there gives 0 * inf = NaN
    for an infinite input."""
    real = np.float32 if np.dtype(dtype) != np.float64 else np.float64
    if align_corners:
        step = real(in_size - 1) / real(out_size - 1) if out_size > 1 else real(0)
    else:
        step = real(1.0 / scale) if scale else real(in_size) / real(out_size)
    interp_size = 4 if cubic else 2
    wide = step >= 1.0
    support = real(interp_size * 0.5 * np.float64(step)) if wide else real(interp_size * 0.5)
    inverse = real(1.0 / np.float64(step)) if wide else real(1.0)
    centre = (np.float64(step) * (np.arange(out_size) + 0.5)).astype(real)
    low = np.maximum(((centre - support).astype(np.float64) + 0.5).astype(np.int64), 0)
    high = ((centre + support).astype(np.float64) + 0.5).astype(np.int64)
    count = np.minimum(high, in_size) - low
    width = int(count.max()) if out_size else 0
    k = np.arange(width)[:, None]
    offsets = ((k + low).astype(real) - centre).astype(np.float64) + 0.5
    arguments = (offsets * np.float64(inverse)).astype(real)
    weights = (_cubic_aa(arguments, real) if cubic else
               _triangle_aa(arguments.astype(np.float64)).astype(real))
    weights = np.where(k < count, weights, real(0))
    total = np.zeros(out_size, real)
    for j in range(width):  # (summed in order, in the kernel's precision)
        total = (total + weights[j]).astype(real)
    weights = np.where(total != 0, weights / np.where(total == 0, real(1), total), weights)
    return ("taps", tuple((np.minimum(low + j, in_size - 1), weights[j].astype(real),
                           k[j, 0] < count) for j in range(width)))


def _weights(weight, axis, ndim, dtype):
    shape = [1] * ndim
    shape[axis] = -1
    return weight.astype(dtype).reshape(shape)


def resample(x, plan, fused=False):
    """Apply ``plan`` (one entry per spatial axis, the last axis last) to array ``x``.
    ``fused``: a window's taps summed as the antialiased kernels sum them, the first product
    rounded, each later one added with a fused multiply-add (their compiled loop)."""
    if plan[0][0] == "cubic":
        return cubic_forward(x, plan)
    if plan[0][0] == "linear":
        return linear_forward(x, plan)
    ndim = x.ndim
    for k in range(len(plan) - 1, -1, -1):
        axis = ndim - len(plan) + k
        entry = plan[k]
        if entry[0] == "nearest":
            x = np.take(x, entry[1], axis=axis)
        elif entry[0] == "taps" and fused and x.dtype.kind == "f":
            x = _fused_taps(x, entry[1], axis)
        elif entry[0] == "taps":
            total = None
            for index, weight, inside in entry[1]:
                term = _weights(weight, axis, ndim, x.dtype) * np.take(x, index, axis=axis)
                if inside is not None and not np.isfinite(term).all():
                    # a padding tap (past its window) is skipped by PyTorch's loops: no
                    # 0 * inf NaN from the value it would read
                    term = np.where(_weights(inside, axis, ndim, bool), term, 0).astype(
                        term.dtype, copy=False)
                total = term if total is None else total + term
            x = total
    return x


def _fused_taps(x, taps, axis):
    """One axis of antialiased resampling as PyTorch's kernel sums a window: the first
    product rounded, the next taps in blocks of 16 bytes' worth (four float32, two float64),
    each product rounded and added, the rest with a fused multiply-add each; a tap past the
    window is skipped (the sum stays as it is). (Measured against PyTorch 2.13 bit for bit
    over random sizes, scales and values: neither all-fused nor all-rounded sums match.)"""
    fma = fma64 if x.dtype == np.float64 else fma32
    block = 16 // x.dtype.itemsize
    count = sum(inside.astype(np.int64) for _, _, inside in taps)
    blocked = _weights(1 + (count - 1) // block * block, axis, x.ndim, np.int64)  # (1st fused)
    total = None
    for j, (index, weight, inside) in enumerate(taps):
        w = _weights(weight, axis, x.ndim, x.dtype)
        t = np.take(x, index, axis=axis)
        if total is None:
            total = w * t
            continue
        with np.errstate(all="ignore"):
            summed = np.where(j < blocked, total + w * t, fma(w, t, total).astype(x.dtype))
        total = np.where(_weights(inside, axis, x.ndim, bool), summed, total)
    return total


def _scatter(g, axis, index, size, weight=None, inside=None):
    moved = np.moveaxis(g, axis, 0)
    if weight is not None:
        column = (-1,) + (1,) * (g.ndim - 1)
        moved = moved * weight.astype(g.dtype).reshape(column)
        if inside is not None and not np.isfinite(moved).all():  # (padding taps: skipped)
            moved = np.where(inside.reshape(column), moved, 0).astype(g.dtype, copy=False)
    out = np.zeros((size,) + moved.shape[1:], g.dtype)
    np.add.at(out, index, moved)
    return np.moveaxis(out, 0, axis)


def _nearest_backward(g, indices, in_sizes):
    """Nearest resampling's gradient as PyTorch's loop sums it: output after output (C order
    over the spatial dims), each added into the input element it read, from 0."""
    spatial = len(indices)
    lead = g.shape[:g.ndim - spatial]
    linear = np.zeros((), np.int64)
    for index, size in zip(indices, in_sizes):
        linear = (linear[..., None] * size + np.asarray(index, np.int64)).reshape(
            linear.shape + (len(index),))
    columns = np.ascontiguousarray(g.reshape(-1, linear.size).T)
    out = np.zeros((int(np.prod(in_sizes, dtype=np.int64)), columns.shape[1]), g.dtype)
    np.add.at(out, linear.reshape(-1), columns)
    return np.ascontiguousarray(out.T).reshape(lead + tuple(in_sizes))


def resample_transposed(g, plan, in_sizes):
    """The adjoint of ``resample``: each output's gradient goes back to what it read."""
    if plan[0][0] == "cubic":
        return cubic_backward(g, plan, in_sizes)
    if plan[0][0] == "linear":  # (PyTorch allocates it in the layout grad suggests)
        return like_suggested(linear_backward(g, plan, in_sizes), g)
    if all(entry[0] == "nearest" for entry in plan):
        return _nearest_backward(g, [entry[1] for entry in plan], in_sizes)
    ndim = g.ndim
    for k, (entry, size) in enumerate(zip(plan, in_sizes)):
        axis = ndim - len(plan) + k
        if entry[0] == "nearest":
            g = _scatter(g, axis, entry[1], size)
        else:
            total = None
            for index, weight, inside in entry[1]:
                term = _scatter(g, axis, index, size, weight, inside)
                total = term if total is None else total + term
            g = total
    return g


def _antialias_forward(x, plan, in_sizes):
    """Antialiased resampling as PyTorch's forward kernel does it, which its backward does not
    mirror: an axis whose size does not change is left alone (whatever the scale factor),
    and resizing the height into a width of 1 writes the first output row into every row."""
    out = resample(x, tuple(("nearest", np.arange(size)) if len(entry[1][0][0]) == size
                            else entry for entry, size in zip(plan, in_sizes)), fused=True)
    if out.shape[-1] == 1 and out.shape[-2] != in_sizes[0]:
        out = np.repeat(out[..., :1, :], out.shape[-2], axis=-2)
    return out


class UpsampleNearest2DBackward0(Op):
    """``F.interpolate``; the subclasses differ in PyTorch's node name only (and
    ``AdaptiveAvgPool3DBackward0``, ``mode="area"`` in 3-D, saves its input, which its
    gradient's node takes as PyTorch's does)."""

    saves_input = False

    def forward(self, a, plan):
        if self.saves_input:
            self.save(a)
        self.plan = plan
        self.in_sizes = a._data.shape[a._data.ndim - len(plan):]
        # (only the antialiased kernels have _antialias_forward's quirks; bicubic's taps have
        # no "inside" masks)
        if plan[-1][0] != "taps" or plan[-1][1][0][2] is None:
            return like_suggested(resample(a._data, plan), a._data)
        return like_suggested(_antialias_forward(a._data, plan, self.in_sizes), a._data)

    def backward(self, grad):
        if self.saves_input:
            return TRANSPOSED[type(self)].apply(grad, self.saved()[0], self.plan, self.in_sizes)
        return TRANSPOSED[type(self)].apply(grad, self.plan, self.in_sizes)


class _AdaptiveAvgPoolNode(UpsampleNearest2DBackward0):
    """``interpolate(mode='area')`` of 3 spatial dims: PyTorch's adaptive average pooling node,
    which (unlike the upsampling nodes) saves its input, so a second pass raises."""

    def forward(self, a, plan):
        self.save(a)
        return super().forward(a, plan)

    def backward(self, grad):
        self.saved()  # (unpacked as PyTorch's node does: raises once a pass freed them)
        return super().backward(grad)


class UpsampleNearest2DBackwardBackward0(Op):
    """The backward as an op (differentiable under ``create_graph``: its own gradient is the
    forward resampling again); the subclasses differ in node name and forward op."""

    forward_node = UpsampleNearest2DBackward0
    antialias = False  # (the antialiased kernels' own rounding: upsample_antialias.py)

    def forward(self, grad, plan, in_sizes):
        self.plan = plan
        if self.antialias:
            return antialias_backward(grad._data, plan, in_sizes)
        return resample_transposed(grad._data, plan, in_sizes)

    def backward(self, grad_grad):
        return self.forward_node.apply(grad_grad, self.plan)


class AdaptiveAvgPool3DBackwardBackward0(UpsampleNearest2DBackwardBackward0):
    """Inputs PyTorch's, the gradient and the pooled input (whose derivative is zeros): the
    gradient requires grad when the input does."""

    arity = 2

    def forward(self, grad, input, plan, in_sizes):
        return super().forward(grad, plan, in_sizes)

    def backward(self, grad_grad):
        return (self.forward_node.apply(grad_grad, self.plan) if self.needs(0) else None,
                zeros_of_input(self, 1) if self.needs(1) else None)


def _node(name, base):
    """A node class that differs from ``base`` in its name only."""
    return type(name, (base,), {"__module__": __name__})


_FORWARD_NAMES = {("nearest", 1): "UpsampleNearest1DBackward0",
                  ("nearest", 2): "UpsampleNearest2DBackward0",
                  ("nearest", 3): "UpsampleNearest3DBackward0",
                  ("nearest-exact", 1): "UpsampleNearestExact1DBackward0",
                  ("nearest-exact", 2): "UpsampleNearestExact2DBackward0",
                  ("nearest-exact", 3): "UpsampleNearestExact3DBackward0",
                  ("linear", 1): "UpsampleLinear1DBackward0",
                  ("bilinear", 2): "UpsampleBilinear2DBackward0",
                  ("trilinear", 3): "UpsampleTrilinear3DBackward0",
                  ("bicubic", 2): "UpsampleBicubic2DBackward0",
                  ("bilinear-aa", 2): "UpsampleBilinear2DAaBackward0",
                  ("bicubic-aa", 2): "UpsampleBicubic2DAaBackward0",
                  ("area", 3): "AdaptiveAvgPool3DBackward0"}

# (mode, spatial dims) -> the forward node; its backward is its "...BackwardBackward0" twin
NODES = {key: (UpsampleNearest2DBackward0 if name == "UpsampleNearest2DBackward0" else
               _node(name, _AdaptiveAvgPoolNode if key[0] == "area" else
                     UpsampleNearest2DBackward0))
         for key, name in _FORWARD_NAMES.items()}
TRANSPOSED = {}
NODES["area", 3].saves_input = True
for _forward in NODES.values():
    _backward = (AdaptiveAvgPool3DBackwardBackward0 if _forward.saves_input else
                 _node(_forward.__name__.replace("Backward0", "BackwardBackward0"),
                       UpsampleNearest2DBackwardBackward0))
    _backward.forward_node = _forward
    _backward.antialias = _forward.__name__.endswith("AaBackward0")
    TRANSPOSED[_forward] = _backward
del _forward, _backward
