"""PyTorch's matrix factorisations bit for bit, through MKL's LAPACK: the singular value
(``?gesdd``), symmetric eigen (``?syevd``), Cholesky (``?potrf``), QR (``?geqrf`` and
``?orgqr``) and LU (``?getrf``, solved by ``?getrs``) decompositions, and the least-squares
drivers (``?gels``, ``?gelsy``, ``?gelsd``, ``?gelss``).

PyTorch's x86 build factors with the LAPACK of the MKL it bundles: one call per matrix of a
batch, each matrix copied column-major, with the optimal workspace. Another LAPACK (NumPy's
OpenBLAS) rounds differently in the last bits, and differs outright on matrices holding an
infinity (MKL scales such a matrix by zero and returns permutation-like vectors and NaN
values) or a NaN (MKL refuses it, which PyTorch reports as a failure to converge). With the
optional ``mkl`` package at PyTorch's release, the same routine runs here; without it (or with
another release, whose LAPACK rounds differently) this module reports itself unavailable and
callers keep NumPy's path.

Each routine runs on as many MKL threads as the intra-op pool has, as PyTorch sets MKL's
(some results depend on it: getrs of float64 matrices from 18x18 on), in MKL's GNU-threaded
build where vml.py could load it."""
import contextlib
import ctypes

import numpy as np
from numpy.lib.stride_tricks import as_strided

from . import vml
from .array_address import address, pointer

_workspace_sizes = {}  # (routine, dtype, job, sizes) -> LAPACK's optimal workspace


_DTYPES = (np.dtype(np.float32), np.dtype(np.float64))


def available():
    """Whether MKL's LAPACK is in use: PyTorch's own MKL build (vml.torch_release)."""
    return vml.torch_release()


def covers(array):
    """Whether MKL's LAPACK computes ``array``'s factorisations (float32 / float64 in the
    machine's byte order, with PyTorch's MKL)."""
    return array.dtype in _DTYPES and array.dtype.isnative and vml.torch_release()


def first_failure(infos, batched):
    """``(index, info, where)`` of the first matrix whose LAPACK status in ``infos`` is not 0
    (``where``: PyTorch's "(Batch element i): " for a batch, else ""), or None."""
    failed = np.flatnonzero(infos)
    if not failed.size:
        return None
    index = int(failed[0])
    return index, int(infos[index]), f"(Batch element {index}): " if batched else ""


@contextlib.contextmanager
def _pool_threads():
    """MKL on the pool's thread count inside the block (this thread only; see vml.threads)."""
    lib = vml._lib()
    previous = lib.MKL_Set_Num_Threads_Local(vml.threads())
    try:
        yield
    finally:
        lib.MKL_Set_Num_Threads_Local(previous)


def _int(value):
    return ctypes.byref(ctypes.c_int(value))


def _routine(dtype, name):
    """MKL's Fortran routine ``name`` (``gesdd``, ...) for float32 or float64."""
    function = getattr(vml._lib(), ("s" if dtype == np.float32 else "d") + name + "_")
    function.restype = None
    return function


def _column_major(x, rows, columns):
    """Column-major copies of the matrices of ``x`` as a C-ordered (count, columns, rows)
    array (matrix i's column j at [i, j]), each ``rows`` x ``columns`` (zeros beyond ``x``)."""
    m, n = x.shape[-2:]
    count = int(np.prod(x.shape[:-2], dtype=np.int64))
    copies = np.zeros((count, columns, rows), x.dtype) if (rows, columns) != (m, n) else \
        np.empty((count, n, m), x.dtype)
    copies[:, :n, :m] = np.swapaxes(x.reshape((count, m, n)), -1, -2)
    return copies


def _address(array, i):
    """The address of ``array[i]`` (of a C-ordered stack), as LAPACK takes it."""
    return ctypes.c_void_p(address(array) + i * array.strides[0])


def _matrices(copies, batch):
    """The column-major matrices of ``copies`` (see _column_major) shaped ``batch + (m, n)``
    (a view: each matrix keeps LAPACK's layout, as PyTorch's results have it, with its
    strides (..., 1, m) also along dims of size 1, which NumPy's reshape would not keep)."""
    shape = batch + copies.shape[:0:-1]
    return as_strided(copies, shape,
                      tuple(st * copies.itemsize for st in column_major_strides(shape)))


def column_major_strides(shape):
    """The strides, in elements, of LAPACK's layout of a stack of matrices ``shape``: each
    matrix column-major, the matrices one after another (a size 0 counting as 1, as
    PyTorch's strides of an empty tensor)."""
    strides, step = [], 1
    for size in reversed(shape[:-2] + (shape[-1], shape[-2])):
        strides.insert(0, step)
        step *= max(size, 1)
    return tuple(strides[:-2]) + (strides[-1], strides[-2])


def _workspace(function, key, dtype, *arguments, after=(), integers=False):
    """The optimal workspace size(s) LAPACK reports for a call (lwork = -1, then ``after``;
    also liwork = -1 with ``integers``), asked once per ``key``."""
    sizes = _workspace_sizes.get(key)
    if sizes is None:
        size, integer_size, info = np.empty(1, dtype), np.empty(1, np.int32), ctypes.c_int(0)
        extra = (pointer(integer_size), _int(-1)) if integers else ()
        function(*arguments, pointer(size), _int(-1), *after, *extra,
                 ctypes.byref(info))
        sizes = _workspace_sizes[key] = (max(1, int(size[0])), max(1, int(integer_size[0])))
    return sizes


def gesdd(x, job):
    """``?gesdd`` of each matrix of the float32 / float64 batch ``x`` (..., m, n) with job
    'S' (thin), 'A' (full) or 'N' (values only): (U, S, Vh, infos), U and Vh column-major
    per matrix as MKL leaves them (None for 'N'), ``infos`` LAPACK's per-matrix status
    (negative: an argument, a matrix with a NaN, was refused; positive: no convergence)."""
    m, n = x.shape[-2:]
    k = min(m, n)
    batch, dtype = x.shape[:-2], x.dtype
    u_columns, vt_rows = {"S": (k, k), "A": (m, n), "N": (1, 1)}[job]
    u_rows, vt_columns = (1, 1) if job == "N" else (m, n)
    function, info = _routine(dtype, "gesdd"), ctypes.c_int(0)
    a = _column_major(x, m, n)
    s = np.empty((len(a), k), dtype)
    u = np.empty((len(a), u_columns, u_rows), dtype)
    vt = np.empty((len(a), vt_columns, vt_rows), dtype)
    iwork = np.empty(max(1, 8 * k), np.int32)
    iwork_address = pointer(iwork)
    job_code, m_code, n_code, lda = job.encode(), _int(m), _int(n), _int(max(1, m))
    ldu, ldvt = _int(u_rows), _int(vt_rows)
    size, _ = _workspace(function, ("gesdd", dtype.char, job, m, n), dtype, job_code, m_code,
                         n_code, None, lda, None, None, ldu, None, ldvt, after=(iwork_address,))
    work = np.empty(size, dtype)
    work_address, lwork = pointer(work), _int(size)
    infos = np.zeros(len(a), np.int64)
    with _pool_threads():
        for i in range(len(a)):
            function(job_code, m_code, n_code, _address(a, i), lda, _address(s, i), _address(u, i),
                     ldu, _address(vt, i), ldvt, work_address, lwork, iwork_address,
                     ctypes.byref(info))
            infos[i] = info.value
    s = s.reshape(batch + (k,))
    if job == "N":
        return None, s, None, infos
    return _matrices(u, batch), s, _matrices(vt, batch), infos


def syevd(x, uplo, vectors):
    """``?syevd`` of each symmetric matrix of the float32 / float64 batch ``x`` (..., n, n),
    reading its ``uplo`` triangle: (ascending eigenvalues, eigenvectors column-major per
    matrix or None without ``vectors``, LAPACK's per-matrix status)."""
    n = x.shape[-1]
    batch, dtype = x.shape[:-2], x.dtype
    job = "V" if vectors else "N"
    function, info = _routine(dtype, "syevd"), ctypes.c_int(0)
    a = _column_major(x, n, n)  # (the vectors overwrite it)
    w = np.empty((len(a), n), dtype)
    job_code, uplo_code, n_code, lda = job.encode(), uplo.encode(), _int(n), _int(max(1, n))
    size, integer_size = _workspace(function, ("syevd", dtype.char, job, uplo, n), dtype,
                                    job_code, uplo_code, n_code, None, lda, None,
                                    integers=True)
    work, iwork = np.empty(size, dtype), np.empty(integer_size, np.int32)
    work_address, lwork = pointer(work), _int(size)
    iwork_address, liwork = pointer(iwork), _int(integer_size)
    infos = np.zeros(len(a), np.int64)
    with _pool_threads():
        for i in range(len(a)):
            function(job_code, uplo_code, n_code, _address(a, i), lda, _address(w, i),
                     work_address, lwork, iwork_address, liwork, ctypes.byref(info))
            infos[i] = info.value
    return w.reshape(batch + (n,)), (_matrices(a, batch) if vectors else None), infos


def potrf(x, upper):
    """``?potrf`` of each matrix of the float32 / float64 batch ``x`` (..., n, n), reading and
    writing its upper or lower triangle: (the factor, the other triangle zeroed, as PyTorch
    returns it, also the partial one LAPACK leaves where it stops; per-matrix status, the
    order of the first leading minor that is not positive-definite)."""
    n = x.shape[-1]
    a = _column_major(x, n, n)
    function, info = _routine(x.dtype, "potrf"), ctypes.c_int(0)
    uplo, n_code, lda = (b"U" if upper else b"L"), _int(n), _int(max(1, n))
    infos = np.zeros(len(a), np.int64)
    with _pool_threads():
        for i in range(len(a)):
            function(uplo, n_code, _address(a, i), lda, ctypes.byref(info))
            infos[i] = info.value
    factor = _matrices(a, x.shape[:-2])
    return (np.triu(factor) if upper else np.tril(factor)), infos


def qr(x, mode):
    """Q and R of each matrix of the float32 / float64 batch ``x`` (..., m, n) as PyTorch's
    linalg.qr computes them: ``?geqrf``, R its upper triangle, then ``?orgqr`` on the first
    k = min(m, n) reflectors for Q (m columns with 'complete'; Q None with 'r'), each
    column-major per matrix."""
    m, n = x.shape[-2:]
    k = min(m, n)
    batch = x.shape[:-2]
    dtype = x.dtype
    a = _column_major(x, m, n)
    tau = np.empty((len(a), max(1, k)), dtype)
    geqrf, info = _routine(dtype, "geqrf"), ctypes.c_int(0)
    m_code, n_code, lda = _int(m), _int(n), _int(max(1, m))
    size, _ = _workspace(geqrf, ("geqrf", dtype.char, m, n), dtype, m_code, n_code, None, lda,
                         None)
    work = np.empty(size, dtype)
    work_address, lwork = pointer(work), _int(len(work))
    with _pool_threads():
        for i in range(len(a)):
            geqrf(m_code, n_code, _address(a, i), lda, _address(tau, i), work_address, lwork,
                  ctypes.byref(info))
    factored = _matrices(a, batch)
    q_columns = m if mode == "complete" else k
    r = np.triu(factored[..., :q_columns, :])
    if mode == "r":
        return None, r
    q = _column_major(factored[..., :, :min(n, q_columns)], m, q_columns)
    orgqr = _routine(dtype, "orgqr")
    columns_code, k_code = _int(q_columns), _int(k)
    size, _ = _workspace(orgqr, ("orgqr", dtype.char, m, q_columns, k), dtype, m_code,
                         columns_code, k_code, None, lda, None)
    work = np.empty(size, dtype)
    work_address, lwork = pointer(work), _int(len(work))
    with _pool_threads():
        for i in range(len(q)):
            orgqr(m_code, columns_code, k_code, _address(q, i), lda, _address(tau, i),
                  work_address, lwork, ctypes.byref(info))
    return _matrices(q, batch), r


def getrf(x):
    """``?getrf`` of each square matrix of the float32 / float64 stack ``x`` (B, n, n), as
    given: (LU, U and the multipliers of L, column-major per matrix; LAPACK's 1-based row
    swaps (B, n); per-matrix status, the 1-based index of the first exactly zero pivot)."""
    n = x.shape[-1]
    a = _column_major(x, n, n)
    pivots = np.empty((len(a), n), np.int32)
    function, info = _routine(x.dtype, "getrf"), ctypes.c_int(0)
    n_code, lda = _int(n), _int(max(1, n))
    infos = np.zeros(len(a), np.int64)
    with _pool_threads():
        for i in range(len(a)):
            function(n_code, n_code, _address(a, i), lda, _address(pivots, i), ctypes.byref(info))
            infos[i] = info.value
    return _matrices(a, x.shape[:-2]), pivots, infos


def getrs(lu, pivots, b, transposed):
    """X with A X = B (A^T X = B when ``transposed``) for one matrix factored by getrf
    (``lu`` column-major, ``pivots`` its row swaps) and a matrix ``b``, by ``?getrs``."""
    n, columns = b.shape
    factors = np.asfortranarray(lu)
    solution = _column_major(b, n, columns)
    info, function = ctypes.c_int(0), _routine(lu.dtype, "getrs")
    with _pool_threads():
        function(b"T" if transposed else b"N", _int(n), _int(columns),
                 pointer(factors), _int(max(1, n)),
                 pointer(pivots), pointer(solution),
                 _int(max(1, n)), ctypes.byref(info))
    return _matrices(solution, ())


def least_squares(x, rhs, driver, rcond):
    """PyTorch's linalg.lstsq of each problem of the broadcast float32 / float64 batches ``x``
    (..., m, n) and ``rhs`` (..., m, k) by LAPACK's ``driver`` (gels, gelsy, gelsd, gelss):
    (the solved column-major buffer (..., max(m, n), k), whose first n rows are the solution
    and, from gels / gelsd / gelss of a tall full-rank problem, whose rows below hold the
    residuals; ranks; singular values (gelsd / gelss), per-matrix LAPACK status)."""
    m, n = x.shape[-2:]
    k, rows = rhs.shape[-1], max(m, n, 1)
    batch, dtype = x.shape[:-2], x.dtype
    a, b = _column_major(x, m, n), _column_major(rhs, rows, k)
    function, info = _routine(dtype, driver), ctypes.c_int(0)
    ranks = np.zeros(len(a), np.int64)
    singular = np.empty((len(a), min(m, n)), dtype)
    m_code, n_code, k_code = _int(m), _int(n), _int(k)
    lda, ldb = _int(max(1, m)), _int(rows)
    rank, limit = ctypes.c_int(0), np.array([rcond], dtype)
    limit_address = pointer(limit)
    pivots = np.zeros(max(1, n), np.int32)
    # (gelsd's integer workspace: 3 min(m, n) levels + 11 min(m, n) suffices for up to 2^32
    # levels of its divide and conquer)
    iwork = np.empty(max(1, 43 * min(m, n)), np.int32)
    leading = {"gels": (b"N", m_code, n_code, k_code, None, lda, None, ldb),
               "gelsy": (m_code, n_code, k_code, None, lda, None, ldb,
                         pointer(pivots), limit_address,
                         ctypes.byref(rank)),
               "gelsd": (m_code, n_code, k_code, None, lda, None, ldb, None, limit_address,
                         ctypes.byref(rank)),
               "gelss": (m_code, n_code, k_code, None, lda, None, ldb, None, limit_address,
                         ctypes.byref(rank))}[driver]
    after = (pointer(iwork),) if driver == "gelsd" else ()
    size, _ = _workspace(function, (driver, dtype.char, m, n, k), dtype, *leading, after=after)
    work = np.empty(size, dtype)
    tail = (pointer(work), _int(size)) + after
    infos = np.zeros(len(a), np.int64)
    with _pool_threads():
        for i in range(len(a)):
            pivots[:] = 0  # (gelsy: every column free to move)
            arguments = list(leading)
            matrix_at, rhs_at = (4, 6) if driver == "gels" else (3, 5)
            arguments[matrix_at], arguments[rhs_at] = _address(a, i), _address(b, i)
            if driver in ("gelsd", "gelss"):
                arguments[7] = _address(singular, i)
            function(*arguments, *tail, ctypes.byref(info))
            infos[i], ranks[i] = info.value, rank.value
    return (_matrices(b, batch), ranks.reshape(batch), singular.reshape(batch + (min(m, n),)),
            infos)
