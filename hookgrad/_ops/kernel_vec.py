"""Which elements PyTorch's ``cpu_kernel_vec`` computes with its vector form and which with its
scalar form, for a C-contiguous float32 input on its AVX2 and AVX-512 builds, and the scalar
form's libm.

The loop steps two vectors (8 floats each on AVX2, 16 on AVX-512) at a time through each
thread's chunk of the elements and leaves the rest of the chunk (fewer than two vectors)
to the op's scalar lambda, whose
``std::exp`` etc. are glibc's. From 32768 elements (TensorIterator's grain) the elements
are split between the intra-op threads in ``ceil(n / threads)`` chunks, each with its own
tail. Kernels whose vector form calls SLEEF (sleef.py) round differently there."""
import numpy as np

from .._parallel import get_num_threads, parallel_for
from ..backends.cpu import CAPABILITY, VECTOR_BYTES
from . import libm as c_maths

GRAIN = 32768
LANES = VECTOR_BYTES // 4  # float32 lanes of one Vectorized<float>
STEP_BYTES = 2 * VECTOR_BYTES  # (any dtype's vector step: two Vectorized<T>)
_STEP = 2 * LANES  # float32 elements per vector step (2 x 8 on AVX2, 2 x 16 on AVX-512)
_BLOCK = 16384  # elements computed at a time (the emulation's temporaries stay in cache)
_libm = None
# (PyTorch builds these kernels for AVX-512 too: its vectors' width changes the tails; SLEEF's
# 16-lane functions compute as its 8-lane ones, bar a few NaN signs noted where modelled)
_MODELLED = CAPABILITY in ("AVX2", "AVX512")


def applies(x):
    """Whether ``x`` takes the modelled path: float32, C-contiguous, on an AVX2 or AVX-512
    machine whose C maths library loads."""
    return (x.dtype == np.float32 and _MODELLED and x.flags.c_contiguous
            and (_libm is not None or _load_libm()))


def libm_loaded():
    """Whether the C maths library loads (libm's functions can be called)."""
    return _libm is not None or _load_libm()


def _load_libm():
    global _libm, _MODELLED
    library = c_maths.library()
    if library is None:
        _MODELLED = False  # (no C maths library to call: NumPy's forms)
        return False
    _libm = library
    return True


def scalar_positions(n, step=_STEP):
    """Flat indices of the elements of a contiguous ``n``-element run that the scalar lambda
    computes (``step``: the vector loop's elements a step, float32's by default)."""
    size = chunk(n)
    tails = []
    for start in range(0, n, size):
        stop = min(start + size, n)
        tail = stop - (stop - start) % step
        if tail < stop:
            tails.append(np.arange(tail, stop))
    return np.concatenate(tails) if tails else np.empty(0, np.intp)


def chunk(n):
    """The elements each thread's chunk holds (the whole run below the grain)."""
    threads = min(get_num_threads(), -(-n // GRAIN)) if n >= GRAIN else 1
    return -(-n // threads)


def lanes(n, positions):
    """The lane (0 to ``2 * LANES - 1``) of each flat index in ``positions`` within its
    vector step (two vectors), -1 where the scalar lambda computes it."""
    size = chunk(n)
    offset = positions % size
    stop = np.minimum(positions - offset + size, n)
    vector_end = stop - (stop - (positions - offset)) % _STEP
    return np.where(positions < vector_end, offset % _STEP, -1)


def libm(name, values):
    """glibc's float function ``name`` ("expf") of each float32 in ``values`` (a few: the
    scalar tails)."""
    return c_maths.c_values(name, (values.reshape(-1),)).reshape(values.shape)


def _blocks(start, stop, vector, flat, others, out):
    with np.errstate(all="ignore"):  # (each thread its own state)
        for i in range(start, stop, _BLOCK):
            j = min(i + _BLOCK, stop)
            out[i:j] = vector(flat[i:j], *(o[i:j] for o in others))


def compute(x, vector, scalar=None, *others):
    """``vector(x, *others)`` (a SLEEF-form array function) with the scalar-lambda elements
    replaced by ``scalar(values, *others' values)`` (None: the kernel maps the vector form
    over every element); ``x`` C-contiguous float32 (or float64: its vectors hold half the
    elements) of any shape, ``others`` flat arrays of its size. Large inputs go in
    cache-sized blocks, on the intra-op pool's threads."""
    flat = x.reshape(-1)
    n = flat.size
    vector_step = STEP_BYTES // flat.itemsize
    if scalar is not None and n < vector_step:  # (the whole of it a tail)
        with np.errstate(all="ignore"):
            return scalar(flat, *others).reshape(x.shape)
    out = np.empty(n, flat.dtype)
    threads = get_num_threads()
    step = max(_BLOCK, -(-n // threads // _BLOCK) * _BLOCK) if n > 2 * _BLOCK else n
    if step < n:
        parallel_for(n, step, _blocks, vector, flat, others, out)
    else:
        _blocks(0, n, vector, flat, others, out)
    if scalar is not None:
        tail = scalar_positions(n, vector_step)
        if tail.size:
            with np.errstate(all="ignore"):
                out[tail] = scalar(flat[tail], *(o[tail] for o in others))
    return out.reshape(x.shape)


def grad_operand(g, x):
    """``g`` (a gradient for ``x``) as a flat array of ``x``'s size where PyTorch's binary
    loop over (g, x) steps as the unary one over x (g float32 and C-contiguous of x's shape,
    or one broadcast value); else None."""
    if g.dtype != np.float32 or g.shape != x.shape:
        return None
    if g.flags.c_contiguous:
        return g.reshape(-1)
    if not any(g.strides):
        return np.broadcast_to(g.reshape(-1)[:1], (g.size,))
    return None
