"""PyTorch's results for exp, log, sqrt, tanh, sin, cos, tan, asin, acos, atan, log2, log10,
erf, erfc and erfinv of float32 and float64 tensors, bit for bit, where Intel MKL is installed.

PyTorch's x86 build computes these with MKL's vector math library (VML) in its high-accuracy
mode. NumPy's own functions are as accurate but round differently: they differ from PyTorch
in the last bit on 10-50% of random float32 inputs. With the optional ``mkl`` package
(``pip install hookgrad[mkl]``) the same VML functions run here and give PyTorch's results
to the bit; without it, or with ``HOOKGRAD_VML=0`` in the environment, NumPy's. Other dtypes
(half, integers cast to float, complex) always take NumPy's path, as PyTorch takes its own
vectorised path for them.

Large arrays are computed in chunks on the intra-op pool (elementwise, so the chunking does
not change a result); ctypes releases the GIL for the call."""
import ctypes
import importlib.metadata
import os

import numpy as np

from .._parallel import get_num_threads, parallel_for
from .array_address import pointer
from .elementwise_layout import unary_iterator_layout

# vmlSetMode bits: high accuracy, denormals kept, no errno / callbacks (PyTorch's mode)
_MODE = 0x00000002 | 0x00140000 | 0x00000100
_MODE_ARGUMENT = ctypes.c_int64(_MODE)  # (the functions take no argtypes: C values, made once)
_THREADING_SEQUENTIAL, _THREADING_GNU = 1, 3
# float64 results PyTorch does not take from VML: the trigonometric functions of +-inf and of
# NaN (VML's NaN has no sign bit; PyTorch's keeps the input's, or sets it for an infinity)
_NONFINITE_FROM_FALLBACK = frozenset({"Sin", "Cos", "Tan"})
_CHUNK_BYTES = 1 << 19  # no smaller chunk: a hand-off costs 15-170 us

_layer = None  # MKL's threading layer, once loaded
_library = None  # the loaded libmkl_rt, False when unavailable; None until first asked
_forked = False  # whether this process was forked (GNU OpenMP's workers do not survive it)


def _after_fork_in_child():
    global _forked
    _forked = True


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


def threads():
    """MKL threads for a LAPACK or BLAS call: the intra-op pool's count, as PyTorch sets
    MKL's; one in a forked process, where GNU OpenMP's next parallel region would wait
    forever for the parent's workers (PyTorch's own MKL hangs there)."""
    return 1 if _forked else get_num_threads()


def _find_library():
    """MKL's single dynamic library: the one ``HOOKGRAD_MKL`` names (a path), else the
    ``mkl`` wheel's; or None."""
    if os.environ.get("HOOKGRAD_VML", "1") == "0":
        return None
    named = os.environ.get("HOOKGRAD_MKL")
    if named:
        return named if os.path.exists(named) else None
    try:
        files = importlib.metadata.files("mkl") or ()
    except importlib.metadata.PackageNotFoundError:
        return None
    for file in files:
        name = file.name
        if name.startswith("libmkl_rt.so") or (name.startswith("mkl_rt") and
                                               name.endswith(".dll")):
            path = file.locate()
            if os.path.exists(path):
                return str(path)
    return None


def _threading_layer():
    """GNU OpenMP's where libgomp loads, the build PyTorch's MKL is: its LAPACK routines take
    other paths than the sequential build's even on one thread (getrf from 17x17 on); else
    sequential."""
    try:
        ctypes.CDLL("libgomp.so.1")
    except OSError:
        return _THREADING_SEQUENTIAL
    return _THREADING_GNU


def threaded():
    """Whether MKL threads matrix products itself (``HOOKGRAD_MKL_OPENMP=1`` on its GNU
    OpenMP layer): gemm.py's products are then split as PyTorch's are at any thread count
    (bit for bit), but OpenMP's spinning threads and the pool's take each other's cores (W3
    and W4 ran 4 to 8 times slower at two threads). By default each product runs on one MKL
    thread, large ones split on the pool (PyTorch's one-thread bits)."""
    return (bool(_lib()) and _layer == _THREADING_GNU
            and os.environ.get("HOOKGRAD_MKL_OPENMP") == "1")


def _load():
    global _library
    path = _find_library()
    if path is None:
        _library = False
        return False
    try:
        lib = ctypes.CDLL(path)
        lib.MKL_Set_Threading_Layer.argtypes = [ctypes.c_int]
        layer = _threading_layer()
        lib.MKL_Set_Threading_Layer(layer)
        # one thread inside each call (hookgrad's pool owns the cores) unless a caller asks
        # for more: mkl_lapack.py asks for the pool's count, as PyTorch sets MKL's (some
        # results depend on it), and gemm.py does with HOOKGRAD_MKL_OPENMP=1
        lib.MKL_Set_Num_Threads.argtypes = [ctypes.c_int]
        lib.MKL_Set_Num_Threads(1)
    except (OSError, AttributeError):
        _library = False
        return False
    global _layer
    _library, _layer = lib, layer
    return lib


def _lib():
    """The loaded library, or False; loaded on the first call."""
    return _library if _library is not None else _load()


def available():
    """Whether MKL's vector math is in use."""
    return bool(_lib())


# the MKL build PyTorch 2.13's x86 wheels carry (the mkl 2024.2.0 wheel's): its BLAS and
# LAPACK give PyTorch's bits; other releases' round differently (VML's do not)
_TORCH_MKL_VERSION = b"Version 2024.2-Product Build 20240605"
_torch_release = None


def torch_release():
    """Whether the loaded MKL is PyTorch's own build (gemm.py and mkl_lapack.py use only it)."""
    global _torch_release
    if _torch_release is None:
        lib = _lib()
        text = ctypes.create_string_buffer(256)
        try:
            if lib:
                lib.MKL_Get_Version_String(text, 256)
        except AttributeError:
            pass
        _torch_release = bool(lib) and _TORCH_MKL_VERSION in text.value
    return _torch_release


def _function(dtype, name):
    """VML's function ``name`` for arrays of ``dtype``, or None (another dtype, a byte order
    not the machine's, or no MKL)."""
    if dtype.kind != "f" or dtype.itemsize not in (4, 8) or not dtype.isnative:
        return None
    lib = _lib()
    if not lib:
        return None
    # without argtypes (ctypes' conversions cost more than a short vector's work): called
    # with (c_int64 n, c_void_p source, c_void_p result, _MODE_ARGUMENT)
    function = lib[("vms" if dtype.itemsize == 4 else "vmd") + name]
    function.restype = None
    return function


def _step(n, nbytes):
    """Elements per chunk: one chunk per thread (VML's work per byte is high enough that
    two threads pay from 1 MB on), none under _CHUNK_BYTES."""
    chunks = min(get_num_threads(), nbytes // _CHUNK_BYTES)
    return n if chunks <= 1 else -(-n // chunks)


def _chunk(start, stop, function, x, out):
    function(ctypes.c_int64(stop - start), pointer(x[start:]), pointer(out[start:]),
             _MODE_ARGUMENT)


def _dense(function, x):
    """``function`` of the C-contiguous ``x``, as a new C-contiguous array. (VML's result for
    an element does not depend on its position or alignment: every function, both dtypes,
    at 16 offsets and 5 lengths, bit for bit.)"""
    n = x.size
    out = np.empty_like(x)  # (C-contiguous, as x)
    if not n:
        return out
    step = _step(n, x.nbytes) if n > _SMALL else n
    if step >= n:
        function(ctypes.c_int64(n), pointer(x), pointer(out), _MODE_ARGUMENT)
    else:
        flat_x, flat_out = x.reshape(-1), out.reshape(-1)
        parallel_for(n, step, _chunk, function, flat_x, flat_out)
    return out


_SMALL = 4096  # elements: no call on fewer asks the pool's thread count


def vml(name, fallback):
    """``fallback`` (an array function) computed by VML's ``name`` (``"Exp"``) for float32 and
    float64 arrays where MKL is available."""
    functions = {}
    nonfinite_fallback = name in _NONFINITE_FROM_FALLBACK

    def compute(x):
        if type(x) is not np.ndarray:  # (a NumPy scalar from 0-d arithmetic)
            x = np.asarray(x)
        dtype = x.dtype
        function = functions.get(dtype, ...)
        if function is ...:
            function = functions[dtype] = _function(dtype, name)
        if function is None:
            return fallback(x)
        # the result in the input's layout, as NumPy's ufuncs and PyTorch give it
        if x.flags.c_contiguous:
            out = _dense(function, x)
        elif x.flags.f_contiguous:
            out = _dense(function, x.T).T
        else:  # (dense in x's stride order, as PyTorch's iterator; C for an expanded x)
            out = unary_iterator_layout(_dense(function, np.ascontiguousarray(x)), x)
        if nonfinite_fallback and dtype.itemsize == 8:
            nonfinite = ~np.isfinite(x)
            if nonfinite.any():
                with np.errstate(invalid="ignore"):
                    out[nonfinite] = fallback(x[nonfinite])
        return out

    compute.__name__ = getattr(fallback, "__name__", name.lower())
    compute.__doc__ = f"{compute.__name__} by VML's {name} where MKL is installed."
    return compute
