"""Op table, part 7: torch functions the other tables did not draw: diff, cov / corrcoef, histc,
isin, the trapezoid rules, frexp, matrix_exp / matrix_power / pinverse, diagflat, the
h/v/dsplit family, combinations, constant_pad_nd, broadcast_tensors, and F.local_response_norm
/ F.channel_shuffle."""
from .ops_elementwise import Op


def _diff(ctx):
    x = ctx.tensor("any", min_ndim=1)
    kwargs = {"n": ctx.choice([1, 1, 2]), "dim": ctx.dim(x)}
    if ctx.chance(0.3):
        shape = list(x.shape)
        shape[kwargs["dim"]] = ctx.integer(0, 2)
        kwargs[ctx.choice(["prepend", "append"])] = ctx.new(tuple(shape), x.dtype).ref
    return [x.ref], kwargs


def _cov(ctx):
    x = ctx.tensor("float", max_ndim=2)
    kwargs = {}
    if ctx.chance(0.4):
        kwargs["correction"] = ctx.choice([0, 1, 2])
    columns = x.shape[-1] if x.ndim else 1
    if ctx.chance(0.2) and x.ndim:
        kwargs["fweights"] = ctx.new((columns,), "int64", domain="pos").ref
    if ctx.chance(0.2) and x.ndim:
        kwargs["aweights"] = ctx.new((columns,), x.dtype, rg=False, domain="pos").ref
    return [x.ref], kwargs


def _corrcoef(ctx):
    return [ctx.tensor("float", max_ndim=2).ref], {}


def _histc(ctx):
    x = ctx.tensor("float")
    kwargs = {"bins": ctx.integer(1, 5)}
    if ctx.chance(0.6):
        kwargs["min"], kwargs["max"] = ctx.choice([(-1, 1), (0, 2), (1, 1), (2, 0)])
    return [x.ref], kwargs


def _isin(ctx):
    x = ctx.tensor("any")
    test = ctx.number(x.dtype) if ctx.chance(0.2) else ctx.new(
        (ctx.integer(0, 4),), ctx.choice([x.dtype, "int64", "float32"])).ref
    return [x.ref, test], ({"invert": True} if ctx.chance(0.3) else {})


def _trapezoid(ctx):
    y = ctx.tensor("float", min_ndim=1)
    dim = ctx.dim(y)
    roll = ctx.rng.random()
    if roll < 0.3:
        return [y.ref], {"dx": ctx.choice([0.5, 2.0, -1.0]), "dim": dim}
    if roll < 0.6:
        x = ctx.new((y.shape[dim],), y.dtype, domain="distinct")
        return [y.ref, x.ref], {"dim": dim}
    return [y.ref], ({"dim": dim} if ctx.chance(0.7) else {})


def _frexp(ctx):
    return [ctx.tensor("float").ref], {}


def _square(ctx):
    n = ctx.integer(0 if ctx.chance(0.05) else 1, 3)
    batch = (ctx.integer(1, 2),) if ctx.chance(0.3) else ()
    return ctx.new(batch + (n, n), ctx.choice(["float32"] * 3 + ["float64", "int64"]),
                   domain="unit")


def _matrix_exp(ctx):
    return [_square(ctx).ref], {}


def _matrix_power(ctx):
    return [_square(ctx).ref, ctx.choice([-1, 0, 1, 2, 3])], {}


def _pinverse(ctx):
    shape = (ctx.integer(1, 4), ctx.integer(1, 4))
    return [ctx.new(shape, ctx.choice(["float32"] * 3 + ["float64"])).ref], {}


def _diagflat(ctx):
    x = ctx.tensor("any", max_ndim=2)
    return [x.ref] + ([ctx.choice([-1, 1, 2])] if ctx.chance(0.4) else []), {}


def _splitter(min_ndim, axis):
    def gen(ctx):
        x = ctx.tensor("any", min_ndim=min_ndim)
        size = x.shape[axis if x.ndim > 1 or min_ndim > 1 else 0]
        if ctx.chance(0.5):
            sections = [ctx.integer(0, size + 1) for _ in range(ctx.integer(1, 2))]
        else:  # (an int must divide the size: PyTorch's error otherwise)
            sections = ctx.choice([d for d in (1, 2, 3) if size % d == 0] or [1]) \
                if ctx.chance(0.9) else 2
        return [x.ref, sections], {}
    return gen


def _combinations(ctx):
    x = ctx.tensor("any", ndim=1)
    kwargs = {"r": ctx.choice([1, 2, 2, 3])}
    if ctx.chance(0.3):
        kwargs["with_replacement"] = True
    return [x.ref], kwargs


def _constant_pad_nd(ctx):
    x = ctx.tensor("any", min_ndim=1)
    count = ctx.integer(1, min(x.ndim, 2))
    pad = [ctx.choice([0, 1, 2, -1]) for _ in range(2 * count)]
    return [x.ref, pad] + ([ctx.number(x.dtype)] if ctx.chance(0.5) else []), {}


def _broadcast_tensors(ctx):
    x = ctx.tensor("any")
    return [x.ref, ctx.new(ctx.broadcast_shape(x.shape), x.dtype).ref], {}


def _local_response_norm(ctx):
    shape = (ctx.integer(1, 2), ctx.integer(1, 4)) + tuple(ctx.integer(1, 3) for _ in
                                                          range(ctx.integer(1, 2)))
    x = ctx.new(shape, ctx.choice(["float32"] * 3 + ["float64"]))
    kwargs = {"size": ctx.integer(1, 3)}
    if ctx.chance(0.4):
        kwargs["alpha"], kwargs["beta"], kwargs["k"] = 0.5, 0.75, 2.0
    return [x.ref], kwargs


def _channel_shuffle(ctx):
    groups = ctx.integer(1, 3)
    shape = (ctx.integer(1, 2), groups * ctx.integer(1, 2), ctx.integer(1, 2), ctx.integer(1, 2))
    return [ctx.new(shape).ref, groups], {}


def table():
    return [Op("diff", ("t", "m"), _diff, 0.5), Op("cov", ("t", "m"), _cov, 0.4),
            Op("corrcoef", ("t", "m"), _corrcoef, 0.3), Op("histc", ("t", "m"), _histc, 0.3),
            Op("isin", ("t",), _isin, 0.3), Op("trapezoid", ("t",), _trapezoid, 0.3),
            Op("trapz", ("t",), _trapezoid, 0.1),
            Op("cumulative_trapezoid", ("t",), _trapezoid, 0.3),
            Op("frexp", ("t", "m"), _frexp, 0.3),
            Op("matrix_exp", ("la", "t", "m"), _matrix_exp, 0.3),
            Op("matrix_power", ("la", "t", "m"), _matrix_power, 0.3),
            Op("pinverse", ("t", "m"), _pinverse, 0.2), Op("diagflat", ("t", "m"), _diagflat, 0.3),
            Op("hsplit", ("t", "m"), _splitter(1, 1), 0.2),
            Op("vsplit", ("t", "m"), _splitter(2, 0), 0.2),
            Op("dsplit", ("t", "m"), _splitter(3, 2), 0.2),
            Op("combinations", ("t",), _combinations, 0.3),
            Op("constant_pad_nd", ("t",), _constant_pad_nd, 0.3),
            Op("broadcast_tensors", ("t",), _broadcast_tensors, 0.3),
            Op("local_response_norm", ("F",), _local_response_norm, 0.3),
            Op("channel_shuffle", ("F",), _channel_shuffle, 0.2)]
