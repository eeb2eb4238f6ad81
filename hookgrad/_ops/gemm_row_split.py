"""MKL's split of a threaded float64 GEMM between two threads, made on one thread.

PyTorch's native convolutions call GEMM outside their parallel loops for the weight gradient
(``gemm(T, N)``, sample after sample), so MKL threads it on PyTorch's thread count, and how
MKL splits it decides some bits. hookgrad's MKL runs each call on one thread (gemm.py: MKL's
own OpenMP threads and the pool's would take each other's cores; a conv's backward ran 10-30
times slower with them), so it makes MKL's split itself: the same calls, one after another.

Measured (MKL 2024.2, float64 ``gemm(T, N)`` of ``(m x k)^T``-shaped columns, both its
AVX-512 and AVX2 kernels): on two threads MKL splits the ``m`` rows in two where ``2 <= n <=
2 * m`` and ``k >= 24`` (else it splits the ``n`` columns, or not at all, and one call gives
its bits), the first thread's share ``ceil(m / 2)`` rounded up to a multiple of 12 (its
kernel's row block); the rows of each share come out as a call on that share alone gives
them, except a share of one row, which comes out as the last row of a call on two rows (a
one-row call takes MKL's vector path). Rows in whole blocks of 12 come out alike either way,
so only a short last share (``m % 12`` rows, ``m`` from 13 to 35) changes bits: the 3x3
weight gradient of 2 or 3 input channels (18 or 27 rows), a 5x5 one of one channel (25).
All (m, n, k) with m from 12 to 36, n up to 2m + 2 and k in (24, 37, 64), and 4,000 more
shapes, to the bit. Other thread counts split otherwise (not measured here: one call)."""
import numpy as np

from . import vml
from .array_address import live_pointer

_COL_MAJOR, _NO_TRANS, _TRANS = 102, 111, 112
_BLOCK = 12  # MKL's float64 row block
_MIN_DEPTH = 24  # (below it MKL's choice depends on more than n and m: one call)
_FLOAT64 = np.dtype(np.float64)


def row_share(m, n, k, dtype):
    """Rows of the first thread's share in MKL's split of a ``gemm(T, N)`` of ``m x n`` from
    depth ``k`` (hookgrad's thread count as PyTorch's), or ``m`` where one call gives MKL's
    bits."""
    if dtype != _FLOAT64 or vml.threads() != 2 or not 2 <= n <= 2 * m or k < _MIN_DEPTH:
        return m
    half = (m + 1) // 2
    return (half + _BLOCK - 1) // _BLOCK * _BLOCK


def accumulate_tn(function, m, n, k, a, b, c, share):
    """``c += a^T b`` by cblas GEMM (a gemm._Gemm), column-major: ``a`` ``(m, k)`` and ``b``
    ``(n, k)`` row-major (read transposed / as they are, leading dimension ``k``), ``c``
    ``(n, m)`` row-major (leading dimension ``m``), in MKL's shares of ``share`` rows."""
    a = a.reshape(m, k)
    for lo in range(0, m, share):
        hi = min(m, lo + share)
        if hi - lo == 1:  # (the second row of a two-row call, into scratch)
            pair = np.zeros((n, 2), c.dtype)
            pair[:, 1] = c[:, lo]
            _gemm(function, 2, n, k, a[lo - 1:hi], b, pair, 2)
            c[:, lo] = pair[:, 1]
        else:
            _gemm(function, hi - lo, n, k, a[lo:hi], b, c[:, lo:], m)


def _gemm(function, m, n, k, a, b, c, ldc):
    function.function(_COL_MAJOR, _TRANS, _NO_TRANS, m, n, k, function.one, live_pointer(a), k,
                      live_pointer(b), k, function.one, live_pointer(c), ldc)
