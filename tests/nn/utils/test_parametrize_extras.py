"""Parametrize and the hook-based norms beyond the recorded values and parity cases:
copying, transferring, old state dicts, and that nothing is left half-changed on error."""
import copy
import pickle
from collections import OrderedDict

import numpy as np
import pytest

import hookgrad as torch
from hookgrad import nn
from hookgrad.nn.utils import parametrize as P
from hookgrad.nn.utils import prune


class Double(nn.Module):
    def forward(self, X):
        return X * 2

    def right_inverse(self, X):
        return X / 2


def test_deepcopy_keeps_the_parametrization_and_pickling_is_refused():
    m = nn.Linear(3, 2)
    P.register_parametrization(m, "weight", Double())
    clone = copy.deepcopy(m)
    assert type(clone) is type(m) and P.is_parametrized(clone, "weight")
    assert np.array_equal(clone.weight.detach().numpy(), m.weight.detach().numpy())
    with torch.no_grad():
        clone.parametrizations.weight.original.zero_()
    assert m.weight.abs().sum().item() > 0  # independent copies
    with pytest.raises(RuntimeError, match="only supported through state_dict"):
        pickle.dumps(m)


def test_each_parametrized_module_gets_its_own_class():
    a, b = nn.Linear(2, 2), nn.Linear(2, 2)
    P.register_parametrization(a, "weight", Double())
    P.register_parametrization(b, "bias", Double())
    assert type(a) is not type(b) and type(a).__name__ == type(b).__name__ == "ParametrizedLinear"
    assert hasattr(type(a), "weight") and not hasattr(type(a), "bias")
    assert P.type_before_parametrizations(a) is nn.Linear
    P.remove_parametrizations(a, "weight")
    assert type(a) is nn.Linear and isinstance(a.weight, nn.Parameter)


def test_transfer_parametrizations_and_params_shares_the_originals():
    source = nn.Linear(3, 2)
    P.register_parametrization(source, "weight", Double())
    target = nn.Linear(3, 2)
    P.transfer_parametrizations_and_params(source, target)
    assert target.parametrizations.weight.original is source.parametrizations.weight.original
    assert np.array_equal(target.weight.detach().numpy(), source.weight.detach().numpy())


def test_a_failed_registration_leaves_the_module_unchanged():
    class Shrink(nn.Module):
        def forward(self, X):
            return X[:1]

    m = nn.Linear(3, 2)
    weight = m.weight
    with pytest.raises(ValueError, match="may not change the shape"):
        P.register_parametrization(m, "weight", Shrink())
    assert type(m) is nn.Linear and m.weight is weight and not hasattr(m, "parametrizations")


def test_a_failed_pruning_leaves_the_module_unchanged():
    m = nn.Linear(3, 2)
    weight = m.weight
    with pytest.raises(ValueError, match="should be smaller than the number of parameters"):
        prune.l1_unstructured(m, "weight", amount=10)
    assert m.weight is weight and "weight_orig" not in m._parameters
    assert not prune.is_pruned(m) and "weight_mask" not in m._buffers


def test_old_spectral_norm_loads_a_version_zero_state_dict():
    """A state dict with ``weight`` instead of ``weight_v`` (and no version): v is solved for."""
    def model():
        m = nn.utils.spectral_norm(nn.Linear(4, 3))
        with torch.no_grad():
            m.weight_orig.copy_(torch.linspace(-1, 1, 12).reshape(3, 4).sin() * 2
                                + 0.3 * torch.arange(12).reshape(3, 4).float().cos())
            m.weight_u.copy_(nn.functional.normalize(torch.linspace(0.2, 1, 3), dim=0))
            m.weight_v.copy_(nn.functional.normalize(torch.linspace(-1, 0.5, 4), dim=0))
        return m

    m = model()
    m.eval()
    m(torch.ones(1, 4))
    old = OrderedDict((k, v) for k, v in m.state_dict().items() if k != "weight_v")
    old["weight"] = m.weight.detach().clone()
    old._metadata = OrderedDict({"": {"version": 1}})
    fresh = model()
    assert str(fresh.load_state_dict(old)) == "<All keys matched successfully>"
    fresh.eval()
    fresh(torch.ones(1, 4))
    np.testing.assert_allclose(fresh.weight.detach().numpy(), m.weight.detach().numpy(),
                               atol=1e-5)


def test_weight_norm_parametrization_double_backward():
    m = nn.utils.parametrizations.weight_norm(nn.Linear(3, 2))
    x = torch.ones(1, 3, requires_grad=True)
    (gx,) = torch.autograd.grad((m(x) ** 2).sum(), x, create_graph=True)
    gx.sum().backward()
    assert m.parametrizations.weight.original1.grad is not None
