"""Cases of the singular-value norms (``linalg.matrix_norm`` / ``linalg.norm`` with ord 2, -2
and 'nuc') and ``linalg.svdvals``: run under PyTorch by tools/record/svd_norms.py and under
hookgrad by test_svd_norms.py, which compares value, dtype, node name, gradient and the
gradient of the gradient's squared norm (double backward through U and Vh)."""
import numpy as np


def _data(seed, shape):
    return np.random.default_rng(seed).standard_normal(shape).round(3)


# name: (function, shape, dtype, kwargs)
CASES = {
    "2_square": ("matrix_norm", (3, 3), "float64", {"ord": 2}),
    "2_wide_f32": ("matrix_norm", (2, 4), "float32", {"ord": 2}),
    "minus2_tall": ("matrix_norm", (4, 2), "float64", {"ord": -2}),
    "nuc_batched": ("matrix_norm", (2, 3, 4), "float64", {"ord": "nuc"}),
    "2_dims_keepdim": ("matrix_norm", (2, 3, 4), "float64",
                       {"ord": 2, "dim": (2, 0), "keepdim": True}),
    "minus2_dims": ("matrix_norm", (3, 2, 4), "float32", {"ord": -2, "dim": (-1, 0)}),
    "nuc_keepdim": ("matrix_norm", (3, 4), "float64", {"ord": "nuc", "keepdim": True}),
    "norm_2": ("norm", (5, 1), "float64", {"ord": 2}),
    "norm_nuc_dim": ("norm", (2, 2, 3), "float32", {"ord": "nuc", "dim": (0, 1)}),
    "norm_minus2_dims": ("norm", (2, 3, 3), "float64", {"ord": -2, "dim": (1, 2)}),
    "svdvals": ("svdvals", (3, 5), "float64", {}),
    "svdvals_batched": ("svdvals", (2, 4, 3), "float32", {}),
    "2_one_by_one": ("matrix_norm", (1, 1), "float64", {"ord": 2}),
    "empty_2": ("matrix_norm", (0, 3), "float32", {"ord": 2}),
    "empty_nuc": ("matrix_norm", (2, 0, 3), "float32", {"ord": "nuc"}),
    "empty_minus2": ("matrix_norm", (0, 3), "float32", {"ord": -2}),
    "infinity": ("matrix_norm", "inf", "float64", {"ord": 2}),
    "nan": ("svdvals", "nan", "float64", {}),
    "int_input": ("matrix_norm", (3, 3), "int64", {"ord": 2}),
    "half_input": ("matrix_norm", (3, 3), "float16", {"ord": "nuc"}),
    "half_svdvals": ("svdvals", (3, 3), "float16", {}),
    "bad_order": ("matrix_norm", (3, 3), "float64", {"ord": 3}),
    "bad_order_name": ("matrix_norm", (3, 3), "float64", {"ord": "abc"}),
    "same_dims": ("matrix_norm", (3, 3), "float64", {"ord": 2, "dim": (0, -2)}),
    "one_dim": ("norm", (3, 3), "float64", {"ord": "nuc", "dim": 1}),
    "three_dims": ("matrix_norm", (3, 3), "float64", {"ord": 2, "dim": (0, 1, 1)}),
    "dim_range": ("matrix_norm", (3, 3), "float64", {"ord": 2, "dim": (0, 5)}),
    "narrowing_dtype": ("matrix_norm", (3, 3), "float64", {"ord": 2, "dtype": "float32"}),
    "widening_dtype": ("matrix_norm", (3, 3), "float32", {"ord": 2, "dtype": "float64"}),
    "vector_nuc": ("norm", (4,), "float64", {"ord": "nuc"}),
    "norm_3d_no_dim": ("norm", (2, 2, 2), "float64", {"ord": "fro"}),
    "svdvals_vector": ("svdvals", (4,), "float64", {}),
    "norm_0d": ("norm", (), "float32", {"ord": 2}),
    "norm_0d_fro": ("norm", (), "float32", {"ord": "fro"}),
}


def _input(lib, shape, dtype, seed):
    if shape == "inf":
        data = np.array([[[np.inf, 1], [2, 3]], [[1, 2], [3, 4]]])
    elif shape == "nan":
        data = np.array([[[1, 2], [3, 4]], [[np.nan, 1], [2, 3]]])
    else:
        data = _data(seed, shape)
    floating = dtype.startswith("float")
    if 0 in data.shape:  # (a nested list loses the shape of an empty array)
        return lib.zeros(data.shape, dtype=getattr(lib, dtype), requires_grad=floating)
    if not floating:
        data = (data * 3).round()
    return lib.tensor(data.tolist(), dtype=getattr(lib, dtype), requires_grad=floating)


def run(lib, name):
    """The case under ``lib`` (torch or hookgrad): its results, or its error."""
    function, shape, dtype, kwargs = CASES[name]
    kwargs = dict(kwargs)
    if "dtype" in kwargs:
        kwargs["dtype"] = getattr(lib, kwargs["dtype"])
    seed = sorted(CASES).index(name)
    try:
        x = _input(lib, shape, dtype, seed)
        result = getattr(lib.linalg, function)(x, **kwargs)
    except Exception as error:
        return {"error": [type(error).__name__, str(error)]}
    out = {"value": result, "dtype": str(result.dtype),
           "node": result.grad_fn.name() if result.grad_fn is not None else None}
    if result.grad_fn is None or not result.numel():
        return out
    weights = lib.tensor(_data(seed + 100, tuple(result.shape)).tolist(), dtype=result.dtype)
    (grad,) = lib.autograd.grad((result * weights).sum(), x, create_graph=True)
    out["grad"] = grad
    if np.isfinite(grad.detach().numpy()).all():
        (out["grad_of_grad"],) = lib.autograd.grad((grad * grad).sum(), x)
    return out
