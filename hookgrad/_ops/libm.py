"""C's maths library (glibc's libm on Linux) on NumPy arrays: the ``std::sinh``, ``powf``,
``atan2`` ... of PyTorch's scalar kernel paths (vector-loop tails, strided loops, unvectorised
ops), bit for bit.

NumPy's ufuncs call the C library in their plain loops, but NumPy 2 dispatches many float32
and float64 transcendental ufuncs to its own SIMD code on CPUs that have it (AVX-512: exp,
log, sinh, pow, atan2 ... of both dtypes; AVX2: float32 exp, log, tanh, sin, cos and float64
tanh), which rounds otherwise on 0.1-50% of values. So each function here checks, the first
time it meets a dtype (~10 ms), whether NumPy's loop gives the C library's results on a fixed
sample (normal and wide-ranging values of the function's domain, and edge values inside and
outside it). Where it does, the ufunc itself serves (~0.5 us a call more than NumPy's);
where only its NaNs differ (AVX2 NumPy's float64 log of a negative is a NaN without sign
bit, glibc's has it), the ufunc with C's values on its NaNs; else an element loop calls the
C function: CPython's ``math`` function for float64 where it is the C one (~50-150 ns an
element), else ctypes (~400-500 ns an element; float32 always). Where the C maths library
does not load (Windows, where find_library finds no "m"), NumPy's ufunc serves as it is.

Each function takes NumPy's arguments (arrays or numbers, broadcast; ``out=``, ``dtype=``)
and gives NumPy's result (shape, layout, a NumPy scalar for 0-d input), with the C values.
Other dtypes than float32 and float64 are NumPy's own."""
import ctypes
import ctypes.util
import math
import sys

import numpy as np

_FLOAT32, _FLOAT64 = np.dtype(np.float32), np.dtype(np.float64)
_C_TYPES = {"f": ctypes.c_float, "d": ctypes.c_double}
_INTEGER_VIEWS = {"f": np.uint32, "d": np.uint64}
_WEAK = (int, float)  # (Python numbers: a floating array's dtype is the result's, NEP 50)
_SAMPLE_SIZE = 8192  # (the rarest difference seen, float64 atan's, is ~1 in 700 values)

_library = None  # the loaded C maths library; False when it does not load; None until asked
_c_functions = {}  # C name ("sinhf") -> ctypes function with its argument and result types


def library():
    """The C maths library (ctypes), or None where it does not load."""
    global _library
    if _library is None:
        _library = _load() or False
    return _library or None


def _load():
    name = ctypes.util.find_library("m")
    if name is None and sys.platform.startswith("linux"):
        name = "libm.so.6"
    if name is None:  # (Windows: the C runtime's functions are not glibc's; not modelled)
        return None
    try:
        return ctypes.CDLL(name)
    except OSError:
        return None


def c_function(c_name, arity=1):
    """The C maths library's ``c_name`` (``"sinhf"``: float, else double) taking ``arity``
    arguments, typed for ctypes; None where the library does not load."""
    function = _c_functions.get(c_name)
    if function is None:
        lib = library()
        if lib is None:
            return None
        function = getattr(lib, c_name)
        c_type = _C_TYPES[_char(c_name)]
        function.argtypes = [c_type] * arity
        function.restype = c_type
        _c_functions[c_name] = function
    return function


def c_values(c_name, values, arity=1):
    """``c_name`` of each element of the flat arrays ``values`` (a sequence of ``arity``
    arrays of one size) by ctypes, as a flat array of the result's dtype."""
    function = c_function(c_name, arity)
    dtype = np.dtype(_char(c_name))
    return np.fromiter(map(function, *(v.tolist() for v in values)), dtype, values[0].size)


def _char(c_name):
    """The NumPy type character of C function ``c_name``: "f" for a float form ("sinhf")."""
    return "f" if c_name[-1] == "f" and c_name[:-1] in _C_NAMES else "d"


# how a function serves a dtype: NumPy's loop as it is; NumPy's loop with C's values where it
# gives a NaN (C's NaN signs: NumPy's loop returns its own NaN for arguments outside the
# domain, glibc one with the sign bit set); or the element loop
NUMPY, NUMPY_BUT_NANS, ELEMENT_LOOP = 0, 1, 2


class CMathFunction:
    """One C maths function (``sinh`` and ``sinhf``) with NumPy's ufunc's signature."""

    def __init__(self, ufunc, c_name, domain, math_function=None):
        self.ufunc = ufunc
        self.c_name = c_name
        self.domain = domain  # (the sample's values: see _sample)
        self.arity = ufunc.nin
        self.math_function = math_function  # (CPython's: C's for finite values, float64)
        self._modes = {}  # dtype char -> NUMPY, NUMPY_BUT_NANS or ELEMENT_LOOP
        self._domain_nans = {}  # dtype char -> C's NaN of finite inputs (one in the probe)

    def __call__(self, *args, out=None, dtype=None):
        loop_dtype = getattr(args[0], "dtype", None)  # (an array's or a NumPy scalar's)
        if dtype is not None:
            loop_dtype = np.dtype(dtype)
        elif loop_dtype is None or self.arity == 2 and not (
                getattr(args[1], "dtype", None) is loop_dtype
                or type(args[1]) in _WEAK and loop_dtype.kind == "f"):
            loop_dtype = np.result_type(*args)
        mode = self._modes.get(loop_dtype.char)
        if mode is None:
            mode = self.mode(loop_dtype)
        if mode == NUMPY:  # (the common case: NumPy's loop, as it is)
            if out is None and dtype is None:
                return self.ufunc(*args)
            return self.ufunc(*args, out=out, dtype=dtype)
        arrays = [np.asarray(a, loop_dtype) for a in args]
        try:
            inputs = np.broadcast_arrays(*arrays)
        except ValueError:  # (the ufunc's own error, which callers turn into PyTorch's)
            shapes = " ".join(str(a.shape).replace(" ", "") for a in arrays)
            raise ValueError(f"operands could not be broadcast together with shapes {shapes}") \
                from None
        if mode == ELEMENT_LOOP:  # (read before out=, which may be an input, is written)
            values = self.element_loop(*inputs)
        elif out is not None:
            inputs = [a.copy() if np.may_share_memory(a, out) else a for a in inputs]
        # NumPy's result for its shape, layout, dtype and out=, with C's values written in
        result = self.ufunc(*args, out=out, dtype=dtype)
        scalar = type(result) is not np.ndarray
        written = np.array(result) if scalar else result
        if mode == ELEMENT_LOOP:
            written[...] = values.reshape(written.shape)
        else:
            nan = written != written
            if not nan.any():  # (the common case: no NaN)
                return result
            if inputs[0].shape != written.shape:  # (out= of another shape: as NumPy's)
                inputs = [np.broadcast_to(a, written.shape) for a in inputs]
            written[nan] = self.element_loop(*(a[nan] for a in inputs))
        return written[()] if scalar else result

    def element_loop(self, *arrays):
        """C's function of each element of the float32 or float64 arrays (one shape and
        dtype), by the C library's own function; a flat array in C order. CPython's function
        serves float64 where it cannot raise (it raises where C's result is an infinity or
        NaN of finite values, and an exception costs ~1 us): where the inputs and NumPy's
        result (all but an ulp C's) are finite. Finite inputs whose NumPy result is NaN get
        C's NaN for a domain error where the probe found it one NaN (pow of a negative base,
        log of a negative: ctypes costs 0.5-1.5 us an element). ctypes serves the rest."""
        flat = [np.ravel(a) for a in arrays]
        dtype = flat[0].dtype
        c_name = self.c_name + ("f" if dtype == _FLOAT32 else "")
        self.mode(dtype)  # (the probe finds the domain error's NaN)
        with np.errstate(all="ignore"):
            guess = self.ufunc(*flat)
        finite = np.isfinite(flat[0])
        for v in flat[1:]:
            finite &= np.isfinite(v)
        by_math = None
        if dtype == _FLOAT64 and self.math_function is not None:
            by_math = finite & np.isfinite(guess)
            if by_math.all():  # (the common case)
                return self._by_math(flat, c_name)
        out = np.empty(flat[0].size, dtype)
        rest = np.ones(out.size, bool)
        domain_nan = self._domain_nans.get(dtype.char)
        if domain_nan is not None:
            made = finite & np.isnan(guess)
            out[made] = domain_nan
            rest &= ~made
        if by_math is not None:
            out[by_math] = self._by_math([v[by_math] for v in flat], c_name)
            rest &= ~by_math
        if rest.any():
            out[rest] = c_values(c_name, [v[rest] for v in flat], self.arity)
        return out

    def _by_math(self, flat, c_name):
        values = [v.tolist() for v in flat]
        try:
            return np.fromiter(map(self.math_function, *values), _FLOAT64, flat[0].size)
        except (ValueError, OverflowError):  # (an overflow NumPy's result rounded below)
            call = _CallingCOnErrors(self.math_function, c_function(c_name, self.arity))
            return np.fromiter(map(call, *values), _FLOAT64, flat[0].size)

    def mode(self, dtype):
        """How ``dtype`` is served (NUMPY for other dtypes than float32 and float64, and where
        the C library does not load), probed on first use."""
        char = np.dtype(dtype).char
        mode = self._modes.get(char)
        if mode is None:
            mode = self._modes[char] = self._probe(char)
        return mode

    def _probe(self, char):
        if char not in _C_TYPES or library() is None:
            return NUMPY  # (other dtypes are NumPy's own; without C's library, NumPy's)
        arrays = _sample(self.domain, np.dtype(char))
        with np.errstate(all="ignore"):
            numpy_values = self.ufunc(*arrays)
            c_name = self.c_name + ("f" if char == "f" else "")
            expected = c_values(c_name, [a.reshape(-1) for a in arrays], self.arity)
            view = _INTEGER_VIEWS[char]
            if self.math_function is not None and char == "d":
                self._check_math(arrays, expected, view)
        self._find_domain_nan(char, arrays, numpy_values, expected, view)
        if np.array_equal(numpy_values.view(view), expected.view(view)):
            return NUMPY
        numbers = ~np.isnan(expected)
        if np.array_equal(np.isnan(numpy_values), ~numbers) and np.array_equal(
                numpy_values[numbers].view(view), expected[numbers].view(view)):
            return NUMPY_BUT_NANS
        return ELEMENT_LOOP

    def _find_domain_nan(self, char, arrays, numpy_values, expected, view):
        """Keep C's NaN of finite inputs where NumPy's result is NaN exactly where C's is on
        the sample's finite inputs, and C's NaNs there are all one."""
        finite = np.isfinite(arrays[0]) & np.isfinite(arrays[-1])
        made = np.isnan(expected[finite])
        if made.any() and np.array_equal(np.isnan(numpy_values[finite]), made):
            nans = expected[finite][made]
            if (nans.view(view) == nans[:1].view(view)).all():
                self._domain_nans[char] = nans[0]

    def _check_math(self, arrays, expected, view):
        """Drop CPython's function where it does not give C's values on the finite sample."""
        finite = np.isfinite(arrays[0]) & np.isfinite(arrays[-1])
        pairs = zip(*(a[finite].tolist() for a in arrays))
        try:
            by_math = np.array([self.math_function(*v) for v in pairs], np.float64)
        except (ValueError, OverflowError):
            # (finite values outside the domain: check those inside it one by one)
            by_math = np.array([_or_nan(self.math_function, v) for v in
                                zip(*(a[finite].tolist() for a in arrays))], np.float64)
        same = (by_math.view(view) == expected[finite].view(view)) | np.isnan(by_math)
        if not same.all():
            self.math_function = None  # (not C's here: ctypes only)


class _CallingCOnErrors:
    """CPython's function of the values, the C function's where CPython's raises (an
    infinity or NaN from finite values)."""

    __slots__ = ("math_function", "c_function")

    def __init__(self, math_function, c_function):
        self.math_function, self.c_function = math_function, c_function

    def __call__(self, *values):
        try:
            return self.math_function(*values)
        except (ValueError, OverflowError):
            return self.c_function(*values)


def _or_nan(function, values):
    try:
        return function(*values)
    except (ValueError, OverflowError):
        return math.nan


_EDGES = (0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, 10.0, -10.0, 1e-30, -1e-30, 1e-45,
          -1e-45, 1e-310, 88.5, -88.5, 89.0, 100.0, -100.0, 710.0, -710.0, 1e30, -1e30, 3.4e38,
          1.7e308, -1.7e308, math.pi / 2, math.pi, 1e6, -1e6, math.inf, -math.inf, math.nan)


def _sample(domain, dtype):
    """Fixed probe values of ``domain`` in ``dtype``: normal values, values of widely ranging
    magnitude, and edge values (outside the domain too: NaN signs), as one array, or two for
    a binary function."""
    rng = np.random.default_rng(20260)
    half = _SAMPLE_SIZE // 2
    normal = rng.standard_normal(half) * 3
    wide = np.exp2(rng.uniform(-40, 40, half)) * rng.choice([-1.0, 1.0], half)
    x = np.concatenate([normal, wide])
    if domain == "unit":
        x = np.concatenate([rng.uniform(-1, 1, half), wide * 2.0 ** -40])
    elif domain in ("positive", "power"):
        x = np.abs(x)
    elif domain == "above_one":
        x = 1 + np.abs(x)
    with np.errstate(all="ignore"):
        edges = np.array(_EDGES, dtype)
        x = np.concatenate([x.astype(dtype), edges])
        if domain == "power":  # (bases of both signs, integer and fractional exponents)
            x[: half // 2] = -x[: half // 2]
            exponent = rng.standard_normal(x.size) * 3
            exponent[: half // 2] = np.round(exponent[: half // 2])
            pairs = np.array(np.meshgrid(edges, edges)).reshape(2, -1)
            return (np.concatenate([x, pairs[0]]),
                    np.concatenate([exponent.astype(dtype), pairs[1]]))
        if domain == "pair":
            pairs = np.array(np.meshgrid(edges, edges)).reshape(2, -1)
            return (np.concatenate([x, pairs[0]]),
                    np.concatenate([rng.permutation(x), pairs[1]]))
    return (x,)


# NumPy name -> C name (double form; the float form ends in "f"), sample domain, CPython's
_NAMES = {
    "exp": ("exp", "any", math.exp), "expm1": ("expm1", "any", math.expm1),
    "exp2": ("exp2", "any", getattr(math, "exp2", None)),
    "log": ("log", "positive", math.log), "log1p": ("log1p", "positive", math.log1p),
    "log2": ("log2", "positive", math.log2), "log10": ("log10", "positive", math.log10),
    "sin": ("sin", "any", math.sin), "cos": ("cos", "any", math.cos),
    "tan": ("tan", "any", math.tan), "arcsin": ("asin", "unit", math.asin),
    "arccos": ("acos", "unit", math.acos), "arctan": ("atan", "any", math.atan),
    "sinh": ("sinh", "any", math.sinh), "cosh": ("cosh", "any", math.cosh),
    "tanh": ("tanh", "any", math.tanh), "arcsinh": ("asinh", "any", math.asinh),
    "arccosh": ("acosh", "above_one", math.acosh), "arctanh": ("atanh", "unit", math.atanh),
    "cbrt": ("cbrt", "any", getattr(math, "cbrt", None)),
    "power": ("pow", "power", math.pow), "arctan2": ("atan2", "pair", math.atan2),
}
_C_NAMES = frozenset(c_name for c_name, _, _ in _NAMES.values())

exp = CMathFunction(np.exp, *_NAMES["exp"])
expm1 = CMathFunction(np.expm1, *_NAMES["expm1"])
exp2 = CMathFunction(np.exp2, *_NAMES["exp2"])
log = CMathFunction(np.log, *_NAMES["log"])
log1p = CMathFunction(np.log1p, *_NAMES["log1p"])
log2 = CMathFunction(np.log2, *_NAMES["log2"])
log10 = CMathFunction(np.log10, *_NAMES["log10"])
sin = CMathFunction(np.sin, *_NAMES["sin"])
cos = CMathFunction(np.cos, *_NAMES["cos"])
tan = CMathFunction(np.tan, *_NAMES["tan"])
arcsin = CMathFunction(np.arcsin, *_NAMES["arcsin"])
arccos = CMathFunction(np.arccos, *_NAMES["arccos"])
arctan = CMathFunction(np.arctan, *_NAMES["arctan"])
sinh = CMathFunction(np.sinh, *_NAMES["sinh"])
cosh = CMathFunction(np.cosh, *_NAMES["cosh"])
tanh = CMathFunction(np.tanh, *_NAMES["tanh"])
arcsinh = CMathFunction(np.arcsinh, *_NAMES["arcsinh"])
arccosh = CMathFunction(np.arccosh, *_NAMES["arccosh"])
arctanh = CMathFunction(np.arctanh, *_NAMES["arctanh"])
cbrt = CMathFunction(np.cbrt, *_NAMES["cbrt"])
power = CMathFunction(np.power, *_NAMES["power"])
arctan2 = CMathFunction(np.arctan2, *_NAMES["arctan2"])
FUNCTIONS = (exp, expm1, exp2, log, log1p, log2, log10, sin, cos, tan, arcsin, arccos, arctan,
             sinh, cosh, tanh, arcsinh, arccosh, arctanh, cbrt, power, arctan2)
