"""The ops, in-place forms and arguments added for the fuzzer's missing-op tasks (T15-T18),
as cases run under PyTorch (tools/record/added_ops.py records their results into
tests/recorded/added_ops.json) and hookgrad (test_added_ops_recorded.py compares): the value,
dtype, shape, node name and requires_grad of every output, the gradients of a weighted sum
of the floating outputs, or the exception's type and message."""
import numpy as np


def _t(values, requires_grad=True, dtype="float32"):
    return (values, dtype, requires_grad)


def _grid(seed, shape):
    return np.round(np.random.default_rng(seed).standard_normal(shape), 2).tolist()


A = {"x": _t([[0.5, -1.25, 2.0], [1.5, 0.25, -0.75]])}
P = {"x": _t([[0.5, 1.25, 2.0], [1.5, 0.25, 3.75]])}
U = {"x": _t([[0.5, -0.25, 0.9], [0.1, -0.95, 0.0]])}
INT = {"x": _t([[1, 2, 3], [4, 5, 6]], False, "int64")}
INTS = {"x": _t([[1, -2, 3], [4, 0, 6]], False, "int64"),
        "o": _t([[1.5, 0.5, -2.0], [0.25, 1.0, 2.0]], False)}
PAIR = {"x": _t([[0.5, -0.25, 0.75], [0.1, -0.9, 0.3]]),
        "o": _t([[1.5, 0.5, -2.0], [0.25, 1.0, 2.0]])}
BOOL = {"x": _t([[True, False, True]], False, "bool")}
MAT = {"x": _t([[0.5, -1.25, 2.0], [1.5, 0.25, -0.75]]),
       "y": _t([[1.0, 0.5], [-0.5, 2.0], [0.25, 1.5]])}
VEC = {"v": _t([0.5, -1.0, 2.0]), "w": _t([1.5, 0.25, -0.5]),
       "m": _t([[1.0, 2.0, 0.5], [0.0, -1.0, 1.0]])}
SQUARE = {"a": _t([[2.0, 1.0], [0.5, 3.0]]), "s": _t([[1.0, 2.0], [2.0, 4.0]]),
          "b": _t([[[1.0, 2.0], [3.0, 4.0]], [[2.0, 0.0], [1.0, 1.0]]])}
BATCH = {"i": _t([[1.0, 2.0], [0.5, -1.0]]),
         "b1": _t([[[1.0, 2.0, 0.5], [0.0, 1.0, -1.0]], [[0.5, 0.5, 1.0], [2.0, 1.0, 0.0]]]),
         "b2": _t([[[1.0, 0.0], [0.5, 1.0], [2.0, -1.0]], [[1.0, 1.0], [0.0, 1.0], [0.5, 0.5]]])}
DISTINCT = {"x": _t([[0.5, -1.25, 2.0, 0.75], [1.5, 0.25, -0.75, 0.125], [1.0, 3.5, -2.0, 3.0]])}
NANS = {"x": _t([[0.5, float("nan"), 2.0, 0.75], [float("nan")] * 4, [1.0, 3.5, -2.0, 3.0]])}
MODES = {"x": _t([[1., 2., 2., 3., 3., 0.], [5., 5., 5., 1., 1., 1.]])}
ROWS = {"x": _t([[1., 2.], [1., 2.], [0., 5.]])}
SCATTER = {"x": _t([[1., 0., 3.], [2., 5., -1.]]), "s": _t([[2., 0., 0.], [4., 1., 3.]])}
IMAGE = {"x": _t(_grid(0, (2, 4, 3, 3)))}
COLUMNS = {"y": _t(_grid(0, (2, 8, 6)))}
LABELS = {"t": _t([[0.1, 0.2, 0.4, 0.8], [0.3, -0.2, 0.5, 0.1]]),
          "g": _t([[3, 0, -1, 1], [1, 2, 3, -1]], False, "int64")}
SIGNAL = {"x": _t(_grid(1, (1, 2, 5)))}
PICTURE = {"x": _t(_grid(1, (1, 2, 3, 4)))}
VOLUME = {"x": _t(_grid(1, (1, 1, 2, 3, 3)))}
WIDE = {"x": _t(_grid(2, (1, 2, 7, 9)))}
EINSUM = {"x": _t(_grid(3, (3, 3))), "y": _t(_grid(3, (3, 3, 3))), "v": _t([0.5, -1.0, 2.0])}
SCAN = {"x": _t([[1., 3., -2.], [0.5, float("-inf"), 4.]])}

SPECIAL = [
    (A, "x.erfc()"), (A, "T.erfc(x)"), (U, "x.erfinv()"), (P, "x.lgamma()"), (P, "x.digamma()"),
    (P, "T.polygamma(1, x)"), (P, "x.polygamma(2)"), (P, "T.mvlgamma(x + 2, 3)"), (A, "x.i0()"),
    (INT, "x.erfc()"), (INT, "x.lgamma()"), (INT, "x.i0()"), (INT, "x.digamma()"),
    (A, "T.special.i1(x)"), (A, "T.special.gammaln(x + 3)"), (A, "T.special.psi(x + 3)"),
    (A, "T.special.multigammaln(x + 3, 2)"), (A, "T.special.expit(x)"),
    (P, "T.polygamma(-1, x)"), (P, "T.mvlgamma(x, 0)"), (P, "T.mvlgamma(x, 2)"),
    ({"x": _t([0., -0., -1., -2.5, 1e-8, 30., float("inf"), float("-inf"), float("nan")])},
     "(x.lgamma(), x.digamma(), T.polygamma(1, x), T.polygamma(3, x), x.i0(), x.erfc())"),
    ({"x": _t([-1., 1., 1.5, 0., -0.999, 0.9999999, float("nan")])}, "x.erfinv()"),
]
POWERS = [
    (A, "T.float_power(x, 2)"), (A, "x.float_power(x)"), (A, "T.float_power(2, x)"),
    (INT, "T.float_power(x, 0.5)"), (A, "T.ldexp(x, T.tensor([1, 2, 3]))"),
    (A, "x.logaddexp2(x * 2)"), (A, "T.nextafter(x, T.zeros(3))"), (A, "x.angle()"),
    (INT, "x.angle()"), (A, "T.isposinf(x / 0)"), (A, "x.isneginf()"),
    (INT, "T.gcd(x, T.tensor(4))"), (INT, "x.lcm(T.tensor([2, 3, 4]))"), (A, "T.gcd(x, x)"),
    (INT, "x << 2"), (INT, "x >> 1"), (INT, "T.bitwise_left_shift(x, T.tensor([1, 70, -1]))"),
    (INT, "T.bitwise_right_shift(-x, T.tensor([1, 70, -1]))"), (INT, "2 << x"),
    (INT, "x.clone().__ilshift__(1)"), (A, "x << 1"), (A, "x.heaviside(T.tensor(0.5))"),
    (A, "T.heaviside(x, 0.5)"), (INT, "T.heaviside(x, T.tensor(7))"),
    (A, "T.heaviside(x, T.tensor(0.5, dtype=T.float64))"), (A, "T.logaddexp2(x, 1.)"),
    (INT, "T.logaddexp2(x, x)"),
]
SHAPES = [
    (A, "x.select(1, -1)"), (A, "T.select(x, 0, 2)"), (A, "x.select(2, 0)"),
    (A, "x.tensor_split(2, dim=1)"), (A, "x.tensor_split([1, 5], 1)"),
    (A, "T.tensor_split(x, T.tensor([1]))"), (A, "x.tensor_split(0)"),
    (A, "x.tensor_split(T.tensor([1.5]))"), (A, "x.split_with_sizes([1, 2], 1)"),
    (A, "T.atleast_1d(x.sum())"), (A, "T.atleast_2d(x[0])"), (A, "T.atleast_3d(x)"),
    (A, "T.atleast_3d(x[0], x)"), (A, "T.atleast_2d([x.sum(), x])"), (A, "x.ravel()"),
    (A, "x.rot90()"), (A, "T.rot90(x, -1, [1, 0])"), (A, "x.rot90(2)"), (A, "x.rot90(1, [0, 0])"),
    (A, "x[0].rot90()"), (A, "T.column_stack([x[0], x[1]])"), (A, "T.dstack([x, x])"),
    (A, "T.concatenate([x, x], axis=1)"), (A, "T.diag_embed(x)"),
    (A, "T.diag_embed(x, 1, 0, 2)"), (A, "T.block_diag(x, x[0], x.sum())"),
    (A, "T.cartesian_prod(x[0], x[1])"), (A, "T.cartesian_prod(x, x)"),
    (A, "T.unflatten(x, 1, (3, 1))"), (A, "x.as_strided((2, 2), (1, 2))"),
    (A, "x.as_strided((2, 2), (1, 2), 1)"), (A, "x[1].as_strided((3,), (2,), 1)"),
    (A, "x.t().as_strided((2, 3), (1, 3))"), (A, "x.as_strided((4, 4), (4, 1))"),
    (A, "x.expand(2, 2, 3).as_strided((3,), (1,))"), (A, "x.as_strided((2,), (-1,))"),
]
PRODUCTS = [
    (MAT, "T.kron(x, y)"), (VEC, "T.kron(v, w)"), (MAT, "T.kron(x.sum(), y)"),
    (MAT, "x.inner(y.t())"), (VEC, "T.inner(v, w)"), (MAT, "T.tensordot(x, y, 1)"),
    (MAT, "T.tensordot(x, y, ([1], [0]))"), (MAT, "T.tensordot(x, y, 0)"),
    (MAT, "T.tensordot(x, y, 3)"), (VEC, "T.vdot(v, w)"), (VEC, "T.vdot(m, m)"),
    (VEC, "T.cross(v, w, dim=0)"), (VEC, "T.linalg.cross(m, v)"),
    (VEC, "T.linalg.cross(m[:, :2], m[:, :2])"), (VEC, "T.addmv(v[:2], m, w)"),
    (VEC, "T.addmv(v[:1], m, w, beta=0.5, alpha=2)"), (VEC, "T.addr(m, v[:2], w)"),
    (VEC, "T.addr(m, v[:2], w, beta=0, alpha=2)"), (BATCH, "T.baddbmm(i, b1, b2)"),
    (BATCH, "T.addbmm(i, b1, b2, alpha=0.5)"), (BATCH, "i.addbmm(b1, b2)"),
    (BATCH, "(i * 1).addbmm_(b1, b2)"), (BATCH, "(i * 1).addmv_(i, i[0])"),
    (BATCH, "T.addbmm(i, b1, b2[:1])"),
    (SQUARE, "T.linalg.det(a)"), (SQUARE, "a.det()"), (SQUARE, "T.linalg.det(s)"),
    (SQUARE, "T.linalg.det(b)"), (SQUARE, "T.linalg.inv(a)"), (SQUARE, "T.inverse(b)"),
    (SQUARE, "T.linalg.inv(s)"), (SQUARE, "T.linalg.det(a[:1])"),
    (MAT, "T.cdist(x, y.t())"), (MAT, "T.cdist(x, y.t(), p=1)"), (MAT, "T.cdist(x, y.t(), p=0)"),
    (MAT, "T.cdist(x, y.t(), p=float('inf'))"), (MAT, "T.cdist(x, y.t(), p=3)"),
    (MAT, "T.cdist(x, x)"), (MAT, "T.cdist(x[None], y.t()[None])"), (MAT, "T.cdist(x, y)"),
]
ORDER = [
    (MODES, "x.mode()"), (MODES, "x.mode(0)"), (MODES, "T.mode(x, 1, True)"),
    (DISTINCT, "x.kthvalue(2)"), (DISTINCT, "x.kthvalue(3, 0, True)"), (DISTINCT, "x.kthvalue(5)"),
    (NANS, "x.nanmedian()"), (NANS, "x[0].nanmedian()"), (NANS, "x[::2].nanmedian(1)"),
    (DISTINCT, "x.nanmedian(0)"), (DISTINCT, "x.quantile(0.5)"),
    (DISTINCT, "x.quantile(0.3, dim=1)"),
    (DISTINCT, "x.quantile(0.3, dim=0, keepdim=True)"),
    (DISTINCT, "x.quantile(T.tensor([0.2, 0.7]), dim=1)"),
    (DISTINCT, "x.quantile(0.4, interpolation='lower')"),
    (DISTINCT, "x.quantile(0.4, 1, interpolation='higher')"),
    (DISTINCT, "x.quantile(0.4, 0, interpolation='nearest')"),
    (DISTINCT, "x.quantile(0.4, 0, interpolation='midpoint')"),
    (NANS, "x.quantile(0.5, dim=1)"), (NANS, "x.nanquantile(0.5, dim=1)"),
    (DISTINCT, "x.quantile(1.5)"), (DISTINCT, "x.sum().quantile(0.3)"),
    (ROWS, "T.unique(x)"), (ROWS, "T.unique(x, dim=0, return_inverse=True, return_counts=True)"),
    (ROWS, "x.unique(dim=1)"), (ROWS, "x.unique_consecutive(dim=0)"),
    ({"x": _t([1., 1., 2., 2., 1.])}, "T.unique_consecutive(x, return_inverse=True, "
                                      "return_counts=True)"),
    ({"x": _t([float("nan"), 1., float("nan")])}, "T.unique(x, return_counts=True)"),
    (BOOL, "T.unique(x, dim=1)"), ({"x": _t(3.)}, "T.unique(x, dim=0)"),
]
INDEXING = [
    (SCATTER, "(x * 1).scatter_reduce_(1, T.tensor([[0, 1, 1], [2, 2, 0]]), s, 'sum')"),
    (SCATTER, "x.scatter_reduce(1, T.tensor([[0, 1, 1]]), s, 'foo')"),
    (SCATTER, "x.scatter_reduce(1, T.tensor([[3]]), s, 'sum')"),
    (SCATTER, "x.long().scatter_reduce(0, T.tensor([[1, 1, 0]]), s.long(), 'mean', "
              "include_self=False)"),
    (SCATTER, "x.index_put((T.tensor([1, 0]),), T.tensor(9.))"),
    (SCATTER, "x.index_put((T.tensor([1, 1]),), s[0], accumulate=True)"),
    (SCATTER, "x.index_put((T.tensor([1, 0]), T.tensor([2, 2])), s[0, :2])"),
    (SCATTER, "x.index_put([T.tensor([True, False])], s[1])"),
    (SCATTER, "x.index_put((T.tensor([1]),), T.tensor(9., dtype=T.float64))"),
    (SCATTER, "(x * 1).index_put_((T.tensor([1, 1]),), s[0], accumulate=True)"),
    (SCATTER, "x.masked_scatter(x > 0.5, s)"),
    (SCATTER, "x.masked_scatter(T.tensor([True, False, True]), s.reshape(-1))"),
    (SCATTER, "x.masked_scatter(x > 0.5, s[0])"), (SCATTER, "(x * 1).masked_scatter_(x > 2, s)"),
    (SCATTER, "T.take_along_dim(x, T.tensor([[0], [2]]), 1)"),
    (SCATTER, "T.take_along_dim(x, T.tensor([[0, 1]]))"),
    (SCATTER, "x.take_along_dim(T.tensor([[0]]), 1)"),
    (SCATTER, "T.searchsorted(T.tensor([1., 3., 5.]), x)"),
    (SCATTER, "T.searchsorted(T.tensor([1., 3., 5.]), x, right=True)"),
    (SCATTER, "T.searchsorted(T.tensor([1., 3., 5.]), 3.)"),
    (SCATTER, "T.searchsorted(x.sort().values, s, side='right')"),
    (SCATTER, "T.bucketize(x, T.tensor([1., 3., 5.]))"),
    (SCATTER, "T.bucketize(3., T.tensor([1., 3., 5.]), right=True, out_int32=True)"),
    (SCATTER, "T.bincount(T.tensor([0, 2, 2, 5]))"),
    (SCATTER, "T.bincount(T.tensor([0, 2, 2]), weights=s[0], minlength=5)"),
    (SCATTER, "T.bincount(T.tensor([0, 2, 2]), weights=T.tensor([1, 1, 2]))"),
    (SCATTER, "T.bincount(T.tensor([-1, 2]))"),
    (SCATTER, "T.tensor([0, 2]).bincount(minlength=-1)"),
] + [(SCATTER, f"x.scatter_reduce({dim}, T.tensor({index}), s, '{reduce}', "
               f"include_self={include})")
     for reduce in ("sum", "prod", "mean", "amax", "amin") for include in (True, False)
     for dim, index in ((1, [[0, 1, 1], [2, 2, 0]]), (0, [[1, 1, 0]]))]

UNARY_IN_PLACE = [
    "absolute_", "acos_", "arccos_", "acosh_", "arccosh_", "asin_", "arcsin_", "asinh_",
    "arcsinh_", "atan_", "arctan_", "atanh_", "arctanh_", "ceil_", "floor_", "round_", "trunc_",
    "fix_", "frac_", "sign_", "cosh_", "sinh_", "tan_", "deg2rad_", "rad2deg_", "negative_",
    "erf_", "exp2_", "expm1_", "log10_", "log1p_", "log2_", "rsqrt_", "reciprocal_", "logit_",
    "nan_to_num_", "sinc_", "erfc_", "erfinv_", "lgamma_", "digamma_", "i0_", "bitwise_not_",
    "logical_not_"]
BINARY_IN_PLACE = [
    "atan2_", "arctan2_", "copysign_", "divide_", "true_divide_", "multiply_", "subtract_",
    "floor_divide_", "fmod_", "remainder_", "hypot_", "xlogy_", "eq_", "ne_", "lt_", "le_",
    "gt_", "ge_", "greater_", "less_", "greater_equal_", "less_equal_", "not_equal_",
    "logical_and_", "logical_or_", "logical_xor_", "ldexp_", "nextafter_", "heaviside_"]
IN_PLACE = [case for name in UNARY_IN_PLACE
            for case in ((PAIR, f"(x * 1).{name}()"), (INTS, f"x.clone().{name}()"),
                         (PAIR, f"(x * 1)[0].{name}()"))] + \
    [case for name in BINARY_IN_PLACE
     for case in ((PAIR, f"(x * 1).{name}(o)"), (INTS, f"x.clone().{name}(o)"),
                  (PAIR, f"(x * 1).{name}(0.5)"), (INTS, f"x.clone().{name}(2)"))] + [
    (PAIR, "(x * 1).clamp_min_(0.2)"), (PAIR, "(x * 1).clamp_max_(o)"),
    (INTS, "x.clone().clamp_min_(0.5)"), (INTS, "x.clone().clamp_max_(1)"),
    (INTS, "x.clone().clamp_(0.5)"), (INTS, "x.clone().clip_(0.5, 2)"),
    (PAIR, "x.double().clone().float_power_(2)"), (PAIR, "(x * 1).float_power_(2)"),
    (INTS, "x.clone().float_power_(2)"), (PAIR, "(x * 1).cumsum_(1)"),
    (PAIR, "(x * 1).cumprod_(0)"),
    (PAIR, "(x * 1).tril_()"), (PAIR, "(x * 1).triu_(1)"), (PAIR, "(x * 1).swapaxes_(0, 1)"),
    (PAIR, "(x * 1).swapdims_(1, 0)"), (PAIR, "(x * 1).polygamma_(1)"),
    (PAIR, "(x * 1 + 2).mvlgamma_(2)"), (INTS, "x.clone().gcd_(T.tensor(4))"),
    (INTS, "x.clone().lcm_(T.tensor(4))"), (INTS, "x.clone().bitwise_left_shift_(1)"),
    (INTS, "x.clone().bitwise_right_shift_(1)"), (INTS, "x.clone().bitwise_and_(3)"),
    (INTS, "x.clone().bitwise_or_(3)"), (INTS, "x.clone().bitwise_xor_(3)"),
    (BOOL, "x.clone().logical_not_()"), (BOOL, "x.clone().bitwise_not_()"),
    (BOOL, "x.clone().sign_()"), (PAIR, "x.logical_not_()"), (PAIR, "x.eq_(1)"),
    (PAIR, "(x * 1).divide_(o, rounding_mode='floor')"), (PAIR, "(x * 1).addr_(x[0, :2], x[1])"),
    (PAIR, "(x * 1).round_(decimals=1)"), (PAIR, "(x * 1).nan_to_num_(nan=1.0)"),
    (PAIR, "(x * 1).logit_(eps=0.2)")]
NN = [
    (IMAGE, "F.pixel_shuffle(x, 2)"), (IMAGE, "F.pixel_shuffle(x[0], 2)"),
    (IMAGE, "F.pixel_unshuffle(x[:, :, :2, :2], 2)"), (IMAGE, "T.pixel_shuffle(x, 3)"),
    (IMAGE, "F.pixel_shuffle(x, 0)"), (IMAGE, "F.pixel_unshuffle(x, 2)"),
    (IMAGE, "F.pixel_shuffle(x[0, 0], 2)"), (IMAGE, "F.unfold(x, 2)"),
    (IMAGE, "F.unfold(x, (2, 1), dilation=1, padding=1, stride=(1, 2))"),
    (IMAGE, "F.unfold(x[0], 2)"), (IMAGE, "F.unfold(x, 2, dilation=2, padding=1)"),
    (IMAGE, "F.unfold(x, 5)"), (IMAGE, "F.unfold(x, 2, padding=-1)"), (IMAGE, "F.unfold(x, 0)"),
    (COLUMNS, "F.fold(y, (3, 4), 2)"), (COLUMNS, "F.fold(y[0], (3, 4), 2)"),
    (COLUMNS, "F.fold(y, (4, 6), 2, stride=2)"), (COLUMNS, "F.fold(y, (2, 5), 2, padding=1)"),
    (COLUMNS, "F.fold(y, (3, 4), (2, 3))"), (COLUMNS, "F.fold(y, 3, 2)"),
    (COLUMNS, "F.fold(y, (3, 4), 2, dilation=(1, 2), padding=(0, 1))"),
    (LABELS, "F.multilabel_margin_loss(t, g)"),
    (LABELS, "F.multilabel_margin_loss(t, g, reduction='none')"),
    (LABELS, "F.multilabel_margin_loss(t, g, reduction='sum')"),
    (LABELS, "F.multilabel_margin_loss(t[0], g[0])"),
    (LABELS, "F.multilabel_margin_loss(t, g.float())"),
    (LABELS, "F.multilabel_margin_loss(t, g[:, :3])"),
    (LABELS, "F.multilabel_margin_loss(t, g + 3)"),
    (LABELS, "F.elu_(t * 1)"), (LABELS, "F.celu_(t * 1, 2.)"), (LABELS, "F.selu_(t * 1)"),
    (LABELS, "F.leaky_relu_(t * 1, 0.2)"), (LABELS, "F.hardtanh_(t * 1, -0.2, 0.3)"),
    (LABELS, "F.rrelu_(t * 1)"), (LABELS, "T.celu_(t * 1)"), (LABELS, "T.selu_(t * 1)"),
    (LABELS, "T.rrelu_(t * 1)"), (LABELS, "T.relu_(t * 1)"),
]
INTERPOLATE = [
    (x, f"F.interpolate(x, mode='{mode}', {size})")
    for x, modes in ((SIGNAL, ("nearest", "nearest-exact", "area", "linear")),
                     (PICTURE, ("nearest", "nearest-exact", "area", "bilinear", "bicubic")),
                     (VOLUME, ("nearest", "nearest-exact", "area", "trilinear")))
    for mode in modes
    for size in ("size=2", "size=7", "scale_factor=1.5", "scale_factor=0.5")] + [
    (x, f"F.interpolate(x, mode='{mode}', {arguments})")
    for x, mode in ((SIGNAL, "linear"), (PICTURE, "bicubic"), (VOLUME, "trilinear"))
    for arguments in ("size=5, align_corners=True", "scale_factor=1.7, align_corners=False")] + [
    (WIDE, f"F.interpolate(x, mode='{mode}', {size}, antialias=True, align_corners={corners})")
    for mode in ("bilinear", "bicubic") for size in ("size=(3, 4)", "scale_factor=0.3", "size=12")
    for corners in (False, True)] + [
    (PICTURE, "F.interpolate(x, mode='bicubic', size=3, antialias=True)"),
    (SIGNAL, "F.interpolate(x, mode='bicubic', size=3)"),
    (PICTURE, "F.interpolate(x, mode='trilinear', size=3)"),
    (PICTURE, "F.interpolate(x, mode='nearest', size=3, antialias=True)"),
]
EINSUMS = [(EINSUM, f"T.einsum('{equation}', {operands})") for equation, operands in (
    ("ii->i", "x"), ("ii", "x"), ("i->i", "v"), ("iii->i", "y"), ("iij->ij", "y"),
    ("iji->j", "y"), ("ii,i->i", "x, v"), ("ij,jj->i", "x, x"), ("...ii->...i", "y"),
    ("jii->ij", "y"), ("ij,ii->j", "x, x"), ("ii->i", "x[:, :2]"))] + [
    (SCAN, "T.autograd.grad(x.logcumsumexp(1).sum(), x, create_graph=True)[0]"),
    (SCAN, "T.autograd.grad((x.logcumsumexp(1) * T.tensor([1., -2., 0.])).sum(), x, "
           "create_graph=True)[0]")]

FOLLOW_UPS = [  # (found by the fuzzer once the ops existed)
    (A, "T.round(x, decimals=0)"), (A, "x.round(decimals=1)"),
    ({"x": _t([1., 2.])}, "x.masked_scatter(T.tensor([[True, False], [False, True]]), "
                          "T.arange(4.))"),
    ({"x": _t([], dtype="float32")}, "x.nanmedian()"),
    ({"x": _t([[]])}, "x.nanmedian(0)"), ({"x": _t([[], []])}, "x.nanmedian(1)"),
    (SCATTER, "T.clamp_min(x, s[0])"), (SCATTER, "x.clamp_max(s)"),
    ({"a": _t([[1.0, 2.0]]), "b": _t([[[1.0], [0.5]]] * 0, True)},
     "T.einsum('bij,bjk->bik', a[None].expand(1, 1, 2), b.reshape(0, 2, 1))"),
    ({"v": _t([0.5, 2.0]), "w": _t([1.0, -1.0, 3.0])}, "T.einsum('i,j->ij', v, w)"),
    (PICTURE, "F.interpolate(x[:, :, :1, :1], mode='area', scale_factor=0.5)"),
]

CASES = {f"{group}-{i}": case for group, cases in (
    ("special", SPECIAL), ("powers", POWERS), ("shapes", SHAPES), ("products", PRODUCTS),
    ("order", ORDER), ("indexing", INDEXING), ("in_place", IN_PLACE), ("nn", NN),
    ("interpolate", INTERPOLATE), ("einsum", EINSUMS), ("follow_ups", FOLLOW_UPS))
    for i, case in enumerate(cases)}


def _numpy(value):
    return value.detach().numpy() if hasattr(value, "detach") else np.asarray(value)


def run(lib, case):
    """``case`` under ``lib`` (torch or hookgrad): ``["raised", type, message]`` or
    ``["ok", outputs, gradients]``."""
    inputs, expression = case
    namespace = {"T": lib, "F": lib.nn.functional}
    leaves = []
    for name, (values, dtype, requires_grad) in inputs.items():
        namespace[name] = lib.tensor(values, dtype=getattr(lib, dtype),
                                     requires_grad=requires_grad)
        if requires_grad:
            leaves.append(namespace[name])
    try:
        result = eval(expression, namespace)  # (our own expressions, above)
    except Exception as error:
        return ["raised", type(error).__name__, str(error).split("\n")[0]]
    outputs = result if isinstance(result, (tuple, list)) else (result,)
    described = [[str(o.dtype).split(".")[-1], list(o.shape), _numpy(o),
                  o.grad_fn.name() if o.grad_fn is not None else None, o.requires_grad]
                 if hasattr(o, "dtype") else ["number", o] for o in outputs]
    differentiable = [o for o in outputs if hasattr(o, "dtype") and o.requires_grad
                      and o.dtype.is_floating_point]
    gradients = None
    if leaves and differentiable:
        try:
            total = sum((o * (lib.arange(o.numel(), dtype=o.dtype).reshape(o.shape) + 1)).sum()
                        for o in differentiable)
            grads = lib.autograd.grad(total, leaves, allow_unused=True)
            gradients = [None if g is None else _numpy(g) for g in grads]
        except Exception as error:
            gradients = ["raised", type(error).__name__, str(error).split("\n")[0]]
    return ["ok", described, gradients]
