"""``torch.<op>`` functions and ``Tensor`` methods take PyTorch's parameters: the same names
(``torch.exp(input=x)``, ``torch.sum(x, dim=0, keepdim=True)``), in the same order, and
keyword-only where PyTorch's are. The reference is PyTorch's own overload list, recorded by
tools/record_torch_signatures.py into tests/recorded/torch_signatures.json."""
import inspect

import numpy as np
import pytest
from _recorded import load

import hookgrad as torch

SIGNATURES = load("torch_signatures")

# Overload parameters hookgrad does not take, by reason. Deprecated overloads (a parameter
# named ``self``) are skipped as a whole.
NOT_SUPPORTED = {
    "layout", "pin_memory", "names", "out_dtype", "memory_format", "implicit",
    "non_blocking",  # (the CPU is the only device: nothing to overlap)
}
# Where PyTorch's overloads put different parameters at one position, one Python function
# can name only one of them; the others are still accepted by keyword.
POSITION_CONFLICTS = {
    "max": {"other"}, "min": {"other"},                 # max(input, other) / max(input, dim)
    "scatter": {"value"}, "scatter_": {"value"},        # scatter(.., src) / scatter(.., value)
    "std": {"unbiased"}, "var": {"unbiased"},           # (input, dim, unbiased) / (input,
    "std_mean": {"unbiased"}, "var_mean": {"unbiased"},  # unbiased): a bool dim is unbiased
    "repeat_interleave": {"repeats"},                   # (input, repeats) / (repeats)
    "subtract": {"alpha"}, "subtract_": {"alpha"},      # (other, *, alpha) / (number, alpha)
    "random_": {"to"},                                  # random_(to) / random_(from_, to)
    "randint": {"high", "size"}, "randint_like": {"high"},  # (high, size) / (low, high, size)
    "arange": {"end"}, "eye": set(), "where": {"self"},
    "tensor_split": {"indices", "sections", "tensor_indices_or_sections"},
    "to": {"device", "dtype", "other"}, "type": {"dtype"},
}
# Where PyTorch's stubs differ from what its parser accepts: ``uniform_``/``random_``'s
# ``from`` (a Python keyword, so positional only), ``tensor``'s keyword-only options listed as
# positional, ``from_numpy`` taking no keywords, ``unique`` and ``unique_consecutive`` as
# ``(*args, **kwargs)``,
# ``result_type``'s parameters named after their types (tensor, scalar1, ...),
# ``requires_grad_``'s ``requires_grad`` stubbed as ``mode``; ``to`` / ``view``, whose
# dtype and device overloads hookgrad parses itself; ``set_warn_always(b, /)`` (positional
# only in PyTorch, which inspect's record cannot say); ``isin``, whose overloads name the
# same positions element(s) / test_element(s).
SKIP = {"uniform_", "random_", "tensor", "from_numpy", "unique", "unique_consecutive",
        "result_type", "set_warn_always", "isin",
        "requires_grad_", "to", "view"}


def _overloads(kind, name):
    for overload in SIGNATURES[kind][name]:
        names = [p[0] for p in overload]
        if "self" in names:
            continue  # a deprecated overload
        yield [p for p in overload if p[0] not in NOT_SUPPORTED]


def _parameters(fn, is_method):
    params = list(inspect.signature(fn).parameters.values())
    return params[1:] if is_method else params


def _problems(kind, name, fn):
    is_method = kind == "methods"
    params = _parameters(fn, is_method)
    by_name = {p.name: p for p in params}
    positional = [p.name for p in params if p.kind == p.POSITIONAL_OR_KEYWORD]
    has_varargs = any(p.kind == p.VAR_POSITIONAL for p in params)
    has_kwargs = any(p.kind == p.VAR_KEYWORD for p in params)
    conflicts = POSITION_CONFLICTS.get(name, set())
    overloads = list(_overloads(kind, name))
    keyword_somewhere_positional = {p[0] for o in overloads for p in o if p[1] == "positional"}
    problems = []
    for overload in overloads:
        index = 0
        for pname, pkind, _ in overload:
            if pkind == "var_positional":
                if not has_varargs:
                    problems.append(f"*{pname} not accepted")
                continue
            ours = by_name.get(pname)
            if ours is None or ours.kind not in (ours.POSITIONAL_OR_KEYWORD, ours.KEYWORD_ONLY):
                if not has_kwargs:
                    problems.append(f"{pname}= not accepted")
                continue
            if pkind == "keyword":
                if ours.kind != ours.KEYWORD_ONLY and pname not in keyword_somewhere_positional:
                    problems.append(f"{pname} should be keyword-only")
                continue
            if (not has_varargs and pname not in conflicts
                    and (index >= len(positional) or positional[index] != pname)):
                problems.append(f"{pname} should be positional parameter {index}")
            index += 1
    return sorted(set(problems))


def _cases(kind, owner):
    for name in sorted(SIGNATURES[kind]):
        fn = getattr(owner, name, None)
        if name in SKIP or fn is None or isinstance(fn, (type, property)):
            continue
        if not callable(fn):
            continue
        try:
            inspect.signature(fn)
        except (TypeError, ValueError):
            continue
        yield name, fn


@pytest.mark.parametrize("kind, owner", [("functions", torch), ("methods", torch.Tensor)])
def test_parameters_match_pytorch(kind, owner):
    problems = {name: p for name, fn in _cases(kind, owner) if (p := _problems(kind, name, fn))}
    assert not problems, "\n".join(f"{kind[:-1]} {n}: {', '.join(p)}"
                                   for n, p in problems.items())


def test_enough_of_the_surface_is_compared():
    assert len(list(_cases("functions", torch))) > 190
    assert len(list(_cases("methods", torch.Tensor))) > 220


def test_the_check_finds_a_wrong_name():
    def exp(a, *, out=None):
        return a
    assert _problems("functions", "exp", exp) == ["input= not accepted"]

    def sum(input, dim=None, keepdim=False, dtype=None):
        return input
    assert _problems("functions", "sum", sum) == ["dtype should be keyword-only",
                                                  "out= not accepted"]


def test_keywords_work_as_in_pytorch():
    x = torch.tensor([[1.0, -2.0], [3.0, 4.0]])
    y = torch.ones(2, 2)
    assert torch.exp(input=x).allclose(x.exp())
    assert torch.sum(input=x, dim=0).tolist() == [4.0, 2.0]
    assert torch.sum(x, dim=1, keepdim=True).shape == (2, 1)
    assert torch.add(input=x, other=y, alpha=2).tolist() == [[3.0, 0.0], [5.0, 6.0]]
    assert torch.clamp(input=x, min=0).tolist() == [[1.0, 0.0], [3.0, 4.0]]
    assert torch.max(x, other=y).tolist() == [[1.0, 1.0], [3.0, 4.0]]
    assert x.view(size=(4,)).shape == (4,)
    assert x.permute(dims=(1, 0)).tolist() == [[1.0, 3.0], [-2.0, 4.0]]
    assert torch.sum(x, dtype=torch.float64).dtype == torch.float64
    assert torch.softmax(x, 1, torch.float64).dtype == torch.float64
    assert torch.round(torch.tensor([1.25, 2.35]), decimals=1).tolist() == pytest.approx(
        [1.2, 2.4])


def test_the_method_is_the_function():
    assert torch.Tensor.exp is torch.exp
    assert torch.Tensor.sum is torch.sum
    # add / sub / addcmul / addcdiv also take PyTorch's deprecated scalar-first overloads
    # (x.add_(0.5, y)), whose warning names the method or function form: a thin wrapper each,
    # around the one op the operators use directly
    assert torch.Tensor.add.__wrapped__ is torch.Tensor.__add__
    assert torch.add.__wrapped__ is torch.Tensor.__add__


@pytest.mark.parametrize("call", [
    lambda x: torch.exp(x, out=x), lambda x: torch.sum(x, 0, out=x),
    lambda x: torch.add(x, x, out=x), lambda x: torch.cat([x, x], out=x),
    lambda x: torch.max(x, 0, out=(x, x)), lambda x: torch.matmul(x, x, out=x),
])
def test_out_is_refused_clearly(call):
    x = torch.ones(2, 2)
    before = x.numpy().copy()
    with pytest.raises(NotImplementedError, match=r"hookgrad does not support out=.*y\.copy_"):
        call(x)
    np.testing.assert_array_equal(x.numpy(), before)
