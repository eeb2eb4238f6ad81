"""Op table, part 6: the linear-algebra functions hookgrad gained in round 20 whose results are
unique, so PyTorch's and hookgrad's agree up to rounding: slogdet / logdet, cholesky (random
inputs: mostly its not-positive-definite error), solve_triangular, inv_ex, eigvalsh,
matrix_rank, pinv, multi_dot, vander, dist and F.pdist. Not drawn: svd, qr and eigh, whose
vectors LAPACK may return with other signs (a difference of vendor, not of hookgrad)."""
from .ops_elementwise import Op


def _square(ctx, max_n=3):
    n = ctx.integer(0 if ctx.chance(0.05) else 1, max_n)
    batch = (ctx.integer(1, 2),) if ctx.chance(0.3) else ()
    dtype = ctx.choice(["float32"] * 4 + ["float64", "int64"])
    return ctx.tensor("float", shape=batch + (n, n), p_new=0.7) if dtype == "float32" and \
        ctx.chance(0.5) else ctx.new(batch + (n, n), dtype)


def _one_square(ctx):
    return [_square(ctx).ref], {}


def _cholesky(ctx):
    kwargs = {"upper": True} if ctx.chance(0.3) else {}
    x = _square(ctx)
    if ctx.chance(0.5) and x.ndim >= 2 and x.shape[-1]:  # (small values in [-7/8, 7/8])
        n = x.shape[-1]
        return [ctx.new(x.shape[:-2] + (n, n), x.dtype if x.dtype.startswith("float") else
                        "float32", domain="unit").ref], kwargs
    return [x.ref], kwargs


def _solve_triangular(ctx):
    a = _square(ctx)
    n = a.shape[-1] if a.ndim >= 2 else 2
    left = ctx.chance(0.7)
    k = ctx.integer(1, 3)
    shape = (n, k) if left else (k, n)
    b = ctx.new(shape, a.dtype if ctx.chance(0.9) else "float64")
    kwargs = {"upper": ctx.chance(0.5)}
    if not left:
        kwargs["left"] = False
    if ctx.chance(0.3):
        kwargs["unitriangular"] = True
    return [a.ref, b.ref], kwargs


def _rectangular(ctx):
    m, n = ctx.integer(1, 4), ctx.integer(1, 4)
    batch = (ctx.integer(1, 2),) if ctx.chance(0.25) else ()
    return ctx.new(batch + (m, n), ctx.choice(["float32"] * 4 + ["float64"]))


def _pinv(ctx):
    kwargs = {}
    if ctx.chance(0.2):
        kwargs["atol"] = ctx.choice([0.5, 1.0])
    return [_rectangular(ctx).ref], kwargs


def _matrix_rank(ctx):
    return [_rectangular(ctx).ref], ({"atol": 1.0} if ctx.chance(0.3) else {})


def _multi_dot(ctx):
    count = ctx.integer(2, 4)
    sizes = [ctx.integer(1, 4) for _ in range(count + 1)]
    dtype = ctx.choice(["float32"] * 4 + ["float64"])
    shapes = [(sizes[i], sizes[i + 1]) for i in range(count)]
    if ctx.chance(0.25):
        shapes[0] = (sizes[1],)
    if ctx.chance(0.25):
        shapes[-1] = (sizes[-2],)
    if ctx.chance(0.05):  # (a mismatch: PyTorch's message)
        shapes[-1] = shapes[-1][:-1] + (shapes[-1][-1] + 1,)
    return [[ctx.new(shape, dtype).ref for shape in shapes]], {}


def _vander(ctx):
    x = ctx.tensor("float", ndim=1, p_new=0.5)
    return [x.ref], ({"N": ctx.integer(2, 4)} if ctx.chance(0.5) or x.shape[-1] < 2 else {})


def _dist(ctx):
    x = ctx.tensor("float", max_ndim=3)
    other = ctx.new(x.shape if ctx.chance(0.8) else x.shape[-1:], x.dtype)
    args = [x.ref, other.ref]
    if ctx.chance(0.6):
        args.append(ctx.choice([1, 2, 3, 0.5, float("inf"), 0]))
    return args, {}


def _pdist(ctx):
    x = ctx.new((ctx.integer(1, 5), ctx.integer(1, 3)), ctx.choice(["float32"] * 4
                                                                  + ["float64"]))
    return [x.ref], ({"p": ctx.choice([1, 3, float("inf")])} if ctx.chance(0.4) else {})


def table():
    return [Op("slogdet", ("la", "t", "m"), _one_square, 0.4),
            Op("logdet", ("t", "m"), _one_square, 0.3),
            Op("cholesky", ("la",), _cholesky, 0.4),
            Op("inv_ex", ("la",), _one_square, 0.2),
            Op("eigvalsh", ("la",), _one_square, 0.3),
            Op("solve_triangular", ("la",), _solve_triangular, 0.4),
            Op("pinv", ("la",), _pinv, 0.3), Op("matrix_rank", ("la",), _matrix_rank, 0.2),
            Op("multi_dot", ("la",), _multi_dot, 0.4), Op("vander", ("la",), _vander, 0.2),
            Op("dist", ("t", "m"), _dist, 0.4), Op("pdist", ("F",), _pdist, 0.3)]
