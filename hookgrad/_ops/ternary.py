"""Pointwise ops of three tensors: lerp, addcmul and addcdiv, with PyTorch's node names."""
import numpy as np

from .. import _dtype
from .._tensor_base import TensorBase
from ..autograd._running import should_compute_output
from .complex_ops import conj
from .complex_support import real_number
from .elementwise_layout import first_operand_layout
from .fused import add_product_, fma
from .half import forward_in_float32, is_half, one_dtype
from .op import Op, cpp_type_name, operands, plain_backward, refuse_out, type_name
from .scalar_forms import MulBackward1, filled_like, number_minus


def _lerp(x, y, w):
    """PyTorch's two-sided formula: from ``start`` for small weights, from ``end`` for large
    ones (the same numbers, rounded as PyTorch rounds them)."""
    diff = y - x
    if diff.dtype.kind == "c":  # (PyTorch's formula, its complex products unfused)
        small = np.abs(w) < 0.5
        return np.where(small, x + w * diff, y - diff * (1 - np.asarray(w, diff.dtype)))
    # (one fused multiply-add, as PyTorch's vector loop (and its scalar loop, compiled):
    # from start for small weights, from end with weight - 1 = -(1 - weight) exactly)
    w = np.asarray(w, diff.dtype)
    small = np.abs(w) < 0.5
    if small.ndim:
        return np.asarray(fma(np.where(small, w, w - 1), diff, np.where(small, x, y)),
                          diff.dtype)
    return np.asarray(fma(w, diff, x) if small else fma(w - 1, diff, y), diff.dtype)


lerp_array = _lerp  # (the optimizers' in-place steps call it on arrays)


def lerp_array_(x, y, weight):
    """``x[...] = lerp_array(x, y, weight)`` for a real float ``x`` and a number ``weight``
    (an optimizer's ``lerp_``), the multiply-add fused in place."""
    if x.dtype.kind != "f" or x.dtype.itemsize < 4:
        x[...] = _lerp(x, y, weight)
        return
    weight = x.dtype.type(weight)
    diff = y - x
    if abs(weight) < 0.5:
        add_product_(x, weight, diff)
    else:  # (from end, with weight - 1 = -(1 - weight) exactly)
        np.copyto(x, y)
        add_product_(x, weight - 1, diff)


# the C++ names PyTorch's dtype-mismatch messages use
_CPP_TYPE_NAMES = {"float32": "float", "float64": "double", "float16": "c10::Half",
                   "int64": "long int", "int32": "int", "int16": "short int",
                   "int8": "signed char", "uint8": "unsigned char", "bool": "bool",
                   "bfloat16": "c10::BFloat16", "complex64": "c10::complex<float>",
                   "complex128": "c10::complex<double>"}


def _check_lerp(kind, start, end, weight=None):
    """PyTorch's errors: floating inputs only, ``end`` (and a dimensioned ``weight``) of
    ``start``'s dtype."""
    x = start._data
    if x.dtype.kind not in "fVc":
        raise NotImplementedError(f'"lerp_kernel_{kind}" not implemented for \'{type_name(x)}\'')
    for name, other in (("end", end), ("weight", weight)):
        if not isinstance(other, TensorBase) or (name == "weight" and not other._data.ndim):
            continue
        if other._data.dtype != x.dtype:
            raise RuntimeError(f"expected dtype {_CPP_TYPE_NAMES[x.dtype.name]} for `{name}` but "
                               f"got dtype {_CPP_TYPE_NAMES[other._data.dtype.name]}")


class LerpBackward0(Op):
    """``start + weight * (end - start)`` with a number ``weight``."""

    arity = 2
    supports_complex = True  # (start and end of one dtype; the gradients conjugate)
    _handles_r_to_c = False  # (see LerpBackward1)

    def forward(self, start, end, weight):
        _check_lerp("scalar", start, end)
        self.weight = weight  # (a complex number stays complex for the gradients, which
        # PyTorch's engine then refuses for real start and end)
        x = start._data  # (PyTorch converts the weight to the opmath type: float for halves)
        weight = real_number(weight, x.dtype if x.itemsize > 2 else np.dtype(np.float32))
        if start._data.itemsize == 2 and is_half(start._data):
            return forward_in_float32(self, LerpBackward0._forward, start, end, weight)
        return self._forward(start, end, weight)

    def _forward(self, start, end, weight):
        x, y = operands(start, end)
        return first_operand_layout(_lerp(x, y, weight), x, y)

    def backward(self, grad):
        w = self.weight  # (end's first: PyTorch's generated code takes the inputs in the
        # alphabetical order of their names; grad * Scalar as PyTorch's; for complex
        # tensors the conjugates)
        grad_end = MulBackward1.apply(grad, w.conjugate()) if self.needs(1) else None
        return (MulBackward1.apply(grad, (1 - w).conjugate()) if self.needs(0) else None), \
            grad_end


class LerpBackward1(Op):
    """``lerp`` with a tensor ``weight``."""

    saved_names = ('end', 'self', 'weight')  # (PyTorch's order: its nodes save by name)
    arity = 3
    _handles_r_to_c = False  # (PyTorch's formulas give real start / end complex gradients
    # under a 0-d complex weight, and its engine refuses them)
    supports_complex = True  # (the three of one dtype; the gradients conjugate)

    def forward(self, start, end, weight):
        if self._record:  # start and end only for the weight's gradient, as PyTorch (an
            # in-place write into an unsaved input does not break the backward)
            self.save(end if self.needs(2) else None, start if self.needs(2) else None, weight)
        _check_lerp("tensor", start, end, weight)
        if start._data.itemsize == 2 and is_half(start._data):
            return forward_in_float32(self, LerpBackward1._forward, start, end, weight)
        return self._forward(start, end, weight)

    def _forward(self, start, end, weight):
        x, y = operands(start, end)
        w = weight._data
        if not x.ndim and not y.ndim and w.dtype.kind == x.dtype.kind == "f":
            # all three 0-d: PyTorch's type promotion counts the weight (a float64 weight
            # makes a float64 result); a dimensioned start keeps its own dtype
            common = np.promote_types(x.dtype, w.dtype)
            return _lerp(x.astype(common), y.astype(common), w.astype(common))
        if w.dtype.kind == "c" and x.dtype.kind != "c":
            # a 0-d complex weight (a dimensioned one was refused): PyTorch's common dtype is
            # complex, of start's precision
            common = _dtype.result_type([start, end, weight]).np_dtype
            x, y = x.astype(common), y.astype(common)
        return first_operand_layout(_lerp(x, y, w.astype(x.dtype, copy=False)), x, y, w)

    def backward(self, grad):
        end, start, weight = self.saved()
        if self.needs(0) and weight._data.dtype == np.bool_:  # (PyTorch's 1 - weight)
            raise RuntimeError(
                "Subtraction, the `-` operator, with two bool tensors is not supported. Use the "
                "`^` or `logical_xor()` operator instead.")
        grad_start = None  # (end, self, weight: PyTorch's alphabetical order, as above)
        grad_end = grad * conj(weight) if self.needs(1) else None
        if self.needs(0):  # (C++'s 1 - weight under create_graph)
            grad_start = grad * conj(1 - weight if plain_backward() else number_minus(1, weight))
        return (grad_start, grad_end, grad * conj(end - start) if self.needs(2) else None)


class AddcmulBackward0(Op):
    """``input + value * tensor1 * tensor2``."""

    saved_names = ('tensor1', 'tensor2')
    arity = 3

    def forward(self, a, t1, t2, value):
        self.value = value
        # (as PyTorch: each factor only for the other's gradient)
        self.save(t1 if self.needs(2) else None, t2 if self.needs(1) else None)
        if a._data.itemsize == 2 and is_half(a._data) and one_dtype(a, t1, t2):
            return forward_in_float32(self, _addcmul, a, t1, t2, value)
        return _addcmul(self, a, t1, t2, value)

    def backward(self, grad):
        t1, t2 = self.saved()
        v = self.value
        return (grad if self.needs(0) else None,
                grad * MulBackward1.apply(t2, v) if self.needs(1) else None,  # (PyTorch's
                grad * MulBackward1.apply(t1, v) if self.needs(2) else None)  # formulas)


class AddcdivBackward0(Op):
    """``input + value * tensor1 / tensor2``."""

    saved_names = ('tensor1', 'tensor2')
    arity = 3

    def forward(self, a, t1, t2, value):
        self.value = value
        # (as PyTorch: the divisor always, tensor1 for the divisor's gradient)
        self.save(t1 if self.needs(2) else None, t2)
        if a._data.itemsize == 2 and is_half(a._data) and one_dtype(a, t1, t2):
            return forward_in_float32(self, _addcdiv, a, t1, t2, value)
        return _addcdiv(self, a, t1, t2, value)

    def backward(self, grad):
        t1, t2 = self.saved()
        v = self.value
        if t2._data.dtype.kind in "biu" and should_compute_output(self, 1):
            # PyTorch computes value / tensor2 in tensor2's dtype, in place: a true division
            # cannot be written into an integer or bool tensor (only when this pass needs
            # tensor1's gradient: autograd.grad or backward(inputs=) may not)
            name = _dtype.from_numpy_dtype(t2._data.dtype).legacy_name[:-6]
            raise RuntimeError(f"result type Float can't be cast to the desired output type "
                               f"{name}")
        # (PyTorch's formulas, in its order: GCC evaluates the right operand of an operator
        # first)
        grad_t1 = grad * (filled_like(t2, v) / t2) if self.needs(1) else None
        grad_t2 = None
        if self.needs(2):
            squared = t2 * t2
            quotient = MulBackward1.apply(t1, v) / squared
            grad_t2 = -grad * quotient
        return grad if self.needs(0) else None, grad_t1, grad_t2


_INTEGER_ADDCDIV = (
    "Integer division with addcdiv is no longer supported, and in a future  release addcdiv "
    "will perform a true division of tensor1 and tensor2. The historic addcdiv behavior can be "
    "implemented as (input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer "
    "inputs and as (input + value * tensor1 / tensor2) for float inputs. The future addcdiv "
    "behavior is just the latter implementation: (input + value * tensor1 / tensor2), for all "
    "dtypes.")


def addcmul_array(x, y, z, value):
    """PyTorch's ``x + value * y * z`` on arrays (``value`` in their dtype): left to right,
    the addition fused."""
    return fma(value * y, z, x)


def addcmul_array_(x, y, z, value):
    """``x[...] = addcmul_array(x, y, z, value)``, the multiply-add fused in place (an
    optimizer's ``addcmul_``)."""
    add_product_(x, y if value == 1 else value * y, z)  # (1 * y is y, bit for bit)


def addcdiv_array(x, y, z, value):
    """PyTorch's ``x + value * y / z`` on arrays (``value`` in their dtype): left to right,
    nothing fused (a quotient cannot be)."""
    return x + value * y / z


def addcdiv_array_(x, y, z, value):
    """``x[...] = addcdiv_array(x, y, z, value)``, in place (an optimizer's ``addcdiv_``)."""
    quotient = value * y
    quotient /= z
    x += quotient


def _addcmul(op, a, t1, t2, value):
    x, y, z, value = _pointwise_operands("addcmul", a, t1, t2, value)
    return first_operand_layout(addcmul_array(x, y, z, value), x, y, z)


def _addcdiv(op, a, t1, t2, value):
    x, y, z, value = _pointwise_operands("addcdiv", a, t1, t2, value)
    return first_operand_layout(addcdiv_array(x, y, z, value), x, y, z)


def _pointwise_operands(name, a, t1, t2, value):
    """The three arrays in PyTorch's result dtype (a 0-d float64 operand does not promote a
    float32 tensor), and ``value`` as that dtype holds it (truncated for integer results)."""
    x, y, z = a._data, t1._data, t2._data
    if x.dtype == y.dtype == z.dtype:
        target = x.dtype
    else:
        target = _dtype.result_type((a, t1, t2)).np_dtype
        x, y, z = (v.astype(target, copy=False) for v in (x, y, z))
    if target.kind == "b":
        raise NotImplementedError(f'"{name}_cpu_out" not implemented for \'Bool\'')
    if target.kind not in "fVc" and not isinstance(value, int):
        value = int(value)
    if target.kind == "f":
        value = target.type(value)  # (PyTorch's value.to<scalar_t>())
    return x, y, z, value


def lerp(input, end, weight, *, out=None):
    if out is not None:
        refuse_out("lerp")
    x = input._data
    _same_dtype(x, end._data, "end")
    if isinstance(weight, TensorBase):
        if weight._data.ndim:  # (a 0-d weight of any dtype is taken as the input's dtype)
            _same_dtype(x, weight._data, "weight")
        _floats_only(x, "lerp_kernel_tensor")
        return LerpBackward1.apply(input, end, weight)
    _floats_only(x, "lerp_kernel_scalar")
    return LerpBackward0.apply(input, end, weight)


lerp.computes_in_input_dtype = True  # (its dtype checks come first: see inplace.py)


def _same_dtype(x, other, name):
    """lerp does not promote: ``end`` and a tensor ``weight`` have the input's dtype."""
    if other.dtype != x.dtype:
        raise RuntimeError(f"expected dtype {cpp_type_name(x)} for `{name}` but got dtype "
                           f"{cpp_type_name(other)}")


def _floats_only(x, kernel):
    if x.dtype.kind not in "fVc":
        raise NotImplementedError(f'"{kernel}" not implemented for \'{type_name(x)}\'')


def addcmul(input, tensor1, tensor2, *, value=1, out=None):
    if out is not None:
        refuse_out("addcmul")
    if input._data.dtype == tensor1._data.dtype == tensor2._data.dtype == np.bool_:
        raise NotImplementedError("\"addcmul_cpu_out\" not implemented for 'Bool'")
    return AddcmulBackward0.apply(input, tensor1, tensor2, value)


def addcdiv(input, tensor1, tensor2, *, value=1, out=None):
    if out is not None:
        refuse_out("addcdiv")
    if tensor1._data.dtype.kind in "biu" and tensor2._data.dtype.kind in "biu":
        raise RuntimeError(_INTEGER_ADDCDIV)
    return AddcdivBackward0.apply(input, tensor1, tensor2, value)
