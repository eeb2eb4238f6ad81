"""Inputs of the vector-math functions PyTorch's x86 build takes from MKL: random values over
each function's domain (and past it), subnormals, signed zeros, infinities and NaNs of both
signs, in float32 and float64. Shared by the recorder (tools/record/vml.py) and the tests."""
import numpy as np

# torch / hookgrad function name -> where its inputs come from
FUNCTIONS = {
    "exp": "wide", "log": "positive", "sqrt": "positive", "tanh": "wide", "sin": "wide",
    "cos": "wide", "tan": "wide", "asin": "unit", "acos": "unit", "atan": "wide",
    "log2": "positive", "log10": "positive", "erf": "wide", "erfc": "wide", "erfinv": "unit",
}
DTYPES = ("float32", "float64")
_SPECIAL = [0.0, -0.0, np.inf, -np.inf, np.nan, -np.nan, 1.0, -1.0, 0.5, 2.0, -2.0, 1e-40,
            -1e-40, 5e-310, 88.5, 89.0, -104.0, 709.0, 710.0, -745.0, 1e30, -1e30]


def inputs(function, dtype, count=512):
    """The inputs of ``function`` in ``dtype``: ``count`` random values then the specials."""
    rng = np.random.default_rng(sum(map(ord, function + dtype)))
    kind = FUNCTIONS[function]
    if kind == "wide":
        values = np.concatenate([rng.standard_normal(count // 2) * 4,
                                 np.exp(rng.uniform(-30, 30, count // 2))
                                 * rng.choice([-1, 1], count // 2)])
    elif kind == "positive":
        values = np.concatenate([np.exp(rng.uniform(-40, 40, count // 2)),
                                 rng.uniform(0, 4, count // 2)])
    else:
        values = rng.uniform(-1, 1, count)
    # a few outside the domain (negative logarithms, |x| > 1 for asin): PyTorch's NaNs
    values[:8] = -values[:8] if kind == "positive" else values[:8] * 3
    return np.concatenate([values, _SPECIAL]).astype(dtype)


def bits(x):
    """The array's bit patterns as unsigned integers (JSON keeps no NaN sign)."""
    return x.view(np.uint32 if x.itemsize == 4 else np.uint64)


def cases(torch):
    """{"function/dtype": output bits} computed by ``torch`` from ``inputs``."""
    out = {}
    for function in FUNCTIONS:
        for dtype in DTYPES:
            y = getattr(torch, function)(torch.from_numpy(inputs(function, dtype))).numpy()
            out[f"{function}/{dtype}"] = bits(y)
    out.update(composite_cases(torch))
    return out


def composite_cases(torch):
    """Ops PyTorch builds on these functions: ``x ** 0.5`` (its sqrt) and logsumexp (exp, a
    sum in its order, log)."""
    out = {}
    for dtype in DTYPES:
        x = torch.from_numpy(inputs("exp", dtype)[:512].reshape(16, 32))
        out[f"logsumexp0/{dtype}"] = bits(torch.logsumexp(x, 0).numpy())
        out[f"logsumexp1/{dtype}"] = bits(torch.logsumexp(x, 1).numpy())
        out[f"pow_half/{dtype}"] = bits((torch.from_numpy(inputs("sqrt", dtype)) ** 0.5).numpy())
    return out
