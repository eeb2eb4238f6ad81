"""The hot paths' shortcuts give what the general code gives.

Several ops compute their plain backward (no create_graph, no op hooks) on arrays directly,
while create_graph runs PyTorch's formula as ops; ``x[i]`` / ``x[a:b]`` and their writes skip
the general key parsing; mm tests a bool operand by its dtype's class. Each test compares the
shortcut with the general path on values where they could part (zeros, infinities, NaN,
-0.0, 0-d tensors), bit for bit."""
import pickle

import numpy as np
import pytest

import hookgrad as torch
from hookgrad._ops import subscript

# (hookgrad's own filter for NumPy's floating-point warnings, which pytest resets per test;
# and PyTorch's warning for backward(create_graph=True), which these tests expect)
pytestmark = [
    pytest.mark.filterwarnings(
        r"ignore:(overflow|divide by zero|invalid value) encountered:RuntimeWarning"),
    pytest.mark.filterwarnings(r"ignore:Using backward\(\) with create_graph=True:UserWarning"),
]

SPECIAL = [0.5, -1.5, 0.0, -0.0, float("inf"), float("-inf"), float("nan"), 3e38]


def _grads(fn, leaves, create_graph):
    for leaf in leaves:
        leaf.grad = None
    out = fn(*leaves)
    (out if out.dim() == 0 else out.sum()).backward(create_graph=create_graph)
    return [leaf.grad.detach().numpy().copy() for leaf in leaves]


def _same(a, b):
    assert a.dtype == b.dtype and a.shape == b.shape
    np.testing.assert_array_equal(np.signbit(a), np.signbit(b))
    np.testing.assert_array_equal(a, b)  # (NaN where NaN)


def _leaves(values, dtype):
    return [torch.tensor(v, dtype=dtype, requires_grad=True) for v in values]


CASES = {
    "div": (lambda x, w: x / w, [SPECIAL, SPECIAL[::-1]]),
    "div 0-d divisor": (lambda x, w: x / w, [SPECIAL, 0.0]),
    "asinh": (lambda x: x.asinh(), [SPECIAL]),
    "pow 2": (lambda x: x ** 2, [SPECIAL]),
    "pow 3": (lambda x: x ** 3, [SPECIAL]),
    "pow -1": (lambda x: x ** -1, [SPECIAL]),
    "pow 0-d": (lambda x: x ** 2, [1.5]),
    "neg": (lambda x: -x, [SPECIAL]),
    "sub": (lambda x, w: x - w, [SPECIAL, SPECIAL[::-1]]),
    "where": (lambda x, w: torch.where(x > 0, x, w), [SPECIAL, SPECIAL[::-1]]),
    "sum 0-d": (lambda x: x.sum() * 1, [2.0]),
    "mean": (lambda x: x.mean(), [SPECIAL]),
    "mean of 3": (lambda x: (x * 1).mean(), [[0.1, 0.7, 1e-30]]),
    "mm": (lambda m, n: m.mm(n), [[[1.0, -0.0], [float("inf"), 2.0]],
                                  [[0.5, 3.0], [-1.0, float("nan")]]]),
}


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
@pytest.mark.parametrize("name", list(CASES))
def test_plain_backward_matches_the_formula_as_ops(name, dtype):
    fn, values = CASES[name]
    leaves = _leaves(values, dtype)
    plain = _grads(fn, leaves, create_graph=False)
    as_ops = _grads(fn, leaves, create_graph=True)
    for a, b in zip(plain, as_ops):
        _same(a, b)


def test_mean_gradient_is_a_new_writable_tensor():
    x = torch.tensor([1.0, 2.0, 4.0], requires_grad=True)
    y = x * 1
    y.register_hook(lambda g: g.mul_(torch.tensor([1.0, 2.0, 3.0])))
    y.mean().backward()
    third = torch.tensor(1.0) / 3
    assert torch.equal(x.grad, torch.stack([third, third * 2, third * 3]))


def test_plain_backward_with_an_op_hook_takes_the_ops():
    seen = []
    handle = torch.autograd.graph.register_op_hook(lambda op, args, out: seen.append(op))
    try:
        x = torch.tensor([1.0, 2.0], requires_grad=True)
        w = torch.tensor([4.0, 8.0], requires_grad=True)
        (x / w).sum().backward()
    finally:
        handle.remove()
    assert x.grad.tolist() == [0.25, 0.125] and w.grad.tolist() == [-0.0625, -0.03125]
    assert len(seen) > 2  # the backward's own divisions ran as ops the hook saw


@pytest.mark.parametrize("key", [2, -1, slice(1, 3), slice(None), slice(-9, None),
                                 slice(None, None, 2), slice(3, 1)])
def test_getitem_of_one_int_or_slice_is_the_general_path(key):
    x = torch.arange(12.0).reshape(4, 3).clone().requires_grad_()
    # (the general path as it reads a bare key: x[:] is a slice, x[(slice(None),)] an alias,
    # as in PyTorch)
    short, general = x[key], subscript._basic_indexing(x, (key,), type(key) is slice)[0]
    assert short.grad_fn.name() == general.grad_fn.name()
    assert short.shape == general.shape and torch.equal(short, general)
    assert short._base is x and short._version == x._version
    short.sum().backward()
    first = x.grad.clone()
    x.grad = None
    general.sum().backward()
    assert torch.equal(first, x.grad)


@pytest.mark.parametrize("key", [1, slice(1, 3), slice(None), slice(0, 99)])
@pytest.mark.parametrize("value", ["tensor", "row", "number"])
def test_setitem_of_one_int_or_slice_is_the_general_path(key, value):
    def write(k):
        x = torch.zeros(4, 3, requires_grad=True)
        w = torch.arange(3.0, requires_grad=True)
        y = x * 1
        y[k] = {"tensor": w * 2, "row": w[:1], "number": 7}[value]
        y.sum().backward()
        return y, x.grad, w.grad

    short, general = write(key), write((key,))
    assert short[0].grad_fn.name() == general[0].grad_fn.name()
    assert torch.equal(short[0], general[0]) and torch.equal(short[1], general[1])
    assert (short[2] is None) == (general[2] is None)
    if short[2] is not None:
        assert torch.equal(short[2], general[2])


def test_getitem_of_a_0d_tensor_keeps_the_general_error():
    with pytest.raises(IndexError, match="invalid index of a 0-dim tensor|too many indices"):
        torch.tensor(1.0)[0]


def test_mm_refuses_bool_also_for_an_unpickled_array():
    a = torch.from_numpy(pickle.loads(pickle.dumps(np.ones((2, 2), bool))))
    assert a._data.dtype is not np.dtype(bool)  # (NumPy makes a new dtype object here)
    with pytest.raises(NotImplementedError, match="\"addmm_impl_cpu_\" not implemented for "
                                                  "'Bool'"):
        a.mm(a)


def test_saved_hooks_context_entered_in_backward_stays_there():
    calls = []
    inner = torch.autograd.graph.saved_tensors_hooks(lambda t: calls.append("pack") or t,
                                                     lambda t: t)

    def enter(grad):
        inner.__enter__()  # never left: the pass's own copy of the stack drops it

    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    y.register_hook(enter)
    y.sum().backward()
    z = x * x  # after the pass: no hooks context active
    assert calls == [] and z.grad_fn is not None
