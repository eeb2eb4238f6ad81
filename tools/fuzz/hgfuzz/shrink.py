"""Shrink a program that differs to fewer steps with the same signature: drop runs of steps
(each with every step depending on it), halving the run length down to single steps and
repeating while it helps, then drop keyword arguments and backward options one at a time."""
from .program import refs_in, remap, without

# options a step can lose and stay valid, by kind
SIMPLER = {"call": ("kw", "ng"), "backward": ("cg", "rg", "g", "in"),
           "grad": ("cg", "rg", "go", "au"), "node_hook": ("nx",)}


def shrink(program, signature, signature_of, budget=80):
    """The smallest variant found of ``program`` whose ``signature_of`` is ``signature``, within
    ``budget`` calls of ``signature_of``."""
    best, trials = program, 0

    def keeps(candidate):
        nonlocal trials
        if candidate is None or trials >= budget:
            return False
        trials += 1
        try:
            return signature_of(candidate) == signature
        except Exception:
            return False

    size = max(1, len(best["steps"]) // 2)
    while trials < budget:
        changed, end = False, len(best["steps"])
        while end > 0 and trials < budget:
            start = max(0, end - size)
            candidate = without(best, range(start, end))
            if keeps(candidate):
                best, changed = candidate, True
                end = min(start, len(best["steps"]))
            else:
                end = start
        if not changed:
            if size == 1:
                break
            size = max(1, size // 2)
    index = len(best["steps"]) - 1
    while index >= 0 and trials < budget:  # bypass a step: use one of its inputs instead
        step = best["steps"][index]
        for source in sorted(set(refs_in(step.get("a", []))), reverse=True):
            candidate = _bypassed(best, index, source)
            if keeps(candidate):
                best = candidate
                break
        index = min(index, len(best["steps"])) - 1
    for index in reversed(range(len(best["steps"]))):
        step = best["steps"][index]
        options = [key for key in SIMPLER.get(step["k"], ()) if step.get(key)]
        for key in options:
            keys = list(step[key]) if key == "kw" else [None]
            for kwarg in keys:
                candidate_step = dict(step)
                if kwarg is None:
                    candidate_step.pop(key)
                else:
                    candidate_step["kw"] = {k: v for k, v in step["kw"].items() if k != kwarg}
                candidate = {**best, "steps": best["steps"][:index] + [candidate_step]
                             + best["steps"][index + 1:]}
                if keeps(candidate):
                    best, step = candidate, candidate_step
    return best


def _bypassed(program, index, source):
    """``program`` with step ``index`` dropped and its uses referring to step ``source``."""
    steps = program["steps"]
    users = [i for i in range(index + 1, len(steps)) if index in refs_in(steps[i])]
    if not users:
        return None
    mapping = {i: i for i in range(len(steps))}
    mapping[index] = source
    rerouted = steps[:index + 1] + [remap(step, mapping) for step in steps[index + 1:]]
    out = without({**program, "steps": rerouted}, [index])
    return out
