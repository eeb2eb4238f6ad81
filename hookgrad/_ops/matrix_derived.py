"""Functions PyTorch writes as compositions of other ops, written the same way here so their
graphs show the same nodes and their values round the same: ``matrix_power`` (repeated
squaring), ``cov`` / ``corrcoef``, ``diagflat``, ``adjoint`` / ``mH`` / ``H``, ``hsplit`` /
``vsplit`` / ``dsplit`` and ``fill_diagonal_``."""
import math
import warnings

import numpy as np

from .. import _creation, _dtype
from .._tensor_base import _make
from . import complex_ops as _complex
from .arrange import diag_embed, tensor_split
from .op import refuse_out, type_name
from .strided import as_strided


def matrix_power(input, n, *, out=None):
    """``A ** n`` for square matrices (batches too): a clone for 1, the identity for 0, the
    inverse's power for negative n, and products by binary powering otherwise (2 and 3 as
    ``A @ A`` and ``(A @ A) @ A``), as PyTorch's linalg_matrix_power."""
    if out is not None:
        refuse_out("matrix_power")
    if input.dim() < 2:
        raise RuntimeError("linalg.matrix_power: The input tensor A must have at least 2 "
                           "dimensions.")
    if input.shape[-1] != input.shape[-2]:
        raise RuntimeError("linalg.matrix_power: A must be batches of square matrices, but "
                           f"they are {input.shape[-2]} by {input.shape[-1]} matrices")
    if n == 0:  # PyTorch copies an identity into a clone of the input (CopyBackwards)
        eye = _make(np.eye(input.shape[-1], dtype=input._data.dtype))
        return input.clone().copy_(eye.expand_as(input))
    if n < 0:  # the inverse's power (its first power is the inverse itself, not a clone)
        input, n = input.inverse(), -n
        if n == 1:
            return input
    if n == 1:
        return input.clone()
    if n == 2:
        return input.matmul(input)
    if n == 3:
        return input.matmul(input).matmul(input)
    result = square = None
    while n:
        square = input if square is None else square.matmul(square)
        if n & 1:
            result = square if result is None else result.matmul(square)
        n >>= 1
    return result


def adjoint(input):
    """The conjugate transpose of the last two dims (``mH``)."""
    if input.dim() < 2:
        raise RuntimeError("tensor.adjoint() is only supported on matrices or batches of "
                           f"matrices. Got {input.dim()}-D tensor.")
    flipped = input.transpose(-2, -1)
    return flipped.conj() if input.is_complex() else flipped


def matrix_H(input):
    """``x.H``: the conjugate transpose of a matrix (2-d only)."""
    if input.dim() != 2:
        raise RuntimeError("tensor.H is only supported on matrices (2-D tensors). Got "
                           f"{input.dim()}-D tensor. For batches of matrices, consider using "
                           "tensor.mH")
    return adjoint(input)


def diagflat(input, offset=0):
    """A matrix with the flattened input on its ``offset`` diagonal (PyTorch's
    ``contiguous().view(-1)``: a clone and a view of a non-contiguous input, fuzz 902:1230)."""
    return diag_embed(input.contiguous().view(-1), offset)


def _split(name, input, given, sections, indices, dim, min_dims):
    """``indices_or_sections`` from ``x.hsplit(2)``, ``x.hsplit([1, 2])``, ``x.hsplit(1, 2)``
    or the ``sections=`` / ``indices=`` keywords."""
    if sections is not None or indices is not None:
        indices_or_sections = sections if sections is not None else list(indices)
    elif len(given) == 1:
        indices_or_sections = given[0]
    else:
        indices_or_sections = list(given)
    if input.dim() < min_dims:
        at_least = "1 dimension" if min_dims == 1 else f"{min_dims} dimension"
        raise RuntimeError(f"torch.{name} requires a tensor with at least {at_least}, but got "
                           f"a tensor with {input.dim()} dimensions!")
    if isinstance(indices_or_sections, int):
        size = input.shape[dim]
        if indices_or_sections == 0 or size % indices_or_sections:
            raise RuntimeError(f"torch.{name} attempted to split along dimension {dim}, but "
                               f"the size of the dimension {size} is not divisible by the "
                               f"split_size {indices_or_sections}!")
    return tensor_split(input, indices_or_sections, dim)


def hsplit(input, *indices_or_sections, sections=None, indices=None):
    dim = 0 if input.dim() == 1 else 1
    return _split("hsplit", input, indices_or_sections, sections, indices, dim, 1)


def vsplit(input, *indices_or_sections, sections=None, indices=None):
    return _split("vsplit", input, indices_or_sections, sections, indices, 0, 2)


def dsplit(input, *indices_or_sections, sections=None, indices=None):
    return _split("dsplit", input, indices_or_sections, sections, indices, 2, 3)


def cov(input, *, correction=1, fweights=None, aweights=None):
    """The covariance of the rows of ``input`` (the observations along dim 1), as PyTorch
    computes it: the (weighted) mean removed, ``x @ (x * w).T`` divided by the degrees of
    freedom, squeezed; ``fweights`` (integer frequencies) times ``aweights`` (floating
    weights) weigh the observations."""
    if input.dim() > 2:
        raise RuntimeError(f"cov(): expected input to have two or fewer dimensions but got an "
                           f"input with {input.dim()} dimensions")
    if input.dtype is _dtype.bool_:
        raise RuntimeError("cov(): bool dtype is not supported for input")
    x = input.view(1, -1) if input.dim() < 2 else input
    observations = x.shape[1]
    w = None
    if fweights is not None:
        kind = fweights.dtype
        _check_weights("fweights", fweights, observations, "integral",
                       kind.is_floating_point or kind.is_complex or kind is _dtype.bool_)
        w = fweights
    if aweights is not None:
        _check_weights("aweights", aweights, observations, "floating point",
                       not aweights.dtype.is_floating_point)
        w = aweights if w is None else w * aweights
    if w is None:
        if not (x.is_floating_point() or x.is_complex()):
            x = x.to(_dtype.get_default_dtype())
        # (the mean as PyTorch's cov takes it: the sum divided by the count, a 0-d int64)
        total = _make(np.array(observations, np.int64))
        centred = x - (x.sum(1) / total).unsqueeze(1)
        norm_factor = _degrees_of_freedom(total - correction)
        weighted = centred
    else:
        total = w.sum()
        if not bool(total.ne(0)):
            raise RuntimeError("cov(): weights sum to zero, can't be normalized")
        average = (x * w).sum(1) / total
        if correction == 0:
            norm_factor = total
        elif aweights is None:
            norm_factor = total - correction
        elif fweights is None and observations == 1 and correction == 1:
            norm_factor = _make(np.array(0, np.int64))  # (PyTorch's corner case)
        else:
            norm_factor = total - correction * (w * aweights).sum() / total
        norm_factor = _degrees_of_freedom(norm_factor)
        if observations == 1 and (fweights is None) != (aweights is None):
            # PyTorch's shortcut for one observation and one kind of weights: it writes zeros
            # into the input itself (which the user then sees), an integer one made float
            centred = x.zero_()
            if not (centred.is_floating_point() or centred.is_complex()):
                centred = centred.to(_dtype.float32)
        else:
            centred = x - average.unsqueeze(1)
        weighted = centred * w
    weighted = weighted.t().conj() if weighted.is_complex() else weighted.t()
    product = centred.mm(weighted)
    if product.is_complex() and 1 in centred.shape:  # (PyTorch zeroes the imaginary parts)
        real = _complex.real(product)
        product = _complex.complex(real, _creation.zeros_like(real))
    return product.true_divide(norm_factor).squeeze()


def _check_weights(name, weights, observations, kind, wrong_dtype):
    """PyTorch's checks of cov's ``fweights`` / ``aweights``, in its order."""
    if weights.dim() > 1:
        raise RuntimeError(f"cov(): expected {name} to have one or fewer dimensions but got "
                           f"{name} with {weights.dim()} dimensions")
    if wrong_dtype:
        raise RuntimeError(f"cov(): expected {name} to have {kind} dtype but got {name} with "
                           f"{type_name(weights._data)} dtype")
    if weights.numel() != observations:
        raise RuntimeError(f"cov(): expected {name} to have the same numel as there are "
                           f"observations in the input but got {weights.numel()} != "
                           f"{observations}")
    if observations and not bool(weights.min().ge(0)):
        raise RuntimeError(f"cov(): {name} cannot be negative")


def _degrees_of_freedom(norm_factor):
    """The divisor, 0 (in place, as PyTorch zeroes it) where it is not positive, with
    PyTorch's warning (its TORCH_WARN: every time, Python's filter deciding)."""
    if bool(norm_factor.le(0)):
        warnings.warn("cov(): degrees of freedom is <= 0. Correction should be strictly less "
                      "than the number of observations. (Triggered internally at /__w/pytorch/"
                      "pytorch/aten/src/ATen/native/Correlation.cpp:129.)", UserWarning,
                      stacklevel=3)
        norm_factor.zero_()
    return norm_factor


def corrcoef(input):
    """Pearson correlation coefficients of the rows of ``input``, clipped to [-1, 1]."""
    c = cov(input)
    if c.dim() == 0:
        return c / c
    stddev = c.diagonal().sqrt()
    c = c / stddev.view(-1, 1)
    c = c / stddev.view(1, -1)
    return c.clip(-1, 1)


def fill_diagonal_(self, fill_value, wrap=False):
    """Fill the main diagonal (all dims equal beyond two); ``wrap`` restarts it below a tall
    matrix's square part, every ``width + 1`` rows."""
    if self.dim() < 2:
        raise RuntimeError("dimensions must larger than 1")
    height, width = self.shape[0], self.shape[1]
    if self.dim() > 2 and any(size != height for size in self.shape):
        raise RuntimeError("all dimensions of input must be of equal length")
    offset = self.storage_offset()
    stride = sum(self.stride())
    as_strided(self, (min(height, width),), (stride,), offset).fill_(fill_value)
    if wrap and self.dim() == 2 and height > width + 1:
        step = width + 1
        extra = math.ceil(self.numel() / step) - min(height, width)
        as_strided(self, (extra,), (stride,), offset + self.stride(0) * step).fill_(fill_value)
    return self
