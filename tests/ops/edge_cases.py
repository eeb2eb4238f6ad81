"""Edge cases of the ops' numerics, each a function of ``(torch, F)`` run under hookgrad by
test_edge_cases.py and under PyTorch by tools/record/edge_cases.py (which writes
tests/recorded/edge_cases.json): result dtypes, NaN and infinities, empty tensors, values at
the kinks, and errors and warnings where PyTorch gives them (edge_record.py says what is
compared). Inputs are explicit values, never random draws."""
import math

from .edge_cases_empty import EMPTY

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


ERRORS = {  # NumPy's text never reaches the user: PyTorch's type and message
    "mse_loss-0d": lambda torch, F: _value_and_grad(
        torch, lambda x: F.mse_loss(x, torch.tensor(0.5)), 1.5),
    "mse_loss-0d-none": lambda torch, F: F.mse_loss(torch.tensor(1.5), torch.tensor(0.5),
                                                    reduction="none"),
    "poisson_nll_loss-0d-full": lambda torch, F: F.poisson_nll_loss(
        torch.tensor(1.5), torch.tensor(3.0), full=True),
    "take-0d": lambda torch, F: _value_and_grad(
        torch, lambda x: x.take(torch.tensor([0, 0])), 2.5),
    "take-negative": lambda torch, F: torch.tensor([[1.0, 2.0], [3.0, 4.0]]).take(
        torch.tensor([-1, 0])),
    "take-out-of-range": lambda torch, F: torch.ones(4).take(torch.tensor([7])),
    "take-empty-input": lambda torch, F: torch.zeros(0).take(torch.tensor([0])),
    "take-float-index": lambda torch, F: torch.ones(2).take(torch.tensor([0.0])),
    "nonzero-0d": lambda torch, F: (torch.tensor(0.5).nonzero(), torch.tensor(0.0).nonzero()),
    "nonzero-0d-as-tuple": lambda torch, F: torch.tensor(0.5).nonzero(as_tuple=True),
    "argwhere-0d": lambda torch, F: torch.argwhere(torch.tensor(2)),
    "invert-float": lambda torch, F: ~torch.tensor([1.5]),
    "bitwise_not-float": lambda torch, F: torch.tensor([1.5]).bitwise_not(),
    "bitwise_or-float": lambda torch, F: torch.tensor([1.5]) | torch.tensor([1]),
    "bitwise_and-int-float-scalar": lambda torch, F: torch.tensor([1]) & 1.5,
    "bitwise_xor-bool-int": lambda torch, F: torch.tensor([True]) ^ torch.tensor([3]),
    "roll-0d-dim": lambda torch, F: torch.tensor(0.5).roll(1, 0),
    "roll-0d": lambda torch, F: torch.tensor(0.5).roll(1),
    "repeat_interleave-0d-dim": lambda torch, F: torch.tensor(2.0).repeat_interleave(2, dim=0),
    "reshape-int": lambda torch, F: torch.reshape(torch.ones(2, 2), 4),
    "permute-int": lambda torch, F: torch.permute(torch.ones(2), 0),
    "reshape-empty-ambiguous": lambda torch, F: torch.zeros(0, 2).reshape(0, -1),
    "hypot-number": lambda torch, F: torch.hypot(torch.tensor([1.0], requires_grad=True), 2.0),
    "hypot-method-number": lambda torch, F: torch.tensor([1.0]).hypot(2),
    "fmax-number": lambda torch, F: torch.fmax(torch.tensor([1.0]), 2),
    "fmin-method-number": lambda torch, F: torch.tensor([1.0]).fmin(2.0),
    "logaddexp-number": lambda torch, F: torch.logaddexp(2.0, torch.tensor([1.0])),
    "isclose-number": lambda torch, F: torch.isclose(torch.tensor([1.0]), 1),
    "isclose-method-number": lambda torch, F: torch.tensor([1.0]).isclose(1.0),
    "isclose-dtypes": lambda torch, F: torch.isclose(torch.tensor([1.0]), torch.tensor([1])),
    "allclose-number": lambda torch, F: torch.allclose(torch.tensor([1.0]), 1.0),
    "relu-bool": lambda torch, F: F.relu(torch.tensor([True])),
    "relu_-bool": lambda torch, F: torch.tensor([True]).relu_(),
    "lerp-int": lambda torch, F: torch.lerp(torch.tensor([1]), torch.tensor([2]), 0.5),
    "lerp_-bool": lambda torch, F: torch.tensor([True]).lerp_(torch.tensor([True]), 0.5),
    "lerp-dtypes": lambda torch, F: torch.lerp(torch.tensor([1.0]), torch.tensor([2]), 0.5),
    "lerp-weight-dtype": lambda torch, F: torch.lerp(
        torch.tensor([1.0]), torch.tensor([2.0]), torch.tensor([0.5], dtype=torch.float64)),
    "copy_-shapes": lambda torch, F: torch.ones(2, 2).copy_(torch.ones(3)),
    "copy_-leading-one": lambda torch, F: torch.ones(2, 2).copy_(torch.ones(1, 2, 2)),
    "copy_-0d": lambda torch, F: torch.tensor(1.0).copy_(torch.ones(2)),
    "setitem-too-many-dims": lambda torch, F: torch.ones(2, 2).__setitem__(
        0, torch.ones(3, 2)),
    "setitem-size-mismatch": lambda torch, F: torch.ones(2, 2).__setitem__(
        slice(None), torch.ones(3)),
    "setitem-leading-ones": lambda torch, F: _setitem_leading_ones(torch),
    "setitem-advanced-mismatch": lambda torch, F: torch.ones(2, 2).__setitem__(
        torch.tensor([0, 1]), torch.ones(3)),
    "pow-int-negative-exponents": lambda torch, F: (
        torch.tensor([-3, -2, -1, 0, 1, 2]) ** torch.tensor([-1, -2, -3, -1, -2, 2]),
        2 ** torch.tensor([-1, 2]), torch.tensor([3]).pow(torch.tensor(-1))),
    "pow-int-negative-number": lambda torch, F: torch.tensor([2]) ** -1,
    "floor_divide-empty-by-zero": lambda torch, F: torch.zeros(0, 2, dtype=torch.long) // 0,
    "getitem-two-ellipses": lambda torch, F: (torch.zeros(1, 3, 3)[..., None, ...],
                                              torch.arange(9.0).reshape(3, 3)[0, ..., 1, ...]),
    "setitem-two-ellipses": lambda torch, F: _setitem_two_ellipses(torch),
}


def _setitem_leading_ones(torch):
    x = torch.ones(2, 2)
    x[0] = torch.tensor([[[5.0, 6.0]]])
    x[1, 1] = torch.tensor([7.0])
    return x


def _setitem_two_ellipses(torch):
    x = torch.zeros(2, 3)
    x[..., torch.tensor([0]), ...] = 2.0
    return x


CASES = {**{f"dtype/{k}": v for k, v in DTYPES.items()},
         **{f"error/{k}": v for k, v in ERRORS.items()},
         **{f"empty/{k}": v for k, v in EMPTY.items()}}
