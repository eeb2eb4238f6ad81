"""The checks of PyTorch's binary cross-entropy kernels on their weights, run by the ops after
they save their inputs (PyTorch's autograd layer saves them, and so calls the saved-tensor pack
hooks, before the kernel runs): the kernels multiply the elementwise loss by a weight in
place, so a weight must broadcast to the input's shape."""
import numpy as np

from .op import broadcast_error


def check_loss_weight(input, weight):
    """``loss.mul_(weight)``'s refusal of a weight that broadcasts beyond the input's shape
    (one that does not broadcast at all: the caller's error)."""
    shape = input._data.shape
    try:
        broadcast = np.broadcast_shapes(shape, weight._data.shape)
    except ValueError:
        return
    if broadcast != shape:
        raise RuntimeError(f"output with shape [{', '.join(map(str, shape))}] doesn't match the "
                           f"broadcast shape [{', '.join(map(str, broadcast))}]")


def _check_broadcast(first, second):
    try:
        np.broadcast_shapes(first, second)
    except ValueError:
        raise broadcast_error([first, second]) from None


def check_with_logits(input, target, weight, pos_weight):
    """binary_cross_entropy_with_logits's kernel: ``(pos_weight - 1).mul(target)`` then the
    in-place products, then ``loss.mul_(weight)``."""
    if pos_weight is not None:
        _check_broadcast(pos_weight._data.shape, target._data.shape)
        check_loss_weight(input, pos_weight)
    if weight is not None:
        _check_broadcast(input._data.shape, weight._data.shape)
        check_loss_weight(input, weight)
