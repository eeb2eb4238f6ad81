"""PyTorch's CPU flash attention kernel (aten/src/ATen/native/cpu/FlashAttentionKernel.cpp)
for float32 and float64 on its AVX2 and AVX-512 builds, bit for bit, step by step as
measured against PyTorch 2.13. The builds differ only in the vector width (8 or 16 floats,
4 or 8 doubles: which elements go through the vector exp and which through the scalar one,
the lanes of the sums) and in what MKL runs (its own choice by the machine, as PyTorch's).
The kernel is one template: the types differ in their steps only where _Kind says.

Forward: per batch, head and block of 32 queries (64 from 192 queries, 256 from 768),
per block of up to 512 keys: ``qk = k_blk^T q_blk`` (MKL's sgemm / dgemm, column-major,
alpha 1), then per row ``qk * scale`` (with a mask: ``fma(qk, scale, mask)``), the row's
max (kept over the key blocks; without a mask a NaN only counts in whole vectors,
_unmasked_max), ``exp(qk - max)`` (floats: flash_exp's exp_u20 over whole vectors, the
double exp for the rest; doubles: SLEEF's exp, glibc's for the rest) summed per vector lane,
the lanes added (``vec_reduce_all``: pairwise for floats, in order for doubles), then the
rest one by one; ``sum = fma(exp(old_max - max), sum, block_sum)``, the earlier output
scaled by that exp, and ``dst (+)= v_blk p`` (beta 0 on the first key block, 1 after). At
the end ``out = dst * (1 / sum)`` and ``logsumexp = max + log(sum)`` (glibc's logf / log);
a row without a key (max -inf) gives zeros and 0.

Backward: per batch and head, per query block and key block: ``attn = exp(scale * k^T q -
logsumexp)`` (GEMM with alpha = scale; SLEEF's expf / exp, a partial last vector too),
``grad_v += grad_out^T attn``, ``grad_attn = attn * (v^T grad_out - rowsum(grad_out *
out))``, ``grad_q += scale * grad_attn k``, ``grad_k += scale * grad_attn^T q`` (beta 1 into
zeros laid out ``(B, L, H, E)``), the row sums as ``vec::map2_reduce_all`` adds them.

MKL rounds some products differently by the alignment of their operands (measured: moving
a query by 4 bytes changes outputs), so every operand sits where PyTorch's would modulo 64
bytes: its own buffers (the per-thread scratch of each work item's thread, at::parallel_for's
chunks) and the inputs (PyTorch's allocations are 64-byte aligned; an input is placed as
its offset in its NumPy base). Products of the same shape for all heads go in one MKL
``?gemm_batch`` call (the same bits as one call each, except for one-row or one-column
results, which MKL's single call takes as a matrix-vector product, and one-deep products,
k = 1, whose -0 the batch call makes +0 (a masked-out row over one key): those go one by
one). Where PyTorch runs the kernel inline (one work item) MKL threads the products itself
(gemm._threaded)."""
import ctypes

import numpy as np

from .. import _parallel
from ..backends.cpu import CAPABILITY, VECTOR_BYTES
from . import flash_exp, gemm, glibc_logf, libm, sleef, sleef_double
from .array_address import address
from .fused import fma32, fma64
from .glibc_expf import expf as glibc_expf

_F32, _F64 = np.dtype(np.float32), np.dtype(np.float64)
_COL_MAJOR, _N, _T = 102, 111, 112
_ALIGN = 64


class _Kind:
    """The kernel's steps for one scalar type (its accumulation type is the same): the
    exponential of the softmax's whole vectors (``exp_u20``) and of a row's tail (``exp``),
    the running sum's rescaling exp and the logsumexp's log (``std::exp`` / ``std::log``),
    the backward's vector exp, the fused multiply-add, the ctypes scalar of its GEMM."""

    def __init__(self, dtype, c_scalar, vector_exp, tail_exp, rescale_exp, recompute_exp,
                 fma, log):
        self.dtype, self.c_scalar = dtype, c_scalar
        self.lanes = VECTOR_BYTES // dtype.itemsize  # (8 or 16 floats, 4 or 8 doubles)
        self.vector_exp, self.tail_exp, self.rescale_exp = vector_exp, tail_exp, rescale_exp
        self.recompute_exp, self.fma, self.log = recompute_exp, fma, log


# float64: Vectorized<double>::exp_u20 is its exp, SLEEF's Sleef_expd4_u10 / expd8_u10
# (sleef_double.py), also on the backward's partial last vector; the scalar tail, the
# rescaling and the logsumexp are glibc's exp and log (libm.py)
_KINDS = {
    _F32: _Kind(_F32, ctypes.c_float, flash_exp.exp_u20, flash_exp.scalar_exp, glibc_expf,
                lambda x: sleef.expf(np.ascontiguousarray(x)), fma32, glibc_logf.logf),
    _F64: _Kind(_F64, ctypes.c_double, sleef_double.exp, libm.exp, libm.exp, sleef_double.exp,
                fma64, libm.log),
}


def applies(query, key, value):
    """Whether this module computes the kernel: float32 or float64, equal heads, MKL and
    glibc's maths functions present, an AVX2 or AVX-512 build (the same steps over vectors of
    8 or 16 floats, 4 or 8 doubles; MKL picks its own kernels by the machine, as PyTorch's
    does)."""
    maths = glibc_logf.available()  # (glibc's: also the exp and log libm.py calls)
    if query.dtype != _F32:
        maths = maths and query.dtype == _F64 and sleef_double.applies(query)
    return (maths and CAPABILITY in ("AVX2", "AVX512") and key.shape[1] == query.shape[1]
            and gemm.available())


def _split(length):
    return 256 if length >= 768 else 64 if length >= 192 else 32


def _root_offset(x):
    """The byte offset of ``x``'s first element within the allocation it views."""
    root = x
    while isinstance(root.base, np.ndarray):
        root = root.base
    return address(x) - address(root)


def _placed(x, offset=None):
    """``x`` (same shape and strides) at an address congruent to ``offset`` (default: its
    offset in its base, as PyTorch's 64-byte aligned storage holds it) modulo 64."""
    want = (_root_offset(x) if offset is None else offset) % _ALIGN
    if address(x) % _ALIGN == want:
        return x
    strides, shape = x.strides, x.shape
    low = sum(s * (n - 1) for s, n in zip(strides, shape) if s < 0)
    high = sum(s * (n - 1) for s, n in zip(strides, shape) if s > 0) + x.itemsize
    raw = np.empty(high - low + 2 * _ALIGN, np.uint8)
    start = (want - (address(raw) - low)) % _ALIGN - low
    out = np.lib.stride_tricks.as_strided(raw[start:].view(x.dtype), shape, strides)
    out[...] = x
    return out


def _aligned_zeros(shape, dtype):
    """Zeros (C order) at a 64-byte boundary, as PyTorch allocates them."""
    size = int(np.prod(shape))
    raw = np.zeros(size + _ALIGN // dtype.itemsize, dtype)
    skip = (-address(raw) % _ALIGN) // dtype.itemsize
    return raw[skip:skip + size].reshape(shape)


def _threads_of(items):
    """The thread index of each work item under at::parallel_for (grain 1): chunks of
    ceil(items / threads) in thread order; one item runs inline, on thread 0."""
    threads = max(1, min(_parallel.get_num_threads(), items))
    return np.arange(items) // -(-items // threads)


class _Scratch:
    """A per-item buffer of ``size`` elements of ``dtype`` whose start sits ``offsets[i]``
    elements past a 64-byte boundary (the item's thread's scratch in PyTorch): ``view`` is a
    uniform (items, size) view when every offset is equal, else None (``load`` / ``store``
    copy)."""

    def __init__(self, items, size, offsets, dtype):
        per_line, item = _ALIGN // dtype.itemsize, dtype.itemsize
        offsets = np.asarray(offsets) % per_line
        stride = -(-(size + per_line) // per_line) * per_line
        self.raw = _aligned_zeros((items, stride), dtype)
        self.size, self.offsets = size, offsets
        first = int(offsets[0])
        self.view = self.raw[:, first:first + size] if (offsets == first).all() else None
        self.pointers = (np.uint64(address(self.raw)) + np.arange(items, dtype=np.uint64)
                         * np.uint64(stride * item) + offsets.astype(np.uint64)
                         * np.uint64(item))

    def load(self, size=None):
        size = self.size if size is None else size
        if self.view is not None:
            return self.view[:, :size]
        out = np.empty((len(self.offsets), size), self.raw.dtype)
        for offset in np.unique(self.offsets):
            rows = np.flatnonzero(self.offsets == offset)
            out[rows] = self.raw[rows, offset:offset + size]
        return out

    def store(self, values):
        values = values.reshape(len(self.offsets), -1)
        size = values.shape[1]
        if self.view is not None:
            self.view[:, :size] = values
            return
        for offset in np.unique(self.offsets):
            rows = np.flatnonzero(self.offsets == offset)
            self.raw[rows, offset:offset + size] = values[rows]


def _normalized(ta, tb, m, n, k, lda, ldb, ldc):
    """PyTorch's normalize_last_dims: a leading dimension a one-wide matrix ignores."""
    if n == 1:
        ldc = m
    if ta == _T:
        lda = k if m == 1 else lda
    elif k == 1:
        lda = m
    if tb == _T:
        ldb = n if k == 1 else ldb
    elif n == 1:
        ldb = k
    return lda, ldb, ldc


def blas_fits(ta, tb, m, n, k, lda, ldb, ldc):
    """PyTorch's use_blas_gemm: the leading dimensions MKL accepts (else its own loops)."""
    lda, ldb, ldc = _normalized(ta, tb, m, n, k, lda, ldb, ldc)
    return (lda >= max(1, k if ta == _T else m) and ldb >= max(1, n if tb == _T else k)
            and ldc >= max(1, m))


def _gemm(kind, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, inline):
    """cpublas::gemm (column-major sgemm / dgemm) for each item: ``a``, ``b``, ``c`` arrays
    of addresses (uint64), leading dimensions in elements."""
    lda, ldb, ldc = _normalized(ta, tb, m, n, k, lda, ldb, ldc)
    functions = gemm._functions if gemm._functions is not None else gemm._load()
    if m > 1 and n > 1 and k > 1 and len(c) > 1:
        ints = np.array([ta, tb, m, n, k, lda, ldb, ldc, len(c)], np.int32)
        base = address(ints)
        scalars = np.array([alpha, beta], kind.dtype)
        at = address(scalars)
        a, b, c = (np.ascontiguousarray(p, np.uint64) for p in (a, b, c))
        gemm._batch_functions[kind.dtype](
            _COL_MAJOR, base, base + 4, base + 8, base + 12, base + 16, at, address(a),
            base + 20, address(b), base + 24, at + kind.dtype.itemsize, address(c), base + 28,
            1, base + 32)
        return
    function = functions[kind.dtype].function
    alpha, beta = kind.c_scalar(alpha), kind.c_scalar(beta)
    call = gemm._threaded if inline else (lambda f, *args: f(*args))
    for pa, pb, pc in zip(a.tolist(), b.tolist(), c.tolist()):
        call(function, _COL_MAJOR, ta, tb, m, n, k, alpha, ctypes.c_void_p(pa), lda,
             ctypes.c_void_p(pb), ldb, beta, ctypes.c_void_p(pc), ldc)


def _bases(x, rows):
    """Addresses of each (batch, head)'s row ``rows`` of a (B, H, rows, E) array, flat."""
    b, h = x.shape[:2]
    s0, s1, s2 = x.strides[:3]
    start = address(x) + rows * s2
    return (np.uint64(start) + (np.arange(b, dtype=np.uint64)[:, None] * np.uint64(s0)
                                + np.arange(h, dtype=np.uint64)[None, :] * np.uint64(s1))
            ).reshape(-1) if s0 >= 0 and s1 >= 0 else _signed_bases(x, rows)


def _signed_bases(x, rows):
    b, h = x.shape[:2]
    s0, s1, s2 = x.strides[:3]
    offsets = (np.arange(b)[:, None] * s0 + np.arange(h)[None, :] * s1).reshape(-1)
    return (np.int64(address(x) + rows * s2) + offsets).astype(np.uint64)


def _lane_sum(p, lanes):
    """The kernel's row sum of ``p`` (..., n): whole vectors added lane by lane, the
    lanes as _folded adds them, then the rest one by one."""
    n = p.shape[-1]
    whole = n - n % lanes
    if whole:
        acc = p[..., :lanes].copy()
        for start in range(lanes, whole, lanes):
            acc += p[..., start:start + lanes]
        total = _folded(acc)
    else:
        total = np.zeros(p.shape[:-1], p.dtype)
    for column in range(whole, n):
        total += p[..., column]
    return total


def _folded(acc):
    """The lanes of ``acc`` (..., lanes) added as ``vec_reduce_all`` adds them: for floats
    (its shuffle form) each lane with the one half a vector on, down to lanes 0 and 1; for
    doubles (no shuffle form: its generic loop) lane 0 plus each other lane in turn."""
    lanes = acc.shape[-1]
    if acc.dtype == _F64:
        total = acc[..., 0] + acc[..., 1]
        for lane in range(2, lanes):
            total += acc[..., lane]
        return total
    while lanes > 1:
        lanes //= 2
        acc = acc[..., :lanes] + acc[..., lanes:]
    return acc[..., 0]


def _dot_rows(x, y, lanes):
    """``vec::map2_reduce_all(x * y, +)`` over the last dim: rows shorter than a
    vector in order; longer ones per lane, a partial last vector into its first lanes, the
    lanes as _folded adds them."""
    p = x * y
    n = p.shape[-1]
    if n < lanes:
        total = p[..., 0].copy()
        for column in range(1, n):
            total += p[..., column]
        return total
    acc = p[..., :lanes].copy()
    start = lanes
    while start < n - n % lanes:
        acc += p[..., start:start + lanes]
        start += lanes
    if start < n:
        acc[..., :n - start] += p[..., start:]
    return _folded(acc)


def _unmasked_max(s, lanes):
    """The row max of the unmasked scores ``s`` (..., n) as the kernel's scale-and-max loop
    takes it: whole vectors by a NaN-propagating vector max, the last ``n % lanes`` one by
    one by ``std::max``, which passes a NaN over; a NaN from the vectors wins. (So a row of
    NaN scores shorter than a vector has max -inf, and comes out zeros: measured on the
    AVX-512 build, 9 keys.)"""
    whole = s.shape[-1] - s.shape[-1] % lanes
    tail = np.fmax.reduce(s[..., whole:], axis=-1, initial=-np.inf)
    if not whole:
        return tail
    vector = s[..., :whole].max(-1)
    return np.where(tail > vector, tail, vector)


def _blocks(length, split):
    """``(start, size)`` of each block of ``split`` rows."""
    return [(start, min(split, length - start)) for start in range(0, length, split)]


def fits(query, key, value):
    """Whether every product of the kernel takes MKL's path (PyTorch's use_blas_gemm; else
    its own loops, not modelled) for these (B, H, L or S, E) arrays."""
    _, heads, length, dim = query.shape
    source = key.shape[2]
    if not dim or any(x.strides[2] < 0 for x in (query, key, value)):
        return False
    ld_q, ld_k, ld_v = (x.strides[2] // x.itemsize for x in (query, key, value))
    ld = heads * dim  # (the gradients and the contiguous incoming gradient)
    for _, rows in _blocks(length, min(_split(length), length)):
        for _, cols in _blocks(source, min(512, source)):
            for args in ((_T, _N, cols, rows, dim, ld_k, ld_q, cols),
                         (_N, _N, dim, rows, cols, ld_v, cols, dim),
                         (_N, _T, dim, cols, rows, ld, cols, ld),
                         (_T, _N, cols, rows, dim, ld_v, ld, cols),
                         (_N, _N, dim, rows, cols, ld_k, cols, ld),
                         (_N, _T, dim, cols, rows, ld_q, cols, ld)):
                if not blas_fits(*args):
                    return False
    return True


def _full_mask(mask, shape, source, kind):
    """The mask broadcast to (B, H, L, S); a float64 kernel's widened to double (exactly, as
    its ``convert`` does; the float32 kernel's as given)."""
    if mask is None:
        return None
    if kind.dtype == _F64:
        mask = mask.astype(_F64, copy=False)
    batch, heads, length = shape[:3]
    return np.broadcast_to(mask.reshape((1, 1) + mask.shape) if mask.ndim == 2 else mask,
                           (batch, heads, length, source))


def _causal_cut(rows, cols, shift):
    """The (rows, cols) positions after each row's last key (key > row + shift)."""
    return np.triu(np.ones((rows, cols), np.bool_), shift + 1)


def forward(query, key, value, mask, is_causal, scale):
    """The kernel's output and logsumexp ((B, H, L, E) and (B, H, L)) of float32 or float64
    (B, H, L or S, E) arrays, a floating mask of 2 or 4 dims or None (bool masks converted)."""
    kind = _KINDS[query.dtype]
    batch, heads, length, dim = query.shape
    source = key.shape[2]
    q, k, v = _placed(query), _placed(key), _placed(value)
    ld_q, ld_k, ld_v = (x.strides[2] // kind.dtype.itemsize for x in (q, k, v))
    q_split, kv_split = min(_split(length), length), min(512, source)
    pairs = batch * heads
    slices = -(-length // q_split)
    threads = _threads_of(pairs * slices).reshape(pairs, slices)
    per_thread = q_split * kv_split + 2 * q_split + q_split * dim
    inline = pairs * slices == 1
    factor = kind.dtype.type(scale)
    full = _full_mask(mask, query.shape, source, kind)
    out = np.empty((pairs, length, dim), kind.dtype)
    lse = np.empty((pairs, length), kind.dtype)
    with np.errstate(all="ignore"):
        for index, (m, rows) in enumerate(_blocks(length, q_split)):
            start = threads[:, index] * per_thread
            scores = _Scratch(pairs, q_split * kv_split, start, kind.dtype)
            dst = _Scratch(pairs, q_split * dim, start + q_split * kv_split + 2 * q_split,
                           kind.dtype)
            top_kept = np.full((pairs, rows), -np.inf, kind.dtype)
            total = np.zeros((pairs, rows), kind.dtype)
            q_rows = _bases(q, m)
            keys = min(m + rows, source) if is_causal else source
            for n in range(0, keys, kv_split):
                cols = min(kv_split, source - n)
                _gemm(kind, _T, _N, cols, rows, dim, 1.0, _bases(k, n), ld_k, q_rows, ld_q,
                      0.0, scores.pointers, cols, inline)
                s = scores.load(rows * cols).reshape(pairs, rows, cols)
                if is_causal and keys - n <= kv_split:
                    s[:, _causal_cut(rows, cols, m - n)] = -np.inf
                if full is None:
                    s = s * factor
                else:
                    s = kind.fma(np.ascontiguousarray(s), factor, np.ascontiguousarray(
                        full[:, :, m:m + rows, n:n + cols]).reshape(pairs, rows, cols))
                top = s.max(-1) if full is not None else _unmasked_max(s, kind.lanes)
                top = np.where(top_kept > top, top_kept, top)
                live = top != -np.inf
                x = s - top[..., None]
                whole = cols - cols % kind.lanes
                p = np.empty_like(x)
                if whole:
                    p[..., :whole] = kind.vector_exp(np.ascontiguousarray(x[..., :whole]))
                if whole < cols:
                    p[..., whole:] = kind.tail_exp(x[..., whole:])
                block_total = _lane_sum(p, kind.lanes)
                if n:
                    shrink = kind.rescale_exp(top_kept - top)
                    block_total = kind.fma(shrink, total, block_total)
                    d = dst.load(rows * dim).reshape(pairs, rows, dim)
                    d = np.where(live[..., None], d * shrink[..., None], d)
                    dst.store(d)
                p[~live] = 0
                total = np.where(live, block_total, total)
                top_kept = np.where(live, top, top_kept)
                scores.store(p)
                _gemm(kind, _N, _N, dim, rows, cols, 1.0, _bases(v, n), ld_v, scores.pointers,
                      cols, 0.0 if n == 0 else 1.0, dst.pointers, dim, inline)
            top_kept[top_kept == -np.inf] = 0
            total[total == 0] = 1
            reciprocal = kind.dtype.type(1) / total
            out[:, m:m + rows] = dst.load(rows * dim).reshape(pairs, rows, dim) \
                * reciprocal[..., None]
            lse[:, m:m + rows] = top_kept + kind.log(total)
    return out.reshape(batch, heads, length, dim), lse.reshape(batch, heads, length)


def _incoming(grad):
    """PyTorch's ``grad_out.transpose(1, 2).contiguous()``: the gradient itself where it is
    laid out (B, L, H, E), else a fresh (64-byte aligned) copy; seen as (B, H, L, E)."""
    laid = grad.transpose(0, 2, 1, 3)
    if laid.flags.c_contiguous:
        return _placed(laid).transpose(0, 2, 1, 3)
    fresh = _aligned_zeros(laid.shape, grad.dtype)
    fresh[...] = laid
    return fresh.transpose(0, 2, 1, 3)


def backward(grad, query, key, value, output, lse, mask, is_causal, scale, needs):
    """The kernel's (grad_q, grad_k, grad_v): (B, H, L or S, E) views of (B, L or S, H, E)
    arrays of the inputs' dtype (None where not in ``needs``)."""
    kind = _KINDS[query.dtype]
    batch, heads, length, dim = query.shape
    source = key.shape[2]
    q, k, v = _placed(query), _placed(key), _placed(value)
    go = _incoming(grad)
    ld_q, ld_k, ld_v, ld_go = (x.strides[2] // kind.dtype.itemsize for x in (q, k, v, go))
    grads = [_aligned_zeros((batch, n, heads, dim), kind.dtype).transpose(0, 2, 1, 3)
             for n in (length, source, source)]
    ld = heads * dim
    q_split, kv_split = min(_split(length), length), min(512, source)
    pairs = batch * heads
    start = _threads_of(pairs) * (2 * q_split * kv_split)
    inline = pairs == 1
    factor = float(kind.dtype.type(scale))
    attn = _Scratch(pairs, q_split * kv_split, start, kind.dtype)
    grad_attn = _Scratch(pairs, q_split * kv_split, start + q_split * kv_split, kind.dtype)
    full = _full_mask(mask, query.shape, source, kind)
    with np.errstate(all="ignore"):
        row_sums = _dot_rows(go, output, kind.lanes).reshape(pairs, length)
        lse = lse.reshape(pairs, length)
        for m, rows in _blocks(length, q_split):
            q_rows, go_rows = _bases(q, m), _bases(go, m)
            keys = min(m + rows, source) if is_causal else source
            for n in range(0, keys, kv_split):
                cols = min(kv_split, source - n)
                k_rows = _bases(k, n)
                _gemm(kind, _T, _N, cols, rows, dim, factor, k_rows, ld_k, q_rows, ld_q, 0.0,
                      attn.pointers, cols, inline)
                a = attn.load(rows * cols).reshape(pairs, rows, cols)
                if full is not None:
                    a = a + full[:, :, m:m + rows, n:n + cols].reshape(pairs, rows, cols)
                a = kind.recompute_exp(a - lse[:, m:m + rows, None])
                if is_causal and keys - n <= kv_split:
                    a[:, _causal_cut(rows, cols, m - n)] = 0
                attn.store(a)
                if needs[2]:
                    _gemm(kind, _N, _T, dim, cols, rows, 1.0, go_rows, ld_go, attn.pointers,
                          cols, 1.0, _bases(grads[2], n), ld, inline)
                if not (needs[0] or needs[1]):
                    continue
                _gemm(kind, _T, _N, cols, rows, dim, 1.0, _bases(v, n), ld_v, go_rows, ld_go,
                      0.0, grad_attn.pointers, cols, inline)
                g = grad_attn.load(rows * cols).reshape(pairs, rows, cols)
                grad_attn.store(a * (g - row_sums[:, m:m + rows, None]))
                if needs[0]:
                    _gemm(kind, _N, _N, dim, rows, cols, factor, k_rows, ld_k,
                          grad_attn.pointers, cols, 1.0, _bases(grads[0], m), ld, inline)
                if needs[1]:
                    _gemm(kind, _N, _T, dim, cols, rows, factor, q_rows, ld_q,
                          grad_attn.pointers, cols, 1.0, _bases(grads[1], n), ld, inline)
    return tuple(g if need else None for g, need in zip(grads, needs))
