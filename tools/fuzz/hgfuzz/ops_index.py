"""Op table, part 3: indexing (getitem, setitem, gather/scatter, index_* and masked_*),
take, nonzero, searchsorted, bincount and unique."""
import numpy as np

from .ops_elementwise import Op, inplace_target, inplace_version, no_grad_view


def index_arg(ctx, x, allow_advanced=True):
    """A random index expression valid for ``x`` (mostly)."""
    parts, dim = [], 0
    count = ctx.integer(1, max(1, min(3, x.ndim + 1)))
    for _ in range(count):
        size = x.shape[dim] if dim < x.ndim else 0
        roll = ctx.rng.random()
        if dim >= x.ndim or roll < 0.1:
            parts.append(ctx.choice([None, {"ellipsis": 1}]))
            if parts[-1] is not None:
                dim = x.ndim - (count - len(parts))
            continue
        if roll < 0.4 and size:
            parts.append(ctx.integer(-size, size - 1))
        elif roll < 0.75:
            start = ctx.choice([None, 0, 1, -1, -2])
            stop = ctx.choice([None, size, -1, 2, 0])
            parts.append({"slice": [start, stop, ctx.choice([None, None, 1, 2, 3])]})
        elif allow_advanced and roll < 0.87 and size:
            count_indices = ctx.integer(1, 4)
            indices = [ctx.integer(-size, size - 1) for _ in range(count_indices)]
            parts.append(indices if ctx.chance(0.4) else
                         ctx.new((count_indices,), "int64", rg=False).ref)
            if isinstance(parts[-1], dict):
                ctx.steps[-1]["v"] = indices
                ctx.interp.env[-1] = ctx.torch.tensor(indices)
        elif allow_advanced:
            mask = ctx.new((size,), "bool")
            parts.append(mask.ref)
        else:
            parts.append({"slice": [None, None, None]})
        dim += 1
    if len(parts) == 1 and ctx.chance(0.7):
        return parts[0]
    return {"tuple": parts}


def _getitem(ctx):
    x = ctx.tensor("float" if ctx.chance(0.85) else "any", p_new=0.2)
    if ctx.chance(0.15) and x.ndim:  # a whole mask of x's shape
        return [x.ref, ctx.new(x.shape, "bool").ref], {}
    return [x.ref, index_arg(ctx, x)], {}


def _setitem(ctx):
    """``x[index] = value``: into a tensor without grad (and then its view and base require
    grad), a non-leaf, or a view; the value a number or a tensor that may require grad."""
    roll = ctx.rng.random()
    if roll < 0.3:
        x = no_grad_view(ctx)
    elif roll < 0.65:
        x = ctx.tensor("float", p_new=0.5)
    else:
        x = inplace_target(ctx)
    if x.leaf and x.rg and not ctx.chance(0.1):
        x = ctx.new(x.shape, x.dtype, rg=False)
    index = index_arg(ctx, x)
    shape = ctx.index_shape(x, index)
    if shape is None:
        return None
    if ctx.chance(0.3):
        value = ctx.number(x.dtype)
    else:
        value = ctx.new(ctx.broadcast_shape(shape), "float32" if ctx.chance(0.8) else
                        ctx.choice(["float64", "int64"]), rg=ctx.chance(0.7)).ref
    return [x.ref, index, value], {}


def _index_tensor(ctx, size, count, distinct=False):
    if distinct:
        count = min(count, size)
        values = ctx.rng.permutation(size)[:count].tolist()
    else:
        values = ctx.rng.integers(0, max(size, 1), count).tolist()
    meta = ctx.new((len(values),), "int64", rg=False)
    ctx.steps[-1]["v"] = values
    ctx.interp.env[-1] = ctx.torch.tensor(values, dtype=ctx.torch.int64)
    return meta


def _gather_like(name):
    def gen(ctx):
        x = ctx.tensor("float", min_ndim=1, min_numel=1)
        dim = ctx.dim(x)
        size = x.shape[dim]
        distinct = name in ("scatter", "index_copy", "index_put", "scatter_", "index_copy_")
        if name in ("index_select", "index_add", "index_copy", "index_fill", "index_add_",
                    "index_copy_", "index_fill_"):
            index = _index_tensor(ctx, size, ctx.integer(0, 3), distinct)
            if name == "index_select" and ctx.chance(0.15) and index.numel:
                ctx.steps[-1]["v"][0] = -1  # a negative index: PyTorch refuses it
                ctx.interp.env[-1] = ctx.torch.tensor(ctx.steps[-1]["v"])
            if name.startswith("index_fill"):
                return [x.ref, dim, index.ref, ctx.number()], {}
            if name.startswith(("index_add", "index_copy")):
                shape = list(x.shape)
                shape[dim] = index.numel
                kwargs = {"alpha": 2} if name.startswith("index_add") and ctx.chance(0.3) else {}
                return [x.ref, dim, index.ref, ctx.new(tuple(shape)).ref], kwargs
            return [x.ref, dim, index.ref], {}
        # gather / scatter family: an index of x's rank, no larger than x
        shape = [ctx.integer(0, s) if d != dim else ctx.integer(0, 3)
                 for d, s in enumerate(x.shape)]
        if distinct:
            shape[dim] = min(shape[dim], size)
        if distinct:  # a permutation of x's positions along dim, cut to the index's size
            full = list(shape)
            full[dim] = size
            order = np.argsort(ctx.rng.random(full), axis=dim)
            values = np.take(order, np.arange(shape[dim]), axis=dim)
        else:
            values = ctx.rng.integers(0, size, shape)
        index = ctx.new(tuple(shape), "int64", rg=False)
        ctx.steps[-1]["v"] = values.reshape(-1).tolist()
        ctx.interp.env[-1] = ctx.torch.tensor(ctx.steps[-1]["v"],
                                              dtype=ctx.torch.int64).reshape(shape)
        if name in ("gather", "take_along_dim"):
            return [x.ref, index.ref, dim] if name == "take_along_dim" else \
                [x.ref, dim, index.ref], {}
        src = ctx.new(tuple(shape)).ref if ctx.chance(0.7) else ctx.number()
        if name.startswith("scatter_reduce"):
            return [x.ref, dim, index.ref, ctx.new(tuple(shape)).ref,
                    ctx.choice(["sum", "prod", "mean", "amax", "amin"])], {
                "include_self": ctx.chance(0.5)}
        if name.startswith("scatter_add") and not isinstance(src, dict):
            src = ctx.new(tuple(shape)).ref
        return [x.ref, dim, index.ref, src], {}
    return gen


def _masked(name):
    def gen(ctx):
        x = ctx.tensor("float")
        mask = ctx.new(ctx.broadcast_shape(x.shape), "bool")
        if name.startswith("masked_fill"):
            value = ctx.number() if ctx.chance(0.6) else ctx.new((), rg=ctx.chance(0.5)).ref
            return [x.ref, mask.ref, value], {}
        if name.startswith("masked_scatter"):
            return [x.ref, mask.ref, ctx.new((x.numel + 2,)).ref], {}
        return [x.ref, mask.ref], {}
    return gen


def _take(ctx):
    x = ctx.tensor("float", min_numel=1)
    return [x.ref, _index_tensor(ctx, x.numel, ctx.integer(0, 4)).ref], {}


def _index_put(ctx):
    x = ctx.tensor("float", min_ndim=1, min_numel=1)
    index = _index_tensor(ctx, x.shape[0], ctx.integer(1, 3), distinct=True)
    values = ctx.new((index.numel,) + x.shape[1:] if ctx.chance(0.6) else ())
    return [x.ref, {"tuple": [index.ref]}, values.ref], {"accumulate": ctx.chance(0.4)}


def _nonzero(ctx):
    x = ctx.tensor("any")
    return [x.ref], ({"as_tuple": True} if ctx.chance(0.3) else {})


def _searchsorted(ctx):
    boundaries = ctx.new((ctx.integer(1, 5),), domain="distinct", rg=False)
    ctx.steps[-1]["v"] = sorted(ctx.steps[-1]["v"])
    ctx.interp.env[-1] = ctx.torch.tensor(ctx.steps[-1]["v"])
    values = ctx.tensor("float")
    if ctx.chance(0.5):
        return [values.ref, boundaries.ref], {"right": ctx.chance(0.5)}
    return [boundaries.ref, values.ref], {"right": ctx.chance(0.5)}


def _bincount(ctx):
    x = ctx.new((ctx.integer(0, 6),), "int64", domain="index")
    kwargs = {"minlength": ctx.integer(0, 5)} if ctx.chance(0.4) else {}
    if ctx.chance(0.4):
        kwargs["weights"] = ctx.new(x.shape).ref
    return [x.ref], kwargs


def _unique(ctx):
    x = ctx.tensor("any")
    kwargs = {"sorted": True}
    if ctx.chance(0.4):
        kwargs["return_inverse"] = True
    if ctx.chance(0.4):
        kwargs["return_counts"] = True
    if ctx.chance(0.2) and x.ndim:
        kwargs["dim"] = ctx.dim(x, negative=False)
    return [x.ref], kwargs




def table():
    ops = []
    ops += [Op("getitem", ("op",), _getitem, 5.0), Op("setitem", ("op",), _setitem, 4.0)]
    for name in ("gather", "scatter", "scatter_add", "scatter_reduce", "index_select",
                 "index_add", "index_copy", "index_fill", "take_along_dim"):
        ops.append(Op(name, ("m", "t"), _gather_like(name)))
    for name in ("scatter_", "scatter_add_", "index_add_", "index_copy_", "index_fill_",
                 "scatter_reduce_"):
        ops.append(Op(name, ("m",), inplace_version(_gather_like(name)), 0.6))
    for name in ("masked_fill", "masked_select", "masked_scatter"):
        ops.append(Op(name, ("m", "t") if name != "masked_scatter" else ("m",), _masked(name)))
    ops += [Op("masked_fill_", ("m",), inplace_version(_masked("masked_fill")), 0.6),
            Op("take", ("m", "t"), _take), Op("index_put", ("m",), _index_put, 0.6),
            Op("index_put_", ("m",), inplace_version(_index_put), 0.5),
            Op("nonzero", ("m", "t"), _nonzero, 0.5), Op("argwhere", ("m", "t"), _nonzero, 0.3),
            Op("searchsorted", ("t",), _searchsorted, 0.5),
            Op("bucketize", ("t",), _searchsorted, 0.3),
            Op("bincount", ("t",), _bincount, 0.5), Op("unique", ("t",), _unique, 0.5),
            Op("unique_consecutive", ("t",), _unique, 0.2)]
    return ops
