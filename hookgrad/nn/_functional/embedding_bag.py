"""``F.embedding_bag`` and ``torch.embedding_bag``: PyTorch's Python-side argument handling
(2-D input as fixed-length bags, the deprecated swapped order, its ValueErrors) and its C++
checks, in their order, over the EmbeddingBagBackward0 op."""
import warnings

import numpy as np

from ..._creation import arange
from ..._ops.embedding_bag import MAX, MEAN, SUM, EmbeddingBagBackward0
from ..._tensor_base import TensorBase
from .sparse import _renorm_rows

_TYPE_NAMES = {"int64": "Long", "int32": "Int", "float32": "Float", "float64": "Double",
               "float16": "Half", "int16": "Short", "int8": "Char", "uint8": "Byte",
               "bool": "Bool", "complex64": "ComplexFloat", "complex128": "ComplexDouble"}


def _tensor_type(t):
    name = _TYPE_NAMES.get(str(t._data.dtype), "BFloat16")
    return f"torch.{name}Tensor"


def embedding_bag(input, weight, offsets=None, max_norm=None, norm_type=2,
                  scale_grad_by_freq=False, mode="mean", sparse=False, per_sample_weights=None,
                  include_last_offset=False, padding_idx=None):
    if str(weight.dtype) == "torch.int64" and input.is_floating_point():
        warnings.warn("Argument order of nn.functional.embedding_bag was changed. Usage "
                      "`embedding_bag(weight, input, ...)` is deprecated, and should now be "
                      "`embedding_bag(input, weight, ...)`.", stacklevel=2)
        weight, input = input, weight
    if per_sample_weights is not None and input.size() != per_sample_weights.size():
        raise ValueError(f"embedding_bag: If per_sample_weights ({per_sample_weights.shape}) "
                         "is not None, then it must have the same shape as the input "
                         f"({input.shape})")
    if not weight.dim() == 2:
        raise ValueError(f"weight has to be a 2D Tensor, but got Tensor of dimension "
                         f"{weight.dim()}")
    if input.dim() == 2:
        if offsets is not None:
            raise ValueError("if input is 2D, then offsets has to be None, as input is treated "
                             "is a mini-batch of fixed length sequences. However, found "
                             f"offsets of type {_class(offsets)}")
        offsets = arange(0, input.numel(), input.size(1), dtype=input.dtype)
        include_last_offset = False
        input = input.reshape(-1)
        if per_sample_weights is not None:
            per_sample_weights = per_sample_weights.reshape(-1)
    elif input.dim() == 1:
        if offsets is None:
            raise ValueError("offsets has to be a 1D Tensor but got None")
        if offsets.dim() != 1:
            raise ValueError("offsets has to be a 1D Tensor")
    else:
        raise ValueError(f"input has to be 1D or 2D Tensor, but got Tensor of dimension "
                         f"{input.dim()}")
    if mode == "sum":
        mode_enum = SUM
    elif mode == "mean":
        mode_enum = MEAN
    elif mode == "max":
        mode_enum = MAX
        if scale_grad_by_freq:
            raise ValueError("max mode does not support scaling the gradient by the frequency")
        if sparse:
            raise ValueError("max mode does not support sparse weights")
    else:
        raise ValueError("mode has to be one of sum, mean or max")
    if max_norm is not None:  # (first, as F.embedding_bag: embedding_renorm_'s own checks)
        _renorm_rows(weight, input, max_norm, norm_type)
    if per_sample_weights is not None and mode != "sum":
        raise NotImplementedError(
            "embedding_bag: per_sample_weights was not None. per_sample_weights is only "
            f"supported for mode='sum' (got mode='{mode}'). Please open a feature request on "
            "GitHub.")
    return torch_embedding_bag(weight, input, offsets, scale_grad_by_freq, mode_enum, sparse,
                               per_sample_weights, include_last_offset, padding_idx)[0]


def _class(value):
    return "<class 'torch.Tensor'>" if isinstance(value, TensorBase) else str(type(value))


def _promoted(indices, offsets):
    """The indices' and offsets' common type, which PyTorch converts both to."""
    wide = np.int64 in (indices._data.dtype, offsets._data.dtype)
    return "Long" if wide else "Int"


def _check_indices(indices, offsets, weight):
    for t in (indices, offsets):
        if t._data.dtype not in (np.int64, np.int32):
            raise RuntimeError(
                "Expected tensor for argument #1 'indices' to have one of the following scalar "
                f"types: Long, Int; but got {_tensor_type(t)} instead (while checking arguments "
                "for embedding_bag)")
    if weight._data.dtype.kind != "f" and weight._data.dtype.name != "bfloat16":
        raise RuntimeError(
            "Expected tensor for argument #1 'weight' to have one of the following scalar "
            f"types: Half, BFloat16, Float, Double; but got {_tensor_type(weight)} instead "
            "(while checking arguments for embedding_bag)")


def torch_embedding_bag(weight, indices, offsets, scale_grad_by_freq=False, mode=0,
                        sparse=False, per_sample_weights=None, include_last_offset=False,
                        padding_idx=None):
    """``torch.embedding_bag``: (output, offset2bag, bag_size, max_indices)."""
    num = weight.shape[0]
    if padding_idx is not None:
        if not -num <= padding_idx < num:
            raise RuntimeError(f"padding_idx must be within the number of embeddings, -{num} "
                               f"through {num - 1}, but got {padding_idx}")
        padding_idx = padding_idx + num if padding_idx < 0 else padding_idx
    if sparse:
        raise NotImplementedError("hookgrad has no sparse tensors: embedding_bag(sparse=True) "
                                  "is not supported; use sparse=False")
    _check_indices(indices, offsets, weight)
    offs = offsets._data
    if offs.size:
        if offs[0] != 0:
            raise RuntimeError("offsets[0] has to be 0, i.e., the first sequence in the "
                               "mini-batch has to start from position 0. However, got "
                               f"{int(offs[0])}\n[ torch.{_promoted(indices, offsets)}Tensor{{}} ]")
        if offs[-1] > indices._data.size:
            raise RuntimeError(f"offsets[-1] can not be greater than input's length "
                               f"{indices._data.size} but got offsets[-1] of {int(offs[-1])}")
    if per_sample_weights is not None:
        if mode != SUM:
            raise RuntimeError("embedding_bag: per_sample_weights only supported with "
                               "mode='sum'")
        if per_sample_weights._data.dtype != weight._data.dtype:
            raise RuntimeError(
                "Expected tensor for argument #1 'weight' to have the same type as tensor for "
                "argument #1 'per_sample_weights'; but type "
                f"{_tensor_type(weight)} does not equal {_tensor_type(per_sample_weights)} "
                "(while checking arguments for embedding_bag)")
    if include_last_offset and offs.size < 1:
        raise RuntimeError("include_last_offset: number of offset should be at least 1")
    idx = indices._data
    bad = np.flatnonzero((idx < 0) | (idx >= num))
    if bad.size:
        raise RuntimeError(f"Index {bad[0]} of input takes value {idx[bad[0]]} which is not "
                           f"in the valid range [0, {num})")
    if not isinstance(weight, TensorBase):
        raise TypeError("embedding_bag(): argument 'weight' must be Tensor")
    return EmbeddingBagBackward0.apply(weight, per_sample_weights, indices, offsets,
                                       scale_grad_by_freq, mode, include_last_offset,
                                       padding_idx)
