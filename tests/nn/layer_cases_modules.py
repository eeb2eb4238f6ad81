"""nn layer cases: linear, convolution, pooling, normalisation, dropout, embedding,
activations and containers (each returns ``(module, inputs[, run])``)."""
from collections import OrderedDict

from .layer_recording import x

CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


@case
def linear(torch):
    return torch.nn.Linear(4, 3), [x(torch, 2, 4)]


@case
def linear_nobias_3d(torch):
    return torch.nn.Linear(4, 3, bias=False), [x(torch, 2, 5, 4)]


@case
def linear_1d(torch):
    return torch.nn.Linear(3, 2), [x(torch, 3)]


@case
def identity(torch):
    return torch.nn.Identity(54, unused=True), [x(torch, 2, 3)]


@case
def bilinear(torch):
    return torch.nn.Bilinear(3, 2, 4), [x(torch, 2, 3), x(torch, 2, 2, seed=1)]


@case
def conv1d(torch):
    return torch.nn.Conv1d(2, 4, 3, stride=2, padding=1), [x(torch, 2, 2, 7)]


@case
def conv1d_same_dilated_groups(torch):
    return torch.nn.Conv1d(4, 2, 3, padding="same", dilation=2, groups=2), [x(torch, 1, 4, 6)]


@case
def conv1d_unbatched(torch):
    return torch.nn.Conv1d(2, 3, 2, bias=False), [x(torch, 2, 5)]


@case
def conv2d(torch):
    return torch.nn.Conv2d(2, 3, 3), [x(torch, 2, 2, 5, 5)]


@case
def conv2d_options(torch):
    return (torch.nn.Conv2d(4, 6, (3, 2), stride=(2, 1), padding=(1, 2), dilation=(1, 2),
                            groups=2, bias=False), [x(torch, 1, 4, 6, 5)])


@case
def conv2d_same(torch):
    return torch.nn.Conv2d(2, 2, (4, 3), padding="same", dilation=(1, 2)), [x(torch, 1, 2, 5, 6)]


@case
def conv2d_valid_unbatched(torch):
    return torch.nn.Conv2d(2, 2, 2, padding="valid"), [x(torch, 2, 4, 3)]


@case
def conv2d_reflect(torch):
    return torch.nn.Conv2d(2, 2, 3, padding=1, padding_mode="reflect"), [x(torch, 1, 2, 4, 4)]


@case
def conv2d_replicate(torch):
    return (torch.nn.Conv2d(2, 2, 3, padding=(2, 1), padding_mode="replicate"),
            [x(torch, 1, 2, 4, 4)])


@case
def conv2d_circular(torch):
    return torch.nn.Conv2d(1, 2, 3, padding=1, padding_mode="circular"), [x(torch, 1, 1, 4, 5)]


@case
def conv2d_same_reflect(torch):
    return (torch.nn.Conv2d(1, 1, (2, 3), padding="same", padding_mode="reflect"),
            [x(torch, 1, 1, 4, 4)])


@case
def conv_transpose2d(torch):
    return (torch.nn.ConvTranspose2d(2, 3, 3, stride=2, padding=1, output_padding=1),
            [x(torch, 1, 2, 3, 3)])


@case
def conv_transpose2d_groups_dilation(torch):
    return (torch.nn.ConvTranspose2d(4, 2, (2, 3), stride=(1, 2), groups=2, dilation=2,
                                     bias=False), [x(torch, 2, 4, 3, 2)])


@case
def conv_transpose2d_output_size(torch):
    m = torch.nn.ConvTranspose2d(1, 1, 3, stride=2)
    return m, [x(torch, 1, 1, 2, 2)], lambda m, inputs: m(inputs[0], output_size=[6, 5])


@case
def max_pool1d(torch):
    return torch.nn.MaxPool1d(3, stride=2, padding=1), [x(torch, 2, 2, 7)]


@case
def max_pool2d(torch):
    return torch.nn.MaxPool2d(2), [x(torch, 1, 2, 5, 5)]


@case
def max_pool2d_options(torch):
    return (torch.nn.MaxPool2d((3, 2), stride=(2, 1), padding=1, dilation=(1, 2),
                               ceil_mode=True), [x(torch, 1, 1, 6, 6)])


@case
def max_pool2d_indices(torch):
    return torch.nn.MaxPool2d(2, return_indices=True), [x(torch, 1, 1, 4, 4)]


@case
def avg_pool2d(torch):
    return torch.nn.AvgPool2d(2), [x(torch, 1, 2, 4, 5)]


@case
def avg_pool2d_options(torch):
    return (torch.nn.AvgPool2d(3, stride=2, padding=1, ceil_mode=True, count_include_pad=False),
            [x(torch, 1, 1, 6, 6)])


@case
def avg_pool2d_divisor(torch):
    return torch.nn.AvgPool2d((2, 3), stride=1, divisor_override=4), [x(torch, 1, 1, 3, 4)]


@case
def adaptive_avg_pool2d(torch):
    return torch.nn.AdaptiveAvgPool2d((2, 3)), [x(torch, 1, 2, 5, 7)]


@case
def adaptive_avg_pool2d_one(torch):
    return torch.nn.AdaptiveAvgPool2d(1), [x(torch, 2, 2, 3, 3)]


@case
def adaptive_avg_pool2d_none(torch):
    return torch.nn.AdaptiveAvgPool2d((None, 2)), [x(torch, 1, 3, 5)]


def _two_steps(m, inputs):
    m(inputs[0] * 0.5 + 1.0)
    return m(inputs[0])


@case
def batch_norm1d(torch):
    return torch.nn.BatchNorm1d(3), [x(torch, 4, 3)]


@case
def batch_norm1d_3d_momentum_none(torch):
    return torch.nn.BatchNorm1d(3, momentum=None), [x(torch, 2, 3, 4)], _two_steps


@case
def batch_norm2d(torch):
    return torch.nn.BatchNorm2d(2, eps=1e-3, momentum=0.3), [x(torch, 2, 2, 3, 3)], _two_steps


@case
def batch_norm2d_eval(torch):
    m = torch.nn.BatchNorm2d(2)
    with torch.no_grad():
        m.running_mean.copy_(torch.tensor([0.5, -0.25]))
        m.running_var.copy_(torch.tensor([2.0, 0.5]))
    return m.eval(), [x(torch, 2, 2, 2, 3)]


@case
def batch_norm2d_no_stats_no_affine(torch):
    return (torch.nn.BatchNorm2d(2, affine=False, track_running_stats=False).eval(),
            [x(torch, 2, 2, 2, 2)])


@case
def batch_norm2d_no_bias(torch):
    return torch.nn.BatchNorm2d(2, bias=False), [x(torch, 3, 2, 2, 2)]


@case
def layer_norm(torch):
    return torch.nn.LayerNorm(4), [x(torch, 2, 3, 4)]


@case
def layer_norm_2d_no_affine(torch):
    return torch.nn.LayerNorm([3, 4], eps=1e-3, elementwise_affine=False), [x(torch, 2, 3, 4)]


@case
def layer_norm_no_bias(torch):
    return torch.nn.LayerNorm(3, bias=False), [x(torch, 2, 3)]


@case
def group_norm(torch):
    return torch.nn.GroupNorm(2, 4), [x(torch, 2, 4, 3)]


@case
def group_norm_no_affine(torch):
    return torch.nn.GroupNorm(3, 3, eps=1e-2, affine=False), [x(torch, 2, 3, 2, 2)]


@case
def dropout_eval(torch):
    return torch.nn.Dropout(0.3).eval(), [x(torch, 2, 3)]


@case
def dropout_p0(torch):
    return torch.nn.Dropout(0.0), [x(torch, 2, 3)]


@case
def embedding(torch):
    m = torch.nn.Embedding(6, 3, padding_idx=0)
    return m, [torch.tensor([[0, 2, 4], [4, 3, 0]])]


@case
def embedding_negative_padding(torch):
    return torch.nn.Embedding(5, 2, padding_idx=-1, max_norm=None), [torch.tensor([4, 1, 1])]


def _activation(name, *args, shape=(2, 5), **kwargs):
    if "shape" in args:
        args, shape = args[:args.index("shape")], args[-1]

    def build(torch):
        return getattr(torch.nn, name)(*args, **kwargs), [x(torch, *shape, scale=3.0)]
    build.__name__ = name.lower() + "".join(f"_{a}" for a in args) + "".join(
        f"_{k}_{v}" for k, v in kwargs.items())
    return case(build)


for _spec in [("ReLU",), ("LeakyReLU",), ("LeakyReLU", 0.2), ("ELU",), ("ELU", 0.5), ("GELU",),
              ("GELU", "tanh"), ("SiLU",), ("Tanh",), ("Sigmoid",), ("Softplus",),
              ("Softplus", 2.0, 1.0), ("Softmax", 1), ("Softmax", 0), ("LogSoftmax", -1),
              ("LogSoftmax", 0), ("Threshold", 0.5, -2.0), ("Hardtanh", -0.5, 2.0), ("ReLU6",),
              ("Hardsigmoid",), ("Hardswish",), ("SELU",), ("CELU", 0.7), ("Mish",),
              ("GLU", "shape", (2, 4)), ("GLU", 0, "shape", (4, 3)), ("LogSigmoid",),
              ("Softsign",), ("Tanhshrink",), ("Softmin", 1), ("Hardshrink",),
              ("Softshrink", 0.8), ("Softmax2d", "shape", (2, 3, 2))]:
    _activation(*_spec)


@case
def dropout2d_eval(torch):
    return torch.nn.Dropout2d(0.5).eval(), [x(torch, 2, 3, 2)]


@case
def instance_norm1d(torch):
    return torch.nn.InstanceNorm1d(3, affine=True), [x(torch, 2, 3, 4)]


@case
def instance_norm2d_unbatched(torch):
    return torch.nn.InstanceNorm2d(2), [x(torch, 2, 3, 3)]


@case
def rms_norm(torch):
    return torch.nn.RMSNorm([2, 3], eps=1e-4), [x(torch, 2, 2, 3)]


@case
def avg_pool1d(torch):
    return torch.nn.AvgPool1d(3, stride=2, padding=1), [x(torch, 1, 2, 7)]


@case
def adaptive_avg_pool1d(torch):
    return torch.nn.AdaptiveAvgPool1d(3), [x(torch, 1, 2, 7)]


@case
def conv_transpose1d(torch):
    return torch.nn.ConvTranspose1d(2, 4, 3, stride=2, padding=1, groups=2), [x(torch, 1, 2, 4)]


@case
def relu_inplace(torch):
    return torch.nn.ReLU(inplace=True), [x(torch, 2, 3)], lambda m, inputs: m(inputs[0] * 1.0)


@case
def leaky_relu_inplace(torch):
    return (torch.nn.LeakyReLU(0.1, inplace=True), [x(torch, 2, 3)],
            lambda m, inputs: m(inputs[0] * 2.0))


@case
def flatten(torch):
    return torch.nn.Flatten(), [x(torch, 2, 3, 2)]


@case
def flatten_dims(torch):
    return torch.nn.Flatten(0, 1), [x(torch, 2, 3, 2)]


@case
def unflatten(torch):
    return torch.nn.Unflatten(1, (2, 3)), [x(torch, 2, 6)]


@case
def sequential(torch):
    nn = torch.nn
    m = nn.Sequential(nn.Conv2d(1, 2, 3, padding=1), nn.BatchNorm2d(2), nn.ReLU(),
                      nn.MaxPool2d(2), nn.Flatten(), nn.Linear(8, 3), nn.Tanh())
    return m, [x(torch, 2, 1, 4, 4)]


@case
def sequential_ordered_dict(torch):
    nn = torch.nn
    m = nn.Sequential(OrderedDict([("fc", nn.Linear(3, 4)), ("act", nn.GELU()),
                                   ("out", nn.Linear(4, 2))]))
    return m, [x(torch, 2, 3)]


@case
def prelu(torch):
    return torch.nn.PReLU(3, init=0.1), [x(torch, 2, 3, 2)]


@case
def rrelu_eval(torch):
    return torch.nn.RReLU(0.1, 0.3).eval(), [x(torch, 2, 5)]


@case
def adaptive_max_pool2d(torch):
    return torch.nn.AdaptiveMaxPool2d((2, 3), return_indices=True), [x(torch, 1, 2, 5, 7)]


@case
def adaptive_max_pool1d(torch):
    return torch.nn.AdaptiveMaxPool1d(3), [x(torch, 1, 2, 7)]


@case
def lp_pool2d(torch):
    return torch.nn.LPPool2d(2, (2, 3), stride=1), [x(torch, 1, 2, 4, 5)]


@case
def lp_pool1d(torch):
    return torch.nn.LPPool1d(3.0, 2, ceil_mode=True), [x(torch, 1, 2, 5, scale=0.5) + 1.0]
