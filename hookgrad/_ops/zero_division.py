"""An integer division (or remainder) by zero in place: PyTorch's kernel checks each divisor
as its loop reaches it and raises "ZeroDivisionError" at the first zero, so the elements its
loop (TensorIterator's order) wrote before stay written. hookgrad computes the whole result
first; on that error it writes the same elements before passing the error on."""
import numpy as np

from .._tensor_base import TensorBase, _make
from ..autograd.grad_mode import state as _grad_state
from .overlap_order import iteration_order, loop_positions

ZERO_DIVISION = "ZeroDivisionError"  # (PyTorch's message, of a plain RuntimeError)


def write_before_zero_divisor(t, fn, args, kwargs):
    """``t.op_(divisor)`` raised RuntimeError(ZERO_DIVISION): write into ``t`` the results
    of the elements before the first zero divisor in PyTorch's loop order."""
    divisor = args[0] if args else None
    data = t._data
    if not isinstance(divisor, TensorBase) or not data.size:
        return  # (a zero number: the first element raises)
    divisors = divisor._data
    try:
        zero = np.broadcast_to(divisors == 0, data.shape)
    except ValueError:
        return
    position = loop_positions(data.shape, iteration_order(data, [divisors]))
    first = position[zero].min()
    if not first:
        return
    safe = _make(np.where(divisors == 0, np.ones((), divisors.dtype), divisors))
    enabled = _grad_state.grad_enabled
    _grad_state.grad_enabled = False  # (a recomputation: records nothing)
    try:
        result = fn(_make(data.copy()), safe, *args[1:], **kwargs)._data
    finally:
        _grad_state.grad_enabled = enabled
    np.copyto(data, result, casting="unsafe", where=position < first)
