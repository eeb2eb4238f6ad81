"""Dropout: elementwise, per feature map (1-3 d) and alpha (SELU-preserving)."""
import math
import warnings

import numpy as np

from ..._random import rng as _rng
from ..._tensor_base import _make
from .activation import _SELU_ALPHA, _SELU_SCALE


def _dropout_checks(p):
    if p < 0 or p > 1:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")


def _dropout_mask(input, shape, p):
    keep = _rng().random(shape, dtype=np.float64) >= p
    dtype = input._data.dtype
    scale = 0 if p == 1 else 1 / (1 - p)
    return _make(keep.astype(dtype) * np.asarray(scale, dtype))


def dropout(input, p=0.5, training=True, inplace=False):
    _dropout_checks(p)
    if not training or p == 0:
        return input
    mask = _dropout_mask(input, input._data.shape, p)
    return input.mul_(mask) if inplace else input * mask


def _feature_dropout(input, p, training, inplace):
    """PyTorch's feature dropout: whole channels (dim 1) of each sample (dim 0) dropped."""
    if not training or p == 0:
        return input
    if p == 1:  # (no channel noise drawn, so no check of the dims)
        zero = _make(np.zeros((), input._data.dtype))
        return input.mul_(zero) if inplace else input * zero
    shape = input._data.shape
    if len(shape) < 2:
        raise RuntimeError("Feature dropout requires at least 2 dimensions in the input")
    mask = _dropout_mask(input, shape[:2] + (1,) * (len(shape) - 2), p)
    return input.mul_(mask) if inplace else input * mask


def _unbatched_feature_dropout(input, p, training, inplace):
    """Feature dropout of one sample, through a batch of one (a view each way)."""
    batch = input.unsqueeze_(0) if inplace else input.unsqueeze(0)
    result = _feature_dropout(batch, p, training, inplace)
    return result.squeeze_(0) if inplace else result.squeeze(0)


def dropout1d(input, p=0.5, training=True, inplace=False):
    _dropout_checks(p)
    ndim = input._data.ndim
    if ndim not in (2, 3):
        raise RuntimeError(f"dropout1d: Expected 2D or 3D input, but received a {ndim}D input. "
                           "Note that dropout1d exists to provide channel-wise dropout on inputs "
                           "with 1 spatial dimension, a channel dimension, and an optional batch "
                           "dimension (i.e. 2D or 3D inputs).")
    if ndim == 3:
        return _feature_dropout(input, p, training, inplace)
    return _unbatched_feature_dropout(input, p, training, inplace)


def dropout2d(input, p=0.5, training=True, inplace=False):
    """A 3-D input is taken as a batch of 1-d maps, as PyTorch does (with its warning)."""
    _dropout_checks(p)
    ndim = input._data.ndim
    if ndim not in (3, 4):
        _wrong_dims_warning("dropout2d", ndim, "3D or 4D")
    if ndim == 3:
        warnings.warn("dropout2d: Received a 3D input to dropout2d and assuming that channel-wise "
                      "1D dropout behavior is desired - input is interpreted as shape (N, C, L), "
                      "where C is the channel dim. This behavior will change in a future release "
                      "to interpret the input as one without a batch dimension, i.e. shape (C, H, "
                      "W). To maintain the 1D channel-wise dropout behavior, please switch to "
                      "using dropout1d instead.", UserWarning, stacklevel=2)
    return _feature_dropout(input, p, training, inplace)


def dropout3d(input, p=0.5, training=True, inplace=False):
    _dropout_checks(p)
    ndim = input._data.ndim
    if ndim not in (4, 5):
        _wrong_dims_warning("dropout3d", ndim, "4D or 5D")
    if ndim == 5:
        return _feature_dropout(input, p, training, inplace)
    return _unbatched_feature_dropout(input, p, training, inplace)


def _wrong_dims_warning(name, ndim, expected):
    spatial = "2 spatial dimensions" if name == "dropout2d" else "3 spatial dimensions"
    warnings.warn(f"{name}: Received a {ndim}-D input to {name}, which is deprecated and will "
                  "result in an error in a future release. To retain the behavior and silence "
                  f"this warning, please use dropout instead. Note that {name} exists to provide "
                  f"channel-wise dropout on inputs with {spatial}, a channel dimension, and an "
                  f"optional batch dimension (i.e. {expected} inputs).", UserWarning, stacklevel=3)


def _alpha_dropout(input, p, training, shape):
    _dropout_checks(p)
    if not training or p == 0:
        return input
    if p == 1:
        return input * 0
    alpha = -_SELU_ALPHA * _SELU_SCALE
    keep = _rng().random(shape) >= p
    a = (1 / math.sqrt((alpha * alpha * p + 1) * (1 - p)))
    b = -a * alpha * p
    dtype = input._data.dtype
    mask = _make((keep * a).astype(dtype))
    shift = _make(((~keep) * (alpha * a) + b).astype(dtype))
    return input * mask + shift


def alpha_dropout(input, p=0.5, training=False, inplace=False):
    return _alpha_dropout(input, p, training, input._data.shape)


def feature_alpha_dropout(input, p=0.5, training=False, inplace=False):
    shape = input._data.shape
    return _alpha_dropout(input, p, training, shape[:2] + (1,) * (len(shape) - 2))
