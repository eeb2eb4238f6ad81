"""The refusal of vector norms that have no identity over an empty tensor or dim."""


def refuse_norm_without_identity(x, p, dims, whole):
    """PyTorch's error for the inf or a negative-order norm of the array ``x`` over ``dims``
    (``whole``: the whole tensor, no ``dim`` given) where they hold no element: a maximum,
    minimum or ``1 / sum |x|^p`` over nothing has no identity."""
    if not (p < 0 or p == float("inf")) or x.size:
        return
    prefix = f"linalg.vector_norm cannot compute the {p:g} norm on"
    if whole:
        raise RuntimeError(f"{prefix} an empty tensor because the operation does not have an "
                           "identity")
    for d in dims:
        if x.shape[d] == 0:  # sic: PyTorch's message lacks the space after the dim
            raise RuntimeError(f"{prefix} the dimension {d}because this dimension is empty "
                               "and the operation does not have an identity")
