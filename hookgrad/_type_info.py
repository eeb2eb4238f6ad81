"""``torch.finfo`` and ``torch.iinfo``: the numerical limits of a dtype, with PyTorch's
attributes, printing, equality and errors. The limits follow from each format's bits (no
tensor of the dtype is made, so ``bfloat16`` needs no optional package)."""
import math

from . import _dtype

# float formats: (bits, significand bits including the implicit one, largest exponent,
# smallest normal exponent)
_FLOAT_FORMATS = {"float64": (64, 53, 1023, -1022), "float32": (32, 24, 127, -126),
                  "float16": (16, 11, 15, -14), "bfloat16": (16, 8, 127, -126)}
_INT_BITS = {"int8": 8, "int16": 16, "int32": 32, "int64": 64, "uint8": 8}


class _Limits:
    """What finfo and iinfo share: read-only attributes, equality by dtype, no hash."""

    __slots__ = ()

    def _set(self, **values):
        for name, value in values.items():
            object.__setattr__(self, "_" + name, value)

    def __setattr__(self, name, value):
        raise AttributeError(f"attribute '{name}' of 'torch.{type(self).__name__}' objects "
                             "is not writable")

    def __eq__(self, other):
        return type(other) is type(self) and other._dtype == self._dtype

    def __hash__(self):  # (PyTorch's limits objects are not hashable; its type name)
        raise TypeError(f"unhashable type: 'torch.{type(self).__name__}'")

    def __str__(self):
        return repr(self)


class finfo(_Limits):
    """The limits of a floating-point dtype (a complex dtype: those of its parts); without an
    argument, of the default dtype."""

    __slots__ = ("_bits", "_eps", "_max", "_tiny", "_resolution", "_dtype")
    __module__ = "torch"

    def __init__(self, *args, **kwargs):
        if len(args) + len(kwargs) > 1 or (kwargs and "type" not in kwargs):
            shown = ", ".join([_type_name(a) for a in args]
                              + [f"{k}={_type_name(v)}" for k, v in kwargs.items()])
            raise TypeError(f"finfo() received an invalid combination of arguments - got "
                            f"({shown}), but expected one of:\n * (torch.dtype type)\n * ()\n")
        dtype = args[0] if args else kwargs.get("type", _dtype.get_default_dtype())
        if not isinstance(dtype, _dtype.dtype):
            raise TypeError(f"finfo(): argument 'type' (position 1) must be torch.dtype, not "
                            f"{_type_name(dtype)}")
        dtype = dtype.to_real()
        if dtype.name not in _FLOAT_FORMATS:
            raise TypeError("torch.finfo() requires a floating point input type. Use "
                            "torch.iinfo to handle 'torch.finfo'")
        bits, digits, top, bottom = _FLOAT_FORMATS[dtype.name]
        eps = 2.0 ** (1 - digits)
        self._set(bits=bits, dtype=dtype.name, eps=eps, max=(2.0 - eps) * 2.0 ** top,
                  tiny=2.0 ** bottom,
                  resolution=10.0 ** -math.floor((digits - 1) * math.log10(2)))

    bits = property(lambda self: self._bits)
    eps = property(lambda self: self._eps)
    max = property(lambda self: self._max)
    min = property(lambda self: -self._max)
    tiny = property(lambda self: self._tiny)
    smallest_normal = property(lambda self: self._tiny)
    resolution = property(lambda self: self._resolution)
    dtype = property(lambda self: self._dtype)

    def __repr__(self):
        return (f"finfo(resolution={self._resolution:g}, min={-self._max:g}, "
                f"max={self._max:g}, eps={self._eps:g}, smallest_normal={self._tiny:g}, "
                f"tiny={self._tiny:g}, dtype={self._dtype})")


class iinfo(_Limits):
    """The limits of an integer dtype."""

    __slots__ = ("_bits", "_min", "_max", "_dtype")
    __module__ = "torch"

    def __init__(self, *args, **kwargs):
        if not args and "type" not in kwargs:
            raise TypeError('iinfo() missing 1 required positional arguments: "type"')
        dtype = args[0] if args else kwargs["type"]
        if not isinstance(dtype, _dtype.dtype):
            raise TypeError(f"iinfo(): argument 'type' (position 1) must be torch.dtype, not "
                            f"{_type_name(dtype)}")
        if dtype.name == "bool":
            raise TypeError("torch.bool is not supported by torch.iinfo")
        if dtype.name not in _INT_BITS:
            raise TypeError("torch.iinfo() requires an integer input type. Use torch.finfo "
                            "to handle 'torch.iinfo'")
        bits = _INT_BITS[dtype.name]
        signed = dtype.name != "uint8"
        self._set(bits=bits, dtype=dtype.name, min=-(1 << (bits - 1)) if signed else 0,
                  max=(1 << (bits - 1)) - 1 if signed else (1 << bits) - 1)

    bits = property(lambda self: self._bits)
    min = property(lambda self: self._min)
    max = property(lambda self: self._max)
    dtype = property(lambda self: self._dtype)

    def __repr__(self):
        return f"iinfo(min={self._min:g}, max={self._max:g}, dtype={self._dtype})"


def _type_name(value):
    """How PyTorch's argument errors name a value's type."""
    return "torch.dtype" if isinstance(value, _dtype.dtype) else type(value).__name__
