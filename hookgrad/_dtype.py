"""dtypes, PyTorch's type-promotion rules, and the weak typing of Python scalars."""
import numpy as np

BOOL, INT, FLOAT, COMPLEX = 0, 1, 2, 3  # promotion categories


class dtype:
    """A tensor element type; prints like PyTorch's (``torch.float32``)."""

    __slots__ = ("name", "np_dtype", "category", "itemsize", "legacy_name", "__weakref__")

    def __init__(self, name, np_dtype, category, legacy_name):
        self.name = name
        self.np_dtype = np.dtype(np_dtype)
        self.category = category
        self.itemsize = self.np_dtype.itemsize
        self.legacy_name = legacy_name

    @property
    def is_floating_point(self):
        return self.category == FLOAT

    @property
    def is_complex(self):
        return self.category == COMPLEX

    @property
    def is_signed(self):
        return self.name != "uint8" and self.name != "bool"

    def __repr__(self):
        return "torch." + self.name

    def __reduce__(self):
        return self.name

    def to_real(self):
        """The real dtype of the same precision (``complex64`` -> ``float32``); itself if real."""
        return self

    def to_complex(self):
        """The complex dtype of the same precision (``float32`` -> ``complex64``)."""
        complex_of = _COMPLEX_OF.get(self.name)
        if complex_of is None:
            raise RuntimeError(f"Unknown Complex ScalarType for {self.legacy_name[:-6]}")
        return complex_of


float32 = dtype("float32", np.float32, FLOAT, "FloatTensor")
float64 = dtype("float64", np.float64, FLOAT, "DoubleTensor")
float16 = dtype("float16", np.float16, FLOAT, "HalfTensor")
int64 = dtype("int64", np.int64, INT, "LongTensor")
int32 = dtype("int32", np.int32, INT, "IntTensor")
int16 = dtype("int16", np.int16, INT, "ShortTensor")
int8 = dtype("int8", np.int8, INT, "CharTensor")
uint8 = dtype("uint8", np.uint8, INT, "ByteTensor")
bool_ = dtype("bool", np.bool_, BOOL, "BoolTensor")

ALL = (float32, float64, float16, int64, int32, int16, int8, uint8, bool_)


class _TensorlessDtype(dtype):
    """A PyTorch dtype hookgrad has no tensors of: it exists, so that code can name, print and
    compare it, and making or converting a tensor to it raises a TypeError that says so (its
    ``np_dtype`` is where every tensor-making path asks)."""

    __slots__ = ("reason", "real")

    def __init__(self, name, category, itemsize, legacy_name, reason, real=None):
        self.name, self.category, self.itemsize = name, category, itemsize
        self.legacy_name, self.reason, self.real = legacy_name, reason, real

    @property
    def np_dtype(self):
        raise TypeError(f"hookgrad has no torch.{self.name} tensors: {self.reason}")

    def to_real(self):
        return self.real or self


class _ExtraDtype(dtype):
    """A dtype whose NumPy type comes from an optional package: ``torch.bfloat16`` through
    ``ml_dtypes`` (``pip install hookgrad[bfloat16]``). The package is imported the first time
    a tensor of the dtype is made, never by ``import hookgrad``; without it, making one raises
    a TypeError that says how to install it."""

    __slots__ = ("_np_dtype", "_module", "_install")

    def __init__(self, name, category, itemsize, legacy_name, module, install):
        self.name, self.category, self.itemsize = name, category, itemsize
        self.legacy_name, self._module, self._install = legacy_name, module, install
        self._np_dtype = None

    @property
    def np_dtype(self):
        found = self._np_dtype
        if found is None:
            try:
                module = __import__(self._module)
            except ImportError:
                raise TypeError(f"hookgrad has no torch.{self.name} tensors without the "
                                f"{self._module} package: {self._install}") from None
            found = self._np_dtype = np.dtype(getattr(module, self.name))
            FROM_NUMPY[found] = self
        return found


def has_bfloat16():
    """Whether bfloat16 tensors can be made (ml_dtypes can be imported); imports it if so."""
    try:
        return bfloat16.np_dtype is not None
    except TypeError:
        return False


# Whether a complex tensor may exist: set the first time a complex dtype's NumPy type is asked
# for (every path that makes a complex array asks) or a complex NumPy array is taken in. Until
# then ``Op.apply`` skips looking for complex inputs, so real-only programs pay nothing for it.
complex_tensors_made = [False]


class _ComplexDtype(dtype):
    """complex64 / complex128: NumPy's complex types. Only the ops marked as supporting complex
    compute on them; every other op refuses them (see ``_ops/complex_support.py``)."""

    __slots__ = ("_np", "real")

    def __init__(self, name, np_dtype, legacy_name, real):
        self.name, self.category, self.legacy_name, self.real = name, COMPLEX, legacy_name, real
        self._np = np.dtype(np_dtype)
        self.itemsize = self._np.itemsize

    @property
    def np_dtype(self):
        complex_tensors_made[0] = True
        return self._np

    def to_real(self):
        return self.real

    def to_complex(self):
        return self


_NO_COMPLEX_HALF = "complex tensors are complex64 or complex128"
bfloat16 = _ExtraDtype("bfloat16", FLOAT, 2, "BFloat16Tensor", "ml_dtypes",
                       "pip install 'hookgrad[bfloat16]' (or pip install ml_dtypes)")
complex64 = _ComplexDtype("complex64", np.complex64, "ComplexFloatTensor", float32)
complex128 = _ComplexDtype("complex128", np.complex128, "ComplexDoubleTensor", float64)
complex32 = _TensorlessDtype("complex32", COMPLEX, 4, "ComplexHalfTensor", _NO_COMPLEX_HALF,
                             float16)
_COMPLEX_OF = {"float32": complex64, "float64": complex128, "float16": complex32,
               "complex32": complex32, "complex64": complex64, "complex128": complex128}
ALIASES = {"float": float32, "double": float64, "half": float16, "long": int64, "int": int32,
           "short": int16}
FROM_NUMPY = {d.np_dtype: d for d in ALL}
_FROM_NUMPY_COMPLEX = {np.dtype(np.complex64): complex64, np.dtype(np.complex128): complex128}

_default_float = [float32]


def get_default_dtype():
    return _default_float[0]


def get_default_complex_dtype():
    """complex128 when the default dtype is float64, else complex64 (PyTorch's rule)."""
    return complex128 if _default_float[0] is float64 else complex64


def set_default_dtype(d):
    if d not in (float32, float64):
        raise TypeError(f"only floating-point types are supported as the default type, got {d}")
    _default_float[0] = d


def from_numpy_dtype(np_dtype):
    """Our dtype for a NumPy dtype; a clear error for the ones PyTorch has no tensor type for."""
    try:
        return FROM_NUMPY[np_dtype]
    except KeyError:
        complex_dtype = _FROM_NUMPY_COMPLEX.get(np_dtype)
        if complex_dtype is not None:  # (kept out of FROM_NUMPY: taking one in sets the flag)
            complex_tensors_made[0] = True
            return complex_dtype
        if np_dtype.name == "bfloat16" and np_dtype == bfloat16.np_dtype:  # (ml_dtypes')
            return bfloat16
        raise TypeError(
            f"can't convert np.ndarray of type numpy.{np_dtype}. The only supported types are: "
            "float64, float32, float16, complex64, complex128, int64, int32, int16, int8, "
            "uint8, and bool.") from None


def to_dtype(d):
    """Accept our dtype, a NumPy dtype or a Python type (``float``, ``int``, ``bool``)."""
    if isinstance(d, dtype):
        return d
    if d is float:
        return float64
    if d is int:
        return int64
    if d is bool:
        return bool_
    if d is complex:
        return complex128
    return from_numpy_dtype(np.dtype(d))


def promote_types(type1, type2):
    """PyTorch's ``promote_types``: the higher category wins, then the wider type."""
    a, b = type1, type2
    if a is b:
        return a
    if a.category != b.category:
        return _promote_categories(a, b)
    if a.category == INT and {a.name, b.name} == {"uint8", "int8"}:
        return int16
    if a.itemsize == b.itemsize == 2 and a.category == FLOAT:  # bfloat16 with float16
        return float32
    return a if a.itemsize >= b.itemsize else b


def _promote_categories(a, b):
    """The higher-category dtype of two; a complex one takes a float one's precision too
    (``float64`` with ``complex64`` is ``complex128``)."""
    high, low = (a, b) if a.category > b.category else (b, a)
    if high.category == COMPLEX and low.category == FLOAT and low.itemsize * 2 > high.itemsize:
        return low.to_complex()
    return high


def _combine_categories(high, low):
    """``high`` (a higher category than ``low``, which a lower-priority operand has) as
    PyTorch combines them in ``result_type``: a complex result takes a float one's precision
    (``float16`` with a complex number is ``complex32``)."""
    if high.category == COMPLEX and low is not None and low.category == FLOAT:
        return low.to_complex()
    return high


def scalar_dtype(value):
    """The dtype a Python scalar would have as a tensor of its own."""
    if isinstance(value, bool):
        return bool_
    if isinstance(value, int):
        return int64
    if isinstance(value, complex):
        return get_default_complex_dtype()
    return get_default_dtype()


def scalar_category(value):
    if isinstance(value, bool):
        return BOOL
    if isinstance(value, int):
        return INT
    if isinstance(value, complex):
        return COMPLEX
    return FLOAT


def result_type(operands):
    """Result dtype of an elementwise op over tensors and Python scalars.

    Dimensioned tensors outrank 0-d tensors, which outrank Python scalars, unless a
    lower-ranked operand belongs to a higher category (bool < int < float < complex)."""
    dims = zero_dims = None
    best_cat = -1
    scalar_cat = -1
    for op in operands:
        d = getattr(op, "dtype", None)
        if d is None:
            scalar_cat = max(scalar_cat, scalar_category(op))
            continue
        if op._data.ndim:
            dims = d if dims is None else promote_types(dims, d)
        else:
            zero_dims = d if zero_dims is None else promote_types(zero_dims, d)
    if dims is not None:
        best_cat = dims.category
    result = dims
    if zero_dims is not None and zero_dims.category > best_cat:
        result, best_cat = _combine_categories(zero_dims, dims), zero_dims.category
    if scalar_cat > best_cat:
        default = (bool_, int64, get_default_dtype(), get_default_complex_dtype())[scalar_cat]
        result = _combine_categories(default, result)
    return result


def autograd_dtype_error(np_dtype):
    """PyTorch's error for a differentiable op whose result would need a gradient but has an
    integer or bool dtype (an input with history of such a dtype, an empty product of a
    float and an integer tensor)."""
    name = from_numpy_dtype(np_dtype).legacy_name[:-6]  # ("LongTensor" -> "Long")
    return RuntimeError(f"Autograd not support dtype: {name}")
