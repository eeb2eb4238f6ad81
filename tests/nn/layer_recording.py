"""The nn layer cases' shared machinery: deterministic inputs and parameters, running a case,
and what is stored of its results (tests/recorded/layers.json, written by
tools/record/layers.py with real PyTorch; read by test_layers.py with hookgrad).

Every case is a function of a ``torch`` namespace, called with hookgrad by the tests and
with PyTorch by the recorder. Parameters and inputs are deterministic patterns
(``pattern``), set identically in both, so no weights are stored. After the forward pass,
``(output * pattern).sum()`` is backpropagated and the gradients of the float inputs and of
every parameter are compared. Arrays of up to ``FULL`` values are stored whole (to 6
significant digits); larger ones as four projections (``summary``)."""
from collections import OrderedDict

import numpy as np

FULL = 16  # arrays with more values are stored as their summary()


# ---------------------------------------------------------------------------- patterns
# ---------------------------------------------------------------------------- patterns
def pattern(shape, seed=0, scale=1.0):
    """Deterministic values in [-scale, scale], different for each seed."""
    n = int(np.prod(shape)) if len(shape) else 1
    return (scale * np.sin(np.arange(n) * 0.731 + seed * 1.37 + 0.1)).reshape(shape)


def tensor(torch, shape, seed=0, scale=1.0, grad=True):
    return torch.tensor(pattern(shape, seed, scale).tolist(), dtype=torch.float32,
                        requires_grad=grad)


def set_parameters(torch, module, scale=0.5):
    with torch.no_grad():
        for i, (_, p) in enumerate(module.named_parameters()):
            p.copy_(torch.tensor(pattern(tuple(p.shape), 10 + i, scale).tolist()))
    return module


def summary(values):
    """Sum, two pattern-weighted sums and the sum of absolute values: a compact fingerprint."""
    a = np.asarray(values, dtype=np.float64).reshape(-1)
    i = np.arange(a.size)
    return [float(a.sum()), float((a * np.sin(i * 0.91)).sum()),
            float((a * np.cos(i * 0.53 + 0.2)).sum()), float(np.abs(a).sum())]


def x(torch, *shape, seed=0, scale=1.0):
    return tensor(torch, shape, seed, scale)


# ---------------------------------------------------------------------------- running a case
def run_case(torch, build):
    """Build the case ``build(torch)``, set its parameters, run it, backpropagate; return
    everything that is compared."""
    built = build(torch)
    module, inputs = built[0], built[1]
    run = built[2] if len(built) > 2 else (lambda m, inputs: m(*inputs))
    set_parameters(torch, module)
    output = run(module, inputs)
    outputs = [o for o in (output if isinstance(output, tuple) else (output,))
               if o is not None]
    loss = sum((o * tensor(torch, tuple(o.shape), seed=20 + i, grad=False)).sum()
               for i, o in enumerate(outputs) if o.is_floating_point() and o.requires_grad)
    if not isinstance(loss, int):
        loss.backward()
    grads = {f"input{i}": t.grad for i, t in enumerate(inputs) if t.grad is not None}
    grads.update((n, p.grad) for n, p in module.named_parameters() if p.grad is not None)
    return {
        "repr": repr(module).split("\n"),
        "params": [[n, list(p.shape)] for n, p in module.named_parameters()],
        "state": list(module.state_dict()),
        "buffers": {n: _array(b) for n, b in module.named_buffers()},
        "out": [_array(o) for o in outputs],
        "grads": {n: _array(g) for n, g in grads.items()},
    }


def _array(t):
    return [list(t.shape)] + _flat(t.detach().tolist()).tolist()


def _flat(values):
    return np.asarray(values, dtype=np.float64).reshape(-1)


def compact(array):
    """What is stored for ``[shape, *values]``: all values, or their summary if there are many."""
    shape, values = array[0], array[1:]
    if len(values) > FULL:
        values = summary(values)
    return [shape] + [v if isinstance(v, int) else float(f"{v:.6g}") for v in values]

# ---------------------------------------------------------------------------- Conv2d grid
def conv_grid():
    """Every supported combination of padding, stride, dilation and groups (bias alternates)."""
    combos = []
    for padding in (0, 1, (2, 1), "same", "valid"):
        for stride in (1, 2, (1, 2)):
            if padding == "same" and stride != 1:
                continue  # PyTorch rejects padding='same' with strides
            for dilation in (1, (2, 1)):
                for groups in (1, 2):
                    combos.append((padding, stride, dilation, groups, len(combos) % 2 == 0))
    return combos


def grid_key(combo):
    return "|".join(map(str, combo))


def run_grid(torch, combo):
    padding, stride, dilation, groups, bias = combo
    module = torch.nn.Conv2d(4, 6, (3, 2), stride=stride, padding=padding, dilation=dilation,
                             groups=groups, bias=bias)
    set_parameters(torch, module)
    inp = x(torch, 2, 4, 6, 5)
    out = module(inp)
    (out * tensor(torch, tuple(out.shape), seed=20, grad=False)).sum().backward()
    arrays = {"out": out, "input": inp.grad, **{n: p.grad for n, p in module.named_parameters()}}
    return {"repr": repr(module), **{k: _array(v) for k, v in arrays.items()}}

# ---------------------------------------------------------------------------- one big model
def everything(torch):
    """A model holding one of every layer type, for its printed form."""
    nn = torch.nn
    layer = nn.TransformerEncoderLayer(8, 2, dim_feedforward=16, batch_first=True)
    return nn.Sequential(OrderedDict([
        ("stem", nn.Sequential(nn.Conv2d(3, 8, 3, stride=2, padding=1, bias=False),
                               nn.BatchNorm2d(8), nn.ReLU(inplace=True))),
        ("convs", nn.ModuleList([nn.Conv1d(2, 4, 3, padding="same", padding_mode="circular"),
                                 nn.Conv2d(8, 8, (3, 1), padding=(1, 0), dilation=2, groups=4),
                                 nn.ConvTranspose2d(8, 4, 2, stride=2, output_padding=1),
                                 nn.Conv2d(4, 4, 3, padding="valid")])),
        ("pools", nn.ModuleDict({"max1": nn.MaxPool1d(2), "max": nn.MaxPool2d(3, 2, 1),
                                 "avg": nn.AvgPool2d(2, count_include_pad=False),
                                 "adaptive": nn.AdaptiveAvgPool2d((1, None))})),
        ("norms", nn.Sequential(nn.BatchNorm1d(8, momentum=None),
                                nn.LayerNorm([4, 8], elementwise_affine=False),
                                nn.GroupNorm(2, 8, eps=1e-3))),
        ("acts", nn.Sequential(nn.LeakyReLU(0.2), nn.ELU(alpha=0.5, inplace=True), nn.GELU(),
                               nn.GELU(approximate="tanh"), nn.SiLU(), nn.Tanh(), nn.Sigmoid(),
                               nn.Softplus(beta=2), nn.Softmax(dim=-1), nn.LogSoftmax(1),
                               nn.Identity())),
        ("head", nn.Sequential(nn.Flatten(), nn.Dropout(0.25), nn.Linear(8, 4),
                               nn.Unflatten(1, (2, 2)), nn.Bilinear(2, 2, 3, bias=False),
                               nn.Embedding(10, 4, padding_idx=0))),
        ("same", nn.ModuleList([nn.Linear(2, 2) for _ in range(3)] + [nn.ReLU()])),
        ("params", nn.ParameterList([nn.Parameter(torch.zeros(2, 3)), torch.ones(4)])),
        ("pdict", nn.ParameterDict({"b": nn.Parameter(torch.zeros(3)),
                                    "a": nn.Parameter(torch.zeros(1, 2))})),
        ("encoder", nn.TransformerEncoder(layer, 2, norm=nn.LayerNorm(8),
                                          enable_nested_tensor=False)),
        ("losses", nn.ModuleList([nn.CrossEntropyLoss(label_smoothing=0.1), nn.NLLLoss(),
                                  nn.MSELoss(), nn.L1Loss(), nn.SmoothL1Loss(), nn.BCELoss(),
                                  nn.BCEWithLogitsLoss(pos_weight=torch.ones(2))])),
    ]))
