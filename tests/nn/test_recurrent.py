"""nn.RNN / LSTM / GRU and the cells against values recorded from PyTorch
(tools/record/recurrent.py): outputs and gradients for the same weights, parameter names and
order, repr, a checkpoint PyTorch wrote, initialisation, hooks and second derivatives."""
from pathlib import Path

import numpy as np
import pytest
from _recorded import load

import hookgrad as torch

from .recurrent_cases import CASES, CHECKPOINT_KWARGS, PACKED_CASES

RECORDED = load("recurrent")
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "lstm_checkpoint.pt"


def _flat(value):
    if isinstance(value, tuple):
        return [t for v in value for t in _flat(v)]
    return [value]


def _close(actual, expected):
    """Within float32 rounding of the matrix products (the sums run in another order)."""
    scale = max(float(np.abs(expected).max(initial=0.0)), 1.0)
    np.testing.assert_allclose(actual, expected, rtol=0, atol=2e-6 * scale)


def _module(cls, kwargs, weights):
    module = getattr(torch.nn, cls)(**kwargs)
    result = module.load_state_dict({k: torch.tensor(v) for k, v in weights.items()})
    assert not result.missing_keys and not result.unexpected_keys
    return module


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_outputs_and_gradients_match_pytorch(case):
    name, cls, kwargs, _, _ = case
    rec = RECORDED[name]
    module = _module(cls, kwargs, rec["weights"])
    assert repr(module) == rec["repr"]
    assert [n for n, _ in module.named_parameters()] == list(rec["weights"])
    inputs = [torch.tensor(a, requires_grad=True) for a in [rec["input"]] + rec["states"]]
    if len(inputs) == 3:
        out = module(inputs[0], (inputs[1], inputs[2]))
    else:
        out = module(*inputs)
    outs = _flat(out)
    assert len(outs) == len(rec["outputs"])
    for actual, expected in zip(outs, rec["outputs"]):
        assert tuple(actual.shape) == expected.shape
        _close(actual.detach().numpy(), expected)
    loss = sum((t * t).sum() for t in outs)
    grads = torch.autograd.grad(loss, inputs + list(module.parameters()))
    for grad, (key, expected) in zip(grads, rec["grads"].items()):
        assert tuple(grad.shape) == expected.shape, key
        _close(grad.numpy(), expected)


def test_pytorch_lstm_checkpoint_loads_and_runs():
    module = torch.nn.LSTM(**CHECKPOINT_KWARGS)
    module.load_state_dict(torch.load(FIXTURE))
    rec = RECORDED["checkpoint"]
    out, (h, c) = module(torch.tensor(rec["input"]))
    for actual, expected in zip((out, h, c), rec["outputs"]):
        _close(actual.detach().numpy(), expected)
    # and back: the state dict saved from hookgrad holds the same names and values
    state = module.state_dict()
    assert list(state) == list(torch.load(FIXTURE))


@pytest.mark.parametrize("module", [torch.nn.GRU(30, 16, num_layers=2, bidirectional=True),
                                    torch.nn.LSTM(8, 25, proj_size=4), torch.nn.RNNCell(3, 9)])
def test_weights_are_uniform_within_one_over_sqrt_hidden(module):
    bound = 1 / module.hidden_size ** 0.5
    weights = np.concatenate([p.detach().numpy().ravel() for p in module.parameters()])
    assert np.abs(weights).max() <= bound
    assert np.abs(weights).max() > 0.9 * bound
    assert abs(weights.mean()) < 0.1 * bound


def test_double_backward_matches_finite_differences():
    torch.manual_seed(0)
    for module in (torch.nn.GRUCell(2, 3).double(),
                   torch.nn.LSTM(2, 3, bidirectional=True).double()):
        x = torch.randn(2, 1, 2, dtype=torch.float64, requires_grad=True)

        def f(x, module=module):
            out = module(x[0] if isinstance(module, torch.nn.GRUCell) else x)
            return _flat(out)[0]
        assert torch.autograd.gradcheck(f, (x,))
        assert torch.autograd.gradgradcheck(f, (x,))


def test_hooks_see_the_recurrent_graph():
    module = torch.nn.GRU(3, 4, num_layers=2)
    seen = []
    module.register_forward_hook(lambda m, args, out: seen.append(tuple(out[0].shape)))
    x = torch.randn(5, 2, 3, requires_grad=True)
    out, h = module(x)
    grads = []
    out.register_hook(lambda g: grads.append(tuple(g.shape)))
    out.sum().backward()
    assert seen == [(5, 2, 4)] and grads == [(5, 2, 4)]
    assert x.grad is not None and module.weight_hh_l1.grad is not None


@pytest.mark.parametrize("case", PACKED_CASES, ids=[c[0] for c in PACKED_CASES])
def test_packed_sequence_through_a_layer_matches_pytorch(case):
    name, cls, kwargs, _, lengths, _ = case
    rec = RECORDED[name]
    module = _module(cls, kwargs, rec["weights"])
    x = torch.tensor(rec["input"], requires_grad=True)
    packed = torch.nn.utils.rnn.pack_padded_sequence(x, lengths, enforce_sorted=False)
    hx = [torch.tensor(s) for s in rec["states"]]
    out, hidden = module(packed, (tuple(hx) if cls == "LSTM" else hx[0]) if hx else None)
    assert isinstance(out, torch.nn.utils.rnn.PackedSequence)
    np.testing.assert_array_equal(out.batch_sizes.numpy(), rec["batch_sizes"])
    _close(out.data.detach().numpy(), rec["data"])
    padded, out_lengths = torch.nn.utils.rnn.pad_packed_sequence(out)
    np.testing.assert_array_equal(out_lengths.numpy(), rec["lengths"])
    _close(padded.detach().numpy(), rec["padded"])
    finals = list(hidden) if isinstance(hidden, tuple) else [hidden]
    for actual, expected in zip(finals, rec["finals"]):
        _close(actual.detach().numpy(), expected)
    loss = (padded * padded).sum() + sum((t * t).sum() for t in finals)
    grads = torch.autograd.grad(loss, [x] + list(module.parameters()))
    for grad, expected in zip(grads, rec["grads"]):
        _close(grad.numpy(), expected)
