"""Op table, part 9: small nn modules and PyTorch's module-level hooks. Each op builds a module
(Linear, Conv1d / Conv2d, BatchNorm1d, LayerNorm, activations, some in place, Embedding,
LSTMCell / GRUCell, MultiheadAttention, a Sequential of a few) with seeded parameters (a
``module`` step: the values are in the program, identical in both libraries), sometimes
lists its parameters (so their grads, post-accumulate-grad hooks and final values are traced),
puts it in eval mode or freezes it, registers random module hooks (forward pre / post with
with_kwargs, prepend, always_call; full backward and backward pre hooks; now and then the
global ones of nn.modules.module) that record their arguments and return None, scaled or
replaced values, edit in place or raise, removes one at random, and calls the module (form
``mod``; sometimes with keyword arguments, under no_grad or under saved-tensor hooks). The
program's backward then runs the backward hooks. After it, ``finish`` adds an optimizer
(SGD / Adam / AdamW over the parameters, with step and state-dict hooks) and its step, and
the module's state_dict / load_state_dict with their hooks. interp_modules.py runs the steps.

BOOST (environment HGFUZZ_BOOST_MODULES, a number) multiplies this table's weights, to aim a
run at it; unset, the table takes a modest share and ordinary seeds keep their usual mix."""
import os
from functools import reduce

from .ops_elementwise import Op

BOOST = float(os.environ.get("HGFUZZ_BOOST_MODULES", "1") or 1)
FORWARD_HOWS = (["observe", "scale", "replace", "inplace", "raise"], [0.5, 0.2, 0.1, 0.12, 0.08])
PRE_HOWS = (["observe", "scale", "single", "raise"], [0.55, 0.25, 0.12, 0.08])
BACKWARD_HOWS = (["observe", "scale", "replace", "inplace", "wrong_count"],
                 [0.45, 0.2, 0.1, 0.15, 0.1])


def _unit(ctx, shape):
    return ctx.data(shape, "float32", domain="unit")


def emit_module(ctx, cls, args=(), kwargs=None):
    """A ``module`` step for nn.<cls>(*args, **kwargs) with seeded parameters; its ref."""
    kwargs = kwargs or {}
    torch = ctx.torch
    built = reduce(getattr, ("nn." + cls).split("."), torch)(
        *[ctx.interp.arg(a) for a in args], **kwargs)
    params = [] if cls == "Sequential" else [
        [name, _unit(ctx, tuple(p.shape))] for name, p in built.named_parameters()]
    step = {"k": "module", "c": cls, "a": list(args), "p": params}
    if kwargs:
        step["kw"] = kwargs
    ctx.emit(step)
    return {"$": len(ctx.steps) - 1}


def _input(ctx, shape, rg=None):
    """A float input of ``shape`` (an existing tensor of that shape now and then)."""
    found = ctx.pick(lambda m: m.shape == tuple(shape) and m.is_float)
    if found is not None and ctx.chance(0.4):
        return found.ref
    return ctx.new(tuple(shape), "float32" if ctx.chance(0.9) else "float64", rg=rg).ref


def _batch(ctx, most=2):
    return tuple(ctx.integer(1, 3) for _ in range(ctx.integer(0, most)))


# -------------------------------------------------------------- the modules
def _linear(ctx):
    n_in, n_out = ctx.integer(1, 4), ctx.integer(1, 4)
    kwargs = {"bias": False} if ctx.chance(0.2) else {}
    mod = emit_module(ctx, "Linear", [n_in, n_out], kwargs)
    width = n_in if ctx.chance(0.95) else n_in + 1  # (PyTorch's shape error)
    x = _input(ctx, _batch(ctx) + (width,))
    if ctx.chance(0.15):
        return mod, [], {"input": x}
    return mod, [x], {}


def _conv(dims):
    def gen(ctx):
        c_in, c_out, k = ctx.integer(1, 3), ctx.integer(1, 3), ctx.integer(1, 2)
        kwargs = {}
        if ctx.chance(0.3):
            kwargs["padding"] = ctx.choice([1, "same"])
        if ctx.chance(0.2):
            kwargs["bias"] = False
        if ctx.chance(0.15) and kwargs.get("padding") != "same":
            kwargs["stride"] = 2
        mod = emit_module(ctx, f"Conv{dims}d", [c_in, c_out, k], kwargs)
        size = tuple(ctx.integer(k, k + 2) for _ in range(dims))
        batch = (ctx.integer(1, 2),) if ctx.chance(0.8) else ()
        return mod, [_input(ctx, batch + (c_in,) + size)], {}
    return gen


def _batch_norm(ctx):
    channels = ctx.integer(1, 3)
    kwargs = {}
    if ctx.chance(0.2):
        kwargs["affine"] = False
    if ctx.chance(0.2):
        kwargs["track_running_stats"] = False
    if ctx.chance(0.2):
        kwargs["momentum"] = ctx.choice([None, 0.5])
    mod = emit_module(ctx, "BatchNorm1d", [channels], kwargs)
    shape = (ctx.integer(1, 3), channels) + ((ctx.integer(1, 3),) if ctx.chance(0.4) else ())
    return mod, [_input(ctx, shape)], {}


def _layer_norm(ctx):
    shape = _batch(ctx, 1) + tuple(ctx.integer(1, 3) for _ in range(ctx.integer(1, 2)))
    normalized = list(shape[-ctx.integer(1, len(shape)):]) if len(shape) > 1 else list(shape)
    kwargs = {}
    if ctx.chance(0.2):
        kwargs["elementwise_affine"] = False
    elif ctx.chance(0.2):
        kwargs["bias"] = False
    mod = emit_module(ctx, "LayerNorm", [normalized], kwargs)
    return mod, [_input(ctx, shape)], {}


def _activation(ctx):
    cls = ctx.choice(["ReLU", "Tanh", "Sigmoid", "GELU", "LeakyReLU", "Softmax", "Identity"])
    kwargs = {}
    if cls in ("ReLU", "LeakyReLU") and ctx.chance(0.5):
        kwargs["inplace"] = True
    if cls == "Softmax":
        kwargs["dim"] = -1
    mod = emit_module(ctx, cls, [], kwargs)
    x = ctx.pick(lambda m: m.is_float and m.numel > 0)
    if x is None or ctx.chance(0.3):
        x = ctx.new(ctx.shape(ctx.integer(1, 3), allow_empty=False))
    return mod, [x.ref], {}


def _sequential(ctx):
    sizes = [ctx.integer(1, 4) for _ in range(ctx.integer(2, 3))]
    children = []
    for n_in, n_out in zip(sizes, sizes[1:]):
        if children:
            act = ctx.choice(["ReLU", "Tanh", "LayerNorm"])
            if act == "LayerNorm":
                children.append(emit_module(ctx, act, [[n_in]]))
            else:
                children.append(emit_module(ctx, act, [], {"inplace": True} if (
                    act == "ReLU" and ctx.chance(0.4)) else {}))
        children.append(emit_module(ctx, "Linear", [n_in, n_out]))
    mod = emit_module(ctx, "Sequential", children)
    return mod, [_input(ctx, _batch(ctx, 1) + (sizes[0],))], {}


def _embedding(ctx):
    count, dim = ctx.integer(4, 6), ctx.integer(1, 3)
    kwargs = {}
    if ctx.chance(0.3):
        kwargs["padding_idx"] = ctx.integer(0, 3)
    if ctx.chance(0.15):
        kwargs["max_norm"] = 1.0
    mod = emit_module(ctx, "Embedding", [count, dim], kwargs)
    index = ctx.new(ctx.shape(ctx.integer(1, 2), allow_empty=False), "int64", domain="index")
    return mod, [index.ref], {}


def _cell(ctx):
    cls = ctx.choice(["LSTMCell", "GRUCell"])
    n_in, hidden = ctx.integer(1, 3), ctx.integer(1, 3)
    kwargs = {"bias": False} if ctx.chance(0.2) else {}
    mod = emit_module(ctx, cls, [n_in, hidden], kwargs)
    batch = (ctx.integer(1, 2),) if ctx.chance(0.8) else ()
    args = [_input(ctx, batch + (n_in,))]
    if ctx.chance(0.4):
        h = _input(ctx, batch + (hidden,))
        args.append({"tuple": [h, _input(ctx, batch + (hidden,))]} if cls == "LSTMCell" else h)
    return mod, args, {}


def _attention(ctx):
    heads = ctx.choice([1, 2])
    embed = heads * ctx.integer(1, 2)
    kwargs = {}
    if ctx.chance(0.3):
        kwargs["batch_first"] = True
    if ctx.chance(0.2):
        kwargs["bias"] = False
    mod = emit_module(ctx, "MultiheadAttention", [embed, heads], kwargs)
    length, batch = ctx.integer(1, 3), ctx.integer(1, 2)
    query = _input(ctx, (length, batch, embed))
    key = query if ctx.chance(0.5) else _input(ctx, (ctx.integer(1, 3), batch, embed))
    call_kwargs = {}
    if ctx.chance(0.4):
        call_kwargs["need_weights"] = ctx.chance(0.5)
    if ctx.chance(0.2):
        call_kwargs["average_attn_weights"] = False
    return mod, [query, key, key], call_kwargs


# -------------------------------------------------------------- hooks and modes
def list_parameters(ctx, mod):
    """``list(mod.parameters())``: its ref (each parameter is item j)."""
    ctx.emit({"k": "call", "f": "m", "n": "parameters", "a": [mod]})
    ctx.emit({"k": "call", "f": "builtin", "n": "list", "a": [{"$": len(ctx.steps) - 1}]})
    return {"$": len(ctx.steps) - 1}


def _module_hook(ctx, mod):
    where = ctx.choice(["fpre", "fwd", "bwd", "bpre", "gfpre", "gfwd", "gbwd", "gbpre"],
                       p=[0.22, 0.26, 0.2, 0.12, 0.05, 0.07, 0.05, 0.03])
    base = where.lstrip("g")
    how = ctx.choice(*{"fpre": PRE_HOWS, "fwd": FORWARD_HOWS}.get(base, BACKWARD_HOWS))
    options = {}
    if base in ("fpre", "fwd") and ctx.chance(0.4) and where != "gfpre":
        options["with_kwargs"] = True
    if base == "fwd" and ctx.chance(0.25):
        options["always_call"] = True
    if where in ("fpre", "fwd", "bwd", "bpre") and ctx.chance(0.2):
        options["prepend"] = True
    step = {"k": "mhook", "w": where, "how": how}
    if not where.startswith("g"):
        step["m"] = mod
    if options:
        step["o"] = options
    ctx.emit(step)


def _module_op(builder):
    def gen(ctx):
        mod, args, kwargs = builder(ctx)
        if ctx.chance(0.35):
            list_parameters(ctx, mod)
        roll = ctx.rng.random()
        if roll < 0.12:
            ctx.emit({"k": "call", "f": "m", "n": "eval", "a": [mod]})
        elif roll < 0.17:
            ctx.emit({"k": "call", "f": "m", "n": "requires_grad_", "a": [mod, False]})
        hooks = []
        for _ in range(ctx.choice([0, 1, 2, 3], p=[0.15, 0.4, 0.3, 0.15])):
            _module_hook(ctx, mod)
            hooks.append(len(ctx.steps) - 1)
        if hooks and ctx.chance(0.1):
            ctx.emit({"k": "remove", "h": {"$": ctx.choice(hooks)}})
        if ctx.chance(0.12):
            ctx.extra = {"sth": ctx.choice(["observe", "cpu"], p=[0.8, 0.2])}
        return [mod] + args, kwargs
    return gen


# -------------------------------------------------------------- after the backward
def _modules(ctx):
    return [i for i, s in enumerate(ctx.steps) if s["k"] == "module"]


def _owner_hook(ctx, owner, choices, hows=None):
    where = ctx.choice(choices)
    how = ctx.choice(hows or ["observe"])
    step = {"k": "mhook", "w": where, "m": owner, "how": how}
    if where.startswith(("o", "step")) and ctx.chance(0.2):
        step["o"] = {"prepend": True}
    ctx.emit(step)


def _optimizer(ctx, mod):
    params = list_parameters(ctx, mod)
    cls = ctx.choice(["SGD", "Adam", "AdamW"], p=[0.5, 0.3, 0.2])
    kwargs = {"lr": ctx.choice([0.1, 0.5])}
    if cls == "SGD" and ctx.chance(0.4):
        kwargs["momentum"] = 0.9
        if ctx.chance(0.3):
            kwargs["nesterov"] = True
    if ctx.chance(0.2):
        kwargs["weight_decay"] = 0.1
    if cls != "SGD":
        # (a large eps: Adam turns a gradient that is rounding noise, ~1e-8, such as a key
        # bias's in attention, into a step of +-lr whose sign differs between the libraries)
        kwargs["eps"] = 1e-3
        if ctx.chance(0.2):
            kwargs["amsgrad"] = True
    if ctx.chance(0.1):
        kwargs["maximize"] = True
    record = ctx.emit({"k": "call", "f": "path", "n": f"optim.{cls}", "a": [params],
                       "kw": kwargs})
    if "e" in record:
        return
    opt = {"$": len(ctx.steps) - 1}
    for _ in range(ctx.integer(0, 3)):
        _owner_hook(ctx, opt, ["step_pre", "step_post", "osd_pre", "osd_post", "old_pre",
                               "old_post"], ["observe", "observe", "edit"])
    for _ in range(ctx.integer(1, 2)):
        ctx.emit({"k": "call", "f": "m", "n": "step", "a": [opt]})
    if ctx.chance(0.5):
        ctx.emit({"k": "call", "f": "m", "n": "state_dict", "a": [opt]})
        state = {"$": len(ctx.steps) - 1}
        if ctx.chance(0.6):
            ctx.emit({"k": "call", "f": "m", "n": "load_state_dict", "a": [opt, state]})
    if ctx.chance(0.3):
        ctx.emit({"k": "call", "f": "m", "n": "zero_grad", "a": [opt],
                  "kw": {"set_to_none": ctx.chance(0.5)}})


def _state_dict(ctx, mod):
    for _ in range(ctx.integer(0, 3)):
        _owner_hook(ctx, mod, ["sd_pre", "sd_post", "sd_hook", "ld_pre", "ld_post"],
                    ["observe", "observe", "edit", "drop", "clear"])
    kwargs = {}
    if ctx.chance(0.2):
        kwargs["keep_vars"] = True
    if ctx.chance(0.15):
        kwargs["prefix"] = "p."
    ctx.emit({"k": "call", "f": "m", "n": "state_dict", "a": [mod], "kw": kwargs})
    state = {"$": len(ctx.steps) - 1}
    if ctx.chance(0.7):
        kwargs = {"strict": False} if ctx.chance(0.4) else {}
        ctx.emit({"k": "call", "f": "m", "n": "load_state_dict", "a": [mod, state],
                  "kw": kwargs})


def finish(ctx):
    """After the backward: an optimizer step and state-dict round trips with their hooks, for
    a module of the program (nothing when it has none)."""
    modules = [i for i in _modules(ctx) if ctx.steps[i]["p"] or ctx.steps[i]["c"] ==
               "Sequential"]
    if not modules:
        return
    mod = {"$": ctx.choice(modules)}
    if ctx.chance(0.6):
        _optimizer(ctx, mod)
    if ctx.chance(0.5):
        _state_dict(ctx, mod)


def table():
    """The ops; together 2.5 of the tables' ~500 weight (about one program in 40 calls a
    module) unless boosted."""
    ops = [Op("Linear", ("mod",), _module_op(_linear), 0.45),
           Op("Conv1d", ("mod",), _module_op(_conv(1)), 0.2),
           Op("Conv2d", ("mod",), _module_op(_conv(2)), 0.2),
           Op("BatchNorm1d", ("mod",), _module_op(_batch_norm), 0.25),
           Op("LayerNorm", ("mod",), _module_op(_layer_norm), 0.25),
           Op("activation", ("mod",), _module_op(_activation), 0.35),
           Op("Sequential", ("mod",), _module_op(_sequential), 0.35),
           Op("Embedding", ("mod",), _module_op(_embedding), 0.15),
           Op("cell", ("mod",), _module_op(_cell), 0.15),
           Op("MultiheadAttention", ("mod",), _module_op(_attention), 0.15)]
    return [op._replace(weight=op.weight * BOOST) for op in ops]
