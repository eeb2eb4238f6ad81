"""glibc's ``logf`` (the float32 ``std::log`` of PyTorch's element loops on Linux), bit for bit,
on NumPy arrays: calling it through ctypes costs ~0.4 us an element, NumPy's log rounds
differently on ~0.4% of values (glibc's is not correctly rounded).

glibc (2.28 on, Arm's optimized-routines algorithm) takes ``x = 2**k z`` with ``z`` in
[0x3f330000, 2 * that), a 16-entry table of ``1 / c`` and ``log(c)`` for the subinterval of
``z``, and a degree-4 polynomial in ``r = z / c - 1``, all in double, rounded once to float.
The same steps here give its double result to within a few double ulps (its FMA build fuses
some steps); where that result lies so near a float32 rounding midpoint that those ulps
could round it the other way (~1 in 4000), and for every input outside the normal positive
range (0, subnormal, negative, inf, NaN), glibc's own logf is called."""
import platform

import numpy as np

from . import kernel_vec, libm

_TABLE = np.array([float.fromhex(h) for h in """
    0x1.661ec79f8f3bep+0 -0x1.57bf7808caadep-2 0x1.571ed4aaf883dp+0 -0x1.2bef0a7c06ddbp-2
    0x1.49539f0f010bp+0 -0x1.01eae7f513a67p-2 0x1.3c995b0b80385p+0 -0x1.b31d8a68224e9p-3
    0x1.30d190c8864a5p+0 -0x1.6574f0ac07758p-3 0x1.25e227b0b8eap+0 -0x1.1aa2bc79c81p-3
    0x1.1bb4a4a1a343fp+0 -0x1.a4e76ce8c0e5ep-4 0x1.12358f08ae5bap+0 -0x1.1973c5a611cccp-4
    0x1.0953f419900a7p+0 -0x1.252f438e10c1ep-5 0x1p+0 0x0p+0
    0x1.e608cfd9a47acp-1 0x1.aa5aa5df25984p-5 0x1.ca4b31f026aap-1 0x1.c5e53aa362eb4p-4
    0x1.b2036576afce6p-1 0x1.526e57720db08p-3 0x1.9c2d163a1aa2dp-1 0x1.bc2860d22477p-3
    0x1.886e6037841edp-1 0x1.1058bc8a07ee1p-2 0x1.767dcf5534862p-1 0x1.4043057b6ee09p-2
""".split()]).reshape(16, 2)  # (1 / c, log(c)) per subinterval
_INVC, _LOGC = np.ascontiguousarray(_TABLE[:, 0]), np.ascontiguousarray(_TABLE[:, 1])
_LN2 = float.fromhex("0x1.62e42fefa39efp-1")
_A0, _A1, _A2 = (float.fromhex(h) for h in ("-0x1.00ea348b88334p-2", "0x1.5575b0be00b6ap-2",
                                                 "-0x1.ffffef20a4123p-2"))
_OFF = np.uint32(0x3f330000)
_LOW_BITS = np.uint64((1 << 29) - 1)  # (the double mantissa bits a float32 drops)
_MIDPOINT = 1 << 28
_MARGIN = 1 << 16  # (double ulps: far above any build's differences; none seen in 2**31)


_GLIBC = platform.libc_ver()[0] == "glibc"


def available():
    """Whether the C library is glibc (another's logf rounds otherwise: not modelled)."""
    return _GLIBC and kernel_vec.libm_loaded()


def logf(x):
    """glibc's logf of each element of the float32 array ``x`` (a new flat-or-shaped array)."""
    ix = x.view(np.uint32)
    tmp = ix - _OFF
    i = (tmp >> np.uint32(19)) & np.uint32(15)
    k = tmp.view(np.int32) >> 23
    z = (ix - (tmp & np.uint32(0xff800000))).view(np.float32).astype(np.float64)
    r = z * _INVC[i] - 1
    y0 = _LOGC[i] + k * _LN2
    r2 = r * r
    y = _A1 * r + _A2
    y = _A0 * r2 + y
    y = y * r2 + (y0 + r)
    out = y.astype(np.float32)
    near = np.abs((y.view(np.uint64) & _LOW_BITS).astype(np.int64) - _MIDPOINT) < _MARGIN
    # (x - 2**-126 wraps for 0, negatives and subnormals: outside as inf and NaN are)
    near |= ix - np.uint32(0x00800000) >= np.uint32(0x7f800000 - 0x00800000)
    if near.any():
        out[near] = kernel_vec.libm("logf", x[near])
    return out


def c_log(y):
    """C's ``log`` of each element of the float array ``y``, as PyTorch's element loops call
    it (``std::log``): glibc's logf for float32 (elsewhere the double log rounded, nearly it),
    C's log for float64 (libm.py)."""
    if y.dtype == np.float32:
        if available():
            return logf(np.ascontiguousarray(y.reshape(-1))).reshape(y.shape)
        return np.log(y, dtype=np.float64).astype(np.float32)
    return libm.log(y)
