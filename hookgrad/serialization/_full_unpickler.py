"""The unpickler of ``load(weights_only=False)``: Python's own, with PyTorch's names mapped.

Like PyTorch's, it runs whatever the pickle says (classes are imported and called, objects
built): only load files you trust this way. The globals PyTorch writes are mapped onto
hookgrad: the weights-only allow-list first (rebuild functions, storage classes, dtypes,
``Size``, ``device``, ``Parameter``), then any other ``torch.<module>.<name>`` onto
``hookgrad.<module>.<name>`` or the nearest enclosing hookgrad package's ``<name>`` (a whole
pickled ``torch.nn.Linear`` becomes a hookgrad ``Linear``); a PyTorch name hookgrad does not
have is an UnpicklingError naming it."""
import importlib
import pickle

from . import _allowed

# PyTorch renamed this module; old checkpoints still name it (torch.load maps it too)
_MODULE_RENAMES = {"torch.tensor": "torch._tensor"}


def _hookgrad_counterpart(module, name):
    """``hookgrad.<module>.<name>``, or the same name in the nearest enclosing hookgrad
    package (hookgrad's files are laid out differently: torch.nn.modules.batchnorm's
    BatchNorm1d is hookgrad.nn's BatchNorm1d)."""
    parts = ["hookgrad"] + module.split(".")[1:]
    while parts:
        try:
            value = importlib.import_module(".".join(parts))
            for attribute in name.split("."):
                value = getattr(value, attribute)
            return value
        except (ImportError, AttributeError):
            parts.pop()
    raise pickle.UnpicklingError(
        f"the checkpoint uses {module}.{name}, which hookgrad does not have")


class FullUnpickler(pickle.Unpickler):
    """Unpickle everything, handing persistent ids to ``persistent_load``."""

    def __init__(self, file, persistent_load, **pickle_load_args):
        super().__init__(file, **pickle_load_args)
        self._load_storage = persistent_load

    def persistent_load(self, saved_id):
        if (isinstance(saved_id, tuple) and saved_id
                and _allowed_ascii(saved_id[0]) == "module"):
            return saved_id[1]  # a legacy file's class record: (module, class, file, source)
        return self._load_storage(saved_id)

    def find_class(self, module, name):
        module = _MODULE_RENAMES.get(module, module)
        full_path = f"{module}.{name}"
        if full_path in _allowed.ALLOWED:
            return _allowed.lookup(full_path)
        if module == "torch" or module.startswith("torch."):
            return _hookgrad_counterpart(module, name)
        return super().find_class(module, name)


def _allowed_ascii(value):
    return value.decode("ascii", "replace") if isinstance(value, bytes) else value
