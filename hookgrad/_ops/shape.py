"""Ops that join, split and rearrange tensors: cat, stack, split, chunk, unbind (their
pieces are views), flip, roll, repeat. The single view ops are in views.py."""
import numpy as np

from .. import _dtype
from .._memory_format import like_suggested
from .._tensor_base import TensorBase, _make, _wrap_dim
from ..autograd.grad_mode import state as _grad_state
from .cat_layout import cat_layout, stack_layout
from .elementwise_layout import empty_like_layout
from .index import SelectBackward0, SliceBackward0
from .op import Op, _mark_view, refuse_out
from .sum_order import sum_array

# --------------------------------------------------------------------------- cat, stack

class _Variadic(Op):
    """An op over a list of tensors. ``Op.apply`` takes the inputs from its leading ``arity``
    arguments, so each input count gets its own cached subclass with that ``arity`` (same
    name, so ``name()`` and ``type(node).__name__`` are unchanged; unlike setting ``arity``
    per call, this is thread-safe). As PyTorch's nodes over a tensor list, backward gives
    every input its gradient (post-hooks see them all), only the needed ones are routed."""

    _masks_unneeded_grads = False

    @classmethod
    def apply_list(cls, tensors, *params):
        key = (cls, len(tensors))
        op = _by_arity.get(key)
        if op is None:
            op = _by_arity[key] = type(cls.__name__, (cls,), {"arity": len(tensors)})
        return op.apply(*tensors, *params)


_by_arity = {}  # (op class, input count) -> its subclass with that arity


class CatBackward0(_Variadic):
    supports_complex = True

    def forward(self, *args):
        *tensors, dim, dtype = args
        # PyTorch still skips legacy empty 1-D tensors of shape (0,) whatever ``dim`` is
        arrays = [t._data for t in tensors if t._data.shape != (0,)] or [tensors[0]._data]
        self.dim = dim
        self.sizes = [t._data.shape[dim] if t._data.shape != (0,) else None for t in tensors]
        # (the layout from all inputs: a skipped one suggests the contiguous format)
        return cat_layout(np.concatenate(arrays, axis=dim, dtype=dtype.np_dtype),
                          [t._data for t in tensors])

    def backward(self, grad):
        grads, start = [], 0
        for size in self.sizes:
            if size is None:
                grads.append(grad.new_zeros((0,)))
                continue
            grads.append(grad.narrow(self.dim, start, size))
            start += size
        return tuple(grads)


class StackBackward0(_Variadic):
    supports_complex = True

    def forward(self, *args):
        *tensors, dim, dtype = args
        self.dim = dim
        arrays = [t._data for t in tensors]
        return stack_layout(np.stack(arrays, axis=dim, dtype=dtype.np_dtype), arrays, dim)

    def backward(self, grad):
        if grad._requires_grad:  # PyTorch's: one select per input
            return tuple(grad.select(self.dim, i) for i in range(len(self._next)))
        return grad.unbind(self.dim)


def _tensor_list(name, tensors):
    if isinstance(tensors, TensorBase):
        raise TypeError(f"{name}(): argument 'tensors' (position 1) must be tuple of Tensors, "
                        "not Tensor")
    tensors = list(tensors)
    for i, t in enumerate(tensors):
        if not isinstance(t, TensorBase):
            raise TypeError(f"expected Tensor as element {i} in argument 0, but got "
                            f"{type(t).__name__}")
    return tensors


def cat(tensors, dim=0, *, out=None):
    if out is not None:
        refuse_out("cat")
    tensors = _tensor_list("cat", tensors)
    if not tensors:
        raise ValueError("torch.cat(): expected a non-empty list of Tensors")
    for i, t in enumerate(tensors):
        if t._data.ndim == 0:
            raise RuntimeError(f"zero-dimensional tensor (at position {i}) cannot be "
                               "concatenated")
    shaped = [(i, t._data.shape) for i, t in enumerate(tensors) if t._data.shape != (0,)]
    ref = shaped[0][1] if shaped else (0,)
    dim = _wrap_dim(dim, len(ref))
    for i, shape in shaped[1:]:
        if len(shape) != len(ref):
            raise RuntimeError(f"Tensors must have same number of dimensions: got {len(ref)} "
                               f"and {len(shape)}")
        for d, (want, got) in enumerate(zip(ref, shape)):
            if d != dim and want != got:
                raise RuntimeError(f"Sizes of tensors must match except in dimension {dim}. "
                                   f"Expected size {want} but got size {got} for tensor number "
                                   f"{i} in the list.")
    return CatBackward0.apply_list(tensors, dim, _dtype.result_type(tensors))


concat = cat


def stack(tensors, dim=0, *, out=None):
    if out is not None:
        refuse_out("stack")
    tensors = _tensor_list("stack", tensors)
    if not tensors:
        raise RuntimeError("stack expects a non-empty TensorList")
    ref = tensors[0]._data.shape
    for i, t in enumerate(tensors[1:], 1):
        if t._data.shape != ref:
            raise RuntimeError("stack expects each tensor to be equal size, but got "
                               f"[{', '.join(map(str, ref))}] at entry 0 and "
                               f"[{', '.join(map(str, t._data.shape))}] at entry {i}")
    dim = _wrap_dim(dim, len(ref) + 1)
    return StackBackward0.apply_list(tensors, dim, _dtype.result_type(tensors))


# --------------------------------------------------------------------------- split, unbind

def _zeros_for(grads, shape):
    """A constant zero gradient for an output that received none."""
    dtype = next(g._data.dtype for g in grads if g is not None)
    return _make(np.zeros(shape, dtype))


class SplitBackward0(Op):
    """One node with one output per piece; the pieces share memory with the input."""

    supports_complex = True  # (views; backward is cat / stack)

    def forward(self, a, dim, sizes):
        x = a._data
        self.shape, self.dim, self.sizes = x.shape, dim, sizes
        return tuple(np.split(x, np.cumsum(sizes)[:-1], axis=dim))

    def backward(self, *grads):
        shape = list(self.shape)
        pieces = []
        for grad, size in zip(grads, self.sizes):
            if grad is None:
                shape[self.dim] = size
                grad = _zeros_for(grads, shape)
            pieces.append(grad)
        return cat(pieces, self.dim)


class SplitWithSizesBackward0(SplitBackward0):
    pass


class UnsafeSplitBackward0(SplitBackward0):
    """``unsafe_split`` / ``unsafe_chunk``: the same pieces, which autograd does not treat as
    views of the input (PyTorch's recurrent cells split their gates this way)."""


def _split(op, a, sizes, dim):
    outputs = op.apply(a, dim, sizes)
    start = 0
    for out, size in zip(outputs, sizes):
        _mark_view(out, a, SliceBackward0, (dim, slice(start, start + size)))
        _mark_multi_output(out)
        start += size
    return outputs


def _mark_multi_output(view):
    """Outputs of a recorded op returning several views (split, chunk, unbind) may not be
    modified in place, nor may views of them (PyTorch's rule: one node cannot rewrite the
    history of a single output). In grad mode that holds for views of a tensor that does not
    require grad too (an in-place op recording history into one is refused)."""
    if _grad_state.grad_enabled:
        view._multi_output_view = True
        # (PyTorch keeps one creation mark per view, the newest: this one replaces the mark of
        # a view made in no_grad mode that it was split from)
        view._no_grad_view = False


def _split_dim(name, a, dim):
    if a._data.ndim == 0:
        raise RuntimeError(f"{name} expects at least a 1-dimensional tensor")
    return _wrap_dim(dim, a._data.ndim)


def split(tensor, split_size_or_sections, dim=0):
    a = tensor
    dim = _split_dim("split", a, dim)
    size = a._data.shape[dim]
    if isinstance(split_size_or_sections, (list, tuple)):
        sizes = [int(s) for s in split_size_or_sections]
        if any(s < 0 for s in sizes):
            raise RuntimeError("split_with_sizes expects split_sizes have only non-negative "
                               f"entries, but got split_sizes={sizes}")
        if sum(sizes) != size:
            raise RuntimeError(f"split_with_sizes expects split_sizes to sum exactly to {size} "
                               f"(input tensor's size at dimension {dim}), but got "
                               f"split_sizes={sizes}")
        return _split(SplitWithSizesBackward0, a, sizes, dim)
    step = int(split_size_or_sections)
    if step < 0:
        raise RuntimeError(f"split expects split_size be non-negative, but got split_size={step}")
    if step == 0 and size != 0:
        raise RuntimeError("split_size can only be 0 if dimension size is 0, but got dimension "
                           f"size of {size}")
    count = max(-(-size // step), 1) if step else 1
    sizes = [step] * (count - 1) + [size - step * (count - 1)]
    return _split(SplitBackward0, a, sizes, dim)


def chunk(input, chunks, dim=0):
    dim = _split_dim("chunk", input, dim)
    if chunks <= 0:
        raise RuntimeError(f"chunk expects `chunks` to be greater than 0, got: {chunks}")
    size = input._data.shape[dim]
    if size == 0:  # as PyTorch: keep the number of (empty) chunks
        return _split(SplitWithSizesBackward0, input, [0] * chunks, dim)
    return split(input, -(-size // chunks), dim)


class UnbindBackward0(Op):
    """One node with one output per index along ``dim``; the outputs share memory."""

    supports_complex = True  # (views; backward is cat / stack)

    def forward(self, a, dim):
        x = a._data
        self.shape, self.dim = x.shape, dim
        lead = (slice(None),) * dim
        # (views, also the 0-d elements of a 1-d tensor: Ellipsis keeps them arrays)
        return tuple(x[lead + (i, Ellipsis)] for i in range(x.shape[dim]))

    def backward(self, *grads):
        shape = self.shape[:self.dim] + self.shape[self.dim + 1:]
        return stack([_zeros_for(grads, shape) if g is None else g for g in grads], self.dim)


def unbind(input, dim=0):
    if input._data.ndim == 0:
        raise IndexError("Dimension specified as 0 but tensor has no dimensions")
    dim = _wrap_dim(dim, input._data.ndim)
    outputs = UnbindBackward0.apply(input, dim)
    for i, out in enumerate(outputs):
        _mark_view(out, input, SelectBackward0, (dim, i))
        _mark_multi_output(out)
    return outputs


# --------------------------------------------------------------------------- flip, roll, repeat

class FlipBackward0(Op):
    """A copy, not a view (as in PyTorch)."""

    supports_complex = True  # (moves elements; so does its backward)

    def forward(self, a, dims):
        self.dims = dims
        # (PyTorch's result is empty_like(input): the input's layout, not C order)
        return empty_like_layout(np.flip(a._data, dims).copy(), a._data)

    def backward(self, grad):
        return grad.flip(self.dims)


def flip(input, dims):
    ndim = input._data.ndim
    dims = [_wrap_dim(d, ndim) for d in ((dims,) if isinstance(dims, int) else dims)]
    for d in dims:
        if dims.count(d) > 1:
            raise RuntimeError(f"dim {d} appears multiple times in the list of dims")
    return FlipBackward0.apply(input, tuple(dims) if ndim else ())


class RollBackward0(Op):
    """A copy shifted cyclically along dims (the flattened tensor when ``dims`` is empty)."""

    supports_complex = True

    def forward(self, a, shifts, dims):
        self.shifts, self.dims = shifts, dims
        x = a._data
        if not dims:
            return np.roll(x.reshape(-1), shifts[0]).reshape(x.shape)
        # (PyTorch's result is in the format the input suggests: channels-last or contiguous)
        return like_suggested(np.ascontiguousarray(np.roll(x, shifts, dims)), x)

    def backward(self, grad):
        return RollBackward0.apply(grad, tuple(-s for s in self.shifts), self.dims)


def roll(input, shifts, dims=None):
    shifts = (shifts,) if isinstance(shifts, int) else tuple(shifts)
    dims = () if dims is None else (dims,) if isinstance(dims, int) else tuple(dims)
    if dims and len(shifts) != len(dims):
        raise RuntimeError(f"shifts and dimensions must align. shifts: {len(shifts)}, dims:"
                           f"{len(dims)}")
    if not dims and len(shifts) != 1:
        raise RuntimeError(f"shifts and dimensions must align. shifts: {len(shifts)}, dims:0")
    ndim = input._data.ndim
    if dims and not ndim:
        raise IndexError(f"Dimension specified as {dims[0]} but tensor has no dimensions")
    return RollBackward0.apply(input, shifts, tuple(_wrap_dim(d, ndim) for d in dims))


class RepeatBackward0(Op):
    supports_complex = True  # (moves elements; so does its backward)

    def forward(self, a, repeats):
        x = a._data
        self.shape, self.repeats = x.shape, repeats
        self.padded = padded = (1,) * (len(repeats) - x.ndim) + x.shape
        return np.tile(x.reshape(padded), repeats)

    def backward(self, grad):
        if not self.repeats:
            return grad
        if grad._requires_grad or grad._data.dtype.kind == "c":
            # (a complex gradient: summed as the complex sum op sums, PyTorch's order)
            return self._recorded_backward(grad)
        # PyTorch's repeat_backward on arrays (as _recorded_backward, in its sums' order):
        # zeros for a zero repeat, the added leading dims summed, the repeats summed; with
        # nothing to sum, ``grad`` itself
        if 0 in self.repeats:
            return _make(np.zeros(self.shape, grad._data.dtype))
        g = grad._data
        added = len(self.repeats) - len(self.shape)
        for _ in range(added):
            g = sum_array(g, (0,), False)
        sizes, sum_dims = _repeat_blocks(self.repeats[added:], self.shape)
        if sum_dims:
            g = sum_array(g.reshape(sizes), sum_dims, False)
        elif not added:
            return grad
        return _make(np.asarray(g))  # (NumPy gives a 0-d sum as a scalar)

    def _recorded_backward(self, grad):
        """PyTorch's repeat_backward node for node: the added leading dims summed one by one,
        then one reshape to (repeat, size) pairs and one sum over the repeats."""
        if 0 in self.repeats:
            return _make(np.zeros(self.shape, grad._data.dtype))
        added = len(self.repeats) - len(self.shape)
        for _ in range(added):
            grad = grad.sum(0)
        sizes, sum_dims = _repeat_blocks(self.repeats[added:], self.shape)
        return grad.reshape(sizes).sum(sum_dims) if sum_dims else grad


def _repeat_blocks(repeats, shape):
    """``(sizes, sum_dims)``: the gradient's shape with each repeated dim split into
    (repeat, size), and the repeat dims to sum (repeat_backward's one reshape and sum)."""
    sizes, sum_dims = [], []
    for repeat, size in zip(repeats, shape):
        if repeat != 1:
            sizes.append(repeat)
            sum_dims.append(len(sizes) - 1)
        sizes.append(size)
    return sizes, tuple(sum_dims)


def repeat(input, repeats):
    """``input.repeat(*repeats)`` (a method only)."""
    shape = input._data.shape
    repeats = tuple(int(r) for r in repeats)
    if len(repeats) < len(shape):
        raise RuntimeError("Number of dimensions of repeat dims can not be smaller than number "
                           "of dimensions of tensor")
    padded = (1,) * (len(repeats) - len(shape)) + shape
    target = [r * s for r, s in zip(repeats, padded)]
    for n in target:
        if n < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {n}: "
                               f"[{', '.join(map(str, target))}]")
    return RepeatBackward0.apply(input, repeats)


def fliplr(input):
    if input._data.ndim < 2:
        raise RuntimeError("Input must be >= 2-d.")
    return flip(input, 1)


def flipud(input):
    if input._data.ndim < 1:
        raise RuntimeError("Input must be >= 1-d.")
    return flip(input, 0)
