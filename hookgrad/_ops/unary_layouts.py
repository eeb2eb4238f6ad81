"""PyTorch's AVX2 / AVX-512 ``cpu_kernel_vec`` kernels of sinh, cosh, atanh, exp2 and sigmoid
for float32 and float64 input of any layout, bit for bit: where TensorIterator's inner row is
contiguous (a transpose, a slice of whole rows or of part of each row) its vector form (SLEEF's:
sleef.py, sleef_double.py) covers whole two-vector steps (64 bytes on AVX2, 128 on AVX-512) of
each row (cut where the threads' chunks cut it) and its scalar form (glibc's) the rest of each
row; with another inner stride, the scalar form every element
(vector_loop.unary_vector_positions finds which). The scalar forms are C's (libm.py; float32
exp: glibc_expf.py)."""
import numpy as np

from . import glibc_expf, kernel_vec, libm, sleef, sleef_activations, sleef_double
from .kernel_vec import STEP_BYTES
from .vector_loop import unary_vector_positions

_ONE32 = np.float32(1)
_FLOAT32 = np.empty(0, np.float32)  # (kernel_vec.applies' dtype and machine test)


def _float32_sigmoid_vector(v):
    return kernel_vec.compute(v, lambda u: _ONE32 / (sleef.expf(-u) + _ONE32))


def _float32_sigmoid_scalar(v):
    return _ONE32 / (_ONE32 + glibc_expf.expf(-v))


def _float64_sigmoid_scalar(v):
    return 1 / (1 + libm.exp(-v))


def _mapped32(function):
    return lambda v: kernel_vec.compute(v, function)


# name -> (float32 C-contiguous kernel, float32 vector form, float32 scalar form,
#          float64 vector form, float64 scalar form)
_FORMS = {
    "sinh": (sleef_activations.sinh, _mapped32(sleef.sinhf), libm.sinh, sleef_double.sinh,
             libm.sinh),
    "cosh": (sleef_activations.cosh, _mapped32(sleef.coshf), libm.cosh, sleef_double.cosh,
             libm.cosh),
    "atanh": (sleef_activations.atanh, _mapped32(sleef.atanhf), libm.arctanh,
              sleef_double.atanh, libm.arctanh),
    "exp2": (sleef_activations.exp2, _mapped32(sleef.exp2f), libm.exp2, sleef_double.exp2,
             libm.exp2),
    "sigmoid": (sleef_activations.sigmoid, _float32_sigmoid_vector, _float32_sigmoid_scalar,
                sleef_double.sigmoid, _float64_sigmoid_scalar),
}


def unary(name, x):
    """PyTorch's ``name`` kernel of the float32 / float64 array ``x`` (a new array of its
    shape, C order: callers lay it out), or None where not modelled (another dtype, not
    AVX2 or AVX-512, no glibc to call)."""
    if not x.size:
        return None  # (NumPy's form: an empty result)
    if x.dtype == np.float32:
        if not (kernel_vec.applies(_FLOAT32) and glibc_expf.available()):
            return None
        contiguous, vector, scalar = _FORMS[name][:3]
        if x.flags.c_contiguous:
            return contiguous(x)
    elif sleef_double.applies(x):
        vector, scalar = _FORMS[name][3:]
        if x.flags.c_contiguous:
            return sleef_double.kernel_vec(vector, scalar, x)
    else:
        return None
    positions = unary_vector_positions(x, STEP_BYTES, kernel_vec.chunk(x.size))
    dense = np.ascontiguousarray(x)
    with np.errstate(all="ignore"):
        if positions is None:  # (the element loop only)
            return scalar(dense)
        out = np.empty(dense.shape, dense.dtype)
        if positions.any():
            out[positions] = vector(dense[positions])
        rest = ~positions
        if rest.any():
            out[rest] = scalar(dense[rest])
    return out
