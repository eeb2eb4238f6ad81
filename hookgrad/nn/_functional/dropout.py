"""Dropout: elementwise, per feature map (1-3 d) and alpha (SELU-preserving)."""
import math

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


def _feature_dropout(input, p, training, inplace, dims):
    _dropout_checks(p)
    if not training or p == 0:
        return input
    shape = input._data.shape
    batched = input._data.ndim == dims + 2
    lead = shape[:2] if batched else shape[:1]
    mask = _dropout_mask(input, lead + (1,) * dims, p)
    return input.mul_(mask) if inplace else input * mask


def dropout1d(input, p=0.5, training=True, inplace=False):
    return _feature_dropout(input, p, training, inplace, 1)


def dropout2d(input, p=0.5, training=True, inplace=False):
    return _feature_dropout(input, p, training, inplace, 2)


def dropout3d(input, p=0.5, training=True, inplace=False):
    return _feature_dropout(input, p, training, inplace, 3)


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
