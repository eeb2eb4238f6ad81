"""Op table, part 5: ops and forms hookgrad gained for the missing-op tasks (T15-T18) that the
other tables do not draw: polygamma, mvlgamma, torch.special, the bitwise shifts and their
operators, linalg.cross / det / inverse as functions and methods, F.fold / pixel_unshuffle,
5-D and antialiased interpolation, and the rest of the in-place family."""
from .ops_elementwise import Op, _binary_inplace, _unary_inplace, inplace_target, inplace_version
from .ops_nn import _mm

UNARY_INPLACE = ["arccos_", "arcsinh_", "arccosh_", "arctanh_"]
BINARY_INPLACE = ["arctan2_", "divide_", "ne_", "le_", "gt_", "ge_", "not_equal_", "greater_",
                  "less_equal_", "logical_or_", "logical_xor_", "nextafter_"]
INT_INPLACE = ["gcd_", "lcm_", "bitwise_left_shift_", "bitwise_right_shift_", "bitwise_and_",
               "bitwise_or_", "bitwise_xor_"]
SHIFTS = ["lshift", "rshift", "ilshift", "irshift"]


def _polygamma(method):
    def gen(ctx):
        x = ctx.tensor("float", domain="pos", p_new=0.6)
        n = ctx.choice([0, 1, 2, 3])
        return ([x.ref, n] if method else [n, x.ref]), {}
    return gen


def _polygamma_inplace(ctx):
    x = inplace_target(ctx)
    return [x.ref, ctx.choice([0, 1, 2])], {}


def _mvlgamma(ctx):
    x = ctx.tensor("float", domain="pos", p_new=0.6)
    return [x.ref, ctx.choice([1, 2, 3])], {}


def _special(ctx):
    return [ctx.tensor("float").ref], {}


def _int_pair(ctx):
    x = ctx.tensor("int")
    amount = ctx.choice([0, 1, 3, 70, -1]) if ctx.chance(0.5) else \
        ctx.new(ctx.broadcast_shape(x.shape), "int64").ref
    return [x.ref, amount], {}


def _int_inplace(ctx):
    x = inplace_target(ctx, "any")
    amount = ctx.choice([1, 2, 3]) if ctx.chance(0.5) else \
        ctx.new(ctx.broadcast_shape(x.shape), "int64").ref
    return [x.ref, amount], {}


def _scan_inplace(ctx):
    x = inplace_target(ctx)
    return [x.ref, ctx.dim(x)], {}


def _swap_inplace(ctx):
    x = inplace_target(ctx)
    return [x.ref, ctx.dim(x), ctx.dim(x)], {}


def _fold(ctx):
    channels, kernel = ctx.integer(1, 2), ctx.choice([1, 2])
    height, width = ctx.integer(kernel, 3), ctx.integer(kernel, 3)
    blocks = (height - kernel + 1) * (width - kernel + 1)
    batch = [ctx.integer(0, 2)] if ctx.chance(0.8) else []
    x = ctx.new(tuple(batch) + (channels * kernel * kernel, blocks))
    return [x.ref, [height, width], kernel], {}


def _pixel_unshuffle(ctx):
    factor = ctx.choice([1, 2])
    return [ctx.new((1, ctx.integer(1, 2), 2 * factor, factor)).ref, factor], {}


def _interpolate(ctx):
    """5-D modes, and antialiased bilinear / bicubic (the other table draws 3-D and 4-D)."""
    if ctx.chance(0.5):
        x = ctx.new((1, 1) + tuple(ctx.integer(1, 3) for _ in range(3)))
        mode = ctx.choice(["trilinear", "nearest", "nearest-exact", "area"])
        kwargs = {"mode": mode, "size": ctx.integer(1, 4)}
        if mode == "trilinear" and ctx.chance(0.5):
            kwargs["align_corners"] = ctx.chance(0.5)
        return [x.ref], kwargs
    x = ctx.new((1, ctx.integer(1, 2), ctx.integer(1, 6), ctx.integer(1, 6)))
    kwargs = {"mode": ctx.choice(["bilinear", "bicubic"]), "antialias": True}
    if ctx.chance(0.5):
        kwargs["scale_factor"] = ctx.choice([0.5, 0.3, 2])
    else:
        kwargs["size"] = ctx.integer(1, 5)
    return [x.ref], kwargs


def _masked_scatter_inplace(ctx):
    x = inplace_target(ctx)
    mask = ctx.new(x.shape, "bool")
    return [x.ref, mask.ref, ctx.new((x.numel + 1,)).ref], {}


def table():
    ops = [Op("polygamma", ("t",), _polygamma(False), 0.5),
           Op("polygamma", ("m",), _polygamma(True), 0.3),
           Op("polygamma_", ("m",), _polygamma_inplace, 0.3),
           Op("mvlgamma", ("m", "t"), _mvlgamma, 0.4), Op("mvlgamma_", ("m",), _mvlgamma, 0.2),
           Op("special.i1", ("path",), _special, 0.3), Op("special.gammaln", ("path",),
                                                          _special, 0.2),
           Op("special.expit", ("path",), _special, 0.2),
           Op("bitwise_right_shift", ("m", "t"), _int_pair, 0.4),
           Op("bitwise_left_shift", ("m", "t"), _int_pair, 0.4),
           Op("cross", ("la",), _mm("cross"), 0.4), Op("det", ("m", "t"), _mm("det"), 0.3),
           Op("inverse", ("m", "t"), _mm("inv"), 0.3), Op("fold", ("F",), _fold, 0.4),
           Op("pixel_unshuffle", ("F",), _pixel_unshuffle, 0.3),
           Op("interpolate", ("F",), _interpolate, 0.6),
           Op("cumsum_", ("m",), _scan_inplace, 0.3), Op("cumprod_", ("m",), _scan_inplace, 0.3),
           Op("swapaxes_", ("m",), _swap_inplace, 0.2), Op("swapdims_", ("m",), _swap_inplace,
                                                           0.2),
           Op("masked_scatter_", ("m",), _masked_scatter_inplace, 0.3)]
    for name in SHIFTS:
        ops.append(Op(name, ("op",), _int_pair, 0.3))
    for name in UNARY_INPLACE:
        ops.append(Op(name, ("m",), _unary_inplace, 0.4))
    for name in BINARY_INPLACE:
        ops.append(Op(name, ("m",), _binary_inplace(name), 0.4))
    for name in INT_INPLACE:
        ops.append(Op(name, ("m",), _int_inplace, 0.3))
    for name in ("addmv_", "addr_", "addbmm_", "baddbmm_"):
        ops.append(Op(name, ("m",), inplace_version(_mm(name.rstrip("_"))), 0.3))
    return ops
