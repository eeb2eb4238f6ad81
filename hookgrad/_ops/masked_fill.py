"""``masked_fill`` with a number (``MaskedFillBackward0``) or a 0-d tensor value
(``MaskedFillBackward1``): the mask is saved before the kernel's checks, as PyTorch's autograd
layer saves it (and so calls the saved-tensor pack hooks) before its kernel runs."""
import numpy as np

from .._tensor_base import TensorBase
from .complex_support import real_number
from .op import Op, broadcast_error, cpp_type_name


class MaskedFillBackward0(Op):
    supports_complex = True  # (moves elements; so does its backward)

    def forward(self, a, mask, value, in_place=False):
        self.save(mask)  # (as PyTorch's node, before its kernel's checks: see mm's)
        m = mask._data
        if isinstance(value, TensorBase) and value._data.ndim:
            raise RuntimeError("masked_fill_ only supports a 0-dimensional value tensor, but got "
                               f"tensor with {value._data.ndim} dimension(s).")
        if m.dtype != np.bool_:
            raise RuntimeError("masked_fill_ only supports boolean masks, but got mask with "
                               f"dtype {cpp_type_name(m)}")
        v = value.item() if isinstance(value, TensorBase) else value
        v = real_number(v, a._data.dtype)  # (a complex value into a real tensor)
        try:
            out = np.where(m, np.asarray(v, dtype=a._data.dtype), a._data)
        except ValueError:  # (PyTorch's names the mask first; its in-place kernel, the output)
            shapes = [a._data.shape, m.shape] if in_place else [m.shape, a._data.shape]
            raise broadcast_error(shapes) from None
        # (PyTorch fills a contiguous clone of the broadcast input, whatever the layouts)
        return out if out.flags.c_contiguous else out.copy()

    def backward(self, grad):
        (mask,) = self.saved()
        return grad.masked_fill(mask, 0)


class MaskedFillBackward1(MaskedFillBackward0):
    """``masked_fill`` with a 0-d tensor value: the value gets the masked gradient sum."""

    arity = 2
    _handles_r_to_c = False  # (a real value's complex gradient: PyTorch's engine error)

    def forward(self, a, value, mask, in_place=False):
        return super().forward(a, mask, value, in_place)

    def backward(self, grad):
        (mask,) = self.saved()
        return (grad.masked_fill(mask, 0) if self.needs(0) else None,
                grad.masked_select(mask).sum() if self.needs(1) else None)  # (PyTorch's)


def masked_fill(input, mask, value):
    if isinstance(value, TensorBase):
        return MaskedFillBackward1.apply(input, value, mask)
    return MaskedFillBackward0.apply(input, mask, value)


def masked_fill_in_place(input, mask, value):
    """``Tensor.masked_fill_``'s op (``apply_inplace`` writes it back): ``masked_fill`` whose
    broadcast error names the tensor first, as PyTorch's in-place kernel does."""
    if isinstance(value, TensorBase):
        return MaskedFillBackward1.apply(input, value, mask, True)
    return MaskedFillBackward0.apply(input, mask, value, True)


masked_fill_in_place.__name__ = "masked_fill"  # (the method's name: masked_fill_)
