"""Record what selected modules output (and optionally their inputs and output gradients)."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from .. import Tensor
from ..nn.modules.module import Module
from ._select import Selector, UnknownNameError, select_modules, unknown_name
from ._tool import Tool

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


class Cache(Tool):
    """Outputs of the selected modules of ``model``, reset at each call of ``model``.

    The hooks are live while the cache is open (``with capture(...) as cache:``, or
    ``open()`` to ``close()``); the recorded values stay readable afterwards. Gradients
    arrive only if backward runs while it is open. For a tuple, list or dict output the
    gradient is the one w.r.t. its first tensor."""

    def __init__(self, model: Module, names: Selector = None, *, grads: bool = False,
                 inputs: bool = False, store: str | Callable[[Tensor], Any] = "detach"):
        super().__init__()
        if callable(store):
            self._store = store
        elif store in _STORES:
            self._store = _STORES[store]
        else:
            raise ValueError(f"store must be 'ref', 'detach', 'copy' or a callable applied to "
                             f"each tensor; got {store!r}")
        self._model = model
        self._modules = select_modules(model, names)
        self._model_name = type(model).__name__
        self._hooked = [name for name, _ in self._modules]
        self._record_grads, self._record_inputs = grads, inputs
        self._outputs, self._inputs, self._grads = {}, {}, {}

    def _attach(self) -> None:
        # Each call of the model starts a fresh record, before its other pre-hooks.
        self._handles.add(self._model.register_forward_pre_hook(self._on_model_call,
                                                                prepend=True))
        for name, module in self._modules:
            self._handles.add(module.register_forward_hook(partial(self._on_output, name)))

    # ------------------------------------------------------------------ hooks
    def _on_model_call(self, model, args):
        self._grad_handles.remove_all()
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
                self._grad_handles.add(tensor.register_hook(hook))

    def _on_grad(self, grads, index, grad):
        grads[index] = self._keep(grad)

    # ------------------------------------------------------------------ reading
    def _get(self, table, name):
        if name in table:
            return table[name]
        if name not in self._hooked:
            raise unknown_name(name, self._hooked, "the cache")
        if not self._outputs:
            raise UnknownNameError(f"{name!r} has not run: the cache is empty (run the model "
                                   "inside the capture block, or between open() and close())")
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
        state = "open" if self.is_open else "closed"
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
    """A :class:`Cache` of the outputs of the modules ``names`` selects (``select_modules``).

    Use as ``with capture(model, "layers.*") as cache:`` (or ``open()`` / ``close()``).
    ``store`` is ``"ref"`` (the tensor itself), ``"detach"``, ``"copy"`` (a detached clone)
    or a function applied to each tensor (outputs, inputs and gradients alike)."""
    return Cache(model, names, grads=grads, inputs=inputs, store=store)


def run_with_cache(model: Module, *args: Any, names: Selector = None,
                   **kwargs: Any) -> tuple[Any, Cache]:
    """``(model(*args, **kwargs), cache)`` with the outputs of the modules ``names`` selects."""
    with Cache(model, names) as cache:
        output = model(*args, **kwargs)
    return output, cache
