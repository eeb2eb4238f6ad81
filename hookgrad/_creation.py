"""Tensor factories: tensor, zeros, ones, arange, rand, ... and the legacy ``Tensor(...)``."""
import functools

import numpy as np

from . import _dtype, _random, _spaced
from . import _memory_format as _formats
from ._device import check as _check_device
from ._device import device  # noqa: F401  (torch.device, also from here)
from ._ops.complex_support import refuse_complex_number
from ._ops.op import refuse_out
from ._ops.overlap_order import iteration_order
from ._parallel import get_num_threads
from ._scalar_checks import checked_number
from ._tensor_base import TensorBase, _make, _sizes
from ._warn_once import warn_once
from .autograd._grad_layout import non_overlapping_and_dense


def _leaf(data, requires_grad):
    if requires_grad and data.dtype.kind not in "fVc":  # (the factories' own words)
        raise RuntimeError("Only Tensors of floating point and complex dtype can require "
                           "gradients")
    t = _make(data)
    if requires_grad:
        t.requires_grad_(True)
    return t


def _infer_array(data, dtype):
    """An ndarray for ``data`` with PyTorch's inferred dtype (floats -> default float)."""
    if isinstance(data, TensorBase):
        arr = data._data
    elif isinstance(data, np.ndarray):
        arr = data
    elif isinstance(data, (list, tuple)):
        typed = []  # the dtypes of NumPy scalars and tensors among the items
        arr = np.array(_unwrap(data, typed))
        if arr.dtype == object:
            raise ValueError("expected sequence of length %d at dim 1 (got %s)" % (
                len(data[0]) if data and hasattr(data[0], "__len__") else 0, "a different length"))
        if arr.dtype.kind in "fVc" and dtype is None:  # Python numbers: the default dtype,
            default = _default_of_kind(arr.dtype.kind)  # promoted with the typed items'
            for item_dtype in typed:
                default = _dtype.promote_types(default, _dtype.from_numpy_dtype(item_dtype))
            arr = arr.astype(default.np_dtype)
    else:
        arr = np.array(data)  # (a NumPy scalar keeps its dtype, as in PyTorch)
        if isinstance(data, (float, complex)) and not isinstance(data, np.generic) \
                and dtype is None:
            arr = arr.astype(_default_of_kind(arr.dtype.kind).np_dtype)
    if arr.dtype.kind == "U" or arr.dtype == object:
        raise TypeError(f"new(): invalid data type '{type(data).__name__}'")
    if dtype is not None:
        target = _dtype.to_dtype(dtype).np_dtype
        if arr.dtype.kind == "c" and target.kind != "c" and not isinstance(
                data, (TensorBase, np.ndarray)):
            # (PyTorch converts each Python number to the dtype, refusing a complex one)
            raise TypeError("must be real number, not complex" if target.kind in "fV" else
                            "'complex' object cannot be interpreted as an integer")
        arr = arr.astype(target)
    _dtype.from_numpy_dtype(arr.dtype)
    return arr


def _default_of_kind(kind):
    """The dtype Python floats (``"f"``) or complex numbers (``"c"``) become."""
    return _dtype.get_default_complex_dtype() if kind == "c" else _dtype.get_default_dtype()


def _unwrap(data, typed):
    """Nested lists of plain values; the dtype of every tensor or NumPy scalar goes to
    ``typed``."""
    if isinstance(data, TensorBase):
        typed.append(data._data.dtype)
        return data._data
    if isinstance(data, (list, tuple)):
        return [_unwrap(d, typed) for d in data]
    if isinstance(data, (np.generic, np.ndarray)):
        typed.append(data.dtype)
    return data


def tensor(data, *, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """A new leaf tensor holding a copy of ``data``."""
    _check_device(device)
    arr = np.array(_infer_array(data, dtype), copy=True)
    return _leaf(arr, requires_grad)


def as_tensor(data, dtype=None, device=None):
    _check_device(device)
    if isinstance(data, TensorBase):  # another dtype: a differentiable copy (ToCopyBackward0)
        return data if dtype is None else data.to(_dtype.to_dtype(dtype))
    if isinstance(data, np.ndarray) and dtype is None:
        return from_numpy(data)
    return _make(np.asarray(_infer_array(data, dtype)))


_UNSET = object()


def asarray(obj, *, dtype=None, device=None, copy=None, requires_grad=_UNSET):
    """``obj`` as a tensor, sharing its memory where it can (a tensor of the same dtype is
    returned itself, an ndarray shared); ``copy=True`` always copies, ``copy=False`` refuses
    to. An explicit ``requires_grad`` is set on the result (on ``obj`` itself when that is the
    result, as PyTorch does)."""
    _check_device(device)
    target = None if dtype is None else _dtype.to_dtype(dtype)
    if isinstance(obj, (TensorBase, np.ndarray)):
        source = obj.dtype if isinstance(obj, TensorBase) else _dtype.from_numpy_dtype(obj.dtype)
        if target is not None and target is not source and copy is False:
            raise ValueError(f"can't alias tensor with dtype '{source.legacy_name[:-6]}' into "
                             f"dtype '{target.legacy_name[:-6]}'.")
    if isinstance(obj, TensorBase):
        if requires_grad is _UNSET:
            if obj.requires_grad:
                warn_once("asarray-requires-grad", _ASARRAY_REQUIRES_GRAD, stacklevel=2)
            requires_grad = None
        result = obj if target is None or target is obj.dtype else obj.to(target)
        if copy and result is obj:
            result = obj.clone()
    elif isinstance(obj, np.ndarray):
        same = target is None or target.np_dtype == obj.dtype
        result = from_numpy(obj.copy() if copy else obj) if same else _make(
            obj.astype(target.np_dtype))
    else:
        return tensor(obj, dtype=target, requires_grad=requires_grad is True)
    if requires_grad is not _UNSET and requires_grad is not None:
        result.requires_grad_(requires_grad)
    return result


_ASARRAY_REQUIRES_GRAD = (
    "torch.asarray: unspecified requires_grad now defaults to obj.requires_grad instead of "
    "False. Pass requires_grad=False explicitly to get the old behavior and silence this "
    "warning. (Triggered internally at /__w/pytorch/pytorch/torch/csrc/utils/"
    "tensor_new.cpp:1737.)")


def empty_strided(size, stride, *, dtype=None, layout=None, device=None, requires_grad=False,
                  pin_memory=False):
    """An uninitialised (here: zeroed) tensor with the given sizes and strides."""
    _check_device(device)
    np_dtype = np.dtype(_np(dtype))
    size, stride = tuple(size), tuple(stride)
    extent = 1 + sum((n - 1) * s for n, s in zip(size, stride)) if all(size) else 0
    storage = np.zeros(extent, np_dtype)
    data = np.lib.stride_tricks.as_strided(
        storage, size, tuple(s * np_dtype.itemsize for s in stride))
    return _leaf(data, requires_grad)


def scalar_tensor(s, *, dtype=None, layout=None, device=None, requires_grad=False,
                  pin_memory=False):
    """A 0-d tensor holding the number ``s``, in the default float dtype unless given."""
    _check_device(device)
    np_dtype = _np(dtype)
    with np.errstate(over="ignore"):  # (float16: PyTorch's overflow to inf)
        value = checked_number(s, np_dtype, half_checked=False) if type(s) is not complex \
            else _fill_value(s, np_dtype)
        return _leaf(np.array(value, np_dtype), requires_grad)


def from_numpy(array):
    """A tensor sharing memory with ``array``."""
    if not isinstance(array, np.ndarray):
        raise TypeError(f"expected np.ndarray (got {type(array).__name__})")
    _dtype.from_numpy_dtype(array.dtype)
    return _make(array)


def _np(dtype, default=None):
    if dtype is not None:
        return _dtype.to_dtype(dtype).np_dtype
    return (default or _dtype.get_default_dtype()).np_dtype


def _factory(fill, name):
    def make(*size_args, size=None, out=None, dtype=None, layout=None, device=None,
             requires_grad=False, pin_memory=False):
        if out is not None:
            refuse_out(name)
        if not size_args and size is None:
            raise TypeError(f'{name}() missing 1 required positional arguments: "size"')
        _check_device(device)
        return _leaf(fill(_sizes(size_args, size), _np(dtype)), requires_grad)
    make.__name__ = make.__qualname__ = name
    return make


zeros = _factory(np.zeros, "zeros")  # (no memory_format, as in PyTorch)
ones = _factory(np.ones, "ones")
_empty = _factory(np.zeros, "empty")  # zero-filled: uninitialised memory would be irreproducible


def empty(*size_args, size=None, out=None, dtype=None, layout=None, device=None,
          requires_grad=False, pin_memory=False, memory_format=None):
    if memory_format is None or memory_format is _formats.contiguous_format:
        return _empty(*size_args, size=size, out=out, dtype=dtype, device=device,
                      requires_grad=requires_grad)
    _formats.check_type(memory_format, "empty")
    if memory_format is _formats.preserve_format:
        raise RuntimeError("unsupported memory format Preserve")
    result = _empty(*size_args, size=size, out=out, dtype=dtype, device=device)
    strides = _formats.format_strides(result._data.shape, memory_format)
    return _laid_leaf(result._data, strides, requires_grad)


def _with_strides(data, strides):
    """``data``'s values in a new array with ``strides`` (elements), or its empty array
    marked with them (NumPy keeps no strides for an empty array; the tensor keeps PyTorch's)."""
    if data.size:
        return _formats.laid_out(data, strides)
    return data


def full(size, fill_value, *, out=None, dtype=None, device=None, requires_grad=False):
    if out is not None:
        refuse_out("full")
    _check_device(device)
    if dtype is None:
        dtype = _dtype.scalar_dtype(fill_value)
    return _leaf(np.full(tuple(size), _fill_value(fill_value, _np(dtype)), _np(dtype)),
                 requires_grad)


def _fill_value(value, np_dtype):
    """A fill value for an array of ``np_dtype``: a complex number only for a complex or bool
    one (PyTorch's overflow error otherwise, never NumPy's cast to the real part)."""
    if type(value) is complex and np_dtype.kind != "c":
        if np_dtype.kind == "b":
            return bool(value)
        if value.imag:
            refuse_complex_number(np_dtype)
        value = value.real  # (no imaginary part: PyTorch converts the real part)
    return checked_number(value, np_dtype)


def _like(value, name):
    def make(input, *, dtype=None, device=None, requires_grad=False, memory_format=None):
        _check_device(device)
        np_dtype = _np(dtype, input.dtype)
        strides = _like_strides(input, memory_format, name)
        if strides is None:
            return _leaf(_filled_like(input._data, value, np_dtype), requires_grad)
        return _laid_leaf(np.full(input._data.shape, value, np_dtype), strides, requires_grad)
    make.__name__ = make.__qualname__ = name
    return make


def _like_strides(input, memory_format, name):
    """The strides (elements) a ``*_like`` factory gives its result for ``memory_format``:
    None for preserve_format (the default, ``_filled_like``), else the format's (its rank
    checked)."""
    if memory_format is None or memory_format is _formats.preserve_format:
        return None
    _formats.check_type(memory_format, name)
    return _formats.format_strides(input._data.shape, memory_format)


def _laid_leaf(data, strides, requires_grad):
    """A new leaf of ``data``'s values laid out with ``strides`` (elements)."""
    tensor = _leaf(_with_strides(data, strides), requires_grad)
    if not data.size:
        tensor._empty_layout = (tuple(strides), 0)
    return tensor


def _filled_like(data, value, np_dtype):
    """An array of ``data``'s shape filled with ``value``, laid out as PyTorch's
    preserve_format (the default) lays it: with ``data``'s strides when its memory is
    non-overlapping and dense (a transposed or permuted tensor, a LAPACK result), else dense
    strides in the order of ``data``'s."""
    if data.ndim < 2 or (data.base is None and data.flags.c_contiguous):  # (a fresh one)
        return np.full(data.shape, value, np_dtype)
    out = _preserved_empty(data, np_dtype)
    out.fill(value)
    return out


def _preserved_empty(data, np_dtype):
    """A new array of ``data``'s shape (its values unset) laid out as preserve_format lays
    it (see ``_filled_like``)."""
    itemsize = np.dtype(np_dtype).itemsize
    if non_overlapping_and_dense(data):  # (its strides exactly, those of dims of size 1 too)
        strides = [stride // data.itemsize * itemsize for stride in data.strides]
    else:
        strides = [0] * data.ndim
        step = itemsize
        for dim in reversed(iteration_order(data, ())):  # (innermost first)
            strides[dim] = step
            step *= max(data.shape[dim], 1)
    return np.lib.stride_tricks.as_strided(np.empty(data.size, np_dtype), data.shape, strides)


zeros_like = _like(0, "zeros_like")
ones_like = _like(1, "ones_like")
empty_like = _like(0, "empty_like")  # zero-filled: uninitialised memory would be irreproducible


def full_like(input, fill_value, *, dtype=None, device=None, requires_grad=False,
              memory_format=None):
    _check_device(device)
    np_dtype = _np(dtype, input.dtype)
    value = _fill_value(fill_value, np_dtype)
    strides = _like_strides(input, memory_format, "full_like")
    if strides is None:
        return _leaf(_filled_like(input._data, value, np_dtype), requires_grad)
    return _laid_leaf(np.full(input._data.shape, value, np_dtype), strides, requires_grad)


def rand(*size_args, size=None, generator=None, out=None, dtype=None, device=None,
         requires_grad=False):
    _check_device(device)
    if out is not None:
        refuse_out("rand")
    data = _random.rand(_sizes(size_args, size), generator,
                        _dtype.to_dtype(dtype) if dtype else None)
    return _leaf(data, requires_grad)


def randn(*size_args, size=None, generator=None, out=None, dtype=None, device=None,
          requires_grad=False):
    _check_device(device)
    if out is not None:
        refuse_out("randn")
    data = _random.randn(_sizes(size_args, size), generator,
                         _dtype.to_dtype(dtype) if dtype else None)
    return _leaf(data, requires_grad)


def randint(low, high=None, size=None, *, generator=None, out=None, dtype=None, device=None,
            requires_grad=False):
    _check_device(device)
    if out is not None:
        refuse_out("randint")
    if size is None:  # randint(high, size)
        low, high, size = 0, low, high
    data = _random.randint(low, high, tuple(size), generator,
                           _dtype.to_dtype(dtype) if dtype else None)
    return _leaf(data, requires_grad)


def randperm(n, *, generator=None, out=None, dtype=None, device=None, requires_grad=False):
    _check_device(device)
    if out is not None:
        refuse_out("randperm")
    data = _random.randperm(n, generator, _dtype.to_dtype(dtype) if dtype else None)
    return _leaf(data, requires_grad)


def rand_like(input, *, generator=None, dtype=None, device=None, requires_grad=False,
              memory_format=None):
    _check_device(device)
    return _random_like(input, memory_format, "rand_like", requires_grad, functools.partial(
        _random.rand, generator=generator, dtype=_dtype.to_dtype(dtype or input.dtype)))


def randn_like(input, *, generator=None, dtype=None, device=None, requires_grad=False,
               memory_format=None):
    _check_device(device)
    return _random_like(input, memory_format, "randn_like", requires_grad, functools.partial(
        _random.randn, generator=generator, dtype=_dtype.to_dtype(dtype or input.dtype)))


def randint_like(input, low, high=None, *, generator=None, dtype=None, device=None,
                 requires_grad=False, memory_format=None):
    _check_device(device)
    if high is None:
        low, high = 0, low
    return _random_like(input, memory_format, "randint_like", requires_grad, functools.partial(
        _random.randint, low, high, generator=generator,
        dtype=_dtype.to_dtype(dtype or input.dtype)))


def _random_like(input, memory_format, name, requires_grad, draw):
    """A new leaf of ``input``'s shape drawn by ``draw(shape)`` and laid out as
    ``memory_format`` lays it (preserve_format, the default: ``input``'s strides where its
    memory is dense). PyTorch draws into the new tensor's memory in memory order, so the
    values are drawn flat and viewed with the layout's strides."""
    data = input._data
    strides = _like_strides(input, memory_format, name)
    if strides is None:
        if data.ndim < 2 or (data.base is None and data.flags.c_contiguous):  # (a fresh one)
            return _leaf(draw(data.shape), requires_grad)
        strides = [s // data.itemsize for s in _preserved_empty(data, data.dtype).strides]
    flat = draw((data.size,))
    if not data.size:
        return _laid_leaf(flat.reshape(data.shape), strides, requires_grad)
    return _leaf(np.ndarray(data.shape, flat.dtype, flat, 0,
                            [s * flat.itemsize for s in strides]), requires_grad)


def arange(start, end=None, step=1, *, out=None, dtype=None, layout=None, device=None,
           pin_memory=False, requires_grad=False):
    _check_device(device)
    if out is not None:
        refuse_out("arange")
    if end is None:
        start, end = 0, start
    values = (start, end, step)
    if dtype is None:
        is_float = any(isinstance(v, float) or (isinstance(v, TensorBase) and v.is_floating_point())
                       for v in values)
        dtype = _dtype.get_default_dtype() if is_float else _dtype.int64
    if _dtype.to_dtype(dtype).is_complex:
        raise NotImplementedError(f"\"arange_cpu\" not implemented for "
                                  f"'{_dtype.to_dtype(dtype).legacy_name[:-6]}'")
    np_dtype = np.dtype(_np(dtype))
    if np_dtype == np.bool_:
        raise NotImplementedError("\"arange_cpu\" not implemented for 'Bool'")
    count, start, step = _spaced.arange_count(start, end, step, np_dtype)
    if np_dtype.kind in "iu":
        data = (start + step * np.arange(count, dtype=np.int64)).astype(np_dtype)
    else:
        data = _spaced.arange_values(start, step, count, np_dtype, get_num_threads())
    return _leaf(data, requires_grad)


def linspace(start, end, steps, *, out=None, dtype=None, layout=None, device=None,
             pin_memory=False, requires_grad=False):
    _check_device(device)
    if out is not None:
        refuse_out("linspace")
    start, end, steps = _spaced.check_arguments("linspace", start, end, steps)
    dt = _spaced.default_dtype(start, end, dtype)
    return _leaf(_spaced.spaced_values(start, end, steps, dt), requires_grad)


def logspace(start, end, steps, base=10.0, *, out=None, dtype=None, layout=None, device=None,
             pin_memory=False, requires_grad=False):
    _check_device(device)
    if out is not None:
        refuse_out("logspace")
    start, end, steps = _spaced.check_arguments("logspace", start, end, steps)
    dt = _spaced.default_dtype(start, end, dtype)
    return _leaf(_spaced.powers(base, start, end, steps, dt), requires_grad)


def eye(n, m=None, *, out=None, dtype=None, device=None, requires_grad=False):
    _check_device(device)
    if out is not None:
        refuse_out("eye")
    return _leaf(np.eye(n, m, dtype=_np(dtype)), requires_grad)


def legacy_new(*args, **kwargs):
    """``Tensor(data)`` copies data as float32; ``Tensor(2, 3)`` makes a (zeroed) 2x3 tensor."""
    dev = kwargs.pop("device", None)
    if dev is not None and device(dev).type != "cpu":
        raise RuntimeError("legacy constructor expects device type: cpu but device type: "
                           f"{device(dev).type} was passed")
    if not args:
        return _make(np.zeros((0,), np.float32))
    if len(args) == 1 and not isinstance(args[0], (int, np.integer)):
        data = args[0]
        if isinstance(data, TensorBase):
            return data
        array = np.array(_unwrap(data, []))
        if array.dtype.kind == "c":  # (PyTorch converts each number to a float)
            raise TypeError("must be real number, not complex")
        return _make(array.astype(np.float32))
    return _make(np.zeros(_sizes(args), np.float32))


def new_like(t, fill, size, fill_value, dtype, requires_grad):
    """``t.new_zeros(...)`` and friends: same dtype as ``t`` unless given."""
    dtype = _dtype.to_dtype(dtype) if dtype is not None else t.dtype
    if fill is None:
        return full(size, fill_value, dtype=dtype, requires_grad=requires_grad)
    return _leaf(fill(tuple(size), dtype.np_dtype), requires_grad)
