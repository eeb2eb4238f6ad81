"""A program as a plain PyTorch script that a person can run with ``import torch`` or
``import hookgrad as torch`` and compare: it prints each result, each hook call, the grads after
each backward, and every exception."""
import json
import math

from .program import HOOK_KINDS
from .render_modules import MODULE_HEADER, module_call, module_statements, saved_hooks_context

OPERATORS = {"add": "+", "sub": "-", "mul": "*", "truediv": "/", "floordiv": "//", "mod": "%",
             "pow": "**", "matmul": "@", "lt": "<", "le": "<=", "gt": ">", "ge": ">=",
             "eq": "==", "ne": "!=", "and_": "&", "or_": "|", "xor": "^"}
IN_PLACE = {"iadd": "+=", "isub": "-=", "imul": "*=", "itruediv": "/=", "ipow": "**=",
            "ifloordiv": "//=", "imod": "%=", "iand": "&=", "ior": "|="}
UNARY = {"neg": "-{}", "pos": "+{}", "abs": "abs({})", "invert": "~{}"}
HOOK_BODIES = {
    "observe": "return None",
    "scale": "return None if grad is None else grad * 2",
    "replace": "return torch.full_like(grad, 0.5)",
    "inplace": "grad.mul_(3)",
    "same": "return grad",
    "wrong_dtype": "return grad.to(torch.float64 if grad.dtype == torch.float32 "
                   "else torch.float32)",
    "wrong_shape": "return torch.zeros(tuple(grad.shape) + (2,), dtype=grad.dtype)",
}
HEADER = '''import operator  # noqa: F401

import torch  # or: import hookgrad as torch

F = torch.nn.functional


def show(label, value):
    fn = getattr(value, "grad_fn", None)
    print(label, value, fn.name() if fn is not None else "")
'''


def _number(value):
    if isinstance(value, float) and not math.isfinite(value):
        return f'float("{value}")'
    return repr(value)


def _nested(flat, shape):
    if not shape:
        return _number(flat[0])
    step = len(flat) // shape[0] if shape[0] else 0
    return "[" + ", ".join(_nested(flat[i * step:(i + 1) * step], shape[1:])
                           for i in range(shape[0])) + "]"


def arg(value, index_context=False):
    if isinstance(value, list):
        return "[" + ", ".join(arg(v) for v in value) + "]"
    if isinstance(value, float):
        return _number(value)
    if not isinstance(value, dict):
        return repr(value)
    if "$" in value:
        return f"v{value['$']}" + (f"[{value['i']}]" if "i" in value else "")
    if "tuple" in value:
        items = [arg(v, index_context) for v in value["tuple"]]
        if index_context:
            return ", ".join(items) if len(items) != 1 else items[0] + ","
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    if "slice" in value:
        start, stop, step = value["slice"]
        text = f"{'' if start is None else start}:{'' if stop is None else stop}"
        if index_context:
            return text + (f":{step}" if step is not None else "")
        return f"slice({start}, {stop}, {step})"
    if "ellipsis" in value:
        return "..."
    if "dtype" in value:
        return f"torch.{value['dtype']}"
    if "float" in value:
        return f'float("{value["float"]}")'
    return json.dumps(value)


def _call_expression(step):
    form, name = step["f"], step["n"]
    args = step.get("a", [])
    rendered = [arg(a) for a in args] + [f"{k}={arg(v)}" for k, v in step.get("kw", {}).items()]
    if form == "m":
        return f"{arg(args[0])}.{name}({', '.join(rendered[1:])})"
    if form == "attr":
        return f"{arg(args[0])}.{name}"
    if form == "op":
        if name in OPERATORS:
            return f"{arg(args[0])} {OPERATORS[name]} {arg(args[1])}"
        if name in UNARY:
            return UNARY[name].format(arg(args[0]))
        if name == "getitem":
            return f"{arg(args[0])}[{arg(args[1], index_context=True)}]"
        return f"operator.{name}({', '.join(rendered)})"
    if form == "mod":
        return module_call(step, arg)
    prefix = {"t": "torch.", "F": "F.", "la": "torch.linalg.", "path": "torch.",
              "builtin": ""}[form]
    return f"{prefix}{name}({', '.join(rendered)})"


def _statements(step, index, leaves):
    """(lines, shows its value) for one step."""
    kind, name = step["k"], f"v{index}"
    if kind == "tensor":
        dtype, shape = step["T"], step["s"]
        grad = ", requires_grad=True" if step["rg"] else ""
        if 0 in shape:
            return [f"{name} = torch.zeros({tuple(shape)}, dtype=torch.{dtype}){'.requires_grad_()' if grad else ''}"], False  # noqa: E501
        return [f"{name} = torch.tensor({_nested(step['v'], shape)}, dtype=torch.{dtype}{grad})"
                ], False
    if kind == "call":
        form, op = step["f"], step["n"]
        args = step.get("a", [])
        if form == "op" and op == "setitem":
            lines = [f"{arg(args[0])}[{arg(args[1], True)}] = {arg(args[2])}", f"{name} = None"]
            return lines, False
        if form == "op" and op in IN_PLACE:
            target = arg(args[0])
            return [f"{target} {IN_PLACE[op]} {arg(args[1])}", f"{name} = {target}"], True
        if form == "setattr":
            return [f"{arg(args[0])}.{op} = {arg(args[1])}", f"{name} = None"], False
        return [f"{name} = {_call_expression(step)}"], True
    if kind in ("module", "mhook"):
        return module_statements(step, index, arg), False
    target = arg(step.get("t", {})) if "t" in step else None
    if kind in HOOK_KINDS:
        how = step["how"]
        if kind == "hook":
            body = [f"    print('hook {index}', grad)", f"    {HOOK_BODIES[how]}"]
            return [f"def hook{index}(grad):"] + body + [
                f"{name} = {target}.register_hook(hook{index})"], False
        if kind == "acc_hook":
            body = [f"    print('hook {index}', param.grad)"]
            if how == "inplace":
                body.append("    param.grad.mul_(3)")
            if how == "same":
                body.append("    return param")
            return [f"def hook{index}(param):"] + body + [
                f"{name} = {target}.register_post_accumulate_grad_hook(hook{index})"], False
        node = f"{target}.grad_fn" + (f".next_functions[{step['nx']}][0]" if "nx" in step
                                      else "")
        params = "grad_outputs" if step.get("pre") else "grad_inputs, grad_outputs"
        first = "grad_outputs" if step.get("pre") else "grad_inputs"
        body = [f"    print('hook {index}', {params})"]
        if how == "wrong_count":
            body.append(f"    return tuple({first}) + (None,)")
        elif how in ("scale", "inplace", "replace"):
            change = {"scale": "g * 2", "replace": "torch.full_like(g, 0.5)",
                      "inplace": "g.mul_(3)"}[how]
            body.append(f"    return tuple(None if g is None else {change} for g in {first})")
        method = "register_prehook" if step.get("pre") else "register_hook"
        return [f"def hook{index}({params}):"] + body + [
            f"{name} = {node}.{method}(hook{index})"], False
    if kind == "retain":
        return [f"{target}.retain_grad()", f"{name} = None"], False
    if kind == "remove":
        return [f"{arg(step['h'])}.remove()", f"{name} = None"], False
    options = []
    if kind == "backward":
        if step.get("g") is not None:
            options.append(f"gradient={arg(step['g'])}")
        if step.get("rg") is not None:
            options.append(f"retain_graph={step['rg']}")
        if step.get("cg"):
            options.append("create_graph=True")
        if step.get("in") is not None:
            options.append(f"inputs={arg(step['in'])}")
        lines = [f"{name} = {target}.backward({', '.join(options)})"]
    else:
        if step.get("go") is not None:
            options.append(f"grad_outputs={arg(step['go'])}")
        if step.get("rg") is not None:
            options.append(f"retain_graph={step['rg']}")
        if step.get("cg"):
            options.append("create_graph=True")
        if step.get("au"):
            options.append("allow_unused=True")
        outputs, inputs = arg(step["o"]), arg(step["i"])
        lines = [f"{name} = torch.autograd.grad({', '.join([outputs, inputs] + options)})",
                 f"show('{name}', {name})"]
    lines += [f"show('{leaf}.grad', {leaf}.grad)" for leaf in leaves]
    return lines, False


def render(program, reference=None, traced=None):
    """The script; with the traces, steps that raised in either library are wrapped in
    try/except, and the tensors whose .grad the traces record are printed after backward."""
    leaves = []
    if reference is not None:
        for record in reference["steps"]:
            leaves = sorted({f"v{key.split('.')[0]}" + (f"[{key.split('.')[1]}]" if "." in key
                                                         else "")
                             for key in record.get("g", {})} | set(leaves))
    lines = [HEADER]
    if any(step["k"] in ("module", "mhook") for step in program["steps"]):
        lines.append(MODULE_HEADER)
    for index, step in enumerate(program["steps"]):
        body, shows = _statements(step, index, leaves)
        if shows:
            body.append(f"show('v{index}', v{index})")
            same = {trace["steps"][index].get("same") for trace in (reference, traced)
                    if trace is not None and index < len(trace["steps"])}
            if same - {None}:
                position = (same - {None}).pop()
                body.append(f"print('v{index} is its argument:', v{index} is "
                            f"{arg(step['a'][position])})")
        raised = any(trace is not None and index < len(trace["steps"])
                     and "e" in trace["steps"][index] for trace in (reference, traced))
        if step.get("ng"):
            body = ["with torch.no_grad():"] + ["    " + line for line in body]
        if step.get("sth"):
            body = [saved_hooks_context(step)] + ["    " + line for line in body]
        if raised:
            body = ["try:"] + ["    " + line for line in body] + [
                "except Exception as error:",
                f"    print('step {index} raised', type(error).__name__, error)",
                f"    v{index} = None"]
        lines += body
    return "\n".join(lines) + "\n"
