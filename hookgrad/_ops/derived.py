"""Functions PyTorch users reach for that are compositions of the primitive ops here (so their
graphs show the primitives' nodes, as PyTorch's do): movedim, swapaxes, broadcast_to, tile,
hstack, vstack; and two tests that need no gradient, isclose and count_nonzero."""
import numpy as np

from .._tensor import _make, _wrap_dim
from .reduce import dims_of
from .shape import cat, expand, permute, repeat, transpose


def movedim(a, source, destination):
    ndim = a._data.ndim
    source = (source,) if isinstance(source, int) else tuple(source)
    destination = (destination,) if isinstance(destination, int) else tuple(destination)
    if len(source) != len(destination):
        raise RuntimeError(f"movedim: Invalid source or destination dims: source ({list(source)}"
                           f" dims) should contain the same number of dims as destination "
                           f"({list(destination)} dims)")
    source = [_wrap_dim(d, ndim) for d in source]
    destination = [_wrap_dim(d, ndim) for d in destination]
    order = [d for d in range(ndim) if d not in source]
    for dest, src in sorted(zip(destination, source)):
        order.insert(dest, src)
    return permute(a, order)


def swapaxes(a, axis0, axis1):
    return transpose(a, axis0, axis1)


def broadcast_to(a, size):
    return expand(a, tuple(size))


def tile(a, dims):
    dims = tuple(dims)
    return repeat(a, (1,) * (a._data.ndim - len(dims)) + dims)


def _at_least(tensors, ndim):
    """Tensors with at least ``ndim`` dims (a 1-d (n,) becomes (1, n), as torch.atleast_2d)."""
    out = []
    for t in tensors:
        while t._data.ndim < ndim:
            t = t.unsqueeze(0)
        out.append(t)
    return out


def hstack(tensors):
    tensors = _at_least(tensors, 1)
    return cat(tensors, 0 if tensors[0]._data.ndim == 1 else 1)


def vstack(tensors):
    return cat(_at_least(tensors, 2), 0)


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return _make(np.asarray(np.isclose(a._data, b._data, rtol, atol, equal_nan)))


def count_nonzero(a, dim=None):
    x = a._data
    axes = dims_of(dim, x.ndim)
    return _make(np.asarray(np.count_nonzero(x, axis=axes), dtype=np.int64))
