"""torch.backends.cuda without CUDA: ``is_built()`` is False; the matmul and attention flags
keep what code sets (TF32 is a GPU format: NumPy always computes float32 in full)."""
from .. import _precision

__all__ = ["is_built", "matmul", "flash_sdp_enabled", "enable_flash_sdp",
           "mem_efficient_sdp_enabled", "enable_mem_efficient_sdp", "math_sdp_enabled",
           "enable_math_sdp"]


def is_built():
    return False


class cuBLASModule:
    """``torch.backends.cuda.matmul``: ``allow_tf32`` mirrors the float32 matmul precision."""

    allow_fp16_reduced_precision_reduction = True
    allow_bf16_reduced_precision_reduction = True

    @property
    def allow_tf32(self):
        return _precision.get_float32_matmul_precision() != "highest"

    @allow_tf32.setter
    def allow_tf32(self, value):
        _precision.set_float32_matmul_precision("high" if value else "highest")

    def __getattr__(self, name):
        raise AttributeError(f"Unknown attribute {name}")


matmul = cuBLASModule()
_sdp = {"flash": True, "mem_efficient": True, "math": True}


def flash_sdp_enabled():
    return _sdp["flash"]


def enable_flash_sdp(enabled):
    _sdp["flash"] = bool(enabled)


def mem_efficient_sdp_enabled():
    return _sdp["mem_efficient"]


def enable_mem_efficient_sdp(enabled):
    _sdp["mem_efficient"] = bool(enabled)


def math_sdp_enabled():
    return _sdp["math"]


def enable_math_sdp(enabled):
    _sdp["math"] = bool(enabled)
