"""Padding layers over ``F.pad``: constant (and zero), reflection, replication and circular,
for 1, 2 and 3 padded dims. An int pads every side by it; a tuple gives (left, right, top,
bottom, front, back), last dim first, as ``F.pad`` takes it."""
from .. import functional as F
from .conv import _ntuple
from .module import Module

__all__ = ["CircularPad1d", "CircularPad2d", "CircularPad3d", "ConstantPad1d", "ConstantPad2d",
           "ConstantPad3d", "ReflectionPad1d", "ReflectionPad2d", "ReflectionPad3d",
           "ReplicationPad1d", "ReplicationPad2d", "ReplicationPad3d", "ZeroPad1d", "ZeroPad2d",
           "ZeroPad3d"]

_SIDES = {1: _ntuple(2), 2: _ntuple(4), 3: _ntuple(6)}


def _sides_repr(module):
    return f"{module.padding}"


class _PadNd(Module):
    """A non-constant padding mode; ``dims`` (set by each class) is how many dims it pads."""

    __constants__ = ["padding"]
    mode = None
    dims = None

    def __init__(self, padding):
        super().__init__()
        self.padding = _SIDES[self.dims](padding)

    def forward(self, input):
        return F.pad(input, self.padding, self.mode)

    def extra_repr(self):
        return _sides_repr(self)


class _ReflectionPadNd(_PadNd):
    mode = "reflect"


class _ReplicationPadNd(_PadNd):
    mode = "replicate"


class _CircularPadNd(_PadNd):
    mode = "circular"

    def forward(self, input):
        # (PyTorch's circular layers check the rank themselves, with a ValueError)
        if input.dim() not in (self.dims + 1, self.dims + 2):
            raise ValueError(f"expected {self.dims + 1}D or {self.dims + 2}D input (got "
                             f"{input.dim()}D input)")
        return F.pad(input, self.padding, "circular")


class _ConstantPadNd(Module):
    __constants__ = ["padding", "value"]
    dims = None

    def __init__(self, padding, value):
        super().__init__()
        self.padding = _SIDES[self.dims](padding)
        self.value = value

    def forward(self, input):
        return F.pad(input, self.padding, "constant", self.value)

    def extra_repr(self):
        return f"padding={self.padding}, value={self.value}"


class ReflectionPad1d(_ReflectionPadNd):
    dims = 1


class ReflectionPad2d(_ReflectionPadNd):
    dims = 2


class ReflectionPad3d(_ReflectionPadNd):
    dims = 3


class ReplicationPad1d(_ReplicationPadNd):
    dims = 1


class ReplicationPad2d(_ReplicationPadNd):
    dims = 2


class ReplicationPad3d(_ReplicationPadNd):
    dims = 3


class CircularPad1d(_CircularPadNd):
    dims = 1


class CircularPad2d(_CircularPadNd):
    dims = 2


class CircularPad3d(_CircularPadNd):
    dims = 3


class ConstantPad1d(_ConstantPadNd):
    dims = 1


class ConstantPad2d(_ConstantPadNd):
    dims = 2


class ConstantPad3d(_ConstantPadNd):
    dims = 3


# (each a ConstantPadNd of value 0, as in PyTorch, whose repr shows the padding alone)
class ZeroPad1d(ConstantPad1d):
    def __init__(self, padding):
        super().__init__(padding, 0.0)

    extra_repr = _sides_repr


class ZeroPad2d(ConstantPad2d):
    def __init__(self, padding):
        super().__init__(padding, 0.0)

    extra_repr = _sides_repr


class ZeroPad3d(ConstantPad3d):
    def __init__(self, padding):
        super().__init__(padding, 0.0)

    extra_repr = _sides_repr
