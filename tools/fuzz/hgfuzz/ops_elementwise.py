"""Op table, part 1: elementwise ops (unary, binary, ternary), their in-place forms and Python's
operators. An entry is ``Op(name, forms, gen, weight)``; ``gen(ctx)`` returns the call's
(args, kwargs), or None when it cannot apply to what the program has."""
from typing import Callable, NamedTuple


class Op(NamedTuple):
    name: str
    forms: tuple
    gen: Callable
    weight: float = 1.0


# unary ops of torch and Tensor, with the input domain that keeps them finite
UNARY = {
    "abs": None, "neg": None, "exp": None, "log": "pos", "log1p": "pos", "sqrt": "pos",
    "rsqrt": "pos", "sin": None, "cos": None, "tan": None, "tanh": None, "sigmoid": None,
    "relu": None, "sign": None, "sgn": None, "floor": None, "ceil": None, "round": None,
    "trunc": None, "frac": None, "reciprocal": None, "expm1": None, "log2": "pos",
    "log10": "pos", "erf": None, "erfc": None, "erfinv": "unit", "lgamma": "pos",
    "digamma": "pos", "sinh": None, "cosh": None, "asin": "unit", "acos": "unit", "atan": None,
    "asinh": None, "acosh": "pos", "atanh": "unit", "deg2rad": None, "rad2deg": None,
    "logit": "prob", "sinc": None, "square": None, "exp2": None, "positive": None,
    "signbit": None, "fix": None, "nan_to_num": None, "isnan": None, "isinf": None,
    "isfinite": None, "logical_not": None, "i0": None, "isneginf": None, "isposinf": None,
    "negative": None, "absolute": None, "arcsin": "unit", "arccos": "unit", "arctan": None,
    "arcsinh": None, "arccosh": "pos", "arctanh": "unit", "bitwise_not": None, "angle": None,
}
# the in-place forms PyTorch has (Tensor methods)
UNARY_INPLACE = ["abs_", "neg_", "exp_", "log_", "log1p_", "sqrt_", "rsqrt_", "sin_", "cos_",
                 "tan_", "tanh_", "sigmoid_", "relu_", "sign_", "sgn_", "floor_", "ceil_",
                 "round_", "trunc_", "frac_", "reciprocal_", "expm1_", "log2_", "log10_", "erf_",
                 "erfc_", "erfinv_", "lgamma_", "digamma_", "sinh_", "cosh_", "asin_", "acos_",
                 "atan_", "asinh_", "acosh_", "atanh_", "deg2rad_", "rad2deg_", "logit_",
                 "sinc_", "square_", "exp2_", "fix_", "nan_to_num_", "logical_not_", "i0_",
                 "negative_", "absolute_", "arcsin_", "arctan_", "zero_", "bitwise_not_"]
BINARY = ["add", "sub", "mul", "div", "pow", "maximum", "minimum", "fmax", "fmin", "atan2",
          "hypot", "xlogy", "logaddexp", "logaddexp2", "copysign", "remainder", "fmod",
          "floor_divide", "eq", "ne", "lt", "le", "gt", "ge", "logical_and", "logical_or",
          "logical_xor", "true_divide", "heaviside", "float_power", "ldexp", "nextafter",
          "arctan2", "greater", "less", "greater_equal", "less_equal", "not_equal", "multiply",
          "subtract", "divide", "clamp_min", "clamp_max", "isclose"]
BINARY_INT = ["bitwise_and", "bitwise_or", "bitwise_xor", "gcd", "lcm", "bitwise_left_shift"]
BINARY_INPLACE = ["add_", "sub_", "mul_", "div_", "pow_", "fmod_", "remainder_", "atan2_",
                  "hypot_", "xlogy_", "copysign_", "floor_divide_", "clamp_min_", "clamp_max_",
                  "maximum_", "logical_and_", "eq_", "lt_", "true_divide_", "float_power_",
                  "multiply_", "subtract_", "copy_", "lerp_", "ldexp_", "heaviside_"]
OPERATORS = ["add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "lt", "le", "gt", "ge",
             "eq", "ne", "and_", "or_", "xor"]
OPERATORS_INPLACE = ["iadd", "isub", "imul", "itruediv", "ipow", "ifloordiv", "imod"]


def _unary(domain):
    def gen(ctx):
        x = ctx.tensor("any" if ctx.chance(0.3) else "float", domain=domain,
                       p_new=0.5 if domain else 0.2)
        return [x.ref], {}
    return gen


def _unary_kwargs(name):
    def gen(ctx):
        x = ctx.tensor("float")
        if name == "round":
            return [x.ref], {"decimals": ctx.choice([0, 1, 2, -1])}
        if name == "nan_to_num":
            return [x.ref], {"nan": 0.5, "posinf": ctx.choice([3.0, None]), "neginf": -3.0}
        if name == "logit":
            return [x.ref], {"eps": ctx.choice([0.1, 0.25])}
        if name == "clamp":
            low = ctx.choice([-1.0, -0.5, None, 0])
            return [x.ref], {"min": low, "max": ctx.choice([1.0, 0.75, None, 2, -2.0])}
        return None
    return gen


def no_grad_view(ctx, kind="float"):
    """A view of a new tensor that does not require grad (writing a tensor that requires grad
    into it makes the view and its base require grad)."""
    dtype = "float32" if kind == "float" else ctx.choice(["float32", "int64", "bool"])
    base = ctx.new(ctx.shape(ctx.integer(1, 3), allow_empty=False), dtype, rg=False)
    view = ctx.choice([("op", "getitem", [base.ref, 0]),
                       ("op", "getitem", [base.ref, {"slice": [1, None, None]}]),
                       ("m", "view", [base.ref, -1]), ("m", "unsqueeze", [base.ref, 0]),
                       ("m", "t" if base.ndim <= 2 else "flatten", [base.ref])])
    record = ctx.emit({"k": "call", "f": view[0], "n": view[1], "a": view[2]})
    if "e" in record:
        ctx.drop_last()
        return base
    return ctx.pool()[-1]


def inplace_target(ctx, kind="float"):
    """A tensor to write into: mostly a non-leaf or a tensor without grad, sometimes a view
    of one, sometimes (to see PyTorch's refusal) a leaf that requires grad."""
    if ctx.chance(0.2):
        return no_grad_view(ctx, kind)
    x = ctx.tensor(kind, p_new=0.25)
    if x.leaf and x.rg and not ctx.chance(0.1):
        if ctx.chance(0.5):
            ctx.emit({"k": "call", "f": "op", "n": "mul", "a": [x.ref, 1]})
        else:
            ctx.emit({"k": "call", "f": "m", "n": "clone", "a": [x.ref]})
        x = ctx.pool()[-1]
    if ctx.chance(0.25) and x.ndim:  # write through a view
        view = ctx.choice([("op", "getitem", [x.ref, 0]), ("m", "view", [x.ref, -1]),
                           ("m", "t", [x.ref]) if x.ndim <= 2 else ("m", "flatten", [x.ref]),
                           ("op", "getitem", [x.ref, {"slice": [None, None, 2]}]),
                           ("m", "expand", [x.ref] + list(x.shape)),
                           ("m", "unsqueeze", [x.ref, 0])])
        record = ctx.emit({"k": "call", "f": view[0], "n": view[1], "a": view[2]})
        if "e" in record:
            ctx.drop_last()
        else:
            x = ctx.pool()[-1]
    return x


def inplace_version(gen):
    """The in-place form of an op generator: its arguments, with a writable target as the
    tensor it picks first."""
    def wrapped(ctx):
        ctx.forced = inplace_target(ctx)
        try:
            return gen(ctx)
        finally:
            ctx.forced = None
    return wrapped


def _unary_inplace(ctx):
    x = inplace_target(ctx, "float" if ctx.chance(0.85) else "any")
    return [x.ref], {}


def _fill(ctx):
    x = inplace_target(ctx, "float" if ctx.chance(0.8) else "any")
    value = ctx.number(x.dtype)
    if ctx.chance(0.3):
        value = ctx.new((), "float32").ref
    return [x.ref, value], {}


def _clamp_inplace(ctx):
    x = inplace_target(ctx)
    return [x.ref], {"min": ctx.choice([-1.0, -0.5, None]), "max": ctx.choice([1.0, 0.5])}


def _binary(name, kind=None, domain=None):
    def gen(ctx):
        x = ctx.tensor("any" if ctx.chance(0.3) else (kind or "float"))
        other = ctx.partner(x, kind=kind, domain=domain)
        kwargs = {}
        if ctx.chance(0.15):
            if name in ("add", "sub", "subtract"):
                kwargs["alpha"] = ctx.choice([2, 0.5, -1])
            if name in ("div", "divide"):
                kwargs["rounding_mode"] = ctx.choice(["floor", "trunc", None])
        return [x.ref, other], kwargs
    return gen


def _binary_inplace(name):
    def gen(ctx):
        x = inplace_target(ctx, "float" if ctx.chance(0.85) else "any")
        if name == "lerp_":
            return [x.ref, ctx.partner(x, numbers=0), ctx.choice([0.25, 0.5])], {}
        if name == "copy_":
            if ctx.chance(0.2):  # a float that requires grad into an int or bool tensor
                x = ctx.new(x.shape, ctx.choice(["int64", "bool"]), rg=False)
                return [x.ref, ctx.new(ctx.broadcast_shape(x.shape), rg=True).ref], {}
            return [x.ref, ctx.partner(x, numbers=0)], {}
        other = ctx.partner(x)
        return [x.ref, other], {}
    return gen


def _operator(ctx):
    x = ctx.tensor("any" if ctx.chance(0.3) else "float")
    other = ctx.partner(x)
    if not isinstance(other, dict) or ctx.chance(0.3):
        return ([other, x.ref] if ctx.chance(0.5) else [x.ref, other]), {}
    return [x.ref, other], {}


def _operator_int(ctx):
    x = ctx.tensor("intbool")
    return [x.ref, ctx.partner(x, kind="intbool")], {}


def _operator_inplace(ctx):
    x = inplace_target(ctx)
    return [x.ref, ctx.partner(x)], {}


def _unary_operator(ctx):
    return [ctx.tensor("any" if ctx.chance(0.3) else "float").ref], {}


def _where(ctx):
    x = ctx.tensor("float")
    condition = ctx.pick(lambda m: m.dtype == "bool")
    if condition is None or ctx.chance(0.5):
        condition = ctx.new(ctx.broadcast_shape(x.shape), "bool")
    other = ctx.partner(x, numbers=0.3)
    if ctx.chance(0.2):
        return [condition.ref, ctx.number(), x.ref], {}
    return [condition.ref, x.ref, other], {}


def _addc(ctx):
    x = ctx.tensor("float" if ctx.chance(0.85) else "int")
    a = ctx.partner(x, numbers=0)
    b = ctx.partner(x, numbers=0, domain="pos")
    kwargs = {"value": ctx.choice([0.5, 2, -1])} if ctx.chance(0.5) else {}
    return [x.ref, a, b], kwargs


def _lerp(ctx):
    x = ctx.tensor("float")
    end = ctx.partner(x, numbers=0)
    weight = ctx.choice([0.25, 0.75]) if ctx.chance(0.6) else ctx.partner(x, numbers=0)
    return [x.ref, end, weight], {}


def _clamp_tensors(ctx):
    x = ctx.tensor("float" if ctx.chance(0.8) else "int")
    low = ctx.partner(x, numbers=0.3, domain=None)
    high = ctx.partner(x, numbers=0.3) if ctx.chance(0.7) else None
    return [x.ref], {"min": low, "max": high}


def table():
    ops = []
    for name, domain in UNARY.items():
        ops.append(Op(name, ("m", "t"), _unary(domain)))
    for name in ("round", "nan_to_num", "logit", "clamp"):
        ops.append(Op(name, ("m", "t"), _unary_kwargs(name), 0.8))
    ops.append(Op("clip", ("m", "t"), _unary_kwargs("clamp"), 0.3))
    for name in UNARY_INPLACE:
        ops.append(Op(name, ("m",), _unary_inplace, 0.8))
    ops.append(Op("fill_", ("m",), _fill, 1.0))
    ops.append(Op("clamp_", ("m",), _clamp_inplace, 0.8))
    ops.append(Op("clip_", ("m",), _clamp_inplace, 0.3))
    for name in BINARY:
        domain = "pos" if name in ("xlogy", "pow", "float_power") else None
        ops.append(Op(name, ("m", "t"), _binary(name, None, domain)))
    for name in BINARY_INT:
        ops.append(Op(name, ("m", "t"), _binary(name, "intbool"), 0.5))
    ops.append(Op("rsub", ("t",), _binary("rsub"), 0.5))
    for name in BINARY_INPLACE:
        ops.append(Op(name, ("m",), _binary_inplace(name), 0.8))
    for name in OPERATORS:
        ops.append(Op(name, ("op",), _operator_int if name in ("and_", "or_", "xor")
                      else _operator, 1.5 if name in ("add", "mul", "sub", "truediv") else 0.7))
    for name in OPERATORS_INPLACE:
        ops.append(Op(name, ("op",), _operator_inplace, 0.7))
    for name in ("neg", "pos", "abs", "invert"):
        ops.append(Op(name, ("op",), _unary_operator, 0.4))
    ops.append(Op("where", ("t",), _where, 2.0))
    ops.append(Op("addcmul", ("m", "t"), _addc, 1.0))
    ops.append(Op("addcdiv", ("m", "t"), _addc, 1.0))
    ops.append(Op("addcmul_", ("m",), lambda ctx: _addc_inplace(ctx), 0.5))
    ops.append(Op("addcdiv_", ("m",), lambda ctx: _addc_inplace(ctx), 0.5))
    ops.append(Op("lerp", ("m", "t"), _lerp, 1.0))
    ops.append(Op("clamp", ("m", "t"), _clamp_tensors, 1.0))
    return ops


def _addc_inplace(ctx):
    x = inplace_target(ctx)
    return [x.ref, ctx.partner(x, numbers=0), ctx.partner(x, numbers=0, domain="pos")], {}
