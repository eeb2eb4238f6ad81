import numpy as np
import pytest

import hookgrad as torch
from hookgrad import lens, nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))


def all_hooks(model):
    return sum(len(m._forward_hooks) + len(m._forward_pre_hooks) for m in model.modules())


def test_forward_replacement_changes_the_output():
    model, x = make_model(), torch.randn(5, 3)
    seen = []

    def ablate(output, name):
        seen.append(name)
        return output * 0

    with lens.hooks(model, forward=[("1", ablate)]):
        out = model(x)
    assert seen == ["1"]
    assert np.allclose(out.detach().numpy(), np.broadcast_to(model[2].bias.detach().numpy(),
                                                             (5, 2)))
    assert not np.allclose(model(x).detach().numpy(), out.detach().numpy())  # scope ended
    assert all_hooks(model) == 0


def test_none_keeps_the_output_and_globs_select_several():
    model, x = make_model(), torch.randn(2, 3)
    names = []
    with lens.hooks(model, forward={nn.Linear: lambda out, name: names.append(name)}):
        out = model(x)
    assert names == ["0", "2"]
    assert np.allclose(out.detach().numpy(), model(x).detach().numpy())


def test_backward_replacement_changes_gradients():
    model, x = make_model(), torch.randn(5, 3)
    model(x).sum().backward()
    plain = model[0].weight.grad.numpy().copy()
    model.zero_grad()
    got = []

    def double(grad, name):
        got.append((name, grad.shape))
        return grad * 2

    with lens.hooks(model, backward=[("1", double)]):
        model(x).sum().backward()
    assert got == [("1", (5, 4))]
    assert np.allclose(model[0].weight.grad.numpy(), 2 * plain)
    assert model[2].weight.grad is not None


def test_backward_fn_sees_the_gradient_of_the_replaced_output():
    model, x = make_model(), torch.randn(2, 3)
    grads = []
    with lens.hooks(model, forward=[("1", lambda out, name: out * 3)],
                    backward=[("1", lambda grad, name: grads.append(grad))]):
        model(x).sum().backward()
    expected = np.broadcast_to(model[2].weight.detach().numpy().sum(0), (2, 4))
    assert np.allclose(grads[0].numpy(), expected)


def test_hooks_removed_when_the_body_raises():
    model, outputs = make_model(), []
    with pytest.raises(ZeroDivisionError), lens.hooks(
            model, forward=[("*", lambda out, name: outputs.append(out))],
            backward=[("0", lambda grad, name: None)]):
        model(torch.randn(1, 3))
        assert len(outputs[0]._backward_hooks) == 1  # the tensor hook for "0"
        raise ZeroDivisionError
    assert all_hooks(model) == 0
    assert not outputs[0]._backward_hooks


def test_bad_specs_leave_the_model_untouched():
    model = make_model()
    with pytest.raises(KeyError, match="has no '3'"):
        lens.hooks(model, forward=[("0", lambda o, n: None)], backward=[("3", lambda g, n: None)])
    assert all_hooks(model) == 0
    with pytest.raises(TypeError, match="pairs"):
        lens.hooks(model, forward=[lambda o, n: None])


def test_tensor_hook_handles_do_not_pile_up_across_batches():
    model, x = make_model(), torch.randn(2, 3)
    with lens.hooks(model, backward=[("*", lambda grad, name: None)]) as scope:
        for _ in range(100):
            model(x).sum().backward()
        assert len(scope._grad_handles) <= 130
