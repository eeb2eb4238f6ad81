"""torch.utils: hooks (RemovableHandle) and data (Dataset, DataLoader).

Only ``hooks`` is imported here: the graph imports it, so it must not pull in ``data``, which
builds on tensors. ``hookgrad/__init__.py`` imports ``data`` once tensors exist."""
from . import hooks  # noqa: F401
