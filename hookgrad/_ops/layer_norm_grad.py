"""Layer norm's backward over rows ``(R, D)`` as PyTorch's CPU kernel computes it: the input
gradient in its fused form (row sums in its vector order where the forward took PyTorch's
steps), the weight and bias gradients summed row by row per thread for up to
EXACT_PARAM_ROWS rows."""
import numpy as np

from .._parallel import get_num_threads
from .complex_fma import (
    complex_fma_exact,
    fma_by_complex,
    fused_real_,
    interleaved,
    running_fma_rows,
)
from .fused import fma
from .norm_kernels import (
    _FLOAT_TYPES,
    _VECTOR_BYTES,
    _column,
    _rows,
    _run_rows,
    _total,
    exact_layer_norm,
    product_error,
)
from .vector_reduce import vector_sum


def _layer_norm_grad_rows(start, stop, step, g2, x2, weight, mean, invstd, gx2, wsums, bsums):
    gs = g2[start:stop]
    inv = _column(invstd[start:stop])
    chunk = start // step
    free = None  # (a spent buffer of the rows' shape, reused below)
    if wsums is not None:
        xhat = np.subtract(x2[start:stop], _column(mean[start:stop]))
        np.multiply(xhat, inv, out=xhat)
        # one value per row: x - mean is 0, but PyTorch's kernel computes xhat as
        # fma(x, rstd, -(rstd * mean)), the rounding error of rstd * x
        xhat_w = xhat if x2.shape[1] != 1 else product_error(x2[start:stop], inv)
        wsums[chunk] = np.einsum("rd,rd->d", gs, xhat_w)
        free = xhat
    if bsums is not None:
        bsums[chunk] = np.einsum("rd->d", gs)
    if gx2 is None:
        return
    # PyTorch's kernel form, always: its rounding is what the user sees (the exact gradient of
    # a sum through a row of two is 0, the kernel's too; the textbook form leaves a residue),
    # and its infinities meet (NaN) where the textbook form's would not
    g_hat = gs
    if weight is not None:
        fits = free is not None and free.dtype == np.result_type(gs, weight)
        g_hat = np.multiply(gs, weight, out=free if fits else None)
    _layer_norm_grad_rows_kernel(gs, weight, x2[start:stop], g_hat, mean[start:stop], inv,
                                 gx2[start:stop], exact_layer_norm(x2))


def _layer_norm_grad_rows_kernel(gs, weight, x, g_hat, mean, inv, out, exact=True):
    """PyTorch's CPU kernel: ``fma(b, x, a * dy * gamma) + c`` with ``a = rstd``, ``b =
    fma(db, mean, -ds) * a * a * a / n`` and ``c = fma(-b, mean, -(db * a / n))`` (``ds``,
    ``db``: the row sums of ``dy * x * gamma`` and ``dy * gamma``, in its vector order), written
    into ``out``."""
    dtype = x.dtype.type
    scale = dtype(1) / dtype(x.shape[1])
    mean = _column(mean)
    with np.errstate(invalid="ignore", over="ignore"):
        dy_x = gs * x
        # (into dy_x where the sums need it no longer: fewer fresh buffers, fewer cache misses)
        in_place = not exact and weight is not None and weight.dtype == dy_x.dtype
        products = dy_x if weight is None else np.multiply(dy_x, weight,
                                                           out=dy_x if in_place else None)
        if exact:
            ds = vector_sum(products, (gs, x) if weight is None else (dy_x, weight))
            db = vector_sum(g_hat, None if weight is None else (gs, weight))
        else:  # (a row shorter than a vector is the scalar loop's, in order)
            total = np.add.accumulate if x.shape[1] * x.itemsize < _VECTOR_BYTES else None
            ds = total(products, 1)[:, -1] if total else np.einsum("rd->r", products)
            db = total(g_hat, 1)[:, -1] if total else np.einsum("rd->r", g_hat)
        ds, db = _column(ds), _column(db)
        b = fma_by_complex(db, mean, -ds) * inv * inv * inv * scale
        c = fma_by_complex(-b, mean, -(db * inv * scale))
        if _fused_by_complex(b, x, c, gs, weight, inv, out, products):
            return
        scaled = inv * gs if weight is None else inv * gs * weight
        np.copyto(out, fma(b, x, scaled) + c, casting="unsafe")


def _fused_by_complex(b, x, c, gs, weight, inv, out, scratch):
    """``out = fma(b, x, inv * gs * weight) + c`` by complex_fma (x and the addend written
    straight into its buffer: 0.24 -> 0.12 ms on (1024, 128) float32); whether it served (one
    dtype throughout, finite results). ``scratch``: a free array of x's shape and dtype."""
    dtype = x.dtype
    if not (complex_fma_exact(dtype, x.size) and gs.dtype == inv.dtype == b.dtype == c.dtype
            == out.dtype == dtype and (weight is None or weight.dtype == dtype)):
        return False
    buffer = interleaved(x)
    # (contiguous products, then one strided copy: NumPy's strided loops cost twice theirs)
    scaled = np.multiply(inv, gs, out=scratch)
    if weight is not None:
        np.multiply(scaled, weight, out=scaled)
    buffer.imag = scaled
    np.add(fused_real_(buffer, b), c, out=out)
    # (a finite result had finite operands, where the complex loop's fma is checked)
    return bool(np.isfinite(out).all())


def layer_norm_backward(g2, x2, weight, mean, invstd, need_input, need_weight, need_bias):
    """``(grad_input2, grad_weight, grad_bias)`` (None where not needed) of rows ``x2``."""
    gx2 = np.empty(x2.shape, g2.dtype) if need_input else None
    if x2.shape[0] == 0:  # no rows: nothing to sum
        zeros = np.zeros(x2.shape[1], g2.dtype)
        return gx2, zeros if need_weight else None, zeros.copy() if need_bias else None
    exact = x2.shape[0] <= EXACT_PARAM_ROWS and x2.dtype in _FLOAT_TYPES
    step, wsums = _rows(x2)
    bsums = list(wsums) if need_bias and not exact else None
    wsums = wsums if need_weight and not exact else None
    _run_rows(x2, step, _layer_norm_grad_rows, step, g2, x2, weight, mean, invstd, gx2, wsums,
              bsums)
    if exact and (need_weight or need_bias):
        return (gx2,) + _layer_norm_param_grads(g2, x2, mean, invstd, need_weight, need_bias)
    return (gx2, None if wsums is None else _total(wsums),
            None if bsums is None else _total(bsums))


# Up to this many rows the weight and bias gradients follow PyTorch's kernel exactly (a loop
# over rows); above, one sum per chunk of rows, within an ulp or so
EXACT_PARAM_ROWS = 256


def _layer_norm_param_grads(g2, x2, mean, invstd, need_weight, need_bias):
    """Layer norm's weight and bias gradients as PyTorch's kernel sums them: its rows split
    between its threads (ceil(rows / tasks) each), each thread's buffer starting at 0 and
    taking ``fma(dy, fma(rstd, x, -rstd * mean), buffer)`` (the weight's) and ``buffer + dy``
    (the bias's) row by row, then the buffers added in thread order."""
    rows = x2.shape[0]
    tasks = max(1, min(get_num_threads(), rows))
    chunk = -(-rows // tasks)
    inv = _column(invstd)
    with np.errstate(invalid="ignore", over="ignore"):
        xhat = fma_by_complex(x2, inv, -inv * _column(mean)) if need_weight else None
        grad_weight = np.zeros(x2.shape[1], x2.dtype) if need_weight else None
        grad_bias = np.zeros(x2.shape[1], x2.dtype) if need_bias else None
        for start in range(0, rows, chunk):
            stop = min(rows, start + chunk)
            buffer_w = None
            if need_weight and g2.dtype == xhat.dtype:
                buffer_w = running_fma_rows(g2[start:stop], xhat[start:stop])
            running = need_weight and buffer_w is None
            if buffer_w is None:
                buffer_w = np.zeros(x2.shape[1], x2.dtype)
            buffer_b = np.zeros(x2.shape[1], x2.dtype)
            for row in range(start, stop):
                if running:
                    buffer_w = fma(g2[row], xhat[row], buffer_w)
                if need_bias:
                    buffer_b = buffer_b + g2[row]
            if need_weight:
                grad_weight = grad_weight + buffer_w
            if need_bias:
                grad_bias = grad_bias + buffer_b
    return grad_weight, grad_bias
