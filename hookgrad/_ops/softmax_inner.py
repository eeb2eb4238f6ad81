"""PyTorch's softmax and log_softmax kernels along a dim other than the last, for float32
(``_vec_softmax``, ``_vec_logsoftmax``, ``_vec_softmax_backward``,
``_vec_log_softmax_backward``) as its AVX2 and AVX-512 builds run them, bit for bit. The
input is seen as (outer, dim, inner); each kernel runs a vector of inner columns at a time
(8 on AVX2, 16 on AVX-512: the builds differ only there), reducing along dim in order from the
first element, and the inner columns left over that do not fill a vector one at a time:
there ``std::exp`` is glibc's expf (glibc_expf) instead of SLEEF's (sleef.expf), which
round differently. Otherwise both paths round alike.

- softmax: max, ``e = exp(x - max)``, ``sum`` from 0 in order, ``e / sum`` (a division);
  its loop over outer x inner positions is split over threads in chunks, and a vector
  does not cross a chunk's end: the scalar columns depend on the chunks (``scalar_mask``).
- log_softmax: max, ``sum`` of exps from 0, SLEEF's log of the sums (all columns, scalar
  ones too), ``x - max - log`` left to right.
- softmax's backward: ``sum`` from 0 of ``grad * output`` (one fused multiply-add each),
  then ``output * (grad - sum)``.
- log_softmax's backward: ``sum`` of grad from 0, ``grad - exp(output) * sum`` fused.
The backward kernels and log_softmax's split the inner columns in chunks of a multiple of
the vector: only the last ``inner % 8`` (``% 16``) columns are scalar."""
import numpy as np

from ..backends.cpu import VECTOR_BYTES
from .fused import _BEYOND_FLOAT32, _FLOAT32_MIDPOINT
from .glibc_expf import expf as glibc_expf
from .sleef import fma
from .softmax_lastdim import _BLOCK, expf_nonpositive, logf

_F32 = np.float32
_LANES = VECTOR_BYTES // 4  # float32 lanes of a vector


def _sleef_exp(d):
    """sleef.expf of ``d`` (at most 0, or -inf), in flat blocks that stay in cache."""
    flat = d.reshape(-1)
    out = np.empty(flat.size, _F32)
    with np.errstate(all="ignore"):  # (-inf: 0)
        for start in range(0, flat.size, _BLOCK):
            expf_nonpositive(flat[start:start + _BLOCK], out[start:start + _BLOCK])
    return out.reshape(d.shape)


def column_sums(e):
    """The sums along axis 1 of (outer, dim, inner) ``e``, from the first element on, kept.
    (NumPy's reduce adds a strided middle axis in order, but a contiguous one, inner 1,
    pairwise; its accumulate is in order always.)"""
    if e.shape[2] == 1:
        return np.add.accumulate(e, axis=1)[:, -1:]
    return np.add.reduce(e, axis=1, keepdims=True)


def _tail_columns(inner, lanes=_LANES):
    return slice(inner - inner % lanes, inner)


def scalar_mask(outer, inner, dim, threads, lanes=_LANES):
    """(outer, inner) bools: the positions softmax's forward computes one at a time. Its
    ``parallel_for`` over outer * inner positions (grain 0: any size splits) gives each
    thread an equal chunk; in a chunk a vector starts where the last one ended and must fit
    both in its row of inner columns and in the chunk. (Measured on torch 2.13 with 2
    threads: a (1, 9, 8) input is all scalar, two chunks of 4.)"""
    mask = np.zeros((outer, inner), bool)
    mask[:, _tail_columns(inner, lanes)] = True
    total = outer * inner
    if threads <= 1 or total <= 1:
        return mask
    size = -(-total // threads)
    starts = list(range(0, total, size))
    rows = sorted({b // inner for b in starts if b % inner})
    for row in rows:  # (rows a chunk boundary splits: each part vectorised from its start)
        mask[row] = False
        cuts = [b - row * inner for b in starts if 0 < b - row * inner < inner]
        for s, t in zip([0] + cuts, cuts + [inner]):
            mask[row, s + (t - s) // lanes * lanes:t] = True
    return mask


def softmax(x3, threads, vector_exp=_sleef_exp, scalar_exp=glibc_expf, lanes=_LANES):
    """softmax of the C-contiguous float32 (outer, dim, inner) ``x3`` along axis 1, or None
    where a max is not finite (NaN and inf rules: the caller's). ``vector_exp`` /
    ``scalar_exp`` / ``lanes``: another dtype's (softmax_inner_double)."""
    outer, dim, inner = x3.shape
    top = np.maximum.reduce(x3, axis=1, keepdims=True)
    if not np.isfinite(top).all():
        return None
    d = x3 - top
    with np.errstate(all="ignore"):  # (-inf inputs: exp 0)
        e = vector_exp(d)
        mask = scalar_mask(outer, inner, dim, threads, lanes)
        if mask.any():
            where = np.broadcast_to(mask[:, None, :], d.shape)
            e[where] = scalar_exp(d[where])
    e /= column_sums(e)
    return e


def log_softmax(x3, vector_exp=_sleef_exp, scalar_exp=glibc_expf, log=logf, lanes=_LANES):
    """log_softmax of the C-contiguous float32 (outer, dim, inner) ``x3`` along axis 1, or
    None where a max is not finite. ``vector_exp`` / ``scalar_exp`` / ``log`` (of a flat
    array) / ``lanes``: another dtype's (softmax_inner_double)."""
    top = np.maximum.reduce(x3, axis=1, keepdims=True)
    if not np.isfinite(top).all():
        return None
    d = x3 - top
    with np.errstate(all="ignore"):  # (-inf inputs: exp 0)
        e = vector_exp(d)
        tail = _tail_columns(x3.shape[2], lanes)
        if tail.start < tail.stop:
            e[:, :, tail] = scalar_exp(np.ascontiguousarray(d[:, :, tail]))
    total = column_sums(e)
    d -= log(total.reshape(-1)).reshape(total.shape)
    return d


def softmax_grad(g3, y3):
    """softmax's backward along axis 1 of (outer, dim, inner) float32 arrays."""
    product = g3.astype(np.float64)
    product *= y3  # (exact: 48 bits)
    rounded = product.astype(_F32)
    if np.array_equal(rounded, product):  # (a gradient of ones, say: each FMA one float32 add)
        total = column_sums(rounded)[:, 0]
    else:
        total = _fma_chain(product, rounded, g3, y3)
    out = g3 - total[:, None]
    out *= y3
    return out


def _fma_chain(product, rounded, g3, y3):
    """``acc = fma(g, y, acc)`` along axis 1 from ``acc = g * y`` rounded: each step the
    exact product plus acc in float64, rounded to float32. Double rounding errs only where
    a float64 sum lands on a float32 midpoint: then the steps again with exact FMAs."""
    sums = np.empty(product.shape, np.float64)  # (kept: one midpoint test at the end)
    acc = rounded[:, 0].copy()
    for i in range(1, product.shape[1]):
        np.add(product[:, i], acc, out=sums[:, i])
        np.copyto(acc, sums[:, i], casting="unsafe")
    bits = sums[:, 1:].view(np.uint64)
    bits &= _BEYOND_FLOAT32
    midpoint = bool((bits == _FLOAT32_MIDPOINT).any())
    if not midpoint:
        return acc
    acc = rounded[:, 0].copy()
    for i in range(1, g3.shape[1]):
        acc = fma(g3[:, i], y3[:, i], acc)
    return acc


def log_softmax_grad(g3, y3, vector_exp=_sleef_exp, scalar_exp=glibc_expf, lanes=_LANES,
                     fused=fma):
    """log_softmax's backward along axis 1 of (outer, dim, inner) float32 arrays, or None
    unless every output is at most 0 and every sum finite. ``vector_exp`` / ``scalar_exp``
    / ``lanes`` / ``fused`` (an exact fma): another dtype's (softmax_inner_double)."""
    if not np.maximum.reduce(y3, axis=None) <= 0:  # (also a NaN)
        return None
    total = column_sums(g3)
    if not np.isfinite(total).all():
        return None
    with np.errstate(all="ignore"):  # (-inf outputs: exp 0)
        e = vector_exp(y3)
        tail = _tail_columns(y3.shape[2], lanes)
        if tail.start < tail.stop:
            e[:, :, tail] = scalar_exp(np.ascontiguousarray(y3[:, :, tail]))
    np.negative(e, out=e)
    return fused(e, total, g3)
