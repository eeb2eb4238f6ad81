"""Op table, part 2: reductions and scans, shape ops and views, sorting, and casts."""

from .context import product
from .ops_elementwise import Op, inplace_target, inplace_version

REDUCE_DIMS = ["sum", "mean", "nansum", "nanmean", "amax", "amin", "logsumexp", "norm",
               "count_nonzero", "var", "std", "var_mean", "std_mean"]
REDUCE_DIM = ["prod", "max", "min", "argmax", "argmin", "all", "any", "median", "nanmedian",
              "mode", "aminmax"]
SCANS = ["cumsum", "cumprod", "cummax", "cummin", "logcumsumexp", "softmax", "log_softmax"]


def _reduce_dims(name):
    def gen(ctx):
        x = ctx.tensor("float" if ctx.chance(0.85) else "any")
        if name in ("median", "nanmedian", "mode") and not ctx.distinct(x):
            x = ctx.new(ctx.shape(), "float32", domain="distinct")
        roll, kwargs = ctx.rng.random(), {}
        if roll < 0.3 and name not in ("logsumexp",):
            args = [x.ref]
        elif roll < 0.75 or name not in REDUCE_DIMS:
            args = [x.ref, ctx.dim(x)]
            kwargs["keepdim"] = ctx.chance(0.5)
        else:
            args = [x.ref, ctx.dims(x)]
            kwargs["keepdim"] = ctx.chance(0.5)
        if name in ("var", "std", "var_mean", "std_mean") and ctx.chance(0.4):
            kwargs["correction"] = ctx.choice([0, 1, 2])
        if name in ("sum", "mean", "prod", "nansum") and ctx.chance(0.15):
            kwargs["dtype"] = {"dtype": ctx.choice(["float64", "float32", "int64"])}
        if name == "norm" and ctx.chance(0.5):
            kwargs["p"] = ctx.choice([1, 3, float("inf") if ctx.chance(0.3) else 2])
        if name == "count_nonzero":
            kwargs.pop("keepdim", None)
        if name in ("argmax", "argmin") and "keepdim" in kwargs and len(args) == 1:
            kwargs.pop("keepdim")
        return args, kwargs
    return gen


def _scan(name):
    def gen(ctx):
        x = ctx.tensor("float" if ctx.chance(0.85) else "any")
        kwargs = {}
        if name in ("cumsum", "cumprod", "softmax", "log_softmax") and ctx.chance(0.2):
            kwargs["dtype"] = {"dtype": ctx.choice(["float64", "float32", "int64"])}
        return [x.ref, ctx.dim(x)], kwargs
    return gen


def _kthvalue(ctx):
    x = ctx.tensor("float", min_numel=1, min_ndim=1)
    if not ctx.distinct(x):
        x = ctx.new(ctx.shape(ctx.integer(1, 3), allow_empty=False), domain="distinct")
    dim = ctx.dim(x)
    return [x.ref, ctx.integer(1, max(1, x.shape[dim] if x.ndim else 1)), dim], {
        "keepdim": ctx.chance(0.3)}


def _quantile(ctx):
    x = ctx.tensor("float", min_numel=1)
    q = ctx.choice([0.5, 0.25, 0.9]) if ctx.chance(0.7) else ctx.new((2,), domain="prob").ref
    kwargs = {"dim": ctx.dim(x), "keepdim": ctx.chance(0.3)} if ctx.chance(0.6) else {}
    if ctx.chance(0.3):
        kwargs["interpolation"] = ctx.choice(["lower", "higher", "midpoint", "nearest"])
    return [x.ref, q], kwargs


def _sort(name):
    def gen(ctx):
        x = ctx.tensor("float" if ctx.chance(0.9) else "int")
        if not ctx.distinct(x):
            x = ctx.new(ctx.shape(), domain="distinct")
        if name == "topk":
            dim = ctx.dim(x)
            size = x.shape[dim] if x.ndim else 1
            return [x.ref, ctx.integer(0, size)], {"dim": dim, "largest": ctx.chance(0.6),
                                                     "sorted": True}
        if name == "msort":
            return [x.ref], {}
        kwargs = {"dim": ctx.dim(x), "descending": ctx.chance(0.4)}
        if ctx.chance(0.3):
            kwargs["stable"] = True
        return [x.ref], kwargs
    return gen


# -------------------------------------------------------------- shapes and views
def _factor_shape(ctx, numel):
    """A random shape with ``numel`` elements (maybe with a -1)."""
    if numel == 0:
        return ctx.choice([[0], [0, 2], [-1, 0] if ctx.chance(0.5) else [2, 0, 1]])
    shape, rest = [], numel
    for factor in (2, 3, 5, 2, 3):
        if rest % factor == 0 and ctx.chance(0.5):
            shape.append(factor)
            rest //= factor
    shape.append(rest)
    if ctx.chance(0.3):
        shape.insert(ctx.integer(0, len(shape)), 1)
    ctx.rng.shuffle(shape)
    if ctx.chance(0.3):
        shape[ctx.integer(0, len(shape) - 1)] = -1
    return [int(s) for s in shape]


def _reshape(ctx):
    x = ctx.tensor("any" if ctx.chance(0.2) else "float")
    shape = list(x.shape) if ctx.chance(0.3) else _factor_shape(ctx, x.numel)
    return ([x.ref, {"tuple": shape}] if ctx.chance(0.4) else [x.ref] + shape), {}


def _reshape_as(ctx):
    x = ctx.tensor("float")
    if ctx.chance(0.4):
        return [x.ref, x.ref], {}
    shape = list(x.shape) if ctx.chance(0.4) else [s if s != -1 else 1 for s in
                                                   _factor_shape(ctx, x.numel)]
    if product(shape) != x.numel:
        shape = list(x.shape)
    return [x.ref, ctx.new(tuple(shape), rg=False).ref], {}


def _flatten(ctx):
    x = ctx.tensor("float")
    if x.ndim > 1 and ctx.chance(0.6):
        start = ctx.integer(0, x.ndim - 1)
        return [x.ref, start, ctx.integer(start, x.ndim - 1)], {}
    return [x.ref], {}


def _unflatten(ctx):
    x = ctx.tensor("float", min_ndim=1)
    dim = ctx.dim(x)
    size = x.shape[dim]
    sizes = [size] if size < 2 or size % 2 else [2, size // 2]
    if ctx.chance(0.3):
        sizes = [1] + sizes
    return [x.ref, dim, {"tuple": sizes}], {}


def _squeeze(ctx):
    x = ctx.tensor("float")
    roll = ctx.rng.random()
    if roll < 0.35 or x.ndim == 0:
        return [x.ref], {}
    if roll < 0.8:
        ones = [d for d, s in enumerate(x.shape) if s == 1]
        return [x.ref, ctx.choice(ones) if ones and ctx.chance(0.7) else ctx.dim(x)], {}
    return [x.ref, ctx.dims(x)], {}


def _unsqueeze(ctx):
    x = ctx.tensor("float")
    return [x.ref, ctx.integer(-x.ndim - 1, x.ndim)], {}


def _two_dims(ctx):
    x = ctx.tensor("float" if ctx.chance(0.85) else "any", min_ndim=0)
    return [x.ref, ctx.dim(x), ctx.dim(x)], {}


def _permute(ctx):
    x = ctx.tensor("float")
    order = ctx.rng.permutation(x.ndim).tolist()
    return ([x.ref] + order) if ctx.chance(0.5) else [x.ref, {"tuple": order}], {}


def _expanded_shape(ctx, x):
    shape = [s if s != 1 or ctx.chance(0.3) else ctx.integer(2, 3) for s in x.shape]
    if ctx.chance(0.4):
        shape = [ctx.integer(1, 3)] + shape
    return shape


def _expand(ctx):
    x = ctx.tensor("float", max_ndim=3)
    shape = _expanded_shape(ctx, x)
    offset = len(shape) - x.ndim
    shape = [-1 if i >= offset and ctx.chance(0.2) else s for i, s in enumerate(shape)]
    return [x.ref] + shape, {}


def _broadcast_to(ctx):
    x = ctx.tensor("float", max_ndim=3)
    return [x.ref, {"tuple": _expanded_shape(ctx, x)}], {}


def _expand_as(ctx):
    x = ctx.tensor("float", max_ndim=3)
    return [x.ref, ctx.new(tuple(_expanded_shape(ctx, x)), rg=False).ref], {}


def _narrow(ctx):
    x = ctx.tensor("float", min_ndim=1)
    dim = ctx.dim(x)
    size = x.shape[dim]
    start = ctx.integer(-size, size) if size else 0
    begin = start + size if start < 0 else start
    return [x.ref, dim, start, ctx.integer(0, max(0, size - begin))], {}


def _select(ctx):
    x = ctx.tensor("float", min_ndim=1)
    dim = ctx.dim(x)
    size = x.shape[dim]
    return [x.ref, dim, ctx.integer(-size, size - 1) if size else 0], {}


def _split(name):
    def gen(ctx):
        x = ctx.tensor("float", min_ndim=1)
        dim = ctx.dim(x)
        size = x.shape[dim]
        if name == "chunk":
            return [x.ref, ctx.integer(1, 4), dim], {}
        if name == "tensor_split":
            if ctx.chance(0.5):
                return [x.ref, ctx.integer(1, 4)], {"dim": dim}
            cuts = sorted(ctx.integer(0, size) for _ in range(ctx.integer(1, 2)))
            return [x.ref, cuts], {"dim": dim}
        if name in ("split_with_sizes",) or ctx.chance(0.4):
            first = ctx.integer(0, size)
            return [x.ref, [first, size - first], dim], {}
        return [x.ref, ctx.integer(1, 3), dim], {}
    return gen


def _unbind(ctx):
    x = ctx.tensor("float", min_ndim=1)
    return [x.ref, ctx.dim(x)] if ctx.chance(0.5) else [x.ref], {}


def _iterate(ctx):
    """``list(x)``: iterating a tensor gives views of it (0-d ones for a 1-d tensor)."""
    x = inplace_target(ctx) if ctx.chance(0.5) else ctx.tensor("float", min_ndim=1)
    if x.ndim == 0:
        return None
    return [x.ref], {}


def _flip(ctx):
    x = ctx.tensor("float")
    return [x.ref, ctx.dims(x)], {}


def _roll(ctx):
    x = ctx.tensor("float")
    if ctx.chance(0.3):
        return [x.ref, ctx.integer(-3, 3)], {}
    return [x.ref, ctx.integer(-3, 3), ctx.dim(x)], {}


def _rot90(ctx):
    x = ctx.tensor("float", min_ndim=2)
    return [x.ref, ctx.integer(-1, 2), [0, 1] if ctx.chance(0.6) else [x.ndim - 1, 0]], {}


def _matrix_op(ctx, name, inplace=False):
    x = ctx.tensor("float", min_ndim=2 if name not in ("diag",) else 1,
                   max_ndim=2 if name in ("diag", "trace") else None)
    if inplace:
        target = inplace_target(ctx)
        x = target if target.ndim >= 2 else x
    if name in ("tril", "triu", "diag"):
        return [x.ref, ctx.integer(-2, 2)], {}
    if name == "diagonal":
        return [x.ref], {"offset": ctx.integer(-1, 1), "dim1": 0, "dim2": ctx.dim(x)}
    return [x.ref], {}


def _repeat(name):
    def gen(ctx):
        x = ctx.tensor("float", max_ndim=3)
        if name == "repeat_interleave":
            if ctx.chance(0.3) and x.ndim:
                dim = ctx.dim(x)
                repeats = ctx.new((x.shape[dim],), "int64", domain="index")
                return [x.ref, repeats.ref], {"dim": dim}
            return [x.ref, ctx.integer(0, 3)], ({"dim": ctx.dim(x)} if ctx.chance(0.6) else {})
        sizes = [ctx.integer(1, 2) for _ in range(max(x.ndim, 1) + ctx.integer(0, 1))]
        if name == "tile":
            sizes = sizes[:ctx.integer(1, len(sizes))]
            return [x.ref, {"tuple": sizes}], {}
        return [x.ref] + sizes, {}
    return gen


def _unfold(ctx):
    x = ctx.tensor("float", min_ndim=1)
    dim = ctx.dim(x)
    size = x.shape[dim]
    return [x.ref, dim, ctx.integer(1, max(1, size)), ctx.integer(1, 2)], {}


def _as_strided(ctx):
    x = ctx.tensor("float", min_numel=4)
    return [x.ref, {"tuple": [2, 2]}, {"tuple": [1, 2]}], (
        {"storage_offset": 1} if ctx.chance(0.3) else {})


def _join(name):
    def gen(ctx):
        x = ctx.tensor("float", min_ndim=1 if name in ("cat", "concat") else 0)
        dim = ctx.dim(x) if x.ndim else 0
        parts = [x.ref]
        for _ in range(ctx.integer(1, 2)):
            shape = list(x.shape)
            if name in ("cat", "concat", "hstack", "vstack", "dstack", "column_stack") \
                    and shape and ctx.chance(0.6):
                shape[dim] = ctx.integer(0, 3)
            if ctx.chance(0.1) and name in ("cat",):
                shape = [0]  # PyTorch skips 1-d empty tensors in cat
            parts.append(ctx.new(tuple(shape), ctx.choice(["float32", "float32", "float64",
                                                           "int64"])).ref)
        if name in ("hstack", "vstack", "dstack", "column_stack", "block_diag",
                    "cartesian_prod", "meshgrid"):
            if name in ("block_diag", "cartesian_prod"):
                return parts, {}
            if name == "meshgrid":
                return parts, {"indexing": ctx.choice(["ij", "xy"])}
            return [parts], {}
        return [parts, dim], {}
    return gen


def _atleast(ctx):
    return [ctx.tensor("float", max_ndim=2).ref], {}


# -------------------------------------------------------------- casts and misc
def _to(ctx):
    x = ctx.tensor("any")
    target = ctx.choice(["float64", "float32", "int64", "bool", "float16", "int32", "uint8",
                         "complex64", "bfloat16", "cuda", "cpu", "other"],
                        p=[0.2, 0.15, 0.13, 0.1, 0.05, 0.05, 0.04, 0.04, 0.04, 0.05, 0.05, 0.1])
    if target in ("cuda", "cpu"):
        return [x.ref, target], {}
    if target == "other":
        return [x.ref, ctx.tensor("any", p_new=0.5).ref], {}
    return [x.ref, {"dtype": target}], {}


def _cast_method(ctx):
    return [ctx.tensor("any").ref], {}


def _like(name):
    def gen(ctx):
        x = ctx.tensor("any")
        if name == "full_like":
            return [x.ref, ctx.number()], {}
        if name.startswith("new_"):
            shape = {"tuple": list(ctx.shape(ctx.integer(0, 2)))}
            if name == "new_full":
                return [x.ref, shape, ctx.number()], {}
            if name == "new_tensor":
                return [x.ref, [1.5, 2.0]], {}
            return [x.ref, shape], {}
        return [x.ref], ({"dtype": {"dtype": "float64"}} if ctx.chance(0.2) else {})
    return gen


def _item(ctx):
    x = ctx.pick(lambda m: m.numel == 1) or ctx.new(())
    return [x.ref], {}


def _simple(kind="float", **kw):
    def gen(ctx):
        return [ctx.tensor(kind, **kw).ref], {}
    return gen


def table():
    ops = []
    for name in REDUCE_DIMS + REDUCE_DIM:
        ops.append(Op(name, ("m", "t"), _reduce_dims(name), 1.5 if name in (
            "sum", "mean", "max", "min") else 1.0))
    for name in SCANS:
        ops.append(Op(name, ("m", "t"), _scan(name)))
    ops += [Op("kthvalue", ("m", "t"), _kthvalue), Op("quantile", ("m", "t"), _quantile, 0.5),
            Op("nanquantile", ("m", "t"), _quantile, 0.3)]
    for name in ("sort", "argsort", "topk", "msort"):
        ops.append(Op(name, ("m", "t"), _sort(name)))
    ops += [Op("reshape", ("m", "t"), _reshape, 3.0), Op("view", ("m",), _reshape, 2.5),
            Op("reshape_as", ("m",), _reshape_as, 1.5), Op("view_as", ("m",), _reshape_as, 1.5),
            Op("flatten", ("m", "t"), _flatten), Op("unflatten", ("m", "t"), _unflatten),
            Op("squeeze", ("m", "t"), _squeeze), Op("unsqueeze", ("m", "t"), _unsqueeze),
            Op("squeeze_", ("m",), lambda c: inplace_version(_squeeze)(c), 0.4),
            Op("unsqueeze_", ("m",), lambda c: inplace_version(_unsqueeze)(c), 0.4),
            Op("t", ("m", "t"), _simple(max_ndim=2)), Op("t_", ("m",), _simple(max_ndim=2), 0.3),
            Op("T", ("attr",), _simple(max_ndim=2)), Op("mT", ("attr",), _simple(min_ndim=2)),
            Op("transpose", ("m", "t"), _two_dims), Op("swapaxes", ("m", "t"), _two_dims, 0.5),
            Op("swapdims", ("m", "t"), _two_dims, 0.3), Op("movedim", ("m", "t"), _two_dims),
            Op("moveaxis", ("m", "t"), _two_dims, 0.3),
            Op("transpose_", ("m",), _two_dims, 0.4), Op("permute", ("m", "t"), _permute),
            Op("expand", ("m",), _expand, 1.5), Op("broadcast_to", ("m", "t"), _broadcast_to),
            Op("expand_as", ("m",), _expand_as),
            Op("narrow", ("m", "t"), _narrow), Op("select", ("m", "t"), _select),
            Op("unbind", ("m", "t"), _unbind)]
    for name in ("split", "chunk", "tensor_split", "split_with_sizes"):
        ops.append(Op(name, ("m", "t") if name != "split_with_sizes" else ("m",), _split(name)))
    ops += [Op("list", ("builtin",), _iterate, 1.5),
            Op("contiguous", ("m",), _simple()), Op("clone", ("m", "t"), _simple()),
            Op("detach", ("m", "t"), _simple()), Op("detach_", ("m",), _simple(), 0.3),
            Op("flip", ("m", "t"), _flip), Op("fliplr", ("m", "t"), _simple(min_ndim=2), 0.4),
            Op("flipud", ("m", "t"), _simple(min_ndim=1), 0.4), Op("roll", ("m", "t"), _roll),
            Op("rot90", ("m", "t"), _rot90)]
    for name in ("tril", "triu", "diagonal", "diag", "trace", "tril_", "triu_", "diag_embed"):
        ops.append(Op(name, ("m",) if name.endswith("_") else ("m", "t"),
                      lambda c, n=name: _matrix_op(c, n.rstrip("_"), n.endswith("_"))))
    for name in ("repeat", "tile", "repeat_interleave"):
        ops.append(Op(name, ("m", "t") if name != "repeat" else ("m",), _repeat(name)))
    ops += [Op("unfold", ("m",), _unfold), Op("as_strided", ("m", "t"), _as_strided, 0.5),
            Op("ravel", ("m", "t"), _simple(), 0.5)]
    for name in ("atleast_1d", "atleast_2d", "atleast_3d"):
        ops.append(Op(name, ("t",), _atleast, 0.4))
    for name in ("cat", "concat", "concatenate", "stack", "hstack", "vstack", "dstack",
                 "column_stack", "block_diag", "cartesian_prod", "meshgrid"):
        ops.append(Op(name, ("t",), _join(name), 2.0 if name in ("cat", "stack") else 0.4))
    ops += [Op("to", ("m",), _to, 2.5), Op("type_as", ("m",), lambda c: _to_other(c), 0.5)]
    for name in ("float", "double", "long", "int", "bool", "half"):
        ops.append(Op(name, ("m",), _cast_method, 0.4))
    for name in ("zeros_like", "ones_like", "full_like", "new_zeros", "new_ones", "new_full",
                 "new_tensor"):
        ops.append(Op(name, ("m",) if name.startswith("new_") else ("t",), _like(name), 0.4))
    ops += [Op("item", ("m",), _item, 0.4), Op("tolist", ("m",), _simple("any"), 0.3),
            Op("stride", ("m",), _simple("any"), 0.3),
            Op("is_contiguous", ("m",), _simple("any"), 0.3),
            Op("data", ("attr",), _simple(), 0.5), Op("grad", ("attr",), _simple(), 0.5),
            Op("numel", ("m",), _simple("any"), 0.2), Op("size", ("m",), _simple("any"), 0.2)]
    return ops


def _to_other(ctx):
    return [ctx.tensor("any").ref, ctx.tensor("any", p_new=0.6).ref], {}
