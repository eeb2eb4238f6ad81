"""torch.backends.cpu."""


def get_cpu_capability():
    """NumPy picks its own SIMD kernels at run time; PyTorch's name for the baseline."""
    return "DEFAULT"
