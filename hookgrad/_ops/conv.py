"""Convolution, with PyTorch's node names (pooling and padding are in pooling.py and
padding.py): on conv_kernels.py's tall buffers where its Plan takes the shape (groups 1,
dilation 1, little waste), else im2col + one GEMM per group here.

Arrays are 4-D ``(N, C, H, W)`` inside; 1-D ops pass ``(N, C, L)`` tensors and 2-tuples whose
first entry is the trivial height (stride 1, padding 0, ...), and are viewed as height 1.
Every backward is a pair of ops that are each other's transposes, so double backward works;
without ``create_graph`` it is one fused pass over the kernels instead."""
import numpy as np
from numpy.lib.stride_tricks import as_strided

from .._tensor_base import _make
from . import conv_kernels
from .op import Op, plain_backward


def as_4d(x):
    return x[:, :, None, :] if x.ndim == 3 else x


def _like_input(y, ndim):
    return y[:, :, 0, :] if ndim == 3 else y


def zero_padded(x, padding, value=0, extra=(0, 0)):
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
    flat = y.reshape(n, int(np.prod(y.shape[1:])))  # not -1: n may be 0
    if n > 8 and flat.strides[0] % 4096 == 0:
        padded = np.empty((n, flat.shape[1] + 64 // y.itemsize), y.dtype)
        padded[:, :flat.shape[1]] = flat
        flat = padded[:, :flat.shape[1]]
    return np.ascontiguousarray(flat.T).reshape(y.shape[1:] + (n,))


def _im2col(x, kernel, out_hw, stride, padding, dilation, groups, batch_last):
    """Columns ``(groups, C/groups * kh * kw, N * Ho * Wo)`` of the padded input, or
    ``(..., Ho * Wo * N)`` when ``batch_last`` (one copy either way)."""
    n, c = x.shape[:2]
    xp = zero_padded(x, padding)
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
    return windows.reshape(groups, cg * kernel[0] * kernel[1], int(np.prod(grid)))  # n may be 0


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
    conv_input = (x4.shape[0], w4.shape[1]) + tuple(out_hw)
    plan = conv_kernels.plan(conv_input, w4.shape, stride, padding, dilation, groups, limit,
                             uses)
    if plan is None or (plan.hout, plan.wout) != x4.shape[2:]:
        return None
    return plan


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
        self.plan = _kernel_plan(x4, w4, stride, padding, dilation, groups, transposed, out_hw,
                                 self._record)
        bias_data = None if bias is None else bias._data
        if self.plan is not None:
            if transposed:  # the input gradient of the plan's convolution
                y = conv_kernels.conv2d_backward(self.plan, None, w4, x4, True, False)[0]
            else:
                y, bias_data = conv_kernels.conv2d(self.plan, x4, w4, bias_data), None
        elif transposed:
            y = conv_input_grad(x4, w4, out_hw, stride, padding, dilation, groups)
        else:
            y, cols = conv_forward(x4, w4, stride, padding, dilation, groups, out_hw)
            if self.needs(1) and cols.nbytes <= KEEP_COLUMNS_BYTES:
                self.columns = cols
        if bias_data is not None:
            y += bias_data.reshape(1, -1, 1, 1)
        return _like_input(y, x.ndim)

    def backward(self, grad):
        input, weight = self.saved()
        if self.plan is not None and plain_backward():
            grad_input, grad_weight = self._kernel_grads(grad, input, weight)
        else:
            grad_input = grad_weight = None
            if self.needs(0):
                # the input gradient is the transposed op (and vice versa) with the same weight
                grad_input = _ConvGradInput.apply(grad, weight, None, *self.params[:3],
                                                  not self.transposed, self.in_hw,
                                                  self.params[3])
            if self.needs(1):
                x, gy = (grad, input) if self.transposed else (input, grad)
                # the kept columns are the saved input's, unless a saved-tensor hook may
                # unpack something else in its place
                cols = None if self._for_backward[0].has_hooks else self.columns
                grad_weight = _ConvGradWeight.apply(x, gy, *self.params, self.w_shape, cols)
        grad_bias = None
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
            grad_input, grad_weight = conv_kernels.conv2d_backward(self.plan, x4, w4, g4,
                                                                   need_input, need_weight)
        return (None if grad_input is None else _make(_like_input(grad_input, ndim)),
                None if grad_weight is None else _make(grad_weight.reshape(self.w_shape)))

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
