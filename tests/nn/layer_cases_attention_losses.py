"""nn layer cases: multi-head attention, transformer encoders and the loss modules (each
returns ``(module, inputs[, run])``)."""
import numpy as np

from .layer_recording import pattern, tensor, x

CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


@case
def mha(torch):
    return torch.nn.MultiheadAttention(4, 2), [x(torch, 3, 2, 4)], \
        lambda m, inputs: m(inputs[0], inputs[0], inputs[0])


@case
def mha_cross_batch_first_masks(torch):
    m = torch.nn.MultiheadAttention(4, 2, batch_first=True)
    attn_mask = torch.tensor([[False, True, False, False], [False, False, False, True],
                              [False, False, False, False]])
    key_padding_mask = torch.tensor([[False, False, False, True], [False, False, False, False]])

    def run(m, inputs):
        q, kv = inputs
        return m(q, kv, kv, attn_mask=attn_mask, key_padding_mask=key_padding_mask,
                 average_attn_weights=False)
    return m, [x(torch, 2, 3, 4), x(torch, 2, 4, 4, seed=1)], run


@case
def mha_float_mask_kdim_no_weights(torch):
    m = torch.nn.MultiheadAttention(4, 1, kdim=3, vdim=2, bias=False)
    mask = tensor(torch, (2, 3), seed=5, grad=False)

    def run(m, inputs):
        q, k, v = inputs
        return m(q, k, v, attn_mask=mask, need_weights=False)
    return m, [x(torch, 2, 1, 4), x(torch, 3, 1, 3, seed=1), x(torch, 3, 1, 2, seed=2)], run


@case
def mha_bias_kv_zero_attn(torch):
    m = torch.nn.MultiheadAttention(4, 2, add_bias_kv=True, add_zero_attn=True)
    padding = torch.tensor([[False, False, True], [False, False, False]])

    def run(m, inputs):
        return m(inputs[0], inputs[1], inputs[1], key_padding_mask=padding)
    return m, [x(torch, 2, 2, 4), x(torch, 3, 2, 4, seed=1)], run


@case
def mha_3d_mask_unbatched_padding(torch):
    m = torch.nn.MultiheadAttention(4, 2, dropout=0.5).eval()
    mask = tensor(torch, (2, 3, 3), seed=6, grad=False)
    padding = torch.tensor([False, True, False])

    def run(m, inputs):
        return m(inputs[0], inputs[0], inputs[0], attn_mask=mask, key_padding_mask=padding)
    return m, [x(torch, 3, 4)], run


def _causal(torch, size):
    return torch.tensor(np.triu(np.full((size, size), -np.inf), 1).tolist())


@case
def encoder_causal(torch):
    nn = torch.nn
    layer = nn.TransformerEncoderLayer(4, 2, dim_feedforward=8, dropout=0.0,
                                       activation=nn.GELU())
    m = nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)
    return m, [x(torch, 3, 2, 4)], lambda m, inputs: m(inputs[0], mask=_causal(torch, 3))


@case
def mha_unbatched(torch):
    m = torch.nn.MultiheadAttention(4, 2)
    return m, [x(torch, 3, 4)], lambda m, inputs: m(inputs[0], inputs[0], inputs[0])


@case
def encoder_layer(torch):
    return (torch.nn.TransformerEncoderLayer(4, 2, dim_feedforward=8, dropout=0.0),
            [x(torch, 3, 2, 4)])


@case
def encoder_layer_gelu_norm_first_batch_first(torch):
    m = torch.nn.TransformerEncoderLayer(4, 2, dim_feedforward=6, dropout=0.0,
                                         activation="gelu", batch_first=True, norm_first=True)
    mask = torch.tensor([[False, True, True], [False, False, True], [False, False, False]])
    return m, [x(torch, 2, 3, 4)], lambda m, inputs: m(inputs[0], src_mask=mask)


@case
def encoder(torch):
    nn = torch.nn
    layer = nn.TransformerEncoderLayer(4, 2, dim_feedforward=8, dropout=0.0, batch_first=True)
    m = nn.TransformerEncoder(layer, 2, norm=nn.LayerNorm(4))
    padding = torch.tensor([[False, False, True], [False, False, False]])
    return m, [x(torch, 2, 3, 4)], lambda m, inputs: m(inputs[0], src_key_padding_mask=padding)


@case
def encoder_eval_nested_padding(torch):
    """Eval mode without grad: PyTorch's nested-tensor path zeroes padded positions."""
    nn = torch.nn
    layer = nn.TransformerEncoderLayer(4, 2, dim_feedforward=8, batch_first=True)
    m = nn.TransformerEncoder(layer, 2).eval()
    padding = torch.tensor([[False, False, True], [False, False, False]])

    def run(m, inputs):
        with torch.no_grad():
            return m(inputs[0], src_key_padding_mask=padding)
    return m, [x(torch, 2, 3, 4)], run


def _loss(name, reduction, shape=(3, 4), target=None, **kwargs):
    def build(torch):
        m = getattr(torch.nn, name)(reduction=reduction, **{
            k: (torch.tensor(v) if isinstance(v, list) else v) for k, v in kwargs.items()})
        inputs = [x(torch, *shape, scale=2.0)]
        if target is None:
            inputs.append(tensor(torch, shape, seed=3, grad=False))
        else:
            inputs.append(target(torch))
        if name == "BCELoss":
            return m, inputs, lambda m, inputs: m(torch.sigmoid(inputs[0]), inputs[1] * 0.5 + 0.5)
        if name == "BCEWithLogitsLoss":
            return m, inputs, lambda m, inputs: m(inputs[0], inputs[1] * 0.5 + 0.5)
        return m, inputs
    build.__name__ = f"{name}_{reduction}" + "".join(f"_{k}" for k in kwargs)
    return case(build)


def _classes(torch):
    return torch.tensor([1, 0, 3])


def _classes_ignored(torch):
    return torch.tensor([1, -100, 3])


def _probabilities(torch):
    return torch.softmax(tensor(torch, (3, 4), seed=4, grad=False), dim=1)


for _reduction in ("none", "mean", "sum"):
    _loss("CrossEntropyLoss", _reduction, target=_classes)
    _loss("CrossEntropyLoss", _reduction, target=_classes_ignored, weight=[1.0, 2.0, 0.5, 1.5],
          label_smoothing=0.2)
    _loss("CrossEntropyLoss", _reduction, target=_probabilities, label_smoothing=0.1)
    _loss("NLLLoss", _reduction, target=_classes, weight=[1.0, 2.0, 0.5, 1.5])
    _loss("MSELoss", _reduction)
    _loss("L1Loss", _reduction)
    _loss("SmoothL1Loss", _reduction, beta=0.5)
    _loss("BCELoss", _reduction, weight=[1.0, 2.0, 0.5, 1.5])
    _loss("BCEWithLogitsLoss", _reduction, pos_weight=[1.0, 3.0, 0.5, 2.0])
    _loss("HuberLoss", _reduction, delta=0.7)
    _loss("KLDivLoss", _reduction, target=_probabilities)
_loss("CrossEntropyLoss", "mean", shape=(2, 3, 2), target=lambda torch: torch.tensor(
    [[0, 2], [1, -100]]), ignore_index=-100)
_loss("NLLLoss", "mean", target=_classes, ignore_index=3)
_loss("BCEWithLogitsLoss", "mean", weight=[1.0, 2.0, 0.5, 1.5])


def _sign(torch, *shape):
    return torch.tensor(np.where(pattern(shape, 7) > 0, 1.0, -1.0).tolist())


@case
def soft_margin_loss(torch):
    return torch.nn.SoftMarginLoss(), [x(torch, 3, 4), _sign(torch, 3, 4)]


@case
def multi_margin_loss(torch):
    m = torch.nn.MultiMarginLoss(p=2, margin=0.7, weight=torch.tensor([1.0, 2.0, 0.5, 1.5]),
                                 reduction="sum")
    return m, [x(torch, 3, 4), _classes(torch)]


@case
def multilabel_soft_margin_loss(torch):
    m = torch.nn.MultiLabelSoftMarginLoss(weight=torch.tensor([1.0, 2.0, 0.5, 1.5]))
    return m, [x(torch, 3, 4), (_sign(torch, 3, 4) + 1) * 0.5]


@case
def margin_ranking_loss(torch):
    return (torch.nn.MarginRankingLoss(margin=0.2, reduction="none"),
            [x(torch, 5), x(torch, 5, seed=1), _sign(torch, 5)])


@case
def hinge_embedding_loss(torch):
    return torch.nn.HingeEmbeddingLoss(margin=0.5), [x(torch, 3, 4, scale=2.0), _sign(torch, 3, 4)]


@case
def cosine_embedding_loss(torch):
    return (torch.nn.CosineEmbeddingLoss(margin=0.1, reduction="sum"),
            [x(torch, 4, 3), x(torch, 4, 3, seed=1), _sign(torch, 4)])


@case
def poisson_nll_loss(torch):
    target = tensor(torch, (3, 4), 2, grad=False) + 2
    return torch.nn.PoissonNLLLoss(full=True), [x(torch, 3, 4), target]


@case
def gaussian_nll_loss(torch):
    var = x(torch, 3, 1, seed=2)
    return (torch.nn.GaussianNLLLoss(full=True, reduction="sum"), [x(torch, 3, 4), var],
            lambda m, inputs: m(inputs[0], tensor(torch, (3, 4), 3, grad=False), inputs[1] ** 2))


@case
def triplet_margin_loss(torch):
    return (torch.nn.TripletMarginLoss(margin=0.5, p=1.5, swap=True),
            [x(torch, 4, 3), x(torch, 4, 3, seed=1), x(torch, 4, 3, seed=2)])
