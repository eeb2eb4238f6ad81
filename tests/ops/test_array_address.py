"""array_address.py: the address of an array's first element, as ``x.ctypes.data`` gives it,
for arrays, views, transposes, reversed and empty arrays, and slices made on the spot."""
import ctypes

import numpy as np

from hookgrad._ops import array_address


def _arrays():
    base = np.arange(60, dtype=np.float32).reshape(6, 10)
    return [base, base[2:, 3:], base.T, base[::-1], base[:, ::2], np.empty(0),
            np.float64(2.0) * base[:1], np.broadcast_to(base[:1], (4, 10))]


def test_pointer_is_ctypes_address():
    for x in _arrays():
        assert array_address.pointer(x).value == x.ctypes.data
        assert isinstance(array_address.pointer(x), ctypes.c_void_p)
        assert array_address.live_pointer(x).value == x.ctypes.data
        assert array_address.address(x) == x.ctypes.data


def test_pointer_of_a_temporary_keeps_its_value():
    base = np.arange(100.0)
    first, second = array_address.pointer(base[10:]), array_address.pointer(base[20:])
    assert (first.value, second.value) == (base[10:].ctypes.data, base[20:].ctypes.data)
