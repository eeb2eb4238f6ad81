"""Indexing keys and values read as PyTorch reads them: 0-d tensors in a key, Python bools in
a setitem key, the leading size-1 dims of a value being written, and the index tensors an
indexing node saves."""
import numpy as np

from .._tensor_base import TensorBase, _make


def scalar_index(k):
    """A 0-d tensor in a key: an integer one selects (a view, as ``x[1]``), a bool or byte one
    is a one-element mask over a new dim (as ``x[True]``)."""
    value = k._data.item()
    return bool(value) if k._data.dtype.kind == "b" or k._data.dtype == np.uint8 else value


def setitem_key(key):
    """A setitem key (a tuple) with its 0-d tensors read as numbers and, without index tensors,
    its Python bools as new dims (PyTorch writes ``x[True] = v`` through a view); None when a
    False selects nothing."""
    if any(isinstance(k, TensorBase) and not k._data.ndim for k in key):
        key = tuple(scalar_index(k) if isinstance(k, TensorBase) and not k._data.ndim else k
                    for k in key)
    if any(isinstance(k, bool) for k in key) and \
            not any(isinstance(k, (TensorBase, list, np.ndarray)) for k in key):
        if any(k is False for k in key):
            return None
        key = tuple(None if k is True else k for k in key)
    return key


def without_leading_ones(shape):
    first = 0
    while first < len(shape) and shape[first] == 1:
        first += 1
    return shape[first:]


def saved_indices(key, index_tensors):
    """The index tensors an indexing node saves, as PyTorch's node saves them (so a second
    pass without retain_graph raises): ``index_tensors`` gives the user's tensor behind each
    array of ``key`` (None for an array made from something else, empty when none is a
    user's), saved as it is so that an in-place change to it before backward is refused."""
    arrays = [k for k in key if isinstance(k, np.ndarray)]
    if not index_tensors:
        return [_make(k) for k in arrays]
    return [_make(k) if t is None else t for k, t in zip(arrays, index_tensors)]
