"""``torch.return_types``: the named tuples returned by max/min with a dim."""
from ._ops.reduce import return_types as _types

max = _types["max"]
min = _types["min"]
