"""Op table, part 8: ops hookgrad has that the other tables did not draw: ger, qr / svd (on
well-conditioned matrices, so that their factors are unique up to LAPACK's fixed sign choice),
the complex family (view_as_real / view_as_complex, real / imag, torch.complex, conj and the
conj / neg bits), the predicates (allclose, equal, is_nonzero, is_same_size, isreal), dtype
arithmetic (result_type, can_cast, promote_types), max pooling with indices and max_unpool,
F.upsample, native_channel_shuffle, sum_to_size, a few in-place forms, the size queries, the
casts byte / char / short / cfloat / cdouble, and the factories with dtype and requires_grad.

BOOST (environment HGFUZZ_BOOST_MORE2, a number) multiplies this table's weights, to aim a run
at it; unset, the weights are the normal ones, and ordinary seeds keep their usual mix."""
import os

from .ops_elementwise import Op, inplace_target

BOOST = float(os.environ.get("HGFUZZ_BOOST_MORE2", "1") or 1)
REAL = ("float32", "float64", "int64", "bool")


def _any(ctx, **kwargs):
    return ctx.tensor("any" if ctx.chance(0.4) else "float", **kwargs)


def _complex_tensor(ctx):
    """A complex tensor of the program, or one made from a float tensor here (torch.complex,
    view_as_complex or a cast): the tensor steps build real dtypes only."""
    found = ctx.pick(lambda m: m.dtype.startswith("complex"))
    if found is not None and ctx.chance(0.6):
        return found
    roll = ctx.rng.random()
    if roll < 0.4:
        real = ctx.tensor("float")
        ctx.emit({"k": "call", "f": "t", "n": "complex",
                  "a": [real.ref, ctx.new(real.shape, real.dtype).ref]})
    elif roll < 0.7:
        shape = ctx.shape(ctx.integer(0, 2)) + (2,)
        ctx.emit({"k": "call", "f": "t", "n": "view_as_complex",
                  "a": [ctx.new(shape, ctx.choice(["float32", "float64"])).ref]})
    else:
        ctx.emit({"k": "call", "f": "m", "n": ctx.choice(["cfloat", "cdouble"]),
                  "a": [_any(ctx).ref]})
    return ctx.pool()[-1]


def _maybe_complex(ctx, p=0.4):
    return _complex_tensor(ctx) if ctx.chance(p) else _any(ctx)


# -------------------------------------------------------------- linear algebra
def _ger(ctx):
    x = ctx.tensor("any" if ctx.chance(0.3) else "float", ndim=1)
    dtype = x.dtype if ctx.chance(0.8) else ctx.choice(list(REAL))
    other = ctx.new((ctx.integer(0, 4),), dtype) if ctx.chance(0.9) else \
        ctx.new((2, 2), dtype)  # (not a vector: PyTorch's error)
    return [x.ref, other.ref], {}


def _conditioned(ctx, square=False):
    """A float matrix (sometimes batched) whose singular values are well apart: a diagonal of
    distinct sizes plus small noise (unique factors and finite gradients)."""
    m = ctx.integer(1, 4)
    n = m if square else ctx.integer(1, 4)
    batch = (ctx.integer(1, 2),) if ctx.chance(0.25) else ()
    values = ctx.data(batch + (m, n), "float64", domain="unit")
    k = min(m, n)
    for b in range(batch[0] if batch else 1):
        for i in range(k):
            values[b * m * n + i * n + i] = (k - i) * 2.0 + 1.0 + values[b * m * n + i * n + i]
    if ctx.chance(0.05):  # (a zero matrix: degenerate, PyTorch's refusal or NaN gradients)
        values = [0.0] * len(values)
    dtype = ctx.choice(["float32"] * 3 + ["float64"])
    rg = ctx.chance(0.7)
    ctx.emit({"k": "tensor", "s": list(batch) + [m, n], "T": dtype, "v": values, "rg": rg})
    return ctx.pool()[-1]


def _qr(ctx):
    kwargs = {}
    if ctx.chance(0.5):
        kwargs["mode"] = ctx.choice(["reduced", "complete", "r"])
    return [_conditioned(ctx).ref], kwargs


def _qr_torch(ctx):
    return [_conditioned(ctx).ref], ({"some": False} if ctx.chance(0.3) else {})


def _svd(ctx):
    kwargs = {"full_matrices": False} if ctx.chance(0.7) else {}
    return [_conditioned(ctx).ref], kwargs


def _svd_torch(ctx):
    return [_conditioned(ctx).ref], ({"some": False} if ctx.chance(0.2) else {})


def _svdvals(ctx):
    return [_conditioned(ctx).ref], {}


# -------------------------------------------------------------- complex
def _view_as_complex(ctx):
    if ctx.chance(0.8):
        shape = ctx.shape(ctx.integer(0, 2)) + (2,)
        x = ctx.new(shape, ctx.choice(["float32", "float32", "float64"]))
        if ctx.chance(0.2) and x.ndim >= 2:  # a transposed view: PyTorch's stride error
            ctx.emit({"k": "call", "f": "m", "n": "transpose", "a": [x.ref, 0, -1]})
            x = ctx.pool()[-1]
        return [x.ref], {}
    return [_any(ctx).ref], {}  # (mostly a last dim that is not 2, or not float)


def _view_as_real(ctx):
    return [_maybe_complex(ctx, 0.85).ref], {}


def _real_imag(ctx):
    return [_maybe_complex(ctx, 0.6).ref], {}


def _complex(ctx):
    real = ctx.tensor("float" if ctx.chance(0.9) else "any")
    shape = real.shape if ctx.chance(0.7) else ctx.broadcast_shape(real.shape)
    dtype = real.dtype if ctx.chance(0.85) else ctx.choice(list(REAL))
    return [real.ref, ctx.new(shape, dtype).ref], {}


def _conj_like(ctx):
    return [_maybe_complex(ctx, 0.5).ref], {}


def _conj_then(ctx):
    """resolve_conj / resolve_neg / is_conj / is_neg of a conj() view, or of a plain tensor."""
    x = _maybe_complex(ctx, 0.6)
    if ctx.chance(0.6):
        ctx.emit({"k": "call", "f": ctx.choice(["m", "t"]), "n": "conj", "a": [x.ref]})
        x = ctx.pool()[-1]
        if ctx.chance(0.3):
            ctx.emit({"k": "call", "f": "t", "n": ctx.choice(["imag", "view_as_real"]),
                      "a": [x.ref]})
            x = ctx.pool()[-1]
    return [x.ref], {}


# -------------------------------------------------------------- predicates and dtypes
def _allclose(ctx):
    x = _any(ctx)
    other = ctx.partner(x, numbers=0)
    kwargs = {}
    if ctx.chance(0.3):
        kwargs["rtol"], kwargs["atol"] = ctx.choice([(0.0, 0.0), (1e-2, 0.5), (1.0, 1.0)])
    if ctx.chance(0.2):
        kwargs["equal_nan"] = True
    return [x.ref, other], kwargs


def _equal(ctx):
    x = _maybe_complex(ctx, 0.1)
    roll = ctx.rng.random()
    if roll < 0.4:
        other = x.ref
    elif roll < 0.7:
        other = ctx.new(x.shape, x.dtype if not x.dtype.startswith("complex") else
                        "float32").ref
    else:
        other = ctx.partner(x, numbers=0)
    return [x.ref, other], {}


def _is_nonzero(ctx):
    if ctx.chance(0.7):
        return [ctx.new((1,) * ctx.integer(0, 2), ctx.choice(list(REAL))).ref], {}
    return [_any(ctx).ref], {}


def _is_same_size(ctx):
    x = _any(ctx)
    other = ctx.new(x.shape if ctx.chance(0.5) else ctx.broadcast_shape(x.shape),
                    ctx.choice(list(REAL)))
    return [x.ref, other.ref], {}


def _isreal(ctx):
    return [_maybe_complex(ctx, 0.4).ref], {}


DTYPES = ["float32", "float64", "int64", "bool", "int32", "int16", "int8", "uint8", "float16",
          "complex64", "complex128"]


def _dtype(ctx):
    return {"dtype": ctx.choice(DTYPES)}


def _result_type(ctx):
    def operand():
        roll = ctx.rng.random()
        if roll < 0.5:
            return _maybe_complex(ctx, 0.15).ref
        if roll < 0.8:
            return ctx.choice([2, -1, 0.5, True, 3.0])
        return ctx.new((), ctx.choice(list(REAL))).ref  # (a 0-d tensor: a weaker category)
    return [operand(), operand()], {}


def _dtype_pair(ctx):
    return [_dtype(ctx), _dtype(ctx)], {}


# -------------------------------------------------------------- pooling
def _pool_input(ctx, dims):
    batch = (ctx.integer(1, 2),) if ctx.chance(0.8) else ()
    spatial = tuple(ctx.integer(1, 5) for _ in range(dims))
    if ctx.chance(0.03):
        spatial = (0,) + spatial[1:]
    return ctx.new(batch + (ctx.integer(1, 2),) + spatial,
                   ctx.choice(["float32"] * 4 + ["float64", "int64"]), domain="distinct")


def _max_pool_with_indices(dims):
    def gen(ctx):
        x = _pool_input(ctx, dims)
        kernel = ctx.integer(1, 3)
        kwargs = {}
        if ctx.chance(0.4):
            kwargs["stride"] = ctx.integer(1, 2)
        if ctx.chance(0.3):
            kwargs["padding"] = ctx.integer(0, kernel // 2)
        if ctx.chance(0.2):
            kwargs["dilation"] = 2
        if ctx.chance(0.2):
            kwargs["ceil_mode"] = True
        return [x.ref, kernel], kwargs
    return gen


def _adaptive_with_indices(dims):
    def gen(ctx):
        x = _pool_input(ctx, dims)
        size = ctx.integer(1, 4)
        if dims == 2 and ctx.chance(0.3):
            size = [ctx.integer(1, 3), ctx.choice([None, 2])]
        return [x.ref, size], {}
    return gen


def _max_unpool(dims):
    def gen(ctx):
        x = _pool_input(ctx, dims)
        kernel = ctx.integer(1, 3)
        stride = ctx.integer(1, 2) if ctx.chance(0.5) else None
        name = f"max_pool{dims}d_with_indices"
        pool_kw = {} if stride is None else {"stride": stride}
        if ctx.chance(0.2):
            name = f"adaptive_max_pool{dims}d_with_indices"
            record = ctx.emit({"k": "call", "f": "F", "n": name, "a": [x.ref, 2]})
        else:
            record = ctx.emit({"k": "call", "f": "F", "n": name, "a": [x.ref, kernel],
                               "kw": pool_kw})
        if "e" in record:
            ctx.drop_last()
            return None
        index = len(ctx.steps) - 1
        values, indices = {"$": index, "i": 0}, {"$": index, "i": 1}
        kwargs = dict(pool_kw)
        if ctx.chance(0.3):  # output_size: the input's (or a wrong one: PyTorch's error)
            size = list(x.shape[-dims:])
            if ctx.chance(0.2):
                size[-1] += 2
            kwargs["output_size"] = size
        if ctx.chance(0.1):  # indices of another dtype: PyTorch's error
            ctx.emit({"k": "call", "f": "m", "n": "float", "a": [indices]})
            indices = {"$": len(ctx.steps) - 1}
        return [values, indices, kernel], kwargs
    return gen


def _upsample(ctx):
    x = ctx.new((1, ctx.integer(1, 2)) + tuple(ctx.integer(1, 4) for _ in
                                                 range(ctx.integer(1, 2))))
    mode = ctx.choice(["nearest", "linear" if x.ndim == 3 else "bilinear"])
    kwargs = {"mode": mode}
    if ctx.chance(0.5):
        kwargs["scale_factor"] = ctx.choice([2, 0.5, 1.5])
    else:
        kwargs["size"] = ctx.integer(1, 5)
    if mode != "nearest" and ctx.chance(0.5):
        kwargs["align_corners"] = ctx.chance(0.5)
    return [x.ref], kwargs


def _native_channel_shuffle(ctx):
    groups = ctx.integer(1, 3)
    channels = groups * ctx.integer(1, 2) + (1 if ctx.chance(0.1) else 0)
    shape = (ctx.integer(1, 2), channels) + tuple(ctx.integer(1, 2) for _ in
                                                  range(ctx.integer(0, 2)))
    return [ctx.new(shape, ctx.choice(["float32"] * 3 + ["int64"])).ref, groups], {}


# -------------------------------------------------------------- tensor methods
def _sum_to_size(ctx):
    x = _any(ctx)
    target = list(ctx.broadcast_shape(x.shape))
    target = [1 if ctx.chance(0.5) else s for s in target]
    if ctx.chance(0.1):  # not expandable to x: PyTorch's error
        target = target + [3]
    return ([x.ref, {"tuple": target}] if ctx.chance(0.5) else [x.ref] + target), {}


def _addmm_inplace(ctx):
    n, k, m = ctx.integer(0, 3), ctx.integer(0, 3), ctx.integer(1, 3)
    x = inplace_target(ctx)
    if x.shape != (n, m):
        x = ctx.new((n, m), rg=False) if ctx.chance(0.8) else x
    dtype = x.dtype if x.dtype in ("float32", "float64") else "float32"
    a = ctx.new((x.shape[0] if x.ndim == 2 else n, k), dtype)
    b = ctx.new((k, x.shape[1] if x.ndim == 2 else m), dtype)
    kwargs = {}
    if ctx.chance(0.3):
        kwargs["beta"], kwargs["alpha"] = ctx.choice([(0.5, 2), (0, 1), (1, -1)])
    return [x.ref, a.ref, b.ref], kwargs


def _fill_diagonal(ctx):
    x = inplace_target(ctx, "float" if ctx.chance(0.8) else "any")
    kwargs = {"wrap": True} if ctx.chance(0.3) else {}
    return [x.ref, ctx.number(x.dtype)], kwargs


def _compare_inplace(ctx):
    x = inplace_target(ctx, "float" if ctx.chance(0.8) else "any")
    return [x.ref, ctx.partner(x)], {}


def _one(ctx):
    return [_maybe_complex(ctx, 0.1).ref], {}


# -------------------------------------------------------------- factories
def _scalar_tensor(ctx):
    value = ctx.choice([1.5, -2, 0, True, 3.25, float("inf")])
    kwargs = {"dtype": {"dtype": ctx.choice(DTYPES[:4] + ["complex64"])}} if ctx.chance(0.6) \
        else {}
    if ctx.chance(0.2):
        kwargs["requires_grad"] = True
    return [value if value != float("inf") else {"float": "inf"}], kwargs


def _row_stack(ctx):
    x = ctx.tensor("float", max_ndim=2)
    shape = x.shape if x.ndim else ()
    parts = [x.ref] + [ctx.new(shape, x.dtype if ctx.chance(0.8) else "int64").ref
                       for _ in range(ctx.integer(0, 2))]
    return [parts], {}


def _unravel_index(ctx):
    shape = tuple(ctx.integer(1, 4) for _ in range(ctx.integer(1, 3)))
    total = 1
    for s in shape:
        total *= s
    indices = ctx.new(ctx.shape(ctx.integer(0, 2)), "int64", domain="index") if \
        ctx.chance(0.7) else ctx.choice([0, total - 1, total, -1])
    if ctx.chance(0.1):
        indices = ctx.new((2,), "float32").ref
    return [indices.ref if hasattr(indices, "ref") else indices,
            {"tuple": list(shape)} if ctx.chance(0.7) else list(shape)], {}


def _tri_indices(ctx):
    args = [ctx.integer(0, 4), ctx.integer(0, 4)]
    if ctx.chance(0.5):
        args.append(ctx.choice([-2, -1, 0, 1, 3]))
    kwargs = {"dtype": {"dtype": ctx.choice(["int64", "int32", "float32"])}} if \
        ctx.chance(0.2) else {}
    return args, kwargs


def _factory_kwargs(ctx, allowed=("float32", "float64", "int64", "bool", "complex64")):
    kwargs = {}
    if ctx.chance(0.6):
        kwargs["dtype"] = {"dtype": ctx.choice(list(allowed))}
    if ctx.chance(0.4):
        kwargs["requires_grad"] = True
    return kwargs


def _eye(ctx):
    args = [ctx.integer(0, 3)] + ([ctx.integer(0, 4)] if ctx.chance(0.4) else [])
    return args, _factory_kwargs(ctx)


def _zeros_ones(ctx):
    shape = list(ctx.shape(ctx.integer(0, 3)))
    args = [{"tuple": shape}] if ctx.chance(0.5) else shape
    return args, _factory_kwargs(ctx)


def _linspace(ctx):
    start, end = ctx.choice([(0, 1), (-1.5, 2.5), (3, -3), (0, 10)])
    kwargs = _factory_kwargs(ctx, ("float32", "float64", "int64", "complex64"))
    return [start, end, ctx.integer(0, 5)], kwargs


def _logspace(ctx):
    args, kwargs = _linspace(ctx)
    if ctx.chance(0.3):
        kwargs["base"] = ctx.choice([2.0, 0.5])
    return args, kwargs


def _arange(ctx):
    roll = ctx.rng.random()
    if roll < 0.3:
        args = [ctx.choice([0, 3, 4.5, -2])]
    elif roll < 0.6:
        args = [ctx.choice([-2, 0, 1.5]), ctx.choice([3, 2.5, 0])]
    else:
        args = [ctx.choice([0, 5, 1.0]), ctx.choice([4, -1, 2.5]), ctx.choice([1, 0.5, -1, 2])]
    return args, _factory_kwargs(ctx, ("float32", "float64", "int64"))


def _norm_except_dim(ctx):
    x = ctx.tensor("float", min_ndim=1)
    args = [x.ref]
    if ctx.chance(0.8):
        args.append(ctx.choice([2, 1, 3]))
        if ctx.chance(0.8):
            args.append(ctx.choice([0, -1, 1]) if x.ndim > 1 else ctx.choice([0, -1]))
    return args, {}


def table():
    ops = [Op("ger", ("t", "m"), _ger, 0.4), Op("qr", ("la",), _qr, 0.3),
           Op("qr", ("t", "m"), _qr_torch, 0.15), Op("svd", ("la",), _svd, 0.3),
           Op("svd", ("t", "m"), _svd_torch, 0.15), Op("svdvals", ("la",), _svdvals, 0.2),
           Op("view_as_complex", ("t",), _view_as_complex, 0.3),
           Op("view_as_real", ("t",), _view_as_real, 0.3),
           Op("real", ("t", "attr"), _real_imag, 0.3), Op("imag", ("t", "attr"), _real_imag, 0.3),
           Op("complex", ("t",), _complex, 0.3), Op("conj", ("t", "m"), _conj_like, 0.3),
           Op("conj_physical", ("t", "m"), _conj_like, 0.2),
           Op("resolve_conj", ("t", "m"), _conj_then, 0.2),
           Op("resolve_neg", ("t", "m"), _conj_then, 0.2),
           Op("is_conj", ("t", "m"), _conj_then, 0.1), Op("is_neg", ("t", "m"), _conj_then, 0.1),
           Op("allclose", ("t", "m"), _allclose, 0.3), Op("equal", ("t", "m"), _equal, 0.3),
           Op("is_nonzero", ("t", "m"), _is_nonzero, 0.2),
           Op("is_same_size", ("t", "m"), _is_same_size, 0.1),
           Op("isreal", ("t", "m"), _isreal, 0.2), Op("result_type", ("t",), _result_type, 0.2),
           Op("can_cast", ("t",), _dtype_pair, 0.1),
           Op("promote_types", ("t",), _dtype_pair, 0.1),
           Op("max_pool1d_with_indices", ("F",), _max_pool_with_indices(1), 0.3),
           Op("max_pool2d_with_indices", ("F",), _max_pool_with_indices(2), 0.3),
           Op("adaptive_max_pool1d_with_indices", ("F",), _adaptive_with_indices(1), 0.2),
           Op("adaptive_max_pool2d_with_indices", ("F",), _adaptive_with_indices(2), 0.2),
           Op("max_unpool1d", ("F",), _max_unpool(1), 0.3),
           Op("max_unpool2d", ("F",), _max_unpool(2), 0.3),
           Op("upsample", ("F",), _upsample, 0.2),
           Op("native_channel_shuffle", ("F",), _native_channel_shuffle, 0.2),
           Op("sum_to_size", ("m",), _sum_to_size, 0.4), Op("addmm_", ("m",), _addmm_inplace, 0.3),
           Op("fill_diagonal_", ("m",), _fill_diagonal, 0.3),
           Op("greater_equal_", ("m",), _compare_inplace, 0.2),
           Op("less_", ("m",), _compare_inplace, 0.2),
           Op("scalar_tensor", ("t",), _scalar_tensor, 0.2), Op("row_stack", ("t",), _row_stack,
                                                               0.2),
           Op("unravel_index", ("t",), _unravel_index, 0.2),
           Op("tril_indices", ("t",), _tri_indices, 0.15),
           Op("triu_indices", ("t",), _tri_indices, 0.15), Op("eye", ("t",), _eye, 0.2),
           Op("zeros", ("t",), _zeros_ones, 0.15), Op("ones", ("t",), _zeros_ones, 0.15),
           Op("linspace", ("t",), _linspace, 0.2), Op("logspace", ("t",), _logspace, 0.15),
           Op("arange", ("t",), _arange, 0.2),
           Op("norm_except_dim", ("t",), _norm_except_dim, 0.2)]
    for name in ("element_size", "nelement", "ndimension"):
        ops.append(Op(name, ("m",), _one, 0.07))
    for name in ("byte", "char", "short", "cfloat", "cdouble"):
        ops.append(Op(name, ("m",), _one, 0.15))
    return [op._replace(weight=op.weight * BOOST) for op in ops]
