"""The type names PyTorch's argument parser prints in its "received an invalid combination of
arguments - got (...)" errors: ``Tensor`` for a tensor, ``torch.dtype`` / ``torch.device`` /
``torch.memory_format`` for those, else the Python type's name."""
from . import _dtype
from ._device import device
from ._memory_format import memory_format
from ._tensor_base import TensorBase


def parser_type_name(value):
    if isinstance(value, TensorBase):
        return "Tensor"
    if isinstance(value, (_dtype.dtype, memory_format, device)):
        return "torch." + type(value).__name__
    return type(value).__name__
