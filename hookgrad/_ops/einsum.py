"""``einsum``, lowered as PyTorch lowers it, so its graph is PyTorch's node for node: each
operand is given every label's dim (diagonals taken for a label repeated in it, size-1 dims
for labels it lacks) and permuted to one order (the output's labels, then the summed ones);
operands are then contracted left to right, two at a time, by a product (no summed dim) or
permutes, reshapes and one bmm; dims only one operand still has are summed first."""
import string

from .._tensor_base import TensorBase
from .linalg import bmm
from .views import reshape_node

_LABELS = string.ascii_uppercase + string.ascii_lowercase  # PyTorch's label order
_ELLIPSIS = "."


def einsum(equation, *operands):
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    if not operands:
        raise RuntimeError("einsum(): must provide at least one operand")
    if not all(isinstance(t, TensorBase) for t in operands):
        raise TypeError("einsum(): operands must be Tensors")
    labels, output, ell_dims = _parse(equation, operands)
    # each label's position in the aligned order: the output's, then the summed ones
    position, n_out, n_dims = _positions(labels, output, ell_dims)
    aligned, counts = _align(operands, labels, position, n_dims, ell_dims)
    ops = list(aligned)
    while len(ops) > 1:
        a, b = ops.pop(0), ops.pop(0)
        summed, sum_a, sum_b = [], [], []
        for dim in range(n_out, n_dims):
            in_a, in_b = a._data.shape[dim] != 1, b._data.shape[dim] != 1
            if in_a and in_b:
                counts[dim] -= 1
                if counts[dim] == 1:
                    summed.append(dim)
                    counts[dim] = 0
            elif counts[dim] == 1:
                if in_a:
                    sum_a.append(dim)
                    counts[dim] = 0
                elif in_b:
                    sum_b.append(dim)
                    counts[dim] = 0
        if sum_a:
            a = a.sum(tuple(sum_a), keepdim=True)
        if sum_b:
            b = b.sum(tuple(sum_b), keepdim=True)
        ops.insert(0, _sum_product(a, b, summed))
    result = ops[0]
    if n_dims > n_out:
        if len(operands) > 1:  # every summed dim has size 1 by now
            return result.view(result._data.shape[:n_out])
        return result.sum(tuple(range(n_out, n_dims)))
    return result


def _parse(equation, operands):
    """Each operand's labels (``"."`` standing for its ellipsis), the output's labels
    (``"."`` for the ellipsis, or None where the output has none) and the number of dims the
    widest ellipsis covers."""
    lhs, arrow, rhs = equation.partition("->")
    labels = [[]]
    ellipsis_seen = False
    i = 0
    while i < len(lhs):
        c = lhs[i]
        if c == " ":
            pass
        elif c == ".":
            if ellipsis_seen:
                raise RuntimeError(f"einsum(): found '.' for operand {len(labels) - 1} for which "
                                   "an ellipsis was already found")
            if lhs[i:i + 3] != "...":
                raise RuntimeError(f"einsum(): found '.' for operand {len(labels) - 1} that is "
                                   "not part of any ellipsis")
            labels[-1].append(_ELLIPSIS)
            ellipsis_seen = True
            i += 2
        elif c == ",":
            labels.append([])
            if len(labels) > len(operands):
                raise RuntimeError("einsum(): fewer operands were provided than specified in "
                                   "the equation")
            ellipsis_seen = False
        elif c in _LABELS:
            labels[-1].append(c)
        else:
            raise RuntimeError(f"einsum(): invalid subscript given at index {i} in the equation "
                               "string, subscripts must be in [a-zA-Z]")
        i += 1
    if len(labels) != len(operands):
        raise RuntimeError("einsum(): more operands were provided than specified in the "
                           "equation")
    ell_dims = 0
    for k, (subs, t) in enumerate(zip(labels, operands)):
        n = len([s for s in subs if s != _ELLIPSIS])
        ndim = t._data.ndim
        if _ELLIPSIS in subs:
            ell_dims = max(ell_dims, ndim - n)
            ok, what = n <= ndim, ") is more than the number of dimensions ("
        else:
            ok, what = n == ndim, ") does not match the number of dimensions ("
        if not ok:
            raise RuntimeError(f"einsum(): the number of subscripts in the equation ({n}{what}"
                               f"{ndim}) for operand {k}"
                               + ("" if _ELLIPSIS in subs else " and no ellipsis was given"))
    if not arrow:
        return labels, None, ell_dims
    output = []
    i = 0
    while i < len(rhs):
        c = rhs[i]
        if c == ".":
            if _ELLIPSIS in output:
                raise RuntimeError("einsum(): found '.' for output but an ellipsis (...) was "
                                   "already found")
            if rhs[i:i + 3] != "...":
                raise RuntimeError("einsum(): found '.' for output that is not part of any "
                                   "ellipsis (...)")
            output.append(_ELLIPSIS)
            i += 2
        elif c != " ":
            if c not in _LABELS:
                raise RuntimeError(f"einsum(): invalid subscript given at index "
                                   f"{len(lhs) + 2 + i} in the equation string, subscripts "
                                   "must be in [a-zA-Z]")
            used = any(c in subs for subs in labels)
            if not used or c in output:
                raise RuntimeError(f"einsum(): output subscript {c}" + (
                    " appears more than once in the output" if used else
                    " does not appear in the equation for any input operand"))
            output.append(c)
        i += 1
    return labels, output, ell_dims


def _positions(labels, output, ell_dims):
    """Each label's dim in the aligned order (the ellipsis dims under ``"."``, as the first of
    them), how many of them the output has, and how many there are."""
    count = {}
    for subs in labels:
        for s in subs:
            if s != _ELLIPSIS:
                count[s] = count.get(s, 0) + 1
    position = {}
    index = 0
    if output is None:  # implicit: the ellipsis, then the labels used once
        position[_ELLIPSIS] = 0
        index = ell_dims
        for s in _LABELS:
            if count.get(s) == 1:
                position[s] = index
                index += 1
    else:
        for s in output:
            position[s] = index
            index += ell_dims if s == _ELLIPSIS else 1
    n_out = index
    if _ELLIPSIS not in position:
        position[_ELLIPSIS] = index
        index += ell_dims
    for s in _LABELS:
        if count.get(s) and s not in position:
            position[s] = index
            index += 1
    return position, n_out, index


def _align(operands, labels, position, n_dims, ell_dims):
    """The operands with every dim in the aligned order, and how many have each dim > 1."""
    label_size, ell_sizes = {}, [1] * ell_dims
    counts = [0] * n_dims
    aligned = []
    for k, (t, subs) in enumerate(zip(operands, labels)):
        op = t
        permutation = [-1] * n_dims
        dim = 0
        for s in subs:
            if s == _ELLIPSIS:
                covered = t._data.ndim - (len(subs) - 1)
                for j in range(ell_dims - covered, ell_dims):
                    size = op._data.shape[dim]
                    if size != 1:
                        if ell_sizes[j] not in (1, size):
                            raise RuntimeError(
                                f"einsum(): dimension {dim} covered by ellipsis in operand {k}"
                                f"has size {size} which does not broadcast with previously "
                                f"seen ellipsis with size {ell_sizes[j]} for the respective "
                                "dimension")
                        ell_sizes[j] = size
                        counts[position[_ELLIPSIS] + j] += 1
                    permutation[position[_ELLIPSIS] + j] = dim
                    dim += 1
            elif permutation[position[s]] == -1:
                size = op._data.shape[dim]
                if size != 1:
                    if label_size.get(s, 1) not in (1, size):
                        raise RuntimeError(
                            f"einsum(): subscript {s} has size {size} for operand {k} which "
                            f"does not broadcast with previously seen size {label_size[s]}")
                    label_size[s] = size
                    counts[position[s]] += 1
                permutation[position[s]] = dim
                dim += 1
            else:  # a label repeated in one operand: its diagonal
                previous = permutation[position[s]]
                if op._data.shape[dim] != op._data.shape[previous]:
                    raise RuntimeError(
                        f"einsum(): subscript {s} is repeated for operand {k} but the sizes "
                        f"don't match, {op._data.shape[dim]} != {op._data.shape[previous]}")
                op = op.diagonal(0, previous, dim).movedim(-1, previous)
        for i, value in enumerate(permutation):
            if value == -1:
                op = op.unsqueeze(dim)
                permutation[i] = dim
                dim += 1
        aligned.append(op.permute(permutation))
    return aligned, counts


def _sum_product(left, right, summed):
    """``(left * right).sum(summed, keepdim=True)`` of two aligned operands: their product
    when nothing is summed, else one bmm between permutes and reshapes."""
    if not summed:
        return left * right
    lro, lo, ro = [], [], []
    lro_size = lo_size = ro_size = sum_size = 1
    for i in range(left._data.ndim):
        size_l, size_r = left._data.shape[i], right._data.shape[i]
        in_l, in_r = size_l != 1, size_r != 1
        if i in summed:
            if in_l and in_r:
                if size_l != size_r:
                    raise RuntimeError("non-broadcast dimensions must match")
                sum_size *= size_l
            elif in_l:
                left = left.sum(i, keepdim=True)
            elif in_r:
                right = right.sum(i, keepdim=True)
        elif in_l and in_r:
            if size_l != size_r:
                raise RuntimeError("non-broadcast dimensions must match")
            lro.append(i)
            lro_size *= size_l
        elif in_l:
            lo.append(i)
            lo_size *= size_l
        else:
            ro.append(i)
            ro_size *= size_r
    out_size = ([left._data.shape[d] for d in lro] + [left._data.shape[d] for d in lo]
                + [1] * len(summed) + [right._data.shape[d] for d in ro])
    order = lro + lo + summed + ro
    left = reshape_node(left.permute(lro + lo + summed + ro), (lro_size, lo_size, sum_size))
    right = reshape_node(right.permute(lro + summed + ro + lo), (lro_size, sum_size, ro_size))
    back = [0] * len(order)
    for i, d in enumerate(order):
        back[d] = i
    return bmm(left, right).view(tuple(out_size)).permute(back)

