"""Pointwise ops of three tensors: lerp, addcmul and addcdiv, with PyTorch's node names."""
import numpy as np

from .._tensor_base import TensorBase
from .op import Op, cpp_type_name, operands, refuse_out, type_name


def _lerp(x, y, w):
    """PyTorch's two-sided formula: from ``start`` for small weights, from ``end`` for large
    ones (the same numbers, rounded as PyTorch rounds them)."""
    diff = y - x
    return np.where(np.abs(w) < 0.5, x + w * diff, y - diff * (1 - w)).astype(diff.dtype,
                                                                             copy=False)


class LerpBackward0(Op):
    """``start + weight * (end - start)`` with a number ``weight``."""

    arity = 2

    def forward(self, start, end, weight):
        self.weight = weight
        x, y = operands(start, end)
        return _lerp(x, y, weight)

    def backward(self, grad):
        w = self.weight
        return (grad * (1 - w) if self.needs(0) else None,
                grad * w if self.needs(1) else None)


class LerpBackward1(Op):
    """``lerp`` with a tensor ``weight``."""

    saved_names = ('self', 'end', 'weight')
    arity = 3

    def forward(self, start, end, weight):
        self.save(start, end, weight)
        x, y = operands(start, end)
        return _lerp(x, y, weight._data)

    def backward(self, grad):
        start, end, weight = self.saved()
        return (grad * (1 - weight) if self.needs(0) else None,
                grad * weight if self.needs(1) else None,
                grad * (end - start) if self.needs(2) else None)


class AddcmulBackward0(Op):
    """``input + value * tensor1 * tensor2``."""

    saved_names = ('tensor1', 'tensor2')
    arity = 3

    def forward(self, a, t1, t2, value):
        self.value = value
        # (as PyTorch: each factor only for the other's gradient)
        self.save(t1 if self.needs(2) else None, t2 if self.needs(1) else None)
        return a._data + value * (t1._data * t2._data)

    def backward(self, grad):
        t1, t2 = self.saved()
        v = self.value
        return (grad if self.needs(0) else None,
                grad * t2 * v if self.needs(1) else None,
                grad * t1 * v if self.needs(2) else None)


class AddcdivBackward0(Op):
    """``input + value * tensor1 / tensor2``."""

    saved_names = ('tensor1', 'tensor2')
    arity = 3

    def forward(self, a, t1, t2, value):
        self.value = value
        # (as PyTorch: the divisor always, tensor1 for the divisor's gradient)
        self.save(t1 if self.needs(2) else None, t2)
        return a._data + value * (t1._data / t2._data)

    def backward(self, grad):
        t1, t2 = self.saved()
        v = self.value
        return (grad if self.needs(0) else None,
                grad * v / t2 if self.needs(1) else None,
                -grad * v * t1 / (t2 * t2) if self.needs(2) else None)


def lerp(input, end, weight, *, out=None):
    if out is not None:
        refuse_out("lerp")
    x = input._data
    _same_dtype(x, end._data, "end")
    if isinstance(weight, TensorBase):
        _same_dtype(x, weight._data, "weight")
        _floats_only(x, "lerp_kernel_tensor")
        return LerpBackward1.apply(input, end, weight)
    _floats_only(x, "lerp_kernel_scalar")
    return LerpBackward0.apply(input, end, weight)


def _same_dtype(x, other, name):
    """lerp does not promote: ``end`` and a tensor ``weight`` have the input's dtype."""
    if other.dtype != x.dtype:
        raise RuntimeError(f"expected dtype {cpp_type_name(x)} for `{name}` but got dtype "
                           f"{cpp_type_name(other)}")


def _floats_only(x, kernel):
    if x.dtype.kind != "f":
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
        raise RuntimeError(
            "Integer division with addcdiv is no longer supported, and in a future  release "
            "addcdiv will perform a true division of tensor1 and tensor2. The historic addcdiv "
            "behavior can be implemented as (input + value * torch.trunc(tensor1 / "
            "tensor2)).to(input.dtype) for integer inputs and as (input + value * tensor1 / "
            "tensor2) for float inputs. The future addcdiv behavior is just the latter "
            "implementation: (input + value * tensor1 / tensor2), for all dtypes.")
    return AddcdivBackward0.apply(input, tensor1, tensor2, value)
