"""``embedding`` (with ``max_norm`` renormalisation) and ``one_hot``."""
import numpy as np

from ..._cpp_print import type_string
from ..._ops.nn import EmbeddingBackward0
from ..._tensor import Tensor
from ..._tensor_base import _make
from .utils import _type_name


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0,
              scale_grad_by_freq=False, sparse=False):
    num = weight._data.shape[0]
    if padding_idx is not None:
        if padding_idx > 0:
            assert padding_idx < num, "Padding_idx must be within num_embeddings"
        elif padding_idx < 0:
            assert padding_idx >= -num, "Padding_idx must be within num_embeddings"
            padding_idx += num
    if not isinstance(input, Tensor):
        input = _make(np.asarray(input))
    if max_norm is not None:  # (first, as F.embedding: its rows are renormed in place)
        _renorm_rows(weight, input, max_norm, norm_type)
    # (the op checks the indices after saving them: embedding_checks.py)
    return EmbeddingBackward0.apply(weight, input, padding_idx, scale_grad_by_freq)


def _renorm_rows(weight, indices, max_norm, norm_type):
    """PyTorch's ``embedding_renorm_``: each distinct index in ascending order selects a row
    (a negative one counts from the end, as ``select``); a row whose norm (in the row's type,
    read as a double) exceeds max_norm is multiplied by ``max_norm / (norm + 1e-7)``. An index
    out of range raises select's error there, after the rows before it were renormed."""
    if indices._data.dtype not in (np.int64, np.int32):
        raise RuntimeError("Expected tensor for argument #2 'indices' to have one of the "
                           f"following scalar types: Long, Int; but got "
                           f"{type_string(indices._data)} instead (while checking arguments "
                           "for embedding_renorm_)")
    data = weight._data
    if data.dtype.kind not in "fcV" and indices._data.size:  # (C++'s Tensor::norm refuses it)
        raise RuntimeError("norm(): input dtype should be either floating point or complex. "
                           f"Got {_type_name(weight)} instead.")
    flat = weight.detach()
    num = data.shape[0]
    for index in np.unique(indices._data).tolist():  # (sorted: PyTorch's order)
        if not -num <= index < num:  # (the op raised: no version bump)
            raise IndexError(f"select(): index {index} out of range for tensor of size "
                             f"[{', '.join(map(str, data.shape))}] at dimension 0")
        norm = flat[index].norm(norm_type).item()
        if norm > max_norm:
            scale = max_norm / (norm + 1e-7)
            data[index] = (flat[index] * scale)._data
    weight._vc[0] += 1


def one_hot(tensor, num_classes=-1):
    x = tensor._data
    if x.dtype != np.int64:
        raise RuntimeError("one_hot is only applicable to index tensor of type LongTensor.")
    if num_classes == -1:
        if x.size == 0:
            raise RuntimeError("Can not infer total number of classes from empty tensor.")
        num_classes = int(x.max()) + 1
    if x.size and x.min() < 0:
        raise RuntimeError("Class values must be non-negative.")
    if x.size and x.max() >= num_classes:
        raise RuntimeError("Class values must be smaller than num_classes.")
    return _make((x[..., None] == np.arange(num_classes)).astype(np.int64))
