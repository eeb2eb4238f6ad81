"""The work a fuzz worker does, as plain functions of JSON-ready data: fuzz one program (make
it, run it under both libraries, classify), shrink a difference, replay a recorded trace.
``phase(name)`` announces each stage, so that a parent can tell which library hung or died."""
import json

from .compare import classify
from .interpreter import run
from .shrink import shrink


def _libraries():
    import torch

    import hookgrad
    return torch, hookgrad


def _diff_record(verdict):
    diff = verdict.diff
    out = {"category": verdict.category, "signature": verdict.signature,
           "any_node": verdict.any_node}
    if diff is not None:
        out.update({"step": diff.step, "field": diff.field, "torch": diff.torch[:400],
                    "hookgrad": diff.hookgrad[:400]})
    return out


class TorchFlaky(Exception):
    """PyTorch gave two different traces for one program (it read uninitialized memory)."""


def both(program, phase, twice=False):
    """Run ``program`` under PyTorch then hookgrad; (reference trace, hookgrad trace). With
    ``twice``, PyTorch runs it twice and TorchFlaky is raised when the traces differ."""
    torch, hookgrad = _libraries()
    phase("torch")
    reference = run(program, torch)
    if twice and json.dumps(run(program, torch)) != json.dumps(reference):
        raise TorchFlaky
    phase("hookgrad")
    return reference, run(program, hookgrad)


# PyTorch's own consistency checks ("... INTERNAL ASSERT FAILED at ..., please report a bug to
# PyTorch") fail on some graphs, e.g. floor_divide_ on a view of a base that needs no grad with
# an operand that does (its NotImplemented node's edges disagree with CopySlices'): PyTorch has
# no behaviour there to compare hookgrad with, so the program counts as torch-failed.
INTERNAL_ASSERT = "INTERNAL ASSERT FAILED"


def torch_internal_assert(reference):
    """Whether a step of PyTorch's trace failed one of PyTorch's internal asserts."""
    return any(INTERNAL_ASSERT in str(step["e"][1]) for step in reference["steps"]
               if step.get("e"))


def fuzz(seed, index, phase, keep_trace=False):
    from .generate import generate
    torch, _ = _libraries()
    phase("generate")
    program = generate(seed, index, torch)
    try:
        reference, traced = both(program, phase, twice=True)
    except TorchFlaky:
        return {"id": f"{seed}:{index}", "category": "torch-flaky",
                "signature": "torch-flaky | PyTorch gave two different traces"}
    if torch_internal_assert(reference):
        return {"id": f"{seed}:{index}", "category": "torch-failed",
                "signature": "torch-failed | PyTorch failed an internal assert"}
    verdict = classify(program, reference, traced)
    result = {"id": f"{seed}:{index}", **_diff_record(verdict)}
    if verdict.category != "identical" or keep_trace:
        result["program"] = program
    if keep_trace:
        result["trace"] = reference
    return result


def record(seed, index, phase):
    """A corpus entry: the program and PyTorch's trace (and how hookgrad compares today);
    a program hookgrad runs two ways is no use in a corpus (category hg-flaky)."""
    result = fuzz(seed, index, phase, keep_trace=True)
    if "program" in result:
        _, hookgrad = _libraries()
        phase("hookgrad")
        first = run(result["program"], hookgrad)
        if json.dumps(first) != json.dumps(run(result["program"], hookgrad)):
            result.update(category="hg-flaky", signature="hg-flaky | hookgrad gave two "
                          "different traces")
    return result


def minimize(program, signature, phase, budget=80):
    def signature_of(candidate):
        reference, traced = both(candidate, phase)
        return classify(candidate, reference, traced).signature

    small = shrink(program, signature, signature_of, budget)
    reference, traced = both(small, phase)
    verdict = classify(small, reference, traced)
    return {"program": small, "ref_trace": reference, "hg_trace": traced,
            **_diff_record(verdict)}


def replay(entry, phase):
    _, hookgrad = _libraries()
    phase("hookgrad")
    verdict = classify(entry["program"], entry["trace"], run(entry["program"], hookgrad))
    return {"id": entry["id"], **_diff_record(verdict)}


TASKS = {"fuzz": fuzz, "record": record, "minimize": minimize, "replay": replay}


def perform(task, phase):
    """``task`` is (name, *args)."""
    name, *args = task
    return TASKS[name](*args, phase=phase) if name != "fuzz" else fuzz(*args, phase=phase)
