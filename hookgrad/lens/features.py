"""FeatureExtractor: a module whose forward returns the outputs of chosen inner layers."""
from __future__ import annotations

from functools import partial
from typing import Any

from ..nn.modules.module import Module
from ._select import Selector, select_modules

__all__ = ["FeatureExtractor"]


class FeatureExtractor(Module):
    """``FeatureExtractor(model, ["layer1", "layer2"])(x) -> {"layer1": ..., "layer2": ...}``.

    ``layers`` is a list of names or globs (a glob adds every module it matches) or a dict
    ``{name: key}`` to rename the outputs. Outputs are the modules' own tensors (gradients
    flow through them); a layer called twice gives its last output. ``model`` is a child, so
    ``parameters()`` and ``state_dict()`` include it (under ``model.``)."""

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
        self._features = None  # a dict only while our own forward runs
        self._handles = []
        try:
            for name, module in select_modules(model, list(self._keys)):
                hook = partial(self._on_output, self._keys[name])
                self._handles.append(module.register_forward_hook(hook))
        except BaseException:
            self.close()
            raise

    def _on_output(self, key, module, args, output):
        if self._features is not None:  # calls of ``model`` outside our forward keep nothing
            self._features[key] = output

    def forward(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        if not self._handles:
            raise RuntimeError("this FeatureExtractor was closed: its hooks are removed")
        self._features = features = {}
        try:
            self.model(*args, **kwargs)
        finally:
            self._features = None
        missing = [key for key in self._keys.values() if key not in features]
        if missing:
            raise RuntimeError(f"layers {missing} did not run in the forward of "
                               f"{type(self.model).__name__}")
        return {key: features[key] for key in self._keys.values()}

    def close(self) -> None:
        """Remove the hooks this extractor added to ``model``."""
        for handle in self._handles:
            handle.remove()
        self._handles = []

    def __enter__(self) -> FeatureExtractor:
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.close()

    def extra_repr(self):
        return "layers=" + ", ".join(self._keys.values())
