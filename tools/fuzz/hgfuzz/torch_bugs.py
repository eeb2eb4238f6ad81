"""Programs whose PyTorch result is a PyTorch bug, not a behaviour to imitate. Each rule is
named, narrow and says why; a program a rule matches counts as torch-failed (not counted)."""
import re

from .program import refs_in


def _shape_of(ref, steps):
    """The recorded shape of the value a step argument refers to (``{"$": step}``, or
    ``{"$": step, "i": k}`` for the k-th of a tuple result), or None."""
    if not isinstance(ref, dict) or "$" not in ref or ref["$"] >= len(steps):
        return None
    out = steps[ref["$"]].get("o") or {}
    if "i" in ref:
        pieces = out.get("L") or []
        out = pieces[ref["i"]] if ref["i"] < len(pieces) else {}
    return out.get("s")


_MARGIN_LOSSES = ("multi_margin_loss", "multilabel_margin_loss")


def _empty_batch_multi_margin_loss(program, reference):
    """F.multi_margin_loss and F.multilabel_margin_loss of an empty batch with reduction
    'mean' or 'sum' return whatever their output's memory held (PyTorch never writes it):
    1.2e-32 in one process, 6.0e+24 or -3.6e-11 in the next. The same process usually
    repeats the garbage, so running the program twice does not catch it. hookgrad gives the
    mean of nothing (NaN) and the sum (0)."""
    steps = reference.get("steps", [])
    for step in program["steps"]:
        if step.get("k") != "call" or step.get("n") not in _MARGIN_LOSSES:
            continue
        if step.get("kw", {}).get("reduction", "mean") == "none":
            continue
        shape = _shape_of(step["a"][0] if step.get("a") else None, steps)
        if shape is not None and 0 in shape:
            return f"{step['n']} of an empty batch returns uninitialised memory"
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


def _index_past_the_end_after_two_ellipses(program, reference):
    """PyTorch lets every ``...`` of an index skip the dims the other components leave, so a
    component after two ellipses that stand for dims lands past the last dim, and PyTorch
    reads the size there from past the end of its sizes array (TensorIndexing.h applySlice,
    ``(*self_sizes)[dim]``): a slice from 0 with step 1 then returns the whole tensor when the
    byte there happens to hold a small number (x[..., ..., :1] of a 2-d x is all of x), and
    an int reports a size of 0. hookgrad refuses the dim as out of range, PyTorch's error
    when the read does not match."""
    steps = reference.get("steps", [])
    for index, step in enumerate(program["steps"]):
        if step.get("k") != "call" or step.get("n") not in ("getitem", "setitem"):
            continue
        args = step.get("a") or []
        error = steps[index].get("e") if index < len(steps) else None
        if error and not _names_dim_past_the_end(error, _shape_of(args[0], steps)
                                                 if args else None):
            continue  # (PyTorch refused it: hookgrad's error is compared as usual)
        key = args[1] if len(args) > 1 else None
        if not isinstance(key, dict) or "tuple" not in key:
            continue
        parts = key["tuple"]
        ellipses = [i for i, k in enumerate(parts) if isinstance(k, dict) and "ellipsis" in k]
        if len(ellipses) < 2:
            continue
        shape = _shape_of(args[0], steps)
        used = sum(1 for k in parts if k is not None and not isinstance(k, bool)
                   and not (isinstance(k, dict) and "ellipsis" in k))
        after = parts[ellipses[1] + 1:]
        if shape is not None and len(shape) > used and any(
                k is not None and not isinstance(k, bool) for k in after):
            return "an index after two ellipses reads past PyTorch's sizes array"
    return None


def _names_dim_past_the_end(error, shape):
    """Whether PyTorch's error is its bounds check against a size read past the end of the
    sizes array: "index 1 is out of bounds for dimension 2 with size 0" of a 2-d tensor, or
    of a 3-d one whose dim 2 is not of size 0 (the message names the count of real dims
    consumed, the size read is from past the end)."""
    found = re.search(r"out of bounds for dimension (\d+) with size (\d+)",
                      " ".join(map(str, error)))
    if found is None or shape is None:
        return False
    dim, size = int(found.group(1)), int(found.group(2))
    return dim >= len(shape) or shape[dim] != size


_AXIS_SWAPS = ("transpose", "permute", "movedim", "swapaxes", "swapdims")


def _batch_norm_gradient_read_as_channels_last(program, reference):
    """PyTorch 2.13's batch_norm backward misreads a gradient that passes its channels-last
    check only because a size-1 dim's stride is ignored (a (2, 2, 3, 1) output transposed
    back from (2, 1, 3, 2) has strides (6, 1, 2, 6)): it takes the elements in the wrong
    order, so its input gradient is not the gradient (grad * invstd in eval mode comes out
    permuted; training mode's sums to about 0). hookgrad follows the strides."""
    steps = reference.get("steps", [])
    if not any(step.get("k") in ("backward", "grad") for step in program["steps"]):
        return None
    normed = set()
    for index, step in enumerate(program["steps"]):
        if step.get("k") != "call":
            continue
        if step.get("n") == "batch_norm":
            shape = _shape_of({"$": index}, steps)
            if shape is not None and len(shape) == 4 and 1 in shape[2:]:
                normed.add(index)
        elif step.get("n") in _AXIS_SWAPS and step.get("a"):
            first = step["a"][0]
            if isinstance(first, dict) and first.get("$") in normed and "i" not in first:
                return "batch_norm's backward misreads a gradient with an odd size-1 stride"
    return None


def _empty_view_as_real_backward(program, reference):
    """view_as_real's backward is view_as_complex(grad.contiguous()): an empty gradient counts
    as contiguous whatever its strides, so the expanded (0, 0)-strided gradient of a sum is
    passed on and view_as_complex refuses it ("Tensor must have a last dimension with stride
    1") where the same program with one element works. hookgrad differentiates it (zeros)."""
    steps = reference.get("steps", [])
    empty = any(step.get("k") == "call" and step.get("n") == "view_as_real" and 0 in (
        _shape_of({"$": index}, steps) or [1]) for index, step in enumerate(program["steps"]))
    if not empty:
        return None
    for step, record in zip(program["steps"], steps):
        if step.get("k") in ("backward", "grad") and (record.get("e") or [None, ""])[1] == \
                "Tensor must have a last dimension with stride 1":
            return "view_as_real's backward refuses the expanded gradient of an empty tensor"
    return None


_BACKWARD_HOOKS = ("bwd", "bpre", "gbwd", "gbpre")
_CUSTOM_VIEW = "This view was created inside a custom Function (or because an input was returned"
_MULTI_OUTPUT_VIEW = "This view is the output of a function that returns multiple views"


def _downstream(program, sources):
    """The steps that use (directly or through other steps) one of ``sources``."""
    reached = set(sources)
    for index, step in enumerate(program["steps"]):
        if any(r in reached for r in refs_in(step)):
            reached.add(index)
    return reached


def _in_place_on_backward_hook_wrapper(program, reference):
    """Not a PyTorch bug but a documented hookgrad improvement (docs/hooks.md 7.6): PyTorch
    wraps a module's tensors for its full backward hooks / backward pre-hooks in a custom
    Function whose outputs are views that refuse in-place ops ("Output 0 of
    BackwardHookFunction is a view and is being modified inplace ..."; a view of one, or one
    written under no_grad, refuses its grad_fn later), where hookgrad runs them with
    PyTorch's out-of-place gradients (tests/nn/test_inplace_backward_hooks.py)."""
    steps = program["steps"]
    if not any(s.get("k") == "mhook" and s.get("w") in _BACKWARD_HOOKS for s in steps):
        return None
    calls = [i for i, s in enumerate(steps) if s.get("k") == "call" and s.get("f") == "mod"]
    later = _downstream(program, calls)
    for index, record in enumerate(reference.get("steps", [])):
        message = str((record.get("e") or [None, ""])[1])
        if _CUSTOM_VIEW in message or "of BackwardHookFunction is a view" in message or (
                index in later and _MULTI_OUTPUT_VIEW in message):  # (a view of one of
            # several wrapped outputs: MultiheadAttention's output and weights)
            return "in-place op on a module backward hook's wrapped tensor (docs/hooks.md 7.6)"
        out = record.get("o")
        if index in later and isinstance(out, dict) and out.get("rg") == "!RuntimeError":
            return "grad_fn of a module backward hook's wrapped tensor after an in-place op"
    for grads in [r.get("g") or {} for r in reference.get("steps", [])] + [
            (reference.get("final") or {}).get("grads") or {}]:
        for key, grad in grads.items():
            if int(key.split(".")[0]) in later and isinstance(grad, dict) and "!" in grad:
                return "is_leaf of a module backward hook's wrapped tensor after an in-place op"
    return None


RULES = (_empty_batch_multi_margin_loss, _internal_assert, _index_past_the_end_after_two_ellipses,
         _batch_norm_gradient_read_as_channels_last, _empty_view_as_real_backward,
         _in_place_on_backward_hook_wrapper)


def known_torch_bug(program, reference):
    """The description of the PyTorch bug ``program`` runs into, or None."""
    for rule in RULES:
        found = rule(program, reference)
        if found is not None:
            return found
    return None
