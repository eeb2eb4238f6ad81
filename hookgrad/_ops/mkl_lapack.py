"""PyTorch's singular value decompositions bit for bit, through MKL's LAPACK.

PyTorch's x86 build factors with the LAPACK of the MKL it bundles: ``?gesdd`` per matrix of a
batch, each matrix copied column-major, with the optimal workspace. Another LAPACK (NumPy's
OpenBLAS) rounds differently in the last bits, and differs outright on matrices holding an
infinity (MKL scales such a matrix by zero and returns permutation-like vectors and NaN
values) or a NaN (MKL refuses it, which PyTorch reports as a failure to converge). With the
optional ``mkl`` package at PyTorch's version, the same routine runs here; without it this
module reports itself unavailable and callers keep NumPy's path.

The routines run sequentially inside each call, as vml.py sets MKL's threading layer: MKL
gives one matrix the same result on any number of threads here, as PyTorch's does."""
import ctypes

import numpy as np

from . import vml

# gesdd's job: the vectors of the thin ('S') or full ('A') decomposition, or none ('N')
_U_COLUMNS = {"S": lambda m, k: k, "A": lambda m, k: m, "N": lambda m, k: 1}
_VT_ROWS = {"S": lambda n, k: k, "A": lambda n, k: n, "N": lambda n, k: 1}
_workspace_sizes = {}


def available():
    """Whether MKL's LAPACK is in use (the same switch as its vector math)."""
    return vml.available()


def _int(value):
    return ctypes.byref(ctypes.c_int(value))


def _gesdd_function(dtype):
    lib = vml._lib()
    function = lib.sgesdd_ if dtype == np.float32 else lib.dgesdd_
    function.restype = None
    return function


def _workspace(function, job, m, n, dtype, u_rows, vt_rows, iwork):
    """The optimal workspace size MKL reports for this job and shape (asked once)."""
    key = (dtype.char, job, m, n)
    size = _workspace_sizes.get(key)
    if size is None:
        query = np.empty(1, dtype)
        info = ctypes.c_int(0)
        function(job.encode(), _int(m), _int(n), None, _int(max(1, m)), None, None,
                 _int(u_rows), None, _int(vt_rows), query.ctypes.data_as(ctypes.c_void_p),
                 _int(-1), iwork.ctypes.data_as(ctypes.c_void_p), ctypes.byref(info))
        size = _workspace_sizes[key] = max(1, int(query[0]))
    return size


def gesdd(x, job):
    """``?gesdd`` of each matrix of the float32 / float64 batch ``x`` (..., m, n) with job
    'S', 'A' or 'N': (U, S, Vh, infos), U and Vh column-major per matrix as MKL leaves them
    (None for 'N'), ``infos`` LAPACK's per-matrix status (negative: an argument, i.e. a NaN,
    was refused; positive: no convergence)."""
    m, n = x.shape[-2:]
    k = min(m, n)
    batch = x.shape[:-2]
    count = int(np.prod(batch, dtype=np.int64))
    dtype = x.dtype
    function = _gesdd_function(dtype)
    u_columns, vt_rows = _U_COLUMNS[job](m, k), _VT_ROWS[job](n, k)
    u_rows = m if job != "N" else 1
    # column-major copies: matrix i's column j at a[i, j]
    a = np.empty((count, n, m), dtype)
    a[...] = np.swapaxes(x.reshape((count, m, n)), -1, -2)
    s = np.empty((count, k), dtype)
    u = np.empty((count, u_columns, u_rows), dtype)
    vt = np.empty((count, n if job != "N" else 1, vt_rows), dtype)
    iwork = np.empty(max(1, 8 * k), np.int32)
    size = _workspace(function, job, m, n, dtype, u_rows, vt_rows, iwork)
    work = np.empty(size, dtype)
    infos = np.zeros(count, np.int64)
    info = ctypes.c_int(0)
    job_code, m_code, n_code, lda = job.encode(), _int(m), _int(n), _int(max(1, m))
    ldu, ldvt, lwork = _int(u_rows), _int(vt_rows), _int(size)
    work_address = work.ctypes.data_as(ctypes.c_void_p)
    iwork_address = iwork.ctypes.data_as(ctypes.c_void_p)
    a_address, s_address = a.ctypes.data, s.ctypes.data
    u_address, vt_address = u.ctypes.data, vt.ctypes.data
    for i in range(count):
        function(job_code, m_code, n_code, ctypes.c_void_p(a_address + i * a.strides[0]), lda,
                 ctypes.c_void_p(s_address + i * s.strides[0]),
                 ctypes.c_void_p(u_address + i * u.strides[0]), ldu,
                 ctypes.c_void_p(vt_address + i * vt.strides[0]), ldvt, work_address, lwork,
                 iwork_address, ctypes.byref(info))
        infos[i] = info.value
    s = s.reshape(batch + (k,))
    if job == "N":
        return None, s, None, infos
    u = np.swapaxes(u, -1, -2).reshape(batch + (m, u_columns))
    vh = np.swapaxes(vt, -1, -2).reshape(batch + (vt_rows, n))
    return u, s, vh, infos


def _syevd_function(dtype):
    function = vml._lib().ssyevd_ if dtype == np.float32 else vml._lib().dsyevd_
    function.restype = None
    return function


def _syevd_workspace(function, job, uplo, n, dtype):
    key = (dtype.char, "syevd", job, uplo, n)
    sizes = _workspace_sizes.get(key)
    if sizes is None:
        query, iquery, info = np.empty(1, dtype), np.empty(1, np.int32), ctypes.c_int(0)
        function(job.encode(), uplo.encode(), _int(n), None, _int(max(1, n)), None,
                 query.ctypes.data_as(ctypes.c_void_p), _int(-1),
                 iquery.ctypes.data_as(ctypes.c_void_p), _int(-1), ctypes.byref(info))
        sizes = _workspace_sizes[key] = (max(1, int(query[0])), max(1, int(iquery[0])))
    return sizes


def syevd(x, uplo, vectors):
    """``?syevd`` of each symmetric matrix of the float32 / float64 batch ``x`` (..., n, n),
    reading its ``uplo`` triangle: (ascending eigenvalues, eigenvectors column-major per
    matrix or None without ``vectors``, LAPACK's per-matrix status)."""
    n = x.shape[-1]
    batch = x.shape[:-2]
    count = int(np.prod(batch, dtype=np.int64))
    dtype = x.dtype
    job = "V" if vectors else "N"
    function = _syevd_function(dtype)
    a = np.empty((count, n, n), dtype)  # column-major copies; the vectors overwrite them
    a[...] = np.swapaxes(x.reshape((count, n, n)), -1, -2)
    w = np.empty((count, n), dtype)
    size, isize = _syevd_workspace(function, job, uplo, n, dtype)
    work, iwork = np.empty(size, dtype), np.empty(isize, np.int32)
    infos = np.zeros(count, np.int64)
    info = ctypes.c_int(0)
    job_code, uplo_code, n_code, lda = job.encode(), uplo.encode(), _int(n), _int(max(1, n))
    lwork, liwork = _int(size), _int(isize)
    work_address = work.ctypes.data_as(ctypes.c_void_p)
    iwork_address = iwork.ctypes.data_as(ctypes.c_void_p)
    a_address, w_address = a.ctypes.data, w.ctypes.data
    for i in range(count):
        function(job_code, uplo_code, n_code, ctypes.c_void_p(a_address + i * a.strides[0]),
                 lda, ctypes.c_void_p(w_address + i * w.strides[0]), work_address, lwork,
                 iwork_address, liwork, ctypes.byref(info))
        infos[i] = info.value
    vectors_out = np.swapaxes(a, -1, -2).reshape(batch + (n, n)) if vectors else None
    return w.reshape(batch + (n,)), vectors_out, infos
