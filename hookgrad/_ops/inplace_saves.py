"""What saved-tensor pack hooks see during an in-place op, as PyTorch's autograd layer saves:

- the old value an in-place op saves (its ``original_self``) is packed as ``self.clone()``,
  a tensor whose grad_fn is a ``CloneBackward0`` made at that moment (its edge goes to the
  tensor's history before the write);
- the result it saves is packed after the write, as the written tensor itself with its new
  history (a view's regenerated ``AsStridedBackward0``), not as the out-of-place result.

hookgrad runs an in-place op out of place on a copy (``old``) and writes the result back
(inplace.py), so while saved-tensor hooks are active the op runs inside an ``InplaceSaves``
that ``SavedTensor`` consults: it swaps ``old`` for its clone and holds back the outputs'
packing until ``finish``. Without active hooks nothing here runs."""
from .._tensor_base import _make
from ..autograd._saved_tensors import saved_hooks_state
from ..autograd.graph import _sequence
from .clone import CloneBackward0

_new = object.__new__


class InplaceSaves:
    __slots__ = ("old", "clone", "deferred", "outer")

    def __init__(self, old):
        self.old = old
        self.clone = None
        self.deferred = []  # (saved, tensor, pack, unpack): outputs to pack after the write
        self.outer = saved_hooks_state.inplace

    def original_self(self):
        """``old`` as PyTorch's ``self.clone()``: one clone node per op, made when first
        saved (so numbered after the op's own node, as in PyTorch)."""
        if self.clone is None:
            node = _new(CloneBackward0)
            node._link((self.old,))
            node._seq = next(_sequence)
            self.clone = _make(self.old._data, True, node, 0)
        return self.clone

    def defer(self, saved, tensor, pack, unpack):
        self.deferred.append((saved, tensor, pack, unpack))


def begin(old):
    """Enter an in-place op whose out-of-place run works on ``old``; None when no saved-tensor
    hooks are active (the common case)."""
    if not saved_hooks_state.stack:
        return None
    saves = InplaceSaves(old if old._requires_grad else None)
    saved_hooks_state.inplace = saves
    return saves


def finish(saves, node, written):
    """Leave the in-place op: pack the outputs it saved, ``node``'s as the tensor ``written``
    (now carrying its new history), any other node's as its own output."""
    saved_hooks_state.inplace = saves.outer
    own = node._for_backward or () if node is not None else ()
    for saved, tensor, pack, unpack in saves.deferred:
        if any(saved is s for s in own):
            tensor = written
        saved._pack(tensor, tensor, pack, unpack)


def abandon(saves):
    """Leave an in-place op that raised: its node and what it saved are dropped."""
    saved_hooks_state.inplace = saves.outer
