"""FeatureExtractor: a module whose forward returns the outputs of chosen inner layers."""
from __future__ import annotations

from functools import partial
from typing import Any

from ..nn.modules.module import Module
from ._select import Selector, select_modules
from ._tool import Tool

__all__ = ["FeatureExtractor"]


class _LayerOutputs(Tool):
    """The forward hooks of a FeatureExtractor: they keep outputs only while ``features`` is
    a dict, that is while the extractor's own forward runs."""

    def __init__(self, modules: list[tuple[Module, str]]):
        super().__init__()
        self._modules = modules  # (module, output key)
        self.features: dict | None = None

    def _attach(self) -> None:
        for module, key in self._modules:
            self._handles.add(module.register_forward_hook(partial(self._on_output, key)))

    def _on_output(self, key, module, args, output):
        if self.features is not None:  # calls of the model outside our forward keep nothing
            self.features[key] = output


class FeatureExtractor(Module):
    """``with FeatureExtractor(model, ["layer1", "layer2"]) as fx: fx(x)`` gives
    ``{"layer1": ..., "layer2": ...}``.

    ``layers`` is a list of names or globs (a glob adds every module it matches) or a dict
    ``{name: key}`` to rename the outputs. Outputs are the modules' own tensors (gradients
    flow through them); a layer called twice gives its last output. ``model`` is a child, so
    ``parameters()`` and ``state_dict()`` include it (under ``model.``).

    Its hooks on ``model`` follow the lens lifecycle: live inside ``with`` or between
    ``open()`` and ``close()``; calling a closed extractor raises RuntimeError. (Being a
    Module, it holds its hooks as a lens tool instead of being one.)"""

    def __init__(self, model: Module, layers: Selector | dict[str, str]):
        super().__init__()
        self.model = model
        if isinstance(layers, str):
            layers = [layers]
        renames = layers if isinstance(layers, dict) else None
        self._keys = {}  # dotted name -> output key, in the order asked for
        for layer in layers:
            selected = select_modules(model, layer)
            if renames is not None and len(selected) > 1:
                raise ValueError(f"{layer!r} selects {len(selected)} modules but renames to "
                                 f"one key {renames[layer]!r}; give one layer per key")
            for name, _ in selected:
                self._keys.setdefault(name, name if renames is None else renames[layer])
        self._hooks = _LayerOutputs([(module, self._keys[name]) for name, module
                                     in select_modules(model, list(self._keys))])

    def forward(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        if not self._hooks.is_open:
            raise RuntimeError("this FeatureExtractor is closed (its hooks are not attached): "
                               "call it inside `with extractor:` or after extractor.open()")
        self._hooks.features = features = {}
        try:
            self.model(*args, **kwargs)
        finally:
            self._hooks.features = None
        missing = [key for key in self._keys.values() if key not in features]
        if missing:
            raise RuntimeError(f"layers {missing} did not run in the forward of "
                               f"{type(self.model).__name__}")
        return {key: features[key] for key in self._keys.values()}

    @property
    def is_open(self) -> bool:
        return self._hooks.is_open

    def open(self) -> FeatureExtractor:
        """Attach the hooks to ``model``; returns the extractor."""
        self._hooks.open()
        return self

    def close(self) -> None:
        """Remove the hooks this extractor added to ``model``."""
        self._hooks.close()

    def __enter__(self) -> FeatureExtractor:
        return self.open()

    def __exit__(self, exc_type, exc_value, traceback) -> bool:
        self.close()
        return False

    def extra_repr(self):
        return "layers=" + ", ".join(self._keys.values())
