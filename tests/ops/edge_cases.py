"""Edge cases of the ops' numerics, each a function of ``(torch, F)`` run under hookgrad by
test_edge_cases.py and under PyTorch by tools/record/edge_cases.py (which writes
tests/recorded/edge_cases.json): result dtypes, NaN and infinities, empty tensors, values at
the kinks, and errors and warnings where PyTorch gives them (edge_record.py says what is
compared). Inputs are explicit values, never random draws."""
import math

INF, NAN = math.inf, math.nan


def _grad(torch, out, *leaves, gradient=None):
    """The gradients of ``out`` (with ``gradient``, default ones) for ``leaves``."""
    if gradient is None:
        gradient = torch.ones_like(out)
    return torch.autograd.grad(out, leaves, gradient, allow_unused=True)


def _value_and_grad(torch, fn, *values, dtype=None, gradient=None):
    """``fn`` of leaves made from ``values``, and their gradients."""
    dtype = dtype or torch.float32
    leaves = [torch.tensor(v, dtype=dtype, requires_grad=True) for v in values]
    out = fn(*leaves)
    return (out,) + tuple(_grad(torch, out, *leaves, gradient=gradient))


def _ints(torch):
    return torch.tensor([[-3, 1], [5, 9]])


DTYPES = {
    "addcmul-int64-float32-int0d": lambda torch, F: torch.tensor([1, -2]).addcmul(
        torch.tensor([-0.5, 1.75], requires_grad=True), torch.tensor(1)),
    "addcmul-float32-float64-0d": lambda torch, F: torch.addcmul(
        torch.tensor([1.0, 2.0]), torch.tensor(0.5, dtype=torch.float64),
        torch.tensor(3.0, dtype=torch.float64)),
    "addcdiv-float32-float64-0d": lambda torch, F: torch.addcdiv(
        torch.tensor([1.0, 2.0]), torch.tensor(0.5, dtype=torch.float64),
        torch.tensor(4.0, dtype=torch.float64), value=2),
    "addcmul-int64-float0d-promotes": lambda torch, F: torch.addcmul(
        torch.tensor([1, 2]), torch.tensor(0.5, dtype=torch.float64), torch.tensor([3, 4])),
    "addcmul-int64-value-truncated": lambda torch, F: torch.addcmul(
        torch.tensor([1, 2]), torch.tensor([1, 2]), torch.tensor([3, 4]), value=-1.5),
    "addcmul-bool": lambda torch, F: torch.addcmul(
        torch.tensor([True]), torch.tensor([True]), torch.tensor([False])),
    "addcdiv-integers": lambda torch, F: torch.addcdiv(
        torch.tensor([1.0]), torch.tensor([1]), torch.tensor([2])),
    "addcmul-grad-dtypes": lambda torch, F: _value_and_grad(
        torch, lambda a, b: torch.addcmul(a, b, torch.tensor(2.0, dtype=torch.float64)),
        [1.0, 2.0], [3.0, 4.0]),
    "hardtanh-int64": lambda torch, F: F.hardtanh(_ints(torch)),
    "hardtanh-int64-float-bounds": lambda torch, F: F.hardtanh(_ints(torch), -1.5, 2.5),
    "hardtanh-int32": lambda torch, F: F.hardtanh(_ints(torch).int(), -2, 4),
    "relu6-int64": lambda torch, F: F.relu6(_ints(torch)),
    "relu6-int64-inplace": lambda torch, F: F.relu6(_ints(torch), inplace=True),
    "hardtanh-bool": lambda torch, F: F.hardtanh(torch.tensor([True, False])),
    "cumsum-float32-dtype-float64": lambda torch, F: torch.tensor(
        [0.1, 0.2, 0.3]).cumsum(0, dtype=torch.float64),
    "cumsum-float32-dtype-int32": lambda torch, F: torch.tensor(
        [1.5, 2.0, 3.0]).cumsum(0, dtype=torch.int32),
    "cumsum-int64-dtype-int16": lambda torch, F: torch.tensor([200, 3]).cumsum(
        0, dtype=torch.int16),
    "cumsum-int64": lambda torch, F: _ints(torch).cumsum(1),
    "cumsum-bool": lambda torch, F: torch.tensor([True, True]).cumsum(0),
    "cumsum-dtype-bool": lambda torch, F: torch.tensor([1.0, 2.0]).cumsum(0, dtype=torch.bool),
    "cumprod-int64-dtype-uint8": lambda torch, F: torch.tensor([200, 3]).cumprod(
        0, dtype=torch.uint8),
    "cumprod-int64": lambda torch, F: _ints(torch).cumprod(0),
    "cumprod-dtype-bool": lambda torch, F: torch.tensor([1, 2]).cumprod(0, dtype=torch.bool),
    "prod-float32-dtype-int32": lambda torch, F: torch.tensor([1.5, 2.0, 3.0]).prod(
        dtype=torch.int32),
    "prod-dim-dtype-float64": lambda torch, F: torch.tensor([[0.1, 0.2], [0.3, 0.4]]).prod(
        1, dtype=torch.float64),
    "prod-bool-dtype-bool": lambda torch, F: torch.tensor([True, True]).prod(dtype=torch.bool),
    "prod-int64": lambda torch, F: _ints(torch).prod(),
    "softmax-dtype-float64": lambda torch, F: F.softmax(
        torch.tensor([[1.0, 2.0], [3.0, 4.0]]), 1, dtype=torch.float64),
    "log_softmax-int64-dtype-float64": lambda torch, F: F.log_softmax(
        _ints(torch), 0, dtype=torch.float64),
    "softmax-method-dtype": lambda torch, F: torch.tensor([1.0, 2.0]).softmax(
        0, dtype=torch.float64),
    "softmax-dtype-grad": lambda torch, F: _value_and_grad(
        torch, lambda x: F.log_softmax(x, 0, dtype=torch.float64), [1.0, 2.0, 4.0],
        gradient=None),
    "copy_-float-requiring-grad-into-int64": lambda torch, F: torch.tensor([1, 2]).copy_(
        torch.tensor([1.5, -2.5], requires_grad=True)),
    "copy_-float-requiring-grad-into-int64-view": lambda torch, F: _copy_into_int_view(torch),
    "setitem-float-requiring-grad-into-int64": lambda torch, F: _setitem_into_int(torch),
    "copy_-float-requiring-grad-into-bool": lambda torch, F: torch.tensor([True, False]).copy_(
        torch.tensor([0.0, -2.5], requires_grad=True)),
}


def _copy_into_int_view(torch):
    base = torch.tensor([1, 2, 3])
    view = base[1:].copy_(torch.tensor([1.5, -2.5], requires_grad=True))
    return view, base


def _setitem_into_int(torch):
    base = torch.tensor([1, 2, 3])
    base[0] = torch.tensor(7.5, requires_grad=True)
    base[1:] = torch.tensor([-1.5, 4.5], requires_grad=True)
    return base


CASES = {**{f"dtype/{k}": v for k, v in DTYPES.items()}}
