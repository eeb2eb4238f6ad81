"""Counts per category, causes (programs grouped by signature, refined by shrinking where the
difference shows only at a backward or in the final state), and one reproducer per cause."""
from collections import Counter, defaultdict

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


def needs_refining(result):
    """Whether a signature names the op that differs: a silent or node difference that shows
    at a backward, in a hook or in the final state does not."""
    parts = result["signature"].split(" | ")
    return (result["category"] in ("silent", "node") and len(parts) > 1
            and parts[1].startswith(GRAPH_LABELS))


def ops_of(program):
    return sorted({step_label(s) for s in program["steps"] if s["k"] == "call"})


def refined_key(signature, program):
    return f"{signature} ‹ ops: {', '.join(ops_of(program)) or '-'}"


def category_counts(results):
    counts = Counter(r["category"] for r in results)
    return [(name, counts.get(name, 0)) for name in CATEGORIES + ("hg-flaky",) + EXCLUDED
            if counts.get(name, 0) or name in CATEGORIES[:7]]


def summary_lines(results, command=""):
    total = len(results)
    compared = sum(1 for r in results if r["category"] not in EXCLUDED)
    lines = [f"programs: {total} ({command})" if command else f"programs: {total}"]
    for name, count in category_counts(results):
        share = 100.0 * count / max(compared, 1)
        lines.append(f"  {name:<13}{count:>7}  {share:5.1f}%  {DESCRIPTIONS.get(name, '')}")
    with_node = sum(1 for r in results if r.get("any_node"))
    lines.append(f"  programs with any node-name difference: {with_node} "
                 f"({100.0 * with_node / max(compared, 1):.1f}%)")
    return lines


def group_causes(results, minimized):
    """[(key, category, count, example)], example the minimized result representing it.
    ``minimized`` maps a result id to its minimized result."""
    groups = defaultdict(list)
    for r in results:
        if r["category"] == "identical" or r["category"] in EXCLUDED:
            continue
        key = r["signature"]
        if needs_refining(r):
            small = minimized.get(r["id"])
            key = refined_key(key, small["program"]) if small and small[
                "signature"] == r["signature"] else key + " ‹ (not shrunk)"
        groups[key].append(r)
    causes = []
    for key, members in groups.items():
        shrunk = [minimized[m["id"]] for m in members if m.get("id") in minimized]
        example = min(shrunk, key=lambda s: len(s["program"]["steps"])) if shrunk else None
        causes.append((key, members[0]["category"], len(members), example,
                       members[0]))
    causes.sort(key=lambda c: (ORDER.get(c[1], 99), -c[2], c[0]))
    return causes


def cause_markdown(causes):
    out = []
    for number, (key, category, count, example, first) in enumerate(causes, 1):
        out.append(f"### {number}. [{category}] {count} program(s)\n")
        out.append(f"`{key}`\n")
        source = example or first
        if source.get("torch") or source.get("hookgrad"):
            out.append(f"- PyTorch: `{source.get('torch', '')[:300]}`")
            out.append(f"- hookgrad: `{source.get('hookgrad', '')[:300]}`\n")
        if example is not None:
            out.append(f"Reproducer (from {first.get('id')}, shrunk to "
                       f"{len(example['program']['steps'])} steps):\n")
            out.append("```python\n" + render(example["program"], example.get("ref_trace"),
                                              example.get("hg_trace")) + "```\n")
        elif "program" in first:
            out.append(f"Program {first.get('id')} (not shrunk):\n")
            out.append("```python\n" + render(first["program"]) + "```\n")
    return "\n".join(out)
