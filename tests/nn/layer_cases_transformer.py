"""nn layer cases: TransformerDecoderLayer, TransformerDecoder, Transformer, LazyLinear and
DataParallel (each returns ``(module, inputs[, run])``)."""
from .layer_recording import tensor, x

CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


@case
def decoder_layer_causal(torch):
    m = torch.nn.TransformerDecoderLayer(4, 2, dim_feedforward=8, dropout=0.0)
    mask = torch.nn.Transformer.generate_square_subsequent_mask(3)
    return m, [x(torch, 3, 2, 4), x(torch, 5, 2, 4, seed=1)], \
        lambda m, inputs: m(inputs[0], inputs[1], tgt_mask=mask, tgt_is_causal=True)


@case
def decoder_layer_gelu_norm_first_batch_first_padding(torch):
    m = torch.nn.TransformerDecoderLayer(4, 2, dim_feedforward=6, dropout=0.0,
                                         activation="gelu", batch_first=True, norm_first=True)
    tgt_padding = torch.tensor([[False, False, True], [False, False, False]])
    memory_padding = torch.tensor([[False, True, True, False], [False, False, False, True]])

    def run(m, inputs):
        return m(inputs[0], inputs[1], tgt_key_padding_mask=tgt_padding,
                 memory_key_padding_mask=memory_padding)
    return m, [x(torch, 2, 3, 4), x(torch, 2, 4, 4, seed=2)], run


@case
def decoder_layer_unbatched_memory_mask(torch):
    m = torch.nn.TransformerDecoderLayer(4, 1, dim_feedforward=5, dropout=0.0, bias=False)
    memory_mask = torch.tensor([[False, True], [True, False], [False, False]])
    return m, [x(torch, 3, 4), x(torch, 2, 4, seed=3)], \
        lambda m, inputs: m(inputs[0], inputs[1], memory_mask=memory_mask)


@case
def decoder_stack_mask_detected_causal(torch):
    nn = torch.nn
    layer = nn.TransformerDecoderLayer(4, 2, dim_feedforward=8, dropout=0.0, batch_first=True)
    m = nn.TransformerDecoder(layer, 2, norm=nn.LayerNorm(4))
    mask = nn.Transformer.generate_square_subsequent_mask(3)
    return m, [x(torch, 2, 3, 4), x(torch, 2, 4, 4, seed=4)], \
        lambda m, inputs: m(inputs[0], inputs[1], tgt_mask=mask)


@case
def transformer(torch):
    m = torch.nn.Transformer(d_model=4, nhead=2, num_encoder_layers=1, num_decoder_layers=1,
                             dim_feedforward=8, dropout=0.0)
    tgt_mask = m.generate_square_subsequent_mask(2)
    return m, [x(torch, 3, 2, 4), x(torch, 2, 2, 4, seed=5)], \
        lambda m, inputs: m(inputs[0], inputs[1], tgt_mask=tgt_mask)


@case
def transformer_batch_first_norm_first_padding(torch):
    m = torch.nn.Transformer(d_model=4, nhead=2, num_encoder_layers=2, num_decoder_layers=1,
                             dim_feedforward=6, dropout=0.0, batch_first=True, norm_first=True,
                             activation="gelu")
    src_padding = torch.tensor([[False, False, True], [False, False, False]])

    def run(m, inputs):
        return m(inputs[0], inputs[1], src_key_padding_mask=src_padding,
                 memory_key_padding_mask=src_padding,
                 tgt_mask=m.generate_square_subsequent_mask(2))
    return m, [x(torch, 2, 3, 4), x(torch, 2, 2, 4, seed=6)], run


@case
def transformer_eval_nested_padding(torch):
    """Eval mode without grad: the encoder's nested-tensor path zeroes padded positions of
    the memory the decoder attends to."""
    m = torch.nn.Transformer(d_model=4, nhead=2, num_encoder_layers=2, num_decoder_layers=1,
                             dim_feedforward=8, batch_first=True).eval()
    padding = torch.tensor([[False, False, True], [False, False, False]])

    def run(m, inputs):
        with torch.no_grad():
            return m(inputs[0], inputs[1], src_key_padding_mask=padding)
    return m, [x(torch, 2, 3, 4), x(torch, 2, 2, 4, seed=7)], run


@case
def transformer_unbatched(torch):
    m = torch.nn.Transformer(d_model=4, nhead=1, num_encoder_layers=1, num_decoder_layers=2,
                             dim_feedforward=4, dropout=0.0)
    return m, [x(torch, 3, 4), x(torch, 2, 4, seed=8)]


@case
def lazy_linear(torch):
    """Built from the first input's last dimension; then an ordinary Linear."""
    m = torch.nn.LazyLinear(3)
    m(tensor(torch, (1, 5), seed=9, grad=False))  # materialised before the case sets weights
    return m, [x(torch, 2, 5)]


@case
def data_parallel(torch):
    m = torch.nn.DataParallel(torch.nn.Linear(4, 3))
    return m, [x(torch, 2, 4)]
