"""Every differentiable op from one table: forward against NumPy in float32 and float64 (values,
shape and result dtype; gradients come back in the input's dtype), then gradcheck and
gradgradcheck in float64. A second, small table pins PyTorch's dtype promotion results."""
import math
from dataclasses import dataclass
from typing import Callable

import numpy as np
import pytest

import hookgrad as torch
from hookgrad.autograd import gradcheck, gradgradcheck

# Non-differentiable operands (masks, indices) are constants shared by fn and ref.
MASK = np.array([[True, False, True], [False, False, True]])
ROW_MASK = np.array([True, False, True])
GATHER_INDEX = np.array([[0, 2, 2, 1], [1, 1, 0, 0]])
SCATTER_INDEX = np.array([[0, 3, 1], [2, 0, 1]])


@dataclass
class Row:
    name: str
    fn: Callable         # of hookgrad tensors
    ref: Callable        # the same with NumPy, on float64 arrays
    shapes: tuple        # one shape per input
    domain: str | tuple = "nz"  # SAMPLERS key, or a tuple of keys (one per input)
    gradgrad: bool = True       # False where the second derivative does not exist
    out_dtype: type | None = None  # result dtype when it is not the input's (casts)


SAMPLERS = {
    "any": lambda rng, shape: rng.standard_normal(shape),
    "pos": lambda rng, shape: rng.uniform(0.5, 2.0, shape),
    "neg": lambda rng, shape: -rng.uniform(0.5, 2.0, shape),
    # away from 0, where abs / relu / sign-dependent gradients have their kink
    "nz": lambda rng, shape: rng.uniform(0.5, 2.0, shape) * rng.choice([-1.0, 1.0], shape),
    "unit": lambda rng, shape: rng.uniform(-0.8, 0.8, shape),  # inside (-1, 1): asin, atanh
    "gt1": lambda rng, shape: rng.uniform(1.2, 3.0, shape),    # acosh
    "prob": lambda rng, shape: rng.uniform(0.1, 0.9, shape),   # logit
}


def _fmt(shapes):
    return "_".join("x".join(map(str, s)) or "0d" for s in shapes)


def unary(name, fn, ref, domain="nz", shapes=((2, 3), ()), **kw):
    """One row per input shape (a matrix and a 0-d tensor by default)."""
    return [Row(f"{name}-{_fmt([s])}", fn, ref, (s,), domain, **kw) for s in shapes]


BROADCAST = [((2, 3), (2, 3)), ((3, 1), (1, 4)), ((2, 3), (3,)), ((), (2, 3)), ((2, 3), ()),
             ((), ())]


def binary(name, fn, ref, domain="nz", **kw):
    """One row per broadcasting pattern, 0-d operands included."""
    return [Row(f"{name}-{_fmt(s)}", fn, ref, s, domain, **kw) for s in BROADCAST]


def _scattered(x, dim, index, src, add=False):
    """NumPy's reference for scatter / scatter_add along ``dim``."""
    out = x.copy()
    grids = list(np.indices(index.shape, sparse=True))
    grids[dim] = index
    if add:
        np.add.at(out, tuple(grids), src)
    else:
        out[tuple(grids)] = src
    return out


def _index_added(x, rows, src):
    out = x.copy()
    np.add.at(out, np.array(rows), src)
    return out


def _index_copied(x, columns, src):
    out = x.copy()
    out[:, columns] = src
    return out


def lse(x, axis=None, keepdims=False):
    m = np.max(x, axis=axis, keepdims=True)
    out = m + np.log(np.sum(np.exp(x - m), axis=axis, keepdims=True))
    return out if keepdims else np.squeeze(out, axis=axis)


def split_at(x, sizes, axis):
    return tuple(np.split(x, np.cumsum(sizes)[:-1], axis=axis))


T = torch.tensor
M23, M34, B234 = (2, 3), (3, 4), (2, 3, 4)

TABLE = [
    # ---------------------------------------------------------------- arithmetic
    *binary("add", lambda a, b: a + b, np.add),
    *binary("sub", lambda a, b: a - b, np.subtract),
    *binary("mul", lambda a, b: a * b, np.multiply),
    *binary("div", lambda a, b: a / b, np.divide),
    *binary("pow", lambda a, b: a ** b, np.power, domain=("pos", "nz")),
    *binary("maximum", torch.maximum, np.maximum),
    *binary("minimum", torch.minimum, np.minimum),
    *unary("add_scalar", lambda x: x + 1.5, lambda x: x + 1.5),
    *unary("radd_scalar", lambda x: 1.5 + x, lambda x: 1.5 + x),
    *unary("sub_scalar", lambda x: x - 1.5, lambda x: x - 1.5),
    *unary("rsub_scalar", lambda x: 1.5 - x, lambda x: 1.5 - x),
    *unary("mul_scalar", lambda x: x * 1.5, lambda x: x * 1.5),
    *unary("rmul_scalar", lambda x: 1.5 * x, lambda x: 1.5 * x),
    *unary("div_scalar", lambda x: x / 1.5, lambda x: x / 1.5),
    *unary("rdiv_scalar", lambda x: 1.5 / x, lambda x: 1.5 / x),
    *unary("int_scalars", lambda x: (2 - x) * 3 + 2 / x, lambda x: (2 - x) * 3 + 2 / x),
    *unary("pow_int", lambda x: x ** 3, lambda x: x ** 3),
    *unary("pow_neg_int", lambda x: x ** -1, lambda x: x ** -1.0),
    *unary("pow_float", lambda x: x ** 2.5, lambda x: x ** 2.5, domain="pos"),
    *unary("pow_zero", lambda x: x ** 0, lambda x: x ** 0),
    *unary("rpow_scalar", lambda x: 2.5 ** x, lambda x: 2.5 ** x),
    # ---------------------------------------------------------------- unary maths
    *unary("neg", lambda x: -x, np.negative),
    *unary("neg_fn", torch.neg, np.negative),
    *unary("exp", torch.exp, np.exp, domain="any"),
    *unary("log", torch.log, np.log, domain="pos"),
    *unary("sqrt", torch.sqrt, np.sqrt, domain="pos"),
    *unary("abs", torch.abs, np.abs),
    *unary("sin", torch.sin, np.sin, domain="any"),
    *unary("cos", torch.cos, np.cos, domain="any"),
    *unary("tanh", torch.tanh, np.tanh, domain="any"),
    *unary("sigmoid", torch.sigmoid, lambda x: 1 / (1 + np.exp(-x)), domain="any"),
    *unary("expm1", torch.expm1, np.expm1, domain="any"),
    *unary("log2", torch.log2, np.log2, domain="pos"),
    *unary("log10", lambda x: x.log10(), np.log10, domain="pos"),
    *unary("tan", torch.tan, np.tan, domain="any"),
    *unary("erf", torch.erf, np.vectorize(math.erf), domain="any"),
    *unary("trunc", torch.trunc, np.trunc, gradgrad=False),
    *unary("sinh", torch.sinh, np.sinh, domain="any"),
    *unary("cosh", lambda x: x.cosh(), np.cosh, domain="any"),
    *unary("asin", torch.asin, np.arcsin, domain="unit"),
    *unary("acos", lambda x: x.arccos(), np.arccos, domain="unit"),
    *unary("atan", torch.atan, np.arctan, domain="any"),
    *unary("asinh", torch.arcsinh, np.arcsinh, domain="any"),
    *unary("acosh", lambda x: x.acosh(), np.arccosh, domain="gt1"),
    *unary("atanh", torch.atanh, np.arctanh, domain="unit"),
    *unary("sgn", torch.sgn, np.sign, gradgrad=False),
    *unary("deg2rad", torch.deg2rad, np.deg2rad, domain="any"),
    *unary("rad2deg", lambda x: x.rad2deg(), np.rad2deg, domain="any"),
    *unary("logit", torch.logit, lambda x: np.log(x / (1 - x)), domain="prob"),
    *unary("logit_eps", lambda x: x.logit(eps=0.3), lambda x: (lambda c: np.log(c / (1 - c)))(
        np.clip(x, 0.3, 0.7)), domain="prob"),
    *unary("sinc", torch.sinc, np.sinc, domain="any"),
    *binary("xlogy", torch.xlogy, lambda x, y: x * np.log(y), domain=("nz", "pos")),
    Row("xlogy_number_tensor", lambda y: torch.xlogy(2.5, y), lambda y: 2.5 * np.log(y), ((2, 3),),
        "pos"),
    Row("xlogy_tensor_number", lambda x: x.xlogy(1.5), lambda x: x * np.log(1.5), ((2, 3),)),
    Row("diff", lambda x: x.diff(), lambda x: np.diff(x), ((3, 4),), "any"),
    Row("diff_n2_dim0_prepend", lambda x, p: torch.diff(x, n=2, dim=0, prepend=p),
        lambda x, p: np.diff(x, n=2, axis=0, prepend=p), ((3, 4), (1, 4)), "any"),
    Row("msort", torch.msort, lambda x: np.sort(x, axis=0), ((4, 3),), "any"),
    *unary("clamp_min_fn", lambda x: x.clamp_min(0.2), lambda x: np.maximum(x, 0.2)),
    *unary("clamp_max_fn", lambda x: torch.clamp_max(x, -0.3), lambda x: np.minimum(x, -0.3)),
    *binary("clamp_min_tensor", torch.clamp_min, np.maximum),
    *binary("rsub", lambda x, y: torch.rsub(x, y, alpha=2), lambda x, y: y - 2 * x),
    *unary("rsub_number", lambda x: torch.rsub(x, 1.5), lambda x: 1.5 - x),
    *binary("logaddexp", torch.logaddexp, np.logaddexp, domain="any"),
    *binary("hypot", torch.hypot, np.hypot),
    *binary("fmax", torch.fmax, np.fmax),
    *binary("fmin", lambda x, y: x.fmin(y), np.fmin),
    Row("cummax", lambda x: x.cummax(1).values, lambda x: np.maximum.accumulate(x, axis=1),
        ((3, 4),), "any"),
    Row("cummin", lambda x: torch.cummin(x, 0)[0], lambda x: np.minimum.accumulate(x, axis=0),
        ((3, 4),), "any"),
    Row("aminmax", lambda x: (lambda r: r.min * 2 + r.max)(x.aminmax(dim=1)),
        lambda x: x.min(1) * 2 + x.max(1), ((3, 4),), "any"),
    Row("logcumsumexp", lambda x: x.logcumsumexp(1), lambda x: np.logaddexp.accumulate(x, 1),
        ((3, 4),), "any", gradgrad=False),  # create_graph through it raises (test below)
    *binary("copysign", torch.copysign, np.copysign),
    *unary("copysign_number", lambda x: x.copysign(-1.0), lambda x: np.copysign(x, -1.0)),
    *unary("nan_to_num", torch.nan_to_num, np.nan_to_num, domain="any"),
    *unary("frac", lambda x: x.frac(), lambda x: x - np.trunc(x)),
    *unary("relu", torch.relu, lambda x: np.maximum(x, 0)),
    *unary("clamp", lambda x: x.clamp(-1.0, 1.2), lambda x: np.clip(x, -1.0, 1.2)),
    *unary("clamp_min", lambda x: torch.clamp(x, min=-1), lambda x: np.maximum(x, -1)),
    *unary("clamp_max", lambda x: x.clamp(max=0.8), lambda x: np.minimum(x, 0.8)),
    Row("clamp_tensor-2x3_3_0d", lambda x, lo, hi: torch.clamp(x, lo, hi),
        lambda x, lo, hi: np.minimum(np.maximum(x, lo), hi), (M23, (3,), ()),
        ("any", "neg", "pos")),
    Row("clamp_tensor_min-2x3_2x3", lambda x, lo: x.clamp(min=lo), np.maximum, (M23, M23),
        "any"),
    Row("clamp_tensor_max-2x3_0d", lambda x, hi: x.clamp(max=hi), np.minimum, (M23, ()),
        "any"),
    Row("clamp_tensor_crossed-2x3_3_3", lambda x, lo, hi: x.clamp(lo, hi),  # min > max: max
        lambda x, lo, hi: np.minimum(np.maximum(x, lo), hi), (M23, (3,), (3,)),
        ("any", "pos", "neg")),
    Row("where-2x3_2x3", lambda a, b: torch.where(T(MASK), a, b),
        lambda a, b: np.where(MASK, a, b), (M23, M23)),
    Row("where_broadcast-3_0d", lambda a, b: torch.where(T(MASK), a, b),
        lambda a, b: np.where(MASK, a, b), ((3,), ())),
    Row("where_scalar-2x3", lambda a: torch.where(T(MASK), a, 0.5),
        lambda a: np.where(MASK, a, 0.5), (M23,)),
    Row("max_binary-2x3_3", lambda a, b: torch.max(a, b), np.maximum, (M23, (3,))),
    # ---------------------------------------------------------------- reductions
    *unary("sum", lambda x: x.sum(), np.sum),
    *unary("sum_dim0", lambda x: torch.sum(x, 0), lambda x: np.sum(x, 0), shapes=(M23, ())),
    Row("sum_dim", lambda x: x.sum(-1), lambda x: x.sum(-1), (B234,)),
    Row("sum_dims_keepdim", lambda x: x.sum((0, 2), keepdim=True),
        lambda x: x.sum((0, 2), keepdims=True), (B234,)),
    *unary("mean", lambda x: x.mean(), np.mean),
    Row("mean_dim", lambda x: x.mean(1), lambda x: x.mean(1), (B234,)),
    Row("mean_dims_keepdim", lambda x: torch.mean(x, (0, -1), keepdim=True),
        lambda x: x.mean((0, 2), keepdims=True), (B234,)),
    *unary("max", lambda x: x.max(), np.max),
    *unary("min", lambda x: torch.min(x), np.min),
    Row("max_dim", lambda x: x.max(1), lambda x: (x.max(1), x.argmax(1)), (M34,)),
    Row("max_dim_keepdim", lambda x: torch.max(x, 0, keepdim=True),
        lambda x: (x.max(0, keepdims=True), x.argmax(0, keepdims=True)), (M34,)),
    Row("min_dim", lambda x: x.min(-1), lambda x: (x.min(-1), x.argmin(-1)), (M34,)),
    Row("min_dim_keepdim", lambda x: x.min(1, keepdim=True),
        lambda x: (x.min(1, keepdims=True), x.argmin(1, keepdims=True)), (M34,)),
    *unary("max_dim0", lambda x: x.max(0), lambda x: (x, np.array(0)), shapes=((),)),
    *unary("amax", lambda x: x.amax(), np.max),
    Row("amax_dim", lambda x: torch.amax(x, 1), lambda x: x.max(1), (M34,)),
    Row("amax_dims_keepdim", lambda x: x.amax((0, 2), keepdim=True),
        lambda x: x.max((0, 2), keepdims=True), (B234,)),
    Row("amin_dim", lambda x: x.amin(0), lambda x: x.min(0), (M34,)),
    Row("var", lambda x: x.var(), lambda x: np.var(x, ddof=1), (M34,)),
    Row("var_dim", lambda x: torch.var(x, 1), lambda x: np.var(x, 1, ddof=1), (M34,)),
    Row("var_biased_keepdim", lambda x: x.var(0, unbiased=False, keepdim=True),
        lambda x: np.var(x, 0, keepdims=True), (M34,)),
    Row("var_correction", lambda x: x.var(1, correction=0), lambda x: np.var(x, 1), (M34,)),
    Row("std", lambda x: x.std(), lambda x: np.std(x, ddof=1), (M34,)),
    Row("std_dim_keepdim", lambda x: torch.std(x, 1, keepdim=True),
        lambda x: np.std(x, 1, ddof=1, keepdims=True), (M34,)),
    *unary("norm", lambda x: x.norm(), lambda x: np.sqrt(np.sum(x * x))),
    Row("norm_dim", lambda x: x.norm(dim=1), lambda x: np.linalg.norm(x, axis=1), (M34,)),
    Row("norm_p1_keepdim", lambda x: torch.norm(x, 1, 0, keepdim=True),
        lambda x: np.abs(x).sum(0, keepdims=True), (M34,)),
    Row("norm_p3_dim", lambda x: x.norm(3, dim=1),
        lambda x: (np.abs(x) ** 3).sum(1) ** (1 / 3), (M34,)),
    Row("softmax", lambda x: x.softmax(-1), lambda x: np.exp(x - lse(x, -1, True)), (M34,),
        "any"),
    Row("softmax_dim0", lambda x: torch.softmax(x, 0), lambda x: np.exp(x - lse(x, 0, True)),
        (B234,), "any"),
    Row("softmax-0d", lambda x: x.softmax(0), lambda x: np.ones(()), ((),), "any"),
    Row("log_softmax", lambda x: torch.log_softmax(x, 1), lambda x: x - lse(x, 1, True),
        (M34,), "any"),
    Row("softmax-3d_last", lambda x: x.softmax(-1), lambda x: np.exp(x - lse(x, -1, True)),
        ((2, 3, 4),), "any"),
    Row("log_softmax-3d_last", lambda x: x.log_softmax(2), lambda x: x - lse(x, 2, True),
        ((2, 3, 4),), "any"),
    Row("log_softmax_dim0", lambda x: x.log_softmax(0), lambda x: x - lse(x, 0, True), (M34,),
        "any"),
    Row("logsumexp", lambda x: x.logsumexp(1), lambda x: lse(x, 1), (M34,), "any"),
    Row("logsumexp_dims_keepdim", lambda x: torch.logsumexp(x, (0, 2), keepdim=True),
        lambda x: lse(x, (0, 2), True), (B234,), "any"),
    Row("logsumexp-0d", lambda x: x.logsumexp(0), lambda x: x, ((),), "any"),
    # ---------------------------------------------------------------- matrix products
    Row("matmul-1d@1d", lambda a, b: a @ b, np.matmul, ((3,), (3,))),
    Row("matmul-2d@1d", lambda a, b: a @ b, np.matmul, (M23, (3,))),
    Row("matmul-1d@2d", lambda a, b: a @ b, np.matmul, ((2,), M23)),
    Row("matmul-2d@2d", lambda a, b: torch.matmul(a, b), np.matmul, (M23, M34)),
    Row("matmul-3d@2d", lambda a, b: a @ b, np.matmul, ((2, 2, 3), M34)),
    Row("matmul-3d@1d", lambda a, b: a @ b, np.matmul, ((2, 2, 3), (3,))),
    Row("matmul-1d@3d", lambda a, b: a @ b, np.matmul, ((2,), (3, 2, 2))),
    Row("matmul-2d@3d", lambda a, b: a @ b, np.matmul, ((2, 3), (2, 3, 2))),
    Row("matmul-3d@3d", lambda a, b: a.matmul(b), np.matmul, ((2, 2, 3), (2, 3, 2))),
    Row("matmul-3d@3d_broadcast", lambda a, b: a @ b, np.matmul, ((2, 2, 3), (1, 3, 2))),
    Row("matmul-4d@3d_broadcast", lambda a, b: a @ b, np.matmul, ((2, 1, 2, 3), (3, 3, 2))),
    # ---------------------------------------------------------------- sorting
    Row("sort_values", lambda x: x.sort().values, lambda x: np.sort(x, -1), (M34,), "any"),
    Row("sort_desc_dim0", lambda x: torch.sort(x, 0, descending=True).values,
        lambda x: -np.sort(-x, 0), (M34,), "any"),
    Row("topk_values", lambda x: x.topk(2).values, lambda x: -np.sort(-x, -1)[:, :2], (M34,),
        "any"),
    Row("topk_smallest_dim0", lambda x: torch.topk(x, 1, dim=0, largest=False).values,
        lambda x: np.sort(x, 0)[:1], (M34,), "any"),
    Row("mm", torch.mm, np.matmul, (M23, M34)),
    Row("linalg_vector_norm", lambda x: torch.linalg.vector_norm(x, 3, dim=1),
        lambda x: np.linalg.norm(x, 3, axis=1), (M34,)),
    Row("linalg_matrix_norm_fro", lambda x: torch.linalg.matrix_norm(x),
        lambda x: np.linalg.norm(x, "fro", axis=(1, 2)), (B234,)),
    Row("linalg_matrix_norm_1", lambda x: torch.linalg.matrix_norm(x, 1),
        lambda x: np.linalg.norm(x, 1), (M34,)),
    Row("linalg_norm_inf", lambda x: torch.linalg.norm(x, float("inf")),
        lambda x: np.linalg.norm(x, np.inf), (M34,)),
    Row("einsum_mm", lambda a, b: torch.einsum("ij,jk->ik", a, b),
        lambda a, b: np.einsum("ij,jk->ik", a, b), (M23, M34)),
    Row("einsum_attention", lambda q, k: torch.einsum("bqd,bkd->bqk", q, k),
        lambda q, k: np.einsum("bqd,bkd->bqk", q, k), ((2, 3, 4), (2, 2, 4))),
    Row("einsum_ellipsis_broadcast", lambda a, b: torch.einsum("...ij,...jk->...ik", a, b),
        lambda a, b: np.einsum("...ij,...jk->...ik", a, b), ((2, 2, 3), (1, 3, 2))),
    Row("einsum_three", lambda a, b, c: torch.einsum("ij,jk,kl", a, b, c),
        lambda a, b, c: np.einsum("ij,jk,kl", a, b, c), (M23, M34, (4, 2))),
    Row("einsum_sum_transpose", lambda a: torch.einsum("ijk->kj", a),
        lambda a: np.einsum("ijk->kj", a), (B234,)),
    Row("einsum_outer", lambda a, b: torch.einsum("i,j->ij", a, b), np.outer, ((2,), (3,))),
    # addmm's bias: a row vector (F.linear's; its gradient is reduced inside the op), and
    # shapes the engine un-broadcasts
    Row("addmm-bias_1d", torch.addmm, lambda b, x, y: b + x @ y, ((4,), M23, M34)),
    Row("addmm-bias_1x4", torch.addmm, lambda b, x, y: b + x @ y, ((1, 4), M23, M34)),
    Row("addmm-bias_2x4", torch.addmm, lambda b, x, y: b + x @ y, ((2, 4), M23, M34)),
    Row("addmm-bias_0d", torch.addmm, lambda b, x, y: b + x @ y, ((), M23, M34)),
    Row("addmm-beta_alpha", lambda b, x, y: torch.addmm(b, x, y, beta=0.5, alpha=2.0),
        lambda b, x, y: 0.5 * b + 2.0 * (x @ y), ((4,), M23, M34)),
    Row("bmm", lambda a, b: a.bmm(b), np.matmul, ((2, 2, 3), (2, 3, 2))),
    Row("mv", torch.mv, np.matmul, (M23, (3,))),
    Row("dot", lambda a, b: a.dot(b), np.dot, ((3,), (3,))),
    # ---------------------------------------------------------------- shape
    Row("t", lambda x: x.t(), np.transpose, (M23,)),
    *unary("t", torch.t, lambda x: x, shapes=((3,), ())),
    Row("transpose", lambda x: x.transpose(0, 2), lambda x: x.swapaxes(0, 2), (B234,)),
    Row("transpose_neg", lambda x: torch.transpose(x, -1, -2), lambda x: x.swapaxes(1, 2),
        (B234,)),
    Row("permute", lambda x: x.permute(2, 0, 1), lambda x: x.transpose(2, 0, 1), (B234,)),
    Row("view", lambda x: x.view(3, 2), lambda x: x.reshape(3, 2), (M23,)),
    Row("view_infer", lambda x: x.view(-1, 6), lambda x: x.reshape(-1, 6), (B234,)),
    Row("view-0d", lambda x: x.view(1), lambda x: x.reshape(1), ((),)),
    Row("reshape", lambda x: x.reshape(4, -1), lambda x: x.reshape(4, -1), (B234,)),
    Row("reshape_noncontiguous", lambda x: x.t().reshape(-1), lambda x: x.T.reshape(-1),
        (M23,)),
    Row("reshape_fn-0d", lambda x: torch.reshape(x, (1, 1)), lambda x: x.reshape(1, 1), ((),)),
    Row("flatten", lambda x: x.flatten(), lambda x: x.reshape(-1), (B234,)),
    Row("flatten_start", lambda x: torch.flatten(x, 1), lambda x: x.reshape(2, 12), (B234,)),
    Row("flatten-0d", lambda x: x.flatten(), lambda x: x.reshape(1), ((),)),
    Row("squeeze", lambda x: x.squeeze(), np.squeeze, ((2, 1, 3, 1),)),
    Row("squeeze_dim", lambda x: torch.squeeze(x, 1), lambda x: x.squeeze(1), ((2, 1, 3, 1),)),
    Row("squeeze_dim_noop", lambda x: x.squeeze(0), lambda x: x, ((2, 1, 3, 1),)),
    Row("squeeze-0d", lambda x: x.squeeze(), lambda x: x, ((),)),
    Row("unsqueeze", lambda x: x.unsqueeze(0), lambda x: x[None], (M23,)),
    Row("unsqueeze_neg", lambda x: torch.unsqueeze(x, -1), lambda x: x[..., None], (M23,)),
    Row("unsqueeze-0d", lambda x: x.unsqueeze(0), lambda x: x[None], ((),)),
    Row("expand", lambda x: x.expand(2, 3, 4), lambda x: np.broadcast_to(x, B234), ((3, 1),)),
    Row("expand_keep", lambda x: x.expand(-1, 4), lambda x: np.broadcast_to(x, M34), ((3, 1),)),
    Row("expand-0d", lambda x: x.expand(2, 3), lambda x: np.broadcast_to(x, M23), ((),)),
    Row("cat", lambda a, b: torch.cat([a, b], 1), lambda a, b: np.concatenate([a, b], 1),
        (M23, (2, 2))),
    Row("cat_three", lambda a, b, c: torch.cat((a, b, c)),
        lambda a, b, c: np.concatenate([a, b, c]), (M23, (1, 3), M23)),
    Row("stack", lambda a, b: torch.stack([a, b]), lambda a, b: np.stack([a, b]), (M23, M23)),
    Row("stack_last", lambda a, b: torch.stack([a, b], -1),
        lambda a, b: np.stack([a, b], -1), (M23, M23)),
    Row("stack-0d", lambda a, b: torch.stack([a, b]), lambda a, b: np.stack([a, b]), ((), ())),
    Row("split", lambda x: x.split(2), lambda x: split_at(x, [2, 2, 1], 0), ((5, 3),)),
    Row("split_sizes", lambda x: torch.split(x, [1, 2], 1),
        lambda x: split_at(x, [1, 2], 1), (M23,)),
    Row("chunk", lambda x: x.chunk(2), lambda x: split_at(x, [3, 2], 0), ((5, 3),)),
    Row("chunk_uneven", lambda x: torch.chunk(x, 4, 1), lambda x: split_at(x, [2, 2, 2], 1),
        ((2, 6),)),
    Row("unbind", lambda x: x.unbind(), tuple, (M23,)),
    Row("unbind_dim", lambda x: torch.unbind(x, 1), lambda x: tuple(x.T), (M23,)),
    Row("unfold_overlapping", lambda x: x.unfold(1, 3, 1),
        lambda x: np.stack([x[:, i:i + 3] for i in range(2)], 1), (M34,)),
    Row("unfold_strided_dim0", lambda x: x.unfold(0, 2, 2),
        lambda x: np.moveaxis(x[:2][None], 1, -1), ((3, 2),)),
    Row("unsqueeze_inplace", lambda x: (x * 1).unsqueeze_(1), lambda x: x[:, None], (M23,)),
    Row("squeeze_inplace_dims", lambda x: (x * 1).squeeze_((0, 2)), lambda x: x[0, :, 0],
        ((1, 3, 1),)),
    Row("t_inplace", lambda x: (x * 1).t_(), lambda x: x.T, (M23,)),
    Row("transpose_inplace", lambda x: (x * 1).transpose_(0, 2), lambda x: x.swapaxes(0, 2),
        (B234,)),
    Row("roll", lambda x: x.roll(1, 1), lambda x: np.roll(x, 1, 1), (M34,)),
    Row("roll_flat", lambda x: torch.roll(x, -2), lambda x: np.roll(x, -2), (M34,)),
    Row("roll_dims", lambda x: x.roll((1, 2), (0, -1)), lambda x: np.roll(x, (1, 2), (0, 2)),
        (B234,)),
    Row("diagonal", lambda x: x.diagonal(), np.diagonal, (M34,)),
    Row("diagonal_offset_dims", lambda x: torch.diagonal(x, -1, 2, 0),
        lambda x: np.diagonal(x, -1, 2, 0), (B234,)),
    Row("trace", torch.trace, np.trace, (M34,)),
    Row("lerp_number", lambda a, b: a.lerp(b, 0.3), lambda a, b: a + 0.3 * (b - a), (M23, M23),
        "any"),
    Row("lerp_large_weight", lambda a, b: torch.lerp(a, b, 0.8),
        lambda a, b: b - (b - a) * 0.2, (M23, (3,)), "any"),
    Row("lerp_tensor", lambda a, b, w: a.lerp(b, w), lambda a, b, w: a + w * (b - a),
        (M23, M23, M23), ("any", "any", "pos")),
    Row("addcmul", lambda a, b, c: torch.addcmul(a, b, c, value=0.5),
        lambda a, b, c: a + 0.5 * b * c, (M23, M23, (3,)), "any"),
    Row("addcdiv", lambda a, b, c: a.addcdiv(b, c, value=2.0), lambda a, b, c: a + 2 * b / c,
        (M23, M23, M23), ("any", "any", "pos")),
    Row("nansum", lambda x: x.nansum(1), lambda x: np.nansum(x, 1), (M34,)),
    Row("nanmean", lambda x: torch.nanmean(x, 0, keepdim=True),
        lambda x: np.nanmean(x, 0, keepdims=True), (M34,)),
    Row("median_all", lambda x: x.median(), lambda x: np.sort(x, None)[(x.size - 1) // 2],
        (M34,), "any"),
    Row("median_dim", lambda x: x.median(1).values,
        lambda x: np.sort(x, 1)[:, (x.shape[1] - 1) // 2], (M34,), "any"),
    Row("repeat_interleave", lambda x: x.repeat_interleave(2, dim=1),
        lambda x: np.repeat(x, 2, 1), (M23,)),
    Row("repeat_interleave_tensor", lambda x: x.repeat_interleave(T(np.array([2, 0, 1]))),
        lambda x: np.repeat(x, [2, 0, 1]), ((3,),)),
    Row("remainder_number", lambda x: x % 0.7, lambda x: np.mod(x, 0.7), (M23,), "pos",
        gradgrad=False),
    Row("remainder_tensor", lambda x, y: torch.remainder(x, y), np.mod, (M23, (3,)),
        ("pos", "pos"), gradgrad=False),
    Row("fmod_tensor", lambda x, y: x.fmod(y), np.fmod, (M23, M23), ("nz", "pos"),
        gradgrad=False),
    Row("atan2", torch.atan2, np.arctan2, (M23, M23), "any"),
    Row("exp2", torch.exp2, np.exp2, (M23,), "any"),
    Row("cumprod", lambda x: x.cumprod(1), lambda x: np.cumprod(x, 1), (M34,), "any"),
    Row("cumprod_dim0", lambda x: torch.cumprod(x, 0), lambda x: np.cumprod(x, 0), (B234,),
        "any"),
    Row("diag_vector", lambda x: torch.diag(x, 1), lambda x: np.diag(x, 1), ((3,),)),
    Row("diag_matrix", lambda x: x.diag(-1), lambda x: np.diag(x, -1), (M34,)),
    Row("tril", lambda x: x.tril(), np.tril, (M34,)),
    Row("triu_batched", lambda x: torch.triu(x, 1), lambda x: np.triu(x, 1), (B234,)),
    Row("movedim", lambda x: x.movedim(0, 2), lambda x: np.moveaxis(x, 0, 2), (B234,)),
    Row("swapaxes", lambda x: torch.swapaxes(x, 0, -1), lambda x: np.swapaxes(x, 0, -1),
        (B234,)),
    Row("broadcast_to", lambda x: x.broadcast_to((2, 3, 4)),
        lambda x: np.broadcast_to(x, B234), ((3, 1),)),
    Row("tile", lambda x: x.tile((2, 1, 2)), lambda x: np.tile(x, (2, 1, 2)), (M23,)),
    Row("hstack", lambda a, b: torch.hstack([a, b]), lambda a, b: np.hstack([a, b]),
        (M23, (2, 1))),
    Row("vstack_1d", lambda a, b: torch.vstack([a, b]), lambda a, b: np.vstack([a, b]),
        ((3,), (3,))),
    Row("narrow", lambda x: x.narrow(1, 1, 2), lambda x: x[:, 1:3], (M34,)),
    Row("narrow_neg_start", lambda x: torch.narrow(x, 0, -2, 2), lambda x: x[-2:], (M34,)),
    # ---------------------------------------------------------------- indexing
    Row("gather", lambda x: x.gather(1, T(GATHER_INDEX)),
        lambda x: np.take_along_axis(x[:2], GATHER_INDEX, 1), (M34,)),
    Row("gather_dim0", lambda x: torch.gather(x, 0, T(GATHER_INDEX[:, :3])),
        lambda x: np.take_along_axis(x[:, :3], GATHER_INDEX[:, :3], 0), (M34,)),
    Row("masked_fill", lambda x: x.masked_fill(T(MASK), 0.5),
        lambda x: np.where(MASK, 0.5, x), (M23,)),
    Row("masked_fill_broadcast", lambda x: torch.masked_fill(x, T(ROW_MASK), -2.0),
        lambda x: np.where(ROW_MASK, -2.0, x), (M23,)),
    Row("masked_fill_tensor_value", lambda x, v: x.masked_fill(T(MASK), v),
        lambda x, v: np.where(MASK, v, x), (M23, ())),
    # (distinct positions: which of two writes to one place wins is unspecified, in PyTorch too)
    Row("scatter", lambda x, src: x.scatter(1, T(SCATTER_INDEX), src),
        lambda x, src: _scattered(x, 1, SCATTER_INDEX, src), (M34, M23)),
    Row("scatter_value", lambda x: x.scatter(1, T(SCATTER_INDEX), 2.5),
        lambda x: _scattered(x, 1, SCATTER_INDEX, np.full(M23, 2.5)), (M34,)),
    Row("scatter_add", lambda x, src: x.scatter_add(1, T(GATHER_INDEX), src),
        lambda x, src: _scattered(x, 1, GATHER_INDEX, src, add=True), (M34, (2, 4))),
    Row("index_add", lambda x, src: x.index_add(0, T(np.array([2, 0, 2])), src, alpha=0.5),
        lambda x, src: _index_added(x, [2, 0, 2], 0.5 * src), (M34, M34)),
    Row("index_copy", lambda x, src: x.index_copy(1, T(np.array([3, 0])), src),
        lambda x, src: _index_copied(x, [3, 0], src), (M34, (3, 2))),
    Row("index_fill", lambda x: x.index_fill(1, T(np.array([1, 3])), -1.5),
        lambda x: _index_copied(x, [1, 3], np.full((3, 2), -1.5)), (M34,)),
    Row("take", lambda x: x.take(T(np.array([[0, 5], [11, 5]]))),
        lambda x: x.reshape(-1)[np.array([[0, 5], [11, 5]])], (M34,)),
    Row("masked_select", lambda x: x.masked_select(T(ROW_MASK)),
        lambda x: np.broadcast_to(x, M23)[np.broadcast_to(ROW_MASK, M23)], (M23,)),
    Row("index_int", lambda x: x[1], lambda x: x[1], (M34,)),
    Row("index_int_neg", lambda x: x[-1, 2], lambda x: x[-1, 2], (M34,)),
    Row("index_slice", lambda x: x[1:3], lambda x: x[1:3], (M34,)),
    Row("index_slice_step", lambda x: x[:, ::2], lambda x: x[:, ::2], (M34,)),
    Row("index_none", lambda x: x[None], lambda x: x[None], (M34,)),
    Row("index_ellipsis", lambda x: x[..., 1], lambda x: x[..., 1], (B234,)),
    Row("index_none_ellipsis", lambda x: x[None, ..., None], lambda x: x[None, ..., None],
        (M34,)),
    Row("index_int_list", lambda x: x[[0, 2, 0]], lambda x: x[[0, 2, 0]], (M34,)),
    Row("index_int_tensor", lambda x: x[:, T([3, 1, 1])], lambda x: x[:, [3, 1, 1]], (M34,)),
    Row("index_bool_mask", lambda x: x[T(MASK)], lambda x: x[MASK], (M23,)),
    Row("index_bool_rows", lambda x: x[T(ROW_MASK)], lambda x: x[ROW_MASK], (M34,)),
    Row("index_two_lists", lambda x: x[[0, 1], [1, 3]], lambda x: x[[0, 1], [1, 3]], (M34,)),
    # PyTorch applies an int index first; NumPy would move the advanced dims to the front
    Row("index_mixed", lambda x: x[1, None, 1:, [0, 2]], lambda x: x[1][None, 1:, [0, 2]],
        (B234,)),
    Row("index_mixed_ellipsis", lambda x: x[..., None, 1:], lambda x: x[..., None, 1:],
        (B234,)),
    Row("index-0d", lambda x: x[None, ...], lambda x: x[None, ...], ((),)),
    Row("index_ellipsis-0d", lambda x: x[...], lambda x: x, ((),)),
    # ---------------------------------------------------------------- copies and casts
    *unary("clone", lambda x: x.clone(), np.copy),
    *unary("to_float64", lambda x: x.to(torch.float64), lambda x: x, out_dtype=np.float64),
    *unary("double", lambda x: x.double() * 2, lambda x: x * 2, out_dtype=np.float64),
]

TORCH_DTYPES = {np.dtype(np.float32): torch.float32, np.dtype(np.float64): torch.float64,
                np.dtype(np.int64): torch.int64}


def _as_list(value):
    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, (np.ndarray, np.generic)):
        return [np.asarray(value)]
    return list(value)


def make_inputs(row):
    rng = np.random.default_rng(0)
    domains = row.domain if isinstance(row.domain, tuple) else (row.domain,) * len(row.shapes)
    return [np.asarray(SAMPLERS[d](rng, s), dtype=np.float64) for d, s in zip(domains, row.shapes)]


@pytest.mark.parametrize("row", TABLE, ids=lambda row: row.name)
def test_op(row):
    inputs = make_inputs(row)
    # (1) forward against NumPy in both float dtypes; gradients come back in the input's dtype
    for dtype, rtol, atol in ((np.float32, 1e-5, 1e-6), (np.float64, 1e-10, 1e-12)):
        arrays = [x.astype(dtype) for x in inputs]
        tensors = [torch.tensor(a, requires_grad=True) for a in arrays]
        outs = _as_list(row.fn(*tensors))
        refs = _as_list(row.ref(*[a.astype(np.float64) for a in arrays]))
        assert len(outs) == len(refs)
        for out, ref in zip(outs, refs):
            expected = np.dtype(row.out_dtype or dtype) if ref.dtype.kind == "f" else ref.dtype
            assert out.dtype == TORCH_DTYPES[expected]
            assert tuple(out.shape) == ref.shape
            np.testing.assert_allclose(out.detach().numpy(), ref, rtol=rtol, atol=atol)
        total = sum(out.sum() for out in outs if out.requires_grad)
        grads = torch.autograd.grad(total, tensors)
        assert [(g.dtype, g.shape) for g in grads] == [(t.dtype, t.shape) for t in tensors]
    # (2), (3) gradients against finite differences, in float64
    tensors = tuple(torch.tensor(x, requires_grad=True) for x in inputs)
    assert gradcheck(row.fn, tensors)
    if row.gradgrad:
        assert gradgradcheck(row.fn, tensors)


# PyTorch's promotion results (each checked against torch 2.13 when written): the op on
# int64 ``i`` and bool ``b`` tensors, its value computed by NumPy, the result dtype.
PROMOTION = [
    ("int64*float_scalar", lambda i, b: i * 0.5, lambda i, b: i * 0.5, torch.float32),
    ("int64+float64_0d", lambda i, b: i + T(1.5, dtype=torch.float64), lambda i, b: i + 1.5,
     torch.float64),
    ("int32+float64_0d", lambda i, b: i.int() + T(1.5, dtype=torch.float64),
     lambda i, b: i + 1.5, torch.float64),
    ("float32+float64_0d", lambda i, b: i.float() + T(1.5, dtype=torch.float64),
     lambda i, b: i + 1.5, torch.float32),
    ("float32*float64", lambda i, b: i.float() * i.double(), lambda i, b: i * i, torch.float64),
    ("bool+int_scalar", lambda i, b: b + 1, lambda i, b: b + 1, torch.int64),
    ("bool+int64", lambda i, b: b + i, lambda i, b: b + i, torch.int64),
    ("bool+float_scalar", lambda i, b: b + 2.5, lambda i, b: b + 2.5, torch.float32),
    ("bool*bool", lambda i, b: b * b, lambda i, b: b * b, torch.bool),
    ("int64/int64", lambda i, b: i / i, lambda i, b: i / i, torch.float32),
    ("int64/int_scalar", lambda i, b: i / 2, lambda i, b: i / 2, torch.float32),
    ("int64**float_scalar", lambda i, b: i ** 0.5, lambda i, b: i ** 0.5, torch.float32),
    ("float_scalar**int64", lambda i, b: 2.5 ** i, lambda i, b: 2.5 ** i, torch.float32),
    ("int64**int_scalar", lambda i, b: i ** 2, lambda i, b: i ** 2, torch.int64),
    ("int32*int_scalar", lambda i, b: i.int() * 3, lambda i, b: i * 3, torch.int32),
    ("int32+int64_0d", lambda i, b: i.int() + T(5), lambda i, b: i + 5, torch.int32),
    ("uint8+int64_0d", lambda i, b: i.to(torch.uint8) + T(3), lambda i, b: i + 3, torch.uint8),
    ("uint8+int8", lambda i, b: i.to(torch.uint8) + i.to(torch.int8), lambda i, b: i + i,
     torch.int16),
    ("int32/int64", lambda i, b: i.int() / i, lambda i, b: i / i, torch.float32),
    ("clamp_int64_float_bound", lambda i, b: i.clamp(min=1.5), lambda i, b: np.maximum(i, 1.5),
     torch.float32),
    ("clamp_float32_float64_bound", lambda i, b: i.float().clamp(max=i.double()),
     lambda i, b: i, torch.float64),
    ("where_float_scalars", lambda i, b: torch.where(b, 1.0, 0), lambda i, b: b * 1.0,
     torch.float32),
    ("where_int_scalars", lambda i, b: torch.where(b, 1, 0), lambda i, b: b * 1, torch.int64),
]


@pytest.mark.parametrize("fn, ref, expected", [p[1:] for p in PROMOTION],
                         ids=[p[0] for p in PROMOTION])
def test_promotion(fn, ref, expected):
    ints, bools = np.array([1, 2, 3]), np.array([True, False, True])
    out = fn(T(ints), T(bools))
    assert out.dtype == expected
    np.testing.assert_allclose(out.numpy(), ref(ints, bools), rtol=1e-6)


def test_logcumsumexp_refuses_create_graph_instead_of_a_wrong_second_derivative():
    a = np.array([1.0, 3.0, -2.0])
    running = np.logaddexp.accumulate(a)
    expected = [sum(np.exp(a[j] - running[i]) for i in range(j, 3)) for j in range(3)]
    x = torch.tensor([a.tolist()], requires_grad=True)
    (g,) = torch.autograd.grad(x.logcumsumexp(1).sum(), x)  # first order: fine
    assert np.allclose(g.numpy(), [expected])
    with pytest.raises(NotImplementedError, match="create_graph=True through logcumsumexp"):
        torch.autograd.grad(x.logcumsumexp(1).sum(), x, create_graph=True)
