"""``embedding`` (with ``max_norm`` renormalisation) and ``one_hot``."""
import numpy as np

from ..._ops.embedding_checks import check_indices
from ..._ops.nn import EmbeddingBackward0
from ..._tensor import Tensor
from ..._tensor_base import _make


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
    if max_norm is not None:  # (checked first: the rows renormalised must exist)
        check_indices(input, num)
        _renorm_rows(weight, np.unique(input._data), max_norm, norm_type)
    # (the op checks the indices after saving them: embedding_checks.py)
    return EmbeddingBackward0.apply(weight, input, padding_idx, scale_grad_by_freq)


def _renorm_rows(weight, rows, max_norm, norm_type):
    """PyTorch's ``embedding_renorm_``: each used row whose norm (in the row's type, read as
    a double) exceeds max_norm multiplied by ``max_norm / (norm + 1e-7)``."""
    data = weight._data
    flat = weight.detach()
    for row in rows:
        norm = flat[int(row)].norm(norm_type).item()
        if norm > max_norm:
            scale = max_norm / (norm + 1e-7)
            data[row] = (flat[int(row)] * scale)._data
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
