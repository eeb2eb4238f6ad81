"""PyTorch's checked conversion of a Python number to a tensor's dtype (``c10::checked_convert``,
for ``torch.full`` / ``full_like`` / ``scalar_tensor``): an error where the number does not fit,
never NumPy's wrap-around, its OverflowError or its cast warnings."""
import math

import numpy as np

from ._ops.complex_support import _C_TYPES

_UINT64_END = 2 ** 64  # (PyTorch parses a Python int as int64, or as uint64 above that range)
# (the bounds, computed once: the conversion runs for every torch.full)
_INT_RANGES = {np.dtype(t).name: (int(np.iinfo(t).min), int(np.iinfo(t).max)) for t in
               (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64)}
_FLOAT_MAX = {"float32": float(np.finfo(np.float32).max), "complex64":
              float(np.finfo(np.float32).max), "float16": float(np.finfo(np.float16).max)}


def _overflow(np_dtype):
    name = _C_TYPES.get(np_dtype.name, np_dtype.name)
    if np_dtype.name == "complex64":
        name = "c10::complex<float>"
    raise RuntimeError(f"value cannot be converted to type {name} without overflow")


def checked_number(value, np_dtype, half_checked=True):
    """``value`` to fill an array of ``np_dtype`` with: an int in an unsigned dtype's
    [-max, max] wraps as C++ does; a float outside an integer dtype's range, NaN there, or a
    finite float beyond float32's (float16's, if ``half_checked``) range raises PyTorch's
    error. (``scalar_tensor`` converts to float16 unchecked: inf.)"""
    kind = np_dtype.kind
    if type(value) is bool or kind == "b" or not isinstance(value, (int, float)):
        return value
    if type(value) is not float and isinstance(value, int):
        if not -2 ** 63 <= value < _UINT64_END:
            raise OverflowError("int too big to convert")
        if kind in "iu":
            low, high = _INT_RANGES[np_dtype.name]
            if not (-high if kind == "u" else low) <= value <= high:
                _overflow(np_dtype)
            return value % (high + 1) if kind == "u" else value
        return value
    value = float(value)
    if kind in "iu":
        low, high = _INT_RANGES[np_dtype.name]
        if not low <= value <= high:  # (False for NaN too)
            _overflow(np_dtype)
        return value
    high = _FLOAT_MAX.get(np_dtype.name)
    if high is not None and abs(value) > high and math.isfinite(value) and (
            half_checked or np_dtype.name != "float16"):
        _overflow(np_dtype)
    return value
