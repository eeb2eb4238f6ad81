"""The checks of PyTorch's class-target loss kernels (``nll_loss_forward``,
``nll_loss2d_forward``, ``multi_margin_loss``), in their order, run by the ops after they save
their inputs: PyTorch's autograd layer saves them (and so calls the saved-tensor pack hooks)
before the kernel checks its arguments."""
import numpy as np

from .. import _dtype

_CLASS_TARGETS = (np.dtype(np.int64), np.dtype(np.uint8))


def check_nll(spatial, input, target, weight):
    """``spatial``: nll_loss2d's checks (a 4-d input), else nll_loss's (1-d or 2-d)."""
    shape, target_shape = input._data.shape, target._data.shape
    if spatial:
        if len(target_shape) != 3:
            raise RuntimeError("only batches of spatial targets supported (3D tensors) but got "
                               f"targets of dimension: {len(target_shape)}")
    elif len(target_shape) > 1:
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    if target._data.dtype not in _CLASS_TARGETS:
        raise RuntimeError("expected target dtype to be Long or Byte, but got "
                           f"{_type_name(target._data)}")
    if len(shape) == 1 and len(target_shape) == 1 and target_shape[0] != 1:
        raise ValueError("For 1D input, 1D target must have size 1, but got target size: "
                         f"{target_shape[0]}")
    classes = shape[1] if spatial or len(shape) > 1 else shape[0]
    if weight is not None and weight._data.size != classes:
        if spatial:
            raise RuntimeError("weight tensor should be defined either for all or no classes")
        raise RuntimeError(f"weight tensor should be defined either for all {classes} classes or "
                           f"no classes but got weight tensor of shape: "
                           f"{list(weight._data.shape)}")
    if spatial and target_shape != (shape[0],) + shape[2:]:
        raise RuntimeError(f"size mismatch (got input: {list(shape)} , target: "
                           f"{list(target_shape)}")


def _type_name(array):
    return _dtype.from_numpy_dtype(array.dtype).legacy_name[:-6]


def check_multi_margin(input, target, weight):
    x, t = input._data, target._data
    if not ((x.size and x.ndim <= 2) or (x.ndim == 2 and x.shape[1])):
        raise RuntimeError("Expected non-empty vector or matrix with optional 0-dim batch size, "
                           f"but got: {list(x.shape)}")
    frames = x.shape[0] if x.ndim == 2 else 1
    if t.ndim > 1 or t.size != frames:
        raise RuntimeError("multi_margin_loss: target tensor should be 1-D with size equal to "
                           "the number of input samples (batch size). Expected target size "
                           f"[{frames}], but got {list(t.shape)}. Input has shape "
                           f"{list(x.shape)}.")
    classes = x.shape[-1] if x.ndim else 1
    if weight is not None and (weight._data.ndim > 1 or weight._data.size != classes):
        raise RuntimeError(f"inconsistent weight size, expected {classes} but got "
                           f"{list(weight._data.shape)}")
    if t.dtype != np.int64:  # (the kernel reads it as int64)
        raise RuntimeError(f"expected scalar type Long but found {_type_name(t)}")
    if t.size and (t.min() < 0 or t.max() >= classes):
        raise RuntimeError("target out of range")
