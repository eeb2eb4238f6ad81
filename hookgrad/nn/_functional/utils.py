"""Argument helpers shared by the functional modules: n-tuples, dtype names and shapes
for PyTorch's messages, and ``broadcast_tensors`` for two operands."""
import numpy as np

from ... import _dtype


def _type_name(t):
    return _dtype.from_numpy_dtype(t._data.dtype).legacy_name[:-6]


def _tuple(value, n, name="argument"):
    """An int or a sequence as an ``n``-tuple of ints."""
    if isinstance(value, (int, np.integer)):
        return (int(value),) * n
    value = tuple(int(v) for v in value)
    if len(value) == 1:
        return value * n
    if len(value) != n:
        raise RuntimeError(f"expected {name} to be a single integer value or a list of {n} "
                           f"values to match the convolution dimensions, but got "
                           f"{name}={list(value)}")
    return value


def _shape(t):
    return list(t._data.shape)


def _broadcast_pair(input, target):
    """``torch.broadcast_tensors(input, target)`` (expand nodes only where a shape changes)."""
    a, b = input._data.shape, target._data.shape
    if a == b:
        return input, target
    size = max(len(a), len(b))
    padded_a, padded_b = (1,) * (size - len(a)) + a, (1,) * (size - len(b)) + b
    for dim in reversed(range(size)):
        x, y = padded_a[dim], padded_b[dim]
        if x != y and x != 1 and y != 1:
            raise RuntimeError(f"The size of tensor a ({x}) must match the size of tensor b ({y}) "
                               f"at non-singleton dimension {dim}")
    shape = tuple(np.broadcast_shapes(a, b))
    return (input if a == shape else input.expand(shape),
            target if b == shape else target.expand(shape))
