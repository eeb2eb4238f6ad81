"""Programs whose PyTorch result is a PyTorch bug, not a behaviour to imitate. Each rule is
named, narrow and says why; a program a rule matches counts as torch-failed (not counted)."""


def _empty_batch_multi_margin_loss(program, reference):
    """F.multi_margin_loss of an empty batch with reduction 'mean' or 'sum' returns whatever
    its output's memory held (PyTorch never writes it): 1.2e-32 in one process, 6.0e+24 or
    -3.6e-11 in the next. The same process usually repeats the garbage, so running the program
    twice does not catch it. hookgrad gives the mean of nothing (NaN) and the sum (0)."""
    steps = reference.get("steps", [])
    for step in program["steps"]:
        if step.get("k") != "call" or step.get("n") != "multi_margin_loss":
            continue
        if step.get("kw", {}).get("reduction", "mean") == "none":
            continue
        first = step["a"][0] if step.get("a") else None
        if not isinstance(first, dict) or "$" not in first or first["$"] >= len(steps):
            continue
        shape = steps[first["$"]].get("o", {}).get("s")
        if shape is not None and 0 in shape:
            return "multi_margin_loss of an empty batch returns uninitialised memory"
    return None


def _internal_assert(program, reference):
    """PyTorch's own consistency checks ("... INTERNAL ASSERT FAILED at ..., please report a
    bug to PyTorch") fail on some graphs, e.g. floor_divide_ on a view of a base that needs no
    grad with an operand that does (its NotImplemented node's edges disagree with
    CopySlices'): PyTorch has no behaviour there to compare hookgrad with."""
    for step in reference.get("steps", []):
        if step.get("e") and "INTERNAL ASSERT FAILED" in str(step["e"][1]):
            return "failed an internal assert"
    return None


RULES = (_empty_batch_multi_margin_loss, _internal_assert)


def known_torch_bug(program, reference):
    """The description of the PyTorch bug ``program`` runs into, or None."""
    for rule in RULES:
        found = rule(program, reference)
        if found is not None:
            return found
    return None
