"""Adaptive average pooling as PyTorch's CPU kernel rounds it: each output window's elements
added one by one in row-major order from +0 (in float32 for float32, as its opmath type),
then divided by the window's height and then by its width; the gradient ``grad / kh / kw``
added into each window's inputs, output by output. Equal to the averaging GEMMs up to
rounding, which shows where a window's sum cancels to 0 (its square root is then 0, not
NaN) and where an infinity meets the GEMMs' zeros."""
import numpy as np


def _windows(size, out):
    index = np.arange(out)
    return (index * size) // out, -((-(index + 1) * size) // out)


def pooled(x, output_size):
    """The adaptive average of the last two dims of ``x`` over ``output_size`` windows."""
    (h, w), (oh, ow) = x.shape[-2:], output_size
    rows0, rows1 = _windows(h, oh)
    cols0, cols1 = _windows(w, ow)
    heights, widths = rows1 - rows0, cols1 - cols0
    depth = int(heights.max() * widths.max()) if oh and ow else 0
    # each window's input positions in row-major order, padded with a position holding -0.
    # (an addend that leaves every sum as it is)
    pad = h * w
    index = np.full((oh, ow, max(depth, 1)), pad, np.int64)
    for i in range(oh):
        rows = np.arange(rows0[i], rows1[i])
        for j in range(ow):
            cols = np.arange(cols0[j], cols1[j])
            cells = (rows[:, None] * w + cols).reshape(-1)
            index[i, j, :cells.size] = cells
    flat = np.concatenate([x.reshape(x.shape[:-2] + (h * w,)),
                           np.full(x.shape[:-2] + (1,), -0.0, x.dtype)], axis=-1)
    # (depth, ..., oh, ow), C-ordered: NumPy adds along the outermost axis in order, from +0
    gathered = np.ascontiguousarray(np.moveaxis(flat[..., index], -1, 0))
    total = np.add.reduce(gathered, axis=0)
    total /= heights[:, None].astype(x.dtype)
    total /= widths[None, :].astype(x.dtype)
    return total


def spread(grad, in_shape):
    """The gradient of ``pooled`` for an input of ``in_shape``, from ``grad`` over its windows."""
    (h, w), (oh, ow) = in_shape[-2:], grad.shape[-2:]
    rows0, rows1 = _windows(h, oh)
    cols0, cols1 = _windows(w, ow)
    out = np.zeros(grad.shape[:-2] + (h, w), grad.dtype)
    for i in range(oh):
        for j in range(ow):
            share = grad[..., i, j] / grad.dtype.type(rows1[i] - rows0[i])
            share /= grad.dtype.type(cols1[j] - cols0[j])
            out[..., rows0[i]:rows1[i], cols0[j]:cols1[j]] += share[..., None, None]
    return out
