"""The model workloads of ``models.py`` (W3-W7), written once for hookgrad and PyTorch alike.

Every builder takes the library (``hookgrad`` or ``torch``) as ``lib``; both libraries start
from the same weights (hookgrad's initialisation, seed 0, copied through NumPy) and the same
data, so their losses and gradients can be compared.

* W3  784-256-256-10 ReLU MLP, SGD step, batch 128.
* W4  LeNet (conv 1->6 5x5, relu, max-pool 2, conv 6->16 5x5, relu, max-pool 2, flatten,
  linear 256-120-84-10), SGD step, batch 64 on 1x28x28.
* W5  ``TransformerEncoder`` (2 layers, d_model 128, 4 heads, feed-forward 256, dropout 0,
  batch_first), then ``Flatten`` and ``Linear(64 * 128, 10)``; Adam step on (16, 64, 128).
* W6  small ResNet: conv3x3(3->16, no bias) + BN + ReLU, three basic blocks 16->16 (stride 1),
  16->32 (stride 2), 32->64 (stride 2), each conv3x3-BN-ReLU-conv3x3-BN plus an identity or
  conv1x1+BN shortcut and a ReLU after the sum; AdaptiveAvgPool2d(1), Flatten,
  Linear(64, 10); SGD (momentum 0.9) step on (32, 3, 32, 32).
* W7  LeNet inference under ``no_grad`` in ``eval()`` mode, batch 256.

A training step is forward, cross-entropy, backward, optimizer step and ``zero_grad``.
"""
import numpy as np

MLP_BATCH = 128
LENET_BATCH = 64
TRANSFORMER_INPUT = (16, 64, 128)  # (batch, sequence, d_model)
RESNET_INPUT = (32, 3, 32, 32)
INFERENCE_BATCH = 256
LR = 0.01


# --------------------------------------------------------------------------- models

def make_mlp(lib):
    nn = lib.nn
    return nn.Sequential(nn.Linear(784, 256), nn.ReLU(), nn.Linear(256, 256), nn.ReLU(),
                         nn.Linear(256, 10))


def make_lenet(lib):
    nn = lib.nn
    return nn.Sequential(
        nn.Conv2d(1, 6, 5), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(6, 16, 5), nn.ReLU(), nn.MaxPool2d(2),
        nn.Flatten(),
        nn.Linear(256, 120), nn.ReLU(), nn.Linear(120, 84), nn.ReLU(), nn.Linear(84, 10))


def make_transformer(lib):
    nn = lib.nn
    batch, length, d_model = TRANSFORMER_INPUT
    layer = nn.TransformerEncoderLayer(d_model=d_model, nhead=4, dim_feedforward=256,
                                       dropout=0.0, batch_first=True)
    return nn.Sequential(nn.TransformerEncoder(layer, num_layers=2), nn.Flatten(),
                         nn.Linear(length * d_model, 10))


def _basic_block(lib, in_channels, out_channels, stride):
    """conv3x3-BN-ReLU-conv3x3-BN plus a shortcut (identity, or conv1x1+BN when the shape
    changes), then ReLU after the sum: one class per library, built on its ``nn.Module``."""
    nn = lib.nn

    class BasicBlock(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv1 = nn.Conv2d(in_channels, out_channels, 3, stride, 1, bias=False)
            self.bn1 = nn.BatchNorm2d(out_channels)
            self.relu = nn.ReLU()
            self.conv2 = nn.Conv2d(out_channels, out_channels, 3, 1, 1, bias=False)
            self.bn2 = nn.BatchNorm2d(out_channels)
            self.shortcut = nn.Sequential()
            if stride != 1 or in_channels != out_channels:
                self.shortcut = nn.Sequential(
                    nn.Conv2d(in_channels, out_channels, 1, stride, bias=False),
                    nn.BatchNorm2d(out_channels))

        def forward(self, x):
            out = self.relu(self.bn1(self.conv1(x)))
            out = self.bn2(self.conv2(out))
            return self.relu(out + self.shortcut(x))

    return BasicBlock()


def make_resnet(lib):
    nn = lib.nn
    return nn.Sequential(
        nn.Conv2d(3, 16, 3, 1, 1, bias=False), nn.BatchNorm2d(16), nn.ReLU(),
        _basic_block(lib, 16, 16, 1), _basic_block(lib, 16, 32, 2), _basic_block(lib, 32, 64, 2),
        nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(64, 10))


# (N, C_in, H_in, W_in, C_out, kernel, stride, padding) of every W6 convolution, in order;
# the first one's input (the batch) needs no gradient
RESNET_CONVS = (
    (32, 3, 32, 32, 16, 3, 1, 1),
    (32, 16, 32, 32, 16, 3, 1, 1), (32, 16, 32, 32, 16, 3, 1, 1),
    (32, 16, 32, 32, 32, 3, 2, 1), (32, 32, 16, 16, 32, 3, 1, 1), (32, 16, 32, 32, 32, 1, 2, 0),
    (32, 32, 16, 16, 64, 3, 2, 1), (32, 64, 8, 8, 64, 3, 1, 1), (32, 32, 16, 16, 64, 1, 2, 0),
)


def resnet_conv_flops():
    """Floating-point operations (multiply and add counted apart) of the W6 step's
    convolutions: forward, weight gradient, and input gradient for all but the first."""
    total = 0
    for i, (n, c, h, w, o, k, s, p) in enumerate(RESNET_CONVS):
        ho, wo = (h + 2 * p - k) // s + 1, (w + 2 * p - k) // s + 1
        one = 2 * n * o * ho * wo * c * k * k
        total += one * (2 if i == 0 else 3)
    return total


def _chunk_gemms(a, p):
    """Operand pairs of the GEMMs hookgrad's convolution kernels run for Plan ``p`` (a GEMM
    per tap or one on im2col columns, chunk by chunk; see hookgrad/_ops/conv_kernels.py);
    ``a(*shape)`` gives an operand."""
    n, channels = p.x_shape[:2]
    out_channels, _, kh, kw = p.w_shape
    pairs = []
    for start, stop in p.bounds:
        chunk = stop - start
        span, back = p.forward.span(chunk), p.backward.span(chunk)
        taps = len(p.taps)
        if p.forward_taps:
            pairs += [(a(out_channels, channels), a(channels, span))] * taps
        else:
            pairs.append((a(out_channels, channels * taps), a(channels * taps, span)))
        if p.weight_taps:
            pairs += [(a(out_channels, span), a(span, channels))] * taps
        else:
            pairs.append((a(channels * taps, span), a(span, out_channels)))
        if p.x_shape[1] == 3:  # the first layer: its input needs no gradient
            continue
        for _, index, _ in p.grad_phases:
            if p.input_taps:
                pairs += [(a(channels, out_channels), a(out_channels, back))] * len(index)
            else:
                pairs.append((a(channels, out_channels * len(index)),
                              a(out_channels * len(index), back)))
    return pairs


def make_resnet_gemm_floor():
    """The matrix products of the W6 step's convolutions alone, in NumPy, with the shapes
    hookgrad's convolutions give them (per chunk, per tap or on im2col columns; layers the
    tall layout does not take, with the usual im2col shapes) and on its thread pool: the
    floor of its convolutions."""
    from hookgrad._ops import conv_kernels
    rng = np.random.default_rng(5)
    operands = {}

    def a(*shape):  # one array per shape: operands stay in cache, as the kernels' do
        if shape not in operands:
            operands[shape] = rng.standard_normal(shape).astype(np.float32)
        return operands[shape]
    pairs = []
    for i, (n, c, h, w, o, k, s, p) in enumerate(RESNET_CONVS):
        plan = conv_kernels.plan((n, c, h, w), (o, c, k, k), (s, s), (p, p))
        if plan is not None:
            pairs += _chunk_gemms(a, plan)
            continue
        ho, wo = (h + 2 * p - k) // s + 1, (w + 2 * p - k) // s + 1
        weight, cols, grad = a(o, c * k * k), a(c * k * k, n * ho * wo), a(o, n * ho * wo)
        pairs += [(weight, cols), (cols, grad.T)] + ([(weight.T, grad)] if i > 0 else [])
    outs = [np.empty((x.shape[0], y.shape[1]), np.float32) for x, y in pairs]
    from hookgrad import _parallel

    def products(start, stop):
        for (x, y), out in zip(pairs[start:stop], outs[start:stop]):
            np.matmul(x, y, out=out)

    def step():  # on hookgrad's pool, as its convolutions run them
        _parallel.parallel_for(len(pairs), 1, products)
    return step


# --------------------------------------------------------------------------- data

def _rng_batch(seed, shape):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(shape).astype(np.float32),
            rng.integers(0, 10, shape[0]).astype(np.int64))


def mlp_batch():
    return _rng_batch(1, (MLP_BATCH, 784))


def lenet_batch():
    return _rng_batch(2, (LENET_BATCH, 1, 28, 28))


def transformer_batch():
    return _rng_batch(6, TRANSFORMER_INPUT)


def resnet_batch():
    return _rng_batch(7, RESNET_INPUT)


def inference_batch():
    return _rng_batch(8, (INFERENCE_BATCH, 1, 28, 28))


# --------------------------------------------------------------------------- shared weights

def weights_of(model):
    """``{name: ndarray copy}`` of a hookgrad or PyTorch model's state."""
    return {k: np.array(v.detach().numpy(), copy=True) for k, v in model.state_dict().items()}


_reference_weights = {}


def build(lib, make):
    """``make(lib)`` carrying the weights of the first model ``make`` built (with hookgrad's
    initialisation, seed 0), so every copy of a model in both libraries computes the same."""
    if make not in _reference_weights:
        import hookgrad  # here, so that a process timing PyTorch alone never imports it
        hookgrad.manual_seed(0)
        _reference_weights[make] = weights_of(make(hookgrad))
    model = make(lib)
    model.load_state_dict({k: lib.from_numpy(v.copy())
                           for k, v in _reference_weights[make].items()})
    return model


# --------------------------------------------------------------------------- steps

def _sgd(lib, model):
    return lib.optim.SGD(model.parameters(), lr=LR)


def _sgd_momentum(lib, model):
    return lib.optim.SGD(model.parameters(), lr=LR, momentum=0.9)


def _adam(lib, model):
    return lib.optim.Adam(model.parameters(), lr=1e-3)


def make_train_step(lib, make, data, optimizer=_sgd, model=None):
    """``(step, model)``: one training step (forward, cross-entropy, backward, optimizer step,
    zero_grad) of ``make``'s model on the batch ``data`` = (inputs, labels)."""
    model = build(lib, make) if model is None else model
    x, y = lib.from_numpy(data[0].copy()), lib.from_numpy(data[1].copy())
    opt = optimizer(lib, model)
    loss_fn = lib.nn.CrossEntropyLoss()

    def step():
        loss = loss_fn(model(x), y)
        loss.backward()
        opt.step()
        opt.zero_grad()
        return loss
    step.inputs, step.labels, step.loss_fn, step.opt = x, y, loss_fn, opt
    return step, model


def make_inference_step(lib, make, data):
    """``(step, model)``: ``model(x)`` under ``no_grad`` with the model in ``eval()`` mode."""
    model = build(lib, make)
    model.eval()
    x = lib.from_numpy(data[0].copy())

    def step():
        with lib.no_grad():
            return model(x)
    step.inputs = x
    return step, model


# name: (model builder, batch maker, optimizer or None for inference, description)
WORKLOADS = {
    "W3": (make_mlp, mlp_batch, _sgd, "MLP 784-256-256-10 train step, b128"),
    "W4": (make_lenet, lenet_batch, _sgd, "LeNet train step, b64 1x28x28"),
    "W5": (make_transformer, transformer_batch, _adam,
           "TransformerEncoder 2x(128, 4 heads, ff 256) + Linear, Adam, (16, 64, 128)"),
    "W6": (make_resnet, resnet_batch, _sgd_momentum,
           "ResNet 16-32-64 train step, SGD momentum, b32 3x32x32"),
    "W7": (make_lenet, inference_batch, None, "LeNet inference, no_grad, eval, b256"),
}


def make_workload(lib, name):
    """``(step, model)`` of workload ``name`` in ``lib``."""
    make, batch, optimizer, _ = WORKLOADS[name]
    if optimizer is None:
        return make_inference_step(lib, make, batch())
    return make_train_step(lib, make, batch(), optimizer)


def loss_and_grads(lib, name):
    """``(loss or output, [parameter gradients])`` of one forward (+ backward) of ``name``."""
    make, batch, optimizer, _ = WORKLOADS[name]
    if optimizer is None:
        step, _model = make_inference_step(lib, make, batch())
        return np.array(step().numpy(), copy=True), []
    step, model = make_train_step(lib, make, batch(), optimizer)
    loss = step.loss_fn(model(step.inputs), step.labels)
    loss.backward()
    return float(loss.item()), [np.array(p.grad.numpy(), copy=True)
                                for p in model.parameters()]
