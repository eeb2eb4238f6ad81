"""torch.backends.mkldnn: not used (NumPy's BLAS computes); the flag keeps what code sets."""
enabled = True


def is_available():
    return False
