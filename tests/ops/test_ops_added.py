"""The differentiable ops added for the fuzzer's missing-op tasks, from one table as in
test_ops.py: forward against NumPy where NumPy (or Python's math) has the function, and
gradcheck / gradgradcheck in float64 for every row. Values against PyTorch, node names and
errors: test_added_ops_recorded.py."""
import math

import numpy as np
import pytest

import hookgrad as torch
from hookgrad.autograd import gradcheck, gradgradcheck
from tests.ops.test_ops import M23, M34, Row, binary, unary
from tests.ops.test_ops import test_op as check_op  # (not collected again here)

T = torch.tensor
F = torch.nn.functional
INDEX = np.array([[0, 1, 1, 2], [2, 2, 0, 0]])


def _vectorized(fn):
    return np.vectorize(fn, otypes=[float])


def _erfinv(y):
    """Bisection on math.erf (a slow, simple reference)."""
    low, high = -6.0, 6.0
    for _ in range(200):
        middle = (low + high) / 2
        low, high = (middle, high) if math.erf(middle) < y else (low, middle)
    return (low + high) / 2


def _cross(a, b):
    return np.cross(a, b, axis=-1)


def _scatter_reduce(x, src, reduce):
    out = x.copy()
    ufunc = {"sum": np.add, "prod": np.multiply, "amax": np.maximum, "amin": np.minimum}[reduce]
    for i in range(INDEX.shape[0]):
        for j in range(INDEX.shape[1]):
            out[i, INDEX[i, j]] = ufunc(out[i, INDEX[i, j]], src[i, j])
    return out


def _kthvalue(x, k):
    return np.sort(x, 1)[:, k - 1]


TABLE = [
    # ---------------------------------------------------------------- special functions
    *unary("erfc", torch.erfc, _vectorized(math.erfc), domain="any"),
    *unary("erfinv", torch.erfinv, _vectorized(_erfinv), domain="unit"),
    *unary("lgamma", torch.lgamma, _vectorized(math.lgamma), domain="pos"),
    *unary("lgamma_negative", lambda x: (x - 3).lgamma(), _vectorized(lambda v: math.lgamma(v - 3)),
           domain="unit"),
    *unary("i0", torch.i0, np.i0, domain="any"),
    Row("mvlgamma", lambda x: torch.mvlgamma(x + 2, 3),
        _vectorized(lambda v: sum(math.lgamma(v + 2 - j / 2) for j in range(3))
                    + 3 * 2 / 4 * math.log(math.pi)), (M23,), "pos"),
    # (non-negative integer exponents: below 0 PyTorch's gradient is an integer power, 0;
    # tests/parity/n2_nextafter_ldexp_grads.py pins that)
    Row("ldexp", lambda x: torch.ldexp(x, T([1, 0, 3])), lambda x: x * 2.0 ** np.array([1, 0, 3]),
        (M23,), "any"),
    Row("ldexp_float_exponent", torch.ldexp, lambda x, e: x * 2.0 ** e, (M23, M23), "any"),
    *binary("logaddexp2", torch.logaddexp2, np.logaddexp2, domain="any"),
    Row("float_power", lambda x: torch.float_power(x, 3), lambda x: x ** 3, (M23,), "any",
        out_dtype=np.float64),
    Row("float_power_tensor", torch.float_power, np.power, (M23, M23), "pos",
        out_dtype=np.float64),
    # ---------------------------------------------------------------- shapes and products
    Row("select", lambda x: x.select(1, -1), lambda x: x[:, -1], (M34,)),
    Row("tensor_split", lambda x: x.tensor_split([1, 3], 1),
        lambda x: (x[:, :1], x[:, 1:3], x[:, 3:]), (M34,)),
    Row("rot90", lambda x: x.rot90(1, [0, 1]), lambda x: np.rot90(x, 1, (0, 1)), (M34,)),
    Row("rot90_k3", lambda x: torch.rot90(x, 3, [1, 0]), lambda x: np.rot90(x, 3, (1, 0)),
        (M34,)),
    Row("as_strided", lambda x: x.as_strided((2, 2), (1, 3), 1),
        lambda x: np.lib.stride_tricks.as_strided(x.reshape(-1)[1:], (2, 2), (8, 24)), (M34,)),
    Row("as_strided_overlapping", lambda x: x.as_strided((3, 2), (1, 1)),
        lambda x: np.stack([x.reshape(-1)[i:i + 2] for i in range(3)]), (M34,)),
    Row("diag_embed", lambda x: torch.diag_embed(x, 1, 0, 2),
        lambda x: np.stack([np.diag(r, 1) for r in x], 1), (M23,)),
    Row("block_diag", torch.block_diag,
        lambda a, b: np.block([[a, np.zeros((2, 4))], [np.zeros((3, 3)), b]]), (M23, M34)),
    Row("cartesian_prod", torch.cartesian_prod,
        lambda a, b: np.array([[u, v] for u in a for v in b]), ((2,), (3,))),
    Row("kron", torch.kron, np.kron, (M23, (2, 2))),
    Row("cross", lambda a, b: torch.cross(a, b, dim=1), _cross, ((4, 3), (4, 3))),
    Row("linalg_cross_broadcast", torch.linalg.cross, _cross, ((4, 3), (1, 3))),
    Row("inner", torch.inner, np.inner, (M23, (4, 3))),
    Row("tensordot", lambda a, b: torch.tensordot(a, b, ([0], [1])),
        lambda a, b: np.tensordot(a, b, ([0], [1])), (M23, (4, 2))),
    Row("vdot", torch.vdot, np.vdot, ((3,), (3,))),
    Row("addmv", lambda i, m, v: torch.addmv(i, m, v, beta=0.5, alpha=2),
        lambda i, m, v: 0.5 * i + 2 * m @ v, ((2,), M23, (3,))),
    Row("addr", lambda i, a, b: torch.addr(i, a, b, alpha=-1), lambda i, a, b: i - np.outer(a, b),
        (M23, (2,), (3,))),
    Row("baddbmm", lambda i, a, b: torch.baddbmm(i, a, b, beta=2),
        lambda i, a, b: 2 * i + a @ b, ((2, 1), (3, 2, 4), (3, 4, 2))),
    Row("addbmm", torch.addbmm, lambda i, a, b: i + (a @ b).sum(0), ((2, 2), (3, 2, 4), (3, 4, 2))),
    Row("det", torch.linalg.det, np.linalg.det, ((3, 3),)),
    Row("det_batched", torch.det, np.linalg.det, ((2, 2, 2),)),
    Row("inv", torch.linalg.inv, np.linalg.inv, ((3, 3),), "pos"),
    Row("cdist", torch.cdist, lambda a, b: np.sqrt(((a[:, None] - b[None]) ** 2).sum(-1)),
        ((3, 2), (4, 2)), gradgrad=False),  # PyTorch does not differentiate its gradient
    Row("cdist_p1", lambda a, b: torch.cdist(a, b, p=1),
        lambda a, b: np.abs(a[:, None] - b[None]).sum(-1), ((3, 2), (4, 2)), gradgrad=False),
    # ---------------------------------------------------------------- order statistics
    Row("kthvalue", lambda x: x.kthvalue(2, 1).values, lambda x: _kthvalue(x, 2), (M34,), "any"),
    Row("mode", lambda x: (x.round() * 0 + x).mode(1).values,
        lambda x: np.sort(x, 1)[:, 0], (M34,), "any"),
    Row("nanmedian", lambda x: x.nanmedian(0).values,
        lambda x: np.sort(x, 0)[1], (M34,), "any"),
    Row("quantile", lambda x: x.quantile(0.4, dim=1), lambda x: np.quantile(x, 0.4, axis=1),
        (M34,), "any"),
    Row("quantile_vector", lambda x: x.quantile(T([0.25, 0.9], dtype=x.dtype), dim=0),
        lambda x: np.quantile(x, [0.25, 0.9], axis=0), (M34,), "any"),
    Row("nanquantile_all", lambda x: x.nanquantile(0.3), lambda x: np.quantile(x, 0.3), (M34,),
        "any"),
    # ---------------------------------------------------------------- indexing
    *[Row(f"scatter_reduce_{reduce}",
          lambda x, s, r=reduce: x.scatter_reduce(1, T(INDEX), s, r),
          lambda x, s, r=reduce: _scatter_reduce(x, s, r), (M34, (2, 4)))
      for reduce in ("sum", "prod", "amax", "amin")],
    Row("scatter_reduce_mean_excluding_self",
        lambda x, s: x.scatter_reduce(1, T(INDEX), s, "mean", include_self=False),
        lambda x, s: np.array([[s[0, 0], s[0, 1:3].mean(), s[0, 3], x[0, 3]],
                               [s[1, 2:].mean(), x[1, 1], s[1, :2].mean(), x[1, 3]], x[2]]),
        (M34, (2, 4))),
    Row("index_put_accumulate", lambda x, v: x.index_put((T([1, 1, 0]),), v, accumulate=True),
        lambda x, v: x + np.array([v[2], v[0] + v[1], np.zeros(4)]), (M34, (3, 4))),
    Row("masked_scatter", lambda x, s: x.masked_scatter(T([[True, False, True, False]] * 3), s),
        lambda x, s: np.where([[True, False, True, False]] * 3,
                              np.repeat(s.reshape(-1)[:6].reshape(3, 2), 2, 1), x),
        (M34, (2, 4))),
    Row("take_along_dim", lambda x: torch.take_along_dim(x, T([[3], [0], [1]]), 1),
        lambda x: np.take_along_axis(x, np.array([[3], [0], [1]]), 1), (M34,)),
    # ---------------------------------------------------------------- nn
    Row("pixel_shuffle", lambda x: F.pixel_shuffle(x, 2),
        lambda x: x.reshape(1, 1, 2, 2, 2, 3).transpose(0, 1, 4, 2, 5, 3).reshape(1, 1, 4, 6),
        ((1, 4, 2, 3),)),
    Row("pixel_unshuffle", lambda x: F.pixel_unshuffle(x, 2),
        lambda x: x.reshape(1, 1, 2, 2, 3, 2).transpose(0, 1, 3, 5, 2, 4).reshape(1, 4, 2, 3),
        ((1, 1, 4, 6),)),
    Row("unfold_fold", lambda x: F.fold(F.unfold(x, 2, padding=1), (3, 4), 2, padding=1),
        lambda x: x * np.array([[4, 4, 4, 4]] * 3), ((1, 2, 3, 4),)),
    Row("interpolate_bicubic", lambda x: F.interpolate(x, scale_factor=2, mode="bicubic"),
        None, ((1, 1, 3, 3),), "any"),
    Row("interpolate_trilinear", lambda x: F.interpolate(x, size=(3, 2, 4), mode="trilinear"),
        None, ((1, 1, 2, 3, 3),), "any"),
    Row("interpolate_area_3d", lambda x: F.interpolate(x, size=(1, 2, 2), mode="area"),
        lambda x: x.reshape(1, 1, 2, 2, 2, 2, 2).mean((2, 4, 6))[:, :, None], ((1, 1, 2, 4, 4),),
        "any"),
    Row("interpolate_antialias", lambda x: F.interpolate(x, size=(2, 3), mode="bilinear",
                                                         antialias=True), None,
        ((1, 1, 5, 7),), "any"),
    Row("einsum_diagonal", lambda x: torch.einsum("ii->i", x), np.diagonal, ((3, 3),)),
    Row("einsum_trace_product", lambda x, y: torch.einsum("ij,jj->i", x, y),
        lambda x, y: x @ np.diagonal(y), ((2, 3), (3, 3))),
    Row("multilabel_margin_loss",
        lambda x: F.multilabel_margin_loss(x, T([[3, 0, -1, 1], [1, 2, 3, -1], [0, -1, 2, 2]])),
        None, (M34,), "any", gradgrad=False),
]
# (no NumPy reference: the values are checked against PyTorch's in the recorded cases)
_GRADIENTS_ONLY = [row for row in TABLE if row.ref is None]


@pytest.mark.parametrize("row", [row for row in TABLE if row.ref is not None],
                         ids=lambda row: row.name)
def test_added_op(row):
    check_op(row)


@pytest.mark.parametrize("row", _GRADIENTS_ONLY, ids=lambda row: row.name)
def test_added_op_gradients(row):
    rng = np.random.default_rng(0)
    inputs = [torch.tensor(rng.standard_normal(shape), requires_grad=True)
              for shape in row.shapes]
    assert gradcheck(row.fn, tuple(inputs))
    if row.gradgrad:
        assert gradgradcheck(row.fn, tuple(inputs))


def test_digamma_and_polygamma_are_lgamma_derivatives():
    """digamma and polygamma(n) are the derivatives of lgamma and each other: check them by
    gradcheck of the chain, and their values by finite differences of math.lgamma."""
    x = torch.tensor([0.6, 1.5, 3.2, -0.4, -2.7], dtype=torch.float64, requires_grad=True)
    for fn in (torch.lgamma, torch.digamma, lambda t: torch.polygamma(1, t),
               lambda t: t.polygamma(3)):
        assert gradcheck(fn, (x,))
        assert gradgradcheck(fn, (x,))
    h = 1e-5
    numeric = [(math.lgamma(v + h) - math.lgamma(v - h)) / (2 * h) for v in x.tolist()]
    np.testing.assert_allclose(torch.digamma(x.detach()).numpy(), numeric, rtol=1e-7)


def test_in_place_forms_write_into_the_tensor_and_bump_its_version():
    base = torch.tensor([[0.5, -1.5], [2.0, 0.25]], requires_grad=True)
    for name, args in (("floor_", ()), ("clamp_min_", (0.3,)), ("erfc_", ()), ("lt_", (1.0,)),
                       ("tril_", ()), ("index_put_", ((T([0]),), T(9.0))),
                       ("scatter_reduce_", (1, T([[0, 0], [1, 1]]), T([[1., 2.], [3., 4.]]),
                                            "amax"))):
        x = base * 1
        view = x[0]
        version = x._version
        result = getattr(x, name)(*args)
        assert result is x and x._version > version, name
        expected = getattr(base.detach() * 1, name.rstrip("_"))(*args)
        np.testing.assert_allclose(view.detach().numpy(), expected[0].numpy(), err_msg=name)
