"""Counts per category, causes (programs grouped by signature, refined by shrinking where the
difference shows only at a backward, in a hook or in the final state), fix tasks (triage.py)
and one reproducer per cause."""
from collections import Counter, defaultdict

from . import triage
from .compare import CATEGORIES, DESCRIPTIONS
from .program import step_label
from .render import render

ORDER = {name: i for i, name in enumerate(("silent", "crash", "works", "hang", "died", "error",
                                           "warning", "node", "hg-flaky", "torch-failed",
                                           "torch-flaky", "fuzzer-error", "identical"))}
# results that say nothing about hookgrad: PyTorch crashed, hung or was nondeterministic
EXCLUDED = ("torch-failed", "torch-flaky", "fuzzer-error")
GRAPH_LABELS = ("backward", "autograd.grad", "final", "hook", "node_", "acc_hook", "retain",
                "remove")
# ops a shrunk program keeps only to reach backward (the loss, x * 1 or clone() before an
# in-place op, reading .grad); left out of a cause's op list unless nothing else remains
SCAFFOLDING = frozenset({"sum", "mean", "op.add", "op.mul", "clone", "attr.grad"})


def needs_refining(result):
    """Whether a signature fails to name the op that differs: a silent or node difference that
    shows at a backward, in a hook or in the final state."""
    parts = result["signature"].split(" | ")
    return (result["category"] in ("silent", "node") and len(parts) > 1
            and parts[1].startswith(GRAPH_LABELS))


def ops_of(program):
    """The ops of a shrunk program that can be the cause."""
    ops = sorted({step_label(s) for s in program["steps"] if s["k"] == "call"})
    return [op for op in ops if op not in SCAFFOLDING] or ops


def refined_key(signature, program):
    return f"{signature} ‹ ops: {', '.join(ops_of(program)) or '-'}"


def compared(results):
    return [r for r in results if r["category"] not in EXCLUDED]


def summary_lines(results, command=""):
    total, counted = len(results), len(compared(results))
    counts = Counter(r["category"] for r in results)
    lines = [f"programs: {total} ({command})" if command else f"programs: {total}"]
    for name in CATEGORIES + ("hg-flaky",) + EXCLUDED:
        if counts.get(name) or name in CATEGORIES[:7]:
            base = total if name in EXCLUDED else counted  # shares of the programs compared
            share = 100.0 * counts.get(name, 0) / max(base, 1)
            lines.append(f"  {name:<13}{counts.get(name, 0):>7}  {share:5.1f}%  "
                         f"{DESCRIPTIONS.get(name, '')}")
    with_node = sum(1 for r in results if r.get("any_node"))
    lines.append(f"  programs with any node-name difference: {with_node} "
                 f"({100.0 * with_node / max(counted, 1):.1f}%)")
    return lines


def group_causes(results, minimized):
    """Causes, most important first: dicts with key, category, count, ids, ops, task, example
    (the smallest minimized result) and first (the first program's result)."""
    groups = defaultdict(list)
    for r in results:
        if r["category"] == "identical" or r["category"] in EXCLUDED:
            continue
        key = r["signature"]
        small = minimized.get(r.get("id"))
        if needs_refining(r):
            key = refined_key(key, small["program"]) if small and small[
                "signature"] == r["signature"] else key + " ‹ (not shrunk)"
        groups[key].append(r)
    causes = []
    for key, members in groups.items():
        shrunk = [minimized[m["id"]] for m in members if m.get("id") in minimized]
        example = min(shrunk, key=lambda s: len(s["program"]["steps"])) if shrunk else None
        first = members[0]
        cause = {"key": key, "category": first["category"], "count": len(members),
                 "ids": [m.get("id") for m in members], "example": example, "first": first,
                 "ops": ops_of(example["program"]) if example else [],
                 "torch": first.get("torch", ""), "hookgrad": first.get("hookgrad", "")}
        cause["task"] = triage.assign(cause)
        causes.append(cause)
    causes = _merge_mechanisms(causes)
    causes.sort(key=lambda c: (ORDER.get(c["category"], 99), -c["count"], c["key"]))
    return causes


def _merge_mechanisms(causes):
    """Causes of a mechanism task (triage.MECHANISMS) merged by their signature without ops."""
    merged, out = {}, []
    for cause in causes:
        if cause["task"] not in triage.MECHANISMS:
            out.append(cause)
            continue
        key = cause["key"].split(" ‹ ")[0]
        if key not in merged:
            merged[key] = dict(cause, key=key, ids=list(cause["ids"]), ops=list(cause["ops"]))
            out.append(merged[key])
            continue
        into = merged[key]
        into["count"] += cause["count"]
        into["ids"] += cause["ids"]
        into["ops"] = sorted(set(into["ops"]) | set(cause["ops"]))
        examples = [e for e in (into["example"], cause["example"]) if e is not None]
        into["example"] = min(examples, key=lambda e: len(e["program"]["steps"])) \
            if examples else None
    return out


def tasks_of(causes):
    """[(task name, title, programs, causes)], most programs first."""
    by_task = defaultdict(list)
    for cause in causes:
        by_task[cause["task"]].append(cause)
    titles = triage.titles()
    out = [(name, titles[name], sum(c["count"] for c in members), members)
           for name, members in by_task.items()]
    out.sort(key=lambda t: -t[2])
    return out


def task_lines(causes):
    lines = []
    for name, _title, programs, members in tasks_of(causes):
        categories = Counter()
        for cause in members:
            categories[cause["category"]] += cause["count"]
        shown = ", ".join(f"{k} {v}" for k, v in categories.most_common())
        lines.append(f"  {programs:>6}  {name:<28} {len(members):>4} causes  ({shown})")
    return lines


def _cause_markdown(number, cause):
    out = [f"#### {number}. [{cause['category']}] {cause['count']} program(s): "
           f"`{cause['key'][:300]}`\n"]
    source = cause["example"] or cause["first"]
    if source.get("torch") or source.get("hookgrad"):
        out.append(f"- PyTorch: `{source.get('torch', '')[:300]}`")
        out.append(f"- hookgrad: `{source.get('hookgrad', '')[:300]}`\n")
    example = cause["example"]
    ids = ", ".join(str(i) for i in cause["ids"][:5]) + (" ..." if len(cause["ids"]) > 5 else "")
    if example is not None:
        out.append(f"Reproducer (programs {ids}; shrunk to {len(example['program']['steps'])} "
                   "steps):\n")
        out.append("```python\n" + render(example["program"], example.get("ref_trace"),
                                          example.get("hg_trace")) + "```\n")
    elif "program" in cause["first"]:
        out.append(f"Program {cause['first'].get('id')} (not shrunk):\n")
        out.append("```python\n" + render(cause["first"]["program"]) + "```\n")
    return "\n".join(out)


def causes_markdown(causes):
    out, number = [], 0
    for name, title, programs, members in tasks_of(causes):
        out.append(f"## {name}: {programs} program(s), {len(members)} cause(s)\n\n{title}\n")
        for cause in members:
            number += 1
            out.append(_cause_markdown(number, cause))
    return "\n".join(out)


def known_today_lines(causes):
    lines = []
    for item, check, programs, found in triage.known_today(causes):
        example = found[0]["key"][:110] if found else ""
        lines.append(f"  {'REPRODUCED' if programs else 'not reached':<11} {programs:>5}  "
                     f"{item[:2].strip():>2} {check}" + (f"   e.g. {example}" if example else ""))
    return lines
