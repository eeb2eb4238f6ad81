"""multi_margin_loss's gradient as PyTorch's multi_margin_loss_backward_cpu_kernel rounds it:
per class above the margin ``h = g`` (p = 1) or ``2 g z`` with ``z = margin - x[target] +
x[d]`` and ``g = 1 / (rows * classes)`` for a mean, else ``1 / classes`` (in the dtype),
times the target's weight; the target's entry ``0 - h`` class by class in order; then the
whole row times the incoming gradient."""
import numpy as np


def multi_margin_grad(grad, x, target, p, margin, weight, reduction):
    """The input's gradient (``x`` 2-d rows of classes, ``target`` one class per row)."""
    rows, classes = x.shape
    kind = x.dtype.type
    with np.errstate(divide="ignore"):  # (C++'s 1. / 0 for no rows: inf, on nothing)
        g = kind(1.0 / np.float64(rows * classes if reduction == "mean" else classes))
    is_target = np.arange(classes) == target[:, None]
    z = (kind(margin) - np.take_along_axis(x, target[:, None], axis=1)) + x
    h = np.broadcast_to(g, x.shape) if p == 1 else (kind(2) * g) * z
    if weight is not None:
        h = h * weight[target][:, None]
    # (selected, not masked products: an infinite input stays out of them)
    h = np.where((z > 0) & ~is_target, h, kind(0))
    np.put_along_axis(h, target[:, None], -np.add.accumulate(h, axis=1)[:, -1:], axis=1)
    g_out = np.asarray(grad)
    return h * (g_out[:, None] if reduction == "none" and g_out.ndim else g_out)
