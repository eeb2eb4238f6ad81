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
# The width of the vectors of the ATen kernels built for that ISA (Vectorized<T>: 64 bytes in
# PyTorch's AVX-512 build, 32 in its AVX2 one). Kernels whose loops step a vector or two at a
# time leave a different tail to their element loop on each, and the two loops can differ in
# a NaN's sign or a branch taken for NaN. Not every kernel runs its AVX-512 build on an
# AVX-512 machine: ``kernel_capability`` says which (``vector_bytes``: their widths).
VECTOR_BYTES = 64 if CAPABILITY == "AVX512" else 32

# PyTorch compiles each CPU kernel for every ISA, but its AVX-512 build registers only the
# kernels declared with ALSO_REGISTER_AVX512_DISPATCH; for the others, plain
# REGISTER_DISPATCH leaves the AVX-512 slot empty and the dispatcher runs their AVX2 build.
# Whether each kernel family hookgrad follows lane by lane has an AVX-512 build, measured on
# an AVX-512 machine: True where real PyTorch 2.13 prints other bits under
# ATEN_CPU_CAPABILITY=avx512 than under avx2 (at sizes around multiples of 8, 16, 32 and 64),
# False where it prints the same (its AVX2 build runs).
AVX512_BUILDS = {
    "activation_backward": True,  # elu, hardswish, hard/soft shrink backward
    "pow": True,  # tensor ** tensor / number, float32 and float64
    "atan2_hypot": True,  # (in place on overlapping memory: 16-float vectors)
    "softmax": True,  # softmax, log_softmax and their backward along the last dim
    "binary": False,  # add / sub with alpha, mul (real and complex), div, fmod; in place on
    # overlapping memory (add_, mul_, ...)
    "addr": False,
    "log_sigmoid": False,  # forward and backward
    "loss_backward": False,  # huber, smooth_l1, mse, l1 (forward and backward)
    "norm": False,  # layer, group and batch norm, forward (RowwiseMoments) and backward
    "reduce": False,  # sum, mean, prod, var, norm
}


def kernel_capability(kernel):
    """The ISA whose build of PyTorch's ``kernel`` (a key of ``AVX512_BUILDS``) runs here."""
    if not AVX512_BUILDS[kernel] and CAPABILITY == "AVX512":  # (a name checked everywhere)
        return "AVX2"
    return CAPABILITY


def vector_bytes(kernel):
    """The width of the vectors of PyTorch's ``kernel`` (a key of ``AVX512_BUILDS``) here."""
    return 64 if kernel_capability(kernel) == "AVX512" else 32


def get_cpu_capability():
    """PyTorch's name for the vector ISA its CPU kernels use on this machine (where
    hookgrad follows a kernel's ISA-dependent rounding, it follows this one's)."""
    return CAPABILITY
