"""PyTorch's ``_trilinear`` (the one node of ``bilinear``, and of its gradients): three
operands contracted in PyTorch's order, so that NaN and the infinities come out where
PyTorch's do (``0 * inf`` and ``inf - inf`` depend on which products are formed)."""
import numpy as np

from .._tensor_base import _make
from .half import forward_in_float32, is_half
from .op import Op, plain_backward

# bilinear's dims in PyTorch's order: batch, output feature, input1 feature, input2 feature;
# every spec's subscripts list their letters in this order. PyTorch unrolls the output-feature
# dim (``unroll_dim=1``)
_DIMS = "boij"
_UNROLLED = "o"


def _pair(left, left_dims, right, right_dims, summed):
    """``sumproduct_pair``: the product of two operands summed over ``summed``; a summed dim
    only one of them has is summed in that operand first (so ``sum(x) * w``, not
    ``sum(x * w)``)."""
    for d in summed:
        if d not in right_dims and d in left_dims:
            left = left.sum(left_dims.index(d))
            left_dims = left_dims.replace(d, "")
        elif d not in left_dims and d in right_dims:
            right = right.sum(right_dims.index(d))
            right_dims = right_dims.replace(d, "")
    out_dims = "".join(d for d in _DIMS if (d in left_dims or d in right_dims)
                       and d not in summed)
    return np.einsum(f"{left_dims},{right_dims}->{out_dims}", left, right), out_dims


def trilinear(spec, a, b, c):
    """``_trilinear`` of three arrays: the first two contracted over the summed dims the third
    lacks, that product contracted with the third over the rest, and the unrolled dim (when
    summed) added up last, into zeros (so a -0.0 result is 0.0, as PyTorch's ``add_``)."""
    inputs, out_dims = spec.split("->")
    dims_a, dims_b, dims_c = inputs.split(",")
    summed = [d for d in _DIMS if d not in out_dims and d != _UNROLLED]
    first = "".join(d for d in summed if d not in dims_c)
    second = "".join(d for d in summed if d in dims_c)
    if a.size == 0 or b.size == 0 or c.size == 0:
        sizes = dict(zip(dims_a, a.shape)) | dict(zip(dims_b, b.shape)) \
            | dict(zip(dims_c, c.shape))
        return np.zeros(tuple(sizes[d] for d in out_dims), dtype=a.dtype)
    with np.errstate(invalid="ignore", over="ignore"):  # (NumPy's sums warn of inf - inf)
        buf, buf_dims = _pair(a, dims_a, b, dims_b, first)
        out, got_dims = _pair(buf, buf_dims, c, dims_c, second)
        if _UNROLLED not in out_dims and _UNROLLED in got_dims:
            out = out.sum(got_dims.index(_UNROLLED))
    out = out + out.dtype.type(0)
    return np.asarray(out, dtype=a.dtype)


class TrilinearBackward0(Op):
    """``_trilinear(a, b, c)`` as one node, written as an einsum ``spec`` over ``_DIMS``
    (``bilinear``'s is ``bi,oij,bj->bo``). The gradient of each operand is the same form with
    the incoming gradient in that operand's place, so the gradients' nodes are
    ``TrilinearBackward0`` again."""

    arity = 3

    def forward(self, a, b, c, spec):
        if a._data.itemsize == 2 and is_half(a._data):  # (in float32)
            return forward_in_float32(self, TrilinearBackward0.forward, a, b, c, spec)
        self.spec = spec
        self.save(a if self.needs(1) or self.needs(2) else None,
                  b if self.needs(0) or self.needs(2) else None,
                  c if self.needs(0) or self.needs(1) else None)
        return trilinear(spec, a._data, b._data, c._data)

    def backward(self, grad):
        operands = self.saved()
        inputs, output = self.spec.split("->")
        subscripts = inputs.split(",")
        grads = []
        for k in range(3):
            if not self.needs(k):
                grads.append(None)
                continue
            args = list(operands)
            args[k] = grad
            spec = ",".join(output if i == k else s for i, s in enumerate(subscripts))
            spec += "->" + subscripts[k]
            if plain_backward():
                grads.append(_make(trilinear(spec, *(t._data for t in args))))
            else:
                grads.append(TrilinearBackward0.apply(*args, spec))
        return tuple(grads)
