"""clamp, maximum, minimum and where: each output element is taken from one input, and the
gradient goes back to the input it was taken from (ties split evenly)."""
import numpy as np

from .. import _dtype
from .._tensor_base import TensorBase, _make
from ..autograd._running import current_task
from .activation_backward import zero_where
from .arithmetic import DivBackward1, _scalar_or_saved
from .elementwise_layout import first_operand_layout
from .op import (
    BinaryOp,
    Op,
    apply_to_tensors,
    broadcast_error,
    operands,
    plain_backward,
    refuse_out,
    type_name,
)
from .vector_loop import PARALLEL_GRAIN, vector_positions
from .zero_ties import binary_zero_ties, clamp_zero_ties, tensor_bounds_zero_ties


class ClampBackward1(Op):
    """Clamp to scalar bounds."""

    saved_names = ('self',)

    def forward(self, a, low, high):
        if self._record:  # (save(), skipped without a call when nothing records)
            self.save(a)
        self.low, self.high = low, high
        target = _bounds_dtype(a, low, high)
        x = a._data.astype(target, copy=False)
        return clamp_zero_ties(np.clip(x, low, high).astype(target, copy=False), x, low, high)

    def backward(self, grad):
        (a,) = self.saved()
        x, keep = a._data, True
        if self.low is not None:
            keep = x >= self.low
        if self.high is not None:
            keep = keep & (x <= self.high)
        if keep is not True:  # (the mask of comparisons with numbers: x's iterator layout)
            keep = first_operand_layout(keep, x, 0)
        return keep_where(grad, keep)


class ClampBackward0(Op):
    """Clamp to tensor bounds."""

    saved_names = ('max', 'min', 'self')  # (PyTorch's order: its nodes save by name)
    arity = 3

    def forward(self, a, low, high):
        self.save(high if isinstance(high, TensorBase) else None,
                  low if isinstance(low, TensorBase) else None, a)
        self.low, self.high = low, high
        return _clamped(a, low, high)

    def backward(self, grad):
        high, low, a = self.saved()
        low = _scalar_or_saved(self.low, low)
        high = _scalar_or_saved(self.high, high)
        # (each comparison in its operands' promoted dtype, as PyTorch's: a float32 input
        # against a float64 0-d bound compares in float32, fuzz 43:15226)
        # (min's and max's gradients before self's: PyTorch's generated code takes the inputs
        # in alphabetical order, which orders the new nodes under create_graph)
        if high is None:
            x, lo = _compared(a, low)
            grad_low = keep_where(grad, x < lo) if self.needs(1) else None
            return keep_where(grad, x >= lo), grad_low, None
        if low is None:
            x, hi = _compared(a, high)
            grad_high = keep_where(grad, x > hi) if self.needs(2) else None
            return keep_where(grad, x <= hi), None, grad_high
        x = a._data
        shape = x.shape
        if shape != getattr(_array(low), "shape", ()) or shape != getattr(_array(high), "shape",
                                                                         ()):
            _check_logical_in_place(x, _array(low), _array(high), _computed(self, 0),
                                    _computed(self, 1), _computed(self, 2))
        x_low, lo = _compared(a, low)
        x_high, hi = _compared(a, high)
        low_high, high_low = _compared(low, high)
        # with min > max the result is max everywhere: its gradient goes to max (PyTorch's rule)
        grad_low = keep_where(grad, (x_low < lo) & (low_high < high_low)) if self.needs(1) \
            else None
        grad_high = keep_where(grad, (x_high > hi) | (high_low < low_high)) if self.needs(2) \
            else None
        return keep_where(grad, (x_low >= lo) & (x_high <= hi)), grad_low, grad_high


def _compared(u, v):
    """The arrays of two clamp operands (tensors or numbers) in the dtype PyTorch compares
    them in, their promoted one."""
    kind = _dtype.result_type([u, v]).np_dtype
    return (np.asarray(_array(u)).astype(kind, copy=False),
            np.asarray(_array(v)).astype(kind, copy=False))


def _computed(node, i):
    """Whether this pass computes input ``i``'s gradient (PyTorch's
    ``task_should_compute_output``: ``autograd.grad`` computes only what leads to its inputs)."""
    if not node.needs(i):
        return False
    task = current_task()
    return task is None or task.should_execute(node._next[i][0])


def _check_logical_in_place(x, low, high, need_self, need_min, need_max):
    """PyTorch's backward for two tensor bounds combines each input's two masks in place into
    the first (``(x >= min).logical_and_(x <= max)`` for the input, ``(x < min).logical_and_(
    min < max)`` for min, ``(x > max).logical_or_(max < min)`` for max), so it refuses bounds
    whose second mask has a larger shape than the first, as that in-place op does (called
    where the input and the bounds do not all have one shape)."""
    shape, low_shape, high_shape = x.shape, np.shape(low), np.shape(high)
    x_low = np.broadcast_shapes(shape, low_shape)
    x_high = np.broadcast_shapes(shape, high_shape)
    if need_self:
        _check_fits(x_low, x_high)
    if need_min or need_max:
        bounds = np.broadcast_shapes(low_shape, high_shape)
        if need_min:
            _check_fits(x_low, bounds)
        if need_max:
            _check_fits(x_high, bounds)


def _check_fits(out, other):
    if out != other:
        broadcast = np.broadcast_shapes(out, other)
        if broadcast != out:
            raise RuntimeError(f"output with shape [{', '.join(map(str, out))}] doesn't match "
                               f"the broadcast shape [{', '.join(map(str, broadcast))}]")


def _clamped(a, low, high):
    """``a`` clamped to bounds that are tensors, numbers or None, in the promoted dtype."""
    target = _bounds_dtype(a, low, high)
    out = x = a._data.astype(target, copy=False)
    if low is not None:
        out = np.maximum(out, _array(low))
    if high is not None:
        out = np.minimum(out, _array(high))
    if (low is None or high is None) and out.dtype.kind == "f":  # (one bound: as maximum's
        bound = high if low is None else low  # ties, and a tensor's NaNs: its kernel)
        out = binary_zero_ties(out, x, _array(bound))
        if isinstance(bound, TensorBase):
            out = _nan_signed(out, x, bound._data)
    elif isinstance(low, TensorBase) and isinstance(high, TensorBase):
        out = tensor_bounds_zero_ties(out, x, low._data.astype(target, copy=False),
                                      high._data.astype(target, copy=False))
    # (the input leads the layout, as the first operand of PyTorch's iterator)
    return first_operand_layout(out.astype(target, copy=False), a._data, _array(low),
                                _array(high))


def _bounds_dtype(a, low, high):
    """Clamp promotes like an elementwise op over the input and its bounds."""
    return _dtype.result_type([v for v in (a, low, high) if v is not None]).np_dtype


def _array(bound):
    return bound._data if isinstance(bound, TensorBase) else bound


def keep_where(grad, keep):
    """``grad`` where ``keep`` (a bool array), +0 elsewhere: a masked gradient as PyTorch
    writes it, zeros even where ``grad`` is infinite or NaN (``grad * mask`` would give NaN);
    differentiable in ``grad`` under create_graph."""
    if keep is True:
        return grad
    if plain_backward():
        g = grad._data
        out = zero_where(g, ~keep) if np.shape(keep) == g.shape else np.where(keep, g, 0)
        # (as where(mask, grad, 0): the mask leads; the 0-d zero makes the shapes unequal)
        return _make(first_operand_layout(out, keep, g, 0))
    return where(_make(np.asarray(keep)), grad, 0)


# PyTorch's maximum / minimum kernels (not built for AVX-512) step two AVX2 vectors at a time
_MINMAX_STEP_BYTES = 64


def _nan_signs_of_minmax(out, x, y):
    """``out`` (maximum or minimum of float32 / float64 ``x``, ``y``, holding a NaN) with the
    NaN signs of PyTorch's kernel: its vector loop ORs in the all-ones mask of the unordered
    lanes (a NaN with every bit set), its element loop returns the quiet NaN (no sign bit),
    whatever the NaN operands' signs."""
    if out.itemsize < 4 or out.size > PARALLEL_GRAIN:
        return out
    vector = vector_positions(out.shape, x, y, _MINMAX_STEP_BYTES)
    nans = np.isnan(out)
    out = np.array(out, copy=True) if not out.flags.writeable else out
    all_ones = np.array(-1, _SIGNED[out.itemsize]).view(out.dtype)
    if vector is None:
        out[nans] = np.nan
    else:
        out[nans] = np.where(vector[nans], all_ones, np.nan)
    return out


_SIGNED = {4: np.int32, 8: np.int64}


def _nan_signed(out, x, y):
    """``out`` (maximum or minimum of ``x`` and ``y``) with PyTorch's NaN signs, if it holds
    a NaN (one sum of squares finds it: NaN only from a NaN)."""
    if out.dtype.kind == "f":
        squares = np.vdot(out, out)
        if squares != squares:
            return _nan_signs_of_minmax(out, x, y)
    return out


def _maximum(x, y):
    return _nan_signed(np.maximum(x, y), x, y)


def _minimum(x, y):
    return _nan_signed(np.minimum(x, y), x, y)


class MaximumBackward0(BinaryOp):
    function = staticmethod(_maximum)
    loses = staticmethod(np.less)  # where an input is not the result

    def forward(self, a, b):
        self.save(b, a)
        x, y = operands(a, b)
        out = first_operand_layout(self.function(x, y), x, y)
        return binary_zero_ties(out, x, y) if out.dtype.kind == "f" else out

    def backward(self, grad):
        b, a = self.saved()
        x, y = a._data, b._data
        tie = first_operand_layout(x == y, x, y)  # (self == other's layout, which leads)
        # (other's first: PyTorch's generated code takes the inputs in alphabetical order)
        grad_other = _tie_grad(grad, tie, x > y) if self.needs(1) else None
        return (_tie_grad(grad, tie, x < y) if self.needs(0) else None), grad_other


class MinimumBackward0(MaximumBackward0):
    function = staticmethod(_minimum)

    def backward(self, grad):
        b, a = self.saved()
        x, y = a._data, b._data
        tie = first_operand_layout(x == y, x, y)  # (self == other's layout, which leads)
        grad_other = _tie_grad(grad, tie, x < y) if self.needs(1) else None  # (other's first)
        return (_tie_grad(grad, tie, x > y) if self.needs(0) else None), grad_other


def _tie_grad(grad, tie, other_wins):
    """PyTorch's ``where(tie, grad / 2, grad).masked_fill_(other_wins, 0)``: ties share the
    gradient equally, the other operand's winners get none."""
    if plain_backward():
        g = grad._data
        out = first_operand_layout(np.where(tie, g / 2, g).astype(g.dtype, copy=False), tie, g)
        out[other_wins] = 0  # (masked_fill_: in place, so in where()'s layout; a new array)
        return _make(out)
    half = where(_make(tie), DivBackward1.apply(grad, 2), grad)
    return half.masked_fill(_make(other_wins), 0)


class WhereBackward0(Op):
    saved_names = ("condition",)
    arity = 2
    supports_complex = True
    _handles_r_to_c = False  # (a real operand's complex gradient: PyTorch's engine error)

    def forward(self, a, b, condition):
        if self._record:  # (save(), skipped without a call when nothing records)
            self.save(condition)
        cond = condition._data
        x, y = operands(a, b) if isinstance(a, TensorBase) else operands(b, a)[::-1]
        try:  # (the condition is PyTorch's first operand: it leads the result's layout)
            return first_operand_layout(np.where(cond, x, y), cond, x, y)
        except ValueError:  # PyTorch names the operands in this order
            raise broadcast_error([cond.shape, np.shape(x), np.shape(y)]) from None

    def backward(self, grad):  # zeros, not grad * 0 (NaN for an infinite gradient)
        (condition,) = self.saved()
        if plain_backward():  # (the arrays the two where() below compute, without their ops)
            g, cond = grad._data, condition._data
            # (laid out as where(): the condition leads)
            return (_make(first_operand_layout(np.where(cond, g, 0), cond, g, 0))
                    if self.needs(0) else None,
                    _make(first_operand_layout(np.where(cond, 0, g), cond, 0, g))
                    if self.needs(1) else None)
        # (other's first: PyTorch's generated code takes the inputs in alphabetical order,
        # which orders the new nodes, and so a later backward's accumulation)
        grad_other = where(condition, 0, grad) if self.needs(1) else None
        return (where(condition, grad, 0) if self.needs(0) else None), grad_other


class ClampMinBackward0(ClampBackward1):
    """``clamp_min`` with a number (``ClampMaxBackward0``: ``clamp_max``)."""


class ClampMaxBackward0(ClampBackward1):
    pass


class ClampMinBackward1(Op):
    """``clamp_min`` with a tensor: two inputs, self and min (``ClampMaxBackward1``:
    ``clamp_max``)."""

    saved_names = ('min', 'self')  # (PyTorch's order: its nodes save by name)
    arity = 2
    function = staticmethod(_maximum)  # (maximum's kernel, its NaNs too)

    def forward(self, a, bound):
        self.save(bound, a)
        target = _bounds_dtype(a, bound, None)
        x = a._data.astype(target, copy=False)
        # (in the iterator's layout, led by the input's: fuzz 41:1725)
        out = first_operand_layout(self.function(x, bound._data), x, bound._data)
        out = out.astype(target, copy=False)
        return binary_zero_ties(out, x, bound._data) if out.dtype.kind == "f" else out

    def backward(self, grad):
        bound, a = self.saved()
        # (a NaN on either side sends no gradient to either; PyTorch's formula is a where)
        x, y = _compared(a, bound)
        # (the bound's first: PyTorch's generated code takes the inputs in alphabetical order)
        grad_bound = keep_where(grad, x < y) if self.needs(1) else None
        return (keep_where(grad, x >= y) if self.needs(0) else None), grad_bound


class ClampMaxBackward1(ClampMinBackward1):
    saved_names = ('max', 'self')
    function = staticmethod(_minimum)

    def backward(self, grad):
        bound, a = self.saved()
        x, y = _compared(a, bound)
        grad_bound = keep_where(grad, x > y) if self.needs(1) else None  # (the bound's first)
        return (keep_where(grad, x <= y) if self.needs(0) else None), grad_bound


def _refuse_bool_bounds(kernel, input, *bounds):
    """PyTorch has no clamp kernel for bool: a bool tensor clamped to bool numbers stays bool,
    and is refused (an int bound promotes the result, which works)."""
    if input._data.dtype.kind == "b" and all(isinstance(b, (bool, np.bool_)) for b in bounds
                                             if b is not None):
        raise NotImplementedError(f'"{kernel}" not implemented for \'Bool\'')


def clamp_min(input, min, *, out=None):
    if out is not None:
        refuse_out("clamp_min")
    if isinstance(min, TensorBase):
        return ClampMinBackward1.apply(input, min)
    _refuse_bool_bounds("clamp_min_scalar_cpu", input, min)
    return ClampMinBackward0.apply(input, min, None)


def clamp_max(input, max, *, out=None):
    if out is not None:
        refuse_out("clamp_max")
    if isinstance(max, TensorBase):
        return ClampMaxBackward1.apply(input, max)
    _refuse_bool_bounds("clamp_max_scalar_cpu", input, max)
    return ClampMaxBackward0.apply(input, None, max)


def clamp(input, min=None, max=None, *, out=None):
    if out is not None:
        refuse_out("clamp")
    return clamp_bounds(input, min, max, "clamp", False)


def clip(input, min=None, max=None, *, out=None):
    if out is not None:
        refuse_out("clip")
    return clamp_bounds(input, min, max, "clip", False)


def clamp_bounds(input, min, max, name, method):
    """``clamp`` (or ``clip``, called as ``name``; ``method``: as a Tensor method)."""
    if min is None and max is None:
        raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")
    if isinstance(min, TensorBase) or isinstance(max, TensorBase):
        if not (isinstance(min, TensorBase) or min is None) or \
                not (isinstance(max, TensorBase) or max is None):
            # PyTorch's parser takes a 0-d tensor that needs no gradient as a number
            min, max = _as_number(min), _as_number(max)
            if isinstance(min, TensorBase) or isinstance(max, TensorBase):
                raise _mixed_bounds_error(name, method, min, max)
            return clamp_bounds(input, min, max, name, method)
        if input._data.dtype.kind == "b" and min is not None and max is not None and \
                _bounds_dtype(input, min, max) == np.bool_:
            raise NotImplementedError("\"clamp_cpu\" not implemented for 'Bool'")
        return ClampBackward0.apply(input, min, max)
    if type(input._data.dtype) is np.dtypes.BoolDType:  # (a float input passes at once)
        _refuse_bool_bounds("clamp_scalar_cpu" if min is not None and max is not None else
                            "clamp_min_scalar_cpu" if max is None else "clamp_max_scalar_cpu",
                            input, min, max)
    return ClampBackward1.apply(input, min, max)


def _as_number(value):
    if isinstance(value, TensorBase) and not value._data.ndim and not value._requires_grad:
        return value._data.item()
    return value


def _mixed_bounds_error(name, method, min, max):
    """PyTorch's TypeError for a Tensor bound and a number bound together (its overloads take
    two Tensors or two numbers). Its text lists the arguments as they were passed; here the
    usual call, both bounds by keyword (``min=..., max=...``), is assumed."""
    given = [f"max={_argument_type(max)}", f"min={_argument_type(min)}"]  # (in reverse)
    if method:
        why = "      didn't match because some of the keywords were incorrect: max, min\n"
        got = "".join(part + ", " for part in given)
        expected = (f" * (Tensor min = None, Tensor max = None)\n{why}"
                    f" * (Number min = None, Number max = None)\n{why}")
    else:
        got = ", ".join(["Tensor"] + given)
        expected = (" * (Tensor input, Tensor min = None, Tensor max = None, *, Tensor out = "
                    "None)\n * (Tensor input, Number min = None, Number max = None, *, Tensor "
                    "out = None)\n")
    return TypeError(f"{name}() received an invalid combination of arguments - got ({got}), "
                     f"but expected one of:\n{expected}")


def _argument_type(value):
    return "Tensor" if isinstance(value, TensorBase) else type(value).__name__


def maximum(input, other, *, out=None):
    return apply_to_tensors(MaximumBackward0, "maximum", input, other, out)


def minimum(input, other, *, out=None):
    return apply_to_tensors(MinimumBackward0, "minimum", input, other, out)


def where(condition, input, other, *, out=None):
    if out is not None:
        refuse_out("where")
    if not isinstance(condition, TensorBase) or \
            type(condition._data.dtype) is not np.dtypes.BoolDType:  # (cheaper than !=)
        dtype = type_name(condition._data) if isinstance(condition, TensorBase) else \
            type(condition).__name__
        raise RuntimeError("where expected condition to be a boolean tensor, but got a tensor "
                           f"with dtype {dtype}")
    if not isinstance(input, TensorBase) and not isinstance(other, TensorBase):
        dtype = _dtype.result_type((input, other)).np_dtype
        return _make(np.where(condition._data, input, other).astype(dtype))
    return WhereBackward0.apply(input, other, condition)
