"""Views PyTorch makes by setting a bit, which hookgrad holds as copies ("materialised views"):
``z.conj()`` (the conjugate bit) and the negative view ``imag`` takes of a conjugate (PyTorch's
``_neg_view``). PyTorch's share their base's memory: a write through them lands in the base
(conjugated / negated back), and a write into the base is seen through them.

Such a copy is marked as a view of its source's base (``mark``): the version counter is
shared, and its view chain has a step for it, the op's class, whose ``view_array`` computes the
copy from the source's array and ``inverse_array`` undoes it. A family (the tensors sharing a
version counter) holding such copies keeps weak references to them as a second element of its
counter list, so that the writers (``inplace._write``) test one cheap condition,
``len(t._vc) > 1``, after ``made[0]`` (False until the first such view exists) and then call
``after_write``: the written copy, if any, is written back into the base (``write_region``),
then every copy of the family is recomputed from its base."""
import weakref

import numpy as np

from .op import _mark_view, replay_view

made = [False]  # (whether any materialised view exists: the writers test it first)


def is_materialized(op):
    return getattr(op, "inverse_array", None) is not None


def mark(out, source, op):
    """``out`` (``op``'s result on ``source``, a new array) becomes a view of ``source``'s base
    with ``op`` as its chain's last step, registered with the family's version counter: its
    array (which views of it view: it outlives ``out``), its base and its chain."""
    _mark_view(out, source, op, (), copied=True)
    counter = out._vc
    if len(counter) == 1:
        counter.append([])
    records = counter[1]
    if len(records) >= 16 and not len(records) & (len(records) - 1):  # (dead ones dropped
        records[:] = [r for r in records if r[0]() is not None]  # now and then)
    records.append((weakref.ref(out._data), weakref.ref(out._view_base), out._view_chain))
    made[0] = True
    return out


def after_write(t):
    """``t``'s memory was just written (its family holds materialised views): the copy it
    lives in, if it is one, goes back into its base, then every copy is recomputed from its
    base (as PyTorch's views of the same memory would read)."""
    records = t._vc[1]
    live = []
    for array_ref, base_ref, chain in records:
        array, base = array_ref(), base_ref()
        if array is not None and base is not None:
            live.append((array, base, chain_from_shape_now(base, chain)))
    if len(live) != len(records):
        records[:] = [r for r in records if r[0]() is not None and r[1]() is not None]
    written = t._data
    for array, base, chain in reversed(live):  # (copies are new arrays: t's memory is in one
        if np.may_share_memory(written, array):  # of them at most; and that one's base's
            write_region(chain, base._data, array)  # memory, in an earlier one at most: a
            written = base._data  # conj of a detach() of a conj)
    for array, base, chain in live:
        try:
            values = replay_view(chain, base._data)
        except (ValueError, IndexError, TypeError):  # (the base no longer has the shape the
            continue  # view was taken from: ``set_`` / ``resize_``; the copy stays as it is)
        if values.shape == array.shape:
            array[...] = values


def chain_from_shape_now(base, chain):
    """A view ``chain`` of ``base`` (from its first shape) from its shape now: the view ops
    the base went through in place since (its frame) undone first, last one first."""
    frame = base._view_chain
    if frame is None:
        return chain
    undo = ()
    for op, params in reversed(frame):
        undo += op.undo(*params)
    return undo + chain


def memory_chain(t):
    """The view chain of the materialised view whose copy ``t``'s memory is in (``t`` a
    ``detach()`` of one, or of a view of one), or None."""
    counter = t._vc
    if len(counter) > 1:
        for array_ref, _base_ref, chain in counter[1]:
            array = array_ref()
            if array is not None and np.may_share_memory(t._data, array):
                return chain
    return None


def write_region(chain, array, values):
    """Write ``values`` into the region of ``array`` that ``chain`` selects; a materialised step
    of the chain selects a copy, which is written into and then written back, undone."""
    for i, (op, params) in enumerate(chain):
        if is_materialized(op):
            part = replay_view(chain[:i], array)
            copy = op.view_array(part, *params)
            write_region(chain[i + 1:], copy, values)
            part[...] = op.inverse_array(copy, *params)
            return
    replay_view(chain, array)[...] = values


def has_materialized_step(chain):
    return any(is_materialized(op) for op, _params in chain)
