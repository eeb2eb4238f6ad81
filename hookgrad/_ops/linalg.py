"""Matrix products: matmul and its special cases, with PyTorch's node names."""
import numpy as np

from .. import _dtype, _parallel
from .._tensor_base import TensorBase, _make
from ..autograd.graph import SavedTensor
from .alpha_check import factor_in_dtype
from .gemm import batched as _gemm_batched
from .gemm import dot as _gemm_dot
from .gemm import matrix_vector as _gemv
from .gemm import product as _gemm
from .half import forward_in_float32, is_half, one_dtype
from .op import Op, plain_backward, refuse_out
from .scalar_forms import MulBackward1
from .split import blas_mm as _mm
from .split import split_matmul
from .sum_order import sum_array
from .views import SqueezeBackward4, UnsafeViewBackward0, reshape_node, torch_view_strides

# C++ type names, as in the message of mm's dtype check
_CPP_NAMES = {"float32": "float", "float64": "double", "float16": "c10::Half",
              "int64": "long int", "int32": "int", "int16": "short int", "int8": "signed char",
              "uint8": "unsigned char", "bool": "bool",
              "bfloat16": "c10::BFloat16", "complex64": "c10::complex<float>",
              "complex128": "c10::complex<double>"}


def _shape_str(x):
    return "x".join(map(str, x.shape))


def _name(x):
    """PyTorch's ScalarType name of an array's dtype (``Float``, ``Double``, ``Long``)."""
    return _dtype.from_numpy_dtype(x.dtype).legacy_name[:-6]


def _batched_dtypes(x, y):
    # matrix products never promote: mixed dtypes are an error, as in PyTorch (whose kernel,
    # chosen by the first operand's dtype, has no bool version: that refusal comes first)
    _refuse_bool("bmm", x)
    if x.dtype != y.dtype:
        raise RuntimeError(f"expected scalar type {_name(x)} but found {_name(y)}")


_BOOL_DTYPE = np.dtypes.BoolDType  # the class of every bool dtype (an unpickled one too)


def _refuse_bool(kernel, x):
    """PyTorch's BLAS kernels have no bool version (integers they do have)."""
    if x.dtype.kind == "b":
        raise NotImplementedError(f'"{kernel}" not implemented for \'Bool\'')


def _expand_input(x, shape):
    """``input``'s array broadcast to the product's shape, with PyTorch's expand error."""
    try:
        return np.broadcast_to(x, shape)
    except ValueError:
        for i in range(1, min(len(shape), x.ndim) + 1):
            if x.shape[-i] not in (1, shape[-i]):
                d = len(shape) - i
                raise RuntimeError(
                    f"The expanded size of the tensor ({shape[d]}) must match the existing size "
                    f"({x.shape[-i]}) at non-singleton dimension {d}.  Target sizes: "
                    f"[{', '.join(map(str, shape))}].  Tensor sizes: "
                    f"[{', '.join(map(str, x.shape))}]") from None
        raise


def _small_product(x, y):
    """Whether split_mm would leave a product of these operands' sizes to one call, by a
    bound its multiply-adds cannot exceed (``x.size * y.size`` is the product's count times
    the inner size): a cheap test that a small product passes at once."""
    return x.size * y.size < _parallel.REGION_BYTES


class MmBackward0(Op):
    saved_names = ('mat2', 'self')
    arity = 2

    def forward(self, a, b):
        if self._record:
            # save(b if needs(0) else None, a if needs(1) else None), written out: the hot
            # path of every matrix product. Before the checks, as PyTorch's autograd layer
            # saves the inputs (calling the saved-tensor pack hooks) before its kernel runs
            edges = self._next
            self._for_backward = (None if edges[0][0] is None else SavedTensor(b),
                                  None if edges[1][0] is None else SavedTensor(a))
        if a._data.itemsize == 2 and is_half(a._data) and one_dtype(a, b):  # (in float32)
            out = forward_in_float32(self, MmBackward0._product, a, b)
            if self._record:  # (the layout tests are of the operands, not of their float32
                # copies, whose dims of size 1 have NumPy's strides; in 4-byte units)
                self.mat1_strides = tuple(s * 2 for s in a._data.strides)
                self.mat2_transposed = _is_transposed(b._data)
            return out
        return self._product(a, b)

    def _product(self, a, b):
        x, y = a._data, b._data
        if x.ndim != 2 or y.ndim != 2:
            bad = "self" if x.ndim != 2 else "mat2"
            raise RuntimeError(f"{bad} must be a matrix")
        if x.shape[1] != y.shape[0]:
            raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({x.shape[0]}x"
                               f"{x.shape[1]} and {y.shape[0]}x{y.shape[1]})")
        if x.dtype != y.dtype:
            raise RuntimeError("expected m1 and m2 to have the same dtype, but got: "
                               f"{_CPP_NAMES[x.dtype.name]} != {_CPP_NAMES[y.dtype.name]}")
        if type(x.dtype) is _BOOL_DTYPE and x.size and y.size:  # (cheaper than its kind;
            _refuse_bool("addmm_impl_cpu_", x)  # an empty product runs no kernel)
        if self._record:
            self.mat1_strides = x.strides  # (its layout decides PyTorch's create_graph formula)
            strides = y.strides  # (_is_transposed(y), written out: every product runs it)
            self.mat2_transposed = (strides[0] == y.itemsize
                                    and strides[1] == y.shape[0] * strides[0])
        out = _gemm(x, y)  # (PyTorch's bits where MKL is installed)
        if out is not None:
            return out
        # (_small_product, written out)
        return x @ y if x.size * y.size < _parallel.REGION_BYTES else _mm(x, y)

    def backward(self, grad):
        b, a = self.saved()
        return _mm_grads(grad, a, b, self.mat2_transposed, self.needs(0), self.needs(1),
                         self.mat1_strides, 1, True)


class AddmmBackward0(Op):
    """``beta * bias + alpha * (mat1 @ mat2)`` (``F.linear`` with a bias)."""

    saved_names = ('mat1', 'mat2')  # (PyTorch's order: its nodes save by name)
    arity = 3

    def forward(self, bias, a, b, beta=1, alpha=1):
        self.save(a if self.needs(2) else None, b if self.needs(1) else None)  # (see mm's)
        if a._data.itemsize == 2 and is_half(a._data) and one_dtype(bias, a, b):  # (float32)
            return forward_in_float32(self, AddmmBackward0._product, bias, a, b, beta, alpha)
        return self._product(bias, a, b, beta, alpha)

    def _product(self, bias, a, b, beta, alpha):
        x, y = a._data, b._data
        if bias._data.dtype != y.dtype:
            raise RuntimeError("self and mat2 must have the same dtype, but got "
                               f"{_name(bias._data)} and {_name(y)}")
        if x.dtype != y.dtype:
            raise RuntimeError(f"mat1 and mat2 must have the same dtype, but got {_name(x)} and "
                               f"{_name(y)}")
        if x.shape[1] != y.shape[0]:
            raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({x.shape[0]}x"
                               f"{x.shape[1]} and {y.shape[0]}x{y.shape[1]})")
        if x.dtype.kind == "b" and (x.size and y.size or x.shape[0] * y.shape[1]):
            if not x.size or not y.size:  # (no kernel: its input scaled by beta, an int)
                raise RuntimeError("result type Long can't be cast to the desired output "
                                   "type Bool")
            _refuse_bool("addmm_impl_cpu_", x)
        self.beta, self.alpha = beta, alpha
        self.mat1_strides = x.strides  # (its layout decides PyTorch's formula, if recorded)
        self.mat2_transposed = _is_transposed(y)
        c = bias._data
        if c.ndim <= 2 and c.shape[-1:] in ((y.shape[1],), (1,)) \
                and (c.ndim < 2 or c.shape[0] in (1, x.shape[0])):
            # PyTorch's addmm: the input copied into the result, GEMM adds alpha times the
            # product to beta times it
            out = _gemm(x, y, c, alpha, beta)
            if out is not None:
                return out
        out = _mm(x, y)
        if type(alpha) is not int or type(beta) is not int:  # (as the kernel converts them)
            alpha, beta = factor_in_dtype(alpha, out.dtype), factor_in_dtype(beta, out.dtype)
        if not x.shape[1] and beta != 0 and out.size:
            # no product (105:16926): PyTorch copies the input into the result and scales it
            # by beta, so its -0s stay -0, where adding the empty product's zeros would not
            try:
                out[...] = bias._data
            except ValueError:  # (PyTorch expands the input to the product's shape)
                _expand_input(bias._data, out.shape)
                raise
            out *= beta
            return out
        if alpha != 1:
            out *= alpha
        if beta != 0:  # beta 0 ignores the input, NaN and inf included, as PyTorch does
            try:
                out += bias._data if beta == 1 else beta * bias._data
            except ValueError:  # (PyTorch expands the input to the product's shape)
                _expand_input(bias._data, out.shape)
                raise
        return out

    def backward(self, grad):
        a, b = self.saved()
        if not plain_backward():  # PyTorch's formulas: maybe_multiply(..., beta / alpha)
            grad_bias = None
            if self.needs(0):
                grad_bias = grad if self.beta == 1 else MulBackward1.apply(grad, self.beta)
            return (grad_bias,) + _mm_grads(grad, a, b, self.mat2_transposed, self.needs(1),
                                            self.needs(2), self.mat1_strides, self.alpha)
        grad_bias = None
        if self.needs(0):
            g = grad._data
            if self.beta == 1 and plain_backward() and self._in_meta[0][0] == g.shape[1:]:
                # F.linear's bias: reduce the rows here (the engine's general un-broadcasting
                # would get there too, at several times the cost)
                # (in PyTorch's order: the engine's sum_to is a sum over dim 0)
                grad_bias = _make(sum_array(g, (0,), False))
            else:
                grad_bias = grad if self.beta == 1 else grad * self.beta
        grads = _mm_grads(grad, a, b, self.mat2_transposed, self.needs(1), self.needs(2),
                          self.mat1_strides)
        if self.alpha != 1:  # (after the products, as PyTorch's maybe_multiply)
            grads = tuple(None if g is None else g * self.alpha for g in grads)
        return (grad_bias,) + grads


class MvBackward0(Op):
    saved_names = ('self', 'vec')  # (PyTorch's order: its nodes save by name)
    arity = 2

    def forward(self, a, v):
        self.save(a if self.needs(1) else None, v if self.needs(0) else None)  # (see mm's)
        if a._data.itemsize == 2 and is_half(a._data) and one_dtype(a, v):  # (in float32)
            return forward_in_float32(self, MvBackward0._product, a, v)
        return self._product(a, v)

    def _product(self, a, v):
        x, y = a._data, v._data
        if x.ndim != 2 or y.ndim != 1:
            raise RuntimeError(f"vector + matrix @ vector expected, got 1, {x.ndim}, {y.ndim}")
        if x.shape[1] != y.shape[0]:
            raise RuntimeError(f"size mismatch, got input ({x.shape[0]}), mat ({_shape_str(x)}), "
                               f"vec ({y.shape[0]})")
        if x.dtype != y.dtype:
            raise RuntimeError("addmv input tensors must have the same dtype, but got "
                               f"{_name(y)}, {_name(x)}, and {_name(y)}")
        if x.size:  # (an empty product runs no kernel)
            _refuse_bool("addmv_impl_cpu", x)
        out = _gemv(x, y)  # (PyTorch's bits where MKL is installed)
        return x @ y if out is None else out

    def backward(self, grad):
        a, v = self.saved()
        return (outer(grad, v) if self.needs(0) else None,  # (PyTorch's grad.ger(vec))
                a.t().mv(grad) if self.needs(1) else None)


class DotBackward0(Op):
    saved_names = ('self', 'tensor')  # (PyTorch's order: its nodes save by name)
    arity = 2

    def forward(self, a, b):
        self.save(a if self.needs(1) else None, b if self.needs(0) else None)  # (see mm's)
        if a._data.itemsize == 2 and is_half(a._data) and one_dtype(a, b):  # (in float32)
            return forward_in_float32(self, DotBackward0._product, a, b)
        return self._product(a, b)

    def _product(self, a, b):
        x, y = a._data, b._data
        if x.ndim != 1 or y.ndim != 1:
            raise RuntimeError(f"1D tensors expected, but got {x.ndim}D and {y.ndim}D tensors")
        if x.dtype != y.dtype:
            raise RuntimeError("dot : expected both vectors to have same dtype, but found "
                               f"{_name(x)} and {_name(y)}")
        _refuse_bool("dot", x)
        if x.shape != y.shape:
            raise RuntimeError("inconsistent tensor size, expected tensor [%d] and src [%d] to "
                               "have the same number of elements, but got %d and %d elements "
                               "respectively" % (x.shape[0], y.shape[0], x.shape[0], y.shape[0]))
        out = _gemm_dot(x, y)  # (PyTorch's bits where MKL is installed)
        if out is not None:
            return out
        out = np.dot(x, y)
        # BLAS's dot adds the products to +0: products that are all -0. give +0.
        return out + 0.0 if x.dtype.kind in "fc" else out

    def backward(self, grad):
        a, b = self.saved()
        return (grad * b if self.needs(0) else None, grad * a if self.needs(1) else None)


class BmmBackward0(Op):
    saved_names = ('mat2', 'self')
    arity = 2

    def forward(self, a, b):
        self.save(b if self.needs(0) else None, a if self.needs(1) else None)  # (see mm's)
        if a._data.itemsize == 2 and is_half(a._data) and one_dtype(a, b):  # (in float32)
            return forward_in_float32(self, BmmBackward0._product, a, b)
        return self._product(a, b)

    def _product(self, a, b):
        x, y = a._data, b._data
        if x.ndim != 3 or y.ndim != 3:
            raise RuntimeError(f"batch{1 if x.ndim != 3 else 2} must be a 3D tensor")
        if x.shape[0] != y.shape[0] or x.shape[2] != y.shape[1]:
            raise RuntimeError(
                f"Expected size for first two dimensions of batch2 tensor to be: "
                f"[{x.shape[0]}, {x.shape[2]}] but got: [{y.shape[0]}, {y.shape[1]}].")
        if 0 in x.shape or y.shape[2] == 0:
            # PyTorch's kernel never runs: zeros of mat2's dtype, without dtype checks
            return np.zeros((x.shape[0], x.shape[1], y.shape[2]), y.dtype)
        _batched_dtypes(x, y)
        out = _gemm_batched(x, y)  # (PyTorch's bits where MKL is installed)
        if out is None:
            out = split_matmul(x, y)
        return np.matmul(x, y) if out is None else out

    def backward(self, grad):
        b, a = self.saved()  # (mat2's first, as MmBackward0's)
        grad_b = a.transpose(1, 2).bmm(grad) if self.needs(1) else None
        return (grad.bmm(b.transpose(1, 2)) if self.needs(0) else None), grad_b


def _is_transposed(array):
    """A matrix laid out column-major (typically ``weight.t()``), by PyTorch's test on its
    strides (``strides[0] == 1 and strides[1] == size(0)``: a 1x1 matrix passes too)."""
    return _column_major(array.strides, array.shape, array.itemsize)


def _column_major(strides, shape, itemsize):
    rows = strides[0]
    return rows == itemsize and strides[1] == shape[0] * rows


def _recorded_column_major(strides, shape, itemsize):
    """``_column_major`` by the strides PyTorch gives the matrix: an empty one has the
    contiguous strides ``(max(columns, 1), 1)`` (NumPy's differ), which pass the test for
    a 1x0 matrix."""
    if 0 in shape:
        return shape[0] == 1
    return _column_major(strides, shape, itemsize)


def _mat2_grad(mat1, grad, transposed):
    """``mat1.t() @ grad``, computed in mat2's own layout: for ``weight.t()`` the weight's
    gradient then arrives C-contiguous and AccumulateGrad keeps it without a copy."""
    if transposed:
        return grad.t().mm(mat1).t()
    return mat1.t().mm(grad)


def _mm_grads(grad, mat1, mat2, mat2_transposed, needs_mat1, needs_mat2,
              mat1_strides=None, alpha=1, mat2_first=False):
    """Gradients of ``mat1 @ mat2`` from the output's ``grad``: NumPy directly in a plain
    backward (no op overhead), PyTorch's formulas as tensor ops otherwise (each product in
    its operand's layout, then times ``alpha``; ``mat2_first``: mat2's made first, as
    PyTorch's ``mm``, whose inputs are ``self`` and ``mat2``: its generated code takes them in
    alphabetical order, which sets the new nodes' sequence numbers)."""
    if plain_backward():
        if not (needs_mat1 or needs_mat2):
            return None, None
        g = grad._data
        # (each product has the forward's multiply-adds: a small one skips split_mm's call)
        product = (_small_mm if _small_product(g, mat1._data if needs_mat2 else mat2._data)
                   else _mm)
        grad_mat2 = None
        if needs_mat2:  # in mat2's layout, as _mat2_grad
            x = mat1._data
            grad_mat2 = _make(product(g.T, x).T if mat2_transposed else product(x.T, g))
        if not needs_mat1:
            return None, grad_mat2
        y = mat2._data
        if mat1_strides is not None and _column_major(mat1_strides, (g.shape[0], y.shape[0]),
                                                      g.itemsize):
            # PyTorch's formula for a column-major mat1: its gradient column-major too
            return _make(product(y, g.T).T), grad_mat2
        return _make(product(g, y.T)), grad_mat2
    grad_mat1 = grad_mat2 = None
    if needs_mat2 and mat2_first:
        grad_mat2 = _recorded_mat2_grad(grad, mat1, mat2_transposed, alpha, mat2)
    if needs_mat1:
        shape = (grad._data.shape[0], mat2._data.shape[0])
        itemsize = grad._data.itemsize
        if itemsize == 2:  # (a 2-byte float's forward saw its float32 copy: half.py)
            itemsize = 4
        if mat1_strides is not None and _recorded_column_major(mat1_strides, shape, itemsize):
            grad_mat1 = mat2.mm(grad.t()).t()
        else:
            grad_mat1 = grad.mm(mat2.t())
        if alpha != 1:
            grad_mat1 = MulBackward1.apply(grad_mat1, alpha)
    if needs_mat2 and not mat2_first:
        grad_mat2 = _recorded_mat2_grad(grad, mat1, mat2_transposed, alpha, mat2)
    return grad_mat1, grad_mat2


def _small_mm(a, b):
    """``a @ b`` of a small product: PyTorch's bits through MKL where it is installed."""
    out = _gemm(a, b)
    return np.matmul(a, b) if out is None else out


def _recorded_mat2_grad(grad, mat1, mat2_transposed, alpha, mat2=None):
    shape = (mat1._data.shape[1], grad._data.shape[1])
    if 0 in shape:  # (an empty mat2: PyTorch's strides, a transposed view's too, when saved)
        mat2_transposed = (_recorded_column_major(None, shape, None) if mat2 is None
                           else _column_major(mat2.stride(), shape, 1))
    grad_mat2 = _mat2_grad(mat1, grad, mat2_transposed)
    if alpha != 1:
        grad_mat2 = MulBackward1.apply(grad_mat2, alpha)
    return grad_mat2


def mm(input, mat2, *, out=None):
    return MmBackward0.apply(input, mat2) if out is None else refuse_out("mm")


def mv(input, vec, *, out=None):
    return MvBackward0.apply(input, vec) if out is None else refuse_out("mv")


def dot(input, tensor, *, out=None):
    return DotBackward0.apply(input, tensor) if out is None else refuse_out("dot")


def bmm(input, mat2, *, out=None):
    return BmmBackward0.apply(input, mat2) if out is None else refuse_out("bmm")


def addmm(input, mat1, mat2, *, beta=1, alpha=1, out=None):
    if out is not None:
        refuse_out("addmm")
    return AddmmBackward0.apply(input, mat1, mat2, beta, alpha)


def outer(input, vec2, *, out=None):
    if out is not None:
        refuse_out("outer")
    for name, t in (("self", input), ("vec2", vec2)):
        if t._data.ndim != 1:
            raise RuntimeError(f"outer: Expected 1-D argument {name}, but got "
                               f"{t._data.ndim}-D")
    return input.reshape(-1, 1) * vec2  # (PyTorch's composite: a view of one operand)


def _should_fold(a, b):
    """Whether matmul of an N-d (N >= 3) and a 1-d or 2-d operand (either order) folds the
    batch of the larger into rows of one mm / mv, as PyTorch decides: always when the smaller
    operand requires grad (its gradient is then one GEMM), else only when the larger's batch
    dims fold without a copy (and never for 2-d @ N-d, whose result would need a transpose)."""
    da, db = a._data.ndim, b._data.ndim
    larger_first = da >= db
    big, small_ndim = (a._data, db) if larger_first else (np.swapaxes(b._data, -1, -2), da)
    if not (big.ndim >= 3 and small_ndim <= 2):
        return False
    if (b if larger_first else a).requires_grad:  # (a view made under no_grad of a tensor
        return True  # that requires grad does too, as PyTorch's requires_grad() says)
    if da == 2:
        return False
    if big.size == 0:
        return True
    shape, strides = big.shape, big.strides
    return all(strides[i] == strides[i + 1] * shape[i + 1] for i in range(big.ndim - 2))


class _SqueezedProduct(SqueezeBackward4):
    """``product.squeeze_(0)`` of a fresh product, as PyTorch's matmul of a vector and a
    matrix ends: PyTorch's node (SqueezeBackward4), but no view (the product is never seen),
    so an in-place op on the result records its own node, not CopySlices."""

    is_view = False


_SqueezedProduct.__name__ = _SqueezedProduct.__qualname__ = "SqueezeBackward4"


def squeeze_product(product):
    """The (1, n) ``product`` squeezed in place to (n,): version 1, as PyTorch's."""
    result = _SqueezedProduct.apply(product, (0,))
    result._vc[0] += 1
    return result


def matmul(input, other, *, out=None):
    """``input @ other`` with PyTorch's dispatch to dot / mv / mm / folded or batched
    products, and so its graph (``UnsafeViewBackward0``, ``SqueezeBackward4``, ...)."""
    if out is not None:
        refuse_out("matmul")
    a, b = input, other
    if not isinstance(a, TensorBase) or not isinstance(b, TensorBase):
        raise TypeError("matmul(): argument 'other' (position 1) must be Tensor, not "
                        f"{type(b if isinstance(a, TensorBase) else a).__name__}")
    da, db = a._data.ndim, b._data.ndim
    if da == 0 or db == 0:
        raise RuntimeError(f"both arguments to matmul need to be at least 1D, but they are "
                           f"{da}D and {db}D")
    if da == 1 and db == 1:
        return dot(a, b)
    if da == 2 and db == 1:
        return mv(a, b)
    if da == 1 and db == 2:  # (PyTorch squeezes the fresh product in place)
        product = mm(a.unsqueeze(0), b)
        if not a._data.size and product._grad_fn is not None:
            # an empty vector unsqueezed has PyTorch's strides (0, 1), not a fresh 1x0
            # matrix's (1, 1): not column-major, so no transposed formula for its gradient
            product._grad_fn.mat1_strides = None
        return squeeze_product(product)
    if da == 2 and db == 2:
        return mm(a, b)
    if _should_fold(a, b):
        return _folded_matmul(a, b, da, db)
    return _batched_matmul(a, b, da, db)


def _folded_matmul(a, b, da, db):
    transpose = db > da
    t1 = b.transpose(-2, -1) if transpose else a
    t2 = (a.t() if da == 2 else a) if transpose else b
    lead = t1._data.shape[:-1]
    rows = int(np.prod(lead))
    folded = _torch_layout(reshape_node(t1, (rows, t1._data.shape[-1])), t1)
    if t2._data.ndim == 2:
        product = mm(folded, t2)
        record_view_layout(product, t1, folded)
        out = UnsafeViewBackward0.apply(product, lead + (t2._data.shape[1],))
        return out.transpose(-2, -1).contiguous() if transpose else out
    return UnsafeViewBackward0.apply(mv(folded, t2), lead)


def _torch_view_strides(source, folded):
    """PyTorch's strides (in elements) for ``folded``, a reshape of ``source``, when it made
    a view whose strides can differ from NumPy's (a dim of size 1); else None."""
    x = source._data
    if 1 not in x.shape or not x.size:
        return None
    itemsize = x.itemsize
    return torch_view_strides(x.shape, [s // itemsize for s in x.strides], folded.shape)


def _torch_layout(view, source):
    """``view`` (a fresh reshape of ``source``) with PyTorch's strides where NumPy picked
    others for a dim of size 1: the same elements, but BLAS's transpose flags, which follow
    the strides as PyTorch's do, round differently (gemm.py)."""
    x = view._data
    if x.base is None:  # (a copy: contiguous, as PyTorch's)
        return view
    strides = _torch_view_strides(source, view)
    if strides is not None:
        wanted = tuple(s * x.itemsize for s in strides)
        if wanted != x.strides:
            view._data = np.lib.stride_tricks.as_strided(x, x.shape, wanted)
    return view


def record_view_layout(product, source1, mat1, source2=None, mat2=None):
    """The operands' layouts decide mm's create_graph formulas for their gradients: for an
    operand folded by a reshape (``mat1`` of ``source1``, ``mat2`` of ``source2``) PyTorch's
    view strides, not NumPy's, which can differ in a dim of size 1."""
    node = product._grad_fn
    if node is None:
        return
    if mat1._requires_grad:
        strides = _torch_view_strides(source1, mat1)
        if strides is not None:  # (in bytes of the dtype mm's forward saw: half.py)
            node.mat1_strides = tuple(s * max(mat1._data.itemsize, 4) for s in strides)
    if mat2 is not None and mat2._requires_grad:
        strides = _torch_view_strides(source2, mat2)
        if strides is not None:
            node.mat2_transposed = strides[0] == 1 and strides[1] == mat2._data.shape[0]


def _batched_matmul(a, b, da, db):
    sa, sb = a._data.shape, b._data.shape
    n, m1 = (sa[-2] if da > 1 else 1), sa[-1]
    m2, p = (sb[-2] if db > 1 else sb[0]), (sb[-1] if db > 1 else 1)
    batch_a, batch_b = sa[:max(da - 2, 0)], sb[:max(db - 2, 0)]
    if da == 3 and db == 3 and batch_a[0] != batch_b[0]:
        if batch_a[0] == 1 and a.requires_grad:
            return matmul(a.squeeze(0), b)
        if batch_b[0] == 1 and b.requires_grad:
            return matmul(a, b.squeeze(0))
    try:
        batch = np.broadcast_shapes(batch_a, batch_b)
    except ValueError:
        raise _batch_error(batch_a, batch_b) from None
    count = int(np.prod(batch))
    expanded = a.expand(batch + (n, m1))
    left = _torch_layout(reshape_node(expanded, (count, n, m1)), expanded)
    if db == 1:
        expanded = b.expand(batch + (m2,))
        right = _torch_layout(reshape_node(expanded, (count, m2)), expanded).unsqueeze(2)
    else:
        expanded = b.expand(batch + (m2, p))
        right = _torch_layout(reshape_node(expanded, (count, m2, p)), expanded)
    out_shape = batch + ((n,) if da > 1 else ()) + ((p,) if db > 1 else ())
    product = bmm(left, right)
    if db == 1:
        product = product.squeeze(-1)
    return UnsafeViewBackward0.apply(product, out_shape)


def _batch_error(batch_a, batch_b):
    """PyTorch's message for batch dims that do not broadcast."""
    ndim = max(len(batch_a), len(batch_b))
    x = (1,) * (ndim - len(batch_a)) + tuple(batch_a)
    y = (1,) * (ndim - len(batch_b)) + tuple(batch_b)
    for d in range(ndim - 1, -1, -1):
        if x[d] != y[d] and x[d] != 1 and y[d] != 1:
            return RuntimeError(f"The size of tensor a ({x[d]}) must match the size of tensor b "
                                f"({y[d]}) at non-singleton dimension {d}")
    return RuntimeError("matmul: batch dims do not broadcast")
