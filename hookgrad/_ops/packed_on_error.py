"""PyTorch's autograd layer saves an op's inputs for backward, calling the active saved-tensor
pack hooks, before its kernel checks its arguments: a call that fails those checks has packed
them already. Where hookgrad checks an op's arguments in its functional form, before the op
(the form turns them into what the op takes), the form runs its checks through ``checked``:
when they raise, the pack hooks first see the tensors PyTorch's node would have saved, in its
order. Nothing is kept (PyTorch's node is dropped when its kernel raises); nothing runs
unless a check raises."""
from .._tensor_base import TensorBase
from ..autograd._saved_tensors import SavedTensor, saved_hooks_state
from ..autograd.grad_mode import state as _grad_state


def checked(check, inputs, saves, *args):
    """``check(*args)``, for an op whose differentiable inputs are ``inputs``; ``saves()``
    gives the tensors its node saves, in order (None for one it leaves out)."""
    try:
        return check(*args)
    except Exception:
        pack_saved(inputs, saves)
        raise


def checked_dims(wrap, input, dim):
    """``wrap(dim, ndim)``: the dim(s) a kernel wraps after its node saves ``input``, its one
    differentiable input."""
    return checked(wrap, (input,), lambda: (input,), dim, input._data.ndim)


def pack_saved(inputs, saves):
    """Call the pack hook on each of ``saves()`` if the op would have been recorded."""
    if not saved_hooks_state.stack or not _grad_state.grad_enabled:
        return
    if any(isinstance(t, TensorBase) and t.requires_grad for t in inputs):
        for tensor in saves():
            if isinstance(tensor, TensorBase):  # (None: not saved; a refused argument: none)
                SavedTensor(tensor)
