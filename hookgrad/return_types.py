"""``torch.return_types``: the named tuples returned by max/min with a dim, sort, topk,
median, aminmax, cummax and cummin."""
from ._ops.extremes import return_types as _types
from ._ops.scan import return_types as _scan_types
from ._ops.sort import return_types as _sort_types

max = _types["max"]
min = _types["min"]
aminmax = _types["aminmax"]
sort = _sort_types["sort"]
topk = _sort_types["topk"]
median = _sort_types["median"]
cummax = _scan_types["cummax"]
cummin = _scan_types["cummin"]
