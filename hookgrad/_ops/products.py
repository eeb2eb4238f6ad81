"""More products: addmv, addr, addbmm, baddbmm, vdot, cross (and linalg.cross) as ops of
their own; kron, inner and tensordot composed as PyTorch composes them (views, mul, mm)."""
import warnings

import numpy as np

from .. import _dtype
from .._tensor_base import TensorBase, _wrap_dim, tensor_argument
from ..backends.cpu import vector_bytes
from .alpha_check import check_scalar_factor, factor_in_dtype
from .arithmetic import mul
from .complex_support import check_real
from .elementwise_layout import first_operand_layout
from .fused import fma
from .gemm import accumulate, batched, matrix_vector
from .half import forward_in_float32, is_half, one_dtype
from .linalg import (
    DotBackward0,
    UnsafeViewBackward0,
    _expand_input,
    _name,
    _refuse_bool,
    mm,
    record_view_layout,
)
from .op import Op, broadcast_error, refuse_out
from .reduce import SumBackward1
from .scalar_forms import MulBackward1
from .vector_loop import vector_positions
from .views import flatten, permute, reshape, view


def _combine(self, x, product, beta, alpha):
    """``beta * input + alpha * product`` of ``input``'s array ``x`` (ignored, NaN included,
    when beta is 0)."""
    self.beta, self.alpha = beta, alpha  # (as given: the backward's factors)
    beta, alpha = factor_in_dtype(beta, x.dtype), factor_in_dtype(alpha, x.dtype)
    base = _expand_input(x, product.shape)
    if alpha != 1:
        product = product * product.dtype.type(alpha)
    if beta == 0:
        return np.asarray(product, order="C")
    return product + (base if beta == 1 else base * base.dtype.type(beta))


def _scaled(grad, factor):
    """PyTorch's ``maybe_multiply``: ``grad * Scalar`` (``MulBackward1``) unless it is 1."""
    return grad if factor == 1 else MulBackward1.apply(grad, factor)


class AddmvBackward0(Op):
    arity = 3
    saved_names = ("mat", "vec")

    def forward(self, a, mat, vec, beta, alpha):
        # (as PyTorch: each factor only for the other's gradient; saved before the checks,
        # as PyTorch's autograd layer saves, and so packs, the inputs before its kernel runs)
        self.save(mat if self.needs(2) else None, vec if self.needs(1) else None)
        if mat._data.itemsize == 2 and is_half(mat._data) and one_dtype(a, mat, vec):
            return forward_in_float32(self, AddmvBackward0._product, a, mat, vec, beta, alpha)
        return self._product(a, mat, vec, beta, alpha)

    def _product(self, a, mat, vec, beta, alpha):
        x, m, v = a._data, mat._data, vec._data
        if m.ndim != 2 or v.ndim != 1 or x.ndim > 1:
            raise RuntimeError(f"vector + matrix @ vector expected, got {x.ndim}, {m.ndim}, "
                               f"{v.ndim}")
        if m.shape[1] != v.shape[0] or x.size not in (1, m.shape[0]):
            raise RuntimeError(f"size mismatch, got input ({x.shape[0] if x.ndim else 1}), mat "
                               f"({m.shape[0]}x{m.shape[1]}), vec ({v.shape[0]})")
        if not x.dtype == m.dtype == v.dtype:
            raise RuntimeError("addmv input tensors must have the same dtype, but got "
                               f"{_name(x)}, {_name(m)}, and {_name(v)}")
        _refuse_bool("addmv_impl_cpu", m)
        out = matrix_vector(m, v, _expand_input(x, m.shape[:1]), factor_in_dtype(alpha, m.dtype),
                            factor_in_dtype(beta, m.dtype))  # (PyTorch's bits where MKL is)
        if out is not None:
            self.beta, self.alpha = beta, alpha
            return out
        return _combine(self, x, m @ v, beta, alpha)

    def backward(self, grad):
        mat, vec = self.saved()
        return (_scaled(grad, self.beta) if self.needs(0) else None,
                _scaled(grad.outer(vec), self.alpha)  # (PyTorch's grad.ger(vec))
                if self.needs(1) else None,
                _scaled(mat.t().mv(grad), self.alpha) if self.needs(2) else None)


class AddrBackward0(Op):
    arity = 3
    saved_names = ("vec1", "vec2")

    def forward(self, a, vec1, vec2, beta, alpha):
        # (as PyTorch: each vector only for the other's gradient; before the checks, as
        # addmv's)
        self.save(vec1 if self.needs(2) else None, vec2 if self.needs(1) else None)
        if vec1._data.itemsize == 2 and is_half(vec1._data):  # (in float32)
            return forward_in_float32(self, AddrBackward0._product, a, vec1, vec2, beta, alpha)
        return self._product(a, vec1, vec2, beta, alpha)

    def _product(self, a, vec1, vec2, beta, alpha):
        for name, v in (("vec1", vec1), ("vec2", vec2)):
            if v._data.ndim != 1:
                raise RuntimeError(f"addr: Expected 1-D argument {name}, but got "
                                   f"{v._data.ndim}-D")
        result_dtype = _dtype.result_type((a, vec1, vec2))
        check_scalar_factor(result_dtype, beta, "beta", complex_rule=False)
        check_scalar_factor(result_dtype, alpha, "alpha", complex_rule=False)
        dtype = result_dtype.np_dtype
        # (the ufunc's own method, not np.outer: a NumPy warning (0 * inf) raised in NumPy's
        # Python code would escape the package's filter, which matches hookgrad's modules)
        if dtype in _FLOAT_TYPES:
            self.beta, self.alpha = beta, alpha
            x = a._data.astype(dtype, copy=False)
            out = _addr_kernel(x, vec1._data.astype(dtype, copy=False),
                               vec2._data.astype(dtype, copy=False), beta, alpha)
            return first_operand_layout(out, x) if x.ndim == 2 else out  # (the iterator's)
        product = np.multiply.outer(vec1._data.astype(dtype), vec2._data.astype(dtype))
        return _combine(self, a._data.astype(dtype, copy=False), product, beta, alpha)

    def backward(self, grad):
        vec1, vec2 = self.saved()
        return (_scaled(grad, self.beta) if self.needs(0) else None,
                _scaled(grad.mv(vec2), self.alpha) if self.needs(1) else None,
                _scaled(grad.t().mv(vec1), self.alpha) if self.needs(2) else None)


_FLOAT_TYPES = (np.dtype(np.float32), np.dtype(np.float64))
_ADDR_BLOCK_BYTES = 2 * vector_bytes("addr")  # (its vector loop: two vectors a step)


def _addr_kernel(x, v1, v2, beta, alpha):
    """PyTorch's addr kernel: ``(alpha * v1[i]) * v2[j]``, plus ``beta * x`` unless beta is
    0, that sum fused two ways: its vector loop computes ``fma(alpha * v1[i], v2[j], beta *
    x)``, its element loop (the elements short of a whole vector step at each row's end)
    ``fma(beta, x, (alpha * v1[i]) * v2[j])``."""
    dtype = v1.dtype.type
    scaled = v1 * dtype(factor_in_dtype(alpha, v1.dtype))
    with np.errstate(all="ignore"):
        product = np.multiply.outer(scaled, v2)
        if beta == 0:  # (the input ignored, NaN included)
            return product
        shape = product.shape
        base = _expand_input(x, shape)
        factor = dtype(factor_in_dtype(beta, v1.dtype))
        element = fma(np.full(shape, factor), base, product)
        vector = vector_positions(shape, base, np.broadcast_to(v2, shape), _ADDR_BLOCK_BYTES,
                                  np.broadcast_to(v1[:, None], shape))
        if vector is None or not vector.any():
            return element
        fused = fma(np.broadcast_to(scaled[:, None], shape), np.broadcast_to(v2, shape),
                    base * factor)
    return np.where(vector, fused, element)


def _check_batches(b1, b2, kernel="addbmm"):
    x, y = b1._data, b2._data
    for name, t in (("batch1", x), ("batch2", y)):
        if t.ndim != 3:
            raise RuntimeError(f"{name} must be a 3D tensor")
    if kernel == "baddbmm" and (x.shape[0] != y.shape[0] or x.shape[2] != y.shape[1]):
        raise RuntimeError(  # (its own message, as bmm's)
            f"Expected size for first two dimensions of batch2 tensor to be: "
            f"[{x.shape[0]}, {x.shape[2]}] but got: [{y.shape[0]}, {y.shape[1]}].")
    if x.shape[0] != y.shape[0]:
        raise RuntimeError(f"batch1 and batch2 must have same number of batches, got "
                           f"{x.shape[0]} and {y.shape[0]}")
    if x.shape[2] != y.shape[1]:
        raise RuntimeError(f"Incompatible matrix sizes for bmm ({x.shape[1]}x{x.shape[2]} and "
                           f"{y.shape[1]}x{y.shape[2]})")


class BaddbmmBackward0(Op):
    arity = 3
    saved_names = ("batch1", "batch2")

    def forward(self, a, b1, b2, beta, alpha):
        # (as PyTorch: each batch only for the other's gradient; before the checks, as
        # addmv's)
        self.save(b1 if self.needs(2) else None, b2 if self.needs(1) else None)
        if b1._data.itemsize == 2 and is_half(b1._data) and one_dtype(a, b1, b2):  # (float32)
            return forward_in_float32(self, BaddbmmBackward0._product, a, b1, b2, beta, alpha)
        return self._product(a, b1, b2, beta, alpha)

    def _product(self, a, b1, b2, beta, alpha):
        _check_batches(b1, b2, "baddbmm")
        x, y = b1._data, b2._data
        if a._data.dtype == x.dtype:  # (PyTorch's kernel, chosen by the input's dtype, has
            _refuse_bool("baddbmm", x)  # no bool version; it then checks batch2's)
        if not a._data.dtype == x.dtype == y.dtype:
            if a._data.dtype == x.dtype:
                raise RuntimeError(f"expected scalar type {_name(x)} but found {_name(y)}")
            raise RuntimeError(f"Input dtypes must be the same, got: input "
                               f"{_CPP[a._data.dtype.name]}, batch1: {_CPP[x.dtype.name]}, "
                               f"batch2: {_CPP[y.dtype.name]}")
        shape = (x.shape[0], x.shape[1], y.shape[2])
        out = batched(x, y, _expand_input(a._data, shape), factor_in_dtype(alpha, x.dtype),
                      factor_in_dtype(beta, x.dtype))  # (PyTorch's bits where MKL is)
        if out is not None:
            self.beta, self.alpha = beta, alpha
            return out
        return _combine(self, a._data, np.matmul(x, y), beta, alpha)

    def backward(self, grad):
        b1, b2 = self.saved()
        return (_scaled(grad, self.beta) if self.needs(0) else None,
                _scaled(grad.bmm(b2.transpose(1, 2)), self.alpha) if self.needs(1) else None,
                _scaled(b1.transpose(1, 2).bmm(grad), self.alpha) if self.needs(2) else None)


_CPP = {"float32": "float", "float64": "double", "float16": "c10::Half", "int64": "long int",
        "int32": "int", "int16": "short int", "int8": "signed char", "uint8": "unsigned char",
        "bool": "bool",
        "bfloat16": "c10::BFloat16"}


class AddbmmBackward0(Op):
    arity = 3
    saved_names = ("batch1", "batch2")

    def forward(self, a, b1, b2, beta, alpha):
        # (as PyTorch: each batch only for the other's gradient; before the checks, as
        # addmv's)
        self.save(b1 if self.needs(2) else None, b2 if self.needs(1) else None)
        if b1._data.itemsize == 2 and is_half(b1._data) and one_dtype(a, b1, b2):  # (float32)
            return forward_in_float32(self, AddbmmBackward0._product, a, b1, b2, beta, alpha)
        return self._product(a, b1, b2, beta, alpha)

    def _product(self, a, b1, b2, beta, alpha):
        _check_batches(b1, b2)
        x, y = b1._data, b2._data
        if a._data.dtype != y.dtype:
            raise RuntimeError("self and mat2 must have the same dtype, but got "
                               f"{_name(a._data)} and {_name(y)}")
        if x.dtype != y.dtype:
            raise RuntimeError(f"mat1 and mat2 must have the same dtype, but got {_name(x)} and "
                               f"{_name(y)}")
        _refuse_bool("addmm_impl_cpu_", x)
        self.batches = x.shape[0]
        out = _addbmm_gemm(a._data, x, y, factor_in_dtype(alpha, x.dtype),
                           factor_in_dtype(beta, x.dtype))
        if out is not None:
            self.beta, self.alpha = beta, alpha
            return out
        with np.errstate(all="ignore"):  # (infinities of both signs summed: NaN, silently)
            total = np.matmul(x, y).sum(0, dtype=x.dtype)
        return _combine(self, a._data, total, beta, alpha)

    def backward(self, grad):
        b1, b2 = self.saved()
        expanded = grad.unsqueeze(0).expand((self.batches,) + tuple(grad.shape))
        return (_scaled(grad, self.beta) if self.needs(0) else None,
                _scaled(expanded.bmm(b2.transpose(1, 2)), self.alpha) if self.needs(1) else None,
                _scaled(b1.transpose(1, 2).bmm(expanded), self.alpha) if self.needs(2) else None)


def _addbmm_gemm(bias, x, y, alpha, beta):
    """PyTorch's addbmm: ``bias`` copied into the result (unless beta is 0), then one in-place
    ``addmm_`` per matrix of the batch, the first with ``beta``, the others adding to it; or
    None where MKL's GEMM does not apply."""
    out = np.empty((x.shape[1], y.shape[2]), x.dtype)
    if beta != 0:
        out[...] = _expand_input(bias, out.shape)
    for index in range(x.shape[0]):
        if not accumulate(x[index], y[index], out, alpha, beta if index == 0 else 1.0):
            return None
    return out if x.shape[0] else None


class VdotBackward0(DotBackward0):
    saved_names = ("other", "self")  # (PyTorch's order: other's first, unlike dot's)

    def forward(self, a, b):
        self.save(b if self.needs(0) else None, a if self.needs(1) else None)  # (see mm's)
        if a._data.itemsize == 2 and is_half(a._data) and one_dtype(a, b):  # (in float32)
            return forward_in_float32(self, DotBackward0._product, a, b)
        return self._product(a, b)

    def backward(self, grad):
        b, a = self.saved()
        return (grad * b if self.needs(0) else None, grad * a if self.needs(1) else None)


class LinalgCrossBackward0(Op):
    arity = 2
    saved_names = ("other", "self")  # (PyTorch's order: its nodes save by name)

    def forward(self, a, b, dim):
        # (as PyTorch: each operand only for the other's gradient; before the checks, which
        # are its kernel's, as mm's)
        self.save(b if self.needs(0) else None, a if self.needs(1) else None)
        x, y = a._data, b._data
        if x.ndim != y.ndim:
            raise RuntimeError("linalg.cross: inputs must have the same number of dimensions.")
        dim = _wrap_dim(dim, x.ndim)
        if x.shape[dim] != 3 or y.shape[dim] != 3:
            raise RuntimeError(f"linalg.cross: inputs dimension {dim - x.ndim} must have "
                               f"length 3. Got {x.shape[dim]} and {y.shape[dim]}")
        if x.dtype != y.dtype:
            raise RuntimeError(f"expected scalar type {_name(x)} but found {_name(y)}")
        if x.dtype.kind == "b":  # (its kernel's dtype dispatch, an empty input's too)
            raise NotImplementedError("\"cross\" not implemented for 'Bool'")
        self.dim = dim
        try:
            shape = np.broadcast_shapes(x.shape, y.shape)
        except ValueError:
            raise broadcast_error([x.shape, y.shape]) from None
        x, y = np.broadcast_to(x, shape), np.broadcast_to(y, shape)
        with np.errstate(invalid="ignore", over="ignore"):
            if x.dtype not in _FLOAT_TYPES:
                return np.cross(x, y, axis=dim)
            # PyTorch's kernel: each component one fused multiply-subtract,
            # fma(x[i], y[j], -(x[j] * y[i]))
            x, y = np.moveaxis(x, dim, 0), np.moveaxis(y, dim, 0)
            parts = [fma(x[i], y[j], -(x[j] * y[i])) for i, j in ((1, 2), (2, 0), (0, 1))]
            return np.stack(parts, axis=dim)

    def backward(self, grad):
        b, a = self.saved()
        # (other's first, as PyTorch's generated code: its inputs in alphabetical order)
        grad_other = linalg_cross(grad, a, dim=self.dim) if self.needs(1) else None
        return (linalg_cross(b, grad, dim=self.dim) if self.needs(0) else None), grad_other


# --------------------------------------------------------------------------- functions

def addmv(input, mat, vec, *, beta=1, alpha=1, out=None):
    if out is not None:
        refuse_out("addmv")
    return AddmvBackward0.apply(input, mat, vec, beta, alpha)


def addr(input, vec1, vec2, *, beta=1, alpha=1, out=None):
    if out is not None:
        refuse_out("addr")
    return AddrBackward0.apply(input, vec1, vec2, beta, alpha)


def baddbmm(input, batch1, batch2, *, beta=1, alpha=1, out=None):
    if out is not None:
        refuse_out("baddbmm")
    return BaddbmmBackward0.apply(input, batch1, batch2, beta, alpha)


def addbmm(input, batch1, batch2, *, beta=1, alpha=1, out=None):
    if out is not None:
        refuse_out("addbmm")
    return AddbmmBackward0.apply(input, batch1, batch2, beta, alpha)


def vdot(input, other, *, out=None):
    return VdotBackward0.apply(input, other) if out is None else refuse_out("vdot")


def linalg_cross(input, other, *, dim=-1, out=None):
    if out is not None:
        refuse_out("linalg.cross")
    return LinalgCrossBackward0.apply(input, other, dim)


def cross(input, other, dim=None, *, out=None):
    """``dim=None`` takes the first dim of size 3 (deprecated in PyTorch, with its warning)."""
    if out is not None:
        refuse_out("cross")
    if dim is None:
        warnings.warn("Using torch.cross without specifying the dim arg is deprecated.\nPlease "
                      "either pass the dim explicitly or simply use torch.linalg.cross.\nThe "
                      "default value of dim will change to agree with that of linalg.cross in "
                      "a future release. (Triggered internally at /__w/pytorch/pytorch/aten/src/"
                      "ATen/native/Cross.cpp:63.)", UserWarning, stacklevel=2)
        shape = input._data.shape
        dim = next((d for d, n in enumerate(shape) if n == 3), None)
        if dim is None:
            raise RuntimeError("no dimension of size 3 in input")
    return linalg_cross(input, other, dim=dim)


def _unsafe_view(t, shape):
    return UnsafeViewBackward0.apply(t, tuple(shape))


def kron(input, other, *, out=None):
    """Each operand viewed with its dims interleaved with size-1 dims, multiplied, and viewed
    as the product's shape (PyTorch's ``_unsafe_view`` nodes around one ``mul``)."""
    if out is not None:
        refuse_out("kron")
    # (its broadcast complex mul rounds otherwise than PyTorch's kernel in the last bits)
    check_real("kron", input, other)
    ndim = max(input._data.ndim, other._data.ndim)
    a_shape = (1,) * (ndim - input._data.ndim) + input._data.shape
    b_shape = (1,) * (ndim - other._data.ndim) + other._data.shape
    a = _unsafe_view(input, [n for s in a_shape for n in (s, 1)])
    b = _unsafe_view(other, [n for s in b_shape for n in (1, s)])
    return _unsafe_view(mul(a, b), [x * y for x, y in zip(a_shape, b_shape)])


def tensordot(a, b, dims=2, out=None):
    if out is not None:
        refuse_out("tensordot")
    tensor_argument("tensordot", "a", 1, a)
    tensor_argument("tensordot", "b", 2, b)
    x, y = a._data, b._data
    if isinstance(dims, TensorBase):
        dims = dims.tolist()
    if isinstance(dims, int):
        if dims < 0:
            raise RuntimeError(f"tensordot expects dims >= 0, but got dims={dims}")
        if dims > min(x.ndim, y.ndim):
            raise RuntimeError(f"tensordot expects dims < ndim_a or ndim_b, but got dims={dims}")
        dims_a, dims_b = list(range(-dims, 0)), list(range(dims))  # (PyTorch's: negative)
    else:
        dims_a, dims_b = ([d] if isinstance(d, int) else list(d) for d in dims)
    if len(dims_a) != len(dims_b):
        raise RuntimeError("both dimension lists should have same length")
    if x.dtype != y.dtype:
        raise RuntimeError("both inputs should have same dtype")
    given = list(zip(dims_a, dims_b))  # (as given: the message's)
    dims_a = [_wrap_dim(d, x.ndim) for d in dims_a]
    dims_b = [_wrap_dim(d, y.ndim) for d in dims_b]
    for (da, db), (ga, gb) in zip(zip(dims_a, dims_b), given):
        # a contracted dim of size 1 on one side is broadcast: PyTorch sums it out of the
        # other operand first (keeping the dim; of both when both have size 1, the first's),
        # in the operand's dtype (integers too)
        if y.shape[db] == 1:
            a = SumBackward1.apply(a, (da,), True, a.dtype if x.dtype.kind in "biu" else None)
        elif x.shape[da] == 1:
            b = SumBackward1.apply(b, (db,), True, b.dtype if y.dtype.kind in "biu" else None)
        elif x.shape[da] != y.shape[db]:
            raise RuntimeError(f"contracted dimensions need to match, but first has size "
                               f"{x.shape[da]} in dim {ga} and second has size {y.shape[db]} in "
                               f"dim {gb}")
    x, y = a._data, b._data
    free_a = [d for d in range(x.ndim) if d not in dims_a]
    free_b = [d for d in range(y.ndim) if d not in dims_b]
    size = int(np.prod([x.shape[d] for d in dims_a]))
    rows = int(np.prod([x.shape[d] for d in free_a]))
    cols = int(np.prod([y.shape[d] for d in free_b]))
    shape = tuple([x.shape[d] for d in free_a] + [y.shape[d] for d in free_b])
    if rows == 1 and cols == 1:  # PyTorch takes a dot product of the flattened operands
        # (both permuted, then flattened right to left, as GCC evaluates dot's arguments)
        permuted_a, permuted_b = permute(a, free_a + dims_a), permute(b, dims_b + free_b)
        right = flatten(permuted_b)
        return view(DotBackward0.apply(flatten(permuted_a), right), shape)
    # (PyTorch's order: a permuted and reshaped, then b: the nodes' sequence numbers)
    permuted_a = permute(a, free_a + dims_a)
    left = reshape(permuted_a, (rows, size))
    permuted_b = permute(b, dims_b + free_b)
    right = reshape(permuted_b, (size, cols))
    product = mm(left, right)
    record_view_layout(product, permuted_a, left, permuted_b, right)
    return view(product, shape)


def inner(input, other, *, out=None):
    if out is not None:
        refuse_out("inner")
    x, y = input._data, other._data
    if x.ndim == 0 or y.ndim == 0:
        return mul(input, other)
    if x.shape[-1] != y.shape[-1]:
        raise RuntimeError("inner() the last dimension must match on both input tensors but "
                           f"got shapes [{', '.join(map(str, x.shape))}] and "
                           f"[{', '.join(map(str, y.shape))}]")
    if x.ndim == 1 and y.ndim == 1:
        return view(DotBackward0.apply(permute(input, (0,)), permute(other, (0,))), ())
    return tensordot(input, other, ([-1], [-1]))
