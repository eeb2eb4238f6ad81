"""Scaled dot-product attention and PyTorch's reference multi-head attention forward."""
import math
import warnings

import numpy as np

from ..._ops.arithmetic import MulBackward1
from ..._ops.flash_attention import flash_attention, flash_eligible
from ..._ops.op import cpp_type_name
from ..._ops.shape import cat
from ..._ops.softmax import safe_softmax
from ..._tensor_base import _make
from ...backends.cuda import flash_sdp_enabled, math_sdp_enabled
from .activation import softmax
from .dropout import dropout
from .linear import linear
from .padding import pad


def _canonical_mask(mask, mask_name, other_type, other_name, target_type, check_other=True):
    """A boolean mask becomes an additive float mask (-inf where True)."""
    if mask is None:
        return None
    is_float = mask._data.dtype.kind in "fV"
    if mask._data.dtype != np.bool_ and not is_float:
        raise AssertionError(f"only bool and floating types of {mask_name} are supported")
    if check_other and other_type is not None and mask.dtype != other_type:
        warnings.warn(f"Support for mismatched {mask_name} and {other_name} is deprecated. Use "
                      "same type for both instead.", UserWarning, stacklevel=3)
    if not is_float:
        mask = _make(np.where(mask._data, -np.inf, 0).astype(target_type.np_dtype))
    return mask


def _validate(query, key, value, attn_mask):
    """PyTorch's ``validate_sdpa_input`` dtype checks."""
    q, k, v = query._data, key._data, value._data
    if not q.dtype == k.dtype == v.dtype:
        raise RuntimeError("Expected query, key, and value to have the same dtype, but got "
                           f"query.dtype: {cpp_type_name(q)} key.dtype: {cpp_type_name(k)} and "
                           f"value.dtype: {cpp_type_name(v)} instead.")
    if attn_mask is not None and attn_mask._data.dtype not in (np.bool_, np.float32, q.dtype):
        raise RuntimeError("Expected attn_mask dtype to be bool or float or to match query "
                           f"dtype, but got attn_mask.dtype: {cpp_type_name(attn_mask._data)} "
                           f"and  query.dtype: {cpp_type_name(q)} instead.")


def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0,
                                 is_causal=False, scale=None, enable_gqa=False):
    """PyTorch's CPU choice: the fused flash node where its selector picks the flash kernel
    (see flash_attention.py), else the math path, node for node: ``q * sqrt(scale)`` times
    ``(k^T * sqrt(scale))``, plus the mask, ``_safe_softmax`` (a fully masked row gives
    zeros), times ``v``."""
    _validate(query, key, value, attn_mask)
    if not (query._data.size and key._data.size and value._data.size):
        # PyTorch's empty case: zeros of the query's shape with the value's head dim, kept in
        # the graph of all three inputs (the mask, dropout and is_causal are not looked at)
        shape = query._data.shape[:-1] + value._data.shape[-1:]
        zeros = _make(np.zeros(shape, query._data.dtype))
        return zeros + MulBackward1.apply(query.sum() + key.sum() + value.sum(), 0)
    if flash_eligible(query, key, value, attn_mask, dropout_p, enable_gqa):
        return flash_attention(query, key, value, attn_mask, dropout_p, is_causal, scale)
    if not math_sdp_enabled():
        if not flash_sdp_enabled():
            raise RuntimeError("No viable backend for scaled_dot_product_attention was found. "
                               "This is likely due to turning off both the math kernel and the "
                               "fused kernels.")
        # (PyTorch then warns each failed check's reason too: those are not repeated here)
        warnings.warn("Flash attention kernel not used because:", UserWarning, stacklevel=2)
        raise RuntimeError("No available kernel.  Aborting execution.")
    length, source = query._data.shape[-2], key._data.shape[-2]
    negative = scale is not None and scale < 0
    factor = math.sqrt(abs(scale) if scale is not None else 1 / math.sqrt(query._data.shape[-1]))
    dtype = query._data.dtype
    bias = None
    if is_causal:
        if attn_mask is not None:
            raise RuntimeError("_scaled_dot_product_attention: Explicit attn_mask should not be "
                               "set when is_causal=True")
        bias = _make(np.triu(np.full((length, source), -np.inf, dtype), 1))
    elif attn_mask is not None:
        if attn_mask._data.dtype == np.bool_:
            bias = _make(np.where(attn_mask._data, 0, -np.inf).astype(dtype))
        else:
            bias = attn_mask
    if enable_gqa and key._data.ndim >= 3:
        heads, key_heads, value_heads = (t._data.shape[-3] for t in (query, key, value))
        if not key_heads or not value_heads or heads % key_heads or heads % value_heads:
            # (PyTorch's message stops there)
            raise RuntimeError("Number of heads in key and value must divide the number of "
                               "heads in ")
        key = key.repeat_interleave(heads // key_heads, -3)
        value = value.repeat_interleave(heads // value_heads, -3)
    query = MulBackward1.apply(query, 0.0 - factor if negative else factor)
    weights = query.matmul(MulBackward1.apply(key.transpose(-2, -1), factor))
    if bias is not None:
        weights = weights + bias
    weights = safe_softmax(weights, -1)  # a fully masked query attends to nothing
    if dropout_p > 0:
        weights = dropout(weights, dropout_p)
    return weights.matmul(value)


def _mha_is_batched(query, key, value, key_padding_mask, attn_mask, num_heads):
    if query._data.ndim == 3:
        if key._data.ndim != 3 or value._data.ndim != 3:
            raise AssertionError("For batched (3-D) `query`, expected `key` and `value` to be 3-D"
                                 f" but found {key._data.ndim}-D and {value._data.ndim}-D "
                                 "tensors respectively")
        if key_padding_mask is not None and key_padding_mask._data.ndim != 2:
            raise AssertionError("For batched (3-D) `query`, expected `key_padding_mask` to be "
                                 f"`None` or 2-D but found {key_padding_mask._data.ndim}-D "
                                 "tensor instead")
        if attn_mask is not None and attn_mask._data.ndim not in (2, 3):
            raise AssertionError("For batched (3-D) `query`, expected `attn_mask` to be `None`, "
                                 f"2-D or 3-D but found {attn_mask._data.ndim}-D tensor instead")
        return True
    if query._data.ndim == 2:
        if key._data.ndim != 2 or value._data.ndim != 2:
            raise AssertionError("For unbatched (2-D) `query`, expected `key` and `value` to be "
                                 f"2-D but found {key._data.ndim}-D and {value._data.ndim}-D "
                                 "tensors respectively")
        if key_padding_mask is not None and key_padding_mask._data.ndim != 1:
            raise AssertionError("For unbatched (2-D) `query`, expected `key_padding_mask` to be "
                                 f"`None` or 1-D but found {key_padding_mask._data.ndim}-D "
                                 "tensor instead")
        if attn_mask is not None:
            if attn_mask._data.ndim not in (2, 3):
                raise AssertionError("For unbatched (2-D) `query`, expected `attn_mask` to be "
                                     f"`None`, 2-D or 3-D but found {attn_mask._data.ndim}-D "
                                     "tensor instead")
            expected = (num_heads, query._data.shape[0], key._data.shape[0])
            if attn_mask._data.ndim == 3 and attn_mask._data.shape != expected:
                raise AssertionError(f"Expected `attn_mask` shape to be {expected} but got "
                                     f"{attn_mask.shape}")
        return False
    raise AssertionError("query should be unbatched 2D or batched 3D tensor but received "
                         f"{query._data.ndim}-D query tensor")


def _in_projection_packed(q, k, v, w, b=None):
    embed = q._data.shape[-1]
    if k is v:
        if q is k:  # self-attention: one GEMM
            proj = linear(q, w, b).unflatten(-1, (3, embed)).unsqueeze(0).transpose(0, -2)
            proj = proj.squeeze(-2).contiguous()
            return proj[0], proj[1], proj[2]
        w_q, w_kv = w.split([embed, embed * 2])
        b_q, b_kv = (None, None) if b is None else b.split([embed, embed * 2])
        q_proj = linear(q, w_q, b_q)  # (first, as PyTorch: saved-tensor hooks see the order)
        kv = linear(k, w_kv, b_kv).unflatten(-1, (2, embed)).unsqueeze(0).transpose(0, -2)
        kv = kv.squeeze(-2).contiguous()
        return q_proj, kv[0], kv[1]
    w_q, w_k, w_v = w.chunk(3)
    b_q, b_k, b_v = (None, None, None) if b is None else b.chunk(3)
    return linear(q, w_q, b_q), linear(k, w_k, b_k), linear(v, w_v, b_v)


def multi_head_attention_forward(query, key, value, embed_dim_to_check, num_heads,
                                 in_proj_weight, in_proj_bias, bias_k, bias_v, add_zero_attn,
                                 dropout_p, out_proj_weight, out_proj_bias, training=True,
                                 key_padding_mask=None, need_weights=True, attn_mask=None,
                                 use_separate_proj_weight=False, q_proj_weight=None,
                                 k_proj_weight=None, v_proj_weight=None, static_k=None,
                                 static_v=None, average_attn_weights=True, is_causal=False):
    """PyTorch's reference multi-head attention, step for step (sequence-first inputs)."""
    is_batched = _mha_is_batched(query, key, value, key_padding_mask, attn_mask, num_heads)
    if not is_batched:
        query, key, value = query.unsqueeze(1), key.unsqueeze(1), value.unsqueeze(1)
        if key_padding_mask is not None:
            key_padding_mask = key_padding_mask.unsqueeze(0)
    tgt_len, bsz, embed_dim = query._data.shape
    key_padding_mask = _canonical_mask(key_padding_mask, "key_padding_mask",
                                       None if attn_mask is None else attn_mask.dtype,
                                       "attn_mask", query.dtype)
    if is_causal and attn_mask is None:
        raise RuntimeError("Need attn_mask if specifying the is_causal hint. You may use the "
                           "Transformer module method `generate_square_subsequent_mask` to "
                           "create this mask.")
    if is_causal and key_padding_mask is None and not need_weights:
        attn_mask = None
    else:
        attn_mask = _canonical_mask(attn_mask, "attn_mask", None, "", query.dtype,
                                    check_other=False)
        if key_padding_mask is not None:
            is_causal = False
    if embed_dim != embed_dim_to_check:
        raise AssertionError(f"was expecting embedding dimension of {embed_dim_to_check}, but "
                             f"got {embed_dim}")
    head_dim = embed_dim // num_heads
    if head_dim * num_heads != embed_dim:
        raise AssertionError(f"embed_dim {embed_dim} not divisible by num_heads {num_heads}")
    if use_separate_proj_weight:
        if key._data.shape[:2] != value._data.shape[:2]:
            raise AssertionError(f"key's sequence and batch dims {key.shape[:2]} do not match "
                                 f"value's {value.shape[:2]}")
        biases = (None, None, None) if in_proj_bias is None else in_proj_bias.chunk(3)
        q, k, v = (linear(x, w, b) for x, w, b in zip(
            (query, key, value), (q_proj_weight, k_proj_weight, v_proj_weight), biases))
    else:
        if key._data.shape != value._data.shape:
            raise AssertionError(f"key shape {key.shape} does not match value shape "
                                 f"{value.shape}")
        q, k, v = _in_projection_packed(query, key, value, in_proj_weight, in_proj_bias)
    if attn_mask is not None:
        if attn_mask._data.ndim == 2:
            if attn_mask._data.shape != (tgt_len, k._data.shape[0]):
                raise RuntimeError(f"The shape of the 2D attn_mask is {attn_mask.shape}, but "
                                   f"should be {(tgt_len, k._data.shape[0])}.")
            attn_mask = attn_mask.unsqueeze(0)
        elif attn_mask._data.shape != (bsz * num_heads, tgt_len, k._data.shape[0]):
            raise RuntimeError(f"The shape of the 3D attn_mask is {attn_mask.shape}, but should "
                               f"be {(bsz * num_heads, tgt_len, k._data.shape[0])}.")
    if bias_k is not None and bias_v is not None:
        if static_k is not None or static_v is not None:
            raise AssertionError("bias cannot be added to static key.")
        k = cat([k, bias_k.repeat(1, bsz, 1)])
        v = cat([v, bias_v.repeat(1, bsz, 1)])
        attn_mask = None if attn_mask is None else pad(attn_mask, (0, 1))
        key_padding_mask = None if key_padding_mask is None else pad(key_padding_mask, (0, 1))
    elif bias_k is not None or bias_v is not None:
        raise AssertionError(f"bias_{'k' if bias_k is not None else 'v'} is set but "
                             f"bias_{'v' if bias_k is not None else 'k'} is None")
    q = q.view(tgt_len, bsz * num_heads, head_dim).transpose(0, 1)
    k = k.view(k._data.shape[0], bsz * num_heads, head_dim).transpose(0, 1) \
        if static_k is None else static_k
    v = v.view(v._data.shape[0], bsz * num_heads, head_dim).transpose(0, 1) \
        if static_v is None else static_v
    if add_zero_attn:
        zeros = _make(np.zeros((bsz * num_heads, 1, head_dim), k._data.dtype))
        k, v = cat([k, zeros], 1), cat([v, zeros], 1)
        attn_mask = None if attn_mask is None else pad(attn_mask, (0, 1))
        key_padding_mask = None if key_padding_mask is None else pad(key_padding_mask, (0, 1))
    src_len = k._data.shape[1]
    if key_padding_mask is not None:
        if key_padding_mask._data.shape != (bsz, src_len):
            raise AssertionError(f"Expected key_padded_mask.shape to be {(bsz, src_len)}, but "
                                 f"got {tuple(key_padding_mask._data.shape)}")
        key_padding_mask = key_padding_mask.view(bsz, 1, 1, src_len).expand(
            -1, num_heads, -1, -1).reshape(bsz * num_heads, 1, src_len)
        attn_mask = key_padding_mask if attn_mask is None else attn_mask + key_padding_mask
    if not training:
        dropout_p = 0.0
    if need_weights:
        weights = (q * math.sqrt(1.0 / head_dim)).bmm(k.transpose(-2, -1))
        if attn_mask is not None:
            weights = attn_mask + weights
        weights = softmax(weights, -1)
        if dropout_p > 0.0:
            weights = dropout(weights, dropout_p)
        out = weights.bmm(v).transpose(0, 1).reshape(tgt_len * bsz, embed_dim)
        out = linear(out, out_proj_weight, out_proj_bias).view(tgt_len, bsz, -1)
        weights = weights.view(bsz, num_heads, tgt_len, src_len)
        if average_attn_weights:
            weights = weights.mean(1)
        if not is_batched:
            return out.squeeze(1), weights.squeeze(0)
        return out, weights
    if attn_mask is not None:
        attn_mask = attn_mask.unsqueeze(0) if attn_mask._data.shape[0] == 1 else attn_mask.view(
            bsz, num_heads, -1, src_len)
    q = q.view(bsz, num_heads, tgt_len, head_dim)
    k = k.view(bsz, num_heads, src_len, head_dim)
    v = v.view(bsz, num_heads, src_len, head_dim)
    out = scaled_dot_product_attention(q, k, v, attn_mask, dropout_p, is_causal)
    out = out.permute(2, 0, 1, 3).reshape(bsz * tgt_len, embed_dim)
    out = linear(out, out_proj_weight, out_proj_bias).view(tgt_len, bsz, -1)
    return (out if is_batched else out.squeeze(1)), None
