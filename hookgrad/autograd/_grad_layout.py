"""PyTorch's gradient layout contract for AccumulateGrad: when it may keep ("steal") a
gradient that nothing else holds as a leaf's ``.grad`` instead of copying it, and the layout
of the copy when it may not. A leaf whose memory is dense (no gaps, no overlaps: contiguous,
permuted or transposed) wants its own strides; any other leaf (a slice with gaps, an
expanded tensor) a C-contiguous gradient."""
import numpy as np

from .._dtype import from_numpy_dtype, promote_types
from .._tensor_base import _make
from .._warn_once import warn_once


def obeys_layout_contract(data, variable):
    """Whether PyTorch would steal a gradient held by nothing else as the ``.grad``: when it
    has the layout ``.grad`` keeps. For a variable whose memory is non-overlapping and dense,
    its strides in every dim of size > 1, and no stride 0 in a dim of size 1 (the mark of an
    expanded view); else C-contiguous. PyTorch counts references to the tensor, never to its
    memory: a gradient that a backward formula took as a view of the caller's ``gradient=``
    (``view``, ``expand``, ``select`` of ``sum`` / ``stack``) is stolen too, and the ``.grad``
    then shares the caller's memory, which the next backward accumulates into."""
    strides = data.strides
    if data.base is None and strides == variable.strides:
        return True  # (the common case: a fresh buffer, so dense, laid out as the leaf)
    if 0 in strides:  # (the other common one: a reduction's gradient, broadcast; a stride 0
        return False  # fails in a dim of size 1 too, and is never contiguous elsewhere)
    if variable.flags.c_contiguous or non_overlapping_and_dense(variable):
        for size, stride, wanted in zip(data.shape, strides, variable.strides):
            if size != 1 and stride != wanted:
                return False
        return True
    return data.flags.c_contiguous


# PyTorch's two warning sites: accumulating in place, and summing under create_graph
CONTRACT_SITES = {"in place": 252, "sum": 282}


def warn_if_contract_broken(site, data, variable):
    """PyTorch's warning (once per process and ``site``) when an accumulated ``.grad``
    (``data``) and its leaf do not obey the layout contract: a ``.grad`` replaced or reshaped
    by the user, or summed with such a gradient."""
    if data.shape == variable.shape:
        if obeys_layout_contract(data, variable):
            return
    elif _obeys_by_position(data, variable):
        return
    warn_once(site, "grad and param do not obey the gradient layout contract. This is not an "
              f"error, but may impair performance.\ngrad.sizes() = {_sizes(data)}, strides() = "
              f"{_strides(data)}\nparam.sizes() = {_sizes(variable)}, strides() = "
              f"{_strides(variable)} (Triggered internally at /__w/pytorch/pytorch/torch/csrc/"
              f"autograd/functions/accumulate_grad.h:{CONTRACT_SITES[site]}.)", stacklevel=3)


def _obeys_by_position(data, variable):
    """PyTorch's contract test for a ``.grad`` whose shape the user changed in place (e.g.
    ``unsqueeze_``): dim i of the gradient against dim i of the leaf, dims of size 1 skipped,
    so a 0-d leaf's gradient of shape [1] passes; a dim the leaf lacks fails."""
    if not (variable.flags.c_contiguous or non_overlapping_and_dense(variable)):
        return data.flags.c_contiguous
    wanted = [st // variable.itemsize for st in variable.strides]
    for index, (size, stride) in enumerate(zip(data.shape, data.strides)):
        if size != 1 and (index >= len(wanted) or stride // data.itemsize != wanted[index]):
            return False
    return True


def _sizes(array):
    return f"[{', '.join(map(str, array.shape))}]"


def _strides(array):
    return f"[{', '.join(str(s // array.itemsize) for s in array.strides)}]"


def first_grad(variable, grad, recording):
    """A new ``.grad`` for ``variable`` (not C-contiguous) holding ``grad``'s values, laid out
    by the contract; under create_graph / grad mode written by ``copy_`` (``CopyBackwards``
    when the gradient has history), as every first ``.grad`` then is."""
    data = variable._data
    dtype = grad._data.dtype
    if data.size and non_overlapping_and_dense(data):
        # (PyTorch's empty_strided of the leaf's strides, a dim of size 1's too, which
        # NumPy's empty_like "K" would not keep)
        out = np.ndarray(data.shape, dtype, np.empty(data.size, dtype), 0,
                         [st // data.itemsize * dtype.itemsize for st in data.strides])
    else:
        out = np.empty(data.shape, dtype)
    if recording:
        return _make(out).copy_(grad)
    out[...] = grad._data
    return _make(out)


def c_strided_leaf(data):
    """Whether ``data`` has C strides in every dim, size-1 dims included (what ``at::empty``
    gives; ``_ops/c_strides.py`` asks it of new results). For a leaf: whether its ``.grad``
    copy is a plain C-contiguous one (a C-contiguous leaf with a dim of size 1 of another
    stride, as ``x.t()`` of a (1, n) ``x``, wants its own strides there, as ``first_grad``
    gives)."""
    if not data.flags.c_contiguous:
        return False
    if 1 not in data.shape or data.ndim < 2:
        return True
    step = data.itemsize
    for size, stride in zip(reversed(data.shape), reversed(data.strides)):
        if stride != step:
            return False
        step *= size
    return True


def non_overlapping_and_dense(array):
    """Whether the elements of ``array`` tile one block of memory, in some order of dims
    (PyTorch's ``is_non_overlapping_and_dense``)."""
    expected = array.itemsize
    for stride, size in sorted((st, sz) for st, sz in zip(array.strides, array.shape) if sz != 1):
        if stride != expected:
            return False
        expected *= size
    return True


def writeable_alias(data):
    """A writable array over ``data``'s memory, which a view of a read-only view (the
    broadcast of a reduction's gradient) inherits read-only although none of its elements
    share memory; None where the memory itself is read-only."""
    alias = data.view()
    try:
        alias.flags.writeable = True
    except ValueError:
        return None
    return alias


def accumulate_error(old, new):
    """PyTorch's error when ``.grad += new`` cannot run because the ``.grad`` was edited in
    place since the last pass (``squeeze_``, ``t_``, ``.data`` of another dtype): checked as
    its in-place add checks, the shape before the dtype. ``old`` and ``new`` are arrays."""
    from .._ops.op import broadcast_error  # (the ops import the engine's modules)

    if old.shape != new.shape:
        try:
            broadcast = np.broadcast_shapes(old.shape, new.shape)
        except ValueError:
            return broadcast_error([old.shape, new.shape])
        if broadcast != old.shape:
            return RuntimeError(
                f"output with shape [{', '.join(map(str, old.shape))}] doesn't match the "
                f"broadcast shape [{', '.join(map(str, broadcast))}]")
    old_dtype = from_numpy_dtype(old.dtype)
    result = promote_types(old_dtype, from_numpy_dtype(new.dtype))
    return RuntimeError(f"result type {result.legacy_name[:-6]} can't be cast to the desired "
                        f"output type {old_dtype.legacy_name[:-6]}")


def copy_recorded(grad):
    """The first ``.grad`` of a leaf in grad mode (create_graph): as PyTorch, always a new
    tensor (the caller's gradient is never stored itself), written by ``copy_`` so that a
    gradient with history gets ``CopyBackwards`` as its grad_fn."""
    copy = _make(np.empty_like(grad._data, order="C"))
    return copy.copy_(grad)
