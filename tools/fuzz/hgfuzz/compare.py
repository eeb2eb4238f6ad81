"""Set a hookgrad trace against PyTorch's and say how they differ.

Categories, most important first: ``silent`` (a value, gradient, dtype, shape, requires_grad,
identity or hook call differs, and nothing raised), ``crash`` (hookgrad raises where PyTorch
works), ``works`` (hookgrad works where PyTorch raises), ``error`` (both raise, with a different
type or message), ``warning`` (different warnings), ``node`` (only grad_fn names or
next_functions differ), ``identical``. A program's category is its first silent/crash/works
difference in step order, or else its first error, warning or node difference; after a crash or
works difference the traces stop being comparable.

The signature that groups programs by cause: category | op of the step | field | the shape of
the exception message or the differing names, numbers replaced by N."""
import json
import re
from dataclasses import dataclass, field

import numpy as np

from .program import refs_in, step_label

MAJOR = ("silent", "crash", "works")
MINOR = ("error", "warning", "node")
CATEGORIES = ("identical",) + MAJOR + MINOR + ("hang", "died")
DESCRIPTIONS = {
    "identical": "identical",
    "silent": "silent difference (value, gradient, dtype, shape, hook calls)",
    "crash": "hookgrad raises where PyTorch works",
    "works": "hookgrad works where PyTorch raises",
    "error": "both raise, different exception type or message",
    "warning": "different warnings",
    "node": "node names / next_functions only",
    "hang": "hookgrad timed out",
    "died": "hookgrad's process died",
    "hg-flaky": "hookgrad gave two different traces for one program",
    "torch-failed": "PyTorch crashed or hung (not counted)",
    "torch-flaky": "PyTorch gave two different traces (not counted)",
    "fuzzer-error": "the fuzzer failed (not counted)",
}
# (rtol, atol relative to the tensor's largest magnitude, at least 1). float64 gets float32's:
# a float64 result computed from float32 inputs carries float32 rounding.
TOLERANCE = {"float16": (1e-2, 1e-3), "bfloat16": (2e-2, 1e-2), "float32": (1e-4, 1e-5),
             "float64": (1e-4, 1e-5),
             # complex values are summarised as [real, imag] pairs, compared as their floats
             "complex64": (1e-4, 1e-5), "complex128": (1e-4, 1e-5)}
# Downstream of values that already differ in their last digits (exp, conv, norms round
# differently in the two libraries), rounding differences can grow: such steps compare with
# LOOSE tolerance, and ops that are discontinuous in their input (DISCONTINUOUS: a value that
# moves by one ulp can flip their result) are not compared by value at all. xlogy is among
# them: xlogy(0, y) is 0 by definition, while x * log(y) next to 0 is NaN for y < 0 and
# infinite for y = 0 (a 0 that one library's inverse gives as -2.8e-08 flips NaN to 0).
LOOSE = (2e-3, 2e-4)
DISCONTINUOUS = frozenset("""floor ceil round trunc fix frac sign sgn signbit nonzero argwhere
argmax argmin argsort sort topk max min median nanmedian mode kthvalue msort unique
unique_consecutive eq ne lt le gt ge greater less greater_equal less_equal not_equal isclose
allclose equal floor_divide remainder fmod op.floordiv op.mod op.imod op.ifloordiv op.lt op.le
op.gt op.ge op.eq op.ne count_nonzero searchsorted bucketize heaviside masked_select
F.hardshrink F.softshrink F.threshold F.adaptive_max_pool1d F.adaptive_max_pool2d F.max_pool1d
F.max_pool2d cummax cummin any all xlogy logical_and logical_or logical_xor
logical_not""".split())
# (the in-place form of each, ``eq_`` or ``logical_and_``, is as discontinuous: see _discontinuous)
NODE_FIELDS = ("fn", "nx")


@dataclass
class Diff:
    category: str
    step: int
    label: str
    field: str
    detail: str = ""
    torch: str = ""
    hookgrad: str = ""

    @property
    def signature(self):
        return " | ".join(part for part in (self.category, self.label, self.field, self.detail)
                          if part)


@dataclass
class Verdict:
    category: str
    diff: Diff | None = None
    any_node: bool = False
    diffs: list = field(default_factory=list)

    @property
    def signature(self):
        return self.diff.signature if self.diff else "identical"


def message_shape(message):
    first = message.strip().split("\n")[0]
    first = re.sub(r"0x[0-9a-fA-F]+", "ADDR", first)
    first = re.sub(r"\d+(\.\d+)?", "N", first)
    first = re.sub(r"\[N(, N)*\]", "[...]", first)
    return first[:100]


def short(summary, limit=8):
    """A one-line account of a summary for reports."""
    if summary is None:
        return "None"
    if not isinstance(summary, dict):
        return repr(summary)[:120]
    if "T" in summary:
        values = summary.get("v")
        if isinstance(values, list) and len(values) > limit:
            values = values[:limit] + ["..."]
        text = f"{summary['T']}{summary.get('s')} {values}"
        extras = [f"{k}={summary[k]}" for k in ("rg", "fn") if summary.get(k)]
        return " ".join([text] + extras)[:300]
    if "L" in summary:
        return "(" + ", ".join(short(s, 4) for s in summary["L"]) + ")"
    if "py" in summary:
        return repr(summary["v"])
    if "D" in summary:
        return "{" + ", ".join(f"{k}: {short(v, 4)}" for k, v in summary["D"]) + "}"
    return repr(summary)[:120]


def _float_close(a, b, dtype, loose=False):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if a.shape != b.shape:
        return False
    nan_a, nan_b = np.isnan(a), np.isnan(b)
    if not np.array_equal(nan_a, nan_b):
        return False
    a, b = a[~nan_a], b[~nan_b]
    infinite = np.isinf(a) | np.isinf(b)
    if not np.array_equal(a[infinite], b[infinite]):
        return False
    a, b = a[~infinite], b[~infinite]
    rtol, atol = TOLERANCE.get(dtype, (0.0, 0.0))
    if loose:
        rtol, atol = max(rtol, LOOSE[0]), max(atol, LOOSE[1])
    scale = max(1.0, float(np.abs(a).max())) if a.size else 1.0
    return bool(np.all(np.abs(a - b) <= atol * scale + rtol * np.abs(a)))


def values_equal(a, b, dtype, loose=False):
    if isinstance(a, dict) and isinstance(b, dict):  # large tensors: head and sums
        return (values_equal(a.get("head"), b.get("head"), dtype, loose)
                and values_equal([a.get("sum"), a.get("abs")], [b.get("sum"), b.get("abs")],
                                 "float32" if dtype in TOLERANCE else dtype, loose))
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        if dtype in TOLERANCE:
            try:
                return _float_close(a, b, dtype, loose)
            except (TypeError, ValueError):
                return a == b
        return a == b
    return a == b


def _non_finite(values_a, values_b):
    """Whether the values differ only where one side is NaN or infinite."""
    try:
        a, b = np.asarray(values_a, dtype=float), np.asarray(values_b, dtype=float)
        if a.shape != b.shape or a.ndim != 1:
            return False
        differ = ~((a == b) | (np.isnan(a) & np.isnan(b)))
        close = np.isclose(a, b, rtol=1e-4, atol=1e-5)
        differ &= ~close
        return bool(differ.any()) and bool(np.all(~np.isfinite(a[differ])
                                                  | ~np.isfinite(b[differ])))
    except (TypeError, ValueError):
        return False


def _kind(summary):
    if summary is None:
        return "None"
    for key in ("T", "L", "D", "py", "dtype", "obj", "alias", "!"):
        if key in summary:
            return key
    return "?"


def compare_summaries(a, b, where, loose=False, by_value=True):
    """[(field, detail, torch text, hookgrad text)] for the ways summary b differs from a;
    ``loose`` widens the float tolerance, without ``by_value`` values and shapes are not
    compared."""
    kind_a, kind_b = _kind(a), _kind(b)
    if kind_a != kind_b:
        return [(f"{where}.kind", f"{kind_a} vs {kind_b}", short(a), short(b))]
    if kind_a == "None":
        return []
    if kind_a == "L":
        if len(a["L"]) != len(b["L"]):
            return [(f"{where}.len", "", short(a), short(b))]
        out = []
        for item_a, item_b in zip(a["L"], b["L"]):
            out += compare_summaries(item_a, item_b, where, loose, by_value)
        return out
    if kind_a == "D":  # a dict (a state dict, a hook's kwargs): its keys, then its values
        keys_a, keys_b = [k for k, _ in a["D"]], [k for k, _ in b["D"]]
        if keys_a != keys_b:
            return [(f"{where}.keys", "", str(keys_a)[:300], str(keys_b)[:300])]
        out = []
        for (_, item_a), (_, item_b) in zip(a["D"], b["D"]):
            out += compare_summaries(item_a, item_b, f"{where}", loose, by_value)
        return out
    if kind_a != "T":
        same = a == b
        if kind_a == "py" and a.get("py") == "float" and b.get("py") == "float":
            same = values_equal([a["v"]], [b["v"]], "float32", loose)
        if kind_a == "py" and not by_value:
            same = True
        return [] if same else [(f"{where}.{kind_a}", "", short(a), short(b))]
    out = []
    if a["T"] != b["T"]:
        out.append((f"{where}.dtype", f"{a['T']} vs {b['T']}", short(a), short(b)))
    if not by_value:
        pass
    elif a.get("s") != b.get("s"):
        out.append((f"{where}.shape", "", short(a), short(b)))
    elif not values_equal(a.get("v"), b.get("v"), a["T"] if a["T"] == b["T"] else "float16",
                          loose):
        detail = "non-finite" if _non_finite(a.get("v"), b.get("v")) else ""
        out.append((f"{where}.value", detail, short(a, 16), short(b, 16)))
    for key, name in (("rg", "requires_grad"), ("leaf", "is_leaf")):
        if key in a and a.get(key) != b.get(key):
            out.append((f"{where}.{name}", f"{a.get(key)} vs {b.get(key)}", short(a), short(b)))
    if a.get("fn") != b.get("fn"):
        out.append((f"{where}.fn", f"{a.get('fn')} vs {b.get('fn')}", str(a.get("fn")),
                    str(b.get("fn"))))
    elif a.get("nx") != b.get("nx"):
        out.append((f"{where}.nx", f"{a.get('fn')}", str(a.get("nx")), str(b.get("nx"))))
    return out


def _category_of(field_name):
    return "node" if field_name.rsplit(".", 1)[-1] in NODE_FIELDS else "silent"


class _Collector:
    def __init__(self, program):
        self.steps = program["steps"]
        self.diffs = []
        self.loose, self.by_value = False, True  # for the step being compared

    def add(self, category, index, field_name, detail="", torch_text="", hookgrad_text="",
            label=None):
        label = label or (step_label(self.steps[index]) if index is not None else "final")
        self.diffs.append(Diff(category, index if index is not None else -1, label,
                               field_name, detail, torch_text, hookgrad_text))

    def summaries(self, index, a, b, where, label=None):
        for field_name, detail, text_a, text_b in compare_summaries(a, b, where, self.loose,
                                                                    self.by_value):
            self.add(_category_of(field_name), index, field_name, detail, text_a, text_b,
                     label=label)

    def hook_label(self, hook_step):
        """The kind and behaviour of a hook (``hook:scale``, ``node_post:observe``); the op
        it hooks is left to shrinking, which keeps it in the program."""
        if not 0 <= hook_step < len(self.steps):
            return "hook"
        return step_label(self.steps[hook_step])

    def hooks(self, index, calls_a, calls_b):
        if [c[0] for c in calls_a] != [c[0] for c in calls_b]:
            ids_a, ids_b = [c[0] for c in calls_a], [c[0] for c in calls_b]
            first = next((x for x, y in zip(ids_a, ids_b) if x != y),
                         (ids_a + ids_b)[min(len(ids_a), len(ids_b))])
            what = "hook.calls" if sorted(ids_a) != sorted(ids_b) else "hook.order"
            self.add("silent", index, what, self.hook_label(first), str(ids_a), str(ids_b))
            return
        for call_a, call_b in zip(calls_a, calls_b):
            label = self.hook_label(call_a[0])
            for args_a, args_b in zip(call_a[1:], call_b[1:]):
                if len(args_a) != len(args_b):
                    self.add("silent", index, "hook.args.len", label, str(len(args_a)),
                             str(len(args_b)))
                    continue
                for arg_a, arg_b in zip(args_a, args_b):
                    for field_name, detail, text_a, text_b in compare_summaries(
                            arg_a, arg_b, "hook", self.loose):
                        self.add(_category_of(field_name), index, field_name,
                                 f"{label}; {detail}" if detail else label, text_a, text_b)

    def grads(self, index, grads_a, grads_b, where="grad", label=None):
        for key in _in_step_order(grads_a.keys() | grads_b.keys()):
            if key not in grads_b or key not in grads_a:
                self.add("silent", index, f"{where}.presence", "", f"{key}: {key in grads_a}",
                         f"{key}: {key in grads_b}", label=label)
            else:
                self.summaries(index, grads_a[key], grads_b[key], where, label=label)


def _in_step_order(keys):
    """Trace keys ("3", "3.1") in step order: the first difference must not depend on set
    order (string hashing differs between processes)."""
    return sorted(keys, key=lambda key: tuple(int(part) for part in key.split(".")))


def _values_of(summary):
    """The values in a summary (its tensors' values, recursively), to tell exact equality."""
    if isinstance(summary, dict):
        if "T" in summary:
            return summary.get("v")
        if "L" in summary:
            return [_values_of(item) for item in summary["L"]]
        return summary.get("v")
    return summary


def _exception_text(error):
    return f"{error[0]}: {message_shape(error[1])}"


def _discontinuous(label):
    return label in DISCONTINUOUS or (label.endswith("_") and label[:-1] in DISCONTINUOUS)


def classify(program, ref_trace, hg_trace):
    """The Verdict for hookgrad's trace against PyTorch's."""
    collect = _Collector(program)
    steps_a, steps_b = ref_trace["steps"], hg_trace["steps"]
    comparable = True
    inexact = set()  # steps whose results differ in their last digits between the libraries
    unchecked = set()  # steps whose values are not compared (DISCONTINUOUS), nor at the end
    for index, (a, b) in enumerate(zip(steps_a, steps_b)):
        step = program["steps"][index]
        if step["k"] in ("backward", "grad"):
            collect.loose, collect.by_value = bool(inexact), True
        else:
            uses = set(refs_in(step))
            collect.loose = bool(uses & inexact)
            collect.by_value = not (collect.loose and _discontinuous(step_label(step)))
            if not collect.by_value:
                unchecked.add(index)
        if "o" in a and "o" in b and json.dumps(_values_of(a["o"])) != json.dumps(
                _values_of(b["o"])):  # as text: NaN equals NaN
            inexact.add(index)
        if "skip" in a or "skip" in b:
            if ("skip" in a) != ("skip" in b):
                comparable = False
                break
            continue
        error_a, error_b = a.get("e"), b.get("e")
        if error_a is None and error_b is not None:
            collect.add("crash", index, "raises", _exception_text(error_b), "", str(error_b))
            comparable = False
            break
        if error_a is not None and error_b is None:
            collect.add("works", index, "no error", "torch " + _exception_text(error_a),
                        str(error_a), short(b.get("o")))
            comparable = False
            break
        collect.hooks(index, a.get("h", []), b.get("h", []))
        if error_a is not None and list(error_a) != list(error_b):
            collect.add("error", index, "exception", f"torch {_exception_text(error_a)} / "
                        f"hookgrad {_exception_text(error_b)}", str(error_a), str(error_b))
        if "o" in a or "o" in b:
            collect.summaries(index, a.get("o"), b.get("o"), "out")
        if a.get("same") != b.get("same"):
            collect.add("silent", index, "out.identity", "", f"is argument {a.get('same')}",
                        f"is argument {b.get('same')}")
        if "g" in a or "g" in b:
            collect.grads(index, a.get("g", {}), b.get("g", {}))
        warnings_a, warnings_b = a.get("w", []), b.get("w", [])
        if [w[0] for w in warnings_a] != [w[0] for w in warnings_b] or [
                message_shape(w[1]) for w in warnings_a] != [message_shape(w[1])
                                                             for w in warnings_b]:
            collect.add("warning", index, "warnings", "; ".join(
                f"{w[0]}: {message_shape(w[1])[:60]}" for w in warnings_a) or "none", str(
                warnings_a)[:300], str(warnings_b)[:300])
    if comparable and len(steps_a) == len(steps_b):
        collect.loose, collect.by_value = bool(inexact), True
        final_a, final_b = ref_trace["final"], hg_trace["final"]
        for key in _in_step_order(final_a["values"].keys() | final_b["values"].keys()):
            label = _final_label(program, key)
            collect.by_value = int(key.split(".")[0]) not in unchecked
            collect.summaries(None, final_a["values"].get(key), final_b["values"].get(key),
                              "final", label=label)
        collect.by_value = True
        collect.grads(None, final_a["grads"], final_b["grads"], "final.grad", label="final")
    return _verdict(collect.diffs)


def _final_label(program, key):
    index = int(key.split(".")[0])
    if index < len(program["steps"]):
        return "final of " + step_label(program["steps"][index])
    return "final"


def _verdict(diffs):
    any_node = any(d.category == "node" for d in diffs)
    for wanted in (MAJOR, ("error",), ("warning",), ("node",)):
        for diff in diffs:
            if diff.category in wanted:
                return Verdict(diff.category, diff, any_node, diffs)
    return Verdict("identical", None, any_node, diffs)
