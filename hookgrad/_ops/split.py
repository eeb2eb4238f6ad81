"""Large elementwise kernels and batched matrix products split over chunks on the intra-op
pool.

Each function returns what its one-thread form returns, computed chunk by chunk when the
arrays are large (C-contiguous, for the elementwise ones) and more than one thread is
available, or None to leave the work to one NumPy call. Elementwise results, each matrix
of a batched product and row or column blocks of a product do not depend on the chunking;
a product split along its depth (``split_mm``) equals one call to float32 rounding."""
import numpy as np

from .. import _blas, _parallel
from .._parallel import grain, parallel_for
from . import gemm

CHUNK_BYTES = 256 << 10  # no chunk smaller: handing one out costs about 10 us
SPLIT_MIN_SIZE = 1 << 17  # elements: ops on fewer never ask whether to split
_UINT = {2: np.uint16, 4: np.uint32, 8: np.uint64}


def _step(*arrays):
    """Elements per chunk of arrays shaped like ``arrays[0]``, or 0 when the work stays in
    one call."""
    first = arrays[0]
    if first.nbytes < 2 * CHUNK_BYTES or not all(a.flags.c_contiguous for a in arrays):
        return 0
    step = grain(first.size, first.nbytes, CHUNK_BYTES)
    return 0 if step >= first.size else step


def zero_where_into(values, drop, out):
    """``out[...] = values`` with +0 where ``drop``: a bit mask (an unpredictable mask makes
    np.where several times slower). -0.0 and NaN in ``values`` are kept."""
    uint = _UINT[values.itemsize]
    mask = drop.view(np.uint8).astype(uint)
    mask -= 1  # dropped: 1 -> 0; kept: 0 -> all bits set
    np.bitwise_and(values.view(uint), mask, out=out.view(uint))


def _relu_chunk(start, stop, out, x):
    xs = x[start:stop]
    zero_where_into(xs, xs < 0, out[start:stop])


def _threshold_chunk(start, stop, out, g, result):
    zero_where_into(g[start:stop], result[start:stop] <= 0, out[start:stop])


def _add_chunk(start, stop, out, x, y):
    np.add(y[start:stop], x[start:stop], out=out[start:stop])  # (y's NaN first: AddBackward0)


def split_relu(x):
    """ReLU of a large float array over chunks, or None to compute it in one call."""
    step = _step(x)
    if not step:
        return None
    out = np.empty(x.shape, x.dtype)
    parallel_for(out.size, step, _relu_chunk, out.reshape(-1), x.reshape(-1))
    return out


def split_threshold_backward(g, result):
    """``g`` where ``result > 0``, else +0, over chunks; or None (one call)."""
    if g.shape != result.shape or g.dtype != result.dtype:
        return None
    step = _step(g, result)
    if not step:
        return None
    out = np.empty(g.shape, g.dtype)
    parallel_for(out.size, step, _threshold_chunk, out.reshape(-1), g.reshape(-1),
                 result.reshape(-1))
    return out


def split_add(x, y):
    """``x + y`` of two same-shape, same-dtype arrays over chunks; or None (one call)."""
    if type(y) is not np.ndarray or x.shape != y.shape or x.dtype != y.dtype:
        return None
    step = _step(x, y)
    if not step:
        return None
    out = np.empty(x.shape, x.dtype)
    parallel_for(out.size, step, _add_chunk, out.reshape(-1), x.reshape(-1), y.reshape(-1))
    return out


# Batched products below this many multiply-adds stay in one np.matmul call.
MATMUL_SPLIT_FLOPS = 1 << 21


def _matmul_chunk(start, stop, out, x, y, y_batched):
    np.matmul(x[start:stop], y[start:stop] if y_batched else y, out=out[start:stop])


def split_matmul(x, y):
    """``np.matmul(x, y)`` of a batch ``x`` (ndim >= 3) split along its first axis, when
    ``y`` has the same first axis or is one matrix; or None (one call)."""
    if x.ndim < 3 or not (y.ndim == 2 or (y.ndim == x.ndim and y.shape[0] == x.shape[0])):
        return None
    if x.dtype != y.dtype or x.size * y.shape[-1] < MATMUL_SPLIT_FLOPS:
        return None
    batch = x.shape[0]
    # a multiply-add costs about what moving 0.4 bytes does (50 GFLOP/s against 10 GB/s)
    step = grain(batch, x.size * y.shape[-1] * 2 // 5, CHUNK_BYTES)
    if step >= batch:
        return None
    out = np.empty(np.broadcast_shapes(x.shape[:-2], y.shape[:-2]) + (x.shape[-2], y.shape[-1]),
                   x.dtype)
    if out.shape[0] != batch:
        return None
    parallel_for(batch, step, _matmul_chunk, out, x, y, y.ndim > 2)
    return out


def _rows_chunk(start, stop, out, a, b):
    np.matmul(a[start:stop], b, out=out[start:stop])


def _columns_chunk(start, stop, out, a, b):
    np.matmul(a, b[:, start:stop], out=out[:, start:stop])


def _depth_chunk(start, stop, step, partials, a, b):
    partials[start // step] = a[:, start:stop] @ b[start:stop]


# No row or column block thinner than this: OpenBLAS multiplies thin blocks of a long product
# far less efficiently (W4's weight gradient, (25, 36864) @ (36864, 6), took 2.2 times as
# long in four blocks of 7 rows as in one call; in four blocks along the depth, 1.14 times).
MIN_BLOCK = 32


def split_mm(a, b):
    """``a @ b`` of two matrices in row (or, for few rows, column) blocks on the pool, when
    the product is large and NumPy's BLAS does not thread it itself; or None (one call).
    A product with few rows and columns but a long depth is split along the depth instead,
    its partial products added in order (equal to one call to float32 rounding)."""
    rows, cols = a.shape[0], b.shape[1]
    depth = a.shape[1]
    nbytes = rows * depth * cols * 2 // 5
    if nbytes < _parallel.CALL_REGION_BYTES or a.dtype != b.dtype or a.dtype.kind not in "fV":
        return None  # (a small product is one call: checked first, it is the common case)
    by_rows = rows >= cols
    extent = rows if by_rows else cols
    step = grain(extent, nbytes, CHUNK_BYTES)
    if step >= extent or _blas.get_threads() not in (1, None):
        return None
    if step < MIN_BLOCK:
        if depth < 4 * max(rows, cols):
            return None
        step = grain(depth, nbytes, CHUNK_BYTES)
        partials = [None] * -(-depth // step)
        parallel_for(depth, step, _depth_chunk, step, partials, a, b)
        out = partials[0]
        for partial in partials[1:]:
            out += partial
        return out
    out = np.empty((rows, cols), a.dtype)
    parallel_for(extent, step, _rows_chunk if by_rows else _columns_chunk, out, a, b)
    return out


# OpenBLAS multiplies a large product whose result has 2 to 7 rows or columns 2 to 7 times
# slower than the same product in blocks of about THIN_BLOCK_BYTES of operands (one thread,
# float32: W4's first convolution, (6, 25) @ (25, 36864), 0.46 against 0.17 ms in column
# blocks; its weight gradient, (25, 36864) @ (36864, 6), 0.39 against 0.17 ms in depth
# blocks). From 8 rows on, and with one, blocks do not pay.
THIN_MIN, THIN_MAX = 2, 7
THIN_MIN_BYTES, THIN_BLOCK_BYTES = 1 << 20, 512 << 10


def thin_mm(a, b):
    """``a @ b`` in blocks when the result has 2 to 7 rows or columns and the operands are
    large: along the depth when it is the longest (partial products added in order) or
    along the columns; equal to one call to float32 rounding (OpenBLAS' edge kernels already
    sum in another order than its main one); or None (one call)."""
    rows, depth = a.shape
    cols = b.shape[1]
    if not THIN_MIN <= min(rows, cols) <= THIN_MAX or a.nbytes + b.nbytes < THIN_MIN_BYTES \
            or a.dtype != b.dtype or a.dtype.kind != "f":
        return None
    if depth >= cols and depth >= rows:
        step = max(256, THIN_BLOCK_BYTES // ((rows + cols) * a.itemsize))
        if step >= depth:
            return None
        out = a[:, :step] @ b[:step]
        for start in range(step, depth, step):
            out += a[:, start:start + step] @ b[start:start + step]
        return out
    if rows <= THIN_MAX and cols > depth:
        step = max(64, THIN_BLOCK_BYTES // (depth * b.itemsize))
        if step >= cols:
            return None
        out = np.empty((rows, cols), a.dtype)
        for start in range(0, cols, step):
            np.matmul(a, b[:, start:start + step], out=out[:, start:start + step])
        return out
    return None


def blas_mm(a, b):
    """``a @ b`` of two matrices as PyTorch's BLAS computes them (mm, matmul, linear): its
    bits through MKL where it is installed (gemm.py), else ``mm``'s."""
    out = gemm.product(a, b)
    return mm(a, b) if out is None else out


def mm(a, b):
    """``a @ b`` of two matrices by NumPy, split over the pool where that pays (see
    split_mm), or in blocks where OpenBLAS is slow (see thin_mm)."""
    out = split_mm(a, b)
    if out is None:
        if a.nbytes + b.nbytes < THIN_MIN_BYTES:  # (the common case: one test)
            return a @ b
        out = thin_mm(a, b)
    return a @ b if out is None else out
