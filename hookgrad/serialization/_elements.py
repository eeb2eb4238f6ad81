"""Element types of PyTorch's checkpoint format and what hookgrad loads each one as.

A checkpoint names an element type twice over: by storage class (``torch.FloatStorage``,
the legacy typed storages torch.save still writes for the classic dtypes) and by dtype
(``torch.float32``, which ``_rebuild_tensor_v3`` passes along with an untyped storage for
the dtypes that have no storage class, such as ``torch.uint16``). Both resolve to one
``Element`` here: the NumPy layout of the stored bytes and the hookgrad dtype the tensor
gets.

hookgrad computes in float16/32/64, complex64/128, int8/16/32/64, uint8 and bool, and in
bfloat16 when the optional ml_dtypes package is installed. Without it bfloat16 loads exactly
by widening (it is the top half of a float32), as uint16 (to int32) and uint32 (to int64)
always do, with a warning; the rest (complex32, float8, quantized, uint64, bit types) are
refused with a RuntimeError naming the dtype."""
import numpy as np

from .. import _dtype


class Element:
    """One PyTorch element type: its names in the file and how hookgrad loads it."""

    __slots__ = ("name", "storage_name", "itemsize", "disk", "dtype", "widen_to")

    def __init__(self, name, storage_name, itemsize, disk=None, dtype=None, widen_to=None):
        self.name = name                  # PyTorch dtype name: "float32"
        self.storage_name = storage_name  # legacy storage class: "FloatStorage" (or None)
        self.itemsize = itemsize
        self.disk = None if disk is None else np.dtype(disk)  # stored layout (native order)
        self.dtype = dtype                # hookgrad dtype the tensor gets (None: refused)
        self.widen_to = widen_to          # NumPy dtype the stored values are converted to

    @property
    def supported(self):
        return self.dtype is not None

    def widens(self):
        """Whether loading converts the stored values to a wider dtype (with a warning)."""
        return self.widen_to is not None

    def __repr__(self):
        return "torch." + self.name


class BFloat16Element(Element):
    """bfloat16: a tensor of hookgrad's ``bfloat16`` dtype when ml_dtypes can be imported (the
    stored bits are its bits), else widened exactly to float32. Decided at load time, so that
    ``import hookgrad`` never imports ml_dtypes."""

    __slots__ = ()

    def __init__(self):
        super().__init__("bfloat16", "BFloat16Storage", 2, np.uint16, _dtype.float32,
                         np.float32)

    @property
    def native(self):
        return _dtype.has_bfloat16()

    def widens(self):
        return not self.native


class ForeignDtype:
    """A PyTorch dtype hookgrad has no dtype object for (``torch.bfloat16`` in a checkpoint
    that stores it as a value); prints and re-saves under its PyTorch name."""

    __slots__ = ("element",)

    def __init__(self, element):
        self.element = element

    @property
    def name(self):
        return self.element.name

    def __repr__(self):
        return "torch." + self.element.name

    def __reduce__(self):  # pickle and copy: the one object of that name
        return (foreign_dtype, (self.element.name,))


_D = _dtype
ELEMENTS = [
    Element("float32", "FloatStorage", 4, np.float32, _D.float32),
    Element("float64", "DoubleStorage", 8, np.float64, _D.float64),
    Element("float16", "HalfStorage", 2, np.float16, _D.float16),
    BFloat16Element(),
    Element("int64", "LongStorage", 8, np.int64, _D.int64),
    Element("int32", "IntStorage", 4, np.int32, _D.int32),
    Element("int16", "ShortStorage", 2, np.int16, _D.int16),
    Element("int8", "CharStorage", 1, np.int8, _D.int8),
    Element("uint8", "ByteStorage", 1, np.uint8, _D.uint8),
    Element("bool", "BoolStorage", 1, np.uint8, _D.bool_),
    Element("uint16", None, 2, np.uint16, _D.int32, np.int32),
    Element("uint32", None, 4, np.uint32, _D.int64, np.int64),
    Element("uint64", None, 8),
    Element("complex32", None, 4),
    Element("complex64", "ComplexFloatStorage", 8, np.complex64, _D.complex64),
    Element("complex128", "ComplexDoubleStorage", 16, np.complex128, _D.complex128),
    Element("qint8", "QInt8Storage", 1),
    Element("quint8", "QUInt8Storage", 1),
    Element("qint32", "QInt32Storage", 4),
    Element("quint4x2", "QUInt4x2Storage", 1),
    Element("quint2x4", "QUInt2x4Storage", 1),
    Element("float8_e4m3fn", None, 1),
    Element("float8_e4m3fnuz", None, 1),
    Element("float8_e5m2", None, 1),
    Element("float8_e5m2fnuz", None, 1),
    Element("float8_e8m0fnu", None, 1),
    Element("float4_e2m1fn_x2", None, 1),
    Element("bits1x8", None, 1),
    Element("bits2x4", None, 1),
    Element("bits4x2", None, 1),
    Element("bits8", None, 1),
    Element("bits16", None, 2),
] + [Element(f"{kind}{bits}", None, 1) for kind in ("uint", "int") for bits in range(1, 8)]

BY_NAME = {e.name: e for e in ELEMENTS}
BY_STORAGE = {e.storage_name: e for e in ELEMENTS if e.storage_name}
# bytes; _rebuild_tensor_v3 says what they hold
UNTYPED = Element("uint8", "UntypedStorage", 1, np.uint8, _D.uint8)
FOR_HOOKGRAD_DTYPE = {BY_NAME[d.name].dtype: BY_NAME[d.name] for d in _D.ALL}
FOR_HOOKGRAD_DTYPE[_D.bfloat16] = BY_NAME["bfloat16"]
FOR_HOOKGRAD_DTYPE[_D.complex64] = BY_NAME["complex64"]
FOR_HOOKGRAD_DTYPE[_D.complex128] = BY_NAME["complex128"]

# The value a ``GLOBAL torch <dtype>`` in a checkpoint stands for.
DTYPE_VALUES = {e.name: (e.dtype if e.dtype is not None and e.widen_to is None
                         else ForeignDtype(e)) for e in ELEMENTS}


def foreign_dtype(name):
    return DTYPE_VALUES[name]


def dtype_value(name):
    """The value a checkpoint's ``torch.<name>`` dtype loads as: hookgrad's dtype, or a
    ForeignDtype (bfloat16 is hookgrad's when ml_dtypes is installed)."""
    if name == "bfloat16" and _dtype.has_bfloat16():
        return _dtype.bfloat16
    return DTYPE_VALUES[name]


def element_of_dtype(value):
    """The Element for a dtype found in a checkpoint (hookgrad dtype or ForeignDtype)."""
    if isinstance(value, ForeignDtype):
        return value.element
    if isinstance(value, _dtype.dtype):
        return FOR_HOOKGRAD_DTYPE[value]
    raise TypeError(f"expected a dtype, got {type(value).__name__}")


def unsupported(element):
    return RuntimeError(
        f"hookgrad cannot load tensors of dtype torch.{element.name}: hookgrad has no such "
        "dtype and no exact conversion to one it has. Convert them in PyTorch (for example "
        "with `.float()`) and save again.")


def convert(raw, element):
    """The stored values of ``raw`` (``element.disk`` layout, native order) as the dtype
    hookgrad computes in: a new array when the element is widened, else ``raw`` itself."""
    if element.widen_to is None:
        if raw.dtype.kind == "c":
            _dtype.from_numpy_dtype(raw.dtype)  # (a complex tensor now exists: ops check)
        if element.name == "bool":
            if raw.size and raw.max() > 1:  # PyTorch reads any nonzero byte as True
                np.minimum(raw, 1, out=raw)
            return raw.view(np.bool_)
        return raw
    if element.name == "bfloat16":
        if element.native:
            return raw.view(_dtype.bfloat16.np_dtype)
        return (raw.astype(np.uint32) << 16).view(np.float32)
    return raw.astype(element.widen_to)
