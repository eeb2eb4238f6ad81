"""The sums of the margin losses in PyTorch's order and precision, so that their values are
PyTorch's bits: its CPU kernels (compiled without fused multiply-adds) add each row's terms
one by one, and a 'sum' / 'mean' reduction adds the rows' losses one by one in double (the
accumulation type of float too), dividing in double before the final cast."""
import numpy as np


def multi_margin_rows(x2, target, p, margin, weight):
    """``multi_margin_loss``'s loss per row of ``x2``: ``z = (margin - x[y]) + x[i]``, each
    positive ``z`` (squared for p = 2, times ``weight[y]``) added in order, the sum divided by
    the number of classes, all in the input's dtype."""
    dtype = x2.dtype.type
    classes = x2.shape[1]
    with np.errstate(all="ignore"):
        z = (dtype(margin) - np.take_along_axis(x2, target[:, None], axis=1)) + x2
        terms = np.where(z > 0, z, dtype(0))  # (a NaN z adds nothing, as the kernel's test)
        if p == 2:
            terms = terms * terms
        if weight is not None:
            terms = terms * weight[target][:, None]
        np.put_along_axis(terms, target[:, None], 0, axis=1)
        sums = np.add.accumulate(terms, axis=1)[:, -1] if classes else terms.sum(1)
        return sums / dtype(classes)


def multilabel_margin_rows(rows, chosen_per_row):
    """``multilabel_margin_loss``'s sum per row (before the division by the number of
    classes): for each target ``y`` in order, each positive ``(1 - x[y]) + x[d]`` over the
    non-target classes ``d`` in order, added in double; cast to the input's dtype."""
    dtype = rows.dtype.type
    sums = np.zeros(rows.shape[0], np.float64)
    with np.errstate(all="ignore"):
        for n, (row, chosen) in enumerate(zip(rows, chosen_per_row)):
            if not len(chosen):
                continue
            others = np.ones(row.shape[0], bool)
            others[chosen] = False
            z = (dtype(1) - row[chosen][:, None]) + row[None, :]
            terms = np.where(others & (z > 0), z, dtype(0)).astype(np.float64)
            sums[n] = np.add.accumulate(terms.reshape(-1))[-1]
    return sums.astype(rows.dtype)


def reduced_in_double(losses, reduction, divisor=1):
    """The 'sum' / 'mean' reduction of per-row ``losses`` as those kernels make it: added in
    order in double, divided by ``divisor`` (and for 'mean' by the row count) in double,
    then cast to the losses' dtype; a 0-d array."""
    with np.errstate(all="ignore"):
        total = (np.add.accumulate(losses.astype(np.float64))[-1] if losses.size
                 else np.float64(0))
        total = total / divisor if divisor != 1 else total
        if reduction == "mean":
            total = total / losses.size
        return np.asarray(total, losses.dtype)


def multi_margin_grad(x2, target, p, margin, weight, reduction, grad_out):
    """``multi_margin_loss``'s input gradient as PyTorch's kernel computes it, per row: each
    class above the margin gets ``h = g`` (``2 * g * z`` for p = 2, times ``weight[y]``),
    the target minus their running sum, the rest 0; then all times the incoming gradient
    (one value, or one per row for 'none'). ``g`` is ``1 / classes`` (``1 / (rows *
    classes)`` for 'mean'), computed in double and cast."""
    rows, classes = x2.shape
    dtype = x2.dtype.type
    with np.errstate(all="ignore"):  # (no rows: C++'s 1. / 0, inf)
        g = dtype(np.float64(1) / (rows * classes if reduction == "mean" else classes))
        z = (dtype(margin) - np.take_along_axis(x2, target[:, None], axis=1)) + x2
        h = np.full(x2.shape, g) if p == 1 else (dtype(2) * g) * z
        if weight is not None:
            h = h * weight[target][:, None]
        active = z > 0
        np.put_along_axis(active, target[:, None], False, axis=1)
        h = np.where(active, h, dtype(0))
        running = np.add.accumulate(h, axis=1)[:, -1] if classes else h.sum(1)
        # (0 - running: +0 where no class is active, as the kernel's running difference)
        np.put_along_axis(h, target[:, None], dtype(0) - running[:, None], axis=1)
        per_row = grad_out.ndim and reduction == "none"
        return h * (grad_out.reshape(-1, 1) if per_row else grad_out)
