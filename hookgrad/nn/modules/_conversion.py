"""``Module._apply`` and the conversions built on it (``to``, ``float``, ``double``, ``half``,
``cpu``, ``type``), with ``torch.__future__``'s flags deciding what happens to a parameter:
it keeps its identity and gets the converted data (default), it is replaced by a new
Parameter (overwrite), or it swaps contents with the converted tensor (swap, which wins)."""
import functools
import warnings

from ... import __future__ as future
from ... import _dtype
from ..._memory_format import memory_format
from ..._memory_format_ops import refuse_to
from ..._tensor_base import TensorBase
from ...autograd.grad_mode import no_grad
from ...utils import swap_tensors
from ..parameter import Parameter
from . import _devices


def _set_data(tensor, converted):
    """PyTorch's ``tensor.data = converted`` here: the object and its version counter stay."""
    tensor._data = converted._data


def apply(self, fn, recurse=True):
    """``Module._apply(fn)``: children first, then each parameter (and its ``.grad``) and
    buffer of ``self`` converted by ``fn`` under no_grad."""
    if recurse:
        for child in self.children():
            child._apply(fn)
    swap = future.get_swap_module_params_on_conversion()
    overwrite = future.get_overwrite_module_params_on_conversion()
    parameters = self._parameters
    for key, param in parameters.items():
        if param is None:
            continue
        with no_grad():
            converted = fn(param)
        grad = param._grad
        if swap:
            try:
                if grad is not None:
                    param.grad = None
                swap_tensors(param, Parameter(converted, requires_grad=param.requires_grad))
            except Exception as error:
                if grad is not None:
                    param.grad = grad
                raise RuntimeError(f"_apply(): Couldn't swap {self._get_name()}.{key}") from error
            new_param = param
        elif overwrite:
            new_param = parameters[key] = Parameter(converted, param.requires_grad)
        else:
            _set_data(param, converted)
            new_param = param
        if grad is None:
            continue
        with no_grad():
            grad_converted = fn(grad)
        if swap:
            grad_converted.requires_grad_(grad.requires_grad)
            try:
                swap_tensors(grad, grad_converted)
            except Exception as error:
                raise RuntimeError(f"_apply(): Couldn't swap {self._get_name()}.{key}.grad"
                                   ) from error
            new_param.grad = grad
        elif overwrite:
            new_param.grad = grad_converted.requires_grad_(grad.requires_grad)
        else:
            _set_data(new_param._grad, grad_converted)
    buffers = self._buffers
    for key, buffer in buffers.items():
        if buffer is not None:
            buffers[key] = fn(buffer)
    return self


def _convert_floating(dtype, tensor):
    return tensor.to(dtype) if dtype is not None and tensor.is_floating_point() else tensor


def _tensor_cpu(tensor):
    return tensor.cpu()


def to(self, *args, **kwargs):
    """``Module.to(device=None, dtype=None, non_blocking=False, memory_format=None)``,
    ``.to(dtype)``, ``.to(tensor)``: floating-point tensors take the dtype, 4-d and 5-d ones
    the memory format; every tensor goes through
    ``_apply`` even when nothing changes, as in PyTorch (which the conversion flags see)."""
    _devices.check_to(self, args, kwargs)
    dtype = kwargs.get("dtype")
    for arg in args:
        if isinstance(arg, _dtype.dtype):
            dtype = arg
        elif isinstance(arg, TensorBase):
            dtype = arg.dtype
    if dtype is not None and not (dtype.is_floating_point or dtype.is_complex):
        raise TypeError("nn.Module.to only accepts floating point or complex dtypes, but got "
                        f"desired dtype={dtype}")
    if dtype is not None and dtype.is_complex:
        warnings.warn(_COMPLEX_MODULES, stacklevel=2)
    fmt = kwargs.get("memory_format")
    if fmt is not None and type(fmt) is not memory_format:
        refuse_to(args, kwargs)
    return self._apply(functools.partial(_convert_floating_or_complex, dtype, fmt))


_COMPLEX_MODULES = (  # PyTorch's text, whole
    "Complex modules are a new feature under active development whose design may change, and "
    "some modules might not work as expected when using complex tensors as parameters or "
    "buffers. Please file an issue at https://github.com/pytorch/pytorch/issues/new?template="
    "bug-report.yml if a complex module does not work as expected.")


def _convert_floating_or_complex(dtype, fmt, tensor):
    """``Module.to(dtype, memory_format=fmt)``'s conversion: floating and complex tensors
    take the dtype; 4-d and 5-d ones the memory format (PyTorch's rank test: a 5-d weight
    asked for channels_last raises)."""
    if dtype is not None and not (tensor.is_floating_point() or tensor.is_complex()):
        dtype = None
    if fmt is not None and tensor.dim() in (4, 5):
        return tensor.to(dtype, memory_format=fmt)
    return tensor if dtype is None else tensor.to(dtype)


def to_float(self):
    return self._apply(functools.partial(_convert_floating, _dtype.float32))


def to_double(self):
    return self._apply(functools.partial(_convert_floating, _dtype.float64))


def to_half(self):
    return self._apply(functools.partial(_convert_floating, _dtype.float16))


def to_bfloat16(self):
    return self._apply(functools.partial(_convert_floating, _dtype.bfloat16))


def to_cpu(self):
    return self._apply(_tensor_cpu)
