"""Record what selected modules output (and optionally their inputs and output gradients)."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from .._tensor import Tensor
from ..nn.modules.module import Module
from ._select import Selector, UnknownNameError, select_modules, unknown_name

__all__ = ["Cache", "capture", "run_with_cache"]


def iter_tensors(obj: Any) -> Iterator[Tensor]:
    """The tensors in a module's input or output (tuples, lists, dict values), in order."""
    if isinstance(obj, Tensor):
        yield obj
    elif isinstance(obj, (tuple, list)):
        for item in obj:
            yield from iter_tensors(item)
    elif isinstance(obj, dict):
        for item in obj.values():
            yield from iter_tensors(item)


def _apply(fn, obj):
    if isinstance(obj, Tensor):
        return fn(obj)
    if isinstance(obj, list):
        return [_apply(fn, item) for item in obj]
    if isinstance(obj, tuple):
        items = [_apply(fn, item) for item in obj]
        return type(obj)(*items) if hasattr(obj, "_fields") else tuple(items)
    if isinstance(obj, dict):
        return {key: _apply(fn, value) for key, value in obj.items()}
    return obj


def describe(obj: Any) -> str:
    """``[5, 4]`` for a tensor, ``([5, 4], [5])`` for a tuple, the type name otherwise."""
    if isinstance(obj, Tensor):
        return str(list(obj.shape))
    if isinstance(obj, (tuple, list)):
        return "(" + ", ".join(describe(item) for item in obj) + ")"
    if isinstance(obj, dict):
        return "{" + ", ".join(f"{key}: {describe(v)}" for key, v in obj.items()) + "}"
    return "None" if obj is None else type(obj).__name__


def _copy(tensor):
    return tensor.detach().clone()


_STORES = {"ref": None, "detach": Tensor.detach, "copy": _copy}


class Cache:
    """Outputs of the selected modules of ``model``, reset at each call of ``model``.

    The hooks are live from construction until ``close()`` (or the end of the ``with``
    block); the recorded values stay readable afterwards. Gradients arrive only if backward
    runs while the hooks are live. For a tuple, list or dict output the gradient is the one
    w.r.t. its first tensor."""

    def __init__(self, model: Module, names: Selector = None, *, grads: bool = False,
                 inputs: bool = False, store: str | Callable[[Tensor], Any] = "detach"):
        if callable(store):
            self._store = store
        elif store in _STORES:
            self._store = _STORES[store]
        else:
            raise ValueError(f"store must be 'ref', 'detach', 'copy' or a callable applied to "
                             f"each tensor; got {store!r}")
        modules = select_modules(model, names)
        self._model_name = type(model).__name__
        self._hooked = [name for name, _ in modules]
        self._record_grads, self._record_inputs = grads, inputs
        self._outputs, self._inputs, self._grads = {}, {}, {}
        self._handles, self._grad_handles = [], []
        try:
            # Each call of the model starts a fresh record, before its other pre-hooks.
            self._handles.append(model.register_forward_pre_hook(self._on_model_call,
                                                                 prepend=True))
            for name, module in modules:
                self._handles.append(module.register_forward_hook(partial(self._on_output,
                                                                          name)))
        except BaseException:
            self.close()
            raise

    # ------------------------------------------------------------------ hooks
    def _on_model_call(self, model, args):
        for handle in self._grad_handles:
            handle.remove()
        self._grad_handles = []
        self._outputs, self._inputs, self._grads = {}, {}, {}

    def _keep(self, obj):
        return obj if self._store is None else _apply(self._store, obj)

    def _on_output(self, name, module, args, output):
        self._outputs.setdefault(name, []).append(self._keep(output))
        if self._record_inputs:
            self._inputs.setdefault(name, []).append(self._keep(args))
        if self._record_grads:
            grads = self._grads.setdefault(name, [])
            grads.append(None)
            tensor = next(iter_tensors(output), None)
            if tensor is not None and tensor.requires_grad:
                hook = partial(self._on_grad, grads, len(grads) - 1)
                self._grad_handles.append(tensor.register_hook(hook))

    def _on_grad(self, grads, index, grad):
        grads[index] = self._keep(grad)

    def close(self) -> None:
        """Remove every hook this cache added; the recorded values stay."""
        for handle in (*self._handles, *self._grad_handles):
            handle.remove()
        self._handles, self._grad_handles = [], []

    def __enter__(self) -> Cache:
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.close()

    # ------------------------------------------------------------------ reading
    def _get(self, table, name):
        if name in table:
            return table[name]
        if name not in self._hooked:
            raise unknown_name(name, self._hooked, "the cache")
        if not self._outputs:
            raise UnknownNameError(f"{name!r} has not run: the cache is empty (run the model "
                                   "inside the capture block)")
        raise UnknownNameError(f"{name!r} is hooked but did not run in the last call of the "
                               f"model; recorded: {list(self._outputs)}")

    def __getitem__(self, name: str) -> Any:
        """The output of the latest call of module ``name``."""
        return self._get(self._outputs, name)[-1]

    def all(self, name: str) -> list:
        """The outputs of every call of ``name`` since the model's last call, in order."""
        return list(self._get(self._outputs, name))

    def input(self, name: str) -> tuple:
        """The positional inputs (a tuple) of the latest call of ``name``."""
        return self.inputs(name)[-1]

    def inputs(self, name: str) -> list[tuple]:
        if not self._record_inputs:
            raise RuntimeError("inputs were not recorded: use capture(..., inputs=True)")
        return list(self._get(self._inputs, name))

    def grad(self, name: str) -> Any:
        """The gradient w.r.t. the latest output of ``name``, once backward has reached it.

        A second backward through the same graph replaces it (it is not accumulated)."""
        grad = self.grads(name)[-1]
        if grad is None:
            raise UnknownNameError(f"no gradient for {name!r} yet: run backward inside the "
                                   "capture block (the output must require grad)")
        return grad

    def grads(self, name: str) -> list:
        """The gradient w.r.t. each call's output (None where backward has not reached it)."""
        if not self._record_grads:
            raise RuntimeError("gradients were not recorded: use capture(..., grads=True)")
        return list(self._get(self._grads, name))

    def __contains__(self, name):
        return name in self._outputs

    def __iter__(self):
        return iter(self._outputs)

    def __len__(self):
        return len(self._outputs)

    def keys(self):
        return self._outputs.keys()

    def values(self):
        return [calls[-1] for calls in self._outputs.values()]

    def items(self):
        return [(name, calls[-1]) for name, calls in self._outputs.items()]

    def __repr__(self):
        state = "open" if self._handles else "closed"
        lines = [(f"Cache({self._model_name}, {len(self)} of {len(self._hooked)} hooked "
                  f"modules recorded, {state})")]
        width = max((len(name) for name in self._outputs), default=0) + 2
        for name, calls in self._outputs.items():
            line = f"  {name or repr(name):<{width}}{describe(calls[-1])}"
            if len(calls) > 1:
                line += f"  x{len(calls)} calls"
            if self._record_grads:
                grad = self._grads[name][-1]
                line += f"  grad {describe(grad) if grad is not None else '--'}"
            lines.append(line)
        return "\n".join(lines)


def capture(model: Module, names: Selector = None, *, grads: bool = False,
            inputs: bool = False, store: str | Callable[[Tensor], Any] = "detach") -> Cache:
    """Hook the modules ``names`` selects (see ``select_modules``) and record their outputs.

    Use as ``with capture(model, "layers.*") as cache:``. ``store`` is ``"ref"`` (the tensor
    itself), ``"detach"``, ``"copy"`` (a detached clone) or a function applied to each
    tensor (outputs, inputs and gradients alike)."""
    return Cache(model, names, grads=grads, inputs=inputs, store=store)


def run_with_cache(model: Module, *args: Any, names: Selector = None,
                   **kwargs: Any) -> tuple[Any, Cache]:
    """``(model(*args, **kwargs), cache)`` with the outputs of the modules ``names`` selects."""
    with Cache(model, names) as cache:
        output = model(*args, **kwargs)
    return output, cache
