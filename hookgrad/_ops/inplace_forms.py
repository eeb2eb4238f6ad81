"""In-place forms that are more than ``in_place(op)``: comparisons written back in the
tensor's own dtype (with PyTorch's zero-gradient nodes), logical ops (no history at all),
clamps with number bounds (PyTorch's C++ dtype name in the cast error), ``float_power_``, and
the few in-place ops PyTorch records under their own node names (``AcoshBackward1``)."""
import numpy as np

from .. import _dtype
from .._tensor_base import TensorBase, _make, tensor_argument
from ..autograd._running import current_node, current_task
from . import compare as _cmp
from . import selection as _sel
from . import special as _special
from . import trig as _trig
from .arithmetic import FloorDivideInPlaceBackward, add, check_subtraction, sub
from .complex_support import complex_dtype_of, warn_discarded_imaginary
from .inplace import (
    _write,
    apply_inplace,
    check_input_overlap,
    records_inplace,
    refuse_recorded_write,
)
from .linalg import _CPP_NAMES, addmm
from .op import Op, broadcast_error, operands, type_name
from .powers import (
    HeavisideBackward,
    LdexpBackward0,
    check_heaviside,
    float_power,
    ldexp,
    nextafter,
)
from .products import addmv, addr, baddbmm


class EqBackward0(Op):
    """``t.eq_(number)``: the comparison as 0 / 1 in ``t``'s dtype; no gradient flows (the
    node gives zeros, as PyTorch's). ``EqBackward1``: ``t.eq_(tensor)``."""

    ufunc = staticmethod(np.equal)
    supports_complex = True  # (eq and ne; the orderings refuse, see _comparison_nodes)

    def forward(self, a, other):
        x, y = operands(a, other)
        try:
            return np.asarray(self.ufunc(x, y)).astype(a._data.dtype)
        except ValueError:
            raise broadcast_error([np.shape(x), np.shape(y)]) from None

    def backward(self, grad):
        shape, dtype = self._in_meta[0]
        return _make(np.zeros(shape, dtype))


class EqBackward1(EqBackward0):
    arity = 2

    def backward(self, grad):
        return tuple(_make(np.zeros(*meta)) if self.needs(i) else None
                     for i, meta in enumerate(self._in_meta))


def _comparison_nodes(ufunc, name):
    body = {"ufunc": staticmethod(ufunc), "supports_complex": name == "Ne"}
    number = type(f"{name}Backward0", (EqBackward0,), body)
    tensor = type(f"{name}Backward1", (EqBackward1,), body)
    number.__module__ = tensor.__module__ = __name__
    return number, tensor


_NODES = {"eq": (EqBackward0, EqBackward1), "ne": _comparison_nodes(np.not_equal, "Ne"),
          "lt": _comparison_nodes(np.less, "Lt"), "le": _comparison_nodes(np.less_equal, "Le"),
          "gt": _comparison_nodes(np.greater, "Gt"),
          "ge": _comparison_nodes(np.greater_equal, "Ge")}


def _comparison(name):
    number_node, tensor_node = _NODES[name]

    def compare_in_dtype(input, other):
        node = tensor_node if isinstance(other, TensorBase) else number_node
        return node.apply(input, other)
    compare_in_dtype.computes_in_input_dtype = True  # (see _refuse_unwritable_result)
    return compare_in_dtype


def _inplace_comparison(name):
    compare_in_dtype = _comparison(name)

    def method(self, other):
        apply_inplace(self, compare_in_dtype, (other,), {}, None, True)
        _warn_if_complex_into_real(self, (other,), 3)
        return self
    method.__name__ = method.__qualname__ = name + "_"
    return method


eq_, ne_, lt_, le_, gt_, ge_ = (_inplace_comparison(n) for n in ("eq", "ne", "lt", "le", "gt",
                                                                  "ge"))
greater_, less_, greater_equal_, less_equal_, not_equal_ = gt_, lt_, ge_, le_, ne_


# Logical ops in place are not differentiable, and PyTorch records nothing for them: the
# tensor keeps its history (and a leaf that requires grad may be written).
def _write_untracked(t, fn, *args):
    if args:  # (an input overlapping t in part is refused first, as by PyTorch's kernels)
        check_input_overlap(t, args)
    _write(t, fn(t, *args)._data, None, fn, args)
    _warn_if_complex_into_real(t, args, 4)
    return t


def _warn_if_complex_into_real(t, args, stacklevel):
    """PyTorch computes a comparison or logical op with a complex operand in the complex
    dtype and copies the 0 / 1 results into a real ``t``: that copy's warning (once)."""
    if _dtype.complex_tensors_made[0] and t._data.dtype.kind != "c" and any(
            isinstance(a, TensorBase) and a._data.dtype.kind == "c" for a in args):
        warn_discarded_imaginary(stacklevel, t._data.size)


def logical_not_(self):
    return _write_untracked(self, _cmp.logical_not)


def logical_and_(self, other):
    tensor_argument("logical_and_", "other", 1, other)
    return _write_untracked(self, _cmp.logical_and, other)


def logical_or_(self, other):
    tensor_argument("logical_or_", "other", 1, other)
    return _write_untracked(self, _cmp.logical_or, other)


def logical_xor_(self, other):
    tensor_argument("logical_xor_", "other", 1, other)
    return _write_untracked(self, _cmp.logical_xor, other)


def _check_number_bounds(t, *bounds):
    """A clamp with number bounds that would make an integer tensor floating (or a bool one
    integer): PyTorch's message names the C++ type (``long int``, ``bool``) here."""
    kind = t._data.dtype.kind
    result = ("Float" if kind in "biu" and any(type(b) is float for b in bounds) else
              "Long" if kind == "b" and any(type(b) is int for b in bounds) else None)
    if result is not None:
        raise RuntimeError(f"result type {result} can't be cast to the desired output type "
                           f"{_CPP_NAMES[t._data.dtype.name]}")


def clamp_(self, min=None, max=None):
    _check_number_bounds(self, min, max)
    return apply_inplace(self, _sel.clamp_bounds, (min, max, "clamp_", True), {}, None, True)


def clip_(self, min=None, max=None):
    _check_number_bounds(self, min, max)
    return apply_inplace(self, _sel.clamp_bounds, (min, max, "clip_", True), {}, None, True)


def clamp_min_(self, min):
    _check_number_bounds(self, min)
    return apply_inplace(self, _sel.clamp_min, (min,), {}, None, True)


def clamp_max_(self, max):
    _check_number_bounds(self, max)
    return apply_inplace(self, _sel.clamp_max, (max,), {}, None, True)


def float_power_(self, exponent):
    """``float_power`` computes in float64 (complex128 for a complex operand); in place, only a
    tensor of that dtype can hold it."""
    wanted = np.complex128 if complex_dtype_of((self, exponent)) is not None else np.float64
    if self._data.dtype != wanted:
        raise RuntimeError(f"the base given to float_power_ has dtype {type_name(self._data)} "
                           "but the operation's result requires dtype "
                           f"{type_name(np.empty(0, wanted))}")
    return apply_inplace(self, float_power, (exponent,), {}, None, True)


# In-place ops PyTorch numbers apart from their out-of-place forms; it has no derivative for
# these three (their backward raises), so they save nothing: a second backward(inputs=[the
# result]) finds nothing freed
class AcoshBackward1(_trig.AcoshBackward0):
    saves, saved_names = None, ()
    raises_without_gradient = True  # (an undefined gradient runs it too: fuzz 46:9557)

    def backward(self, grad):
        # (raised only when this pass needs the input's gradient, as PyTorch's
        # task_should_compute_output: backward(inputs=[the result]) does not). Through a view
        # the op runs inside CopySlices, whose first edge (to the base's history) decides.
        running = current_node()
        child = (running._next[0][0] if getattr(running, "op_node", None) is self
                 else self._next[0][0])
        task = current_task()
        if child is None or (task is not None and not task.should_execute(child)):
            return None
        raise NotImplementedError(f"the derivative for 'inplace version of "
                                  f"{self.op_name()}' is not implemented.")


class AsinhBackward1(AcoshBackward1):
    function = _trig.AsinhBackward0.function


class AtanhBackward1(AcoshBackward1):
    function = _trig.AtanhBackward0.function


def acosh_(self):
    return apply_inplace(self, AcoshBackward1.apply, (), {})


def asinh_(self):
    return apply_inplace(self, AsinhBackward1.apply, (), {})


def atanh_(self):
    return apply_inplace(self, AtanhBackward1.apply, (), {})


class HeavisideInplaceBackward(HeavisideBackward):
    def backward(self, grad):
        raise RuntimeError("derivative for aten::heaviside_ is not implemented")


def floor_divide_in_place(input, other):
    """``input.floor_divide_(other)`` (and ``//=``) before it is written back. PyTorch records
    nothing for an integer tensor's floor division: one with history (from a fill_ with a
    value that requires grad) keeps it (see apply_inplace)."""
    if input._data.dtype.kind in "biu":
        input = input.detach()
        other = other.detach() if isinstance(other, TensorBase) else other
    return FloorDivideInPlaceBackward.apply(input, other, "floor")


def floor_divide_(self, other):
    return apply_inplace(self, floor_divide_in_place, (other,), {}, None, True)


def _tensor_only(function, name, parameter="other", check_inputs=True):
    """The in-place form of an op whose second operand must be a Tensor (PyTorch's TypeError
    names the method and counts from ``other``, position 1; ``check_inputs``: an elementwise
    kernel's refusal of an operand that overlaps the written tensor, see ``in_place``)."""
    def method(self, other, *args, **kwargs):
        tensor_argument(name, parameter, 1, other)
        return apply_inplace(self, function, (other,) + args, kwargs, None, check_inputs)
    method.__name__ = method.__qualname__ = name
    return method


def _heaviside_in_place(input, values):
    check_heaviside(input, values)
    return HeavisideInplaceBackward.apply(input, values)


def _ldexp_in_place(input, other):
    if input._data.dtype.kind not in "fV":
        ldexp(input, other)  # (its own refusals first)
        raise RuntimeError(f"ldexp can't be cast to the desired output type "
                           f"{type_name(input._data)}")
    # in the input's dtype, as PyTorch's node records it (a wider other's gradient is cast)
    return LdexpBackward0.apply(input, other, input._data.dtype)


atan2_ = _tensor_only(_special.atan2, "atan2_")
arctan2_ = _tensor_only(_special.atan2, "arctan2_")
hypot_ = _tensor_only(_special.hypot, "hypot_")
nextafter_ = _tensor_only(nextafter, "nextafter_")
ldexp_ = _tensor_only(_ldexp_in_place, "ldexp_", check_inputs=False)  # (mul_ of a power)
heaviside_ = _tensor_only(_heaviside_in_place, "heaviside_", "values")


# --------------------------------------------------------------------------- matrix products

def _product_shape(name, a, b):
    """The shape ``name(self, a, b)`` gives (None where the operands are not of the op's
    ranks: the op's own errors then stand)."""
    sa, sb = a._data.shape, b._data.shape
    if name == "baddbmm" and len(sa) == 3 and len(sb) == 3:
        return (sa[0], sa[1], sb[2])
    if name == "addmm" and len(sa) == 2 and len(sb) == 2:
        return (sa[0], sb[1])
    if name == "addmv" and len(sa) == 2 and len(sb) == 1:
        return (sa[0],)
    if name == "addr" and len(sa) == 1 and len(sb) == 1:
        return (sa[0], sb[0])
    return None


def _product_in_place(self, function, name, a, b, beta, alpha):
    """``t.baddbmm_(a, b)`` and its relatives: PyTorch's error when the product does not have
    ``t``'s shape (its in-place call does not broadcast ``t``), after autograd's checks."""
    if records_inplace(self, (a, b)):
        refuse_recorded_write(self)
    if isinstance(a, TensorBase) and isinstance(b, TensorBase):
        shape, own = _product_shape(name, a, b), self._data.shape
        if name == "addmv" and (len(own) > 1 or (own and own[0] not in (1,) + shape[:1])):
            shape = None  # (addmv's own checks of the input come first)
        if name == "addr" and len(own) != 2:
            shape = None
        if shape is not None and shape != own:
            if name == "addr":
                raise RuntimeError(f"size mismatch, input: {list(own)}, v1: [{shape[0]}], "
                                   f"v2: [{shape[1]}]")
            raise RuntimeError(
                f"Bad in-place call: input tensor size {list(own)} and output tensor size "
                f"{list(shape)} should match")
    return apply_inplace(self, function, (a, b), {"beta": beta, "alpha": alpha})


def addmm_(self, mat1, mat2, *, beta=1, alpha=1):
    return _product_in_place(self, addmm, "addmm", mat1, mat2, beta, alpha)


def addmv_(self, mat, vec, *, beta=1, alpha=1):
    return _product_in_place(self, addmv, "addmv", mat, vec, beta, alpha)


def addr_(self, vec1, vec2, *, beta=1, alpha=1):
    return _product_in_place(self, addr, "addr", vec1, vec2, beta, alpha)


def baddbmm_(self, batch1, batch2, *, beta=1, alpha=1):
    return _product_in_place(self, baddbmm, "baddbmm", batch1, batch2, beta, alpha)


def _refuse_uncastable_sum(t, other):
    """``t.add_(other, alpha=0.5)``: PyTorch's iterator refuses a result dtype that cannot be
    written into ``t`` before the op checks ``alpha``, so that error comes first."""
    result = _dtype.result_type((t, other))
    target = _dtype.from_numpy_dtype(t._data.dtype)
    if result.category > target.category:
        raise RuntimeError(f"result type {result.legacy_name[:-6]} can't be cast to the "
                           f"desired output type {target.legacy_name[:-6]}")


def add_(self, other, *, alpha=1):
    if type(alpha) is not int:  # (an int alpha: no check, as in add)
        _refuse_uncastable_sum(self, other)
    return apply_inplace(self, add, (other,), {"alpha": alpha}, None, True)


def sub_(self, other, *, alpha=1):
    if type(alpha) is not int:
        check_subtraction(self, other)
        _refuse_uncastable_sum(self, other)
    return apply_inplace(self, sub, (other,), {"alpha": alpha}, None, True)
