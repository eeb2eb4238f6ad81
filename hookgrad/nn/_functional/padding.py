"""``pad``: constant, reflect, replicate and circular padding."""
from ..._ops.packed_on_error import checked
from ..._ops.padding import PAD_NODES, ConstantPadNdBackward0
from .utils import _shape

_NON_CONSTANT_PAD_HELP = (
    "Supported combinations for non-constant padding:\n"
    "  - 2D or 3D input: padding size = 2 (pads last dimension)\n"
    "  - 3D or 4D input: padding size = 4 (pads last 2 dimensions)\n"
    "  - 4D or 5D input: padding size = 6 (pads last 3 dimensions)")


def pad(input, pad, mode="constant", value=None):
    if type(value) is complex:  # (PyTorch's argument parser: a float, also for a complex input)
        raise TypeError("pad(): argument 'value' (position 4) must be float, not complex")
    pad = tuple(int(p) for p in pad)
    ndim = input._data.ndim
    if len(pad) % 2:
        raise RuntimeError("Padding length must be divisible by 2")
    if len(pad) // 2 > ndim:
        raise RuntimeError("Padding length should be less than or equal to two times the input "
                           f"dimension but got padding length {len(pad)} and input of dimension "
                           f"{ndim}")
    if mode == "constant":
        return ConstantPadNdBackward0.apply(input, pad, 0 if value is None else value)
    if mode not in ("reflect", "replicate", "circular"):
        raise NotImplementedError(f"Unrecognised padding mode {mode}")
    if value is not None and value != 0:
        raise RuntimeError(f"Padding mode \"{mode}\" doesn't take in value argument")
    dims = len(pad) // 2
    if dims not in (1, 2, 3) or ndim not in (dims + 1, dims + 2):
        raise NotImplementedError(f"Padding size {len(pad)} is not supported for {ndim}D input "
                                  f"tensor.\n{_NON_CONSTANT_PAD_HELP}")
    if mode == "circular":  # (a composite: its checks come first, without a node)
        for k in range(dims):
            size = input._data.shape[ndim - 1 - k]
            if pad[2 * k] > size or pad[2 * k + 1] > size:
                raise RuntimeError("Padding value causes wrapping around more than once.")
        _check_output_size(input, pad, mode)
        return _pad_circular(input, pad)
    # (the kernel's checks, after its node saves the input: packed_on_error.py)
    checked(_kernel_checks, (input,), lambda: (input,), input, pad, mode, dims)
    return PAD_NODES[(mode, dims)].apply(input, pad, mode)


def _kernel_checks(input, pad, mode, dims):
    """The reflection and replication kernels' checks."""
    ndim = input._data.ndim
    if 0 in input._data.shape[ndim - dims - 1:]:
        # (PyTorch's reflection and replication kernels allow an empty batch only: every
        # other dim, the channels included, must be non-empty)
        raise RuntimeError(f"Expected {dims + 1}D or {dims + 2}D (batch mode) tensor with "
                           "possibly 0 batch size and other non-zero dimensions for input, but "
                           f"got: {_shape(input)}")
    for k in range(dims):
        dim = ndim - 1 - k
        size = input._data.shape[dim]
        left, right = pad[2 * k], pad[2 * k + 1]
        if mode == "reflect" and (left >= size or right >= size):
            raise RuntimeError(f"Argument #{4 + 2 * k}: Padding size should be less than the "
                               "corresponding input dimension, but got: padding "
                               f"({left}, {right}) at "
                               f"dimension {dim} of input {_shape(input)}")
    _check_output_size(input, pad, mode)


def _check_output_size(input, pad, mode):
    """Negative pads that crop a padded dim away, refused as PyTorch's kernels refuse them:
    circular padding allows an empty result but not a negative one; the reflection and
    replication kernels refuse a 1-d result under 1 wide, and for 2-d and 3-d padding only
    a result with every padded dim under 1 (a negative one alone fails at allocation)."""
    shape = input._data.shape
    dims = len(pad) // 2
    sizes = [shape[-1 - k] for k in reversed(range(dims))]  # (D,) H, W order
    out = [size + pad[2 * k] + pad[2 * k + 1]
           for size, k in zip(sizes, reversed(range(dims)), strict=True)]
    if mode == "circular":
        if min(out) < 0:
            raise RuntimeError("Negative padding value is resulting in an empty dimension")
        return
    if max(out) < 1:
        names = "DHW"[3 - dims:]
        given = ", ".join(f"{name}: {size}" for name, size in zip(names, sizes, strict=True))
        if dims == 3:  # (the 3-d kernels' message has no comma after D)
            given = given.replace(",", "", 1)
        elif dims == 2 and mode == "replicate":  # (and the 2-d replication's a space)
            given += " "
        result = " ".join(f"{name}: {size}" for name, size in zip(names, out, strict=True))
        raise RuntimeError(f"input ({given}) is too small. Calculated output {result}")
    if min(out) < 0 and dims == 2 and mode == "reflect":  # (its kernel sizes its result
        # before allocating it)
        raise RuntimeError("numel: integer multiplication overflow")
    if min(out) < 0:
        out_shape = list(shape[:-dims]) + out
        raise RuntimeError(f"Trying to create tensor with negative dimension {min(out)}: "
                           f"[{', '.join(map(str, out_shape))}]")


def _pad_circular(input, pad):
    """Circular padding as PyTorch computes (and records) it: the input copied into the middle
    of an empty tensor, then each padded side copied from the far side of that tensor, so
    the result's grad_fn is a chain of CopySlices (a negative pad crops first). Every piece
    is a slice with ATen's bounds, so pads cropping past the input give empty pieces."""
    in_shape = input._data.shape
    dims = [input._data.ndim - 1 - k for k in range(len(pad) // 2)]  # pad[2k:2k+2] pads dims[k]
    out_shape = list(in_shape)
    for k, dim in enumerate(dims):
        out_shape[dim] += pad[2 * k] + pad[2 * k + 1]
    out = input.new_empty(out_shape)
    out_part, in_part = out, input
    for k, dim in enumerate(dims):
        left, right = pad[2 * k], pad[2 * k + 1]
        out_part = _slice(out_part, dim, max(left, 0), out_shape[dim] - max(right, 0))
        in_part = _slice(in_part, dim, max(-left, 0), in_shape[dim] - max(-right, 0))
    out_part.copy_(in_part)
    for k, dim in enumerate(dims):
        left, right = pad[2 * k], pad[2 * k + 1]
        end = out_shape[dim] - max(right, 0)
        if left > 0:
            _slice(out, dim, 0, left).copy_(_slice(out, dim, end - left, end))
        if right > 0:
            _slice(out, dim, out_shape[dim] - right, out_shape[dim]).copy_(
                _slice(out, dim, max(left, 0), max(left, 0) + right))
    return out


def _slice(t, dim, start, end):
    """``t[start:end]`` along ``dim`` with ATen's (and Python's) bounds: a negative end counts
    from the end, then both are clamped to the dim."""
    start, end, _ = slice(start, end).indices(t._data.shape[dim])
    return t.narrow(dim, start, max(end - start, 0))
