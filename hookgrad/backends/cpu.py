"""torch.backends.cpu."""
import os
import warnings

from .._ops.onednn_isa import cpu_features

_REQUESTABLE = {"avx512": "AVX512", "avx2": "AVX2", "default": "DEFAULT"}


def _detected_capability():
    """The vector ISA PyTorch's CPU kernels dispatch to on this machine: "AVX512" with
    AVX-512 F, BW, VL and DQ and FMA, "AVX2" with AVX2 and FMA, else "DEFAULT" (read from
    NumPy's own CPU feature detection)."""
    features = cpu_features()
    if all(features.get(f) for f in ("AVX512F", "AVX512BW", "AVX512VL", "AVX512DQ", "FMA3")):
        return "AVX512"
    if features.get("AVX2") and features.get("FMA3"):
        return "AVX2"
    return "DEFAULT"


def _capability():
    """``ATEN_CPU_CAPABILITY`` (``avx512``, ``avx2`` or ``default``, lower case) picks the
    kernels as it does PyTorch's, so that one machine can reproduce another's bits; any other
    value is ignored with PyTorch's warning."""
    requested = os.environ.get("ATEN_CPU_CAPABILITY")
    if requested is not None:
        if requested in _REQUESTABLE:
            return _REQUESTABLE[requested]
        warnings.warn(f"ignoring invalid value for ATEN_CPU_CAPABILITY: {requested}",
                      UserWarning, stacklevel=2)
    return _detected_capability()


CAPABILITY = _capability()
# The width of the vectors of the ATen kernels PyTorch dispatches here (Vectorized<T>: 64
# bytes in its AVX-512 build, 32 in its AVX2 one). Kernels whose loops step a vector or two
# at a time leave a different tail to their element loop on each, and the two loops can
# differ in a NaN's sign or a branch taken for NaN.
VECTOR_BYTES = 64 if CAPABILITY == "AVX512" else 32


def get_cpu_capability():
    """PyTorch's name for the vector ISA its CPU kernels use on this machine (where
    hookgrad follows a kernel's ISA-dependent rounding, it follows this one's)."""
    return CAPABILITY
