"""The reductions that pick an element: max and min (whole, or along a dim with indices),
amax / amin (ties share the gradient), aminmax, argmax / argmin."""
import numpy as np

from .._tensor_base import ZERO_TENSOR_MESSAGE, TensorBase, _make, _wrap_dim
from .complex_support import check_real
from .index import MaskedFillBackward1, selected_grad
from .op import Op, ReductionOp, plain_backward, refuse_out, return_type
from .packed_on_error import checked
from .reduce import dims_of
from .selection import maximum, minimum
from .zero_ties import signed_zero_extreme, whole_zero_tie

return_types = {name: return_type(name, ("values", "indices")) for name in ("max", "min")}
return_types["aminmax"] = return_type("aminmax", ("min", "max"))


def _check_nonempty(name, x, dims):
    """PyTorch refuses reductions without an identity over nothing."""
    if x.size:
        return
    if dims is None:
        error = IndexError if name.startswith("arg") else RuntimeError
        raise error(f"{name}(): Expected reduction dim to be specified for input.numel() == 0."
                    + ("" if name.startswith("arg") else
                       " Specify the reduction dim with the 'dim' argument."))
    for d in dims:
        if x.shape[d] == 0:
            raise IndexError(f"{name}(): Expected reduction dim {d} to have non-zero size.")


def whole_extreme(reduce, x):
    """``reduce`` (np.max or np.min) of all of ``x`` with PyTorch's NaN: its whole-tensor
    kernel gives a NaN with the sign bit set (its vector loop's all-ones unordered mask)
    whatever the input NaNs' signs, except for one element (itself); NumPy gives the first
    NaN as it is."""
    value = reduce(x)
    if value != value and x.size > 1:
        return np.negative(np.array(np.nan, x.dtype))
    return value


class MaxBackward1(Op):
    """Whole-tensor max: ties (and NaNs, when the result is NaN) share the gradient evenly."""

    saves_output = True
    saved_names = ("self", "result")
    reduce = staticmethod(np.max)

    def forward(self, a):
        self.save(a)
        value = whole_extreme(self.reduce, a._data)
        return whole_zero_tie(a._data, value, self.reduce is np.max)

    def backward(self, grad):
        # PyTorch's evenly_distribute_backward: zeros, filled with grad / count where the
        # input reaches the result (where it is NaN, when the result is)
        a, result = self.saved()
        x, value = a._data, result._data
        mask = np.isnan(x) if np.isnan(value) else x == value
        count = np.count_nonzero(mask)
        # (zeros_like(input, contiguous_format): C order, not the input's)
        if plain_backward():
            out = np.zeros(x.shape, x.dtype)
            if count:  # (else nothing reaches the result: an empty input)
                out[mask] = grad._data / count
            return _make(out)
        # (an empty input too: PyTorch's graph divides by the count, 0, and fills nothing)
        share = grad / _make(np.asarray(count))
        return MaskedFillBackward1.apply(_make(np.zeros(x.shape, x.dtype)), share, _make(mask))


class MinBackward1(MaxBackward1):
    reduce = staticmethod(np.min)


class MaxBackward0(Op):
    """Max along a dim: ``(values, indices)``; the gradient goes to the selected index only."""

    select = staticmethod(np.argmax)
    saves_indices = True  # (as PyTorch's node)

    def forward(self, a, dim, keepdim):
        x = a._data
        self.dim, self.keepdim = dim, keepdim
        if x.ndim == 0:
            self.index = None
            return x.copy(), np.zeros((), np.int64)
        self.index = index = np.expand_dims(self.select(x, axis=dim), dim).astype(np.int64)
        values = np.take_along_axis(x, index, dim)
        if not keepdim:
            values, index = values.squeeze(dim), index.squeeze(dim)
        return values, index

    def backward(self, grad, grad_indices=None):
        self.saved()  # (unpacked as PyTorch's node does: raises once a pass freed them)
        if self.index is None:
            return selected_grad(grad, (), 0, None)
        g = grad if self.keepdim else grad.unsqueeze(self.dim)
        return selected_grad(g, self._in_meta[0][0], self.dim, self.index)


class MinBackward0(MaxBackward0):
    select = staticmethod(np.argmin)


def _max_min(a, dim, keepdim, name, whole, along, other):
    if isinstance(dim, TensorBase):  # torch.max(a, b) is maximum
        return other(a, dim)
    x = a._data  # (bool works: PyTorch refuses it for argmax/argmin only)
    if dim is None:
        _check_nonempty(name, x, None)
        return whole.apply(a)
    dim = _wrap_dim(dim, x.ndim)
    if x.ndim:
        _check_nonempty(name, x, (dim,))
    return return_types[name](*along.apply(a, dim, keepdim))


def max(input, dim=None, keepdim=False, *, other=None, out=None):
    """The whole-tensor max, ``(values, indices)`` along ``dim``, or with a tensor ``other``
    (or a tensor ``dim``: ``torch.max(a, b)``) the elementwise ``maximum``."""
    if out is not None:
        refuse_out("max")
    if other is not None:
        return maximum(input, other)
    return _max_min(input, dim, keepdim, "max", MaxBackward1, MaxBackward0, maximum)


def min(input, dim=None, keepdim=False, *, other=None, out=None):
    if out is not None:
        refuse_out("min")
    if other is not None:
        return minimum(input, other)
    return _max_min(input, dim, keepdim, "min", MinBackward1, MinBackward0, minimum)


class AmaxBackward0(ReductionOp):
    """Ties share the gradient evenly."""

    saves_output, saved_names = True, ("self", "result")
    reduce = staticmethod(np.max)

    def forward(self, a, dims, keepdim, given=0):
        """``given``: how many dims the call named (a 0-d input's formula depends on it)."""
        self.save(a)
        self.dims, self.keepdim, self.given = dims, keepdim, given
        x = a._data
        out = self.reduce(x, axis=dims, keepdims=keepdim)
        if x.dtype.kind == "f" and x.ndim:  # (which zero a tie of +0 and -0 returns)
            out = signed_zero_extreme(x, out, dims, keepdim, self.reduce is np.max)
        out = np.asarray(out)
        if out.dtype.kind == "f":  # (PyTorch's amax / amin: a NaN without its sign bit)
            squares = np.vdot(out, out)
            if squares != squares:
                out = np.where(np.isnan(out), np.array(np.nan, out.dtype), out)
        return out

    def backward(self, grad):
        a, result = self.saved()
        if not a._data.ndim and not self.keepdim and not plain_backward():
            return self._share_0d(grad, a, result)
        return self.share_among_ties(grad, a, result)

    def share_among_ties(self, grad, a, result):
        """The gradient of an extreme ``result`` of ``a``, split evenly among the positions
        that reach it."""
        mask = self.restore_by_reshape(result) == a
        return self.restore_by_reshape(grad) / mask.sum(self.dims, keepdim=True) * mask

    def _share_0d(self, grad, a, result):
        """PyTorch's formula for a 0-d input: ``restore_reduced_dims`` reshapes to one size-1
        dim per dim named (a (1,)-shaped gradient, which the engine sums back to 0-d)."""
        shape = (1,) * self.given
        mask = result.reshape(shape) == a
        return grad.reshape(shape) / mask.sum(tuple(range(self.given)), keepdim=True) * mask


class AminBackward0(AmaxBackward0):
    reduce = staticmethod(np.min)


def _amax_amin(op, name, a, dim, keepdim):
    # (the dim wrapped by the kernel, after the node saves the input: packed_on_error.py)
    dims = checked(dims_of, (a,), lambda: (a,), dim, a._data.ndim)
    if not a._data.size:  # (only an empty input has a dim of size 0)
        if isinstance(dim, int) and dims and not a._data.shape[dims[0]]:  # (the dim as given)
            raise IndexError(f"{name}(): Expected reduction dim {dim} to have non-zero size.")
        _check_nonempty(name, a._data, None if dim is None or dim == () else dims)
    if a._data.ndim:
        return op.apply(a, dims, keepdim)
    given = 0 if dim is None else 1 if isinstance(dim, int) else len(dim)
    return op.apply(a, dims, keepdim, given)


def amax(input, dim=(), keepdim=False, *, out=None):
    if out is not None:
        refuse_out("amax")
    return _amax_amin(AmaxBackward0, "amax", input, dim, keepdim)


def amin(input, dim=(), keepdim=False, *, out=None):
    if out is not None:
        refuse_out("amin")
    return _amax_amin(AminBackward0, "amin", input, dim, keepdim)


class AminmaxBackward0(AmaxBackward0):
    """``(min, max)`` in one node; each output's gradient is shared evenly among its ties."""

    # (min and max are saved outputs, as PyTorch's: changing one in place is refused)
    saves_output, saved_names = False, ("self", "min", "max")

    def forward(self, a, dims, keepdim, whole=False):
        self.save(a)
        self.dims, self.keepdim = dims, keepdim
        self.given = 0 if whole else 1  # (the dims named, for a 0-d input's formula)
        x = a._data
        if whole:  # (aminmax() without a dim: PyTorch's whole-tensor kernel)
            low, high = whole_extreme(np.min, x), whole_extreme(np.max, x)
            return ((low, high) if not keepdim else
                    (np.reshape(low, (1,) * x.ndim), np.reshape(high, (1,) * x.ndim)))
        return (np.min(x, axis=dims, keepdims=keepdim), np.max(x, axis=dims, keepdims=keepdim))

    def _unpack_saved(self):
        """self, then max before min: the order PyTorch's node unpacks (and version-checks)
        them, so a change to both outputs is reported for max."""
        a, low, high = self._for_backward
        a, high, low = (None if s is None else s.unpack(self, True) for s in (a, high, low))
        return [a, low, high]

    def backward(self, grad_min, grad_max):
        a, low, high = self.saved()
        if grad_min is not None and grad_min._zero_tensor and grad_max is not None:
            # (PyTorch's formula adds the max's share into the min's in place: sgn's
            # ZeroTensor gradient there is refused, the max's is not; 96:12193)
            raise RuntimeError(ZERO_TENSOR_MESSAGE)
        share = self.share_among_ties
        if not a._data.ndim and not self.keepdim and not plain_backward():
            share = self._share_0d  # (as amax's: PyTorch restores the dims named by reshaping)
        parts = [share(grad, a, result.detach())
                 for grad, result in zip((grad_min, grad_max), (low, high)) if grad is not None]
        return parts[0] if len(parts) == 1 else parts[0] + parts[1]


def aminmax(input, *extra, dim=None, keepdim=False, out=None):
    """``dim`` and ``keepdim`` are keyword-only (``extra``: PyTorch's error for them given by
    position, which Python's own words differently)."""
    if extra:
        raise TypeError(aminmax_positional_error(1, 1 + len(extra)))
    if out is not None:
        refuse_out("aminmax")
    x = input._data
    if dim is None:
        if x.size == 0:
            raise RuntimeError("aminmax(): cannot compute aminmax over an empty dimension as "
                               "the operation has no identity.")
        dims = tuple(range(x.ndim))
    else:
        dims = dims_of(dim, x.ndim)
        if x.ndim and x.shape[dims[0]] == 0:
            raise IndexError(f"aminmax: Expected reduction dim {dims[0]} to have non-zero size.")
    outputs = AminmaxBackward0.apply(input, dims, keepdim, dim is None)
    node = outputs[0]._grad_fn
    if node is not None:
        for output in outputs:
            node._save_output(output)
    return return_types["aminmax"](*outputs)


def _arg(select, name, a, dim, keepdim):
    """argmax/argmin: int64 indices, no gradient; ``dim=None`` indexes the flattened tensor."""
    check_real(name, a)
    x = a._data
    if x.dtype.kind == "b":
        raise RuntimeError(f"{name}(): does not support bool input")
    if dim is None:
        _check_nonempty(name, x, None)
        index = select(x.reshape(-1))
        return _make(np.full((1,) * x.ndim if keepdim else (), index, np.int64))
    dim = _wrap_dim(dim, x.ndim)
    if x.ndim == 0:
        return _make(np.zeros((), np.int64))
    _check_nonempty(name, x, (dim,))
    return _make(np.asarray(select(x, axis=dim, keepdims=keepdim), np.int64))


def aminmax_positional_error(takes, given):
    """aminmax's TypeError for too many positional arguments (PyTorch's parser counts a method's
    arguments without ``self``)."""
    return (f"aminmax() takes {takes} positional argument{'' if takes == 1 else 's'} but "
            f"{given} {'was' if given == 1 else 'were'} given")


def argmax(input, dim=None, keepdim=False, *, out=None):
    if out is not None:
        refuse_out("argmax")
    return _arg(np.argmax, "argmax", input, dim, keepdim)


def argmin(input, dim=None, keepdim=False, *, out=None):
    if out is not None:
        refuse_out("argmin")
    return _arg(np.argmin, "argmin", input, dim, keepdim)
