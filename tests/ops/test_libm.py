"""hookgrad._ops.libm against the C maths library called through ctypes here: every function
it serves, float32 (``sinhf``) and float64 (``sinh``), bit for bit (NaN signs included),
whichever way it serves the dtype (NumPy's loop after the probe, or its element loop, which
is checked on its own too); and NumPy's calling conventions on the element loop's path."""
import ctypes

import numpy as np
import pytest

from hookgrad._ops import libm

_LIBRARY = libm.library()
pytestmark = pytest.mark.skipif(_LIBRARY is None, reason="no C maths library to compare with")
_TYPES = {np.float32: (ctypes.c_float, np.uint32, "f"),
          np.float64: (ctypes.c_double, np.uint64, "")}
_EDGES = [0.0, -0.0, 1.0, -1.0, 0.5, -2.0, 1e-40, 1e-300, 60.0, -60.0, 100.0, 720.0, 1e20, -1e20,
          np.inf, -np.inf, np.nan]


def _inputs(function, dtype):
    rng = np.random.default_rng(7)
    x = np.concatenate([rng.standard_normal(1500) * 4, rng.uniform(-1, 1, 500),
                        np.exp2(rng.uniform(-30, 30, 500)), _EDGES])
    with np.errstate(all="ignore"):
        x = x.astype(dtype)
        if function.arity == 1:
            return (x,)
        return x, rng.permutation(x) if function is libm.arctan2 else \
            np.round(rng.permutation(x), int(rng.integers(0, 2)))


def _expected(function, arrays, dtype):
    c_type, _, suffix = _TYPES[dtype]
    c = getattr(_LIBRARY, function.c_name + suffix)
    c.argtypes, c.restype = [c_type] * function.arity, c_type
    return np.array([c(*v) for v in zip(*(a.tolist() for a in arrays))], dtype)


@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=["float32", "float64"])
@pytest.mark.parametrize("function", libm.FUNCTIONS, ids=lambda f: f.c_name)
def test_functions_are_the_c_librarys(function, dtype):
    arrays = _inputs(function, dtype)
    view = _TYPES[dtype][1]
    expected = _expected(function, arrays, dtype).view(view)
    with np.errstate(all="ignore"):
        got = function(*arrays)
        looped = function.element_loop(*arrays)
    assert got.dtype == dtype
    np.testing.assert_array_equal(got.view(view), expected)
    np.testing.assert_array_equal(looped.view(view), expected)


@pytest.fixture
def looping(monkeypatch):
    """libm.sinh and libm.power taking their element loops for float32 and float64, as where
    NumPy's loops are not C's."""
    for function in (libm.sinh, libm.power):
        for char in "fd":
            monkeypatch.setitem(function._modes, char, libm.ELEMENT_LOOP)


def test_element_loop_keeps_numpys_conventions(looping):
    x = np.random.default_rng(1).standard_normal((6, 5)).astype(np.float32)
    transposed = libm.sinh(x.T)
    assert transposed.strides == np.sinh(x.T).strides
    np.testing.assert_array_equal(transposed, libm.sinh(x).T)
    assert type(libm.sinh(np.float32(0.5))) is np.float32  # (a NumPy scalar, as NumPy's)
    assert type(libm.sinh(np.array(0.5))) is np.float64
    assert libm.sinh(np.empty((0, 3), np.float32)).shape == (0, 3)
    base = np.abs(x)
    assert libm.power(base, 1.7).dtype == np.float32  # (a number exponent is weak)
    column = libm.power(base[:, :1], x)
    assert column.shape == (6, 5)
    np.testing.assert_array_equal(column, libm.power(np.repeat(base[:, :1], 5, 1), x))
    wide = libm.sinh(x, dtype=np.float64)
    assert wide.dtype == np.float64
    np.testing.assert_array_equal(wide, libm.sinh(x.astype(np.float64)))
    in_place = x.copy()
    assert libm.sinh(in_place, out=in_place) is in_place  # (out= aliasing the input)
    np.testing.assert_array_equal(in_place, libm.sinh(x))


def test_element_loop_errors_are_c_results(looping):
    """Values where CPython's math raises (float64's fast path) take C's results."""
    x = np.array([-2.0, 0.0, 1e300, 2.0], np.float64)
    y = np.array([0.5, -1.0, 2.0, 3.0])
    expected = _expected(libm.power, (x, y), np.float64)
    with np.errstate(all="ignore"):
        got = libm.power(x, y)
    np.testing.assert_array_equal(got.view(np.uint64), expected.view(np.uint64))
    with np.errstate(all="ignore"):
        np.testing.assert_array_equal(libm.sinh(np.array([1000.0, np.nan])),
                                      [np.inf, np.nan])


def test_other_dtypes_are_numpys():
    ints = np.arange(4)
    np.testing.assert_array_equal(libm.power(ints, 2), np.power(ints, 2))
    half = np.array([0.5, 1.5], np.float16)
    assert libm.sinh(half).dtype == np.float16


def test_element_loop_refuses_shapes_as_the_ufunc(looping):
    """Shapes that do not broadcast raise the ufunc's ValueError, which ops turn into
    PyTorch's broadcast message."""
    a, b = np.ones((2, 2), np.float32), np.ones((3, 1, 3), np.float32)
    with pytest.raises(ValueError, match=r"operands could not be broadcast together with "
                                         r"shapes \(2,2\) \(3,1,3\)"):
        libm.power(a, b)
