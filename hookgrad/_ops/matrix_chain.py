"""``torch.linalg.multi_dot``: the product of a chain of matrices (the first and last may be
vectors), multiplied in the order that costs the fewest scalar multiplications, as PyTorch
chooses it; recorded as PyTorch records it: ``mm`` nodes (``unsqueeze`` of a vector end)
under one ``view`` to the result's shape."""
from .linalg import mm
from .op import cpp_type_name, refuse_out


def _check(tensors):
    n = len(tensors)
    if n < 2:
        raise RuntimeError(f"multi_dot(): expected at least 2 tensors but got {n}")
    for i, t in enumerate(tensors):
        ndim = t._data.ndim
        if i == 0 and ndim not in (1, 2):
            raise RuntimeError(f"multi_dot(): the first tensor must be 1D or 2D but got {ndim}D")
        if i == n - 1 and ndim not in (1, 2):
            raise RuntimeError(f"multi_dot(): the last tensor must be 1D or 2D but got {ndim}D")
        if 0 < i < n - 1 and ndim != 2:
            raise RuntimeError(f"multi_dot(): tensor {i} must be 2D but got {ndim}D")
    first = tensors[0]._data
    for i, t in enumerate(tensors[1:], 1):
        if t._data.dtype != first.dtype:
            raise RuntimeError("multi_dot(): all tensors must have be the same dtype but tensor 0 "
                               f"is {cpp_type_name(first)} and tensor {i} "
                               f"{cpp_type_name(t._data)}")
    for i in range(n - 1):
        left, right = tensors[i]._data.shape, tensors[i + 1]._data.shape
        if left[-1] != right[0]:
            raise RuntimeError(f"multi_dot(): tensors {i} and {i + 1} with shapes "
                               f"{list(left)} and {list(right)} cannot be multiplied")


def _order(sizes):
    """The cheapest split of each sub-chain (the first cheapest k, as PyTorch's dynamic
    programme): ``split[i][j]`` for the chain of matrices i..j, matrix i being
    ``sizes[i] x sizes[i + 1]``."""
    n = len(sizes) - 1
    cost = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            cost[i][j] = None
            for k in range(i, j):
                c = cost[i][k] + cost[k + 1][j] + sizes[i] * sizes[k + 1] * sizes[j + 1]
                if cost[i][j] is None or c < cost[i][j]:
                    cost[i][j], split[i][j] = c, k
    return split


def _multiply(matrices, split, i, j):
    if i == j:
        return matrices[i]
    k = split[i][j]
    # the right factor first, as PyTorch's C++ evaluates mm's arguments (GCC: right to left):
    # the left product's node is the later one, so backward runs it first
    right = _multiply(matrices, split, k + 1, j)
    return mm(_multiply(matrices, split, i, k), right)


def multi_dot(tensors, *, out=None):
    """``torch.linalg.multi_dot``: ``tensors[0] @ tensors[1] @ ... @ tensors[-1]``."""
    if out is not None:
        refuse_out("linalg.multi_dot")
    tensors = list(tensors)
    _check(tensors)
    first, last = tensors[0], tensors[-1]
    shape = first._data.shape[:-1] + last._data.shape[1:]
    matrices = list(tensors)
    if first._data.ndim == 1:
        matrices[0] = first.unsqueeze(0)
    if last._data.ndim == 1:
        matrices[-1] = last.unsqueeze(1)
    sizes = [m._data.shape[0] for m in matrices] + [matrices[-1]._data.shape[1]]
    if len(matrices) == 3:  # (PyTorch's own rule for three: (AB)C unless A(BC) is cheaper)
        a, b, c, d = sizes
        split = [[0, 0, 1], [0, 0, 1], [0, 0, 0]] if a * b * c + a * c * d <= b * c * d \
            + a * b * d else [[0, 0, 0], [0, 0, 1], [0, 0, 0]]
    else:
        split = _order(sizes)
    return _multiply(matrices, split, 0, len(matrices) - 1).view(shape)
