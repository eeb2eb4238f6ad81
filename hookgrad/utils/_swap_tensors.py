"""``torch.utils.swap_tensors``: two tensor objects trade their whole contents in place."""
import copyreg
import weakref

_POISONED = ("Trying to execute AccumulateGrad node that was poisoned by swap_tensors this can "
             "happen when you try to run backward on a tensor that was swapped. For a module m "
             "with `torch.__future__.set_swap_module_params_on_conversion(True)` you should not "
             "change the device or dtype of the module (e.g. `m.cpu()` or `m.half()`) between "
             "running forward and backward. To resolve this, please only change the "
             "device/dtype before running forward (or after both forward and backward).")


def _poisoned_accumulator(grad_outputs):
    raise RuntimeError(_POISONED)


def _live_accumulator(tensor):
    ref = tensor.__dict__.get("_grad_accumulator")
    return None if ref is None else ref()


def swap_tensors(t1, t2):
    """Swap class, attributes and data of ``t1`` and ``t2``: each Python object keeps its
    identity (and whatever holds it, like a module or an optimizer) but takes the other's
    contents. A leaf's existing AccumulateGrad node stays with the contents it accumulates
    for and is poisoned, as in PyTorch: a graph recorded before the swap cannot be run."""
    if weakref.getweakrefs(t1):
        raise RuntimeError("Cannot swap t1 because it has weakref associated with it")
    if weakref.getweakrefs(t2):
        raise RuntimeError("Cannot swap t2 because it has weakref associated with it")
    slots = set(copyreg._slotnames(type(t1)))
    if slots != set(copyreg._slotnames(type(t2))):
        raise RuntimeError("Cannot swap t1 and t2 if they have different slots")
    accumulators = (_live_accumulator(t1), _live_accumulator(t2))
    t1.__class__, t2.__class__ = t2.__class__, t1.__class__
    t1.__dict__, t2.__dict__ = t2.__dict__, t1.__dict__
    for slot in slots:
        first, second = getattr(t1, slot, _MISSING), getattr(t2, slot, _MISSING)
        _set_slot(t1, slot, second)
        _set_slot(t2, slot, first)
    for node, new_owner in zip(accumulators, (t2, t1)):
        if node is not None:
            node.variable = new_owner
            node.register_prehook(_poisoned_accumulator)


_MISSING = object()


def _set_slot(tensor, slot, value):
    if value is _MISSING:
        if hasattr(tensor, slot):
            delattr(tensor, slot)
    else:
        setattr(tensor, slot, value)
