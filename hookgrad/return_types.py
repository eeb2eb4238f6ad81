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

from ._ops.cholesky import cholesky_ex_type  # noqa: E402
from ._ops.decompositions import return_types as _decomposition_types  # noqa: E402
from ._ops.inverse_ex import inv_ex_type  # noqa: E402
from ._ops.least_squares import lstsq_type  # noqa: E402
from ._ops.log_determinant import return_types as _slogdet_types  # noqa: E402

linalg_svd = _decomposition_types["linalg_svd"]
svd = _decomposition_types["svd"]
linalg_qr = _decomposition_types["linalg_qr"]
qr = _decomposition_types["qr"]
linalg_eigh = _decomposition_types["linalg_eigh"]
linalg_slogdet = _slogdet_types["linalg_slogdet"]
slogdet = _slogdet_types["slogdet"]
linalg_cholesky_ex = cholesky_ex_type
linalg_inv_ex = inv_ex_type
linalg_lstsq = lstsq_type
