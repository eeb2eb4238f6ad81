"""What AccumulateGrad does besides adding into ``.grad``: its post-accumulate-grad hooks, and
the leaf that changed since the graph was built."""


def accumulate_nothing(variable):
    """The leaf changed since the graph was built: PyTorch refuses one that an in-place op gave
    history, and accumulates nothing into one that ``detach_`` or ``requires_grad_(False)``
    turned off (its post-accumulate-grad hooks still run)."""
    if variable._grad_fn is not None:
        raise RuntimeError("leaf variable has been moved into the graph interior")
    hooks = variable._post_accumulate_grad_hooks
    if hooks:
        call_post_accumulate_hooks(hooks, variable)


def call_post_accumulate_hooks(hooks, variable):
    """PyTorch's rule: a hook may return None or the very tensor it was given; any other
    Tensor becomes the next hooks' argument and the pass fails after the last hook."""
    argument = variable
    replaced = False
    for fn in list(hooks.values()):
        result = fn(argument)
        if result is None or result is argument:
            continue
        if not hasattr(result, "_data"):
            raise TypeError(f"expected Variable, but hook returned '{type(result).__name__}'")
        argument = result
        replaced = True
    if replaced:
        raise RuntimeError("Tensor post accumulate grad hooks should return None.")
