"""PyTorch's float32 and float64 matrix products, bit for bit, through MKL's GEMM.

PyTorch's x86 build multiplies matrices with the MKL it bundles (2024.2 for PyTorch 2.13):
``mm``, ``matmul`` and ``F.linear`` call ``sgemm`` / ``dgemm`` (column-major, transposed
operands passed as transpose flags, read from the strides), and ``addmm`` copies its input
into the result and calls GEMM with beta = 1. NumPy's OpenBLAS rounds differently (the last
bit of 80-95% of elements); another MKL release has other kernels too (2026.2 differs from
2024.2 on most float64 products and on float32 products 10 or fewer columns wide). So this
module computes products only with that MKL build, loaded as vml.py loads it (the
``mkl`` extra, pinned to it, or the library ``HOOKGRAD_MKL`` names); elsewhere (other MKL,
none, ``HOOKGRAD_VML=0``) its functions return None and NumPy's path stays.

PyTorch's MKL threads a product itself (GNU OpenMP), and how it splits one decides some
bits: about 4% of random shapes under 300 differ between PyTorch's one thread and two. Here
MKL runs one thread per call and large products go in row blocks on hookgrad's pool, which
gives PyTorch's one-thread bits at any thread count; at two threads, float32 products only a
few rows high run in the two pieces PyTorch's MKL splits them into (``_one_product``), which
gives its two-thread bits (float64's, split otherwise, keep one thread's). With
``HOOKGRAD_MKL_OPENMP=1`` MKL
threads each product itself with hookgrad's thread count, on PyTorch's layer (vml.py), and
matches PyTorch's bits at that count too, at a large cost in speed (see vml.py)."""
import ctypes

import numpy as np

from .. import _parallel
from .._parallel import parallel_for
from . import vml
from .array_address import address, live_pointer, pointer

_COL_MAJOR, _NO_TRANS, _TRANS, _CONJ_TRANS = 102, 111, 112, 113
_INT_MAX = 2 ** 31 - 1
CHUNK_BYTES = 256 << 10  # (split.py's: no block smaller)
_FLOAT32, _FLOAT64 = np.dtype(np.float32), np.dtype(np.float64)
_COMPLEX64, _COMPLEX128 = np.dtype(np.complex64), np.dtype(np.complex128)

_set_local_threads = None  # MKL's per-thread thread count, where MKL can thread
_batch_functions = {}  # {dtype: cblas gemm_batch}
_gemv_functions = {}  # {dtype: cblas gemv}
_dot_functions = {}  # {dtype: cblas dot}
_functions = None  # {dtype: _Gemm}, {} when unavailable; None until first asked


class _Gemm:
    """cblas ``sgemm`` / ``dgemm`` without argument types, and its scalars 1 and 0 as C
    values: a call converts nothing (ctypes' conversions of 14 declared arguments cost more
    than a small product itself). Integers go as C ints, pointers as ``c_void_p``."""
    __slots__ = ("function", "one", "zero", "alpha")

    def __init__(self, function, scalar):
        function.restype = None
        self.function, self.one, self.zero = function, scalar(1.0), scalar(0.0)
        self.alpha = self.one


def _complex_scalar(part):
    """A complex GEMM's scalar: two C values (a ctypes array goes by pointer, as cblas_cgemm
    / cblas_zgemm take alpha and beta)."""
    def scalar(value):
        value = complex(value)
        return (part * 2)(value.real, value.imag)
    return scalar


class _ComplexDot:
    """cblas ``cdotu_sub`` / ``zdotu_sub`` (``dotc``: the first vector conjugated, vdot's),
    which write the product through a pointer, as ``sdot`` / ``ddot`` return theirs."""
    __slots__ = ("function", "dtype")

    def __init__(self, function, dtype):
        function.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p,
                             ctypes.c_int, ctypes.c_void_p]
        function.restype = None
        self.function, self.dtype = function, dtype

    def __call__(self, n, x, incx, y, incy):
        out = np.zeros(1, self.dtype)
        self.function(n, x, incx, y, incy, address(out))
        return out[0]


def _load():
    global _functions
    _functions = {}
    lib = vml._lib()
    if not lib:
        return _functions
    if not vml.torch_release():
        return _functions
    try:
        for dtype, name, scalar in ((_FLOAT32, "cblas_sgemm", ctypes.c_float),
                                    (_FLOAT64, "cblas_dgemm", ctypes.c_double)):
            # (LP64: 32-bit sizes, as PyTorch's MKL takes them: Python ints go as C ints)
            _functions[dtype] = _Gemm(lib[name], scalar)
            batched = getattr(lib, name + "_batch")  # (the grouped form: arrays of all)
            batched.argtypes = ([ctypes.c_int] + [ctypes.c_void_p] * 13 + [ctypes.c_int,
                                                                           ctypes.c_void_p])
            batched.restype = None
            _batch_functions[dtype] = batched
            prefix = name[:-4]  # (cblas_s / cblas_d)
            gemv = getattr(lib, prefix + "gemv")
            gemv.argtypes = ([ctypes.c_int] * 4 + [scalar, ctypes.c_void_p, ctypes.c_int,
                                                   ctypes.c_void_p, ctypes.c_int, scalar,
                                                   ctypes.c_void_p, ctypes.c_int])
            gemv.restype = None
            _gemv_functions[dtype] = gemv
            dot = getattr(lib, prefix + "dot")
            dot.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p,
                            ctypes.c_int]
            dot.restype = scalar
            _dot_functions[dtype] = dot
        # complex products too (PyTorch's cpublas::gemm calls MKL's cgemm / zgemm with the
        # same layouts), by the plain 2-d product only
        for dtype, name, part in ((_COMPLEX64, "cblas_cgemm", ctypes.c_float),
                                  (_COMPLEX128, "cblas_zgemm", ctypes.c_double)):
            _functions[dtype] = _Gemm(lib[name], _complex_scalar(part))
            prefix = name[:-4]  # (cblas_c / cblas_z)
            _dot_functions[dtype] = _ComplexDot(lib[prefix + "dotu_sub"], dtype)
            _dot_functions[dtype, "conj"] = _ComplexDot(lib[prefix + "dotc_sub"], dtype)
        if vml.threaded():
            global _set_local_threads
            _set_local_threads = lib.MKL_Set_Num_Threads_Local
            _set_local_threads.argtypes = [ctypes.c_int]
            _set_local_threads.restype = ctypes.c_int
    except AttributeError:
        _functions = {}
        _batch_functions.clear()
    return _functions


def available():
    """Whether products go through PyTorch's MKL."""
    return bool(_functions if _functions is not None else _load())


def _as_operand(x, lead, rows, cols):
    """PyTorch's choice for one operand of a column-major product whose matrix is
    ``rows x cols``: ``(transposed, leading dimension, array)``; ``lead`` is the axis of
    ``x`` that runs along the matrix's rows (x's strides in elements). An operand neither
    layout fits is copied C-contiguous, as PyTorch clones it."""
    item = x.itemsize
    along, across = x.strides[lead] // item, x.strides[1 - lead] // item
    if along == 1 and across >= max(1, rows):
        return False, across, x
    if across == 1 and along >= max(1, cols):
        return True, along, x
    x = np.ascontiguousarray(x)
    return lead == 0, x.strides[0] // item, x  # (PyTorch's !transpose_c)


def product(m1, m2, bias=None, alpha=1.0, beta=1.0, conj=None):
    """``m1 @ m2`` (or ``beta * bias + alpha * (m1 @ m2)``, ``bias`` broadcast to the result
    and copied into it, GEMM's alpha and beta as given, as PyTorch's addmm; beta 0 ignores
    ``bias``) as PyTorch computes it, a new C-contiguous array; or None where MKL's GEMM does
    not apply (other dtypes, an empty product, no suitable MKL)."""
    dtype = m1.dtype
    functions = _functions if _functions is not None else _load()
    function = functions.get(dtype)  # (None for other dtypes, or without MKL)
    if function is None or (m2.dtype is not dtype and m2.dtype != dtype):
        return None
    rows, depth = m1.shape
    cols = m2.shape[1]
    if not rows or not cols or not depth:
        return None
    if conj is not None:  # (complex operands taken conjugated: a plain product, one call)
        if bias is not None or alpha != 1 or max(m1.size, m2.size, rows * cols) > _INT_MAX:
            return None
        out = np.empty((rows, cols), dtype)
        _threaded(_call, function, m1, m2, out, rows, cols, depth, False, conj)
        return out
    if rows * cols * depth <= _SMALL_PRODUCT and bias is None and alpha == 1:
        out = np.empty((rows, cols), dtype)  # (one call whatever the thread count)
        _one_product(function, m1, m2, out, rows, cols, depth, False)
        return out
    if max(m1.size, m2.size, rows * cols) > _INT_MAX:
        return None
    out = np.empty((rows, cols), dtype)
    adds = bias is not None and beta != 0  # (whether GEMM adds out, times beta)
    if adds:
        out[...] = bias
    if alpha != 1 or (adds and beta != 1):
        function = _Scaled(function, alpha, beta)
    beta = adds
    threads = vml.threads()
    if threads == 1:
        _call(function, m1, m2, out, rows, cols, depth, beta)
    elif _set_local_threads is not None:  # MKL threads it, as PyTorch's does
        _set_local_threads(threads)
        try:
            _call(function, m1, m2, out, rows, cols, depth, beta)
        finally:
            _set_local_threads(0)  # (back to the global one thread)
    else:  # sequential MKL: row blocks on the pool (PyTorch's one-thread bits)
        step = _row_step(rows, cols, depth) if cols > 1 else 0
        if step:
            parallel_for(rows, step, _rows, function, m1, m2, out, cols, depth, beta)
        else:
            _one_product(function, m1, m2, out, rows, cols, depth, beta)
    return out


# Products of up to this many multiply-adds run as one call at any thread count (MKL threads
# none of them)
_SMALL_PRODUCT = 1 << 15


def _normalized_lead(transposed, lead, rows, cols):
    """PyTorch's normalize_last_dims for one operand, a ``rows x cols`` matrix: the leading
    dimension of a one-wide matrix is free, and PyTorch sets it to the other size."""
    if transposed:
        return cols if rows == 1 else lead
    return rows if cols == 1 else lead


def _normalized_leads(ta, tb, m, n, depth, lda, ldb):
    """``_normalized_lead`` of both operands of an ``m x depth`` by ``depth x n`` product."""
    return _normalized_lead(ta, lda, m, depth), _normalized_lead(tb, ldb, depth, n)


def _operand(x, rows, cols):
    """``_as_operand(x, 1, rows, cols)`` with its normalized leading dimension; the two
    layouts of nearly every product (row-major, or the transpose of a row-major matrix) read
    straight from the exact strides, their leading dimensions needing no normalizing."""
    item = x.itemsize
    strides = x.strides
    if strides == (rows * item, item):
        return False, rows, x
    if strides == (item, cols * item):
        return True, cols, x
    transposed, lead, x = _as_operand(x, 1, rows, cols)
    return transposed, _normalized_lead(transposed, lead, rows, cols), x


# No row block thinner than this: MKL takes other kernels for a few rows (and rounds
# otherwise); blocks of 64 and more rows give the whole product's bits (tests/ops/test_gemm)
MIN_ROWS = 64


def _row_step(rows, cols, depth):
    """Rows per block of a product split over the pool, or 0 for one call."""
    nbytes = rows * depth * cols * 2 // 5  # (a multiply-add costs about 0.4 bytes' move)
    if nbytes < _parallel.REGION_BYTES or rows < 2 * MIN_ROWS:
        return 0
    step = max(MIN_ROWS, _parallel.grain(rows, nbytes, CHUNK_BYTES))
    step = -(-step // MIN_ROWS) * MIN_ROWS
    return step if step < rows else 0


# MKL's sgemm (PyTorch's build, on this project's x86 machines: AVX2 kernels) runs some
# products on two threads by splitting the column-major result's n (the C-ordered result's
# rows) at a multiple of 4 near its middle, and its kernels round a narrow piece otherwise than
# the whole product's tail: measured, the bits differ from one thread's where n is 5-7 or 9-11.
# Here those products run as the two pieces, one MKL thread each: {rows: first piece's rows}
_TWO_THREAD_SPLITS = {5: 4, 6: 4, 7: 4, 9: 8, 10: 8, 11: 8}


def _two_threads_split(cols, depth):
    """Whether PyTorch's MKL runs a float32 product of a result ``cols`` wide (column-major m)
    over ``depth`` (k) on two threads, where a split shows (measured: below 12 columns the
    pieces round as the whole; one product of depth 1 is exact)."""
    if cols <= 16:
        return cols >= 12 and depth > 16
    return depth > (4 if cols <= 100 else 1)


def _one_product(gemm, m1, m2, out, rows, cols, depth, beta):
    """``_call``, in the pieces of MKL's two-thread split where hookgrad runs two threads and
    PyTorch's MKL would split the product (``_TWO_THREAD_SPLITS``), so its bits are PyTorch's
    at two threads as at one; MKL threading itself (vml.threaded) splits as it does."""
    split = _TWO_THREAD_SPLITS.get(rows)
    if (split is None or out.dtype != _FLOAT32 or not _two_threads_split(cols, depth)
            or _set_local_threads is not None or vml.threads() != 2):
        _call(gemm, m1, m2, out, rows, cols, depth, beta)
        return
    # (an operand no layout fits copied once, as PyTorch clones it: the pieces are views of
    # the copy, at its rows' addresses, which MKL's kernels round by: see below)
    m1 = _operand(m1, depth, rows)[2]
    transposed, _, m2 = _operand(m2, cols, depth)
    _call(gemm, m1[:split], m2, out[:split], split, cols, depth, beta)
    if rows - split == 1 and transposed:
        # a one-row piece of a transposed A (column-major terms): MKL's threaded kernel rounds
        # it as the last row of a two-row product, not as a one-row product (a GEMV), each
        # dot product as its rows' addresses fall modulo 16 bytes: m1's last two rows, a view
        last_two = out[-2:].copy()
        _call(gemm, m1[-2:], m2, last_two, 2, cols, depth, beta)
        out[-1] = last_two[1]
    else:
        _call(gemm, m1[split:], m2, out[split:], rows - split, cols, depth, beta)


def _rows(start, stop, function, m1, m2, out, cols, depth, beta):
    _call(function, m1[start:stop], m2, out[start:stop], stop - start, cols, depth, beta)


def _call(gemm, m1, m2, out, rows, cols, depth, beta, conj=None):
    """GEMM (a _Gemm) into the C-contiguous ``out``, operands laid out as PyTorch lays them
    out; ``beta``: whether the product is added to ``out``. ``conj``: (m1's, m2's) whether a
    complex operand is taken conjugated, as PyTorch passes a conjugate view: a conjugate
    transpose flag where GEMM reads it transposed, else conjugated first (its resolve_conj)."""
    conj1, conj2 = conj or (False, False)
    for _ in range(2):  # (again after conjugating an operand GEMM reads as it is)
        if cols == 1:
            # a one-column result: PyTorch takes it as a column-major (rows x 1) matrix
            m, n = rows, cols
            ta, lda, a = _as_operand(m1, 0, rows, depth)
            tb, ldb, b = _as_operand(m2, 0, depth, cols)
            ldc = rows
            lda, ldb = _normalized_leads(ta, tb, m, n, depth, lda, ldb)
            t1, t2 = ta, tb
        else:  # C-contiguous: the column-major product out.T = m2.T @ m1.T
            m, n, ldc = cols, rows, cols
            ta, lda, a = _operand(m2, cols, depth)
            tb, ldb, b = _operand(m1, depth, rows)
            t1, t2 = tb, ta
        if not (conj1 and not t1 or conj2 and not t2):
            break
        if conj1 and not t1:
            m1, conj1 = np.conj(m1), False
        if conj2 and not t2:
            m2, conj2 = np.conj(m2), False
    conj_a, conj_b = (conj1, conj2) if cols == 1 else (conj2, conj1)
    flag_a = (_CONJ_TRANS if conj_a else _TRANS) if ta else _NO_TRANS
    flag_b = (_CONJ_TRANS if conj_b else _TRANS) if tb else _NO_TRANS
    gemm.function(_COL_MAJOR, flag_a, flag_b, m, n,
                  depth, gemm.alpha, live_pointer(a), lda, live_pointer(b), ldb,
                  gemm.one if beta else gemm.zero, live_pointer(out), ldc)


class _Scaled:
    """A _Gemm passing other factors: ``alpha``, and ``beta`` where it would pass 1."""
    __slots__ = ("function", "alpha", "one", "zero")

    def __init__(self, gemm, alpha, beta):
        scalar = type(gemm.one)
        if issubclass(scalar, ctypes.Array):  # (a complex GEMM's)
            scalar = _complex_scalar(scalar._type_)
        self.function, self.zero = gemm.function, gemm.zero
        self.alpha, self.one = scalar(alpha), scalar(beta)


# PyTorch's bmm multiplies matrices of fewer multiply-adds than this in its own loop
_SMALL_BMM = 400


def batched(x, y, bias=None, alpha=1.0, beta=1.0):
    """``np.matmul(x, y)`` of two 3-d arrays as PyTorch's ``bmm`` computes it, or ``beta *
    bias + alpha * (x @ y)`` as its ``baddbmm`` does (``bias`` broadcast to the result; beta
    0 ignores it): matrices of fewer than 400 multiply-adds in its own loop (products added
    in order to +0, then ``bias * beta + alpha * sum``, unfused); larger ones by MKL's
    batched GEMM (alpha and beta as given, into a copy of ``bias``) when each matrix of both
    operands is row- or column-major (PyTorch's baddbmm_with_gemm_, batch strides as they
    are, 0 for an expanded operand), else one product per matrix; or None (no suitable MKL,
    other dtypes, an empty product)."""
    dtype = x.dtype
    functions = _functions if _functions is not None else _load()
    if not functions or dtype not in _batch_functions or y.dtype != dtype:
        return None
    batch, rows, depth = x.shape
    cols = y.shape[2]
    if not batch or not rows or not cols or not depth:
        return None
    adds = bias is not None and beta != 0
    if depth * rows * cols < _SMALL_BMM:
        out = np.zeros((batch, rows, cols), dtype)
        for k in range(depth):
            out += x[:, :, k:k + 1] * y[:, k:k + 1, :]
        if alpha != 1:
            out *= dtype.type(alpha)
        if adds:
            out += bias if beta == 1 else bias * dtype.type(beta)
        return out
    if max(x.size, y.size, batch * rows * cols) > _INT_MAX:
        return None
    out = np.empty((batch, rows, cols), dtype)
    if adds:
        out[...] = bias
    gemm = functions[dtype]
    if alpha != 1 or (adds and beta != 1):
        gemm = _Scaled(gemm, alpha, beta)
    if not (_matrices_fit(x) and _matrices_fit(y)):
        for index in range(batch):  # (PyTorch's loop of addmm over the batch)
            _threaded(_call, gemm, x[index], y[index], out[index], rows, cols, depth, adds)
        return out
    # column-major: out.T = y.T @ x.T per matrix, as PyTorch passes them
    ta, lda = _batch_operand(y)
    tb, ldb = _batch_operand(x)
    m, n = cols, rows
    lda, ldb = _normalized_leads(ta == _TRANS, tb == _TRANS, m, n, depth, lda, ldb)
    if batch == 1:
        _threaded(gemm.function, _COL_MAJOR, ta, tb, m, n, depth, gemm.alpha, pointer(y), lda,
                  pointer(x), ldb, gemm.one if adds else gemm.zero, pointer(out), cols)
        return out
    steps = np.arange(batch, dtype=np.uint64)
    pointers = [address(array) + steps * np.uint64(stride) for array, stride in
                ((y, y.strides[0]), (x, x.strides[0]), (out, out.strides[0]))]
    header = (ta, tb, m, n, depth, lda, ldb, cols)
    scalars = np.array([alpha, beta if adds else 0.0], dtype)
    function = _batch_functions[dtype]
    step = _batch_step(batch, rows * cols * depth) if _set_local_threads is None else 0
    if step:  # (each matrix's bits do not depend on the blocks)
        parallel_for(batch, step, _batch_chunk, function, header, pointers, scalars)
    else:
        _threaded(_batch_chunk, 0, batch, function, header, pointers, scalars)
    return out


def _batch_step(batch, flops):
    """Matrices per block of a batched product split over the pool, or 0 for one call."""
    nbytes = batch * flops * 2 // 5  # (as _row_step)
    step = _parallel.grain(batch, nbytes, CHUNK_BYTES)
    return step if step < batch else 0


def _batch_chunk(start, stop, function, header, pointers, scalars):
    """MKL's grouped batch GEMM over matrices ``start`` to ``stop`` (one group)."""
    ints = np.array(header + (stop - start,), np.int32)
    start_address, step = address(ints), ints.itemsize
    a, b, c = (address(p) + 8 * start for p in pointers)
    scalar = address(scalars)
    function(_COL_MAJOR, start_address, start_address + step, start_address + 2 * step,
             start_address + 3 * step, start_address + 4 * step, scalar, a,
             start_address + 5 * step, b, start_address + 6 * step, scalar + scalars.itemsize,
             c, start_address + 7 * step, 1, start_address + 8 * step)


def _matrices_fit(x):
    """PyTorch's test that every matrix of a batch is row- or column-major (strides of
    dims of size 1 do not count)."""
    item = x.itemsize
    _, rows, cols = x.shape
    along, across = x.strides[1] // item, x.strides[2] // item
    return ((across == 1 and (rows == 1 or along >= cols)) or
            (along == 1 and (cols == 1 or across >= rows)))


def _batch_operand(x):
    """``(transpose flag, leading dimension)`` of a batch's matrices as PyTorch's
    baddbmm_with_gemm_ passes them to column-major GEMM: transposed when the matrices are
    column-major."""
    item = x.itemsize
    along, across = x.strides[1] // item, x.strides[2] // item
    if along == 1 and across >= x.shape[1]:
        return _TRANS, across
    return _NO_TRANS, along


def _vector(v):
    """``(increment, array)`` of a vector as BLAS takes it (a positive step)."""
    step = v.strides[0] // v.itemsize
    if step > 0:
        return step, v
    return 1, np.ascontiguousarray(v)


def matrix_vector(mat, vec, bias=None, alpha=1.0, beta=1.0):
    """``mat @ vec`` as PyTorch's ``mv`` computes it (MKL's GEMV, transposed for a
    row-major matrix, as PyTorch's addmv picks by the strides), or ``beta * bias + alpha *
    (mat @ vec)`` as its ``addmv`` does (GEMV's alpha and beta into a copy of ``bias``, which
    beta 0 ignores); or None."""
    dtype = mat.dtype
    functions = _functions if _functions is not None else _load()
    if not functions or dtype not in _gemv_functions or vec.dtype != dtype:
        return None
    rows, cols = mat.shape
    if not rows or not cols or mat.size > _INT_MAX:
        return None
    item = mat.itemsize
    along, across = mat.strides[0] // item, mat.strides[1] // item
    if along == 1 and (cols == 1 or across >= max(1, rows)):
        trans, m, n, lda = _NO_TRANS, rows, cols, across
    elif across == 1 and (rows == 1 or along >= max(1, cols)):
        trans, m, n, lda = _TRANS, cols, rows, along
    else:
        mat = np.ascontiguousarray(mat)
        trans, m, n, lda = _TRANS, cols, rows, cols
    # PyTorch's gemv: a leading dimension of a one-column matrix is free
    if n == 1:
        lda = max(lda, m)
    incx, vec = _vector(vec)
    out = np.empty(rows, dtype)
    adds = bias is not None and beta != 0
    if adds:
        out[...] = bias
    _threaded(_gemv_functions[dtype], _COL_MAJOR, trans, m, n, alpha, address(mat), lda,
              address(vec), incx, beta if adds else 0.0, address(out), 1)
    return out


def accumulate(m1, m2, out, alpha, beta):
    """PyTorch's in-place ``out.addmm_(m1, m2, beta=beta, alpha=alpha)`` of a C-contiguous
    ``out`` (beta 0 ignores it): True, or False where MKL's GEMM does not apply."""
    dtype = m1.dtype
    functions = _functions if _functions is not None else _load()
    function = functions.get(dtype)
    rows, depth = m1.shape
    cols = m2.shape[1]
    if function is None or m2.dtype != dtype or not rows or not cols or not depth \
            or max(m1.size, m2.size, out.size) > _INT_MAX:
        return False
    _threaded(_one_product, _Scaled(function, alpha, beta), m1, m2, out, rows, cols, depth,
              beta != 0)
    return True


def dot(x, y, conj=False):
    """The dot product of two vectors as PyTorch's ``dot`` computes it (MKL's sdot / ddot,
    cdotu / zdotu; ``conj``: vdot's cdotc / zdotc), a 0-d array; or None."""
    dtype = x.dtype
    functions = _functions if _functions is not None else _load()
    key = (dtype, "conj") if conj else dtype
    if not functions or key not in _dot_functions or y.dtype != dtype or not x.size:
        return None
    incx, x = _vector(x)
    incy, y = _vector(y)
    value = _threaded(_dot_functions[key], x.size, address(x), incx, address(y), incy)
    return np.array(value, dtype)


def _threaded(function, *args):
    """``function(*args)`` with MKL threaded as hookgrad's pool is sized (see product)."""
    threads = vml.threads()
    if threads == 1 or _set_local_threads is None:
        return function(*args)
    _set_local_threads(threads)
    try:
        return function(*args)
    finally:
        _set_local_threads(0)
