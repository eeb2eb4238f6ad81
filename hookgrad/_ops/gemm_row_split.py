"""MKL's split of a threaded float64 GEMM between two threads, made on one thread.

PyTorch's native convolutions call some GEMMs outside their parallel loops (the weight
gradient's, sample after sample; a batch of one's; a dilated or transposed convolution's
plain loops), so MKL threads them on PyTorch's thread count, and how MKL splits a product
decides some bits. hookgrad's MKL runs each call on one thread (gemm.py: MKL's own OpenMP
threads and the pool's would take each other's cores; a convolution's backward ran 10-30
times slower with them), so it makes MKL's split itself: the same calls, one after another.

Measured (MKL 2024.2, float64, both its AVX-512 and AVX2 kernels; column-major C = op(A)
op(B) of m rows, n columns and depth k): on two threads MKL splits the m rows in two, the
first thread's share ``ceil(m / 2)`` rounded up to a multiple of 12 (its kernel's row
block), where

- A is transposed (the weight gradient's ``gemm(T, N)``): ``2 <= n <= 2 * m`` and ``k >=
  24`` (else it splits the n columns, or not at all, and one call gives its bits);
- A is not (``gemm(N, N)``, ``gemm(N, T)``): ``m >= 16`` or ``k >= 24``.

Each share's rows come out as a call on that share alone gives them, except a share of one
row, which comes out as the last row of a call on two rows (a one-row call takes MKL's
vector path). Rows in whole blocks of 12 come out alike either way, so only a short last
share changes bits: the 3x3 weight gradient of 2 or 3 input channels (18 or 27 rows), a 5x5
one of one channel (25), a product of 13 to 35 output positions, one of 63. To the bit over
all (m, n, k) with m from 12 to 36, n up to 2m + 2 and k in (24, 37, 64) for ``(T, N)``,
m up to 80 for the others, and 6,000 more shapes up to (4096, 512, 2304). Other thread
counts split otherwise (not measured here: one call)."""
import numpy as np

from . import vml
from .array_address import live_pointer

_COL_MAJOR, _NO_TRANS, _TRANS = 102, 111, 112
_BLOCK = 12  # MKL's float64 row block
_MIN_DEPTH = 24  # (below it MKL's choice depends on more than m and n: one call)
_MIN_ROWS = 16  # (an untransposed A of fewer rows is split only from _MIN_DEPTH on)
_FLOAT64 = np.dtype(np.float64)


def row_share(m, n, k, dtype, transposed_a):
    """Rows of the first thread's share in MKL's split of a GEMM of ``m x n`` from depth
    ``k`` (hookgrad's thread count as PyTorch's), or ``m`` where one call gives MKL's bits."""
    if dtype != _FLOAT64 or vml.threads() != 2 or m <= _BLOCK or vml.threaded():
        return m  # (vml.threaded: MKL splits it itself, HOOKGRAD_MKL_OPENMP=1)
    if transposed_a:
        if not 2 <= n <= 2 * m or k < _MIN_DEPTH:
            return m
    elif m < _MIN_ROWS and k < _MIN_DEPTH:
        return m
    half = (m + 1) // 2
    return (half + _BLOCK - 1) // _BLOCK * _BLOCK


def gemm_in_shares(function, ta, tb, m, n, k, a, lda, b, ldb, beta, c, ldc, share):
    """cblas GEMM (a gemm._Gemm), column-major, in MKL's shares of ``share`` rows: ``a``,
    ``b``, ``c`` C-contiguous arrays holding the operands from their first elements (``c``
    ``n * ldc`` values), ``beta`` 0 or 1."""
    a, c = a.reshape(-1), c.reshape(n, ldc)
    row = lda if ta else 1  # (A's elements from one row of the product to the next)
    for lo in range(0, m, share):
        hi = min(m, lo + share)
        if hi - lo > 1:
            _gemm(function, ta, tb, hi - lo, n, k, a[lo * row:], lda, b, ldb, beta,
                  c[:, lo:], ldc)
        else:  # (the second row of a two-row call, into scratch)
            pair = c[:, lo - 1:hi].copy() if beta else np.zeros((n, 2), c.dtype)
            _gemm(function, ta, tb, 2, n, k, a[(lo - 1) * row:], lda, b, ldb, beta, pair, 2)
            c[:, lo] = pair[:, 1]


def _gemm(function, ta, tb, m, n, k, a, lda, b, ldb, beta, c, ldc):
    function.function(_COL_MAJOR, _TRANS if ta else _NO_TRANS, _TRANS if tb else _NO_TRANS,
                      m, n, k, function.one, live_pointer(a), lda, live_pointer(b), ldb,
                      function.one if beta else function.zero, live_pointer(c), ldc)
