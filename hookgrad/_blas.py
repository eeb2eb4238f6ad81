"""The thread count of NumPy's BLAS, when it is OpenBLAS (NumPy's wheels bundle it).

hookgrad's pool sets it to one thread once the pool has more than one (when its size is
first read, or by ``set_num_threads``), as PyTorch sets MKL's: the pool splits large products
itself, and one thread means one (see ``hookgrad._parallel``). Found through ctypes among
the libraries already loaded; elsewhere (another BLAS, no OpenBLAS symbols) this does
nothing and reports None."""
import ctypes
import glob
import os

import numpy as np

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


def _functions():
    """``(set, get)`` ctypes functions of NumPy's OpenBLAS, or ``(None, None)``."""
    if not _found:
        functions = (None, None)
        for path in _candidate_paths():
            try:
                lib = ctypes.CDLL(path)
            except OSError:
                continue
            setter = next((getattr(lib, n) for n in _SET if hasattr(lib, n)), None)
            getter = next((getattr(lib, n) for n in _GET if hasattr(lib, n)), None)
            if setter is not None and getter is not None:
                setter.argtypes, setter.restype = [ctypes.c_int], None
                getter.argtypes, getter.restype = [], ctypes.c_int
                functions = (setter, getter)
                break
        _found.append(functions)
    return _found[0]


def get_threads():
    """OpenBLAS' thread count, or None when NumPy's BLAS is not a reachable OpenBLAS."""
    getter = _functions()[1]
    return None if getter is None else int(getter())


def set_threads(n):
    setter = _functions()[0]
    if setter is not None:
        setter(n)
