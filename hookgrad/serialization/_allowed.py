"""The globals a weights-only load may name, and the hookgrad object each one stands for.

The names are PyTorch 2.13's allow-list (``torch.load(weights_only=True)`` accepts exactly
these without ``add_safe_globals``). Each maps to hookgrad's counterpart; what a checkpoint
may *call* is a separate, smaller table (``SAFE_CALLS``) of functions that check their
arguments, so that e.g. ``bytearray(10**12)`` or ``torch.Tensor(10**12)`` cannot be used to
exhaust memory. The same names serve ``weights_only=False`` loads, which map every
``torch.*`` global PyTorch writes onto hookgrad's."""
from collections import Counter, OrderedDict

from .._device import device as _device
from .._size import Size
from .._tensor import Tensor, _make
from ..nn import Parameter
from . import _rebuild
from ._elements import BY_STORAGE, DTYPE_VALUES, ForeignDtype, dtype_value
from ._storage import StorageType

# Python 2 names in old pickles, as PyTorch's weights-only unpickler renames them.
IMPORT_MAPPING = {"__builtin__": "builtins", "copy_reg": "copyreg", "Queue": "queue",
                  "repr": "reprlib", "_abcoll": "collections.abc", "UserDict": "collections",
                  "UserList": "collections", "UserString": "collections", "whichdb": "dbm",
                  "StringIO": "io", "cStringIO": "io"}
NAME_MAPPING = {
    ("__builtin__", "xrange"): ("builtins", "range"),
    ("__builtin__", "reduce"): ("functools", "reduce"),
    ("__builtin__", "intern"): ("sys", "intern"),
    ("__builtin__", "unichr"): ("builtins", "chr"),
    ("__builtin__", "unicode"): ("builtins", "str"),
    ("__builtin__", "long"): ("builtins", "int"),
    ("itertools", "izip"): ("builtins", "zip"),
    ("itertools", "imap"): ("builtins", "map"),
    ("itertools", "ifilter"): ("builtins", "filter"),
    ("itertools", "ifilterfalse"): ("itertools", "filterfalse"),
    ("itertools", "izip_longest"): ("itertools", "zip_longest"),
    ("UserDict", "IterableUserDict"): ("collections", "UserDict"),
    ("UserList", "UserList"): ("collections", "UserList"),
    ("UserString", "UserString"): ("collections", "UserString"),
    ("__builtin__", "basestring"): ("builtins", "str"),
    ("exceptions", "StandardError"): ("builtins", "Exception"),
    ("UserDict", "UserDict"): ("collections", "UserDict"),
}
BLOCKED_MODULES = ("sys", "os", "posix", "nt")


def renamed(module, name):
    if (module, name) in NAME_MAPPING:
        return NAME_MAPPING[(module, name)]
    return IMPORT_MAPPING.get(module, module), name


class Inert:
    """A PyTorch object hookgrad has no counterpart for (a legacy tensor type, a quantization
    scheme): it may appear in a checkpoint as a value, but cannot be called."""

    __slots__ = ("qualified_name",)

    def __init__(self, qualified_name):
        self.qualified_name = qualified_name

    def __repr__(self):
        return self.qualified_name


def get_layout(name):
    if name != "torch.strided":
        raise RuntimeError(f"hookgrad has only the strided layout, not {name}")
    import hookgrad
    return hookgrad.strided


def _encode(text, encoding):
    # str.encode only accepts text encodings: no codec can turn this into a decompressor
    if not isinstance(text, str) or not isinstance(encoding, str):
        raise TypeError("_codecs.encode takes a str and an encoding name")
    return text.encode(encoding)


def _bytearray(*args):
    if args and not isinstance(args[0], (bytes, bytearray)):
        raise TypeError("bytearray() in a checkpoint takes bytes")
    return bytearray(*args)


def _complex(real=0.0, imag=0.0):
    if not all(isinstance(v, (int, float)) for v in (real, imag)):
        raise TypeError("complex() in a checkpoint takes two numbers")
    return complex(real, imag)


def _container(kind):
    def build(*args):
        if args and not isinstance(args[0], (list, tuple, dict)):
            raise TypeError(f"{kind.__name__}() in a checkpoint takes a list, tuple or dict")
        return kind(*args)
    return build


def _size(sizes=()):
    if not isinstance(sizes, (tuple, list)) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in sizes):
        raise TypeError("torch.Size() in a checkpoint takes a tuple of ints")
    return Size(sizes)


def _device_from(kind, index=None):
    if not isinstance(kind, str) or not (index is None or isinstance(index, int)):
        raise TypeError("torch.device() in a checkpoint takes a string and an index")
    return _device(kind) if index is None else _device(kind, index)


def _empty_tensor():
    import numpy as np
    return _make(np.empty(0, np.float32))


def _parameter(data=None, requires_grad=True):
    if data is None:
        return Parameter(_empty_tensor(), bool(requires_grad))
    return _rebuild.rebuild_parameter(data, requires_grad, None)


def _table():
    table = {
        "collections.OrderedDict": OrderedDict,
        "collections.Counter": Counter,
        "torch.nn.parameter.Parameter": Parameter,
        "torch.serialization._get_layout": get_layout,
        "torch.Size": Size,
        "torch.Tensor": Tensor,
        "torch.device": _device,
        "_codecs.encode": _encode,
        "builtins.bytearray": bytearray,
        "builtins.set": set,
        "builtins.complex": complex,
        "torch.storage.UntypedStorage": StorageType(None, "torch.storage.UntypedStorage"),
        "torch._utils._rebuild_tensor": _rebuild.rebuild_tensor,
        "torch._utils._rebuild_tensor_v2": _rebuild.rebuild_tensor_v2,
        "torch._utils._rebuild_tensor_v3": _rebuild.rebuild_tensor_v3,
        "torch._utils._rebuild_parameter": _rebuild.rebuild_parameter,
        "torch._utils._rebuild_parameter_with_state": _rebuild.rebuild_parameter_with_state,
        "torch._tensor._rebuild_from_type_v2": _rebuild.rebuild_from_type_v2,
    }
    for name, value in DTYPE_VALUES.items():
        table["torch." + name] = value
    for storage_name, element in BY_STORAGE.items():
        for module in ("torch", "torch.cuda"):
            table[f"{module}.{storage_name}"] = StorageType(element, f"{module}.{storage_name}")
    for kind in ("Float", "Double", "Half", "BFloat16", "Long", "Int", "Short", "Char",
                 "Byte", "Bool"):
        for module in ("torch", "torch.cuda", "torch.sparse", "torch.cuda.sparse"):
            if kind == "Bool" and "sparse" in module:
                continue
            table[f"{module}.{kind}Tensor"] = Inert(f"{module}.{kind}Tensor")
    for scheme in ("per_tensor_affine", "per_tensor_symmetric", "per_channel_affine",
                   "per_channel_symmetric", "per_channel_affine_float_qparams"):
        table["torch." + scheme] = Inert("torch." + scheme)
    for function, what in (("_rebuild_qtensor", "quantized tensors"),
                           ("_rebuild_sparse_tensor", "sparse tensors"),
                           ("_rebuild_nested_tensor", "nested tensors"),
                           ("_rebuild_meta_tensor_no_storage", "meta tensors"),
                           ("_rebuild_wrapper_subclass", "tensor subclasses"),
                           ("_rebuild_device_tensor_from_numpy", "device tensors"),
                           ("_rebuild_device_tensor_from_cpu_tensor", "device tensors")):
        table["torch._utils." + function] = _rebuild.unsupported_rebuild(what)
    return table


ALLOWED = _table()

def lookup(full_path):
    """The allowed object a GLOBAL names (``full_path`` in ALLOWED): ``torch.bfloat16`` is
    hookgrad's dtype when ml_dtypes is installed, decided here, at load time."""
    value = ALLOWED[full_path]
    return dtype_value(value.name) if type(value) is ForeignDtype else value


# What REDUCE may call: allowed object -> checked function. NEWOBJ uses the same table.
SAFE_CALLS = {
    OrderedDict: _container(OrderedDict),
    Counter: _container(Counter),
    set: _container(set),
    bytearray: _bytearray,
    complex: _complex,
    Size: _size,
    _device: _device_from,
    Tensor: _empty_tensor,
    Parameter: _parameter,
    _encode: _encode,
    get_layout: get_layout,
}
for _name, _value in ALLOWED.items():
    if callable(_value) and _name.startswith("torch._") and _value not in SAFE_CALLS:
        SAFE_CALLS[_value] = _value  # the rebuild functions check their own arguments


# ---------------------------------------------------------------- user allow-list
_user_globals = set()


def add_safe_globals(safe_globals):
    """Allow these classes and functions in weights-only loads, as PyTorch's
    ``torch.serialization.add_safe_globals`` does (items are objects or
    ``(object, "module.qualified.name")`` pairs)."""
    global _user_globals
    _user_globals = _user_globals.union(set(safe_globals))


def get_safe_globals():
    return list(_user_globals)


def clear_safe_globals():
    global _user_globals
    _user_globals = set()


def remove_safe_globals(safe_globals):
    global _user_globals
    _user_globals = _user_globals - set(safe_globals)


class safe_globals:  # noqa: N801  (PyTorch's name; a context manager)
    """Allow these globals inside a ``with`` block."""

    def __init__(self, safe_globals):
        self.safe_globals = safe_globals

    def __enter__(self):
        add_safe_globals(self.safe_globals)

    def __exit__(self, exc_type, exc_value, traceback):
        remove_safe_globals(self.safe_globals)


def user_allowed():
    """The user's allow-list as ``{"module.qualname": object}``."""
    allowed = {}
    for item in _user_globals:
        if isinstance(item, tuple):
            if len(item) != 2:
                raise ValueError("Expected tuple of length 2 (global, str of callable full "
                                 f"path), but got tuple of length: {len(item)}")
            if type(item[1]) is not str:
                raise TypeError("Expected second item in tuple to be str of callable full "
                                f"path, but got: {type(item[1])}")
            allowed[item[1]] = item[0]
        else:
            allowed[f"{item.__module__}.{item.__qualname__}"] = item
    return allowed
