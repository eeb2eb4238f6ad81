"""Cases of the decompositions (svd, qr, cholesky, eigh, slogdet / logdet, solve_triangular):
run under PyTorch by tools/record/decompositions.py and under hookgrad by
test_decompositions.py. Singular / eigen vectors are unique only up to sign, so each case
reduces its outputs to a function that does not depend on the signs (U * U, Q R, ...)
before comparing value, node name, gradient and the gradient of the gradient."""
import numpy as np


def _data(seed, shape):
    return np.random.default_rng(seed).standard_normal(shape).round(3)


def _spd(seed, shape):
    a = _data(seed, shape)
    return a @ np.swapaxes(a, -1, -2) + shape[-1] * np.eye(shape[-1])


def _svd_invariant(lib, x, kwargs):
    u, s, vh = lib.linalg.svd(x, **kwargs)
    k = s.shape[-1]
    u, vh = u[..., :k], vh[..., :k, :]  # (full_matrices: the extra columns are not unique)
    return [u * u * s.unsqueeze(-2), vh * vh, s]


def _torch_svd_invariant(lib, x, kwargs):
    u, s, v = lib.svd(x, **kwargs)
    k = s.shape[-1]
    if not kwargs.get("compute_uv", True):
        return [s, u, v]
    return [u[..., :k] * u[..., :k], v[..., :k] * v[..., :k] * s.unsqueeze(-2)]


def _qr(lib, x, kwargs):
    q, r = lib.linalg.qr(x, **kwargs)
    return [r] if kwargs.get("mode") == "r" else [q, r]


def _eigh(lib, x, kwargs):
    w, v = lib.linalg.eigh(x, **kwargs)
    return [w, v * v * w.unsqueeze(-2)]


def _cholesky_ex(lib, x, kwargs):
    factor, info = lib.linalg.cholesky_ex(x, **kwargs)
    return [factor, info]


def _solve_triangular(lib, x, kwargs):
    dtype = getattr(lib, kwargs.pop("b_dtype")) if "b_dtype" in kwargs else x.dtype
    b = lib.tensor(_data(7, kwargs.pop("b_shape")).tolist(), dtype=dtype)
    return [lib.linalg.solve_triangular(x, b, **kwargs)]


def _other(lib, x, shape):
    return lib.tensor(_data(11, shape).tolist(), dtype=x.dtype)


def _multi_dot(lib, x, kwargs):
    chain = [_other(lib, x, shape) if shape else x for shape in kwargs["chain"]]
    return [lib.linalg.multi_dot(chain)]


FUNCTIONS = {
    "svd": _svd_invariant,
    "torch.svd": _torch_svd_invariant,
    "qr": _qr,
    "eigh": _eigh,
    "eigvalsh": lambda lib, x, kw: [lib.linalg.eigvalsh(x, **kw)],
    "cholesky": lambda lib, x, kw: [lib.linalg.cholesky(x, **kw)],
    "cholesky_ex": _cholesky_ex,
    "slogdet": lambda lib, x, kw: list(lib.linalg.slogdet(x)),
    "logdet": lambda lib, x, kw: [lib.logdet(x)],
    "solve_triangular": _solve_triangular,
    "pinv": lambda lib, x, kw: [lib.linalg.pinv(x, **kw)],
    "pinverse": lambda lib, x, kw: [x.pinverse(**kw)],
    "matrix_rank": lambda lib, x, kw: [lib.linalg.matrix_rank(x, **kw)],
    "dist": lambda lib, x, kw: [lib.dist(x, _other(lib, x, kw.pop("other")), **kw)],
    "pdist": lambda lib, x, kw: [lib.nn.functional.pdist(x, **kw)],
    "multi_dot": _multi_dot,
    "inv_ex": lambda lib, x, kw: list(lib.linalg.inv_ex(x, **kw)),
    "vander": lambda lib, x, kw: [lib.linalg.vander(x, **kw)],
    "lstsq": lambda lib, x, kw: list(lib.linalg.lstsq(x, _other(lib, x, kw.pop("b")), **kw)),
}

# name: (function, input kind and shape, dtype, kwargs)
CASES = {
    "svd_tall": ("svd", ("randn", (4, 3)), "float64", {}),
    "svd_wide_thin": ("svd", ("randn", (2, 5)), "float64", {"full_matrices": False}),
    "svd_batched_f32": ("svd", ("randn", (2, 3, 3)), "float32", {}),
    "torch_svd": ("torch.svd", ("randn", (4, 2)), "float64", {}),
    "torch_svd_not_some": ("torch.svd", ("randn", (2, 3)), "float64", {"some": False}),
    "torch_svd_no_uv": ("torch.svd", ("randn", (3, 2)), "float64", {"compute_uv": False}),
    "svd_vector": ("svd", ("randn", (3,)), "float64", {}),
    "svd_int": ("svd", ("randn", (3, 3)), "int64", {}),
    "svd_nan": ("svd", ("nan", (2, 2)), "float64", {}),
    "qr_tall": ("qr", ("randn", (5, 3)), "float64", {}),
    "qr_wide": ("qr", ("randn", (2, 4)), "float64", {}),
    "qr_square_batched_f32": ("qr", ("randn", (2, 3, 3)), "float32", {}),
    "qr_complete_wide": ("qr", ("randn", (3, 4)), "float64", {"mode": "complete"}),
    "qr_complete_tall": ("qr", ("randn", (4, 2)), "float64", {"mode": "complete"}),
    "qr_r": ("qr", ("randn", (4, 3)), "float64", {"mode": "r"}),
    "qr_bad_mode": ("qr", ("randn", (3, 3)), "float64", {"mode": "full"}),
    "qr_int": ("qr", ("randn", (3, 3)), "int64", {}),
    "eigh": ("eigh", ("randn", (4, 4)), "float64", {}),
    "eigh_upper_batched_f32": ("eigh", ("randn", (2, 3, 3)), "float32", {"UPLO": "U"}),
    "eigvalsh": ("eigvalsh", ("randn", (3, 3)), "float64", {}),
    "eigh_bad_uplo": ("eigh", ("randn", (3, 3)), "float64", {"UPLO": "X"}),
    "eigh_not_square": ("eigh", ("randn", (3, 2)), "float64", {}),
    "eigh_int": ("eigh", ("randn", (3, 3)), "int64", {}),
    "cholesky": ("cholesky", ("spd", (4, 4)), "float64", {}),
    "cholesky_upper_batched_f32": ("cholesky", ("spd", (2, 3, 3)), "float32", {"upper": True}),
    "cholesky_not_pd": ("cholesky", ("indefinite", (2, 2)), "float64", {}),
    "cholesky_not_pd_batched": ("cholesky", ("indefinite_batch", (2, 2, 2)), "float64", {}),
    "cholesky_nan": ("cholesky", ("nan", (2, 2)), "float64", {}),
    "cholesky_not_square": ("cholesky", ("randn", (2, 3)), "float64", {}),
    "cholesky_vector": ("cholesky", ("randn", (3,)), "float64", {}),
    "cholesky_int": ("cholesky", ("randn", (2, 2)), "int64", {}),
    "cholesky_ex_failed": ("cholesky_ex", ("indefinite_batch", (2, 2, 2)), "float64", {}),
    "cholesky_ex": ("cholesky_ex", ("spd", (3, 3)), "float64", {}),
    "slogdet": ("slogdet", ("randn", (3, 3)), "float64", {}),
    "slogdet_batched_f32": ("slogdet", ("randn", (2, 4, 4)), "float32", {}),
    "slogdet_singular": ("slogdet", ("singular", (2, 2)), "float64", {}),
    "slogdet_not_square": ("slogdet", ("randn", (2, 3)), "float64", {}),
    "slogdet_int": ("slogdet", ("randn", (2, 2)), "int64", {}),
    "logdet": ("logdet", ("randn", (2, 3, 3)), "float64", {}),
    "triangular_upper": ("solve_triangular", ("randn", (3, 3)), "float64",
                         {"upper": True, "b_shape": (3, 2)}),
    "triangular_lower_right_unit": ("solve_triangular", ("randn", (3, 3)), "float64",
                                    {"upper": False, "left": False, "unitriangular": True,
                                     "b_shape": (2, 2, 3)}),
    "triangular_f32_batched": ("solve_triangular", ("randn", (2, 3, 3)), "float32",
                               {"upper": False, "b_shape": (3, 1)}),
    "triangular_b_float64": ("solve_triangular", ("randn", (3, 3)), "float32",
                             {"upper": True, "b_shape": (3, 2), "b_dtype": "float64"}),
    "triangular_bad_shapes": ("solve_triangular", ("randn", (3, 3)), "float64",
                              {"upper": True, "b_shape": (2, 2)}),
    "triangular_vector_b": ("solve_triangular", ("randn", (3, 3)), "float64",
                            {"upper": True, "b_shape": (3,)}),
    "pinv_tall": ("pinv", ("randn", (4, 3)), "float64", {}),
    "pinv_wide_f32": ("pinv", ("randn", (2, 3, 5)), "float32", {}),
    "pinv_hermitian": ("pinv", ("spd", (3, 3)), "float64", {"hermitian": True}),
    "pinv_rank_deficient": ("pinv", ("rank1", (3, 3)), "float64", {}),
    "pinv_atol": ("pinv", ("randn", (3, 3)), "float64", {"atol": 2.5}),
    "pinv_int": ("pinv", ("randn", (3, 3)), "int64", {}),
    "pinverse": ("pinverse", ("randn", (3, 2)), "float64", {}),
    "matrix_rank": ("matrix_rank", ("rank1", (3, 3)), "float64", {}),
    "matrix_rank_tol": ("matrix_rank", ("randn", (2, 3, 3)), "float32", {"atol": 2.0}),
    "matrix_rank_hermitian": ("matrix_rank", ("spd", (3, 3)), "float64", {"hermitian": True}),
    "dist_2": ("dist", ("randn", (2, 3)), "float64", {"other": (3,)}),
    "dist_1_f32": ("dist", ("randn", (4,)), "float32", {"other": (4,), "p": 1}),
    "dist_3": ("dist", ("randn", (2, 2)), "float64", {"other": (2, 2), "p": 3}),
    "dist_inf": ("dist", ("randn", (3,)), "float64", {"other": (3,), "p": float("inf")}),
    "dist_int": ("dist", ("randn", (3,)), "int64", {"other": (3,)}),
    "dist_shapes": ("dist", ("randn", (3,)), "float64", {"other": (2,)}),
    "pdist_2": ("pdist", ("randn", (5, 3)), "float64", {}),
    "pdist_1_f32": ("pdist", ("randn", (4, 2)), "float32", {"p": 1}),
    "pdist_inf": ("pdist", ("randn", (4, 3)), "float64", {"p": float("inf")}),
    "pdist_3d": ("pdist", ("randn", (2, 3, 3)), "float64", {}),
    "pdist_negative_p": ("pdist", ("randn", (3, 3)), "float64", {"p": -1}),
    "multi_dot": ("multi_dot", ("randn", (3, 4)), "float64", {"chain": [(5, 3), None, (4, 2)]}),
    "multi_dot_vectors": ("multi_dot", ("randn", (4,)), "float64",
                          {"chain": [None, (4, 3), (3, 6), (6,)]}),
    "multi_dot_one": ("multi_dot", ("randn", (3, 3)), "float64", {"chain": [None]}),
    "multi_dot_3d": ("multi_dot", ("randn", (2, 3, 3)), "float64", {"chain": [(3, 3), None]}),
    "multi_dot_shapes": ("multi_dot", ("randn", (3, 3)), "float64", {"chain": [None, (2, 3)]}),
    "inv_ex": ("inv_ex", ("randn", (2, 3, 3)), "float64", {}),
    "inv_ex_half": ("inv_ex", ("randn", (3, 3)), "float16", {}),
    "svd_half": ("svd", ("randn", (3, 3)), "float16", {}),
    "qr_bfloat16": ("qr", ("randn", (3, 3)), "bfloat16", {}),
    "cholesky_half": ("cholesky", ("spd", (3, 3)), "float16", {}),
    "eigvalsh_half": ("eigvalsh", ("randn", (3, 3)), "float16", {}),
    "slogdet_half": ("slogdet", ("randn", (3, 3)), "float16", {}),
    "logdet_int": ("logdet", ("randn", (3, 3)), "int64", {}),
    "pdist_half": ("pdist", ("randn", (3, 3)), "float16", {}),
    "pinv_half": ("pinv", ("randn", (3, 3)), "float16", {}),
    "vander_half": ("vander", ("randn", (3,)), "float16", {}),
    "inv_ex_singular": ("inv_ex", ("singular_batch", (4, 3, 3)), "float64", {}),
    "inv_ex_check_errors": ("inv_ex", ("singular_batch", (4, 3, 3)), "float64",
                            {"check_errors": True}),
    "slogdet_singular_batch": ("slogdet", ("singular_batch", (4, 3, 3)), "float64", {}),
    "vander": ("vander", ("randn", (4,)), "float64", {}),
    "vander_n_batched_f32": ("vander", ("randn", (2, 3)), "float32", {"N": 5}),
    "vander_int": ("vander", ("randn", (3,)), "int32", {"N": 3}),
    "vander_n1": ("vander", ("randn", (3,)), "float64", {"N": 1}),
    "lstsq": ("lstsq", ("randn", (5, 3)), "float64", {"b": (5, 2)}),
    "lstsq_vector_gelsd": ("lstsq", ("randn", (5, 3)), "float64", {"b": (5,), "driver": "gelsd"}),
    "lstsq_batched_gels_f32": ("lstsq", ("randn", (2, 5, 3)), "float32",
                               {"b": (2, 5, 2), "driver": "gels"}),
    "lstsq_wide_gelss": ("lstsq", ("randn", (3, 5)), "float64", {"b": (3, 1), "driver": "gelss"}),
    "lstsq_rank_deficient": ("lstsq", ("rank1", (3, 3)), "float64", {"b": (3, 2)}),
    "lstsq_bad_driver": ("lstsq", ("randn", (3, 3)), "float64", {"b": (3, 2), "driver": "x"}),
    "lstsq_bad_rows": ("lstsq", ("randn", (3, 3)), "float64", {"b": (4, 2)}),
    "lstsq_batch_mismatch": ("lstsq", ("randn", (2, 5, 3)), "float64", {"b": (5, 2)}),
}

_SINGULAR = [[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
             [[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 0.0, 1.0]],
             [[0.0, 0.0, 1.0], [1.0, 2.0, 3.0], [2.0, 4.0, 6.0]],
             [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]]


def _input(lib, kind, shape, dtype, seed):
    if kind == "spd":
        data = _spd(seed, shape)
    elif kind == "indefinite":
        data = np.array([[1.0, 2.0], [2.0, 1.0]])
    elif kind == "indefinite_batch":
        data = np.array([[[1.0, 0.0], [0.0, 1.0]], [[1.0, 2.0], [2.0, 1.0]]])
    elif kind == "singular":
        data = np.array([[1.0, 2.0], [2.0, 4.0]])
    elif kind == "singular_batch":  # (LAPACK's infinities and NaNs through a zero pivot)
        data = np.array(_SINGULAR)
    elif kind == "rank1":
        data = np.outer(_data(seed, shape[-1]), _data(seed + 1, shape[-1]))
    elif kind == "nan":
        data = np.array([[np.nan, 1.0], [1.0, 1.0]])
    else:
        data = _data(seed, shape)
        if len(shape) > 1 and shape[-1] == shape[-2]:
            data = data + 2 * np.eye(shape[-1])  # (well conditioned: stable gradients)
    floating = dtype.startswith("float")
    if not floating:
        data = (data * 3).round()
    return lib.tensor(data.tolist(), dtype=getattr(lib, dtype), requires_grad=floating)


def _array(t):
    """The values of ``t``; a ZeroTensor (PyTorch's and hookgrad's undefined-as-zero gradient,
    which refuses ``numpy()``) as the zeros it stands for."""
    if getattr(t, "_is_zerotensor", lambda: False)() or getattr(t, "_zero_tensor", False):
        return np.zeros(tuple(t.shape), str(t.dtype).split(".")[-1])
    return t.detach()


def run(lib, name):
    """The case under ``lib`` (torch or hookgrad): its results, or its error."""
    function, (kind, shape), dtype, kwargs = CASES[name]
    seed = sorted(CASES).index(name)
    try:
        x = _input(lib, kind, shape, dtype, seed)
        results = FUNCTIONS[function](lib, x, dict(kwargs))
    except Exception as error:
        return {"error": [type(error).__name__, str(error)]}
    out = {"values": [r.detach() for r in results], "dtypes": [str(r.dtype) for r in results],
           "nodes": [r.grad_fn.name() if r.grad_fn is not None else None for r in results],
           "strides": [list(r.stride()) for r in results]}
    differentiable = [r for r in results if r.requires_grad]
    if not differentiable:
        return out
    loss = 0
    for i, r in enumerate(differentiable):
        weights = lib.tensor(_data(seed + 100 + i, tuple(r.shape)).tolist(), dtype=r.dtype)
        loss = loss + (r * weights).sum()
    try:
        (grad,) = lib.autograd.grad(loss, x, create_graph=True)
    except Exception as error:
        out["grad_error"] = [type(error).__name__, str(error)]
        return out
    out["grad"] = grad.detach()
    if grad.requires_grad and np.isfinite(grad.detach().numpy()).all():
        try:
            out["grad_of_grad"] = _array(lib.autograd.grad((grad * grad).sum(), x)[0])
        except Exception as error:
            out["grad_of_grad_error"] = [type(error).__name__, str(error)]
    return out
