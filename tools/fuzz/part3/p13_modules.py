"""nn.Transformer, nn.LazyLinear and nn.DataParallel (a pass-through on CPU)."""
from _lib import attempt, linear, nn, torch


def transformer():
    model = nn.Transformer(d_model=4, nhead=2, num_encoder_layers=1, num_decoder_layers=1,
                           dim_feedforward=8, dropout=0.0, batch_first=True)
    out = model(torch.zeros(2, 3, 4), torch.zeros(2, 5, 4))
    return tuple(out.shape), len(list(model.parameters())), sorted(model.state_dict())[:4]


def lazy():
    layer = nn.LazyLinear(3)
    before = type(layer.weight).__name__
    out = layer(torch.zeros(2, 5))
    return before, type(layer).__name__, tuple(layer.weight.shape), tuple(out.shape)


def data_parallel():
    inner = linear([[1.0, 2.0]], [0.5])
    wrapped = nn.DataParallel(inner)
    out = wrapped(torch.tensor([[1.0, 1.0]]))
    return out, wrapped.module is inner, sorted(wrapped.state_dict())


attempt("Transformer", transformer)
attempt("LazyLinear", lazy)
attempt("DataParallel", data_parallel)
