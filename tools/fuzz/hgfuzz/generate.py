"""The seeded program generator. Program ``index`` of seed ``seed`` is built from
``numpy.random.default_rng([seed, index])`` while PyTorch runs it step by step (so each op
sees the real shapes, dtypes and grad facts of what came before): 1-3 leaves, 3-8 ops from
the op table (ops_*.py) with hooks, retain_grad and node hooks in between, then backward or
autograd.grad with random gradient / retain_graph / create_graph / inputs, sometimes a
second backward through the same graph, and after create_graph a second-order backward."""
import numpy as np

from . import (
    ops_added,
    ops_elementwise,
    ops_index,
    ops_linalg,
    ops_modules,
    ops_more,
    ops_more2,
    ops_nn,
    ops_tensor,
)
from .beyond import reweighted
from .context import Context

_TABLE = None
TENSOR_HOOKS = (["observe", "scale", "replace", "inplace", "same", "wrong_dtype",
                 "wrong_shape"], [0.3, 0.2, 0.1, 0.2, 0.08, 0.06, 0.06])
NODE_HOOKS = (["observe", "scale", "inplace", "wrong_count"], [0.5, 0.3, 0.12, 0.08])
ACC_HOOKS = (["observe", "inplace", "same"], [0.6, 0.2, 0.2])
SPLITTING = ("list", "unbind", "split", "chunk", "tensor_split")


def op_table():
    global _TABLE
    if _TABLE is None:
        ops = (ops_elementwise.table() + ops_tensor.table() + ops_index.table()
               + ops_nn.table() + ops_added.table() + ops_linalg.table() + ops_more.table()
               + ops_more2.table() + ops_modules.table())
        weights = np.array(reweighted(ops))
        _TABLE = (ops, weights / weights.sum())
    return _TABLE


def _truncate(ctx, length):
    while len(ctx.steps) > length:
        ctx.drop_last()


def add_op(ctx, ops, weights, keep_errors=0.2):
    """One op step (plus the helper tensors it needs); False when none could be made."""
    op = ops[ctx.rng.choice(len(ops), p=weights)]
    mark = len(ctx.steps)
    try:
        made = op.gen(ctx)
    except Exception:  # an op generator that met a shape it cannot handle
        _truncate(ctx, mark)
        return False
    if made is None:
        return False
    args, kwargs = made
    step = {"k": "call", "f": ctx.choice(list(op.forms)), "n": op.name, "a": args}
    if kwargs:
        step["kw"] = kwargs
    step.update(ctx.__dict__.pop("extra", None) or {})  # (a module call's saved-tensor hooks)
    if ctx.chance(0.04):
        step["ng"] = 1
    record = ctx.emit(step)
    if "e" in record and (record["e"][0] == "AttributeError" or not ctx.chance(keep_errors)):
        _truncate(ctx, mark)
        return False
    if op.name in SPLITTING and "e" not in record and ctx.chance(0.5):
        _write_into_a_piece(ctx)
    return True


def _write_into_a_piece(ctx):
    """``for e in x: e.add_(1)`` and the like: pieces of a tensor are views of it."""
    index = len(ctx.steps) - 1
    pieces = (ctx.interp.records[-1].get("o") or {}).get("L") or []
    if not pieces or not isinstance(pieces[0], dict) or "T" not in pieces[0]:
        return
    method = ctx.choice(["add_", "mul_", "zero_", "fill_", "copy_"])
    piece = {"$": index, "i": ctx.integer(0, len(pieces) - 1)}
    args = [piece] + ([] if method == "zero_" else [2] if method != "copy_" else [
        ctx.new(tuple(pieces[piece["i"]]["s"])).ref])
    record = ctx.emit({"k": "call", "f": "m", "n": method, "a": args})
    if "e" in record and not ctx.chance(0.3):
        ctx.drop_last()


def add_hook(ctx):
    target = ctx.pick(lambda m: m.rg and m.is_float)
    if target is None:
        return
    roll = ctx.rng.random()
    if roll < 0.45:
        ctx.emit({"k": "hook", "t": target.ref, "how": ctx.choice(*TENSOR_HOOKS)})
    elif roll < 0.6:
        ctx.emit({"k": "retain", "t": target.ref})
    elif roll < 0.85 and target.fn:
        step = {"k": "node_hook", "t": target.ref, "pre": ctx.chance(0.4),
                "how": ctx.choice(*NODE_HOOKS)}
        if ctx.chance(0.15):
            step["nx"] = 0
        record = ctx.emit(step)
        if "e" in record:
            ctx.drop_last()
    elif roll < 0.95:
        leaf = ctx.pick(lambda m: m.rg and m.leaf)
        if leaf is not None:
            ctx.emit({"k": "acc_hook", "t": leaf.ref, "how": ctx.choice(*ACC_HOOKS)})
    else:
        hooks = [i for i, s in enumerate(ctx.steps) if s["k"] in ("hook", "node_hook",
                                                                  "acc_hook")]
        if hooks and ctx.interp.records[hooks[-1]].get("e") is None:
            ctx.emit({"k": "remove", "h": {"$": ctx.choice(hooks)}})


def _gradient_for(ctx, target, create_graph):
    shape = target.shape
    if ctx.chance(0.03):
        shape = tuple(shape) + (2,)
    dtype = ctx.choice(["float32", "float64", "int64"], p=[0.8, 0.15, 0.05]) \
        if target.dtype == "float32" else ctx.choice(["float64", "float32"], p=[0.85, 0.15])
    return ctx.new(shape, dtype, rg=create_graph and ctx.chance(0.2)).ref


def add_backward(ctx, create_graph=None):
    """backward() or autograd.grad() of a tensor that requires grad; the step and its record."""
    target = ctx.pick(lambda m: m.rg and m.is_float)
    if target is None:
        return None, None
    if create_graph is None:
        create_graph = ctx.chance(0.4)
    outputs = [m for m in ctx.pool() if m.rg and m.is_float and not m.leaf]
    if len(outputs) > 1 and ctx.chance(0.4):  # a loss over several results
        total = None
        for index in ctx.rng.choice(len(outputs), min(3, len(outputs)), replace=False):
            ctx.emit({"k": "call", "f": "m", "n": "sum", "a": [outputs[index].ref]})
            part = {"$": len(ctx.steps) - 1}
            if total is not None:
                ctx.emit({"k": "call", "f": "op", "n": "add", "a": [total, part]})
                part = {"$": len(ctx.steps) - 1}
            total = part
        target = ctx.pool()[-1]
    gradient = None
    if target.numel != 1 or ctx.chance(0.2):
        if ctx.chance(0.5):
            ctx.emit({"k": "call", "f": "m", "n": ctx.choice(["sum", "mean"], p=[0.7, 0.3]),
                      "a": [target.ref]})
            target = ctx.pool()[-1]
        else:
            gradient = _gradient_for(ctx, target, create_graph)
    if gradient is None and ctx.chance(0.05):
        gradient = _gradient_for(ctx, target, create_graph)
    retain = ctx.choice([None, True, False], p=[0.5, 0.35, 0.15])
    candidates = [m for m in ctx.pool() if m.rg and m.is_float and m.ref != target.ref]
    if ctx.chance(0.35) and candidates:
        count = ctx.integer(1, min(3, len(candidates)))
        chosen = [candidates[i].ref for i in ctx.rng.choice(len(candidates), count,
                                                            replace=False)]
        step = {"k": "grad", "o": [target.ref], "i": chosen,
                "go": [gradient] if gradient is not None else None, "rg": retain,
                "cg": create_graph, "au": ctx.chance(0.7)}
    else:
        step = {"k": "backward", "t": target.ref, "g": gradient, "rg": retain,
                "cg": create_graph}
        if ctx.chance(0.1) and candidates:
            step["in"] = [ctx.choice(candidates).ref]
    return step, ctx.emit(step)


def _second_order_source(ctx, step, record):
    """A gradient made with create_graph=True, to differentiate again."""
    index = len(ctx.steps) - 1
    if step["k"] == "grad":
        out = record.get("o") or {}
        items = [j for j, item in enumerate(out.get("L", [])) if item is not None]
        if items:
            return {"$": index, "i": ctx.choice(items)}
        return None
    leaf = ctx.pick(lambda m: m.leaf and m.rg)
    if leaf is None:
        return None
    record = ctx.emit({"k": "call", "f": "attr", "n": "grad", "a": [leaf.ref]})
    if "e" in record or record.get("o") is None:
        ctx.drop_last()
        return None
    return {"$": len(ctx.steps) - 1}


def generate(seed, index, torch):
    """Program ``index`` of ``seed`` (a dict, JSON-ready)."""
    ctx = Context(np.random.default_rng([seed, index]), torch)
    try:
        return _generate(ctx)
    finally:
        ctx.interp.close()  # (the global module hooks PyTorch ran the program with)


def _generate(ctx):
    ops, weights = op_table()
    for leaf in range(ctx.integer(1, 3)):
        dtype = ctx.choice(["float32", "float64", "int64", "bool"], p=[0.75, 0.13, 0.08, 0.04])
        ctx.new(ctx.shape(), dtype, rg=dtype in ("float32", "float64") and (
            leaf == 0 or ctx.chance(0.6)))
    wanted, made, attempts = ctx.integer(3, 8), 0, 0
    while made < wanted and attempts < 4 * wanted:
        attempts += 1
        if add_op(ctx, ops, weights):
            made += 1
            if ctx.chance(0.35):
                add_hook(ctx)
    step, record = add_backward(ctx)
    if step is None:
        ops_modules.finish(ctx)
        return {"steps": ctx.steps}
    if ctx.chance(0.2):  # the same graph again (retain_graph or PyTorch's refusal)
        if ctx.chance(0.3):
            add_hook(ctx)
        ctx.emit(dict(step))
    elif step.get("cg") and "e" not in record and ctx.chance(0.75):
        source = _second_order_source(ctx, step, record)
        if source is not None:
            if ctx.chance(0.3):
                leaf = ctx.pick(lambda m: m.leaf and m.rg)
                if leaf is not None:
                    ctx.emit({"k": "call", "f": "setattr", "n": "grad", "a": [leaf.ref, None]})
            for _ in range(ctx.integer(0, 2)):
                add_op(ctx, ops, weights, keep_errors=0.0)
            if ctx.chance(0.3):
                add_hook(ctx)
            add_backward(ctx, create_graph=ctx.chance(0.2))
    ops_modules.finish(ctx)
    return {"steps": ctx.steps}
