"""The gradient of antialiased bilinear / bicubic interpolation, rounded as PyTorch's CPU
kernel rounds it: output by output in row-major order, each of its window's taps (height
outer, width inner) adds ``wx * wy * g`` to its input position with one fused
multiply-add, ``acc = fma(wx * wy, g, acc)`` (the kernel is compiled for the vector units,
where the compiler fuses the product into the sum). Every axis is resampled, one of
unchanged size included, unlike the forward.

Each input position's additions form a chain, so they are replayed as rounds: round k
applies every position's k-th addition at once (over all positions and channels)."""
import numpy as np

from .fused import fma32, fma64


def _window(entry, position):
    """The ``(index, weight)`` arrays of one axis's taps that lie inside each window, as
    ``(out, taps)`` arrays with a mask."""
    index = np.stack([tap[0] for tap in entry[1]], 1)
    weight = np.stack([tap[1] for tap in entry[1]], 1)
    inside = np.stack([tap[2] for tap in entry[1]], 1)
    return index[position], weight[position], inside[position]


def antialias_backward(grad, plan, in_sizes):
    height, width = in_sizes
    out_height, out_width = grad.shape[-2:]
    real = plan[-1][1][0][1].dtype.type
    fma = fma64 if real is np.float64 else fma32
    out_y = np.repeat(np.arange(out_height), out_width)
    out_x = np.tile(np.arange(out_width), out_height)
    row, row_weight, row_inside = _window(plan[0], out_y)  # (outputs, height taps)
    column, column_weight, column_inside = _window(plan[1], out_x)
    # one addition per [output, height tap, width tap], in PyTorch's loop order
    cell = row[:, :, None] * width + column[:, None, :]
    product = (column_weight[:, None, :] * row_weight[:, :, None]).astype(real)
    source = np.broadcast_to(np.arange(len(out_y))[:, None, None], cell.shape)
    keep = (row_inside[:, :, None] & column_inside[:, None, :]).ravel()
    cell, product, source = cell.ravel()[keep], product.ravel()[keep], source.ravel()[keep]
    order = np.argsort(cell, kind="stable")
    cell, product, source = cell[order], product[order], source[order]
    first = np.searchsorted(cell, cell, side="left")
    rank = np.arange(len(cell)) - first
    flat = grad.reshape(-1, out_height * out_width).astype(real, copy=False)
    result = np.zeros((len(flat), height * width), real)
    for k in range(int(rank.max()) + 1 if len(rank) else 0):
        step = rank == k
        targets = cell[step]
        result[:, targets] = fma(product[step], flat[:, source[step]], result[:, targets])
    return result.reshape(grad.shape[:-2] + (height, width)).astype(grad.dtype, copy=False)
