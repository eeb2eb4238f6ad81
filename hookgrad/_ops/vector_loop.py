"""Where PyTorch's vectorized CPU loop (``cpu_kernel_vec``) computes an elementwise binary op:
over whole vector steps of each inner row of its iteration, when the operands are contiguous
along it (one may be one broadcast value); the rest of each row element by element (the
op's scalar form). Kernels whose two forms give different NaN signs or roundings use it."""
import numpy as np

from .overlap_order import iteration_order

PARALLEL_GRAIN = 32768  # (above it the rows are split between threads: not modelled)


def vector_positions(shape, x, y, step_bytes, *more, chunk=None):
    """Where PyTorch's vector loop computes ``op(x, y, *more)`` (a mask of ``shape``),
    stepping ``step_bytes`` at a time, or None where it loops element by element or the
    layout is not modelled. ``y`` is an array or a number; ``more``: further arrays;
    ``chunk``: the elements of each thread's share (kernel_vec.chunk), where it models
    the threads' cuts of the rows."""
    logical, order = shape, _iteration_order(shape, x, y)
    if order is not None:  # (PyTorch's iterator follows the operands' memory order)
        shape = tuple(shape[d] for d in order)
        x = np.broadcast_to(x, logical).transpose(order)
        y = np.broadcast_to(y, logical).transpose(order) if type(y) is np.ndarray else y
        more = [np.broadcast_to(z, logical).transpose(order) for z in more]
    length = _vector_row(shape, x, y, more)
    if length is None:
        return None
    vector = _row_mask(int(np.prod(shape)), length, step_bytes // x.dtype.itemsize, chunk)
    vector = vector.reshape(shape)
    return vector if order is None else vector.transpose(np.argsort(order))


def unary_vector_positions(x, step_bytes, chunk=None):
    """``vector_positions`` of a unary op whose output PyTorch allocates (dense in the
    input's dims order), any layout of ``x``: the iterator's dims order (overlap_order.py)
    and its inner row (coalesce_dimensions), gaps or not. None: the element loop
    everywhere."""
    shape, strides = x.shape, x.strides
    perm = iteration_order(x, ())[::-1]  # (innermost first)
    length, stride = 1, None
    for d in perm:  # (the inner row: dims merged while x steps through them as one)
        if shape[d] == 1:
            continue
        if stride is not None and strides[d] != stride * length:
            break
        if stride is None:
            stride = strides[d]
        length *= shape[d]
    if stride not in (None, 0, x.itemsize):
        return None
    vector = _row_mask(x.size, length, step_bytes // x.itemsize, chunk)
    return vector.reshape([shape[d] for d in perm[::-1]]).transpose(np.argsort(perm[::-1]))


def _row_mask(n, length, step, chunk):
    """The vector loop's elements of ``n`` in rows of ``length``, each row (cut at multiples
    of ``chunk`` too: the threads' shares) stepped from its start."""
    vector = np.tile(_steps(length, step), n // length)
    if chunk is not None:
        cuts = np.arange(chunk, n, chunk)
        for row in np.unique(cuts[cuts % length != 0] // length * length):  # (threads - 1)
            stop = row + length
            bounds = [row, *cuts[(cuts > row) & (cuts < stop)].tolist(), stop]
            for start, end in zip(bounds, bounds[1:]):
                vector[start:end] = _steps(end - start, step)
    return vector


def _steps(length, step):
    """Which elements of a ``length``-element run the vector steps cover."""
    return np.arange(length) < length - length % step


def _iteration_order(shape, x, y):
    """The axis order that makes the first full-shape operand one C-contiguous block, where it
    is laid out otherwise (a transpose); None for C order or a layout not modelled. An
    operand expanded in every dim (a sum's gradient) orders nothing: PyTorch's iterator then
    compares the next operand's strides."""
    for array in (x, y):
        if type(array) is np.ndarray and array.shape == shape and not array.flags.c_contiguous \
                and any(array.strides):
            order = tuple(sorted(range(array.ndim), key=lambda d: -array.strides[d]))
            return order if array.transpose(order).flags.c_contiguous else None
    return None


def _vector_row(shape, x, y, more=()):
    """The length of the inner rows PyTorch's iterator loops over (its dimensions merged where
    every operand steps through them as one), or None where that loop is not a vector one or
    the layout is not modelled."""
    operands = [x] + ([y] if type(y) is np.ndarray else []) + list(more)
    steps = []
    for array in operands:
        if array.dtype.itemsize != x.dtype.itemsize and array is not x:
            return None
        strides = np.broadcast_to(array, shape).strides
        steps.append([s // array.itemsize for s in strides])
    dims = [d for d in range(len(shape)) if shape[d] != 1]
    if not dims:
        return 1
    inner = outer = dims[-1]
    length = shape[inner]
    for d in reversed(dims[:-1]):  # (merged while each operand steps through d as one row)
        if any(step[d] != step[outer] * shape[outer] for step in steps):
            break
        length, outer = length * shape[d], d
    inner_steps = [step[inner] for step in steps]
    if any(s not in (0, 1) for s in inner_steps):
        return None
    if inner_steps.count(0) >= 2:  # (PyTorch's vector loop takes one broadcast operand at
        return None  # most: with two, its element loop)
    return length


def contiguous_run(x, dims):
    """Whether ``dims`` of ``x`` (outermost first) are one contiguous run of memory, as
    PyTorch's iterator then walks them as one innermost dim."""
    step = x.itemsize
    for d in reversed(dims):
        if x.strides[d] != step:
            return False
        step *= x.shape[d]
    return True
