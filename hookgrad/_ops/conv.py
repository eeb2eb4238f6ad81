"""Convolution, with PyTorch's node names (pooling and padding are in pooling.py and
padding.py): as PyTorch's native kernels compute it where PyTorch runs those (conv_native.py),
else on conv_kernels.py's tall buffers where its Plan takes the shape (groups 1, dilation 1,
little waste), else im2col + one GEMM per group here; where PyTorch runs oneDNN's direct
kernels, in their order of summation (conv_onednn_order.py).

Arrays are 4-D ``(N, C, H, W)`` inside; 1-D ops pass ``(N, C, L)`` tensors and 2-tuples whose
first entry is the trivial height (stride 1, padding 0, ...), and are viewed as height 1.
Every backward is a pair of ops that are each other's transposes, so double backward works;
without ``create_graph`` it is one fused pass over the kernels instead."""
from collections import namedtuple

import numpy as np
from numpy.lib.stride_tricks import as_strided

from .._memory_format import channels_last, format_strides, laid_out, suggests_channels_last
from .._tensor_base import _make
from . import conv_kernels, conv_native, conv_native_channels_last
from .conv_bias_grad import bias_grad
from .conv_checks import checked_params
from .conv_columns import _batch_last, _grouped_rows, _im2col
from .conv_onednn import (
    add_edge_taps,
    native_single_products,
    weight_grad_skips_padding,
    weight_grad_without_padding,
    without_padding_products,
)
from .conv_onednn_order import (
    KeptColumns,
    forward_order,
    kept_weight_grad,
    onednn_input_grad,
    onednn_weight_grad,
    ordered_forward,
)
from .half import forward_in_float32, is_half
from .op import Op, plain_backward
from .shape import cat
from .split import mm, parallel_for


def as_4d(x):
    return x[:, :, None, :] if x.ndim == 3 else x


def _like_input(y, ndim):
    return contiguous_strides(y[:, :, 0, :] if ndim == 3 else y)


def contiguous_strides(y):
    """``y`` with a contiguous tensor's strides, for its size-1 dims too, as PyTorch's
    convolution results and gradients have them (``stride()`` shows them): a copy of a result
    the kernels left in another layout (a weight gradient computed transposed); a restrided
    view of a C-contiguous one, as NumPy lets such an array give a size-1 dim any stride."""
    strides, step = y.strides, y.itemsize
    for dim in range(y.ndim - 1, -1, -1):
        if strides[dim] != step:
            break
        step *= y.shape[dim]
    else:
        return y
    if not y.size:
        return y
    if not y.flags.c_contiguous:
        return np.ascontiguousarray(y)
    expected, step = [], y.itemsize
    for size in reversed(y.shape):
        expected.append(step)
        step *= size
    return as_strided(y, y.shape, expected[::-1])


def conv_output_size(size, kernel, stride, padding, dilation):
    return (size + 2 * padding - dilation * (kernel - 1) - 1) // stride + 1


# A forward whose columns are not kept runs in chunks of images with about this many bytes of
# columns each, when that makes at least two: smaller columns stay in cache (LeNet's second
# convolution at batch 256, 9.8 MB of columns, took 1.9 instead of 2.9 ms in four chunks on
# one thread), and the chunks run side by side on the intra-op pool.
CHUNK_COLUMNS_BYTES = 2 << 20


def conv_forward(x, w, stride, padding, dilation, groups, out_hw=None, keep_columns=True):
    """``(output, columns)``: the convolution and the im2col columns it multiplied (None when
    ``keep_columns`` is False and the images ran in chunks)."""
    n, h, wid = x.shape[0], x.shape[2], x.shape[3]
    o, cg, kh, kw = w.shape
    if out_hw is None:
        out_hw = (conv_output_size(h, kh, stride[0], padding[0], dilation[0]),
                  conv_output_size(wid, kw, stride[1], padding[1], dilation[1]))
    if not keep_columns and groups == 1:
        chunks = min(n, x.itemsize * cg * kh * kw * out_hw[0] * out_hw[1] * n
                     // CHUNK_COLUMNS_BYTES)
        if chunks >= 2:
            y = np.empty((n, o) + tuple(out_hw), x.dtype)
            parallel_for(n, -(-n // chunks), _forward_images, x, w, stride, padding, dilation,
                         out_hw, y)
            return y, None
    batch_last = _batch_last(x.shape[1], kh * kw, o, out_hw[1])
    cols = _im2col(x, (kh, kw), out_hw, stride, padding, dilation, groups, batch_last)
    weight = w.reshape(groups, o // groups, cg * kh * kw)
    out = mm(weight[0], cols[0]) if groups == 1 else np.matmul(weight, cols)
    if batch_last:
        out = out.reshape(o, *out_hw, n).transpose(3, 0, 1, 2)
    else:
        out = out.reshape(o, n, *out_hw).transpose(1, 0, 2, 3)
    return np.ascontiguousarray(out), cols


def _forward_images(start, stop, x, w, stride, padding, dilation, out_hw, y):
    y[start:stop] = conv_forward(x[start:stop], w, stride, padding, dilation, 1, out_hw)[0]


def conv_input_grad(gy, w, in_hw, stride, padding, dilation, groups, memo=None):
    """The transpose of ``conv_forward`` in its input: one GEMM, then col2im, a loop over the
    kernel taps (never over pixels). ``memo``: see ``_rows``."""
    n, o, ho, wo = gy.shape
    _, cg, kh, kw = w.shape
    og = o // groups
    # GEMM rows ordered (tap, channel), and the batch axis last everywhere: each tap then adds
    # long contiguous runs instead of rows of a few pixels
    weight = w.reshape(groups, og, cg, kh, kw).transpose(0, 3, 4, 2, 1).reshape(
        groups, kh * kw * cg, og)
    rows = _rows(gy, groups, True, memo)
    cols = mm(weight[0], rows[0])[None] if groups == 1 else np.matmul(weight, rows)
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


def conv_weight_grad(x, gy, w_shape, stride, padding, dilation, groups, cols=None, memo=None):
    """The weight gradient; ``cols``, when given, are ``conv_forward``'s columns of ``x``;
    ``memo``: see ``_rows``."""
    if isinstance(cols, KeptColumns):  # (an ordered_forward's)
        return kept_weight_grad(cols, _rows(gy, 1, cols.batch_last, memo)[0], w_shape)
    kh, kw = w_shape[2:]
    batch_last = _batch_last(x.shape[1], kh * kw, w_shape[0], gy.shape[3])
    if cols is None:
        cols = _im2col(x, (kh, kw), gy.shape[2:], stride, padding, dilation, groups, batch_last)
    rows = _rows(gy, groups, batch_last, memo)
    # columns times rows, transposed after: 5-15% faster than rows times transposed columns
    # for these long, thin products
    if groups == 1:
        gw = mm(cols[0], rows[0].T).T
    else:
        gw = np.matmul(cols, rows.transpose(0, 2, 1)).transpose(0, 2, 1)
    return gw.reshape(w_shape)


def _rows(gy, groups, batch_last, memo):
    """``_grouped_rows(gy, groups, batch_last)``, made once per array and layout in ``memo``
    (a dict, or None): a convolution's input and weight gradients both take the output
    gradient's rows (W4's second layer: a transposing copy of 65,536 values, 0.03-0.05 ms,
    fewer)."""
    if memo is None:
        return _grouped_rows(gy, groups, batch_last)
    key = (id(gy), groups, batch_last)
    if key not in memo:  # (gy kept with its rows: its id stays its own meanwhile)
        memo[key] = gy, _grouped_rows(gy, groups, batch_last)
    return memo[key][1]


def _empty_output(x, w, stride, padding, dilation, transposed, out_hw, groups):
    """The zeros a convolution of an empty batch or of no input channels gives: PyTorch's
    shape, whose channels are none at all when the input has none."""
    if transposed:
        channels = w.shape[1] * groups
    else:
        channels = w.shape[0] if x.shape[1] else 0
        out_hw = out_hw or tuple(conv_output_size(size, k, s, p, d) for size, k, s, p, d in zip(
            x.shape[2:], w.shape[2:], stride, padding, dilation))
    return np.zeros((x.shape[0], channels) + tuple(out_hw), x.dtype)


# Columns up to this size are kept from the forward for the weight gradient (saving an
# im2col, about a third of its cost); larger ones are rebuilt so a graph held across steps
# does not keep many times its inputs' memory. The same for conv_kernels' buffers of the
# input (about its size: W6's weight gradients 1.2 ms faster a step on one thread).
KEEP_COLUMNS_BYTES = 8 << 20


def _columns_bytes(x, w, stride, padding, dilation, out_hw):
    """The bytes of ``conv_forward``'s im2col columns of ``x``."""
    if out_hw is None:
        out_hw = [conv_output_size(size, k, s, p, d) for size, k, s, p, d in zip(
            x.shape[2:], w.shape[2:], stride, padding, dilation)]
    return x.itemsize * x.shape[0] * x.shape[1] * w.shape[2] * w.shape[3] * out_hw[0] * \
        out_hw[1]


def _kernel_plan(x4, w4, stride, padding, dilation, groups, transposed, out_hw, recording):
    """conv_kernels' Plan of this convolution (for a transposed one, of the convolution whose
    input gradient it is), or None. A forward alone needs one of the plan's geometries and
    accepts more waste; a training step needs both, and its backward pays the waste twice."""
    if recording:
        limit, uses = conv_kernels.MAX_WASTE, "both"
    else:
        limit, uses = conv_kernels.MAX_WASTE_FORWARD, "backward" if transposed else "forward"
    if not transposed:
        return conv_kernels.plan(x4.shape, w4.shape, stride, padding, dilation, groups, limit,
                                 uses)
    if not np.isfinite(w4).all():
        # the plan correlates with zero-filled buffers, and inf * 0 is NaN; PyTorch's col2im
        # (conv_input_grad here) only adds the products of real input values
        return None
    conv_input = (x4.shape[0], w4.shape[1]) + tuple(out_hw)
    plan = conv_kernels.plan(conv_input, w4.shape, stride, padding, dilation, groups, limit,
                             uses)
    if plan is None or (plan.hout, plan.wout) != x4.shape[2:]:
        return None
    return plan


# The entry points of PyTorch's native convolutions, grouped ones included, in one form
# whichever layout runs them (conv_native.py, conv_native_channels_last.py)
NativeKernels = namedtuple("NativeKernels", "forward transposed input_grad weight_grad")
_NATIVE = NativeKernels(conv_native.grouped_forward, conv_native.grouped_transposed,
                        conv_native.grouped_input_grad, conv_native.grouped_weight_grad)
_NATIVE_CHANNELS_LAST = NativeKernels(
    conv_native_channels_last.forward, conv_native_channels_last.transposed,
    conv_native_channels_last.input_grad, conv_native_channels_last.weight_grad)


def _native(x, w, params, transposed):
    """How PyTorch runs this convolution of arrays ``x`` and ``w`` on its native kernels:
    None (it does not, or not as modelled), or their NativeKernels (contiguous or
    channels-last)."""
    stride, padding, dilation, groups = params
    cl = x.ndim == 4 and suggests_channels_last(x, w)
    if not conv_native.applies(as_4d(x), as_4d(w), stride, padding, dilation, groups,
                               transposed, cl):
        return None
    return _NATIVE_CHANNELS_LAST if cl else _NATIVE


class ConvolutionBackward0(Op):
    """Convolution (``transposed=False``) or transposed convolution; ``out_hw`` is the output's
    spatial size (required when transposed: it fixes ``output_padding``)."""

    saved_names = ('input', 'weight')
    arity = 3
    widened = False  # (a half convolution, computed in float32)

    def forward(self, input, weight, bias, stride, padding, dilation, transposed, out_hw,
                groups, spec=None):
        # (PyTorch's node saves both, whichever gradient is needed; before the checks, as
        # PyTorch's autograd layer saves, and so packs, the inputs before its kernel runs)
        self.save(input, weight)
        if spec is not None:  # (the functional form's parameters, checked: conv_checks.py)
            stride, padding, dilation, out_hw = checked_params(input, weight, bias, groups,
                                                               transposed, spec)
        if input._data.itemsize == 2 and is_half(input._data):  # (in float32)
            self.widened = True  # (not PyTorch's float32 kernels: conv_native stays out)
            return forward_in_float32(self, ConvolutionBackward0._convolve, input, weight, bias,
                                      stride, padding, dilation, transposed, out_hw, groups)
        return self._convolve(input, weight, bias, stride, padding, dilation, transposed, out_hw,
                              groups)

    def _convolve(self, input, weight, bias, stride, padding, dilation, transposed, out_hw,
                  groups):
        x, w = input._data, weight._data
        x4, w4 = as_4d(x), as_4d(w)
        self.params = (stride, padding, dilation, groups)
        self.transposed, self.in_hw, self.w_shape = transposed, x4.shape[2:], w.shape
        self.columns = self.buffers = None
        self.plan = None
        bias_data = None if bias is None else bias._data
        if not x4.size or not w4.size or (transposed and 0 in out_hw):
            y = _empty_output(x4, w4, stride, padding, dilation, transposed, out_hw, groups)
            if not y.size:
                bias_data = None
        elif not self.widened and (native := _native(x, w, self.params, transposed)):
            # (PyTorch's native kernels, bias included: conv_native.py)
            geometry = (stride, padding, dilation)
            y = native.transposed(x4, w4, bias_data, geometry, out_hw, groups) if transposed \
                else native.forward(x4, w4, bias_data, geometry, groups)
            bias_data = None
        elif not transposed and (y := without_padding_products(
                x4, w4, stride, padding, dilation, groups)) is not None:
            pass  # y: the sum oneDNN computes, without the padding
        elif not transposed and (y := native_single_products(
                x4, w4, stride, padding, dilation, groups)) is not None:
            # y: one product per output, signed zeros as PyTorch's GEMM leaves them; with one
            # output channel or one output position its GEMM is a matrix-vector product into
            # the zeroed output, and a dilated one runs its dilated kernel, which also adds
            # into zeros: -0. turns into 0. there (fuzz 43:8588)
            if bias_data is None and (w4.shape[0] == 1 or y.shape[2] * y.shape[3] == 1
                                      or tuple(dilation) != (1, 1)):
                y += 0.0
        elif (plan := _kernel_plan(x4, w4, stride, padding, dilation, groups, transposed,
                                   out_hw, self._record)) is not None:
            self.plan = plan
            if transposed:  # the input gradient of the plan's convolution
                y = conv_kernels.conv2d_backward(plan, None, w4, x4, True, False)[0]
            else:
                if self._record and self.needs(1) and \
                        x4.nbytes * plan.forward.waste() <= KEEP_COLUMNS_BYTES:
                    self.buffers = [None] * len(plan.bounds)
                y = conv_kernels.conv2d(plan, x4, w4, bias_data, self.buffers,
                                        self._onednn_order(x, w4))
                bias_data = None
        elif transposed:
            y = conv_input_grad(x4, w4, out_hw, stride, padding, dilation, groups)
            add_edge_taps(y, x4, w4, stride, padding, dilation, groups)  # (where oneDNN runs)
        else:
            keep = self.needs(1) and _columns_bytes(x4, w4, stride, padding, dilation,
                                                  out_hw) <= KEEP_COLUMNS_BYTES
            if (order := self._onednn_order(x, w4)) is not None:  # (bias included)
                y, cols = ordered_forward(x4, w4, bias_data, self.params[:3], order, keep)
                bias_data = None
            else:
                y, cols = conv_forward(x4, w4, stride, padding, dilation, groups, out_hw, keep)
            if keep:
                self.columns = cols
        if bias_data is not None:
            y += bias_data.reshape(1, -1, 1, 1)
        if x.ndim == 4 and y.size and suggests_channels_last(x, w):
            return laid_out(y, format_strides(y.shape, channels_last))
        return _like_input(y, x.ndim)

    def _onednn_order(self, x, w4):
        """The order oneDNN sums this forward in (conv_onednn_order.py), or None."""
        return None if self.widened or (x.ndim == 4 and suggests_channels_last(x, w4)) else \
            forward_order(as_4d(x), w4, *self.params)

    def backward(self, grad):
        input, weight = self.saved()
        mask = (self.needs(0), self.needs(1), self.needs(2))
        if self.plan is not None and plain_backward() and not (mask[1] and self._skips_padding(
                grad, input, weight)) and not (mask[0] and not np.isfinite(weight._data).all()):
            # (a non-finite weight: the kernels' input gradient correlates with zero-filled
            # buffers, and 0 * inf is NaN; PyTorch's, as conv_grads, only adds the products
            # of real values)
            grad_input, grad_weight = self._kernel_grads(grad, input, weight)
            # (a weight gradient that is not finite may hold the kernels' products of zeros at
            # their buffers' waste positions with an infinite or NaN value, which PyTorch
            # never forms: conv_grads below sums the real products only)
            if grad_weight is None or np.isfinite(grad_weight._data).all():
                grad_bias = None
                if mask[2]:
                    grad_bias = _make(conv_grads(grad._data, input._data, weight._data,
                                                 self.geometry(), (False, False, True))[2])
                return grad_input, grad_weight, grad_bias
        # the kept columns are the saved input's, unless a saved-tensor hook may unpack
        # something else in its place
        columns = None if self._for_backward[0].has_hooks else self.columns
        if plain_backward():
            return tuple(None if g is None else _make(g) for g in conv_grads(
                grad._data, input._data, weight._data, self.geometry(), mask, columns))
        return ConvolutionBackwardBackward0.apply(grad, input, weight, self.geometry(), mask,
                                                  columns)

    def _skips_padding(self, grad, input, weight):
        """Whether oneDNN's weight gradient leaves out the padding here where the kernels'
        zero-padded buffers would not (a non-finite gradient): conv_grads then computes it."""
        x4, gy = as_4d(input._data), as_4d(grad._data)
        if self.transposed:
            x4, gy = gy, x4
        return weight_grad_skips_padding(x4, gy, as_4d(weight._data), *self.params,
                                         self.transposed)

    def geometry(self):
        """What the gradients need besides the arrays: ``(params, transposed, in_hw,
        w_shape)``."""
        return self.params, self.transposed, self.in_hw, self.w_shape

    def _kernel_grads(self, grad, input, weight):
        """Both gradients in one pass of the kernels (no graph is being recorded)."""
        g4, ndim = as_4d(grad._data), grad._data.ndim
        need_input, need_weight = self.needs(0), self.needs(1)
        x4 = None if input is None else as_4d(input._data)
        w4 = None if weight is None else as_4d(weight._data)
        grad_input = grad_weight = None
        if self.transposed:  # the plan's convolution runs from this op's output side
            if need_input:
                grad_input = conv_kernels.conv2d(self.plan, g4, w4)
            if need_weight:
                grad_weight = conv_kernels.conv2d_backward(self.plan, g4, None, x4, False,
                                                           True)[1]
        else:
            # the forward's buffers are the saved input's, unless a saved-tensor hook may
            # unpack something else in its place
            kept = None if self._for_backward[0].has_hooks else self.buffers
            ordered = onednn_input_grad(input._data, g4, w4, self.params) if need_input else None
            ordered_w = onednn_weight_grad(input._data, g4, w4, self.params) if need_weight \
                else None
            grad_input, grad_weight = conv_kernels.conv2d_backward(
                self.plan, x4, w4, g4, need_input and ordered is None,
                need_weight and ordered_w is None, kept)
            grad_input = grad_input if ordered is None else ordered  # (conv_onednn_order.py)
            grad_weight = grad_weight if ordered_w is None else ordered_w
        return (None if grad_input is None else _make(_like_input(grad_input, ndim)),
                None if grad_weight is None else _make(
                    contiguous_strides(grad_weight.reshape(self.w_shape))))

    def _release(self):
        super()._release()
        self.columns = self.buffers = None


def conv_grads(grad, x, w, geometry, mask, columns=None):
    """The arrays of a convolution's input, weight and bias gradients (None where ``mask`` is
    False); ``columns``: the forward's im2col columns of ``x``, when kept."""
    (stride, padding, dilation, groups), transposed, in_hw, w_shape = geometry
    g4 = as_4d(grad)
    grad_input = grad_weight = grad_bias = None
    memo = {}  # (the output gradient's GEMM rows, made once for both gradients: _rows)
    empty = not g4.size or not x.size or not w.size  # (nothing summed: zero gradients)
    native = None if empty else _native(x, w, geometry[0], transposed)  # (conv_native.py)
    geometry3 = (stride, padding, dilation)
    if mask[0] and empty:
        grad_input = np.zeros(x.shape, grad.dtype)
    elif mask[0] and native:  # (of a transposed one: the convolution of the gradient)
        grad_input = _like_input(native.forward(
            g4, as_4d(w), None, geometry3, groups, in_hw) if transposed else
            native.input_grad(g4, as_4d(w), in_hw, geometry3, groups), grad.ndim)
    elif mask[0]:  # the transposed op with the same weight
        w4 = as_4d(w)
        if transposed:  # (oneDNN's, where it leaves out the padding: see conv_onednn.py)
            y = without_padding_products(g4, w4, stride, padding, dilation, groups)
            if y is None:
                y = conv_forward(g4, w4, stride, padding, dilation, groups, in_hw, False)[0]
        elif (y := onednn_input_grad(x, g4, w4, geometry[0])) is None:
            # (oneDNN's taps past the input's edges: as the transposed op's forward)
            y = conv_input_grad(g4, w4, in_hw, stride, padding, dilation, groups, memo)
            add_edge_taps(y, g4, w4, stride, padding, dilation, groups)
        grad_input = _like_input(y, grad.ndim)
    if mask[1] and empty:
        grad_weight = np.zeros(w_shape, grad.dtype)
    elif mask[1] and native:
        shape4 = as_4d(w).shape
        x4, gy = (g4, as_4d(x)) if transposed else (as_4d(x), g4)
        grad_weight = contiguous_strides(native.weight_grad(
            x4, gy, shape4, geometry3, groups, transposed).reshape(w_shape))
    elif mask[1]:
        x4, gy = (g4, as_4d(x)) if transposed else (as_4d(x), g4)
        shape4 = w_shape if len(w_shape) == 4 else w_shape[:2] + (1,) + w_shape[2:]
        if transposed:
            columns = None  # (kept columns are of the forward's input, here the gradient)
        # (oneDNN's, where it leaves out the padding: see conv_onednn.py; a transposed
        # convolution's is the same kernel's with the gradient as its input)
        gw = weight_grad_without_padding(x4, gy, as_4d(w), stride, padding, dilation, groups,
                                         transposed)
        if gw is None and not transposed:
            gw = onednn_weight_grad(x, g4, as_4d(w), geometry[0])
        if gw is None:
            gw = conv_weight_grad(x4, gy, shape4, stride, padding, dilation, groups, columns,
                                  memo)
        grad_weight = contiguous_strides(gw.reshape(w_shape))
    if mask[2] and not grad.size:  # (an empty output: no channel got a contribution)
        grad_bias = np.zeros(w_shape[1] * groups if transposed else w_shape[0], grad.dtype)
    elif mask[2]:
        grad_bias = bias_grad(grad, x, w, stride, padding, dilation, groups, transposed)
    return grad_input, grad_weight, grad_bias


class ConvolutionBackwardBackward0(Op):
    """A convolution's three gradients as one node of ``(grad_output, input, weight)``, as
    PyTorch's ``convolution_backward``: each requires grad when any of those does. Its own
    derivatives are convolutions again (each gradient is bilinear in grad_output and one of
    input / weight)."""

    arity = 3

    def forward(self, grad, input, weight, geometry, mask, columns=None):
        self.geometry, self.mask = geometry, mask
        self.out_hw = as_4d(grad._data).shape[2:]
        self.save(grad, input, weight)
        return conv_grads(grad._data, input._data, weight._data, geometry, mask, columns)

    def backward(self, grad_grad_input, grad_grad_weight, grad_grad_bias):
        grad, input, weight = self.saved()
        ggi, ggw, ggb = grad_grad_input, grad_grad_weight, grad_grad_bias
        (stride, padding, dilation, groups), transposed, _, _ = self.geometry
        grad_output = grad_input = grad_weight = None
        if self.needs(0):
            # d/d grad_output of <ggi, grad_input> + <ggw, grad_weight> + <ggb, grad_bias>
            # (each term added as it is made, as PyTorch's formula does)
            filled = input._data.size != 0  # (PyTorch convolves nothing for an empty input)
            if ggi is not None and filled:
                grad_output = ConvolutionBackward0.apply(ggi, weight, None, stride, padding,
                                                         dilation, transposed, self.out_hw,
                                                         groups)
            if ggw is not None and filled:
                term = ConvolutionBackward0.apply(input, ggw, None, stride, padding, dilation,
                                                  transposed, self.out_hw, groups)
                grad_output = term if grad_output is None else grad_output + term
            if ggb is not None:
                shape = (1, -1) + (1,) * (grad._data.ndim - 2)
                term = ggb.reshape(shape).expand(grad._data.shape)
                grad_output = term if grad_output is None else grad_output + term
        # (the weight's gradient before the input's, as PyTorch's _convolution_double_backward)
        if ggi is not None and input._data.size:
            _refuse_empty_weight_grad_input(grad, ggi, self.geometry)
        if self.needs(2) and ggi is not None and input._data.size:
            # grad_input is linear in weight: the weight gradient of grad_output with ggi as the
            # input, which depends on those two alone (undefined for an empty input, as
            # PyTorch's, so a leaf weight's .grad is left as it was); computed as PyTorch
            # computes it, recorded or not: a convolution of the two transposed, whose bits
            # differ from convolution_backward's weight gradient
            if not (grad._data.size and ggi._data.size):
                # (the weight gives just its shape, so it goes in without its history)
                grad_weight = ConvolutionBackwardBackward0.apply(
                    grad, ggi, _make(weight._data), self.geometry, (False, True, False))[1]
            else:
                grad_weight = _recorded_weight_grad(grad, ggi, self.geometry)
        shape = as_4d(grad._data).shape  # (PyTorch computes 1-d as 2-d of height 1)
        if ggw is not None and input._data.size and not all(shape[2:]) and all(shape[:2]):
            # PyTorch convolves grad_output with ggw for the input's term whether or not the
            # input needs it, and refuses an empty map in a non-empty batch
            raise RuntimeError("Only zero batch or zero channel inputs are supported, but got "
                               f"input shape: {list(shape)}")
        if self.needs(1) and ggw is not None and input._data.size:
            # grad_weight is linear in input: its gradient is the input gradient of grad_output
            # through ggw, PyTorch's convolution of the other kind of (grad_output, ggw),
            # which depends on those two alone (none for an empty input, as PyTorch's)
            in_hw = self.geometry[2]
            grad_input = ConvolutionBackward0.apply(grad, ggw, None, stride, padding, dilation,
                                                    not transposed,
                                                    None if transposed else in_hw, groups)
        return grad_output, grad_input, grad_weight


def _refuse_empty_weight_grad_input(grad, ggi, geometry):
    """PyTorch's double backward convolves for the weight's term whether or not the weight
    needs it: its first operand (grad_output for a transposed convolution, else ggi), batch
    and channel dims swapped and cut per group, is refused when its map is empty in a
    non-empty batch."""
    (_, _, _, groups), transposed, _, _ = geometry
    shape = as_4d((grad if transposed else ggi)._data).shape
    first = [shape[1] // groups, shape[0], *shape[2:]]
    if not all(first[2:]) and all(first[:2]):
        raise RuntimeError("Only zero batch or zero channel inputs are supported, but got "
                           f"input shape: {first}")


def _recorded_weight_grad(grad, ggi, geometry):
    """The weight gradient of ``grad`` (grad_output) with ``ggi`` as the input, recorded as
    PyTorch composes it in a convolution's double backward: a convolution of the two with
    their batch and channel dims swapped (``TransposeBackward0``), stride and dilation
    exchanged, one per group (``SliceBackward0`` of each, ``CatBackward0`` of the results),
    transposed back and narrowed to the kernel's size where it came out larger."""
    (stride, padding, dilation, groups), transposed, _, w_shape = geometry
    grad_t, ggi_t = grad.transpose(0, 1), ggi.transpose(0, 1)
    first, second = (grad_t, ggi_t) if transposed else (ggi_t, grad_t)
    if groups == 1:
        out = ConvolutionBackward0.apply(first, second, None, dilation, padding, stride, False,
                                         None, 1)
    else:
        n1, n2 = first._data.shape[0] // groups, second._data.shape[0] // groups
        out = cat([ConvolutionBackward0.apply(first.narrow(0, g * n1, n1),
                                              second.narrow(0, g * n2, n2), None, dilation,
                                              padding, stride, False, None, 1)
                   for g in range(groups)], 1)
    out = out.transpose(0, 1)
    for dim, size in enumerate(w_shape[2:], 2):
        if out._data.shape[dim] > size:
            out = out.narrow(dim, 0, size)
    return out
