import numpy as np
import pytest

import hookgrad as torch
from hookgrad import lens, nn
from hookgrad.lens import select_modules


class Twice(nn.Module):
    """One Linear called twice in a forward, plus a raw-op ReLU module."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.act = Relu()
        self.head = nn.Linear(4, 2)

    def forward(self, x):
        return self.head(self.act(self.fc(self.fc(x))))


class Relu(nn.Module):
    def forward(self, x):
        return x.relu()


class Pair(nn.Module):
    def forward(self, x):
        return x * 2, x * 3


def hook_count(model):
    return sum(len(m._forward_hooks) + len(m._forward_pre_hooks) for m in model.modules())


def test_outputs_and_call_order():
    torch.manual_seed(0)
    model, x = Twice(), torch.randn(3, 4)
    with lens.capture(model) as cache:
        out = model(x)
    first = model.fc(x)
    assert np.allclose(cache.all("fc")[0].numpy(), first.detach().numpy())
    assert np.allclose(cache["fc"].numpy(), model.fc(first).detach().numpy())
    assert len(cache.all("fc")) == 2
    assert np.allclose(cache[""].numpy(), out.detach().numpy())
    assert list(cache.keys()) == ["fc", "act", "head", ""]
    assert "fc" in cache and "nope" not in cache and len(cache) == 4
    assert [name for name, _ in cache.items()] == list(cache)


def test_lists_reset_at_each_call_of_the_model():
    model = Twice()
    with lens.capture(model, "fc") as cache:
        for _ in range(3):
            model(torch.randn(2, 4))
        assert len(cache.all("fc")) == 2


def test_grads_match_autograd():
    torch.manual_seed(1)
    model = Twice()
    with lens.capture(model, ["fc", "act"], grads=True, store="ref") as cache:
        y = model(torch.randn(3, 4))
        outputs = cache.all("fc") + [cache["act"]]
        for out in outputs:
            out.retain_grad()
        y.pow(2).sum().backward()
        got = cache.grads("fc") + [cache.grad("act")]
    assert len(got) == 3
    for grad, out in zip(got, outputs):
        assert np.allclose(grad.numpy(), out.grad.numpy())
    assert cache.grad("fc") is got[1]


def test_tuple_output_grad_is_first_tensor():
    model = nn.Sequential(Pair())
    x = torch.randn(2, requires_grad=True)
    with lens.capture(model, "0", grads=True) as cache:
        a, b = model(x)
        (a.sum() + b.sum()).backward()
    assert np.allclose(cache.grad("0").numpy(), np.ones(2))
    assert [list(t.shape) for t in cache["0"]] == [[2], [2]]


def test_store_modes():
    model, x = Twice(), torch.randn(2, 4)
    with lens.capture(model, "", store="ref") as ref:
        out = model(x)
    assert ref[""] is out
    with lens.capture(model, "", store="detach") as det:
        out = model(x)
    assert det[""].grad_fn is None and not det[""].requires_grad
    assert np.shares_memory(det[""].numpy(), out.detach().numpy())
    with lens.capture(model, "", store="copy") as cop:
        out = model(x)
    assert cop[""].grad_fn is None
    assert not np.shares_memory(cop[""].numpy(), out.detach().numpy())
    assert np.array_equal(cop[""].numpy(), out.detach().numpy())
    with lens.capture(model, ["fc", "head"], store=lambda t: tuple(t.shape)) as shapes:
        model(x)
    assert shapes["fc"] == (2, 4) and shapes["head"] == (2, 2)
    with pytest.raises(ValueError, match="store must be"):
        lens.capture(model, store="clone")


def test_inputs():
    model, x = Twice(), torch.randn(2, 4)
    with lens.capture(model, "head", inputs=True) as cache:
        model(x)
    (arg,) = cache.input("head")
    assert np.array_equal(arg.numpy(), model.act(model.fc(model.fc(x))).detach().numpy())
    assert len(cache.inputs("head")) == 1
    with pytest.raises(RuntimeError, match="grads=True"):
        cache.grad("head")


def test_hooks_removed_even_when_the_body_raises():
    model = Twice()
    with pytest.raises(ValueError), lens.capture(model, grads=True) as cache:
        out = model(torch.randn(2, 4, requires_grad=True))
        raise ValueError("boom")
    assert hook_count(model) == 0
    assert not out._backward_hooks
    assert not cache.all("fc")[0].requires_grad  # the values stay readable


def test_run_with_cache():
    model, x = Twice(), torch.randn(2, 4)
    out, cache = lens.run_with_cache(model, x, names="head")
    assert list(cache) == ["head"] and np.allclose(cache["head"].numpy(), out.detach().numpy())
    assert hook_count(model) == 0


def test_key_errors_name_the_closest_names():
    model = nn.Sequential(nn.Linear(2, 4), Twice())
    with pytest.raises(KeyError, match=r"did you mean '1.fc'"):
        select_modules(model, "1.fx")
    with pytest.raises(KeyError, match=r"did you mean '1.head'"):
        select_modules(model, "head")  # a bare last component
    with pytest.raises(KeyError, match="matched no module"):
        select_modules(model, "2.*")
    with lens.capture(model, "1.*") as cache:
        with pytest.raises(KeyError, match="empty"):
            cache["1.fc"]
        model(torch.randn(1, 2))
    with pytest.raises(KeyError, match="did you mean '1.head'"):
        cache["1.haed"]
    with pytest.raises(RuntimeError, match="grads=True"):
        cache.grads("1.fc")


def test_hooked_but_not_run_and_missing_grad():
    model = Twice()
    with lens.capture(model, ["fc", "head"], grads=True) as cache:
        model.fc(torch.randn(1, 4))  # not a call of the model: no reset, "head" never runs
        with pytest.raises(KeyError, match="hooked but did not run"):
            cache["head"]
        with pytest.raises(KeyError, match="no gradient for 'fc' yet"):
            cache.grad("fc")


def test_select_modules_forms():
    model = nn.Sequential(nn.Linear(2, 4), Twice())
    assert [n for n, _ in select_modules(model)] == ["", "0", "1", "1.fc", "1.act", "1.head"]
    assert [n for n, _ in select_modules(model, nn.Linear)] == ["0", "1.fc", "1.head"]
    assert [n for n, _ in select_modules(model, ["1.head", "1.*", "0"])] == \
        ["1.head", "1.fc", "1.act", "0"]
    assert select_modules(model, model[1].act) == [("1.act", model[1].act)]
    assert [n for n, _ in select_modules(model, lambda n, m: n.endswith("fc"))] == ["1.fc"]
    with pytest.raises(KeyError, match="type Conv2d"):
        select_modules(model, nn.Conv2d)
    with pytest.raises(TypeError):
        select_modules(model, 3)


def test_repr_lists_names_and_shapes():
    model = Twice()
    with lens.capture(model, grads=True) as cache:
        model(torch.randn(2, 4)).sum().backward()
    text = repr(cache)
    assert "fc    [2, 4]  x2 calls  grad [2, 4]" in text
    assert "head  [2, 2]" in text and "closed" in text
