"""The padding layers (Zero / Constant / Reflection / Replication / Circular, 1d to 3d), each
a thin module over ``F.pad`` with PyTorch's constructor, repr and input checks."""
from .. import functional as F
from .conv import _ntuple
from .module import Module

__all__ = ["CircularPad1d", "CircularPad2d", "CircularPad3d", "ConstantPad1d", "ConstantPad2d",
           "ConstantPad3d", "ReflectionPad1d", "ReflectionPad2d", "ReflectionPad3d",
           "ReplicationPad1d", "ReplicationPad2d", "ReplicationPad3d", "ZeroPad1d", "ZeroPad2d",
           "ZeroPad3d"]

# padding given as one int pads every side by it; a sequence is taken as it is (PyTorch's
# _pair / _quadruple / _ntuple(6) do not check its length: F.pad does)
_SIDES = {1: _ntuple(2), 2: _ntuple(4), 3: _ntuple(6)}


class _CircularPadNd(Module):
    _dims = 1

    def __init__(self, padding):
        super().__init__()
        self.padding = _SIDES[self._dims](padding)

    def forward(self, input):
        ndim = input.dim()
        if ndim not in (self._dims + 1, self._dims + 2):
            raise ValueError(f"expected {self._dims + 1}D or {self._dims + 2}D input "
                             f"(got {ndim}D input)")
        return F.pad(input, self.padding, "circular")

    def extra_repr(self):
        return f"{self.padding}"


class CircularPad1d(_CircularPadNd):
    _dims = 1


class CircularPad2d(_CircularPadNd):
    _dims = 2


class CircularPad3d(_CircularPadNd):
    _dims = 3


class _ConstantPadNd(Module):
    _dims = 1

    def __init__(self, padding, value):
        super().__init__()
        self.value = value
        self.padding = _SIDES[self._dims](padding)

    def forward(self, input):
        return F.pad(input, self.padding, "constant", self.value)

    def extra_repr(self):
        return f"padding={self.padding}, value={self.value}"


class ConstantPad1d(_ConstantPadNd):
    _dims = 1


class ConstantPad2d(_ConstantPadNd):
    _dims = 2


class ConstantPad3d(_ConstantPadNd):
    _dims = 3


class _ModePadNd(Module):
    _dims = 1
    _mode = "reflect"

    def __init__(self, padding):
        super().__init__()
        self.padding = _SIDES[self._dims](padding)

    def forward(self, input):
        return F.pad(input, self.padding, self._mode)

    def extra_repr(self):
        return f"{self.padding}"


class ReflectionPad1d(_ModePadNd):
    _dims, _mode = 1, "reflect"


class ReflectionPad2d(_ModePadNd):
    _dims, _mode = 2, "reflect"


class ReflectionPad3d(_ModePadNd):
    _dims, _mode = 3, "reflect"


class ReplicationPad1d(_ModePadNd):
    _dims, _mode = 1, "replicate"


class ReplicationPad2d(_ModePadNd):
    _dims, _mode = 2, "replicate"


class ReplicationPad3d(_ModePadNd):
    _dims, _mode = 3, "replicate"


class ZeroPad1d(ConstantPad1d):
    def __init__(self, padding):
        super().__init__(padding, 0.0)

    def extra_repr(self):
        return f"{self.padding}"


class ZeroPad2d(ConstantPad2d):
    def __init__(self, padding):
        super().__init__(padding, 0.0)

    def extra_repr(self):
        return f"{self.padding}"


class ZeroPad3d(ConstantPad3d):
    def __init__(self, padding):
        super().__init__(padding, 0.0)

    def extra_repr(self):
        return f"{self.padding}"
