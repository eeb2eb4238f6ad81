"""The legacy tensor type objects: ``torch.FloatTensor``, ``torch.LongTensor``, ... and the
``torch.cuda.*Tensor`` ones of a build without CUDA.

As in PyTorch they are not subclasses of Tensor: ``isinstance(x, torch.FloatTensor)`` asks
whether ``x`` is a CPU tensor of dtype float32, and calling one is the legacy constructor
(``torch.FloatTensor(2, 3)``, ``torch.FloatTensor([1, 2])``). Memory that PyTorch leaves
uninitialised (``FloatTensor(2, 3)``) is zero-filled here."""
import numpy as np

from . import _dtype
from ._device import device as _device
from ._tensor_base import TensorBase, _make

NO_CUDA_LIBRARY = (
    "Cannot initialize CUDA without ATen_cuda library. PyTorch splits its backend into two "
    "shared libraries: a CPU library and a CUDA library; this error has occurred because you "
    "are trying to use some CUDA functionality, but the CUDA library has not been loaded by "
    "the dynamic linker for some reason.  The CUDA library MUST be loaded, EVEN IF you don't "
    "directly use any symbols from the CUDA library! One common culprit is a lack of "
    "-Wl,--no-as-needed in your link arguments; many dynamic linkers will delete dynamic "
    "library dependencies if you don't depend on any of their symbols.  You can check if this "
    "has occurred by using ldd on your binary to see if there is a dependency on *_cuda.so "
    "library.")

# The C++ scalar type names PyTorch's TensorOptions error prints.
_CPP_NAMES = {"float32": "float", "float64": "double", "float16": "c10::Half",
              "int64": "long int", "int32": "int", "int16": "short int", "int8": "signed char",
              "uint8": "unsigned char", "bool": "bool",
              "bfloat16": "c10::BFloat16"}

_SIGNATURES = ("but expected one of:\n"
               " * (*, torch.device device = None)\n"
               " * (torch.Storage storage)\n"
               " * (Tensor other)\n"
               " * (tuple of ints size, *, torch.device device = None)\n"
               " * (object data, *, torch.device device = None)\n")


def _options(dtype):
    return (f"TensorOptions(dtype={_CPP_NAMES[dtype.name]}, device=cpu, layout=Strided, "
            "requires_grad=false (default), pinned_memory=false (default), "
            "memory_format=(nullopt))")


class tensortype(type):
    """The metaclass of the legacy type objects (``type(torch.FloatTensor)``)."""

    dtype: _dtype.dtype
    is_cuda: bool
    is_sparse = False

    def __instancecheck__(cls, instance):
        return (not cls.is_cuda and isinstance(instance, TensorBase)
                and instance._data.dtype == cls.dtype.np_dtype)

    def __call__(cls, *args, device=None, **kwargs):
        if cls.is_cuda:
            raise TypeError(f"type torch.cuda.{cls.__name__} not available. Torch not compiled "
                            "with CUDA enabled.")
        return legacy_construct(cls.dtype, args, device, kwargs)


def legacy_construct(dtype, args, device, kwargs):
    """``torch.<Type>Tensor(*args)``: sizes, a tensor of the same dtype (aliased), or data."""
    if kwargs:
        got = ", ".join([type(a).__name__ for a in args]
                        + [f"{k}={_kind(v)}" for k, v in kwargs.items()])
        raise TypeError(f"new() received an invalid combination of arguments - got ({got}), "
                        + _SIGNATURES)
    if device is not None and _device(device).type != "cpu":
        raise RuntimeError("legacy constructor expects device type: cpu but device type: "
                           f"{_device(device).type} was passed")
    if not args:
        return _make(np.zeros((0,), dtype.np_dtype))
    if all(isinstance(a, (int, np.integer)) and not isinstance(a, bool) for a in args):
        return _make(np.zeros(_checked_size(args), dtype.np_dtype))
    if len(args) == 1:
        data = args[0]
        if isinstance(data, TensorBase):
            if data._data.dtype != dtype.np_dtype:
                raise TypeError(f"expected {_options(dtype)} (got {_options(data.dtype)})")
            from ._ops.index import AliasBackward0
            return AliasBackward0.apply(data)
        if isinstance(data, tuple) and type(data) is not tuple:  # torch.Size
            return _make(np.zeros(_checked_size(data), dtype.np_dtype))
        if isinstance(data, str):
            raise TypeError("new(): invalid data type 'str'")
        if isinstance(data, (float, bool)) or data is None:
            raise TypeError(f"new(): data must be a sequence (got {type(data).__name__})")
        return _make(_data_array(data, dtype))
    for position, a in enumerate(args, 1):
        if not isinstance(a, (int, np.integer)):
            raise TypeError(f"new(): argument 'size' failed to unpack the object at pos "
                            f"{position} with error \"type must be tuple of ints,but got "
                            f"{type(a).__name__}\"")
    raise TypeError(f"new() received an invalid combination of arguments - got "
                    f"({', '.join(type(a).__name__ for a in args)}), " + _SIGNATURES)


def _kind(value):
    return "torch.dtype" if isinstance(value, _dtype.dtype) else type(value).__name__


def _checked_size(size):
    size = tuple(int(s) for s in size)
    for s in size:
        if s < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {s}: "
                               f"{list(size)}")
    return size


def _data_array(data, dtype):
    from ._creation import _unwrap
    array = np.array(_unwrap(data, [])) if not isinstance(data, np.ndarray) else data
    if array.dtype.kind in "UOS":
        raise TypeError(f"new(): invalid data type '{type(data).__name__}'")
    with np.errstate(invalid="ignore", over="ignore"):  # as PyTorch: casts wrap or truncate
        return array.astype(dtype.np_dtype)


def _make_type(dtype, cuda):
    namespace = {"dtype": dtype, "is_cuda": cuda,
                 "__module__": "hookgrad.cuda" if cuda else "hookgrad",
                 "__doc__": None}
    return tensortype(dtype.legacy_name, (), namespace)


_LEGACY = _dtype.ALL + (_dtype.bfloat16,)  # (bfloat16 tensors need the optional ml_dtypes)
CPU_TYPES = {d: _make_type(d, False) for d in _LEGACY}
CUDA_TYPES = {d: _make_type(d, True) for d in _LEGACY}
BY_NAME = {"torch." + t.__name__: t for t in CPU_TYPES.values()}
BY_NAME.update({"torch.cuda." + t.__name__: t for t in CUDA_TYPES.values()})

(FloatTensor, DoubleTensor, HalfTensor, LongTensor, IntTensor, ShortTensor, CharTensor,
 ByteTensor, BoolTensor, BFloat16Tensor) = (CPU_TYPES[d] for d in _LEGACY)


def resolve(target):
    """The dtype that ``Tensor.type(target)`` converts to."""
    if isinstance(target, _dtype.dtype):
        return target
    if isinstance(target, str):
        found = BY_NAME.get(target)
        if found is None:
            raise ValueError(f"invalid type: '{target}'")
        target = found
    if isinstance(target, type) and issubclass(target, TensorBase):  # x.type(torch.Tensor)
        return _dtype.get_default_dtype()
    if isinstance(target, tensortype):
        if target.is_cuda:
            raise RuntimeError(NO_CUDA_LIBRARY)
        return target.dtype
    name = getattr(target, "__name__", None) or repr(target)
    raise ValueError(f"invalid type: '{name}'")
