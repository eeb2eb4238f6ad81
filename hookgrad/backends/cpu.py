"""torch.backends.cpu."""
from .._ops.onednn_isa import cpu_features


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


CAPABILITY = _detected_capability()


def get_cpu_capability():
    """PyTorch's name for the vector ISA its CPU kernels use on this machine (where
    hookgrad follows a kernel's ISA-dependent rounding, it follows this one's)."""
    return CAPABILITY
