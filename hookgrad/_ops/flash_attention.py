"""PyTorch's CPU flash attention (``_scaled_dot_product_flash_attention_for_cpu``): the one
node, ``ScaledDotProductFlashAttentionForCpuBackward0``, that ``scaled_dot_product_attention``
records for the inputs its CPU backend selector sends to the flash kernel (``flash_eligible``,
its checks in its order), instead of the math path's bmm / softmax composition.

The kernel computes in float (double for float64 inputs): ``s = q k^T * scale + mask`` (and
the causal triangle, top-left aligned, also with a mask), ``out = softmax(s) v``; a row with
no key left (all ``-inf``) gives zeros and a logsumexp of 0. For float16 / bfloat16 the
exponentials are rounded to the input's dtype before they multiply ``v``, as the kernel's
reduced-precision buffer holds them. The output is laid out like the query
(``empty_like(query)``); the saved logsumexp is ``(B, H, L)`` over a ``(B, L, H)`` buffer.
Its backward is not differentiable again: under ``create_graph`` the gradients come from a
``NotImplemented`` node that raises PyTorch's error when reached.

float32 and float64 attention of up to EXACT_SCORES score elements goes through
flash_kernel.py, which computes the kernel bit for bit (blocks, MKL products, its
exponentials and sums); the NumPy form here (larger inputs, 2-byte floats) equals it within
rounding."""
import numpy as np

from .._tensor_base import _make
from ..autograd.graph import ERROR_NODE_SEQ
from ..backends.cuda import flash_sdp_enabled
from . import flash_kernel
from .elementwise_layout import empty_like_layout
from .op import Op

_FLASH_DTYPES = frozenset(("float32", "float64", "float16", "bfloat16"))
_DOUBLE = np.dtype(np.float64)
_FLOAT = np.dtype(np.float32)


def _mask_shape_fits(mask, batch, heads, length, source):
    """PyTorch's ``check_attn_mask_shape``: a mask that needs no gradient, 2-D or 4-D, each
    dim either the inputs' or 1. (Its ``size(-2)`` raises on a 0-D or 1-D mask.)"""
    if mask.requires_grad:
        return False
    shape = mask._data.shape
    if len(shape) < 2:
        raise IndexError("Dimension specified as -2 but tensor has no dimensions" if not shape
                         else "Dimension out of range (expected to be in range of [-1, 0], "
                         "but got -2)")
    if shape[-2] not in (length, 1) or shape[-1] not in (source, 1):
        return False
    if len(shape) == 2:
        return True
    return len(shape) == 4 and shape[0] in (1, batch) and shape[1] in (1, heads)


def flash_eligible(query, key, value, attn_mask, dropout_p, enable_gqa):
    """Whether PyTorch's CPU selector (``use_flash_attention_cpp``) picks the flash kernel:
    not disabled (``torch.backends.cuda.enable_flash_sdp``, which the CPU obeys too), 4-D
    inputs, no dropout (a negative one passes here and the kernel refuses it), one batch
    size, equal heads (or key/value heads dividing the query's under ``enable_gqa``), a mask
    of a supported shape, one head dim, non-empty sequences, unit last strides (also for a
    dim of size 1) and a floating dtype."""
    q, k, v = query._data, key._data, value._data
    if not flash_sdp_enabled():
        return False
    if q.ndim != 4 or k.ndim != 4 or v.ndim != 4 or dropout_p > 0.0:
        return False
    batch, heads, length, dim = q.shape
    if k.shape[0] != batch or v.shape[0] != batch:
        return False
    if enable_gqa:
        if k.shape[1] != v.shape[1] or not k.shape[1] or heads % k.shape[1]:
            return False
    elif k.shape[1] != heads or v.shape[1] != heads:
        return False
    if attn_mask is not None and not _mask_shape_fits(attn_mask, batch, heads, length,
                                                      k.shape[2]):
        return False
    if k.shape[3] != dim or v.shape[3] != dim or not length or not k.shape[2]:
        return False
    size = q.itemsize
    if q.strides[3] != size or k.strides[3] != size or v.strides[3] != size:
        return False
    return q.dtype.name in _FLASH_DTYPES


def _float_mask(mask, dtype):
    """PyTorch's ``convert_boolean_attn_mask``: a bool mask becomes 0 where True and -inf
    elsewhere, in the query's dtype, laid out like the mask (``zeros_like``)."""
    if mask is None or mask._data.dtype != np.bool_:
        return mask
    converted = np.where(mask._data, 0.0, -np.inf).astype(dtype)
    return _make(empty_like_layout(converted, mask._data))


def _widened(array, accum):
    return array if array.dtype == accum else array.astype(accum)


def _scores(q, k, mask, is_causal, scale):
    """``q k^T * scale + mask``, ``-inf`` above the causal diagonal (top-left aligned)."""
    s = np.matmul(q, np.swapaxes(k, -1, -2))
    s *= scale
    if mask is not None:
        s += mask
    if is_causal:
        length, source = s.shape[-2:]
        s[..., np.triu(np.ones((length, source), np.bool_), 1)] = -np.inf
    return s


def _row_max(s):
    """``s.max(-1, keepdims=True)`` of C-contiguous scores: argmax and a gather cost a third of
    NumPy's max along short rows. A max is exact; where a row ties +0 with -0 the sign it
    gives does not reach the results (``s - top`` then exponentiated, ``top + log(total)``
    with log(total) +0 where total is 1); a row with a NaN takes max's own NaN."""
    width = s.shape[-1]
    if not s.flags.c_contiguous or not width:
        return s.max(-1, keepdims=True)
    index = s.reshape(-1, width).argmax(1)
    index += np.arange(0, index.size * width, width)
    top = s.reshape(-1)[index].reshape(s.shape[:-1] + (1,))
    return s.max(-1, keepdims=True) if np.isnan(top).any() else top


def _grouped(k, heads):
    """Key or value heads repeated for the query heads they serve (grouped-query attention)."""
    return k if k.shape[1] == heads else np.repeat(k, heads // k.shape[1], axis=1)


def _group_sum(grad, kv_heads):
    """A repeated key / value head's gradient: the sum over the query heads it served."""
    if grad.shape[1] == kv_heads:
        return grad
    b, h, s, e = grad.shape
    return grad.reshape(b, kv_heads, h // kv_heads, s, e).sum(2)


def _heads_inner(grad, dtype):
    """A gradient as the kernel leaves it: zeros of ``(B, L, H, E)`` it accumulated into (so a
    sum of -0 terms is +0), seen transposed to ``(B, H, L, E)``."""
    b, h, length, e = grad.shape
    laid = np.empty((b, length, h, e), dtype).transpose(0, 2, 1, 3)
    if grad.dtype == dtype:
        np.add(grad, 0.0, out=laid)  # (no temporary: one pass)
    else:
        laid[...] = grad + 0.0
    return laid


def _laid_product(left, right, factor, needed):
    """``_heads_inner(left @ right * factor)`` (``factor`` None: no factor) of float32 /
    float64 operands, the product written by BLAS straight into the ``(B, L, H, E)`` layout
    (its rows are strided, as BLAS allows): one buffer, not two; None where not ``needed``."""
    if not needed:
        return None
    b, h, length = left.shape[:3]
    laid = np.empty((b, length, h, right.shape[-1]), left.dtype).transpose(0, 2, 1, 3)
    np.matmul(left, right, out=laid)
    if factor is not None:
        np.multiply(laid, factor, out=laid)
    np.add(laid, 0.0, out=laid)
    return laid


def _rounded(array, dtype):
    """``array`` rounded to the 2-byte float ``dtype`` and widened back."""
    return array.astype(dtype).astype(array.dtype)


def _by_query_blocks(left, right, factor, reduced):
    """``left @ right`` (times ``factor``) summed over the query rows, as the backward kernel
    adds each block of queries (32, 64 or 256 rows by the query length) into the key's or
    value's gradient: a float16 / bfloat16 gradient is rounded after each block."""
    length = right.shape[-2]
    if reduced is None or length <= 32:
        product = np.matmul(left, right)
        return product if factor is None else product * factor
    split = 32 if length < 192 else 64 if length < 768 else 256
    total = None
    for start in range(0, length, split):
        part = np.matmul(left[..., start:start + split], right[..., start:start + split, :])
        part = part if factor is None else part * factor
        total = _rounded(part if total is None else total + part, reduced)
    return total


class ScaledDotProductFlashAttentionForCpuBackward0(Op):
    arity = 3
    saves_output = True
    # (PyTorch saves by name: attn_mask, key, query, value, then the outputs)
    saved_names = ("attn_mask", "key", "query", "value", "logsumexp", "output")

    @property
    def _saved_dropout_p(self):
        return self.dropout_p

    @property
    def _saved_is_causal(self):
        return self.is_causal

    @property
    def _saved_scale(self):
        return self.scale

    def forward(self, query, key, value, mask, is_causal, scale):
        q = query._data
        self.dropout_p, self.is_causal, self.scale = 0.0, is_causal, scale
        self.save(mask, key, query, value)
        if _kernel_applies(query, key, value):
            m = None if mask is None else mask._data
            out, lse = flash_kernel.forward(q, key._data, value._data, m, is_causal,
                                            _factor(q, scale))
            accum = lse.dtype
        else:
            out, lse, accum = self._composed(query, key, value, mask, is_causal, scale)
        b, h, length = lse.shape
        laid = np.empty((b, length, h), accum).transpose(0, 2, 1)
        laid[...] = lse
        if self._record:
            self._save_more(_make(laid))
        return empty_like_layout(out.astype(q.dtype, copy=False), q)

    def _composed(self, query, key, value, mask, is_causal, scale):
        """The kernel's result from NumPy's products (large inputs and 2-byte floats): equal
        to it within rounding."""
        q = query._data
        accum, factor, qa, k, v, m = _operands(query, key, value, mask, scale)
        with np.errstate(all="ignore"):
            s = _scores(qa, k, m, is_causal, factor)
            top = _row_max(s)
            dead = top == -np.inf  # (no key left: zeros, logsumexp 0)
            # (in place: the scores are not needed again, and fresh buffers of this size
            # cost more than the arithmetic)
            exps = np.exp(np.subtract(s, np.where(dead, accum.type(0), top), out=s), out=s)
            total = exps.sum(-1, keepdims=True)
            if q.dtype != accum:  # (float16 / bfloat16: the kernel's rounded buffer)
                exps = _rounded(exps, q.dtype)
            reciprocal = accum.type(1) / total
            out = np.matmul(exps, v)
            out *= reciprocal
            any_dead = dead.any()
            if any_dead:
                out[np.broadcast_to(dead, out.shape)] = 0
            if self._record and q.dtype == accum:
                # the probabilities, kept for backward, which PyTorch's kernel recomputes from
                # the scores and logsumexp (equal within rounding; a score product saved)
                if any_dead:
                    reciprocal[dead] = 0
                exps *= reciprocal
                self.probabilities = exps
            lse = np.where(dead, accum.type(0), top + np.log(total))[..., 0]
        return out, lse, accum

    def backward(self, grad):
        mask, key, query, value, lse, output = self.saved()
        needs = (self.needs(0), self.needs(1), self.needs(2))
        return FlashAttentionGradient.apply(grad, query, key, value, output, mask, lse, needs,
                                            self.is_causal, self.scale,
                                            getattr(self, "probabilities", None))

    def _release(self):
        super()._release()
        self.probabilities = None


class FlashAttentionGradient(Op):
    """``_scaled_dot_product_flash_attention_for_cpu_backward``: PyTorch records a node
    without a derivative for it, with edges to those of the incoming gradient, query, key,
    value and output that require grad; its three outputs are the inputs' gradients."""

    node_name = "torch::autograd::NotImplemented"
    arity = 5

    def _link(self, inputs, adopted=None):
        super()._link([t for t in inputs if t.requires_grad], adopted)
        self._seq = ERROR_NODE_SEQ  # (PyTorch's error nodes run as soon as they are ready)

    def forward(self, grad, query, key, value, output, mask, lse, needs, is_causal, scale,
                probabilities=None):
        q = query._data
        if probabilities is None and _kernel_applies(query, key, value):
            grads = flash_kernel.backward(grad._data, q, key._data, value._data, output._data,
                                          lse._data, None if mask is None else mask._data,
                                          is_causal, _factor(q, scale), needs)
            return tuple(None if g is None else g.astype(q.dtype, copy=False) for g in grads)
        accum, factor, qa, k, v, m = _operands(query, key, value, mask, scale)
        go = _widened(grad._data, accum)
        reduced = q.dtype != accum
        with np.errstate(all="ignore"):
            p = probabilities
            if p is None:  # (a dead row: exp(-inf - 0) = 0)
                p = np.exp(_scores(qa, k, m, is_causal, factor) - lse._data[..., None])
            # (as written: where both factors are NaN, which NaN this product keeps depends on
            # NumPy reusing the large temporary as its output, which then comes first)
            ds = p * (np.matmul(go, np.swapaxes(v, -1, -2))
                      - (go * _widened(output._data, accum)).sum(-1, keepdims=True))
            if reduced:  # (the kernel's products read its reduced-precision copies)
                p, ds = _rounded(p, q.dtype), _rounded(ds, q.dtype)
            if not reduced and key._data.shape[1] == value._data.shape[1] == q.shape[1]:
                # (one product each, written straight into the kernel's layout)
                return (_laid_product(ds, k, factor, needs[0]),
                        _laid_product(np.swapaxes(ds, -1, -2), qa, factor, needs[1]),
                        _laid_product(np.swapaxes(p, -1, -2), go, None, needs[2]))
            results = [None, None, None]
            if needs[0]:
                results[0] = np.matmul(ds, k) * factor
            if needs[1]:
                results[1] = _group_sum(_by_query_blocks(np.swapaxes(ds, -1, -2), qa, factor,
                                                         q.dtype if reduced else None),
                                        key._data.shape[1])
            if needs[2]:
                results[2] = _group_sum(_by_query_blocks(np.swapaxes(p, -1, -2), go, None,
                                                         q.dtype if reduced else None),
                                        value._data.shape[1])
            return tuple(None if r is None else _heads_inner(r, q.dtype) for r in results)

    def backward(self, *grads):
        raise RuntimeError("derivative for aten::_scaled_dot_product_flash_attention_for_cpu_"
                           "backward is not implemented")


FlashAttentionGradient.__name__ = FlashAttentionGradient.__qualname__ = "NotImplemented"


def flash_attention(query, key, value, attn_mask, dropout_p, is_causal, scale):
    """The flash kernel's result (``scaled_dot_product_attention`` checked eligibility)."""
    if dropout_p != 0.0:
        raise RuntimeError("scaled_dot_product_attention_flash_attention: Currently do not "
                           "support dropout > 0")
    mask = _float_mask(attn_mask, query._data.dtype)
    return ScaledDotProductFlashAttentionForCpuBackward0.apply(query, key, value, mask,
                                                               is_causal, scale)


def _factor(q, scale):
    """The kernel's score factor: ``scale`` or 1 / sqrt(head dim) (sdp::calculate_scale)."""
    return scale if scale is not None else 1.0 / np.sqrt(float(q.shape[-1]))


# Score elements (batch * heads * queries * keys) up to which flash_kernel computes the
# kernel bit for bit. Its emulated exponentials (exp_u20 forward, SLEEF's expf backward) and
# per-head MKL products cost ~110 ns a score element for forward and backward, against ~30
# for NumPy's exp and batched products (a (16, 4, 64, 32) attention, W5's: 29 ms against 8);
# float64's (SLEEF's double exp, emulated FMAs) ~270 ns, against ~20 (a (2, 4, 64, 32)
# attention: 9 ms against 0.6): above this, the NumPy form (equal within rounding) keeps
# large attention at its cost.
EXACT_SCORES = 1 << 15


def _kernel_applies(query, key, value):
    """Whether flash_kernel computes PyTorch's kernel bit for bit for these inputs (float32
    or float64 with MKL on an AVX2 or AVX-512 build, equal heads, leading dimensions MKL
    accepts, up to EXACT_SCORES score elements)."""
    q, k, v = query._data, key._data, value._data
    return (q.shape[0] * q.shape[1] * q.shape[2] * k.shape[2] <= EXACT_SCORES
            and flash_kernel.applies(q, k, v) and flash_kernel.fits(q, k, v))


def _operands(query, key, value, mask, scale):
    """The kernel's working arrays: its accumulation type (double for float64, else float),
    the score factor, the query, the key and value repeated over the query's heads (GQA),
    and the mask, widened to that type."""
    q = query._data
    accum = _DOUBLE if q.dtype == _DOUBLE else _FLOAT
    factor = accum.type(_factor(q, scale))
    heads = q.shape[1]
    k = _grouped(_widened(key._data, accum), heads)
    v = _grouped(_widened(value._data, accum), heads)
    m = None if mask is None else _widened(mask._data, accum)
    return accum, factor, _widened(q, accum), k, v, m
