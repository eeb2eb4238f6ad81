"""The module steps of op table part 9 (interp_modules.py) as script lines, for render.py: a
module with its seeded parameters, a module / global / state-dict / optimizer hook (made by
``make_hook`` of MODULE_HEADER, which does what the interpreter's hooks do), a call of a
module, a call under saved-tensor hooks."""
import json

from .interp_modules import GLOBAL_HOOKS, HOOK_WHERE, parameters_of

MODULE_HEADER = '''

def _map(value, fn):
    if isinstance(value, torch.Tensor):
        return fn(value)
    if isinstance(value, (tuple, list)):
        return type(value)(_map(v, fn) for v in value)
    return value


def make_hook(label, base, how, names):
    """A hook that prints its arguments and then does ``how`` (see interp_modules.py)."""
    def hook(owner, *values):
        print(label, type(owner).__name__, *values)
        if how == "raise":
            raise RuntimeError(label + " raised")
        named = dict(zip(names, values))
        if base in ("fpre", "fwd", "bwd", "bpre"):
            value = named[{"fpre": "args", "fwd": "output", "bwd": "grad_input",
                           "bpre": "grad_output"}[base]]
            if how == "wrong_count":
                return tuple(value) + (None,)
            if how == "single":
                return value[0] * 2 if value and isinstance(value[0], torch.Tensor) else None
            if how == "scale":
                changed = _map(value, lambda t: t * 2)
            elif how == "replace":
                changed = _map(value, lambda t: torch.full_like(t, 0.5))
            else:
                if how == "inplace":
                    _map(value, lambda t: t.mul_(3))
                return None
            return (changed, named["kwargs"]) if base == "fpre" and "kwargs" in named \\
                else changed
        state = named.get("state_dict")
        if how == "edit" and isinstance(state, dict):
            for key in list(state):
                if isinstance(state[key], torch.Tensor) and state[key].is_floating_point():
                    state[key] = state[key] * 2
                    break
            return state if base in ("osd_post", "old_pre") else None
        if how == "drop" and isinstance(state, dict) and state:
            return {k: v for k, v in list(state.items())[1:]}
        if how == "clear" and "incompatible_keys" in named:
            named["incompatible_keys"].missing_keys.clear()
            named["incompatible_keys"].unexpected_keys.clear()
        return None
    return hook


def pack(tensor):
    print("pack", tensor)
    return tensor


def unpack(tensor):
    print("unpack", tensor)
    return tensor
'''


def module_statements(step, index, arg):
    """The lines of a ``module`` or ``mhook`` step (``arg`` renders an argument)."""
    name = f"v{index}"
    if step["k"] == "module":
        rendered = [arg(a) for a in step.get("a", [])] + [
            f"{k}={arg(v)}" for k, v in step.get("kw", {}).items()]
        lines = [f"{name} = torch.nn.{step['c']}({', '.join(rendered)})"]
        if step.get("p"):
            lines.append("with torch.no_grad():  # seeded parameters")
            for param, values in step["p"]:
                lines.append(f"    {name}.get_parameter({param!r}).copy_(torch.tensor("
                             f"{json.dumps(values)}).reshape({name}.get_parameter("
                             f"{param!r}).shape))")
        return lines
    where, how = step["w"], step.get("how", "observe")
    options = dict(step.get("o", {}))
    base = where[1:] if where in GLOBAL_HOOKS else where
    names = parameters_of(where, options)
    hook = f"make_hook('hook {index}', {base!r}, {how!r}, {names!r})"
    rendered = ", ".join([hook] + [f"{k}={v!r}" for k, v in options.items()])
    if where in GLOBAL_HOOKS:
        return [f"{name} = torch.nn.modules.module.{GLOBAL_HOOKS[where]}({rendered})"]
    return [f"{name} = {arg(step['m'])}.{HOOK_WHERE[where]}({rendered})"]


def module_call(step, arg):
    args = step.get("a", [])
    rendered = [arg(a) for a in args[1:]] + [f"{k}={arg(v)}" for k, v in
                                             step.get("kw", {}).items()]
    return f"{arg(args[0])}({', '.join(rendered)})"


def saved_hooks_context(step):
    if step["sth"] == "cpu":
        return "with torch.autograd.graph.save_on_cpu():"
    return "with torch.autograd.graph.saved_tensors_hooks(pack, unpack):"
