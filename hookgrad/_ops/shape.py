"""Shape ops. View ops share memory and the version counter with their input; each has an
array-level ``view_array`` so an in-place op through a view can be replayed on the base."""
import numpy as np

from .. import _dtype
from .._tensor_base import TensorBase, _make, _wrap_dim
from .index import SelectBackward0, SliceBackward0
from .inplace import apply_view_inplace
from .op import Op, _mark_view, plain_backward, refuse_out


def _infer_shape(shape, numel):
    shape = list(shape)
    if shape.count(-1) > 1:
        raise RuntimeError("only one dimension can be inferred")
    if -1 in shape:
        known = int(np.prod([s for s in shape if s != -1]))
        if known == 0 or numel % known:
            raise RuntimeError(f"shape '[{', '.join(map(str, shape))}]' is invalid for input of "
                               f"size {numel}")
        shape[shape.index(-1)] = numel // known
    if int(np.prod(shape)) != numel:
        raise RuntimeError(f"shape '[{', '.join(map(str, shape))}]' is invalid for input of "
                           f"size {numel}")
    return tuple(shape)


class ViewBackward0(Op):
    is_view = True

    @staticmethod
    def view_array(x, shape):
        return x.reshape(shape)

    def forward(self, a, shape):
        self.shape = a._data.shape
        return a._data.reshape(shape)

    def backward(self, grad):
        return grad.reshape(self.shape)


def broadcast_view(x, shape):
    """A read-only view of ``x`` broadcast to ``shape`` (known compatible): np.broadcast_to
    without its argument handling, which dominates for small tensors."""
    if not x.ndim:  # a reduction's 0-d gradient (the common case): every stride is 0
        strides = (0,) * len(shape)
    elif not x.flags.c_contiguous:
        return np.broadcast_to(x, shape)
    else:
        lead = len(shape) - x.ndim
        strides = (0,) * lead + tuple(0 if d == 1 and t != 1 else st
                                      for d, t, st in zip(x.shape, shape[lead:], x.strides))
    view = np.ndarray(shape, x.dtype, x, 0, strides)
    view.flags.writeable = False
    return view


def expand_grad(grad, shape):
    """Expand a reduced gradient back to ``shape``: a plain read-only view when nothing
    records (the common case), the differentiable ExpandBackward0 under create_graph."""
    if grad._requires_grad:
        return ExpandBackward0.apply(grad, shape)
    return _make(broadcast_view(grad._data, shape))


class ExpandBackward0(Op):
    is_view = True

    @staticmethod
    def view_array(x, shape):
        return broadcast_view(x, shape)

    def forward(self, a, shape):
        self.shape = a._data.shape
        return broadcast_view(a._data, shape)

    def backward(self, grad):
        return grad.sum_to_size(self.shape)


class PermuteBackward0(Op):
    is_view = True

    @staticmethod
    def view_array(x, dims):
        return x.transpose(dims)

    def forward(self, a, dims):
        self.dims = dims
        return a._data.transpose(dims)

    def backward(self, grad):
        return grad.permute(tuple(np.argsort(self.dims)))


class TransposeBackward0(Op):
    is_view = True

    @staticmethod
    def view_array(x, dim0, dim1):
        return x.swapaxes(dim0, dim1) if x.ndim else x[...]  # 0-d: NumPy has no axis 0

    def forward(self, a, dim0, dim1):
        self.dim0, self.dim1 = dim0, dim1
        return self.view_array(a._data, dim0, dim1)

    def backward(self, grad):
        if plain_backward():  # the view of the array is all it takes
            return _make(self.view_array(grad._data, self.dim0, self.dim1))
        return grad.transpose(self.dim0, self.dim1)


class TBackward0(TransposeBackward0):
    pass


class TransposeBackward1(TransposeBackward0):  # in place
    pass


class TBackward1(TransposeBackward0):  # in place
    pass


class UnsqueezeBackward0(Op):
    is_view = True

    @staticmethod
    def view_array(x, dim):
        return np.expand_dims(x, dim)

    def forward(self, a, dim):
        self.dim = dim
        return np.expand_dims(a._data, dim)

    def backward(self, grad):
        return grad.squeeze(self.dim)


class SqueezeBackward0(Op):
    is_view = True

    @staticmethod
    def view_array(x, dims):
        return x.squeeze(dims) if dims else x

    def forward(self, a, dims):
        self.shape = a._data.shape
        return a._data.squeeze(dims) if dims else a._data

    def backward(self, grad):
        return grad.reshape(self.shape)


class SqueezeBackward1(SqueezeBackward0):
    pass


class SqueezeBackward2(SqueezeBackward0):
    pass


# The in-place forms (``t.squeeze_()``, ...), which PyTorch numbers apart
class UnsqueezeBackward1(UnsqueezeBackward0):
    pass


class SqueezeBackward3(SqueezeBackward0):
    pass


class SqueezeBackward4(SqueezeBackward0):
    pass


class SqueezeBackward5(SqueezeBackward0):
    pass


def view(input, shape):
    """``input.view(shape)`` (no ``torch.view``: the method alone has PyTorch's signature)."""
    a = input
    shape = _infer_shape(shape, a._data.size)
    if not a._data.flags.c_contiguous and a._data.size > 1:
        try:
            arr = a._data.view()
            arr.shape = shape  # raises if this needs a copy
        except AttributeError:
            raise RuntimeError(
                "view size is not compatible with input tensor's size and stride (at least one "
                "dimension spans across two contiguous subspaces). Use .reshape(...) instead."
            ) from None
    return ViewBackward0.apply(a, shape)


def reshape(input, shape):
    shape = _infer_shape(shape, input._data.size)
    if input._data.shape == shape:
        return input
    # NumPy copies when the layout does not allow a view; the result is then no view.
    return ViewBackward0.apply(input, shape)


def flatten(input, start_dim=0, end_dim=-1):
    shape = input._data.shape
    if not shape:
        return reshape(input, (1,))
    start, end = _wrap_dim(start_dim, len(shape)), _wrap_dim(end_dim, len(shape))
    if start > end:
        raise RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim")
    if start == end:
        return input
    new = shape[:start] + (int(np.prod(shape[start:end + 1])),) + shape[end + 1:]
    return reshape(input, new)


def unflatten(input, dim, sizes):
    shape = input._data.shape
    dim = _wrap_dim(dim, len(shape))
    sizes = _infer_shape(sizes, shape[dim])
    return view(input, shape[:dim] + tuple(sizes) + shape[dim + 1:])


def expand(input, sizes):
    """``input.expand(*sizes)`` (a method only, like ``view``)."""
    a = input
    shape = a._data.shape
    if len(sizes) < len(shape):
        raise RuntimeError(
            f"expand(torch.FloatTensor{{[{', '.join(map(str, shape))}]}}, "
            f"size=[{', '.join(map(str, sizes))}]): "
            "the number of sizes provided must be greater or equal to the number of dimensions "
            "in the tensor")
    lead = len(sizes) - len(shape)
    target = []
    for i, s in enumerate(sizes):
        old = shape[i - lead] if i >= lead else 1
        if s == -1:
            if i < lead:
                raise RuntimeError("The expanded size of the tensor (-1) isn't allowed in a "
                                   "leading, non-existing dimension " + str(i))
            s = old
        elif old != 1 and old != s:
            raise RuntimeError(f"The expanded size of the tensor ({s}) must match the existing "
                               f"size ({old}) at non-singleton dimension {i}.  Target sizes: "
                               f"[{', '.join(map(str, sizes))}].  Tensor sizes: "
                               f"[{', '.join(map(str, shape))}]")
        target.append(s)
    target = tuple(target)
    if target == shape:
        return ExpandBackward0.apply(a, target) if a._requires_grad else a
    return ExpandBackward0.apply(a, target)


def broadcast_to(input, size):
    return expand(input, tuple(size))


def permute(input, dims):
    a = input
    ndim = a._data.ndim
    dims = tuple(_wrap_dim(d, ndim) for d in dims)
    if sorted(dims) != list(range(ndim)):
        raise RuntimeError("permute(sparse_coo): number of dimensions in the tensor input does "
                           "not match the length of the desired ordering of dimensions i.e. "
                           f"input.dim() = {ndim} is not equal to len(dims) = {len(dims)}")
    return PermuteBackward0.apply(a, dims)


def transpose(input, dim0, dim1):
    ndim = input._data.ndim
    return TransposeBackward0.apply(input, _wrap_dim(dim0, ndim), _wrap_dim(dim1, ndim))


def transpose_(input, dim0, dim1):
    ndim = input._data.ndim
    return apply_view_inplace(input, TransposeBackward1,
                              (_wrap_dim(dim0, ndim), _wrap_dim(dim1, ndim)))


swapdims = transpose


def swapaxes(input, axis0, axis1):
    return transpose(input, axis0, axis1)


def _t_dims(input):
    ndim = input._data.ndim
    if ndim > 2:
        raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is {ndim}D")
    return (0, 0) if ndim < 2 else (0, 1)


def t(input):
    return TBackward0.apply(input, *_t_dims(input))


def t_(input):
    return apply_view_inplace(input, TBackward1, _t_dims(input))


def unsqueeze(input, dim):
    return UnsqueezeBackward0.apply(input, _wrap_dim(dim, input._data.ndim + 1))


def unsqueeze_(input, dim):
    return apply_view_inplace(input, UnsqueezeBackward1, (_wrap_dim(dim, input._data.ndim + 1),))


# PyTorch's squeeze nodes: no dim / one dim / several dims, and the same in place
_SQUEEZE_NODES = ((SqueezeBackward0, SqueezeBackward1, SqueezeBackward2),
                  (SqueezeBackward3, SqueezeBackward4, SqueezeBackward5))


def _squeeze_args(input, dim, in_place):
    """The node and the (size-1) dims a squeeze removes."""
    shape = input._data.shape
    nodes = _SQUEEZE_NODES[in_place]
    if dim is None:
        return nodes[0], tuple(i for i, s in enumerate(shape) if s == 1)
    node, dims = (nodes[1], (dim,)) if isinstance(dim, int) else (nodes[2], tuple(dim))
    dims = tuple(_wrap_dim(d, len(shape)) for d in dims) if shape else ()
    return node, tuple(d for d in dims if shape[d] == 1)


def squeeze(input, dim=None):
    node, dims = _squeeze_args(input, dim, False)
    return node.apply(input, dims)


def squeeze_(input, dim=None):
    node, dims = _squeeze_args(input, dim, True)
    return apply_view_inplace(input, node, (dims,))



# --------------------------------------------------------------------------- cat, stack

class _Variadic(Op):
    """An op over a list of tensors. ``Op.apply`` takes the inputs from its leading ``arity``
    arguments, so each input count gets its own cached subclass with that ``arity`` (same
    name, so ``name()`` and ``type(node).__name__`` are unchanged; unlike setting ``arity``
    per call, this is thread-safe)."""

    @classmethod
    def apply_list(cls, tensors, *params):
        key = (cls, len(tensors))
        op = _by_arity.get(key)
        if op is None:
            op = _by_arity[key] = type(cls.__name__, (cls,), {"arity": len(tensors)})
        return op.apply(*tensors, *params)


_by_arity = {}  # (op class, input count) -> its subclass with that arity


class CatBackward0(_Variadic):
    def forward(self, *args):
        *tensors, dim, dtype = args
        # PyTorch still skips legacy empty 1-D tensors of shape (0,) whatever ``dim`` is
        arrays = [t._data for t in tensors if t._data.shape != (0,)] or [tensors[0]._data]
        self.dim = dim
        self.sizes = [t._data.shape[dim] if t._data.shape != (0,) else None for t in tensors]
        return np.concatenate(arrays, axis=dim, dtype=dtype.np_dtype)

    def backward(self, grad):
        grads, start = [], 0
        for i, size in enumerate(self.sizes):
            if size is None:
                grads.append(grad.new_zeros((0,)) if self.needs(i) else None)
                continue
            grads.append(grad.narrow(self.dim, start, size) if self.needs(i) else None)
            start += size
        return tuple(grads)


class StackBackward0(_Variadic):
    def forward(self, *args):
        *tensors, dim, dtype = args
        self.dim = dim
        return np.stack([t._data for t in tensors], axis=dim, dtype=dtype.np_dtype)

    def backward(self, grad):
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
    history of a single output)."""
    if view._grad_fn is not None:
        view._multi_output_view = True


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
    a = input
    dim = _split_dim("chunk", a, dim)
    if chunks <= 0:
        raise RuntimeError(f"chunk expects `chunks` to be greater than 0, got: {chunks}")
    size = a._data.shape[dim]
    if size == 0:  # as PyTorch: keep the number of (empty) chunks
        return _split(SplitWithSizesBackward0, a, [0] * chunks, dim)
    return split(a, -(-size // chunks), dim)


class UnbindBackward0(Op):
    """One node with one output per index along ``dim``; the outputs share memory."""

    def forward(self, a, dim):
        x = a._data
        self.shape, self.dim = x.shape, dim
        return tuple(np.moveaxis(x, dim, 0))

    def backward(self, *grads):
        shape = self.shape[:self.dim] + self.shape[self.dim + 1:]
        return stack([_zeros_for(grads, shape) if g is None else g for g in grads], self.dim)


def unbind(input, dim=0):
    a = input
    if a._data.ndim == 0:
        raise IndexError("Dimension specified as 0 but tensor has no dimensions")
    dim = _wrap_dim(dim, a._data.ndim)
    outputs = UnbindBackward0.apply(a, dim)
    for i, out in enumerate(outputs):
        _mark_view(out, a, SelectBackward0, (dim, i))
        _mark_multi_output(out)
    return outputs


# --------------------------------------------------------------------------- narrow, flip, repeat

def narrow(input, dim, start, length):
    shape = input._data.shape
    if not shape:
        raise RuntimeError("narrow() cannot be applied to a 0-dim tensor.")
    dim = _wrap_dim(dim, len(shape))
    start, size = int(start), shape[dim]
    if length < 0:
        raise RuntimeError("narrow(): length must be non-negative.")
    if not -size <= start <= size:
        raise IndexError(f"start out of range (expected to be in range of [{-size}, {size}], "
                         f"but got {start})")
    start = start + size if start < 0 else start
    if start + length > size:
        raise RuntimeError(f"start ({start}) + length ({length}) exceeds dimension size "
                           f"({size}).")
    return SliceBackward0.apply(input, dim, slice(start, start + length))


class FlipBackward0(Op):
    """A copy, not a view (as in PyTorch)."""

    def forward(self, a, dims):
        self.dims = dims
        return np.flip(a._data, dims).copy()

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

    def forward(self, a, shifts, dims):
        self.shifts, self.dims = shifts, dims
        x = a._data
        if not dims:
            return np.roll(x.reshape(-1), shifts[0]).reshape(x.shape)
        return np.roll(x, shifts, dims)

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
    return RollBackward0.apply(input, shifts, tuple(_wrap_dim(d, ndim) for d in dims))


class UnfoldBackward0(Op):
    """``unfold(dim, size, step)``: a view of the windows along ``dim``, each in a new last
    dim (windows may overlap; their gradients add up)."""

    is_view = True

    @staticmethod
    def view_array(x, dim, size, step):
        if x.ndim == 0:
            return x.reshape(1)
        n = (x.shape[dim] - size) // step + 1
        shape = x.shape[:dim] + (n,) + x.shape[dim + 1:] + (size,)
        strides = x.strides[:dim] + (x.strides[dim] * step,) + x.strides[dim + 1:] + \
            (x.strides[dim],)
        return np.lib.stride_tricks.as_strided(x, shape, strides)

    def forward(self, a, dim, size, step):
        self.shape, self.params = a._data.shape, (dim, size, step)
        return self.view_array(a._data, dim, size, step)

    def backward(self, grad):
        return _UnfoldGrad.apply(grad, self.shape, *self.params)


class _UnfoldGrad(Op):
    """The adjoint of ``unfold``: each window's gradient added back where it came from."""

    node_name = "UnfoldBackwardBackward0"

    def forward(self, grad, shape, dim, size, step):
        self.params = (dim, size, step)
        g = grad._data
        out = np.zeros(shape, g.dtype)
        if not shape:
            return g.reshape(())
        n = g.shape[dim]
        for k in range(size):  # window element k of every window, one strided slice each
            key = (slice(None),) * dim + (slice(k, k + step * (n - 1) + 1, step),)
            out[key] += g[..., k]
        return out

    def backward(self, grad):
        return UnfoldBackward0.apply(grad, *self.params)


def unfold(input, dimension, size, step):
    """``input.unfold(dimension, size, step)`` (a method only)."""
    x = input._data
    dim = _wrap_dim(dimension, x.ndim)
    length = x.shape[dim] if x.ndim else 1
    if size > length:
        raise RuntimeError(f"maximum size for tensor at dimension {dim} is {length} but size is "
                           f"{size}")
    if step <= 0:
        raise RuntimeError(f"step is {step} but must be > 0")
    return UnfoldBackward0.apply(input, dim, size, step)


class RepeatBackward0(Op):
    def forward(self, a, repeats):
        x = a._data
        self.shape, self.repeats = x.shape, repeats
        self.padded = padded = (1,) * (len(repeats) - x.ndim) + x.shape
        return np.tile(x.reshape(padded), repeats)

    def backward(self, grad):
        if not self.repeats:
            return grad
        # output dim i is repeats[i] blocks of padded[i]: split each dim in two, sum the blocks
        interleaved = [n for pair in zip(self.repeats, self.padded) for n in pair]
        block_dims = tuple(range(0, len(interleaved), 2))
        return grad.reshape(interleaved).sum(block_dims).reshape(self.shape)


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
