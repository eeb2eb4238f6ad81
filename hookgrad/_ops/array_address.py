"""The address of an array's first element as a ctypes argument, in a fifth of the time
``x.ctypes.data`` takes (1 to 1.7 us: it builds a helper object per call; a small product
through MKL asks for three).

NumPy's array object starts with its data pointer right after the object header
(``PyArrayObject_fields.data``, part of NumPy's stable C ABI, which every compiled extension's
``PyArray_DATA`` reads), so that word of the object is the pointer itself. Whether this
interpreter and NumPy lay it out so is checked once, at import, against ``x.ctypes.data``
(arrays, views, transposes, an empty array); elsewhere ``pointer`` asks ``x.ctypes.data``."""
import ctypes

import numpy as np

_c_void_p = ctypes.c_void_p
_from_address = ctypes.c_void_p.from_address
_OFFSET = object.__basicsize__  # (the object header: reference count and type)


def _header_pointer(x):
    # (the word's value, read now: the array may be a temporary freed right after)
    return _c_void_p(_from_address(id(x) + _OFFSET).value)


def _header_word(x):
    # (the word itself, read when the foreign call converts its arguments: faster by half)
    return _from_address(id(x) + _OFFSET)


def _header_address(x):
    return _from_address(id(x) + _OFFSET).value or 0


def _ctypes_pointer(x):
    return _c_void_p(x.ctypes.data)


def _ctypes_address(x):
    return x.ctypes.data


def _layout_holds():
    base = np.arange(12.0).reshape(3, 4)
    probes = (base, base[1:, 2:], base.T, np.empty(0, np.float32), np.float32(1) + base[:1])
    return all(_header_pointer(x).value == x.ctypes.data for x in probes)


_HOLDS = _layout_holds()
# pointer(x): a ``c_void_p`` holding the address of ndarray ``x``'s first element
pointer = _header_pointer if _HOLDS else _ctypes_pointer
# address(x): that address as an int (x.ctypes.data)
address = _header_address if _HOLDS else _ctypes_address
# live_pointer(x): the same for an argument of a call made at once while a variable still
# holds ``x`` (it reads the array object then: never for a temporary such as ``x[1:]``)
live_pointer = _header_word if _HOLDS else _ctypes_pointer
