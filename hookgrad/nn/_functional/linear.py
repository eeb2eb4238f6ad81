"""``linear`` (addmm / mm, as PyTorch records it) and ``bilinear``."""
import numpy as np

from ..._ops import linalg as _linalg
from ..._ops.op import cpp_type_name
from ..._ops.trilinear import TrilinearBackward0
from ..._ops.views import reshape_node


def linear(input, weight, bias=None):
    """``input @ weight.T + bias`` with PyTorch's graph: addmm / mm, reshaped around N-d (its
    nodes created in PyTorch's order, which decides the order a backward runs them in)."""
    if weight._data.ndim != 2 or input._data.ndim == 0:
        out = _linalg.matmul(input, weight.t())
        return out + bias if bias is not None else out
    ndim = input._data.ndim
    if ndim == 2:
        weight_t = weight.t()
        return (_linalg.addmm(bias, input, weight_t) if bias is not None
                else _linalg.mm(input, weight_t))
    if bias is not None and input.is_contiguous():
        # PyTorch's fused path: the input flattened to rows (before weight.t(), as PyTorch),
        # addmm, viewed back
        out_shape = input._data.shape[:-1] + (weight._data.shape[0],)
        flat = input.reshape(int(np.prod(out_shape[:-1])), input._data.shape[-1])  # (size 0)
        return _linalg.addmm(bias, flat, weight.t()).view(out_shape)
    # otherwise matmul (which folds the input into rows only where PyTorch's does), + bias
    out = _linalg.matmul(input, weight.t())
    return out if bias is None else out + bias


def bilinear(input1, input2, weight, bias=None):
    """PyTorch's composite: both inputs flattened to rows, one ``_trilinear`` node (one
    ``TrilinearBackward0``), the rows reshaped back, then the bias added."""
    tensors = (input1, input2, weight) + (() if bias is None else (bias,))
    if len({t._data.dtype for t in tensors}) > 1:
        names = ("input1", "input2", "weight", "bias")
        got = ", ".join(f"{n}: {cpp_type_name(t._data)}" for n, t in zip(names, tensors))
        raise RuntimeError(f"All tensors must have the same dtype, got {got}")
    s1, s2, sw = input1._data.shape, input2._data.shape, weight._data.shape
    if len(s1) != len(s2):
        raise RuntimeError(f"bilinear(): input dimensions do not match: got {len(s1)} and "
                           f"{len(s2)}")
    for i in range(len(s1) - 1):
        if s1[i] != s2[i]:
            raise RuntimeError(f"bilinear(): input batch dimensions do not match at dim {i}: "
                               f"got {s1[i]} and {s2[i]}")
    if s1[-1] != sw[1]:
        raise RuntimeError(f"bilinear(): input1 size does not match weight size: got {s1[-1]} "
                           f"but expected {sw[1]}")
    if s2[-1] != sw[2]:
        raise RuntimeError(f"bilinear(): input2 size does not match weight size: got {s2[-1]} "
                           f"but expected {sw[2]}")
    if bias is not None and bias._data.shape[0] != sw[0]:
        raise RuntimeError(f"bilinear(): bias size does not match weight size: got "
                           f"{bias._data.shape[0]} but expected {sw[0]}")
    rows = int(np.prod(s1[:-1]))
    rows1 = reshape_node(input1, (rows, s1[-1]))
    rows2 = reshape_node(input2, (rows, s2[-1]))
    out = TrilinearBackward0.apply(rows1, weight, rows2, "bi,oij,bj->bo")
    out = reshape_node(out, s1[:-1] + (sw[0],))
    return out + bias if bias is not None else out
