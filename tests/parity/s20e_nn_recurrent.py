# nn.RNN / LSTM / GRU and RNNCell / LSTMCell / GRUCell: printed reprs, parameter names and
# shapes, outputs and gradients for fixed weights, grad_fn chains (PyTorch's CPU reference
# composition; the float32 LSTM is compared in float64 there, as PyTorch's float32 LSTM runs a
# fused oneDNN kernel with one MkldnnRnnLayerBackward0 node), checks, errors and warnings.
import warnings

import numpy as np
import torch

nn = torch.nn


def walk(node, depth=0, limit=7, out=None):
    out = [] if out is None else out
    if node is None or depth > limit:
        return out
    out.append(" " * depth + node.name())
    for child, _ in node.next_functions:
        walk(child, depth + 1, limit, out)
    return out


rng = np.random.default_rng(0)


def data(*shape, dtype=np.float32):
    return torch.tensor(rng.uniform(-1, 1, shape).astype(dtype), requires_grad=True)


def fill(module):
    with torch.no_grad():
        for p in module.parameters():
            p.copy_(torch.tensor(rng.uniform(-0.5, 0.5, tuple(p.shape)).astype(np.float32)))
    return module


def flat(value):
    if isinstance(value, tuple):
        return [t for v in value for t in flat(v)]
    return [value]


def show(t):
    return np.round(t.detach().numpy().astype(np.float64), 4).tolist()


cases = [
    (nn.RNNCell(3, 4), (2, 3), [(2, 4)]),
    (nn.RNNCell(3, 4, bias=False, nonlinearity="relu"), (3,), []),
    (nn.GRUCell(3, 4), (2, 3), [(2, 4)]),
    (nn.GRUCell(3, 4, bias=False), (3,), [(4,)]),
    (nn.LSTMCell(3, 4), (2, 3), [(2, 4), (2, 4)]),
    (nn.LSTMCell(3, 4), (3,), []),
    (nn.RNN(3, 4), (5, 2, 3), [(1, 2, 4)]),
    (nn.RNN(3, 4, 2, "relu", bidirectional=True), (4, 2, 3), []),
    (nn.RNN(3, 4, batch_first=True), (2, 4, 3), []),
    (nn.GRU(3, 4, num_layers=2, bias=False), (4, 3), [(2, 4)]),
    (nn.GRU(3, 4, bidirectional=True, batch_first=True), (2, 3, 3), [(2, 2, 4)]),
    (nn.LSTM(3, 4), (4, 2, 3), [(1, 2, 4), (1, 2, 4)]),
    (nn.LSTM(3, 4, num_layers=2, bidirectional=True, batch_first=True), (2, 3, 3), []),
    (nn.LSTM(3, 4, proj_size=2, num_layers=2), (3, 3), [(2, 2), (2, 4)]),
]
for module, x_shape, state_shapes in cases:
    fill(module)
    print(module)
    print([(name, tuple(p.shape)) for name, p in module.state_dict().items()])
    for dtype in (np.float32, np.float64):
        m = module.double() if dtype == np.float64 else module
        x = data(*x_shape, dtype=dtype)
        states = [data(*s, dtype=dtype) for s in state_shapes]
        if not states:
            out = m(x)
        elif len(states) == 2:
            out = m(x, tuple(states))
        else:
            out = m(x, states[0])
        outs = flat(out)
        print(dtype.__name__, [tuple(t.shape) for t in outs])
        if dtype == np.float32:
            print([show(t) for t in outs])
        if dtype == np.float64 or "LSTM(" not in str(module):
            for t in outs:
                print("\n".join(walk(t.grad_fn)))
        loss = sum((t * t).sum() for t in outs)
        params = [x] + states + list(m.parameters())
        grads = torch.autograd.grad(loss, params, create_graph=True)
        if dtype == np.float32:
            print("grads", [show(g) for g in grads[:2]], show(grads[-1]))
        second = torch.autograd.grad(sum((g * g).sum() for g in grads), params[-1])[0]
        print("double backward", show(second) if dtype == np.float64 else tuple(second.shape))
    module.float()


def attempt(f):
    try:
        result = f()
        print("ok", [tuple(t.shape) for t in flat(result)])
    except Exception as error:
        print(type(error).__name__, error)


z = torch.zeros
cell, lstm_cell, gru_cell = nn.RNNCell(4, 5), nn.LSTMCell(4, 5), nn.GRUCell(4, 5)
for f in [lambda: cell(z(3, 3)), lambda: cell(z(3, 4), z(2, 5)), lambda: cell(z(3, 4), z(3, 6)),
          lambda: cell(z(3, 4, 1)), lambda: cell(z(4), z(3, 5)), lambda: cell(z(4), z(3, 5, 1)),
          lambda: lstm_cell(z(3, 4), (z(3, 5), z(3, 6))),
          lambda: lstm_cell(z(3, 4), (z(3, 5), z(3, 6, 1))), lambda: lstm_cell(z(3, 3)),
          lambda: gru_cell(z(3, 4).double()),
          lambda: nn.RNNCell(4, 5, nonlinearity="foo")(z(2, 4)),
          lambda: nn.RNN(4, 5)(z(2, 3, 3)), lambda: nn.RNN(4, 5)(z(2, 3, 4), z(1, 2, 5)),
          lambda: nn.GRU(4, 5)(z(2, 3, 4), z(2, 5)), lambda: nn.GRU(4, 5)(z(3, 4), z(1, 1, 5)),
          lambda: nn.RNN(4, 5)(z(2, 3, 4).double()), lambda: nn.RNN(4, 5)(z(2, 3, 4, 5)),
          lambda: nn.GRU(4, 5)(z(2, 3, 4, 5)), lambda: nn.LSTM(4, 5)(z(5)),
          lambda: nn.LSTM(4, 5)(z(2, 3, 4), (z(1, 3, 5), z(1, 3, 4))),
          lambda: nn.LSTM(4, 5, proj_size=2)(z(2, 3, 4), (z(1, 3, 5), z(1, 3, 5))),
          lambda: nn.LSTM(4, 5)(z(2, 3, 4), (z(1, 3, 5), z(3, 4))),
          lambda: nn.LSTM(4, 5)(z(3, 4), (z(1, 3, 5), z(3, 4))),
          lambda: nn.GRU(4, 5, proj_size=2), lambda: nn.LSTM(4, 5, proj_size=5),
          lambda: nn.LSTM(4, 5, proj_size=-1), lambda: nn.LSTM(4, 5, dropout=2),
          lambda: nn.LSTM(4, 5, dropout=True), lambda: nn.RNN(4, 5, bias=1),
          lambda: nn.RNN(4, 5, batch_first=None), lambda: nn.RNN(4.0, 5),
          lambda: nn.RNN(4, 0), lambda: nn.RNN(4, 5, 0), lambda: nn.RNN(4, 5, nonlinearity="sig"),
          lambda: nn.RNN(4, 5)(z(0, 3, 4)), lambda: nn.RNN(4, 5)(z(2, 0, 4)),
          lambda: nn.LSTM(4, 5, 2, dropout=0.5)(z(2, 3, 4)),
          lambda: nn.LSTM(4, 5, 2, dropout=0.5).eval()(z(2, 3, 4))]:
    attempt(f)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(nn.GRU(4, 5, dropout=0.5))
    print(caught[0].category.__name__, caught[0].message)
m = nn.LSTM(4, 5, num_layers=2, bidirectional=True, proj_size=2)
print(m, [[tuple(p.shape) for p in ws] for ws in m.all_weights], m._flat_weights_names)
m.flatten_parameters()
torch.manual_seed(0)
for module in (nn.GRU(50, 16, num_layers=2), nn.LSTMCell(8, 25)):
    weights = torch.cat([p.detach().flatten() for p in module.parameters()])
    bound = 1 / module.hidden_size ** 0.5
    print(bool(weights.abs().max() <= bound), bool(weights.abs().max() > 0.95 * bound),
          abs(float(weights.mean())) < 0.05 * bound)
