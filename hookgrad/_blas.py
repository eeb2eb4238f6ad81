"""NumPy's BLAS, when it is OpenBLAS (NumPy's wheels bundle it): its thread count, and its
``axpy`` as a fused multiply-add.

hookgrad's pool sets OpenBLAS to one thread once the pool has more than one (when its size is
first read, or by ``set_num_threads``), as PyTorch sets MKL's: the pool splits large products
itself, and one thread means one (see ``hookgrad._parallel``).

OpenBLAS's ``saxpy`` / ``daxpy`` kernels for CPUs with FMA (Haswell and later) compute
``y + alpha * x`` with one fused multiply-add per element, vector loop and tail alike: PyTorch's
``add_(x, alpha=...)`` to the bit, NaNs included (17 million random elements per dtype, with
subnormals, infinities and NaNs of both signs), at the cost of one pass where NumPy needs
about nine (``fused.py``). A self-test on first use checks that the kernel in use fuses; where
it does not (a CPU without FMA, another BLAS), ``axpy`` reports None and callers emulate.

Found through ctypes among the libraries already loaded; elsewhere (another BLAS, no OpenBLAS
symbols) this does nothing and reports None."""
import ctypes
import glob
import os

import numpy as np

from ._ops.array_address import address

_SET = ("scipy_openblas_set_num_threads64_", "scipy_openblas_set_num_threads",
        "openblas_set_num_threads64_", "openblas_set_num_threads")
_GET = ("scipy_openblas_get_num_threads64_", "scipy_openblas_get_num_threads",
        "openblas_get_num_threads64_", "openblas_get_num_threads")
_found = []


def _candidate_paths():
    try:
        with open("/proc/self/maps") as maps:
            for line in maps:
                path = line.rsplit(None, 1)[-1]
                if "openblas" in os.path.basename(path).lower():
                    yield path
    except OSError:
        pass
    root = os.path.dirname(os.path.dirname(np.__file__))
    for folder in ("numpy.libs", os.path.join("numpy", ".dylibs")):
        yield from glob.glob(os.path.join(root, folder, "*openblas*"))


def _library():
    """NumPy's OpenBLAS (ctypes), or None."""
    if not _found:
        library = None
        for path in _candidate_paths():
            try:
                lib = ctypes.CDLL(path)
            except OSError:
                continue
            if any(hasattr(lib, n) for n in _SET) and any(hasattr(lib, n) for n in _GET):
                library = lib
                break
        _found.append(library)
    return _found[0]


def _functions():
    """``(set, get)`` ctypes functions of NumPy's OpenBLAS, or ``(None, None)``."""
    lib = _library()
    if lib is None:
        return None, None
    setter = next(getattr(lib, n) for n in _SET if hasattr(lib, n))
    getter = next(getattr(lib, n) for n in _GET if hasattr(lib, n))
    setter.argtypes, setter.restype = [ctypes.c_int], None
    getter.argtypes, getter.restype = [], ctypes.c_int
    return setter, getter


def get_threads():
    """OpenBLAS' thread count, or None when NumPy's BLAS is not a reachable OpenBLAS."""
    getter = _functions()[1]
    return None if getter is None else int(getter())


def set_threads(n):
    setter = _functions()[0]
    if setter is not None:
        setter(n)


# the axpy entry points by dtype: (symbol, integer type) in the order tried (NumPy's wheels
# carry scipy-openblas' 64-bit-integer build)
_AXPY_NAMES = {
    np.dtype(np.float32): ("scipy_cblas_saxpy64_", "cblas_saxpy64_", "scipy_cblas_saxpy",
                           "cblas_saxpy"),
    np.dtype(np.float64): ("scipy_cblas_daxpy64_", "cblas_daxpy64_", "scipy_cblas_daxpy",
                           "cblas_daxpy"),
}
_axpy = {}  # dtype -> ctypes function, or None where missing or not fused


def _single_threaded():
    """Settle OpenBLAS at one thread before its first elementwise call (hookgrad's pool does
    when its size is first read): threaded, axpy from 10,001 elements hands work to
    OpenBLAS' server threads, and on a busy machine a 30 us call took 10-30 ms."""
    from . import _parallel  # (which imports this module)
    _parallel.get_num_threads()


def _axpy_function(dtype):
    if dtype not in _axpy:
        _single_threaded()
        function = None
        lib = _library()
        names = _AXPY_NAMES.get(dtype, ())
        name = next((n for n in names if lib is not None and hasattr(lib, n)), None)
        if name is not None:
            integer = ctypes.c_int64 if name.endswith("64_") else ctypes.c_int
            number = ctypes.c_float if dtype == np.float32 else ctypes.c_double
            function = getattr(lib, name)
            function.restype = None
            function.argtypes = [integer, number, ctypes.c_void_p, integer, ctypes.c_void_p,
                                 integer]
        _axpy[dtype] = function
        if function is not None and not _fuses(dtype):
            _axpy[dtype] = None
    return _axpy[dtype]


def _fuses(dtype):
    """Whether axpy rounds ``1 + 2**-k`` squared minus one once, on every length up to a few
    vectors and on one past them (its vector loop and its tail): rounded twice, the product
    ties to even and the last bit is lost."""
    k = 12 if dtype == np.float32 else 27
    factor = dtype.type(1 + 2.0 ** -k)
    expected = dtype.type(2.0 ** (1 - k) + 2.0 ** (-2 * k))
    for n in (*range(1, 34), 67, 1027):
        y = np.full(n, -1, dtype)
        axpy(factor, np.full(n, factor, dtype), y, _checked=True)
        if not (y == expected).all():
            return False
    return True


def axpy(alpha, x, y, _checked=False):
    """``y += alpha * x`` in place, fused, for C-contiguous float32 / float64 arrays ``x``
    and ``y`` of one shape and dtype and a nonzero finite ``alpha``; returns whether it ran
    (False: the caller computes it otherwise). OpenBLAS returns early for a zero ``alpha``,
    leaving ``y`` as it was where ``0 * x`` could be a NaN or flip a zero's sign."""
    function = _axpy.get(y.dtype) if _checked else _axpy_function(y.dtype)
    if function is None or not (alpha != 0 and np.isfinite(alpha)):
        return False
    function(y.size, alpha, address(x), 1, address(y), 1)
    return True


