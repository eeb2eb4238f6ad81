"""``linear`` (addmm / mm, as PyTorch records it) and ``bilinear``."""
import numpy as np

from ..._ops import linalg as _linalg
from ..._ops.linalg import UnsafeViewBackward0
from ..._ops.nn import SqueezeBackward4


def linear(input, weight, bias=None):
    """``input @ weight.T + bias`` with PyTorch's graph: addmm / mm, reshaped around N-d."""
    if weight._data.ndim != 2 or input._data.ndim == 0:
        out = _linalg.matmul(input, weight.t())
        return out + bias if bias is not None else out
    ndim = input._data.ndim
    weight_t = weight.t()
    if ndim == 2:
        return (_linalg.addmm(bias, input, weight_t) if bias is not None
                else _linalg.mm(input, weight_t))
    out_shape = input._data.shape[:-1] + (weight._data.shape[0],)
    flat = input.reshape(int(np.prod(out_shape[:-1])), input._data.shape[-1])  # (size-0 safe)
    if bias is not None:
        return _linalg.addmm(bias, flat, weight_t).view(out_shape)
    if ndim == 1:
        return SqueezeBackward4.apply(_linalg.mm(input.unsqueeze(0), weight_t), (0,))
    return UnsafeViewBackward0.apply(_linalg.mm(flat, weight_t), out_shape)


def bilinear(input1, input2, weight, bias=None):
    out = (input1.unsqueeze(-2).unsqueeze(-2) @ weight @ input2.unsqueeze(-2).unsqueeze(-1))
    out = out.squeeze(-1).squeeze(-1)
    return out + bias if bias is not None else out
