"""PyTorch's last-dim softmax and log_softmax kernels for float32 (``_vec_softmax_lastdim``
and ``_vec_log_softmax_lastdim``) as its AVX2 and AVX-512 builds run them, bit for bit,
vectorised over rows with NumPy. The two builds take the same steps on vectors of 8 or 16
floats (VECTOR_BYTES): only the sums' lane order differs (SLEEF's ``expf16_u10`` and
``logf16_u10`` round as its ``expf8_u10`` and ``logf8_u10`` do).

Per row PyTorch takes the max (exact in any order), ``exp(x - max)`` with SLEEF's
``Sleef_expf8_u10`` (sleef.expf), the sum of those by ``vec::reduce_all`` (order below),
then softmax multiplies each exp by ``1 / sum`` (one rounding for the reciprocal, one for
the product: not a division), and log_softmax computes ``x - max - log(sum)`` left to right
with SLEEF's ``Sleef_logf8_u10`` (``logf`` here) for the log. NumPy's exp, log and
pairwise sums round differently in the last bit on most elements. Checked against torch
2.13 on rows of every length 1..70 and longer, on both builds, with 1 and 2 threads."""
import numpy as np

from .._parallel import get_num_threads, parallel_for
from ..backends.cpu import CAPABILITY, VECTOR_BYTES
from .sleef import _EXP_POLY, _L2, _LN2_HI, _LN2_LO, _R_LN2, _two_sum, fma, logf_sum

_F32, _F64 = np.float32, np.float64
_C0, _C1 = _F64(_F32(0.000198527617612853646278381)), _F64(_F32(0.00139304355252534151077271))
_LANES = VECTOR_BYTES // 4  # float32 lanes of a vector
APPLIES = CAPABILITY in ("AVX2", "AVX512")


def lane_sum(e, factors=None):
    """``vec::reduce_all`` of ``x + y`` over each row of the 2-d float32 ``e``: rows shorter
    than a vector (8 lanes on AVX2, 16 on AVX-512) add left to right; longer ones accumulate
    whole vectors (each lane left to right), the partial tail vector added into its first
    lanes, then the lanes fold by halves as the build's shuffles pair them: AVX2's (i, i+4),
    (j, j+2), (0, 1); AVX-512's (i, i+8) first.
    With ``factors`` (a, b), ``e`` is their product and this is ``map2_reduce_all`` where
    GCC fused the partial tail vector's ``acc + a * b`` into one FMA, the whole vectors'
    products rounded before they are added (softmax's backward on one thread)."""
    rows, n = e.shape
    if n < _LANES:
        acc = e[:, 0].copy()
        for i in range(1, n):
            acc += e[:, i]
        return acc
    full = n - n % _LANES
    # (NumPy reduces a leading axis one row after another: each lane in order; on the
    # vectors made the leading axis by a copy, twice as fast as over the strided middle one)
    vectors = e[:, :full].reshape(rows, full // _LANES, _LANES).transpose(1, 0, 2)
    acc = np.add.reduce(np.ascontiguousarray(vectors), axis=0)
    if full < n and factors is not None:
        acc[:, :n - full] = fma(factors[0][:, full:], factors[1][:, full:], acc[:, :n - full])
    elif full < n:
        acc[:, :n - full] += e[:, full:]
    lanes = _LANES
    while lanes > 1:
        lanes //= 2
        acc = acc[:, :lanes] + acc[:, lanes:]
    return acc[:, 0]


def _exact_fma(a, b, c):
    """``a * b + c`` rounded once to float32 where that sum is exact in float64 (the error of
    a float32 product, 1 - d * (1 / d), see logf): no double rounding, so none of sleef.fma's
    midpoint checks (whose exact fallback is slow and taken by such short exact values)."""
    t = np.multiply(a, b, dtype=_F64)
    t += c
    return t.astype(_F32)


def logf(d):
    """Sleef_logf8_u10 of positive normal finite float32s (a sum of exps, at least 1)."""
    e = ((d * _F32(1.0 / 0.75)).view(np.int32) >> 23 & 0xFF) - 0x7F
    m = (d.view(np.int32) - (e << 23)).view(_F32)  # (vldexp3: d * 2**-e by its exponent)
    ef = e.astype(_F32)
    sx = _LN2_HI * ef  # s = dfmul((LN2_HI, LN2_LO), e)
    sy = fma(_LN2_LO, ef, _exact_fma(_LN2_HI, ef, -sx))
    nx, ny = _two_sum(_F32(-1), m)
    dx, dy = _two_sum(_F32(1), m)
    # x = dfdiv((nx, ny), (dx, dy))
    t = _F32(1) / dx
    xx = nx * t
    u = _exact_fma(t, nx, -xx)
    # (dy * t and 1 - dx * t are within 2**29 of each other in size, 24 bits each, or dy 0:
    # their sum is exact in float64 too)
    xy = _exact_fma(-dy, t, _exact_fma(-dx, t, _F32(1)))
    xy = fma(xx, xy, fma(ny, t, u))
    return logf_sum(sx, sy, xx, xy)


def expf_nonpositive(d, out):
    """sleef.expf of the flat float32 ``d`` (each at most 0, or -inf) into ``out``: the same
    steps, each FMA as float64 arithmetic rounded once to float32, through preallocated
    buffers and with the scaling by 2**q as an exponent add (5x faster than sleef.expf on a
    shifted row; results compared equal on millions of inputs)."""
    q, r = np.empty_like(d), np.empty_like(d)
    w, s64 = np.empty(d.shape, _F64), np.empty(d.shape, _F64)
    np.multiply(d, _R_LN2, out=q)
    np.rint(q, out=q)
    np.copyto(w, q)
    w *= _L2  # (q * (L2U + L2L) is exact in float64: d - it rounds once, as the two FMAs)
    np.subtract(d, w, out=w)
    np.copyto(out, w, casting="unsafe")  # s
    np.copyto(s64, out)
    np.multiply(s64, _C0, out=w)
    w += _C1
    for c in _EXP_POLY:  # u = fma(u, s, c), each rounded to float32
        np.copyto(r, w, casting="unsafe")
        np.copyto(w, r)
        w *= s64
        w += c
    np.copyto(r, w, casting="unsafe")
    np.copyto(w, r)
    np.multiply(out, out, out=r)  # fma(u, s * s, s), s * s rounded first
    np.copyto(s64, r)
    w *= s64
    np.copyto(s64, out)
    w += s64
    np.copyto(r, w, casting="unsafe")
    r += _F32(1)
    bits = q.view(np.int32)
    np.copyto(bits, q, casting="unsafe")
    low = bits < -125  # (a subnormal or zero result: the scaling rounds; rare)
    low_q = bits[low] if low.any() else None
    bits <<= 23
    bits += r.view(np.int32)
    np.copyto(out, q)
    if low_q is not None:
        out[low] = np.ldexp(r[low], low_q)
        out[d < -104] = 0  # (SLEEF's range test)
    return out


def _rows_block(start, stop, rows, out, sums, log, bad):
    """One block of rows: softmax into ``out`` (with ``log``: ``x - max`` into ``out``, the
    sums of exps into ``sums``); records in ``bad`` a block whose max is not finite (the
    caller's NaN and inf rules then)."""
    x, y = rows[start:stop], out[start:stop]
    top = np.maximum.reduce(x, axis=1, keepdims=True)
    if not np.isfinite(top).all():
        bad.append(True)
        return
    np.subtract(x, top, out=y)
    with np.errstate(all="ignore"):  # (-inf inputs: SLEEF's range test gives 0)
        exps = expf_nonpositive(y.reshape(-1), np.empty(y.size, _F32)).reshape(y.shape)
    total = lane_sum(exps)
    if log:
        sums[start:stop] = total
    else:
        np.multiply(exps, (_F32(1) / total)[:, None], out=y)


_BLOCK = 65536  # elements a block of rows holds at least (its temporaries stay in cache:
# per element exp costs ~9 ns at 64K elements, 16 at 16K (call overheads), 35 at 1M)


def _run(x, log):
    width = x.shape[-1]
    rows = x.reshape(-1, width)
    out = np.empty(rows.shape, _F32)
    sums = np.empty(rows.shape[0], _F32)
    step = max(1, _BLOCK // width)
    bad = []
    if step >= rows.shape[0] or get_num_threads() == 1:
        for start in range(0, rows.shape[0], step):
            _rows_block(start, min(start + step, rows.shape[0]), rows, out, sums, log, bad)
    else:
        parallel_for(rows.shape[0], step, _rows_block, rows, out, sums, log, bad)
    if bad:
        return None
    if log:  # (x - max - log(sum), left to right; the logs of all rows at once)
        out -= logf(sums)[:, None]
    return out.reshape(x.shape)


def softmax_rows(x):
    """softmax along the last axis of the C-contiguous float32 ``x`` (at least one element),
    or None where a row max is not finite."""
    return _run(x, False)


def log_softmax_rows(x):
    """log_softmax along the last axis of the C-contiguous float32 ``x``, or None where a row
    max is not finite."""
    return _run(x, True)


def _grad_block(start, stop, g2, y2, out, fused):
    o, y, g = out[start:stop], y2[start:stop], g2[start:stop]
    np.multiply(g, y, out=o)
    total = lane_sum(o, (g, y) if fused else None)
    np.subtract(g2[start:stop], total[:, None], out=o)
    o *= y


def softmax_grad_rows(g, y):
    """softmax's backward along the last axis as PyTorch's kernel rounds it, ``g`` and
    ``y`` (the output) C-contiguous float32 of one shape: ``(g - sum(g * y)) * y``, the sum
    in vec::reduce_all's lane order. Where PyTorch runs its rows on one thread (one thread
    set, or one row) the compiled loop fuses the partial last vector's multiply-add; where
    its parallel_for (grain 0) splits them over threads it does not (torch 2.13, measured
    with 1 and 2 threads on rows of 9 to 100). Large inputs split their rows over the
    intra-op pool (each row's result is its own)."""
    width = y.shape[-1]
    g2, y2 = g.reshape(-1, width), y.reshape(-1, width)
    out = np.empty(y2.shape, _F32)
    threads = get_num_threads()
    fused = threads == 1 or y2.shape[0] == 1
    step = max(1, _BLOCK // width)
    if step >= y2.shape[0] or threads == 1:
        _grad_block(0, y2.shape[0], g2, y2, out, fused)
    else:
        parallel_for(y2.shape[0], step, _grad_block, g2, y2, out, fused)
    return out.reshape(y.shape)


def log_softmax_grad_rows(g, y):
    """log_softmax's backward along the last axis as PyTorch's kernel rounds it:
    ``g - exp(y) * sum(g)`` as one fused multiply-add (checked against torch), the exp
    SLEEF's and the sum in vec::reduce_all's lane order; None unless every output is at
    most 0 and every sum finite (NaN and inf rows: the caller's path). In blocks of rows
    whose temporaries stay in cache (3 times faster than whole at 1024 x 1024)."""
    width = y.shape[-1]
    g2, y2 = g.reshape(-1, width), y.reshape(-1, width)
    if not np.maximum.reduce(y2, axis=None) <= 0:  # (also a NaN)
        return None
    total = lane_sum(g2)
    if not np.isfinite(total).all():
        return None
    out = np.empty(y2.shape, _F32)
    step = max(1, _BLOCK // width)
    if step >= y2.shape[0] or get_num_threads() == 1:
        for start in range(0, y2.shape[0], step):
            _log_grad_block(start, min(start + step, y2.shape[0]), g2, y2, total, out)
    else:
        parallel_for(y2.shape[0], step, _log_grad_block, g2, y2, total, out)
    return out.reshape(y.shape)


def _log_grad_block(start, stop, g2, y2, total, out):
    y = y2[start:stop]
    with np.errstate(all="ignore"):  # (-inf outputs: exp 0)
        exps = expf_nonpositive(y.reshape(-1), np.empty(y.size, _F32)).reshape(y.shape)
    np.negative(exps, out=exps)
    out[start:stop] = fma(exps, total[start:stop, None], g2[start:stop])
