"""Record tests/recorded/recurrent.json with real PyTorch: every case of
tests/nn/recurrent_cases.py (weights, input and states drawn from a seeded NumPy generator;
outputs and the gradients of the sum of squared outputs), and write the PyTorch checkpoint
tests/nn/fixtures/lstm_checkpoint.pt with the outputs it gives.

    python tools/record/recurrent.py        # needs torch; rewrites both files"""
import _paths  # noqa: F401  (tests/ on sys.path)
import numpy as np
import torch
from _recorded import save
from nn.recurrent_cases import CASES, CHECKPOINT_INPUT, CHECKPOINT_KWARGS, PACKED_CASES

FIXTURE = _paths.ROOT / "tests" / "nn" / "fixtures" / "lstm_checkpoint.pt"


def flat(value):
    if isinstance(value, tuple):
        return [t for v in value for t in flat(v)]
    return [value]


def record_case(cls, kwargs, x_shape, state_shapes, rng):
    module = getattr(torch.nn, cls)(**kwargs)
    weights = {name: rng.uniform(-0.5, 0.5, tuple(p.shape)).astype(np.float32)
               for name, p in module.named_parameters()}
    module.load_state_dict({k: torch.tensor(v) for k, v in weights.items()})
    x = rng.uniform(-1, 1, x_shape).astype(np.float32)
    states = [rng.uniform(-1, 1, s).astype(np.float32) for s in state_shapes]
    inputs = [torch.tensor(a, requires_grad=True) for a in [x] + states]
    if len(states) == 2:
        out = module(inputs[0], (inputs[1], inputs[2]))
    else:
        out = module(*inputs)
    outs = flat(out)
    loss = sum((t * t).sum() for t in outs)
    grads = torch.autograd.grad(loss, inputs + list(module.parameters()))
    names = ["input"] + [f"state{i}" for i in range(len(states))] + list(weights)
    return {"repr": repr(module), "weights": weights, "input": x, "states": states,
            "outputs": [t.detach().numpy() for t in outs],
            "grads": dict(zip(names, [g.numpy() for g in grads], strict=True))}


def record_packed(cls, kwargs, shape, lengths, with_state, rng):
    module = getattr(torch.nn, cls)(**kwargs)
    weights = {name: rng.uniform(-0.5, 0.5, tuple(p.shape)).astype(np.float32)
               for name, p in module.named_parameters()}
    module.load_state_dict({k: torch.tensor(v) for k, v in weights.items()})
    x = torch.tensor(rng.uniform(-1, 1, shape).astype(np.float32), requires_grad=True)
    packed = torch.nn.utils.rnn.pack_padded_sequence(x, lengths, enforce_sorted=False)
    directions = 2 if kwargs.get("bidirectional") else 1
    state_shape = (kwargs.get("num_layers", 1) * directions, shape[1], kwargs["hidden_size"])
    states = [rng.uniform(-1, 1, state_shape).astype(np.float32)
              for _ in range((2 if cls == "LSTM" else 1) if with_state else 0)]
    hx = [torch.tensor(s) for s in states]
    out, hidden = module(packed, (tuple(hx) if cls == "LSTM" else hx[0]) if hx else None)
    padded, out_lengths = torch.nn.utils.rnn.pad_packed_sequence(out)
    finals = list(hidden) if isinstance(hidden, tuple) else [hidden]
    loss = (padded * padded).sum() + sum((t * t).sum() for t in finals)
    grads = torch.autograd.grad(loss, [x] + list(module.parameters()))
    return {"weights": weights, "input": x.detach().numpy(), "states": states,
            "data": out.data.detach().numpy(), "batch_sizes": out.batch_sizes.numpy(),
            "padded": padded.detach().numpy(), "lengths": out_lengths.numpy(),
            "finals": [t.detach().numpy() for t in finals],
            "grads": [g.numpy() for g in grads]}


def main():
    rng = np.random.default_rng(2026)
    cases = {name: record_case(cls, kwargs, x_shape, states, rng)
             for name, cls, kwargs, x_shape, states in CASES}
    torch.manual_seed(0)
    module = torch.nn.LSTM(**CHECKPOINT_KWARGS)
    FIXTURE.parent.mkdir(exist_ok=True)
    torch.save(module.state_dict(), FIXTURE)
    x = rng.uniform(-1, 1, CHECKPOINT_INPUT).astype(np.float32)
    out, (h, c) = module(torch.tensor(x))
    cases["checkpoint"] = {"input": x, "outputs": [out.detach().numpy(), h.detach().numpy(),
                                                   c.detach().numpy()]}
    for name, cls, kwargs, shape, lengths, with_state in PACKED_CASES:
        cases[name] = record_packed(cls, kwargs, shape, lengths, with_state, rng)
    save("recurrent", cases, torch.__version__)


if __name__ == "__main__":
    main()
