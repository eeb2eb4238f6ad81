"""The strides and storage offset PyTorch reports for a view with no elements. NumPy keeps
neither for an empty array (its strides come out as if contiguous, its data pointer stays at
the start), while PyTorch computes them as for any view: ``x[1:0:3]`` has the step's stride
(15 for rows of 5) and the offset where the slice starts (5). They are replayed here from
the view's base along its chain of view ops, by each op's rule; a chain with an op that has
none here keeps the contiguous strides."""


def _contiguous(sizes):
    """PyTorch's contiguous strides (a size 0 counts as 1)."""
    strides, step = [], 1
    for size in reversed(sizes):
        strides.append(step)
        step *= max(size, 1)
    return strides[::-1]


def _select(sizes, strides, offset, dim, index):
    index = index + sizes[dim] if index < 0 else index
    offset += index * strides[dim]
    return sizes[:dim] + sizes[dim + 1:], strides[:dim] + strides[dim + 1:], offset


def _slice(sizes, strides, offset, dim, key):
    start, stop, step = key.indices(sizes[dim])
    length = len(range(start, stop, step))
    offset += start * strides[dim]
    sizes, strides = list(sizes), list(strides)
    sizes[dim], strides[dim] = length, strides[dim] * step
    return sizes, strides, offset


def _unsqueeze(sizes, strides, offset, dim):
    dim = dim + len(sizes) + 1 if dim < 0 else dim
    stride = sizes[dim] * strides[dim] if dim < len(sizes) else 1
    return sizes[:dim] + [1] + sizes[dim:], strides[:dim] + [stride] + strides[dim:], offset


def _permute(sizes, strides, offset, dims):
    return [sizes[d] for d in dims], [strides[d] for d in dims], offset


def _transpose(sizes, strides, offset, dim0=0, dim1=1):
    if len(sizes) < 2:
        return sizes, strides, offset
    order = list(range(len(sizes)))
    order[dim0], order[dim1] = order[dim1], order[dim0]
    return _permute(sizes, strides, offset, order)


def _squeeze(sizes, strides, offset, dims):
    dims = {d % len(sizes) for d in dims} if sizes else set()
    keep = [d for d in range(len(sizes)) if d not in dims]
    return [sizes[d] for d in keep], [strides[d] for d in keep], offset


def _expand(sizes, strides, offset, shape):
    shape = list(shape)
    lead = len(shape) - len(sizes)
    new_strides = [0] * lead + [0 if sizes[d] == 1 and shape[lead + d] != 1 else strides[d]
                                for d in range(len(sizes))]
    return shape, new_strides, offset


def _view(sizes, strides, offset, shape):
    shape = [int(s) for s in shape]
    return shape, _contiguous(shape), offset


def _as_strided(sizes, strides, offset, size, stride, storage_offset):
    return list(size), list(stride), storage_offset


def _unfold(sizes, strides, offset, dim, size, step):
    sizes, strides = list(sizes), list(strides)
    stride = strides[dim] if sizes else 1
    if sizes:
        sizes[dim], strides[dim] = (sizes[dim] - size) // step + 1, strides[dim] * step
    return sizes + [size], strides + [stride], offset


def _diagonal(sizes, strides, offset, diagonal_offset, dim1, dim2):
    n = len(sizes)
    dim1, dim2 = dim1 % n, dim2 % n
    if diagonal_offset >= 0:
        length = max(min(sizes[dim1], sizes[dim2] - diagonal_offset), 0)
        offset += diagonal_offset * strides[dim2] if length else 0
    else:
        length = max(min(sizes[dim1] + diagonal_offset, sizes[dim2]), 0)
        offset -= diagonal_offset * strides[dim1] if length else 0
    keep = [d for d in range(n) if d not in (dim1, dim2)]
    return ([sizes[d] for d in keep] + [length],
            [strides[d] for d in keep] + [strides[dim1] + strides[dim2]], offset)


_RULES = {
    "SelectBackward0": _select, "SliceBackward0": _slice, "AliasBackward0": None,
    "UnsqueezeBackward0": _unsqueeze, "UnsqueezeBackward1": _unsqueeze,
    "PermuteBackward0": _permute, "TransposeBackward0": _transpose,
    "TransposeBackward1": _transpose, "TBackward0": _transpose, "TBackward1": _transpose,
    "SqueezeBackward0": _squeeze, "SqueezeBackward1": _squeeze, "SqueezeBackward2": _squeeze,
    "SqueezeBackward3": _squeeze, "SqueezeBackward4": _squeeze, "SqueezeBackward5": _squeeze,
    "ExpandBackward0": _expand, "ViewBackward0": _view, "ReshapeAliasBackward0": _view,
    "AsStridedBackward0": _as_strided, "UnfoldBackward0": _unfold,
    "DiagonalBackward0": _diagonal,
}


def empty_view_layout(tensor):
    """``(strides, storage_offset)`` of the empty view ``tensor`` as PyTorch computes them,
    or None (not a view, or a view op without a rule here)."""
    chain, base = tensor._view_chain, tensor._view_base
    if not chain or base is None:
        return None
    frame = base._view_chain  # (view ops the base went through in place: squeeze_, t_, ...)
    if frame:  # its views' chains start with them, from its first shape: skip them
        if chain[:len(frame)] != frame:  # (the base changed shape after the view was made)
            return None
        chain = chain[len(frame):]
    sizes, strides, offset = list(base._data.shape), list(base.stride()), base.storage_offset()
    for op, params in chain:
        name = op.__name__
        if name not in _RULES:
            return None
        rule = _RULES[name]
        if rule is not None:
            sizes, strides, offset = rule(list(sizes), list(strides), offset, *params)
    if tuple(sizes) != tensor._data.shape:  # (a rule that does not fit: keep NumPy's)
        return None
    return tuple(int(s) for s in strides), int(offset)
