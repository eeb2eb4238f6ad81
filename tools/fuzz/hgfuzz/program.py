"""The program format: ``{"steps": [step, ...]}``, every step a JSON object; step ``i``'s result
is value ``i``, referred to by later steps as ``{"$": i}`` (``{"$": i, "i": j}``: item ``j`` of
a tuple result). Tensors are built from explicit data only (random streams differ between the
libraries).

Step kinds (``k``):
  tensor     ``s`` shape, ``T`` dtype name, ``v`` flat values, ``rg`` requires_grad
  call       ``f`` form, ``n`` name, ``a`` args, ``kw`` kwargs, ``ng`` run under no_grad. Forms:
             m (method of a[0]), t (torch.n), F (torch.nn.functional.n), la (torch.linalg.n),
             op (operator.n: add, getitem, setitem, iadd, ...), attr (a[0].n), setattr
             (a[0].n = a[1]), path (a dotted path from the library root), builtin (list, len,
             float, int, bool)
  hook       ``t`` tensor, ``how``: Tensor.register_hook with a hook of that behaviour
  node_hook  ``t`` tensor (its grad_fn, or ``nx``: that node's next_functions[nx][0]), ``pre``
             (register_prehook, else register_hook), ``how``
  acc_hook   ``t`` leaf, ``how``: register_post_accumulate_grad_hook
  retain     ``t``: retain_grad()
  remove     ``h`` a hook step: handle.remove()
  backward   ``t``, ``g`` gradient (an arg or null), ``rg`` retain_graph, ``cg`` create_graph,
             ``in`` inputs (refs or null)
  module     an nn module with seeded parameters; mhook: a module / global / state-dict /
             optimizer hook (both in interp_modules.py, with the call form ``mod`` and a call's
             ``sth``, saved-tensor hooks)
  grad       torch.autograd.grad(``o``, ``i``, grad_outputs=``go``, retain_graph=``rg``,
             create_graph=``cg``, allow_unused=``au``); its result is the tuple of gradients

Argument encoding: JSON numbers, strings, booleans, null and lists as themselves; refs as above;
``{"tuple": [...]}``, ``{"slice": [start, stop, step]}``, ``{"ellipsis": 1}``,
``{"dtype": "float64"}`` (the library's dtype of that name), ``{"float": "nan"}``."""

HOOK_KINDS = ("hook", "node_hook", "acc_hook")
GRAPH_KINDS = ("backward", "grad")


def refs_in(value):
    """Every step index ``value`` (a step or an argument) refers to."""
    if isinstance(value, dict):
        if "$" in value:
            yield value["$"]
            return
        for item in value.values():
            yield from refs_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from refs_in(item)


def remap(value, mapping):
    """A copy of ``value`` with each ref's step index replaced through ``mapping``."""
    if isinstance(value, dict):
        if "$" in value:
            out = dict(value)
            out["$"] = mapping[value["$"]]
            return out
        return {key: remap(item, mapping) for key, item in value.items()}
    if isinstance(value, list):
        return [remap(item, mapping) for item in value]
    return value


def without(program, drop):
    """``program`` without the steps in ``drop`` and every step depending on one of them, or
    None when nothing would be left."""
    steps = program["steps"]
    dropped = set(drop)
    for index, step in enumerate(steps):
        if index not in dropped and any(r in dropped for r in refs_in(step)):
            dropped.add(index)
    mapping, kept = {}, []
    for index, step in enumerate(steps):
        if index in dropped:
            continue
        mapping[index] = len(kept)
        kept.append(remap(step, mapping))
    if not kept:
        return None
    return {**program, "steps": kept}


def step_label(step):
    """The op a step runs, as it names a cause: ``reshape``, ``F.conv2d``, ``op.setitem``,
    ``backward(create_graph)``, ``hook:scale``."""
    kind = step["k"]
    if kind == "call":
        form, name = step["f"], step["n"]
        return name if form in ("m", "t") else f"{form}.{name}"
    if kind == "backward":
        return "backward(create_graph)" if step.get("cg") else "backward"
    if kind == "grad":
        return "autograd.grad(create_graph)" if step.get("cg") else "autograd.grad"
    if kind == "mhook":  # (op table part 9: module, state-dict and optimizer hooks)
        return f"mhook:{step['w']}:{step.get('how', 'observe')}"
    if kind == "module":
        return f"module:{step['c']}"
    if kind in HOOK_KINDS:
        where = "pre" if step.get("pre") else "post"
        return f"{kind}:{step['how']}" if kind != "node_hook" else f"node_{where}:{step['how']}"
    return kind
