"""The instruction set oneDNN (PyTorch 2.13's CPU convolutions) dispatches its kernels for,
as oneDNN picks it: the widest of AVX-512 (``avx512_core``: the F, CD, BW, DQ and VL
extensions) and AVX2 the CPU and its OS support, capped by ``ONEDNN_MAX_CPU_ISA`` (or the
older ``DNNL_MAX_CPU_ISA``), read when first needed as oneDNN reads it. Which kernel runs, and
so whether a sum leaves out the zero padding, depends on it: the same PyTorch gives other
NaN patterns on an AVX2 CPU than on an AVX-512 one (conv_onednn.py's AVX-512 rules were read
off an AVX-512 CPU, its AVX2 ones off an AVX2 CPU)."""
import os

AVX512_CORE, AVX2, OLDER = "avx512_core", "avx2", "older"
_AVX512_CORE_FEATURES = ("AVX512F", "AVX512CD", "AVX512BW", "AVX512DQ", "AVX512VL")
_cached = []  # (the one answer, once found)


def cpu_features():
    """NumPy's run-time CPU feature table (it also checks that the OS saves the wide
    registers, as oneDNN does); empty where this NumPy does not expose it."""
    try:
        from numpy._core._multiarray_umath import __cpu_features__
    except ImportError:  # (an older layout)
        try:
            from numpy.core._multiarray_umath import __cpu_features__
        except ImportError:
            return {}
    return __cpu_features__


def _ceiling(value):
    """The widest ISA an ``ONEDNN_MAX_CPU_ISA`` value lets oneDNN use (None: no cap)."""
    value = value.strip().upper()
    if not value or value in ("ALL", "DEFAULT") or value.startswith(("AVX512", "AVX10")):
        return None
    if value.startswith("AVX2"):
        return AVX2
    return OLDER  # (SSE41, AVX)


def onednn_isa():
    """``AVX512_CORE``, ``AVX2`` or ``OLDER``: what oneDNN's x64 kernels are built for here
    (found on the first call, as oneDNN reads its environment once)."""
    if _cached:
        return _cached[0]
    cap = os.environ.get("ONEDNN_MAX_CPU_ISA", os.environ.get("DNNL_MAX_CPU_ISA", ""))
    features = cpu_features()
    if all(features.get(name) for name in _AVX512_CORE_FEATURES):
        isa = AVX512_CORE
    elif features.get("AVX2") and features.get("FMA3"):
        isa = AVX2
    else:
        isa = OLDER
    ceiling = _ceiling(cap)
    if ceiling is not None and (isa == AVX512_CORE or ceiling == OLDER):
        isa = ceiling
    _cached.append(isa)
    return isa
