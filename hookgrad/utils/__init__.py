"""torch.utils: hooks (RemovableHandle), swap_tensors, and data (Dataset, DataLoader).

Only ``hooks`` is imported here: the graph imports it, so it must not pull in ``data``, which
builds on tensors. ``hookgrad/__init__.py`` imports ``data`` once tensors exist."""
from . import hooks  # noqa: F401
from ._swap_tensors import swap_tensors  # noqa: F401
