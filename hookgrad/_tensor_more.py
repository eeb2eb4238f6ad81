"""Tensor methods of the ops added after ``_tensor.py`` filled up: ``put`` / ``put_``,
``select_scatter`` / ``slice_scatter`` / ``diagonal_scatter``, ``renorm`` / ``renorm_``
(a mixin of ``Tensor``, which holds no state)."""
from ._ops import renorm as _renorm
from ._ops import scatter_into as _scatter
from ._ops.inplace import in_place


class MoreTensorMethods:
    __slots__ = ()

    put = _scatter.put
    put_ = in_place(_scatter.put)
    select_scatter = _scatter.select_scatter
    slice_scatter = _scatter.slice_scatter
    diagonal_scatter = _scatter.diagonal_scatter
    renorm = _renorm.renorm
    renorm_ = in_place(_renorm.renorm)
